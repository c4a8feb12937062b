// FF -> combinational DSP (A to PCOUT 2.2) -> PCIN of a second combinational DSP (0.9,
// no route) -> FF: 0.09 + 0.20 + 2.2 + 0.9 + 0.20 + 0.05 = 3.64
// EXPECT 3.64
module top (input wire clk);
  wire [29:0] a;
  wire [47:0] pc, p;
  genvar i;
  for (i = 0; i < 30; i = i + 1) begin : ga
    FDRE r (.C(clk), .CE(1'b1), .R(1'b0), .D(p[i]), .Q(a[i]));
  end
  DSP48E2 #(.AREG(0), .BREG(0), .MREG(0), .PREG(0), .CREG(0), .DREG(0), .ADREG(0),
            .OPMODEREG(0), .ALUMODEREG(0), .INMODEREG(0), .CARRYINREG(0), .CARRYINSELREG(0))
    m0 (.CLK(clk), .A(a), .B(18'd3), .OPMODE(9'b000000101), .ALUMODE(4'd0), .INMODE(5'd0),
        .CARRYIN(1'b0), .CARRYINSEL(3'd0), .PCOUT(pc));
  DSP48E2 #(.AREG(0), .BREG(0), .MREG(0), .PREG(0), .CREG(0), .DREG(0), .ADREG(0),
            .OPMODEREG(0), .ALUMODEREG(0), .INMODEREG(0), .CARRYINREG(0), .CARRYINSELREG(0),
            .USE_MULT("NONE"))
    m1 (.CLK(clk), .PCIN(pc), .OPMODE(9'b000010000), .ALUMODE(4'd0), .INMODE(5'd0),
        .CARRYIN(1'b0), .CARRYINSEL(3'd0), .P(p));
endmodule
