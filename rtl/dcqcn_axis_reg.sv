// SPDX-License-Identifier: MIT
// AXI-Stream register slice (full: data and ready both registered). Not instantiated
// by the current dcqcn_nic_top (its streams go through dcqcn_nic_arb's dcqcn_nic_fifo
// buffers); left from the top's earlier form, where it kept the integrator's
// m_axis_*_tready away from the blocks' pipeline enable.
//
// Two entries (output register + skid register); s_ready is a register output, s_data
// reaches m_data after one edge. Sustains one transfer per cycle. Latency 1 cycle.
// Only the valid bits are reset; data registers are don't-care while their valid is 0.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_axis_reg #(
    parameter int WIDTH = 32  // tdata bits
) (
    input  logic             clk,
    input  logic             rst,

    // ---------------------------------------------------------------- slave side
    input  logic             s_valid,
    output logic             s_ready,
    input  logic [WIDTH-1:0] s_data,

    // ---------------------------------------------------------------- master side
    output logic             m_valid,
    input  logic             m_ready,
    output logic [WIDTH-1:0] m_data
);

  logic             out_valid_reg, out_valid_next;
  logic [WIDTH-1:0] out_data_reg, out_data_next;
  logic             skid_valid_reg, skid_valid_next;
  logic [WIDTH-1:0] skid_data_reg, skid_data_next;

  // s_ready from its own register (the same value as !skid_valid_reg): the skid flag also
  // selects every data bit, and the ready often fans out widely in the block it feeds
  (* keep *) logic s_ready_reg;
  assign s_ready = s_ready_reg;
  assign m_valid = out_valid_reg;
  assign m_data  = out_data_reg;

  always_comb begin
    out_valid_next  = out_valid_reg;
    out_data_next   = out_data_reg;
    skid_valid_next = skid_valid_reg;
    skid_data_next  = skid_data_reg;
    if (m_ready || !out_valid_reg) begin
      // the output register is free (or being emptied): refill it, skid first
      if (skid_valid_reg) begin
        out_valid_next  = 1'b1;
        out_data_next   = skid_data_reg;
        skid_valid_next = 1'b0;
      end else begin
        out_valid_next = s_valid;
        out_data_next  = s_data;
      end
    end else if (s_valid && !skid_valid_reg) begin
      // output stalled: park the beat that was accepted this cycle
      skid_valid_next = 1'b1;
      skid_data_next  = s_data;
    end
  end

  always_ff @(posedge clk) begin
    out_valid_reg  <= out_valid_next;
    out_data_reg   <= out_data_next;
    skid_valid_reg <= skid_valid_next;
    skid_data_reg  <= skid_data_next;
    s_ready_reg    <= !skid_valid_next;
    if (rst) begin
      out_valid_reg  <= 1'b0;
      skid_valid_reg <= 1'b0;
      s_ready_reg    <= 1'b1;
    end
  end

endmodule

`resetall
