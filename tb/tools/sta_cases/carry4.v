// FF -> LUT -> 16-bit CARRY4 chain (entry at S[0] of the first, out at O[3] of the
// fourth) -> FF: 0.09 + 0.20 + 0.12 + 0.20 + (0.13 + 4 x 0.02: four 4-bit groups, no
// route on CO -> CI) + 0.20 + 0.05 = 1.07
// EXPECT 1.07
module top (input wire clk);
  wire q0, s0, q1;
  wire [15:0] o, co;
  FDRE r0 (.C(clk), .CE(1'b1), .R(1'b0), .D(q1), .Q(q0));
  LUT1 #(.INIT(2'b01)) l (.I0(q0), .O(s0));
  CARRY4 c0 (.CI(1'b0), .CYINIT(1'b0), .DI(4'b0), .S({3'b111, s0}), .O(o[3:0]), .CO(co[3:0]));
  CARRY4 c1 (.CI(co[3]), .CYINIT(1'b0), .DI(4'b0), .S(4'b1111), .O(o[7:4]), .CO(co[7:4]));
  CARRY4 c2 (.CI(co[7]), .CYINIT(1'b0), .DI(4'b0), .S(4'b1111), .O(o[11:8]), .CO(co[11:8]));
  CARRY4 c3 (.CI(co[11]), .CYINIT(1'b0), .DI(4'b0), .S(4'b1111), .O(o[15:12]), .CO(co[15:12]));
  FDRE r1 (.C(clk), .CE(1'b1), .R(1'b0), .D(o[15]), .Q(q1));
endmodule
