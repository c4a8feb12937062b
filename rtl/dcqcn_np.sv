// SPDX-License-Identifier: MIT
// DCQCN notification point (receiver NIC): decides per flow when to send a CNP.
// A marked packet (ECN 11; in TCD mode also ECN 10) gets a CNP if the flow has had none
// in the last tau ns; otherwise it is remembered (pending) and a deadline is announced
// on m_out_tmr_*: the integrator's timer returns it as a TIMER event, which sends the
// pending CNP if the hold-off is over (else the deadline is announced again). tau =
// CNP_INTERVAL_NS, or with DCQCN+ the larger of that and the CNP demand of the previous
// epoch. A NIC-wide budget (CNP_BUDGET_NS, 0 = off) spaces any two CNPs of the block:
// a due CNP that may not leave yet waits in a CNPQ_DEPTH-deep queue (full: dropped and
// counted); each result announces the queue's head and when it may leave (m_out_q_*),
// and a DRAIN event (op 3) for that flow at or after that time sends it. docs/np.md.
//
// Throughput: one event per cycle. An event is not accepted (s_evt_ready low) while an
// event of the same flow is in stage S1 or C1: the same flow at most once per 3 cycles.
// Latency: an event accepted in cycle k is on m_out (m_out_valid) in cycle k+4.
// Pipeline: accept (RAM read issued) -> S1 (RAM data, or the forwarded last write, into
// a register) -> C1 (compares: hold-off for both possible taus, budget, epoch rollover)
// -> C2 (decision, RAM write-back, global state) -> output register. An event uses the
// register values of the cycle before it leaves C1. After rst the state RAM is cleared
// for NUM_FLOWS cycles, with s_evt_ready low.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_np #(
    parameter int NUM_FLOWS  = 1024,  // flows (power of two, >= 2): per-flow RAM depth
    parameter int CNPQ_DEPTH = 32     // budget queue depth (power of two, >= 2)
) (
    input  logic                         clk,
    input  logic                         rst,

    // Event input: op 0 = RX packet, 1 = TIMER (deadline reached), 2 = INIT flow,
    // 3 = DRAIN (budget queue head may leave; otherwise a no-op)
    input  logic                         s_evt_valid,
    output logic                         s_evt_ready,
    input  logic [1:0]                   s_evt_op,
    input  logic [$clog2(NUM_FLOWS)-1:0] s_evt_flow,
    input  logic [31:0]                  s_evt_now_ns,    // wrapping time
    input  logic [1:0]                   s_evt_ecn,       // RX: ECN field
    input  logic [7:0]                   s_evt_gen,       // TIMER: generation it was announced with

    // Result output: one per accepted event, in order
    output logic                         m_out_valid,
    input  logic                         m_out_ready,
    output logic [1:0]                   m_out_op,
    output logic [$clog2(NUM_FLOWS)-1:0] m_out_flow,
    output logic                         m_out_cnp,       // send a CNP to this flow's sender now
    output logic                         m_out_cnp_kind,  // 0 = CE, 1 = UE (TCD)
    output logic [31:0]                  m_out_cnp_tau_ns,// the NP's hold-off interval tau
    output logic                         m_out_tmr_set,   // call TIMER(flow, tmr_gen) at deadline
    output logic [31:0]                  m_out_tmr_deadline_ns,
    output logic [7:0]                   m_out_tmr_gen,
    output logic                         m_out_stale,     // TIMER with an outdated gen
    output logic                         m_out_cnp_queued,  // the CNP waits in the budget queue
    output logic                         m_out_cnp_dropped, // the CNP was dropped: queue full
    output logic                         m_out_q_valid,   // queue not empty: DRAIN(q_flow) at q_at
    output logic [$clog2(NUM_FLOWS)-1:0] m_out_q_flow,
    output logic [31:0]                  m_out_q_at_ns,

    // CSR bus (tb/ref/regmap_np.h)
    input  logic                         csr_we,
    input  logic                         csr_re,
    input  logic [7:0]                   csr_addr,
    input  logic [31:0]                  csr_wdata,
    output logic [31:0]                  csr_rdata
);

  `include "dcqcn_np_regmap.vh"

  localparam int AW  = $clog2(NUM_FLOWS);
  localparam int QW  = $clog2(CNPQ_DEPTH);
  localparam int QCW = QW + 1;                       // counts 0..CNPQ_DEPTH
  localparam logic [30:0] DEM_MAX = 31'h4000_0000;   // 2^30: the demand saturates here

  if (NUM_FLOWS < 2 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0) begin : g_bad_num_flows
    initial $fatal(1, "%m: NUM_FLOWS (%0d) must be a power of two >= 2", NUM_FLOWS);
  end
  // the CSR clamps below are bit tests written for these bounds
  if (NP_CNP_INTERVAL_NS_MIN != 0 || NP_CNP_INTERVAL_NS_MAX != 32'd1 << 30 ||
      NP_MODE_MIN != 0 || NP_MODE_MAX != 1 || NP_PLUS_ENABLE_MIN != 0 || NP_PLUS_ENABLE_MAX != 1 ||
      NP_CNP_GEN_TIME_NS_MIN != 0 || NP_CNP_GEN_TIME_NS_MAX != 32'd1 << 20 ||
      NP_EPOCH_NS_MIN != 100 || NP_EPOCH_NS_MAX != 32'd1 << 30 ||
      NP_CNP_BUDGET_NS_MIN != 0 || NP_CNP_BUDGET_NS_MAX != 32'd1 << 20) begin : g_bad_bounds
    initial $fatal(1, "%m: register bounds changed: update the clamps");
  end
  if (CNPQ_DEPTH < 2 || (CNPQ_DEPTH & (CNPQ_DEPTH - 1)) != 0) begin : g_bad_depth
    initial $fatal(1, "%m: CNPQ_DEPTH (%0d) must be a power of two >= 2", CNPQ_DEPTH);
  end

  localparam logic [1:0] OP_RX = 2'd0, OP_TIMER = 2'd1, OP_INIT = 2'd2, OP_DRAIN = 2'd3;
  localparam logic [1:0] ECN_UE = 2'b10, ECN_CE = 2'b11;

  // Per-flow RAM word: {valid, cnp_sent, pending, queued, kind, gen, epoch, last_cnp_ns}
  localparam int EW = 53;

  // v clamped to [0, 2^k] (k < 31) with bit tests, no carry chain: v > 2^k when a bit
  // above k is set, or bit k and a bit below it.
  function automatic logic [31:0] clamp_pow2(input logic [31:0] v, input int k);
    logic above;
    above = 1'b0;
    for (int i = 0; i < 32; i++) begin
      if (i > k && v[i]) above = 1'b1;
    end
    if (v[k] && ((v & ((32'd1 << k) - 32'd1)) != 32'd0)) above = 1'b1;
    clamp_pow2 = above ? (32'd1 << k) : v;
  endfunction

  // ---------------------------------------------------------------- registers
  logic [31:0]   cnp_interval_reg, cnp_interval_next;
  logic          mode_reg, mode_next, mode_d_reg;
  logic          plus_reg, plus_next;
  logic [20:0]   gen_time_reg, gen_time_next, gen_time_d_reg;
  logic [31:0]   epoch_len_reg, epoch_len_next;
  logic [20:0]   budget_reg, budget_next, budget_d_reg;
  logic [31:0]   csr_rdata_reg, csr_rdata_next;

  logic          clearing_reg, clearing_next;
  logic [AW-1:0] clr_addr_reg, clr_addr_next;

  // S1: accepted event, RAM data arriving
  logic          s1_valid_reg, s1_valid_next;
  logic [1:0]    s1_op_reg, s1_op_next;
  logic [AW-1:0] s1_flow_reg, s1_flow_next;
  logic [31:0]   s1_now_reg, s1_now_next;
  logic [1:0]    s1_ecn_reg, s1_ecn_next;
  logic [7:0]    s1_gen_reg, s1_gen_next;
  logic          s1_roll_reg, s1_roll_next;         // decided at accept

  // C1: compare stage
  logic          c1_valid_reg, c1_valid_next;
  logic [1:0]    c1_op_reg, c1_op_next;
  logic [AW-1:0] c1_flow_reg, c1_flow_next;
  logic [31:0]   c1_now_reg, c1_now_next;
  logic [1:0]    c1_ecn_reg, c1_ecn_next;
  logic [7:0]    c1_gen_reg, c1_gen_next;
  logic [EW-1:0] c1_ent_reg, c1_ent_next;
  logic          c1_roll_reg, c1_roll_next;         // the event starts a new DCQCN+ epoch
  logic [7:0]    c1_epid_reg, c1_epid_next;         // ... its epoch id

  // C2: decision stage
  logic          c2_valid_reg, c2_valid_next;
  logic [1:0]    c2_op_reg, c2_op_next;
  logic [AW-1:0] c2_flow_reg, c2_flow_next;
  logic [31:0]   c2_now_reg, c2_now_next;
  logic          c2_e_valid_reg, c2_e_valid_next;
  logic          c2_e_queued_reg, c2_e_queued_next;
  logic [7:0]    c2_e_gen_reg, c2_e_gen_next;
  logic [7:0]    c2_e_epoch_reg, c2_e_epoch_next;
  logic          c2_marked_next;  // C1 term
  logic          c2_ue_next;  // C1 term
  logic          c2_gen_eq_next;  // C1 term
  logic          c2_roll_reg, c2_roll_next;
  logic [7:0]    c2_epoch_id_reg, c2_epoch_id_next;
  logic [30:0]   c2_lim_reg, c2_lim_next;           // 2^30 - CNP_GEN_TIME_NS
  // decision terms that do not depend on the event ahead (C1 computes them)
  logic          c2_rxm_reg, c2_rxm_next;           // RX, marked, flow not queued
  logic          c2_rx_arm_reg, c2_rx_arm_next;     // ... and not pending: arms if held off
  logic          c2_tmp_reg, c2_tmp_next;           // TIMER, current gen, flow pending
  logic          c2_dq_reg, c2_dq_next;             // DRAIN, flow queued
  logic          c2_stale_reg, c2_stale_next;       // TIMER, outdated gen
  logic          c2_ho_k_reg, c2_ho_k_next;         // hold-off over (tau tk)
  logic          c2_ep_new_reg, c2_ep_new_next;     // flow not counted in this epoch yet
  logic          c2_dkind_reg, c2_dkind_next;       // kind of a CNP sent by this event
  logic          c2_kbase_reg, c2_kbase_next;       // kind kept if no CNP leaves or drops
  logic          c2_sent_keep_reg, c2_sent_keep_next;  // cnp_sent unless a CNP leaves
  logic          c2_pend_keep_reg, c2_pend_keep_next;  // pending unless delivered or armed
  logic [31:0]   c2_last_keep_reg, c2_last_keep_next;  // last_cnp_ns unless a CNP leaves
  logic [7:0]    c2_gen1_reg, c2_gen1_next;         // gen + 1
  logic          c2_ge_k_next;  // C1 term         // since >= tau (no rollover before)
  logic [31:0]   c2_tau_k_reg, c2_tau_k_next;
  logic [31:0]   c2_dl_k_reg, c2_dl_k_next;
  logic          c2_du_o_reg, c2_du_o_next;         // budget due vs the last CNP so far
  logic          c2_du_n_reg, c2_du_n_next;         // budget due vs the event before (if it sent)
  logic          c2_eq_head_reg, c2_eq_head_next;   // flow == queue head
  logic          c2_eq_next_reg, c2_eq_next_next;   // flow == the entry after the head
  logic [31:0]   c2_now_b_reg, c2_now_b_next;       // now + budget
  logic [20:0]   c2_gt_reg, c2_gt_next;             // CNP_GEN_TIME_NS of this event
  logic [20:0]   c2_budget_reg, c2_budget_next;     // CNP_BUDGET_NS of this event
  logic          c2_p_sent_reg, c2_p_sent_next;     // ... sent a CNP
  logic          c2_p_pop_reg, c2_p_pop_next;       // ... popped the queue head

  logic          fwd_valid_reg, fwd_valid_next;
  logic [AW-1:0] fwd_addr_reg, fwd_addr_next;
  logic [EW-1:0] fwd_data_reg, fwd_data_next;

  // global state
  logic [31:0]   epoch_start_reg, epoch_start_next;   // accept stage
  logic [7:0]    epoch_id_reg, epoch_id_next;         // accept stage
  logic [7:0]    epoch_id1_reg, epoch_id1_next;       // accept stage: epoch_id + 1
  logic [30:0]   dcur_reg, dcur_next;                 // C2: demand of this epoch
  logic [30:0]   dprev_reg, dprev_next;               // C2: demand of the previous epoch
  logic [31:0]   tk_reg, tk_next;   // tau: PLUS ? max(N, dprev) : N, N and PLUS of the cycle before
  logic          q_empty_reg, q_empty_next;           // q_count == 0
  logic          q_one_reg, q_one_next;               // q_count == 1
  logic          q_full_reg, q_full_next;             // q_count == CNPQ_DEPTH
  logic          any_sent_reg, any_sent_next;
  logic [31:0]   last_any_reg, last_any_next;
  logic [QCW-1:0] q_count_reg, q_count_next;
  logic [QW-1:0] q_rd_reg, q_rd_next;
  logic [AW-1:0] q_head_reg, q_head_next;
  logic [31:0]   ovf_reg, ovf_next;
  logic [QCW-1:0] hwm_reg, hwm_next;

  logic          out_valid_reg, out_valid_next;
  logic [1:0]    out_op_reg, out_op_next;
  logic [AW-1:0] out_flow_reg, out_flow_next;
  logic          out_cnp_reg, out_cnp_next;
  logic          out_kind_reg, out_kind_next;
  logic [31:0]   out_tau_reg, out_tau_next;
  logic          out_tmr_set_reg, out_tmr_set_next;
  logic [31:0]   out_deadline_reg, out_deadline_next;
  logic [7:0]    out_tmr_gen_reg, out_tmr_gen_next;
  logic          out_stale_reg, out_stale_next;
  logic          out_queued_reg, out_queued_next;
  logic          out_dropped_reg, out_dropped_next;
  logic          out_q_valid_reg, out_q_valid_next;
  logic [AW-1:0] out_q_flow_reg, out_q_flow_next;
  logic [31:0]   out_q_at_reg, out_q_at_next;

  // ---------------------------------------------------------------- state RAM
  logic          ram_we;
  logic [AW-1:0] ram_waddr;
  logic [EW-1:0] ram_wdata;
  logic [EW-1:0] ram_rdata;
  logic          en;

  dcqcn_ram_sdp #(
      .WIDTH(EW),
      .DEPTH(NUM_FLOWS)
  ) u_ram (
      .clk  (clk),
      .we   (ram_we),
      .waddr(ram_waddr),
      .wdata(ram_wdata),
      .re   (en),
      .raddr(s_evt_flow),
      .rdata(ram_rdata)
  );

  // ---------------------------------------------------------------- budget queue
  // Flow ids in arrival order; a flow is in it at most once (its RAM word's queued bit).
  // Small: distributed RAM, one write port, one asynchronous read port at head + 1.
  logic [AW-1:0] q_mem [0:CNPQ_DEPTH-1];
  logic          q_we;
  logic [QW-1:0] q_waddr;
  logic [QW-1:0] q_rd1;
  logic [AW-1:0] q_next_flow;

  always_ff @(posedge clk) begin
    if (q_we) q_mem[q_waddr] <= c2_flow_reg;
  end
  assign q_rd1       = q_rd_reg + QW'(1);
  assign q_next_flow = q_mem[q_rd1];

  // ---------------------------------------------------------------- datapath
  logic          accept, hazard;
  // C1
  logic          e1_valid, e1_sent, e1_pend, e1_queued, e1_kind;
  logic [7:0]    e1_gen, e1_epoch;
  logic [31:0]   e1_last, since1;
  logic          hold, roll_in;
  // C2
  logic          fire;
  logic [31:0]   tau2, dl2;
  logic          holdoff_over, budget_due, budget_free, q_empty, q_full, is_head;
  logic          deliver, send, send_kind, arm, stale, push, drop, pop, counted;
  logic          n_valid, n_sent, n_pend, n_queued, n_kind;
  logic [7:0]    n_gen, n_epoch;
  logic [31:0]   n_last;
  logic [30:0]   dcur_inc;
  logic [31:0]   m_dcur, m_dprev;
  logic [QCW-1:0] q_count_inc;
  logic          q_valid_n;
  logic [AW-1:0] q_flow_n;

  always_comb begin
    en     = !out_valid_reg || m_out_ready;
    hazard = (s1_valid_reg && s1_flow_reg == s_evt_flow) ||
             (c1_valid_reg && c1_flow_reg == s_evt_flow);
    // the event after one that starts a DCQCN+ epoch is accepted a cycle later, so that
    // it reaches C1 only after the rolling event has left C2 (tau then needs no select)
    hold   = s1_valid_reg && s1_roll_reg;
    accept = s_evt_valid && en && !clearing_reg && !hazard && !hold;
    // DCQCN+ epoch rollover, decided at accept (at most one rollover per event)
    roll_in = (s_evt_now_ns - epoch_start_reg) >= epoch_len_reg;

    // CSR: read value of this cycle, write visible from the next one
    cnp_interval_next = cnp_interval_reg;
    mode_next         = mode_reg;
    plus_next         = plus_reg;
    gen_time_next     = gen_time_reg;
    epoch_len_next    = epoch_len_reg;
    budget_next       = budget_reg;
    // each register clamps the written value itself (bit tests, no shared mux)
    if (csr_we && csr_addr == NP_CNP_INTERVAL_NS_ADDR) cnp_interval_next = clamp_pow2(csr_wdata, 30);
    if (csr_we && csr_addr == NP_MODE_ADDR)            mode_next = csr_wdata != '0;
    if (csr_we && csr_addr == NP_PLUS_ENABLE_ADDR)     plus_next = csr_wdata != '0;
    if (csr_we && csr_addr == NP_CNP_GEN_TIME_NS_ADDR) gen_time_next = 21'(clamp_pow2(csr_wdata, 20));
    if (csr_we && csr_addr == NP_EPOCH_NS_ADDR)  // [100, 2^30]
      epoch_len_next = (csr_wdata[31:7] == '0 && csr_wdata[6:0] < 7'(NP_EPOCH_NS_MIN))
                     ? NP_EPOCH_NS_MIN : clamp_pow2(csr_wdata, 30);
    if (csr_we && csr_addr == NP_CNP_BUDGET_NS_ADDR)   budget_next = 21'(clamp_pow2(csr_wdata, 20));
    csr_rdata_next = '0;
    if (csr_re) begin
      case (csr_addr)
        NP_CNP_INTERVAL_NS_ADDR: csr_rdata_next = cnp_interval_reg;
        NP_MODE_ADDR:            csr_rdata_next = {31'd0, mode_reg};
        NP_PLUS_ENABLE_ADDR:     csr_rdata_next = {31'd0, plus_reg};
        NP_CNP_GEN_TIME_NS_ADDR: csr_rdata_next = {11'd0, gen_time_reg};
        NP_EPOCH_NS_ADDR:        csr_rdata_next = epoch_len_reg;
        NP_CNP_BUDGET_NS_ADDR:   csr_rdata_next = {11'd0, budget_reg};
        NP_CNPQ_OVERFLOWS_ADDR:  csr_rdata_next = ovf_reg;
        NP_CNPQ_HWM_ADDR:        csr_rdata_next = 32'(hwm_reg);
        NP_CNPQ_LEVEL_ADDR:      csr_rdata_next = 32'(q_count_reg);
        default:                 csr_rdata_next = '0;
      endcase
    end

    // RAM clear after reset
    clearing_next = clearing_reg;
    clr_addr_next = clr_addr_reg;
    if (clearing_reg) begin
      clr_addr_next = clr_addr_reg + AW'(1);
      if (clr_addr_reg == {AW{1'b1}}) clearing_next = 1'b0;
    end

    // ------------------------------------------------------------ S1 -> C1
    // The RAM is read-first: a write of the same flow at the edge of the read (the event
    // then in C2) is not in ram_rdata; take the copy of the last write instead. Older
    // writes are in the RAM; newer ones cannot be of this flow (the hazard stall).
    c1_ent_next = (fwd_valid_reg && fwd_addr_reg == s1_flow_reg) ? fwd_data_reg : ram_rdata;

    // ------------------------------------------------------------ C1: compares
    {e1_valid, e1_sent, e1_pend, e1_queued, e1_kind, e1_gen, e1_epoch, e1_last} = c1_ent_reg;
    since1        = c1_now_reg - e1_last;

    c2_op_next       = c1_op_reg;
    c2_flow_next     = c1_flow_reg;
    c2_now_next      = c1_now_reg;
    c2_e_valid_next  = e1_valid;
    c2_e_queued_next = e1_queued;
    c2_e_gen_next    = e1_gen;
    c2_e_epoch_next  = e1_epoch;
    c2_marked_next   = c1_ecn_reg == ECN_CE || (mode_d_reg && c1_ecn_reg == ECN_UE);
    c2_ue_next       = c1_ecn_reg != ECN_CE;
    c2_gen_eq_next   = c1_gen_reg == e1_gen;
    c2_roll_next     = c1_roll_reg;
    c2_epoch_id_next = c1_epid_reg;
    c2_lim_next      = DEM_MAX - 31'(gen_time_d_reg);
    // tau of this event: tk = PLUS ? max(N, demand of the previous epoch) : N, a register
    // computed in the cycle before from that cycle's N and PLUS (the event ahead in C2
    // never starts an epoch: see hold)
    c2_ge_k_next     = since1 >= tk_reg;
    c2_tau_k_next    = tk_reg;
    c2_dl_k_next     = e1_last + tk_reg;
    // budget: vs the last CNP so far, or vs the event now in C2 if it sends one
    c2_du_o_next     = !any_sent_reg || (c1_now_reg - last_any_reg) >= 32'(budget_d_reg);
    c2_du_n_next     = (c1_now_reg - c2_now_reg) >= 32'(budget_d_reg);
    c2_eq_head_next  = c1_flow_reg == q_head_reg;
    c2_eq_next_next  = c1_flow_reg == q_next_flow;
    c2_now_b_next    = c1_now_reg + 32'(budget_d_reg);
    c2_gt_next       = gen_time_d_reg;
    c2_budget_next   = budget_d_reg;
    c2_rxm_next      = c1_op_reg == OP_RX && c2_marked_next && !e1_queued;
    c2_rx_arm_next   = c1_op_reg == OP_RX && c2_marked_next && !e1_queued && !e1_pend;
    c2_tmp_next      = c1_op_reg == OP_TIMER && c2_gen_eq_next && e1_pend;
    c2_dq_next       = c1_op_reg == OP_DRAIN && e1_queued;
    c2_stale_next    = c1_op_reg == OP_TIMER && !c2_gen_eq_next;
    c2_ho_k_next     = !e1_sent || c2_ge_k_next;
    c2_ep_new_next   = !e1_valid || e1_epoch != c1_epid_reg;
    // a CE anywhere in the window wins: the kind after an RX mark merges with the owed one
    c2_kbase_next    = e1_kind;
    c2_dkind_next    = e1_kind;
    if (c1_op_reg == OP_RX && c2_marked_next) begin
      c2_kbase_next = c2_ue_next && !((e1_pend || e1_queued) && !e1_kind);
      c2_dkind_next = c2_kbase_next;
    end
    if (c1_op_reg == OP_INIT && !e1_queued) c2_kbase_next = 1'b0;
    c2_sent_keep_next = e1_sent && c1_op_reg != OP_INIT;
    c2_pend_keep_next = e1_pend && c1_op_reg != OP_INIT;
    c2_last_keep_next = (c1_op_reg == OP_INIT) ? 32'd0 : e1_last;
    c2_gen1_next      = e1_gen + 8'd1;

    // ------------------------------------------------------------ C2: decision
    // Two LUT levels from the C2 registers to send / push / pop / arm: every compare was
    // done in C1; here only the selects by what the event ahead did (sent, popped) and
    // the decision.
    fire         = c2_valid_reg && en;
    tau2         = c2_tau_k_reg;
    dl2          = c2_dl_k_reg;
    holdoff_over = c2_ho_k_reg;
    budget_due   = c2_p_sent_reg ? c2_du_n_reg : c2_du_o_reg;
    q_empty      = q_empty_reg;
    q_full       = q_full_reg;
    budget_free  = q_empty && budget_due;
    is_head      = c2_p_pop_reg ? c2_eq_next_reg : c2_eq_head_reg;

`ifdef MUTATION_NO_TIMER_HOLDOFF
    // the TIMER path sends without the hold-off check (the bug of the issue)
    deliver = (c2_rxm_reg && holdoff_over) || c2_tmp_reg;
    arm     = c2_rx_arm_reg && !holdoff_over;
