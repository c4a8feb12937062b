// SPDX-License-Identifier: MIT
// A small first-word-fall-through FIFO of the NIC top's event arbiter (dcqcn_nic_arb):
// the input skid buffers of the AXI-Stream ports, the queues between the blocks and the
// result queues. The head word (m_data) and the count come straight from registers (the
// storage is a distributed-RAM array read at the read pointer), so every ready that the
// arbiter derives from the count is a register compare; nonempty (count != 0) is a
// register of its own, so a request taken from it costs no logic level. A push and a pop
// may happen in the same cycle; the user never pushes into a full FIFO nor pops an empty
// one (the arbiter's credits guarantee it; it is not checked here).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_nic_fifo #(
    // ---------------------------------------------------------------- Parameters
    parameter int WIDTH = 32,   // bits per word
    parameter int DEPTH = 2     // words (power of two, >= 2)
) (
    // ---------------------------------------------------------------- Ports
    input  logic                     clk,
    input  logic                     rst,
    input  logic                     push,
    input  logic [WIDTH-1:0]         s_data,
    input  logic                     pop,
    output logic [WIDTH-1:0]         m_data,
    output logic [$clog2(DEPTH):0]   count,
    output logic                     nonempty
);

  // ---------------------------------------------------------------- Parameter checks and constants
  if (DEPTH < 2 || (DEPTH & (DEPTH - 1)) != 0) begin : g_bad_depth
    initial $fatal(1, "%m: DEPTH (%0d) must be a power of two >= 2", DEPTH);
  end
  localparam int AW = $clog2(DEPTH);

  // ---------------------------------------------------------------- RAMs
  logic [WIDTH-1:0] mem [0:DEPTH-1];
  logic [AW-1:0]    wp_reg, rp_reg;
  logic [AW:0]      count_reg;
  logic             ne_reg;     // count_reg != 0

  always_ff @(posedge clk) begin
    if (push) mem[wp_reg] <= s_data;
  end

  // ---------------------------------------------------------------- Pipeline stages
  always_ff @(posedge clk) begin
    if (push) wp_reg <= wp_reg + 1'b1;
    if (pop)  rp_reg <= rp_reg + 1'b1;
    count_reg <= count_reg + {{AW{1'b0}}, push} - {{AW{1'b0}}, pop};
    ne_reg    <= push || count_reg > (AW + 1)'(1) || (count_reg == (AW + 1)'(1) && !pop);
    if (rst) begin
      wp_reg    <= '0;
      rp_reg    <= '0;
      count_reg <= '0;
      ne_reg    <= 1'b0;
    end
  end

  // ---------------------------------------------------------------- Outputs
  assign m_data = mem[rp_reg];
  assign count    = count_reg;
  assign nonempty = ne_reg;

endmodule

`resetall
