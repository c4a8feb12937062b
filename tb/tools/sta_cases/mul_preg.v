// synthesised: as mul_pipelined.v with one more register after the product, which Yosys
// packs into PREG: P -> output port: 0.35 + 0.20 + 0.05 = 0.60
// SYNTH
// EXPECT 0.60
module top (input wire clk, input wire [15:0] a, input wire [15:0] b, output reg [31:0] p);
  reg [15:0] a_q, b_q;
  reg [31:0] m;
  always @(posedge clk) begin
    a_q <= a;
    b_q <= b;
    m <= a_q * b_q;
    p <= m;
  end
endmodule