`else
    deliver = (c2_rxm_reg || c2_tmp_reg) && holdoff_over;  // a CNP is due
    arm     = (c2_rx_arm_reg || c2_tmp_reg) && !holdoff_over;
`endif
`ifdef MUTATION_IDLE_TIMER_SENDS
    // a TIMER with the current gen and nothing pending sends a CNP
    if (c2_op_reg == OP_TIMER && !c2_stale_reg && !c2_tmp_reg && !c2_e_queued_reg)
      deliver = 1'b1;
`endif
    pop   = c2_dq_reg && is_head && budget_due;
    send  = (deliver && budget_free) || (pop && holdoff_over);
    push  = deliver && !budget_free && !q_full;
    drop  = deliver && !budget_free && q_full;
    if (pop && !holdoff_over) arm = 1'b1;  // tau grew while it waited: pending again
    stale = c2_stale_reg;
    send_kind = send && c2_dkind_reg;

    n_valid  = c2_e_valid_reg || send;
    n_sent   = c2_sent_keep_reg || send;
    n_pend   = arm || (c2_pend_keep_reg && !deliver);
`ifdef MUTATION_LOSE_PENDING
    // a suppressed mark inside the window forgets the pending CNP
    if (c2_rxm_reg && !c2_rx_arm_reg && !holdoff_over) n_pend = 1'b0;
`endif
    n_queued = push || (c2_e_queued_reg && !pop);
    n_kind   = c2_kbase_reg && !send && !drop;
    n_gen    = arm ? c2_gen1_reg : c2_e_gen_reg;
    n_epoch  = send ? c2_epoch_id_reg : c2_e_epoch_reg;
    n_last   = send ? c2_now_reg : c2_last_keep_reg;
    // the flow is not counted in this epoch yet
    counted  = send && c2_ep_new_reg;

    // state RAM write (clear walk, or the decision stage's write-back on en)
    ram_we    = clearing_reg || fire;
    ram_waddr = clearing_reg ? clr_addr_reg : c2_flow_reg;
    ram_wdata = clearing_reg ? '0
              : {n_valid, n_sent, n_pend, n_queued, n_kind, n_gen, n_epoch, n_last};

    // ------------------------------------------------------------ global state
    // DCQCN+ demand: each counted CNP adds its CNP_GEN_TIME_NS, saturating at 2^30
    // (the compare with 2^30 - gt runs beside the add)
    dcur_inc = (dcur_reg > c2_lim_reg) ? DEM_MAX : dcur_reg + 31'(c2_gt_reg);  // see m_inc
    m_dcur  = (32'(dcur_reg) > cnp_interval_reg) ? 32'(dcur_reg) : cnp_interval_reg;
    m_dprev = (32'(dprev_reg) > cnp_interval_reg) ? 32'(dprev_reg) : cnp_interval_reg;
    dcur_next  = dcur_reg;
    dprev_next = dprev_reg;
    if (fire) begin
      if (c2_roll_reg) begin
        dprev_next = dcur_reg;
        dcur_next  = counted ? 31'(c2_gt_reg) : '0;
      end else if (counted) begin
        dcur_next  = dcur_inc;
      end
    end
    tk_next = !plus_reg ? cnp_interval_reg : (fire && c2_roll_reg) ? m_dcur : m_dprev;

    epoch_start_next = epoch_start_reg;
    epoch_id_next    = epoch_id_reg;
    epoch_id1_next   = epoch_id1_reg;
    // applied when the rolling event leaves S1 (nothing is accepted meanwhile: hold)
    if (en && s1_valid_reg && s1_roll_reg) begin
      epoch_start_next = s1_now_reg;
      epoch_id_next    = epoch_id1_reg;
      epoch_id1_next   = epoch_id1_reg + 8'd1;
    end

    any_sent_next = any_sent_reg;
    last_any_next = last_any_reg;
    q_count_next  = q_count_reg;
    q_empty_next  = q_empty_reg;
    q_one_next    = q_one_reg;
    q_full_next   = q_full_reg;
    q_rd_next     = q_rd_reg;
    q_head_next   = q_head_reg;
    ovf_next      = ovf_reg;
    hwm_next      = hwm_reg;
    q_we          = 1'b0;
    q_waddr       = q_rd_reg + q_count_reg[QW-1:0];
    q_count_inc   = q_count_reg + QCW'(1);
    if (fire) begin
      if (send) begin
        any_sent_next = 1'b1;
        last_any_next = c2_now_reg;
      end
      if (push) begin
        q_we         = 1'b1;
        q_count_next = q_count_inc;
        q_empty_next = 1'b0;
        q_one_next   = q_empty_reg;
        q_full_next  = q_count_inc == QCW'(CNPQ_DEPTH);
        if (q_empty) q_head_next = c2_flow_reg;
        if (q_count_inc > hwm_reg) hwm_next = q_count_inc;
      end
      if (pop) begin
        q_count_next = q_count_reg - QCW'(1);
        q_rd_next    = q_rd1;
        q_empty_next = q_one_reg;
        q_one_next   = q_count_reg == QCW'(2);
        q_full_next  = 1'b0;
        if (q_count_reg != QCW'(1)) q_head_next = q_next_flow;
      end
      if (drop && ovf_reg != 32'hFFFF_FFFF) ovf_next = ovf_reg + 32'd1;
    end

    // the queue after this event, for the result: from the flags, not from q_count_next
    q_valid_n = push || (!q_empty_reg && !(pop && q_one_reg));
    if (pop)                     q_flow_n = q_one_reg ? '0 : q_next_flow;
    else if (push && q_empty_reg) q_flow_n = c2_flow_reg;
    else                         q_flow_n = q_empty_reg ? '0 : q_head_reg;

    // ------------------------------------------------------------ pipeline registers
    s1_valid_next     = s1_valid_reg;
    s1_op_next        = s1_op_reg;
    s1_flow_next      = s1_flow_reg;
    s1_now_next       = s1_now_reg;
    s1_ecn_next       = s1_ecn_reg;
    s1_gen_next       = s1_gen_reg;
    s1_roll_next      = s1_roll_reg;
    c1_roll_next      = c1_roll_reg;
    c1_epid_next      = c1_epid_reg;
    c1_valid_next     = c1_valid_reg;
    c1_op_next        = c1_op_reg;
    c1_flow_next      = c1_flow_reg;
    c1_now_next       = c1_now_reg;
    c1_ecn_next       = c1_ecn_reg;
    c1_gen_next       = c1_gen_reg;
    c2_valid_next     = c2_valid_reg;
    c2_p_sent_next    = c2_p_sent_reg;
    c2_p_pop_next     = c2_p_pop_reg;
    fwd_valid_next    = fwd_valid_reg;
    fwd_addr_next     = fwd_addr_reg;
    fwd_data_next     = fwd_data_reg;
    out_valid_next    = out_valid_reg;
    out_op_next       = out_op_reg;
    out_flow_next     = out_flow_reg;
    out_cnp_next      = out_cnp_reg;
    out_kind_next     = out_kind_reg;
    out_tau_next      = out_tau_reg;
    out_tmr_set_next  = out_tmr_set_reg;
    out_deadline_next = out_deadline_reg;
    out_tmr_gen_next  = out_tmr_gen_reg;
    out_stale_next    = out_stale_reg;
    out_queued_next   = out_queued_reg;
    out_dropped_next  = out_dropped_reg;
    out_q_valid_next  = out_q_valid_reg;
    out_q_flow_next   = out_q_flow_reg;
    out_q_at_next     = out_q_at_reg;
    if (en) begin
      s1_valid_next = accept;
      if (accept) begin
        s1_op_next   = s_evt_op;
        s1_flow_next = s_evt_flow;
        s1_now_next  = s_evt_now_ns;
        s1_ecn_next  = s_evt_ecn;
        s1_gen_next  = s_evt_gen;
        s1_roll_next = roll_in;
      end
      c1_valid_next  = s1_valid_reg;
      c1_op_next     = s1_op_reg;
      c1_flow_next   = s1_flow_reg;
      c1_now_next    = s1_now_reg;
      c1_ecn_next    = s1_ecn_reg;
      c1_gen_next    = s1_gen_reg;
      c1_roll_next   = s1_roll_reg;
      c1_epid_next   = s1_roll_reg ? epoch_id1_reg : epoch_id_reg;
      c2_valid_next  = c1_valid_reg;
      c2_p_sent_next = c2_valid_reg && send;
      c2_p_pop_next  = c2_valid_reg && pop;
      out_valid_next = c2_valid_reg;
      if (c2_valid_reg) begin
        fwd_valid_next    = 1'b1;
        fwd_addr_next     = c2_flow_reg;
        fwd_data_next     = ram_wdata;
        out_op_next       = c2_op_reg;
        out_flow_next     = c2_flow_reg;
        out_cnp_next      = send;
        out_kind_next     = send_kind;
        out_tau_next      = tau2;
        out_tmr_set_next  = arm;
        out_deadline_next = arm ? dl2 : 32'd0;
        out_tmr_gen_next  = arm ? n_gen : 8'd0;
        out_stale_next    = stale;
        out_queued_next   = push;
        out_dropped_next  = drop;
        out_q_valid_next  = q_valid_n;
        out_q_flow_next   = q_flow_n;
        out_q_at_next     = !q_valid_n ? 32'd0
                          : send ? c2_now_b_reg : last_any_reg + 32'(c2_budget_reg);
      end
    end
  end

  always_ff @(posedge clk) begin
    cnp_interval_reg <= cnp_interval_next;
    mode_reg         <= mode_next;
    plus_reg         <= plus_next;
    gen_time_reg     <= gen_time_next;
    epoch_len_reg    <= epoch_len_next;
    budget_reg       <= budget_next;
    mode_d_reg       <= mode_reg;
    tk_reg           <= tk_next;
    gen_time_d_reg   <= gen_time_reg;
    budget_d_reg     <= budget_reg;
    csr_rdata_reg    <= csr_rdata_next;
    clearing_reg     <= clearing_next;
    clr_addr_reg     <= clr_addr_next;
    s1_valid_reg     <= s1_valid_next;
    s1_op_reg        <= s1_op_next;
    s1_flow_reg      <= s1_flow_next;
    s1_now_reg       <= s1_now_next;
    s1_ecn_reg       <= s1_ecn_next;
    s1_gen_reg       <= s1_gen_next;
    s1_roll_reg      <= s1_roll_next;
    c1_roll_reg      <= c1_roll_next;
    c1_epid_reg      <= c1_epid_next;
    c1_valid_reg     <= c1_valid_next;
    c1_op_reg        <= c1_op_next;
    c1_flow_reg      <= c1_flow_next;
    c1_now_reg       <= c1_now_next;
    c1_ecn_reg       <= c1_ecn_next;
    c1_gen_reg       <= c1_gen_next;
    if (en) begin
      c1_ent_reg       <= c1_ent_next;
      c2_op_reg        <= c2_op_next;
      c2_flow_reg      <= c2_flow_next;
      c2_now_reg       <= c2_now_next;
      c2_e_valid_reg   <= c2_e_valid_next;
      c2_e_queued_reg  <= c2_e_queued_next;
      c2_e_gen_reg     <= c2_e_gen_next;
      c2_e_epoch_reg   <= c2_e_epoch_next;
      c2_roll_reg      <= c2_roll_next;
      c2_epoch_id_reg  <= c2_epoch_id_next;
      c2_lim_reg       <= c2_lim_next;
      c2_rxm_reg       <= c2_rxm_next;
      c2_rx_arm_reg    <= c2_rx_arm_next;
      c2_tmp_reg       <= c2_tmp_next;
      c2_dq_reg        <= c2_dq_next;
      c2_stale_reg     <= c2_stale_next;
      c2_ho_k_reg      <= c2_ho_k_next;
      c2_ep_new_reg    <= c2_ep_new_next;
      c2_dkind_reg     <= c2_dkind_next;
      c2_kbase_reg     <= c2_kbase_next;
      c2_sent_keep_reg <= c2_sent_keep_next;
      c2_pend_keep_reg <= c2_pend_keep_next;
      c2_last_keep_reg <= c2_last_keep_next;
      c2_gen1_reg      <= c2_gen1_next;
      c2_tau_k_reg     <= c2_tau_k_next;
      c2_dl_k_reg      <= c2_dl_k_next;
      c2_du_o_reg      <= c2_du_o_next;
      c2_du_n_reg      <= c2_du_n_next;
      c2_eq_head_reg   <= c2_eq_head_next;
      c2_eq_next_reg   <= c2_eq_next_next;
      c2_now_b_reg     <= c2_now_b_next;
      c2_gt_reg        <= c2_gt_next;
      c2_budget_reg    <= c2_budget_next;
    end
    c2_valid_reg     <= c2_valid_next;
    c2_p_sent_reg    <= c2_p_sent_next;
    c2_p_pop_reg     <= c2_p_pop_next;
    fwd_valid_reg    <= fwd_valid_next;
    fwd_addr_reg     <= fwd_addr_next;
    fwd_data_reg     <= fwd_data_next;
    epoch_start_reg  <= epoch_start_next;
    epoch_id_reg     <= epoch_id_next;
    epoch_id1_reg    <= epoch_id1_next;
    dcur_reg         <= dcur_next;
    dprev_reg        <= dprev_next;
    q_empty_reg      <= q_empty_next;
    q_one_reg        <= q_one_next;
    q_full_reg       <= q_full_next;
    any_sent_reg     <= any_sent_next;
    last_any_reg     <= last_any_next;
    q_count_reg      <= q_count_next;
    q_rd_reg         <= q_rd_next;
    q_head_reg       <= q_head_next;
    ovf_reg          <= ovf_next;
    hwm_reg          <= hwm_next;
    out_valid_reg    <= out_valid_next;
    out_op_reg       <= out_op_next;
    out_flow_reg     <= out_flow_next;
    out_cnp_reg      <= out_cnp_next;
    out_kind_reg     <= out_kind_next;
    out_tau_reg      <= out_tau_next;
    out_tmr_set_reg  <= out_tmr_set_next;
    out_deadline_reg <= out_deadline_next;
    out_tmr_gen_reg  <= out_tmr_gen_next;
    out_stale_reg    <= out_stale_next;
    out_queued_reg   <= out_queued_next;
    out_dropped_reg  <= out_dropped_next;
    out_q_valid_reg  <= out_q_valid_next;
    out_q_flow_reg   <= out_q_flow_next;
    out_q_at_reg     <= out_q_at_next;

    if (rst) begin
      cnp_interval_reg <= NP_CNP_INTERVAL_NS_RST;
      mode_reg         <= NP_MODE_RST[0];
      plus_reg         <= NP_PLUS_ENABLE_RST[0];
      gen_time_reg     <= NP_CNP_GEN_TIME_NS_RST[20:0];
      epoch_len_reg    <= NP_EPOCH_NS_RST;
      budget_reg       <= NP_CNP_BUDGET_NS_RST[20:0];
      mode_d_reg       <= NP_MODE_RST[0];
      tk_reg           <= NP_CNP_INTERVAL_NS_RST;
      gen_time_d_reg   <= NP_CNP_GEN_TIME_NS_RST[20:0];
      budget_d_reg     <= NP_CNP_BUDGET_NS_RST[20:0];
      csr_rdata_reg    <= '0;
      clearing_reg     <= 1'b1;
      clr_addr_reg     <= '0;
      s1_valid_reg     <= 1'b0;
      c1_valid_reg     <= 1'b0;
      c2_valid_reg     <= 1'b0;
      c2_p_sent_reg    <= 1'b0;
      c2_p_pop_reg     <= 1'b0;
      fwd_valid_reg    <= 1'b0;
      epoch_start_reg  <= '0;
      epoch_id_reg     <= '0;
      epoch_id1_reg    <= 8'd1;
      dcur_reg         <= '0;
      dprev_reg        <= '0;
      q_empty_reg      <= 1'b1;
      q_one_reg        <= 1'b0;
      q_full_reg       <= 1'b0;
      any_sent_reg     <= 1'b0;
      last_any_reg     <= '0;
      q_count_reg      <= '0;
      q_rd_reg         <= '0;
      q_head_reg       <= '0;
      ovf_reg          <= '0;
      hwm_reg          <= '0;
      // the output word too, so that no output is ever X
      out_valid_reg    <= 1'b0;
      out_op_reg       <= '0;
      out_flow_reg     <= '0;
      out_cnp_reg      <= 1'b0;
      out_kind_reg     <= 1'b0;
      out_tau_reg      <= '0;
      out_tmr_set_reg  <= 1'b0;
      out_deadline_reg <= '0;
      out_tmr_gen_reg  <= '0;
      out_stale_reg    <= 1'b0;
      out_queued_reg   <= 1'b0;
      out_dropped_reg  <= 1'b0;
      out_q_valid_reg  <= 1'b0;
      out_q_flow_reg   <= '0;
      out_q_at_reg     <= '0;
    end
  end

  assign s_evt_ready           = en && !clearing_reg && !hazard && !hold;
  assign m_out_valid           = out_valid_reg;
  assign m_out_op              = out_op_reg;
  assign m_out_flow            = out_flow_reg;
  assign m_out_cnp             = out_cnp_reg;
  assign m_out_cnp_kind        = out_kind_reg;
  assign m_out_cnp_tau_ns      = out_tau_reg;
  assign m_out_tmr_set         = out_tmr_set_reg;
  assign m_out_tmr_deadline_ns = out_deadline_reg;
  assign m_out_tmr_gen         = out_tmr_gen_reg;
  assign m_out_stale           = out_stale_reg;
  assign m_out_cnp_queued      = out_queued_reg;
  assign m_out_cnp_dropped     = out_dropped_reg;
  assign m_out_q_valid         = out_q_valid_reg;
  assign m_out_q_flow          = out_q_flow_reg;
  assign m_out_q_at_ns         = out_q_at_reg;
  assign csr_rdata             = csr_rdata_reg;

endmodule

`resetall
