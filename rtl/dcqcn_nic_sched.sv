// SPDX-License-Identifier: MIT
// The NIC's timer service and paced transmit scheduler (docs/nic.md): every (kind, flow)
// deadline lives in the timing wheel `dcqcn_nic_wheel` (RP alpha, RP increase, NP
// hold-off, RP deferred cut, the flow's next departure), which makes an entry eligible
// within a bound that does not depend on NUM_FLOWS (docs/nic.md, "Resolution and
// worst-case lateness"); eligible timers leave as results (one per cycle), eligible
// departures wait at the wheel's departure drain for transmit opportunities (TXOPP). The
// NP's budget DRAIN is one slot in flip-flops, compared exactly. next_due_ns tells a
// simulation the earliest time anything may become eligible.
//
// Commands on s_evt_* (op 0 NOP, 1 ARM, 2 DISARM, 3 TXOPP); s_evt_now_ns and s_evt_pause
// are sampled every cycle. Results on m_out_*: kind 0..3 TIMER, 4 DRAIN, 5 GRANT, 6
// NOGRANT (no eligible departure, or the port is paused). Kind 7 (the scan's STALE answer)
// is no longer produced: a departure re-timed later leaves the drained slot with the
// re-arm. The cycle rules are in docs/nic.md ("Cycle rules"); tb/ref/nic_sched_ref.cpp
// reproduces them cycle for cycle (with NicWheelModel for the engine).
// CSRs: dcqcn_nic_sched_csr (generated from tb/ref/regmap_sched.h; docs/regmap.md). A
// CATCHUP_NS write (csr_we in cycle t) is registered at the end of t with its clamp compare
// and lands at the end of t+1 (a GRANT decided in t+1 still uses the old value); a read in
// t returns the old value, a read from t+1 the new, clamped one.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_nic_sched #(
    // =====================================================================================
    // Parameters
    // =====================================================================================
    parameter int NUM_FLOWS  = 1024,  // flows (power of two, >= 4)
    parameter int SLOT_BITS  = 5,     // the wheel's slot G = 2^SLOT_BITS ns (1..10)
    parameter int SLOTS_LOG2 = 12     // 2^SLOTS_LOG2 slots per wheel (4..16)
) (
    // =====================================================================================
    // Ports
    // =====================================================================================
    input  logic        clk,
    input  logic        rst,
    // ---- commands (s_evt_now_ns and s_evt_pause: every cycle)
    input  logic        s_evt_valid,
    output logic        s_evt_ready,
    input  logic [1:0]  s_evt_op,
    input  logic [2:0]  s_evt_kind,
    input  logic [31:0] s_evt_flow,
    input  logic [7:0]  s_evt_gen,
    input  logic [31:0] s_evt_at_ns,
    input  logic [31:0] s_evt_now_ns,
    input  logic        s_evt_pause,
    // ---- results
    output logic        m_out_valid,
    input  logic        m_out_ready,
    output logic [2:0]  m_out_kind,
    output logic [31:0] m_out_flow,
    output logic [7:0]  m_out_gen,
    output logic [31:0] m_out_at_ns,
    output logic [31:0] m_out_tx_ns,
    output logic [31:0] m_out_late_ns,
    // ---- for the simulation: the earliest time anything may become eligible; eligible
    // departures wait for a TXOPP (txq_nonempty)
    output logic        next_due_valid,
    output logic [31:0] next_due_ns,
    output logic        txq_nonempty,
    output logic        settling,   // next_due_* may not show a command yet (ND_LAT)
    // ---- CSR bus
    input  logic        csr_we,
    input  logic        csr_re,
    input  logic [7:0]  csr_addr,
    input  logic [31:0] csr_wdata,
    output logic [31:0] csr_rdata
);

  // =====================================================================================
  // Parameter checks and constants
  // =====================================================================================
  if (NUM_FLOWS < 4 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0) begin : g_bad_num_flows
    initial $fatal(1, "%m: NUM_FLOWS (%0d) must be a power of two >= 4", NUM_FLOWS);
  end

  localparam logic [31:0] G = 32'(1) << SLOT_BITS;
  localparam logic [1:0] OP_ARM = 2'd1, OP_DISARM = 2'd2, OP_TXOPP = 2'd3;
  localparam int PW = 16;                 // pending TXOPP count
  // Cycles after a change of the wheel's lists (edge e: its counts and heads) until
  // next_due_* shows it (the candidates registered at e+1, next_due at e+2). settle loads
  // ND_LAT when an ARM/DISARM leaves C0 (the wheel's C0 loads at that edge, its C1 one
  // later, its lists one after that), in every cycle the wheel is busy (a command in its C0
  // or C1, or a parked entry's move: so settle counts from the edge its C1 writes the
  // lists) and when a fire or a GRANT pops a head. Both benches check the contract.
  localparam int ND_LAT = 3;

  // 32-bit modular "a is at or after b"
  // (no local variable: Icarus 11 puts a function's locals into the implicit sensitivity
  // of every always_comb that calls it)
  function automatic logic at_or_after(input logic [31:0] a, input logic [31:0] b);
    at_or_after = ~|((a - b) & 32'h8000_0000);
  endfunction

  // =====================================================================================
  // Registers
  // =====================================================================================
  // C0: the command register (the wheel and the DRAIN see commands from flip-flops only)
  logic          c0_v;
  logic [1:0]    c0_op;
  logic [2:0]    c0_kind;
  logic [31:0]   c0_flow;
  logic [7:0]    c0_gen;
  logic [31:0]   c0_at;
  logic          c0_whl;    // an ARM/DISARM for the wheel (kinds 0..3, 5; flow in range)
  logic          c0_drn;    // ... of the DRAIN (kind 4)
  logic          c0_bad;    // ... of a bad kind (6, 7) or flow (>= NUM_FLOWS): dropped
  // DRAIN slot
  logic          d_on, d_due;
  logic [31:0]   d_flow, d_at;
  // pending TXOPPs
  logic [PW-1:0] txp;
  logic          txp_nz, txp_full;
  // result
  logic          out_v;
  logic [2:0]    out_kind;
  logic [31:0]   out_flow;
  logic [7:0]    out_gen;
  logic [31:0]   out_at, out_tx, out_late;
  // next_due: the candidates (registered), then their minimum
  logic          cd_v, ct_v, cp_v;
  logic [31:0]   cd_t, ct_t, cp_t;
  logic          nd_v;
  logic [31:0]   nd_t;
  logic [1:0]    settle;
  // CSRs and counters
  logic [31:0]   catchup;                // CATCHUP_NS (the CSR file's)
  logic [31:0]   fired, grants, late_max, hwm, dropped_q;
  logic          fired_inc, grants_inc;
  logic [31:0]   la, hs;                 // the last fire's lateness, the linked sum

  // =====================================================================================
  // CSRs (the generated CSR file: ID, VERSION, CATCHUP_NS and the counters)
  // =====================================================================================
  dcqcn_nic_sched_csr u_csr (
    .clk(clk), .rst(rst),
    .csr_we(csr_we), .csr_re(csr_re), .csr_addr(csr_addr), .csr_wdata(csr_wdata),
    .csr_rdata(csr_rdata),
    .sts_fired(fired), .sts_grants(grants), .sts_late_max_ns(late_max), .sts_wheel_hwm(hwm),
    .sts_dropped(dropped_q),
    .cfg_catchup_ns(catchup)
  );

  // =====================================================================================
  // The wheel
  // =====================================================================================
  logic        w_s_ready;
  logic        w_tmr_valid, w_tmr_ready, w_dep_valid, w_dep_ready;
  logic [2:0]  w_tmr_kind;
  logic [31:0] w_tmr_flow, w_tmr_at, w_dep_flow, w_dep_at;
  logic [7:0]  w_tmr_gen;
  logic        w_tmr_moving, w_dep_moving, w_busy;
  logic [31:0] w_tmr_count, w_dep_count, w_tmr_drain, w_dep_drain, w_tmr_next, w_dep_next;
  logic        w_tmr_next_v, w_dep_next_v;

  dcqcn_nic_wheel #(.NUM_FLOWS(NUM_FLOWS), .SLOT_BITS(SLOT_BITS), .SLOTS_LOG2(SLOTS_LOG2)) u_wheel (
      .clk, .rst, .now_ns(s_evt_now_ns),
      .s_valid(c0_v && c0_whl), .s_ready(w_s_ready), .s_op(c0_op), .s_kind(c0_kind),
      .s_flow(c0_flow), .s_gen(c0_gen), .s_at_ns(c0_at),
      .m_tmr_valid(w_tmr_valid), .m_tmr_ready(w_tmr_ready), .m_tmr_kind(w_tmr_kind),
      .m_tmr_flow(w_tmr_flow), .m_tmr_gen(w_tmr_gen), .m_tmr_at_ns(w_tmr_at),
      .m_dep_valid(w_dep_valid), .m_dep_ready(w_dep_ready), .m_dep_flow(w_dep_flow),
      .m_dep_at_ns(w_dep_at),
      .tmr_moving(w_tmr_moving), .dep_moving(w_dep_moving), .busy(w_busy),
      /* verilator lint_off PINCONNECTEMPTY */
      .tmr_behind(), .dep_behind(), .dropped(),
      /* verilator lint_on PINCONNECTEMPTY */
      .tmr_count(w_tmr_count), .dep_count(w_dep_count),
      .tmr_drain_ns(w_tmr_drain), .dep_drain_ns(w_dep_drain),
      .tmr_next_valid(w_tmr_next_v), .tmr_next_ns(w_tmr_next),
      .dep_next_valid(w_dep_next_v), .dep_next_ns(w_dep_next));

  // =====================================================================================
  // Decisions of this cycle
  // =====================================================================================
  wire [31:0] now   = s_evt_now_ns;
  wire        arm   = c0_op == OP_ARM;
  wire        txop  = c0_op == OP_TXOPP;
  // C0 waits only for the wheel (its RAM clear after reset, a parked entry moved, a jump,
  // a time step) or, for a TXOPP, while 65533 or more are pending
  wire        c0_go = c0_v && (c0_whl ? w_s_ready : txop ? !txp_full : 1'b1);
  wire        c0_d  = c0_v && c0_drn;    // a DRAIN command never waits
  assign s_evt_ready = !c0_v || c0_go;
  // the output: a timer first, then the DRAIN, then the answer to a TXOPP
  wire        en     = !out_v || m_out_ready;
  wire        tfire  = en && w_tmr_valid;
  wire        dfire  = en && !tfire && d_on && d_due && !c0_d;
  wire        answer = en && !tfire && !dfire && txp_nz;
  wire        grant  = answer && w_dep_valid && !s_evt_pause;
  assign w_tmr_ready = en;
  assign w_dep_ready = answer && !s_evt_pause;
  // GRANT: tx_ns is the ideal departure while now - at <= CATCHUP_NS (the sign of
  // now - (at + CATCHUP_NS + 1): exact, since a granted entry has 0 <= now - at < 2^31)
  wire        g_inc  = !at_or_after(now, w_dep_at + catchup + 32'd1);
  wire        txop_go = c0_go && txop;

  // next_due candidates: the DRAIN's deadline; a type with linked entries: its drain's
  // slot when a head is there (moved or taken: due now), else the first slot after it
  // with lists filed (the wheel's slot bitmap), else (a link in flight) the next slot's
  // start. A departure at the head waits for a TXOPP: txq_nonempty, not next_due.
  wire        ct_v_n = w_tmr_count != 32'd0;
  wire [31:0] ct_t_n = (w_tmr_valid || w_tmr_moving) ? w_tmr_drain :
                       w_tmr_next_v ? w_tmr_next : w_tmr_drain + G;
  wire        cp_v_n = w_dep_count != 32'd0 && !w_dep_valid;
  wire [31:0] cp_t_n = w_dep_moving ? w_dep_drain : w_dep_next_v ? w_dep_next : w_dep_drain + G;
  // ... their minimum (modular)
  wire        m1_tp  = ct_v && (!cp_v || $signed(ct_t - cp_t) < 0);
  wire        m1_v   = ct_v || cp_v;
  wire [31:0] m1_t   = m1_tp ? ct_t : cp_t;
  wire        nd_dsel = cd_v && (!m1_v || $signed(cd_t - m1_t) < 0);

  // =====================================================================================
  // Registers
  // =====================================================================================
  always_ff @(posedge clk) begin
    // ---- C0
    if (s_evt_valid && s_evt_ready) begin
      c0_v    <= 1'b1;
      c0_op   <= s_evt_op;
      c0_kind <= s_evt_kind;
      c0_flow <= s_evt_flow;
      c0_gen  <= s_evt_gen;
      c0_at   <= s_evt_at_ns;
      c0_whl  <= (s_evt_op == OP_ARM || s_evt_op == OP_DISARM) && s_evt_flow < 32'(NUM_FLOWS) &&
                 (s_evt_kind <= 3'd3 || s_evt_kind == 3'd5);
      c0_drn  <= (s_evt_op == OP_ARM || s_evt_op == OP_DISARM) && s_evt_flow < 32'(NUM_FLOWS) &&
                 s_evt_kind == 3'd4;
      c0_bad  <= (s_evt_op == OP_ARM || s_evt_op == OP_DISARM) &&
                 (s_evt_flow >= 32'(NUM_FLOWS) || s_evt_kind > 3'd5);
    end else if (c0_go) begin
      c0_v <= 1'b0;
    end
    // ---- DRAIN slot: a command replaces it (and has the slot first)
    if (c0_d) begin
      d_on   <= arm;
      d_flow <= c0_flow;
      d_at   <= c0_at;
      d_due  <= arm && at_or_after(now, c0_at);
    end else begin
      d_on  <= d_on && !dfire;
      d_due <= d_on && !dfire && at_or_after(now, d_at);
    end
    // ---- pending TXOPPs (txp_nz: txp of the next cycle != 0; full: from the register,
    // it grows by at most one a cycle, so 0xFFFD a cycle ago never lets it pass 0xFFFF)
    txp      <= txp + PW'(txop_go) - PW'(answer);
    txp_nz   <= txop_go || txp[PW-1:1] != '0 || (txp_nz && !answer);
    txp_full <= txp >= PW'(16'hFFFD);
    // ---- the result
    if (en) out_v <= tfire || dfire || answer;
    if (tfire) begin
      out_kind <= w_tmr_kind;
      out_flow <= w_tmr_flow;
      out_gen  <= w_tmr_gen;
      out_at   <= w_tmr_at;
      out_tx   <= now;
      out_late <= now - w_tmr_at;
    end else if (dfire) begin
      out_kind <= 3'd4;
      out_flow <= d_flow;
      out_gen  <= 8'd0;
      out_at   <= d_at;
      out_tx   <= now;
      out_late <= now - d_at;
    end else if (answer) begin
      out_kind <= grant ? 3'd5 : 3'd6;
      out_flow <= grant ? w_dep_flow : 32'd0;
      out_gen  <= 8'd0;
      out_at   <= grant ? w_dep_at : 32'd0;
      out_tx   <= (grant && g_inc) ? w_dep_at : now;
      out_late <= grant ? now - w_dep_at : 32'd0;
    end
    // ---- next_due
    cd_v <= d_on;
    cd_t <= d_at;
    ct_v <= ct_v_n;
    ct_t <= ct_t_n;
    cp_v <= cp_v_n;
    cp_t <= cp_t_n;
    nd_v <= cd_v || m1_v;
    nd_t <= nd_dsel ? cd_t : m1_t;
    if ((c0_go && (c0_whl || c0_drn)) || w_busy || tfire || dfire || grant) settle <= 2'(ND_LAT);
    else if (settle != 2'd0) settle <= settle - 2'd1;
    // ---- counters
    fired_inc  <= tfire || dfire;
    grants_inc <= grant;
    fired      <= fired + 32'(fired_inc);
    grants     <= grants + 32'(grants_inc);
    la         <= tfire ? now - w_tmr_at : dfire ? now - d_at : 32'd0;
    if (la > late_max) late_max <= la;
    hs         <= w_tmr_count + w_dep_count;
    if (hs > hwm) hwm <= hs;
    if (c0_go && c0_bad && dropped_q != 32'hFFFF_FFFF) dropped_q <= dropped_q + 32'd1;
    if (rst) begin
      c0_v        <= 1'b0;
      d_on        <= 1'b0;
      d_due       <= 1'b0;
      txp         <= '0;
      txp_nz      <= 1'b0;
      txp_full    <= 1'b0;
      out_v       <= 1'b0;
      cd_v        <= 1'b0;
      ct_v        <= 1'b0;
      cp_v        <= 1'b0;
      nd_v        <= 1'b0;
      settle      <= 2'd0;
      fired_inc   <= 1'b0;
      grants_inc  <= 1'b0;
      fired       <= '0;
      grants      <= '0;
      la          <= '0;
      late_max    <= '0;
      hs          <= '0;
      hwm         <= '0;
      dropped_q   <= '0;
    end
  end

  // =====================================================================================
  // Outputs
  // =====================================================================================
  assign m_out_valid    = out_v;
  assign m_out_kind     = out_kind;
  assign m_out_flow     = out_flow;
  assign m_out_gen      = out_gen;
  assign m_out_at_ns    = out_at;
  assign m_out_tx_ns    = out_tx;
  assign m_out_late_ns  = out_late;
  assign next_due_valid = nd_v;
  assign next_due_ns    = nd_t;
  assign txq_nonempty   = w_dep_valid;
  assign settling       = c0_v || w_busy || settle != 2'd0;

endmodule

`resetall
