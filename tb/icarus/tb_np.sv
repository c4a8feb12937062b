// SPDX-License-Identifier: MIT
// Icarus Verilog self-checking test of dcqcn_np (NUM_FLOWS = 16), reset register values
// (CNP interval N = 50 us, DCQCN mode). Expected results by hand from docs/np.md:
//   first CE of a flow: CNP at once (kind CE, tau 50000)
//   a second CE 19 us later: no CNP, deadline armed at last CNP + 50 us = 51000, tag 1
//   a third CE in the window: nothing new; a non-marked packet: nothing
//   TIMER with tag 1 at 20000 (early): no CNP, the deadline 51000 announced again, tag 2
//   TIMER with tag 0: stale; TIMER with tag 2 at 51000: the pending CNP is sent
//   UE (ECN 10) in DCQCN mode: ignored; in TCD mode: a UE CNP
//   N = 0: a CNP for every marked packet; budget 1 us: a second CNP 100 ns after the
//   first waits in the queue (head flow 7, may leave at 201000) and a DRAIN then sends
//   it; clamped CSR write; latency 4 cycles.
`timescale 1ns / 1ps
`default_nettype none

module tb_np;
  localparam TB_NAME = "tb_np";
  localparam int NF = 16;
  localparam int FW = 4;

  logic          clk, rst;
  logic          s_evt_valid, s_evt_ready;
  logic [1:0]    s_evt_op;
  logic [FW-1:0] s_evt_flow;
  logic [31:0]   s_evt_now_ns;
  logic [1:0]    s_evt_ecn;
  logic [7:0]    s_evt_gen;
  logic          m_out_valid, m_out_ready;
  logic [1:0]    m_out_op;
  logic [FW-1:0] m_out_flow;
  logic          m_out_cnp, m_out_cnp_kind, m_out_tmr_set, m_out_stale;
  logic [31:0]   m_out_cnp_tau_ns, m_out_tmr_deadline_ns;
  logic [7:0]    m_out_tmr_gen;
  logic          m_out_cnp_queued, m_out_cnp_dropped, m_out_q_valid;
  logic [FW-1:0] m_out_q_flow;
  logic [31:0]   m_out_q_at_ns;
  logic          csr_we, csr_re;
  logic [7:0]    csr_addr;
  logic [31:0]   csr_wdata, csr_rdata;

  `include "tb_common.svh"

  dcqcn_np #(.NUM_FLOWS(NF)) dut (.*);

  localparam logic [1:0] RX = 2'd0, TIMER = 2'd1, INIT = 2'd2, DRAIN = 2'd3;
  integer t_accept;

  task automatic event_np(input logic [1:0] op, input integer flow, input logic [31:0] now,
                          input logic [1:0] ecn, input logic [7:0] gen);
    @(negedge clk);
    s_evt_valid = 1'b1; s_evt_op = op; s_evt_flow = FW'(flow); s_evt_now_ns = now;
    s_evt_ecn = ecn; s_evt_gen = gen;
    @(posedge clk);
    while (!s_evt_ready) @(posedge clk);
    t_accept = cycle;
    @(negedge clk);
    s_evt_valid = 1'b0;
    while (!m_out_valid) @(negedge clk);
    check("latency (cycles)", 256'(cycle - t_accept), 256'd4);
    check("m_out_op", 256'(m_out_op), 256'(op));
    check("m_out_flow", 256'(m_out_flow), 256'(flow));
  endtask

  // cnp, kind, tau, tmr_set, deadline, gen, stale
  task automatic expect_np(input logic cnp, input logic kind, input logic [31:0] tau,
                           input logic tset, input logic [31:0] dl, input logic [7:0] gen,
                           input logic stale);
    check("m_out_cnp", 256'(m_out_cnp), 256'(cnp));
    check("m_out_cnp_kind", 256'(m_out_cnp_kind), 256'(kind));
    check("m_out_cnp_tau_ns", 256'(m_out_cnp_tau_ns), 256'(tau));
    check("m_out_tmr_set", 256'(m_out_tmr_set), 256'(tset));
    check("m_out_tmr_deadline_ns", 256'(m_out_tmr_deadline_ns), 256'(dl));
    check("m_out_tmr_gen", 256'(m_out_tmr_gen), 256'(gen));
    check("m_out_stale", 256'(m_out_stale), 256'(stale));
  endtask

  task automatic csr_write(input logic [7:0] a, input logic [31:0] d);
    @(negedge clk); csr_we = 1'b1; csr_addr = a; csr_wdata = d;
    @(negedge clk); csr_we = 1'b0;
  endtask

  task automatic csr_read(input logic [7:0] a, output logic [31:0] d);
    @(negedge clk); csr_re = 1'b1; csr_addr = a;
    @(negedge clk); csr_re = 1'b0; d = csr_rdata;
  endtask

  logic [31:0] rd;

  initial begin
    max_cycles = 2000;
    rst = 1'b1; s_evt_valid = 1'b0; m_out_ready = 1'b1; csr_we = 1'b0; csr_re = 1'b0;
    csr_addr = '0; csr_wdata = '0; s_evt_op = '0; s_evt_flow = '0; s_evt_now_ns = '0;
    s_evt_ecn = '0; s_evt_gen = '0;
    repeat (3) @(posedge clk);
    @(negedge clk); rst = 1'b0;
    check("s_evt_ready during clear", 256'(s_evt_ready), 256'd0);
    repeat (NF) @(negedge clk);
    check("s_evt_ready after clear", 256'(s_evt_ready), 256'd1);

    csr_read(8'h00, rd); check("CNP_INTERVAL_NS reset", 256'(rd), 256'd50000);

    // first CE: CNP at once
    event_np(RX, 3, 32'd1000, 2'b11, 8'd0);
    expect_np(1'b1, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b0);
    // second CE 19 us later: held off, deadline armed
    event_np(RX, 3, 32'd20000, 2'b11, 8'd0);
    expect_np(1'b0, 1'b0, 32'd50000, 1'b1, 32'd51000, 8'd1, 1'b0);
    // third CE in the window: already pending
    event_np(RX, 3, 32'd30000, 2'b11, 8'd0);
    expect_np(1'b0, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b0);
    // an unmarked packet (ECT 01)
    event_np(RX, 3, 32'd31000, 2'b01, 8'd0);
    expect_np(1'b0, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b0);
    // the timer service fires early: the hold-off is not over, the deadline comes again
    event_np(TIMER, 3, 32'd31000, 2'b00, 8'd1);
    expect_np(1'b0, 1'b0, 32'd50000, 1'b1, 32'd51000, 8'd2, 1'b0);
    // stale TIMERs, then the announced one sends the pending CNP
    event_np(TIMER, 3, 32'd51000, 2'b00, 8'd0);
    expect_np(1'b0, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b1);
    event_np(TIMER, 3, 32'd51000, 2'b00, 8'd1);
    expect_np(1'b0, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b1);
    event_np(TIMER, 3, 32'd51000, 2'b00, 8'd2);
    expect_np(1'b1, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b0);
    // the same TIMER again: nothing pending any more
    event_np(TIMER, 3, 32'd51001, 2'b00, 8'd2);
    expect_np(1'b0, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b0);
    // another flow's first CE, the same cycle time: independent
    event_np(RX, 4, 32'd51001, 2'b11, 8'd0);
    expect_np(1'b1, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b0);
    // CE again on flow 3 exactly tau after its last CNP (51000 + 50000): CNP at once
    event_np(RX, 3, 32'd101000, 2'b11, 8'd0);
    expect_np(1'b1, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b0);
    // UE in DCQCN mode is not a mark
    event_np(RX, 5, 32'd101000, 2'b10, 8'd0);
    expect_np(1'b0, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b0);
    // TCD mode: UE gets a UE CNP
    csr_write(8'h04, 32'd1);
    event_np(RX, 5, 32'd101000, 2'b10, 8'd0);
    expect_np(1'b1, 1'b1, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b0);
    csr_write(8'h04, 32'd0);
    // INIT: flow 3 forgets its last CNP, the next CE is notified at once
    event_np(INIT, 3, 32'd101001, 2'b00, 8'd0);
    expect_np(1'b0, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b0);
    event_np(RX, 3, 32'd101002, 2'b11, 8'd0);
    expect_np(1'b1, 1'b0, 32'd50000, 1'b0, 32'd0, 8'd0, 1'b0);
    // N = 0: every marked packet gets a CNP
    csr_write(8'h00, 32'd0);
    event_np(RX, 3, 32'd101003, 2'b11, 8'd0);
    expect_np(1'b1, 1'b0, 32'd0, 1'b0, 32'd0, 8'd0, 1'b0);
    // CNP budget 1 us: flow 6's CNP leaves, flow 7's (100 ns later) waits in the queue
    csr_write(8'h14, 32'd1000);
    event_np(RX, 6, 32'd200000, 2'b11, 8'd0);
    expect_np(1'b1, 1'b0, 32'd0, 1'b0, 32'd0, 8'd0, 1'b0);
    check("q_valid (empty)", 256'(m_out_q_valid), 256'd0);
    event_np(RX, 7, 32'd200100, 2'b11, 8'd0);
    expect_np(1'b0, 1'b0, 32'd0, 1'b0, 32'd0, 8'd0, 1'b0);
    check("cnp_queued", 256'(m_out_cnp_queued), 256'd1);
    check("q_valid", 256'(m_out_q_valid), 256'd1);
    check("q_flow", 256'(m_out_q_flow), 256'd7);
    check("q_at_ns", 256'(m_out_q_at_ns), 256'd201000);
    csr_read(8'h48, rd); check("CNPQ_LEVEL", 256'(rd), 256'd1);
    event_np(DRAIN, 7, 32'd200999, 2'b00, 8'd0);  // 1 ns early: nothing
    expect_np(1'b0, 1'b0, 32'd0, 1'b0, 32'd0, 8'd0, 1'b0);
    check("q_valid (early drain)", 256'(m_out_q_valid), 256'd1);
    event_np(DRAIN, 7, 32'd201000, 2'b00, 8'd0);
    expect_np(1'b1, 1'b0, 32'd0, 1'b0, 32'd0, 8'd0, 1'b0);
    check("q_valid (drained)", 256'(m_out_q_valid), 256'd0);
    csr_read(8'h44, rd); check("CNPQ_HWM", 256'(rd), 256'd1);
    csr_read(8'h40, rd); check("CNPQ_OVERFLOWS", 256'(rd), 256'd0);
    csr_write(8'h14, 32'd0);
    // clamped write: 2^31 -> 2^30
    csr_write(8'h00, 32'h8000_0000);
    csr_read(8'h00, rd); check("CNP_INTERVAL_NS clamped", 256'(rd), 256'd1073741824);
    csr_read(8'h80, rd); check("unmapped reads 0", 256'(rd), 256'd0);

    finish_tb();
  end
endmodule
