// synthesised (synth_xilinx -flatten, 7-series cells): a 16 x 16 multiply registered on
// both sides. Yosys packs a_q/b_q into AREG/BREG and the product register into MREG
// (PREG = 0), so P launches at 0.35 + 0.6 (M register, then the ALU):
// P -> output port: 0.95 + 0.20 + 0.05 = 1.20 (port -> A register: 0.09 + 0.20 + 0.25)
// SYNTH
// EXPECT 1.20
// EXPECT_PATH p
module top (input wire clk, input wire [15:0] a, input wire [15:0] b, output reg [31:0] p);
  reg [15:0] a_q, b_q;
  always @(posedge clk) begin
    a_q <= a;
    b_q <= b;
    p <= a_q * b_q;
  end
endmodule
