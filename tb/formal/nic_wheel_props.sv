// SPDX-License-Identifier: MIT
// Formal harness of rtl/dcqcn_nic_wheel.sv (issue 24: "no entry fires early, none is lost
// and none fires twice"). NOT IN CTEST (tb/formal/README.md, "The NIC's timing wheel"): the
// properties are stated on the ports; the inductive proof (scripts/formal.sh nic_wheel SAFE
// kind 2: 1-induction with the lemmas below, on the RTL's registers and RAM words) costs
// 10 to 12 minutes of Yosys front end alone, over CTest's budget, and had not closed when
// the last round stopped (the README lists where it stands). Both properties were FALSE on the RTL
// before 2026-11-28 once 2^32 ns had passed (a slot word the drain left in RAM aliased its
// slot number again: the directed trace tb/formal/nic_wheel_wrap_props.sv); the RTL's
// bitmap and side bits (sa) fixed it.
//
// NUM_FLOWS = 4 (20 entries: kinds 0..3 and the departure of 4 flows), SLOT_BITS = 1 (2 ns
// slots), SLOTS_LOG2 = 4 (16 slots: an entry more than 14 slots ahead is parked), the RAMs
// kept (the lists are the state the properties are about: cut, the properties fail; Yosys
// maps them to registers). The properties read the ports only; the lemmas (FORMAL_KIND)
// read the RTL's registers (`connect SAFE:` lines) and RAM words (`mem SAFE:` lines, named
// after memory_map) and are asserted too: facts of the RTL, proved with the properties.
//
// Environment:
//   - rst high in the first cycle, low after (the RAM clear runs: CLR = max(5 N, S) = 20
//     cycles; the uncleared RAMs, nxt sides 0 and 2 and every prv word, start free);
//   - now_ns = the last cycle's now + a free 0..63 ns: one-slot steps, multi-slot steps
//     (s_ready drops for a cycle) and steps beyond the 32 ns wheel (the drain jumps);
//   - the time horizon, ASSUMED (docs/nic.md, "The wheel engine": the contract requires
//     that no drain stands 2^31 ns behind now): now_ns - tmr_drain_ns and now_ns -
//     dep_drain_ns stay below 2^28 ns (ports). It constrains only now's steps while a
//     type's head waits untaken; without a bound of this kind the properties are false
//     (now can run 2^31 ns past a waiting entry, and the signed compares wrap);
//   - an ARM's deadline s_at_ns = now_ns + a free -128..+127 ns: reached, due in this
//     slot, in the wheel, parked beyond it (the 2^31 time rule kept);
//   - s_op, s_kind, s_flow (32 bits: bad commands are dropped and never armed), s_gen and
//     both readies free on every cycle.
// Properties (group SAFE = both):
//   CHECK_EARLY  an entry leaves (m_tmr or m_dep taken) only when its deadline has come:
//                at <= the last cycle's now (the engine's eligibility is its registered
//                now's slot; an entry is due once its deadline's slot has ended)
//   CHECK_MATCH  for one tracked entry (te, a free constant: the proof covers every
//                entry), it leaves only while armed (not disarmed, not taken since its
//                last ARM: never twice) and with the tag and deadline of its last ARM
//                (never stale). An ARM or DISARM accepted at s_* is in force from that
//                edge (the engine blocks a head whose entry is in C0).
// Not here as a property: "none is lost" (an armed entry leaves within K cycles of its
// slot's end, K of tb/ref/nic_wheel_check.h: liveness). Its safety half is in the lemmas:
// an armed entry is linked (or its move is in flight) in a list of a slot at or after the
// drain's, whose bitmap bit is set (MATCH's shadow lemma, the list and word lemmas), and
// reachable from its list's head (a ghost rank per entry, its place in its list: no linked
// cycle detached from the head).
//
// The lemmas (FORMAL_KIND; formal.sh kind: initial states the base case's, init high, and
// with kstep any state in which every lemma holds; a BMC of 2 frames): the clear (words
// below clr zero, everything empty); time (now_slot = now_q / 2, d within 2^27 slots of
// it, an advance's target in (d, now], no marked slot in between); the retiming's
// registers (now_slot1 = now_slot + 1, jump_w = cnt == 0 and now_slot - d > 64 unsigned,
// rdy_q = !clearing with no move and no jump, k_c0ts / k_c1ts = c0_ts / c1_ts while C0 /
// C1 holds a command: the relations of the RTL's simulation-only check); the bitmap (the
// drained index clear but for the cycle after a load, the marks mk / mk2 in the window,
// stage A's registers = the bitmap of the cycle before modulo mk, stage B's no marked slot
// before fq_s but mk / mk2); the slot words (both tail copies equal; a counted word
// (bitmap and side bit) lies in the window and names a linked entry of that slot and side,
// with prv (head) or nxt (tail) nil; every linked entry of a slot other than d has its
// bits, and is named by the head / tail word when it is first / last; the last write of
// each RAM is in the RAM; the advance's read registers and ld_bm count as the bitmap
// does); per entry (its side <= 2 and the next side's nxt nil in both copies; the drain
// copy of its record; linked: within S - 2 slots after d, the successor / predecessor
// linked with the same side and slot and pointing back, the drained slot's head and tail
// registers, EARLY's deadline bound and the horizon's); the drains (a head and tail
// linked at d, the tail's nxt nil, the head's record copy and successor as read); C0 (its
// words as read and forwarded equal the RAM's); C1 (its decode equals the RAM's, its
// target within the window, not between d and an advance's slot); the moves (a moving
// entry unlinked, parked, its gen / at its record's); the counts; MATCH's shadow (the
// last command for te in C0, else in C1, else linked or moving, with its gen and at).
//! formal.sh rtl: dcqcn_ram_sdp.sv dcqcn_nic_wheel.sv
//! formal.sh cut: none
//! formal.sh group SAFE: EARLY MATCH
//! formal.sh connect SAFE: h_now_slot dut.now_slot
//! formal.sh connect SAFE: h_clearing dut.clearing
//! formal.sh connect SAFE: h_clr dut.clr
//! formal.sh connect SAFE: h_inj_q dut.inj_q
//! formal.sh connect SAFE: h_inj_tq dut.inj_tq
//! formal.sh connect SAFE: h_mvs_id dut.mvs_id
//! formal.sh connect SAFE: h_mvs_gen dut.mvs_gen
//! formal.sh connect SAFE: h_mvs_at dut.mvs_at
//! formal.sh connect SAFE: h_c0_v dut.c0_v
//! formal.sh connect SAFE: h_c0_op dut.c0_op
//! formal.sh connect SAFE: h_c0_id dut.c0_id
//! formal.sh connect SAFE: h_c0_t dut.c0_t
//! formal.sh connect SAFE: h_c0_ts dut.c0_ts
//! formal.sh connect SAFE: h_c0_far dut.c0_far
//! formal.sh connect SAFE: h_c0_rch dut.c0_rch
//! formal.sh connect SAFE: h_c0_gen dut.c0_gen
//! formal.sh connect SAFE: h_c0_at dut.c0_at
//! formal.sh connect SAFE: h_c0_ti dut.c0_ti
//! formal.sh connect SAFE: h_c1_v dut.c1_v
//! formal.sh connect SAFE: h_c1_op dut.c1_op
//! formal.sh connect SAFE: h_c1_id dut.c1_id
//! formal.sh connect SAFE: h_c1_t dut.c1_t
//! formal.sh connect SAFE: h_c1_ts dut.c1_ts
//! formal.sh connect SAFE: h_c1_far dut.c1_far
//! formal.sh connect SAFE: h_c1_rch dut.c1_rch
//! formal.sh connect SAFE: h_c1_gen dut.c1_gen
//! formal.sh connect SAFE: h_c1_at dut.c1_at
//! formal.sh connect SAFE: h_q_rec dut.q_rec
//! formal.sh connect SAFE: h_q_L dut.q_L
//! formal.sh connect SAFE: h_q_up dut.q_up
//! formal.sh connect SAFE: h_q_un dut.q_un
//! formal.sh connect SAFE: h_q_lw dut.q_lw
//! formal.sh connect SAFE: h_q_rch dut.q_rch
//! formal.sh connect SAFE: h_q_lhit dut.q_lhit
//! formal.sh connect SAFE: h_q_sxh dut.q_sxh
//! formal.sh connect SAFE: h_q_syh dut.q_syh
//! formal.sh connect SAFE: h_q_szh dut.q_szh
//! formal.sh connect SAFE: h_mk_v dut.mk_v
//! formal.sh connect SAFE: h_mk_t dut.mk_t
//! formal.sh connect SAFE: h_mk_s dut.mk_s
//! formal.sh connect SAFE: h_mk2_v dut.mk2_v
//! formal.sh connect SAFE: h_mk2_t dut.mk2_t
//! formal.sh connect SAFE: h_mk2_s dut.mk2_s
//! formal.sh connect SAFE: h_w1_rc_wd dut.w1_rc_wd
//! formal.sh connect SAFE: h_w1_ft_wd dut.w1_ft_wd
//! formal.sh connect SAFE: h_w1_fd_wd dut.w1_fd_wd
//! formal.sh connect SAFE: h_fw_rc_q dut.fw_rc_q
//! formal.sh connect SAFE: h_fw_ft_q dut.fw_ft_q
//! formal.sh connect SAFE: h_fw_fd_q dut.fw_fd_q
//! formal.sh connect SAFE: h_c1_drn dut.c1_drn
//! formal.sh connect SAFE: h_u_drn dut.u_drn
//! formal.sh connect SAFE: h_f_rec dut.f_rec
//! formal.sh connect SAFE: h_f_L dut.f_L
//! formal.sh connect SAFE: h_d0 dut.d[0]
//! formal.sh connect SAFE: h_d1 dut.d[1]
//! formal.sh connect SAFE: h_adv0 dut.adv[0]
//! formal.sh connect SAFE: h_adv1 dut.adv[1]
//! formal.sh connect SAFE: h_nxq0 dut.nxq[0]
//! formal.sh connect SAFE: h_nxq1 dut.nxq[1]
//! formal.sh connect SAFE: h_ld_bm0 dut.ld_bm[0]
//! formal.sh connect SAFE: h_ld_bm1 dut.ld_bm[1]
//! formal.sh connect SAFE: h_ld_q0 dut.ld_q[0]
//! formal.sh connect SAFE: h_ld_q1 dut.ld_q[1]
//! formal.sh connect SAFE: h_cnt0 dut.cnt[0]
//! formal.sh connect SAFE: h_cnt1 dut.cnt[1]
//! formal.sh connect SAFE: h_mv_v0 dut.mv_v[0]
//! formal.sh connect SAFE: h_mv_v1 dut.mv_v[1]
//! formal.sh connect SAFE: h_mv_id0 dut.mv_id[0]
//! formal.sh connect SAFE: h_mv_id1 dut.mv_id[1]
//! formal.sh connect SAFE: h_mv_gen0 dut.mv_gen[0]
//! formal.sh connect SAFE: h_mv_gen1 dut.mv_gen[1]
//! formal.sh connect SAFE: h_mv_at0 dut.mv_at[0]
//! formal.sh connect SAFE: h_mv_at1 dut.mv_at[1]
//! formal.sh connect SAFE: h_fq_v0 dut.fq_v[0]
//! formal.sh connect SAFE: h_fq_v1 dut.fq_v[1]
//! formal.sh connect SAFE: h_fq_s0 dut.fq_s[0]
//! formal.sh connect SAFE: h_fq_s1 dut.fq_s[1]
//! formal.sh connect SAFE: h_fq_ok0 dut.fq_ok[0]
//! formal.sh connect SAFE: h_fq_ok1 dut.fq_ok[1]
//! formal.sh connect SAFE: h_sa_ok0 dut.sa_ok[0]
//! formal.sh connect SAFE: h_sa_ok1 dut.sa_ok[1]
//! formal.sh connect SAFE: h_sa_hi00 dut.sa_hi0[0]
//! formal.sh connect SAFE: h_sa_hi01 dut.sa_hi0[1]
//! formal.sh connect SAFE: h_sa_lo00 dut.sa_lo0[0]
//! formal.sh connect SAFE: h_sa_lo01 dut.sa_lo0[1]
//! formal.sh connect SAFE: h_sa_wd10 dut.sa_wd1[0]
//! formal.sh connect SAFE: h_sa_wd11 dut.sa_wd1[1]
//! formal.sh connect SAFE: h_sa_w00 dut.sa_w0[0]
//! formal.sh connect SAFE: h_sa_w01 dut.sa_w0[1]
//! formal.sh connect SAFE: h_sa_w10 dut.sa_w1[0]
//! formal.sh connect SAFE: h_sa_w11 dut.sa_w1[1]
//! formal.sh connect SAFE: h_sa_b00 dut.sa_b0[0]
//! formal.sh connect SAFE: h_sa_b01 dut.sa_b0[1]
//! formal.sh connect SAFE: h_sa_any0 dut.sa_any[0]
//! formal.sh connect SAFE: h_sa_any1 dut.sa_any[1]
//! formal.sh connect SAFE: h_sa_aft0 dut.sa_aft[0]
//! formal.sh connect SAFE: h_sa_aft1 dut.sa_aft[1]
//! formal.sh connect SAFE: h_sa_hi0 dut.sa_hi[0]
//! formal.sh connect SAFE: h_sa_hi1 dut.sa_hi[1]
//! formal.sh connect SAFE: h_sa_hi10 dut.sa_hi1[0]
//! formal.sh connect SAFE: h_sa_hi11 dut.sa_hi1[1]
//! formal.sh connect SAFE: h_hrec0 dut.hrec[0]
//! formal.sh connect SAFE: h_hrec1 dut.hrec[1]
//! formal.sh connect SAFE: h_hid0 dut.hid[0]
//! formal.sh connect SAFE: h_hid1 dut.hid[1]
//! formal.sh connect SAFE: h_sel_v0 dut.sel_v[0]
//! formal.sh connect SAFE: h_sel_v1 dut.sel_v[1]
//! formal.sh connect SAFE: h_dh0 dut.dh[0]
//! formal.sh connect SAFE: h_dh1 dut.dh[1]
//! formal.sh connect SAFE: h_dh2 dut.dh[2]
//! formal.sh connect SAFE: h_dh3 dut.dh[3]
//! formal.sh connect SAFE: h_dh4 dut.dh[4]
//! formal.sh connect SAFE: h_dh5 dut.dh[5]
//! formal.sh connect SAFE: h_dt0 dut.dt[0]
//! formal.sh connect SAFE: h_dt1 dut.dt[1]
//! formal.sh connect SAFE: h_dt2 dut.dt[2]
//! formal.sh connect SAFE: h_dt3 dut.dt[3]
//! formal.sh connect SAFE: h_dt4 dut.dt[4]
//! formal.sh connect SAFE: h_dt5 dut.dt[5]
//! formal.sh connect SAFE: h_w1_hd_we0 dut.w1_hd_we[0]
//! formal.sh connect SAFE: h_w1_hd_we1 dut.w1_hd_we[1]
//! formal.sh connect SAFE: h_w1_hd_we2 dut.w1_hd_we[2]
//! formal.sh connect SAFE: h_w1_hd_we3 dut.w1_hd_we[3]
//! formal.sh connect SAFE: h_w1_hd_we4 dut.w1_hd_we[4]
//! formal.sh connect SAFE: h_w1_hd_we5 dut.w1_hd_we[5]
//! formal.sh connect SAFE: h_w1_hd_wa0 dut.w1_hd_wa[0]
//! formal.sh connect SAFE: h_w1_hd_wa1 dut.w1_hd_wa[1]
//! formal.sh connect SAFE: h_w1_hd_wa2 dut.w1_hd_wa[2]
//! formal.sh connect SAFE: h_w1_hd_wa3 dut.w1_hd_wa[3]
//! formal.sh connect SAFE: h_w1_hd_wa4 dut.w1_hd_wa[4]
//! formal.sh connect SAFE: h_w1_hd_wa5 dut.w1_hd_wa[5]
//! formal.sh connect SAFE: h_w1_hd_wd0 dut.w1_hd_wd[0]
//! formal.sh connect SAFE: h_w1_hd_wd1 dut.w1_hd_wd[1]
//! formal.sh connect SAFE: h_w1_hd_wd2 dut.w1_hd_wd[2]
//! formal.sh connect SAFE: h_w1_hd_wd3 dut.w1_hd_wd[3]
//! formal.sh connect SAFE: h_w1_hd_wd4 dut.w1_hd_wd[4]
//! formal.sh connect SAFE: h_w1_hd_wd5 dut.w1_hd_wd[5]
//! formal.sh connect SAFE: h_w1_tl_we0 dut.w1_tl_we[0]
//! formal.sh connect SAFE: h_w1_tl_we1 dut.w1_tl_we[1]
//! formal.sh connect SAFE: h_w1_tl_we2 dut.w1_tl_we[2]
//! formal.sh connect SAFE: h_w1_tl_we3 dut.w1_tl_we[3]
//! formal.sh connect SAFE: h_w1_tl_we4 dut.w1_tl_we[4]
//! formal.sh connect SAFE: h_w1_tl_we5 dut.w1_tl_we[5]
//! formal.sh connect SAFE: h_w1_tl_wa0 dut.w1_tl_wa[0]
//! formal.sh connect SAFE: h_w1_tl_wa1 dut.w1_tl_wa[1]
//! formal.sh connect SAFE: h_w1_tl_wa2 dut.w1_tl_wa[2]
//! formal.sh connect SAFE: h_w1_tl_wa3 dut.w1_tl_wa[3]
//! formal.sh connect SAFE: h_w1_tl_wa4 dut.w1_tl_wa[4]
//! formal.sh connect SAFE: h_w1_tl_wa5 dut.w1_tl_wa[5]
//! formal.sh connect SAFE: h_w1_tl_wd0 dut.w1_tl_wd[0]
//! formal.sh connect SAFE: h_w1_tl_wd1 dut.w1_tl_wd[1]
//! formal.sh connect SAFE: h_w1_tl_wd2 dut.w1_tl_wd[2]
//! formal.sh connect SAFE: h_w1_tl_wd3 dut.w1_tl_wd[3]
//! formal.sh connect SAFE: h_w1_tl_wd4 dut.w1_tl_wd[4]
//! formal.sh connect SAFE: h_w1_tl_wd5 dut.w1_tl_wd[5]
//! formal.sh connect SAFE: h_tc_rd0 dut.tc_rd[0]
//! formal.sh connect SAFE: h_tc_rd1 dut.tc_rd[1]
//! formal.sh connect SAFE: h_tc_rd2 dut.tc_rd[2]
//! formal.sh connect SAFE: h_tc_rd3 dut.tc_rd[3]
//! formal.sh connect SAFE: h_tc_rd4 dut.tc_rd[4]
//! formal.sh connect SAFE: h_tc_rd5 dut.tc_rd[5]
//! formal.sh connect SAFE: h_w1_nx_we0 dut.w1_nx_we[0]
//! formal.sh connect SAFE: h_w1_nx_we1 dut.w1_nx_we[1]
//! formal.sh connect SAFE: h_w1_nx_we2 dut.w1_nx_we[2]
//! formal.sh connect SAFE: h_w1_nx_wa0 dut.w1_nx_wa[0]
//! formal.sh connect SAFE: h_w1_nx_wa1 dut.w1_nx_wa[1]
//! formal.sh connect SAFE: h_w1_nx_wa2 dut.w1_nx_wa[2]
//! formal.sh connect SAFE: h_w1_nx_wd0 dut.w1_nx_wd[0]
//! formal.sh connect SAFE: h_w1_nx_wd1 dut.w1_nx_wd[1]
//! formal.sh connect SAFE: h_w1_nx_wd2 dut.w1_nx_wd[2]
//! formal.sh connect SAFE: h_w1_pv_wd0 dut.w1_pv_wd[0]
//! formal.sh connect SAFE: h_w1_pv_wd1 dut.w1_pv_wd[1]
//! formal.sh connect SAFE: h_w1_pv_wd2 dut.w1_pv_wd[2]
//! formal.sh connect SAFE: h_fw_nx_q0 dut.fw_nx_q[0]
//! formal.sh connect SAFE: h_fw_nx_q1 dut.fw_nx_q[1]
//! formal.sh connect SAFE: h_fw_nx_q2 dut.fw_nx_q[2]
//! formal.sh connect SAFE: h_fw_pv_q0 dut.fw_pv_q[0]
//! formal.sh connect SAFE: h_fw_pv_q1 dut.fw_pv_q[1]
//! formal.sh connect SAFE: h_fw_pv_q2 dut.fw_pv_q[2]
//! formal.sh connect SAFE: h_nx_rd0 dut.nx_rd[0]
//! formal.sh connect SAFE: h_nx_rd1 dut.nx_rd[1]
//! formal.sh connect SAFE: h_nx_rd2 dut.nx_rd[2]
//! formal.sh connect SAFE: h_pv_rd0 dut.pv_rd[0]
//! formal.sh connect SAFE: h_pv_rd1 dut.pv_rd[1]
//! formal.sh connect SAFE: h_pv_rd2 dut.pv_rd[2]
//! formal.sh connect SAFE: h_nt_ra_q0 dut.nt_ra_q[0]
//! formal.sh connect SAFE: h_nt_ra_q1 dut.nt_ra_q[1]
//! formal.sh connect SAFE: h_nt_ra_q2 dut.nt_ra_q[2]
//! formal.sh connect SAFE: h_nd_ra_q0 dut.nd_ra_q[0]
//! formal.sh connect SAFE: h_nd_ra_q1 dut.nd_ra_q[1]
//! formal.sh connect SAFE: h_nd_ra_q2 dut.nd_ra_q[2]
//! formal.sh connect SAFE: h_nt_rd0 dut.nt_rd[0]
//! formal.sh connect SAFE: h_nt_rd1 dut.nt_rd[1]
//! formal.sh connect SAFE: h_nt_rd2 dut.nt_rd[2]
//! formal.sh connect SAFE: h_nd_rd0 dut.nd_rd[0]
//! formal.sh connect SAFE: h_nd_rd1 dut.nd_rd[1]
//! formal.sh connect SAFE: h_nd_rd2 dut.nd_rd[2]
//! formal.sh connect SAFE: h_rc_rd dut.rc_rd
//! formal.sh connect SAFE: h_ft_rd dut.ft_rd
//! formal.sh connect SAFE: h_fd_rd dut.fd_rd
//! formal.sh mem SAFE: m_rec dut.u_rec.mem 75 20
//! formal.sh mem SAFE: m_rt dut.u_rec_t.mem 42 16
//! formal.sh mem SAFE: m_rd dut.u_rec_d.mem 42 4
//! formal.sh mem SAFE: m_ft dut.u_fired_t.mem 1 16
//! formal.sh mem SAFE: m_fd dut.u_fired_d.mem 1 4
//! formal.sh mem SAFE: m_bm dut.bm 16 2
//! formal.sh mem SAFE: m_nx0 dut.g_side[0].u_nxt.mem 6 20
//! formal.sh mem SAFE: m_pv0 dut.g_side[0].u_prv.mem 6 20
//! formal.sh mem SAFE: m_nt0 dut.g_side[0].u_nxt_t.mem 6 16
//! formal.sh mem SAFE: m_nd0 dut.g_side[0].u_nxt_d.mem 6 4
//! formal.sh mem SAFE: m_hd00 dut.g_side[0].g_type[0].u_hd.mem 33 16
//! formal.sh mem SAFE: m_tc00 dut.g_side[0].g_type[0].u_tl_c.mem 33 16
//! formal.sh mem SAFE: m_tr00 dut.g_side[0].g_type[0].u_tl_r.mem 33 16
//! formal.sh mem SAFE: m_sa00 dut.g_sa[0].g_sa_z[0].sa_m 1 16
//! formal.sh mem SAFE: m_hd10 dut.g_side[0].g_type[1].u_hd.mem 33 16
//! formal.sh mem SAFE: m_tc10 dut.g_side[0].g_type[1].u_tl_c.mem 33 16
//! formal.sh mem SAFE: m_tr10 dut.g_side[0].g_type[1].u_tl_r.mem 33 16
//! formal.sh mem SAFE: m_sa10 dut.g_sa[1].g_sa_z[0].sa_m 1 16
//! formal.sh mem SAFE: m_nx1 dut.g_side[1].u_nxt.mem 6 20
//! formal.sh mem SAFE: m_pv1 dut.g_side[1].u_prv.mem 6 20
//! formal.sh mem SAFE: m_nt1 dut.g_side[1].u_nxt_t.mem 6 16
//! formal.sh mem SAFE: m_nd1 dut.g_side[1].u_nxt_d.mem 6 4
//! formal.sh mem SAFE: m_hd01 dut.g_side[1].g_type[0].u_hd.mem 33 16
//! formal.sh mem SAFE: m_tc01 dut.g_side[1].g_type[0].u_tl_c.mem 33 16
//! formal.sh mem SAFE: m_tr01 dut.g_side[1].g_type[0].u_tl_r.mem 33 16
//! formal.sh mem SAFE: m_sa01 dut.g_sa[0].g_sa_z[1].sa_m 1 16
//! formal.sh mem SAFE: m_hd11 dut.g_side[1].g_type[1].u_hd.mem 33 16
//! formal.sh mem SAFE: m_tc11 dut.g_side[1].g_type[1].u_tl_c.mem 33 16
//! formal.sh mem SAFE: m_tr11 dut.g_side[1].g_type[1].u_tl_r.mem 33 16
//! formal.sh mem SAFE: m_sa11 dut.g_sa[1].g_sa_z[1].sa_m 1 16
//! formal.sh mem SAFE: m_nx2 dut.g_side[2].u_nxt.mem 6 20
//! formal.sh mem SAFE: m_pv2 dut.g_side[2].u_prv.mem 6 20
//! formal.sh mem SAFE: m_nt2 dut.g_side[2].u_nxt_t.mem 6 16
//! formal.sh mem SAFE: m_nd2 dut.g_side[2].u_nxt_d.mem 6 4
//! formal.sh mem SAFE: m_hd02 dut.g_side[2].g_type[0].u_hd.mem 33 16
//! formal.sh mem SAFE: m_tc02 dut.g_side[2].g_type[0].u_tl_c.mem 33 16
//! formal.sh mem SAFE: m_tr02 dut.g_side[2].g_type[0].u_tl_r.mem 33 16
//! formal.sh mem SAFE: m_sa02 dut.g_sa[0].g_sa_z[2].sa_m 1 16
//! formal.sh mem SAFE: m_hd12 dut.g_side[2].g_type[1].u_hd.mem 33 16
//! formal.sh mem SAFE: m_tc12 dut.g_side[2].g_type[1].u_tl_c.mem 33 16
//! formal.sh mem SAFE: m_tr12 dut.g_side[2].g_type[1].u_tl_r.mem 33 16
//! formal.sh mem SAFE: m_sa12 dut.g_sa[1].g_sa_z[2].sa_m 1 16
//! formal.sh connect SAFE: h_hd_rd0 dut.hd_rd[0]
//! formal.sh connect SAFE: h_hd_rd1 dut.hd_rd[1]
//! formal.sh connect SAFE: h_hd_rd2 dut.hd_rd[2]
//! formal.sh connect SAFE: h_hd_rd3 dut.hd_rd[3]
//! formal.sh connect SAFE: h_hd_rd4 dut.hd_rd[4]
//! formal.sh connect SAFE: h_hd_rd5 dut.hd_rd[5]
//! formal.sh connect SAFE: h_tr_rd0 dut.tr_rd[0]
//! formal.sh connect SAFE: h_tr_rd1 dut.tr_rd[1]
//! formal.sh connect SAFE: h_tr_rd2 dut.tr_rd[2]
//! formal.sh connect SAFE: h_tr_rd3 dut.tr_rd[3]
//! formal.sh connect SAFE: h_tr_rd4 dut.tr_rd[4]
//! formal.sh connect SAFE: h_tr_rd5 dut.tr_rd[5]
//! formal.sh connect SAFE: h_adv_ra_q0 dut.adv_ra_q[0]
//! formal.sh connect SAFE: h_adv_ra_q1 dut.adv_ra_q[1]
//! formal.sh connect SAFE: h_do_link dut.do_link
//! formal.sh connect SAFE: h_do_unlink dut.do_unlink
//! formal.sh connect SAFE: h_l_empty dut.l_empty
//! formal.sh connect SAFE: h_l_tail dut.l_tail
//! formal.sh connect SAFE: h_pop0 dut.pop[0]
//! formal.sh connect SAFE: h_pop1 dut.pop[1]
//! formal.sh connect SAFE: h_sel_z0 dut.sel_z[0]
//! formal.sh connect SAFE: h_sel_z1 dut.sel_z[1]
//! formal.sh connect SAFE: h_jump_w0 dut.jump_w[0]
//! formal.sh connect SAFE: h_jump_w1 dut.jump_w[1]
//! formal.sh connect SAFE: h_rdy_q dut.rdy_q
//! formal.sh connect SAFE: h_now_slot1 dut.now_slot1
//! formal.sh connect SAFE: h_k_c0ts dut.k_c0ts
//! formal.sh connect SAFE: h_k_c1ts dut.k_c1ts
//! formal.sh connect SAFE: h_pd_q0 dut.pd_q[0]
//! formal.sh connect SAFE: h_pd_q1 dut.pd_q[1]
//! formal.sh connect SAFE: h_big_q0 dut.big_q[0]
//! formal.sh connect SAFE: h_big_q1 dut.big_q[1]
//! formal.sh connect SAFE: h_ds2_q0 dut.ds2_q[0]
//! formal.sh connect SAFE: h_ds2_q1 dut.ds2_q[1]
//! formal.sh connect SAFE: h_nd_q0 dut.nd_q[0]
//! formal.sh connect SAFE: h_nd_q1 dut.nd_q[1]
//! formal.sh connect SAFE: h_nnow_q dut.nnow_q
//! formal.sh connect SAFE: h_c1_bwo dut.c1_bwo
//! formal.sh connect SAFE: h_c1_bbo dut.c1_bbo
//! formal.sh connect SAFE: h_q_bm1 dut.q_bm1
//! formal.sh connect SAFE: h_ndr_q0 dut.ndr_q[0]
//! formal.sh connect SAFE: h_ndr_q1 dut.ndr_q[1]
//! formal.sh connect SAFE: h_kk6_q0 dut.kk6_q[0]
//! formal.sh connect SAFE: h_kk6_q1 dut.kk6_q[1]
//! formal.sh connect SAFE: h_kk4_q dut.kk4_q
//! formal.sh connect SAFE: h_kk3_q dut.kk3_q
//! formal.sh connect SAFE: h_kk2_q dut.kk2_q
//! formal.sh connect SAFE: h_kk1_q dut.kk1_q
`default_nettype none

module nic_wheel_props (
    input  logic        clk,
    input  logic [5:0]  now_step,
    input  logic        s_valid,
    input  logic [1:0]  s_op,
    input  logic [2:0]  s_kind,
    input  logic [31:0] s_flow,
    input  logic [7:0]  s_gen,
    input  logic [7:0]  s_at_off,
    input  logic        m_tmr_ready,
    input  logic        m_dep_ready
);
  localparam int N = 4;

  // FORMAL_KIND (scripts/formal.sh kind): with the free constant kstep the first cycle is
  // the induction step's, any state in which every lemma and property holds (the harness's
  // registers free too); without it the base case's (init high: the reset)
`ifdef FORMAL_MUTATION
  logic        init = 1'b1;      // a mutation's run: from the reset (no lemmas)
  logic [31:0] now_q = '0;
