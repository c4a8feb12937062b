// SPDX-License-Identifier: MIT
// The NP's budget queue (docs/np.md "CNP budget"): the flows whose CNP waits for the
// NIC-wide budget, in arrival order. A flow is in it at most once (its RAM word's queued
// bit, kept by dcqcn_np). Distributed RAM (one write port, one asynchronous read port at
// head + 1) and registered flags, so that dcqcn_np's decision stage reads only registers.
//
// Ports: at an edge with fire high, push appends push_flow, pop removes the head, drop
// counts a CNP lost to a full queue (CNPQ_OVERFLOWS, saturating). empty / one / full and
// head are registered; second (the entry after the head) is read from the RAM. count is
// CNPQ_LEVEL, hwm CNPQ_HWM (the most entries at once since rst).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_np_cnpq #(
    // =====================================================================================
    // Parameters
    // =====================================================================================
    parameter int AW    = 10,  // flow index width
    parameter int DEPTH = 32   // entries (power of two, >= 2)
) (
    // =====================================================================================
    // Ports
    // =====================================================================================
    input  logic                      clk,
    input  logic                      rst,
    input  logic                      fire,       // the decision stage's event leaves now
    input  logic                      push,
    input  logic                      pop,
    input  logic                      drop,
    input  logic [AW-1:0]             push_flow,
    output logic                      empty,      // count == 0
    output logic                      one,        // count == 1
    output logic                      full,       // count == DEPTH
    output logic [AW-1:0]             head,
    output logic [AW-1:0]             second,     // the entry after the head
    output logic [$clog2(DEPTH):0]    count,
    output logic [$clog2(DEPTH):0]    hwm,
    output logic [31:0]               overflows
);

  // =====================================================================================
  // Parameter checks and constants
  // =====================================================================================
  if (DEPTH < 2 || (DEPTH & (DEPTH - 1)) != 0) begin : g_bad_depth
    initial $fatal(1, "%m: DEPTH (%0d) must be a power of two >= 2", DEPTH);
  end

  localparam int QW  = $clog2(DEPTH);
  localparam int QCW = QW + 1;  // counts 0..DEPTH

  // =====================================================================================
  // Pipeline stages (the queue state)
  // =====================================================================================
  logic           empty_reg, empty_next;
  logic           one_reg, one_next;
  logic           full_reg, full_next;
  logic [QCW-1:0] count_reg, count_next, count_inc;
  logic [QW-1:0]  read_ptr_reg, read_ptr_next, read_ptr_inc;
  logic [AW-1:0]  head_reg, head_next;
  logic [31:0]    overflows_reg, overflows_next;
  logic [QCW-1:0] hwm_reg, hwm_next;
  logic [AW-1:0]  mem [0:DEPTH-1];
  logic           mem_we;
  logic [QW-1:0]  mem_waddr;

  always_comb begin
    count_next     = count_reg;
    empty_next     = empty_reg;
    one_next       = one_reg;
    full_next      = full_reg;
    read_ptr_next  = read_ptr_reg;
    head_next      = head_reg;
    overflows_next = overflows_reg;
    hwm_next       = hwm_reg;
    mem_we         = 1'b0;
    mem_waddr      = read_ptr_reg + count_reg[QW-1:0];
    count_inc      = count_reg + QCW'(1);
    if (fire) begin
      if (push) begin
        mem_we     = 1'b1;
        count_next = count_inc;
        empty_next = 1'b0;
        one_next   = empty_reg;
        full_next  = count_inc == QCW'(DEPTH);
        if (empty_reg) head_next = push_flow;
        if (count_inc > hwm_reg) hwm_next = count_inc;
      end
      if (pop) begin
        count_next    = count_reg - QCW'(1);
        read_ptr_next = read_ptr_inc;
        empty_next    = one_reg;
        one_next      = count_reg == QCW'(2);
        full_next     = 1'b0;
        if (count_reg != QCW'(1)) head_next = second;
      end
      if (drop && overflows_reg != 32'hFFFF_FFFF) overflows_next = overflows_reg + 32'd1;
    end
  end

  always_ff @(posedge clk) begin
    empty_reg     <= empty_next;
    one_reg       <= one_next;
    full_reg      <= full_next;
    count_reg     <= count_next;
    read_ptr_reg  <= read_ptr_next;
    head_reg      <= head_next;
    overflows_reg <= overflows_next;
    hwm_reg       <= hwm_next;
    if (rst) begin
      empty_reg     <= 1'b1;
      one_reg       <= 1'b0;
      full_reg      <= 1'b0;
      count_reg     <= '0;
      read_ptr_reg  <= '0;
      head_reg      <= '0;
      overflows_reg <= '0;
      hwm_reg       <= '0;
    end
  end

  // =====================================================================================
  // RAMs
  // =====================================================================================
  always_ff @(posedge clk) begin
    if (mem_we) mem[mem_waddr] <= push_flow;
  end
  assign read_ptr_inc = read_ptr_reg + QW'(1);
  assign second       = mem[read_ptr_inc];

  // =====================================================================================
  // Outputs
  // =====================================================================================
  assign empty     = empty_reg;
  assign one       = one_reg;
  assign full      = full_reg;
  assign head      = head_reg;
  assign count     = count_reg;
  assign hwm       = hwm_reg;
  assign overflows = overflows_reg;

endmodule

`resetall
