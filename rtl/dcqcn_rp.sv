// SPDX-License-Identifier: MIT
// DCQCN reaction point: the per-flow rate limiter of a RoCEv2 NIC (docs/rp.md).
//
// Events (s_evt_op): 0 TX (a packet of the flow left: byte counter, next departure),
// 1 CNP (CE: cut Rc and raise alpha, or with CUT_DEFER remember the CNP for the end of
// the rate-reduce monitor period; UE (TCD): only restart the increase), 2 ALPHA_TIMER,
// 3 INC_TIMER, 6 CUT_TIMER (a deadline this block announced has passed), 4 and 7 QUERY,
// 5 INIT (forget the flow; a non-zero s_evt_tau_ns restarts it at that rate in kb/s,
// clamped to [MIN_RATE, LINE_RATE], Rt = LINE_RATE, increase timer armed).
//
// Timers are not free-running. When the block (re)arms a timer it announces the deadline
// and a tag (m_out_?tmr = SET); the system keeps the latest deadline per flow and timer
// and sends the matching *_TIMER event with that tag once it has passed. An event whose
// tag no longer matches is a no-op (m_out_stale). CLR cancels. The block changes state
// only when an event arrives: a simulation clocks it only when it has work.
//
// Pacing (no divider): m_out_next_tx_ns is the flow's earliest next departure on every
// result. A TX schedules the next packet at (departure + bytes at Rc); a result that
// changes Rc re-times the pending departure to max(now, departure + bytes at the new Rc).
// bytes / Rc is bytes * T[idx] * 2^(lz-13) in ns.12, T a 4096-entry reciprocal table
// (rtl/dcqcn_rp_recip.vh), never more than the exact time and within 0.027 % of it.
//
// Pipeline (docs/rp.md "Pipeline"): accept (into I, or straight to admission) -> admission
// (RAM A read) ->
// S1 decode/normalise -> S2 decisions, products -> S3 alpha, step, cut bound -> S4 cut
// product, Rt -> S5 cut, Rc increase -> S6 new rate state -> S7 RAM A write, reciprocal
// index, RAM B read -> S8 table, pacing operands -> S9 products, late check -> S10 shift
// -> S11 departure and deadlines -> output register (and a 16-deep FIFO behind it).
// Latency: 12 cycles from the s_evt handshake cycle to the first cycle with m_out_valid
// (both counted) when nothing stalls: an event that arrives while the accept register I
// is empty and may be admitted at once reads RAM A at its accept edge (it skips I).
// Throughput: one event per cycle for events of different flows. Same-flow hazard: an
// event waits in I while an earlier event of its flow is in S1..S7 (RAM A is written at
// the end of S7), so two events of one flow are at least 8 cycles apart: worst-case
// stall 7 cycles. Back-pressure: m_out_ready low never stops the pipeline; admission
// stops when the 17 results that fit the FIFO and output register are all owed.
// Registers: a CSR write lands in a shadow register at once (read back at once) and is
// applied when no event is in flight (admission pauses until then, at most 12 cycles,
// plus 3 cycles for the derived values): every event sees one consistent register set.
// After rst both state RAMs are cleared in NUM_FLOWS cycles (s_evt_ready low).
// Registers: rtl/dcqcn_rp_regmap.vh (generated from tb/ref/regmap_rp.h).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_rp #(
    parameter int NUM_FLOWS = 1024,               // flows (power of two, >= 2)
    parameter int FW        = $clog2(NUM_FLOWS)   // flow index width
) (
    input  logic          clk,
    input  logic          rst,

    // ---------------------------------------------------------------- events in
    input  logic          s_evt_valid,
    output logic          s_evt_ready,
    input  logic [2:0]    s_evt_op,        // 0 TX, 1 CNP, 2 ALPHA_TIMER, 3 INC_TIMER, 4 QUERY, 5 INIT, 6 CUT_TIMER
    input  logic [FW-1:0] s_evt_flow,
    input  logic [31:0]   s_evt_now_ns,    // wrapping ns timestamp
    input  logic [15:0]   s_evt_bytes,     // TX: packet bytes
    input  logic          s_evt_cnp_ue,    // CNP: 0 CE, 1 UE
    input  logic [31:0]   s_evt_tau_ns,    // CNP: NP's CNP interval (DCQCN+); INIT: start rate kb/s (0 = line)
    input  logic [7:0]    s_evt_gen,       // *_TIMER: tag of the deadline

    // ---------------------------------------------------------------- results out
    output logic          m_out_valid,
    input  logic          m_out_ready,
    output logic [2:0]    m_out_op,
    output logic [FW-1:0] m_out_flow,
    output logic          m_out_stale,     // timer event with an outdated tag
    output logic          m_out_paced,     // the flow has pacing state (next_tx is real)
    output logic [31:0]   m_out_next_tx_ns,// earliest departure of the flow's next packet
    output logic [31:0]   m_out_rc_kbps,   // current rate after the event
    output logic [31:0]   m_out_rt_kbps,   // target rate
    output logic [16:0]   m_out_alpha_q16,
    output logic [1:0]    m_out_atmr,      // alpha timer: 0 none, 1 SET, 2 CLR
    output logic [7:0]    m_out_agen,
    output logic [31:0]   m_out_adl_ns,    // alpha deadline when SET, else 0
    output logic [1:0]    m_out_itmr,      // rate-increase timer: 0 none, 1 SET, 2 CLR
    output logic [7:0]    m_out_igen,
    output logic [31:0]   m_out_idl_ns,    // increase deadline when SET, else 0
    output logic [1:0]    m_out_ctmr,      // deferred-cut timer: 0 none, 1 SET, 2 CLR
    output logic [7:0]    m_out_cgen,
    output logic [31:0]   m_out_cdl_ns,    // deferred-cut deadline when SET, else 0

    // ---------------------------------------------------------------- CSR bus
    input  logic          csr_we,
    input  logic          csr_re,
    input  logic [7:0]    csr_addr,
    input  logic [31:0]   csr_wdata,
    output logic [31:0]   csr_rdata
);

  `include "dcqcn_rp_regmap.vh"

  initial begin
    if (NUM_FLOWS < 2 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0)
      $error("%m: NUM_FLOWS (%0d) must be a power of two >= 2", NUM_FLOWS);
  end

  localparam logic [2:0] OP_TX = 3'd0, OP_CNP = 3'd1, OP_ATMR = 3'd2, OP_ITMR = 3'd3,
                         OP_INIT = 3'd5, OP_CTMR = 3'd6;
  localparam logic [1:0] TMR_NONE = 2'd0, TMR_SET = 2'd1, TMR_CLR = 2'd2;
  localparam int NP = 12;        // pipeline registers P1..P12 after admission
  localparam int HZ = 7;         // hazard window: P1..P7 (RAM A written at the end of S7)
  localparam int CREDITS = 17;   // output FIFO (16) + output register
  localparam int SETTLE = 3;     // cycles after a CSR apply before the next admission

  // ================================================================ registers (CSR)
  // Shadow set (w_*): written by the bus at once (raw: the clamp is applied where the
  // value is read, c_*, which keeps the bus input path short), read back at once. Active set (r_*):
  // copied from the shadow when a write is pending and no event is in flight; every
  // event in the pipeline sees one active set. Derived values (d_*) follow the active
  // set within SETTLE cycles; admission waits for them.
  logic [31:0] w_algo, w_line, w_minr, w_g, w_ainit, w_aper, w_tper, w_bc, w_f, w_ai, w_hai,
               w_cshift, w_maxcut, w_rrmp, w_first, w_clamp, w_clamp_ti, w_mtu, w_lambda, w_rl,
               w_defer, w_afirst, w_haifix;
  logic [31:0] r_algo, r_line, r_minr, r_g, r_ainit, r_aper, r_tper, r_bc, r_f, r_ai, r_hai,
               r_cshift, r_maxcut, r_rrmp, r_first, r_clamp, r_clamp_ti, r_mtu, r_lambda, r_rl,
               r_defer, r_afirst, r_haifix;
  logic        w_algo_hi, w_algo_lo, w_line_hi, w_line_lo, w_minr_hi, w_minr_lo, w_g_hi, w_g_lo, w_ainit_hi, w_ainit_lo, w_aper_hi, w_aper_lo, w_tper_hi, w_tper_lo, w_bc_hi, w_bc_lo, w_f_hi, w_f_lo, w_ai_hi, w_ai_lo, w_hai_hi, w_hai_lo, w_cshift_hi, w_cshift_lo, w_maxcut_hi, w_maxcut_lo, w_rrmp_hi, w_rrmp_lo, w_first_hi, w_first_lo, w_clamp_hi, w_clamp_lo, w_clamp_ti_hi, w_clamp_ti_lo, w_mtu_hi, w_mtu_lo, w_lambda_hi, w_lambda_lo, w_rl_hi, w_rl_lo, w_defer_hi, w_defer_lo, w_afirst_hi, w_afirst_lo, w_haifix_hi, w_haifix_lo;  // written value above max / below min
  logic        csr_pending_reg;
  logic [1:0]  settle_reg;
  logic        apply;   // copy shadow -> active at this edge

  function automatic logic [31:0] clampv(input logic [31:0] v, input logic [31:0] lo,
                                         input logic [31:0] hi);
    clampv = (v < lo) ? lo : ((v > hi) ? hi : v);
  endfunction

  // Clamped views of the shadow registers: what reads return and what an apply copies. The
  // range flags are compared from csr_wdata when it is written, so the clamp is one mux.
  logic [31:0] c_algo, c_line, c_minr, c_g, c_ainit, c_aper, c_tper, c_bc, c_f, c_ai, c_hai, c_cshift, c_maxcut, c_rrmp, c_first, c_clamp, c_clamp_ti, c_mtu, c_lambda, c_rl, c_defer, c_afirst, c_haifix;
  always_comb begin
    c_algo = w_algo_hi ? RP_ALGO_MAX : w_algo_lo ? RP_ALGO_MIN : w_algo;
    c_line = w_line_hi ? RP_LINE_RATE_KBPS_MAX : w_line_lo ? RP_LINE_RATE_KBPS_MIN : w_line;
    c_minr = w_minr_hi ? RP_MIN_RATE_KBPS_MAX : w_minr_lo ? RP_MIN_RATE_KBPS_MIN : w_minr;
    c_g = w_g_hi ? RP_G_Q16_MAX : w_g_lo ? RP_G_Q16_MIN : w_g;
    c_ainit = w_ainit_hi ? RP_ALPHA_INIT_Q16_MAX : w_ainit_lo ? RP_ALPHA_INIT_Q16_MIN : w_ainit;
    c_aper = w_aper_hi ? RP_ALPHA_PERIOD_NS_MAX : w_aper_lo ? RP_ALPHA_PERIOD_NS_MIN : w_aper;
    c_tper = w_tper_hi ? RP_TIMER_PERIOD_NS_MAX : w_tper_lo ? RP_TIMER_PERIOD_NS_MIN : w_tper;
    c_bc = w_bc_hi ? RP_BYTE_COUNTER_BYTES_MAX : w_bc_lo ? RP_BYTE_COUNTER_BYTES_MIN : w_bc;
    c_f = w_f_hi ? RP_F_STEPS_MAX : w_f_lo ? RP_F_STEPS_MIN : w_f;
    c_ai = w_ai_hi ? RP_AI_RATE_KBPS_MAX : w_ai_lo ? RP_AI_RATE_KBPS_MIN : w_ai;
    c_hai = w_hai_hi ? RP_HAI_RATE_KBPS_MAX : w_hai_lo ? RP_HAI_RATE_KBPS_MIN : w_hai;
    c_cshift = w_cshift_hi ? RP_CUT_SHIFT_MAX : w_cshift_lo ? RP_CUT_SHIFT_MIN : w_cshift;
    c_maxcut = w_maxcut_hi ? RP_MAX_CUT_Q16_MAX : w_maxcut_lo ? RP_MAX_CUT_Q16_MIN : w_maxcut;
    c_rrmp = w_rrmp_hi ? RP_RRMP_NS_MAX : w_rrmp_lo ? RP_RRMP_NS_MIN : w_rrmp;
    c_first = w_first_hi ? RP_FIRST_CNP_RATE_KBPS_MAX : w_first_lo ? RP_FIRST_CNP_RATE_KBPS_MIN : w_first;
    c_clamp = w_clamp_hi ? RP_CLAMP_TGT_MAX : w_clamp_lo ? RP_CLAMP_TGT_MIN : w_clamp;
    c_clamp_ti = w_clamp_ti_hi ? RP_CLAMP_TGT_AFTER_TI_MAX : w_clamp_ti_lo ? RP_CLAMP_TGT_AFTER_TI_MIN : w_clamp_ti;
    c_mtu = w_mtu_hi ? RP_MTU_BYTES_MAX : w_mtu_lo ? RP_MTU_BYTES_MIN : w_mtu;
    c_lambda = w_lambda_hi ? RP_LAMBDA_Q8_MAX : w_lambda_lo ? RP_LAMBDA_Q8_MIN : w_lambda;
    c_rl = w_rl_hi ? RP_RL_KBPS_MAX : w_rl_lo ? RP_RL_KBPS_MIN : w_rl;
    c_defer = w_defer_hi ? RP_CUT_DEFER_MAX : w_defer_lo ? RP_CUT_DEFER_MIN : w_defer;
    c_afirst = w_afirst_hi ? RP_ALPHA_FIRST_MAX : w_afirst_lo ? RP_ALPHA_FIRST_MIN : w_afirst;
    c_haifix = w_haifix_hi ? RP_HAI_FIXED_MAX : w_haifix_lo ? RP_HAI_FIXED_MIN : w_haifix;
  end

  always_ff @(posedge clk) begin
    if (csr_we) begin
      unique case (csr_addr)
        RP_ALGO_ADDR: begin w_algo <= csr_wdata; w_algo_hi <= csr_wdata > RP_ALGO_MAX; w_algo_lo <= 1'b0; end
        RP_LINE_RATE_KBPS_ADDR: begin w_line <= csr_wdata; w_line_hi <= csr_wdata > RP_LINE_RATE_KBPS_MAX; w_line_lo <= csr_wdata < RP_LINE_RATE_KBPS_MIN; end
        RP_MIN_RATE_KBPS_ADDR: begin w_minr <= csr_wdata; w_minr_hi <= csr_wdata > RP_MIN_RATE_KBPS_MAX; w_minr_lo <= csr_wdata < RP_MIN_RATE_KBPS_MIN; end
        RP_G_Q16_ADDR: begin w_g <= csr_wdata; w_g_hi <= csr_wdata > RP_G_Q16_MAX; w_g_lo <= csr_wdata < RP_G_Q16_MIN; end
        RP_ALPHA_INIT_Q16_ADDR: begin w_ainit <= csr_wdata; w_ainit_hi <= csr_wdata > RP_ALPHA_INIT_Q16_MAX; w_ainit_lo <= 1'b0; end
        RP_ALPHA_PERIOD_NS_ADDR: begin w_aper <= csr_wdata; w_aper_hi <= csr_wdata > RP_ALPHA_PERIOD_NS_MAX; w_aper_lo <= csr_wdata < RP_ALPHA_PERIOD_NS_MIN; end
        RP_TIMER_PERIOD_NS_ADDR: begin w_tper <= csr_wdata; w_tper_hi <= csr_wdata > RP_TIMER_PERIOD_NS_MAX; w_tper_lo <= csr_wdata < RP_TIMER_PERIOD_NS_MIN; end
        RP_BYTE_COUNTER_BYTES_ADDR: begin w_bc <= csr_wdata; w_bc_hi <= csr_wdata > RP_BYTE_COUNTER_BYTES_MAX; w_bc_lo <= csr_wdata < RP_BYTE_COUNTER_BYTES_MIN; end
        RP_F_STEPS_ADDR: begin w_f <= csr_wdata; w_f_hi <= csr_wdata > RP_F_STEPS_MAX; w_f_lo <= csr_wdata < RP_F_STEPS_MIN; end
        RP_AI_RATE_KBPS_ADDR: begin w_ai <= csr_wdata; w_ai_hi <= csr_wdata > RP_AI_RATE_KBPS_MAX; w_ai_lo <= 1'b0; end
        RP_HAI_RATE_KBPS_ADDR: begin w_hai <= csr_wdata; w_hai_hi <= csr_wdata > RP_HAI_RATE_KBPS_MAX; w_hai_lo <= 1'b0; end
        RP_CUT_SHIFT_ADDR: begin w_cshift <= csr_wdata; w_cshift_hi <= csr_wdata > RP_CUT_SHIFT_MAX; w_cshift_lo <= 1'b0; end
        RP_MAX_CUT_Q16_ADDR: begin w_maxcut <= csr_wdata; w_maxcut_hi <= csr_wdata > RP_MAX_CUT_Q16_MAX; w_maxcut_lo <= 1'b0; end
        RP_RRMP_NS_ADDR: begin w_rrmp <= csr_wdata; w_rrmp_hi <= csr_wdata > RP_RRMP_NS_MAX; w_rrmp_lo <= 1'b0; end
        RP_FIRST_CNP_RATE_KBPS_ADDR: begin w_first <= csr_wdata; w_first_hi <= csr_wdata > RP_FIRST_CNP_RATE_KBPS_MAX; w_first_lo <= 1'b0; end
        RP_CLAMP_TGT_ADDR: begin w_clamp <= csr_wdata; w_clamp_hi <= csr_wdata > RP_CLAMP_TGT_MAX; w_clamp_lo <= 1'b0; end
        RP_CLAMP_TGT_AFTER_TI_ADDR: begin w_clamp_ti <= csr_wdata; w_clamp_ti_hi <= csr_wdata > RP_CLAMP_TGT_AFTER_TI_MAX; w_clamp_ti_lo <= 1'b0; end
        RP_MTU_BYTES_ADDR: begin w_mtu <= csr_wdata; w_mtu_hi <= csr_wdata > RP_MTU_BYTES_MAX; w_mtu_lo <= csr_wdata < RP_MTU_BYTES_MIN; end
        RP_LAMBDA_Q8_ADDR: begin w_lambda <= csr_wdata; w_lambda_hi <= csr_wdata > RP_LAMBDA_Q8_MAX; w_lambda_lo <= csr_wdata < RP_LAMBDA_Q8_MIN; end
        RP_RL_KBPS_ADDR: begin w_rl <= csr_wdata; w_rl_hi <= csr_wdata > RP_RL_KBPS_MAX; w_rl_lo <= 1'b0; end
        RP_CUT_DEFER_ADDR: begin w_defer <= csr_wdata; w_defer_hi <= csr_wdata > RP_CUT_DEFER_MAX; w_defer_lo <= 1'b0; end
        RP_ALPHA_FIRST_ADDR: begin w_afirst <= csr_wdata; w_afirst_hi <= csr_wdata > RP_ALPHA_FIRST_MAX; w_afirst_lo <= 1'b0; end
        RP_HAI_FIXED_ADDR: begin w_haifix <= csr_wdata; w_haifix_hi <= csr_wdata > RP_HAI_FIXED_MAX; w_haifix_lo <= 1'b0; end
        default: ;
      endcase
    end
    if (csr_re) begin
      unique case (csr_addr)
        RP_ALGO_ADDR:                csr_rdata <= c_algo;
        RP_LINE_RATE_KBPS_ADDR:      csr_rdata <= c_line;
        RP_MIN_RATE_KBPS_ADDR:       csr_rdata <= c_minr;
        RP_G_Q16_ADDR:               csr_rdata <= c_g;
        RP_ALPHA_INIT_Q16_ADDR:      csr_rdata <= c_ainit;
        RP_ALPHA_PERIOD_NS_ADDR:     csr_rdata <= c_aper;
        RP_TIMER_PERIOD_NS_ADDR:     csr_rdata <= c_tper;
        RP_BYTE_COUNTER_BYTES_ADDR:  csr_rdata <= c_bc;
        RP_F_STEPS_ADDR:             csr_rdata <= c_f;
        RP_AI_RATE_KBPS_ADDR:        csr_rdata <= c_ai;
        RP_HAI_RATE_KBPS_ADDR:       csr_rdata <= c_hai;
        RP_CUT_SHIFT_ADDR:           csr_rdata <= c_cshift;
        RP_MAX_CUT_Q16_ADDR:         csr_rdata <= c_maxcut;
        RP_RRMP_NS_ADDR:             csr_rdata <= c_rrmp;
        RP_FIRST_CNP_RATE_KBPS_ADDR: csr_rdata <= c_first;
        RP_CLAMP_TGT_ADDR:           csr_rdata <= c_clamp;
        RP_CLAMP_TGT_AFTER_TI_ADDR:  csr_rdata <= c_clamp_ti;
        RP_MTU_BYTES_ADDR:           csr_rdata <= c_mtu;
        RP_LAMBDA_Q8_ADDR:           csr_rdata <= c_lambda;
        RP_RL_KBPS_ADDR:             csr_rdata <= c_rl;
        RP_CUT_DEFER_ADDR:           csr_rdata <= c_defer;
        RP_ALPHA_FIRST_ADDR:         csr_rdata <= c_afirst;
        RP_HAI_FIXED_ADDR:           csr_rdata <= c_haifix;
        default:                     csr_rdata <= 32'd0;
      endcase
    end
    if (rst) begin
      w_algo <= RP_ALGO_RST;           w_line <= RP_LINE_RATE_KBPS_RST;
      w_minr <= RP_MIN_RATE_KBPS_RST;  w_g <= RP_G_Q16_RST;
      w_ainit <= RP_ALPHA_INIT_Q16_RST; w_aper <= RP_ALPHA_PERIOD_NS_RST;
      w_tper <= RP_TIMER_PERIOD_NS_RST; w_bc <= RP_BYTE_COUNTER_BYTES_RST;
      w_f <= RP_F_STEPS_RST;           w_ai <= RP_AI_RATE_KBPS_RST;
      w_hai <= RP_HAI_RATE_KBPS_RST;   w_cshift <= RP_CUT_SHIFT_RST;
      w_maxcut <= RP_MAX_CUT_Q16_RST;  w_rrmp <= RP_RRMP_NS_RST;
      w_first <= RP_FIRST_CNP_RATE_KBPS_RST; w_clamp <= RP_CLAMP_TGT_RST;
      w_clamp_ti <= RP_CLAMP_TGT_AFTER_TI_RST; w_mtu <= RP_MTU_BYTES_RST;
      w_lambda <= RP_LAMBDA_Q8_RST;    w_rl <= RP_RL_KBPS_RST;
      w_defer <= RP_CUT_DEFER_RST;     w_afirst <= RP_ALPHA_FIRST_RST;
      w_haifix <= RP_HAI_FIXED_RST;
      w_algo_hi <= 1'b0; w_algo_lo <= 1'b0;
      w_line_hi <= 1'b0; w_line_lo <= 1'b0;
      w_minr_hi <= 1'b0; w_minr_lo <= 1'b0;
      w_g_hi <= 1'b0; w_g_lo <= 1'b0;
      w_ainit_hi <= 1'b0; w_ainit_lo <= 1'b0;
      w_aper_hi <= 1'b0; w_aper_lo <= 1'b0;
      w_tper_hi <= 1'b0; w_tper_lo <= 1'b0;
      w_bc_hi <= 1'b0; w_bc_lo <= 1'b0;
      w_f_hi <= 1'b0; w_f_lo <= 1'b0;
      w_ai_hi <= 1'b0; w_ai_lo <= 1'b0;
      w_hai_hi <= 1'b0; w_hai_lo <= 1'b0;
      w_cshift_hi <= 1'b0; w_cshift_lo <= 1'b0;
      w_maxcut_hi <= 1'b0; w_maxcut_lo <= 1'b0;
      w_rrmp_hi <= 1'b0; w_rrmp_lo <= 1'b0;
      w_first_hi <= 1'b0; w_first_lo <= 1'b0;
      w_clamp_hi <= 1'b0; w_clamp_lo <= 1'b0;
      w_clamp_ti_hi <= 1'b0; w_clamp_ti_lo <= 1'b0;
      w_mtu_hi <= 1'b0; w_mtu_lo <= 1'b0;
      w_lambda_hi <= 1'b0; w_lambda_lo <= 1'b0;
      w_rl_hi <= 1'b0; w_rl_lo <= 1'b0;
      w_defer_hi <= 1'b0; w_defer_lo <= 1'b0;
      w_afirst_hi <= 1'b0; w_afirst_lo <= 1'b0;
      w_haifix_hi <= 1'b0; w_haifix_lo <= 1'b0;
      csr_rdata <= 32'd0;
    end
  end

  // Active set: reset values after rst, the shadow when applied.
  always_ff @(posedge clk) begin
    if (rst || apply) begin
      r_algo <= c_algo;     r_line <= c_line;     r_minr <= c_minr;     r_g <= c_g;
      r_ainit <= c_ainit;   r_aper <= c_aper;     r_tper <= c_tper;     r_bc <= c_bc;
      r_f <= c_f;           r_ai <= c_ai;         r_hai <= c_hai;       r_cshift <= c_cshift;
      r_maxcut <= c_maxcut; r_rrmp <= c_rrmp;     r_first <= c_first;   r_clamp <= c_clamp;
      r_clamp_ti <= c_clamp_ti; r_mtu <= c_mtu;   r_lambda <= c_lambda; r_rl <= c_rl;
      r_defer <= c_defer;   r_afirst <= c_afirst; r_haifix <= c_haifix;
    end
    if (rst) begin
      r_algo <= RP_ALGO_RST;           r_line <= RP_LINE_RATE_KBPS_RST;
      r_minr <= RP_MIN_RATE_KBPS_RST;  r_g <= RP_G_Q16_RST;
      r_ainit <= RP_ALPHA_INIT_Q16_RST; r_aper <= RP_ALPHA_PERIOD_NS_RST;
      r_tper <= RP_TIMER_PERIOD_NS_RST; r_bc <= RP_BYTE_COUNTER_BYTES_RST;
      r_f <= RP_F_STEPS_RST;           r_ai <= RP_AI_RATE_KBPS_RST;
      r_hai <= RP_HAI_RATE_KBPS_RST;   r_cshift <= RP_CUT_SHIFT_RST;
      r_maxcut <= RP_MAX_CUT_Q16_RST;  r_rrmp <= RP_RRMP_NS_RST;
      r_first <= RP_FIRST_CNP_RATE_KBPS_RST; r_clamp <= RP_CLAMP_TGT_RST;
      r_clamp_ti <= RP_CLAMP_TGT_AFTER_TI_RST; r_mtu <= RP_MTU_BYTES_RST;
      r_lambda <= RP_LAMBDA_Q8_RST;    r_rl <= RP_RL_KBPS_RST;
      r_defer <= RP_CUT_DEFER_RST;     r_afirst <= RP_ALPHA_FIRST_RST;
      r_haifix <= RP_HAI_FIXED_RST;
    end
  end

  // Derived values, registered (ready SETTLE cycles after an apply).
  logic [31:0] d_minr, d_rl, d_first, d_first1;
  logic [31:0] d_rl_hi_p, d_rl_lo_p;   // Rl[31:16] * 5243, Rl[15:0] * 5243
  logic [25:0] d_rl100;                // Rl / 100 = Rl * 5243 >> 19
  logic [29:0] d_lmtu;                 // LAMBDA_Q8 * MTU_BYTES
  logic [7:0]  d_f4, d_f4m1, d_ff4;     // 4 F, 4 F - 1, 255 - 4 F
  always_ff @(posedge clk) begin
    d_minr   <= (r_minr < r_line) ? r_minr : r_line;
    d_rl     <= (r_rl != 32'd0) ? r_rl : r_line;
    d_first1 <= (r_first > r_line) ? r_line : r_first;
    d_first  <= (d_first1 < d_minr) ? d_minr : d_first1;
    d_rl_hi_p <= {16'd0, d_rl[31:16]} * 32'd5243;
    d_rl_lo_p <= {16'd0, d_rl[15:0]} * 32'd5243;
    d_rl100  <= 26'((({d_rl_hi_p, 16'd0}) + {16'd0, d_rl_lo_p}) >> 19);
    d_lmtu   <= {14'd0, r_lambda[15:0]} * {16'd0, r_mtu[13:0]};
    d_f4     <= {r_f[5:0], 2'b00};
    d_f4m1   <= {r_f[5:0], 2'b00} - 8'd1;
    d_ff4    <= 8'd255 - {r_f[5:0], 2'b00};
  end

  // ================================================================ admission
  // I: the accept register. An event leaves it (admission: RAM A read) when its flow is
  // not in S1..S7, a result slot is free (credits), and no CSR apply is pending or settling.
  logic          i_valid_reg;
  logic [2:0]    i_op_reg;
  logic [FW-1:0] i_flow_reg;
  logic [31:0]   i_now_reg, i_tau_reg;
  logic [15:0]   i_bytes_reg;
  logic          i_ue_reg;
  logic [7:0]    i_gen_reg;

  logic          clearing_reg;
  logic [FW-1:0] clr_addr_reg;
  logic [4:0]    credit_cnt_reg;   // admitted results not yet taken from m_out
  logic          p_valid_reg [1:NP];
  logic [FW-1:0] p_flow_reg  [1:NP];
  logic          hazard, in_hazard, pipe_busy, gates_open, admit_i, direct, admit, out_pop;

  always_comb begin
    hazard = 1'b0;
    in_hazard = 1'b0;
    for (int k = 1; k <= HZ; k++) begin
      if (p_valid_reg[k] && p_flow_reg[k] == i_flow_reg) hazard = 1'b1;
      if (p_valid_reg[k] && p_flow_reg[k] == s_evt_flow) in_hazard = 1'b1;
    end
    pipe_busy = 1'b0;
    for (int k = 1; k <= NP; k++)
      if (p_valid_reg[k]) pipe_busy = 1'b1;
  end
  assign gates_open = !clearing_reg && !csr_pending_reg && settle_reg == 2'd0 &&
                      credit_cnt_reg < 5'(CREDITS);
  assign admit_i = i_valid_reg && gates_open && !hazard;
  // An event arriving while I is empty is admitted at its accept edge when it may be
  // (s_evt_ready does not depend on it: the event then simply skips I).
  assign direct = s_evt_valid && !i_valid_reg && gates_open && !in_hazard;
  assign admit = admit_i || direct;
  assign s_evt_ready = !clearing_reg && (!i_valid_reg || admit_i);
  assign apply = csr_pending_reg && !pipe_busy;

  always_ff @(posedge clk) begin
    if (s_evt_ready && s_evt_valid && !direct) begin
      i_valid_reg <= 1'b1;
      i_op_reg    <= s_evt_op;
      i_flow_reg  <= s_evt_flow;
      i_now_reg   <= s_evt_now_ns;
      i_bytes_reg <= s_evt_bytes;
      i_ue_reg    <= s_evt_cnp_ue;
      i_tau_reg   <= s_evt_tau_ns;
      i_gen_reg   <= s_evt_gen;
    end else if (admit_i) begin
      i_valid_reg <= 1'b0;
    end
    if (clearing_reg) begin
      clr_addr_reg <= clr_addr_reg + 1'b1;
      if (clr_addr_reg == FW'(NUM_FLOWS - 1)) clearing_reg <= 1'b0;
    end
    credit_cnt_reg <= credit_cnt_reg + {4'd0, admit} - {4'd0, out_pop};
    if (settle_reg != 2'd0) settle_reg <= settle_reg - 2'd1;
    if (apply) begin
      csr_pending_reg <= 1'b0;
      settle_reg <= 2'(SETTLE);
    end
    if (csr_we) csr_pending_reg <= 1'b1;
    if (rst) begin
      i_valid_reg <= 1'b0;
      clearing_reg <= 1'b1;
      clr_addr_reg <= '0;
      credit_cnt_reg <= '0;
      csr_pending_reg <= 1'b0;
      settle_reg <= 2'(SETTLE);
    end
  end

  // Valid and flow of every pipeline register: free-running, no enable.
  always_ff @(posedge clk) begin
    p_valid_reg[1] <= admit;
    p_flow_reg[1]  <= i_valid_reg ? i_flow_reg : s_evt_flow;
    for (int k = 2; k <= NP; k++) begin
      p_valid_reg[k] <= p_valid_reg[k-1];
      p_flow_reg[k]  <= p_flow_reg[k-1];
    end
    if (rst) for (int k = 1; k <= NP; k++) p_valid_reg[k] <= 1'b0;
  end

  // ================================================================ state RAM A
  localparam int SW = 225;  // rate state word
  logic [SW-1:0] rama_rdata, rama_wdata;
  logic          rama_we;
  logic [FW-1:0] rama_waddr;

  dcqcn_ram_sdp #(.WIDTH(SW), .DEPTH(NUM_FLOWS)) u_ram_a (
    .clk(clk),
    .we(rama_we), .waddr(rama_waddr), .wdata(rama_wdata),
    .re(admit), .raddr(i_valid_reg ? i_flow_reg : s_evt_flow), .rdata(rama_rdata)
  );

  // ================================================================ P1: the event
  logic [2:0]  p1_op_reg;
  logic [31:0] p1_now_reg, p1_tau_reg;
  logic [15:0] p1_bytes_reg;
  logic        p1_ue_reg;
  logic [7:0]  p1_gen_reg;
  always_ff @(posedge clk) begin
    p1_op_reg    <= i_valid_reg ? i_op_reg    : s_evt_op;
    p1_now_reg   <= i_valid_reg ? i_now_reg   : s_evt_now_ns;
    p1_tau_reg   <= i_valid_reg ? i_tau_reg   : s_evt_tau_ns;
    p1_bytes_reg <= i_valid_reg ? i_bytes_reg : s_evt_bytes;
    p1_ue_reg    <= i_valid_reg ? i_ue_reg    : s_evt_cnp_ue;
    p1_gen_reg   <= i_valid_reg ? i_gen_reg   : s_evt_gen;
  end

  // ---------------------------------------------------------------- S1: decode, normalise
  logic        st_valid;
  logic [31:0] st_rc, st_rt;
  logic [16:0] st_alpha;
  logic [7:0]  st_ts, st_bs;
  logic [31:0] st_bytecnt;
  logic [7:0]  st_agen, st_igen, st_cgen;
  logic        st_aarm, st_iarm, st_carm, st_pend, st_cutv;
  logic [31:0] st_lastcut;
  logic        st_seen, st_ti;
  logic [31:0] st_tau;
  assign {st_valid, st_rc, st_rt, st_alpha, st_ts, st_bs, st_bytecnt, st_agen, st_igen, st_cgen,
          st_aarm, st_iarm, st_carm, st_pend, st_cutv, st_lastcut, st_seen, st_ti,
          st_tau} = rama_rdata;

  // A fresh flow (st_valid 0) reads as rc = rt = LINE, alpha = ALPHA_INIT, all else 0.
  // Only rc, rt and alpha need the valid mux: every word with st_valid 0 was written by
  // the RAM clear or by INIT, which store 0 in every other field.
  logic [31:0] s1_rc, s1_rt, s1_rc_raw, s1_since;
  logic [16:0] s1_alpha;
  logic [7:0]  s1_ts, s1_bs, s1_mx, s1_mn;
  always_comb begin
    s1_rc_raw = st_valid ? st_rc : r_line;
    s1_rc = !st_valid ? r_line : (st_rc > r_line) ? r_line : (st_rc < d_minr) ? d_minr : st_rc;
    s1_rt = !st_valid ? r_line : (st_rt > r_line) ? r_line : (st_rt < d_minr) ? d_minr : st_rt;
    s1_alpha = st_valid ? st_alpha : r_ainit[16:0];
    s1_ts = st_ts;
    s1_bs = st_bs;
    s1_mx = (s1_ts > s1_bs) ? s1_ts : s1_bs;
    s1_mn = (s1_ts > s1_bs) ? s1_bs : s1_ts;
    s1_since = p1_now_reg - st_lastcut;
  end

  // P2 registers
  logic [2:0]  p2_op_reg;
  logic [31:0] p2_now_reg, p2_tau_ev_reg, p2_tau_reg;
  logic [15:0] p2_bytes_reg;
  logic        p2_ue_reg, p2_valid_st_reg;
  logic [31:0] p2_rc_reg, p2_rt_reg, p2_rc_raw_reg, p2_since_reg, p2_lastcut_reg;
  logic [32:0] p2_bcsum_reg;
  logic [16:0] p2_alpha_reg, p2_alpha_c_reg;
  logic [7:0]  p2_ts_reg, p2_bs_reg, p2_mx_reg, p2_mn_reg, p2_is_reg, p2_bsi_reg;
  logic [7:0]  p2_hai_t_reg, p2_hai_b_reg, p2_plus_i_reg;
  logic        p2_ts_gt_reg;
  logic [7:0]  p2_agen_reg, p2_igen_reg, p2_cgen_reg;
  logic        p2_aok_reg, p2_iok_reg, p2_cok_reg, p2_pend_reg, p2_cutv_reg, p2_seen_reg,
               p2_ti_reg, p2_aarm_reg, p2_iarm_reg, p2_carm_reg;
  logic [31:0] p2_bytecnt_reg;
  logic [31:0] p2_adl_reg, p2_idl_reg, p2_cdl_reg;
  always_ff @(posedge clk) begin
    p2_op_reg      <= p1_op_reg;
    p2_now_reg     <= p1_now_reg;
    p2_tau_ev_reg  <= p1_tau_reg;
    p2_tau_reg     <= (p1_op_reg == OP_CNP) ? p1_tau_reg
                    : (p1_op_reg == OP_INIT || !st_valid) ? 32'd0 : st_tau;
    p2_bytes_reg   <= p1_bytes_reg;
    p2_ue_reg      <= p1_ue_reg;
    p2_valid_st_reg <= st_valid;
    p2_rc_reg      <= s1_rc;
    p2_rt_reg      <= s1_rt;
    p2_rc_raw_reg  <= s1_rc_raw;
    p2_since_reg   <= s1_since;
    p2_lastcut_reg <= st_lastcut;
    p2_bcsum_reg   <= {1'b0, st_bytecnt} + {17'd0, p1_bytes_reg};
    p2_alpha_reg   <= s1_alpha;
    p2_alpha_c_reg <= 17'd65536 - s1_alpha;
    p2_ts_reg      <= s1_ts;
    p2_bs_reg      <= s1_bs;
    p2_mx_reg      <= s1_mx;
    p2_mn_reg      <= s1_mn;
    p2_is_reg      <= (s1_ts == 8'hFF) ? 8'hFF : s1_ts + 8'd1;
    p2_bsi_reg     <= (s1_bs == 8'hFF) ? 8'hFF : s1_bs + 8'd1;
    p2_hai_t_reg   <= st_ts - r_f[7:0];   // T - F and BC - F: both multiplied, min chosen in S3
    p2_hai_b_reg   <= st_bs - r_f[7:0];
    p2_ts_gt_reg   <= st_ts > st_bs;
    p2_plus_i_reg  <= (st_ts == 8'hFF) ? d_ff4 : st_ts - d_f4m1;             // sat(S+1) - 4F
    p2_agen_reg    <= st_agen;
    p2_igen_reg    <= st_igen;
    p2_cgen_reg    <= st_cgen;
    p2_aok_reg     <= st_valid && st_aarm && p1_gen_reg == st_agen;
    p2_iok_reg     <= st_valid && st_iarm && p1_gen_reg == st_igen;
    p2_cok_reg     <= st_valid && st_carm && p1_gen_reg == st_cgen;
    p2_pend_reg    <= st_valid && st_pend;
    p2_aarm_reg    <= st_valid && st_aarm;
    p2_iarm_reg    <= st_valid && st_iarm;
    p2_carm_reg    <= st_valid && st_carm;
    p2_bytecnt_reg <= st_bytecnt;
    p2_cutv_reg    <= st_valid && st_cutv;
    p2_seen_reg    <= st_valid && st_seen;
    p2_ti_reg      <= st_valid && st_ti;
    p2_adl_reg     <= p1_now_reg + r_aper;
    p2_idl_reg     <= p1_now_reg + r_tper;
    p2_cdl_reg     <= st_lastcut + r_rrmp;
  end

  // ---------------------------------------------------------------- S2: decisions, products
  logic s2_tx, s2_cnp, s2_atmr, s2_itmr, s2_ctmr, s2_init, s2_plus;
  logic s2_bc_exp, s2_cut_ok, s2_ce, s2_allowed, s2_do_cut, s2_defer_new, s2_inc_do;
  always_comb begin
    s2_tx   = p2_op_reg == OP_TX;
    s2_cnp  = p2_op_reg == OP_CNP;
    s2_atmr = p2_op_reg == OP_ATMR;
    s2_itmr = p2_op_reg == OP_ITMR;
    s2_ctmr = p2_op_reg == OP_CTMR;
    s2_init = p2_op_reg == OP_INIT;
    s2_plus = r_algo[0];
    s2_bc_exp = !s2_plus && (p2_bcsum_reg >= {1'b0, r_bc});
    s2_cut_ok = (r_rrmp == 32'd0) || !p2_cutv_reg || (p2_since_reg >= r_rrmp);
    s2_ce = (s2_cnp && !p2_ue_reg) || (s2_ctmr && p2_cok_reg);
    s2_allowed = s2_ctmr || s2_cut_ok;
    s2_do_cut = s2_ce && s2_allowed;
    s2_defer_new = s2_ce && !s2_allowed && r_defer[0] && !p2_pend_reg;
    s2_inc_do = (s2_tx && s2_bc_exp) || (s2_itmr && p2_iok_reg);
  end

  // P3 registers: the decisions and the products (DSP: registered inputs and outputs).
  logic [2:0] p3_op_reg;
  logic [31:0] p3_now_reg;
  logic [31:0] p3_tau_ev_reg;
  logic [31:0] p3_tau_reg;
  logic [15:0] p3_bytes_reg;
  logic p3_ue_reg;
  logic p3_valid_st_reg;
  logic [31:0] p3_rc_reg;
  logic [31:0] p3_rt_reg;
  logic [31:0] p3_rc_raw_reg;
  logic [31:0] p3_bytecnt_reg;
  logic [32:0] p3_bcsum_reg;
  logic [16:0] p3_alpha_reg;
  logic [7:0] p3_ts_reg;
  logic [7:0] p3_bs_reg;
  logic [7:0] p3_is_reg;
  logic [7:0] p3_bsi_reg;
  logic [7:0] p3_agen_reg;
  logic [7:0] p3_igen_reg;
  logic [7:0] p3_cgen_reg;
  logic p3_aarm_reg;
  logic p3_iarm_reg;
  logic p3_carm_reg;
  logic p3_aok_reg;
  logic p3_iok_reg;
  logic p3_cok_reg;
  logic p3_pend_reg;
  logic p3_cutv_reg;
  logic p3_seen_reg;
  logic p3_ti_reg;
  logic [31:0] p3_adl_reg;
  logic [31:0] p3_idl_reg;
  logic [31:0] p3_cdl_reg;
  logic [31:0] p3_lastcut_reg;
  logic p3_plus_reg;
  logic p3_bc_exp_reg;
  logic p3_ce_reg;
  logic p3_do_cut_reg;
  logic p3_defer_new_reg;
  logic p3_inc_do_reg;
  logic p3_first_reg;
  logic p3_clamp_reg;
  logic        p3_fr_reg, p3_hai_reg, p3_pfr_reg, p3_pmid_reg;
  logic [32:0] p3_m_au_reg, p3_m_ad_reg;          // (65536 - alpha) * g, alpha * g
  logic [32:0] p3_m_mc_hi_reg, p3_m_mc_lo_reg;    // Rc[31:16] * MAX_CUT, Rc[15:0] * MAX_CUT
  logic [24:0] p3_m_hai_lo_reg;                   // i * R_HAI[16:0]
  logic [17:0] p3_m_hai_hi_reg;                   // i * R_HAI[26:17]
  logic [24:0] p3_m_haib_lo_reg;                  // the same with i = BC - F
  logic [17:0] p3_m_haib_hi_reg;
  logic        p3_ts_gt_reg;                      // T > BC: i = BC - F
  logic [31:0] p3_m_r10_hi_reg, p3_m_r10_lo_reg;  // Rc[31:16] * 52429, Rc[15:0] * 52429
  logic [24:0] p3_m_ph_lo_reg;                    // (S - 4F) * Rl100[16:0]
  logic [16:0] p3_m_ph_hi_reg;                    // (S - 4F) * Rl100[25:17]
  logic [31:0] p3_m_pt_hi_reg, p3_m_pt_lo_reg;    // tau[31:16] * lambda, tau[15:0] * lambda
  always_ff @(posedge clk) begin
    p3_op_reg <= p2_op_reg;
    p3_now_reg <= p2_now_reg;
    p3_tau_ev_reg <= p2_tau_ev_reg;
    p3_tau_reg <= p2_tau_reg;
    p3_bytes_reg <= p2_bytes_reg;
    p3_ue_reg <= p2_ue_reg;
    p3_valid_st_reg <= p2_valid_st_reg;
    p3_rc_reg <= p2_rc_reg;
    p3_rt_reg <= p2_rt_reg;
    p3_rc_raw_reg <= p2_rc_raw_reg;
    p3_bytecnt_reg <= p2_bytecnt_reg;
    p3_bcsum_reg <= p2_bcsum_reg;
    p3_alpha_reg <= p2_alpha_reg;
    p3_ts_reg <= p2_ts_reg;
    p3_bs_reg <= p2_bs_reg;
    p3_is_reg <= p2_is_reg;
    p3_bsi_reg <= p2_bsi_reg;
    p3_agen_reg <= p2_agen_reg;
    p3_igen_reg <= p2_igen_reg;
    p3_cgen_reg <= p2_cgen_reg;
    p3_aarm_reg <= p2_aarm_reg;
    p3_iarm_reg <= p2_iarm_reg;
    p3_carm_reg <= p2_carm_reg;
    p3_aok_reg <= p2_aok_reg;
    p3_iok_reg <= p2_iok_reg;
    p3_cok_reg <= p2_cok_reg;
    p3_pend_reg <= p2_pend_reg;
    p3_cutv_reg <= p2_cutv_reg;
    p3_seen_reg <= p2_seen_reg;
    p3_ti_reg <= p2_ti_reg;
    p3_adl_reg <= p2_adl_reg;
    p3_idl_reg <= p2_idl_reg;
    p3_cdl_reg <= p2_cdl_reg;
    p3_lastcut_reg <= p2_lastcut_reg;
    p3_plus_reg <= s2_plus;
    p3_bc_exp_reg <= s2_bc_exp;       p3_ce_reg <= s2_ce;
    p3_do_cut_reg <= s2_do_cut;       p3_defer_new_reg <= s2_defer_new;
    p3_inc_do_reg <= s2_inc_do;
    p3_first_reg <= (r_first != 32'd0) && !p2_seen_reg;
    p3_clamp_reg <= r_clamp[0] || (r_clamp_ti[0] && p2_ti_reg);
    // increase phase: DCQCN uses the stage counts before this expiry, DCQCN+ S after it
    p3_fr_reg   <= {24'd0, p2_mx_reg} < r_f;
    p3_hai_reg  <= {24'd0, p2_mn_reg} > r_f;
    p3_pfr_reg  <= {24'd0, p2_is_reg} < r_f;
    p3_pmid_reg <= p2_is_reg <= d_f4;
    // products
    p3_m_au_reg <= {16'd0, p2_alpha_c_reg} * {16'd0, r_g[16:0]};
    p3_m_ad_reg <= {16'd0, p2_alpha_reg} * {16'd0, r_g[16:0]};
    p3_m_mc_hi_reg <= {17'd0, p2_rc_reg[31:16]} * {16'd0, r_maxcut[16:0]};
    p3_m_mc_lo_reg <= {17'd0, p2_rc_reg[15:0]} * {16'd0, r_maxcut[16:0]};
    p3_m_hai_lo_reg <= {17'd0, p2_hai_t_reg} * {8'd0, r_hai[16:0]};
    p3_m_hai_hi_reg <= {10'd0, p2_hai_t_reg} * {8'd0, r_hai[26:17]};
    p3_m_haib_lo_reg <= {17'd0, p2_hai_b_reg} * {8'd0, r_hai[16:0]};
    p3_m_haib_hi_reg <= {10'd0, p2_hai_b_reg} * {8'd0, r_hai[26:17]};
    p3_ts_gt_reg <= p2_ts_gt_reg;
    p3_m_r10_hi_reg <= {16'd0, p2_rc_reg[31:16]} * 32'd52429;
    p3_m_r10_lo_reg <= {16'd0, p2_rc_reg[15:0]} * 32'd52429;
    p3_m_ph_lo_reg <= {17'd0, p2_plus_i_reg} * {8'd0, d_rl100[16:0]};
    p3_m_ph_hi_reg <= {9'd0, p2_plus_i_reg} * {8'd0, d_rl100[25:17]};
    p3_m_pt_hi_reg <= {16'd0, p2_tau_reg[31:16]} * {16'd0, r_lambda[15:0]};
    p3_m_pt_lo_reg <= {16'd0, p2_tau_reg[15:0]} * {16'd0, r_lambda[15:0]};
  end

  // ---------------------------------------------------------------- S3: alpha, step, bounds
  logic [16:0] s3_alpha_up, s3_alpha_dn;
  logic [31:0] s3_maxcut, s3_rc10;
  logic [34:0] s3_step_hai, s3_step;
  logic [33:0] s3_ph;
  logic [47:0] s3_pt_full;
  logic [39:0] s3_pt;
  always_comb begin
    s3_alpha_up = p3_alpha_reg + p3_m_au_reg[32:16];
    s3_alpha_dn = p3_alpha_reg - p3_m_ad_reg[32:16];
    s3_maxcut   = 32'(({15'd0, p3_m_mc_hi_reg, 16'd0} + {31'd0, p3_m_mc_lo_reg}) >> 16);
    s3_rc10     = 32'(({p3_m_r10_hi_reg, 16'd0} + {16'd0, p3_m_r10_lo_reg}) >> 19);
    s3_step_hai = r_haifix[0] ? {3'd0, r_hai}
                : p3_ts_gt_reg ? ({p3_m_haib_hi_reg, 17'd0} + {10'd0, p3_m_haib_lo_reg})
                               : ({p3_m_hai_hi_reg, 17'd0} + {10'd0, p3_m_hai_lo_reg});
    s3_ph       = {p3_m_ph_hi_reg, 17'd0} + {9'd0, p3_m_ph_lo_reg};
    if (!p3_plus_reg) begin
      if (p3_fr_reg)       s3_step = '0;
      else if (p3_hai_reg) s3_step = s3_step_hai;
      else                 s3_step = {3'd0, r_ai};
    end else begin
      if (p3_pfr_reg)       s3_step = '0;
      else if (p3_pmid_reg) s3_step = {3'd0, (s3_rc10 < {6'd0, d_rl100}) ? s3_rc10 : {6'd0, d_rl100}};
      else                  s3_step = ({2'd0, p3_rc_reg} < s3_ph) ? {3'd0, p3_rc_reg} : {1'b0, s3_ph};
    end
    s3_pt_full = {p3_m_pt_hi_reg, 16'd0} + {16'd0, p3_m_pt_lo_reg};
    s3_pt = s3_pt_full[47:8];
  end

  logic [2:0] p4_op_reg;
  logic [31:0] p4_now_reg;
  logic [31:0] p4_tau_ev_reg;
  logic [31:0] p4_tau_reg;
  logic [15:0] p4_bytes_reg;
  logic p4_ue_reg;
  logic p4_valid_st_reg;
  logic [31:0] p4_rc_reg;
  logic [31:0] p4_rt_reg;
  logic [31:0] p4_rc_raw_reg;
  logic [31:0] p4_bytecnt_reg;
  logic [32:0] p4_bcsum_reg;
  logic [16:0] p4_alpha_reg;
  logic [7:0] p4_ts_reg;
  logic [7:0] p4_bs_reg;
  logic [7:0] p4_is_reg;
  logic [7:0] p4_bsi_reg;
  logic [7:0] p4_agen_reg;
  logic [7:0] p4_igen_reg;
  logic [7:0] p4_cgen_reg;
  logic p4_aarm_reg;
  logic p4_iarm_reg;
  logic p4_carm_reg;
  logic p4_aok_reg;
  logic p4_iok_reg;
  logic p4_cok_reg;
  logic p4_pend_reg;
  logic p4_cutv_reg;
  logic p4_seen_reg;
  logic p4_ti_reg;
  logic [31:0] p4_adl_reg;
  logic [31:0] p4_idl_reg;
  logic [31:0] p4_cdl_reg;
  logic [31:0] p4_lastcut_reg;
  logic p4_plus_reg;
  logic p4_bc_exp_reg;
  logic p4_ce_reg;
  logic p4_do_cut_reg;
  logic p4_defer_new_reg;
  logic p4_inc_do_reg;
  logic p4_first_reg;
  logic p4_clamp_reg;
  logic [31:0] p4_maxcut_reg;
  logic [16:0] p4_alpha_up_reg;
  logic [16:0] p4_alpha_dn_reg;
  logic [30:0] p4_ptc_reg;
  logic [34:0] p4_step_reg;
  logic [16:0] p4_alpha_eff_reg;
  always_ff @(posedge clk) begin
    p4_op_reg <= p3_op_reg;
    p4_now_reg <= p3_now_reg;
    p4_tau_ev_reg <= p3_tau_ev_reg;
    p4_tau_reg <= p3_tau_reg;
    p4_bytes_reg <= p3_bytes_reg;
    p4_ue_reg <= p3_ue_reg;
    p4_valid_st_reg <= p3_valid_st_reg;
    p4_rc_reg <= p3_rc_reg;
    p4_rt_reg <= p3_rt_reg;
    p4_rc_raw_reg <= p3_rc_raw_reg;
    p4_bytecnt_reg <= p3_bytecnt_reg;
    p4_bcsum_reg <= p3_bcsum_reg;
    p4_alpha_reg <= p3_alpha_reg;
    p4_ts_reg <= p3_ts_reg;
    p4_bs_reg <= p3_bs_reg;
    p4_is_reg <= p3_is_reg;
    p4_bsi_reg <= p3_bsi_reg;
    p4_agen_reg <= p3_agen_reg;
    p4_igen_reg <= p3_igen_reg;
    p4_cgen_reg <= p3_cgen_reg;
    p4_aarm_reg <= p3_aarm_reg;
    p4_iarm_reg <= p3_iarm_reg;
    p4_carm_reg <= p3_carm_reg;
    p4_aok_reg <= p3_aok_reg;
    p4_iok_reg <= p3_iok_reg;
    p4_cok_reg <= p3_cok_reg;
    p4_pend_reg <= p3_pend_reg;
    p4_cutv_reg <= p3_cutv_reg;
    p4_seen_reg <= p3_seen_reg;
    p4_ti_reg <= p3_ti_reg;
    p4_adl_reg <= p3_adl_reg;
    p4_idl_reg <= p3_idl_reg;
    p4_cdl_reg <= p3_cdl_reg;
    p4_lastcut_reg <= p3_lastcut_reg;
    p4_plus_reg <= p3_plus_reg;
    p4_bc_exp_reg <= p3_bc_exp_reg;
    p4_ce_reg <= p3_ce_reg;
    p4_do_cut_reg <= p3_do_cut_reg;
    p4_defer_new_reg <= p3_defer_new_reg;
    p4_inc_do_reg <= p3_inc_do_reg;
    p4_first_reg <= p3_first_reg;
    p4_clamp_reg <= p3_clamp_reg;
    p4_maxcut_reg <= s3_maxcut;
    p4_alpha_up_reg <= s3_alpha_up;
    p4_alpha_dn_reg <= s3_alpha_dn;
    p4_alpha_eff_reg <= r_afirst[0] ? s3_alpha_up : p3_alpha_reg;
    p4_step_reg <= s3_step;
    p4_ptc_reg <= (s3_pt > 40'd1073741824) ? 31'd1073741824 : s3_pt[30:0];
  end

  // ---------------------------------------------------------------- S4: cut product, Rt
  logic [35:0] s4_rt_sum;
  logic [31:0] s4_inc_rt;
  always_comb begin
    s4_rt_sum = {4'd0, p4_rt_reg} + {1'b0, p4_step_reg};
    s4_inc_rt = (s4_rt_sum > {4'd0, r_line}) ? r_line : s4_rt_sum[31:0];
  end

  logic [2:0] p5_op_reg;
  logic [31:0] p5_now_reg;
  logic [31:0] p5_tau_ev_reg;
  logic [31:0] p5_tau_reg;
  logic [15:0] p5_bytes_reg;
  logic p5_ue_reg;
  logic p5_valid_st_reg;
  logic [31:0] p5_rc_reg;
  logic [31:0] p5_rt_reg;
  logic [31:0] p5_rc_raw_reg;
  logic [31:0] p5_bytecnt_reg;
  logic [32:0] p5_bcsum_reg;
  logic [16:0] p5_alpha_reg;
  logic [7:0] p5_ts_reg;
  logic [7:0] p5_bs_reg;
  logic [7:0] p5_is_reg;
  logic [7:0] p5_bsi_reg;
  logic [7:0] p5_agen_reg;
  logic [7:0] p5_igen_reg;
  logic [7:0] p5_cgen_reg;
  logic p5_aarm_reg;
  logic p5_iarm_reg;
  logic p5_carm_reg;
  logic p5_aok_reg;
  logic p5_iok_reg;
  logic p5_cok_reg;
  logic p5_pend_reg;
  logic p5_cutv_reg;
  logic p5_seen_reg;
  logic p5_ti_reg;
  logic [31:0] p5_adl_reg;
  logic [31:0] p5_idl_reg;
  logic [31:0] p5_cdl_reg;
  logic [31:0] p5_lastcut_reg;
  logic p5_plus_reg;
  logic p5_bc_exp_reg;
  logic p5_ce_reg;
  logic p5_do_cut_reg;
  logic p5_defer_new_reg;
  logic p5_inc_do_reg;
  logic p5_first_reg;
  logic p5_clamp_reg;
  logic [31:0] p5_maxcut_reg;
  logic [16:0] p5_alpha_up_reg;
  logic [16:0] p5_alpha_dn_reg;
  logic [30:0] p5_ptc_reg;
  logic [31:0] p5_inc_rt_reg;
  logic [32:0] p5_m_c_hi_reg, p5_m_c_lo_reg;  // Rc[31:16] * alpha, Rc[15:0] * alpha
  logic [33:0] p5_m_a2_reg;                   // alpha_dn * g
  always_ff @(posedge clk) begin
    p5_op_reg <= p4_op_reg;
    p5_now_reg <= p4_now_reg;
    p5_tau_ev_reg <= p4_tau_ev_reg;
    p5_tau_reg <= p4_tau_reg;
    p5_bytes_reg <= p4_bytes_reg;
    p5_ue_reg <= p4_ue_reg;
    p5_valid_st_reg <= p4_valid_st_reg;
    p5_rc_reg <= p4_rc_reg;
    p5_rt_reg <= p4_rt_reg;
    p5_rc_raw_reg <= p4_rc_raw_reg;
    p5_bytecnt_reg <= p4_bytecnt_reg;
    p5_bcsum_reg <= p4_bcsum_reg;
    p5_alpha_reg <= p4_alpha_reg;
    p5_ts_reg <= p4_ts_reg;
    p5_bs_reg <= p4_bs_reg;
    p5_is_reg <= p4_is_reg;
    p5_bsi_reg <= p4_bsi_reg;
    p5_agen_reg <= p4_agen_reg;
    p5_igen_reg <= p4_igen_reg;
    p5_cgen_reg <= p4_cgen_reg;
    p5_aarm_reg <= p4_aarm_reg;
    p5_iarm_reg <= p4_iarm_reg;
    p5_carm_reg <= p4_carm_reg;
    p5_aok_reg <= p4_aok_reg;
    p5_iok_reg <= p4_iok_reg;
    p5_cok_reg <= p4_cok_reg;
    p5_pend_reg <= p4_pend_reg;
    p5_cutv_reg <= p4_cutv_reg;
    p5_seen_reg <= p4_seen_reg;
    p5_ti_reg <= p4_ti_reg;
    p5_adl_reg <= p4_adl_reg;
    p5_idl_reg <= p4_idl_reg;
    p5_cdl_reg <= p4_cdl_reg;
    p5_lastcut_reg <= p4_lastcut_reg;
    p5_plus_reg <= p4_plus_reg;
    p5_bc_exp_reg <= p4_bc_exp_reg;
    p5_ce_reg <= p4_ce_reg;
    p5_do_cut_reg <= p4_do_cut_reg;
    p5_defer_new_reg <= p4_defer_new_reg;
    p5_inc_do_reg <= p4_inc_do_reg;
    p5_first_reg <= p4_first_reg;
    p5_clamp_reg <= p4_clamp_reg;
    p5_maxcut_reg <= p4_maxcut_reg;
    p5_alpha_up_reg <= p4_alpha_up_reg;
    p5_alpha_dn_reg <= p4_alpha_dn_reg;
    p5_ptc_reg <= p4_ptc_reg;
    p5_inc_rt_reg <= s4_inc_rt;
    p5_m_c_hi_reg <= {17'd0, p4_rc_reg[31:16]} * {16'd0, p4_alpha_eff_reg};
    p5_m_c_lo_reg <= {17'd0, p4_rc_reg[15:0]} * {16'd0, p4_alpha_eff_reg};
    p5_m_a2_reg <= {17'd0, p4_alpha_dn_reg} * {17'd0, r_g[16:0]};
  end

  // ---------------------------------------------------------------- S5: cut, Rc increase
  logic [31:0] s5_cut, s5_inc_rc;
  logic [48:0] s5_prod;
  always_comb begin
    s5_prod = {p5_m_c_hi_reg, 16'd0} + {16'd0, p5_m_c_lo_reg};
    s5_cut = 32'(s5_prod >> (6'd16 + {2'd0, r_cshift[3:0]}));
    s5_inc_rc = 32'(({1'b0, p5_inc_rt_reg} + {1'b0, p5_rc_reg} + 33'd1) >> 1);
  end

  logic [2:0] p6_op_reg;
  logic [31:0] p6_now_reg;
  logic [31:0] p6_tau_ev_reg;
  logic [31:0] p6_tau_reg;
  logic [15:0] p6_bytes_reg;
  logic p6_ue_reg;
  logic p6_valid_st_reg;
  logic [31:0] p6_rc_reg;
  logic [31:0] p6_rt_reg;
  logic [31:0] p6_rc_raw_reg;
  logic [31:0] p6_bytecnt_reg;
  logic [32:0] p6_bcsum_reg;
  logic [16:0] p6_alpha_reg;
  logic [7:0] p6_ts_reg;
  logic [7:0] p6_bs_reg;
  logic [7:0] p6_is_reg;
  logic [7:0] p6_bsi_reg;
  logic [7:0] p6_agen_reg;
  logic [7:0] p6_igen_reg;
  logic [7:0] p6_cgen_reg;
  logic p6_aarm_reg;
  logic p6_iarm_reg;
  logic p6_carm_reg;
  logic p6_aok_reg;
  logic p6_iok_reg;
  logic p6_cok_reg;
  logic p6_pend_reg;
  logic p6_cutv_reg;
  logic p6_seen_reg;
  logic p6_ti_reg;
  logic [31:0] p6_adl_reg;
  logic [31:0] p6_idl_reg;
  logic [31:0] p6_cdl_reg;
  logic [31:0] p6_lastcut_reg;
  logic p6_plus_reg;
  logic p6_bc_exp_reg;
  logic p6_ce_reg;
  logic p6_do_cut_reg;
  logic p6_defer_new_reg;
  logic p6_inc_do_reg;
  logic p6_first_reg;
  logic p6_clamp_reg;
  logic [31:0] p6_maxcut_reg;
  logic [16:0] p6_alpha_up_reg;
  logic [16:0] p6_alpha_dn_reg;
  logic [30:0] p6_ptc_reg;
  logic [31:0] p6_inc_rt_reg;
  logic [31:0] p6_inc_rc_reg, p6_cut_reg;
  logic [31:0] p6_rm_reg, p6_d2_reg;   // Rc - MIN, Rc - maxcut
  logic        p6_c2_reg;             // Rc - maxcut < MIN
  logic        p6_a2_zero_reg;
  always_ff @(posedge clk) begin
    p6_op_reg <= p5_op_reg;
    p6_now_reg <= p5_now_reg;
    p6_tau_ev_reg <= p5_tau_ev_reg;
    p6_tau_reg <= p5_tau_reg;
    p6_bytes_reg <= p5_bytes_reg;
    p6_ue_reg <= p5_ue_reg;
    p6_valid_st_reg <= p5_valid_st_reg;
    p6_rc_reg <= p5_rc_reg;
    p6_rt_reg <= p5_rt_reg;
    p6_rc_raw_reg <= p5_rc_raw_reg;
    p6_bytecnt_reg <= p5_bytecnt_reg;
    p6_bcsum_reg <= p5_bcsum_reg;
    p6_alpha_reg <= p5_alpha_reg;
    p6_ts_reg <= p5_ts_reg;
    p6_bs_reg <= p5_bs_reg;
    p6_is_reg <= p5_is_reg;
    p6_bsi_reg <= p5_bsi_reg;
    p6_agen_reg <= p5_agen_reg;
    p6_igen_reg <= p5_igen_reg;
    p6_cgen_reg <= p5_cgen_reg;
    p6_aarm_reg <= p5_aarm_reg;
    p6_iarm_reg <= p5_iarm_reg;
    p6_carm_reg <= p5_carm_reg;
    p6_aok_reg <= p5_aok_reg;
    p6_iok_reg <= p5_iok_reg;
    p6_cok_reg <= p5_cok_reg;
    p6_pend_reg <= p5_pend_reg;
    p6_cutv_reg <= p5_cutv_reg;
    p6_seen_reg <= p5_seen_reg;
    p6_ti_reg <= p5_ti_reg;
    p6_adl_reg <= p5_adl_reg;
    p6_idl_reg <= p5_idl_reg;
    p6_cdl_reg <= p5_cdl_reg;
    p6_lastcut_reg <= p5_lastcut_reg;
    p6_plus_reg <= p5_plus_reg;
    p6_bc_exp_reg <= p5_bc_exp_reg;
    p6_ce_reg <= p5_ce_reg;
    p6_do_cut_reg <= p5_do_cut_reg;
    p6_defer_new_reg <= p5_defer_new_reg;
    p6_inc_do_reg <= p5_inc_do_reg;
    p6_first_reg <= p5_first_reg;
    p6_clamp_reg <= p5_clamp_reg;
    p6_maxcut_reg <= p5_maxcut_reg;
    p6_alpha_up_reg <= p5_alpha_up_reg;
    p6_alpha_dn_reg <= p5_alpha_dn_reg;
    p6_ptc_reg <= p5_ptc_reg;
    p6_inc_rt_reg <= p5_inc_rt_reg;
    p6_inc_rc_reg <= s5_inc_rc;
    p6_cut_reg <= s5_cut;
    p6_rm_reg <= p5_rc_reg - d_minr;
    p6_d2_reg <= p5_rc_reg - p5_maxcut_reg;
    p6_c2_reg <= p5_maxcut_reg > p5_rc_reg - d_minr;
    p6_a2_zero_reg <= p5_m_a2_reg[33:16] == 18'd0;
  end

  // ---------------------------------------------------------------- S6: the new rate state
  logic        n_valid;
  logic [31:0] n_rc, n_rt;
  logic [16:0] n_alpha;
  logic [7:0]  n_ts, n_bs;
  logic [31:0] n_bytecnt;
  logic [7:0]  n_agen, n_igen, n_cgen;
  logic        n_aarm, n_iarm, n_carm, n_pend, n_cutv;
  logic [31:0] n_lastcut;
  logic        n_seen, n_ti;
  logic [31:0] n_tau;
  logic        n_stale;
  logic [1:0]  n_atmr, n_itmr, n_ctmr;
  logic [31:0] n_adl, n_idl, n_cdl;
  logic [31:0] s6_d1, s6_rc_cut, s6_init_rc;
  logic        s6_sel, s6_c1;
  logic        s6_tx, s6_cnp, s6_atmr, s6_itmr, s6_ctmr, s6_init, s6_full;
  always_comb begin
    s6_tx   = p6_op_reg == OP_TX;
    s6_cnp  = p6_op_reg == OP_CNP;
    s6_atmr = p6_op_reg == OP_ATMR;
    s6_itmr = p6_op_reg == OP_ITMR;
    s6_ctmr = p6_op_reg == OP_CTMR;
    s6_init = p6_op_reg == OP_INIT;
    // Rc - min(cut, maxcut) = max(Rc - cut, Rc - maxcut), then the floor.
    // (Rc >= MIN and cut <= Rc, so Rc - cut < MIN is cut > Rc - MIN: compares in parallel)
    s6_d1 = p6_rc_reg - p6_cut_reg;
    s6_sel = p6_cut_reg < p6_maxcut_reg;
    s6_c1 = p6_cut_reg > p6_rm_reg;
    s6_rc_cut = s6_sel ? (s6_c1 ? d_minr : s6_d1) : (p6_c2_reg ? d_minr : p6_d2_reg);
    s6_init_rc = (p6_tau_ev_reg > r_line) ? r_line : (p6_tau_ev_reg < d_minr) ? d_minr : p6_tau_ev_reg;
    s6_full = (p6_inc_rc_reg == r_line) && (p6_inc_rt_reg == r_line);

    // defaults: the state as read (normalised), no timer action
    n_valid = 1'b1;
    n_rc = p6_rc_reg; n_rt = p6_rt_reg; n_alpha = p6_alpha_reg;
    n_ts = p6_ts_reg; n_bs = p6_bs_reg; n_bytecnt = p6_bytecnt_reg;
    n_agen = p6_agen_reg; n_igen = p6_igen_reg; n_cgen = p6_cgen_reg;
    n_aarm = p6_aarm_reg; n_iarm = p6_iarm_reg; n_carm = p6_carm_reg;
    n_pend = p6_pend_reg; n_cutv = p6_cutv_reg; n_lastcut = p6_lastcut_reg;
    n_seen = p6_seen_reg; n_ti = p6_ti_reg; n_tau = p6_tau_reg;
    n_stale = 1'b0;
    n_atmr = TMR_NONE; n_adl = '0;
    n_itmr = TMR_NONE; n_idl = '0;
    n_ctmr = TMR_NONE; n_cdl = '0;

    // byte counter (DCQCN only)
    if (s6_tx && !p6_plus_reg)
      n_bytecnt = p6_bc_exp_reg ? 32'(p6_bcsum_reg - {1'b0, r_bc}) : p6_bcsum_reg[31:0];

    // the rate increase (byte counter or timer)
    if (p6_inc_do_reg) begin
      n_rc = p6_inc_rc_reg;
      n_rt = p6_inc_rt_reg;
      if (p6_plus_reg || s6_itmr) n_ts = p6_is_reg;
      else                        n_bs = p6_bsi_reg;
    end

    // timer tags
    if (s6_atmr) begin
      if (p6_aok_reg) begin
        n_alpha = p6_alpha_dn_reg;
        n_agen = p6_agen_reg + 8'd1;
        n_aarm = !p6_a2_zero_reg;
        n_atmr = p6_a2_zero_reg ? TMR_CLR : TMR_SET;
        n_adl = p6_a2_zero_reg ? 32'd0 : p6_adl_reg;
      end else begin
        n_stale = 1'b1;
      end
    end
    if (s6_itmr) begin
      if (p6_iok_reg) begin
        n_ti = 1'b1;
        n_igen = p6_igen_reg + 8'd1;
        n_iarm = !s6_full;
        n_itmr = s6_full ? TMR_CLR : TMR_SET;
        n_idl = s6_full ? 32'd0 : p6_idl_reg;
      end else begin
        n_stale = 1'b1;
      end
    end
    if (s6_ctmr && !p6_cok_reg) n_stale = 1'b1;
    if (s6_ctmr && p6_cok_reg) n_carm = 1'b0;  // consumed

    // CNP (CE and UE) and the deferred cut
    if (s6_cnp) n_tau = p6_tau_ev_reg;
    if (s6_cnp && !p6_ue_reg) n_seen = 1'b1;
    if (p6_do_cut_reg) begin
      if (p6_clamp_reg) n_rt = p6_rc_reg;
      n_rc = p6_first_reg ? d_first : s6_rc_cut;
      n_alpha = p6_alpha_up_reg;
      n_cutv = 1'b1;
      n_lastcut = p6_now_reg;
      n_pend = 1'b0;
      if (p6_carm_reg && !s6_ctmr) begin
        n_cgen = p6_cgen_reg + 8'd1;
        n_carm = 1'b0;
        n_ctmr = TMR_CLR;
      end
    end
    if (p6_defer_new_reg) begin
      n_pend = 1'b1;
      n_cgen = p6_cgen_reg + 8'd1;
      n_carm = 1'b1;
      n_ctmr = TMR_SET;
      n_cdl = p6_cdl_reg;
    end
    if (p6_ce_reg) begin
      n_ti = 1'b0;
      n_agen = p6_agen_reg + 8'd1;
      n_aarm = 1'b1;
      n_atmr = TMR_SET;
      n_adl = p6_adl_reg;
    end
    if (p6_ce_reg || (s6_cnp && p6_ue_reg)) begin
      n_ts = '0;
      n_bs = '0;
      n_bytecnt = '0;
      n_igen = p6_igen_reg + 8'd1;
      n_iarm = 1'b1;
      n_itmr = TMR_SET;
      n_idl = p6_idl_reg;
    end

    // INIT: a fresh flow, or one restarting at a start rate
    if (s6_init) begin
      n_valid = p6_tau_ev_reg != 32'd0;
      n_rc = r_line; n_rt = r_line; n_alpha = r_ainit[16:0];
      n_ts = '0; n_bs = '0; n_bytecnt = '0;
      n_agen = '0; n_igen = '0; n_cgen = '0;
      n_aarm = 1'b0; n_iarm = 1'b0; n_carm = 1'b0;
      n_pend = 1'b0; n_cutv = 1'b0; n_lastcut = '0;
      n_seen = 1'b0; n_ti = 1'b0; n_tau = '0;
      n_atmr = TMR_CLR; n_itmr = TMR_CLR; n_ctmr = TMR_CLR;
      if (p6_tau_ev_reg != 32'd0) begin
        n_rc = s6_init_rc;
        n_igen = p6_igen_reg + 8'd1;
        n_iarm = 1'b1;
        n_itmr = TMR_SET;
        n_idl = p6_idl_reg;
      end
    end
  end

  // P7: the new rate state (written to RAM A at the end of S7) and the result fields.
  logic [2:0]  p7_op_reg;
  logic [31:0] p7_now_reg, p7_rc_raw_reg;
  logic [15:0] p7_bytes_reg;
  logic        p7_plus_reg, p7_stale_reg;
  logic [SW-1:0] p7_word_reg;
  logic [31:0] p7_rc_reg, p7_rt_reg;
  logic [16:0] p7_alpha_reg;
  logic [1:0]  p7_atmr_reg, p7_itmr_reg, p7_ctmr_reg;
  logic [7:0]  p7_agen_reg, p7_igen_reg, p7_cgen_reg;
  logic [31:0] p7_adl_reg, p7_idl_reg, p7_cdl_reg;
  logic [30:0] p7_ptc_reg;
  always_ff @(posedge clk) begin
    p7_op_reg <= p6_op_reg;     p7_now_reg <= p6_now_reg;
    p7_rc_raw_reg <= p6_rc_raw_reg;
    p7_bytes_reg <= p6_bytes_reg;
    p7_plus_reg <= p6_plus_reg; p7_stale_reg <= n_stale;
    p7_word_reg <= {n_valid, n_rc, n_rt, n_alpha, n_ts, n_bs, n_bytecnt, n_agen, n_igen, n_cgen,
                    n_aarm, n_iarm, n_carm, n_pend, n_cutv, n_lastcut, n_seen, n_ti, n_tau};
    p7_rc_reg <= n_rc;          p7_rt_reg <= n_rt;
    p7_alpha_reg <= n_alpha;
    p7_atmr_reg <= n_atmr;      p7_itmr_reg <= n_itmr;      p7_ctmr_reg <= n_ctmr;
    p7_agen_reg <= n_agen;      p7_igen_reg <= n_igen;      p7_cgen_reg <= n_cgen;
    p7_adl_reg <= n_adl;        p7_idl_reg <= n_idl;        p7_cdl_reg <= n_cdl;
    p7_ptc_reg <= p6_ptc_reg;
  end

  assign rama_we    = clearing_reg || p_valid_reg[7];
  assign rama_waddr = clearing_reg ? clr_addr_reg : p_flow_reg[7];
  assign rama_wdata = clearing_reg ? '0 : p7_word_reg;

  // ---------------------------------------------------------------- S7: reciprocal index
  // lz = leading zeros of Rc (Rc >= 1000: lz <= 22); idx = the 12 bits after the leading 1.
  // One-hot leading one (each position: its bit and a NOR of the bits above it), then an
  // AND-OR select of the 12 bits below it: no priority chain, about six LUT levels.
  logic [31:0] s7_lead;
  logic [4:0]  s7_lz;
  logic [11:0] s7_idx;
  logic [43:0] s7_ext;
  always_comb begin
    for (int b = 0; b < 32; b++) begin
      s7_lead[b] = p7_rc_reg[b];
      for (int h = b + 1; h < 32; h++) s7_lead[b] = s7_lead[b] && !p7_rc_reg[h];
    end
    s7_ext = {p7_rc_reg, 12'd0};
    s7_idx = '0;
    s7_lz = '0;
    for (int b = 0; b < 32; b++) begin
      s7_idx = s7_idx | ({12{s7_lead[b]}} & s7_ext[b +: 12]);
      s7_lz = s7_lz | ({5{s7_lead[b]}} & 5'(31 - b));
    end
  end

  // The reciprocal table: T[idx] = floor(125000 * 4096 / (4096 + idx + 1)), in block RAM.
  logic [16:0] recip_rom [0:4095];
  logic [16:0] rom_t;
  initial begin : rom_init
    `include "dcqcn_rp_recip.vh"
  end
  always_ff @(posedge clk) rom_t <= recip_rom[s7_idx];

  // ================================================================ pacing RAM B
  localparam int PW = 1 + 44 + 16 + 44;  // valid, departure, bytes, next departure
  logic [PW-1:0] ramb_rdata, ramb_wdata;
  logic          ramb_we;
  logic [FW-1:0] ramb_waddr;

  dcqcn_ram_sdp #(.WIDTH(PW), .DEPTH(NUM_FLOWS)) u_ram_b (
    .clk(clk),
    .we(ramb_we), .waddr(ramb_waddr), .wdata(ramb_wdata),
    .re(p_valid_reg[7]), .raddr(p_flow_reg[7]), .rdata(ramb_rdata)
  );

  // P8
  logic [2:0]  p8_op_reg;
  logic [31:0] p8_now_reg;
  logic [15:0] p8_bytes_reg;
  logic        p8_plus_reg, p8_stale_reg, p8_rc_chg_reg;
  logic [4:0]  p8_lz_reg;
  logic [31:0] p8_rc_reg, p8_rt_reg;
  logic [16:0] p8_alpha_reg;
  logic [1:0]  p8_atmr_reg, p8_itmr_reg, p8_ctmr_reg;
  logic [7:0]  p8_agen_reg, p8_igen_reg, p8_cgen_reg;
  logic [31:0] p8_adl_reg, p8_idl_reg, p8_cdl_reg;
  logic [30:0] p8_ptc_reg;
  always_ff @(posedge clk) begin
    p8_op_reg <= p7_op_reg;     p8_now_reg <= p7_now_reg;
    p8_bytes_reg <= p7_bytes_reg;
    p8_plus_reg <= p7_plus_reg; p8_stale_reg <= p7_stale_reg;
    p8_rc_chg_reg <= p7_rc_reg != p7_rc_raw_reg;
    p8_lz_reg <= s7_lz;
    p8_rc_reg <= p7_rc_reg;     p8_rt_reg <= p7_rt_reg;
    p8_alpha_reg <= p7_alpha_reg;
    p8_atmr_reg <= p7_atmr_reg; p8_itmr_reg <= p7_itmr_reg; p8_ctmr_reg <= p7_ctmr_reg;
    p8_agen_reg <= p7_agen_reg; p8_igen_reg <= p7_igen_reg; p8_cgen_reg <= p7_cgen_reg;
    p8_adl_reg <= p7_adl_reg;   p8_idl_reg <= p7_idl_reg;   p8_cdl_reg <= p7_cdl_reg;
    p8_ptc_reg <= p7_ptc_reg;
  end

  // ---------------------------------------------------------------- S8: pacing operands
  logic        pb_valid;
  logic [43:0] pb_tdep, pb_tnext;
  logic [15:0] pb_bytes;
  assign {pb_valid, pb_tdep, pb_bytes, pb_tnext} = ramb_rdata;

  logic [43:0] s8_now_f, s8_tn;
  always_comb begin
    s8_now_f = {p8_now_reg, 12'd0};
    s8_tn    = pb_valid ? pb_tnext : s8_now_f;
  end

  // P9 (the DSP input registers: bytes and the L split, times T)
  logic [2:0]  p9_op_reg;
  logic [31:0] p9_now_reg;
  logic [15:0] p9_bytes_reg;
  logic        p9_plus_reg, p9_stale_reg, p9_rc_chg_reg;
  logic [4:0]  p9_lz_reg;
  logic [31:0] p9_rc_reg, p9_rt_reg;
  logic [16:0] p9_alpha_reg;
  logic [1:0]  p9_atmr_reg, p9_itmr_reg, p9_ctmr_reg;
  logic [7:0]  p9_agen_reg, p9_igen_reg, p9_cgen_reg;
  logic [31:0] p9_adl_reg, p9_idl_reg, p9_cdl_reg;
  logic [30:0] p9_ptc_reg;
  logic        p9_pv_reg;
  logic [43:0] p9_tn_reg, p9_diff_reg;   // permitted time, now - permitted
  logic [5:0]  p9_sh_reg;                // 33 - lz
  logic [43:0] p9_tdep_reg, p9_tnext_reg;
  logic [15:0] p9_pbytes_reg;    // bytes the departure is computed for
  logic [16:0] p9_t_reg;         // T
  always_ff @(posedge clk) begin
    p9_op_reg <= p8_op_reg;     p9_now_reg <= p8_now_reg;
    p9_bytes_reg <= p8_bytes_reg;
    p9_plus_reg <= p8_plus_reg; p9_stale_reg <= p8_stale_reg;
    p9_rc_chg_reg <= p8_rc_chg_reg;
    p9_lz_reg <= p8_lz_reg;
    p9_rc_reg <= p8_rc_reg;     p9_rt_reg <= p8_rt_reg;
    p9_alpha_reg <= p8_alpha_reg;
    p9_atmr_reg <= p8_atmr_reg; p9_itmr_reg <= p8_itmr_reg; p9_ctmr_reg <= p8_ctmr_reg;
    p9_agen_reg <= p8_agen_reg; p9_igen_reg <= p8_igen_reg; p9_cgen_reg <= p8_cgen_reg;
    p9_adl_reg <= p8_adl_reg;   p9_idl_reg <= p8_idl_reg;   p9_cdl_reg <= p8_cdl_reg;
    p9_ptc_reg <= p8_ptc_reg;
    p9_pv_reg <= pb_valid;
    p9_tn_reg <= s8_tn;
    p9_diff_reg <= s8_now_f - s8_tn;
    p9_sh_reg <= 6'd33 - {1'b0, p8_lz_reg};
    p9_tdep_reg <= pb_tdep;
    p9_tnext_reg <= pb_tnext;
    p9_pbytes_reg <= (p8_op_reg == OP_TX) ? p8_bytes_reg : pb_bytes;
    p9_t_reg <= rom_t;
  end

  // ---------------------------------------------------------------- S9: late check
  // TX: left within 1 ns of the permitted time (or early): keep the exact schedule, so the
  // fraction carries and the long-run rate is Rc; later: restart from now.
  logic [43:0] s9_now_f, s9_base;
  logic        s9_late;
  always_comb begin
    s9_now_f = {p9_now_reg, 12'd0};
    s9_late  = !p9_diff_reg[43] && (p9_diff_reg[42:12] != 31'd0);
    s9_base  = s9_late ? s9_now_f : p9_tn_reg;
  end

  logic [2:0]  p10_op_reg;
  logic [31:0] p10_now_reg;
  logic        p10_plus_reg, p10_stale_reg, p10_rc_chg_reg, p10_pv_reg;
  logic [4:0]  p10_lz_reg;
  logic [31:0] p10_rc_reg, p10_rt_reg;
  logic [16:0] p10_alpha_reg;
  logic [1:0]  p10_atmr_reg, p10_itmr_reg, p10_ctmr_reg;
  logic [7:0]  p10_agen_reg, p10_igen_reg, p10_cgen_reg;
  logic [31:0] p10_adl_reg, p10_idl_reg, p10_cdl_reg;
  logic [30:0] p10_ptc_reg;
  logic [43:0] p10_x_reg, p10_tnext_reg;   // schedule base (TX) or last departure
  logic [15:0] p10_pbytes_reg;
  logic [32:0] p10_m_bt_reg;               // bytes * T
  logic [5:0]  p10_sh_reg;
  logic [29:0] p10_m_lt_hi_reg;            // L[29:17] * T
  logic [33:0] p10_m_lt_lo_reg;            // L[16:0] * T
  always_ff @(posedge clk) begin
    p10_op_reg <= p9_op_reg;     p10_now_reg <= p9_now_reg;
    p10_plus_reg <= p9_plus_reg; p10_stale_reg <= p9_stale_reg;
    p10_rc_chg_reg <= p9_rc_chg_reg;
    p10_pv_reg <= p9_pv_reg;
    p10_lz_reg <= p9_lz_reg;
    p10_rc_reg <= p9_rc_reg;     p10_rt_reg <= p9_rt_reg;
    p10_alpha_reg <= p9_alpha_reg;
    p10_atmr_reg <= p9_atmr_reg; p10_itmr_reg <= p9_itmr_reg; p10_ctmr_reg <= p9_ctmr_reg;
    p10_agen_reg <= p9_agen_reg; p10_igen_reg <= p9_igen_reg; p10_cgen_reg <= p9_cgen_reg;
    p10_adl_reg <= p9_adl_reg;   p10_idl_reg <= p9_idl_reg;   p10_cdl_reg <= p9_cdl_reg;
    p10_ptc_reg <= p9_ptc_reg;
    p10_x_reg <= (p9_op_reg == OP_TX) ? s9_base : p9_tdep_reg;
    p10_tnext_reg <= p9_tnext_reg;
    p10_pbytes_reg <= p9_pbytes_reg;
    p10_sh_reg <= p9_sh_reg;
    p10_m_bt_reg <= {17'd0, p9_pbytes_reg} * {16'd0, p9_t_reg};
    p10_m_lt_hi_reg <= {17'd0, d_lmtu[29:17]} * {13'd0, p9_t_reg};
    p10_m_lt_lo_reg <= {17'd0, d_lmtu[16:0]} * {17'd0, p9_t_reg};
  end

  // ---------------------------------------------------------------- S10: scale by 2^lz
  logic [54:0] s10_bt_sh;
  logic [43:0] s10_pq, s10_x1, s10_next_ceil;
  logic [46:0] s10_lt;
  logic [46:0] s10_pm;
  always_comb begin
    s10_bt_sh = {22'd0, p10_m_bt_reg} << p10_lz_reg;
    s10_pq = {2'd0, s10_bt_sh[54:13]};
    s10_x1 = p10_x_reg + 44'd4095;
    s10_next_ceil = p10_tnext_reg + 44'd4095;
    s10_lt = {p10_m_lt_hi_reg, 17'd0} + {13'd0, p10_m_lt_lo_reg};
    s10_pm = s10_lt >> p10_sh_reg;
  end

  logic [2:0]  p11_op_reg;
  logic [31:0] p11_now_reg;
  logic        p11_plus_reg, p11_stale_reg, p11_rc_chg_reg, p11_pv_reg;
  logic [31:0] p11_rc_reg, p11_rt_reg;
  logic [16:0] p11_alpha_reg;
  logic [1:0]  p11_atmr_reg, p11_itmr_reg, p11_ctmr_reg;
  logic [7:0]  p11_agen_reg, p11_igen_reg, p11_cgen_reg;
  logic [31:0] p11_adl_reg, p11_idl_reg, p11_cdl_reg;
  logic [30:0] p11_ptc_reg;
  logic [43:0] p11_x_reg, p11_x1_reg, p11_pq_reg, p11_tnext_reg, p11_next_ceil_reg;
  logic [15:0] p11_pbytes_reg;
  logic [46:0] p11_pm_reg;
  logic [43:0] p11_xmn_reg;     // departure base - now
  logic [31:0] p11_ptn_reg;     // now + min(tau * lambda, 2^30)
  logic [31:0] p11_capn_reg;    // now + 2^30
  always_ff @(posedge clk) begin
    p11_op_reg <= p10_op_reg;     p11_now_reg <= p10_now_reg;
    p11_plus_reg <= p10_plus_reg; p11_stale_reg <= p10_stale_reg;
    p11_rc_chg_reg <= p10_rc_chg_reg;
    p11_pv_reg <= p10_pv_reg;
    p11_rc_reg <= p10_rc_reg;     p11_rt_reg <= p10_rt_reg;
    p11_alpha_reg <= p10_alpha_reg;
    p11_atmr_reg <= p10_atmr_reg; p11_itmr_reg <= p10_itmr_reg; p11_ctmr_reg <= p10_ctmr_reg;
    p11_agen_reg <= p10_agen_reg; p11_igen_reg <= p10_igen_reg; p11_cgen_reg <= p10_cgen_reg;
    p11_adl_reg <= p10_adl_reg;   p11_idl_reg <= p10_idl_reg;   p11_cdl_reg <= p10_cdl_reg;
    p11_ptc_reg <= p10_ptc_reg;
    p11_x_reg <= p10_x_reg;       p11_x1_reg <= s10_x1;
    p11_pq_reg <= s10_pq;
    p11_tnext_reg <= p10_tnext_reg;
    p11_next_ceil_reg <= s10_next_ceil;
    p11_pbytes_reg <= p10_pbytes_reg;
    p11_pm_reg <= s10_pm;
    p11_xmn_reg <= p10_x_reg - {p10_now_reg, 12'd0};
    p11_ptn_reg <= p10_now_reg + {1'b0, p10_ptc_reg};
    p11_capn_reg <= p10_now_reg + 32'd1073741824;
  end

  // ---------------------------------------------------------------- S11: departure, deadlines
  logic [43:0] s11_now_f, s11_a, s11_ac, s11_tnext, s11_xmnpq;
  logic [31:0] s11_pmn;
  logic        s11_before, s11_pv;
  logic [31:0] s11_next_tx, s11_idl;
  logic [29:0] s11_pm30;
  always_comb begin
    s11_now_f = {p11_now_reg, 12'd0};
    s11_a  = p11_x_reg + p11_pq_reg;     // departure + bytes at Rc
    s11_xmnpq = p11_xmn_reg + p11_pq_reg;
    s11_ac = p11_x1_reg + p11_pq_reg;    // the same + (1 ns - 1 LSB): its ceiling in ns
    s11_before = s11_xmnpq[43];  // departure + bytes at Rc < now (modular)
    s11_pv = p11_pv_reg;
    s11_tnext = p11_tnext_reg;
    s11_next_tx = p11_pv_reg ? p11_next_ceil_reg[43:12] : p11_now_reg;
    if (p11_op_reg == OP_TX) begin
      s11_pv = 1'b1;
      s11_tnext = s11_a;
      s11_next_tx = s11_ac[43:12];
    end else if (p11_op_reg == OP_INIT) begin
      s11_pv = 1'b0;
      s11_next_tx = p11_now_reg;
    end else if (p11_pv_reg && p11_rc_chg_reg) begin   // re-timing
      s11_tnext = s11_before ? s11_now_f : s11_a;
      s11_next_tx = s11_before ? p11_now_reg : s11_ac[43:12];
    end
    // DCQCN+: increase deadline = now + min(max(tau * lambda, lambda * MTU / Rc), 2^30):
    // the three candidate sums in parallel, then a select (ptc <= 2^30 already).
    s11_pm30 = 30'(p11_pm_reg);
    s11_pmn = p11_now_reg + {2'd0, s11_pm30};
    if (p11_pm_reg[46:30] != 17'd0)          s11_idl = p11_capn_reg;
    else if ({1'b0, s11_pm30} > p11_ptc_reg) s11_idl = s11_pmn;
    else                                     s11_idl = p11_ptn_reg;
    if (!(p11_plus_reg && p11_itmr_reg == TMR_SET)) s11_idl = p11_idl_reg;
  end

  // P12: the pacing word for RAM B (written at the end of S12)
  logic [PW-1:0] p12_pace_reg;
  always_ff @(posedge clk) begin
    p12_pace_reg <= (p11_op_reg == OP_INIT) ? '0
                  : {s11_pv, p11_x_reg, p11_pbytes_reg,
                     s11_tnext};
  end
  assign ramb_we    = clearing_reg || p_valid_reg[12];
  assign ramb_waddr = clearing_reg ? clr_addr_reg : p_flow_reg[12];
  assign ramb_wdata = clearing_reg ? '0 : p12_pace_reg;

  // ================================================================ output register + FIFO
  localparam int RW = 3 + FW + 1 + 1 + 32 * 3 + 17 + 3 * (2 + 8 + 32);
  logic [RW-1:0] s11_res, fifo_head;
  assign s11_res = {p11_op_reg, p_flow_reg[11], p11_stale_reg, s11_pv, s11_next_tx, p11_rc_reg,
                    p11_rt_reg, p11_alpha_reg, p11_atmr_reg, p11_agen_reg, p11_adl_reg,
                    p11_itmr_reg, p11_igen_reg, s11_idl, p11_ctmr_reg, p11_cgen_reg, p11_cdl_reg};

  logic [RW-1:0] fifo_mem [0:15];
  logic [3:0]    fifo_wptr_reg, fifo_rptr_reg;
  logic [4:0]    fifo_cnt_reg;
  logic          out_valid_reg;
  logic [RW-1:0] out_res_reg;
  logic          fifo_push, fifo_pop, leave;
  assign leave     = p_valid_reg[11];
  assign out_pop   = out_valid_reg && m_out_ready;
  assign fifo_pop  = fifo_cnt_reg != 5'd0 && out_pop;
  assign fifo_push = leave && (fifo_cnt_reg != 5'd0 || (out_valid_reg && !out_pop));
  assign fifo_head = fifo_mem[fifo_rptr_reg];

  always_ff @(posedge clk) begin
    if (fifo_push) begin
      fifo_mem[fifo_wptr_reg] <= s11_res;
      fifo_wptr_reg <= fifo_wptr_reg + 4'd1;
    end
    if (fifo_pop) fifo_rptr_reg <= fifo_rptr_reg + 4'd1;
    fifo_cnt_reg <= fifo_cnt_reg + {4'd0, fifo_push} - {4'd0, fifo_pop};
    if (fifo_cnt_reg != 5'd0) begin
      if (out_pop) out_res_reg <= fifo_head;
    end else if (!out_valid_reg || out_pop) begin
      out_valid_reg <= leave;
      out_res_reg <= s11_res;
    end
    if (rst) begin
      fifo_wptr_reg <= '0;
      fifo_rptr_reg <= '0;
      fifo_cnt_reg <= '0;
      out_valid_reg <= 1'b0;
    end
  end

  assign m_out_valid = out_valid_reg;

  // Bits no logic reads: register bits above a register's range, fraction bits below a
  // rounding, and fields carried for a waveform reader only.
  logic unused_bits;
  assign unused_bits = ^{r_algo[31:1], r_g[31:17], r_ainit[31:17], r_cshift[31:4], r_maxcut[31:17],
                         r_clamp[31:1], r_clamp_ti[31:1], r_mtu[31:14], r_lambda[31:16],
                         r_defer[31:1], r_afirst[31:1], r_haifix[31:1], p9_bytes_reg, p9_diff_reg[11:0], s10_bt_sh[12:0],
                         p11_next_ceil_reg[11:0], s11_ac[11:0], s2_atmr, s2_init,
                         p3_m_au_reg[15:0], p3_m_ad_reg[15:0], s3_pt_full[7:0],
                         p5_m_a2_reg[15:0], p6_valid_st_reg, s11_xmnpq[42:0]};
  assign {m_out_op, m_out_flow, m_out_stale, m_out_paced, m_out_next_tx_ns, m_out_rc_kbps,
          m_out_rt_kbps, m_out_alpha_q16, m_out_atmr, m_out_agen, m_out_adl_ns, m_out_itmr,
          m_out_igen, m_out_idl_ns, m_out_ctmr, m_out_cgen, m_out_cdl_ns} = out_res_reg;

endmodule

`resetall
