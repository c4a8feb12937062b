// FF -> combinational DSP48E2 (AREG = BREG = MREG = PREG = 0) -> FF:
// 0.09 + 0.20 + 2.2 + 0.20 + 0.05 = 2.74
// EXPECT 2.74
module top (input wire clk);
  wire [29:0] a;
  wire [47:0] p;
  genvar i;
  for (i = 0; i < 30; i = i + 1) begin : ga
    FDRE r (.C(clk), .CE(1'b1), .R(1'b0), .D(p[i]), .Q(a[i]));
  end
  DSP48E2 #(.AREG(0), .BREG(0), .MREG(0), .PREG(0), .ACASCREG(0), .BCASCREG(0), .CREG(0),
            .DREG(0), .ADREG(0), .OPMODEREG(0), .ALUMODEREG(0), .INMODEREG(0),
            .CARRYINREG(0), .CARRYINSELREG(0))
    m (.CLK(clk), .A(a), .B(18'd3), .C(48'd0), .D(27'd0), .OPMODE(9'b000000101),
       .ALUMODE(4'd0), .INMODE(5'd0), .CARRYIN(1'b0), .CARRYINSEL(3'd0), .P(p));
endmodule
