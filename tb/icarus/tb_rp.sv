// SPDX-License-Identifier: MIT
// Icarus Verilog self-checking test of dcqcn_rp (NUM_FLOWS = 16), register reset
// values (paper profile defaults: line 40 Gb/s, alpha0 = 1.0, g = 1/256, K = T = 55 us).
// Expected numbers are worked out by hand from the algorithm in docs/rp.md:
//   TX 1500 B of a fresh flow at 40 Gb/s: next = now + 1500 * 8 / 40 Gb/s = now + 300 ns
//           (the reciprocal table gives 299.987 ns: never more than exact; rounded up)
//   CE CNP: Rt = Rc = 40,000,000; Rc -= Rc * alpha / 2 = 20,000,000 kb/s; alpha stays
//           65536 (alpha += (1 - alpha) g); both timers SET at now + 55 us with tag 1;
//           the pending departure is re-timed: 1000 + 600 ns is past, so next = now
//   TX 1500 B at 20 Gb/s, the flow idle since its last departure: now + 600 ns
//   ALPHA_TIMER tag 1: alpha = 65536 - 65536/256 = 65280, re-armed (tag 2)
//   INC_TIMER tag 1: fast recovery, Rt stays, Rc = (40e6 + 20e6) / 2 = 30,000,000
//   stale timers, QUERY, INIT, clamped CSR writes, one result per event, latency 12.
`timescale 1ns / 1ps
`default_nettype none

