// primary input (launched at 0.09 as from a register) -> LUT -> primary output (setup
// 0.05 as into a register): 0.09 + 0.20 + 0.12 + 0.20 + 0.05 = 0.66
// EXPECT 0.66
module top (input wire a, output wire y);
  LUT1 #(.INIT(2'b01)) l (.I0(a), .O(y));
endmodule
