// SPDX-License-Identifier: MIT
// Formal harness of the RP's pipeline alone (scripts/formal.sh rp_pipe PROP MODE DEPTH):
// dcqcn_rp_rate (S1..S6) and dcqcn_rp_pace (S7..S11) connected as dcqcn_rp connects them,
// without the register file, the admission logic, the state RAMs and the output FIFO.
// The RP's invariants (docs/rp.md), compiled per run (CHECK_*):
//   CHECK_RC     every result: min(MIN_RATE, LINE_RATE) <= Rc <= LINE_RATE
//   CHECK_RT     every result: min(MIN_RATE, LINE_RATE) <= Rt <= LINE_RATE
//   CHECK_ALPHA  every result and every rate state word written to RAM A: alpha <= 1.0
//                (65536 in Q16)
//   CHECK_ORDER  every result that re-times a paced flow (Rc changed, not TX or INIT): the
//                next departure is not before the event's time (next_tx - now, modulo
//                2^32, is at most 2^31: the 2^31 rule of docs/rp.md)
//
// Why this harness is the RP (tb/formal/README.md, "RP", has the full argument):
// - Both modules are pipelines without an enable: every register moves every cycle, and
//   no stage reads a later stage, so the result leaving S11 in cycle t is a function of
//   the event admitted in cycle t - 11, the RAM A word read in t - 10 (S1), the RAM B
//   word read in t - 4 (S7) and the configuration. The harness checks the result of EVERY
//   cycle (not only of the slots dcqcn_rp marks valid), with free inputs in every cycle:
//   every slot is a possible event.
// - The configuration: dcqcn_rp applies a register write only while no event is in flight
//   and admits the next event only once the derived values have settled, so every event
//   sees one constant set, of values the register file's clamps allow. The bounds
//   (LINE_RATE, MIN_RATE, and FIRST_CNP_RATE, which is clamped to them) and ALPHA_INIT
//   and G are free constants (anyconst) in the clamps' ranges, min(MIN, LINE) and the
//   clamped first-CNP rate derived as dcqcn_rp derives them; every other register is a
//   free value in every cycle (any value, even one the clamps forbid, and changing
//   mid-flight: a superset of what the RP can see).
// - The RAM A word (S1) and the RAM B word (S7) are free in every cycle: any stored word.
//   RC and RT hold for any word (Rc and Rt are clamped to [min, line] when read). ALPHA is
//   an induction over RAM A's writes: the word read is assumed to have alpha <= 65536,
//   and the word written (p7_word) is asserted to; RAM A's words are all written by the
//   clear (alpha 0) or from p7_word, and a read returns a stored word, so with the
//   assertion proved every word ever read satisfies the assumption.
// - The products (multipliers) are cut (free values). RC, RT and ORDER hold whatever they
//   are (the cut is floored at MIN, the increase clamped at LINE, the re-timing takes
//   max(now, ...)); ALPHA assumes the two facts of the real multipliers it needs, true of
//   every product since G <= 65536 and alpha <= 65536:
//     (65536 - alpha) * G >> 16 <= 65536 - alpha   and   alpha * G >> 16 <= alpha.
// - The reciprocal ROMs are black boxes (free outputs): no property depends on them.
//
// The proof (scripts/formal.sh kind, 1-induction): each property is asserted at the result
// (S11) and, as lemmas, at every pipeline register on its way (Rc and Rt in bounds in
// P2..P10, the sums and differences S6 compares them with, alpha <= 1.0 in P2..P10, the
// event's time and the pacing's flags carried unchanged, ...): the register of stage k
// once `warm` >= k (loaded from the inputs; `warm` counts cycles up to 11, so the results
// of the first cycles, the registers' initial values, are not checked). Every lemma
// follows from the previous stage's in one cycle, so the set is 1-inductive. Compiled
// with FORMAL_KIND (scripts/formal.sh kind), the harness's initial states are the base
// case's (`warm` = 0, the pipeline's registers any value: the RP's after reset) and, with
// the free constant `kstep`, the induction step's (`warm` any value, every lemma and
// property assumed in the first cycle): a BMC from both of DEPTH >= 2 cycles is a proof.
// Group PIPE proves the four in one run; RATE names the lemmas RC and RT share. A
// mutation's run (FORMAL_MUTATION: no kstep, no lemmas) asserts the property
// alone, so its counterexample is one of the property, from the initial state.
//! formal.sh rtl: dcqcn_rp_rate.sv dcqcn_rp_pace.sv
//! formal.sh lib: dcqcn_rp_recip_rom.sv
//! formal.sh cut: t:$mul
//! formal.sh group RATE: RC RT
//! formal.sh group PIPE: RC RT ALPHA ORDER
//! formal.sh connect RATE: h_rc2 u_rate.rc_q[2]
//! formal.sh connect RATE: h_rt2 u_rate.rt_q[2]
//! formal.sh connect RATE: h_rc3 u_rate.rc_q[3]
//! formal.sh connect RATE: h_rt3 u_rate.rt_q[3]
//! formal.sh connect RATE: h_rc4 u_rate.rc_q[4]
//! formal.sh connect RATE: h_rt4 u_rate.rt_q[4]
//! formal.sh connect RATE: h_rc5 u_rate.rc_q[5]
//! formal.sh connect RATE: h_rt5 u_rate.rt_q[5]
//! formal.sh connect RATE: h_rc6 u_rate.rc_q[6]
//! formal.sh connect RATE: h_rt6 u_rate.rt_q[6]
//! formal.sh connect RATE: h_room5 u_rate.p5_room_reg
//! formal.sh connect RATE: h_lsum5 u_rate.p5_lsum_reg
//! formal.sh connect RATE: h_irt6 u_rate.p6_inc_rt_reg
//! formal.sh connect RATE: h_irc6 u_rate.p6_inc_rc_reg
//! formal.sh connect RATE: h_rm6 u_rate.p6_rm_reg
//! formal.sh connect RATE: h_d26 u_rate.p6_d2_reg
//! formal.sh connect RATE: h_c26 u_rate.p6_c2_reg
//! formal.sh connect RATE: h_mc6 u_rate.p6_maxcut_reg
//! formal.sh connect RATE: h_init6 u_rate.p6_init_rc_reg
//! formal.sh connect RATE: h_prc8 u_pace.rc_q[8]
//! formal.sh connect RATE: h_prt8 u_pace.rt_q[8]
//! formal.sh connect RATE: h_prc9 u_pace.rc_q[9]
//! formal.sh connect RATE: h_prt9 u_pace.rt_q[9]
//! formal.sh connect RATE: h_prc10 u_pace.rc_q[10]
//! formal.sh connect RATE: h_prt10 u_pace.rt_q[10]
//! formal.sh connect ALPHA: h_au u_rate.p3_m_au_reg
//! formal.sh connect ALPHA: h_ad u_rate.p3_m_ad_reg
//! formal.sh connect ALPHA: h_a2 u_rate.alpha_q[2]
//! formal.sh connect ALPHA: h_a3 u_rate.alpha_q[3]
//! formal.sh connect ALPHA: h_a4 u_rate.alpha_q[4]
//! formal.sh connect ALPHA: h_a5 u_rate.alpha_q[5]
//! formal.sh connect ALPHA: h_a6 u_rate.alpha_q[6]
//! formal.sh connect ALPHA: h_aup4 u_rate.p4_alpha_up_reg
//! formal.sh connect ALPHA: h_adn4 u_rate.p4_alpha_dn_reg
//! formal.sh connect ALPHA: h_aup5 u_rate.p5_alpha_up_reg
//! formal.sh connect ALPHA: h_adn5 u_rate.p5_alpha_dn_reg
//! formal.sh connect ALPHA: h_aup6 u_rate.p6_alpha_up_reg
//! formal.sh connect ALPHA: h_adn6 u_rate.p6_alpha_dn_reg
//! formal.sh connect ALPHA: h_pa8 u_pace.alpha_q[8]
//! formal.sh connect ALPHA: h_pa9 u_pace.alpha_q[9]
//! formal.sh connect ALPHA: h_pa10 u_pace.alpha_q[10]
//! formal.sh connect ORDER: h_now1 u_rate.p1_now_reg
//! formal.sh connect ORDER: h_now2 u_rate.now_q[2]
//! formal.sh connect ORDER: h_now3 u_rate.now_q[3]
//! formal.sh connect ORDER: h_now4 u_rate.now_q[4]
//! formal.sh connect ORDER: h_now5 u_rate.now_q[5]
//! formal.sh connect ORDER: h_now6 u_rate.now_q[6]
//! formal.sh connect ORDER: h_now8 u_pace.now_q[8]
//! formal.sh connect ORDER: h_pv8 u_pace.p8_pv_reg
//! formal.sh connect ORDER: h_chg8 u_pace.rc_chg_q[8]
//! formal.sh connect ORDER: h_now9 u_pace.now_q[9]
//! formal.sh connect ORDER: h_tdep8 u_pace.p8_tdep_reg
//! formal.sh connect ORDER: h_pv9 u_pace.p9_pv_reg
//! formal.sh connect ORDER: h_dage9 u_pace.p9_dage_reg
//! formal.sh connect ORDER: h_chg9 u_pace.rc_chg_q[9]
//! formal.sh connect ORDER: h_now10 u_pace.now_q[10]
//! formal.sh connect ORDER: h_pv10 u_pace.p10_pv_reg
//! formal.sh connect ORDER: h_chg10 u_pace.rc_chg_q[10]
//! formal.sh connect ORDER: h_now11 u_pace.now_q[11]
//! formal.sh connect ORDER: h_pv11 u_pace.p11_pv_reg
//! formal.sh connect ORDER: h_chg11 u_pace.rc_chg_q[11]
//! formal.sh connect ORDER: h_x11 u_pace.p11_x_reg
//! formal.sh connect ORDER: h_x111 u_pace.p11_x1_reg
//! formal.sh connect ORDER: h_xmn11 u_pace.p11_xmn_reg
`default_nettype none

module rp_pipe_props (
    input  logic          clk,
    // the admitted event
    input  logic [2:0]    adm_op,
    input  logic [31:0]   adm_now_ns,
    input  logic [31:0]   adm_tau_ns,
    input  logic [15:0]   adm_bytes,
    input  logic          adm_cnp_ue,
    input  logic [7:0]    adm_gen,
    // RAM A word (S1), RAM B word (S7): any stored word
    input  logic [224:0]  st_word,
    input  logic [104:0]  pace_word,
    // the registers that are free in every cycle
    input  logic          cfg_plus,
    input  logic [31:0]   cfg_alpha_period, cfg_timer_period, cfg_byte_counter, cfg_f,
                          cfg_ai, cfg_hai, cfg_rrmp,
    input  logic [3:0]    cfg_cut_shift,
    input  logic [16:0]   cfg_max_cut,
    input  logic          cfg_clamp, cfg_clamp_ti, cfg_defer, cfg_alpha_first, cfg_hai_fixed,
    input  logic [15:0]   cfg_lambda,
    input  logic [25:0]   cfg_rl100,
    input  logic [7:0]    cfg_f4, cfg_f4m1, cfg_ff4,
    input  logic [29:0]   cfg_lmtu
);
  `include "dcqcn_rp_regmap.vh"

  // ---------------------------------------------------------------- configuration
  (* anyconst *) logic [31:0] c_line, c_min, c_first;
  (* anyconst *) logic [16:0] c_g, c_ainit;
  always_comb begin
    assume (c_line >= RP_LINE_RATE_KBPS_MIN && c_line <= RP_LINE_RATE_KBPS_MAX);
    assume (c_min >= RP_MIN_RATE_KBPS_MIN && c_min <= RP_MIN_RATE_KBPS_MAX);
    assume (c_first <= RP_FIRST_CNP_RATE_KBPS_MAX);
    assume ({15'd0, c_g} >= RP_G_Q16_MIN && {15'd0, c_g} <= RP_G_Q16_MAX);
    assume ({15'd0, c_ainit} <= RP_ALPHA_INIT_Q16_MAX);
  end
  // derived as dcqcn_rp derives d_minr, d_first
  logic [31:0] minr, first1, first;
  assign minr = (c_min < c_line) ? c_min : c_line;
  assign first1 = (c_first > c_line) ? c_line : c_first;
  assign first = (first1 < minr) ? minr : first1;

  // ---------------------------------------------------------------- the pipeline
  logic [224:0] p7_word;
  logic [2:0]   p7_op;
  logic [31:0]  p7_now_ns, p7_rc_raw, p7_rc, p7_rt, p7_adl, p7_idl, p7_cdl;
  logic [15:0]  p7_bytes;
  logic         p7_stale;
  logic [16:0]  p7_alpha;
  logic [1:0]   p7_atmr, p7_itmr, p7_ctmr;
  logic [7:0]   p7_agen, p7_igen, p7_cgen;
  logic [30:0]  p7_ptc;

  dcqcn_rp_rate #(.SW(225)) u_rate (
    .clk(clk),
    .adm_op(adm_op), .adm_now_ns(adm_now_ns), .adm_tau_ns(adm_tau_ns),
    .adm_bytes(adm_bytes), .adm_cnp_ue(adm_cnp_ue), .adm_gen(adm_gen),
    .st_word(st_word),
    .cfg_plus(cfg_plus), .cfg_line(c_line), .cfg_minr(minr), .cfg_g(c_g),
    .cfg_alpha_init(c_ainit), .cfg_alpha_period(cfg_alpha_period),
    .cfg_timer_period(cfg_timer_period), .cfg_byte_counter(cfg_byte_counter), .cfg_f(cfg_f),
    .cfg_ai(cfg_ai), .cfg_hai(cfg_hai), .cfg_cut_shift(cfg_cut_shift),
    .cfg_max_cut(cfg_max_cut), .cfg_rrmp(cfg_rrmp), .cfg_first_en(c_first != 32'd0),
    .cfg_first(first), .cfg_clamp(cfg_clamp), .cfg_clamp_ti(cfg_clamp_ti),
    .cfg_defer(cfg_defer), .cfg_alpha_first(cfg_alpha_first), .cfg_hai_fixed(cfg_hai_fixed),
    .cfg_lambda(cfg_lambda), .cfg_rl100(cfg_rl100),
    .cfg_f4(cfg_f4), .cfg_f4m1(cfg_f4m1), .cfg_ff4(cfg_ff4),
    .p7_word(p7_word), .p7_op(p7_op), .p7_now_ns(p7_now_ns), .p7_bytes(p7_bytes),
    .p7_stale(p7_stale), .p7_rc_raw(p7_rc_raw), .p7_rc(p7_rc), .p7_rt(p7_rt),
    .p7_alpha(p7_alpha), .p7_atmr(p7_atmr), .p7_itmr(p7_itmr), .p7_ctmr(p7_ctmr),
    .p7_agen(p7_agen), .p7_igen(p7_igen), .p7_cgen(p7_cgen),
    .p7_adl(p7_adl), .p7_idl(p7_idl), .p7_cdl(p7_cdl), .p7_ptc(p7_ptc)
  );

  logic [2:0]   res_op;
  logic         res_stale, res_paced;
  logic [31:0]  res_next_tx_ns, res_rc, res_rt, res_adl, res_idl, res_cdl;
  logic [16:0]  res_alpha;
  logic [1:0]   res_atmr, res_itmr, res_ctmr;
  logic [7:0]   res_agen, res_igen, res_cgen;
  logic [104:0] p12_pace_word;

  dcqcn_rp_pace #(.PW(105)) u_pace (
    .clk(clk), .cfg_plus(cfg_plus), .cfg_lmtu(cfg_lmtu),
    .p7_op(p7_op), .p7_now_ns(p7_now_ns), .p7_bytes(p7_bytes), .p7_stale(p7_stale),
    .p7_rc_raw(p7_rc_raw), .p7_rc(p7_rc), .p7_rt(p7_rt), .p7_alpha(p7_alpha),
    .p7_atmr(p7_atmr), .p7_itmr(p7_itmr), .p7_ctmr(p7_ctmr),
    .p7_agen(p7_agen), .p7_igen(p7_igen), .p7_cgen(p7_cgen),
    .p7_adl(p7_adl), .p7_idl(p7_idl), .p7_cdl(p7_cdl), .p7_ptc(p7_ptc),
    .pace_word(pace_word),
    .res_op(res_op), .res_stale(res_stale), .res_paced(res_paced),
    .res_next_tx_ns(res_next_tx_ns), .res_rc(res_rc), .res_rt(res_rt), .res_alpha(res_alpha),
    .res_atmr(res_atmr), .res_itmr(res_itmr), .res_ctmr(res_ctmr),
    .res_agen(res_agen), .res_igen(res_igen), .res_cgen(res_cgen),
    .res_adl(res_adl), .res_idl(res_idl), .res_cdl(res_cdl),
    .p12_pace_word(p12_pace_word)
  );

  // ---------------------------------------------------------------- the harness's shadow
  // warm: cycles since the start, saturated at 11 (a register of stage k is checked once
  // it was loaded from the inputs: warm >= k). ev_*: the event's own time, and what the
  // pacing read for it (RAM B's valid bit, Rc changed), shifted with it to S11.
`ifdef FORMAL_MUTATION
  logic [3:0]  warm = 4'd0;
`elsif FORMAL_KIND
  (* anyconst *) logic kstep;  // the run starts the induction step, not the base case
  logic [3:0]  warm;           // 0 in the base case, any value in the step
  always_comb if ($initstate && !kstep) assume (warm == 4'd0);
`else
  logic [3:0]  warm = 4'd0;
`endif
  logic [31:0] ev_now [1:11];
  logic        ev_pv  [8:11], ev_chg [8:11];
  logic [43:0] ev_dep8, ev_age8;   // the word's last departure (S8), now - dep
  logic [1:0]  ev_dage9;           // its top two bits (S9): 01 retires the word (docs/rp.md "Time")
  assign ev_age8 = {ev_now[8], 12'd0} - ev_dep8;
  always_ff @(posedge clk) begin
    if (warm != 4'd11) warm <= warm + 4'd1;
    ev_now[1] <= adm_now_ns;
    for (int k = 2; k <= 11; k++) begin
      ev_now[k] <= ev_now[k-1];
    end
    ev_pv[8]  <= pace_word[104];
    ev_dep8   <= pace_word[103:60];
    ev_dage9  <= ev_age8[43:42];
    ev_chg[8] <= p7_rc != p7_rc_raw;
    ev_pv[9]  <= ev_pv[8];
    ev_pv[10] <= ev_pv[9] && !(!ev_dage9[1] && ev_dage9[0]);   // the retire rule
    ev_pv[11] <= ev_pv[10];
    for (int k = 9; k <= 11; k++) ev_chg[k] <= ev_chg[k-1];
  end

  // ---------------------------------------------------------------- assumptions
`ifdef CHECK_ALPHA
  (* keep *) logic [32:0] h_au, h_ad;   // u_rate's products (P3), connected by the runner
  (* keep *) logic [16:0] h_a2, h_a3, h_a4, h_a5, h_a6, h_aup4, h_adn4, h_aup5, h_adn5,
                          h_aup6, h_adn6, h_pa8, h_pa9, h_pa10;
  // the word read from RAM A: alpha <= 1.0 (the induction hypothesis over RAM A's writes)
  logic [16:0] st_alpha;
  assign st_alpha = st_word[159:143];
  always_comb begin
    assume (st_alpha <= 17'd65536);
    // the real multipliers' facts (G <= 65536, alpha <= 65536)
    assume (h_au[32:16] <= 17'(17'd65536 - h_a3));
    assume (h_ad[32:16] <= h_a3);
  end
`endif

  // ---------------------------------------------------------------- properties
  // Each property is asserted at the result (S11) and, as lemmas that make it inductive
  // at depth 1 (each stage's from the stage before), at every pipeline register it passes:
  // the register of stage k is asserted once warm >= k (loaded from the inputs).
  localparam logic [2:0] OP_TX = 3'd0, OP_INIT = 3'd5;
  `include "lemma.svh"  // LEMMA and PROPERTY (with kstep: the induction step)
  function automatic logic inb(input logic [31:0] v, input logic [31:0] lo, input logic [31:0] hi);
    inb = v >= lo && v <= hi;
  endfunction

`ifdef CHECK_RC
  `define RATE_LEMMAS
`endif
`ifdef CHECK_RT
  `define RATE_LEMMAS
`endif
`ifdef RATE_LEMMAS
  (* keep *) logic [31:0] h_rc2, h_rc3, h_rc4, h_rc5, h_rc6, h_rt2, h_rt3, h_rt4, h_rt5, h_rt6,
                          h_room5, h_irt6, h_irc6, h_rm6, h_d26, h_mc6, h_init6,
                          h_prc8, h_prc9, h_prc10, h_prt8, h_prt9, h_prt10;
  (* keep *) logic [32:0] h_lsum5;
  (* keep *) logic        h_c26;
  always_comb begin
    // Rc and Rt as read (clamped in S1) and carried to S6
    if (warm >= 4'd2) `LEMMA((inb(h_rc2, minr, c_line) && inb(h_rt2, minr, c_line)));
    if (warm >= 4'd3) `LEMMA((inb(h_rc3, minr, c_line) && inb(h_rt3, minr, c_line)));
    if (warm >= 4'd4) `LEMMA((inb(h_rc4, minr, c_line) && inb(h_rt4, minr, c_line)));
    if (warm >= 4'd5) begin
      `LEMMA((inb(h_rc5, minr, c_line) && inb(h_rt5, minr, c_line)));
      `LEMMA((h_room5 == c_line - h_rt5));
      `LEMMA((h_lsum5 == {1'b0, c_line} + {1'b0, h_rc5} + 33'd1));
    end
    if (warm >= 4'd6) begin
      `LEMMA((inb(h_rc6, minr, c_line) && inb(h_rt6, minr, c_line)));
      // the increase (Rt + step clamped at LINE, Rc the average) and the cut's operands
      `LEMMA((inb(h_irt6, minr, c_line) && inb(h_irc6, minr, c_line)));
      `LEMMA((h_rm6 == h_rc6 - minr));
      `LEMMA((h_d26 == h_rc6 - h_mc6));
      `LEMMA((h_c26 == (h_mc6 > h_rc6 - minr)));
      `LEMMA((inb(h_init6, minr, c_line)));
    end
`ifdef CHECK_RC
    if (warm >= 4'd7) `LEMMA((inb(p7_rc, minr, c_line)));
    if (warm >= 4'd8) `LEMMA((inb(h_prc8, minr, c_line)));
    if (warm >= 4'd9) `LEMMA((inb(h_prc9, minr, c_line)));
    if (warm >= 4'd10) `LEMMA((inb(h_prc10, minr, c_line)));
    if (warm >= 4'd11) `PROPERTY((inb(res_rc, minr, c_line)));   // the property
`endif
`ifdef CHECK_RT
    if (warm >= 4'd7) `LEMMA((inb(p7_rt, minr, c_line)));
    if (warm >= 4'd8) `LEMMA((inb(h_prt8, minr, c_line)));
    if (warm >= 4'd9) `LEMMA((inb(h_prt9, minr, c_line)));
    if (warm >= 4'd10) `LEMMA((inb(h_prt10, minr, c_line)));
    if (warm >= 4'd11) `PROPERTY((inb(res_rt, minr, c_line)));   // the property
`endif
  end
`endif

`ifdef CHECK_ALPHA
  always_comb begin
    if (warm >= 4'd2) `LEMMA((h_a2 <= 17'd65536));
    if (warm >= 4'd3) `LEMMA((h_a3 <= 17'd65536));
    if (warm >= 4'd4) `LEMMA((h_a4 <= 17'd65536 && h_aup4 <= 17'd65536 && h_adn4 <= 17'd65536));
    if (warm >= 4'd5) `LEMMA((h_a5 <= 17'd65536 && h_aup5 <= 17'd65536 && h_adn5 <= 17'd65536));
    if (warm >= 4'd6) `LEMMA((h_a6 <= 17'd65536 && h_aup6 <= 17'd65536 && h_adn6 <= 17'd65536));
    if (warm >= 4'd7) begin
      `LEMMA((p7_alpha <= 17'd65536));
      `LEMMA((p7_word[159:143] <= 17'd65536));   // the word written to RAM A
    end
    if (warm >= 4'd8) `LEMMA((h_pa8 <= 17'd65536));
    if (warm >= 4'd9) `LEMMA((h_pa9 <= 17'd65536));
    if (warm >= 4'd10) `LEMMA((h_pa10 <= 17'd65536));
    if (warm >= 4'd11) `PROPERTY((res_alpha <= 17'd65536));   // the property
  end
`endif

`ifdef CHECK_ORDER
  (* keep *) logic [31:0] h_now1, h_now2, h_now3, h_now4, h_now5, h_now6, h_now8, h_now9,
                          h_now10, h_now11;
  (* keep *) logic        h_pv8, h_pv9, h_pv10, h_pv11, h_chg8, h_chg9, h_chg10, h_chg11;
  (* keep *) logic [43:0] h_x11, h_x111, h_xmn11, h_tdep8;
  (* keep *) logic [1:0]  h_dage9;
  logic [31:0] ahead;
  assign ahead = res_next_tx_ns - ev_now[11];
  always_comb begin
    // the event's time, RAM B's valid bit (after the retire rule from S10 on) and "Rc
    // changed" as the pipeline carries them
    if (warm >= 4'd1) `LEMMA((h_now1 == ev_now[1]));
    if (warm >= 4'd2) `LEMMA((h_now2 == ev_now[2]));
    if (warm >= 4'd3) `LEMMA((h_now3 == ev_now[3]));
    if (warm >= 4'd4) `LEMMA((h_now4 == ev_now[4]));
    if (warm >= 4'd5) `LEMMA((h_now5 == ev_now[5]));
    if (warm >= 4'd6) `LEMMA((h_now6 == ev_now[6]));
    if (warm >= 4'd7) `LEMMA((p7_now_ns == ev_now[7]));
    if (warm >= 4'd8) `LEMMA((h_now8 == ev_now[8] && h_pv8 == ev_pv[8] && h_chg8 == ev_chg[8] &&
                              h_tdep8 == ev_dep8));
    if (warm >= 4'd9) `LEMMA((h_now9 == ev_now[9] && h_pv9 == ev_pv[9] && h_chg9 == ev_chg[9] &&
                              h_dage9 == ev_dage9));
    if (warm >= 4'd10) `LEMMA((h_now10 == ev_now[10] && h_pv10 == ev_pv[10] && h_chg10 == ev_chg[10]));
    if (warm >= 4'd11) begin
      `LEMMA((h_now11 == ev_now[11] && h_pv11 == ev_pv[11] && h_chg11 == ev_chg[11]));
      // the departure base and its two derived sums (S10)
      `LEMMA((h_x111 == h_x11 + 44'd4095));
      `LEMMA((h_xmn11 == h_x11 - {ev_now[11], 12'd0}));
      // the property
      if (res_op != OP_TX && res_op != OP_INIT && ev_pv[11] && ev_chg[11])
        `PROPERTY((ahead <= 32'h8000_0000));
    end
  end
`endif

  logic unused;
  assign unused = ^{p7_stale, p7_adl, p7_idl, p7_cdl, p7_agen, p7_igen, p7_cgen, p7_atmr,
                    p7_itmr, p7_ctmr, res_op, res_stale, res_paced, res_adl, res_idl, res_cdl,
                    res_atmr, res_itmr, res_ctmr, res_agen, res_igen, res_cgen, p12_pace_word,
                    1'b0};
endmodule
