// SPDX-License-Identifier: MIT
// The NIC's timer service and paced transmit scheduler (docs/nic.md): one deadline per
// flow and kind in block RAM (RP alpha, RP increase, NP hold-off, RP deferred cut, the
// flow's next departure), scanned by a pointer that visits every flow once per round;
// due timers leave as results (one per cycle), due departures join a FIFO of due flows
// (round robin) that transmit opportunities pop. The NP's budget DRAIN is one slot in
// flip-flops. next_due_ns tells a simulation the earliest time anything may be due.
//
// Commands on s_evt_* (op 0 NOP, 1 ARM, 2 DISARM, 3 TXOPP); s_evt_now_ns and s_evt_pause
// are sampled every cycle. Results on m_out_*: kind 0..3 TIMER, 4 DRAIN, 5 GRANT, 6
// NOGRANT (empty or paused), 7 NOGRANT (the popped flow was re-timed later or has no data).
// The cycle rules (hazards, priorities) are in docs/nic.md; tb/ref/nic_sched_ref.cpp
// reproduces them cycle for cycle.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_nic_sched #(
    // =====================================================================================
    // Parameters
    // =====================================================================================
    parameter int NUM_FLOWS = 1024  // flows (power of two, >= 2)
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
    // ---- for the simulation: the earliest pending time; due flows wait for a TXOPP
    output logic        next_due_valid,
    output logic [31:0] next_due_ns,
    output logic        txq_nonempty,
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
  if (NUM_FLOWS < 2 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0) begin : g_bad_num_flows
    initial $fatal(1, "%m: NUM_FLOWS (%0d) must be a power of two >= 2", NUM_FLOWS);
  end

  localparam int FW  = $clog2(NUM_FLOWS);
  localparam int CW  = FW + 1;            // due FIFO count 0..NUM_FLOWS
  localparam int TWW = 41;                // timer word {on, gen[7:0], dl[31:0]}
  localparam int DWW = 33;                // departure word {on, at[31:0]}
  localparam logic [31:0] ID      = 32'h5C4E_D001;
  localparam logic [31:0] VERSION = 32'h0001_0000;
  localparam logic [31:0] CATCHUP_MAX = 32'd1048576;
  localparam logic [31:0] CATCHUP_RST = 32'd16384;
  localparam logic [1:0] OP_ARM = 2'd1, OP_DISARM = 2'd2, OP_TXOPP = 2'd3;

  // =====================================================================================
  // CSRs
  // =====================================================================================
  logic [31:0] catchup_reg, catchup_next;
  logic [31:0] fired_reg, fired_next;
  logic [31:0] grants_reg, grants_next;
  logic [31:0] late_max_reg, late_max_next;
  logic [CW-1:0] hwm_reg, hwm_next;
  logic [31:0] dropped_reg, dropped_next;
  logic [31:0] csr_rdata_reg, csr_rdata_next;

  // =====================================================================================
  // Pipeline stages
  // =====================================================================================
  // RAM clear after reset
  logic          clearing_reg, clearing_next;
  logic [FW-1:0] clr_addr_reg, clr_addr_next;
  // scanner: ra = the flow whose words are on the RAM read ports
  logic [FW-1:0] ra_reg, ra_next, ra_p1_reg, ra_p1_next;  // ra_p1 = ra + 1
  logic [FW-1:0] ra_p2_reg, ra_p2_next;                   // ra + 2
  // B stage: the loaded flow's due entries (bits 0..3 timers, 4 departure)
  logic [FW-1:0] b_flow_reg, b_flow_next;
  logic [4:0]    b_rem_reg, b_rem_next;
  logic          b_none_reg, b_one_reg, b_one_next;  // no / exactly one timer bit in b_rem_reg
  logic [31:0]   b_gen_reg, b_gen_next;   // 4 x 8
  logic [127:0]  b_dl_reg, b_dl_next;     // 4 x 32
  logic [31:0]   b_at_reg, b_at_next;
  // DRAIN slot
  logic          d_on_reg, d_on_next;
  logic [31:0]   d_flow_reg, d_flow_next;
  logic [31:0]   d_at_reg, d_at_next;
  logic          d_due_reg, d_due_next;
  // C0: the command register (the core sees commands from flip-flops only)
  logic          c0_valid_reg, c0_valid_next;
  logic [1:0]    c0_op_reg, c0_op_next;
  logic [2:0]    c0_kind_reg, c0_kind_next;
  logic [31:0]   c0_flow_reg, c0_flow_next;
  logic          c0_ok_reg, c0_ok_next;      // ARM/DISARM of a known kind and flow
  logic [7:0]    c0_gen_reg, c0_gen_next;
  logic [31:0]   c0_at_reg, c0_at_next;
  // C1: an ARM/DISARM of a departure, one cycle after it is accepted (its queued bit read)
  logic          c1_valid_reg, c1_valid_next, c1_arm_reg, c1_arm_next;
  logic [FW-1:0] c1_flow_reg, c1_flow_next;
  logic [31:0]   c1_at_reg, c1_at_next;
  // due FIFO pointers
  logic [FW-1:0] wp_reg, wp_next, rp_reg, rp_next;
  logic [CW-1:0] count_reg, count_next;
  // grant pipeline: g1 (FIFO word), g2 (departure word of the popped flow)
  logic          g1_valid_reg, g1_valid_next, g1_has_reg, g1_has_next;
  logic          g2_valid_reg, g2_valid_next, g2_has_reg, g2_has_next;
  logic [FW-1:0] g2_flow_reg, g2_flow_next;
  // lateness pipeline into LATE_MAX
  logic [31:0]   la_reg, la_next, lb_reg, lb_next, lm_reg, lm_next;
  // next_due: lane minima per round (kinds 0..3, departure), arms since the round start
  logic [4:0]       lr_v_reg, lr_v_next, ll_v_reg, ll_v_next;
  logic [159:0]     lr_reg, lr_next, ll_reg, ll_next;  // 5 x 32
  logic        am_v_reg, am_v_next, al_v_reg, al_v_next;
  logic [31:0] am_reg, am_next, al_reg, al_next;
  logic [3:0]       t1_v_reg, t1_v_next;
  logic [127:0]     t1_reg, t1_next;
  logic [1:0]       t2_v_reg, t2_v_next;
  logic [63:0]      t2_reg, t2_next;
  logic        nd_v_reg, nd_v_next;
  logic [31:0] nd_reg, nd_next;
  // forwarding of the last cycle's RAM writes (to the word the scanner loads)
  logic [4*TWW-1:0] fw_t_reg, fw_t_next;
  logic [DWW-1:0] fw_d_reg, fw_d_next;
  logic         fw_q_reg, fw_q_next;
  // result
  logic        out_valid_reg, out_valid_next;
  logic [2:0]  out_kind_reg, out_kind_next;
  logic [31:0] out_flow_reg, out_flow_next;
  logic [7:0]  out_gen_reg, out_gen_next;
  logic [31:0] out_at_reg, out_at_next, out_tx_reg, out_tx_next, out_late_reg, out_late_next;

  // RAM ports
  logic [3:0]            t_we;
  logic [4*FW-1:0]       t_waddr;
  logic [4*TWW-1:0]      t_wdata, t_rdata, t_word;
  logic                  d_we;
  logic [FW-1:0]         d_waddr;
  logic [DWW-1:0]        d_wdata, d_rdata, d_word, dg_rdata;
  logic                  q_we, q_wdata, q_rdata, q_word, qc_rdata, c1_q, c1_push;
  logic [FW-1:0]         q_waddr;
  logic                  f_we, f_re;
  logic [FW-1:0]         f_rdata, f_wdata;
  logic                  dg_re;
  logic [FW-1:0]         scan_raddr;

  // command decode
  logic c0_go, cmd_is_set, cmd_is_txop, cmd_ok;
  logic hz;
  logic en, tfire, dfire, dpush, g2_go, g2_stall, g1_stall, load, grant_ok;
  logic [1:0] tk;
  logic [3:0] tk_oh;       // the lowest due timer of B, one-hot
  logic [31:0] b_dl_tk;   // its deadline
  logic [3:0] b_wr, c_wr;  // timer RAM k written by B (a fire) / by the command
  logic [FW-1:0] cmd_flow;
  logic [5:0]    fwh_reg, fwh_next;   // last cycle's write hit the word now on the read port
  logic          fwhq_reg, fwhq_next; // ... hit C1's queued bit
  logic          c0_arm4, g2_dwr;
  // the hazard compares of C0's flow (kept: ABC otherwise folds them into MUXF chains)
  // C0's flow against the scan address, the next one and B's flow: registers, computed a
  // cycle ahead from every (C0 flow, address) pair the next cycle can have
  logic hz_ra_reg, hz_p1_reg, hz_bf_reg, hz_ra_next, hz_p1_next, hz_bf_next;
  logic [FW-1:0] nf;  // the flow on s_evt_flow (low bits)
  logic          ldc0;  // C0 takes s_evt_* now
  logic [1:0]    e_b, e_c, e_c1, e_g2;  // [0]: address == ra, [1]: == ra + 1
  logic [31:0] now;
  logic [4:0]  ld_due, ld_on;
  logic [159:0] ld_dl;
  logic [32:0] m;
  logic [31:0] g2_late, now_mc;
  logic        g2_in_catchup;
  logic        arm;

  // 32-bit modular "a is at or after b"
  function automatic logic at_or_after(input logic [31:0] a, input logic [31:0] b);
    logic [31:0] d;
    d = a - b;
    at_or_after = !d[31];
  endfunction
  // exactly one of four bits (a LUT, where $onehot became a carry chain)
  function automatic logic onehot4(input logic [3:0] x);
    onehot4 = x == 4'b0001 || x == 4'b0010 || x == 4'b0100 || x == 4'b1000;
  endfunction
  // the earlier of two times (modular), with valid bits: {valid, time}
  function automatic logic [32:0] tmin(input logic av, input logic [31:0] a,
                                       input logic bv, input logic [31:0] b);
    logic [31:0] d;
    d = a - b;
    if (!av) tmin = {bv, b};
    else if (!bv) tmin = {1'b1, a};
    else tmin = d[31] ? {1'b1, a} : {1'b1, b};
  endfunction

  always_comb begin
    now         = s_evt_now_ns;
    cmd_flow    = c0_flow_reg[FW-1:0];
    cmd_is_set  = c0_op_reg == OP_ARM || c0_op_reg == OP_DISARM;
    cmd_is_txop = c0_op_reg == OP_TXOPP;
    cmd_ok      = cmd_is_set && c0_ok_reg;
    en          = !out_valid_reg || m_out_ready;
    // the B stage fires the lowest due timer when the output slot is free (first claim)
    tfire = !b_none_reg && en;
    tk    = b_rem_reg[0] ? 2'd0 : b_rem_reg[1] ? 2'd1 : b_rem_reg[2] ? 2'd2 : 2'd3;
    tk_oh = {b_rem_reg[3] & ~|b_rem_reg[2:0], b_rem_reg[2] & ~|b_rem_reg[1:0],
             b_rem_reg[1] & ~b_rem_reg[0], b_rem_reg[0]};
    b_dl_tk = ({32{tk_oh[0]}} & b_dl_reg[0 +: 32]) | ({32{tk_oh[1]}} & b_dl_reg[32 +: 32]) |
              ({32{tk_oh[2]}} & b_dl_reg[64 +: 32]) | ({32{tk_oh[3]}} & b_dl_reg[96 +: 32]);
    // a due departure's queued-bit write comes first: the grant stage waits for it
    g2_go    = g2_valid_reg && en && !tfire && !b_rem_reg[4];
    g2_stall = g2_valid_reg && !g2_go;
    g1_stall = g1_valid_reg && g2_stall;
    grant_ok = g2_has_reg && dg_rdata[32] && at_or_after(now, dg_rdata[31:0]);
    g2_dwr   = g2_go && grant_ok;
    dpush = b_rem_reg[4];
    // C1: a departure armed already due joins the FIFO at once, unless B pushes now (then
    // the scanner finds it); never twice (its queued bit, with last cycle's write forwarded)
    c1_q    = fwhq_reg ? fw_q_reg : qc_rdata;
    c1_push = c1_valid_reg && c1_arm_reg && at_or_after(now, c1_at_reg) && !c1_q && !dpush;
    // hazards: the word being loaded, the word B holds, the RAM B writes, the grant reads
    hz = 1'b0;
    if (cmd_is_set) begin
      if (hz_ra_reg) hz = 1'b1;
      if (b_rem_reg != 5'd0 && hz_bf_reg) hz = 1'b1;
      if (c0_kind_reg <= 3'd3 && b_rem_reg[c0_kind_reg]) hz = 1'b1;
      if (c0_kind_reg == 3'd5 && (g1_valid_reg || g2_valid_reg)) hz = 1'b1;
      // a departure's word is written one cycle later (C1): the next scan word too
      if (c0_kind_reg == 3'd5 && hz_p1_reg) hz = 1'b1;
    end
    if (cmd_is_txop && (g1_stall || d_due_reg)) hz = 1'b1;
    if (cmd_is_set && c0_kind_reg == 3'd4 && d_due_reg) hz = 1'b1;  // the DRAIN leaves first
    c0_go = c0_valid_reg && !clearing_reg && !hz;
    s_evt_ready = !clearing_reg && (!c0_valid_reg || c0_go);
    dfire = d_due_reg && d_on_reg && en && !tfire && !g2_valid_reg;
  end

  // the scanned words, with the last cycle's write forwarded
  always_comb begin
    for (int k = 0; k < 4; k++)
      t_word[(k)*TWW +: TWW] = fwh_reg[k] ? fw_t_reg[(k)*TWW +: TWW] : t_rdata[(k)*TWW +: TWW];
    d_word = fwh_reg[4] ? fw_d_reg : d_rdata;
    q_word = fwh_reg[5] ? fw_q_reg : q_rdata;
    // due: compared on the RAM word and on the forwarded word in parallel, then selected
    for (int k = 0; k < 4; k++)
      ld_due[k] = fwh_reg[k] ?
          (fw_t_reg[k*TWW+40] && at_or_after(now, fw_t_reg[k*TWW +: 32])) :
          (t_rdata[k*TWW+40] && at_or_after(now, t_rdata[k*TWW +: 32]));
    ld_due[4] = !q_word && (fwh_reg[4] ? (fw_d_reg[32] && at_or_after(now, fw_d_reg[31:0])) :
                                         (d_rdata[32] && at_or_after(now, d_rdata[31:0])));
    for (int k = 0; k < 4; k++) begin
      ld_on[k] = t_word[(k)*TWW+40];
      ld_dl[(k)*32 +: 32] = t_word[(k)*TWW +: 32];
    end
    ld_on[4] = d_word[32] && !q_word;
    ld_dl[(4)*32 +: 32] = d_word[31:0];
    g2_late  = now - dg_rdata[31:0];
    // late <= CATCHUP_NS as the sign of (now - CATCHUP_NS - 1) - at: one subtraction after
    // the RAM (exact: a granted flow has 0 <= late < 2^31 and CATCHUP_NS <= 2^20)
    now_mc   = now - catchup_reg - 32'd1;
    g2_in_catchup = !at_or_after(now_mc, dg_rdata[31:0]);
    arm      = c0_op_reg == OP_ARM;
  end

  always_comb begin
    clearing_next = clearing_reg;
    clr_addr_next = clr_addr_reg;
    ra_next       = ra_reg;
    ra_p1_next    = ra_p1_reg;
    ra_p2_next    = ra_p2_reg;
    b_flow_next   = b_flow_reg;
    b_rem_next    = b_rem_reg;
    b_gen_next    = b_gen_reg;
    b_dl_next     = b_dl_reg;
    b_at_next     = b_at_reg;
    d_on_next     = d_on_reg;
    d_flow_next   = d_flow_reg;
    d_at_next     = d_at_reg;
    wp_next       = wp_reg;
    c1_valid_next = 1'b0;
    c0_valid_next = c0_valid_reg && !c0_go;
    c0_op_next    = c0_op_reg;
    c0_kind_next  = c0_kind_reg;
    c0_flow_next  = c0_flow_reg;
    c0_ok_next    = c0_ok_reg;
    c0_gen_next   = c0_gen_reg;
    c0_at_next    = c0_at_reg;
    if (s_evt_valid && s_evt_ready) begin
      c0_valid_next = 1'b1;
      c0_op_next    = s_evt_op;
      c0_kind_next  = s_evt_kind;
      c0_flow_next  = s_evt_flow;
      c0_ok_next    = s_evt_flow < 32'(NUM_FLOWS) && s_evt_kind <= 3'd5;
      c0_gen_next   = s_evt_gen;
      c0_at_next    = s_evt_at_ns;
    end
    c1_arm_next   = c1_arm_reg;
    c1_flow_next  = c1_flow_reg;
    c1_at_next    = c1_at_reg;
    f_wdata       = b_flow_reg;
    rp_next       = rp_reg;
    count_next    = count_reg;
    g1_valid_next = g1_valid_reg;
    g1_has_next   = g1_has_reg;
    g2_valid_next = g2_valid_reg;
    g2_has_next   = g2_has_reg;
    g2_flow_next  = g2_flow_reg;
    la_next       = 32'd0;
    lb_next       = 32'd0;
    lm_next       = la_reg > lb_reg ? la_reg : lb_reg;
    lr_v_next     = lr_v_reg;
    lr_next       = lr_reg;
    ll_v_next     = ll_v_reg;
    ll_next       = ll_reg;
    am_v_next     = am_v_reg;
    am_next       = am_reg;
    al_v_next     = al_v_reg;
    al_next       = al_reg;
    fw_d_next     = fw_d_reg;
    fw_q_next     = fw_q_reg;
    out_valid_next = out_valid_reg;
    out_kind_next  = out_kind_reg;
    out_flow_next  = out_flow_reg;
    out_gen_next   = out_gen_reg;
    out_at_next    = out_at_reg;
    out_tx_next    = out_tx_reg;
    out_late_next  = out_late_reg;
    catchup_next  = catchup_reg;
    fired_next    = fired_reg;
    grants_next   = grants_reg;
    late_max_next = lm_reg > late_max_reg ? lm_reg : late_max_reg;
    hwm_next      = count_reg > hwm_reg ? count_reg : hwm_reg;
    dropped_next  = dropped_reg;
    csr_rdata_next = csr_rdata_reg;
    b_wr = 4'd0;
    c_wr = 4'd0;
    d_we = 1'b0;
    // the departure RAMs' address and data: C1's write, else the grant's (selected by
    // registers; the grant decides only the enable)
    d_waddr = c1_valid_reg ? c1_flow_reg : g2_flow_reg;
    d_wdata = c1_valid_reg ? {c1_arm_reg, c1_arm_reg ? c1_at_reg : 32'd0} : {1'b0, dg_rdata[31:0]};
    q_we = 1'b0;
    q_waddr = '0;
    q_wdata = 1'b0;
    f_we = 1'b0;
    load = 1'b0;
    scan_raddr = ra_reg;

    if (clearing_reg) begin
      d_we = 1'b1;
      q_we = 1'b1;
      d_waddr = clr_addr_reg;
      d_wdata = '0;
      q_waddr = clr_addr_reg;
      clr_addr_next = clr_addr_reg + FW'(1);
      if (clr_addr_reg == FW'(NUM_FLOWS - 1)) clearing_next = 1'b0;
      scan_raddr = '0;
    end else begin
      // ---- B stage: a timer fire (output), a departure push (FIFO)
      if (tfire) begin
        b_wr = tk_oh;
        b_rem_next[3:0] = b_rem_reg[3:0] & ~tk_oh;
        out_valid_next = 1'b1;
        out_kind_next  = {1'b0, tk};
        out_flow_next  = 32'(b_flow_reg);
        out_gen_next   = b_gen_reg[(tk)*8 +: 8];
        out_at_next    = b_dl_tk;
        out_tx_next    = now;
        out_late_next  = now - b_dl_tk;
        la_next        = now - b_dl_tk;
        fired_next     = fired_reg + 32'd1;
      end
      if (dpush) begin
        f_we = 1'b1;
        q_we = 1'b1;
        q_waddr = b_flow_reg;
        q_wdata = 1'b1;
        wp_next = wp_reg + FW'(1);
        b_rem_next[4] = 1'b0;
        lb_next = now - b_at_reg;
      end
      // ---- load the next flow when B is done with this one
      // B is done with its flow when no timer is left after this cycle's fire (a due
      // departure always leaves in this cycle): from two flags, not from b_rem itself
      if (b_none_reg || (b_one_reg && en)) begin
        load = 1'b1;
        b_flow_next = ra_reg;
        b_rem_next  = ld_due;
        for (int k = 0; k < 4; k++) begin
          b_gen_next[(k)*8 +: 8] = t_word[(k)*TWW+32 +: 8];
          b_dl_next[(k)*32 +: 32]  = t_word[(k)*TWW +: 32];
        end
        b_at_next = d_word[31:0];
        ra_next    = ra_p1_reg;
        ra_p1_next = ra_p2_reg;
        ra_p2_next = ra_p2_reg + FW'(1);
        scan_raddr = ra_p1_reg;
        // lane minima: the pending deadlines seen in this round
        for (int k = 0; k < 5; k++) begin
          m = tmin(lr_v_reg[k], lr_reg[(k)*32 +: 32], ld_on[k], ld_dl[(k)*32 +: 32]);
          if (ra_reg == FW'(NUM_FLOWS - 1)) begin
            ll_v_next[k] = m[32];
            ll_next[(k)*32 +: 32]   = m[31:0];
            lr_v_next[k] = 1'b0;
          end else begin
            lr_v_next[k] = m[32];
            lr_next[(k)*32 +: 32]   = m[31:0];
          end
        end
      end
      // ---- grant stage 2: the popped flow's departure word
      if (g2_go) begin
        g2_valid_next  = 1'b0;
        out_valid_next = 1'b1;
        out_gen_next   = 8'd0;
        out_tx_next    = now;
        out_late_next  = 32'd0;
        out_at_next    = 32'd0;
        out_flow_next  = 32'd0;
        if (!g2_has_reg) begin
          out_kind_next = 3'd6;
        end else begin
          q_we = 1'b1;  // the flow leaves the due FIFO
          q_waddr = g2_flow_reg;
          q_wdata = 1'b0;
          out_flow_next = 32'(g2_flow_reg);
          if (grant_ok) begin
            out_kind_next = 3'd5;
            out_at_next   = dg_rdata[31:0];
            out_late_next = g2_late;
            out_tx_next   = g2_in_catchup ? dg_rdata[31:0] : now;  // (see out_tx below)
            grants_next   = grants_reg + 32'd1;
            d_we    = 1'b1;  // sent: the next departure comes with the TX result
          end else begin
            out_kind_next = 3'd7;
          end
        end
      end
      // ---- grant stage 1: the FIFO word
      if (g1_valid_reg && !g2_stall) begin
        g1_valid_next = 1'b0;
        g2_valid_next = 1'b1;
        g2_has_next   = g1_has_reg;
        g2_flow_next  = f_rdata;
      end
      // ---- the DRAIN slot (after B and the grants)
      if (dfire) begin
        d_on_next      = 1'b0;
        out_valid_next = 1'b1;
        out_kind_next  = 3'd4;
        out_flow_next  = d_flow_reg;
        out_gen_next   = 8'd0;
        out_at_next    = d_at_reg;
        out_tx_next    = now;
        out_late_next  = now - d_at_reg;
        la_next        = now - d_at_reg;
        fired_next     = fired_reg + 32'd1;
      end
      if (en && !tfire && !g2_go && !dfire) out_valid_next = 1'b0;
      // tx_ns: the ideal time for a grant within CATCHUP_NS, now for every other result
      // (the same values as above, with the grant's decision as the last select)
      if (tfire || g2_go || dfire)
        out_tx_next = (g2_go && grant_ok && g2_in_catchup) ? dg_rdata[31:0] : now;
      // ---- C1: the departure word; an immediate push
      if (c1_valid_reg) begin
        d_we    = 1'b1;
        if (c1_push) begin
          f_we    = 1'b1;
          f_wdata = c1_flow_reg;
          q_we    = 1'b1;
          q_waddr = c1_flow_reg;
          q_wdata = 1'b1;
          wp_next = wp_reg + FW'(1);
        end
      end
      // ---- the command
      if (c0_go && cmd_is_txop) begin
        g1_valid_next = 1'b1;
        g1_has_next   = count_reg != CW'(0) && !s_evt_pause;
        if (count_reg != CW'(0) && !s_evt_pause) rp_next = rp_reg + FW'(1);
      end
      if (c0_go && cmd_is_set && !cmd_ok) dropped_next = dropped_reg == 32'hffff_ffff ?
                                                           dropped_reg : dropped_reg + 32'd1;
      if (c0_go && cmd_ok) begin
        if (c0_kind_reg <= 3'd3) begin
          for (int k = 0; k < 4; k++) c_wr[k] = c0_kind_reg[1:0] == 2'(k);
        end else if (c0_kind_reg == 3'd4) begin
          d_on_next   = arm;
          d_flow_next = c0_flow_reg;
          d_at_next   = c0_at_reg;
        end else begin
          c1_valid_next = 1'b1;
          c1_arm_next   = arm;
          c1_flow_next  = cmd_flow;
          c1_at_next    = c0_at_reg;
        end
        if (arm && c0_kind_reg != 3'd4) begin
          // arms since the round start (and, at the round end, into the latched set)
          m = tmin(am_v_reg, am_reg, 1'b1, c0_at_reg);
          am_v_next = m[32];
          am_next   = m[31:0];
        end
      end
      if (load && ra_reg == FW'(NUM_FLOWS - 1)) begin
        al_v_next = am_v_next;
        al_next   = am_next;
        am_v_next = 1'b0;
      end
      count_next = count_reg + CW'(dpush) + CW'(c1_push) - CW'(c0_go && cmd_is_txop && count_reg != CW'(0) &&
                                                 !s_evt_pause);
      // forwarding registers: this cycle's writes
      fw_d_next    = d_wdata;
      fw_q_next    = q_wdata;
    end
    // ---- next_due: a pipelined minimum over the lanes, the arms and the DRAIN slot
    for (int i = 0; i < 2; i++) begin
      m = tmin(ll_v_reg[2 * i], ll_reg[(2 * i)*32 +: 32], ll_v_reg[2 * i + 1], ll_reg[(2 * i + 1)*32 +: 32]);
      t1_v_next[i] = m[32];
      t1_next[(i)*32 +: 32]   = m[31:0];
    end
    m = tmin(ll_v_reg[4], ll_reg[(4)*32 +: 32], d_on_reg, d_at_reg);
    t1_v_next[2] = m[32];
    t1_next[(2)*32 +: 32]   = m[31:0];
    m = tmin(al_v_reg, al_reg, am_v_reg, am_reg);
    t1_v_next[3] = m[32];
    t1_next[(3)*32 +: 32]   = m[31:0];
    for (int i = 0; i < 2; i++) begin
      m = tmin(t1_v_reg[2 * i], t1_reg[(2 * i)*32 +: 32], t1_v_reg[2 * i + 1], t1_reg[(2 * i + 1)*32 +: 32]);
      t2_v_next[i] = m[32];
      t2_next[(i)*32 +: 32]   = m[31:0];
    end
    m = tmin(t2_v_reg[0], t2_reg[(0)*32 +: 32], t2_v_reg[1], t2_reg[(1)*32 +: 32]);
    nd_v_next = m[32];
    nd_next   = m[31:0];
    // (both compares in parallel; the command's select comes last)
    c0_arm4 = c0_go && cmd_ok && c0_kind_reg == 3'd4;
    b_one_next = onehot4(b_rem_next[3:0]);
    // the hazard compares of the next cycle (C0's flow next to ra, ra + 1, B's flow next)
    // (every compare of registers or inputs, in parallel; the two selects come last)
    nf = s_evt_flow[FW-1:0];
    ldc0 = s_evt_valid && s_evt_ready;
    hz_ra_next = load ? (ldc0 ? nf == ra_p1_reg : cmd_flow == ra_p1_reg)
                      : (ldc0 ? nf == ra_reg : cmd_flow == ra_reg);
    hz_p1_next = load ? (ldc0 ? nf == ra_p2_reg : cmd_flow == ra_p2_reg)
                      : (ldc0 ? nf == ra_p1_reg : cmd_flow == ra_p1_reg);
    hz_bf_next = load ? (ldc0 ? nf == ra_reg : cmd_flow == ra_reg)
                      : (ldc0 ? nf == b_flow_reg : cmd_flow == b_flow_reg);
    d_due_next = c0_arm4 ? (arm && at_or_after(now, c0_at_reg)) :
                 (d_on_reg && !dfire && at_or_after(now, d_at_reg));
    // ---- CSR bus
    if (csr_we && csr_addr == 8'h08)
      catchup_next = csr_wdata > CATCHUP_MAX ? CATCHUP_MAX : csr_wdata;
    if (csr_re) begin
      case (csr_addr)
        8'h00:   csr_rdata_next = ID;
        8'h04:   csr_rdata_next = VERSION;
        8'h08:   csr_rdata_next = catchup_next;
        8'h0c:   csr_rdata_next = fired_reg;
        8'h10:   csr_rdata_next = grants_reg;
        8'h14:   csr_rdata_next = late_max_reg;
        8'h18:   csr_rdata_next = 32'(hwm_reg);
        8'h1c:   csr_rdata_next = dropped_reg;
        default: csr_rdata_next = 32'd0;
      endcase
    end
    f_re  = !g1_stall;
    dg_re = !g2_stall;
  end

  // the timer RAMs' write ports (constant indices: no shifters on the RAM inputs), and
  // their forwarding registers
  always_comb begin
    for (int k = 0; k < 4; k++) begin
      t_we[k] = clearing_reg || b_wr[k] || c_wr[k];
      t_waddr[k*FW +: FW] = clearing_reg ? clr_addr_reg : b_wr[k] ? b_flow_reg : cmd_flow;
      t_wdata[k*TWW +: TWW] = (clearing_reg || b_wr[k] || !arm) ? {TWW{1'b0}} :
                              {1'b1, c0_gen_reg, c0_at_reg};
      fw_t_next[k*TWW +: TWW] = clearing_reg ? fw_t_reg[k*TWW +: TWW] : t_wdata[k*TWW +: TWW];
    end
    // Forwarding hits for the next cycle: does this cycle's write address equal the word
    // read now (ra, or ra + 1 when B loads)? Every write address is a register, so the
    // compares run in parallel with the decisions and only the selects come late.
    e_b[0] = b_flow_reg == ra_reg;    e_b[1] = b_flow_reg == ra_p1_reg;
    e_c[0] = cmd_flow == ra_reg;      e_c[1] = cmd_flow == ra_p1_reg;
    e_c1[0] = c1_flow_reg == ra_reg;  e_c1[1] = c1_flow_reg == ra_p1_reg;
    e_g2[0] = g2_flow_reg == ra_reg;  e_g2[1] = g2_flow_reg == ra_p1_reg;
    for (int k = 0; k < 4; k++)
      fwh_next[k] = !clearing_reg && (b_wr[k] ? e_b[load] : (c_wr[k] && e_c[load]));
    fwh_next[4] = !clearing_reg && (c1_valid_reg ? e_c1[load] : (g2_dwr && e_g2[load]));
    fwh_next[5] = !clearing_reg && (c1_push ? e_c1[load] : (g2_go && g2_has_reg) ? e_g2[load] :
                                    (dpush && e_b[load]));
    fwhq_next   = !clearing_reg && (c1_push ? c1_flow_reg == cmd_flow :
                                    (g2_go && g2_has_reg) ? g2_flow_reg == cmd_flow :
                                    (dpush && b_flow_reg == cmd_flow));
  end

  always_ff @(posedge clk) begin
    clearing_reg <= clearing_next;
    clr_addr_reg <= clr_addr_next;
    ra_reg       <= ra_next;
    ra_p1_reg    <= ra_p1_next;
    ra_p2_reg    <= ra_p2_next;
    hz_ra_reg    <= hz_ra_next;
    hz_p1_reg    <= hz_p1_next;
    hz_bf_reg    <= hz_bf_next;
    fwh_reg      <= fwh_next;
    fwhq_reg     <= fwhq_next;
    b_flow_reg   <= b_flow_next;
    b_rem_reg    <= b_rem_next;
    b_none_reg   <= b_rem_next[3:0] == 4'd0;
    b_one_reg    <= b_one_next;
    b_gen_reg    <= b_gen_next;
    b_dl_reg     <= b_dl_next;
    b_at_reg     <= b_at_next;
    d_on_reg     <= d_on_next;
    d_flow_reg   <= d_flow_next;
    d_at_reg     <= d_at_next;
    d_due_reg    <= d_due_next;
    wp_reg       <= wp_next;
    c1_valid_reg <= c1_valid_next;
    c0_valid_reg <= c0_valid_next;
    c0_op_reg    <= c0_op_next;
    c0_kind_reg  <= c0_kind_next;
    c0_flow_reg  <= c0_flow_next;
    c0_ok_reg    <= c0_ok_next;
    c0_gen_reg   <= c0_gen_next;
    c0_at_reg    <= c0_at_next;
    c1_arm_reg   <= c1_arm_next;
    c1_flow_reg  <= c1_flow_next;
    c1_at_reg    <= c1_at_next;
    rp_reg       <= rp_next;
    count_reg    <= count_next;
    g1_valid_reg <= g1_valid_next;
    g1_has_reg   <= g1_has_next;
    g2_valid_reg <= g2_valid_next;
    g2_has_reg   <= g2_has_next;
    g2_flow_reg  <= g2_flow_next;
    la_reg       <= la_next;
    lb_reg       <= lb_next;
    lm_reg       <= lm_next;
    lr_v_reg     <= lr_v_next;
    lr_reg       <= lr_next;
    ll_v_reg     <= ll_v_next;
    ll_reg       <= ll_next;
    am_v_reg     <= am_v_next;
    am_reg       <= am_next;
    al_v_reg     <= al_v_next;
    al_reg       <= al_next;
    t1_v_reg     <= t1_v_next;
    t1_reg       <= t1_next;
    t2_v_reg     <= t2_v_next;
    t2_reg       <= t2_next;
    nd_v_reg     <= nd_v_next;
    nd_reg       <= nd_next;
    fw_t_reg     <= fw_t_next;
    fw_d_reg     <= fw_d_next;
    fw_q_reg     <= fw_q_next;
    out_valid_reg <= out_valid_next;
    out_kind_reg  <= out_kind_next;
    out_flow_reg  <= out_flow_next;
    out_gen_reg   <= out_gen_next;
    out_at_reg    <= out_at_next;
    out_tx_reg    <= out_tx_next;
    out_late_reg  <= out_late_next;
    catchup_reg   <= catchup_next;
    fired_reg     <= fired_next;
    grants_reg    <= grants_next;
    late_max_reg  <= late_max_next;
    hwm_reg       <= hwm_next;
    dropped_reg   <= dropped_next;
    csr_rdata_reg <= csr_rdata_next;
    if (rst) begin
      clearing_reg  <= 1'b1;
      clr_addr_reg  <= '0;
      ra_reg        <= '0;
      ra_p1_reg     <= FW'(1);
      ra_p2_reg     <= FW'(2);
      fwh_reg       <= '0;
      fwhq_reg      <= 1'b0;
      b_rem_reg     <= '0;
      b_none_reg    <= 1'b1;
      b_one_reg     <= 1'b0;
      d_on_reg      <= 1'b0;
      d_due_reg     <= 1'b0;
      wp_reg        <= '0;
      c1_valid_reg  <= 1'b0;
      c0_valid_reg  <= 1'b0;
      rp_reg        <= '0;
      count_reg     <= '0;
      g1_valid_reg  <= 1'b0;
      g2_valid_reg  <= 1'b0;
      la_reg        <= '0;
      lb_reg        <= '0;
      lm_reg        <= '0;
      lr_v_reg      <= '0;
      ll_v_reg      <= '0;
      am_v_reg      <= 1'b0;
      al_v_reg      <= 1'b0;
      t1_v_reg      <= '0;
      t2_v_reg      <= '0;
      nd_v_reg      <= 1'b0;
      out_valid_reg <= 1'b0;
      catchup_reg   <= CATCHUP_RST;
      fired_reg     <= '0;
      grants_reg    <= '0;
      late_max_reg  <= '0;
      hwm_reg       <= '0;
      dropped_reg   <= '0;
      csr_rdata_reg <= '0;
    end
  end

  // =====================================================================================
  // RAMs
  // =====================================================================================
  for (genvar k = 0; k < 4; k++) begin : g_tmr
    dcqcn_ram_sdp #(.WIDTH(TWW), .DEPTH(NUM_FLOWS)) u_ram (
        .clk(clk), .we(t_we[k]), .waddr(t_waddr[k*FW +: FW]), .wdata(t_wdata[k*TWW +: TWW]),
        .re(1'b1), .raddr(scan_raddr), .rdata(t_rdata[(k)*TWW +: TWW]));
  end
  // the departure words: one copy for the scanner, one for the grant stage
  dcqcn_ram_sdp #(.WIDTH(DWW), .DEPTH(NUM_FLOWS)) u_dep_scan (
      .clk(clk), .we(d_we), .waddr(d_waddr), .wdata(d_wdata),
      .re(1'b1), .raddr(scan_raddr), .rdata(d_rdata));
  dcqcn_ram_sdp #(.WIDTH(DWW), .DEPTH(NUM_FLOWS)) u_dep_grant (
      .clk(clk), .we(d_we), .waddr(d_waddr), .wdata(d_wdata),
      .re(dg_re), .raddr(f_rdata), .rdata(dg_rdata));
  // queued bits: the flow is in the due FIFO
  dcqcn_ram_sdp #(.WIDTH(1), .DEPTH(NUM_FLOWS)) u_queued (
      .clk(clk), .we(q_we), .waddr(q_waddr), .wdata(q_wdata),
      .re(1'b1), .raddr(scan_raddr), .rdata(q_rdata));
  // ... a copy read by C1 at the commanded flow
  dcqcn_ram_sdp #(.WIDTH(1), .DEPTH(NUM_FLOWS)) u_queued_cmd (
      .clk(clk), .we(q_we), .waddr(q_waddr), .wdata(q_wdata),
      .re(1'b1), .raddr(cmd_flow), .rdata(qc_rdata));
  // the due FIFO (a flow is in it at most once: NUM_FLOWS words never overflow)
  dcqcn_ram_sdp #(.WIDTH(FW), .DEPTH(NUM_FLOWS)) u_fifo (
      .clk(clk), .we(f_we), .waddr(wp_reg), .wdata(f_wdata),
      .re(f_re), .raddr(rp_reg), .rdata(f_rdata));

  // =====================================================================================
  // Outputs
  // =====================================================================================
  assign m_out_valid    = out_valid_reg;
  assign m_out_kind     = out_kind_reg;
  assign m_out_flow     = out_flow_reg;
  assign m_out_gen      = out_gen_reg;
  assign m_out_at_ns    = out_at_reg;
  assign m_out_tx_ns    = out_tx_reg;
  assign m_out_late_ns  = out_late_reg;
  assign next_due_valid = nd_v_reg;
  assign next_due_ns    = nd_reg;
  assign txq_nonempty   = count_reg != CW'(0);
  assign csr_rdata      = csr_rdata_reg;

endmodule

`resetall
