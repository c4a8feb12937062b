// synth_xilinx -family xcup puts IBUF/OBUF on the ports: the IBUF output launches at 0.09
// (a primary input) and the OBUF input ends with setup 0.05 (a primary output):
// 0.09 + 0.20 + 0.12 + 0.20 + 0.05 = 0.66
// EXPECT 0.66
module top (input wire a, output wire y);
  wire ai, yi;
  IBUF ib (.I(a), .O(ai));
  LUT1 #(.INIT(2'b01)) l (.I0(ai), .O(yi));
  OBUF ob (.I(yi), .O(y));
endmodule