module tb_rp;
  localparam TB_NAME = "tb_rp";
  `include "tb_rp_dut.svh"

  localparam logic [2:0] TX = 3'd0, CNP = 3'd1, ATMR = 3'd2, ITMR = 3'd3, QUERY = 3'd4,
                         INIT = 3'd5;
  localparam logic [1:0] NONE = 2'd0, SET = 2'd1, CLR = 2'd2;

  integer t_accept;

  // one event in, wait for its result (m_out_ready high), leave it on the outputs
  task automatic event_rp(input logic [2:0] op, input integer flow, input logic [31:0] now,
                          input logic [15:0] bytes, input logic ue, input logic [7:0] gen);
    @(negedge clk);
    s_evt_valid = 1'b1; s_evt_op = op; s_evt_flow = FW'(flow); s_evt_now_ns = now;
    s_evt_bytes = bytes; s_evt_cnp_ue = ue; s_evt_tau_ns = 32'd0; s_evt_gen = gen;
    @(posedge clk);
    while (!s_evt_ready) @(posedge clk);
    t_accept = cycle;
    @(negedge clk);
    s_evt_valid = 1'b0;
    while (!m_out_valid) @(negedge clk);
    check("latency (cycles)", 256'(cycle - t_accept), 256'd12);
    check("m_out_op", 256'(m_out_op), 256'(op));
    check("m_out_flow", 256'(m_out_flow), 256'(flow));
  endtask

  task automatic expect_rates(input logic [31:0] rc, input logic [31:0] rt, input logic [16:0] alpha);
    check("m_out_rc_kbps", 256'(m_out_rc_kbps), 256'(rc));
    check("m_out_rt_kbps", 256'(m_out_rt_kbps), 256'(rt));
    check("m_out_alpha_q16", 256'(m_out_alpha_q16), 256'(alpha));
  endtask

  task automatic expect_timers(input logic [1:0] atmr, input logic [7:0] agen, input logic [31:0] adl,
                               input logic [1:0] itmr, input logic [7:0] igen, input logic [31:0] idl);
    check("m_out_atmr", 256'(m_out_atmr), 256'(atmr));
    if (atmr == SET) check("m_out_agen", 256'(m_out_agen), 256'(agen));
    check("m_out_adl_ns", 256'(m_out_adl_ns), 256'(adl));
    check("m_out_itmr", 256'(m_out_itmr), 256'(itmr));
    if (itmr == SET) check("m_out_igen", 256'(m_out_igen), 256'(igen));
    check("m_out_idl_ns", 256'(m_out_idl_ns), 256'(idl));
  endtask

  // A write pauses admission until it is applied (no event in flight) and settled: wait
  // that out here, so that the latency checks measure an event that is not stalled.
  task automatic csr_write(input logic [7:0] a, input logic [31:0] d);
    @(negedge clk); csr_we = 1'b1; csr_addr = a; csr_wdata = d;
    @(negedge clk); csr_we = 1'b0;
    repeat (16) @(negedge clk);
  endtask

  task automatic csr_read(input logic [7:0] a, output logic [31:0] d);
    @(negedge clk); csr_re = 1'b1; csr_addr = a;
    @(negedge clk); csr_re = 1'b0; d = csr_rdata;   // valid the cycle after csr_re
  endtask

  logic [31:0] rd;

  initial begin
    max_cycles = 5000;
    rst = 1'b1; s_evt_valid = 1'b0; m_out_ready = 1'b1; csr_we = 1'b0; csr_re = 1'b0;
    csr_addr = '0; csr_wdata = '0; s_evt_op = '0; s_evt_flow = '0; s_evt_now_ns = '0;
    s_evt_bytes = '0; s_evt_cnp_ue = 1'b0; s_evt_tau_ns = '0; s_evt_gen = '0;
    repeat (3) @(posedge clk);
    @(negedge clk); rst = 1'b0;

    // RAM clear: s_evt_ready low for NUM_FLOWS cycles
    check("s_evt_ready during clear", 256'(s_evt_ready), 256'd0);
    repeat (NF) @(negedge clk);
    check("s_evt_ready after clear", 256'(s_evt_ready), 256'd1);

    // registers: reset values, clamping, unmapped address
    csr_read(8'h04, rd); check("LINE_RATE_KBPS reset", 256'(rd), 256'd40000000);
    csr_read(8'h0C, rd); check("G_Q16 reset", 256'(rd), 256'd256);
    csr_write(8'h08, 32'd0); csr_read(8'h08, rd);
    check("MIN_RATE_KBPS clamped to 1000", 256'(rd), 256'd1000);
    csr_write(8'h08, 32'd100000);
    csr_read(8'hFC, rd); check("unmapped reads 0", 256'(rd), 256'd0);

    // fresh flow, 1500 B at 40 Gb/s: 300 ns
    event_rp(TX, 3, 32'd1000, 16'd1500, 1'b0, 8'd0);
    check("TX next_tx_ns", 256'(m_out_next_tx_ns), 256'd1300);
    check("TX stale", 256'(m_out_stale), 256'd0);
    expect_rates(32'd40000000, 32'd40000000, 17'd65536);
    expect_timers(NONE, 8'd0, 32'd0, NONE, 8'd0, 32'd0);

    // CE CNP: Rc halves (alpha = 1, CUT_SHIFT 1), Rt clamped to the old Rc
    event_rp(CNP, 3, 32'd2000, 16'd0, 1'b0, 8'd0);
    expect_rates(32'd20000000, 32'd40000000, 17'd65536);
    expect_timers(SET, 8'd1, 32'd57000, SET, 8'd1, 32'd57000);
    check("CNP next_tx_ns (re-timed, past: now)", 256'(m_out_next_tx_ns), 256'd2000);

    // TX at 20 Gb/s after an idle gap: now + 600 ns
    event_rp(TX, 3, 32'd2000, 16'd1500, 1'b0, 8'd0);
    check("TX@20G next_tx_ns", 256'(m_out_next_tx_ns), 256'd2600);
    // back-to-back packet leaving at its pacing time: the previous next is the base
    event_rp(TX, 3, 32'd2600, 16'd750, 1'b0, 8'd0);
    check("TX paced next_tx_ns", 256'(m_out_next_tx_ns), 256'd2900);

    // stale alpha timer (tag 0), then the real one (tag 1)
    event_rp(ATMR, 3, 32'd57000, 16'd0, 1'b0, 8'd0);
    check("stale ALPHA_TIMER", 256'(m_out_stale), 256'd1);
    expect_rates(32'd20000000, 32'd40000000, 17'd65536);
    expect_timers(NONE, 8'd0, 32'd0, NONE, 8'd0, 32'd0);
    event_rp(ATMR, 3, 32'd57000, 16'd0, 1'b0, 8'd1);
    check("ALPHA_TIMER stale", 256'(m_out_stale), 256'd0);
    expect_rates(32'd20000000, 32'd40000000, 17'd65280);
    expect_timers(SET, 8'd2, 32'd112000, NONE, 8'd0, 32'd0);

    // rate-increase timer: fast recovery halves the distance to Rt
    event_rp(ITMR, 3, 32'd57000, 16'd0, 1'b0, 8'd1);
    expect_rates(32'd30000000, 32'd40000000, 17'd65280);
    expect_timers(NONE, 8'd0, 32'd0, SET, 8'd2, 32'd112000);
    check("INC_TIMER next_tx_ns (re-timed, past: now)", 256'(m_out_next_tx_ns), 256'd57000);
    check("INC_TIMER paced", 256'(m_out_paced), 256'd1);

    // UE CNP (TCD): no cut, increase timer restarted
    event_rp(CNP, 3, 32'd60000, 16'd0, 1'b1, 8'd0);
    expect_rates(32'd30000000, 32'd40000000, 17'd65280);
    expect_timers(NONE, 8'd0, 32'd0, SET, 8'd3, 32'd115000);

    // QUERY of another, fresh flow: line rate, alpha0; next_tx = now
    event_rp(QUERY, 9, 32'd70000, 16'd0, 1'b0, 8'd0);
    expect_rates(32'd40000000, 32'd40000000, 17'd65536);
    check("QUERY fresh next_tx_ns", 256'(m_out_next_tx_ns), 256'd70000);

    // INIT forgets flow 3: both timers cancelled, then it reads as fresh
    event_rp(INIT, 3, 32'd80000, 16'd0, 1'b0, 8'd0);
    expect_timers(CLR, 8'd0, 32'd0, CLR, 8'd0, 32'd0);
    event_rp(QUERY, 3, 32'd80001, 16'd0, 1'b0, 8'd0);
    expect_rates(32'd40000000, 32'd40000000, 17'd65536);
    check("QUERY after INIT next_tx_ns", 256'(m_out_next_tx_ns), 256'd80001);

    // line rate rewritten to 100 Gb/s: 1500 B take 120 ns
    csr_write(8'h04, 32'd100000000);
    event_rp(TX, 5, 32'd90000, 16'd1500, 1'b0, 8'd0);
    check("TX@100G next_tx_ns", 256'(m_out_next_tx_ns), 256'd90120);
    expect_rates(32'd100000000, 32'd100000000, 17'd65536);

    // throughput: 8 events of distinct flows on consecutive cycles are all accepted
    // (s_evt_ready high every cycle) and their 8 results come out on consecutive cycles
    begin : throughput
      integer k, first_out, n_out;
      @(negedge clk);
      for (k = 0; k < 8; k = k + 1) begin
        s_evt_valid = 1'b1; s_evt_op = QUERY; s_evt_flow = FW'(k); s_evt_now_ns = 32'd100000;
        @(posedge clk);
        check("s_evt_ready, distinct flows back to back", 256'(s_evt_ready), 256'd1);
        @(negedge clk);
      end
      s_evt_valid = 1'b0;
      n_out = 0; first_out = 0;
      while (n_out < 8) begin
        if (m_out_valid) begin
          if (n_out == 0) first_out = cycle;
          check("m_out_flow in order", 256'(m_out_flow), 256'(n_out));
          n_out = n_out + 1;
        end else if (n_out > 0) begin
          check("results on consecutive cycles", 256'(n_out), 256'd8);
          n_out = 8;
        end
        @(negedge clk);
      end
      check("8 results in 8 cycles", 256'(cycle - first_out), 256'd8);
    end

    finish_tb();
  end
endmodule
