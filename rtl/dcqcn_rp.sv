// SPDX-License-Identifier: MIT
// DCQCN reaction point: the per-flow rate limiter of a RoCEv2 NIC (SPEC sections 1-4).
//
// Events (one accepted per cycle, any mix of flows, back-to-back events to one flow
// included): TX (a packet of the flow left: advance the byte counter, return the
// earliest time the next packet may leave so the flow is paced at Rc), CNP (CE: cut
// Rc, raise alpha; UE (TCD): only restart the increase), ALPHA_TIMER and INC_TIMER (a
// deadline this block announced has passed), QUERY (read Rc, Rt, alpha), INIT (forget
// the flow; with a non-zero s_evt_tau_ns the flow restarts at Rc = that rate in kb/s,
// clamped to [MIN_RATE, LINE_RATE], Rt = LINE_RATE and the increase timer armed: the state
// after a cut from line rate, so it recovers as usual. A NIC's start-rate policy, paper
// footnote 2). Op codes 6 and 7 act as QUERY.
//
// Timers are not free-running. Whenever the block (re)arms a timer of a flow it
// announces the deadline and a generation tag on the output (m_out_atmr/itmr = SET);
// the system keeps the latest deadline per flow and timer and sends the matching
// *_TIMER event with that tag once the deadline has passed. An event whose tag no longer
// matches is a no-op (m_out_stale). CLR means cancel. The block therefore changes state
// only when an event arrives, and a simulation clocks it only when it has work.
//
// Pipeline: accept (state RAM read) -> stage A (rate state update, forwarding of the
// previous write) -> 42-stage restoring divider (the payload waits in a LUTRAM delay line) (bytes * 8 / Rc in ns.12) -> stage P
// (pacing state RAM, DCQCN+ increase deadline) -> output register.
// Latency 45 cycles from s_evt handshake to m_out_valid; throughput 1 event/cycle.
// Back-pressure: m_out_ready low freezes the whole pipeline (s_evt_ready follows).
// After rst both state RAMs are cleared in NUM_FLOWS cycles (s_evt_ready low).
//
// State: two simple-dual-port RAMs of NUM_FLOWS words (215 and 45 bits).
// Registers: see rtl/dcqcn_rp_regmap.vh (generated from tb/ref/regmap_rp.h).
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
    input  logic [2:0]    s_evt_op,        // 0 TX, 1 CNP, 2 ALPHA_TIMER, 3 INC_TIMER, 4 QUERY, 5 INIT
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
                         OP_INIT = 3'd5;
  localparam logic [1:0] TMR_NONE = 2'd0, TMR_SET = 2'd1, TMR_CLR = 2'd2;
  localparam int SW = 215;  // state word
  localparam int FRAC = 12; // fraction bits of pacing time (ns.12)
  localparam int TW = 32 + FRAC;  // pacing time width
  localparam int PW = 1 + TW;     // pacing word
  localparam int DV = 42;   // divider stages = quotient bits
  localparam int NW = 51;   // numerator bits: 16-bit bytes * 8e6 << 12
  localparam logic [NW-1:0] NS_F_PER_BYTE_KBPS = NW'(64'd8000000 << FRAC);
  localparam logic [63:0] CAP30 = 64'd1 << 30;

  // ================================================================ registers (CSR)
  logic [31:0] r_algo, r_line, r_minr, r_g, r_ainit, r_aper, r_tper, r_bc, r_f, r_ai, r_hai,
               r_cshift, r_maxcut, r_rrmp, r_first, r_clamp, r_clamp_ti, r_mtu, r_lambda, r_rl;

  function automatic logic [31:0] clampv(input logic [31:0] v, input logic [31:0] lo,
                                         input logic [31:0] hi);
    clampv = (v < lo) ? lo : ((v > hi) ? hi : v);
  endfunction

  always_ff @(posedge clk) begin
    if (csr_we) begin
      unique case (csr_addr)
        RP_ALGO_ADDR:                r_algo     <= clampv(csr_wdata, RP_ALGO_MIN, RP_ALGO_MAX);
        RP_LINE_RATE_KBPS_ADDR:      r_line     <= clampv(csr_wdata, RP_LINE_RATE_KBPS_MIN, RP_LINE_RATE_KBPS_MAX);
        RP_MIN_RATE_KBPS_ADDR:       r_minr     <= clampv(csr_wdata, RP_MIN_RATE_KBPS_MIN, RP_MIN_RATE_KBPS_MAX);
        RP_G_Q16_ADDR:               r_g        <= clampv(csr_wdata, RP_G_Q16_MIN, RP_G_Q16_MAX);
        RP_ALPHA_INIT_Q16_ADDR:      r_ainit    <= clampv(csr_wdata, RP_ALPHA_INIT_Q16_MIN, RP_ALPHA_INIT_Q16_MAX);
        RP_ALPHA_PERIOD_NS_ADDR:     r_aper     <= clampv(csr_wdata, RP_ALPHA_PERIOD_NS_MIN, RP_ALPHA_PERIOD_NS_MAX);
        RP_TIMER_PERIOD_NS_ADDR:     r_tper     <= clampv(csr_wdata, RP_TIMER_PERIOD_NS_MIN, RP_TIMER_PERIOD_NS_MAX);
        RP_BYTE_COUNTER_BYTES_ADDR:  r_bc       <= clampv(csr_wdata, RP_BYTE_COUNTER_BYTES_MIN, RP_BYTE_COUNTER_BYTES_MAX);
        RP_F_STEPS_ADDR:             r_f        <= clampv(csr_wdata, RP_F_STEPS_MIN, RP_F_STEPS_MAX);
        RP_AI_RATE_KBPS_ADDR:        r_ai       <= clampv(csr_wdata, RP_AI_RATE_KBPS_MIN, RP_AI_RATE_KBPS_MAX);
        RP_HAI_RATE_KBPS_ADDR:       r_hai      <= clampv(csr_wdata, RP_HAI_RATE_KBPS_MIN, RP_HAI_RATE_KBPS_MAX);
        RP_CUT_SHIFT_ADDR:           r_cshift   <= clampv(csr_wdata, RP_CUT_SHIFT_MIN, RP_CUT_SHIFT_MAX);
        RP_MAX_CUT_Q16_ADDR:         r_maxcut   <= clampv(csr_wdata, RP_MAX_CUT_Q16_MIN, RP_MAX_CUT_Q16_MAX);
        RP_RRMP_NS_ADDR:             r_rrmp     <= clampv(csr_wdata, RP_RRMP_NS_MIN, RP_RRMP_NS_MAX);
        RP_FIRST_CNP_RATE_KBPS_ADDR: r_first    <= clampv(csr_wdata, RP_FIRST_CNP_RATE_KBPS_MIN, RP_FIRST_CNP_RATE_KBPS_MAX);
        RP_CLAMP_TGT_ADDR:           r_clamp    <= clampv(csr_wdata, RP_CLAMP_TGT_MIN, RP_CLAMP_TGT_MAX);
        RP_CLAMP_TGT_AFTER_TI_ADDR:  r_clamp_ti <= clampv(csr_wdata, RP_CLAMP_TGT_AFTER_TI_MIN, RP_CLAMP_TGT_AFTER_TI_MAX);
        RP_MTU_BYTES_ADDR:           r_mtu      <= clampv(csr_wdata, RP_MTU_BYTES_MIN, RP_MTU_BYTES_MAX);
        RP_LAMBDA_Q8_ADDR:           r_lambda   <= clampv(csr_wdata, RP_LAMBDA_Q8_MIN, RP_LAMBDA_Q8_MAX);
        RP_RL_KBPS_ADDR:             r_rl       <= clampv(csr_wdata, RP_RL_KBPS_MIN, RP_RL_KBPS_MAX);
        default: ;
      endcase
    end
    if (csr_re) begin
      unique case (csr_addr)
        RP_ALGO_ADDR:                csr_rdata <= r_algo;
        RP_LINE_RATE_KBPS_ADDR:      csr_rdata <= r_line;
        RP_MIN_RATE_KBPS_ADDR:       csr_rdata <= r_minr;
        RP_G_Q16_ADDR:               csr_rdata <= r_g;
        RP_ALPHA_INIT_Q16_ADDR:      csr_rdata <= r_ainit;
        RP_ALPHA_PERIOD_NS_ADDR:     csr_rdata <= r_aper;
        RP_TIMER_PERIOD_NS_ADDR:     csr_rdata <= r_tper;
        RP_BYTE_COUNTER_BYTES_ADDR:  csr_rdata <= r_bc;
        RP_F_STEPS_ADDR:             csr_rdata <= r_f;
        RP_AI_RATE_KBPS_ADDR:        csr_rdata <= r_ai;
        RP_HAI_RATE_KBPS_ADDR:       csr_rdata <= r_hai;
        RP_CUT_SHIFT_ADDR:           csr_rdata <= r_cshift;
        RP_MAX_CUT_Q16_ADDR:         csr_rdata <= r_maxcut;
        RP_RRMP_NS_ADDR:             csr_rdata <= r_rrmp;
        RP_FIRST_CNP_RATE_KBPS_ADDR: csr_rdata <= r_first;
        RP_CLAMP_TGT_ADDR:           csr_rdata <= r_clamp;
        RP_CLAMP_TGT_AFTER_TI_ADDR:  csr_rdata <= r_clamp_ti;
        RP_MTU_BYTES_ADDR:           csr_rdata <= r_mtu;
        RP_LAMBDA_Q8_ADDR:           csr_rdata <= r_lambda;
        RP_RL_KBPS_ADDR:             csr_rdata <= r_rl;
        default:                     csr_rdata <= 32'd0;
      endcase
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
      csr_rdata <= 32'd0;
    end
  end

  // ================================================================ pipeline control
  logic en;            // the whole pipeline advances
  logic clearing_reg;  // RAMs being cleared after reset
  logic [FW-1:0] clr_addr_reg;
  logic out_valid_reg;

  assign en = !out_valid_reg || m_out_ready;
  assign s_evt_ready = en && !clearing_reg;

  always_ff @(posedge clk) begin
    if (clearing_reg) begin
      clr_addr_reg <= clr_addr_reg + 1'b1;
      if (clr_addr_reg == FW'(NUM_FLOWS - 1)) clearing_reg <= 1'b0;
    end
    if (rst) begin
      clearing_reg <= 1'b1;
      clr_addr_reg <= '0;
    end
  end

  // ================================================================ accept register (s1)
  logic          s1_valid_reg;
  logic [2:0]    s1_op_reg;
  logic [FW-1:0] s1_flow_reg;
  logic [31:0]   s1_now_reg, s1_tau_reg;
  logic [15:0]   s1_bytes_reg;
  logic          s1_ue_reg;
  logic [7:0]    s1_gen_reg;

  always_ff @(posedge clk) begin
    if (en) begin
      s1_valid_reg <= s_evt_valid && s_evt_ready;
      s1_op_reg    <= s_evt_op;
      s1_flow_reg  <= s_evt_flow;
      s1_now_reg   <= s_evt_now_ns;
      s1_bytes_reg <= s_evt_bytes;
      s1_ue_reg    <= s_evt_cnp_ue;
      s1_tau_reg   <= s_evt_tau_ns;
      s1_gen_reg   <= s_evt_gen;
    end
    if (rst) s1_valid_reg <= 1'b0;
  end

  // ================================================================ state RAM A
  logic          rama_we;
  logic [FW-1:0] rama_waddr;
  logic [SW-1:0] rama_wdata, rama_rdata;
  logic [SW-1:0] a_next_word;

  dcqcn_ram_sdp #(.WIDTH(SW), .DEPTH(NUM_FLOWS)) u_ram_a (
    .clk(clk),
    .we(rama_we), .waddr(rama_waddr), .wdata(rama_wdata),
    .re(en), .raddr(s_evt_flow), .rdata(rama_rdata)
  );

  // Forwarding: the word written at the most recent write edge.
  logic          fwda_valid_reg;
  logic [FW-1:0] fwda_flow_reg;
  logic [SW-1:0] fwda_word_reg;

  assign rama_we    = clearing_reg || (en && s1_valid_reg);
  assign rama_waddr = clearing_reg ? clr_addr_reg : s1_flow_reg;
  assign rama_wdata = clearing_reg ? '0 : a_next_word;

  always_ff @(posedge clk) begin
    if (en && s1_valid_reg) begin
      fwda_valid_reg <= 1'b1;
      fwda_flow_reg  <= s1_flow_reg;
      fwda_word_reg  <= a_next_word;
    end
    if (rst || clearing_reg) fwda_valid_reg <= 1'b0;
  end

  // ================================================================ stage A
  // state word fields
  logic        st_valid;
  logic [31:0] st_rc, st_rt;
  logic [16:0] st_alpha;
  logic [7:0]  st_ts, st_bs;
  logic [31:0] st_bytecnt;
  logic [7:0]  st_agen, st_igen;
  logic        st_aarm, st_iarm, st_cutv;
  logic [31:0] st_lastcut;
  logic        st_seen, st_ti;
  logic [31:0] st_tau;

  logic [SW-1:0] a_cur_word;
  assign a_cur_word = (fwda_valid_reg && fwda_flow_reg == s1_flow_reg) ? fwda_word_reg : rama_rdata;
  assign {st_valid, st_rc, st_rt, st_alpha, st_ts, st_bs, st_bytecnt, st_agen, st_igen,
          st_aarm, st_iarm, st_cutv, st_lastcut, st_seen, st_ti, st_tau} = a_cur_word;

  // new values
  logic        n_valid;
  logic [31:0] n_rc, n_rt;
  logic [16:0] n_alpha;
  logic [7:0]  n_ts, n_bs;
  logic [31:0] n_bytecnt;
  logic [7:0]  n_agen, n_igen;
  logic        n_aarm, n_iarm, n_cutv;
  logic [31:0] n_lastcut;
  logic        n_seen, n_ti;
  logic [31:0] n_tau;
  logic        a_stale;
  logic [1:0]  a_atmr, a_itmr;
  logic [31:0] a_adl, a_idl;

  assign a_next_word = {n_valid, n_rc, n_rt, n_alpha, n_ts, n_bs, n_bytecnt, n_agen, n_igen,
                        n_aarm, n_iarm, n_cutv, n_lastcut, n_seen, n_ti, n_tau};

  // register-derived values
  logic [31:0] minr;
  logic        plus;
  logic [31:0] rl;
  assign minr = (r_minr < r_line) ? r_minr : r_line;
  assign plus = r_algo[0];
  assign rl   = (r_rl != 32'd0) ? r_rl : r_line;

  // start-of-event view: fresh if invalid, normalised to LINE/MIN
  logic [31:0] v_rc, v_rt;
  logic [16:0] v_alpha;
  logic [7:0]  v_ts, v_bs, v_agen, v_igen;
  logic [31:0] v_bytecnt, v_lastcut, v_tau;
  logic        v_aarm, v_iarm, v_cutv, v_seen, v_ti;

  always_comb begin
    if (st_valid) begin
      v_rc = st_rc; v_rt = st_rt; v_alpha = st_alpha; v_ts = st_ts; v_bs = st_bs;
      v_bytecnt = st_bytecnt; v_agen = st_agen; v_igen = st_igen; v_aarm = st_aarm;
      v_iarm = st_iarm; v_cutv = st_cutv; v_lastcut = st_lastcut; v_seen = st_seen;
      v_ti = st_ti; v_tau = st_tau;
    end else begin
      v_rc = r_line; v_rt = r_line; v_alpha = r_ainit[16:0]; v_ts = '0; v_bs = '0;
      v_bytecnt = '0; v_agen = '0; v_igen = '0; v_aarm = 1'b0; v_iarm = 1'b0;
      v_cutv = 1'b0; v_lastcut = '0; v_seen = 1'b0; v_ti = 1'b0; v_tau = '0;
    end
    if (v_rc > r_line) v_rc = r_line;
    if (v_rc < minr)   v_rc = minr;
    if (v_rt > r_line) v_rt = r_line;
    if (v_rt < minr)   v_rt = minr;
  end

  // ---- rate increase step (shared by the byte counter and the timer)
  logic        inc_do, inc_timer;
  assign inc_timer = (s1_op_reg == OP_ITMR);  // else the byte counter
  logic [31:0] inc_rc, inc_rt;
  logic [7:0]  inc_ts, inc_bs;

  logic [7:0]  i_mx, i_mn, i_s;
  logic [63:0] i_rt, i_rl100, i_rc10, i_step;
  always_comb begin
    i_mx = (v_ts > v_bs) ? v_ts : v_bs;
    i_mn = (v_ts > v_bs) ? v_bs : v_ts;
    i_s  = (v_ts == 8'hFF) ? 8'hFF : v_ts + 8'd1;
    i_rl100 = ({32'd0, rl} * 64'd5243) >> 19;
    i_rc10  = ({32'd0, v_rc} * 64'd52429) >> 19;
    i_rt = {32'd0, v_rt};
    i_step = '0;
    inc_ts = v_ts;
    inc_bs = v_bs;
    if (!plus) begin
      if ({24'd0, i_mx} < r_f) begin
        i_step = '0;
      end else if ({24'd0, i_mn} > r_f) begin
        i_step = {56'd0, i_mn - r_f[7:0]} * {32'd0, r_hai};
      end else begin
        i_step = {32'd0, r_ai};
      end
      if (inc_timer) inc_ts = i_s;
      else           inc_bs = (v_bs == 8'hFF) ? 8'hFF : v_bs + 8'd1;
    end else begin
      inc_ts = i_s;
      if ({24'd0, i_s} < r_f) begin
        i_step = '0;
      end else if ({24'd0, i_s} <= {r_f[29:0], 2'b00}) begin
        i_step = (i_rc10 < i_rl100) ? i_rc10 : i_rl100;
      end else begin
        i_step = {56'd0, i_s - {r_f[5:0], 2'b00}} * i_rl100;
        if ({32'd0, v_rc} < i_step) i_step = {32'd0, v_rc};
      end
    end
    i_rt = i_rt + i_step;
    if (i_rt > {32'd0, r_line}) i_rt = {32'd0, r_line};
    inc_rt = i_rt[31:0];
    inc_rc = 32'(({32'd0, inc_rt} + {32'd0, v_rc} + 64'd1) >> 1);  // rounds up: Rc reaches Rt
  end

  // ---- the event
  logic [32:0] a_bcsum;
  logic        a_bc_expire;
  logic        a_cut_ok, a_clamp;
  logic [63:0] a_cut, a_maxcut, a_prod;
  logic [31:0] a_rc_cut;
  logic [16:0] a_alpha_up, a_alpha_dn;
  logic [16:0] a_adec;
  logic [33:0] a_adec2;
  logic        a_gen_ok_a, a_gen_ok_i;
  logic [31:0] a_since_cut;

  always_comb begin
    n_valid = 1'b1;
    n_rc = v_rc; n_rt = v_rt; n_alpha = v_alpha; n_ts = v_ts; n_bs = v_bs;
    n_bytecnt = v_bytecnt; n_agen = v_agen; n_igen = v_igen; n_aarm = v_aarm;
    n_iarm = v_iarm; n_cutv = v_cutv; n_lastcut = v_lastcut; n_seen = v_seen; n_ti = v_ti;
    n_tau = v_tau;
    a_stale = 1'b0;
    a_atmr = TMR_NONE; a_adl = '0;
    a_itmr = TMR_NONE; a_idl = '0;
    inc_do = 1'b0;

    // byte counter
    a_bcsum = {1'b0, v_bytecnt} + {17'd0, s1_bytes_reg};
    a_bc_expire = !plus && (a_bcsum >= {1'b0, r_bc});

    // cut
    a_since_cut = s1_now_reg - v_lastcut;
    a_cut_ok = (r_rrmp == 32'd0) || !v_cutv || (a_since_cut >= r_rrmp);
    a_clamp = r_clamp[0] || (r_clamp_ti[0] && v_ti);
    a_prod = {32'd0, v_rc} * {47'd0, v_alpha};
    a_cut = a_prod >> (6'd16 + {1'b0, r_cshift[4:0]});
    a_maxcut = ({32'd0, v_rc} * {47'd0, r_maxcut[16:0]}) >> 16;
    if (a_maxcut < a_cut) a_cut = a_maxcut;
    a_rc_cut = v_rc - a_cut[31:0];
    if (a_rc_cut < minr) a_rc_cut = minr;
    a_alpha_up = v_alpha + 17'(({17'd0, 17'd65536 - v_alpha} * {17'd0, r_g[16:0]}) >> 16);

    // alpha decay
    a_adec = 17'(({17'd0, v_alpha} * {17'd0, r_g[16:0]}) >> 16);
    a_alpha_dn = v_alpha - a_adec;
    a_adec2 = ({17'd0, a_alpha_dn} * {17'd0, r_g[16:0]}) >> 16;

    a_gen_ok_a = v_aarm && (s1_gen_reg == v_agen);
    a_gen_ok_i = v_iarm && (s1_gen_reg == v_igen);

    unique case (s1_op_reg)
      OP_TX: begin
        if (!plus) begin
          if (a_bc_expire) begin
            inc_do = 1'b1;
            n_bytecnt = 32'(a_bcsum - {1'b0, r_bc});
          end else begin
            n_bytecnt = a_bcsum[31:0];
          end
        end
      end
      OP_CNP: begin
        n_tau = s1_tau_reg;
        if (!s1_ue_reg) begin
          if (a_cut_ok) begin
            if (a_clamp) n_rt = v_rc;
            if (r_first != 32'd0 && !v_seen) begin
              n_rc = r_first;
              if (n_rc > r_line) n_rc = r_line;
              if (n_rc < minr) n_rc = minr;
            end else begin
              n_rc = a_rc_cut;
            end
            n_alpha = a_alpha_up;
            n_cutv = 1'b1;
            n_lastcut = s1_now_reg;
          end
          n_seen = 1'b1;
          n_ti = 1'b0;
          n_agen = v_agen + 8'd1;
          n_aarm = 1'b1;
          a_atmr = TMR_SET;
          a_adl = s1_now_reg + r_aper;
        end
        n_ts = '0;
        n_bs = '0;
        n_bytecnt = '0;
        n_igen = v_igen + 8'd1;
        n_iarm = 1'b1;
        a_itmr = TMR_SET;
        a_idl = s1_now_reg + r_tper;
      end
      OP_ATMR: begin
        if (a_gen_ok_a) begin
          n_alpha = a_alpha_dn;
          n_agen = v_agen + 8'd1;
          if (a_adec2 == 34'd0) begin
            n_aarm = 1'b0;
            a_atmr = TMR_CLR;
          end else begin
            a_atmr = TMR_SET;
            a_adl = s1_now_reg + r_aper;
          end
        end else begin
          a_stale = 1'b1;
        end
      end
      OP_ITMR: begin
        if (a_gen_ok_i) begin
          inc_do = 1'b1;
          n_ti = 1'b1;
          n_igen = v_igen + 8'd1;
          if (inc_rc == r_line && inc_rt == r_line) begin
            n_iarm = 1'b0;
            a_itmr = TMR_CLR;
          end else begin
            a_itmr = TMR_SET;
            a_idl = s1_now_reg + r_tper;
          end
        end else begin
          a_stale = 1'b1;
        end
      end
      OP_INIT: begin
        // tau_ns field = start rate in kb/s (0: line rate, the flow stays fresh)
        n_valid = (s1_tau_reg != 32'd0);
        n_rc = r_line; n_rt = r_line; n_alpha = r_ainit[16:0]; n_ts = '0; n_bs = '0;
        n_bytecnt = '0; n_agen = '0; n_igen = '0; n_aarm = 1'b0; n_iarm = 1'b0;
        n_cutv = 1'b0; n_lastcut = '0; n_seen = 1'b0; n_ti = 1'b0; n_tau = '0;
        a_atmr = TMR_CLR;
        a_itmr = TMR_CLR;
        if (s1_tau_reg != 32'd0) begin  // as after a cut from line rate: recover towards it
          n_rc = (s1_tau_reg > r_line) ? r_line : (s1_tau_reg < minr) ? minr : s1_tau_reg;
          n_igen = v_igen + 8'd1;  // a new tag: an old deadline in flight stays stale
          n_iarm = 1'b1;
          a_itmr = TMR_SET;
          a_idl = s1_now_reg + r_tper;
        end
      end
      default: ;  // QUERY
    endcase

    if (inc_do) begin
      n_rc = inc_rc;
      n_rt = inc_rt;
      n_ts = inc_ts;
      n_bs = inc_bs;
    end
  end

  // ================================================================ divider
  // Payload carried from stage A to stage P.
  localparam int PAYW = 3 + FW + 1 + 32 + 32 + 17 + 2 + 8 + 32 + 2 + 8 + 32 + 32 + 1 + 16 + 32;
  logic [PAYW-1:0] a_pay;
  logic [15:0]     a_divbytes;
  logic [NW-1:0]   a_num;
  assign a_divbytes = (s1_op_reg == OP_TX) ? s1_bytes_reg : r_mtu[15:0];
  assign a_num = {35'd0, a_divbytes} * NS_F_PER_BYTE_KBPS;
  assign a_pay = {s1_op_reg, s1_flow_reg, a_stale, n_rc, n_rt, n_alpha, a_atmr, n_agen, a_adl,
                  a_itmr, n_igen, a_idl, s1_now_reg, plus, r_lambda[15:0], n_tau};

  logic            dv_valid_reg [0:DV];
  logic [31:0]     dv_den_reg   [0:DV];   // Rc, the divisor
  logic [31:0]     dv_rem_reg   [0:DV];
  logic [DV-1:0]   dv_nq_reg    [0:DV];   // remaining numerator bits, then quotient bits

  // The rest of the payload waits in a delay line (LUTRAM) instead of travelling through
  // the divider registers: written when an item enters divider stage 0, read back when
  // it reaches stage DV (DV+1 enabled edges later) and, for its flow, one stage earlier
  // to address RAM B.
  localparam int DL = 64;            // delay-line depth, a power of two > DV + 1
  localparam int DLW = $clog2(DL);
  logic [PAYW-1:0] dl_mem  [0:DL-1];
  logic [FW-1:0]   dl_flow [0:DL-1];
  logic [DLW-1:0]  dl_wptr_reg;
  logic [PAYW-1:0] p_pay;
  logic [FW-1:0]   p_next_flow;
  assign p_pay       = dl_mem[DLW'(dl_wptr_reg - DLW'(DV + 1))];  // cast: wraps at DLW bits in every simulator
  assign p_next_flow = dl_flow[DLW'(dl_wptr_reg - DLW'(DV))];

  always_ff @(posedge clk) begin
    if (en) begin
      dl_mem[dl_wptr_reg]  <= a_pay;
      dl_flow[dl_wptr_reg] <= s1_flow_reg;
      dl_wptr_reg <= dl_wptr_reg + 1'b1;
    end
    if (rst) dl_wptr_reg <= '0;
  end

  always_ff @(posedge clk) begin
    if (en) begin
      dv_valid_reg[0] <= s1_valid_reg;
      dv_den_reg[0]   <= n_rc;
      // RC >= 1000 > 2^9: the top NW-DV = 9 quotient bits are zero
      dv_rem_reg[0]   <= {23'd0, a_num[NW-1:DV]};
      dv_nq_reg[0]    <= a_num[DV-1:0];
    end
    if (rst) dv_valid_reg[0] <= 1'b0;
  end

  genvar k;
  generate
    for (k = 0; k < DV; k = k + 1) begin : g_dv
      logic [32:0] trial;
      logic        qbit;
      always_comb begin
        trial = {dv_rem_reg[k], dv_nq_reg[k][DV-1]};
        qbit  = trial >= {1'b0, dv_den_reg[k]};
      end
      always_ff @(posedge clk) begin
        if (en) begin
          dv_valid_reg[k+1] <= dv_valid_reg[k];
          dv_den_reg[k+1]   <= dv_den_reg[k];
          dv_rem_reg[k+1]   <= qbit ? 32'(trial - {1'b0, dv_den_reg[k]}) : trial[31:0];
          dv_nq_reg[k+1]    <= {dv_nq_reg[k][DV-2:0], qbit};
        end
        if (rst) dv_valid_reg[k+1] <= 1'b0;
      end
    end
  endgenerate

  // ================================================================ stage P
  logic [2:0]    p_op;
  logic [FW-1:0] p_flow;
  logic          p_stale, p_plus;
  logic [31:0]   p_rc, p_rt, p_adl, p_idl_in, p_now, p_tau;
  logic [16:0]   p_alpha;
  logic [1:0]    p_atmr, p_itmr;
  logic [7:0]    p_agen, p_igen;
  logic [15:0]   p_lambda;
  logic [DV-1:0] p_q;
  assign {p_op, p_flow, p_stale, p_rc, p_rt, p_alpha, p_atmr, p_agen, p_adl, p_itmr, p_igen,
          p_idl_in, p_now, p_plus, p_lambda, p_tau} = p_pay;
  assign p_q = dv_nq_reg[DV];

  logic          ramb_we;
  logic [FW-1:0] ramb_waddr;
  logic [PW-1:0] ramb_wdata, ramb_rdata, p_next_word;

  dcqcn_ram_sdp #(.WIDTH(PW), .DEPTH(NUM_FLOWS)) u_ram_b (
    .clk(clk),
    .we(ramb_we), .waddr(ramb_waddr), .wdata(ramb_wdata),
    .re(en), .raddr(p_next_flow), .rdata(ramb_rdata)
  );

  logic          fwdb_valid_reg;
  logic [FW-1:0] fwdb_flow_reg;
  logic [PW-1:0] fwdb_word_reg;
  logic          p_write;

  assign p_write    = en && dv_valid_reg[DV] && (p_op == OP_TX || p_op == OP_INIT);
  assign ramb_we    = clearing_reg || p_write;
  assign ramb_waddr = clearing_reg ? clr_addr_reg : p_flow;
  assign ramb_wdata = clearing_reg ? '0 : p_next_word;

  always_ff @(posedge clk) begin
    if (p_write) begin
      fwdb_valid_reg <= 1'b1;
      fwdb_flow_reg  <= p_flow;
      fwdb_word_reg  <= p_next_word;
    end
    if (rst || clearing_reg) fwdb_valid_reg <= 1'b0;
  end

  logic [PW-1:0] p_cur_word;
  logic          pb_valid;
  logic [TW-1:0] pb_tnext, p_now_f, p_tn, p_diff, p_base, p_tnew, p_ceil;
  logic          p_late;
  logic [31:0]   p_next_tx, p_idl;
  logic [63:0]   p_m, p_period;

  assign p_cur_word = (fwdb_valid_reg && fwdb_flow_reg == p_flow) ? fwdb_word_reg : ramb_rdata;
  assign {pb_valid, pb_tnext} = p_cur_word;

  always_comb begin
    p_now_f  = {p_now, {FRAC{1'b0}}};
    p_tn     = pb_valid ? pb_tnext : p_now_f;
    p_diff   = p_now_f - p_tn;
    p_late   = !p_diff[TW-1] && (p_diff >= TW'(1 << FRAC));
    p_base   = p_late ? p_now_f : p_tn;
    p_tnew   = p_base + TW'(p_q);
    p_next_word = {1'b1, p_tnew};
    if (p_op == OP_INIT) p_next_word = '0;
    p_ceil = ((p_op == OP_TX) ? p_tnew : pb_tnext) + TW'((1 << FRAC) - 1);
    if (p_op == OP_TX || (pb_valid && p_op != OP_INIT)) p_next_tx = 32'(p_ceil >> FRAC);
    else                                                p_next_tx = p_now;
    // DCQCN+: increase deadline = now + lambda * max(tau, MTU / Rc), capped at 2^30 ns
    p_m = 64'(p_q) >> FRAC;
    if ({32'd0, p_tau} > p_m) p_m = {32'd0, p_tau};
    if (p_m > CAP30) p_m = CAP30;
    p_period = (p_m * {48'd0, p_lambda}) >> 8;
    if (p_period > CAP30) p_period = CAP30;
    p_idl = p_idl_in;
    if (p_plus && p_itmr == TMR_SET) p_idl = p_now + p_period[31:0];
  end

  // ================================================================ output register
  always_ff @(posedge clk) begin
    if (en) begin
      out_valid_reg    <= dv_valid_reg[DV];
      m_out_op         <= p_op;
      m_out_flow       <= p_flow;
      m_out_stale      <= p_stale;
      m_out_next_tx_ns <= p_next_tx;
      m_out_rc_kbps    <= p_rc;
      m_out_rt_kbps    <= p_rt;
      m_out_alpha_q16  <= p_alpha;
      m_out_atmr       <= p_atmr;
      m_out_agen       <= p_agen;
      m_out_adl_ns     <= p_adl;
      m_out_itmr       <= p_itmr;
      m_out_igen       <= p_igen;
      m_out_idl_ns     <= p_idl;
    end
    if (rst) out_valid_reg <= 1'b0;
  end
  assign m_out_valid = out_valid_reg;

endmodule

`resetall
