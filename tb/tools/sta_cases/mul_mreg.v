// synthesised: `p <= a * b` with unregistered inputs: Yosys packs p into MREG, so the
// path from the ports ends at M, 2.2 - 0.6 = 1.6 after the A pin: 0.09 + 0.20 + 1.6 = 1.89
// SYNTH
// EXPECT 1.89
module top (input wire clk, input wire [15:0] a, input wire [15:0] b, output reg [31:0] p);
  always @(posedge clk) p <= a * b;
endmodule
