// FF -> 3 LUT levels -> FF, fanout 1 everywhere:
// 0.09 + 3 x (0.20 route + 0.12 LUT) + 0.20 route + 0.05 setup = 1.30
// EXPECT 1.30
// EXPECT_PATH q0 > n1 > n2 > n3 > q1
module top (input wire clk, input wire d);
  wire q0, n1, n2, n3, q1;
  FDRE r0 (.C(clk), .CE(1'b1), .R(1'b0), .D(q1), .Q(q0));
  LUT1 #(.INIT(2'b01)) l1 (.I0(q0), .O(n1));
  LUT1 #(.INIT(2'b01)) l2 (.I0(n1), .O(n2));
  LUT1 #(.INIT(2'b01)) l3 (.I0(n2), .O(n3));
  FDRE r1 (.C(clk), .CE(1'b1), .R(1'b0), .D(n3), .Q(q1));
endmodule
