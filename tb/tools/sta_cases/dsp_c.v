// FF -> C input of a combinational DSP48E2 -> P -> FF: C goes through the ALU only, 0.9
// (as PCIN -> P): 0.09 + 0.20 + 0.9 + 0.20 + 0.05 = 1.44 (the B input is a constant)
// EXPECT 1.44
module top (input wire clk);
  wire [47:0] c, p;
  genvar i;
  for (i = 0; i < 48; i = i + 1) begin : gc
    FDRE r (.C(clk), .CE(1'b1), .R(1'b0), .D(p[i]), .Q(c[i]));
  end
  DSP48E2 #(.AREG(0), .BREG(0), .MREG(0), .PREG(0), .CREG(0), .DREG(0), .ADREG(0),
            .OPMODEREG(0), .ALUMODEREG(0), .INMODEREG(0), .CARRYINREG(0), .CARRYINSELREG(0))
    m (.CLK(clk), .A(30'd0), .B(18'd3), .C(c), .OPMODE(9'b000110101), .ALUMODE(4'd0),
       .INMODE(5'd0), .CARRYIN(1'b0), .CARRYINSEL(3'd0), .P(p));
endmodule
