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
// The pacing word (docs/rp.md "Time", the retire rule, fixed 2026-11-29): a flow that sent
// 1500 B at 0 (next = 300) gets AGE events every 2^29 ns (the NIC's sweep) up to 3 s: the
// first keeps the word (dep 2^29 ns behind: paced, 300), the second retires it (dep 2^30
// ns behind: not paced, next_tx = now). A QUERY at 3 s answers now, not paced; a TX at
// 3 s bases at now (3 s + 300). Until then the QUERY answered 300, which the NIC read as
// 1.29 s ahead, and the TX based at 300 too. Past the horizon (outside the contract, no
// event for more than 2^30 ns): a flow re-timed by a CNP when its dep was 2^31 + 100 ns
// old (not retired: read as ahead; next = now) and retired by a TX 2^31 + 2^30 + 900 ns
// later, whose next then reads as ahead, bases the TX at now all the same.
`timescale 1ns / 1ps
`default_nettype none

module tb_rp_wrap;
  localparam TB_NAME = "tb_rp_wrap";
  `include "tb_rp_dut.svh"

  localparam logic [2:0] TX = 3'd0, CNP = 3'd1, ITMR = 3'd3, QUERY = 3'd4, AGE = 3'd7;
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

    // The pacing word: AGE every 2^29 ns, then QUERY and TX 3 s after the flow's TX
    event_rp(TX, 5, 32'd0, 16'd1500, 8'd0);
    check("TX 1500 B at 40 Gb/s: next_tx_ns", 256'(m_out_next_tx_ns), 256'd300);
    for (int k = 1; 32'(k) * 32'd536870912 < 32'd3000000000; k++) begin
      event_rp(AGE, 5, 32'(k) * 32'd536870912, 16'd0, 8'd0);
      check("AGE: paced while dep < 2^30 ns behind", 256'(m_out_paced), 256'(k == 1));
      check("AGE: next_tx_ns", 256'(m_out_next_tx_ns),
            256'(k == 1 ? 32'd300 : 32'(k) * 32'd536870912));
    end
    event_rp(QUERY, 5, 32'd3000000000, 16'd0, 8'd0);
    check("QUERY 3 s later: next_tx_ns = now", 256'(m_out_next_tx_ns), 256'd3000000000);
    check("QUERY 3 s later: not paced", 256'(m_out_paced), 256'd0);
    event_rp(TX, 5, 32'd3000000000, 16'd1500, 8'd0);
    check("TX 3 s later: next_tx_ns = now + 300", 256'(m_out_next_tx_ns), 256'd3000000300);
    check("TX 3 s later: paced", 256'(m_out_paced), 256'd1);
    // Past the horizon: the retired word's next reads as ahead; the TX bases at now
    event_rp(TX, 6, 32'd0, 16'd1500, 8'd0);
    event_rp(CNP, 6, 32'h8000_0064, 16'd0, 8'd0);
    check("CNP at 2^31 + 100: Rc", 256'(m_out_rc_kbps), 256'd20000000);
    check("CNP at 2^31 + 100: re-timed to now", 256'(m_out_next_tx_ns), 256'h8000_0064);
    check("CNP at 2^31 + 100: paced", 256'(m_out_paced), 256'd1);
    event_rp(TX, 6, 32'h4000_03e8, 16'd1500, 8'd0);
    check("TX 2^32+2^30+1000: next_tx = now + 600", 256'(m_out_next_tx_ns),
          256'h4000_03e8 + 256'd600);

    finish_tb();
  end
endmodule
