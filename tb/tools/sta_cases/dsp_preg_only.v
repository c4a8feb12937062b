// FF -> DSP48E2 with unregistered inputs and PREG = 1: the path ends inside the DSP 2.2
// after the A pin: 0.09 + 0.20 + 2.2 = 2.49 (P -> FF: 0.35 + 0.20 + 0.05 = 0.60)
// EXPECT 2.49
module top (input wire clk);
  wire [29:0] a;
  wire [47:0] p;
  genvar i;
  for (i = 0; i < 30; i = i + 1) begin : ga
    FDRE r (.C(clk), .CE(1'b1), .R(1'b0), .D(p[i]), .Q(a[i]));
  end
  DSP48E2 #(.AREG(0), .BREG(0), .MREG(0), .PREG(1), .CREG(0), .DREG(0), .ADREG(0),
            .OPMODEREG(0), .ALUMODEREG(0), .INMODEREG(0), .CARRYINREG(0), .CARRYINSELREG(0))
    m (.CLK(clk), .A(a), .B(18'd3), .OPMODE(9'b000000101), .ALUMODE(4'd0), .INMODE(5'd0),
       .CARRYIN(1'b0), .CARRYINSEL(3'd0), .CEP(1'b1), .P(p));
endmodule