`elsif FORMAL_KIND
  (* anyconst *) logic kstep;
  logic        init;
  logic [31:0] now_q;                 // the last cycle's now (free in both: time starts anywhere)
  always_comb if ($initstate) assume (init == !kstep);
`else
  logic        init = 1'b1;
  logic [31:0] now_q = '0;            // the last cycle's now
`endif
  wire  [31:0] now_ns  = now_q + 32'(now_step);
  wire  [31:0] s_at_ns = now_ns + {{24{s_at_off[7]}}, s_at_off};
  wire         rst     = init;
  always_ff @(posedge clk) begin
    init  <= 1'b0;
    now_q <= now_ns;
  end

  logic        s_ready, m_tmr_valid, m_dep_valid;
  logic [2:0]  m_tmr_kind;
  logic [31:0] m_tmr_flow, m_tmr_at_ns, m_dep_flow, m_dep_at_ns;
  logic [7:0]  m_tmr_gen;
  /* verilator lint_off UNUSEDSIGNAL */
  logic        tmr_moving, dep_moving, busy, tmr_behind, dep_behind;
  logic        tmr_next_valid, dep_next_valid;
  logic [31:0] tmr_count, dep_count, tmr_drain_ns, dep_drain_ns, tmr_next_ns, dep_next_ns;
  logic [15:0] dropped;
  /* verilator lint_on UNUSEDSIGNAL */

  dcqcn_nic_wheel #(.NUM_FLOWS(N), .SLOT_BITS(1), .SLOTS_LOG2(4)) dut (
      .clk, .rst, .now_ns,
      .s_valid, .s_ready, .s_op, .s_kind, .s_flow, .s_gen, .s_at_ns,
      .m_tmr_valid, .m_tmr_ready, .m_tmr_kind, .m_tmr_flow, .m_tmr_gen, .m_tmr_at_ns,
      .m_dep_valid, .m_dep_ready, .m_dep_flow, .m_dep_at_ns,
      .tmr_moving, .dep_moving, .busy, .tmr_behind, .dep_behind, .tmr_count, .dep_count,
      .tmr_drain_ns, .dep_drain_ns, .tmr_next_valid, .tmr_next_ns, .dep_next_valid,
      .dep_next_ns, .dropped);

  // the time horizon (docs/nic.md, "The wheel engine": the contract requires that no drain
  // stands 2^31 ns behind now): the environment keeps both drains within 2^28 ns (0.27 s)
  // of now, an assumption on the ports tmr_drain_ns / dep_drain_ns. It stops now_ns from
  // running on while a type's outputs are not taken for that long; the margin below 2^31
  // covers an entry moved by a jump (due up to 2^28 ns before the drain's new slot)
  always_comb
    if (!init) begin
      assume (32'(now_ns - tmr_drain_ns) < 32'h1000_0000);
      assume (32'(now_ns - dep_drain_ns) < 32'h1000_0000);
    end

  wire tfire = m_tmr_valid && m_tmr_ready;
  wire dfire = m_dep_valid && m_dep_ready;

  // the tracked entry of MATCH: kind x N + flow (the departure: kind 4), as the commands left it
`ifdef CHECK_MATCH
  (* anyconst *) logic [4:0] te;
