// SRLC32E: Q is 0.09 + 0.12 after the clock; a FF on its address adds the LUT-like read:
// FF -> A (0.20 route + 0.12) -> Q -> FF: 0.09 + 0.32 + 0.20 + 0.05 = 0.66
// (the clock path, 0.21 + 0.20 + 0.05 = 0.46, is shorter)
// EXPECT 0.66
module top (input wire clk);
  wire q0, q, q1;
  FDRE r0 (.C(clk), .CE(1'b1), .R(1'b0), .D(q1), .Q(q0));
  SRLC32E s (.CLK(clk), .CE(1'b1), .D(1'b0), .A({4'd0, q0}), .Q(q));
  FDRE r1 (.C(clk), .CE(1'b1), .R(1'b0), .D(q), .Q(q1));
endmodule
