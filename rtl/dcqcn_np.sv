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
// Throughput: one event per cycle, but for one idle accept cycle after an event that
// starts a DCQCN+ epoch. An event is not accepted (s_evt_ready low) while an event of the
// same flow is in stage S1 or C1: the same flow at most once per 3 cycles.
// Latency: an event accepted in cycle k is on m_out (m_out_valid) in cycle k+4.
// Pipeline: accept (RAM read issued, DCQCN+ epoch rollover decided) -> S1 (RAM data, or
// the forwarded last write, into a register) -> C1 (compares: hold-off against tau, the
// budget against both possible last CNPs, head of queue) -> C2 (decision, RAM write-back,
// global state) -> output register. An event uses the register values of the cycle
// before it leaves C1, but EPOCH_NS of the cycle it is accepted in. After rst the state RAM is cleared
// for NUM_FLOWS cycles, with s_evt_ready low. Registers: dcqcn_np_csr (generated from
// tb/ref/regmap_np.h); the budget queue: dcqcn_np_cnpq.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_np #(
    // =====================================================================================
    // Parameters
    // =====================================================================================
    parameter int NUM_FLOWS  = 1024,  // flows (power of two, >= 2): per-flow RAM depth
    parameter int CNPQ_DEPTH = 32     // budget queue depth (power of two, >= 2)
) (
    // =====================================================================================
    // Ports
    // =====================================================================================
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

  // =====================================================================================
  // Parameter checks and constants
  // =====================================================================================
  if (NUM_FLOWS < 2 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0) begin : g_bad_num_flows
    initial $fatal(1, "%m: NUM_FLOWS (%0d) must be a power of two >= 2", NUM_FLOWS);
  end
  if (CNPQ_DEPTH < 2 || (CNPQ_DEPTH & (CNPQ_DEPTH - 1)) != 0) begin : g_bad_cnpq_depth
    initial $fatal(1, "%m: CNPQ_DEPTH (%0d) must be a power of two >= 2", CNPQ_DEPTH);
  end

  `include "dcqcn_np_regmap.vh"

  localparam int AW  = $clog2(NUM_FLOWS);
  localparam int QW  = $clog2(CNPQ_DEPTH);
  localparam int QCW = QW + 1;                          // counts 0..CNPQ_DEPTH
  localparam logic [30:0] DEMAND_MAX = 31'h4000_0000;   // 2^30: the demand saturates here

  localparam logic [1:0] OP_RX = 2'd0, OP_TIMER = 2'd1, OP_INIT = 2'd2, OP_DRAIN = 2'd3;
  localparam logic [1:0] ECN_UE = 2'b10, ECN_CE = 2'b11;

  // Per-flow RAM word: {valid, cnp_sent, pending, queued, kind, gen, epoch, last_cnp_ns}
  localparam int EW = 53;

  // =====================================================================================
  // CSRs
  // =====================================================================================
  // The register file (generated from tb/ref/regmap_np.h): a write lands at the next
  // edge; the pipeline reads cfg_* directly (C1 through the _dly copies below).
  logic [31:0]    cfg_cnp_interval_ns, cfg_epoch_ns;
  logic           cfg_mode, cfg_plus_enable;
  logic [20:0]    cfg_cnp_gen_time_ns, cfg_cnp_budget_ns;
  logic [31:0]    q_overflows;     // CNPQ_OVERFLOWS
  logic [QCW-1:0] q_hwm, q_count;  // CNPQ_HWM, CNPQ_LEVEL

  dcqcn_np_csr u_csr (
      .clk                (clk),
      .rst                (rst),
      .csr_we             (csr_we),
      .csr_re             (csr_re),
      .csr_addr           (csr_addr),
      .csr_wdata          (csr_wdata),
      .csr_rdata          (csr_rdata),
      .sts_cnpq_overflows (q_overflows),
      .sts_cnpq_hwm       (32'(q_hwm)),
      .sts_cnpq_level     (32'(q_count)),
      .cfg_cnp_interval_ns(cfg_cnp_interval_ns),
      .cfg_mode           (cfg_mode),
      .cfg_plus_enable    (cfg_plus_enable),
      .cfg_cnp_gen_time_ns(cfg_cnp_gen_time_ns),
      .cfg_epoch_ns       (cfg_epoch_ns),
      .cfg_cnp_budget_ns  (cfg_cnp_budget_ns)
  );

  // the values of the cycle before (C1 uses them: shorter paths from the CSR file)
  logic           mode_dly_reg, mode_dly_next;
  logic [20:0]    gen_time_dly_reg, gen_time_dly_next, budget_dly_reg, budget_dly_next;

  // =====================================================================================
  // Pipeline stages
  // =====================================================================================
  logic          clearing_reg, clearing_next;
  logic [AW-1:0] clear_addr_reg, clear_addr_next;

  // S1: accepted event, RAM data arriving
  logic          s1_valid_reg, s1_valid_next;
  logic [1:0]    s1_op_reg, s1_op_next;
  logic [AW-1:0] s1_flow_reg, s1_flow_next;
  logic [31:0]   s1_now_reg, s1_now_next;
  logic [1:0]    s1_ecn_reg, s1_ecn_next;
  logic [7:0]    s1_gen_reg, s1_gen_next;
  logic          s1_roll_reg, s1_roll_next;  // decided at accept

  // C1: compare stage
  logic          c1_valid_reg, c1_valid_next;
  logic [1:0]    c1_op_reg, c1_op_next;
  logic [AW-1:0] c1_flow_reg, c1_flow_next;
  logic [31:0]   c1_now_reg, c1_now_next;
  logic [1:0]    c1_ecn_reg, c1_ecn_next;
  logic [7:0]    c1_gen_reg, c1_gen_next;
  logic [EW-1:0] c1_entry_reg, c1_entry_next;
  logic          c1_roll_reg, c1_roll_next;          // the event starts a new DCQCN+ epoch
  logic [7:0]    c1_epoch_id_reg, c1_epoch_id_next;  // ... its epoch id

  // C2: decision stage
  logic          c2_valid_reg, c2_valid_next;
  logic [1:0]    c2_op_reg, c2_op_next;
  logic [AW-1:0] c2_flow_reg, c2_flow_next;
  logic [31:0]   c2_now_reg, c2_now_next;
  logic          c2_e_valid_reg, c2_e_valid_next;
  logic          c2_e_queued_reg, c2_e_queued_next;
  logic [7:0]    c2_e_gen_reg, c2_e_gen_next;
  logic [7:0]    c2_e_epoch_reg, c2_e_epoch_next;
  logic          c1_marked;                                  // C1 term
  logic          c1_ue;                                      // C1 term
  logic          c1_gen_eq;                                  // C1 term
  logic          c2_roll_reg, c2_roll_next;
  logic [7:0]    c2_epoch_id_reg, c2_epoch_id_next;
  logic [30:0]   c2_demand_limit_reg, c2_demand_limit_next;  // 2^30 - CNP_GEN_TIME_NS
  // decision terms that do not depend on the event ahead (C1 computes them)
  logic          c2_rx_marked_reg, c2_rx_marked_next;              // RX, marked, flow not queued
  logic          c2_rx_may_arm_reg, c2_rx_may_arm_next;  // ... and not pending: arms if held off
  logic          c2_timer_pending_reg, c2_timer_pending_next;  // TIMER, current gen, flow pending
  logic          c2_drain_queued_reg, c2_drain_queued_next;        // DRAIN, flow queued
  logic          c2_stale_reg, c2_stale_next;                      // TIMER, outdated gen
  logic          c2_holdoff_over_reg, c2_holdoff_over_next;        // hold-off over (tau tk)
  logic          c2_epoch_new_reg, c2_epoch_new_next;  // flow not counted in this epoch yet
  logic          c2_send_kind_reg, c2_send_kind_next;  // kind of a CNP sent by this event
  logic          c2_kind_keep_reg, c2_kind_keep_next;  // kind kept if no CNP leaves or drops
  logic          c2_sent_keep_reg, c2_sent_keep_next;              // cnp_sent unless a CNP leaves
  logic          c2_pend_keep_reg, c2_pend_keep_next;  // pending unless delivered or armed
  logic [31:0]   c2_last_keep_reg, c2_last_keep_next;  // last_cnp_ns unless a CNP leaves
  logic [7:0]    c2_gen_inc_reg, c2_gen_inc_next;                  // gen + 1
  logic          c1_since_ge_tau;  // C1 term         // since >= tau (no rollover before)
  logic [31:0]   c2_tau_reg, c2_tau_next;
  logic [31:0]   c2_deadline_reg, c2_deadline_next;
  logic          c2_budget_due_last_reg, c2_budget_due_last_next;  // budget due vs the last CNP so far
  logic          c2_budget_due_prev_reg, c2_budget_due_prev_next;  // budget due vs the event before (if it sent)
  logic          c2_eq_head_reg, c2_eq_head_next;                  // flow == queue head
  logic          c2_eq_second_reg, c2_eq_second_next;  // flow == the entry after the head
  logic [31:0]   c2_now_plus_budget_reg, c2_now_plus_budget_next;  // now + budget
  logic [20:0]   c2_gen_time_reg, c2_gen_time_next;                // CNP_GEN_TIME_NS of this event
  logic [20:0]   c2_budget_reg, c2_budget_next;                    // CNP_BUDGET_NS of this event
  logic          c2_prev_sent_reg, c2_prev_sent_next;              // ... sent a CNP
  logic          c2_prev_pop_reg, c2_prev_pop_next;                // ... popped the queue head

  logic          fwd_valid_reg, fwd_valid_next;
  logic [AW-1:0] fwd_addr_reg, fwd_addr_next;
  logic [EW-1:0] fwd_data_reg, fwd_data_next;

  // global state
  logic [31:0]   epoch_start_reg, epoch_start_next;  // accept stage
  logic [7:0]    epoch_id_reg, epoch_id_next;        // accept stage
  logic [7:0]    epoch_id1_reg, epoch_id1_next;      // accept stage: epoch_id + 1
  logic [30:0]   demand_cur_reg, demand_cur_next;    // C2: demand of this epoch
  logic [30:0]   demand_prev_reg, demand_prev_next;  // C2: demand of the previous epoch
  logic [31:0]   tau_reg, tau_next;  // tau: PLUS ? max(N, dprev) : N, N and PLUS of the cycle before
  logic          any_sent_reg, any_sent_next;
  logic [31:0]   last_cnp_any_ns_reg, last_cnp_any_ns_next;

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

  // RAM ports
  logic          ram_we;
  logic [AW-1:0] ram_waddr;
  logic [EW-1:0] ram_wdata, ram_rdata;
  logic          en;  // the pipeline advances (output register free or taken)
  // budget queue (dcqcn_np_cnpq)
  logic          q_empty, q_one, q_full;
  logic [AW-1:0] q_head, q_next_flow;

  // ---------------------------------------------------------------- datapath
  logic          accept, hazard;
  // C1
  logic          c1_e_valid, c1_e_sent, c1_e_pending, c1_e_queued, c1_e_kind;  // the flow's
  logic [7:0]    c1_e_gen, c1_e_epoch;  // RAM word (c1_entry_reg) in fields
  logic [31:0]   c1_e_last_cnp_ns, c1_since_last_cnp;
  logic          hold, in_roll;
  // C2
  logic          fire, holdoff_over, budget_due, budget_free, is_head;
  logic          deliver, send, send_kind, arm, stale, push, drop, pop, counted;
  logic          new_valid, new_sent, new_pending, new_queued, new_kind;
  logic [7:0]    new_gen, new_epoch;  // the flow's new RAM word: new_*
  logic [31:0]   new_last_cnp_ns;
  logic [30:0]   demand_inc;
  logic [31:0]   tau_cur_epoch, tau_prev_epoch;
  logic          q_valid_new;         // the queue after this event: not empty,
  logic [AW-1:0] q_flow_new;          // its head

  always_comb begin
    en     = !out_valid_reg || m_out_ready;
    hazard = (s1_valid_reg && s1_flow_reg == s_evt_flow) ||
             (c1_valid_reg && c1_flow_reg == s_evt_flow);
    // the event after one that starts a DCQCN+ epoch is accepted a cycle later, so that
    // it reaches C1 only after the rolling event has left C2 (tau then needs no select)
    hold   = s1_valid_reg && s1_roll_reg;
    accept = s_evt_valid && en && !clearing_reg && !hazard && !hold;
    // DCQCN+ epoch rollover, decided at accept (at most one rollover per event)
    in_roll = (s_evt_now_ns - epoch_start_reg) >= cfg_epoch_ns;

    // CSR values of the cycle before, for C1
    mode_dly_next     = cfg_mode;
    gen_time_dly_next = cfg_cnp_gen_time_ns;
    budget_dly_next   = cfg_cnp_budget_ns;

    // RAM clear after reset
    clearing_next   = clearing_reg;
    clear_addr_next = clear_addr_reg;
    if (clearing_reg) begin
      clear_addr_next = clear_addr_reg + AW'(1);
      if (clear_addr_reg == {AW{1'b1}}) clearing_next = 1'b0;
    end

    // ------------------------------------------------------------ S1 -> C1
    // The RAM is read-first: a write of the same flow at the edge of the read (the event
    // then in C2) is not in ram_rdata; take the copy of the last write instead. Older
    // writes are in the RAM; newer ones cannot be of this flow (the hazard stall).
    c1_entry_next = (fwd_valid_reg && fwd_addr_reg == s1_flow_reg) ? fwd_data_reg : ram_rdata;

    // ------------------------------------------------------------ C1: compares
    {c1_e_valid, c1_e_sent, c1_e_pending, c1_e_queued, c1_e_kind, c1_e_gen, c1_e_epoch, c1_e_last_cnp_ns} = c1_entry_reg;
    c1_since_last_cnp        = c1_now_reg - c1_e_last_cnp_ns;

    c2_op_next           = c1_op_reg;
    c2_flow_next         = c1_flow_reg;
    c2_now_next          = c1_now_reg;
    c2_e_valid_next      = c1_e_valid;
    c2_e_queued_next     = c1_e_queued;
    c2_e_gen_next        = c1_e_gen;
    c2_e_epoch_next      = c1_e_epoch;
    c1_marked            = c1_ecn_reg == ECN_CE || (mode_dly_reg && c1_ecn_reg == ECN_UE);
    c1_ue                = c1_ecn_reg != ECN_CE;
    c1_gen_eq            = c1_gen_reg == c1_e_gen;
    c2_roll_next         = c1_roll_reg;
    c2_epoch_id_next     = c1_epoch_id_reg;
    c2_demand_limit_next = DEMAND_MAX - 31'(gen_time_dly_reg);
    // tau of this event: tk = PLUS ? max(N, demand of the previous epoch) : N, a register
    // computed in the cycle before from that cycle's N and PLUS (the event ahead in C2
    // never starts an epoch: see hold)
    c1_since_ge_tau  = c1_since_last_cnp >= tau_reg;
    c2_tau_next      = tau_reg;
    c2_deadline_next = c1_e_last_cnp_ns + tau_reg;
    // budget: vs the last CNP so far, or vs the event now in C2 if it sends one
    c2_budget_due_last_next = !any_sent_reg || (c1_now_reg - last_cnp_any_ns_reg) >= 32'(budget_dly_reg);
    c2_budget_due_prev_next = (c1_now_reg - c2_now_reg) >= 32'(budget_dly_reg);
    c2_eq_head_next         = c1_flow_reg == q_head;
    c2_eq_second_next       = c1_flow_reg == q_next_flow;
    c2_now_plus_budget_next = c1_now_reg + 32'(budget_dly_reg);
    c2_gen_time_next        = gen_time_dly_reg;
    c2_budget_next          = budget_dly_reg;
    c2_rx_marked_next       = c1_op_reg == OP_RX && c1_marked && !c1_e_queued;
    c2_rx_may_arm_next      = c1_op_reg == OP_RX && c1_marked && !c1_e_queued && !c1_e_pending;
    c2_timer_pending_next   = c1_op_reg == OP_TIMER && c1_gen_eq && c1_e_pending;
    c2_drain_queued_next    = c1_op_reg == OP_DRAIN && c1_e_queued;
    c2_stale_next           = c1_op_reg == OP_TIMER && !c1_gen_eq;
    c2_holdoff_over_next    = !c1_e_sent || c1_since_ge_tau;
    c2_epoch_new_next       = !c1_e_valid || c1_e_epoch != c1_epoch_id_reg;
    // a CE anywhere in the window wins: the kind after an RX mark merges with the owed one
    c2_kind_keep_next = c1_e_kind;
    c2_send_kind_next = c1_e_kind;
    if (c1_op_reg == OP_RX && c1_marked) begin
      c2_kind_keep_next = c1_ue && !((c1_e_pending || c1_e_queued) && !c1_e_kind);
      c2_send_kind_next = c2_kind_keep_next;
    end
    if (c1_op_reg == OP_INIT && !c1_e_queued) c2_kind_keep_next = 1'b0;
    c2_sent_keep_next = c1_e_sent && c1_op_reg != OP_INIT;
    c2_pend_keep_next = c1_e_pending && c1_op_reg != OP_INIT;
    c2_last_keep_next = (c1_op_reg == OP_INIT) ? 32'd0 : c1_e_last_cnp_ns;
    c2_gen_inc_next   = c1_e_gen + 8'd1;

    // ------------------------------------------------------------ C2: decision
    // Two LUT levels from the C2 registers to send / push / pop / arm: every compare was
    // done in C1; here only the selects by what the event ahead did (sent, popped) and
    // the decision.
    fire         = c2_valid_reg && en;
    holdoff_over = c2_holdoff_over_reg;
    budget_due   = c2_prev_sent_reg ? c2_budget_due_prev_reg : c2_budget_due_last_reg;
    budget_free  = q_empty && budget_due;
    is_head      = c2_prev_pop_reg ? c2_eq_second_reg : c2_eq_head_reg;

`ifdef MUTATION_NO_TIMER_HOLDOFF
    // the TIMER path sends without the hold-off check (the bug of the issue)
    deliver = (c2_rx_marked_reg && holdoff_over) || c2_timer_pending_reg;
    arm     = c2_rx_may_arm_reg && !holdoff_over;
`else
    deliver = (c2_rx_marked_reg || c2_timer_pending_reg) && holdoff_over;  // a CNP is due
    arm     = (c2_rx_may_arm_reg || c2_timer_pending_reg) && !holdoff_over;
`endif
`ifdef MUTATION_IDLE_TIMER_SENDS
    // a TIMER with the current gen and nothing pending sends a CNP
    if (c2_op_reg == OP_TIMER && !c2_stale_reg && !c2_timer_pending_reg && !c2_e_queued_reg)
      deliver = 1'b1;
`endif
    pop  = c2_drain_queued_reg && is_head && budget_due;
    send = (deliver && budget_free) || (pop && holdoff_over);
    push = deliver && !budget_free && !q_full;
    drop = deliver && !budget_free && q_full;
    if (pop && !holdoff_over) arm = 1'b1;  // tau grew while it waited: pending again
    stale     = c2_stale_reg;
    send_kind = send && c2_send_kind_reg;

    new_valid   = c2_e_valid_reg || send;
    new_sent    = c2_sent_keep_reg || send;
    new_pending = arm || (c2_pend_keep_reg && !deliver);
`ifdef MUTATION_LOSE_PENDING
    // a suppressed mark inside the window forgets the pending CNP
    if (c2_rx_marked_reg && !c2_rx_may_arm_reg && !holdoff_over) new_pending = 1'b0;
`endif
    new_queued      = push || (c2_e_queued_reg && !pop);
    new_kind        = c2_kind_keep_reg && !send && !drop;
    new_gen         = arm ? c2_gen_inc_reg : c2_e_gen_reg;
    new_epoch       = send ? c2_epoch_id_reg : c2_e_epoch_reg;
    new_last_cnp_ns = send ? c2_now_reg : c2_last_keep_reg;
    // the flow is not counted in this epoch yet
    counted  = send && c2_epoch_new_reg;

    // state RAM write (clear walk, or the decision stage's write-back on en)
    ram_we    = clearing_reg || fire;
    ram_waddr = clearing_reg ? clear_addr_reg : c2_flow_reg;
    ram_wdata = clearing_reg ? '0
              : {new_valid, new_sent, new_pending, new_queued, new_kind, new_gen, new_epoch, new_last_cnp_ns};

    // ------------------------------------------------------------ global state
    // DCQCN+ demand: each counted CNP adds its CNP_GEN_TIME_NS, saturating at 2^30
    // (the compare with 2^30 - gt runs beside the add)
    demand_inc       = (demand_cur_reg > c2_demand_limit_reg) ? DEMAND_MAX : demand_cur_reg + 31'(c2_gen_time_reg);
    tau_cur_epoch    = (32'(demand_cur_reg) > cfg_cnp_interval_ns) ? 32'(demand_cur_reg) : cfg_cnp_interval_ns;
    tau_prev_epoch   = (32'(demand_prev_reg) > cfg_cnp_interval_ns) ? 32'(demand_prev_reg) : cfg_cnp_interval_ns;
    demand_cur_next  = demand_cur_reg;
    demand_prev_next = demand_prev_reg;
    if (fire) begin
      if (c2_roll_reg) begin
        demand_prev_next = demand_cur_reg;
        demand_cur_next  = counted ? 31'(c2_gen_time_reg) : '0;
      end else if (counted) begin
        demand_cur_next  = demand_inc;
      end
    end
    tau_next = !cfg_plus_enable ? cfg_cnp_interval_ns : (fire && c2_roll_reg) ? tau_cur_epoch : tau_prev_epoch;

    epoch_start_next = epoch_start_reg;
    epoch_id_next    = epoch_id_reg;
    epoch_id1_next   = epoch_id1_reg;
    // applied when the rolling event leaves S1 (nothing is accepted meanwhile: hold)
    if (en && s1_valid_reg && s1_roll_reg) begin
      epoch_start_next = s1_now_reg;
      epoch_id_next    = epoch_id1_reg;
      epoch_id1_next   = epoch_id1_reg + 8'd1;
    end

    any_sent_next        = any_sent_reg;
    last_cnp_any_ns_next = last_cnp_any_ns_reg;
    if (fire && send) begin
      any_sent_next        = 1'b1;
      last_cnp_any_ns_next = c2_now_reg;
    end

    // the queue after this event, for the result: from the flags, not from the count
    q_valid_new = push || (!q_empty && !(pop && q_one));
    if (pop)                     q_flow_new = q_one ? '0 : q_next_flow;
    else if (push && q_empty) q_flow_new = c2_flow_reg;
    else                         q_flow_new = q_empty ? '0 : q_head;

    // ------------------------------------------------------------ pipeline registers
    s1_valid_next     = s1_valid_reg;
    s1_op_next        = s1_op_reg;
    s1_flow_next      = s1_flow_reg;
    s1_now_next       = s1_now_reg;
    s1_ecn_next       = s1_ecn_reg;
    s1_gen_next       = s1_gen_reg;
    s1_roll_next      = s1_roll_reg;
    c1_roll_next      = c1_roll_reg;
    c1_epoch_id_next  = c1_epoch_id_reg;
    c1_valid_next     = c1_valid_reg;
    c1_op_next        = c1_op_reg;
    c1_flow_next      = c1_flow_reg;
    c1_now_next       = c1_now_reg;
    c1_ecn_next       = c1_ecn_reg;
    c1_gen_next       = c1_gen_reg;
    c2_valid_next     = c2_valid_reg;
    c2_prev_sent_next = c2_prev_sent_reg;
    c2_prev_pop_next  = c2_prev_pop_reg;
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
        s1_roll_next = in_roll;
      end
      c1_valid_next     = s1_valid_reg;
      c1_op_next        = s1_op_reg;
      c1_flow_next      = s1_flow_reg;
      c1_now_next       = s1_now_reg;
      c1_ecn_next       = s1_ecn_reg;
      c1_gen_next       = s1_gen_reg;
      c1_roll_next      = s1_roll_reg;
      c1_epoch_id_next  = s1_roll_reg ? epoch_id1_reg : epoch_id_reg;
      c2_valid_next     = c1_valid_reg;
      c2_prev_sent_next = c2_valid_reg && send;
      c2_prev_pop_next  = c2_valid_reg && pop;
      out_valid_next    = c2_valid_reg;
      if (c2_valid_reg) begin
        fwd_valid_next    = 1'b1;
        fwd_addr_next     = c2_flow_reg;
        fwd_data_next     = ram_wdata;
      end
      // m_out data are 0 while m_out_valid is 0: each field is its value or 0, a
      // synchronous clear of the output register (the flops' reset pin, merged with the
      // fields' own zero cases: no LUT on the data path).
      out_op_next       = c2_valid_reg ? c2_op_reg : 2'd0;
      out_flow_next     = c2_valid_reg ? c2_flow_reg : '0;
      out_cnp_next      = c2_valid_reg && send;
      out_kind_next     = c2_valid_reg && send_kind;
      out_tau_next      = c2_valid_reg ? c2_tau_reg : 32'd0;
      out_tmr_set_next  = c2_valid_reg && arm;
      out_deadline_next = c2_valid_reg && arm ? c2_deadline_reg : 32'd0;
      out_tmr_gen_next  = c2_valid_reg && arm ? new_gen : 8'd0;
      out_stale_next    = c2_valid_reg && stale;
      out_queued_next   = c2_valid_reg && push;
      out_dropped_next  = c2_valid_reg && drop;
      out_q_valid_next  = c2_valid_reg && q_valid_new;
      out_q_flow_next   = c2_valid_reg ? q_flow_new : '0;
      out_q_at_next     = !(c2_valid_reg && q_valid_new) ? 32'd0
                        : send ? c2_now_plus_budget_reg : last_cnp_any_ns_reg + 32'(c2_budget_reg);
    end
  end

  always_ff @(posedge clk) begin
    mode_dly_reg     <= mode_dly_next;
    tau_reg          <= tau_next;
    gen_time_dly_reg <= gen_time_dly_next;
    budget_dly_reg   <= budget_dly_next;
    clearing_reg     <= clearing_next;
    clear_addr_reg   <= clear_addr_next;
    s1_valid_reg     <= s1_valid_next;
    s1_op_reg        <= s1_op_next;
    s1_flow_reg      <= s1_flow_next;
    s1_now_reg       <= s1_now_next;
    s1_ecn_reg       <= s1_ecn_next;
    s1_gen_reg       <= s1_gen_next;
    s1_roll_reg      <= s1_roll_next;
    c1_roll_reg      <= c1_roll_next;
    c1_epoch_id_reg  <= c1_epoch_id_next;
    c1_valid_reg     <= c1_valid_next;
    c1_op_reg        <= c1_op_next;
    c1_flow_reg      <= c1_flow_next;
    c1_now_reg       <= c1_now_next;
    c1_ecn_reg       <= c1_ecn_next;
    c1_gen_reg       <= c1_gen_next;
    if (en) begin
      c1_entry_reg           <= c1_entry_next;
      c2_op_reg              <= c2_op_next;
      c2_flow_reg            <= c2_flow_next;
      c2_now_reg             <= c2_now_next;
      c2_e_valid_reg         <= c2_e_valid_next;
      c2_e_queued_reg        <= c2_e_queued_next;
      c2_e_gen_reg           <= c2_e_gen_next;
      c2_e_epoch_reg         <= c2_e_epoch_next;
      c2_roll_reg            <= c2_roll_next;
      c2_epoch_id_reg        <= c2_epoch_id_next;
      c2_demand_limit_reg    <= c2_demand_limit_next;
      c2_rx_marked_reg       <= c2_rx_marked_next;
      c2_rx_may_arm_reg      <= c2_rx_may_arm_next;
      c2_timer_pending_reg   <= c2_timer_pending_next;
      c2_drain_queued_reg    <= c2_drain_queued_next;
      c2_stale_reg           <= c2_stale_next;
      c2_holdoff_over_reg    <= c2_holdoff_over_next;
      c2_epoch_new_reg       <= c2_epoch_new_next;
      c2_send_kind_reg       <= c2_send_kind_next;
      c2_kind_keep_reg       <= c2_kind_keep_next;
      c2_sent_keep_reg       <= c2_sent_keep_next;
      c2_pend_keep_reg       <= c2_pend_keep_next;
      c2_last_keep_reg       <= c2_last_keep_next;
      c2_gen_inc_reg         <= c2_gen_inc_next;
      c2_tau_reg             <= c2_tau_next;
      c2_deadline_reg        <= c2_deadline_next;
      c2_budget_due_last_reg <= c2_budget_due_last_next;
      c2_budget_due_prev_reg <= c2_budget_due_prev_next;
      c2_eq_head_reg         <= c2_eq_head_next;
      c2_eq_second_reg       <= c2_eq_second_next;
      c2_now_plus_budget_reg <= c2_now_plus_budget_next;
      c2_gen_time_reg        <= c2_gen_time_next;
      c2_budget_reg          <= c2_budget_next;
    end
    c2_valid_reg        <= c2_valid_next;
    c2_prev_sent_reg    <= c2_prev_sent_next;
    c2_prev_pop_reg     <= c2_prev_pop_next;
    fwd_valid_reg       <= fwd_valid_next;
    fwd_addr_reg        <= fwd_addr_next;
    fwd_data_reg        <= fwd_data_next;
    epoch_start_reg     <= epoch_start_next;
    epoch_id_reg        <= epoch_id_next;
    epoch_id1_reg       <= epoch_id1_next;
    demand_cur_reg      <= demand_cur_next;
    demand_prev_reg     <= demand_prev_next;
    any_sent_reg        <= any_sent_next;
    last_cnp_any_ns_reg <= last_cnp_any_ns_next;
    out_valid_reg       <= out_valid_next;
    out_op_reg          <= out_op_next;
    out_flow_reg        <= out_flow_next;
    out_cnp_reg         <= out_cnp_next;
    out_kind_reg        <= out_kind_next;
    out_tau_reg         <= out_tau_next;
    out_tmr_set_reg     <= out_tmr_set_next;
    out_deadline_reg    <= out_deadline_next;
    out_tmr_gen_reg     <= out_tmr_gen_next;
    out_stale_reg       <= out_stale_next;
    out_queued_reg      <= out_queued_next;
    out_dropped_reg     <= out_dropped_next;
    out_q_valid_reg     <= out_q_valid_next;
    out_q_flow_reg      <= out_q_flow_next;
    out_q_at_reg        <= out_q_at_next;

    if (rst) begin
      mode_dly_reg        <= NP_MODE_RST[0];
      tau_reg             <= NP_CNP_INTERVAL_NS_RST;
      gen_time_dly_reg    <= NP_CNP_GEN_TIME_NS_RST[20:0];
      budget_dly_reg      <= NP_CNP_BUDGET_NS_RST[20:0];
      clearing_reg        <= 1'b1;
      clear_addr_reg      <= '0;
      s1_valid_reg        <= 1'b0;
      c1_valid_reg        <= 1'b0;
      c2_valid_reg        <= 1'b0;
      c2_prev_sent_reg    <= 1'b0;
      c2_prev_pop_reg     <= 1'b0;
      fwd_valid_reg       <= 1'b0;
      epoch_start_reg     <= '0;
      epoch_id_reg        <= '0;
      epoch_id1_reg       <= 8'd1;
      demand_cur_reg      <= '0;
      demand_prev_reg     <= '0;
      any_sent_reg        <= 1'b0;
      last_cnp_any_ns_reg <= '0;
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

  // =====================================================================================
  // RAMs
  // =====================================================================================
  // Per-flow state: one word per flow, read at accept, written back by C2.
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

  // Budget queue: flow ids in arrival order (docs/np.md "CNP budget").
  dcqcn_np_cnpq #(
      .AW   (AW),
      .DEPTH(CNPQ_DEPTH)
  ) u_cnpq (
      .clk      (clk),
      .rst      (rst),
      .fire     (fire),
      .push     (push),
      .pop      (pop),
      .drop     (drop),
      .push_flow(c2_flow_reg),
      .empty    (q_empty),
      .one      (q_one),
      .full     (q_full),
      .head     (q_head),
      .second   (q_next_flow),
      .count    (q_count),
      .hwm      (q_hwm),
      .overflows(q_overflows)
  );

  // =====================================================================================
  // Outputs
  // =====================================================================================
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

endmodule

`resetall
