// SPDX-License-Identifier: MIT
// DCQCN congestion point: the switch egress-queue ECN marker.
//
//  - MODE 0, RED/ECN (DCQCN SIGCOMM'15 section 3.1): an ECT packet (ECN 01 or 10) is marked CE
//    (11) with probability 0 for q <= Kmin, Pmax * (q - Kmin) / (Kmax - Kmin) for
//    Kmin < q <= Kmax, 1 for q > Kmax. No divider: mark iff
//    r * (Kmax - Kmin) < Pmax_q16 * (q - Kmin), r = low 16 bits of a 32-bit Galois LFSR
//    (x^32 + x^22 + x^2 + x + 1) advanced by 16 shifts (one XOR network, one update)
//    per PKT event in the middle region, so successive samples do not overlap.
//  - MODE 1, TCD (SIGCOMM'21 section 4): per queue, PFC XOFF/XON events give the
//    ON-OFF pattern (undetermined: the packet gets UE 10 unless it is CE 11); outside
//    it TCD_CE_RULE decides CE: 2 (default) the TCD authors' rule (RED gated by the TCD
//    state, CE withheld while the queue drains after an undetermined period), 0 the
//    queue-trend rule, 1 the RED rule.
//  The TCD state is tracked in both modes; MODE only chooses how the ECN field is written.
//
// Pipeline (docs/cp.md "Latency, throughput, resources" has the stage table): accept -> S0 -> S1 -> S2 -> S3
// -> S4 -> output register; an event accepted at edge N is on m_out_* after edge N+6
// (CpModel::kLatency = 6); one event per cycle, any queue sequence, back-to-back events
// to one queue included, with no stall: the per-queue RAM read-modify-write hazard is
// closed by forwarding (S3's word of the previous cycle and the two writes the read
// missed). At accept the RED region, q - Kmin and the LFSR sample (DSP input registers);
// S1 the partial products (DSP M); S2 the products again (DSP P), summed and compared,
// the RAM word merged with the missed writes, the time/queue compares; S3 the TCD update
// of the entry (dcqcn_cp_tcd), RAM write; S4 the ECN field and the TCD state.
// Registers (dcqcn_cp_regs): a CSR write lands in the CSR file one edge later (a read in
// the cycle after the write returns it); from then s_evt_ready is low until the pipeline
// uses the new values ("apply", S0..S3 empty): with m_out_ready high at most 5 cycles.
// An event accepted at the write's own edge uses the old values, every later one the new.
// Per-queue state (134 bits) lives in dcqcn_ram_sdp; after rst the RAM is cleared by
// walking all NUM_QUEUES addresses (s_evt_ready low meanwhile).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_cp #(
    // ===================================================================================
    // Parameters
    // ===================================================================================
    parameter int NUM_QUEUES = 1024,              // egress queues tracked (power of two >= 2)
    parameter int QW         = $clog2(NUM_QUEUES) // queue index width
) (
    // ===================================================================================
    // Ports
    // ===================================================================================
    input  logic          clk,
    input  logic          rst,

    // Event input
    input  logic          s_evt_valid,
    output logic          s_evt_ready,
    input  logic [1:0]    s_evt_op,          // 0 PKT, 1 PFC, 2 INIT queue, 3 no-op
    input  logic [QW-1:0] s_evt_queue,
    input  logic [31:0]   s_evt_now_ns,      // wrapping ns timestamp
    input  logic [31:0]   s_evt_qlen_bytes,  // egress queue length (at enqueue or dequeue)
    input  logic [1:0]    s_evt_ecn,         // PKT: the packet's ECN field
    input  logic          s_evt_paused,      // PFC: 1 = XOFF (paused), 0 = XON (resumed)

    // Result output: one per event, in order
    output logic          m_out_valid,
    input  logic          m_out_ready,
    output logic [1:0]    m_out_op,
    output logic [QW-1:0] m_out_queue,
    output logic [1:0]    m_out_ecn,         // the new ECN field
    output logic          m_out_marked,      // ECN changed (to CE or UE)
    output logic [1:0]    m_out_tcd_state,   // 0 non-congestion, 1 congestion, 2 undetermined, 3 draining
    output logic [1:0]    m_out_region,      // RED region: 0 q <= Kmin, 1 between, 2 q > Kmax

    // CSR bus (tb/ref/regmap_cp.h)
    input  logic          csr_we,
    input  logic          csr_re,
    input  logic [7:0]    csr_addr,
    input  logic [31:0]   csr_wdata,
    output logic [31:0]   csr_rdata
);

  // =====================================================================================
  // Parameter checks and constants
  // =====================================================================================
  if (NUM_QUEUES < 2 || (NUM_QUEUES & (NUM_QUEUES - 1)) != 0 || QW != $clog2(NUM_QUEUES))
  begin : g_bad_num_queues
    initial $fatal(1, "%m: NUM_QUEUES (%0d) must be a power of two >= 2 and QW its log2",
                   NUM_QUEUES);
  end

  `include "dcqcn_cp_regmap.vh"

  localparam logic [1:0] OP_PKT  = 2'd0;
  localparam logic [1:0] OP_PFC  = 2'd1;
  localparam logic [1:0] OP_INIT = 2'd2;
  localparam logic [1:0] OP_NOP  = 2'd3;

  localparam logic [1:0] ST_NONCONG = 2'd0;
  localparam logic [1:0] ST_CONG    = 2'd1;
  localparam logic [1:0] ST_UNDET   = 2'd2;
  localparam logic [1:0] ST_DRAIN   = 2'd3;

  // TCD_CE_RULE 2 per-queue state (tb/ref/cp_ref.h TcdOst; dcqcn_cp_tcd updates it)
  localparam logic [1:0] OS_CHECK   = 2'd1;
  localparam logic [1:0] OS_CONG    = 2'd3;

  // Per-queue entry: {valid, paused, ever_paused, trend, ost[1:0], off_end_ns, sample_ns,
  // sample_q, q_res}. An invalid entry is all zeros (clear walk, INIT).
  localparam int EW      = 134;
  localparam int E_VALID = 133;
  localparam int E_PAUSED = 132;
  localparam int E_EVER  = 131;
  localparam int E_TREND = 130;
  localparam int E_OST   = 128;  // [129:128]
  localparam int E_OFF_END   = 96;   // [127:96]
  localparam int E_SAMPLE_NS   = 64;   // [95:64]
  localparam int E_SAMPLE_Q    = 32;   // [63:32]
  localparam int E_Q_RES  = 0;    // [31:0]

  // =====================================================================================
  // CSRs
  // =====================================================================================
  // The CSR file (generated) and the applied set act_* the pipeline uses (dcqcn_cp_regs):
  // a write makes an apply pending (no event accepted) until S0..S3 are empty.
  logic          apply_pending, seed_load;
  logic [31:0]   lfsr_seed;
  logic          act_mode, act_max_ton_nonzero, act_period_zero, act_grow_zero;
  logic [31:0]   act_kmin, act_kmax_eff, act_kspan, act_max_ton, act_period;
  logic [31:0]   act_high, act_low, act_grow, act_drain;
  logic [16:0]   act_pmax;
  logic [1:0]    act_rule;

  dcqcn_cp_regs u_regs (
      .clk                (clk),
      .rst                (rst),
      .csr_we             (csr_we),
      .csr_re             (csr_re),
      .csr_addr           (csr_addr),
      .csr_wdata          (csr_wdata),
      .csr_rdata          (csr_rdata),
      .pipe_empty         (!s0_valid_reg && !s1_valid_reg && !s2_valid_reg && !s3_valid_reg),
      .apply_pending      (apply_pending),
      .seed_load          (seed_load),
      .lfsr_seed          (lfsr_seed),
      .act_mode           (act_mode),
      .act_kmin           (act_kmin),
      .act_kmax_eff       (act_kmax_eff),
      .act_kspan          (act_kspan),
      .act_pmax           (act_pmax),
      .act_max_ton        (act_max_ton),
      .act_period         (act_period),
      .act_high           (act_high),
      .act_low            (act_low),
      .act_grow           (act_grow),
      .act_drain          (act_drain),
      .act_rule           (act_rule),
      .act_max_ton_nonzero(act_max_ton_nonzero),
      .act_period_zero    (act_period_zero),
      .act_grow_zero      (act_grow_zero)
  );

  // =====================================================================================
  // Pipeline stages
  // =====================================================================================

  // RAM clearing after reset
  logic          clear_reg, clear_next;
  logic [QW-1:0] clear_addr_reg, clear_addr_next;

  // S0: the accepted event
  logic          s0_valid_reg, s0_valid_next;
  logic [1:0]    s0_op_reg, s0_op_next;
  logic [QW-1:0] s0_queue_reg, s0_queue_next;
  logic [31:0]   s0_now_reg, s0_now_next, s0_qlen_reg, s0_qlen_next;
  logic [1:0]    s0_ecn_reg, s0_ecn_next;
  logic          s0_paused_reg, s0_paused_next;
  logic [1:0]    s0_region_reg, s0_region_next;

  // S1: event, event-only compares (the products: dcqcn_cp_red)
  logic          s1_valid_reg, s1_valid_next;
  logic [1:0]    s1_op_reg, s1_op_next;
  logic [QW-1:0] s1_queue_reg, s1_queue_next;
  logic [31:0]   s1_now_reg, s1_now_next, s1_qlen_reg, s1_qlen_next;
  logic [1:0]    s1_ecn_reg, s1_ecn_next;
  logic          s1_paused_reg, s1_paused_next;
  logic [1:0]    s1_region_reg, s1_region_next;
  logic          s1_le_low_reg, s1_le_low_next, s1_gt_high_reg, s1_gt_high_next;
  logic          s1_le_drain_reg, s1_le_drain_next;

  // S2: event, hit bits for the RAM word merge, RAM output register
  logic          s2_valid_reg, s2_valid_next;
  logic [1:0]    s2_op_reg, s2_op_next;
  logic [QW-1:0] s2_queue_reg, s2_queue_next;
  logic [31:0]   s2_now_reg, s2_now_next, s2_qlen_reg, s2_qlen_next;
  logic [1:0]    s2_ecn_reg, s2_ecn_next;
  logic          s2_paused_reg, s2_paused_next;
  logic [1:0]    s2_region_reg, s2_region_next;
  logic          s2_le_low_reg, s2_le_low_next, s2_gt_high_reg, s2_gt_high_next;
  logic          s2_le_drain_reg, s2_le_drain_next;
  // word in fwd1 / fwd2 is this queue's
  logic          s2_hit_fwd1_reg, s2_hit_fwd1_next, s2_hit_fwd2_reg, s2_hit_fwd2_next;
  logic [EW-1:0] ram_rdata_q_reg, ram_rdata_q_next;  // RAM output register

  // S3: the read-modify-write step
  logic          s3_valid_reg, s3_valid_next;
  logic [1:0]    s3_op_reg, s3_op_next;
  logic [QW-1:0] s3_queue_reg, s3_queue_next;
  logic [31:0]   s3_now_reg, s3_now_next, s3_qlen_reg, s3_qlen_next;
  logic [1:0]    s3_ecn_reg, s3_ecn_next;
  logic          s3_paused_reg, s3_paused_next;
  logic [1:0]    s3_region_reg, s3_region_next;
  logic          s3_le_low_reg, s3_le_low_next, s3_gt_high_reg, s3_gt_high_next;
  logic          s3_le_drain_reg, s3_le_drain_next;
  logic          s3_red_reg, s3_red_next;
  logic          s3_pfc_onoff_reg, s3_pfc_onoff_next;  // PFC: XOFF, or XON with MAX_TON_NS > 0
  logic [EW-1:0] s3_word_reg, s3_word_next;  // stored word (all writes before S3's event)
  logic          s3_ton_reg, s3_ton_next, s3_since_reg, s3_since_next, s3_gt_reg, s3_gt_next;  // vs s3_word
  logic          s3_grow_reg, s3_grow_next, s3_qres_reg, s3_qres_next;
  logic          s3_prev_ton_reg, s3_prev_ton_next, s3_prev_since_reg, s3_prev_since_next;  // vs fwd1 event
  logic          s3_prev_gt_reg, s3_prev_gt_next, s3_prev_grow_reg, s3_prev_grow_next;
  logic          s3_prev_qres_reg, s3_prev_qres_next;
  // the event before (now in fwd1) wrote this queue
  logic          s3_hit_prev_reg, s3_hit_prev_next;

  // Words written by S3 at the last two edges (fwd1 the latest), with what changed
  logic          fwd1_we_reg, fwd1_we_next;
  logic [QW-1:0] fwd1_addr_reg, fwd1_addr_next;
  logic [EW-1:0] fwd1_data_reg, fwd1_data_next, fwd2_data_reg, fwd2_data_next;
  logic          fwd1_xon_reg, fwd1_xon_next, fwd1_sampled_reg, fwd1_sampled_next;
  logic          fwd1_init_reg, fwd1_init_next;

  // S4: the decisions of S3, turned into the ECN field and the TCD state
  logic          s4_valid_reg, s4_valid_next;
  logic [1:0]    s4_op_reg, s4_op_next;
  logic [QW-1:0] s4_queue_reg, s4_queue_next;
  logic [1:0]    s4_ecn_reg, s4_ecn_next, s4_region_reg, s4_region_next, s4_ost_reg, s4_ost_next;
  logic          s4_red_reg, s4_red_next, s4_onoff_reg, s4_onoff_next, s4_cong_reg, s4_cong_next;
  logic          s4_trend_reg, s4_trend_next, s4_mode_reg, s4_mode_next;
  logic          s4_rule2_reg, s4_rule2_next;

  // Output register
  logic          out_valid_reg, out_valid_next;
  logic [1:0]    out_op_reg, out_op_next;
  logic [QW-1:0] out_queue_reg, out_queue_next;
  logic [1:0]    out_ecn_reg, out_ecn_next;
  logic          out_marked_reg, out_marked_next;
  logic [1:0]    out_state_reg, out_state_next;
  logic [1:0]    out_region_reg, out_region_next;

  // RAM ports
  logic          ram_we;
  logic [QW-1:0] ram_waddr;
  logic [EW-1:0] ram_wdata;
  logic [EW-1:0] ram_rdata;

  logic en;  // global pipeline enable (back-pressure)
  assign en = !out_valid_reg || m_out_ready;



  // ---------------------------------------------------------------------------------
  // Accept .. S2: the RED decision (region at accept, products in S1, compare in S2)
  // ---------------------------------------------------------------------------------
  logic [1:0] in_region;
  logic       s2_red;

  dcqcn_cp_red u_red (
      .clk       (clk),
      .rst       (rst),
      .en        (en),
      .accept_pkt(s_evt_valid && s_evt_ready && s_evt_op == OP_PKT),
      .qlen_bytes(s_evt_qlen_bytes),
      .region    (in_region),
      .kmin      (act_kmin),
      .kmax_eff  (act_kmax_eff),
      .kspan     (act_kspan),
      .pmax      (act_pmax),
      .seed_load (seed_load),
      .seed      (lfsr_seed),
      .s2_region (s2_region_reg),
      .s2_red    (s2_red)
  );

  // S1: the partial products (registered in, registered out: DSP) and the hit bits for S2
  // are in the stage registers below.
  logic s3_writes;  // the event in S3 writes its queue's entry
  assign s3_writes = s3_valid_reg && (s3_op_reg != OP_NOP);

  // ---------------------------------------------------------------------------------
  // S2: merge the RAM word with the writes it missed; products summed and compared;
  // compares against the merged word and against the event in S3
  // ---------------------------------------------------------------------------------
  logic [EW-1:0] s2_word;
  logic [31:0]   s2_since_off_end, s2_since_sample, s2_since_prev;
  logic [32:0]   s2_sample_q_grow, s2_prev_q_grow;
  logic          s2_ton, s2_since, s2_gt, s2_grow, s2_qres;
  logic          s2_prev_ton, s2_prev_since, s2_prev_gt, s2_prev_grow, s2_prev_qres;
  always_comb begin
    s2_word = s2_hit_fwd1_reg ? fwd1_data_reg : (s2_hit_fwd2_reg ? fwd2_data_reg : ram_rdata_q_reg);

    s2_since_off_end = s2_now_reg - s2_word[E_OFF_END +: 32];
    s2_since_sample  = s2_now_reg - s2_word[E_SAMPLE_NS +: 32];
    s2_sample_q_grow = {1'b0, s2_word[E_SAMPLE_Q +: 32]} + {1'b0, act_grow};
    s2_ton           = s2_since_off_end < act_max_ton;
    s2_since         = s2_since_sample >= act_period;
    s2_gt            = s2_qlen_reg > s2_word[E_SAMPLE_Q +: 32];
    s2_grow          = {1'b0, s2_qlen_reg} >= s2_sample_q_grow;
    s2_qres          = s2_qlen_reg >= s2_word[E_Q_RES +: 32];

    // against the event now in S3, if it writes this queue: its time and queue length
    // (an INIT leaves a fresh entry: sampled now, nothing to compare)
    s2_since_prev  = s2_now_reg - s3_now_reg;
    s2_prev_q_grow = {1'b0, s3_qlen_reg} + {1'b0, act_grow};
    s2_prev_ton    = s2_since_prev < act_max_ton;
    s2_prev_since  = (s3_op_reg == OP_INIT) ? act_period_zero : (s2_since_prev >= act_period);
    s2_prev_gt     = (s3_op_reg == OP_INIT) ? 1'b0 : (s2_qlen_reg > s3_qlen_reg);
    s2_prev_grow   = (s3_op_reg == OP_INIT) ? act_grow_zero : ({1'b0, s2_qlen_reg} >= s2_prev_q_grow);
    s2_prev_qres   = s2_qlen_reg >= s3_qlen_reg;
  end

  // ---------------------------------------------------------------------------------
  // S3: read-modify-write step
  // ---------------------------------------------------------------------------------
  logic [EW-1:0] s3_entry;  // the entry before this event
  logic          hit_prev;
  logic          ton_now, since_now, gt_now, grow_now, qres_now;
  logic          is_pkt, is_pfc, is_xon, is_init;
  logic          onoff, new_paused, new_ever, new_trend, sampled, cong;
  logic [1:0]    new_ost;
  logic [31:0]   new_off_end, new_q_res, new_sample_ns, new_sample_q;
  logic          s3_write;
  logic [EW-1:0] s3_wdata;
  always_comb begin
    hit_prev = s3_hit_prev_reg;
    s3_entry = hit_prev ? fwd1_data_reg : s3_word_reg;
    is_pkt   = s3_op_reg == OP_PKT;
    is_pfc   = s3_op_reg == OP_PFC;
    is_init  = s3_op_reg == OP_INIT;
    is_xon   = is_pfc && !s3_paused_reg;

    // compares of this event against s3_entry (the entry before it): S2's against the stored word, or, when the
    // previous event wrote this queue and replaced the compared field by its own time or
    // queue length, S2's against that event; a fresh entry is sampled now
    ton_now   = (hit_prev && fwd1_xon_reg) ? s3_prev_ton_reg : s3_ton_reg;
    if (hit_prev) begin
      since_now = fwd1_sampled_reg ? s3_prev_since_reg : s3_since_reg;
      gt_now    = fwd1_sampled_reg ? s3_prev_gt_reg    : s3_gt_reg;
      grow_now  = fwd1_sampled_reg ? s3_prev_grow_reg  : s3_grow_reg;
      qres_now  = fwd1_xon_reg ? s3_prev_qres_reg : (fwd1_init_reg || s3_qres_reg);
    end else begin
      since_now = s3_word_reg[E_VALID] ? s3_since_reg : act_period_zero;
      gt_now    = s3_word_reg[E_VALID] && s3_gt_reg;
      grow_now  = s3_word_reg[E_VALID] ? s3_grow_reg : act_grow_zero;
      qres_now  = !s3_word_reg[E_VALID] || s3_qres_reg;
    end

    // RAM write-back: PKT and PFC store the new entry, INIT stores a fresh one
    s3_write = s3_writes;
    s3_wdata = is_init ? '0
             : {1'b1, new_paused, new_ever, new_trend, new_ost, new_off_end, new_sample_ns, new_sample_q, new_q_res};
  end

  dcqcn_cp_tcd u_tcd (
      .is_pkt        (is_pkt),
      .is_pfc        (is_pfc),
      .paused        (s3_paused_reg),
      .pfc_onoff     (s3_pfc_onoff_reg),
      .now_ns        (s3_now_reg),
      .qlen_bytes    (s3_qlen_reg),
      .red           (s3_red_reg),
      .gt_high       (s3_gt_high_reg),
      .le_low        (s3_le_low_reg),
      .le_drain      (s3_le_drain_reg),
      .rule          (act_rule),
      .e_valid       (s3_entry[E_VALID]),
      .e_paused      (s3_entry[E_PAUSED]),
      .e_ever        (s3_entry[E_EVER]),
      .e_trend       (s3_entry[E_TREND]),
      .e_ost         (s3_entry[E_OST +: 2]),
      .e_off_end_ns  (s3_entry[E_OFF_END +: 32]),
      .e_sample_ns   (s3_entry[E_SAMPLE_NS +: 32]),
      .e_sample_q    (s3_entry[E_SAMPLE_Q +: 32]),
      .e_q_res       (s3_entry[E_Q_RES +: 32]),
      .ton           (ton_now),
      .since         (since_now),
      .gt            (gt_now),
      .grow          (grow_now),
      .qres          (qres_now),
      .onoff         (onoff),
      .cong          (cong),
      .sampled       (sampled),
      .new_paused    (new_paused),
      .new_ever      (new_ever),
      .new_trend     (new_trend),
      .new_ost       (new_ost),
      .new_off_end_ns(new_off_end),
      .new_sample_ns (new_sample_ns),
      .new_sample_q  (new_sample_q),
      .new_q_res     (new_q_res)
  );

  // ---------------------------------------------------------------------------------
  // S4: the new ECN field and the TCD state from S3's decisions
  // ---------------------------------------------------------------------------------
  // (each assigned once per evaluation: with a default-then-override form Icarus 11 never
  // settled on this block and the stage registers that read it)
  logic [1:0] tcd_state, new_ecn;
  logic       ect, s4_pkt, s4_pfc;
  always_comb begin
    s4_pkt = s4_op_reg == OP_PKT;
    s4_pfc = s4_op_reg == OP_PFC;
    if (!(s4_pkt || s4_pfc))                    tcd_state = ST_NONCONG;
    else if (s4_onoff_reg)                      tcd_state = ST_UNDET;
    else if (s4_pkt && !s4_rule2_reg)           tcd_state = s4_cong_reg ? ST_CONG : ST_NONCONG;
    else if (s4_pfc && !s4_rule2_reg)           tcd_state = s4_trend_reg ? ST_CONG : ST_NONCONG;
    else if (s4_ost_reg == OS_CONG)             tcd_state = ST_CONG;
    else if (s4_ost_reg == OS_CHECK)            tcd_state = ST_DRAIN;
    else                                        tcd_state = ST_NONCONG;

    ect     = (s4_ecn_reg == 2'b01) || (s4_ecn_reg == 2'b10);
    if (!(s4_pkt && ect)) new_ecn = s4_ecn_reg;
    else if (!s4_mode_reg) new_ecn = s4_red_reg ? 2'b11 : s4_ecn_reg;
    else if (s4_onoff_reg) new_ecn = 2'b10;  // UE (never over CE: 11 is not ECT)
    else                   new_ecn = s4_cong_reg ? 2'b11 : s4_ecn_reg;  // CE overrides UE
  end

  // ---------------------------------------------------------------------------------
  // Stage registers
  // ---------------------------------------------------------------------------------
  always_comb begin
    // accept -> S0
    s0_valid_next  = s_evt_valid && s_evt_ready;
    s0_op_next     = s_evt_op;
    s0_queue_next  = s_evt_queue;
    s0_now_next    = s_evt_now_ns;
    s0_qlen_next   = s_evt_qlen_bytes;
    s0_ecn_next    = s_evt_ecn;
    s0_paused_next = s_evt_paused;
    s0_region_next = in_region;

    // S0 -> S1
    s1_valid_next    = s0_valid_reg;
    s1_op_next       = s0_op_reg;
    s1_queue_next    = s0_queue_reg;
    s1_now_next      = s0_now_reg;
    s1_qlen_next     = s0_qlen_reg;
    s1_ecn_next      = s0_ecn_reg;
    s1_paused_next   = s0_paused_reg;
    s1_region_next   = s0_region_reg;
    s1_le_low_next   = s0_qlen_reg <= act_low;
    s1_gt_high_next  = s0_qlen_reg > act_high;
    s1_le_drain_next = s0_qlen_reg <= act_drain;

    // S1 -> S2 (the RAM word read at the S0 -> S1 edge lands in ram_rdata_q at this edge; it
    // misses the words written at that edge (fwd1 now, fwd2 then) and at this one (S3 now))
    s2_valid_next    = s1_valid_reg;
    s2_op_next       = s1_op_reg;
    s2_queue_next    = s1_queue_reg;
    s2_now_next      = s1_now_reg;
    s2_qlen_next     = s1_qlen_reg;
    s2_ecn_next      = s1_ecn_reg;
    s2_paused_next   = s1_paused_reg;
    s2_region_next   = s1_region_reg;
    s2_le_low_next   = s1_le_low_reg;
    s2_gt_high_next  = s1_gt_high_reg;
    s2_le_drain_next = s1_le_drain_reg;
    s2_hit_fwd1_next = s3_writes && (s3_queue_reg == s1_queue_reg);
    s2_hit_fwd2_next = fwd1_we_reg && (fwd1_addr_reg == s1_queue_reg);
    ram_rdata_q_next = ram_rdata;

    // S2 -> S3
    s3_valid_next      = s2_valid_reg;
    s3_op_next         = s2_op_reg;
    s3_queue_next      = s2_queue_reg;
    s3_now_next        = s2_now_reg;
    s3_qlen_next       = s2_qlen_reg;
    s3_ecn_next        = s2_ecn_reg;
    s3_paused_next     = s2_paused_reg;
    s3_region_next     = s2_region_reg;
    s3_le_low_next     = s2_le_low_reg;
    s3_gt_high_next    = s2_gt_high_reg;
    s3_le_drain_next   = s2_le_drain_reg;
    s3_red_next        = s2_red;
    s3_pfc_onoff_next  = s2_paused_reg || act_max_ton_nonzero;
    s3_word_next       = s2_word;
    s3_ton_next        = s2_ton;
    s3_since_next      = s2_since;
    s3_gt_next         = s2_gt;
    s3_grow_next       = s2_grow;
    s3_qres_next       = s2_qres;
    s3_prev_ton_next   = s2_prev_ton;
    s3_prev_since_next = s2_prev_since;
    s3_prev_gt_next    = s2_prev_gt;
    s3_prev_grow_next  = s2_prev_grow;
    s3_prev_qres_next  = s2_prev_qres;
    s3_hit_prev_next   = s3_writes && (s3_queue_reg == s2_queue_reg);

    // S3 -> forwarding registers, RAM write, output register
    fwd1_we_next      = s3_write;
    fwd1_addr_next    = s3_queue_reg;
    fwd1_data_next    = s3_wdata;
    fwd1_xon_next     = is_xon;
    fwd1_sampled_next = sampled || is_init;
    fwd1_init_next    = is_init;
    fwd2_data_next    = fwd1_data_reg;

    s4_valid_next  = s3_valid_reg;
    s4_op_next     = s3_op_reg;
    s4_queue_next  = s3_queue_reg;
    s4_ecn_next    = s3_ecn_reg;
    s4_region_next = s3_region_reg;
    s4_red_next    = s3_red_reg;
    s4_onoff_next  = onoff && (is_pkt || is_pfc);
    s4_cong_next   = cong;
    s4_trend_next  = new_trend;
    s4_ost_next    = new_ost;
    s4_mode_next   = act_mode;
    s4_rule2_next  = act_rule == 2'd2;

    out_valid_next  = s4_valid_reg;
    out_op_next     = s4_op_reg;
    out_queue_next  = s4_queue_reg;
    out_ecn_next    = new_ecn;
    out_marked_next = new_ecn != s4_ecn_reg;
    out_state_next  = tcd_state;
    out_region_next = s4_region_reg;
  end

  always_ff @(posedge clk) begin
    clear_reg      <= clear_next;
    clear_addr_reg <= clear_addr_next;

    if (en) begin
      s0_valid_reg      <= s0_valid_next;
      s0_op_reg         <= s0_op_next;
      s0_queue_reg      <= s0_queue_next;
      s0_now_reg        <= s0_now_next;
      s0_qlen_reg       <= s0_qlen_next;
      s0_ecn_reg        <= s0_ecn_next;
      s0_paused_reg     <= s0_paused_next;
      s0_region_reg     <= s0_region_next;
      s1_valid_reg      <= s1_valid_next;
      s1_op_reg         <= s1_op_next;
      s1_queue_reg      <= s1_queue_next;
      s1_now_reg        <= s1_now_next;
      s1_qlen_reg       <= s1_qlen_next;
      s1_ecn_reg        <= s1_ecn_next;
      s1_paused_reg     <= s1_paused_next;
      s1_region_reg     <= s1_region_next;
      s1_le_low_reg     <= s1_le_low_next;
      s1_gt_high_reg    <= s1_gt_high_next;
      s1_le_drain_reg   <= s1_le_drain_next;
      s2_valid_reg      <= s2_valid_next;
      s2_op_reg         <= s2_op_next;
      s2_queue_reg      <= s2_queue_next;
      s2_now_reg        <= s2_now_next;
      s2_qlen_reg       <= s2_qlen_next;
      s2_ecn_reg        <= s2_ecn_next;
      s2_paused_reg     <= s2_paused_next;
      s2_region_reg     <= s2_region_next;
      s2_le_low_reg     <= s2_le_low_next;
      s2_gt_high_reg    <= s2_gt_high_next;
      s2_le_drain_reg   <= s2_le_drain_next;
      s2_hit_fwd1_reg   <= s2_hit_fwd1_next;
      s2_hit_fwd2_reg   <= s2_hit_fwd2_next;
      ram_rdata_q_reg   <= ram_rdata_q_next;
      s3_valid_reg      <= s3_valid_next;
      s3_op_reg         <= s3_op_next;
      s3_queue_reg      <= s3_queue_next;
      s3_now_reg        <= s3_now_next;
      s3_qlen_reg       <= s3_qlen_next;
      s3_ecn_reg        <= s3_ecn_next;
      s3_paused_reg     <= s3_paused_next;
      s3_region_reg     <= s3_region_next;
      s3_le_low_reg     <= s3_le_low_next;
      s3_gt_high_reg    <= s3_gt_high_next;
      s3_le_drain_reg   <= s3_le_drain_next;
      s3_red_reg        <= s3_red_next;
      s3_pfc_onoff_reg  <= s3_pfc_onoff_next;
      s3_word_reg       <= s3_word_next;
      s3_ton_reg        <= s3_ton_next;
      s3_since_reg      <= s3_since_next;
      s3_gt_reg         <= s3_gt_next;
      s3_grow_reg       <= s3_grow_next;
      s3_qres_reg       <= s3_qres_next;
      s3_prev_ton_reg   <= s3_prev_ton_next;
      s3_prev_since_reg <= s3_prev_since_next;
      s3_prev_gt_reg    <= s3_prev_gt_next;
      s3_prev_grow_reg  <= s3_prev_grow_next;
      s3_prev_qres_reg  <= s3_prev_qres_next;
      s3_hit_prev_reg   <= s3_hit_prev_next;
      fwd1_we_reg       <= fwd1_we_next;
      fwd1_addr_reg     <= fwd1_addr_next;
      fwd1_data_reg     <= fwd1_data_next;
      fwd1_xon_reg      <= fwd1_xon_next;
      fwd1_sampled_reg  <= fwd1_sampled_next;
      fwd1_init_reg     <= fwd1_init_next;
      fwd2_data_reg     <= fwd2_data_next;
      s4_valid_reg      <= s4_valid_next;
      s4_op_reg         <= s4_op_next;
      s4_queue_reg      <= s4_queue_next;
      s4_ecn_reg        <= s4_ecn_next;
      s4_region_reg     <= s4_region_next;
      s4_red_reg        <= s4_red_next;
      s4_onoff_reg      <= s4_onoff_next;
      s4_cong_reg       <= s4_cong_next;
      s4_trend_reg      <= s4_trend_next;
      s4_ost_reg        <= s4_ost_next;
      s4_mode_reg       <= s4_mode_next;
      s4_rule2_reg      <= s4_rule2_next;
      out_valid_reg     <= out_valid_next;
      out_op_reg        <= out_op_next;
      out_queue_reg     <= out_queue_next;
      out_ecn_reg       <= out_ecn_next;
      out_marked_reg    <= out_marked_next;
      out_state_reg     <= out_state_next;
      out_region_reg    <= out_region_next;
    end
    // m_out data are 0 while m_out_valid is 0: a synchronous clear (the flops' reset pin,
    // not a LUT on the data path) when the output register takes no result.
    if (rst || (en && !s4_valid_reg)) begin
      out_op_reg     <= '0;
      out_queue_reg  <= '0;
      out_ecn_reg    <= '0;
      out_marked_reg <= 1'b0;
      out_state_reg  <= '0;
      out_region_reg <= '0;
    end
    if (rst) begin
      clear_reg      <= 1'b1;
      clear_addr_reg <= '0;
      s0_valid_reg   <= 1'b0;
      s1_valid_reg   <= 1'b0;
      s2_valid_reg   <= 1'b0;
      s3_valid_reg   <= 1'b0;
      s4_valid_reg   <= 1'b0;
      fwd1_we_reg    <= 1'b0;
      out_valid_reg  <= 1'b0;
    end
  end

  // =====================================================================================
  // RAMs
  // =====================================================================================
  // Per-queue state; the clearing walk owns the write port after reset.
  always_comb begin
    clear_next      = clear_reg;
    clear_addr_next = clear_addr_reg;
    if (clear_reg) begin
      clear_addr_next = clear_addr_reg + 1'b1;
      clear_next      = !(&clear_addr_reg);  // NUM_QUEUES - 1 is all ones
    end
    ram_we    = clear_reg || (en && s3_write);
    ram_waddr = clear_reg ? clear_addr_reg : s3_queue_reg;
    ram_wdata = clear_reg ? '0 : s3_wdata;
  end

  dcqcn_ram_sdp #(
      .WIDTH(EW),
      .DEPTH(NUM_QUEUES)
  ) u_state_ram (
      .clk  (clk),
      .we   (ram_we),
      .waddr(ram_waddr),
      .wdata(ram_wdata),
      .re   (en),
      .raddr(s0_queue_reg),
      .rdata(ram_rdata)
  );

  // =====================================================================================
  // Outputs
  // =====================================================================================
  assign s_evt_ready     = en && !clear_reg && !apply_pending;
  assign m_out_valid     = out_valid_reg;
  assign m_out_op        = out_op_reg;
  assign m_out_queue     = out_queue_reg;
  assign m_out_ecn       = out_ecn_reg;
  assign m_out_marked    = out_marked_reg;
  assign m_out_tcd_state = out_state_reg;
  assign m_out_region    = out_region_reg;

endmodule

`resetall
