// SPDX-License-Identifier: MIT
// Icarus Verilog directed test of dcqcn_rp (NUM_FLOWS = 16) with time coming round
// 2^32 ns (docs/rp.md "Time"). Register reset values (paper profile defaults: line
// 40 Gb/s, alpha0 = 1.0, CLAMP_TGT 1, K = T = 55 us) plus RRMP_NS = 4 us.
//
// The monitor period across the wrap (CUT_DEFER 1, then 0): a CE CNP at 0 cuts Rc to
// 20 Gb/s (alpha = 1: Rc / 2); the increase timer runs at every announced deadline until
// the flow is back at line rate (fast recovery: the distance to Rt halves, 25 expiries,
// then CLR). The flow is idle; a CE CNP 2^32 + 1000 ns after the cut (now_ns = 1000) must
// cut again, to 20 Gb/s, with no deferred-cut timer: the last cut is 4.29 s old. Until
// 2026-11-28 the stored cut time matched again (1000 - 0 < 4000): the CNP was deferred to
// 4000 ns (CUT_DEFER 1) or discarded (CUT_DEFER 0) and Rc stayed 40 Gb/s.
//
// +pace (not run by CTest: a known bug, not fixed; docs/rp.md "Time"): a flow that sent
// 1500 B at 0 (next = 300) and is queried 3 s later must be allowed to send at once
// (next_tx_ns at or before now); the RTL answers 300, which the NIC reads as 1.29 s ahead.
`timescale 1ns / 1ps
`default_nettype none

module tb_rp_wrap;
  localparam TB_NAME = "tb_rp_wrap";
  `include "tb_rp_dut.svh"

  localparam logic [2:0] TX = 3'd0, CNP = 3'd1, ITMR = 3'd3, QUERY = 3'd4;
  localparam logic [1:0] NONE = 2'd0, SET = 2'd1, CLR = 2'd2;
  localparam logic [7:0] A_RRMP = 8'h34, A_CUT_DEFER = 8'h50;

  // one event in, wait for its result (m_out_ready high), leave it on the outputs
  task automatic event_rp(input logic [2:0] op, input integer flow, input logic [31:0] now,
                          input logic [15:0] bytes, input logic [7:0] gen);
    @(negedge clk);
    s_evt_valid = 1'b1; s_evt_op = op; s_evt_flow = FW'(flow); s_evt_now_ns = now;
    s_evt_bytes = bytes; s_evt_cnp_ue = 1'b0; s_evt_tau_ns = 32'd0; s_evt_gen = gen;
    @(posedge clk);
    while (!s_evt_ready) @(posedge clk);
    @(negedge clk);
    s_evt_valid = 1'b0;
    while (!m_out_valid) @(negedge clk);
    check("m_out_op", 256'(m_out_op), 256'(op));
    check("m_out_flow", 256'(m_out_flow), 256'(flow));
  endtask

  task automatic csr_write(input logic [7:0] a, input logic [31:0] d);
    @(negedge clk); csr_we = 1'b1; csr_addr = a; csr_wdata = d;
    @(negedge clk); csr_we = 1'b0;
    repeat (16) @(negedge clk);
  endtask

  // A cut at t0, the increase timer to full recovery, a CE CNP at t0 + 2^32 + 1000.
  task automatic cut_recover_wrap(input integer flow, input logic [31:0] t0);
    integer steps;
    logic [7:0] g;
    logic [31:0] now;
    event_rp(CNP, flow, t0, 16'd0, 8'd0);
    check("first cut: Rc", 256'(m_out_rc_kbps), 256'd20000000);
    check("first cut: increase timer SET", 256'(m_out_itmr), 256'(SET));
    steps = 0;
    while (m_out_itmr == SET && steps < 100) begin
      g = m_out_igen; now = m_out_idl_ns;
      event_rp(ITMR, flow, now, 16'd0, g);
      check("INC_TIMER not stale", 256'(m_out_stale), 256'd0);
      steps = steps + 1;
    end
    check("increase timer CLR at line rate", 256'(m_out_itmr), 256'(CLR));
    check("recovered: Rc", 256'(m_out_rc_kbps), 256'd40000000);
    check("fast recovery expiries", 256'(steps), 256'd25);
    // 2^32 + 1000 ns after the cut (about 4.29 s; the last timer was 1.4 ms after it)
    event_rp(CNP, flow, t0 + 32'd1000, 16'd0, 8'd0);
    check("CNP 2^32+1000 ns after the cut: Rc", 256'(m_out_rc_kbps), 256'd20000000);
    check("... no deferred-cut timer", 256'(m_out_ctmr), 256'(NONE));
    // inside the new period: a second CNP is not a cut
    event_rp(CNP, flow, t0 + 32'd2000, 16'd0, 8'd0);
    check("CNP inside the new period: Rc", 256'(m_out_rc_kbps), 256'd20000000);
  endtask

  initial begin
    max_cycles = 20000;
    rst = 1'b1; s_evt_valid = 1'b0; m_out_ready = 1'b1; csr_we = 1'b0; csr_re = 1'b0;
    csr_addr = '0; csr_wdata = '0; s_evt_op = '0; s_evt_flow = '0; s_evt_now_ns = '0;
    s_evt_bytes = '0; s_evt_cnp_ue = 1'b0; s_evt_tau_ns = '0; s_evt_gen = '0;
    repeat (3) @(posedge clk);
    @(negedge clk); rst = 1'b0;
    repeat (NF + 2) @(negedge clk);

    csr_write(A_RRMP, 32'd4000);
    csr_write(A_CUT_DEFER, 32'd1);
    cut_recover_wrap(3, 32'd0);
    csr_write(A_CUT_DEFER, 32'd0);
    cut_recover_wrap(4, 32'd5000);

    if ($test$plusargs("pace")) begin
      // KNOWN BUG (not fixed): the pacing word after 3 s without a TX
      event_rp(TX, 5, 32'd0, 16'd1500, 8'd0);
      check("TX 1500 B at 40 Gb/s: next_tx_ns", 256'(m_out_next_tx_ns), 256'd300);
      event_rp(QUERY, 5, 32'd3000000000, 16'd0, 8'd0);
      check("QUERY 3 s later: next_tx <= now",
            256'(m_out_next_tx_ns - 32'd3000000000 == 32'd0 ||
                 m_out_next_tx_ns - 32'd3000000000 >= 32'h8000_0000), 256'd1);
      event_rp(TX, 5, 32'd3000000000, 16'd1500, 8'd0);
      check("TX 3 s later: next_tx_ns = now + 300", 256'(m_out_next_tx_ns), 256'd3000000300);
    end

    finish_tb();
  end
endmodule
