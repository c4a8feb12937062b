// SPDX-License-Identifier: MIT
// DCQCN congestion point: the switch egress-queue ECN marker.
//
//  - MODE 0, RED/ECN (DCQCN, SPEC section 1): an ECT packet (ECN 01 or 10) is marked CE
//    (11) with probability 0 for q <= Kmin, Pmax * (q - Kmin) / (Kmax - Kmin) for
//    Kmin < q <= Kmax, 1 for q > Kmax. No divider: mark iff
//    r * (Kmax - Kmin) < Pmax_q16 * (q - Kmin), r = low 16 bits of a 32-bit Galois LFSR
//    (x^32 + x^22 + x^2 + x + 1) advanced by 16 shifts (one XOR network, one update)
//    per PKT event in the middle region, so successive samples do not overlap.
//  - MODE 1, TCD (SIGCOMM'21, SPEC section 4): per queue, PFC XOFF/XON events give the
//    ON-OFF pattern (undetermined: the packet gets UE 10 unless it is CE 11); outside
//    it TCD_CE_RULE decides CE: 2 (default) the TCD authors' rule (RED gated by the TCD
//    state, CE withheld while the queue drains after an undetermined period), 0 the
//    queue-trend rule, 1 the RED rule.
//  The TCD state is tracked in both modes; MODE only chooses how the ECN field is written.
//
// Pipeline (docs/cp.md has the stage diagram). Accept edge -> S0 -> S1 -> S2 -> S3 ->
// S4 -> output register: an event accepted at edge N is on m_out_* after edge N+6
// (CpModel::kLatency = 6); one event per cycle, any queue sequence, back-to-back events
// to one queue included, with no stall: at accept the RED region, q - Kmin and the LFSR
// sample (DSP input registers); S0 the four 16/17 x 16 partial products (DSP M register),
// RAM read issued; S1 the products again (DSP P register); S2 the
// RAM word (output register) merged with the two words written since the read, the
// products summed and compared, the time/queue compares against the stored word and
// against the values the event in S3 may write; S3 the read-modify-write step (word from
// S2 or, same queue, the word S3 wrote one cycle earlier, with the compares chosen by what
// that event changed), RAM write; S4 the ECN field and the state from S3's decisions. So the per-queue RAM read-modify-write
// hazard is closed by forwarding (three words: S3 of the previous cycle and the two
// writes the read missed); it never stalls.
// Registers: the logic uses a copy of the bus registers (and values derived from them:
// max(Kmin, Kmax), Kmax - Kmin, ...) that is loaded ("applied") at an edge where S0..S3
// hold no event (S4 carries its own MODE and rule). A CSR write is registered and lands in
// the bus registers one edge later (a read in the cycle after the write already returns
// it); from the cycle after the write s_evt_ready is low until the apply edge: with
// m_out_ready high at most 5 cycles. An event accepted at the write's own edge uses the
// old values, every later one the new.
// Per-queue state (134 bits) lives in dcqcn_ram_sdp; after rst the RAM is cleared by
// walking all NUM_QUEUES addresses (s_evt_ready low meanwhile).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_cp #(
    parameter int NUM_QUEUES = 1024,              // egress queues tracked (power of two >= 2)
    parameter int QW         = $clog2(NUM_QUEUES) // queue index width
) (
    input  logic          clk,
    input  logic          rst,

    // ---- event input ----
    input  logic          s_evt_valid,
    output logic          s_evt_ready,
    input  logic [1:0]    s_evt_op,          // 0 PKT, 1 PFC, 2 INIT queue, 3 no-op
    input  logic [QW-1:0] s_evt_queue,
    input  logic [31:0]   s_evt_now_ns,      // wrapping ns timestamp
    input  logic [31:0]   s_evt_qlen_bytes,  // egress queue length (at enqueue or dequeue)
    input  logic [1:0]    s_evt_ecn,         // PKT: the packet's ECN field
    input  logic          s_evt_paused,      // PFC: 1 = XOFF (paused), 0 = XON (resumed)

    // ---- result output (one per event, in order) ----
    output logic          m_out_valid,
    input  logic          m_out_ready,
    output logic [1:0]    m_out_op,
    output logic [QW-1:0] m_out_queue,
    output logic [1:0]    m_out_ecn,         // the new ECN field
    output logic          m_out_marked,      // ECN changed (to CE or UE)
    output logic [1:0]    m_out_tcd_state,   // 0 non-congestion, 1 congestion, 2 undetermined, 3 draining
    output logic [1:0]    m_out_region,      // RED region: 0 q <= Kmin, 1 between, 2 q > Kmax

    // ---- register bus ----
    input  logic          csr_we,
    input  logic          csr_re,
    input  logic [7:0]    csr_addr,
    input  logic [31:0]   csr_wdata,
    output logic [31:0]   csr_rdata
);

  `include "dcqcn_cp_regmap.vh"

  generate
    if (NUM_QUEUES < 2 || (NUM_QUEUES & (NUM_QUEUES - 1)) != 0 || QW != $clog2(NUM_QUEUES)) begin : g_bad_param
      initial $fatal(1, "%m: NUM_QUEUES (%0d) must be a power of two >= 2 and QW its log2",
                     NUM_QUEUES);
    end
  endgenerate

  localparam logic [1:0] OP_PKT  = 2'd0;
  localparam logic [1:0] OP_PFC  = 2'd1;
  localparam logic [1:0] OP_INIT = 2'd2;
  localparam logic [1:0] OP_NOP  = 2'd3;

  localparam logic [1:0] ST_NONCONG = 2'd0;
  localparam logic [1:0] ST_CONG    = 2'd1;
  localparam logic [1:0] ST_UNDET   = 2'd2;
  localparam logic [1:0] ST_DRAIN   = 2'd3;

  // TCD_CE_RULE 2 per-queue state (tb/ref/cp_ref.h TcdOst)
  localparam logic [1:0] OS_NONCONG = 2'd0;
  localparam logic [1:0] OS_CHECK   = 2'd1;
  localparam logic [1:0] OS_UNDET   = 2'd2;
  localparam logic [1:0] OS_CONG    = 2'd3;

  localparam logic [1:0] RG_BELOW   = 2'd0;
  localparam logic [1:0] RG_BETWEEN = 2'd1;
  localparam logic [1:0] RG_ABOVE   = 2'd2;

  localparam logic [31:0] LFSR_MASK = 32'h8020_0003;  // x^32 + x^22 + x^2 + x + 1

  // 16 Galois shifts: the next 16-bit sample shares no bit with the last one
  function automatic logic [31:0] lfsr_advance(input logic [31:0] x);
    logic [31:0] v;
    v = x;
    for (int i = 0; i < 16; i++) v = {1'b0, v[31:1]} ^ (v[0] ? LFSR_MASK : 32'd0);
    lfsr_advance = v;
  endfunction

  // Per-queue entry: {valid, paused, ever_paused, trend, ost[1:0], off_end_ns, sample_ns,
  // sample_q, q_res}. An invalid entry is all zeros (clear walk, INIT).
  localparam int EW      = 134;
  localparam int E_VALID = 133;
  localparam int E_PAUSE = 132;
  localparam int E_EVER  = 131;
  localparam int E_TREND = 130;
  localparam int E_OST   = 128;  // [129:128]
  localparam int E_OFF   = 96;   // [127:96]
  localparam int E_SNS   = 64;   // [95:64]
  localparam int E_SQ    = 32;   // [63:32]
  localparam int E_QRES  = 0;    // [31:0]

  // ---------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------
  logic          pend_reg, pend_next;            // a write not yet applied
  logic          seed_pend_reg, seed_pend_next;  // LFSR_SEED written since the last apply

  // Applied copy used by the pipeline, and values derived from it
  logic          a_mode_reg, a_mode_next;
  logic [31:0]   a_kmin_reg, a_kmin_next, a_kmaxe_reg, a_kmaxe_next;        // Kmin, max(Kmin, Kmax)
  logic [31:0]   a_span_reg, a_span_next;                     // max(Kmin, Kmax) - Kmin
  logic [16:0]   a_pmax_reg, a_pmax_next;
  logic [31:0]   a_max_ton_reg, a_max_ton_next, a_period_reg, a_period_next;    // period: rule 2 MAX_TON_NS, else SAMPLE_NS
  logic [31:0]   a_high_reg, a_high_next, a_low_reg, a_low_next, a_grow_reg, a_grow_next, a_drain_reg, a_drain_next;
  logic [1:0]    a_rule_reg, a_rule_next;
  logic          a_ton_nz_reg, a_ton_nz_next, a_period_z_reg, a_period_z_next, a_grow_z_reg, a_grow_z_next;

  logic [31:0]   lfsr_reg, lfsr_next;

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
  logic [31:0]   s0_qoff_reg, s0_qoff_next;                    // q - Kmin (DSP input register)
  logic [15:0]   s0_r_reg, s0_r_next;                       // the LFSR sample (DSP input register)

  // S1: event, products (DSP M register), event-only compares
  logic          s1_valid_reg, s1_valid_next;
  logic [1:0]    s1_op_reg, s1_op_next;
  logic [QW-1:0] s1_queue_reg, s1_queue_next;
  logic [31:0]   s1_now_reg, s1_now_next, s1_qlen_reg, s1_qlen_next;
  logic [1:0]    s1_ecn_reg, s1_ecn_next;
  logic          s1_paused_reg, s1_paused_next;
  logic [1:0]    s1_region_reg, s1_region_next;
  logic          s1_le_low_reg, s1_le_low_next, s1_gt_high_reg, s1_gt_high_next, s1_le_drain_reg, s1_le_drain_next;
  logic [31:0]   s1_p0_reg, s1_p0_next, s1_p1_reg, s1_p1_next;           // r * span[15:0], r * span[31:16]
  logic [32:0]   s1_q0_reg, s1_q0_next, s1_q1_reg, s1_q1_next;           // Pmax * qoff[15:0], Pmax * qoff[31:16]

  // S2: event, partial products, hit bits for the RAM word merge
  logic          s2_valid_reg, s2_valid_next;
  logic [1:0]    s2_op_reg, s2_op_next;
  logic [QW-1:0] s2_queue_reg, s2_queue_next;
  logic [31:0]   s2_now_reg, s2_now_next, s2_qlen_reg, s2_qlen_next;
  logic [1:0]    s2_ecn_reg, s2_ecn_next;
  logic          s2_paused_reg, s2_paused_next;
  logic [1:0]    s2_region_reg, s2_region_next;
  logic          s2_le_low_reg, s2_le_low_next, s2_gt_high_reg, s2_gt_high_next, s2_le_drain_reg, s2_le_drain_next;
  logic [31:0]   s2_p0_reg, s2_p0_next, s2_p1_reg, s2_p1_next;           // the products again (DSP P register)
  logic [32:0]   s2_q0_reg, s2_q0_next, s2_q1_reg, s2_q1_next;
  logic          s2_hit1_reg, s2_hit1_next, s2_hit2_reg, s2_hit2_next;       // word in fwd1 / fwd2 is this queue's
  logic [EW-1:0] ram_q_reg, ram_q_next;                      // RAM output register

  // S3: the read-modify-write step
  logic          s3_valid_reg, s3_valid_next;
  logic [1:0]    s3_op_reg, s3_op_next;
  logic [QW-1:0] s3_queue_reg, s3_queue_next;
  logic [31:0]   s3_now_reg, s3_now_next, s3_qlen_reg, s3_qlen_next;
  logic [1:0]    s3_ecn_reg, s3_ecn_next;
  logic          s3_paused_reg, s3_paused_next;
  logic [1:0]    s3_region_reg, s3_region_next;
  logic          s3_le_low_reg, s3_le_low_next, s3_gt_high_reg, s3_gt_high_next, s3_le_drain_reg, s3_le_drain_next;
  logic          s3_red_reg, s3_red_next;
  logic          s3_pfc_onoff_reg, s3_pfc_onoff_next;               // PFC: XOFF, or XON with MAX_TON_NS > 0
  logic [EW-1:0] s3_word_reg, s3_word_next;                    // stored word (all writes before S3's event)
  logic          s3_ton_reg, s3_ton_next, s3_since_reg, s3_since_next, s3_gt_reg, s3_gt_next, s3_grow_reg, s3_grow_next, s3_qres_reg, s3_qres_next;  // vs s3_word
  logic          s3_xton_reg, s3_xton_next, s3_xsince_reg, s3_xsince_next, s3_xgt_reg, s3_xgt_next, s3_xgrow_reg, s3_xgrow_next, s3_xqres_reg, s3_xqres_next; // vs fwd1 event
  logic          s3_hitx_reg, s3_hitx_next;                    // the event before (now in fwd1) wrote this queue

  // Words written by S3 at the last two edges (fwd1 the latest), with what changed
  logic          fwd1_we_reg, fwd1_we_next;
  logic [QW-1:0] fwd1_addr_reg, fwd1_addr_next;
  logic [EW-1:0] fwd1_data_reg, fwd1_data_next, fwd2_data_reg, fwd2_data_next;
  logic          fwd1_xon_reg, fwd1_xon_next, fwd1_samp_reg, fwd1_samp_next, fwd1_init_reg, fwd1_init_next;

  // S4: the decisions of S3, turned into the ECN field and the state
  logic          s4_valid_reg, s4_valid_next;
  logic [1:0]    s4_op_reg, s4_op_next;
  logic [QW-1:0] s4_queue_reg, s4_queue_next;
  logic [1:0]    s4_ecn_reg, s4_ecn_next, s4_region_reg, s4_region_next, s4_ost_reg, s4_ost_next;
  logic          s4_red_reg, s4_red_next, s4_onoff_reg, s4_onoff_next, s4_cong_reg, s4_cong_next, s4_trend_reg, s4_trend_next, s4_mode_reg, s4_mode_next, s4_rule2_reg, s4_rule2_next;

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

  logic en;     // global pipeline enable (back-pressure)
  logic apply;  // load the applied register copy at this edge

  assign en          = !out_valid_reg || m_out_ready;
  assign s_evt_ready = en && !clear_reg && !pend_reg && !wr_any;
  assign apply       = pend_reg && !s0_valid_reg && !s1_valid_reg && !s2_valid_reg && !s3_valid_reg;

  assign m_out_valid     = out_valid_reg;
  assign m_out_op        = out_op_reg;
  assign m_out_queue     = out_queue_reg;
  assign m_out_ecn       = out_ecn_reg;
  assign m_out_marked    = out_marked_reg;
  assign m_out_tcd_state = out_state_reg;
  assign m_out_region    = out_region_reg;

  // ---------------------------------------------------------------------------------
  // CSR bus: the register file (generated from tb/ref/regmap_cp.h)
  // ---------------------------------------------------------------------------------
  // A write is registered and lands in cfg_* one edge later (wr_any high meanwhile); the
  // CP then applies the registers when S0..S3 are empty.
  logic          cfg_mode;
  logic [31:0]   cfg_kmin_bytes, cfg_kmax_bytes, cfg_lfsr_seed, cfg_max_ton_ns, cfg_sample_ns;
  logic [31:0]   cfg_high_bytes, cfg_low_bytes, cfg_tcd_grow_bytes, cfg_tcd_drain_bytes;
  logic [16:0]   cfg_pmax_q16;
  logic [1:0]    cfg_tcd_ce_rule;
  logic          wr_any, wr_lfsr_seed;

  dcqcn_cp_csr u_csr (
      .clk                (clk),
      .rst                (rst),
      .csr_we             (csr_we),
      .csr_re             (csr_re),
      .csr_addr           (csr_addr),
      .csr_wdata          (csr_wdata),
      .csr_rdata          (csr_rdata),
      .cfg_mode           (cfg_mode),
      .cfg_kmin_bytes     (cfg_kmin_bytes),
      .cfg_kmax_bytes     (cfg_kmax_bytes),
      .cfg_pmax_q16       (cfg_pmax_q16),
      .cfg_lfsr_seed      (cfg_lfsr_seed),
      .cfg_max_ton_ns     (cfg_max_ton_ns),
      .cfg_sample_ns      (cfg_sample_ns),
      .cfg_high_bytes     (cfg_high_bytes),
      .cfg_low_bytes      (cfg_low_bytes),
      .cfg_tcd_ce_rule    (cfg_tcd_ce_rule),
      .cfg_tcd_grow_bytes (cfg_tcd_grow_bytes),
      .cfg_tcd_drain_bytes(cfg_tcd_drain_bytes),
      .wr_lfsr_seed       (wr_lfsr_seed),
      .wr_any             (wr_any)
  );

  always_comb begin
    pend_next      = pend_reg && !apply;
    seed_pend_next = seed_pend_reg && !apply;
    if (wr_any) pend_next = 1'b1;  // any write (known address or not) takes one apply
    if (wr_lfsr_seed) seed_pend_next = 1'b1;
  end

  // Applied copy: loaded from the bus registers at an apply edge (S0..S3 empty), with the
  // derived values computed from the bus registers directly (one cycle of logic).
  logic        kmax_ge;
  logic [31:0] kspan;
  assign kmax_ge = cfg_kmax_bytes >= cfg_kmin_bytes;
  assign kspan   = cfg_kmax_bytes - cfg_kmin_bytes;

  always_comb begin
    a_mode_next     = cfg_mode;
    a_kmin_next     = cfg_kmin_bytes;
    a_kmaxe_next    = kmax_ge ? cfg_kmax_bytes : cfg_kmin_bytes;
    a_span_next     = kmax_ge ? kspan : 32'd0;
    a_pmax_next     = cfg_pmax_q16;
    a_max_ton_next  = cfg_max_ton_ns;
    a_period_next   = (cfg_tcd_ce_rule == 2'd2) ? cfg_max_ton_ns : cfg_sample_ns;
    a_high_next     = cfg_high_bytes;
    a_low_next      = cfg_low_bytes;
    a_grow_next     = cfg_tcd_grow_bytes;
    a_drain_next    = cfg_tcd_drain_bytes;
    a_rule_next     = cfg_tcd_ce_rule;
    a_ton_nz_next   = cfg_max_ton_ns != 32'd0;
    a_period_z_next = a_period_next == 32'd0;
    a_grow_z_next   = cfg_tcd_grow_bytes == 32'd0;
  end

  always_ff @(posedge clk) begin
    if (apply) begin
      a_mode_reg      <= a_mode_next;
      a_kmin_reg      <= a_kmin_next;
      a_kmaxe_reg     <= a_kmaxe_next;
      a_span_reg      <= a_span_next;
      a_pmax_reg      <= a_pmax_next;
      a_max_ton_reg   <= a_max_ton_next;
      a_period_reg    <= a_period_next;
      a_high_reg      <= a_high_next;
      a_low_reg       <= a_low_next;
      a_grow_reg      <= a_grow_next;
      a_drain_reg     <= a_drain_next;
      a_rule_reg      <= a_rule_next;
      a_ton_nz_reg    <= a_ton_nz_next;
      a_period_z_reg  <= a_period_z_next;
      a_grow_z_reg    <= a_grow_z_next;
    end
    if (rst) begin
      a_mode_reg      <= CP_MODE_RST[0];
      a_kmin_reg      <= CP_KMIN_BYTES_RST;
      a_kmaxe_reg     <= CP_KMAX_BYTES_RST;
      a_span_reg      <= CP_KMAX_BYTES_RST - CP_KMIN_BYTES_RST;
      a_pmax_reg      <= CP_PMAX_Q16_RST[16:0];
      a_max_ton_reg   <= CP_MAX_TON_NS_RST;
      a_period_reg    <= (CP_TCD_CE_RULE_RST == 32'd2) ? CP_MAX_TON_NS_RST : CP_SAMPLE_NS_RST;
      a_high_reg      <= CP_HIGH_BYTES_RST;
      a_low_reg       <= CP_LOW_BYTES_RST;
      a_grow_reg      <= CP_TCD_GROW_BYTES_RST;
      a_drain_reg     <= CP_TCD_DRAIN_BYTES_RST;
      a_rule_reg      <= CP_TCD_CE_RULE_RST[1:0];
      a_ton_nz_reg    <= CP_MAX_TON_NS_RST != 32'd0;
      a_period_z_reg  <= ((CP_TCD_CE_RULE_RST == 32'd2) ? CP_MAX_TON_NS_RST : CP_SAMPLE_NS_RST) == 32'd0;
      a_grow_z_reg    <= CP_TCD_GROW_BYTES_RST == 32'd0;
    end
  end

  // ---------------------------------------------------------------------------------
  // Accept: RED region of the arriving event, q - Kmin, the LFSR sample (the LFSR steps
  // at the accept edge of a middle-region PKT); they are the DSP input registers
  // ---------------------------------------------------------------------------------
  logic [1:0] in_region;
  logic       in_step;
  always_comb begin
    if (s_evt_qlen_bytes <= a_kmin_reg)      in_region = RG_BELOW;
    else if (s_evt_qlen_bytes > a_kmaxe_reg) in_region = RG_ABOVE;
    else                                     in_region = RG_BETWEEN;
    in_step = s_evt_valid && s_evt_ready && (s_evt_op == OP_PKT) && (in_region == RG_BETWEEN);
  end

  always_comb begin
    lfsr_next = lfsr_reg;
    if (in_step) lfsr_next = lfsr_advance(lfsr_reg);
    if (apply && seed_pend_reg) lfsr_next = cfg_lfsr_seed;  // nothing is accepted at an apply
  end

  // ---------------------------------------------------------------------------------
  // S1: partial products (registered in, registered out: DSP); hit bits for S2
  // ---------------------------------------------------------------------------------
  logic s3_writes;
  assign s3_writes = s3_valid_reg && (s3_op_reg != OP_NOP);

  // ---------------------------------------------------------------------------------
  // S2: merge the RAM word with the writes it missed; products summed and compared;
  // compares against the merged word and against the event in S3
  // ---------------------------------------------------------------------------------
  logic [EW-1:0] s2_word;
  logic [47:0]   s2_rs;   // r * span
  logic [48:0]   s2_pq;   // Pmax * (q - Kmin)
  logic          s2_red;
  logic [31:0]   s2_d_off, s2_d_sns, s2_d_x;
  logic [32:0]   s2_sq_grow, s2_x_grow;
  logic          s2_ton, s2_since, s2_gt, s2_grow, s2_qres;
  logic          s2_xton, s2_xsince, s2_xgt, s2_xgrow, s2_xqres;
  always_comb begin
    s2_word = s2_hit1_reg ? fwd1_data_reg : (s2_hit2_reg ? fwd2_data_reg : ram_q_reg);
    s2_rs   = {s2_p1_reg, 16'd0} + {16'd0, s2_p0_reg};
    s2_pq   = {s2_q1_reg, 16'd0} + {16'd0, s2_q0_reg};
    s2_red  = (s2_region_reg == RG_ABOVE) || (s2_region_reg == RG_BETWEEN && {1'b0, s2_rs} < s2_pq);

    s2_d_off   = s2_now_reg - s2_word[E_OFF +: 32];
    s2_d_sns   = s2_now_reg - s2_word[E_SNS +: 32];
    s2_sq_grow = {1'b0, s2_word[E_SQ +: 32]} + {1'b0, a_grow_reg};
    s2_ton     = s2_d_off < a_max_ton_reg;
    s2_since   = s2_d_sns >= a_period_reg;
    s2_gt      = s2_qlen_reg > s2_word[E_SQ +: 32];
    s2_grow    = {1'b0, s2_qlen_reg} >= s2_sq_grow;
    s2_qres    = s2_qlen_reg >= s2_word[E_QRES +: 32];

    // against the event now in S3, if it writes this queue: its time and queue length
    // (an INIT leaves a fresh entry: sampled now, nothing to compare)
    s2_d_x    = s2_now_reg - s3_now_reg;
    s2_x_grow = {1'b0, s3_qlen_reg} + {1'b0, a_grow_reg};
    s2_xton   = s2_d_x < a_max_ton_reg;
    s2_xsince = (s3_op_reg == OP_INIT) ? a_period_z_reg : (s2_d_x >= a_period_reg);
    s2_xgt    = (s3_op_reg == OP_INIT) ? 1'b0 : (s2_qlen_reg > s3_qlen_reg);
    s2_xgrow  = (s3_op_reg == OP_INIT) ? a_grow_z_reg : ({1'b0, s2_qlen_reg} >= s2_x_grow);
    s2_xqres  = s2_qlen_reg >= s3_qlen_reg;
  end

  // ---------------------------------------------------------------------------------
  // S3: read-modify-write step
  // ---------------------------------------------------------------------------------
  logic [EW-1:0] w;                 // the entry before this event
  logic          fresh, hx;
  logic          ton_s, since_s, gt_s, grow_s, qres_s;
  logic          is_pkt, is_pfc, is_xon, is_init;
  logic          onoff, n_paused, n_ever, n_trend, due, take, gate, sampled, cong;
  logic [1:0]    ost_in, n_ost;
  logic [31:0]   n_off_end, n_qres, n_sample_ns, n_sample_q;
  logic          s3_write;
  logic [EW-1:0] s3_wdata;
  always_comb begin
    hx     = s3_hitx_reg;
    w      = hx ? fwd1_data_reg : s3_word_reg;
    fresh  = !w[E_VALID];
    is_pkt = s3_op_reg == OP_PKT;
    is_pfc = s3_op_reg == OP_PFC;
    is_init = s3_op_reg == OP_INIT;
    is_xon = is_pfc && !s3_paused_reg;

    // compares of this event against w: S2's against the stored word, or, when the
    // previous event wrote this queue and replaced the compared field by its own time or
    // queue length, S2's against that event; a fresh entry is sampled now
    ton_s   = (hx && fwd1_xon_reg) ? s3_xton_reg : s3_ton_reg;
    if (hx) begin
      since_s = fwd1_samp_reg ? s3_xsince_reg : s3_since_reg;
      gt_s    = fwd1_samp_reg ? s3_xgt_reg    : s3_gt_reg;
      grow_s  = fwd1_samp_reg ? s3_xgrow_reg  : s3_grow_reg;
      qres_s  = fwd1_xon_reg ? s3_xqres_reg : (fwd1_init_reg || s3_qres_reg);
    end else begin
      since_s = s3_word_reg[E_VALID] ? s3_since_reg : a_period_z_reg;
      gt_s    = s3_word_reg[E_VALID] && s3_gt_reg;
      grow_s  = s3_word_reg[E_VALID] ? s3_grow_reg : a_grow_z_reg;
      qres_s  = !s3_word_reg[E_VALID] || s3_qres_reg;
    end

    // PFC: XOFF pauses; XON resumes and ends the OFF period now
    n_paused = is_pfc ? s3_paused_reg : w[E_PAUSE];
    n_ever   = w[E_EVER] || is_xon;
    onoff    = is_pfc ? s3_pfc_onoff_reg : (w[E_PAUSE] || (w[E_EVER] && ton_s));

    // trend rule (TCD_CE_RULE 0, 1)
    due     = is_pkt && !onoff && since_s;
    n_trend = w[E_TREND];
    if (a_rule_reg != 2'd2 && due) begin
      if (gt_s && s3_gt_high_reg) n_trend = 1'b1;
      else if (s3_le_low_reg)     n_trend = 1'b0;
    end

    // the TCD authors' rule (TCD_CE_RULE 2)
    ost_in = w[E_OST +: 2];
    n_ost  = ost_in;
    take   = 1'b0;
    gate   = 1'b0;
    if (a_rule_reg == 2'd2 && is_pkt) begin
      if (onoff) begin
        n_ost = OS_UNDET;
      end else begin
        unique case (ost_in)
          OS_UNDET: begin
            if (qres_s) begin gate = 1'b1; n_ost = OS_CONG; end
            else begin take = 1'b1; n_ost = OS_CHECK; end
          end
          OS_CHECK: begin
            if (since_s && grow_s) begin gate = 1'b1; n_ost = OS_CONG; end
            else begin
              take = since_s;
              n_ost = s3_le_drain_reg ? OS_NONCONG : OS_CHECK;
            end
          end
          default: begin  // NONCONG, CONG: RED decides
            gate  = 1'b1;
            n_ost = s3_red_reg ? OS_CONG : OS_NONCONG;
          end
        endcase
      end
    end
    sampled = fresh || (a_rule_reg == 2'd2 ? take : due);

    unique case (a_rule_reg)
      2'd0:    cong = n_trend;
      2'd1:    cong = s3_red_reg;
      default: cong = gate && s3_red_reg;
    endcase

    n_off_end   = is_xon ? s3_now_reg : w[E_OFF +: 32];
    n_qres      = is_xon ? s3_qlen_reg : w[E_QRES +: 32];
    n_sample_ns = sampled ? s3_now_reg : w[E_SNS +: 32];
    n_sample_q  = sampled ? s3_qlen_reg : w[E_SQ +: 32];

    // RAM write-back: PKT and PFC store the new entry, INIT stores a fresh one
    s3_write = s3_writes;
    s3_wdata = is_init ? '0
             : {1'b1, n_paused, n_ever, n_trend, n_ost, n_off_end, n_sample_ns, n_sample_q, n_qres};
  end

  // ---------------------------------------------------------------------------------
  // S4: the new ECN field and the TCD state from S3's decisions
  // ---------------------------------------------------------------------------------
  logic [1:0] state, ecn_new;
  logic       ect, s4_pkt, s4_pfc;
  always_comb begin
    s4_pkt = s4_op_reg == OP_PKT;
    s4_pfc = s4_op_reg == OP_PFC;
    if (s4_onoff_reg)                           state = ST_UNDET;
    else if (s4_pkt && !s4_rule2_reg)           state = s4_cong_reg ? ST_CONG : ST_NONCONG;
    else if (s4_pfc && !s4_rule2_reg)           state = s4_trend_reg ? ST_CONG : ST_NONCONG;
    else if (s4_ost_reg == OS_CONG)             state = ST_CONG;
    else if (s4_ost_reg == OS_CHECK)            state = ST_DRAIN;
    else                                        state = ST_NONCONG;
    if (!(s4_pkt || s4_pfc)) state = ST_NONCONG;

    ect     = (s4_ecn_reg == 2'b01) || (s4_ecn_reg == 2'b10);
    ecn_new = s4_ecn_reg;
    if (s4_pkt && ect) begin
      if (!s4_mode_reg) begin
        if (s4_red_reg) ecn_new = 2'b11;
      end else begin
        if (s4_onoff_reg)     ecn_new = 2'b10;  // UE (never over CE: 11 is not ECT)
        else if (s4_cong_reg) ecn_new = 2'b11;  // CE overrides UE
      end
    end
  end

  // ---------------------------------------------------------------------------------
  // Pipeline registers
  // ---------------------------------------------------------------------------------
  always_comb begin
    clear_next      = clear_reg;
    clear_addr_next = clear_addr_reg;
    if (clear_reg) begin
      clear_addr_next = clear_addr_reg + 1'b1;
      clear_next      = !(&clear_addr_reg);  // NUM_QUEUES - 1 is all ones
    end
    // RAM port: the clearing walk owns the write port after reset
    ram_we    = clear_reg || (en && s3_write);
    ram_waddr = clear_reg ? clear_addr_reg : s3_queue_reg;
    ram_wdata = clear_reg ? '0 : s3_wdata;
  end

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
    s0_qoff_next   = s_evt_qlen_bytes - a_kmin_reg;
    s0_r_next      = lfsr_reg[15:0];

    // S0 -> S1
    s1_valid_next    = s0_valid_reg;
    s1_op_next       = s0_op_reg;
    s1_queue_next    = s0_queue_reg;
    s1_now_next      = s0_now_reg;
    s1_qlen_next     = s0_qlen_reg;
    s1_ecn_next      = s0_ecn_reg;
    s1_paused_next   = s0_paused_reg;
    s1_region_next   = s0_region_reg;
    s1_p0_next       = {16'd0, s0_r_reg} * {16'd0, a_span_reg[15:0]};
    s1_p1_next       = {16'd0, s0_r_reg} * {16'd0, a_span_reg[31:16]};
    s1_q0_next       = {16'd0, a_pmax_reg} * {17'd0, s0_qoff_reg[15:0]};
    s1_q1_next       = {16'd0, a_pmax_reg} * {17'd0, s0_qoff_reg[31:16]};
    s1_le_low_next   = s0_qlen_reg <= a_low_reg;
    s1_gt_high_next  = s0_qlen_reg > a_high_reg;
    s1_le_drain_next = s0_qlen_reg <= a_drain_reg;

    // S1 -> S2 (the RAM word read at the S0 -> S1 edge lands in ram_q at this edge; it
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
    s2_p0_next       = s1_p0_reg;
    s2_p1_next       = s1_p1_reg;
    s2_q0_next       = s1_q0_reg;
    s2_q1_next       = s1_q1_reg;
    s2_hit1_next     = s3_writes && (s3_queue_reg == s1_queue_reg);
    s2_hit2_next     = fwd1_we_reg && (fwd1_addr_reg == s1_queue_reg);
    ram_q_next       = ram_rdata;

    // S2 -> S3
    s3_valid_next     = s2_valid_reg;
    s3_op_next        = s2_op_reg;
    s3_queue_next     = s2_queue_reg;
    s3_now_next       = s2_now_reg;
    s3_qlen_next      = s2_qlen_reg;
    s3_ecn_next       = s2_ecn_reg;
    s3_paused_next    = s2_paused_reg;
    s3_region_next    = s2_region_reg;
    s3_le_low_next    = s2_le_low_reg;
    s3_gt_high_next   = s2_gt_high_reg;
    s3_le_drain_next  = s2_le_drain_reg;
    s3_red_next       = s2_red;
    s3_pfc_onoff_next = s2_paused_reg || a_ton_nz_reg;
    s3_word_next      = s2_word;
    s3_ton_next       = s2_ton;
    s3_since_next     = s2_since;
    s3_gt_next        = s2_gt;
    s3_grow_next      = s2_grow;
    s3_qres_next      = s2_qres;
    s3_xton_next      = s2_xton;
    s3_xsince_next    = s2_xsince;
    s3_xgt_next       = s2_xgt;
    s3_xgrow_next     = s2_xgrow;
    s3_xqres_next     = s2_xqres;
    s3_hitx_next      = s3_writes && (s3_queue_reg == s2_queue_reg);

    // S3 -> forwarding registers, RAM write, output register
    fwd1_we_next   = s3_write;
    fwd1_addr_next = s3_queue_reg;
    fwd1_data_next = s3_wdata;
    fwd1_xon_next  = is_xon;
    fwd1_samp_next = sampled || is_init;
    fwd1_init_next = is_init;
    fwd2_data_next = fwd1_data_reg;

    s4_valid_next  = s3_valid_reg;
    s4_op_next     = s3_op_reg;
    s4_queue_next  = s3_queue_reg;
    s4_ecn_next    = s3_ecn_reg;
    s4_region_next = s3_region_reg;
    s4_red_next    = s3_red_reg;
    s4_onoff_next  = onoff && (is_pkt || is_pfc);
    s4_cong_next   = cong;
    s4_trend_next  = n_trend;
    s4_ost_next    = n_ost;
    s4_mode_next   = a_mode_reg;
    s4_rule2_next  = a_rule_reg == 2'd2;

    out_valid_next  = s4_valid_reg;
    out_op_next     = s4_op_reg;
    out_queue_next  = s4_queue_reg;
    out_ecn_next    = ecn_new;
    out_marked_next = ecn_new != s4_ecn_reg;
    out_state_next  = state;
    out_region_next = s4_region_reg;
  end

  always_ff @(posedge clk) begin
    pend_reg       <= pend_next;
    seed_pend_reg  <= seed_pend_next;
    lfsr_reg       <= lfsr_next;
    clear_reg      <= clear_next;
    clear_addr_reg <= clear_addr_next;

    if (en) begin
      s0_valid_reg <= s0_valid_next;
      s0_op_reg <= s0_op_next;
      s0_queue_reg <= s0_queue_next;
      s0_now_reg <= s0_now_next;
      s0_qlen_reg <= s0_qlen_next;
      s0_ecn_reg <= s0_ecn_next;
      s0_paused_reg <= s0_paused_next;
      s0_region_reg <= s0_region_next;
      s0_qoff_reg <= s0_qoff_next;
      s0_r_reg <= s0_r_next;
      s1_valid_reg <= s1_valid_next;
      s1_op_reg <= s1_op_next;
      s1_queue_reg <= s1_queue_next;
      s1_now_reg <= s1_now_next;
      s1_qlen_reg <= s1_qlen_next;
      s1_ecn_reg <= s1_ecn_next;
      s1_paused_reg <= s1_paused_next;
      s1_region_reg <= s1_region_next;
      s1_p0_reg <= s1_p0_next;
      s1_p1_reg <= s1_p1_next;
      s1_q0_reg <= s1_q0_next;
      s1_q1_reg <= s1_q1_next;
      s1_le_low_reg <= s1_le_low_next;
      s1_gt_high_reg <= s1_gt_high_next;
      s1_le_drain_reg <= s1_le_drain_next;
      s2_valid_reg <= s2_valid_next;
      s2_op_reg <= s2_op_next;
      s2_queue_reg <= s2_queue_next;
      s2_now_reg <= s2_now_next;
      s2_qlen_reg <= s2_qlen_next;
      s2_ecn_reg <= s2_ecn_next;
      s2_paused_reg <= s2_paused_next;
      s2_region_reg <= s2_region_next;
      s2_le_low_reg <= s2_le_low_next;
      s2_gt_high_reg <= s2_gt_high_next;
      s2_le_drain_reg <= s2_le_drain_next;
      s2_p0_reg <= s2_p0_next;
      s2_p1_reg <= s2_p1_next;
      s2_q0_reg <= s2_q0_next;
      s2_q1_reg <= s2_q1_next;
      s2_hit1_reg <= s2_hit1_next;
      s2_hit2_reg <= s2_hit2_next;
      ram_q_reg <= ram_q_next;
      s3_valid_reg <= s3_valid_next;
      s3_op_reg <= s3_op_next;
      s3_queue_reg <= s3_queue_next;
      s3_now_reg <= s3_now_next;
      s3_qlen_reg <= s3_qlen_next;
      s3_ecn_reg <= s3_ecn_next;
      s3_paused_reg <= s3_paused_next;
      s3_region_reg <= s3_region_next;
      s3_le_low_reg <= s3_le_low_next;
      s3_gt_high_reg <= s3_gt_high_next;
      s3_le_drain_reg <= s3_le_drain_next;
      s3_red_reg <= s3_red_next;
      s3_pfc_onoff_reg <= s3_pfc_onoff_next;
      s3_word_reg <= s3_word_next;
      s3_ton_reg <= s3_ton_next;
      s3_since_reg <= s3_since_next;
      s3_gt_reg <= s3_gt_next;
      s3_grow_reg <= s3_grow_next;
      s3_qres_reg <= s3_qres_next;
      s3_xton_reg <= s3_xton_next;
      s3_xsince_reg <= s3_xsince_next;
      s3_xgt_reg <= s3_xgt_next;
      s3_xgrow_reg <= s3_xgrow_next;
      s3_xqres_reg <= s3_xqres_next;
      s3_hitx_reg <= s3_hitx_next;
      fwd1_we_reg <= fwd1_we_next;
      fwd1_addr_reg <= fwd1_addr_next;
      fwd1_data_reg <= fwd1_data_next;
      fwd1_xon_reg <= fwd1_xon_next;
      fwd1_samp_reg <= fwd1_samp_next;
      fwd1_init_reg <= fwd1_init_next;
      fwd2_data_reg <= fwd2_data_next;
      s4_valid_reg <= s4_valid_next;
      s4_op_reg <= s4_op_next;
      s4_queue_reg <= s4_queue_next;
      s4_ecn_reg <= s4_ecn_next;
      s4_region_reg <= s4_region_next;
      s4_red_reg <= s4_red_next;
      s4_onoff_reg <= s4_onoff_next;
      s4_cong_reg <= s4_cong_next;
      s4_trend_reg <= s4_trend_next;
      s4_ost_reg <= s4_ost_next;
      s4_mode_reg <= s4_mode_next;
      s4_rule2_reg <= s4_rule2_next;
      out_valid_reg <= out_valid_next;
      out_op_reg <= out_op_next;
      out_queue_reg <= out_queue_next;
      out_ecn_reg <= out_ecn_next;
      out_marked_reg <= out_marked_next;
      out_state_reg <= out_state_next;
      out_region_reg <= out_region_next;
    end
    if (rst) begin
      pend_reg       <= 1'b0;
      seed_pend_reg  <= 1'b0;
      lfsr_reg       <= CP_LFSR_SEED_RST;
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

endmodule

`resetall
