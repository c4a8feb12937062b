// SPDX-License-Identifier: MIT
// next_due of dcqcn_nic_sched (docs/nic.md, "Interface"): the earliest time a timer or an
// armed departure may become due, conservative (never later than the true earliest). The
// minimum of per-kind lane minima latched at the end of each scan round (the words the
// scanner's B stage takes), the minimum of the ARMs since the last two round ends and the
// DRAIN slot, through a 4-stage pipeline: an ARM shows 5 cycles after it left C0. A
// departure a STALE answer leaves armed (stale_v, registered in dcqcn_nic_sched a cycle
// after the grant commit) joins the ARM term like an ARM, one cycle later than one would.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_nic_sched_due (
    // =====================================================================================
    // Ports
    // =====================================================================================
    input  logic         clk,
    input  logic         rst,
    // ---- the scanner: a flow's words enter B (load); it is the last flow of the round
    input  logic         load,
    input  logic         round_end,
    input  logic [4:0]   ld_on,     // kinds 0..3 armed, departure armed and not queued
    input  logic [159:0] ld_dl,     // their deadlines, 5 x 32
    // ---- an ARM (not DRAIN) left C0 in this cycle, with its deadline
    input  logic         arm_v,
    input  logic [31:0]  arm_at,
    // ---- a departure a STALE answer leaves armed (re-timed later while it waited in the
    // due FIFO: the lanes skipped it while queued), merged like an ARM
    input  logic         stale_v,
    input  logic [31:0]  stale_at,
    // ---- the DRAIN slot
    input  logic         d_on,
    input  logic [31:0]  d_at,
    // ---- the result
    output logic         next_due_valid,
    output logic [31:0]  next_due_ns
);

  // =====================================================================================
  // Pipeline stages
  // =====================================================================================
  logic [4:0]   lr_v_reg, lr_v_next, ll_v_reg, ll_v_next;  // lanes: this round, last round
  logic [159:0] lr_reg, lr_next, ll_reg, ll_next;          // 5 x 32
  logic         am_v_reg, am_v_next, al_v_reg, al_v_next;  // ARMs: this round, last round
  logic [31:0]  am_reg, am_next, al_reg, al_next;
  logic         ai_v_reg;                                  // the ARM of the last cycle
  logic [31:0]  ai_reg;
  logic [3:0]   t1_v_reg, t1_v_next;
  logic [127:0] t1_reg, t1_next;
  logic [1:0]   t2_v_reg, t2_v_next;
  logic [63:0]  t2_reg, t2_next;
  logic         nd_v_reg, nd_v_next;
  logic [31:0]  nd_reg, nd_next;
  logic [32:0]  m;
  // the ARM term of this cycle: the compare of the two times from registers only (arm_at,
  // stale_v, stale_at), kept as a net of its own, then arm_v (late: it depends on the
  // output handshake) only selects: tmin(arm_v, arm_at, stale_v, stale_at) in two steps
  (* keep *) logic [32:0] ai_pre;
  logic [32:0]  ai_next;

  // the earlier of two times (modular), with valid bits: {valid, time}
  function automatic logic [32:0] tmin(input logic av, input logic [31:0] a,
                                       input logic bv, input logic [31:0] b);
    // (no local variable, for Icarus: see at_or_after in dcqcn_nic_sched.sv)
    tmin = !av ? {bv, b} : !bv ? {1'b1, a} : |((a - b) & 32'h8000_0000) ? {1'b1, a} : {1'b1, b};
  endfunction

  assign ai_pre  = tmin(1'b1, arm_at, stale_v, stale_at);
  assign ai_next = arm_v ? ai_pre : {stale_v, stale_at};

  always_comb begin
    // lane minima: the pending deadlines of the words B takes, per round
    lr_v_next = lr_v_reg;
    lr_next   = lr_reg;
    ll_v_next = ll_v_reg;
    ll_next   = ll_reg;
    if (load) begin
      for (int k = 0; k < 5; k++) begin
        m = tmin(lr_v_reg[k], lr_reg[k*32 +: 32], ld_on[k], ld_dl[k*32 +: 32]);
        if (round_end) begin
          ll_v_next[k] = m[32];
          ll_next[k*32 +: 32] = m[31:0];
          lr_v_next[k] = 1'b0;
        end else begin
          lr_v_next[k] = m[32];
          lr_next[k*32 +: 32] = m[31:0];
        end
      end
    end
    // arms since the round start (the last cycle's ARM merged now), latched at the round end
    am_v_next = am_v_reg;
    am_next   = am_reg;
    al_v_next = al_v_reg;
    al_next   = al_reg;
    if (ai_v_reg) begin
      m = tmin(am_v_reg, am_reg, 1'b1, ai_reg);
      am_v_next = m[32];
      am_next   = m[31:0];
    end
    if (load && round_end) begin
      al_v_next = am_v_next;
      al_next   = am_next;
      am_v_next = 1'b0;
    end
    // the minimum over the lanes, the arms and the DRAIN slot
    for (int i = 0; i < 2; i++) begin
      m = tmin(ll_v_reg[2*i], ll_reg[2*i*32 +: 32], ll_v_reg[2*i+1], ll_reg[(2*i+1)*32 +: 32]);
      t1_v_next[i] = m[32];
      t1_next[i*32 +: 32] = m[31:0];
    end
    m = tmin(ll_v_reg[4], ll_reg[4*32 +: 32], d_on, d_at);
    t1_v_next[2] = m[32];
    t1_next[2*32 +: 32] = m[31:0];
    m = tmin(al_v_reg, al_reg, am_v_reg, am_reg);
    t1_v_next[3] = m[32];
    t1_next[3*32 +: 32] = m[31:0];
    for (int i = 0; i < 2; i++) begin
      m = tmin(t1_v_reg[2*i], t1_reg[2*i*32 +: 32], t1_v_reg[2*i+1], t1_reg[(2*i+1)*32 +: 32]);
      t2_v_next[i] = m[32];
      t2_next[i*32 +: 32] = m[31:0];
    end
    m = tmin(t2_v_reg[0], t2_reg[0 +: 32], t2_v_reg[1], t2_reg[32 +: 32]);
    nd_v_next = m[32];
    nd_next   = m[31:0];
  end

  always_ff @(posedge clk) begin
    lr_v_reg <= lr_v_next;
    lr_reg   <= lr_next;
    ll_v_reg <= ll_v_next;
    ll_reg   <= ll_next;
    am_v_reg <= am_v_next;
    am_reg   <= am_next;
    al_v_reg <= al_v_next;
    al_reg   <= al_next;
    {ai_v_reg, ai_reg} <= ai_next;
    t1_v_reg <= t1_v_next;
    t1_reg   <= t1_next;
    t2_v_reg <= t2_v_next;
    t2_reg   <= t2_next;
    nd_v_reg <= nd_v_next;
    nd_reg   <= nd_next;
    if (rst) begin
      lr_v_reg <= '0;
      ll_v_reg <= '0;
      am_v_reg <= 1'b0;
      al_v_reg <= 1'b0;
      ai_v_reg <= 1'b0;
      t1_v_reg <= '0;
      t2_v_reg <= '0;
      nd_v_reg <= 1'b0;
    end
  end

  // =====================================================================================
  // Outputs
  // =====================================================================================
  assign next_due_valid = nd_v_reg;
  assign next_due_ns    = nd_reg;

endmodule

`resetall
