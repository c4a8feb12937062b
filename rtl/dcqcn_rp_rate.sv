// SPDX-License-Identifier: MIT
// DCQCN RP, rate update: pipeline stages S1..S6 of dcqcn_rp (docs/rp.md "Pipeline").
// Takes the admitted event (into P1) and the flow's rate state read from RAM A (in S1);
// gives, in P7, the new rate state word (dcqcn_rp writes it to RAM A at the end of S7)
// and the result fields the pacing stages (dcqcn_rp_pace) carry to the output.
//
// Timing rule (322.266 MHz, scripts/synth.sh --timing): every product has registered
// inputs, its multiplier output register (M, P3/P5) and, where the next stage has more
// than a short select to do, a second register holding the partial-product sum (P, P4/P6).
// Shifts by a register value happen before a multiply, not after it (the cut: Rc is
// shifted by 15 - CUT_SHIFT in S3, the product by a constant 31). No enable: every register moves every cycle.
// The configuration (cfg_*) is constant while an event is in flight (dcqcn_rp applies
// register writes only when the pipeline is empty).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_rp_rate #(
    parameter int SW = 225  // rate state word (RAM A)
) (
    input  logic          clk,
    // the admitted event (registered into P1 here)
    input  logic [2:0]    adm_op,
    input  logic [31:0]   adm_now_ns,
    input  logic [31:0]   adm_tau_ns,
    input  logic [15:0]   adm_bytes,
    input  logic          adm_cnp_ue,
    input  logic [7:0]    adm_gen,
    // RAM A read data (S1)
    input  logic [SW-1:0] st_word,
    // active configuration
    input  logic          cfg_plus,        // ALGO = DCQCN+
    input  logic [31:0]   cfg_line,        // LINE_RATE_KBPS
    input  logic [31:0]   cfg_minr,        // min(MIN_RATE, LINE_RATE)
    input  logic [16:0]   cfg_g,
    input  logic [16:0]   cfg_alpha_init,
    input  logic [31:0]   cfg_alpha_period,
    input  logic [31:0]   cfg_timer_period,
    input  logic [31:0]   cfg_byte_counter,
    input  logic [31:0]   cfg_f,
    input  logic [31:0]   cfg_ai,
    input  logic [31:0]   cfg_hai,
    input  logic [3:0]    cfg_cut_shift,
    input  logic [16:0]   cfg_max_cut,
    input  logic [31:0]   cfg_rrmp,
    input  logic          cfg_first_en,    // FIRST_CNP_RATE != 0
    input  logic [31:0]   cfg_first,       // FIRST_CNP_RATE clamped to [min, line]
    input  logic          cfg_clamp,
    input  logic          cfg_clamp_ti,
    input  logic          cfg_defer,
    input  logic          cfg_alpha_first,
    input  logic          cfg_hai_fixed,
    input  logic [15:0]   cfg_lambda,
    input  logic [25:0]   cfg_rl100,       // DCQCN+ Rl / 100
    input  logic [7:0]    cfg_f4,          // 4 F
    input  logic [7:0]    cfg_f4m1,        // 4 F - 1
    input  logic [7:0]    cfg_ff4,         // 255 - 4 F
    // P7: the new state and the result fields
    output logic [SW-1:0] p7_word,
    output logic [2:0]    p7_op,
    output logic [31:0]   p7_now_ns,
    output logic [15:0]   p7_bytes,
    output logic          p7_stale,
    output logic [31:0]   p7_rc_raw,       // Rc as read (line rate for a fresh flow)
    output logic [31:0]   p7_rc,
    output logic [31:0]   p7_rt,
    output logic [16:0]   p7_alpha,
    output logic [1:0]    p7_atmr, p7_itmr, p7_ctmr,
    output logic [7:0]    p7_agen, p7_igen, p7_cgen,
    output logic [31:0]   p7_adl, p7_idl, p7_cdl,
    output logic [30:0]   p7_ptc           // DCQCN+: min(tau * lambda, 2^30)
);

  localparam logic [2:0] OP_TX = 3'd0, OP_CNP = 3'd1, OP_ATMR = 3'd2, OP_ITMR = 3'd3,
                         OP_INIT = 3'd5, OP_CTMR = 3'd6;
  localparam logic [1:0] TMR_NONE = 2'd0, TMR_SET = 2'd1, TMR_CLR = 2'd2;

  // ================================================================ P1: the event
  logic [2:0]  p1_op_reg;
  logic [31:0] p1_now_reg, p1_tau_reg;
  logic [15:0] p1_bytes_reg;
  logic        p1_ue_reg;
  logic [7:0]  p1_gen_reg;
  always_ff @(posedge clk) begin
    p1_op_reg <= adm_op;        p1_now_reg <= adm_now_ns;   p1_tau_reg <= adm_tau_ns;
    p1_bytes_reg <= adm_bytes;  p1_ue_reg <= adm_cnp_ue;    p1_gen_reg <= adm_gen;
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
          st_tau} = st_word;

  // A fresh flow (st_valid 0) reads as rc = rt = LINE, alpha = ALPHA_INIT, all else 0:
  // every word with st_valid 0 was written by the RAM clear or by INIT, which store Rc and
  // Rt as all ones (so the clamp to [min, line] gives LINE without a test of st_valid)
  // and 0 in every other field.
  logic [31:0] s1_rc, s1_rt, s1_rc_raw;
  logic [16:0] s1_alpha;
  logic [7:0]  s1_mx, s1_mn;
  always_comb begin
    s1_rc_raw = st_valid ? st_rc : cfg_line;
    s1_rc = (st_rc > cfg_line) ? cfg_line : (st_rc < cfg_minr) ? cfg_minr : st_rc;
    s1_rt = (st_rt > cfg_line) ? cfg_line : (st_rt < cfg_minr) ? cfg_minr : st_rt;
    s1_alpha = st_valid ? st_alpha : cfg_alpha_init;
    s1_mx = (st_ts > st_bs) ? st_ts : st_bs;
    s1_mn = (st_ts > st_bs) ? st_bs : st_ts;
  end

  // ---------------------------------------------------------------- P2
  // Fields carried unchanged from P2 to P6 live in delay lines indexed by the pipeline
  // register ([2] = P2 ... [6] = P6); S6 reads index 6.
  logic [2:0]  op_q      [2:6];
  logic [31:0] now_q     [2:6];
  logic [31:0] tau_ev_q  [2:6];   // the event's tau (CNP) or start rate (INIT)
  logic [31:0] tau_q     [2:6];   // the flow's DCQCN+ tau after this event
  logic [15:0] bytes_q   [2:6];
  logic        ue_q      [2:6];
  logic [31:0] rc_q      [2:6];   // Rc clamped to [min, line]
  logic [31:0] rt_q      [2:6];
  logic [31:0] rc_raw_q  [2:6];
  logic [31:0] bytecnt_q [2:6];   // byte counter as read
  logic [32:0] bcsum_q   [2:6];   // byte counter + this packet
  logic [16:0] alpha_q   [2:6];
  logic [7:0]  ts_q      [2:6], bs_q [2:6];
  logic [7:0]  is_q      [2:6];   // sat(T + 1), the timer stage count after an increase
  logic [7:0]  bsi_q     [2:6];   // sat(BC + 1)
  logic [7:0]  agen_q    [2:6], igen_q [2:6], cgen_q [2:6];
  logic        aok_q     [2:6], iok_q [2:6], cok_q [2:6];   // timer tag matches
  logic        aarm_q    [2:6], iarm_q [2:6], carm_q [2:6];
  logic        pend_q    [2:6], seen_q [2:6], ti_q [2:6];
  logic        cutv_q    [2:2];   // a cut is stored (S2 turns it into win_q: the period still runs)
  logic [31:0] adl_q     [2:6], idl_q [2:6], cdl_q [2:6];   // now + K, now + T, last cut + RRMP
  logic [31:0] lastcut_q [2:6];
  // S2-only operands
  (* keep *) logic [31:0] p2_rc_m_reg;   // Rc for the S2 products: a fabric register (kept, so
                                         // not absorbed into the DSP input register)
  logic [31:0] p2_since_reg;
  logic [16:0] p2_alpha_c_reg;                 // 65536 - alpha
  logic [7:0]  p2_mx_reg, p2_mn_reg;
  logic [7:0]  p2_hai_t_reg, p2_hai_b_reg;     // T - F and BC - F
  logic        p2_ts_gt_reg;                   // T > BC
  logic [7:0]  p2_plus_i_reg;                  // sat(S + 1) - 4F
  always_ff @(posedge clk) begin
    op_q[2]      <= p1_op_reg;
    now_q[2]     <= p1_now_reg;
    tau_ev_q[2]  <= p1_tau_reg;
    tau_q[2]     <= (p1_op_reg == OP_CNP) ? p1_tau_reg
                  : (p1_op_reg == OP_INIT || !st_valid) ? 32'd0 : st_tau;
    bytes_q[2]   <= p1_bytes_reg;
    ue_q[2]      <= p1_ue_reg;
    rc_q[2]      <= s1_rc;
    rt_q[2]      <= s1_rt;
    rc_raw_q[2]  <= s1_rc_raw;
    bytecnt_q[2] <= st_bytecnt;
    bcsum_q[2]   <= {1'b0, st_bytecnt} + {17'd0, p1_bytes_reg};
    alpha_q[2]   <= s1_alpha;
    ts_q[2]      <= st_ts;
    bs_q[2]      <= st_bs;
    is_q[2]      <= (st_ts == 8'hFF) ? 8'hFF : st_ts + 8'd1;
    bsi_q[2]     <= (st_bs == 8'hFF) ? 8'hFF : st_bs + 8'd1;
    agen_q[2]    <= st_agen;
    igen_q[2]    <= st_igen;
    cgen_q[2]    <= st_cgen;
    aok_q[2]     <= st_valid && st_aarm && p1_gen_reg == st_agen;
    iok_q[2]     <= st_valid && st_iarm && p1_gen_reg == st_igen;
    cok_q[2]     <= st_valid && st_carm && p1_gen_reg == st_cgen;
    aarm_q[2]    <= st_valid && st_aarm;
    iarm_q[2]    <= st_valid && st_iarm;
    carm_q[2]    <= st_valid && st_carm;
    pend_q[2]    <= st_valid && st_pend;
    cutv_q[2]    <= st_valid && st_cutv;
    seen_q[2]    <= st_valid && st_seen;
    ti_q[2]      <= st_valid && st_ti;
    adl_q[2]     <= p1_now_reg + cfg_alpha_period;
    idl_q[2]     <= p1_now_reg + cfg_timer_period;
    cdl_q[2]     <= st_lastcut + cfg_rrmp;
    lastcut_q[2] <= st_lastcut;
    p2_rc_m_reg    <= s1_rc;
    p2_since_reg   <= p1_now_reg - st_lastcut;
    p2_alpha_c_reg <= 17'd65536 - s1_alpha;
    p2_mx_reg      <= s1_mx;
    p2_mn_reg      <= s1_mn;
    p2_hai_t_reg   <= st_ts - cfg_f[7:0];
    p2_hai_b_reg   <= st_bs - cfg_f[7:0];
    p2_ts_gt_reg   <= st_ts > st_bs;
    p2_plus_i_reg  <= (st_ts == 8'hFF) ? cfg_ff4 : st_ts - cfg_f4m1;
    for (int k = 3; k <= 6; k++) begin
      op_q[k] <= op_q[k-1];           now_q[k] <= now_q[k-1];
      tau_ev_q[k] <= tau_ev_q[k-1];   tau_q[k] <= tau_q[k-1];
      bytes_q[k] <= bytes_q[k-1];     ue_q[k] <= ue_q[k-1];
      rc_q[k] <= rc_q[k-1];           rt_q[k] <= rt_q[k-1];
      rc_raw_q[k] <= rc_raw_q[k-1];   bcsum_q[k] <= bcsum_q[k-1];
      bytecnt_q[k] <= bytecnt_q[k-1];
      alpha_q[k] <= alpha_q[k-1];     ts_q[k] <= ts_q[k-1];
      bs_q[k] <= bs_q[k-1];           is_q[k] <= is_q[k-1];
      bsi_q[k] <= bsi_q[k-1];         agen_q[k] <= agen_q[k-1];
      igen_q[k] <= igen_q[k-1];       cgen_q[k] <= cgen_q[k-1];
      aok_q[k] <= aok_q[k-1];         iok_q[k] <= iok_q[k-1];
      cok_q[k] <= cok_q[k-1];         aarm_q[k] <= aarm_q[k-1];
      iarm_q[k] <= iarm_q[k-1];       carm_q[k] <= carm_q[k-1];
      pend_q[k] <= pend_q[k-1];
      seen_q[k] <= seen_q[k-1];       ti_q[k] <= ti_q[k-1];
      adl_q[k] <= adl_q[k-1];         idl_q[k] <= idl_q[k-1];
      cdl_q[k] <= cdl_q[k-1];         lastcut_q[k] <= lastcut_q[k-1];
    end
  end

  // ---------------------------------------------------------------- S2: decisions, products
  logic s2_tx, s2_cnp, s2_itmr, s2_ctmr;
  logic s2_bc_exp, s2_cut_ok, s2_ce, s2_allowed;
  always_comb begin
    s2_tx   = op_q[2] == OP_TX;
    s2_cnp  = op_q[2] == OP_CNP;
    s2_itmr = op_q[2] == OP_ITMR;
    s2_ctmr = op_q[2] == OP_CTMR;
    s2_bc_exp = !cfg_plus && (bcsum_q[2] >= {1'b0, cfg_byte_counter});
    s2_cut_ok = (cfg_rrmp == 32'd0) || !cutv_q[2] || (p2_since_reg >= cfg_rrmp);
    s2_ce = (s2_cnp && !ue_q[2]) || (s2_ctmr && cok_q[2]);
    s2_allowed = s2_ctmr || s2_cut_ok;
  end

  // Decisions carried from P3 to P6.
  logic bc_exp_q [3:6], ce_q [3:6], do_cut_q [3:6], defer_new_q [3:6], inc_do_q [3:6];
  logic first_q [3:6], clamp_q [3:6];
  logic win_q [3:6];   // the last cut's monitor period still runs: the flow's new cut_valid
  // P3: increase phase flags (DCQCN uses the stage counts before this expiry, DCQCN+ S
  // after it) and the products, in DSPs with registered inputs (P2) and outputs (M).
  logic        p3_fr_reg, p3_hai_reg, p3_pfr_reg, p3_pmid_reg, p3_ts_gt_reg;
  logic [32:0] p3_m_au_reg, p3_m_ad_reg;          // (65536 - alpha) * g, alpha * g
  logic [32:0] p3_m_mc_hi_reg, p3_m_mc_lo_reg;    // Rc[31:16] * MAX_CUT, Rc[15:0] * MAX_CUT
  logic [24:0] p3_m_hai_lo_reg;                   // (T - F) * R_HAI[16:0]
  logic [17:0] p3_m_hai_hi_reg;                   // (T - F) * R_HAI[26:17]
  logic [24:0] p3_m_haib_lo_reg;                  // the same with BC - F
  logic [17:0] p3_m_haib_hi_reg;
  logic [31:0] p3_m_r10_hi_reg, p3_m_r10_lo_reg;  // Rc[31:16] * 52429, Rc[15:0] * 52429
  logic [24:0] p3_m_ph_lo_reg;                    // (S - 4F) * Rl100[16:0]
  logic [16:0] p3_m_ph_hi_reg;                    // (S - 4F) * Rl100[25:17]
  logic [31:0] p3_m_pt_hi_reg, p3_m_pt_lo_reg;    // tau[31:16] * lambda, tau[15:0] * lambda
  always_ff @(posedge clk) begin
    bc_exp_q[3]    <= s2_bc_exp;
    ce_q[3]        <= s2_ce;
    do_cut_q[3]    <= s2_ce && s2_allowed;
    defer_new_q[3] <= s2_ce && !s2_allowed && cfg_defer && !pend_q[2];
    inc_do_q[3]    <= (s2_tx && s2_bc_exp) || (s2_itmr && iok_q[2]);
    first_q[3]     <= cfg_first_en && !seen_q[2];
    clamp_q[3]     <= cfg_clamp || (cfg_clamp_ti && ti_q[2]);
    // the period still runs (= !s2_cut_ok; written out, it maps to 3.04 ns, against 3.08 ns
    // at 1024 flows and 3.10 ns at 4096 as !s2_cut_ok): an event that finds it over forgets the cut
    win_q[3]       <= cutv_q[2] && cfg_rrmp != 32'd0 && p2_since_reg < cfg_rrmp;
    for (int k = 4; k <= 6; k++) begin
      bc_exp_q[k] <= bc_exp_q[k-1];     ce_q[k] <= ce_q[k-1];
      do_cut_q[k] <= do_cut_q[k-1];     defer_new_q[k] <= defer_new_q[k-1];
      inc_do_q[k] <= inc_do_q[k-1];     first_q[k] <= first_q[k-1];
      clamp_q[k] <= clamp_q[k-1];       win_q[k] <= win_q[k-1];
    end
    p3_fr_reg   <= {24'd0, p2_mx_reg} < cfg_f;
    p3_hai_reg  <= {24'd0, p2_mn_reg} > cfg_f;
    p3_pfr_reg  <= {24'd0, is_q[2]} < cfg_f;
    p3_pmid_reg <= is_q[2] <= cfg_f4;
    p3_ts_gt_reg <= p2_ts_gt_reg;
    p3_m_au_reg <= {16'd0, p2_alpha_c_reg} * {16'd0, cfg_g};
    p3_m_ad_reg <= {16'd0, alpha_q[2]} * {16'd0, cfg_g};
    p3_m_mc_hi_reg <= {17'd0, p2_rc_m_reg[31:16]} * {16'd0, cfg_max_cut};
    p3_m_mc_lo_reg <= {17'd0, p2_rc_m_reg[15:0]} * {16'd0, cfg_max_cut};
    p3_m_hai_lo_reg <= {17'd0, p2_hai_t_reg} * {8'd0, cfg_hai[16:0]};
    p3_m_hai_hi_reg <= {10'd0, p2_hai_t_reg} * {8'd0, cfg_hai[26:17]};
    p3_m_haib_lo_reg <= {17'd0, p2_hai_b_reg} * {8'd0, cfg_hai[16:0]};
    p3_m_haib_hi_reg <= {10'd0, p2_hai_b_reg} * {8'd0, cfg_hai[26:17]};
    p3_m_r10_hi_reg <= {16'd0, p2_rc_m_reg[31:16]} * 32'd52429;
    p3_m_r10_lo_reg <= {16'd0, p2_rc_m_reg[15:0]} * 32'd52429;
    p3_m_ph_lo_reg <= {17'd0, p2_plus_i_reg} * {8'd0, cfg_rl100[16:0]};
    p3_m_ph_hi_reg <= {9'd0, p2_plus_i_reg} * {8'd0, cfg_rl100[25:17]};
    p3_m_pt_hi_reg <= {16'd0, tau_q[2][31:16]} * {16'd0, cfg_lambda};
    p3_m_pt_lo_reg <= {16'd0, tau_q[2][15:0]} * {16'd0, cfg_lambda};
  end

  // ---------------------------------------------------------------- S3: sums (P4)
  // Each partial-product sum is registered (packed into the DSP's P register): the
  // selects that use them are in S4.
  logic [16:0] s3_alpha_up;
  always_comb s3_alpha_up = alpha_q[3] + p3_m_au_reg[32:16];

  logic        p4_fr_reg, p4_hai_reg, p4_pfr_reg, p4_pmid_reg;
  logic [46:0] p4_rc_sh_reg;      // Rc << (15 - CUT_SHIFT): the cut is Rc_sh * alpha >> 31
  logic [16:0] p4_alpha_up_reg, p4_alpha_dn_reg, p4_alpha_eff_reg;
  logic [31:0] p4_maxcut_reg;     // Rc * MAX_CUT >> 16
  logic [34:0] p4_step_hai_reg;   // hyper step: i * R_HAI, or R_HAI with HAI_FIXED
  logic [31:0] p4_rc10_reg;       // Rc * 52429 >> 19 (Rc / 10)
  logic [33:0] p4_ph_reg;         // (S - 4F) * Rl / 100
  logic [39:0] p4_pt_reg;         // tau * lambda / 256
  always_ff @(posedge clk) begin
    p4_fr_reg <= p3_fr_reg;       p4_hai_reg <= p3_hai_reg;
    p4_pfr_reg <= p3_pfr_reg;     p4_pmid_reg <= p3_pmid_reg;
    p4_rc_sh_reg <= {15'd0, rc_q[3]} << (4'd15 - cfg_cut_shift);
    p4_alpha_up_reg  <= s3_alpha_up;
    p4_alpha_dn_reg  <= alpha_q[3] - p3_m_ad_reg[32:16];
    p4_alpha_eff_reg <= cfg_alpha_first ? s3_alpha_up : alpha_q[3];
    p4_maxcut_reg <= 32'(({15'd0, p3_m_mc_hi_reg, 16'd0} + {31'd0, p3_m_mc_lo_reg}) >> 16);
    p4_step_hai_reg <= cfg_hai_fixed ? {3'd0, cfg_hai}
                     : p3_ts_gt_reg ? ({p3_m_haib_hi_reg, 17'd0} + {10'd0, p3_m_haib_lo_reg})
                                    : ({p3_m_hai_hi_reg, 17'd0} + {10'd0, p3_m_hai_lo_reg});
    p4_rc10_reg <= 32'(({p3_m_r10_hi_reg, 16'd0} + {16'd0, p3_m_r10_lo_reg}) >> 19);
    p4_ph_reg   <= {p3_m_ph_hi_reg, 17'd0} + {9'd0, p3_m_ph_lo_reg};
    p4_pt_reg   <= 40'(({p3_m_pt_hi_reg, 16'd0} + {16'd0, p3_m_pt_lo_reg}) >> 8);
  end

  // ---------------------------------------------------------------- S4: the increase step
  logic [34:0] s4_step;
  always_comb begin
    if (!cfg_plus) begin
      if (p4_fr_reg)       s4_step = '0;
      else if (p4_hai_reg) s4_step = p4_step_hai_reg;
      else                 s4_step = {3'd0, cfg_ai};
    end else begin
      if (p4_pfr_reg)       s4_step = '0;
      else if (p4_pmid_reg) s4_step = {3'd0, (p4_rc10_reg < {6'd0, cfg_rl100}) ? p4_rc10_reg : {6'd0, cfg_rl100}};
      else                  s4_step = ({2'd0, rc_q[4]} < p4_ph_reg) ? {3'd0, rc_q[4]} : {1'b0, p4_ph_reg};
    end
  end

  logic [34:0] p5_step_reg;
  logic [31:0] p5_room_reg;                   // LINE - Rt: the step Rt can take before it clamps
  logic [32:0] p5_lsum_reg;                   // LINE + Rc + 1: the average when Rt clamps
  logic [30:0] ptc_q [5:6];                   // min(tau * lambda / 256, 2^30)
  logic [31:0] p5_maxcut_reg;
  logic [16:0] p5_alpha_up_reg, p5_alpha_dn_reg;
  logic [39:0] p5_m_c_hi_reg;                 // Rc_sh[46:24] * alpha (M)
  logic [40:0] p5_m_c_lo_reg;                 // Rc_sh[23:0] * alpha (M)
  logic [33:0] p5_m_a2_reg;                   // alpha_dn * g (M)
  always_ff @(posedge clk) begin
    p5_step_reg <= s4_step;
    p5_room_reg <= cfg_line - rt_q[4];
    p5_lsum_reg <= {1'b0, cfg_line} + {1'b0, rc_q[4]} + 33'd1;
    ptc_q[5] <= (p4_pt_reg > 40'd1073741824) ? 31'd1073741824 : p4_pt_reg[30:0];
    ptc_q[6] <= ptc_q[5];
    p5_maxcut_reg <= p4_maxcut_reg;
    p5_alpha_up_reg <= p4_alpha_up_reg;
    p5_alpha_dn_reg <= p4_alpha_dn_reg;
    p5_m_c_hi_reg <= {17'd0, p4_rc_sh_reg[46:24]} * {23'd0, p4_alpha_eff_reg};
    p5_m_c_lo_reg <= {17'd0, p4_rc_sh_reg[23:0]} * {24'd0, p4_alpha_eff_reg};
    p5_m_a2_reg <= {17'd0, p4_alpha_dn_reg} * {17'd0, cfg_g};
  end

  // ---------------------------------------------------------------- S5: Rt, Rc increase
  // Rt' = min(Rt + step, LINE) and Rc' = ceil((Rt' + Rc) / 2), both sums in parallel.
  logic [35:0] s5_rt_sum, s5_rc_sum;
  logic        s5_over;
  always_comb begin
    s5_rt_sum = {4'd0, rt_q[5]} + {1'b0, p5_step_reg};
    s5_rc_sum = s5_rt_sum + {4'd0, rc_q[5]} + 36'd1;
    s5_over = p5_step_reg > {3'd0, p5_room_reg};   // Rt + step > LINE
  end

  logic [31:0] p6_inc_rt_reg, p6_inc_rc_reg;
  logic        p6_full_reg;       // the increase reaches Rc = Rt = LINE
  logic [31:0] p6_cut_reg;          // Rc * alpha >> (16 + CUT_SHIFT) = Rc_sh * alpha >> 31 (P)
  logic [31:0] p6_maxcut_reg, p6_rm_reg, p6_d2_reg;   // maxcut, Rc - MIN, Rc - maxcut
  logic        p6_c2_reg;                  // Rc - maxcut < MIN
  logic [16:0] p6_alpha_up_reg, p6_alpha_dn_reg;
  logic        p6_a2_zero_reg;
  logic [31:0] p6_init_rc_reg;             // INIT start rate clamped to [min, line]
  logic        p6_tx_reg, p6_cnp_reg, p6_atmr_reg, p6_itmr_reg, p6_ctmr_reg, p6_init_reg;
  always_ff @(posedge clk) begin
    p6_inc_rt_reg <= s5_over ? cfg_line : s5_rt_sum[31:0];
    p6_inc_rc_reg <= s5_over ? p5_lsum_reg[32:1] : s5_rc_sum[32:1];
    // Rt' = LINE when it clamps or the step is exactly the room; then Rc' = ceil((LINE +
    // Rc) / 2) = LINE exactly when Rc >= LINE - 1
    p6_full_reg <= (s5_over || p5_step_reg == {3'd0, p5_room_reg}) &&
                   {1'b0, rc_q[5]} + 33'd1 >= {1'b0, cfg_line};
    // floor((hi 2^24 + lo) / 2^31) = floor((hi + floor(lo / 2^24)) / 2^7); alpha <= 1, so
    // the cut is at most Rc and fits 32 bits
    p6_cut_reg <= 32'(({1'b0, p5_m_c_hi_reg} + {24'd0, p5_m_c_lo_reg[40:24]}) >> 7);
    p6_maxcut_reg <= p5_maxcut_reg;
    p6_rm_reg <= rc_q[5] - cfg_minr;
    p6_d2_reg <= rc_q[5] - p5_maxcut_reg;
    p6_c2_reg <= p5_maxcut_reg > rc_q[5] - cfg_minr;
    p6_alpha_up_reg <= p5_alpha_up_reg;
    p6_alpha_dn_reg <= p5_alpha_dn_reg;
    p6_a2_zero_reg <= p5_m_a2_reg[33:16] == 18'd0;
    p6_tx_reg <= op_q[5] == OP_TX;       p6_cnp_reg <= op_q[5] == OP_CNP;
    p6_atmr_reg <= op_q[5] == OP_ATMR;   p6_itmr_reg <= op_q[5] == OP_ITMR;
    p6_ctmr_reg <= op_q[5] == OP_CTMR;   p6_init_reg <= op_q[5] == OP_INIT;
    p6_init_rc_reg <= (tau_ev_q[5] > cfg_line) ? cfg_line
                    : (tau_ev_q[5] < cfg_minr) ? cfg_minr : tau_ev_q[5];
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
  logic [31:0] s6_d1, s6_rc_cut;
  logic        s6_sel, s6_c1, s6_full;
  logic        s6_tx, s6_cnp, s6_atmr, s6_itmr, s6_ctmr, s6_init;
  always_comb begin
    s6_tx   = p6_tx_reg;
    s6_cnp  = p6_cnp_reg;
    s6_atmr = p6_atmr_reg;
    s6_itmr = p6_itmr_reg;
    s6_ctmr = p6_ctmr_reg;
    s6_init = p6_init_reg;
    // Rc - min(cut, maxcut) = max(Rc - cut, Rc - maxcut), then the floor MIN.
    // (Rc >= MIN and cut <= Rc, so Rc - cut < MIN is cut > Rc - MIN: compares in parallel)
    s6_d1 = rc_q[6] - p6_cut_reg;
    s6_sel = p6_cut_reg < p6_maxcut_reg;
    s6_c1 = p6_cut_reg > p6_rm_reg;
    s6_rc_cut = s6_sel ? (s6_c1 ? cfg_minr : s6_d1) : (p6_c2_reg ? cfg_minr : p6_d2_reg);
    s6_full = p6_full_reg;

    // defaults: the state as read (normalised), no timer action
    n_valid = 1'b1;
    n_rc = rc_q[6]; n_rt = rt_q[6]; n_alpha = alpha_q[6];
    n_ts = ts_q[6]; n_bs = bs_q[6]; n_bytecnt = bytecnt_q[6];
    n_agen = agen_q[6]; n_igen = igen_q[6]; n_cgen = cgen_q[6];
    n_aarm = aarm_q[6]; n_iarm = iarm_q[6]; n_carm = carm_q[6];
    n_pend = pend_q[6]; n_cutv = win_q[6]; n_lastcut = lastcut_q[6];
    n_seen = seen_q[6]; n_ti = ti_q[6]; n_tau = tau_q[6];
    n_stale = 1'b0;
    n_atmr = TMR_NONE; n_adl = '0;
    n_itmr = TMR_NONE; n_idl = '0;
    n_ctmr = TMR_NONE; n_cdl = '0;

    // byte counter (DCQCN only)
    if (s6_tx && !cfg_plus)
      n_bytecnt = bc_exp_q[6] ? 32'(bcsum_q[6] - {1'b0, cfg_byte_counter}) : bcsum_q[6][31:0];

    // the rate increase (byte counter or timer)
    if (inc_do_q[6]) begin
      n_rc = p6_inc_rc_reg;
      n_rt = p6_inc_rt_reg;
      if (cfg_plus || s6_itmr) n_ts = is_q[6];
      else                     n_bs = bsi_q[6];
    end

    // timer tags
    if (s6_atmr) begin
      if (aok_q[6]) begin
        n_alpha = p6_alpha_dn_reg;
        n_agen = agen_q[6] + 8'd1;
        n_aarm = !p6_a2_zero_reg;
        n_atmr = p6_a2_zero_reg ? TMR_CLR : TMR_SET;
        n_adl = p6_a2_zero_reg ? 32'd0 : adl_q[6];
      end else begin
        n_stale = 1'b1;
      end
    end
    if (s6_itmr) begin
      if (iok_q[6]) begin
        n_ti = 1'b1;
        n_igen = igen_q[6] + 8'd1;
        n_iarm = !s6_full;
        n_itmr = s6_full ? TMR_CLR : TMR_SET;
        n_idl = s6_full ? 32'd0 : idl_q[6];
      end else begin
        n_stale = 1'b1;
      end
    end
    if (s6_ctmr && !cok_q[6]) n_stale = 1'b1;
    if (s6_ctmr && cok_q[6]) n_carm = 1'b0;  // consumed

    // CNP (CE and UE) and the deferred cut
    if (s6_cnp) n_tau = tau_ev_q[6];
    if (s6_cnp && !ue_q[6]) n_seen = 1'b1;
    if (do_cut_q[6]) begin
      if (clamp_q[6]) n_rt = rc_q[6];
      n_rc = first_q[6] ? cfg_first : s6_rc_cut;
      n_alpha = p6_alpha_up_reg;
      n_cutv = 1'b1;
      n_lastcut = now_q[6];
      n_pend = 1'b0;
      if (carm_q[6] && !s6_ctmr) begin
        n_cgen = cgen_q[6] + 8'd1;
        n_carm = 1'b0;
        n_ctmr = TMR_CLR;
      end
    end
    if (defer_new_q[6]) begin
      n_pend = 1'b1;
      n_cgen = cgen_q[6] + 8'd1;
      n_carm = 1'b1;
      n_ctmr = TMR_SET;
      n_cdl = cdl_q[6];
    end
    if (ce_q[6]) begin
      n_ti = 1'b0;
      n_agen = agen_q[6] + 8'd1;
      n_aarm = 1'b1;
      n_atmr = TMR_SET;
      n_adl = adl_q[6];
    end
    if (ce_q[6] || (s6_cnp && ue_q[6])) begin
      n_ts = '0;
      n_bs = '0;
      n_bytecnt = '0;
      n_igen = igen_q[6] + 8'd1;
      n_iarm = 1'b1;
      n_itmr = TMR_SET;
      n_idl = idl_q[6];
    end

    // INIT: a fresh flow, or one restarting at a start rate
    if (s6_init) begin
      n_valid = tau_ev_q[6] != 32'd0;
      n_rc = cfg_line; n_rt = cfg_line; n_alpha = cfg_alpha_init;
      n_ts = '0; n_bs = '0; n_bytecnt = '0;
      n_agen = '0; n_igen = '0; n_cgen = '0;
      n_aarm = 1'b0; n_iarm = 1'b0; n_carm = 1'b0;
      n_pend = 1'b0; n_cutv = 1'b0; n_lastcut = '0;
      n_seen = 1'b0; n_ti = 1'b0; n_tau = '0;
      n_atmr = TMR_CLR; n_itmr = TMR_CLR; n_ctmr = TMR_CLR;
      if (tau_ev_q[6] != 32'd0) begin
        n_rc = p6_init_rc_reg;
        n_igen = igen_q[6] + 8'd1;
        n_iarm = 1'b1;
        n_itmr = TMR_SET;
        n_idl = idl_q[6];
      end
    end
  end

  // ---------------------------------------------------------------- P7
  always_ff @(posedge clk) begin
    p7_word <= {n_valid, n_valid ? n_rc : '1, n_valid ? n_rt : '1, n_alpha, n_ts, n_bs, n_bytecnt, n_agen, n_igen, n_cgen,
                n_aarm, n_iarm, n_carm, n_pend, n_cutv, n_lastcut, n_seen, n_ti, n_tau};
    p7_op <= op_q[6];           p7_now_ns <= now_q[6];      p7_bytes <= bytes_q[6];
    p7_stale <= n_stale;        p7_rc_raw <= rc_raw_q[6];
    p7_rc <= n_rc;              p7_rt <= n_rt;              p7_alpha <= n_alpha;
    p7_atmr <= n_atmr;          p7_itmr <= n_itmr;          p7_ctmr <= n_ctmr;
    p7_agen <= n_agen;          p7_igen <= n_igen;          p7_cgen <= n_cgen;
    p7_adl <= n_adl;            p7_idl <= n_idl;            p7_cdl <= n_cdl;
    p7_ptc <= ptc_q[6];
  end

  // Bits no logic reads (fraction bits below a rounding; values only some ops use).
  logic unused_bits;
  assign unused_bits = ^{p3_m_au_reg[15:0], p3_m_ad_reg[15:0], p5_m_a2_reg[15:0],
                         p5_lsum_reg[0], s5_rc_sum[35:33], s5_rc_sum[0], p5_m_c_lo_reg[23:0]};
endmodule

`resetall
