// synthesised (synth_xilinx -flatten, 7-series cells): a 16 x 16 multiply registered on
// both sides; Yosys packs the registers into the DSP48E1 (AREG = BREG = PREG = 1), so the
// worst path is P -> output port: 0.35 + 0.20 + 0.05 = 0.60 (port -> A: 0.09 + 0.20 + 0.25)
// SYNTH
// EXPECT 0.60
module top (input wire clk, input wire [15:0] a, input wire [15:0] b, output reg [31:0] p);
  reg [15:0] a_q, b_q;
  always @(posedge clk) begin
    a_q <= a;
    b_q <= b;
    p <= a_q * b_q;
  end
endmodule
