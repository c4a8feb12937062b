// FF -> DSP48E2 with AREG = BREG = PREG = 1 -> FF: the input side ends at the A register
// (0.09 + 0.20 + 0.25 setup = 0.54), the output side starts at P (0.35 + 0.20 + 0.05 = 0.60)
// EXPECT 0.60
module top (input wire clk);
  wire [29:0] a;
  wire [47:0] p;
  genvar i;
  for (i = 0; i < 30; i = i + 1) begin : ga
    FDRE r (.C(clk), .CE(1'b1), .R(1'b0), .D(p[i]), .Q(a[i]));
  end
  DSP48E2 #(.AREG(1), .BREG(1), .MREG(0), .PREG(1), .CREG(0), .DREG(0), .ADREG(0),
            .OPMODEREG(0), .ALUMODEREG(0), .INMODEREG(0), .CARRYINREG(0), .CARRYINSELREG(0))
    m (.CLK(clk), .A(a), .B(18'd3), .C(48'd0), .D(27'd0), .OPMODE(9'b000000101),
       .ALUMODE(4'd0), .INMODE(5'd0), .CARRYIN(1'b0), .CARRYINSEL(3'd0),
       .CEA1(1'b1), .CEA2(1'b1), .CEB1(1'b1), .CEB2(1'b1), .CEP(1'b1), .P(p));
endmodule
