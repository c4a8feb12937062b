// SPDX-License-Identifier: MIT
// DCQCN reaction point: the per-flow rate limiter of a RoCEv2 NIC (docs/rp.md).
//
// Events (s_evt_op): 0 TX (a packet of the flow left: byte counter, next departure),
// 1 CNP (CE: cut Rc and raise alpha, or with CUT_DEFER remember the CNP for the end of
// the rate-reduce monitor period; UE (TCD): only restart the increase), 2 ALPHA_TIMER,
// 3 INC_TIMER, 6 CUT_TIMER (a deadline this block announced has passed), 4 QUERY,
// 5 INIT (forget the flow; a non-zero s_evt_tau_ns restarts it at that rate in kb/s,
// clamped to [MIN_RATE, LINE_RATE], Rt = LINE_RATE, increase timer armed), 7 AGE (here
// exactly QUERY: no algorithm step, only what every event does; the integrator sends it
// to every flow once per 2^29-ns epoch of now, its sweep, and arms nothing on its result).
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
// Every event reads a pacing word whose last departure is 2^30 to 2^31 ns behind now as
// not valid (as a flow that never sent) and writes it back so: with an event for every
// flow at least every 2^30 ns (AGE) the wrapping times are always read right (docs/rp.md
// "Time").
//
// Pipeline (docs/rp.md "Pipeline"): accept (into I, or straight to admission) -> admission
// (RAM A read) -> S1..S6 rate update (dcqcn_rp_rate.sv: decode, decisions and products,
// sums, increase step, Rt/Rc increase and cut bounds, new rate state; RAM B read in S6)
// -> S7 RAM A write, reciprocal lookups -> S8..S11 pacing (dcqcn_rp_pace.sv) -> output
// register (and a 16-deep FIFO behind it).
// Latency: 12 cycles from the s_evt handshake cycle to the first cycle with m_out_valid
// (both counted) when nothing stalls: an event that arrives while the accept register I
// is empty and may be admitted at once reads RAM A at its accept edge (it skips I).
// Throughput: one event per cycle for events of different flows. Same-flow hazard: an
// event waits in I while an earlier event of its flow is in S1..S7 (RAM A is written at
// the end of S7), so two events of one flow are at least 8 cycles apart: worst-case
// stall 7 cycles. Back-pressure: m_out_ready low never stops the pipeline; admission
// stops when the 17 results that fit the FIFO and output register are all owed.
// Registers: a CSR write lands in the register file (rtl/dcqcn_rp_csr.sv, generated from
// tb/ref/regmap_rp.h; read back at once) and is applied when no event is in flight and no
// write is landing (admission pauses until then, at most 12 cycles, plus 3 cycles for the
// derived values): every event sees one consistent register set.
// After rst both state RAMs are cleared in NUM_FLOWS cycles (s_evt_ready low).
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
    input  logic [2:0]    s_evt_op,        // 0 TX, 1 CNP, 2 ALPHA_TIMER, 3 INC_TIMER, 4 QUERY, 5 INIT, 6 CUT_TIMER, 7 AGE
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

  // Parameter check (docs/CONVENTIONS.md): stops Verilator and Icarus at time 0 and Yosys
  // at elaboration.
  if (NUM_FLOWS < 2 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0) begin : g_bad_num_flows
    initial $fatal(1, "%m: NUM_FLOWS (%0d) must be a power of two >= 2", NUM_FLOWS);
  end

  localparam int NP = 12;        // pipeline registers P1..P12 after admission
  localparam int HZ = 7;         // hazard window: P1..P7 (RAM A written at the end of S7)
  localparam int CREDITS = 17;   // output FIFO (16) + output register
  localparam int SETTLE = 3;     // cycles after a CSR apply before the next admission
  localparam int SW = 225;       // rate state word (RAM A)
  localparam int PW = 1 + 44 + 16 + 44;  // pacing word (RAM B): valid, departure, bytes, next

  // ================================================================ registers (CSR)
  // Shadow set (u_csr, the register file): written by the bus (clamped to [MIN, MAX]), read
  // back at once. Active set (r_*): copied from the shadow when a write is pending, no
  // event is in flight and no write is landing (one written in the previous cycle); every event in the pipeline sees one active set. Derived values
  // (d_*) follow the active set within SETTLE cycles; admission waits for them.
  logic        csr_pending_reg;
  logic        we_prev_reg;   // a write in the previous cycle: it lands in the register file now
  logic [1:0]  settle_reg;
  logic        apply;   // copy shadow -> active at this edge

  // The register file (generated from tb/ref/regmap_rp.h: write, clamp, read back).
  logic [31:0] cfg_algo, cfg_line_rate_kbps, cfg_min_rate_kbps, cfg_g_q16, cfg_alpha_init_q16, cfg_alpha_period_ns, cfg_timer_period_ns, cfg_byte_counter_bytes,
               cfg_f_steps, cfg_ai_rate_kbps, cfg_hai_rate_kbps, cfg_cut_shift, cfg_max_cut_q16, cfg_rrmp_ns, cfg_first_cnp_rate_kbps, cfg_clamp_tgt,
               cfg_clamp_tgt_after_ti, cfg_mtu_bytes, cfg_lambda_q8, cfg_rl_kbps, cfg_cut_defer, cfg_alpha_first, cfg_hai_fixed;
  dcqcn_rp_csr u_csr (
    .clk(clk), .rst(rst), .csr_we(csr_we), .csr_re(csr_re), .csr_addr(csr_addr),
    .csr_wdata(csr_wdata), .csr_rdata(csr_rdata),
    .cfg_algo(cfg_algo), .cfg_line_rate_kbps(cfg_line_rate_kbps), .cfg_min_rate_kbps(cfg_min_rate_kbps),
    .cfg_g_q16(cfg_g_q16), .cfg_alpha_init_q16(cfg_alpha_init_q16), .cfg_alpha_period_ns(cfg_alpha_period_ns),
    .cfg_timer_period_ns(cfg_timer_period_ns), .cfg_byte_counter_bytes(cfg_byte_counter_bytes), .cfg_f_steps(cfg_f_steps),
    .cfg_ai_rate_kbps(cfg_ai_rate_kbps), .cfg_hai_rate_kbps(cfg_hai_rate_kbps), .cfg_cut_shift(cfg_cut_shift),
    .cfg_max_cut_q16(cfg_max_cut_q16), .cfg_rrmp_ns(cfg_rrmp_ns), .cfg_first_cnp_rate_kbps(cfg_first_cnp_rate_kbps),
    .cfg_clamp_tgt(cfg_clamp_tgt), .cfg_clamp_tgt_after_ti(cfg_clamp_tgt_after_ti), .cfg_mtu_bytes(cfg_mtu_bytes),
    .cfg_lambda_q8(cfg_lambda_q8), .cfg_rl_kbps(cfg_rl_kbps), .cfg_cut_defer(cfg_cut_defer),
    .cfg_alpha_first(cfg_alpha_first), .cfg_hai_fixed(cfg_hai_fixed)
  );

  // The active set: reset values after rst, the register file's values when applied.
  logic [31:0] r_algo, r_line, r_minr, r_ainit, r_aper, r_tper, r_bc, r_f, r_ai, r_cshift,
               r_rrmp, r_first, r_clamp, r_clamp_ti, r_rl, r_defer, r_afirst, r_haifix;
  // Those that feed a multiplier are kept as fabric registers (synthesis would otherwise
  // pack them into the DSP's input register, behind the register file's write path), with
  // the bits the logic uses.
  (* keep *) logic [16:0] r_g, r_maxcut;
  (* keep *) logic [26:0] r_hai;
  (* keep *) logic [15:0] r_lambda;
  (* keep *) logic [13:0] r_mtu;
  always_ff @(posedge clk) begin
    if (rst || apply) begin
      r_algo <= rst ? RP_ALGO_RST : cfg_algo;
      r_line <= rst ? RP_LINE_RATE_KBPS_RST : cfg_line_rate_kbps;
      r_minr <= rst ? RP_MIN_RATE_KBPS_RST : cfg_min_rate_kbps;
      r_g <= rst ? RP_G_Q16_RST[16:0] : cfg_g_q16[16:0];
      r_ainit <= rst ? RP_ALPHA_INIT_Q16_RST : cfg_alpha_init_q16;
      r_aper <= rst ? RP_ALPHA_PERIOD_NS_RST : cfg_alpha_period_ns;
      r_tper <= rst ? RP_TIMER_PERIOD_NS_RST : cfg_timer_period_ns;
      r_bc <= rst ? RP_BYTE_COUNTER_BYTES_RST : cfg_byte_counter_bytes;
      r_f <= rst ? RP_F_STEPS_RST : cfg_f_steps;
      r_ai <= rst ? RP_AI_RATE_KBPS_RST : cfg_ai_rate_kbps;
      r_hai <= rst ? RP_HAI_RATE_KBPS_RST[26:0] : cfg_hai_rate_kbps[26:0];
      r_cshift <= rst ? RP_CUT_SHIFT_RST : cfg_cut_shift;
      r_maxcut <= rst ? RP_MAX_CUT_Q16_RST[16:0] : cfg_max_cut_q16[16:0];
      r_rrmp <= rst ? RP_RRMP_NS_RST : cfg_rrmp_ns;
      r_first <= rst ? RP_FIRST_CNP_RATE_KBPS_RST : cfg_first_cnp_rate_kbps;
      r_clamp <= rst ? RP_CLAMP_TGT_RST : cfg_clamp_tgt;
      r_clamp_ti <= rst ? RP_CLAMP_TGT_AFTER_TI_RST : cfg_clamp_tgt_after_ti;
      r_mtu <= rst ? RP_MTU_BYTES_RST[13:0] : cfg_mtu_bytes[13:0];
      r_lambda <= rst ? RP_LAMBDA_Q8_RST[15:0] : cfg_lambda_q8[15:0];
      r_rl <= rst ? RP_RL_KBPS_RST : cfg_rl_kbps;
      r_defer <= rst ? RP_CUT_DEFER_RST : cfg_cut_defer;
      r_afirst <= rst ? RP_ALPHA_FIRST_RST : cfg_alpha_first;
      r_haifix <= rst ? RP_HAI_FIXED_RST : cfg_hai_fixed;
    end
  end

  // Derived values, registered (ready SETTLE cycles after an apply).
  logic [31:0] d_minr, d_rl, d_first, d_first1;
  logic [31:0] d_rl_hi_p, d_rl_lo_p;   // Rl[31:16] * 5243, Rl[15:0] * 5243
  logic [25:0] d_rl100;                // Rl / 100 = Rl * 5243 >> 19
  logic [29:0] d_lmtu_p, d_lmtu;       // LAMBDA_Q8 * MTU_BYTES (product, then registered again)
  logic [7:0]  d_f4, d_f4m1, d_ff4;    // 4 F, 4 F - 1, 255 - 4 F
  always_ff @(posedge clk) begin
    d_minr   <= (r_minr < r_line) ? r_minr : r_line;
    d_rl     <= (r_rl != 32'd0) ? r_rl : r_line;
    d_first1 <= (r_first > r_line) ? r_line : r_first;
    d_first  <= (d_first1 < d_minr) ? d_minr : d_first1;
    d_rl_hi_p <= {16'd0, d_rl[31:16]} * 32'd5243;
    d_rl_lo_p <= {16'd0, d_rl[15:0]} * 32'd5243;
    d_rl100  <= 26'((({d_rl_hi_p, 16'd0}) + {16'd0, d_rl_lo_p}) >> 19);
    d_lmtu_p <= {14'd0, r_lambda} * {16'd0, r_mtu};
    d_lmtu   <= d_lmtu_p;
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
  logic [4:0]    credit_cnt_reg;   // admissions (killed one included) not yet taken from m_out
  logic          credit_okn_reg;   // next cycle's count < CREDITS if no kill ...
  logic          credit_okk_reg;   // ... and if the admission is killed (count - 1 < CREDITS)
  // Direct admission is speculative: an event offered while I is empty enters P1 at its
  // accept edge if the gates are open, and its same-flow check (against P1..P7) is
  // registered into kill_reg: a killed event is not in P1 (p_valid_reg[1] is qualified by
  // it) but in I, whose data registers loaded it on the same edge. Cycle for cycle this is
  // the same as deciding at the edge, without the flow compare on the admission path.
  logic          kill_reg;
  logic          i_full;           // I holds an event: i_valid_reg, or the event just killed
  // The event in I has its flow in P1..P7: computed a cycle ahead, in three parts (the
  // event was just loaded: its flow against P1..P6 and against the event admitted with
  // it; or it stayed: its flow against P1..P6), selected by whether I was loaded.
  logic          hz_new_reg, hz_adm_reg, hz_old_reg, hz_loaded_reg, hazard;
  logic [NP:1]   p_valid_reg;      // packed: a vector of bits, read by continuous assigns
  logic [FW-1:0] p_flow_reg  [1:NP];
  logic          p1_valid;         // P1 holds an admitted event (not killed)
  logic          in_hazard, match_s6, match_i6, pipe_busy, credit_ok, gates_open, admit_i,
                 spec, admit, out_pop, load_i;
  logic [4:0]    credit_next;
  logic          credit_next_ok, credit_next_okk;

  // Same-flow hazard. For the event offered now: its flow against P1..P7. For the event in
  // I: registered, from the cycle before (its flow against P1..P6, which move to P2..P7,
  // and against the event admitted then, which moves to P1).
  logic [HZ:1]   match_s;
  logic [HZ-1:1] match_i;
  assign p1_valid = p_valid_reg[1] && !kill_reg;
  always_comb begin
    for (int k = 1; k <= HZ; k++)
      match_s[k] = (k == 1 ? p1_valid : p_valid_reg[k]) && p_flow_reg[k] == s_evt_flow;
    for (int k = 1; k < HZ; k++)
      match_i[k] = (k == 1 ? p1_valid : p_valid_reg[k]) && p_flow_reg[k] == i_flow_reg;
    in_hazard = |match_s;
    match_s6 = |match_s[HZ-1:1];
    match_i6 = |match_i;
    pipe_busy = p1_valid;
    for (int k = 2; k <= NP; k++)
      if (p_valid_reg[k]) pipe_busy = 1'b1;
  end
  assign i_full = i_valid_reg || kill_reg;
  assign credit_ok = kill_reg ? credit_okk_reg : credit_okn_reg;
  assign gates_open = !clearing_reg && !csr_pending_reg && settle_reg == 2'd0 && credit_ok;
  assign hazard = hz_loaded_reg ? (hz_new_reg || hz_adm_reg) : hz_old_reg;
  assign admit_i = i_full && gates_open && !hazard;
  assign spec = s_evt_valid && !i_full && gates_open;
  assign admit = admit_i || spec;
  assign s_evt_ready = !clearing_reg && (!i_full || admit_i);
  assign apply = csr_pending_reg && !pipe_busy && !we_prev_reg;
  assign load_i = !i_full || admit_i;
  // The next credit count: + admission - killed admission - result taken. The four values
  // it can have (count + 1 .. count - 2) and their limit checks do not wait for the
  // controls; the controls select one.
  logic [4:0] credit_v [0:3];     // count + 1 - k
  always_comb begin
    for (int k = 0; k < 4; k++) credit_v[k] = credit_cnt_reg + 5'd1 - 5'(k);
    unique case ({1'b0, !admit} + {1'b0, kill_reg} + {1'b0, out_pop})
      2'd0:    credit_next = credit_v[0];
      2'd1:    credit_next = credit_v[1];
      2'd2:    credit_next = credit_v[2];
      default: credit_next = credit_v[3];
    endcase
    credit_next_ok = credit_next < 5'(CREDITS);
    credit_next_okk = credit_next <= 5'(CREDITS);
  end

  always_ff @(posedge clk) begin
    // I's data registers load whenever I is free or being emptied (a value loaded while no
    // event is offered, or by an event admitted directly, is used only if it is killed)
    hz_new_reg <= match_s6;
    hz_adm_reg <= admit_i && i_flow_reg == s_evt_flow;
    hz_old_reg <= match_i6;
    hz_loaded_reg <= load_i;
    kill_reg <= spec && in_hazard;
    if (load_i) begin
      i_op_reg    <= s_evt_op;
      i_flow_reg  <= s_evt_flow;
      i_now_reg   <= s_evt_now_ns;
      i_bytes_reg <= s_evt_bytes;
      i_ue_reg    <= s_evt_cnp_ue;
      i_tau_reg   <= s_evt_tau_ns;
      i_gen_reg   <= s_evt_gen;
    end
    i_valid_reg <= (s_evt_valid && s_evt_ready && !spec) || (i_full && !admit_i);
    if (clearing_reg) begin
      clr_addr_reg <= clr_addr_reg + 1'b1;
      if (clr_addr_reg == FW'(NUM_FLOWS - 1)) clearing_reg <= 1'b0;
    end
    credit_cnt_reg <= credit_next;
    credit_okn_reg <= credit_next_ok;
    credit_okk_reg <= credit_next_okk;
    if (settle_reg != 2'd0) settle_reg <= settle_reg - 2'd1;
    if (apply) begin
      csr_pending_reg <= 1'b0;
      settle_reg <= 2'(SETTLE);
    end
    if (csr_we) csr_pending_reg <= 1'b1;
    we_prev_reg <= csr_we;
    if (rst) begin
      i_valid_reg <= 1'b0;
      kill_reg <= 1'b0;
      clearing_reg <= 1'b1;
      clr_addr_reg <= '0;
      credit_cnt_reg <= '0;
      credit_okn_reg <= 1'b1;
      credit_okk_reg <= 1'b1;
      csr_pending_reg <= 1'b0;
      we_prev_reg <= 1'b0;
      settle_reg <= 2'(SETTLE);
    end
  end

  // Valid and flow of every pipeline register: free-running, no enable.
  always_ff @(posedge clk) begin
    p_valid_reg[1] <= admit;
    p_flow_reg[1]  <= i_full ? i_flow_reg : s_evt_flow;
    p_valid_reg[2] <= p1_valid;
    p_flow_reg[2]  <= p_flow_reg[1];
    for (int k = 3; k <= NP; k++) begin
      p_valid_reg[k] <= p_valid_reg[k-1];
      p_flow_reg[k]  <= p_flow_reg[k-1];
    end
    if (rst) for (int k = 1; k <= NP; k++) p_valid_reg[k] <= 1'b0;
  end

  // ================================================================ state RAMs
  // RAM A: the rate state, read at admission (every cycle: only an admitted read is used),
  // written at the end of S7. RAM B: the pacing state, read in S6, written at the end of
  // S12 (an event of the same flow is at least 8 stages behind: it reads the new word).
  logic [SW-1:0] rama_rdata, rama_wdata, p7_word;
  logic          rama_we;
  logic [FW-1:0] rama_waddr;
  logic [PW-1:0] ramb_rdata, ramb_wdata, p12_pace_word;
  logic          ramb_we;
  logic [FW-1:0] ramb_waddr;

  dcqcn_ram_sdp #(.WIDTH(SW), .DEPTH(NUM_FLOWS)) u_ram_a (
    .clk(clk),
    .we(rama_we), .waddr(rama_waddr), .wdata(rama_wdata),
    .re(1'b1), .raddr(i_full ? i_flow_reg : s_evt_flow), .rdata(rama_rdata)
  );
  assign rama_we    = clearing_reg || p_valid_reg[7];
  assign rama_waddr = clearing_reg ? clr_addr_reg : p_flow_reg[7];
  // a cleared word: not valid, Rc and Rt all ones (they read as the line rate), all else 0
  assign rama_wdata = clearing_reg ? {1'b0, {64{1'b1}}, {(SW - 65){1'b0}}} : p7_word;

  dcqcn_ram_sdp #(.WIDTH(PW), .DEPTH(NUM_FLOWS)) u_ram_b (
    .clk(clk),
    .we(ramb_we), .waddr(ramb_waddr), .wdata(ramb_wdata),
    .re(1'b1), .raddr(p_flow_reg[6]), .rdata(ramb_rdata)
  );
  assign ramb_we    = clearing_reg || p_valid_reg[12];
  assign ramb_waddr = clearing_reg ? clr_addr_reg : p_flow_reg[12];
  assign ramb_wdata = clearing_reg ? '0 : p12_pace_word;

  // ================================================================ S1..S6: rate update
  logic [2:0]  p7_op;
  logic [31:0] p7_now_ns, p7_rc_raw, p7_rc, p7_rt, p7_adl, p7_idl, p7_cdl;
  logic [15:0] p7_bytes;
  logic        p7_stale;
  logic [16:0] p7_alpha;
  logic [1:0]  p7_atmr, p7_itmr, p7_ctmr;
  logic [7:0]  p7_agen, p7_igen, p7_cgen;
  logic [30:0] p7_ptc;

  dcqcn_rp_rate #(.SW(SW)) u_rate (
    .clk(clk),
    .adm_op(i_full ? i_op_reg : s_evt_op),
    .adm_now_ns(i_full ? i_now_reg : s_evt_now_ns),
    .adm_tau_ns(i_full ? i_tau_reg : s_evt_tau_ns),
    .adm_bytes(i_full ? i_bytes_reg : s_evt_bytes),
    .adm_cnp_ue(i_full ? i_ue_reg : s_evt_cnp_ue),
    .adm_gen(i_full ? i_gen_reg : s_evt_gen),
    .st_word(rama_rdata),
    .cfg_plus(r_algo[0]), .cfg_line(r_line), .cfg_minr(d_minr), .cfg_g(r_g),
    .cfg_alpha_init(r_ainit[16:0]), .cfg_alpha_period(r_aper), .cfg_timer_period(r_tper),
    .cfg_byte_counter(r_bc), .cfg_f(r_f), .cfg_ai(r_ai), .cfg_hai({5'd0, r_hai}),
    .cfg_cut_shift(r_cshift[3:0]), .cfg_max_cut(r_maxcut), .cfg_rrmp(r_rrmp),
    .cfg_first_en(r_first != 32'd0), .cfg_first(d_first), .cfg_clamp(r_clamp[0]),
    .cfg_clamp_ti(r_clamp_ti[0]), .cfg_defer(r_defer[0]), .cfg_alpha_first(r_afirst[0]),
    .cfg_hai_fixed(r_haifix[0]), .cfg_lambda(r_lambda), .cfg_rl100(d_rl100),
    .cfg_f4(d_f4), .cfg_f4m1(d_f4m1), .cfg_ff4(d_ff4),
    .p7_word(p7_word), .p7_op(p7_op), .p7_now_ns(p7_now_ns), .p7_bytes(p7_bytes),
    .p7_stale(p7_stale), .p7_rc_raw(p7_rc_raw), .p7_rc(p7_rc), .p7_rt(p7_rt),
    .p7_alpha(p7_alpha), .p7_atmr(p7_atmr), .p7_itmr(p7_itmr), .p7_ctmr(p7_ctmr),
    .p7_agen(p7_agen), .p7_igen(p7_igen), .p7_cgen(p7_cgen),
    .p7_adl(p7_adl), .p7_idl(p7_idl), .p7_cdl(p7_cdl), .p7_ptc(p7_ptc)
  );

  // ================================================================ S7..S11: pacing
  logic [2:0]  res_op;
  logic        res_stale, res_paced;
  logic [31:0] res_next_tx_ns, res_rc, res_rt, res_adl, res_idl, res_cdl;
  logic [16:0] res_alpha;
  logic [1:0]  res_atmr, res_itmr, res_ctmr;
  logic [7:0]  res_agen, res_igen, res_cgen;

  dcqcn_rp_pace #(.PW(PW)) u_pace (
    .clk(clk), .cfg_plus(r_algo[0]), .cfg_lmtu(d_lmtu),
    .p7_op(p7_op), .p7_now_ns(p7_now_ns), .p7_bytes(p7_bytes), .p7_stale(p7_stale),
    .p7_rc_raw(p7_rc_raw), .p7_rc(p7_rc), .p7_rt(p7_rt), .p7_alpha(p7_alpha),
    .p7_atmr(p7_atmr), .p7_itmr(p7_itmr), .p7_ctmr(p7_ctmr),
    .p7_agen(p7_agen), .p7_igen(p7_igen), .p7_cgen(p7_cgen),
    .p7_adl(p7_adl), .p7_idl(p7_idl), .p7_cdl(p7_cdl), .p7_ptc(p7_ptc),
    .pace_word(ramb_rdata),
    .res_op(res_op), .res_stale(res_stale), .res_paced(res_paced),
    .res_next_tx_ns(res_next_tx_ns), .res_rc(res_rc), .res_rt(res_rt), .res_alpha(res_alpha),
    .res_atmr(res_atmr), .res_itmr(res_itmr), .res_ctmr(res_ctmr),
    .res_agen(res_agen), .res_igen(res_igen), .res_cgen(res_cgen),
    .res_adl(res_adl), .res_idl(res_idl), .res_cdl(res_cdl),
    .p12_pace_word(p12_pace_word)
  );

  // ================================================================ output register + FIFO
  localparam int RW = 3 + FW + 1 + 1 + 32 * 3 + 17 + 3 * (2 + 8 + 32);
  logic [RW-1:0] s11_res, fifo_head;
  assign s11_res = {res_op, p_flow_reg[11], res_stale, res_paced, res_next_tx_ns, res_rc,
                    res_rt, res_alpha, res_atmr, res_agen, res_adl,
                    res_itmr, res_igen, res_idl, res_ctmr, res_cgen, res_cdl};

  logic [RW-1:0] fifo_mem [0:15];
  logic [3:0]    fifo_wptr_reg, fifo_rptr_reg;
  logic [4:0]    fifo_cnt_reg;
  logic          fifo_empty_reg;   // fifo_cnt_reg == 0
  logic          out_valid_reg;
  logic [RW-1:0] out_res_reg;
  logic          fifo_push, fifo_pop, leave;
  assign leave     = p_valid_reg[11];
  assign out_pop   = out_valid_reg && m_out_ready;
  assign fifo_pop  = !fifo_empty_reg && out_pop;
  assign fifo_push = leave && (!fifo_empty_reg || (out_valid_reg && !m_out_ready));
  assign fifo_head = fifo_mem[fifo_rptr_reg];

  always_ff @(posedge clk) begin
    if (fifo_push) begin
      fifo_mem[fifo_wptr_reg] <= s11_res;
      fifo_wptr_reg <= fifo_wptr_reg + 4'd1;
    end
    if (fifo_pop) fifo_rptr_reg <= fifo_rptr_reg + 4'd1;
    unique case ({fifo_push, fifo_pop})
      2'b10:   begin fifo_cnt_reg <= fifo_cnt_reg + 5'd1; fifo_empty_reg <= 1'b0; end
      2'b01:   begin fifo_cnt_reg <= fifo_cnt_reg - 5'd1; fifo_empty_reg <= fifo_cnt_reg == 5'd1; end
      default: ;
    endcase
    if (!fifo_empty_reg) begin
      if (out_pop) out_res_reg <= fifo_head;
    end else if (!out_valid_reg || out_pop) begin
      out_valid_reg <= leave;
      // m_out data are 0 while m_out_valid is 0: a synchronous clear (the flops' reset
      // pin, not a LUT on the data path) when the register takes no result.
      out_res_reg <= s11_res & {RW{leave}};
    end
    if (rst) begin
      out_res_reg <= '0;
      fifo_wptr_reg <= '0;
      fifo_rptr_reg <= '0;
      fifo_cnt_reg <= '0;
      fifo_empty_reg <= 1'b1;
      out_valid_reg <= 1'b0;
    end
  end

  assign m_out_valid = out_valid_reg;
  assign {m_out_op, m_out_flow, m_out_stale, m_out_paced, m_out_next_tx_ns, m_out_rc_kbps,
          m_out_rt_kbps, m_out_alpha_q16, m_out_atmr, m_out_agen, m_out_adl_ns, m_out_itmr,
          m_out_igen, m_out_idl_ns, m_out_ctmr, m_out_cgen, m_out_cdl_ns} = out_res_reg;

  // Register bits above a register's range (the clamp keeps them 0) and values read only
  // through their derived form.
  logic unused_bits;
  assign unused_bits = ^{r_algo[31:1], r_ainit[31:17], r_cshift[31:4],
                         r_clamp[31:1], r_clamp_ti[31:1], r_defer[31:1], r_afirst[31:1], r_haifix[31:1],
                         cfg_g_q16[31:17], cfg_max_cut_q16[31:17], cfg_hai_rate_kbps[31:27],
                         cfg_lambda_q8[31:16], cfg_mtu_bytes[31:14]};

endmodule

`resetall
