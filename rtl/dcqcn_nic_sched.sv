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
// CSR latency: a CATCHUP_NS write (csr_we in cycle t) is registered at the end of t with
// its clamp compare and lands at the end of t+1 (the catch-up sums formed in t+1 still use
// the old value); a read in t returns the old value, a read from t+1 the new, clamped one.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_nic_sched #(
    // =====================================================================================
    // Parameters
    // =====================================================================================
    parameter int NUM_FLOWS = 1024  // flows (power of two, >= 4)
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

  localparam int FW  = $clog2(NUM_FLOWS);
  localparam int CW  = FW + 1;            // due FIFO count 0..NUM_FLOWS
  localparam int TWW = 41;                // timer word {on, gen[7:0], dl[31:0]}
  localparam int DWW = 33;                // departure word {on, at[31:0]}
  localparam logic [31:0] ID      = 32'h5C4E_D001;
  localparam logic [31:0] VERSION = 32'h0001_0000;
  localparam logic [31:0] CATCHUP_MAX = 32'd1048576;
  localparam logic [31:0] CATCHUP_RST = 32'd16384;
  localparam logic [1:0] OP_ARM = 2'd1, OP_DISARM = 2'd2, OP_TXOPP = 2'd3;
  localparam int PW = 16;                 // pending TXOPP count
  // Cycles after an ARM leaves C0 (arm_v, clock edge e: dcqcn_nic_sched_due's ai loads at
  // e) until next_due_* shows it (am, t1, t2 and nd load at e+1..e+4: in nd after e+4).
  // A departure a STALE answer left armed enters the same way from stale_v_reg. settle_reg
  // loads ND_LAT on every command leaving C0 (conservative for DISARM, TXOPP, DRAIN) and on
  // stale_v_reg; in the cycle stale_v_reg is high the STALE result itself is on m_out_valid.
  // Both benches check the contract (lockstep_nic_sched: every cycle not settling and with
  // no result; lockstep_nic_top: wherever a simulation would stop): 3 fails them.
  localparam int ND_LAT = 4;

  // =====================================================================================
  // CSRs
  // =====================================================================================
  logic [31:0] catchup_reg, catchup_next;
  // a CATCHUP_NS write, registered with its clamp compare (lands a cycle later)
  logic        cwq_v_reg, cwq_hi_reg;
  logic [31:0] cwq_data_reg;
  logic [31:0] fired_reg, fired_next;
  logic [31:0] grants_reg, grants_next;
  logic [31:0] late_max_reg, late_max_next;
  logic [CW-1:0] hwm_reg, hwm_next;
  logic [31:0] dropped_reg, dropped_next;
  logic [31:0] csr_rdata_reg, csr_rdata_next;
  logic        fired_inc_reg, grants_inc_reg;  // FIRED / GRANTS count last cycle's results
  logic [2:0]  settle_reg;                     // cycles left of ND_LAT after a command or STALE

  // =====================================================================================
  // Pipeline stages
  // =====================================================================================
  // RAM clear after reset
  logic          clearing_reg, clearing_next;
  logic [FW-1:0] clr_addr_reg, clr_addr_next;
  // scanner: ra = the flow whose words are on the RAM read ports; S1 = the flow before it
  // (its words registered, kept current by every later write); B = the flow before S1
  // (its due entries). Always b_flow = ra - 2 and s1_flow = ra - 1 (mod NUM_FLOWS).
  logic [FW-1:0]    ra_reg, ra_next, ra_p1_reg, ra_p1_next, ra_p2_reg, ra_p2_next;
  logic [FW-1:0]    s1_flow_reg, s1_flow_next;
  logic [4*TWW-1:0] s1_t_reg, s1_t_next;
  logic [DWW-1:0]   s1_d_reg, s1_d_next;
  logic             s1_q_reg, s1_q_next;
  logic [FW-1:0]    b_flow_reg, b_flow_next;
  logic [4:0]       b_rem_reg, b_rem_next;   // due entries: bits 0..3 timers, 4 departure
  logic             b_none_reg, b_one_reg;   // no / exactly one timer bit in b_rem_reg
  logic [3:0]       tk_oh_reg, tk_oh_next;   // the lowest timer bit of b_rem_reg, one-hot
  logic             b_none_next, b_one_next;
  logic [3:0]       ld_rem, hd_rem;          // B's next timer bits: it takes S1 / it holds
  // S1's entries due (compared a cycle before): the RAM word's, the other sources', and
  // which of the two S1 took
  logic [4:0]       s1_drd_reg, s1_dot_reg, s1_sel_reg, s1_due;
  logic [4:0]       due_s1, due_fw, due_rd;  // ... of each source of its next word
  logic [4:0]       sel_rd;                  // ... S1 takes the RAM word
  // flow compares kept as nets of their own (LUT outputs before the late selects)
  (* keep *) logic [4:0] eq_nf;   // the new command's flow == b, s1, ra, ra + 1, ra + 2
  (* keep *) logic [3:0] eq_g2;   // g2's flow == s1, ra, ra + 1, ra + 2
  (* keep *) logic eq_cf_p2, eq_g3_p2;  // C0's / g3's flow == ra + 2
  logic [4:0]       due_o;                   // ... of the sources other than the RAM
  logic [3:0]       thp_ra;                  // C0 writes a timer of the read-port flow
  logic             gqp, dhp_s1, dhp_ra;     // g3 may answer; a departure write hits S1 / ra
  logic             due_cmd, due_c1;
  logic             scan_on_reg;             // the RAM clear is over
  logic [31:0]      b_gen_reg, b_gen_next;   // 4 x 8
  logic [127:0]     b_dl_reg, b_dl_next;     // 4 x 32
  logic [31:0]      b_at_reg, b_at_next;
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
  logic [3:0]    c0_koh_reg, c0_koh_next;    // ... of timer kind k (one-hot)
  logic          c0_k4_reg, c0_k4_next, c0_k5_reg, c0_k5_next;  // ... of DRAIN / DEP
  logic          c0_tmr_reg, c0_tmr_next;    // ... of a timer kind (|c0_koh_reg)
  logic [7:0]    c0_gen_reg, c0_gen_next;
  logic [31:0]   c0_at_reg, c0_at_next;
  // C1: an ARM/DISARM of a departure, one cycle after it left C0 (its queued bit read)
  logic          c1_valid_reg, c1_valid_next, c1_arm_reg, c1_arm_next;
  logic          c1_due_reg, c1_due_next;  // an ARM whose time had come when it left C0
  logic [FW-1:0] c1_flow_reg, c1_flow_next;
  logic [31:0]   c1_at_reg, c1_at_next;
  // due FIFO pointers; TXOPPs accepted and not yet started
  logic [FW-1:0] wp_reg, wp_next, rp_reg, rp_next;
  // ... +1 (and count -1) in registers: the push and pop decisions only select
  logic [FW-1:0] wp_p1_reg, wp_p1_next, rp_p1_reg, rp_p1_next;
  logic [CW-1:0] count_p1_reg, count_p1_next, count_m1_reg, count_m1_next;
  logic [CW-1:0] count_reg, count_next;
  logic [PW-1:0] txp_reg, txp_next;
  logic          txp_nz_reg, txp_full_reg;
  // grant pipeline: g0 (FIFO word on the RAM port), g1 (FIFO word registered), g2
  // (departure word of the popped flow, with the C1 writes since its read in g2_ov), g3
  // (that word registered, kept current; decides)
  logic          g0_v_reg, g0_v_next, g0_has_reg, g0_has_next;
  logic          g1_v_reg, g1_v_next, g1_has_reg, g1_has_next;
  logic [FW-1:0] g1_flow_reg, g1_flow_next;
  logic          g2_v_reg, g2_v_next, g2_has_reg, g2_has_next;
  logic [FW-1:0] g2_flow_reg, g2_flow_next;
  logic          g2_ov_v_reg, g2_ov_v_next;
  logic [DWW-1:0] g2_ov_reg, g2_ov_next;
  logic          g3_v_reg, g3_v_next, g3_has_reg, g3_has_next;
  logic [FW-1:0] g3_flow_reg, g3_flow_next;
  logic [DWW-1:0] g3_w_reg, g3_w_next;
  logic [31:0]   g3_atc_reg, g3_atc_next;    // at + CATCHUP_NS + 1
  logic          g3_from_ram;
  logic          gc_pre_reg, gc_pre_next;
  logic [DWW-1:0] g3_w_other;
  logic [31:0]   g2_ov_atc_reg, g2_ov_atc_next, c1_atc_reg, c1_atc_next;  // ... of those words
  logic          c1h_g2_reg, c1h_g3_reg;     // C1's flow == g2's / g3's (from the cycle before)
  // lateness pipeline into LATE_MAX
  logic [31:0]   la_reg, la_next, lb_reg, lb_next, lm_reg, lm_next;
  // next_due (dcqcn_nic_sched_due): the words B takes, the ARMs leaving C0
  logic        arm_v, stale_v;
  logic        stale_v_reg;          // stale_v a cycle late (registered: timing)
  logic [31:0] stale_at_reg;
  // forwarding of the last cycle's RAM writes to the word on the read port
  logic [4*TWW-1:0] fw_t_reg, fw_t_next;
  logic [DWW-1:0] fw_d_reg, fw_d_next;
  logic         fw_q_reg, fw_q_next;
  logic [5:0]   fwh_reg, fwh_next;    // last cycle's write hit the word now on the read port
  logic         fwhq_reg, fwhq_next;  // ... hit the queued bit on the C0 copy's read port
  logic         c1_q_reg, c1_q_next;  // C1's flow is queued (read while it was in C0)
  logic         c0q_hit;              // this cycle's queued-bit write hits C0's flow
  logic [FW-1:0] qc_raddr;
  // result
  logic        out_valid_reg, out_valid_next;
  logic [2:0]  out_kind_reg, out_kind_next;
  logic [31:0] out_flow_reg, out_flow_next;
  logic [7:0]  out_gen_reg, out_gen_next;
  logic [31:0] out_at_reg, out_at_next, out_tx_reg, out_tx_next, out_late_reg, out_late_next;
  logic        out_z_reg, out_z_next;  // at and late read 0 (kinds 6 and 7)

  // RAM ports
  logic [3:0]            t_we;
  logic [4*FW-1:0]       t_waddr;
  logic [4*TWW-1:0]      t_wdata, t_rdata;
  logic                  d_we;
  logic [FW-1:0]         d_waddr;
  logic [DWW-1:0]        d_wdata, d_rdata, dg_rdata;
  logic                  q_we, q_wdata, q_rdata, qc_rdata;
  // the written words without the RAM clear's zeros (for the copies: S1, forwarding)
  logic [DWW-1:0]        d_wd;
  logic                  q_wd;
  logic [TWW-1:0]        t_cwd;
  logic [FW-1:0]         q_waddr;
  logic                  f_we;
  logic [FW-1:0]         f_rdata, f_wdata;
  logic [FW-1:0]         scan_raddr;

  // decisions
  logic [31:0] now;
  logic        cmd_is_set, cmd_is_txop, cmd_ok, arm;
  logic [FW-1:0] cmd_flow;
  logic        en, load, tfire, dpush, dfire, c0_go, c0_d, txop_go, c1_push;
  logic        g3_ok, g3_inc, gcommit, g2_adv, g1_adv, g0_adv, gstart, pop, gd_we, gq;
  logic [1:0]  tk;
  logic [3:0]  tk_oh;      // the lowest due timer of B, one-hot
  logic [31:0] b_dl_tk;    // its deadline
  logic [31:0] b_late_tk;  // now - its deadline (the four differences in parallel, then the select)
  logic [127:0] b_late;
  logic [3:0]  b_wr, c_wr; // timer RAM k written by B (a fire) / by the command
  logic [DWW-1:0] c1_w;    // C1's departure word
  // flow compares (registers only): the command's, C1's and the grant's flow against
  // B, S1, the read port (ra) and the next read port (ra + 1)
  logic ch_b_reg, ch_s1_reg, ch_ra_reg, ch_p1_reg;  // C0's flow == b, s1, ra, ra + 1
  logic ch_b_next, ch_s1_next, ch_ra_next, ch_p1_next;
  logic ldc0;
  logic [FW-1:0] nf;
  logic ch_b, ch_s1, ch_ra, ch_p1, c1h_g2, c1h_g3;
  // C1's and g3's flow against s1, ra, ra + 1 (registers, computed a cycle ahead)
  logic c1h_s1_reg, c1h_ra_reg, c1h_p1_reg, g3h_s1_reg, g3h_ra_reg, g3h_p1_reg;
  logic c1h_s1, c1h_ra, c1h_p1, g3h_s1, g3h_ra, g3h_p1;
  // last cycle's C1 write: the one g2's RAM read missed in the cycle it entered g2
  logic g2_fix_reg, g2_fix;
  logic [DWW-1:0] c1p_w_reg;
  logic [31:0] c1p_atc_reg;
  logic [3:0] th_s1, th_ra;  // this cycle's timer write hits S1 / the read-port word
  logic dh_s1, dh_ra, qh_s1, qh_ra;  // ... departure, queued bit
  logic [3:0] mb, ms1;       // B drops its copy: a timer command to B's / S1's flow in C0
  logic c0_base;             // C0 holds a command and the RAM clear is over
  logic [4:0]   ld_on;
  logic [159:0] ld_dl;

  // 32-bit modular "a is at or after b"
  // (no local variable: Icarus 11 puts a function's locals into the implicit sensitivity
  // of every always_comb that calls it, so two blocks that call a function with a local
  // wake each other without end in zero time)
  function automatic logic at_or_after(input logic [31:0] a, input logic [31:0] b);
    at_or_after = ~|((a - b) & 32'h8000_0000);  // (sign bit; `< 2^31` cost 0.7 ns)
  endfunction
  // exactly one of four bits (a LUT, where $onehot became a carry chain)
  function automatic logic onehot4(input logic [3:0] x);
    onehot4 = x == 4'b0001 || x == 4'b0010 || x == 4'b0100 || x == 4'b1000;
  endfunction
  // the lowest set bit of four, one-hot
  function automatic logic [3:0] lowest4(input logic [3:0] x);
    lowest4 = {x[3] & ~|x[2:0], x[2] & ~|x[1:0], x[1] & ~x[0], x[0]};
  endfunction

  // ---- decisions of this cycle
  always_comb begin
    now         = s_evt_now_ns;
    cmd_flow    = c0_flow_reg[FW-1:0];
    cmd_is_set  = c0_op_reg == OP_ARM || c0_op_reg == OP_DISARM;
    cmd_is_txop = c0_op_reg == OP_TXOPP;
    cmd_ok      = cmd_is_set && c0_ok_reg;
    arm         = c0_op_reg == OP_ARM;
    en          = !out_valid_reg || m_out_ready;
    // B fires its lowest due timer when the output slot is free (first claim) and is
    // done with its flow when no timer is left after this cycle's fire
    tfire = !b_none_reg && en;
    tk_oh = tk_oh_reg;
    tk    = tk_oh[0] ? 2'd0 : tk_oh[1] ? 2'd1 : tk_oh[2] ? 2'd2 : 2'd3;
    b_dl_tk = ({32{tk_oh[0]}} & b_dl_reg[0 +: 32]) | ({32{tk_oh[1]}} & b_dl_reg[32 +: 32]) |
              ({32{tk_oh[2]}} & b_dl_reg[64 +: 32]) | ({32{tk_oh[3]}} & b_dl_reg[96 +: 32]);
    for (int k = 0; k < 4; k++) b_late[k*32 +: 32] = now - b_dl_reg[k*32 +: 32];
    b_late_tk = ({32{tk_oh[0]}} & b_late[0 +: 32]) | ({32{tk_oh[1]}} & b_late[32 +: 32]) |
                ({32{tk_oh[2]}} & b_late[64 +: 32]) | ({32{tk_oh[3]}} & b_late[96 +: 32]);
    b_wr  = tfire ? tk_oh : 4'd0;
    dpush = b_rem_reg[4];
    load  = (b_none_reg && scan_on_reg) || (b_one_reg && en);
    // C0: the only wait is a timer command of the kind B fires in this cycle (its clearing
    // write owns that RAM); it happens only in a cycle the output moves
    // (C0, C1, B and the grant stages are empty while the RAMs clear: no clearing terms)
    c0_base = c0_valid_reg;
    c0_go = c0_base && !(c0_tmr_reg && tk_oh[c0_kind_reg[1:0]] && en) &&
            !(cmd_is_txop && txp_full_reg);
    s_evt_ready = !clearing_reg && (!c0_valid_reg || c0_go);
    c_wr    = c0_go ? c0_koh_reg : 4'd0;
    c0_d    = c0_valid_reg && c0_k4_reg;  // a DRAIN command never waits
    txop_go = c0_go && cmd_is_txop;
    // grant: g3 decides with its (current) departure word when the output is free
    g3_ok   = g3_has_reg && g3_w_reg[32] && at_or_after(now, g3_w_reg[31:0]);
    g3_inc  = !at_or_after(now, g3_atc_reg);  // late <= CATCHUP_NS (exact: see g3_atc)
    // (not while a departure command leaves C0: it may be for g3's flow, and comes first;
    // gc_pre_reg = g3_v && !c1_valid && !(C0 holds a departure command), a cycle ahead)
    gcommit = gc_pre_reg && en && b_none_reg && !dpush;
    g2_adv  = g2_v_reg && !g3_v_reg;  // (into an empty g3: a grant at most every 2 cycles)
    g1_adv  = g1_v_reg && (!g2_v_reg || g2_adv);
    g0_adv  = g0_v_reg && (!g1_v_reg || g1_adv);
    gstart  = txp_nz_reg && !d_due_reg && !(g0_v_reg && g1_v_reg);
    pop     = gstart && count_reg != CW'(0) && !s_evt_pause;
    gd_we   = gcommit && g3_ok;       // GRANT: the departure is disarmed
    gq      = gcommit && g3_has_reg;  // the popped flow leaves the FIFO (queued bit 0)
    dfire   = d_due_reg && d_on_reg && en && !tfire && !gcommit && !c0_d;
    // C1: a departure due when it left C0 joins the FIFO at once, unless B pushes now (then
    // the scanner finds it); never twice (its queued bit, c1_q_reg)
    c1_push = c1_valid_reg && c1_due_reg && !c1_q_reg && !dpush;
    c1_w    = {c1_arm_reg, c1_arm_reg ? c1_at_reg : 32'd0};
    // flow compares
    ch_b   = ch_b_reg;
    ch_s1  = ch_s1_reg;
    ch_ra  = ch_ra_reg;
    ch_p1  = ch_p1_reg;
    c1h_s1 = c1h_s1_reg;
    c1h_ra = c1h_ra_reg;
    c1h_p1 = c1h_p1_reg;
    c1h_g2 = c1_valid_reg && c1h_g2_reg;
    c1h_g3 = c1_valid_reg && c1h_g3_reg;
    g3h_s1 = g3h_s1_reg;
    g3h_ra = g3h_ra_reg;
    g3h_p1 = g3h_p1_reg;
    g2_fix = g2_fix_reg;
    // this cycle's writes against S1 and the read-port word (B's own writes never hit them)
    th_s1 = c_wr & {4{ch_s1}};
    // (from registers: when such a command waits, B fires that entry anyway (mb), or the
    // entry B takes is dropped one cycle early (ms1): the command writes it next cycle)
    mb    = c0_base ? c0_koh_reg & {4{ch_b}} : 4'd0;
    ms1   = c0_base ? c0_koh_reg & {4{ch_s1}} : 4'd0;
    th_ra = c_wr & {4{ch_ra}};
    dh_s1 = c1_valid_reg ? c1h_s1 : (gq && g3h_s1);
    dh_ra = c1_valid_reg ? c1h_ra : (gq && g3h_ra);
    qh_s1 = c1_push ? c1h_s1 : (gq && g3h_s1);
    qh_ra = c1_push ? c1h_ra : (gq && g3h_ra);
  end

  // ---- RAM write ports (constant indices: no shifters on the RAM inputs)
  always_comb begin
    for (int k = 0; k < 4; k++) begin
      t_we[k] = clearing_reg || b_wr[k] || c_wr[k];
      t_waddr[k*FW +: FW] = clearing_reg ? clr_addr_reg : b_wr[k] ? b_flow_reg : cmd_flow;
      t_wdata[k*TWW +: TWW] = (clearing_reg || b_wr[k] || !arm) ? {TWW{1'b0}} :
                              {1'b1, c0_gen_reg, c0_at_reg};
    end
    // an answer writes the flow's departure word back, disarmed after a GRANT (a kind 7
    // writes the word it has, which is the RAM's: the decision is only a data bit)
    d_we    = clearing_reg || c1_valid_reg || gq;
    d_waddr = clearing_reg ? clr_addr_reg : c1_valid_reg ? c1_flow_reg : g3_flow_reg;
    d_wd    = c1_valid_reg ? c1_w : {g3_w_reg[32] && !g3_ok, g3_w_reg[31:0]};
    d_wdata = clearing_reg ? {DWW{1'b0}} : d_wd;
    q_we    = clearing_reg || dpush || c1_push || gq;
    q_waddr = clearing_reg ? clr_addr_reg : c1_push ? c1_flow_reg : gq ? g3_flow_reg : b_flow_reg;
    q_wd    = c1_push || dpush;
    q_wdata = !clearing_reg && q_wd;
    t_cwd   = arm ? {1'b1, c0_gen_reg, c0_at_reg} : {TWW{1'b0}};
    f_we    = dpush || c1_push;
    f_wdata = c1_push ? c1_flow_reg : b_flow_reg;
    scan_raddr = load ? ra_p1_reg : ra_reg;
  end

  // ---- next state
  always_comb begin
    clearing_next = clearing_reg;
    clr_addr_next = clr_addr_reg;
    if (clearing_reg) begin
      clr_addr_next = clr_addr_reg + FW'(1);
      if (clr_addr_reg == FW'(NUM_FLOWS - 1)) clearing_next = 1'b0;
    end
    // ---- the scanner: S1 takes the read-port word (with last cycle's write forwarded
    // and this cycle's applied), or keeps its word current; B takes S1
    ra_next      = ra_reg;
    ra_p1_next   = ra_p1_reg;
    ra_p2_next   = ra_p2_reg;
    s1_flow_next = s1_flow_reg;
    b_flow_next  = b_flow_reg;
    b_gen_next   = b_gen_reg;
    b_dl_next    = b_dl_reg;
    b_at_next    = b_at_reg;
    for (int k = 0; k < 4; k++)
      s1_t_next[k*TWW +: TWW] = !load ? (th_s1[k] ? t_cwd : s1_t_reg[k*TWW +: TWW]) :
                                th_ra[k] ? t_cwd :
                                fwh_reg[k] ? fw_t_reg[k*TWW +: TWW] : t_rdata[k*TWW +: TWW];
    s1_d_next = !load ? (dh_s1 ? d_wd : s1_d_reg) : dh_ra ? d_wd : fwh_reg[4] ? fw_d_reg : d_rdata;
    s1_q_next = !load ? (qh_s1 ? q_wd : s1_q_reg) : qh_ra ? q_wd : fwh_reg[5] ? fw_q_reg : q_rdata;
    // S1's entries due with this cycle's time: B takes them next cycle (never early, since
    // time only grows; an entry due just then is found on the next round). One compare per
    // source of the word, the RAM's selected last. The selects use C0's and g3's writes
    // from registers, as if they happened: when one waits instead, B drops that entry
    // anyway (ms1; a flow in g3 is queued), and the bit is made again next cycle.
    thp_ra = c0_base ? c0_koh_reg & {4{ch_ra}} : 4'd0;
    gqp    = gc_pre_reg && b_none_reg && !dpush && g3_has_reg;
    due_cmd = arm && at_or_after(now, c0_at_reg);
    for (int k = 0; k < 4; k++) begin
      due_s1[k] = s1_t_reg[k*TWW+40] && at_or_after(now, s1_t_reg[k*TWW +: 32]);
      due_fw[k] = fw_t_reg[k*TWW+40] && at_or_after(now, fw_t_reg[k*TWW +: 32]);
      due_rd[k] = t_rdata[k*TWW+40] && at_or_after(now, t_rdata[k*TWW +: 32]);
      due_o[k] = !load ? (ms1[k] ? due_cmd : due_s1[k]) : thp_ra[k] ? due_cmd : due_fw[k];
      sel_rd[k] = load && !thp_ra[k] && !fwh_reg[k];
    end
    // (a departure word written by g3 is never due: disarmed by a GRANT, or not due)
    due_s1[4] = s1_d_reg[32] && at_or_after(now, s1_d_reg[31:0]);
    due_fw[4] = fw_d_reg[32] && at_or_after(now, fw_d_reg[31:0]);
    due_rd[4] = d_rdata[32] && at_or_after(now, d_rdata[31:0]);
    due_c1    = c1_valid_reg && c1_arm_reg && at_or_after(now, c1_at_reg);  // (g3's word: never due)
    // (the queued bit apart: s1_q_reg)
    dhp_s1 = c1_valid_reg ? c1h_s1 : gqp && g3h_s1;
    dhp_ra = c1_valid_reg ? c1h_ra : gqp && g3h_ra;
    due_o[4] = !load ? (dhp_s1 ? due_c1 : due_s1[4]) : dhp_ra ? due_c1 : due_fw[4];
    sel_rd[4] = load && !dhp_ra && !fwh_reg[4];
    // (the RAM word's bit and the others' are registered apart: s1_due selects after)
    // B: a fire clears its bit, a command to B's flow replaces the entry (B drops its copy;
    // a due re-arm is found next round); a due departure leaves in the cycle after the
    // load. An entry this cycle's command writes is dropped from what B takes (ms1). The
    // flags of B's next cycle come from both cases, the load selects last.
    s1_due = (s1_sel_reg & s1_drd_reg) | (~s1_sel_reg & s1_dot_reg);
    ld_rem = s1_due[3:0] & ~ms1;
    hd_rem = b_rem_reg[3:0] & ~b_wr & ~mb;
    b_rem_next[3:0] = load ? ld_rem : hd_rem;
    b_none_next = load ? ld_rem == 4'd0 : hd_rem == 4'd0;
    b_one_next  = load ? onehot4(ld_rem) : onehot4(hd_rem);
    tk_oh_next  = load ? lowest4(ld_rem) : lowest4(hd_rem);
    b_rem_next[4]   = 1'b0;
    if (load) begin
      ra_next      = ra_p1_reg;
      ra_p1_next   = ra_p2_reg;
      ra_p2_next   = ra_p2_reg + FW'(1);
      s1_flow_next = ra_reg;
      b_flow_next  = s1_flow_reg;
      for (int k = 0; k < 4; k++) begin
        b_gen_next[k*8 +: 8]  = s1_t_reg[k*TWW+32 +: 8];
        b_dl_next[k*32 +: 32] = s1_t_reg[k*TWW +: 32];
      end
      // (a flow in g3 is queued: its departure is never due here)
      b_rem_next[4] = s1_due[4] && !s1_q_reg && !(c1_valid_reg && c1h_s1);
      b_at_next = s1_d_reg[31:0];
    end
    // lane minima: the pending deadlines of the words B takes, per round
    for (int k = 0; k < 4; k++) begin
      ld_on[k] = s1_t_reg[k*TWW+40];
      ld_dl[k*32 +: 32] = s1_t_reg[k*TWW +: 32];
    end
    ld_on[4] = s1_d_reg[32] && !s1_q_reg;
    ld_dl[4*32 +: 32] = s1_d_reg[31:0];
    // ---- forwarding: does this cycle's write hit the word on the read port next cycle
    // (ra, or ra + 1 after a load)? B's writes (flow ra - 2) never do.
    for (int k = 0; k < 4; k++) begin
      fwh_next[k] = c_wr[k] && (load ? ch_p1 : ch_ra);
      fw_t_next[k*TWW +: TWW] = t_cwd;
    end
    fwh_next[4] = c1_valid_reg ? (load ? c1h_p1 : c1h_ra) : (gq && (load ? g3h_p1 : g3h_ra));
    fwh_next[5] = c1_push ? (load ? c1h_p1 : c1h_ra) : (gq && (load ? g3h_p1 : g3h_ra));
    // the queued bit of C0's flow (the copy is read at C0's next flow): C1 takes it from
    // registers, with the writes since the read applied
    c0q_hit     = (c1_push && c1_flow_reg == cmd_flow) || (gq && g3_flow_reg == cmd_flow) ||
                  (dpush && ch_b_reg);
    c1_q_next   = c0q_hit ? q_wd : fwhq_reg ? fw_q_reg : qc_rdata;
    fwhq_next   = (s_evt_valid && s_evt_ready) ?
                      ((c1_push && c1_flow_reg == s_evt_flow[FW-1:0]) ||
                       (gq && g3_flow_reg == s_evt_flow[FW-1:0]) ||
                       (dpush && b_flow_reg == s_evt_flow[FW-1:0])) : c0q_hit;
    qc_raddr    = (s_evt_valid && s_evt_ready) ? s_evt_flow[FW-1:0] : cmd_flow;
    fw_d_next   = d_wd;
    fw_q_next   = q_wd;
    // ---- C0
    c0_valid_next = c0_valid_reg && !c0_go;
    c0_op_next    = c0_op_reg;
    c0_kind_next  = c0_kind_reg;
    c0_flow_next  = c0_flow_reg;
    c0_ok_next    = c0_ok_reg;
    c0_koh_next   = c0_koh_reg;
    c0_k4_next    = c0_k4_reg;
    c0_k5_next    = c0_k5_reg;
    c0_tmr_next   = c0_tmr_reg;
    c0_gen_next   = c0_gen_reg;
    c0_at_next    = c0_at_reg;
    if (s_evt_valid && s_evt_ready) begin
      c0_valid_next = 1'b1;
      c0_op_next    = s_evt_op;
      c0_kind_next  = s_evt_kind;
      c0_flow_next  = s_evt_flow;
      c0_ok_next    = s_evt_flow < 32'(NUM_FLOWS) && s_evt_kind <= 3'd5;
      for (int k = 0; k < 4; k++)
        c0_koh_next[k] = (s_evt_op == OP_ARM || s_evt_op == OP_DISARM) &&
                         s_evt_flow < 32'(NUM_FLOWS) && s_evt_kind == 3'(k);
      c0_tmr_next   = (s_evt_op == OP_ARM || s_evt_op == OP_DISARM) && s_evt_flow < 32'(NUM_FLOWS) &&
                      s_evt_kind <= 3'd3;
      c0_k4_next    = (s_evt_op == OP_ARM || s_evt_op == OP_DISARM) && s_evt_flow < 32'(NUM_FLOWS) &&
                      s_evt_kind == 3'd4;
      c0_k5_next    = (s_evt_op == OP_ARM || s_evt_op == OP_DISARM) && s_evt_flow < 32'(NUM_FLOWS) &&
                      s_evt_kind == 3'd5;
      c0_gen_next   = s_evt_gen;
      c0_at_next    = s_evt_at_ns;
    end
    // the compares of C0's flow with the scan flows of the next cycle (the new command's
    // flow or the same; the pointers advanced by a load or not): the selects come last
    nf   = s_evt_flow[FW-1:0];
    ldc0 = s_evt_valid && s_evt_ready;
    eq_nf = {nf == ra_p2_reg, nf == ra_p1_reg, nf == ra_reg, nf == s1_flow_reg, nf == b_flow_reg};
    eq_cf_p2 = cmd_flow == ra_p2_reg;
    eq_g2 = {g2_flow_reg == ra_p2_reg, g2_flow_reg == ra_p1_reg, g2_flow_reg == ra_reg,
             g2_flow_reg == s1_flow_reg};
    eq_g3_p2 = g3_flow_reg == ra_p2_reg;
    ch_b_next  = ldc0 ? (load ? eq_nf[1] : eq_nf[0]) : (load ? ch_s1_reg : ch_b_reg);
    ch_s1_next = ldc0 ? (load ? eq_nf[2] : eq_nf[1]) : (load ? ch_ra_reg : ch_s1_reg);
    ch_ra_next = ldc0 ? (load ? eq_nf[3] : eq_nf[2]) : (load ? ch_p1_reg : ch_ra_reg);
    ch_p1_next = ldc0 ? (load ? eq_nf[4] : eq_nf[3]) : (load ? eq_cf_p2 : ch_p1_reg);
    // ---- C1
    c1_valid_next = c0_go && c0_k5_reg;
    c1_arm_next   = c1_arm_reg;
    c1_flow_next  = c1_flow_reg;
    c1_at_next    = c1_at_reg;
    c1_due_next   = c1_due_reg;
    c1_atc_next   = c1_atc_reg;
    if (c0_go && c0_k5_reg) begin
      c1_due_next  = arm && at_or_after(now, c0_at_reg);
      c1_atc_next  = c0_at_reg + catchup_reg + 32'd1;
      c1_arm_next  = arm;
      c1_flow_next = cmd_flow;
      c1_at_next   = c0_at_reg;
    end
    // ---- due FIFO and pending TXOPPs
    // (every sum from registers; the push and pop decisions only select)
    wp_next       = f_we ? wp_p1_reg : wp_reg;
    wp_p1_next    = f_we ? wp_p1_reg + FW'(1) : wp_p1_reg;
    rp_next       = pop ? rp_p1_reg : rp_reg;
    rp_p1_next    = pop ? rp_p1_reg + FW'(1) : rp_p1_reg;
    count_next    = (f_we && !pop) ? count_p1_reg : (pop && !f_we) ? count_m1_reg : count_reg;
    count_p1_next = (f_we && !pop) ? count_p1_reg + CW'(1) : (pop && !f_we) ? count_reg : count_p1_reg;
    count_m1_next = (f_we && !pop) ? count_reg : (pop && !f_we) ? count_m1_reg - CW'(1) : count_m1_reg;
    txp_next   = txp_reg + PW'(txop_go) - PW'(gstart);
    // ---- grant pipeline
    g0_v_next    = gstart || (g0_v_reg && !g0_adv);
    g0_has_next  = gstart ? (count_reg != CW'(0) && !s_evt_pause) : g0_has_reg;
    g1_v_next    = g0_adv || (g1_v_reg && !g1_adv);
    g1_has_next  = g0_adv ? g0_has_reg : g1_has_reg;
    g1_flow_next = g0_adv ? f_rdata : g1_flow_reg;
    g2_v_next    = g1_adv || (g2_v_reg && !g2_adv);
    g2_has_next  = g1_adv ? g1_has_reg : g2_has_reg;
    g2_flow_next = g1_adv ? g1_flow_reg : g2_flow_reg;
    // (g2's word: the RAM's, overridden by later C1 writes, the first from the cycle before)
    g2_ov_v_next = !g1_adv && (g2_ov_v_reg || g2_fix || c1h_g2);
    g2_ov_next   = c1h_g2 ? c1_w : g2_fix ? c1p_w_reg : g2_ov_reg;
    g3_v_next    = g2_adv || (g3_v_reg && !gcommit);
    gc_pre_next  = g3_v_next && !c1_valid_next && !(c0_valid_next && c0_k5_next);
    g3_has_next  = g2_adv ? g2_has_reg : g3_has_reg;
    g3_flow_next = g2_adv ? g2_flow_reg : g3_flow_reg;
    // (the RAM word is the last select)
    g3_from_ram  = g2_adv && !c1h_g2 && !g2_fix && !g2_ov_v_reg;
    g3_w_other   = !g2_adv ? (c1h_g3 ? c1_w : g3_w_reg) : c1h_g2 ? c1_w : g2_fix ? c1p_w_reg : g2_ov_reg;
    g3_w_next    = g3_from_ram ? dg_rdata : g3_w_other;
    // late <= CATCHUP_NS as the sign of now - (at + CATCHUP_NS + 1): exact, because a
    // granted flow has 0 <= now - at < 2^31 and CATCHUP_NS <= 2^20. The sum is made with
    // the CATCHUP_NS of the cycle the word is read (g2 -> g3) or written (C0 -> C1).
    // (one adder per source of the word, then the select)
    // (the word's sum is made where the word is: with the CATCHUP_NS of that cycle)
    g3_atc_next  = g3_from_ram ? dg_rdata[31:0] + catchup_reg + 32'd1 :
                   !g2_adv ? (c1h_g3 ? c1_atc_reg : g3_atc_reg) :
                   c1h_g2 ? c1_atc_reg : g2_fix ? c1p_atc_reg : g2_ov_atc_reg;
    g2_ov_atc_next = c1h_g2 ? c1_atc_reg : g2_fix ? c1p_atc_reg : g2_ov_atc_reg;
    // ---- DRAIN slot: a command replaces it (and has the slot first)
    d_on_next   = c0_d ? arm : (d_on_reg && !dfire);
    d_flow_next = c0_d ? c0_flow_reg : d_flow_reg;
    d_at_next   = c0_d ? c0_at_reg : d_at_reg;
    d_due_next  = c0_d ? (arm && at_or_after(now, c0_at_reg)) :
                  (d_on_reg && !dfire && at_or_after(now, d_at_reg));
    // ---- the result: B's fire, else the grant, else the DRAIN
    out_valid_next = en ? (tfire || gcommit || dfire) : out_valid_reg;
    out_kind_next  = out_kind_reg;
    out_flow_next  = out_flow_reg;
    out_gen_next   = out_gen_reg;
    out_at_next    = out_at_reg;
    out_tx_next    = out_tx_reg;
    out_late_next  = out_late_reg;
    out_z_next     = out_z_reg;
    if (tfire || gcommit || dfire) begin
      out_z_next  = !tfire && gcommit && !g3_ok;
      out_tx_next = (!tfire && gcommit && g3_ok && g3_inc) ? g3_w_reg[31:0] : now;
      if (tfire) begin
        out_kind_next = {1'b0, tk};
        out_flow_next = 32'(b_flow_reg);
        out_gen_next  = b_gen_reg[tk*8 +: 8];
        out_at_next   = b_dl_tk;
        out_late_next = b_late_tk;
      end else if (gcommit) begin
        out_kind_next = !g3_has_reg ? 3'd6 : g3_ok ? 3'd5 : 3'd7;
        out_flow_next = g3_has_reg ? 32'(g3_flow_reg) : 32'd0;
        out_gen_next  = 8'd0;
        out_at_next   = g3_w_reg[31:0];  // zeroed at the output unless a GRANT (out_z)
        out_late_next = now - g3_w_reg[31:0];
      end else begin
        out_kind_next = 3'd4;
        out_flow_next = d_flow_reg;
        out_gen_next  = 8'd0;
        out_at_next   = d_at_reg;
        out_late_next = now - d_at_reg;
      end
    end
    // ---- lateness and counters
    la_next = tfire ? b_late_tk : dfire ? now - d_at_reg : 32'd0;
    lb_next = dpush ? now - b_at_reg : 32'd0;
    lm_next = la_reg > lb_reg ? la_reg : lb_reg;
    late_max_next = lm_reg > late_max_reg ? lm_reg : late_max_reg;
    hwm_next      = count_reg > hwm_reg ? count_reg : hwm_reg;
    fired_next    = fired_reg + 32'(fired_inc_reg);
    grants_next   = grants_reg + 32'(grants_inc_reg);
    dropped_next  = dropped_reg;
    if (c0_go && cmd_is_set && !c0_ok_reg && dropped_reg != 32'hffff_ffff)
      dropped_next = dropped_reg + 32'd1;
    // ---- next_due: an ARM (not DRAIN) leaving C0, and a departure a STALE answer leaves
    // armed (it was re-timed later while it waited in the due FIFO; the scan rounds that saw
    // it queued left it out of the lanes, so it enters next_due as an ARM does)
    arm_v   = c0_go && cmd_ok && arm && c0_kind_reg != 3'd4;
    stale_v = gq && !g3_ok && g3_w_reg[32];
    // ---- CSR bus
    // (a CATCHUP_NS write in cycle t is registered at the end of t, with its clamp compare,
    // and lands at the end of t+1: the g3 / C1 sums of t+1 still use the old value; a read
    // in t+1 returns the new one, as before)
    catchup_next = cwq_v_reg ? (cwq_hi_reg ? CATCHUP_MAX : cwq_data_reg) : catchup_reg;
    csr_rdata_next = csr_rdata_reg;
    if (csr_re) begin
      case (csr_addr)
        8'h00:   csr_rdata_next = ID;
        8'h04:   csr_rdata_next = VERSION;
        8'h08:   csr_rdata_next = catchup_next;  // (a write in the same cycle shows next cycle)
        8'h0c:   csr_rdata_next = fired_reg;
        8'h10:   csr_rdata_next = grants_reg;
        8'h14:   csr_rdata_next = late_max_reg;
        8'h18:   csr_rdata_next = 32'(hwm_reg);
        8'h1c:   csr_rdata_next = dropped_reg;
        default: csr_rdata_next = 32'd0;
      endcase
    end
  end

  always_ff @(posedge clk) begin
    stale_v_reg  <= stale_v && !rst;
    stale_at_reg <= g3_w_reg[31:0];
    clearing_reg <= clearing_next;
    clr_addr_reg <= clr_addr_next;
    ra_reg       <= ra_next;
    ra_p1_reg    <= ra_p1_next;
    ra_p2_reg    <= ra_p2_next;
    ch_b_reg     <= ch_b_next;
    ch_s1_reg    <= ch_s1_next;
    ch_ra_reg    <= ch_ra_next;
    ch_p1_reg    <= ch_p1_next;
    s1_flow_reg  <= s1_flow_next;
    s1_t_reg     <= s1_t_next;
    s1_d_reg     <= s1_d_next;
    s1_q_reg     <= s1_q_next;
    s1_drd_reg   <= due_rd;
    s1_dot_reg   <= due_o;
    s1_sel_reg   <= sel_rd;
    b_flow_reg   <= b_flow_next;
    b_rem_reg    <= b_rem_next;
    b_none_reg   <= b_none_next;
    scan_on_reg  <= !clearing_next;
    b_one_reg    <= b_one_next;
    tk_oh_reg    <= tk_oh_next;
    b_gen_reg    <= b_gen_next;
    b_dl_reg     <= b_dl_next;
    b_at_reg     <= b_at_next;
    d_on_reg     <= d_on_next;
    d_flow_reg   <= d_flow_next;
    d_at_reg     <= d_at_next;
    d_due_reg    <= d_due_next;
    c0_valid_reg <= c0_valid_next;
    c0_op_reg    <= c0_op_next;
    c0_kind_reg  <= c0_kind_next;
    c0_flow_reg  <= c0_flow_next;
    c0_ok_reg    <= c0_ok_next;
    c0_koh_reg   <= c0_koh_next;
    c0_k4_reg    <= c0_k4_next;
    c0_k5_reg    <= c0_k5_next;
    c0_tmr_reg   <= c0_tmr_next;
    c0_gen_reg   <= c0_gen_next;
    c0_at_reg    <= c0_at_next;
    c1_valid_reg <= c1_valid_next;
    // C0's flow (C1's next cycle) against the grant stages' flows of the next cycle
    c1h_g2_reg   <= g1_adv ? cmd_flow == g1_flow_reg : cmd_flow == g2_flow_reg;
    c1h_g3_reg   <= g2_adv ? cmd_flow == g2_flow_reg : cmd_flow == g3_flow_reg;
    c1p_w_reg    <= c1_w;
    c1p_atc_reg  <= c1_atc_reg;
    g2_fix_reg   <= g1_adv && c1_valid_reg && c1_flow_reg == g1_flow_reg;
    // C0's flow (C1's next cycle) and g3's flow of the next cycle against the scan flows
    // of the next cycle (advanced by a load or not)
    c1h_s1_reg   <= load ? ch_ra_reg : ch_s1_reg;
    c1h_ra_reg   <= load ? ch_p1_reg : ch_ra_reg;
    c1h_p1_reg   <= load ? eq_cf_p2 : ch_p1_reg;
    g3h_s1_reg   <= g2_adv ? (load ? eq_g2[1] : eq_g2[0]) : (load ? g3h_ra_reg : g3h_s1_reg);
    g3h_ra_reg   <= g2_adv ? (load ? eq_g2[2] : eq_g2[1]) : (load ? g3h_p1_reg : g3h_ra_reg);
    g3h_p1_reg   <= g2_adv ? (load ? eq_g2[3] : eq_g2[2]) : (load ? eq_g3_p2 : g3h_p1_reg);
    c1_arm_reg   <= c1_arm_next;
    c1_flow_reg  <= c1_flow_next;
    c1_at_reg    <= c1_at_next;
    c1_due_reg   <= c1_due_next;
    c1_atc_reg   <= c1_atc_next;
    g2_ov_atc_reg <= g2_ov_atc_next;
    wp_reg       <= wp_next;
    wp_p1_reg    <= wp_p1_next;
    rp_reg       <= rp_next;
    rp_p1_reg    <= rp_p1_next;
    count_reg    <= count_next;
    count_p1_reg <= count_p1_next;
    count_m1_reg <= count_m1_next;
    txp_reg      <= txp_next;
    // txp_next != 0, with gstart in the last gate; full: from the register (it grows by
    // at most one a cycle, so 0xFFFD a cycle ago never lets it pass 0xFFFF)
    txp_nz_reg   <= txop_go || txp_reg[PW-1:1] != '0 || (txp_nz_reg && !gstart);
    txp_full_reg <= txp_reg >= PW'(16'hFFFD);
    g0_v_reg     <= g0_v_next;
    g0_has_reg   <= g0_has_next;
    g1_v_reg     <= g1_v_next;
    g1_has_reg   <= g1_has_next;
    g1_flow_reg  <= g1_flow_next;
    g2_v_reg     <= g2_v_next;
    g2_has_reg   <= g2_has_next;
    g2_flow_reg  <= g2_flow_next;
    g2_ov_v_reg  <= g2_ov_v_next;
    g2_ov_reg    <= g2_ov_next;
    g3_v_reg     <= g3_v_next;
    gc_pre_reg   <= gc_pre_next;
    g3_has_reg   <= g3_has_next;
    g3_flow_reg  <= g3_flow_next;
    g3_w_reg     <= g3_w_next;
    g3_atc_reg   <= g3_atc_next;
    la_reg       <= la_next;
    lb_reg       <= lb_next;
    lm_reg       <= lm_next;
    fw_t_reg     <= fw_t_next;
    fw_d_reg     <= fw_d_next;
    fw_q_reg     <= fw_q_next;
    fwh_reg      <= fwh_next;
    fwhq_reg     <= fwhq_next;
    if (c0_go && c0_k5_reg) c1_q_reg <= c1_q_next;
    out_valid_reg <= out_valid_next;
    out_kind_reg  <= out_kind_next;
    out_flow_reg  <= out_flow_next;
    out_gen_reg   <= out_gen_next;
    out_at_reg    <= out_at_next;
    out_tx_reg    <= out_tx_next;
    out_late_reg  <= out_late_next;
    out_z_reg     <= out_z_next;
    catchup_reg   <= catchup_next;
    cwq_v_reg     <= csr_we && csr_addr == 8'h08 && !rst;
    cwq_hi_reg    <= csr_wdata > CATCHUP_MAX;
    cwq_data_reg  <= csr_wdata;
    fired_reg     <= fired_next;
    grants_reg    <= grants_next;
    fired_inc_reg <= tfire || dfire;
    grants_inc_reg <= gd_we;
    if (c0_go || stale_v_reg) settle_reg <= 3'(ND_LAT);
    else if (settle_reg != 3'd0) settle_reg <= settle_reg - 3'd1;
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
      s1_flow_reg   <= FW'(NUM_FLOWS - 1);
      for (int k = 0; k < 4; k++) s1_t_reg[k*TWW+40] <= 1'b0;
      s1_d_reg[32]  <= 1'b0;
      s1_q_reg      <= 1'b0;
      s1_dot_reg    <= '0;
      s1_sel_reg    <= '0;
      b_flow_reg    <= FW'(NUM_FLOWS - 2);
      b_rem_reg     <= '0;
      b_none_reg    <= 1'b1;
      scan_on_reg   <= 1'b0;
      b_one_reg     <= 1'b0;
      tk_oh_reg     <= '0;
      fwh_reg       <= '0;
      fwhq_reg      <= 1'b0;
      d_on_reg      <= 1'b0;
      d_due_reg     <= 1'b0;
      c0_valid_reg  <= 1'b0;
      settle_reg    <= 3'd0;
      c1_valid_reg  <= 1'b0;
      wp_reg        <= '0;
      wp_p1_reg     <= FW'(1);
      rp_reg        <= '0;
      rp_p1_reg     <= FW'(1);
      count_reg     <= '0;
      count_p1_reg  <= CW'(1);
      count_m1_reg  <= {CW{1'b1}};
      txp_reg       <= '0;
      txp_nz_reg    <= 1'b0;
      txp_full_reg  <= 1'b0;
      g0_v_reg      <= 1'b0;
      g1_v_reg      <= 1'b0;
      g2_v_reg      <= 1'b0;
      g3_v_reg      <= 1'b0;
      gc_pre_reg    <= 1'b0;
      g2_fix_reg    <= 1'b0;
      la_reg        <= '0;
      lb_reg        <= '0;
      lm_reg        <= '0;
      out_valid_reg <= 1'b0;
      catchup_reg   <= CATCHUP_RST;
      fired_reg     <= '0;
      grants_reg    <= '0;
      fired_inc_reg <= 1'b0;
      grants_inc_reg <= 1'b0;
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
        .re(1'b1), .raddr(scan_raddr), .rdata(t_rdata[k*TWW +: TWW]));
  end
  // the departure words: one copy for the scanner, one for the grant stage
  dcqcn_ram_sdp #(.WIDTH(DWW), .DEPTH(NUM_FLOWS)) u_dep_scan (
      .clk(clk), .we(d_we), .waddr(d_waddr), .wdata(d_wdata),
      .re(1'b1), .raddr(scan_raddr), .rdata(d_rdata));
  dcqcn_ram_sdp #(.WIDTH(DWW), .DEPTH(NUM_FLOWS)) u_dep_grant (
      .clk(clk), .we(d_we), .waddr(d_waddr), .wdata(d_wdata),
      .re(g1_adv), .raddr(g1_flow_reg), .rdata(dg_rdata));
  // queued bits: the flow is in the due FIFO (or popped and not yet answered)
  dcqcn_ram_sdp #(.WIDTH(1), .DEPTH(NUM_FLOWS)) u_queued (
      .clk(clk), .we(q_we), .waddr(q_waddr), .wdata(q_wdata),
      .re(1'b1), .raddr(scan_raddr), .rdata(q_rdata));
  // ... a copy read at C0's flow (of the next cycle), for C1
  dcqcn_ram_sdp #(.WIDTH(1), .DEPTH(NUM_FLOWS)) u_queued_cmd (
      .clk(clk), .we(q_we), .waddr(q_waddr), .wdata(q_wdata),
      .re(1'b1), .raddr(qc_raddr), .rdata(qc_rdata));
  // the due FIFO (a flow is in it at most once: NUM_FLOWS words never overflow)
  dcqcn_ram_sdp #(.WIDTH(FW), .DEPTH(NUM_FLOWS)) u_fifo (
      .clk(clk), .we(f_we), .waddr(wp_reg), .wdata(f_wdata),
      .re(gstart), .raddr(rp_reg), .rdata(f_rdata));

  // next_due
  dcqcn_nic_sched_due u_due (
      .clk(clk), .rst(rst), .load(load), .round_end(s1_flow_reg == FW'(NUM_FLOWS - 1)),
      .ld_on(ld_on), .ld_dl(ld_dl), .arm_v(arm_v), .arm_at(c0_at_reg),
      .stale_v(stale_v_reg), .stale_at(stale_at_reg), .d_on(d_on_reg),
      .d_at(d_at_reg), .next_due_valid(next_due_valid), .next_due_ns(next_due_ns));

  // =====================================================================================
  // Outputs
  // =====================================================================================
  assign m_out_valid    = out_valid_reg;
  assign m_out_kind     = out_kind_reg;
  assign m_out_flow     = out_flow_reg;
  assign m_out_gen      = out_gen_reg;
  assign m_out_at_ns    = out_z_reg ? 32'd0 : out_at_reg;
  assign m_out_tx_ns    = out_tx_reg;
  assign m_out_late_ns  = out_z_reg ? 32'd0 : out_late_reg;
  assign txq_nonempty   = count_reg != CW'(0);
  assign settling       = c0_valid_reg || settle_reg != 3'd0;
  assign csr_rdata      = csr_rdata_reg;

endmodule

`resetall
