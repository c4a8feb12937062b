// FF -> LUT -> MUXF7 -> MUXF8 -> FF, every hop routed:
// 0.09 + (0.20 + 0.12) + (0.20 + 0.08) x 2 + 0.20 + 0.05 = 1.22
// EXPECT 1.22
module top (input wire clk);
  wire q0, a, m7, m8, q1;
  FDRE r0 (.C(clk), .CE(1'b1), .R(1'b0), .D(q1), .Q(q0));
  LUT1 #(.INIT(2'b01)) l (.I0(q0), .O(a));
  MUXF7 x7 (.I0(a), .I1(1'b0), .S(1'b0), .O(m7));
  MUXF8 x8 (.I0(m7), .I1(1'b0), .S(1'b0), .O(m8));
  FDRE r1 (.C(clk), .CE(1'b1), .R(1'b0), .D(m8), .Q(q1));
endmodule
