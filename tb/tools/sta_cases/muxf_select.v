// the MUXF7 select is routed (also with --muxf-direct): FF -> MUXF7 S (route 0.20) -> FF:
// ARGS --muxf-direct
// 0.09 + 0.20 + 0.08 + 0.20 + 0.05 = 0.62
// EXPECT 0.62
module top (input wire clk);
  wire q0, m7, q1;
  FDRE r0 (.C(clk), .CE(1'b1), .R(1'b0), .D(q1), .Q(q0));
  MUXF7 x7 (.I0(1'b0), .I1(1'b1), .S(q0), .O(m7));
  FDRE r1 (.C(clk), .CE(1'b1), .R(1'b0), .D(m7), .Q(q1));
endmodule
