// SPDX-License-Identifier: MIT
// The NIC's timing wheel (docs/nic.md, "The wheel engine"; issue 24): the engine of the
// scheduler dcqcn_nic_sched (it replaced a scan). Every (kind, flow) is one entry (timers: kinds 0..3;
// the departure: kind 5); an armed entry is exactly one node linked in one list of one
// slot (G = 2^SLOT_BITS ns) of its type's wheel (timers, departures). A drain per type
// stands at one slot, holds that slot's list heads and tails in registers, and gives its
// head to the output (timers: when m_tmr_ready; departures: when m_dep_ready, a transmit
// opportunity). Lateness does not depend on NUM_FLOWS: an entry is at the output within
// G / Tclk + 5 cycles of its deadline plus the entries before it (K <= 16 cycles at G = 32
// ns, one more than before the search's split, after a cancelled load: docs/nic.md,
// "Resolution and lateness"; tb/ref/nic_wheel_check.h).
//
// A deadline whose slot time has come is filed into the slot of now (behind every entry
// already eligible); an eligible entry re-armed to such a deadline keeps its place. A slot
// bitmap marks the slots with lists filed: the drain skips unmarked slots (one advance to
// the first marked slot up to now), and tmr_next_ns / dep_next_ns tell a simulation the
// first slot with work. A slot's head and tail words count only if their side was written
// by a link since the index's last load (its bitmap bit and a side bit, sa, in a memory):
// slot numbers recur every 2^32 ns, and the words a load leaves in RAM must not be taken
// for the later slot's (docs/nic.md, "The wheel engine", "Structure").
//
// One command per cycle (ARM, DISARM) on s_*, in O(1): each entry has three nodes, used
// in turn (sides 0, 1, 2), so a re-arm links the next side and unlinks the current one in
// the same cycle with at most one write to every RAM (the third side is cleaned for the
// next re-arm). A deadline beyond the wheel (S - 2 slots ahead) is parked in the last slot
// and moved when the drain reaches it: the move takes the command slot for one cycle
// (s_ready low). Nothing is lost or doubled: tb/ref/nic_wheel_ref.cpp is the cycle model
// (bit- and cycle-exact), NicWheelCheck the contract.
//
// Pipeline: input (the command registered; every RAM word it needs read), C0 (decode:
// the words forwarded and selected by the record's side, the compares that need no drain
// register, and those against the drain slot C1 will see, d or the slot being loaded,
// registered), C1 (the command decided against the drains; every write issued; C0 reads
// what C1 writes through forwarding, its selects for the writes of the input's cycle
// decided at the input). The drains take no head whose entry C0 or C1 holds. The drains
// read one cycle ahead (the next cycle's heads) and forward the
// writes of the edge in between and of the cycle itself. The first marked slot after the
// search's base (d, or the slot an advance's phase 2 loads) is searched from registers
// over two stages (A: the first marked word and its bits, registered; B: the first bit,
// registered into fq_*): the advance's phase 1 uses it when its base is d (fq_ok), and
// stops at the slots marked at the last two edges (mk, mk2: after the bitmap it read) and
// at the targets of the commands not yet filed (C1, C0, the input). tmr_next_ns /
// dep_next_ns: d while the drained slot has work, else the search's slot (or a slot marked
// at the last edge that comes first), but d + 1 in a cycle whose search ran from another
// base (sa_ok low), so that next_due is never later than the first slot with work.
//
// Timing (scripts/synth.sh --timing 1024 4096 nic_wheel, docs/nic.md "Timing"): 7.43 / 7.07
// ns at 1024 / 4096 flows, not met (3.10 ns), with the jump test and s_ready registered
// (2026-11-29; 7.35 / 8.39 before, `d > in_re > nxq_n` at 4096); 7.05 / 7.12 before the
// slot-word alias's fix (2026-11-28), whose side bits are read at the slot an advance loads
// (Yosys maps them to block RAM with nxq's register as their address register: phase 1's
// choice into it).
//
// Outputs come from registers and RAM words (Moore), except s_ready, which also drops in a
// cycle in which now_ns stepped anything but 0 or 1 slot ahead (a simulation that slept;
// also a step that reads as backwards, after a clock stopped for 2^31 ns or more). A
// head's valid may drop without ready (a command can re-arm or disarm the head): this is
// an engine inside the scheduler, not an AXI-Stream port.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_nic_wheel #(
    parameter int NUM_FLOWS  = 1024,  // flows (power of two, >= 4)
    parameter int SLOT_BITS  = 5,     // G = 2^SLOT_BITS ns (1..10)
    parameter int SLOTS_LOG2 = 12     // 2^SLOTS_LOG2 slots per wheel (4..16)
) (
    input  logic        clk,
    input  logic        rst,
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [31:0] now_ns,        // every cycle (its slot, now_ns >> SLOT_BITS, registered)
    /* verilator lint_on UNUSEDSIGNAL */
    // commands
    input  logic        s_valid,
    output logic        s_ready,
    input  logic [1:0]  s_op,          // 1 ARM, 2 DISARM (0, 3: dropped)
    input  logic [2:0]  s_kind,        // 0..3 timers, 5 departure (others: dropped)
    input  logic [31:0] s_flow,        // >= NUM_FLOWS: dropped
    input  logic [7:0]  s_gen,
    input  logic [31:0] s_at_ns,
    // the timer at the head of the eligible timers
    output logic        m_tmr_valid,
    input  logic        m_tmr_ready,
    output logic [2:0]  m_tmr_kind,
    output logic [31:0] m_tmr_flow,
    output logic [7:0]  m_tmr_gen,
    output logic [31:0] m_tmr_at_ns,
    // the departure at the head of the eligible departures
    output logic        m_dep_valid,
    input  logic        m_dep_ready,
    output logic [31:0] m_dep_flow,
    output logic [31:0] m_dep_at_ns,
    // status
    output logic        tmr_moving,    // the timer drain's head is parked: moved this cycle
    output logic        dep_moving,
    output logic        busy,          // a command or a move in flight
    output logic        tmr_behind,    // the timer drain stands more than one slot behind now
    output logic        dep_behind,
    output logic [31:0] tmr_count,     // linked timer entries
    output logic [31:0] dep_count,     // linked departures
    output logic [31:0] tmr_drain_ns,  // the timer drain's slot d x G (ns, wrapping)
    output logic [31:0] dep_drain_ns,  // the departure drain's slot d x G
    // the first slot with work (registered): d while its lists hold entries, else the first
    // slot after d with lists filed (the slot bitmap); its time x G
    output logic        tmr_next_valid,
    output logic [31:0] tmr_next_ns,
    output logic        dep_next_valid,
    output logic [31:0] dep_next_ns,
    output logic [15:0] dropped        // bad commands (saturating)
);

  // =====================================================================================
  // Parameter checks and constants
  // =====================================================================================
  if (NUM_FLOWS < 4 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0) begin : g_bad_num_flows
    initial $fatal(1, "%m: NUM_FLOWS (%0d) must be a power of two >= 4", NUM_FLOWS);
  end
  if (SLOT_BITS < 1 || SLOT_BITS > 10) begin : g_bad_slot_bits
    initial $fatal(1, "%m: SLOT_BITS (%0d) must be 1..10", SLOT_BITS);
  end
  if (SLOTS_LOG2 < 4 || SLOTS_LOG2 > 16) begin : g_bad_slots
    initial $fatal(1, "%m: SLOTS_LOG2 (%0d) must be 4..16", SLOTS_LOG2);
  end

  localparam int N   = NUM_FLOWS;
  localparam int FW  = $clog2(N);
  localparam int E   = 5 * N;               // entries: kk x N + flow, kk 0..3 timers, 4 DEP
  localparam int IW  = $clog2(E);           // entry id
  localparam int PW  = IW + 1;              // pointer {valid, id}
  localparam int SW  = 32 - SLOT_BITS;      // absolute slot
  localparam int SL  = SLOTS_LOG2;
  localparam int S   = 1 << SL;
  localparam int TGW = SW - SL;             // slot word tag: the slot's upper bits
  localparam int WW  = 1 + TGW + IW;        // slot word {valid, tag, id}
  localparam int RW  = 1 + 2 + 1 + SW + 8 + 32;  // record {lc, side, far, slot, gen, at}
  localparam int DW  = 1 + 1 + 8 + 32;      // drain's record copy {lc, far, gen, at}
  localparam int CLR = (E > S) ? E : S;     // RAM clear after reset: cycles
  localparam int CW  = $clog2(CLR + 1);
  localparam int TW  = FW + 2;              // timer id (< 4N)
  localparam logic [1:0] OP_ARM = 2'd1, OP_DISARM = 2'd2, OP_MOVE = 2'd3;  // C0 ops
  localparam logic [SW-1:0] S_M2 = SW'(S - 2);

  typedef logic [PW-1:0] ptr_t;
  localparam ptr_t NIL = '0;

  // (functions assign their name: Yosys 0.23 has no `return`; no locals: Icarus puts a
  // function's locals into the sensitivity of every always_comb that calls it)
  function automatic ptr_t P(input logic [IW-1:0] id);
    P = {1'b1, id};
  endfunction
  // a slot's word index (its low bits) and tag (its high bits): each reads half its input
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [SL-1:0] IDX(input logic [SW-1:0] s);
    IDX = s[SL-1:0];
  endfunction
  function automatic logic [TGW-1:0] TAG(input logic [SW-1:0] s);
    TAG = s[SW-1:SL];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  function automatic logic [1:0] NEXT_SIDE(input logic [1:0] z);
    NEXT_SIDE = (z == 2'd2) ? 2'd0 : z + 2'd1;
  endfunction
  // signed slot difference a - b <= 0
  function automatic logic LE0(input logic [SW-1:0] a, input logic [SW-1:0] b);
    LE0 = $signed(SW'(a - b)) <= $signed(SW'(0));
  endfunction

  // =====================================================================================
  // Registers
  // =====================================================================================
  logic          clearing;
  logic [CW-1:0] clr;
  logic [SW-1:0] now_slot;     // the slot of the last cycle's now (floor)
  logic [SW-1:0] now_slot1;    // ... plus one (registered from now_ns: stepped without an adder)
  // C0 (decode) and C1 (decision and writes): the command as taken at the input
  logic          c0_v,   c1_v;
  logic [1:0]    c0_op,  c1_op;
  logic [IW-1:0] c0_id,  c1_id;
  logic          c0_t,   c1_t;
  logic [SW-1:0] c0_ts,  c1_ts;
  // ... their copies for phase 1's limit (g_lim), equal to them while C0 / C1 holds a command:
  // written in every cycle, also in the reset and the clear, so that Yosys does not merge them
  // with c0_ts and c1_ts, whose index bits (c0_ti, c1_tsi) address the bitmap and the side
  // bits (fanout 2,000-2,700: 7.86 / 7.34 ns at 4096 / 1024 flows, `c0_ti > kk[4] > nxq_n`,
  // `c1_bw > kk[3] > nxq_n`)
  logic [SW-1:0] k_c0ts, k_c1ts;
  logic          c0_far, c1_far;
  logic          c0_rch, c1_rch;  // the deadline's slot was reached (registered now) at the input
  logic [7:0]    c0_gen, c1_gen;
  logic [31:0]   c0_at,  c1_at;
  // what C0 decoded for C1: the record, linked, the unlinked side's neighbours, the tail
  // word of the linked side at the target's index, the record's slot reached (against the
  // now C1 sees)
  logic [RW-1:0] q_rec;
  logic          q_L;
  logic [IW:0]   q_up, q_un;
  logic [IW-1:0] q_lw;         // (its id: whether it is valid for the target is q_lhit)
  logic          q_rch;
  // C0's compares against the drain slot C1 will see: d, or the slot an advance's phase 2
  // loads in C0's cycle (nxq; a jump waits for C0 and C1 to be empty), chosen in C1 with ld_q
  logic          q_drn_a, q_drn_b;   // the target at or behind d / nxq
  logic          q_udr_a, q_udr_b;   // the record's slot is d / nxq
  logic          q_lhit;             // the tail word read is valid for the target slot
  logic          q_bm1;              // the bitmap bit at the target's index in C1's cycle
  logic          ld_q   [2];         // the drain loaded a slot at the last edge
  logic [2:0]    q_sxh, q_syh, q_szh;  // the sides x, y, z (cleaned for the next re-arm), one-hot
  // drains: [type]
  logic [SW-1:0] d      [2];
  ptr_t          dh     [2][3];
  ptr_t          dt     [2][3];
  logic          adv    [2];
  logic [SW-1:0] nxq    [2];   // the slot the advance loads (chosen in its phase 1)
  logic          ld_bm  [2];   // ... its slot bitmap bit (known in phase 1: below, g_lim)
  logic          ld_bm_n [2];
  // the slot bitmap: a bit per slot index, set when a node is filed into that slot's lists
  // (not the drained slot's), cleared when the drain loads the slot; stale bits (lists
  // emptied before the drain came) are visited as empty slots. Kept as NW words of WB bits
  // (slot index = word x WB + bit): every read and write selects a word, then a bit, so no
  // select spans the whole bitmap (a 4096-bit vector with variable part-selects is a
  // 4096:1 mux per bit to synthesis: Yosys did not finish it)
  localparam int WB = (S >= 64) ? 64 : S;    // bitmap word
  localparam int NW = S / WB;
  localparam int LB = $clog2(WB);
  localparam int LW = (NW > 1) ? $clog2(NW) : 1;
  logic [WB-1:0] bm     [2][NW];
  // A slot word read from RAM counts only if its side was written by a link since the
  // drain last loaded its index: its index's bitmap bit set (bm: set by a link into a slot
  // not drained, cleared one edge after the load, and at a jump, when nothing is linked)
  // and its side's bit set (sa, per type and side an S x 1 memory, one write port: the first link
  // into an index whose bitmap bit is clear writes 1 for its side and 0 for the two others,
  // a later one 1 for its side). A load takes a slot's lists into the drain's registers and
  // leaves the words in RAM, valid, with their slot's number as tag; the slot number recurs
  // every 2^32 ns (time is 32-bit ns), and without these bits a load or a link at that
  // later slot took them for its own: the entry they named left a second time, or early if
  // re-armed since (found by the proof attempt, tb/formal/README.md). (A bit per side in
  // registers did the same for 80,000 LUTs more at 4096 slots: two write decoders per bit.)
  logic          sa_c0 [2][3], sa_ld [2][3];   // sa at C0's tail index, at the loaded slot's
  // a slot index's bitmap word and bit
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [LW-1:0] BW(input logic [SL-1:0] i);
    BW = (NW > 1) ? LW'(i >> LB) : '0;
  endfunction
  function automatic logic [LB-1:0] BB(input logic [SL-1:0] i);
    BB = i[LB-1:0];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  logic          nxv    [2];   // registered: d with entries, else the first marked slot after d
  // the first marked slot after the search's base (d, or the slot an advance's phase 2 is
  // loading), searched over two cycles (stage A: the first marked word and its word, and
  // the base's own word, registered in sa_*; stage B: the first bit, registered in fq_*),
  // so phase 1 uses the bitmap of two cycles before: it does when that search's base is
  // its d (fq_ok), and stops at the slots marked at the last two edges (mk, mk2: C1's
  // links, after the bitmap the search read)
  logic          fq_v   [2];   // a marked slot
  logic [SW-1:0] fq_s   [2];   // ... this one (base + 1 .. base + S - 1)
  logic          fq_ok  [2];   // its base is this d
  logic          sa_ok  [2];   // stage A's base is this d
  logic          mk_v,  mk2_v; // a slot marked at the last edge, at the one before
  logic          mk_t,  mk2_t;
  logic [SW-1:0] mk_s,  mk2_s;
  logic [SW-1:0] nxs    [2];
  logic [31:0]   cnt    [2];
  logic          mv_v   [2];
  logic [IW-1:0] mv_id  [2];
  logic [7:0]    mv_gen [2];
  logic [31:0]   mv_at  [2];
  logic          rdy_q;            // s_ready but for stepped: the next state's !clearing,
                                   // !mv_v[0], !mv_v[1], !jump_w[0], !jump_w[1]
  logic          inj_q,  inj_tq;   // next cycle's !clearing && (mv_v[0] || mv_v[1]), !mv_v[0]
  logic [IW-1:0] mvs_id;           // ... and the fields of mv[inj_tq]
  logic [7:0]    mvs_gen;
  logic [31:0]   mvs_at;
  logic [15:0]   drop_q;

  // =====================================================================================
  // RAMs (dcqcn_ram_sdp: read-first, one cycle; forwarding below)
  // =====================================================================================
  // command side
  logic          rc_we;   logic [IW-1:0] rc_wa;   logic [RW-1:0] rc_wd;   logic [RW-1:0] rc_rd;
  logic          in_re;   logic [IW-1:0] in_id;   // the input's read address (every cmd RAM)
  // drain copies of the record
  logic          rt_we;   logic [TW-1:0] rt_wa;   logic [DW-1:0] rt_wd;   logic [DW-1:0] rt_rd;
  logic [TW-1:0] rt_ra;
  logic          rd_we;   logic [FW-1:0] rd_wa;   logic [DW-1:0] rd_wd;   logic [DW-1:0] rd_rd;
  logic [FW-1:0] rd_ra;
  // fired toggles (written by the drains, read by the commands)
  logic          ft_we;   logic [TW-1:0] ft_wa;   logic          ft_wd;   logic          ft_rd;
  logic          fd_we;   logic [FW-1:0] fd_wa;   logic          fd_wd;   logic          fd_rd;
  // node pointers per side: command copies of nxt and prv, drain copies of nxt
  logic          nx_we [3]; logic [IW-1:0] nx_wa [3]; ptr_t nx_wd [3]; ptr_t nx_rd [3];
  logic          pv_we [3]; logic [IW-1:0] pv_wa [3]; ptr_t pv_wd [3]; ptr_t pv_rd [3];
  ptr_t          nt_rd [3]; logic [TW-1:0] nt_ra [3];
  ptr_t          nd_rd [3]; logic [FW-1:0] nd_ra [3];
  // slot words per type and side: heads (drain reads), tails (command and drain copies)
  logic          hd_we [2][3]; logic [SL-1:0] hd_wa [2][3]; logic [WW-1:0] hd_wd [2][3];
  logic [WW-1:0] hd_rd [2][3];
  logic          tl_we [2][3]; logic [SL-1:0] tl_wa [2][3]; logic [WW-1:0] tl_wd [2][3];
  logic [WW-1:0] tc_rd [2][3]; logic [WW-1:0] tr_rd [2][3];
  logic [SL-1:0] in_ti;       // the input's tail word index
  logic [SL-1:0] adv_ra [2];  // the advance's read index

  dcqcn_ram_sdp #(.WIDTH(RW), .DEPTH(E)) u_rec (
      .clk, .we(rc_we), .waddr(rc_wa), .wdata(rc_wd), .re(in_re), .raddr(in_id), .rdata(rc_rd));
  dcqcn_ram_sdp #(.WIDTH(DW), .DEPTH(4 * N)) u_rec_t (
      .clk, .we(rt_we), .waddr(rt_wa), .wdata(rt_wd), .re(1'b1), .raddr(rt_ra), .rdata(rt_rd));
  dcqcn_ram_sdp #(.WIDTH(DW), .DEPTH(N)) u_rec_d (
      .clk, .we(rd_we), .waddr(rd_wa), .wdata(rd_wd), .re(1'b1), .raddr(rd_ra), .rdata(rd_rd));
  dcqcn_ram_sdp #(.WIDTH(1), .DEPTH(4 * N)) u_fired_t (
      .clk, .we(ft_we), .waddr(ft_wa), .wdata(ft_wd), .re(in_re), .raddr(in_id[TW-1:0]), .rdata(ft_rd));
  dcqcn_ram_sdp #(.WIDTH(1), .DEPTH(N)) u_fired_d (
      .clk, .we(fd_we), .waddr(fd_wa), .wdata(fd_wd), .re(in_re), .raddr(in_id[FW-1:0]), .rdata(fd_rd));

  for (genvar z = 0; z < 3; z++) begin : g_side
    dcqcn_ram_sdp #(.WIDTH(PW), .DEPTH(E)) u_nxt (
        .clk, .we(nx_we[z]), .waddr(nx_wa[z]), .wdata(nx_wd[z]), .re(in_re), .raddr(in_id), .rdata(nx_rd[z]));
    dcqcn_ram_sdp #(.WIDTH(PW), .DEPTH(E)) u_prv (
        .clk, .we(pv_we[z]), .waddr(pv_wa[z]), .wdata(pv_wd[z]), .re(in_re), .raddr(in_id), .rdata(pv_rd[z]));
    dcqcn_ram_sdp #(.WIDTH(PW), .DEPTH(4 * N)) u_nxt_t (
        .clk, .we(nx_we[z] && nx_wa[z] < IW'(4 * N)), .waddr(nx_wa[z][TW-1:0]), .wdata(nx_wd[z]),
        .re(1'b1), .raddr(nt_ra[z]), .rdata(nt_rd[z]));
    dcqcn_ram_sdp #(.WIDTH(PW), .DEPTH(N)) u_nxt_d (
        .clk, .we(nx_we[z] && nx_wa[z] >= IW'(4 * N)), .waddr(nx_wa[z][FW-1:0]), .wdata(nx_wd[z]),
        .re(1'b1), .raddr(nd_ra[z]), .rdata(nd_rd[z]));
    for (genvar t = 0; t < 2; t++) begin : g_type
      dcqcn_ram_sdp #(.WIDTH(WW), .DEPTH(S)) u_hd (
          .clk, .we(hd_we[t][z]), .waddr(hd_wa[t][z]), .wdata(hd_wd[t][z]),
          .re(1'b1), .raddr(adv_ra[t]), .rdata(hd_rd[t][z]));
      dcqcn_ram_sdp #(.WIDTH(WW), .DEPTH(S)) u_tl_c (
          .clk, .we(tl_we[t][z]), .waddr(tl_wa[t][z]), .wdata(tl_wd[t][z]),
          .re(in_re), .raddr(in_ti), .rdata(tc_rd[t][z]));
      dcqcn_ram_sdp #(.WIDTH(WW), .DEPTH(S)) u_tl_r (
          .clk, .we(tl_we[t][z]), .waddr(tl_wa[t][z]), .wdata(tl_wd[t][z]),
          .re(1'b1), .raddr(adv_ra[t]), .rdata(tr_rd[t][z]));
    end
  end

  // =====================================================================================
  // Forwarding: the writes of the last edge (w1_*), and the read addresses they meet
  // =====================================================================================
  logic [RW-1:0] w1_rc_wd;
  logic          w1_rt_we;  logic [TW-1:0] w1_rt_wa;  logic [DW-1:0] w1_rt_wd;
  logic          w1_rd_we;  logic [FW-1:0] w1_rd_wa;  logic [DW-1:0] w1_rd_wd;
  logic          w1_ft_wd;
  logic          w1_fd_wd;
  logic          w1_nx_we [3]; logic [IW-1:0] w1_nx_wa [3]; ptr_t w1_nx_wd [3];
  ptr_t          w1_pv_wd [3];
  logic          w1_hd_we [2][3]; logic [SL-1:0] w1_hd_wa [2][3]; logic [WW-1:0] w1_hd_wd [2][3];
  logic          w1_tl_we [2][3]; logic [SL-1:0] w1_tl_wa [2][3]; logic [WW-1:0] w1_tl_wd [2][3];
  logic [SL-1:0] c0_ti;                          // C0's tail word index (read at the input)
  // C0's forwarding selects, decided at the input (a write of that cycle to a word the
  // command taken then reads), so that C0 meets a RAM output through one mux (the tail
  // words' select is C0's, on registered addresses: the input's target slot is arithmetic)
  logic          fw_rc_q, fw_ft_q, fw_fd_q;
  logic          fw_nx_q [3], fw_pv_q [3];
  logic [TW-1:0] rt_ra_q;  logic [FW-1:0] rd_ra_q;
  logic [TW-1:0] nt_ra_q [3]; logic [FW-1:0] nd_ra_q [3];
  logic [SL-1:0] adv_ra_q [2];

  always_ff @(posedge clk) begin
    w1_rc_wd <= rc_wd;
    w1_rt_we <= rt_we; w1_rt_wa <= rt_wa; w1_rt_wd <= rt_wd;
    w1_rd_we <= rd_we; w1_rd_wa <= rd_wa; w1_rd_wd <= rd_wd;
    w1_ft_wd <= ft_wd;
    w1_fd_wd <= fd_wd;
    for (int z = 0; z < 3; z++) begin
      w1_nx_we[z] <= nx_we[z]; w1_nx_wa[z] <= nx_wa[z]; w1_nx_wd[z] <= nx_wd[z];
      w1_pv_wd[z] <= pv_wd[z];
      nt_ra_q[z] <= nt_ra[z]; nd_ra_q[z] <= nd_ra[z];
      for (int t = 0; t < 2; t++) begin
        w1_hd_we[t][z] <= hd_we[t][z]; w1_hd_wa[t][z] <= hd_wa[t][z]; w1_hd_wd[t][z] <= hd_wd[t][z];
        w1_tl_we[t][z] <= tl_we[t][z]; w1_tl_wa[t][z] <= tl_wa[t][z]; w1_tl_wd[t][z] <= tl_wd[t][z];
      end
    end
    rt_ra_q <= rt_ra; rd_ra_q <= rd_ra;
    for (int t = 0; t < 2; t++) adv_ra_q[t] <= adv_ra[t];
  end

  // =====================================================================================
  // C1 (decision and writes): the decision against the drains, and every write
  // =====================================================================================
  wire           r_lc   = q_rec[RW-1];
  wire [1:0]     r_side = q_rec[RW-2 -: 2];
  wire           r_far  = q_rec[RW-4];
  wire [SW-1:0]  r_slot = q_rec[RW-5 -: SW];
  wire [7:0]     r_gen  = q_rec[39:32];
  wire [31:0]    r_at   = q_rec[31:0];
  wire           c1_L   = q_L;                 // linked
  wire [1:0]     sx     = r_side;
  wire [1:0]     sy     = NEXT_SIDE(r_side);
  wire [SW-1:0]  dc     = d[c1_t];
  wire           c1_ld  = ld_q[c1_t];
  wire           c1_drn = c1_ld ? q_drn_b : q_drn_a;  // the target is the drained slot (behind it)
  wire [SW-1:0]  ts_eff = c1_drn ? dc : c1_ts;

  // the decision
  wire r_rch      = q_rch;                                           // the entry's slot is reached
  wire keep_place = c1_op == OP_ARM && c1_L && r_rch && c1_rch;       // eligible, and still
  wire do_unlink  = c1_v && ((c1_op == OP_ARM && !keep_place) || c1_op == OP_DISARM) && c1_L;
  wire do_link    = c1_v && ((c1_op == OP_ARM && !keep_place) || (c1_op == OP_MOVE && !c1_L && r_far));
  wire [RW-1:0] rec_new =
      (c1_op == OP_DISARM) ? {c1_L ? ~r_lc : r_lc, r_side, 1'b0, r_slot, r_gen, r_at} :
      keep_place           ? {r_lc, r_side, 1'b0, r_slot, c1_gen, c1_at} :
                             {c1_L ? r_lc : ~r_lc, sy, c1_far, ts_eff, c1_gen, c1_at};
  wire rec_write = c1_v && (c1_op != OP_MOVE || do_link);

  // unlink (side sx, slot r_slot) and link (side sy, slot ts_eff)
  wire     u_drn  = c1_ld ? q_udr_b : q_udr_a;  // r_slot == dc
  wire ptr_t u_p  = q_up;
  wire ptr_t u_n  = q_un;
  wire     u_head = u_drn ? (dh[c1_t][sx] == P(c1_id)) : !u_p[IW];
  wire     u_tail = !u_n[IW];
  wire     l_drn  = c1_drn;                     // ts_eff == dc
  wire [IW-1:0] l_w = q_lw;
  wire     l_empty = l_drn ? !dh[c1_t][sy][IW] : !q_lhit;
  wire ptr_t l_tail = l_drn ? dt[c1_t][sy] : {1'b1, l_w};

  wire [IW:0]    c1_ptr = P(c1_id);
  wire [SL-1:0]  r_idx  = IDX(r_slot);
  wire [TGW-1:0] r_tag  = TAG(r_slot);
  // (the slot words are written by a link only when its target is not drained: ts_eff is
  // c1_ts then, so the words and their index are made from c1_ts, not from c1_drn's mux)
  // what C1 writes where (the unlink of side sx, the link of side sy, the cleaning of sz)
  wire          w_unx = do_unlink && !u_head;            // nxt[sx][p] = n
  wire          w_uhd = do_unlink && u_head && !u_drn;   // the slot's head word of sx
  wire          w_upv = do_unlink && !u_tail;            // prv[sx][n] = p (nil at the head)
  wire          w_utl = do_unlink && u_tail && !u_drn;   // the slot's tail word of sx
  wire          w_lnx = do_link && !l_empty;             // nxt[sy][tail] = e
  wire          w_lhd = do_link && l_empty && !l_drn;    // the slot's head word of sy
  wire          w_ltl = do_link && !l_drn;               // the slot's tail word of sy
  wire [WW-1:0] uhd_w = u_tail ? '0 : {1'b1, r_tag, u_n[IW-1:0]};
  wire [WW-1:0] utl_w = u_head ? '0 : {1'b1, r_tag, u_p[IW-1:0]};
  wire [TGW-1:0] c1_tag = TAG(c1_ts);
  wire [WW-1:0] lnk_w = {1'b1, c1_tag, c1_id};
  wire [DW-1:0] drn_w = {rec_new[RW-1], rec_new[RW-4], rec_new[39:0]};
  wire [SL-1:0]  c1_tsi = IDX(c1_ts);   // the linked slot's index when it is not drained
  // the side bits (sa, at the bitmap's declaration), one S x 1 memory per type and side:
  // written by C1's link into a slot not drained, 1 for its side, 0 for the two others when
  // the index's bitmap bit is clear (the first link since its load); read (asynchronously
  // here) at C0's tail index and at the index of the slot an advance loads (nxq)
  // The bitmap bit at C1's target is q_bm1, registered in C0 from the bit C0 reads at the
  // same index (bm_c0) and the bitmap's writes of that edge at it (2026-11-29, no cycle
  // change: the 4096-to-1 read at c1_tsi was in front of the side bits' write enables,
  // `c1_bw > sa_m`, 6.7-7.0 ns and 22 path ends in the wheel at 1024 flows); bm_c1 is the
  // read it replaced, kept for the simulation-only check at the end
  wire [LW-1:0]  c1_bw = (NW > 1) ? LW'(c1_tsi >> LB) : '0;
  wire [LB-1:0]  c1_bb = c1_tsi[LB-1:0];
  /* verilator lint_off UNUSEDSIGNAL */  // (read by the simulation-only check)
  wire           bm_c1 = bm[c1_t][c1_bw][c1_bb];
  /* verilator lint_on UNUSEDSIGNAL */
  for (genvar t = 0; t < 2; t++) begin : g_sa
    for (genvar z = 0; z < 3; z++) begin : g_sa_z
      logic sa_m [S];
      always_ff @(posedge clk)
        if (w_ltl && c1_t == 1'(t) && (q_syh[z] || !q_bm1)) sa_m[c1_tsi] <= q_syh[z];
      assign sa_c0[t][z] = sa_m[c0_ti];
      assign sa_ld[t][z] = sa_m[nxq[t][SL-1:0]];   // (Yosys maps sa_m to block RAM and
                                                   // takes nxq's register in as its address
                                                   // register: docs/nic.md, "Timing")
    end
  end
  // C1's writes of this cycle meet the drains, the decode and the input case by case (a
  // decision bit and a compare between registers, not the write port's mux): the nxt word
  // of side z is written at id X when one of these holds (sides x, y, z differ)
  //   (w_unx && sx == z && u_p == X) || (w_lnx && sy == z && l_tail == X) || (do_link && sz == z && c1_id == X)
  wire lt_c0 = l_drn ? dt[c1_t][sy][IW-1:0] == c0_id : l_w == c0_id;  // l_tail's id is C0's
  // the decision bits as the drain of type t and C0's tail words of type t see them: made
  // with that type's registers (ld_q, dh, dt) instead of those selected by c1_t, and gated
  // by c1_t == t at the end (c1_t at fanout 107 before the compares was the head of the
  // paths into the record copies' read addresses); equal to the bits above when c1_t == t
  logic          c1_is  [2];
  logic          p_ldrn [2], p_udrn [2], p_uhead [2], p_lempty [2];
  logic          p_wunx [2], p_wlnx [2], p_wutl [2], p_wltl [2];
  logic          p_cuh  [2], p_cut  [2], p_clh [2], p_clt [2], p_wuhd [2], p_wlhd [2];
  logic [WW-1:0] p_utlw [2];
  for (genvar t = 0; t < 2; t++) begin : g_c1t
    assign c1_is[t]    = c1_t == 1'(t);
    assign p_ldrn[t]   = ld_q[t] ? q_drn_b : q_drn_a;
    assign p_udrn[t]   = ld_q[t] ? q_udr_b : q_udr_a;
    assign p_uhead[t]  = p_udrn[t] ? ((q_sxh[0] && dh[t][0] == c1_ptr) || (q_sxh[1] && dh[t][1] == c1_ptr) ||
                                      (q_sxh[2] && dh[t][2] == c1_ptr)) : !u_p[IW];
    assign p_lempty[t] = p_ldrn[t] ? !((q_syh[0] && dh[t][0][IW]) || (q_syh[1] && dh[t][1][IW]) ||
                                       (q_syh[2] && dh[t][2][IW])) : !q_lhit;
    assign p_wunx[t]   = c1_is[t] && do_unlink && !p_uhead[t];
    assign p_wlnx[t]   = c1_is[t] && do_link && !p_lempty[t];
    assign p_wutl[t]   = c1_is[t] && do_unlink && u_tail && !p_udrn[t];
    assign p_wltl[t]   = c1_is[t] && do_link && !p_ldrn[t];
    assign p_cuh[t]    = c1_is[t] && do_unlink && p_udrn[t] && p_uhead[t];
    assign p_cut[t]    = c1_is[t] && do_unlink && p_udrn[t] && u_tail;
    assign p_clh[t]    = c1_is[t] && do_link && p_ldrn[t] && p_lempty[t];
    assign p_clt[t]    = c1_is[t] && do_link && p_ldrn[t];
    assign p_utlw[t]   = p_uhead[t] ? '0 : {1'b1, r_tag, u_p[IW-1:0]};
    assign p_wuhd[t]   = c1_is[t] && do_unlink && p_uhead[t] && !p_udrn[t];
    assign p_wlhd[t]   = c1_is[t] && do_link && p_lempty[t] && !p_ldrn[t];
  end
  // the bitmap's writes as word enables and bit masks, every term from registers (2026-11-29,
  // no cycle change): C1's link per type (p_wltl, made with the type's own registers) and its
  // target's word and bit as one-hots registered from C0's index (c1_bwo, c1_bbo: the
  // decode was behind c1_t's selects and w_ltl, into the enables of 8,192 flip-flops:
  // `c1_t > w_ltl > bm`, 6.25 ns and 242 of the 1,020 path ends above 3.10 ns in the top at
  // 1024 flows); the load's clear at d's word and bit, the jump's at now's
  logic [NW-1:0] c1_bwo;
  logic [WB-1:0] c1_bbo;
  wire  [NW-1:0] n_bwo = NW'(1) << BW(now_slot[SL-1:0]);
  wire  [WB-1:0] n_bbo = WB'(1) << BB(now_slot[SL-1:0]);
  logic [NW-1:0] bm_ws [2], bm_wc [2], bm_wj [2];   // set, load's clear, jump's clear
  logic          bm_wr [2];                          // any of them
  logic [WB-1:0] d_bbo [2];
  wire           bm_jc [2];                          // the jump's clear
  for (genvar t = 0; t < 2; t++) begin : g_bmw
    wire [NW-1:0] d_bwo = NW'(1) << BW(d[t][SL-1:0]);
    assign bm_jc[t] = !adv[t] && jump_w[t] && !c0_v && !c1_v;
    assign d_bbo[t] = WB'(1) << BB(d[t][SL-1:0]);
    assign bm_ws[t] = {NW{p_wltl[t]}} & c1_bwo;
    assign bm_wc[t] = {NW{ld_q[t]}} & d_bwo;
    assign bm_wj[t] = {NW{bm_jc[t]}} & n_bwo;
    assign bm_wr[t] = p_wltl[t] || ld_q[t] || bm_jc[t];
  end
  // q_bm1's next value: C0's bit after this edge's writes at C0's index (the same order as
  // the writes: a clear wins over a set); C1's target index is c0_ti registered. (The jump's
  // clear needs no term: a jump waits for C0 and C1 to be empty, and q_bm1 counts only when
  // C1 holds a command, i.e. when C0 held one at this edge.)
  wire bm_c1n = (bm_c0 || (p_wltl[c0_t] && c1_tsi == c0_ti)) && !(ld_q[c0_t] && IDX(d[c0_t]) == c0_ti);

  // =====================================================================================
  // C0 (decode): the command's words (read at the input; the writes of that cycle and this
  // cycle's writes of C1 forwarded; the drains never pop C0's entry)
  // =====================================================================================
  logic [RW-1:0] f_rec;
  logic          f_fired;
  ptr_t          f_nxt [3], f_prv [3];
  logic [WW-1:0] f_tl [3];     // the tail words of C0's type at c0_ti
  logic          f_fr [3];     // ... read from RAM (no write of the last edge or of C1 forwarded)
  logic          f_th [3];     // ... valid for C0's target slot (the tag compared before the
                               // forwarding mux: each input's compare from registers or a RAM)
  wire [TGW-1:0] c0_tag = TAG(c0_ts);
  wire           th_u0 = !p_uhead[0] && r_tag == c0_tag;       // utl_w's
  wire           th_u1 = !p_uhead[1] && r_tag == c0_tag;
  wire           th_l  = c1_tag == c0_tag;                     // lnk_w's (a link not drained: ts_eff is c1_ts)
  logic          th_w1 [2][3], th_rd [2][3];
  // (a word from RAM counts only with its index's bitmap bit and its side's bit, sa; one
  // written at the last edge, w1, was written by a link, which set both, or is in a list
  // whose bits are set. th_rd leaves the bitmap bit out: it is ANDed in after the forwarding
  // mux, at f_lh, so that the bitmap's 4096-to-1 read is not the head of the mux chain:
  // `c0_ti > f_lh > q_lhit`, 7.59 ns in the wheel at 1024 flows; 2026-11-29, no cycle change)
  wire [LW-1:0]  c0_tw = (NW > 1) ? LW'(c0_ti >> LB) : '0;
  wire [LB-1:0]  c0_tb = c0_ti[LB-1:0];
  wire           bm_c0 = bm[c0_t][c0_tw][c0_tb];   // (only C0's type's th_rd is used)
  always_comb
    for (int t = 0; t < 2; t++)
      for (int z = 0; z < 3; z++) begin
        th_w1[t][z] = w1_tl_wd[t][z][WW-1] && w1_tl_wd[t][z][WW-2 -: TGW] == c0_tag;
        th_rd[t][z] = tc_rd[t][z][WW-1] && tc_rd[t][z][WW-2 -: TGW] == c0_tag && sa_c0[t][z];
      end
  always_comb begin
    f_rec = (rec_write && c1_id == c0_id) ? rec_new : fw_rc_q ? w1_rc_wd : rc_rd;
    if (!c0_t) f_fired = fw_ft_q ? w1_ft_wd : ft_rd;
    else       f_fired = fw_fd_q ? w1_fd_wd : fd_rd;
    for (int z = 0; z < 3; z++) begin
      f_nxt[z] = (w_unx && q_sxh[z] && u_p[IW-1:0] == c0_id) ? u_n :
                 (w_lnx && q_syh[z] && lt_c0) ? c1_ptr :
                 (do_link && q_szh[z] && c1_id == c0_id) ? NIL :
                 fw_nx_q[z] ? w1_nx_wd[z] : nx_rd[z];
      f_prv[z] = (w_upv && q_sxh[z] && u_n[IW-1:0] == c0_id) ? (u_head ? NIL : u_p) :
                 (do_link && q_syh[z] && c1_id == c0_id) ? (l_empty ? NIL : l_tail) :
                 fw_pv_q[z] ? w1_pv_wd[z] : pv_rd[z];
      if (!c0_t) begin
        f_tl[z] = (p_wutl[0] && q_sxh[z] && r_idx == c0_ti) ? p_utlw[0] :
                  (p_wltl[0] && q_syh[z] && c1_tsi == c0_ti) ? lnk_w :
                  (w1_tl_we[0][z] && w1_tl_wa[0][z] == c0_ti) ? w1_tl_wd[0][z] : tc_rd[0][z];
        f_th[z] = (p_wutl[0] && q_sxh[z] && r_idx == c0_ti) ? th_u0 :
                  (p_wltl[0] && q_syh[z] && c1_tsi == c0_ti) ? th_l :
                  (w1_tl_we[0][z] && w1_tl_wa[0][z] == c0_ti) ? th_w1[0][z] : th_rd[0][z];
        f_fr[z] = !(p_wutl[0] && q_sxh[z] && r_idx == c0_ti) && !(p_wltl[0] && q_syh[z] && c1_tsi == c0_ti) &&
                  !(w1_tl_we[0][z] && w1_tl_wa[0][z] == c0_ti);
      end else begin
        f_tl[z] = (p_wutl[1] && q_sxh[z] && r_idx == c0_ti) ? p_utlw[1] :
                  (p_wltl[1] && q_syh[z] && c1_tsi == c0_ti) ? lnk_w :
                  (w1_tl_we[1][z] && w1_tl_wa[1][z] == c0_ti) ? w1_tl_wd[1][z] : tc_rd[1][z];
        f_th[z] = (p_wutl[1] && q_sxh[z] && r_idx == c0_ti) ? th_u1 :
                  (p_wltl[1] && q_syh[z] && c1_tsi == c0_ti) ? th_l :
                  (w1_tl_we[1][z] && w1_tl_wa[1][z] == c0_ti) ? th_w1[1][z] : th_rd[1][z];
        f_fr[z] = !(p_wutl[1] && q_sxh[z] && r_idx == c0_ti) && !(p_wltl[1] && q_syh[z] && c1_tsi == c0_ti) &&
                  !(w1_tl_we[1][z] && w1_tl_wa[1][z] == c0_ti);
      end
    end
  end
  wire [1:0]    f_sx   = f_rec[RW-2 -: 2];
  wire [1:0]    f_sy   = NEXT_SIDE(f_sx);
  wire [1:0]    f_sz   = NEXT_SIDE(f_sy);
  wire [SW-1:0] f_slot = f_rec[RW-5 -: SW];
  // C1's now is this cycle's now_ns (registered at the edge)
  wire          f_rch  = LE0(f_slot, now_ns[31:SLOT_BITS]);
  wire [SW-1:0] c0_d   = d[c0_t];
  wire [SW-1:0] c0_dq  = nxq[c0_t];
  wire          f_drn_a = LE0(c0_ts, c0_d);
  wire          f_drn_b = LE0(c0_ts, c0_dq);
  logic          f_L;
  ptr_t          f_up, f_un;
  logic [IW-1:0] f_lw;         // (the id: its valid and tag are f_lh's)
  logic          f_lh;
  always_comb begin
    f_L  = f_rec[RW-1] != f_fired;
    f_up = f_prv[f_sx];
    f_un = f_nxt[f_sx];
    f_lw = f_tl[f_sy][IW-1:0];
    f_lh = f_th[f_sy] && (bm_c0 || !f_fr[f_sy]);   // a word read from RAM needs its bitmap bit
  end


  // =====================================================================================
  // The drains: heads, pops, moves, the advance
  // =====================================================================================
  // (no function is called inside an always_comb: Icarus 11 makes every always_comb that
  // calls a function sensitive to its arguments, so two blocks calling one function with
  // different arguments wake each other without end; the calls are in wires)
  wire [SW-1:0] d1      [2];   // the next slot
  wire          past_d  [2];   // the registered now's slot is past d
  wire          past_d1 [2];   // ... past d + 1: the drain stands behind time
  for (genvar t = 0; t < 2; t++) begin : g_dt
    assign d1[t]      = d[t] + SW'(1);
    assign past_d[t]  = !LE0(now_slot, d[t]);
    assign past_d1[t] = !LE0(now_slot, d1[t]);
  end
  // The jump test, jump_w = cnt == 0 && now_slot - d > 64 (unsigned: also when now reads
  // as before d, i.e. a simulation stopped the clock for 2^31 ns or more with nothing
  // linked: the drain jumps to now; inside the horizon d is never after now), registered:
  // made one cycle ahead from the next state (2026-11-29, no cycle change), where it was a
  // compare of now_slot against d + 64 behind d, into s_ready, the input's read enable and
  // phase 1's limit (8.39 ns at 4096 flows: `d > in_re > nxq_n`). now_slot's next value is
  // now_ns's slot; d's is one of three slots (nxq at a load, now_slot at a jump, else d; 0
  // at the reset, now_slot at the clear's end), so the distance is compared against each
  // in parallel and chosen with d_n's select (no compare behind d_n's mux); cnt's next
  // value is zero when cnt is 0, 1, 2 or 2^32 - 1 and this cycle's change (+1 link, -1
  // disarm, -1 pop) is its negation: compares of cnt with constants, no adder before the
  // compare. (The combinational test is kept for the simulators, below: `ifndef SYNTHESIS.)
  // unsigned (a - b) mod 2^SW > 64
  function automatic logic FAR64(input logic [SW-1:0] a, input logic [SW-1:0] b);
    FAR64 = SW'(a - b) > SW'(64);
  endfunction
  wire [SW-1:0] now_n   = now_ns[31:SLOT_BITS];  // now_slot after this edge
  wire          far_nn  = FAR64(now_n, now_slot); // d after it: now_slot (a jump, the clear's end)
  wire          far_n0  = FAR64(now_n, '0);       // ... 0 (the reset)
  wire          far_nd  [2];                      // ... d
  wire          far_nq  [2];                      // ... nxq (a load)
  wire          cnt_i0  [2], cnt_i1 [2], cnt_i2 [2], cnt_im [2];   // cnt is 0, 1, 2, 2^32 - 1
  for (genvar t = 0; t < 2; t++) begin : g_far
    assign far_nd[t] = FAR64(now_n, d[t]);
    assign far_nq[t] = FAR64(now_n, nxq[t]);
    assign cnt_i0[t] = cnt[t] == 32'd0;
    assign cnt_i1[t] = cnt[t] == 32'd1;
    assign cnt_i2[t] = cnt[t] == 32'd2;
    assign cnt_im[t] = &cnt[t];
  end
  // the first marked slot after the base (sbase: d, or nxq while an advance's phase 2 loads
  // it, so that the search of the loaded slot starts in that cycle), over two cycles.
  // Stage A, from registers (bm, the base): the summary bit of every word, the first
  // marked word after the base's word w0 (else the first before it: the search wraps),
  // that word's 64 bits (one-hot AND-OR) and w0's own 64 bits, registered (sa_*). Stage B,
  // from sa_*: w0's bits above the base's bit b0, else the chosen word, else w0's bits
  // below b0 (the base's own bit is excluded: never set anyway, the drain arrives at a
  // slot by a load, which clears its bit, or by a jump, which clears it too); the slot
  // found registered in fq_*, and into nxs with the slot marked at the last edge (mk)
  // taken when it is nearer. Every find-first-set is log-depth: the lowest set bit
  // isolated (x & -x, a carry chain), then each bit of its index an OR over the one-hot.
  // The slot found is the base's upper part (plus one when the search wrapped past the
  // last index) and the index: no adder after the search.
  logic [SW-1:0]  sbase   [2];
  logic [WB-1:0]  sa_hi0  [2], sa_lo0 [2];   // w0's bits above b0, below b0
  logic [WB-1:0]  sa_wd1  [2];               // the first marked word's bits
  logic [LW-1:0]  sa_w0   [2], sa_w1  [2];
  logic [LB-1:0]  sa_b0   [2];
  logic           sa_any  [2], sa_aft [2];   // a marked word other than w0; one after it
  logic [TGW-1:0] sa_hi   [2], sa_hi1 [2];   // the base's upper part, plus one
  logic [WB-1:0]  fa_hi0  [2], fa_lo0 [2], fa_wd1 [2];
  logic [LW-1:0]  fa_w0   [2], fa_w1  [2];
  logic [LB-1:0]  fa_b0   [2];
  logic           fa_any  [2], fa_aft [2];
  logic [TGW-1:0] fa_hi   [2], fa_hi1 [2];
  logic          fm_v [2];                   // stage B: a marked slot
  logic          fm_hv [2];                  // ... in the base's word above its bit
  logic [SW-1:0] fm_s [2];                   // ... this one (base + 1 .. base + S - 1)
  for (genvar t = 0; t < 2; t++) begin : g_fm
    // stage A
    // (the words after w0, then those before it, as one vector of 2 NW bits whose lowest
    // set bit is the first marked word: its two halves ORed, no select by |sa, which ABC
    // had pushed into the AND-OR below at fanout 3,902)
    logic [NW-1:0] sm, sa, sb;
    logic [2*NW-1:0] v2;
    logic [LW-1:0] w0, wi;
    always_comb begin
      w0 = (NW > 1) ? LW'(sbase[t][SL-1:0] >> LB) : '0;
      for (int w = 0; w < NW; w++) sm[w] = |bm[t][w];
      sa = sm & (({NW{1'b1}} << w0) << 1);   // the words above w0 (shifts of ones: a few
      sb = sm & ~({NW{1'b1}} << w0);         // word operations for Verilator, not a loop)
      v2 = {sb, sa};
    end
    wire [2*NW-1:0] o2 = v2 & (~v2 + (2*NW)'(1));   // the lowest set bit alone
    wire [NW-1:0]   o  = o2[NW-1:0] | o2[2*NW-1:NW];
    // one-hot to index: bit i of the index is the OR of the one-hot's positions with bit i
    for (genvar i = 0; i < LW; i++) begin : g_ew
      logic [NW-1:0] m;
      for (genvar w = 0; w < NW; w++) begin : g_m
        assign m[w] = ((w >> i) & 1) != 0;
      end
      assign wi[i] = |(o & m);
    end
    // the chosen word's bits: an AND-OR over the words with the one-hot (no index mux), as
    // a tree of word-wide ORs (tr[0] the root, tr[NW - 1 + w] the leaves: word w if chosen)
    logic [WB-1:0] tr [2 * NW - 1] /* verilator split_var */;
    for (genvar w = 0; w < NW; w++) begin : g_lf
      assign tr[NW - 1 + w] = bm[t][w] & {WB{o[w]}};
    end
    for (genvar n = 0; n < NW - 1; n++) begin : g_tr
      assign tr[n] = tr[2 * n + 1] | tr[2 * n + 2];
    end
    assign fa_wd1[t] = tr[0];
    logic [WB-1:0] wd0;
    assign wd0 = bm[t][w0];
    assign fa_hi0[t] = wd0 & (({WB{1'b1}} << sbase[t][LB-1:0]) << 1);
    assign fa_lo0[t] = wd0 & ~({WB{1'b1}} << sbase[t][LB-1:0]);
    assign fa_w0[t]  = w0;
    assign fa_w1[t]  = wi;
    assign fa_b0[t]  = sbase[t][LB-1:0];
    assign fa_any[t] = (|sa) || (|sb);
    assign fa_aft[t] = |sa;
    assign fa_hi[t]  = sbase[t][SW-1:SL];
    assign fa_hi1[t] = sbase[t][SW-1:SL] + TGW'(1);
    // stage B
    logic [WB-1:0] hi0, lo0, oh, ol, o1;
    logic [LB-1:0] ch, cl, c1;
    logic [SL-1:0] pos;
    logic          wrap;
    always_comb begin
      hi0 = sa_hi0[t];
      lo0 = sa_lo0[t];
      oh = hi0 & (~hi0 + WB'(1));
      ol = lo0 & (~lo0 + WB'(1));
      o1 = sa_wd1[t] & (~sa_wd1[t] + WB'(1));
    end
    for (genvar i = 0; i < LB; i++) begin : g_eb
      logic [WB-1:0] m;
      for (genvar b = 0; b < WB; b++) begin : g_m
        assign m[b] = ((b >> i) & 1) != 0;
      end
      assign ch[i] = |(oh & m);
      assign cl[i] = |(ol & m);
      assign c1[i] = |(o1 & m);
    end
    assign pos  = (|hi0) ? SL'({sa_w0[t], ch}) : sa_any[t] ? SL'({sa_w1[t], c1}) : SL'({sa_w0[t], cl});
    assign wrap = !(|hi0) && !sa_aft[t];     // at or below the base's index: the next round
    assign fm_v[t] = (|hi0) || sa_any[t] || (|lo0);
    assign fm_hv[t] = |hi0;
    assign fm_s[t] = {wrap ? sa_hi1[t] : sa_hi[t], pos};
  end
  // nxs: the slot found, or the slot marked at the last edge when it comes first after the
  // base (the search read the bitmap before that edge). Without a subtraction: the ring
  // from the base is the base's word above its bit (region 0), the words after it (1), the
  // words before it (2), the base's word below its bit (3); the mark's region is known from
  // registers, the slot found's from stage B's flags, and within a region the order is the
  // index's (a compare of the word, then of the bit, with the one-hot's index)
  logic          mk_ok  [2];
  logic          mk_win [2];
  for (genvar t = 0; t < 2; t++) begin : g_nx
    wire [LW-1:0] mw = (NW > 1) ? LW'(IDX(mk_s) >> LB) : '0;
    wire [LB-1:0] mb = mk_s[LB-1:0];
    wire m0 = mw == sa_w0[t] && mb > sa_b0[t];
    /* verilator lint_off UNSIGNED */  // one word (NW = 1): mw is 0, m1 constant false
    wire m1 = mw > sa_w0[t];
    /* verilator lint_on UNSIGNED */
    wire m2 = mw < sa_w0[t];
    wire m3 = mw == sa_w0[t] && mb < sa_b0[t];
    wire hv = fm_hv[t];
    // the mark's bit before the first set bit of a word: no set bit at or below it (a mask
    // from the mark, registered, against the registered word: no wait for the find-first-set)
    wire [WB-1:0] le = ~(({WB{1'b1}} << mb) << 1);     // bits 0 .. mb
    wire bh = (sa_hi0[t] & le) == '0;                  // mb < the first bit above b0 (or none)
    wire b1 = (sa_wd1[t] & le) == '0;                  // mb < the word found's first bit
    wire bl = (sa_lo0[t] & le) == '0;                  // mb < the first bit below b0 (or none)
    wire lw = mw < sa_w1[t] || (mw == sa_w1[t] && b1);  // before the word found's bit
    assign mk_ok[t]  = mk_v && mk_t == 1'(t) && (m0 || m1 || m2 || m3);
    assign mk_win[t] = mk_ok[t] && (!fm_v[t] ||
                       (m0 && (!hv || bh)) ||
                       (m1 && !hv && (!sa_any[t] || !sa_aft[t] || lw)) ||
                       (m2 && !hv && (!sa_any[t] || (!sa_aft[t] && lw))) ||
                       (m3 && !hv && !sa_any[t] && bl));
  end

  logic          sel_v   [2];
  logic [1:0]    sel_z   [2];
  logic [IW-1:0] hid     [2];
  logic [DW-1:0] hrec    [2];
  logic          blk     [2];
  logic          h_far   [2];
  logic          pop     [2];
  // the jump: cnt == 0 and now_slot more than 64 slots after d (registered, from the next
  // state: g_far above, the registers below; also while an advance is in flight: s_ready is
  // low from the first cycle in which the registered now shows the step, so no command
  // links an entry before the jump)
  logic          jump_w  [2];
  // the search's base: the slot d will be after this edge when it loads (the slot an
  // advance's phase 2 loads, else d), so that a load costs the search no cycle (a phase 2
  // that does not load, its lists not empty, and a jump leave the base wrong: sa_ok; a
  // jump's now's slot as the base measured 11.56 ns at 16 flows, its compare of now
  // against d + 64 then before the search)
  for (genvar t = 0; t < 2; t++) begin : g_sb
    assign sbase[t] = adv[t] ? nxq[t] : d[t];
  end
  // (in several blocks, none reading what it writes: Icarus 11 makes an always_comb
  // sensitive to every array it reads, and would wake a block that reads its own output)
  always_comb begin
    for (int t = 0; t < 2; t++) begin
      sel_v[t]  = dh[t][0][IW] || dh[t][1][IW] || dh[t][2][IW];
      sel_z[t]  = dh[t][0][IW] ? 2'd0 : dh[t][1][IW] ? 2'd1 : 2'd2;
    end
    hrec[0] = (w1_rt_we && w1_rt_wa == rt_ra_q) ? w1_rt_wd : rt_rd;
    hrec[1] = (w1_rd_we && w1_rd_wa == rd_ra_q) ? w1_rd_wd : rd_rd;
  end
  always_comb
    for (int t = 0; t < 2; t++) begin
      hid[t]   = dh[t][sel_z[t]][IW-1:0];
      h_far[t] = hrec[t][DW-2];
    end
  always_comb
    // (each side's head compared, then the side chosen: no compare after the head's mux)
    for (int t = 0; t < 2; t++)
      blk[t] = (dh[t][0][IW] && ((c0_v && c0_id == dh[t][0][IW-1:0]) || (c1_v && c1_id == dh[t][0][IW-1:0]))) ||
               (!dh[t][0][IW] && dh[t][1][IW] &&
                ((c0_v && c0_id == dh[t][1][IW-1:0]) || (c1_v && c1_id == dh[t][1][IW-1:0]))) ||
               (!dh[t][0][IW] && !dh[t][1][IW] && dh[t][2][IW] &&
                ((c0_v && c0_id == dh[t][2][IW-1:0]) || (c1_v && c1_id == dh[t][2][IW-1:0])));
  always_comb
    for (int t = 0; t < 2; t++)
      pop[t] = !clearing && sel_v[t] && !blk[t] &&
               (h_far[t] ? !mv_v[t] : (t == 0 ? m_tmr_ready : m_dep_ready));

  // the popped head's successor: its nxt word (read a cycle ahead, the last edge's and this
  // cycle's writes forwarded)
  ptr_t nh [2][3];
  logic nh_u [2][3], nh_l [2][3], nh_c [2][3];  // C1 writes the head's nxt: unlink, link, clean
  always_comb
    for (int t = 0; t < 2; t++)
      for (int z = 0; z < 3; z++) begin
        nh_u[t][z] = p_wunx[t] && q_sxh[z] && dh[t][z][IW] && u_p[IW-1:0] == dh[t][z][IW-1:0];
        nh_l[t][z] = p_wlnx[t] && q_syh[z] && dh[t][z][IW] &&
                     (p_ldrn[t] ? dt[t][z][IW-1:0] == dh[t][z][IW-1:0] : l_w == dh[t][z][IW-1:0]);
        nh_c[t][z] = do_link && q_szh[z] && dh[t][z][IW] && c1_id == dh[t][z][IW-1:0];
      end
  // (every element assigned once per evaluation, here and below: Icarus 11 makes an
  // always_comb that writes an array with a variable index sensitive to that array, and a
  // value written twice in one evaluation would wake the block again without end)
  always_comb begin
    for (int z = 0; z < 3; z++) begin
      nh[0][z] = nh_u[0][z] ? u_n : nh_l[0][z] ? c1_ptr : nh_c[0][z] ? NIL :
                 (w1_nx_we[z] && w1_nx_wa[z] == IW'(nt_ra_q[z])) ? w1_nx_wd[z] : nt_rd[z];
      nh[1][z] = nh_u[1][z] ? u_n : nh_l[1][z] ? c1_ptr : nh_c[1][z] ? NIL :
                 (w1_nx_we[z] && w1_nx_wa[z] == IW'(4 * N) + IW'(nd_ra_q[z])) ? w1_nx_wd[z] : nd_rd[z];
    end
  end

  // the advance's words (read in the cycle before, forwarded)
  logic [WW-1:0] ah [2][3], at_w [2][3];
  always_comb begin
    for (int t = 0; t < 2; t++)
      for (int z = 0; z < 3; z++) begin
        // (C1's slot-word writes: an unlink at r_idx, a link at c1_tsi)
        ah[t][z]   = (p_wuhd[t] && q_sxh[z] && r_idx == adv_ra_q[t]) ? uhd_w :
                     (p_wlhd[t] && q_syh[z] && c1_tsi == adv_ra_q[t]) ? lnk_w :
                     (w1_hd_we[t][z] && w1_hd_wa[t][z] == adv_ra_q[t]) ? w1_hd_wd[t][z] : hd_rd[t][z];
        at_w[t][z] = (p_wutl[t] && q_sxh[z] && r_idx == adv_ra_q[t]) ? p_utlw[t] :
                     (p_wltl[t] && q_syh[z] && c1_tsi == adv_ra_q[t]) ? lnk_w :
                     (w1_tl_we[t][z] && w1_tl_wa[t][z] == adv_ra_q[t]) ? w1_tl_wd[t][z] : tr_rd[t][z];
      end
  end
  // ... valid for the slot loaded: each source's tag compared before the mux (as ah, at_w);
  // a word from RAM only with its index's bitmap bit (ld_bm, registered with nxq) and its
  // side's bit (sa, read at nxq's index)
  logic ahh [2][3], ath [2][3];
  always_comb begin
    for (int t = 0; t < 2; t++)
      for (int z = 0; z < 3; z++) begin
        ahh[t][z] = (p_wuhd[t] && q_sxh[z] && r_idx == adv_ra_q[t]) ? (!u_tail && r_tag == nxq_tag[t]) :
                    (p_wlhd[t] && q_syh[z] && c1_tsi == adv_ra_q[t]) ? c1_tag == nxq_tag[t] :
                    (w1_hd_we[t][z] && w1_hd_wa[t][z] == adv_ra_q[t]) ?
                      (w1_hd_wd[t][z][WW-1] && w1_hd_wd[t][z][WW-2 -: TGW] == nxq_tag[t]) :
                      (hd_rd[t][z][WW-1] && hd_rd[t][z][WW-2 -: TGW] == nxq_tag[t] && ld_bm[t] &&
                       sa_ld[t][z]);
        ath[t][z] = (p_wutl[t] && q_sxh[z] && r_idx == adv_ra_q[t]) ? (!p_uhead[t] && r_tag == nxq_tag[t]) :
                    (p_wltl[t] && q_syh[z] && c1_tsi == adv_ra_q[t]) ? c1_tag == nxq_tag[t] :
                    (w1_tl_we[t][z] && w1_tl_wa[t][z] == adv_ra_q[t]) ?
                      (w1_tl_wd[t][z][WW-1] && w1_tl_wd[t][z][WW-2 -: TGW] == nxq_tag[t]) :
                      (tr_rd[t][z][WW-1] && tr_rd[t][z][WW-2 -: TGW] == nxq_tag[t] && ld_bm[t] &&
                       sa_ld[t][z]);
      end
  end

  // =====================================================================================
  // Next state of the drain registers (the drains' read addresses come from it)
  // =====================================================================================
  ptr_t          dh_m  [2][3], dt_m [2][3];  // after the command and the pop
  ptr_t          dh_n  [2][3], dt_n [2][3];  // and the advance
  logic [SW-1:0] d_n   [2];
  logic          adv_n [2];
  logic [SW-1:0] nxq_n [2];                  // phase 1: the slot the advance loads
  logic          load  [2];                  // the advance's phase 2 loads the next slot
  // (the command moves a drained head: p_cuh; a drained tail: p_cut; links into an empty
  // drained list: p_clh; into a drained list: p_clt; per type, C1's section)
  // the heads after the command alone (dh_c) and after the command and a pop (dh_p), so
  // that the pop (the head's record from RAM, the blocking compares, the output's ready)
  // selects last, here and in the read addresses below
  ptr_t          dh_c  [2][3], dh_p [2][3];
  always_comb
    for (int t = 0; t < 2; t++)
      for (int z = 0; z < 3; z++) begin
        dh_c[t][z] = (p_clh[t] && q_syh[z]) ? c1_ptr :
                     (p_cuh[t] && q_sxh[z]) ? u_n : dh[t][z];
        dt_m[t][z] = (p_clt[t] && q_syh[z]) ? c1_ptr :
                     (p_cut[t] && q_sxh[z]) ? (p_uhead[t] ? NIL : u_p) : dt[t][z];
      end
  always_comb
    for (int t = 0; t < 2; t++)
      for (int z = 0; z < 3; z++)
        // the pop (never the side the command changes: a head the command moves is blocked)
        dh_p[t][z] = (sel_z[t] == 2'(z)) ? nh[t][z] : dh_c[t][z];
  always_comb
    for (int t = 0; t < 2; t++)
      for (int z = 0; z < 3; z++)
        dh_m[t][z] = pop[t] ? dh_p[t][z] : dh_c[t][z];
  always_comb
    for (int t = 0; t < 2; t++)
      // (the lists as they stood, and C1 not linking into them: a head linked at the last
      // edge cancels the load even when popped now, so no pop waits for the load)
      load[t] = adv[t] && !sel_v[t] && !p_clt[t];
  // the loaded slot's heads and tails (what a load takes), and the first head of each set
  // (the record copy's read address: chosen from each set apart, then by load)
  ptr_t          ldh [2][3], ldt [2][3];
  logic [IW-1:0] ra_l [2], ra_c [2], ra_p [2];
  always_comb
    for (int t = 0; t < 2; t++)
      for (int z = 0; z < 3; z++) begin
        ldh[t][z] = ahh[t][z] ? {1'b1, ah[t][z][IW-1:0]} : NIL;
        ldt[t][z] = ath[t][z] ? {1'b1, at_w[t][z][IW-1:0]} : NIL;
      end
  always_comb
    for (int t = 0; t < 2; t++) begin
      ra_l[t] = ldh[t][0][IW] ? ldh[t][0][IW-1:0] : ldh[t][1][IW] ? ldh[t][1][IW-1:0] : ldh[t][2][IW-1:0];
      ra_c[t] = dh_c[t][0][IW] ? dh_c[t][0][IW-1:0] : dh_c[t][1][IW] ? dh_c[t][1][IW-1:0] : dh_c[t][2][IW-1:0];
      ra_p[t] = dh_p[t][0][IW] ? dh_p[t][0][IW-1:0] : dh_p[t][1][IW] ? dh_p[t][1][IW-1:0] : dh_p[t][2][IW-1:0];
    end
  always_comb
    for (int t = 0; t < 2; t++) begin
      for (int z = 0; z < 3; z++) begin
        dh_n[t][z] = load[t] ? ldh[t][z] : dh_m[t][z];
        dt_n[t][z] = load[t] ? ldt[t][z] : dt_m[t][z];
      end
      // the advance (phase 2), the jump, or phase 1
      d_n[t]   = load[t] ? nxq[t] : (!adv[t] && jump_w[t] && !c0_v && !c1_v) ? now_slot : d[t];
      // (d's update below: the reset, the clear's end, else d_n)
      dsel_a[t] = !clearing && load[t];
      dsel_b[t] = clearing ? clr == CW'(CLR - 1) : !load[t] && !adv[t] && jump_w[t] && !c0_v && !c1_v;
      adv_n[t] = !adv[t] && !(jump_w[t] && !c0_v && !c1_v) && !sel_v[t] && past_d[t] && fq_ok[t];
    end
  // the jump's next state (jump_w, registered: g_far): now's distance from d_n's candidates,
  // chosen with d_n's select, and cnt's next value zero (this cycle's change: a link that is
  // not a re-link +1, a disarm of a linked entry -1, a pop -1)
  logic cnt_inc [2], cnt_dec [2], cnt_zn [2], jump_n [2];
  for (genvar t = 0; t < 2; t++) begin : g_jn
    assign cnt_inc[t] = c1_v && c1_t == 1'(t) && do_link && !do_unlink;
    assign cnt_dec[t] = c1_v && c1_t == 1'(t) && c1_op == OP_DISARM && c1_L;
    assign cnt_zn[t]  = (cnt_i0[t] && ((!cnt_inc[t] && !cnt_dec[t] && !pop[t]) ||
                                       (cnt_inc[t] && (cnt_dec[t] != pop[t])))) ||           // + 0
                        (cnt_i1[t] && ((!cnt_inc[t] && (cnt_dec[t] != pop[t])) ||
                                       (cnt_inc[t] && cnt_dec[t] && pop[t]))) ||            // - 1
                        (cnt_i2[t] && !cnt_inc[t] && cnt_dec[t] && pop[t]) ||               // - 2
                        (cnt_im[t] && cnt_inc[t] && !cnt_dec[t] && !pop[t]);                // + 1
    assign jump_n[t]  = cnt_zn[t] &&
                        (load[t] ? far_nq[t] : (!adv[t] && jump_w[t] && !c0_v && !c1_v) ? far_nn : far_nd[t]);
  end

  // the drains' read addresses: the next cycle's heads
  always_comb begin
    // (dh_n with the pop last: a load and a pop exclude each other, a load needing the
    // lists empty and a pop a head)
    for (int z = 0; z < 3; z++) begin
      nt_ra[z] = pop[0] ? dh_p[0][z][TW-1:0] : load[0] ? ldh[0][z][TW-1:0] : dh_c[0][z][TW-1:0];
      nd_ra[z] = pop[1] ? dh_p[1][z][FW-1:0] : load[1] ? ldh[1][z][FW-1:0] : dh_c[1][z][FW-1:0];
    end
    rt_ra = pop[0] ? ra_p[0][TW-1:0] : load[0] ? ra_l[0][TW-1:0] : ra_c[0][TW-1:0];
    rd_ra = pop[1] ? ra_p[1][FW-1:0] : load[1] ? ra_l[1][FW-1:0] : ra_c[1][FW-1:0];
    for (int t = 0; t < 2; t++) adv_ra[t] = nxq_idx[t];
  end

  // =====================================================================================
  // The input: a move first, else the command offered
  // =====================================================================================
  wire in_bad = (s_op != OP_ARM && s_op != OP_DISARM) || (s_kind > 3'd3 && s_kind != 3'd5) ||
                s_flow >= 32'(N);
  // low in a cycle in which now_ns stepped more than one slot ahead (a simulation that
  // slept): the drains see the new time, and may jump, before a command is timed
  // (unsigned: any step but 0 or 1 slot ahead, also one that reads as backwards), written
  // as now's slot neither now_slot nor now_slot + 1 (registered): two equality compares, no
  // carry chain (the old form, a signed test OR the step's sign bit, is the check's
  // chk_stepped at the end); the rest of s_ready registered (rdy_q: the next state's !clearing, no move
  // and no jump), so that s_ready, the input's read enable (in_re) and phase 1's input
  // candidate wait only for this compare
  wire   stepped = now_n != now_slot && now_n != now_slot1;
  assign s_ready = rdy_q && !stepped;
  wire   take_in = s_valid && s_ready && !in_bad;
  // a move injected: !clearing && (mv_v[0] || mv_v[1]), and the move's fields, registered
  // from the next state (inj_q, mvs_*), so that the input's deadline does not wait for the
  // select of the move's type (mv_v at fanout 53, three levels before the deadline's adder)
  wire   inj     = inj_q;
  wire   inj_t   = inj_tq;
  logic [1:0]    in_op;
  logic          in_t;
  logic [7:0]    in_gen;
  logic [31:0]   in_at;
  logic [SW-1:0] in_ts;
  logic          in_far;
  always_comb begin
    if (inj) begin
      in_op  = OP_MOVE;
      in_id  = mvs_id;
      in_t   = inj_t;
      in_gen = mvs_gen;
      in_at  = mvs_at;
    end else begin
      in_op  = s_op;
      in_id  = IW'({(s_kind == 3'd5) ? 3'd4 : s_kind, s_flow[FW-1:0]});
      in_t   = s_kind == 3'd5;
      in_gen = s_gen;
      in_at  = s_at_ns;
    end
  end
  // the target slot: a deadline whose slot time has reached goes to the slot of now (behind
  // every entry already eligible; within the wheel, and not behind the drain), one beyond
  // the wheel is parked, any other to its own slot. Every term that does not depend on the
  // deadline is made per type from registers (how far the drain stands behind now, d + S -
  // 2) and chosen by the type; the deadline's distance from d and from now are one adder
  // each, ceil(at / G) - d = (at + G - 1 - d G) >> SLOT_BITS, the constant from registers
  wire [SW-1:0] nd     [2];   // now_slot - d: how far the drain stands behind now
  wire          nd_big [2];   // ... more than S - 2 slots
  wire [SW-1:0] d_s2   [2];   // d + S - 2: the parking slot
  wire [31:0]   c_d    [2];   // G - 1 - d G
  for (genvar t = 0; t < 2; t++) begin : g_in
    assign nd[t]     = now_slot - d[t];
    assign nd_big[t] = nd[t] > S_M2;
    assign d_s2[t]   = d[t] + S_M2;
    assign c_d[t]    = {SW'(-d[t]), {SLOT_BITS{1'b1}}};
  end
  wire [31:0]   c_now   = {SW'(-now_slot), {SLOT_BITS{1'b1}}};
  // ... and the same terms registered one cycle ahead, for the input's target (its worst
  // path was the drain's d through now_slot - d, its compare with S - 2 and the target's
  // mux into the input's tail-word read address: `w_tmr_drain > nd > in_ti`, 6.89 ns in the
  // top at 1024 flows; 2026-11-29, no cycle change): made from the next state as jump_w, now's
  // next slot against each of d's next values (nxq at a load, now_slot at a jump or the
  // clear's end, d otherwise, 0 at the reset), chosen with d's select; compared with the
  // combinational terms above by the simulation-only check at the end
  logic          pd_q  [2];   // past_d
  logic          big_q [2];   // nd_big
  logic [SW-1:0] ds2_q [2];   // d_s2
  logic [SW-1:0] nd_q  [2];   // -d (c_d's upper part)
  logic [SW-1:0] nnow_q;      // -now_slot (c_now's upper part)
  logic          dsel_a [2], dsel_b [2], dsel_z;   // d's next value: nxq, now_slot, 0 (else d)
  logic          pd_n  [2], big_n [2];
  logic [SW-1:0] ds2_n [2], nd_n [2];
  wire  [SW-1:0] ndr_n [2];   // now's next slot - d's next value (phase 1's ndr_q)
  assign dsel_z = rst;
  for (genvar t = 0; t < 2; t++) begin : g_inq
    wire [SW-1:0] na = now_n - nxq[t];      // now's next slot - each candidate of d's next
    wire [SW-1:0] nb = now_n - now_slot;
    wire [SW-1:0] nc = now_n - d[t];
    wire [SW-1:0] nz = now_n;
    wire pa = !na[SW-1] && na != '0, pb = !nb[SW-1] && nb != '0;
    wire pc = !nc[SW-1] && nc != '0, pz = !nz[SW-1] && nz != '0;
    assign pd_n[t]  = dsel_z ? pz : dsel_a[t] ? pa : dsel_b[t] ? pb : pc;
    assign big_n[t] = dsel_z ? (nz > S_M2) : dsel_a[t] ? (na > S_M2) : dsel_b[t] ? (nb > S_M2) : (nc > S_M2);
    assign ndr_n[t] = dsel_z ? nz : dsel_a[t] ? na : dsel_b[t] ? nb : nc;   // now_slot - d (phase 1, below)
    // (while d stays, its terms stay: the registers hold them, no adder for that case)
    assign ds2_n[t] = dsel_z ? S_M2 : dsel_a[t] ? nxq[t] + S_M2 : dsel_b[t] ? now_slot + S_M2 : ds2_q[t];
    assign nd_n[t]  = dsel_z ? '0 : dsel_a[t] ? SW'(-nxq[t]) : dsel_b[t] ? SW'(-now_slot) : nd_q[t];
  end
  // Phase 1's distances from d, registered one cycle ahead (2026-11-29, no cycle change:
  // its candidates' subtractions from d were the head of its worst paths, `d > g_lim.kk`
  // and `mk_s > g_lim.kk`, 7.1-8.1 ns): now's slot's (ndr_q, now's next slot against d's
  // next value: g_inq's differences, as pd_q), the search's (kk6_q: stage B's slot against each of d's next
  // values), and those of the targets in flight, passed down the pipeline with the target:
  // the input's target's distance from its type's d comes from the input's own terms (0,
  // S - 2, now_slot - d or in_diff: no new adder), and each stage subtracts how far its
  // type's d moved at the edge (dmv: nxq - d at a load, now_slot - d at a jump or the
  // clear's end, else 0): kk4_q (C0's target), kk3_q (C1's), kk2_q (the mark of the last
  // edge), kk1_q (the one before). Each is the distance of phase 1's candidate while that
  // candidate is one (its stage valid); the simulation-only check compares each with the
  // subtraction it replaced
  logic [SW-1:0] ndr_q [2], kk6_q [2];
  logic [SW-1:0] kk4_q, kk3_q, kk2_q, kk1_q;
  wire  [SW-1:0] kk6_n [2], dmv [2];
  for (genvar t = 0; t < 2; t++) begin : g_kkn
    assign kk6_n[t] = dsel_a[t] ? fm_s[t] - nxq[t] : dsel_b[t] ? fm_s[t] - now_slot : fm_s[t] - d[t];
    assign dmv[t]   = dsel_a[t] ? nxq[t] - d[t] : dsel_b[t] ? nd[t] : '0;
  end
  wire [SW-1:0] in_s1   = SW'((in_at + 32'((1 << SLOT_BITS) - 1)) >> SLOT_BITS);
  wire [SW-1:0] in_diff = SW'((in_at + {nd_q[in_t], {SLOT_BITS{1'b1}}}) >> SLOT_BITS);   // in_s1 - d
  wire [SW-1:0] in_dnow = SW'((in_at + {nnow_q, {SLOT_BITS{1'b1}}}) >> SLOT_BITS);      // in_s1 - now_slot
  wire          in_rch  = in_dnow[SW-1] || in_dnow == '0;
  wire          in_pd   = pd_q[in_t];
  wire          in_big  = big_q[in_t];
  wire          in_fr   = (|in_diff[SW-1:SL]) || (&in_diff[SL-1:0]);  // in_diff > S - 2
  always_comb begin
    in_far = 1'b0;
    if (in_rch) begin
      if (!in_pd)      in_ts = d[in_t];
      else if (in_big) in_ts = ds2_q[in_t];
      else             in_ts = now_slot;
    end else if (in_fr) begin
      in_ts  = ds2_q[in_t];
      in_far = 1'b1;
    end else in_ts = in_s1;
  end
  assign in_ti = IDX(in_ts);
  // in_ts - d[in_t], case by case as in_ts (phase 1's candidate 4 once in C0: kk4_q)
  wire [SW-1:0] in_r4 = in_rch ? (!in_pd ? '0 : in_big ? S_M2 : nd[in_t]) : in_fr ? S_M2 : in_diff;
  wire lt_in = l_drn ? dt[c1_t][sy][IW-1:0] == in_id : l_w == in_id;  // l_tail's id is the input's

  // the advance's phase 1: the slot to load, the first marked one up to now (the search
  // that read the bitmap two cycles before, fq_*), and not beyond a slot marked at the last
  // two edges (mk2, mk: after that bitmap) nor a target of the command in C1, in C0 or at
  // the input (their links mark it only at their edge). A parallel minimum of the
  // candidates' distances from d (now's, the two marks', the three targets', the search's;
  // one at or behind d is none), compared pairwise at once (a tie goes to the earlier one:
  // the same slot), and the winner's absolute slot selected one-hot: no adder after the min
  localparam int NK = 7;
  localparam int KI = 5;      // the input's candidate
  wire [SL-1:0] nxq_idx [2];
  wire [TGW-1:0] nxq_tag [2];
  for (genvar t = 0; t < 2; t++) begin : g_lim
    logic [SW-1:0] kk [NK];   // distance from d
    logic [SW-1:0] ka [NK];   // absolute slot
    logic [NK-1:0] kv;        // a candidate
    // (the distances registered: kk1_q..kk4_q are of their stage's type, the only one for
    // which the candidate is one)
    assign kk[0] = ndr_q[t];           assign ka[0] = now_slot;   assign kv[0] = 1'b1;
    assign kk[1] = kk1_q;              assign ka[1] = mk2_s;
    assign kv[1] = mk2_v && mk2_t == 1'(t) && !kk[1][SW-1] && kk[1] != '0;
    assign kk[2] = kk2_q;              assign ka[2] = mk_s;
    assign kv[2] = mk_v && mk_t == 1'(t) && !kk[2][SW-1] && kk[2] != '0;
    assign kk[3] = kk3_q;              assign ka[3] = k_c1ts;
    assign kv[3] = c1_v && c1_t == 1'(t) && !kk[3][SW-1] && kk[3] != '0;
    assign kk[4] = kk4_q;              assign ka[4] = k_c0ts;
    assign kv[4] = c0_v && c0_t == 1'(t) && !kk[4][SW-1] && kk[4] != '0;
    // the input's target: in phase 1 (past_d) it can be nearer than now's slot (candidate 0,
    // always one) only when the drain stands more than S - 2 slots behind now (nd_big), and
    // then it is the parking slot d + S - 2 whatever the deadline (a reached deadline is filed
    // at d + S - 2 then; one not reached is beyond now's slot, so more than S - 2 ahead of d:
    // parked); in every other case its distance from d is now's (a tie: the same slot) or
    // more. So the candidate is d + S - 2 when nd_big, and the deadline's adder, its compares
    // and the input's case are not on the way into phase 1 (they were its worst path; the same
    // slot chosen in every cycle in which phase 1 runs)
    assign kk[KI] = S_M2;
    assign ka[KI] = ds2_q[t];
    assign kv[KI] = in_re && in_t == 1'(t) && pd_q[t] && big_q[t];
    assign kk[6] = kk6_q[t];           assign ka[6] = fq_s[t];    assign kv[6] = fq_v[t];
    // (every term a continuous assignment: Icarus 11 would wake an always_comb that writes
    // a vector bit by bit with a variable index)
    logic [SW-1:0] sel [NK];
    // Per pair (i, j) two single wires in g_i[i].g_j[j]: jb, for j > i candidate j strictly
    // nearer than i, and bt, candidate i not beaten by j (for j < i from g_i[j].g_j[i].jb);
    // win, in g_i[i], their AND. (Single wires, not a vector per i: Verilator writes a bit of a vector
    // as a masked update of the whole vector, about ten instructions, and these 98 bits per
    // type were 18 % of the wheel's lock-step bench; the netlist is the same.)
    for (genvar i = 0; i < NK; i++) begin : g_i
      for (genvar j = 0; j < NK; j++) begin : g_j
        /* verilator lint_off UNUSEDSIGNAL */  // jb is read for j > i only (by g_i[j].g_j[i])
        wire jb;
        /* verilator lint_on UNUSEDSIGNAL */
        wire bt;
        if (j > i) begin : g_c
          assign jb = kk[j] < kk[i];
          assign bt = !(kv[j] && jb);
        end else if (j < i) begin : g_b
          assign jb = 1'b0;
          assign bt = !(kv[j] && !g_i[j].g_j[i].jb);
        end else begin : g_s
          assign jb = 1'b0;
          assign bt = 1'b1;
        end
      end
      wire win = kv[i] && g_j[0].bt && g_j[1].bt && g_j[2].bt && g_j[3].bt && g_j[4].bt &&
                 g_j[5].bt && g_j[6].bt;   // its NK = 7 terms
      assign sel[i] = win ? ka[i] : '0;
    end
    assign nxq_n[t] = sel[0] | sel[1] | sel[2] | sel[3] | sel[4] | sel[5] | sel[6];
    // the chosen slot's bitmap bit, without reading the bitmap after nxq_n: the search's
    // slot (6) and the slots marked at the last two edges (1, 2) are marked; now's slot and
    // the commands' targets (0, 3, 4, KI) are not unless one of those is the same slot (a
    // slot before the search's is unmarked in the bitmap it read, and marked since only at
    // those two edges; no bit after d is cleared while d stays). So the bit is set when a
    // marked candidate is not beaten by an unmarked one (ties: the same slot). Registered
    // with nxq for the load (a link at the edge between marks the slot and writes its side's
    // words, forwarded to the load as w1: for the other sides the bit before that edge is
    // the one that counts, see sa)
    for (genvar m = 0; m < NK; m++) begin : g_mk
      if (m == 1 || m == 2 || m == 6) begin : g_m
        wire ok = kv[m] && !(kv[0] && kk[0] < kk[m]) && !(kv[3] && kk[3] < kk[m]) &&
                  !(kv[4] && kk[4] < kk[m]) && !(kv[KI] && kk[KI] < kk[m]);
      end
    end
    assign ld_bm_n[t] = g_mk[1].g_m.ok || g_mk[2].g_m.ok || g_mk[6].g_m.ok;
    assign nxq_idx[t] = IDX(nxq_n[t]);
    assign nxq_tag[t] = TAG(nxq[t]);
  end
  assign in_re = inj || take_in;

  // =====================================================================================
  // RAM writes: C1's, the drains' toggles, the clear after reset
  // =====================================================================================
  always_comb begin
    rc_we = clearing ? clr < CW'(E) : rec_write;
    rc_wa = clearing ? IW'(clr) : c1_id;
    rc_wd = clearing ? '0 : rec_new;
    rt_we = clearing ? clr < CW'(4 * N) : rec_write && !c1_t;
    rt_wa = clearing ? TW'(clr) : c1_id[TW-1:0];
    rt_wd = clearing ? '0 : drn_w;
    rd_we = clearing ? clr < CW'(N) : rec_write && c1_t;
    rd_wa = clearing ? FW'(clr) : c1_id[FW-1:0];
    rd_wd = clearing ? '0 : drn_w;
    ft_we = clearing ? clr < CW'(4 * N) : pop[0];
    ft_wa = clearing ? TW'(clr) : hid[0][TW-1:0];
    ft_wd = clearing ? 1'b0 : hrec[0][DW-1];
    fd_we = clearing ? clr < CW'(N) : pop[1];
    fd_wa = clearing ? FW'(clr) : hid[1][FW-1:0];
    fd_wd = clearing ? 1'b0 : hrec[1][DW-1];
  end
  always_comb
    for (int z = 0; z < 3; z++) begin
      // nxt: the clear writes side 1 (the side an entry links first), nil
      nx_we[z] = clearing ? (z == 1 && clr < CW'(E)) :
                 (w_unx && q_sxh[z]) || (w_lnx && q_syh[z]) || (do_link && q_szh[z]);
      nx_wa[z] = clearing ? IW'(clr) : (w_unx && q_sxh[z]) ? u_p[IW-1:0] :
                 (w_lnx && q_syh[z]) ? l_tail[IW-1:0] : c1_id;
      nx_wd[z] = clearing ? NIL : (w_unx && q_sxh[z]) ? u_n :
                 (w_lnx && q_syh[z]) ? c1_ptr : NIL;
      pv_we[z] = !clearing && ((w_upv && q_sxh[z]) || (do_link && q_syh[z]));
      pv_wa[z] = (w_upv && q_sxh[z]) ? u_n[IW-1:0] : c1_id;
      pv_wd[z] = (w_upv && q_sxh[z]) ? (u_head ? NIL : u_p) : (l_empty ? NIL : l_tail);
    end
  always_comb
    for (int t = 0; t < 2; t++)
      for (int z = 0; z < 3; z++) begin
        hd_we[t][z] = clearing ? clr < CW'(S) :
                      c1_t == 1'(t) && ((w_uhd && q_sxh[z]) || (w_lhd && q_syh[z]));
        hd_wa[t][z] = clearing ? SL'(clr) : (w_uhd && q_sxh[z]) ? r_idx : c1_tsi;
        hd_wd[t][z] = clearing ? '0 : (w_uhd && q_sxh[z]) ? uhd_w : lnk_w;
        tl_we[t][z] = clearing ? clr < CW'(S) :
                      c1_t == 1'(t) && ((w_utl && q_sxh[z]) || (w_ltl && q_syh[z]));
        tl_wa[t][z] = clearing ? SL'(clr) : (w_utl && q_sxh[z]) ? r_idx : c1_tsi;
        tl_wd[t][z] = clearing ? '0 : (w_utl && q_sxh[z]) ? utl_w : lnk_w;
      end

  // the moves' next state (the registers below), for inj_q and mvs_*
  logic          mv_v_n   [2];
  logic [IW-1:0] mv_id_n  [2];
  logic [7:0]    mv_gen_n [2];
  logic [31:0]   mv_at_n  [2];
  always_comb
    for (int t = 0; t < 2; t++) begin
      mv_v_n[t]   = (pop[t] && h_far[t]) || (mv_v[t] && !(inj && inj_t == 1'(t)));
      mv_id_n[t]  = (pop[t] && h_far[t]) ? hid[t] : mv_id[t];
      mv_gen_n[t] = (pop[t] && h_far[t]) ? hrec[t][39:32] : mv_gen[t];
      mv_at_n[t]  = (pop[t] && h_far[t]) ? hrec[t][31:0] : mv_at[t];
    end

  // s_ready's registered part after this edge (outside the reset and the clear)
  wire rdy_n = !mv_v_n[0] && !mv_v_n[1] && !jump_n[0] && !jump_n[1];

  // =====================================================================================
  // Registers
  // =====================================================================================
  always_ff @(posedge clk) begin
    now_slot  <= now_n;
    now_slot1 <= now_n + SW'(1);
    nnow_q    <= SW'(-now_n);
    for (int t = 0; t < 2; t++) begin
      pd_q[t]  <= pd_n[t];
      big_q[t] <= big_n[t];
      ds2_q[t] <= ds2_n[t];
      nd_q[t]  <= nd_n[t];
    end
    k_c0ts    <= in_ts;
    k_c1ts    <= k_c0ts;
    kk4_q     <= in_r4 - dmv[in_t];
    kk3_q     <= kk4_q - dmv[c0_t];
    for (int t = 0; t < 2; t++) ndr_q[t] <= ndr_n[t];
    if (rst) begin
      clearing <= 1'b1;
      rdy_q    <= 1'b0;
      jump_w[0] <= far_n0;   // (cnt and d reset to 0)
      jump_w[1] <= far_n0;
      clr      <= '0;
      c0_v     <= 1'b0;
      c1_v     <= 1'b0;
      mk_v     <= 1'b0;
      mk2_v    <= 1'b0;
      drop_q   <= '0;
      inj_q    <= 1'b0;
      inj_tq   <= 1'b0;
      for (int t = 0; t < 2; t++) begin
        d[t]    <= '0;
        adv[t]  <= 1'b0;
        ld_bm[t] <= 1'b0;
        for (int w = 0; w < NW; w++) bm[t][w] <= '0;
        nxv[t]  <= 1'b0;
        fq_v[t]  <= 1'b0;
        fq_ok[t] <= 1'b0;
        sa_ok[t] <= 1'b0;
        sa_hi0[t] <= '0;
        sa_lo0[t] <= '0;
        sa_any[t] <= 1'b0;
        cnt[t]  <= '0;
        mv_v[t] <= 1'b0;
        for (int z = 0; z < 3; z++) begin
          dh[t][z] <= NIL;
          dt[t][z] <= NIL;
        end
      end
    end else if (clearing) begin
      inj_q    <= 1'b0;   // (no move during the clear: mv_v stays 0 from the reset)
      fq_ok[0] <= 1'b0;
      fq_ok[1] <= 1'b0;
      sa_ok[0] <= 1'b0;
      sa_ok[1] <= 1'b0;
      if (clr == CW'(CLR - 1)) begin
        clearing <= 1'b0;
        d[0] <= now_slot;
        d[1] <= now_slot;
        jump_w[0] <= cnt_i0[0] && far_nn;
        jump_w[1] <= cnt_i0[1] && far_nn;
        rdy_q <= !mv_v[0] && !mv_v[1] && !(cnt_i0[0] && far_nn) && !(cnt_i0[1] && far_nn);
      end else begin
        clr <= clr + 1'b1;
        jump_w[0] <= cnt_i0[0] && far_nd[0];
        jump_w[1] <= cnt_i0[1] && far_nd[1];
        rdy_q <= 1'b0;
      end
    end else begin
      // the bitmap, word by word (bm_ws / bm_wc / bm_wj below): a node filed into a slot's
      // lists sets its bit; the slot loaded at the last edge (d now) is cleared one edge late,
      // so that no bitmap enable waits for the load decision (until then it is the search's
      // base, whose own bit the search excludes; no advance is in flight in the cycle after a
      // load, and no command marks it: a target is within S - 2 slots after d); the slot
      // jumped to is cleared (a stale mark). A clear wins over a set of the same bit.
      // (the words are visited only in a cycle that writes the type's bitmap: the same
      // enables, and a simulator skips the loop in the other cycles)
      for (int t = 0; t < 2; t++)
        if (bm_wr[t])
          for (int w = 0; w < NW; w++)
            if (bm_ws[t][w] || bm_wc[t][w] || bm_wj[t][w])
              bm[t][w] <= (bm[t][w] | (bm_ws[t][w] ? c1_bbo : '0)) & ~(bm_wc[t][w] ? d_bbo[t] : '0) &
                          ~(bm_wj[t][w] ? n_bbo : '0);
      for (int t = 0; t < 2; t++) begin
        d[t]   <= d_n[t];
        adv[t] <= adv_n[t];
        if (adv_n[t]) begin
          nxq[t]   <= nxq_n[t];
          ld_bm[t] <= ld_bm_n[t];
        end
        // (stage B's search is from a wrong base when sa_ok is low, after a phase 2 that did
        // not load or a jump: then the slot after d, never later than the first with work)
        nxv[t] <= sel_v[t] || !sa_ok[t] || fm_v[t] || mk_ok[t];
        nxs[t] <= sel_v[t] ? d[t] : !sa_ok[t] ? d1[t] : mk_win[t] ? mk_s : fm_s[t];
        sa_hi0[t] <= fa_hi0[t];
        sa_lo0[t] <= fa_lo0[t];
        sa_wd1[t] <= fa_wd1[t];
        sa_w0[t]  <= fa_w0[t];
        sa_w1[t]  <= fa_w1[t];
        sa_b0[t]  <= fa_b0[t];
        sa_any[t] <= fa_any[t];
        sa_aft[t] <= fa_aft[t];
        sa_hi[t]  <= fa_hi[t];
        sa_hi1[t] <= fa_hi1[t];
        fq_v[t]  <= fm_v[t];
        fq_s[t]  <= fm_s[t];
        kk6_q[t] <= kk6_n[t];
        // the base of stage A is d after this edge: the load of the slot it searched from,
        // or d staying; and the base of stage B (the search registered into fq_*) still
        // is d after this edge
        sa_ok[t] <= adv[t] ? load[t] : !(jump_w[t] && !c0_v && !c1_v);
        fq_ok[t] <= sa_ok[t] && !load[t] && !(!adv[t] && jump_w[t] && !c0_v && !c1_v);
        for (int z = 0; z < 3; z++) begin
          dh[t][z] <= dh_n[t][z];
          dt[t][z] <= dt_n[t][z];
        end
        cnt[t] <= cnt[t] + 32'(cnt_inc[t]) - 32'(cnt_dec[t]) - 32'(pop[t]);
        jump_w[t] <= jump_n[t];
        // the moves: a parked head taken, a move injected
        if (pop[t] && h_far[t]) begin
          mv_v[t]   <= 1'b1;
          mv_id[t]  <= hid[t];
          mv_gen[t] <= hrec[t][39:32];
          mv_at[t]  <= hrec[t][31:0];
        end else if (inj && inj_t == 1'(t)) begin
          mv_v[t] <= 1'b0;
        end
      end
      c0_v   <= inj || take_in;
      rdy_q  <= rdy_n;
      inj_q  <= mv_v_n[0] || mv_v_n[1];
      inj_tq <= !mv_v_n[0];
      mvs_id  <= mv_v_n[0] ? mv_id_n[0]  : mv_id_n[1];
      mvs_gen <= mv_v_n[0] ? mv_gen_n[0] : mv_gen_n[1];
      mvs_at  <= mv_v_n[0] ? mv_at_n[0]  : mv_at_n[1];
      mk_v   <= w_ltl;                 // C1 marks its target slot (not drained) at this edge
      mk_t   <= c1_t;
      mk_s   <= c1_ts;
      kk2_q  <= kk3_q - dmv[c1_t];
      mk2_v  <= mk_v;
      mk2_t  <= mk_t;
      mk2_s  <= mk_s;
      kk1_q  <= kk2_q - dmv[mk_t];
      c1_v   <= c0_v;
      c1_op  <= c0_op;
      c1_id  <= c0_id;
      c1_t   <= c0_t;
      c1_ts  <= c0_ts;
      c1_far <= c0_far;
      c1_rch <= c0_rch;
      c1_gen <= c0_gen;
      c1_at  <= c0_at;
      q_rec  <= f_rec;
      q_L    <= f_L;
      q_up   <= f_up;
      q_un   <= f_un;
      q_lw   <= f_lw;
      q_rch  <= f_rch;
      q_drn_a <= f_drn_a;
      q_drn_b <= f_drn_b;
      q_udr_a <= f_slot == c0_d;
      q_udr_b <= f_slot == c0_dq;
      q_lhit  <= f_lh;
      q_bm1   <= bm_c1n;
      for (int t = 0; t < 2; t++) ld_q[t] <= load[t];
      q_sxh   <= 3'b001 << f_sx;
      q_syh   <= 3'b001 << f_sy;
      q_szh   <= 3'b001 << f_sz;
      c0_op  <= in_op;
      c0_id  <= in_id;
      c0_t   <= in_t;
      c0_ts  <= in_ts;
      c0_far <= in_far;
      c0_rch <= in_rch;
      c0_gen <= in_gen;
      c0_at  <= in_at;
      c0_ti  <= in_ti;
      c1_bwo <= NW'(1) << BW(c0_ti);
      c1_bbo <= WB'(1) << BB(c0_ti);
      // C0's forwarding selects: C1's writes of this cycle against the input's words
      fw_rc_q <= rec_write && c1_id == in_id;
      fw_ft_q <= pop[0] && hid[0][TW-1:0] == in_id[TW-1:0];
      fw_fd_q <= pop[1] && hid[1][FW-1:0] == in_id[FW-1:0];
      for (int z = 0; z < 3; z++) begin
        fw_nx_q[z] <= (w_unx && q_sxh[z] && u_p[IW-1:0] == in_id) || (w_lnx && q_syh[z] && lt_in) ||
                      (do_link && q_szh[z] && c1_id == in_id);
        fw_pv_q[z] <= (w_upv && q_sxh[z] && u_n[IW-1:0] == in_id) || (do_link && q_syh[z] && c1_id == in_id);
      end
      if (s_valid && s_ready && in_bad && drop_q != 16'hFFFF) drop_q <= drop_q + 1'b1;
    end
  end

  // =====================================================================================
  // Outputs
  // =====================================================================================
  always_comb begin
    m_tmr_valid = !clearing && sel_v[0] && !blk[0] && !h_far[0];
    m_tmr_kind  = 3'(hid[0][IW-1:FW]);
    m_tmr_flow  = 32'(hid[0][FW-1:0]);
    m_tmr_gen   = hrec[0][39:32];
    m_tmr_at_ns = hrec[0][31:0];
    m_dep_valid = !clearing && sel_v[1] && !blk[1] && !h_far[1];
    m_dep_flow  = 32'(hid[1][FW-1:0]);
    m_dep_at_ns = hrec[1][31:0];
    tmr_moving  = !clearing && sel_v[0] && !blk[0] && h_far[0] && !mv_v[0];
    dep_moving  = !clearing && sel_v[1] && !blk[1] && h_far[1] && !mv_v[1];
    busy        = c0_v || c1_v || mv_v[0] || mv_v[1];
    tmr_behind  = !clearing && past_d1[0];
    dep_behind  = !clearing && past_d1[1];
    tmr_count   = cnt[0];
    dep_count   = cnt[1];
    tmr_drain_ns = {d[0], {SLOT_BITS{1'b0}}};
    dep_drain_ns = {d[1], {SLOT_BITS{1'b0}}};
    tmr_next_valid = nxv[0];
    tmr_next_ns    = {nxs[0], {SLOT_BITS{1'b0}}};
    dep_next_valid = nxv[1];
    dep_next_ns    = {nxs[1], {SLOT_BITS{1'b0}}};
    dropped     = drop_q;
  end

`ifndef SYNTHESIS
`ifndef FORMAL
`ifndef DCQCN_NO_SIM_CHECKS
  // =====================================================================================
  // The retiming's check (simulators only): the registered jump test, stepped and s_ready
  // equal, in every cycle after the first reset, the combinational ones they replaced
  // (2026-11-29), so that every lock-step and Icarus bench proves the retiming
  // =====================================================================================
  // (the jump test as it was: the signed test now_slot - d > 64, true for [65, 2^(SW-1) +
  // 63], OR the sign bit of now_slot - d, true for [2^(SW-1), 2^SW - 1]: exactly [65, 2^SW
  // - 1]; s_ready as it was)
  wire chk_far64 [2], chk_jump [2];
  for (genvar t = 0; t < 2; t++) begin : g_chk
    wire [SW-1:0] nd0 = now_slot - d[t];
    assign chk_far64[t] = !LE0(now_slot, d[t] + SW'(64)) || nd0[SW-1];
    assign chk_jump[t]  = cnt[t] == '0 && chk_far64[t];
  end
  wire [SW-1:0] chk_step = now_ns[31:SLOT_BITS] - now_slot;
  wire chk_stepped = !LE0(now_ns[31:SLOT_BITS], now_slot + SW'(1)) || chk_step[SW-1];
  wire chk_ready = !clearing && !mv_v[0] && !mv_v[1] && !chk_jump[0] && !chk_jump[1] && !chk_stepped;
  // (and phase 1's copies of C0's and C1's target slots, k_c0ts and k_c1ts, equal to them
  // while their stage holds a command); and each factor of the jump apart, in every cycle (the jump itself is rare: a factor's
  // error would otherwise show only when the other factor holds): the distance test chosen
  // for d's next value, and cnt's next-is-zero, registered here and compared with the
  // combinational far64 and cnt == 0
  // (Defining DCQCN_NO_SIM_CHECKS leaves it out, for a flow that cannot take a runtime
  // $fatal. Every model of the project runs it: the lock-step and Icarus benches and the
  // network simulator's models, where it costs no measurable time. A $fatal gives a
  // Verilated model a scope, whose destruction with several models each in its own context
  // needs the care of verilator/dut.h, without which dcqcn-sim hung at its exit.)
  logic chk_on;
  logic chk_farq [2], chk_czq [2];
  initial chk_on = 1'b0;
  always @(posedge clk) begin
    if (chk_on && (jump_w[0] !== chk_jump[0] || jump_w[1] !== chk_jump[1] ||
                   stepped !== chk_stepped || s_ready !== chk_ready ||
                   chk_farq[0] !== chk_far64[0] || chk_farq[1] !== chk_far64[1] ||
                   chk_czq[0] !== (cnt[0] == '0) || chk_czq[1] !== (cnt[1] == '0) ||
                   (c0_v && k_c0ts !== c0_ts) || (c1_v && k_c1ts !== c1_ts)))
      $fatal(1, "dcqcn_nic_wheel: the registered jump test or s_ready differs from the combinational one (jump %b%b/%b%b far %b%b/%b%b cnt==0 %b%b/%b%b stepped %b/%b s_ready %b/%b)",
             jump_w[1], jump_w[0], chk_jump[1], chk_jump[0], chk_farq[1], chk_farq[0],
             chk_far64[1], chk_far64[0], chk_czq[1], chk_czq[0], cnt[1] == '0, cnt[0] == '0,
             stepped, chk_stepped, s_ready, chk_ready);
    if (chk_on && (pd_q[0] !== past_d[0] || pd_q[1] !== past_d[1] || big_q[0] !== nd_big[0] ||
                   big_q[1] !== nd_big[1] || ds2_q[0] !== d_s2[0] || ds2_q[1] !== d_s2[1] ||
                   {nd_q[0], {SLOT_BITS{1'b1}}} !== c_d[0] || {nd_q[1], {SLOT_BITS{1'b1}}} !== c_d[1] ||
                   {nnow_q, {SLOT_BITS{1'b1}}} !== c_now))
      $fatal(1, "dcqcn_nic_wheel: the input's registered terms differ from the combinational ones (past_d %b%b/%b%b nd_big %b%b/%b%b d_s2 %h %h/%h %h -d %h %h/%h %h -now %h/%h)",
             pd_q[1], pd_q[0], past_d[1], past_d[0], big_q[1], big_q[0], nd_big[1], nd_big[0],
             ds2_q[1], ds2_q[0], d_s2[1], d_s2[0], nd_q[1], nd_q[0], c_d[1][31:SLOT_BITS],
             c_d[0][31:SLOT_BITS], nnow_q, c_now[31:SLOT_BITS]);
    if (chk_on && c1_v && (c1_bwo !== NW'(1) << BW(c1_tsi) || c1_bbo !== WB'(1) << BB(c1_tsi)))
      $fatal(1, "dcqcn_nic_wheel: C1's registered bitmap one-hots differ from its target's index %h", c1_tsi);
    if (chk_on && (ndr_q[0] !== nd[0] || ndr_q[1] !== nd[1] || (c0_v && kk4_q !== SW'(k_c0ts - d[c0_t])) ||
                   (c1_v && kk3_q !== SW'(k_c1ts - d[c1_t])) || (mk_v && kk2_q !== SW'(mk_s - d[mk_t])) ||
                   (mk2_v && kk1_q !== SW'(mk2_s - d[mk2_t])) || (fq_v[0] && kk6_q[0] !== SW'(fq_s[0] - d[0])) ||
                   (fq_v[1] && kk6_q[1] !== SW'(fq_s[1] - d[1]))))
      $fatal(1, "dcqcn_nic_wheel: phase 1's registered distances differ from the subtractions (now %h %h/%h %h, C0 %b %h/%h, C1 %b %h/%h, mk %b %h/%h, mk2 %b %h/%h, search %b%b %h %h/%h %h)",
             ndr_q[1], ndr_q[0], nd[1], nd[0], c0_v, kk4_q, SW'(k_c0ts - d[c0_t]), c1_v, kk3_q, SW'(k_c1ts - d[c1_t]),
             mk_v, kk2_q, SW'(mk_s - d[mk_t]), mk2_v, kk1_q, SW'(mk2_s - d[mk2_t]), fq_v[1], fq_v[0],
             kk6_q[1], kk6_q[0], SW'(fq_s[1] - d[1]), SW'(fq_s[0] - d[0]));
    if (chk_on && c1_v && q_bm1 !== bm_c1)
      $fatal(1, "dcqcn_nic_wheel: C1's registered bitmap bit %b differs from the bitmap's %b at index %h (type %0d)",
             q_bm1, bm_c1, c1_tsi, c1_t);
    if (rst) chk_on <= 1'b1;
    for (int t = 0; t < 2; t++) begin
      chk_farq[t] <= rst ? far_n0 : clearing ? ((clr == CW'(CLR - 1)) ? far_nn : far_nd[t]) :
                     load[t] ? far_nq[t] : (!adv[t] && jump_w[t] && !c0_v && !c1_v) ? far_nn : far_nd[t];
      chk_czq[t]  <= rst ? 1'b1 : clearing ? cnt_i0[t] : cnt_zn[t];
    end
  end
`endif
`endif
`endif

endmodule

`resetall