`ifdef FORMAL_MUTATION
  logic        arm  = 1'b0;
  logic [7:0]  agen = '0;
  logic [31:0] aat  = '0;
`elsif FORMAL_KIND
  logic        arm;
  logic [7:0]  agen;
  logic [31:0] aat;
  always_comb if ($initstate && !kstep) assume (!arm && agen == '0 && aat == '0);
`else
  logic        arm  = 1'b0;
  logic [7:0]  agen = '0;
  logic [31:0] aat  = '0;
`endif
  wire         legal  = (s_op == 2'd1 || s_op == 2'd2) && (s_kind <= 3'd3 || s_kind == 3'd5) &&
                        s_flow < 32'(N);
  wire         acc    = !rst && s_valid && s_ready && legal;
  wire [4:0]   acc_id = {(s_kind == 3'd5) ? 3'd4 : s_kind, s_flow[1:0]};
  wire [4:0]   t_id   = {m_tmr_kind, m_tmr_flow[1:0]};
  wire [4:0]   d_id   = {3'd4, m_dep_flow[1:0]};
  always_ff @(posedge clk) begin
    if ((tfire && t_id == te) || (dfire && d_id == te)) arm <= 1'b0;
    if (acc && acc_id == te) begin
      arm  <= s_op == 2'd1;
      agen <= s_gen;
      aat  <= s_at_ns;
    end
  end
`endif

`include "lemma.svh"

  always_comb begin
    if (!init) begin
`ifdef CHECK_EARLY
      if (tfire) `PROPERTY(($signed(now_q - m_tmr_at_ns) >= 0));
      if (dfire) `PROPERTY(($signed(now_q - m_dep_at_ns) >= 0));
`endif
`ifdef CHECK_MATCH
      if (tfire && t_id == te)
        `PROPERTY((m_tmr_kind <= 3'd3 && m_tmr_flow < 32'(N) && arm && agen == m_tmr_gen &&
                   aat == m_tmr_at_ns));
      if (dfire && d_id == te) `PROPERTY((m_dep_flow < 32'(N) && arm && aat == m_dep_at_ns));
`endif
    end
  end

  // =====================================================================================
  // The inductive proof's lemmas (FORMAL_KIND): the RTL's internal state, read through the
  // runner's `connect` (registers) and `mem` (RAM words, after memory_map) lines
  // =====================================================================================
  localparam int E = 20, IW = 5, PW = 6, S = 16, SW = 31, TGW = 27, WW = 33, RW = 75, DW = 42;
  localparam logic [PW-1:0] NIL = '0;
  (* keep *) logic [SW-1:0] h_now_slot;
  (* keep *) logic          h_clearing, h_inj_q, h_inj_tq;
  (* keep *) logic [4:0]    h_clr, h_mvs_id;
  (* keep *) logic [7:0]    h_mvs_gen;
  (* keep *) logic [31:0]   h_mvs_at;
  (* keep *) logic          h_c0_v, h_c0_t, h_c0_far, h_c0_rch, h_c1_v, h_c1_t, h_c1_far, h_c1_rch;
  (* keep *) logic [1:0]    h_c0_op, h_c1_op;
  (* keep *) logic [IW-1:0] h_c0_id, h_c1_id;
  (* keep *) logic [SW-1:0] h_c0_ts, h_c1_ts;
  (* keep *) logic [7:0]    h_c0_gen, h_c1_gen;
  (* keep *) logic [31:0]   h_c0_at, h_c1_at;
  (* keep *) logic [3:0]    h_c0_ti;
  (* keep *) logic [RW-1:0] h_q_rec, h_w1_rc_wd, h_f_rec, h_rc_rd;
  (* keep *) logic          h_q_L, h_q_rch, h_q_lhit, h_f_L, h_c1_drn, h_u_drn;
  (* keep *) logic [PW-1:0] h_q_up, h_q_un;
  (* keep *) logic [IW-1:0] h_q_lw;
  (* keep *) logic [2:0]    h_q_sxh, h_q_syh, h_q_szh;
  (* keep *) logic          h_mk_v, h_mk_t, h_mk2_v, h_mk2_t;
  (* keep *) logic [SW-1:0] h_mk_s, h_mk2_s;
  (* keep *) logic          h_w1_ft_wd, h_w1_fd_wd, h_fw_rc_q, h_fw_ft_q, h_fw_fd_q, h_ft_rd, h_fd_rd;
  (* keep *) logic [SW-1:0] h_d0, h_d1, h_nxq0, h_nxq1, h_fq_s0, h_fq_s1;
  (* keep *) logic          h_adv0, h_adv1, h_ld_bm0, h_ld_bm1, h_ld_q0, h_ld_q1, h_mv_v0, h_mv_v1;
  (* keep *) logic [31:0]   h_cnt0, h_cnt1, h_mv_at0, h_mv_at1;
  (* keep *) logic [IW-1:0] h_mv_id0, h_mv_id1, h_hid0, h_hid1;
  (* keep *) logic [7:0]    h_mv_gen0, h_mv_gen1;
  (* keep *) logic          h_fq_v0, h_fq_v1, h_fq_ok0, h_fq_ok1, h_sa_ok0, h_sa_ok1;
  (* keep *) logic [15:0]   h_sa_hi00, h_sa_hi01, h_sa_lo00, h_sa_lo01, h_sa_wd10, h_sa_wd11;
  (* keep *) logic          h_sa_w00, h_sa_w01, h_sa_w10, h_sa_w11, h_sa_any0, h_sa_any1,
                            h_sa_aft0, h_sa_aft1, h_sel_v0, h_sel_v1;
  (* keep *) logic [3:0]    h_sa_b00, h_sa_b01, h_adv_ra_q0, h_adv_ra_q1;
  (* keep *) logic [TGW-1:0] h_sa_hi0, h_sa_hi1, h_sa_hi10, h_sa_hi11;
  (* keep *) logic [DW-1:0] h_hrec0, h_hrec1;
  (* keep *) logic [PW-1:0] h_dh0, h_dh1, h_dh2, h_dh3, h_dh4, h_dh5, h_dt0, h_dt1, h_dt2, h_dt3,
                            h_dt4, h_dt5;
  (* keep *) logic          h_w1_hd_we0, h_w1_hd_we1, h_w1_hd_we2, h_w1_hd_we3, h_w1_hd_we4, h_w1_hd_we5,
                            h_w1_tl_we0, h_w1_tl_we1, h_w1_tl_we2, h_w1_tl_we3, h_w1_tl_we4, h_w1_tl_we5;
  (* keep *) logic [3:0]    h_w1_hd_wa0, h_w1_hd_wa1, h_w1_hd_wa2, h_w1_hd_wa3, h_w1_hd_wa4, h_w1_hd_wa5,
                            h_w1_tl_wa0, h_w1_tl_wa1, h_w1_tl_wa2, h_w1_tl_wa3, h_w1_tl_wa4, h_w1_tl_wa5;
  (* keep *) logic [WW-1:0] h_w1_hd_wd0, h_w1_hd_wd1, h_w1_hd_wd2, h_w1_hd_wd3, h_w1_hd_wd4, h_w1_hd_wd5,
                            h_w1_tl_wd0, h_w1_tl_wd1, h_w1_tl_wd2, h_w1_tl_wd3, h_w1_tl_wd4, h_w1_tl_wd5,
                            h_tc_rd0, h_tc_rd1, h_tc_rd2, h_tc_rd3, h_tc_rd4, h_tc_rd5,
                            h_hd_rd0, h_hd_rd1, h_hd_rd2, h_hd_rd3, h_hd_rd4, h_hd_rd5,
                            h_tr_rd0, h_tr_rd1, h_tr_rd2, h_tr_rd3, h_tr_rd4, h_tr_rd5;
  (* keep *) logic          h_w1_nx_we0, h_w1_nx_we1, h_w1_nx_we2, h_fw_nx_q0, h_fw_nx_q1, h_fw_nx_q2,
                            h_fw_pv_q0, h_fw_pv_q1, h_fw_pv_q2;
  (* keep *) logic [IW-1:0] h_w1_nx_wa0, h_w1_nx_wa1, h_w1_nx_wa2;
  (* keep *) logic [PW-1:0] h_w1_nx_wd0, h_w1_nx_wd1, h_w1_nx_wd2, h_w1_pv_wd0, h_w1_pv_wd1, h_w1_pv_wd2,
                            h_nx_rd0, h_nx_rd1, h_nx_rd2, h_pv_rd0, h_pv_rd1, h_pv_rd2,
                            h_nt_rd0, h_nt_rd1, h_nt_rd2, h_nd_rd0, h_nd_rd1, h_nd_rd2;
  (* keep *) logic [3:0]    h_nt_ra_q0, h_nt_ra_q1, h_nt_ra_q2;
  (* keep *) logic [1:0]    h_nd_ra_q0, h_nd_ra_q1, h_nd_ra_q2;
  (* keep *) logic          h_do_link, h_do_unlink, h_l_empty, h_pop0, h_pop1;
  (* keep *) logic [PW-1:0] h_l_tail;
  (* keep *) logic [1:0]    h_sel_z0, h_sel_z1;
  // the retiming's registers (main, 2026-11-29: docs/nic.md "Timing" (g))
  (* keep *) logic          h_jump_w0, h_jump_w1, h_rdy_q;
  (* keep *) logic [SW-1:0] h_now_slot1, h_k_c0ts, h_k_c1ts;
  // ... and the input's (2026-11-29, docs/nic.md "Timing" (i)): past_d, nd_big, d + S - 2,
  // -d and -now_slot registered from the next state
  (* keep *) logic          h_pd_q0, h_pd_q1, h_big_q0, h_big_q1;
  (* keep *) logic [SW-1:0] h_ds2_q0, h_ds2_q1, h_nd_q0, h_nd_q1, h_nnow_q;
  // ... and C1's target as the bitmap's one-hots (S = 16: one word of 16 bits)
  (* keep *) logic          h_c1_bwo;
  (* keep *) logic          h_q_bm1;
  (* keep *) logic [SW-1:0] h_ndr_q0, h_ndr_q1, h_kk6_q0, h_kk6_q1, h_kk4_q, h_kk3_q, h_kk2_q, h_kk1_q;
  (* keep *) logic [S-1:0]  h_c1_bbo;
  // RAM words (word i at [i x width +: width])
  (* keep *) logic [E*RW-1:0] m_rec;
  (* keep *) logic [16*DW-1:0] m_rt;
  (* keep *) logic [4*DW-1:0] m_rd;
  (* keep *) logic [15:0] m_ft;
  (* keep *) logic [3:0]  m_fd;
  (* keep *) logic [31:0] m_bm;
  (* keep *) logic [E*PW-1:0] m_nx0, m_nx1, m_nx2, m_pv0, m_pv1, m_pv2;
  (* keep *) logic [16*PW-1:0] m_nt0, m_nt1, m_nt2;
  (* keep *) logic [4*PW-1:0] m_nd0, m_nd1, m_nd2;
  (* keep *) logic [S*WW-1:0] m_hd00, m_hd01, m_hd02, m_hd10, m_hd11, m_hd12,
                              m_tc00, m_tc01, m_tc02, m_tc10, m_tc11, m_tc12,
                              m_tr00, m_tr01, m_tr02, m_tr10, m_tr11, m_tr12;
  (* keep *) logic [S-1:0] m_sa00, m_sa01, m_sa02, m_sa10, m_sa11, m_sa12;

`ifndef FORMAL_MUTATION
  wire [6*S*WW-1:0] M_HD = {m_hd12, m_hd11, m_hd10, m_hd02, m_hd01, m_hd00};
  wire [6*S*WW-1:0] M_TC = {m_tc12, m_tc11, m_tc10, m_tc02, m_tc01, m_tc00};
  wire [6*S*WW-1:0] M_TR = {m_tr12, m_tr11, m_tr10, m_tr02, m_tr01, m_tr00};
  wire [6*S-1:0]    M_SA = {m_sa12, m_sa11, m_sa10, m_sa02, m_sa01, m_sa00};
  wire [3*E*PW-1:0] M_NX = {m_nx2, m_nx1, m_nx0};
  wire [3*E*PW-1:0] M_PV = {m_pv2, m_pv1, m_pv0};
  wire [3*16*PW-1:0] M_NT = {m_nt2, m_nt1, m_nt0};
  wire [3*4*PW-1:0] M_ND = {m_nd2, m_nd1, m_nd0};
  wire [E-1:0]      FV   = {m_fd, m_ft};
  wire [6*PW-1:0]   DH   = {h_dh5, h_dh4, h_dh3, h_dh2, h_dh1, h_dh0};
  wire [6*PW-1:0]   DT   = {h_dt5, h_dt4, h_dt3, h_dt2, h_dt1, h_dt0};
  // variable-index reads as case-style muxes (an indexed part-select of the flat vectors
  // with a computed offset is a barrel shifter per read: Yosys ran out of 24 GB)
  function automatic logic [RW-1:0] f_rec(input logic [E*RW-1:0] v, input logic [IW-1:0] n);
    f_rec = '0;
    for (int k = 0; k < E; k++) if (n == IW'(k)) f_rec = v[k*RW +: RW];
  endfunction
  function automatic logic f_lc(input logic [E*RW-1:0] v, input logic [IW-1:0] n);
    f_lc = 1'b0;
    for (int k = 0; k < E; k++) if (n == IW'(k)) f_lc = v[k*RW + 74];
  endfunction
  function automatic logic [1:0] f_side(input logic [E*RW-1:0] v, input logic [IW-1:0] n);
    f_side = '0;
    for (int k = 0; k < E; k++) if (n == IW'(k)) f_side = v[k*RW + 72 +: 2];
  endfunction
  function automatic logic f_far(input logic [E*RW-1:0] v, input logic [IW-1:0] n);
    f_far = 1'b0;
    for (int k = 0; k < E; k++) if (n == IW'(k)) f_far = v[k*RW + 71];
  endfunction
  function automatic logic [SW-1:0] f_slot(input logic [E*RW-1:0] v, input logic [IW-1:0] n);
    f_slot = '0;
    for (int k = 0; k < E; k++) if (n == IW'(k)) f_slot = v[k*RW + 40 +: SW];
  endfunction
  function automatic logic [7:0] f_gen(input logic [E*RW-1:0] v, input logic [IW-1:0] n);
    f_gen = '0;
    for (int k = 0; k < E; k++) if (n == IW'(k)) f_gen = v[k*RW + 32 +: 8];
  endfunction
  function automatic logic [31:0] f_at(input logic [E*RW-1:0] v, input logic [IW-1:0] n);
    f_at = '0;
    for (int k = 0; k < E; k++) if (n == IW'(k)) f_at = v[k*RW +: 32];
  endfunction
  function automatic logic [PW-1:0] f_ptr(input logic [3*E*PW-1:0] v, input logic [1:0] z,
                                         input logic [IW-1:0] n);
    f_ptr = '0;
    for (int q = 0; q < 3; q++)
      for (int k = 0; k < E; k++) if (z == 2'(q) && n == IW'(k)) f_ptr = v[(q*E + k)*PW +: PW];
  endfunction
  function automatic logic [PW-1:0] f_nt(input logic [3*16*PW-1:0] v, input logic [1:0] z,
                                        input logic [3:0] n);
    f_nt = '0;
    for (int q = 0; q < 3; q++)
      for (int k = 0; k < 16; k++) if (z == 2'(q) && n == 4'(k)) f_nt = v[(q*16 + k)*PW +: PW];
  endfunction
  function automatic logic [PW-1:0] f_nd(input logic [3*4*PW-1:0] v, input logic [1:0] z,
                                        input logic [1:0] n);
    f_nd = '0;
    for (int q = 0; q < 3; q++)
      for (int k = 0; k < 4; k++) if (z == 2'(q) && n == 2'(k)) f_nd = v[(q*4 + k)*PW +: PW];
  endfunction
  function automatic logic [WW-1:0] f_word(input logic [6*S*WW-1:0] v, input logic t,
                                          input logic [1:0] z, input logic [3:0] i);
    f_word = '0;
    for (int p = 0; p < 2; p++)
      for (int q = 0; q < 3; q++)
        for (int k = 0; k < S; k++)
          if (t == 1'(p) && z == 2'(q) && i == 4'(k)) f_word = v[((p*3 + q)*S + k)*WW +: WW];
  endfunction
  function automatic logic f_sa(input logic [6*S-1:0] v, input logic t, input logic [1:0] z,
                               input logic [3:0] i);
    f_sa = 1'b0;
    for (int p = 0; p < 2; p++)
      for (int q = 0; q < 3; q++)
        for (int k = 0; k < S; k++)
          if (t == 1'(p) && z == 2'(q) && i == 4'(k)) f_sa = v[(p*3 + q)*S + k];
  endfunction
  function automatic logic f_bm(input logic [2*S-1:0] v, input logic t, input logic [3:0] i);
    f_bm = 1'b0;
    for (int p = 0; p < 2; p++)
      for (int k = 0; k < S; k++) if (t == 1'(p) && i == 4'(k)) f_bm = v[p*S + k];
  endfunction
  function automatic logic [PW-1:0] f_dx(input logic [6*PW-1:0] v, input logic t, input logic [1:0] z);
    f_dx = '0;
    for (int p = 0; p < 2; p++)
      for (int q = 0; q < 3; q++) if (t == 1'(p) && z == 2'(q)) f_dx = v[(p*3 + q)*PW +: PW];
  endfunction
  function automatic logic [DW-1:0] f_rt(input logic [16*DW-1:0] v, input logic [3:0] n);
    f_rt = '0;
    for (int k = 0; k < 16; k++) if (n == 4'(k)) f_rt = v[k*DW +: DW];
  endfunction
  function automatic logic [DW-1:0] f_rd(input logic [4*DW-1:0] v, input logic [1:0] n);
    f_rd = '0;
    for (int k = 0; k < 4; k++) if (n == 2'(k)) f_rd = v[k*DW +: DW];
  endfunction
  `define LC(e)     f_lc(m_rec, e)
  `define SIDE(e)   f_side(m_rec, e)
  `define FAR(e)    f_far(m_rec, e)
  `define SLOT(e)   f_slot(m_rec, e)
  `define GEN(e)    f_gen(m_rec, e)
  `define AT(e)     f_at(m_rec, e)
  `define REC(e)    f_rec(m_rec, e)
  `define NX(z, e)  f_ptr(M_NX, z, e)
  `define PV(z, e)  f_ptr(M_PV, z, e)
  `define NT(z, e)  f_nt(M_NT, z, e)
  `define ND(z, e)  f_nd(M_ND, z, e)
  `define HD(t, z, i) f_word(M_HD, t, z, i)
  `define TC(t, z, i) f_word(M_TC, t, z, i)
  `define TR(t, z, i) f_word(M_TR, t, z, i)
  `define SA(t, z, i) f_sa(M_SA, t, z, i)
  `define BM(t, i)  f_bm(m_bm, t, i)
  `define DHX(t, z) f_dx(DH, t, z)
  `define DTX(t, z) f_dx(DT, t, z)
  function automatic logic [1:0] NXTS(input logic [1:0] z);
    NXTS = (z == 2'd2) ? 2'd0 : z + 2'd1;
  endfunction
  localparam logic [1:0] ARM = 2'd1, DISARM = 2'd2, MOVE = 2'd3;
  localparam logic [31:0] BOUND = 32'h1000_0400;   // 2^28 + 1024 ns
  // (round 4) the time bounds of a moved entry: a parked head at d has its deadline within
  // BOUND before d's time (a MOVE linked parked at d by a jump), and is popped with now up
  // to 2^28 ns after d's time; while its move waits (64 / 128 ns), d can catch up with now
  // (an advance or a jump: the type's count is 0 without it), and the MOVE links at a slot
  // up to now's, not parked (its deadline reached): a deadline up to MB / LB before d's or
  // its slot's time, and LB + 2^28 before now while it waits at d
  localparam logic [31:0] MB = 32'h2000_0480;      // 2^29 + 1152 ns: the move, against now
  localparam logic [31:0] LB = 32'h2000_0500;      // 2^29 + 1280 ns: C1 (C0: 64 ns less)
  localparam logic [31:0] LB2 = 32'h2000_0540;     // ... a linked entry (its slot up to S - 2 after now's)

  logic [E-1:0] LV;                                  // linked: lc != fired
  for (genvar e = 0; e < E; e++) begin : g_lv
    assign LV[e] = m_rec[e*RW + 74] ^ FV[e];
  end
  wire [SW-1:0] dd [2];
  assign dd[0] = h_d0;
  assign dd[1] = h_d1;
  wire [4:0] cnt_l0 = 5'(LV[0]) + 5'(LV[1]) + 5'(LV[2]) + 5'(LV[3]) + 5'(LV[4]) + 5'(LV[5]) +
                      5'(LV[6]) + 5'(LV[7]) + 5'(LV[8]) + 5'(LV[9]) + 5'(LV[10]) + 5'(LV[11]) +
                      5'(LV[12]) + 5'(LV[13]) + 5'(LV[14]) + 5'(LV[15]);
  wire [4:0] cnt_l1 = 5'(LV[16]) + 5'(LV[17]) + 5'(LV[18]) + 5'(LV[19]);

  // ---- the clear, time, counts
  always_comb
    if (!init) begin
      `LEMMA((h_now_slot == now_q[31:1]));
      if (h_clearing) begin
        `LEMMA((h_clr <= 5'd19 && !h_c0_v && !h_c1_v && !h_mv_v0 && !h_mv_v1 && !h_inj_q &&
                h_cnt0 == '0 && h_cnt1 == '0 && DH == '0 && DT == '0 && !h_adv0 && !h_adv1 &&
                m_bm == '0 && !h_mk_v && !h_mk2_v && !h_fq_ok0 && !h_fq_ok1 && !h_sa_ok0 &&
                !h_sa_ok1));
        `LEMMA((!h_fq_v0 && !h_fq_v1));   // (2026-11-29: kk6_q's lemma needs it; the clear's end moves d)
      end else begin
        `LEMMA((32'(cnt_l0) == h_cnt0 && 32'(cnt_l1) == h_cnt1));
        `LEMMA((h_inj_q == (h_mv_v0 || h_mv_v1) && (!h_inj_q || h_inj_tq == !h_mv_v0) &&
                (!h_inj_q || (h_mv_v0 ? (h_mvs_id == h_mv_id0 && h_mvs_gen == h_mv_gen0 &&
                                        h_mvs_at == h_mv_at0)
                                     : (h_mvs_id == h_mv_id1 && h_mvs_gen == h_mv_gen1 &&
                                        h_mvs_at == h_mv_at1)))));
      end
    end
  // ---- the retiming's registers (the relations of the RTL's simulation-only check, its
  // "retiming's check"): now_slot1 = now_slot + 1; the registered jump test = cnt == 0 and
  // now_slot more than 64 slots after d (unsigned), also in the clear (written there from d
  // and cnt as they are; d = now_slot at its end); rdy_q = !clearing, no move, no jump
  // (s_ready = rdy_q && !stepped); phase 1's copies k_c0ts / k_c1ts = c0_ts / c1_ts while
  // C0 / C1 holds a command (written in every cycle; c0_ts / c1_ts not in the reset and
  // the clear). Each is inductive on its own (the next-state logic it is registered from)
  function automatic logic FAR64(input logic [SW-1:0] a, input logic [SW-1:0] b);
    FAR64 = SW'(a - b) > SW'(64);
  endfunction
  always_comb
    if (!init) begin
      `LEMMA((h_now_slot1 == h_now_slot + SW'(1)));
      `LEMMA((h_jump_w0 == (h_cnt0 == '0 && FAR64(h_now_slot, h_d0))));
      `LEMMA((h_jump_w1 == (h_cnt1 == '0 && FAR64(h_now_slot, h_d1))));
      `LEMMA((h_rdy_q == (!h_clearing && !h_mv_v0 && !h_mv_v1 && !h_jump_w0 && !h_jump_w1)));
      if (h_c0_v) `LEMMA((h_k_c0ts == h_c0_ts));
      if (h_c1_v) `LEMMA((h_k_c1ts == h_c1_ts));
      `LEMMA((h_pd_q0 == ($signed(SW'(h_now_slot - h_d0)) > 0)));
      `LEMMA((h_pd_q1 == ($signed(SW'(h_now_slot - h_d1)) > 0)));
      `LEMMA((h_big_q0 == (SW'(h_now_slot - h_d0) > SW'(S - 2))));
      `LEMMA((h_big_q1 == (SW'(h_now_slot - h_d1) > SW'(S - 2))));
      `LEMMA((h_ds2_q0 == SW'(h_d0 + SW'(S - 2))));
      `LEMMA((h_ds2_q1 == SW'(h_d1 + SW'(S - 2))));
      `LEMMA((h_nd_q0 == SW'(-h_d0)));
      `LEMMA((h_nd_q1 == SW'(-h_d1)));
      `LEMMA((h_nnow_q == SW'(-h_now_slot)));
      if (h_c1_v) `LEMMA((h_c1_bwo && h_c1_bbo == S'(1) << h_c1_ts[3:0]));
      if (h_c1_v) `LEMMA((h_q_bm1 == `BM(h_c1_t, h_c1_ts[3:0])));   // C1's bitmap bit (2026-11-29)
      // phase 1's registered distances from d (2026-11-29), while their candidate is one
      `LEMMA((h_ndr_q0 == SW'(h_now_slot - h_d0) && h_ndr_q1 == SW'(h_now_slot - h_d1)));
      if (h_fq_v0) `LEMMA((h_kk6_q0 == SW'(h_fq_s0 - h_d0)));
      if (h_fq_v1) `LEMMA((h_kk6_q1 == SW'(h_fq_s1 - h_d1)));
      if (h_c0_v) `LEMMA((h_kk4_q == SW'(h_k_c0ts - (h_c0_t ? h_d1 : h_d0))));
      if (h_c1_v) `LEMMA((h_kk3_q == SW'(h_k_c1ts - (h_c1_t ? h_d1 : h_d0))));
      if (h_mk_v) `LEMMA((h_kk2_q == SW'(h_mk_s - (h_mk_t ? h_d1 : h_d0))));
      if (h_mk2_v) `LEMMA((h_kk1_q == SW'(h_mk2_s - (h_mk2_t ? h_d1 : h_d0))));
    end
  // (each RAM word is cleared at its own address: clr = the word's index)
  for (genvar e = 0; e < E; e++) begin : g_clr_e
    always_comb
      if (!init && h_clearing) begin
        if (5'(e) < h_clr) `LEMMA((m_rec[e*RW +: RW] == '0 && m_nx1[e*PW +: PW] == NIL));
        if (e < 16 && 5'(e) < h_clr) `LEMMA((m_rt[e*DW +: DW] == '0 && !m_ft[e] && m_nt1[e*PW +: PW] == NIL));
        if (e < 4 && 5'(e) < h_clr) `LEMMA((m_rd[e*DW +: DW] == '0 && !m_fd[e]));
        if (e >= 16 && 5'(e) < h_clr) `LEMMA((m_nd1[(e-16)*PW +: PW] == NIL));
      end
  end
  for (genvar k = 0; k < 6; k++) begin : g_clr_w
    for (genvar i = 0; i < S; i++) begin : g_i
      always_comb
        if (!init && h_clearing && 5'(i) < h_clr)
          `LEMMA((M_HD[(k*S + i)*WW +: WW] == '0 && M_TC[(k*S + i)*WW +: WW] == '0 && M_TR[(k*S + i)*WW +: WW] == '0));
    end
  end

  // ---- per entry: its record's fields and pointers (constant selects), read below through
  // OR-ed matches on an entry id (no variable part-select: Yosys ran out of 24 GB on those)
  for (genvar e = 0; e < E; e++) begin : g_f
    wire [RW-1:0] r   = m_rec[e*RW +: RW];
    wire          lk  = LV[e];
    wire [1:0]    x   = r[73:72];
    wire          far = r[71];
    wire [SW-1:0] s   = r[70:40];
    wire [PW-1:0] nx0 = m_nx0[e*PW +: PW], nx1 = m_nx1[e*PW +: PW], nx2 = m_nx2[e*PW +: PW];
    wire [PW-1:0] pv0 = m_pv0[e*PW +: PW], pv1 = m_pv1[e*PW +: PW], pv2 = m_pv2[e*PW +: PW];
    wire [PW-1:0] nxx = (x == 2'd0) ? nx0 : (x == 2'd1) ? nx1 : nx2;   // at its own side
    wire [PW-1:0] pvx = (x == 2'd0) ? pv0 : (x == 2'd1) ? pv1 : pv2;
    wire [DW-1:0] cpy = {r[74], r[71], r[39:0]};
  end

  // ---- per type: the drain, the bitmap, the search
  for (genvar t = 0; t < 2; t++) begin : g_t
    localparam int E0 = t ? 16 : 0;          // the type's entries: E0 .. E1 - 1
    localparam int E1 = t ? 20 : 16;
    wire [SW-1:0] d     = t ? h_d1 : h_d0;
    wire          adv   = t ? h_adv1 : h_adv0;
    wire [SW-1:0] nxq   = t ? h_nxq1 : h_nxq0;
    wire          ld_bm = t ? h_ld_bm1 : h_ld_bm0;
    wire          ld_q  = t ? h_ld_q1 : h_ld_q0;
    wire          mv_v  = t ? h_mv_v1 : h_mv_v0;
    wire [IW-1:0] mv_id = t ? h_mv_id1 : h_mv_id0;
    wire [7:0]    mv_gen = t ? h_mv_gen1 : h_mv_gen0;
    wire [31:0]   mv_at = t ? h_mv_at1 : h_mv_at0;
    wire          fq_v  = t ? h_fq_v1 : h_fq_v0;
    wire [SW-1:0] fq_s  = t ? h_fq_s1 : h_fq_s0;
    wire          fq_ok = t ? h_fq_ok1 : h_fq_ok0;
    wire          sa_ok = t ? h_sa_ok1 : h_sa_ok0;
    wire [15:0]   sa_hi0 = t ? h_sa_hi01 : h_sa_hi00;
    wire [15:0]   sa_lo0 = t ? h_sa_lo01 : h_sa_lo00;
    wire [15:0]   sa_wd1 = t ? h_sa_wd11 : h_sa_wd10;
    wire          sa_w0 = t ? h_sa_w01 : h_sa_w00;
    wire          sa_w1 = t ? h_sa_w11 : h_sa_w10;
    wire [3:0]    sa_b0 = t ? h_sa_b01 : h_sa_b00;
    wire          sa_any = t ? h_sa_any1 : h_sa_any0;
    wire          sa_aft = t ? h_sa_aft1 : h_sa_aft0;
    wire [TGW-1:0] sa_hi = t ? h_sa_hi1 : h_sa_hi0;
    wire [TGW-1:0] sa_hi1 = t ? h_sa_hi11 : h_sa_hi10;
    wire [DW-1:0] hrec  = t ? h_hrec1 : h_hrec0;
    wire [IW-1:0] hid   = t ? h_hid1 : h_hid0;
    wire          sel_v = t ? h_sel_v1 : h_sel_v0;
    wire [3:0]    adv_ra_q = t ? h_adv_ra_q1 : h_adv_ra_q0;
    wire [15:0]   bmw   = m_bm[t*S +: S];
    wire [3:0]    di    = d[3:0];
    wire [SW-1:0] nd    = h_now_slot - d;
    wire [SW-1:0] nq    = nxq - d;
    wire [SW-1:0] fo    = fq_s - d;
    wire [SW-1:0] mko   = h_mk_s - d;
    wire [SW-1:0] mk2o  = h_mk2_s - d;
    wire          mk_here  = h_mk_v && h_mk_t == 1'(t);
    wire          mk2_here = h_mk2_v && h_mk2_t == 1'(t);
    // the head's record copy, the moving entry's record
    logic hrec_ok, mv_ok;
    always_comb begin
      hrec_ok = 1'b0;
      mv_ok = 1'b0;
      for (int k = E0; k < E1; k++) begin
        if (hid == IW'(k) && hrec == (t ? m_rd[(k-16)*DW +: DW] : m_rt[k*DW +: DW])) hrec_ok = 1'b1;
        if (mv_id == IW'(k) && !LV[k] && m_rec[k*RW + 71] && mv_gen == m_rec[k*RW + 32 +: 8] &&
            mv_at == m_rec[k*RW +: 32]) mv_ok = 1'b1;
      end
    end
    always_comb
      if (!init && !h_clearing) begin
        `LEMMA((nd < SW'(32'h0800_0000)));                 // 2^27 slots (the environment's 2^28 ns)
        `LEMMA((!ld_q || !adv));
        `LEMMA((!ld_q || !fq_ok));                        // (the load edge clears fq_ok)
        if (mk_here && mko == '0) `LEMMA((ld_q));          // a mark of d: a link into the slot loaded
        if (mk2_here && mk2o == '0) `LEMMA((!adv));
        `LEMMA((ld_q || !bmw[di]));
        if (adv) `LEMMA((nq != '0 && nq <= nd && adv_ra_q == nxq[3:0]));
        if (mk_here) `LEMMA(((t ? h_cnt1 : h_cnt0) != '0 && mko <= SW'(S - 2) && (mko == '0 || bmw[h_mk_s[3:0]])));
        if (mk2_here) `LEMMA((mk2o <= SW'(S - 2) && (mk2o == '0 || bmw[h_mk2_s[3:0]])));
        if (sa_ok)
          `LEMMA((sa_b0 == di && sa_hi == d[SW-1:4] && sa_hi1 == d[SW-1:4] + TGW'(1) && !sa_any &&
                  !sa_aft && sa_wd1 == '0 && !sa_w0 && !sa_w1 &&
                  (sa_hi0 & ~(16'hFFFE << di)) == '0 && (sa_lo0 & ~(16'hFFFF >> (5'd16 - 5'(di)))) == '0));
        if (fq_ok) `LEMMA(((!fq_v || (fo != '0 && fo <= SW'(S - 1) && bmw[fq_s[3:0]]))));
        if (sel_v) `LEMMA((hrec_ok));
        // a command for the moving entry in C1 (C0) was accepted at its pop's edge: the move
        // injects now (or, for the departures, after the timers' move injected now)
        if (mv_v && h_c1_v && h_c1_op != MOVE && h_c1_id == mv_id) `LEMMA((h_inj_q && h_inj_tq == 1'(t)));
        if (mv_v && h_c0_v && h_c0_op != MOVE && h_c0_id == mv_id)
          `LEMMA((h_inj_q && (h_inj_tq == 1'(t) || (t == 1 && h_mv_v0))));
        // the moving entry's MOVE is not yet in C0 / C1 (the injection clears mv_v, and a
        // parked head is popped again only after its MOVE linked it)
        if (mv_v) `LEMMA((!(h_c0_v && h_c0_op == MOVE && h_c0_id == mv_id) &&
                          !(h_c1_v && h_c1_op == MOVE && h_c1_id == mv_id)));
        // the moving entry's deadline relative to now: a parked head's at d (BOUND) plus the
        // horizon (now_q - 2 d < 2^28), plus 128 ns. (Before round 4: within 2^28 + 64 / 128 ns of now,
        // from "a parked head's deadline is after its slot"; that lemma holds off the drained
        // slot only since e1f2038 (a MOVE linked parked at d after a jump, its deadline up to
        // 2^28 ns before d's time), and bmc3 -F 2 found both false in the step: a parked head
        // at d, its deadline 36 M ns before d's time, popped 248 M ns after d's time)
        if (mv_v) `LEMMA(($signed(mv_at - now_q) > -$signed(MB)));
        if (mv_v && (t == 0 || h_mv_v0)) `LEMMA(($signed(mv_at - now_q) > -$signed(MB - 32'd64)));
        if (mv_v)
          `LEMMA((mv_ok && $signed(mv_at - {d, 1'b0}) > -$signed(MB) && $signed(mv_at - now_q) <= 127));
      end
    // the bitmap against the search registers, per slot index
    for (genvar i = 0; i < S; i++) begin : g_i
      wire [3:0] off = 4'(i) - di;                    // the index's slot is d + off
      wire [SW-1:0] si = d + SW'(off);
      wire mk_i  = mk_here && h_mk_s[3:0] == 4'(i);
      wire mk2_i = mk2_here && h_mk2_s[3:0] == 4'(i);
      wire sbit  = (4'(i) > di) ? sa_hi0[i] : (4'(i) < di) ? sa_lo0[i] : 1'b0;
      always_comb
        if (!init && !h_clearing) begin
          if (sa_ok && off != 4'd0) `LEMMA(((!sbit || bmw[i]) && (!bmw[i] || sbit || mk_i)));
          if (fq_ok && off != 4'd0 && (!fq_v || SW'(off) < fo)) `LEMMA((!bmw[i] || mk_i || mk2_i));
          if (adv && off != 4'd0 && SW'(off) < nq) `LEMMA((!bmw[i]));
        end
      // the slot words (head, both tail copies) of each side at this index
      for (genvar z = 0; z < 3; z++) begin : g_z
        localparam int K = t * 3 + z;
        wire [WW-1:0] hw = M_HD[(K*S + i)*WW +: WW];
        wire [WW-1:0] tw = M_TC[(K*S + i)*WW +: WW];
        wire [WW-1:0] rw = M_TR[(K*S + i)*WW +: WW];
        wire          sa = M_SA[K*S + i];
        wire [IW-1:0] hn = hw[IW-1:0];
        wire [IW-1:0] tn = tw[IW-1:0];
        wire counts = bmw[i] && sa && !(ld_q && off == 4'd0);
        wire w1h = (K == 0 ? h_w1_hd_we0 : K == 1 ? h_w1_hd_we1 : K == 2 ? h_w1_hd_we2 :
                    K == 3 ? h_w1_hd_we3 : K == 4 ? h_w1_hd_we4 : h_w1_hd_we5) &&
                   (K == 0 ? h_w1_hd_wa0 : K == 1 ? h_w1_hd_wa1 : K == 2 ? h_w1_hd_wa2 :
                    K == 3 ? h_w1_hd_wa3 : K == 4 ? h_w1_hd_wa4 : h_w1_hd_wa5) == 4'(i);
        wire w1t = (K == 0 ? h_w1_tl_we0 : K == 1 ? h_w1_tl_we1 : K == 2 ? h_w1_tl_we2 :
                    K == 3 ? h_w1_tl_we3 : K == 4 ? h_w1_tl_we4 : h_w1_tl_we5) &&
                   (K == 0 ? h_w1_tl_wa0 : K == 1 ? h_w1_tl_wa1 : K == 2 ? h_w1_tl_wa2 :
                    K == 3 ? h_w1_tl_wa3 : K == 4 ? h_w1_tl_wa4 : h_w1_tl_wa5) == 4'(i);
        // the RAM's last write is in the RAM (w1_*, which C0 and the advance forward), and the
        // read register holds the word at its registered address unless that was written
        wire [WW-1:0] w1hd = K == 0 ? h_w1_hd_wd0 : K == 1 ? h_w1_hd_wd1 : K == 2 ? h_w1_hd_wd2 :
                             K == 3 ? h_w1_hd_wd3 : K == 4 ? h_w1_hd_wd4 : h_w1_hd_wd5;
        wire [WW-1:0] w1tl = K == 0 ? h_w1_tl_wd0 : K == 1 ? h_w1_tl_wd1 : K == 2 ? h_w1_tl_wd2 :
                             K == 3 ? h_w1_tl_wd3 : K == 4 ? h_w1_tl_wd4 : h_w1_tl_wd5;
        wire [WW-1:0] hdrd = K == 0 ? h_hd_rd0 : K == 1 ? h_hd_rd1 : K == 2 ? h_hd_rd2 :
                             K == 3 ? h_hd_rd3 : K == 4 ? h_hd_rd4 : h_hd_rd5;
        wire [WW-1:0] trrd = K == 0 ? h_tr_rd0 : K == 1 ? h_tr_rd1 : K == 2 ? h_tr_rd2 :
                             K == 3 ? h_tr_rd3 : K == 4 ? h_tr_rd4 : h_tr_rd5;
        always_comb
          if (!init) begin
            if (w1h) `LEMMA((hw == w1hd));
            if (w1t) `LEMMA((tw == w1tl && rw == w1tl));
            // a valid word written at the last edge (a link, or an unlink that leaves the list
            // not empty) has its index's bitmap bit and its side bit set
            if (!h_clearing && w1h && w1hd[WW-1]) `LEMMA((bmw[i] && sa));
            if (!h_clearing && w1t && w1tl[WW-1]) `LEMMA((bmw[i] && sa));
            if (!h_clearing && adv_ra_q == 4'(i) && !w1h) `LEMMA((hdrd == hw));
            if (!h_clearing && adv_ra_q == 4'(i) && !w1t) `LEMMA((trrd == rw));
          end
        // the words name a linked entry of this slot and side (head: prv nil; tail: nxt
        // nil); every linked entry of this index's slot and side (not the drained slot's)
        // has the slot's bits set, and is named by the head (tail) word when first (last)
        logic hok, tok;
        always_comb begin
          hok = 1'b0;
          tok = 1'b0;
          for (int k = E0; k < E1; k++) begin
            if (hn == IW'(k) && LV[k] && m_rec[k*RW + 72 +: 2] == 2'(z) && m_rec[k*RW + 40 +: SW] == si &&
                (z == 0 ? m_pv0[k*PW +: PW] : z == 1 ? m_pv1[k*PW +: PW] : m_pv2[k*PW +: PW]) == NIL)
              hok = 1'b1;
            if (tn == IW'(k) && LV[k] && m_rec[k*RW + 72 +: 2] == 2'(z) && m_rec[k*RW + 40 +: SW] == si &&
                (z == 0 ? m_nx0[k*PW +: PW] : z == 1 ? m_nx1[k*PW +: PW] : m_nx2[k*PW +: PW]) == NIL)
              tok = 1'b1;
          end
        end
        always_comb
          if (!init && !h_clearing) begin
            `LEMMA((tw == rw));
            if (counts) begin
              `LEMMA((hw[WW-1] == tw[WW-1]));
              if (hw[WW-1]) `LEMMA((hw[WW-2 -: TGW] == si[SW-1:4] && SW'(off) <= SW'(S - 2) && hok));
              if (tw[WW-1]) `LEMMA((tw[WW-2 -: TGW] == si[SW-1:4] && tok));
            end
            // the slot an advance loads: a word not written at the last edge counts with
            // ld_bm (the bit phase 1 knew) as it does with the bitmap's bit
            if (adv && nxq[3:0] == 4'(i) && !w1h)
              `LEMMA(((hw[WW-1] && hw[WW-2 -: TGW] == nxq[SW-1:4] && ld_bm && sa) ==
                      (hw[WW-1] && hw[WW-2 -: TGW] == nxq[SW-1:4] && bmw[i] && sa)));
            if (adv && nxq[3:0] == 4'(i) && !w1t)
              `LEMMA(((rw[WW-1] && rw[WW-2 -: TGW] == nxq[SW-1:4] && ld_bm && sa) ==
                      (rw[WW-1] && rw[WW-2 -: TGW] == nxq[SW-1:4] && bmw[i] && sa)));
          end
      end
    end
    // the drain's registers, per side
    for (genvar z = 0; z < 3; z++) begin : g_z
      localparam int K = t * 3 + z;
      wire [PW-1:0] h  = DH[K*PW +: PW];
      wire [PW-1:0] tl = DT[K*PW +: PW];
      wire [IW-1:0] hn = h[IW-1:0];
      wire [IW-1:0] tn = tl[IW-1:0];
      // the head's successor as the drain reads it (its nxt word, read a cycle ahead)
      wire [PW-1:0] nrd = (z == 0) ? (t ? h_nd_rd0 : h_nt_rd0) : (z == 1) ? (t ? h_nd_rd1 : h_nt_rd1) :
                                     (t ? h_nd_rd2 : h_nt_rd2);
      wire [IW-1:0] nra = (z == 0) ? (t ? {3'b100, h_nd_ra_q0} : {1'b0, h_nt_ra_q0}) :
                          (z == 1) ? (t ? {3'b100, h_nd_ra_q1} : {1'b0, h_nt_ra_q1}) :
                                     (t ? {3'b100, h_nd_ra_q2} : {1'b0, h_nt_ra_q2});
      wire          w1n = (z == 0 ? h_w1_nx_we0 : z == 1 ? h_w1_nx_we1 : h_w1_nx_we2) &&
                          (z == 0 ? h_w1_nx_wa0 : z == 1 ? h_w1_nx_wa1 : h_w1_nx_wa2) == nra;
      wire [PW-1:0] nxv = w1n ? (z == 0 ? h_w1_nx_wd0 : z == 1 ? h_w1_nx_wd1 : h_w1_nx_wd2) : nrd;
      logic hok, tok;
      always_comb begin
        hok = 1'b0;
        tok = 1'b0;
        for (int k = E0; k < E1; k++) begin
          if (hn == IW'(k) && LV[k] && m_rec[k*RW + 72 +: 2] == 2'(z) && m_rec[k*RW + 40 +: SW] == d &&
              nxv == (z == 0 ? m_nx0[k*PW +: PW] : z == 1 ? m_nx1[k*PW +: PW] : m_nx2[k*PW +: PW]))
            hok = 1'b1;
          if (tn == IW'(k) && LV[k] && m_rec[k*RW + 72 +: 2] == 2'(z) && m_rec[k*RW + 40 +: SW] == d &&
              (z == 0 ? m_nx0[k*PW +: PW] : z == 1 ? m_nx1[k*PW +: PW] : m_nx2[k*PW +: PW]) == NIL)
            tok = 1'b1;
        end
      end
      always_comb
        if (!init && !h_clearing && h[IW]) `LEMMA((hok && nra == hn && tl[IW] && tok));
    end
  end

  // ---- per entry: the record, its copies, its list
  for (genvar e = 0; e < E; e++) begin : g_e
    localparam logic T = (e >= 16);
    localparam int E0 = T ? 16 : 0;
    localparam int E1 = T ? 20 : 16;
    wire [SW-1:0] d  = dd[T];
    wire [1:0]    x  = g_f[e].x;
    wire [1:0]    y  = NXTS(x);
    wire [SW-1:0] s  = g_f[e].s;
    wire [31:0]   at = g_f[e].r[31:0];
    wire [PW-1:0] nx = g_f[e].nxx;
    wire [PW-1:0] pv = g_f[e].pvx;
    wire [PW-1:0] ny = (y == 2'd0) ? g_f[e].nx0 : (y == 2'd1) ? g_f[e].nx1 : g_f[e].nx2;
    wire [PW-1:0] nty, ntx;      // the drain's copy of nxt at sides y and x
    if (!T) begin : g_c
      assign nty = (y == 2'd0) ? m_nt0[e*PW +: PW] : (y == 2'd1) ? m_nt1[e*PW +: PW] : m_nt2[e*PW +: PW];
      assign ntx = (x == 2'd0) ? m_nt0[e*PW +: PW] : (x == 2'd1) ? m_nt1[e*PW +: PW] : m_nt2[e*PW +: PW];
    end else begin : g_c
      assign nty = (y == 2'd0) ? m_nd0[(e-16)*PW +: PW] : (y == 2'd1) ? m_nd1[(e-16)*PW +: PW] : m_nd2[(e-16)*PW +: PW];
      assign ntx = (x == 2'd0) ? m_nd0[(e-16)*PW +: PW] : (x == 2'd1) ? m_nd1[(e-16)*PW +: PW] : m_nd2[(e-16)*PW +: PW];
    end
    wire [DW-1:0] rcp = T ? m_rd[(e-16)*DW +: DW] : m_rt[e*DW +: DW];
    wire [PW-1:0] dhx = (x == 2'd0) ? DH[(T*3 + 0)*PW +: PW] : (x == 2'd1) ? DH[(T*3 + 1)*PW +: PW] : DH[(T*3 + 2)*PW +: PW];
    wire [PW-1:0] dtx = (x == 2'd0) ? DT[(T*3 + 0)*PW +: PW] : (x == 2'd1) ? DT[(T*3 + 1)*PW +: PW] : DT[(T*3 + 2)*PW +: PW];
    wire [IW-1:0] nn = nx[IW-1:0];
    wire [IW-1:0] pn = pv[IW-1:0];
    wire [SW-1:0] so = s - d;
    // the last write of each side's nxt words is in both copies (the drains forward it)
    for (genvar z = 0; z < 3; z++) begin : g_w1
      wire          we = z == 0 ? h_w1_nx_we0 : z == 1 ? h_w1_nx_we1 : h_w1_nx_we2;
      wire [IW-1:0] wa = z == 0 ? h_w1_nx_wa0 : z == 1 ? h_w1_nx_wa1 : h_w1_nx_wa2;
      wire [PW-1:0] wd = z == 0 ? h_w1_nx_wd0 : z == 1 ? h_w1_nx_wd1 : h_w1_nx_wd2;
      wire [PW-1:0] nz = z == 0 ? g_f[e].nx0 : z == 1 ? g_f[e].nx1 : g_f[e].nx2;
      wire [PW-1:0] cz;
      if (!T) begin : g_c
        assign cz = z == 0 ? m_nt0[e*PW +: PW] : z == 1 ? m_nt1[e*PW +: PW] : m_nt2[e*PW +: PW];
      end else begin : g_c
        assign cz = z == 0 ? m_nd0[(e-16)*PW +: PW] : z == 1 ? m_nd1[(e-16)*PW +: PW] : m_nd2[(e-16)*PW +: PW];
      end
      always_comb
        if (!init && we && wa == IW'(e)) `LEMMA((nz == wd && cz == wd));
    end
    // the successor and the predecessor: linked, same side, slot (and type), pointing back
    logic sok, pok;
    always_comb begin
      sok = 1'b0;
      pok = 1'b0;
      for (int k = E0; k < E1; k++) begin
        if (nn == IW'(k) && LV[k] && m_rec[k*RW + 72 +: 2] == x && m_rec[k*RW + 40 +: SW] == s &&
            ((x == 2'd0) ? m_pv0[k*PW +: PW] : (x == 2'd1) ? m_pv1[k*PW +: PW] : m_pv2[k*PW +: PW]) ==
              {1'b1, IW'(e)})
          sok = 1'b1;
        if (pn == IW'(k) && LV[k] && m_rec[k*RW + 72 +: 2] == x && m_rec[k*RW + 40 +: SW] == s &&
            ((x == 2'd0) ? m_nx0[k*PW +: PW] : (x == 2'd1) ? m_nx1[k*PW +: PW] : m_nx2[k*PW +: PW]) ==
              {1'b1, IW'(e)})
          pok = 1'b1;
      end
    end
    // its slot's words (when not the drained slot): the index's bitmap bit and its side's bit
    // set, the head word naming it when it is first, the tail word when last (written per
    // entry, through the word functions: the same lemma written per index, a loop over the
    // entries in an always_comb, was not in force in the step's first frame: its
    // counterexamples to induction started from states that violate it)
    wire [3:0]    ix  = s[3:0];
    wire [WW-1:0] hwx = `HD(T, x, ix);
    wire [WW-1:0] twx = `TC(T, x, ix);
    wire [WW-1:0] own = {1'b1, s[SW-1:4], IW'(e)};
    always_comb
      if (!init && !h_clearing && LV[e] && s != d)
        `LEMMA((`BM(T, ix) && `SA(T, x, ix) && (pv[IW] || hwx == own) && (nx[IW] || twx == own) &&
                hwx[WW-1] && hwx[WW-2 -: TGW] == s[SW-1:4] && twx[WW-1] && twx[WW-2 -: TGW] == s[SW-1:4]));
    always_comb
      if (!init && !h_clearing) begin
        `LEMMA((x <= 2'd2 && ny == NIL && nty == NIL && rcp == g_f[e].cpy));
        if (LV[e]) begin
          `LEMMA((ntx == nx && so <= SW'(S - 2)));
          // never early: a deadline not parked is due once its slot's time or the time
          // it was filed at has come; bounded around now (no wrap of the signed compares)
          `LEMMA((g_f[e].far || $signed(at - {s, 1'b0}) <= 0 || $signed(at - now_q) <= 0));
          // parked: its deadline's slot is more than S - 2 after the drain's at its filing (but
          // at the drained slot: a MOVE whose target a jump left behind d links there, parked,
          // and is moved again when popped)
          if (g_f[e].far && s != d) `LEMMA(($signed(at - {s, 1'b0}) > 0));
          if (g_f[e].far && s == d) `LEMMA(($signed(at - {s, 1'b0}) > -$signed(BOUND)));
          `LEMMA(($signed(at - {s, 1'b0}) > -$signed(LB2) && $signed(at - now_q) <= 127));
          // ... and relative to now (d within 2^28 ns of now: no wrap past -2^31)
          `LEMMA(($signed(at - now_q) > -$signed(LB2 + 32'h1000_0000)));
          if (nx[IW]) `LEMMA((sok));
          else if (s == d) `LEMMA((dtx == {1'b1, IW'(e)}));
          if (s == d) begin
            `LEMMA((dhx[IW]));
            if (dhx != {1'b1, IW'(e)}) `LEMMA((pv[IW] && pok));
          end else if (pv[IW]) `LEMMA((pok));
        end
      end
  end
  // ---- the pipeline: C0 (its words as read, with the writes forwarded) and C1 (its decode)
  wire [SW-1:0] c0_d = dd[h_c0_t];
  wire [SW-1:0] c1_d = dd[h_c1_t];
  wire [SW-1:0] c0_o = h_c0_ts - c0_d;
  wire [SW-1:0] c1_o = h_c1_ts - c1_d;
  wire [IW-1:0] c0i = h_c0_id;
  wire [IW-1:0] c1i = h_c1_id;
  wire [RW-1:0] r1  = `REC(c1i);
  wire [1:0]    x1  = r1[73:72];
  wire [1:0]    y1  = NXTS(x1);
  wire [1:0]    z1  = NXTS(y1);
  wire [3:0]    i1  = h_c1_ts[3:0];
  wire [WW-1:0] t1  = `TC(h_c1_t, y1, i1);
  wire [6*WW-1:0] W1TD = {h_w1_tl_wd5, h_w1_tl_wd4, h_w1_tl_wd3, h_w1_tl_wd2, h_w1_tl_wd1, h_w1_tl_wd0};
  wire [6*4-1:0]  W1TA = {h_w1_tl_wa5, h_w1_tl_wa4, h_w1_tl_wa3, h_w1_tl_wa2, h_w1_tl_wa1, h_w1_tl_wa0};
  wire [5:0]      W1TE = {h_w1_tl_we5, h_w1_tl_we4, h_w1_tl_we3, h_w1_tl_we2, h_w1_tl_we1, h_w1_tl_we0};
  wire [6*WW-1:0] TCRD = {h_tc_rd5, h_tc_rd4, h_tc_rd3, h_tc_rd2, h_tc_rd1, h_tc_rd0};
  always_comb
    if (!init && !h_clearing && h_c0_v) begin
      `LEMMA((h_c0_op != 2'd0 && c0i < E && h_c0_t == (c0i >= 16) && h_c0_ti == h_c0_ts[3:0]));
      `LEMMA(((h_fw_rc_q ? h_w1_rc_wd : h_rc_rd) == `REC(c0i)));
      `LEMMA(((h_c0_t ? (h_fw_fd_q ? h_w1_fd_wd : h_fd_rd) : (h_fw_ft_q ? h_w1_ft_wd : h_ft_rd)) == FV[c0i]));
      `LEMMA(((h_fw_nx_q0 ? h_w1_nx_wd0 : h_nx_rd0) == `NX(0, c0i) &&
              (h_fw_nx_q1 ? h_w1_nx_wd1 : h_nx_rd1) == `NX(1, c0i) &&
              (h_fw_nx_q2 ? h_w1_nx_wd2 : h_nx_rd2) == `NX(2, c0i)));
      `LEMMA(((h_fw_pv_q0 ? h_w1_pv_wd0 : h_pv_rd0) == `PV(0, c0i) &&
              (h_fw_pv_q1 ? h_w1_pv_wd1 : h_pv_rd1) == `PV(1, c0i) &&
              (h_fw_pv_q2 ? h_w1_pv_wd2 : h_pv_rd2) == `PV(2, c0i)));
      for (int k = 0; k < 6; k++)
        `LEMMA((((W1TE[k] && W1TA[k*4 +: 4] == h_c0_ti) ? W1TD[k*WW +: WW] : TCRD[k*WW +: WW]) ==
                `TC(k/3, k%3, h_c0_ti)));
      // an ARM's deadline is the input's now + -128..+127 ns: C0's now_q is that now, C1's
      // at most 63 ns later (a MOVE's deadline is its record's: bounded by the drain's)
      if (h_c0_op == ARM) `LEMMA(($signed(h_c0_at - now_q) >= -128));
      // the target: at or after the input's d, which stood within 2^27 slots of now (32
      // slots of now's step since); a MOVE's deadline: the move's bound, 63 ns later
      if (h_c0_op != DISARM) `LEMMA(($signed(h_c0_ts - h_now_slot) > -$signed(SW'(32'h0800_0040))));
      if (h_c0_op == MOVE) `LEMMA(($signed(h_c0_at - now_q) > -$signed(LB - 32'd64)));   // (the move's, 64 ns later)
      if (h_c0_op != DISARM) begin
        `LEMMA(($signed(c0_o) <= $signed(SW'(S - 2)) && $signed(c0_o) > -$signed(SW'(32'h1000_0000))));
        `LEMMA((h_c0_far || $signed(h_c0_at - {h_c0_ts, 1'b0}) <= 0 || $signed(h_c0_at - now_q) <= 0));
        `LEMMA((!h_c0_rch || $signed(h_c0_at - now_q) <= 0));
        if (h_c0_far) `LEMMA(($signed(h_c0_at - {h_c0_ts, 1'b0}) > 0));   // parked beyond its slot
        `LEMMA(($signed(h_c0_at - now_q) <= 127 && $signed(h_c0_at - {c0_d, 1'b0}) > -$signed(LB)));
      end
      // (a command for the entry that C1 executed since its pop changed the record: an ARM
      // linked it, a DISARM cleared far; the MOVE then links nothing)
      if (h_c0_op == MOVE)
        `LEMMA((LV[c0i] || !`FAR(c0i) || (h_c0_gen == `GEN(c0i) && h_c0_at == `AT(c0i))));
    end
  always_comb
    if (!init && !h_clearing && h_c1_v) begin
      `LEMMA((h_c1_op != 2'd0 && c1i < E && h_c1_t == (c1i >= 16)));
      `LEMMA((h_q_rec == r1 && h_q_L == LV[c1i] && h_q_sxh == (3'b001 << x1) &&
              h_q_syh == (3'b001 << y1) && h_q_szh == (3'b001 << z1)));
      `LEMMA((h_q_up == `PV(x1, c1i) && h_q_un == `NX(x1, c1i)));
      `LEMMA((h_c1_drn == ($signed(c1_o) <= 0) && h_u_drn == (r1[70:40] == c1_d) &&
              h_q_rch == ($signed(SW'(r1[70:40] - h_now_slot)) <= 0)));
      if (h_c1_op == ARM) `LEMMA(($signed(h_c1_at - now_q) >= -191));
      if (h_c1_op != DISARM) `LEMMA(($signed(h_c1_ts - h_now_slot) > -$signed(SW'(32'h0800_0080))));
      if (h_c1_op == MOVE) `LEMMA(($signed(h_c1_at - now_q) > -$signed(LB)));
      if (h_c1_op != DISARM) begin
        `LEMMA(($signed(c1_o) <= $signed(SW'(S - 2)) && $signed(c1_o) > -$signed(SW'(32'h1000_0000))));
        `LEMMA((h_c1_far || $signed(h_c1_at - {h_c1_ts, 1'b0}) <= 0 || $signed(h_c1_at - now_q) <= 0));
        `LEMMA((!h_c1_rch || $signed(h_c1_at - now_q) <= 0));
        if (h_c1_far) `LEMMA(($signed(h_c1_at - {h_c1_ts, 1'b0}) > 0));
        `LEMMA(($signed(h_c1_at - now_q) <= 127 && $signed(h_c1_at - {c1_d, 1'b0}) > -$signed(LB)));
        if (h_c1_t ? h_adv1 : h_adv0)   // phase 2: C1 was a candidate of phase 1
          `LEMMA((c1_o == '0 || $signed(c1_o) < 0 || c1_o >= (h_c1_t ? h_nxq1 - h_d1 : h_nxq0 - h_d0)));
        if (!h_c1_drn)
          `LEMMA((h_q_lhit == (t1[WW-1] && t1[WW-2 -: TGW] == h_c1_ts[SW-1:4] && `BM(h_c1_t, i1) &&
                               `SA(h_c1_t, y1, i1)) && (!h_q_lhit || h_q_lw == t1[IW-1:0])));
      end
      if (h_c1_op == MOVE)
        `LEMMA((LV[c1i] || !`FAR(c1i) || (h_c1_gen == `GEN(c1i) && h_c1_at == `AT(c1i))));
    end

  // ---- the ghost rank ("none lost": no linked entry outside its list): rk of a linked entry
  // is its position in its list (type, side, slot), 0 at the head, maintained from the
  // RTL's own decisions (C1's link / unlink, the drains' pops): a link appends at the tail
  // (rank of the tail + 1, or 0 into an empty list), a pop decrements its list, an unlink
  // decrements the nodes ranked after the entry. Lemmas: the head ranks 0, a node after its
  // predecessor's rank + 1, a node not the tail below its list's tail's rank, every rank
  // below the list's size (no wrap of the 5-bit ranks). A cycle of linked nodes detached from the head breaks the
  // predecessor's rule (its ranks would have to grow round the cycle).
  function automatic logic [4:0] f_rk(input logic [E*5-1:0] v, input logic [IW-1:0] n);
    f_rk = '0;
    for (int k = 0; k < E; k++) if (n == IW'(k)) f_rk = v[k*5 +: 5];
  endfunction
  wire [E*5-1:0] RKV;
  wire [E-1:0]   RDEC_P;                 // the pop this cycle takes a node of its list
  wire [4:0]     rk_c1  = f_rk(RKV, c1i);
  wire [IW-1:0]  lt_id  = h_l_tail[IW-1:0];
  wire [4:0]     rk_lt  = f_rk(RKV, lt_id);
  logic          dp_lt;
  always_comb begin
    dp_lt = 1'b0;
    for (int k = 0; k < E; k++) if (lt_id == IW'(k)) dp_lt = RDEC_P[k];
  end
  wire [4:0]     rk_new = h_l_empty ? 5'd0 : 5'(rk_lt + 5'd1 - 5'(dp_lt));
  wire [SW-1:0]  u_slot = r1[70:40];
  for (genvar e = 0; e < E; e++) begin : g_rk
    localparam logic T = (e >= 16);
    localparam int E0 = T ? 16 : 0;
    localparam int E1 = T ? 20 : 16;
    logic [4:0] rk;
    assign RKV[e*5 +: 5] = rk;
    wire [1:0]    x  = g_e[e].x;
    wire [SW-1:0] s  = g_e[e].s;
    wire [SW-1:0] d  = g_e[e].d;
    wire [1:0]    sz = T ? h_sel_z1 : h_sel_z0;
    wire          pp = T ? h_pop1 : h_pop0;
    wire memu = LV[e] && h_c1_t == T && x == x1 && s == u_slot && c1i != IW'(e);
    wire decu = h_do_unlink && memu && rk > rk_c1;
    wire decp = pp && LV[e] && s == d && x == sz;
    assign RDEC_P[e] = decp;
    always_ff @(posedge clk)
      if (h_do_link && c1i == IW'(e)) rk <= rk_new;
      else rk <= rk - 5'(decu) - 5'(decp);
    // the same list as entry k (k of the same type), and the list's size
    wire [E-1:0] same;
    for (genvar k = 0; k < E; k++) begin : g_k
      if (k < E0 || k >= E1) begin : g_o
        assign same[k] = 1'b0;
      end else if (k == e) begin : g_s
        assign same[k] = LV[e];
      end else if (k < e) begin : g_l
        assign same[k] = g_rk[k].same[e];
      end else begin : g_h
        assign same[k] = LV[e] && LV[k] && g_f[k].x == x && g_f[k].s == s;
      end
    end
    logic [4:0] size;
    always_comb begin
      size = '0;
      for (int k = E0; k < E1; k++) size = size + 5'(same[k]);
    end
    wire          head = (s == d) ? (g_e[e].dhx == {1'b1, IW'(e)}) : !g_e[e].pv[IW];
    wire [IW-1:0] tid  = (s == d) ? g_e[e].dtx[IW-1:0] : g_e[e].twx[IW-1:0];
    wire [4:0]    rk_p = f_rk(RKV, g_e[e].pn);
    wire [4:0]    rk_t = f_rk(RKV, tid);
    always_comb
      if (!init && !h_clearing && LV[e]) begin
        if (head) `LEMMA((rk == 5'd0));
        else `LEMMA((rk == 5'(rk_p + 5'd1)));
        // (below the tail's unless the tail itself: no two nodes ranked at the list's end)
        `LEMMA(((rk < rk_t || !g_e[e].nx[IW]) && rk < size));
      end
  end

`ifdef CHECK_MATCH
  // the tracked entry's shadow: its last command accepted (C0's, else C1's, else the state)
  wire mvp = (te >= 5'd16 ? (h_mv_v1 && h_mv_id1 == te) : (h_mv_v0 && h_mv_id0 == te)) ||
             (h_c0_v && h_c0_op == MOVE && h_c0_id == te) || (h_c1_v && h_c1_op == MOVE && h_c1_id == te);
  always_comb
    if (!init && te < E) begin
      if (h_clearing) `LEMMA((!arm));
      else if (h_c0_v && h_c0_id == te && h_c0_op != MOVE)
        `LEMMA((arm == (h_c0_op == ARM) && (!arm || (agen == h_c0_gen && aat == h_c0_at))));
      else if (h_c1_v && h_c1_id == te && h_c1_op != MOVE)
        `LEMMA((arm == (h_c1_op == ARM) && (!arm || (agen == h_c1_gen && aat == h_c1_at))));
      else
        `LEMMA((arm == (LV[te] || (`FAR(te) && mvp)) && (!arm || (agen == `GEN(te) && aat == `AT(te)))));
    end
`endif
`endif

endmodule
