// SPDX-License-Identifier: MIT
// Lock-step test of rtl/dcqcn_nic_top.sv (RP + NP + timer service/scheduler + event
// arbiter) against NicTopModel (tb/ref/nic_top_ref.h): every output pin, every cycle.
//
// The bench plays the NIC around the top: a MAC that offers transmit opportunities and
// answers every GRANT with a completion a few cycles later (`more` from its own queue of
// the flow), a host that gives flows data (DATA) and starts some (INIT, and bad ops that
// must be dropped and counted), a receive path that hands over CNPs and data packets with
// random ECN, back-pressure on txsel and cnpreq (--bp), idle input cycles (--idle), PFC
// pause, AXI4-Lite reads and writes of every block, and one reset in the middle. Time
// advances in small steps (the clock period on average, --clock-ns, 3.103 ns by default)
// with jumps, across the 2^32 ns wrap; a build with DUT_SLOT_BITS sets SCHED_SLOT_BITS.
//
// Beside the lock-step (which a bug shared by the RTL and the model passes), system checks:
// every txop answered exactly once; no GRANT for a flow without data; every timer the RP
// or the NP announced delivered at or after its deadline and never twice, and the latest
// of each delivered by the end; no input event lost (per source, events in = events into
// the RP/NP); a CNP request only from an NP result with cnp, in order, with its fields;
// wherever a simulation would stop the clock (idle, nothing shown), every deadline the
// scheduler holds armed is at or after next_due (departures: or txq_nonempty). The
// scheduler's own contract checker (NicSchedCheck) runs in lockstep_nic_sched, not here.
// The top's pins are its own (seven streams, AXI4-Lite, monitors), so the bench drives and
// compares them itself, on the skeleton's harness (tb/common/lockstep.h, LockstepRun): the
// clocking, the failure story and its replayed waveform window, the summary and verdict.
// Debugging: DBG_FLOW=<flow> prints that flow's history (commands, grants, RP events).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <vector>

#include VHEADER
#include "lockstep.h"
#include "nic_top_pins.h"
#include "nic_top_ref.h"

using namespace dcqcn;
using dcqcn::tb::Diff;

namespace {

#ifndef DUT_SLOT_BITS
#define DUT_SLOT_BITS 5
#endif

constexpr uint32_t kFlows = DUT_SIZE;
constexpr unsigned kSlotBits = DUT_SLOT_BITS;  // SCHED_SLOT_BITS: the wheel's slot G
constexpr uint32_t kG = uint32_t{1} << kSlotBits;
constexpr uint64_t kFullCoverageEvents = 100000;
// a timer announced this long ago (ns) must have been delivered by the end of the run: its
// wheel slot (G), the wheel's bound (K = 16 cycles plus two per entry ahead of it,
// 2 x 5 N, at 4 ns per cycle; docs/nic.md) and the queues (100 us)
constexpr uint64_t kDeliverNs = kG + 4 * (16 + 10 * uint64_t{kFlows}) + 100000;

int64_t sdiff(uint32_t a, uint32_t b) { return static_cast<int32_t>(a - b); }

class Bench {
 public:
  explicit Bench(const tb::Options& o)
      : o_(o), rng_(o.seed), run_(o, "nic_top", "NUM_FLOWS=" + std::to_string(kFlows)),
        ref_(kFlows, kSlotBits), pkts_(kFlows, 0),
        ann_(4 * kFlows * 256, Ann{}), latest_(4 * kFlows, Latest{}) {
    now64_ = (uint64_t{1} << 32) - 200000 - rng_.below(1000000);
    mid_reset_at_ = o.events * (3 + rng_.below(4)) / 10;
    define_coverage();
    // past a failure, a traced run shows the failing cycle's edge, then cycles with no input
    run_.on_failure_window(
        [this] {
          if (!run_.in_cycle()) {  // found between cycles (a check at the end, an episode)
            idle_inputs();
            drive();
            run_.low();
            cur_ = in_;
          }
          run_.edge(in_.now_ns, accepted_, true);
          ref_.step(cur_);
        },
        [this] {
          idle_inputs();
          drive();
          run_.low();
          run_.edge(in_.now_ns, accepted_);
          ref_.step(in_);
        });
  }

  int run() {
    rst_cycles_ = 3;
    while (accepted_ < o_.events) {
      if (int rc = cycle(true)) return rc;
      if (run_.cycle() > 200 * (o_.events + 10000)) return fail("no progress (deadlock?): " + ref_.debug());
    }
    if (int rc = drain()) return rc;
    if (int rc = final_checks()) return rc;
    if (int rc = fairness_episode()) return rc;
    if (int rc = retime_episode()) return rc;
    if (int rc = burst_episode()) return rc;
    if (int rc = drain()) return rc;
    if (int rc = final_checks()) return rc;
    if (!o_.replay)
      std::printf("nic_top: %" PRIu64 " grants, %" PRIu64 " timers delivered, fairness spread %u over %u flows, "
                  "%" PRIu64 " sweeps (the longest %" PRIu64 " cycles)\n",
                  grants_, timers_, fair_spread_, kFairFlows, sweeps_, sw_max_cycles_);
    return run_.finish(cov_, accepted_, kFullCoverageEvents);
  }

 private:
  // announcements of one (kind, flow, tag) not yet delivered: two slots, because a flow
  // restarted by INIT counts its tags from the start again while an older timer with the
  // same tag may still be on its way (the RP then takes it as current: as nic_core_blocks.cpp does)
  // A slot announced more than 2^30 ns ago is dropped (superseded long ago; beyond 2^31 ns
  // its 32-bit deadline could no longer be compared).
  struct Ann { bool pending[2] = {false, false}; uint32_t dl[2] = {0, 0}; uint64_t t[2] = {0, 0}; };
  static constexpr uint64_t kAnnMaxAge = uint64_t{1} << 30;
  struct Latest { bool on = false; uint8_t gen = 0; uint32_t dl = 0; uint64_t at64 = 0; };
  struct Armed { bool on = false; uint32_t at = 0; };
  struct Done { uint64_t due_cycle; NicTxDone d; };
  static constexpr unsigned kFairFlows = 4;

  // ------------------------------------------------------------------ coverage
  void define_coverage() {
    cov_.define("timer_alpha", "ALPHA_TIMER delivered to the RP");
    cov_.define("timer_inc", "INC_TIMER delivered to the RP");
    cov_.define("timer_cut", "CUT_TIMER delivered to the RP");
    cov_.define("timer_np", "TIMER delivered to the NP");
    cov_.define("drain_np", "DRAIN delivered to the NP");
    cov_.define("late_gt0", "a timer delivered after its deadline (lateness > 0)");
    cov_.define("retime_nogrant", "retime episode: a due flow re-timed later by a CNP while it waits is not granted");
    cov_.define("grant", "txsel with grant");
    cov_.define("nogrant", "txsel without grant");
    cov_.define("nogrant_paused", "txsel without grant while paused with flows due");
    cov_.define("retime_rearm", "a departure re-armed by a CNP/timer result (re-timed)");
    cov_.define("query_in_flight", "host DATA while the flow's packet was in flight");
    cov_.define("cnpreq", "a CNP request out");
    for (const char* s : {"txop", "txdone", "host", "rxcnp", "rxdata"})
      cov_.define(std::string("bp_") + s, std::string("s_axis_") + s + " held with tready low");
    if (o_.backpressure) {
      cov_.define("bp_txsel", "m_axis_txsel held (tready low)");
      cov_.define("bp_cnpreq", "m_axis_cnpreq held (tready low)");
    }
    cov_.define("sched_out_held", "a scheduler result held: timer queue full");
    cov_.define("host_bad_op", "host op 2/3 dropped and counted");
    cov_.define("host_init", "host INIT");
    cov_.define("csr_rp", "AXI4-Lite read of an RP register");
    cov_.define("csr_np", "AXI4-Lite read of an NP register");
    cov_.define("csr_top", "AXI4-Lite read of a top counter");
    cov_.define("csr_sched", "AXI4-Lite read of a scheduler register");
    cov_.define("csr_slverr", "a partial-strobe write answered SLVERR");
    cov_.define("idle_after_work", "idle high again after traffic");
    cov_.define("idle_next_due_checked", "idle: next_due checked against an armed timer or departure");
    cov_.define("time_wrap", "time crosses the 2^32 ns wrap");
    cov_.define("reset_mid_run", "rst in the middle of traffic");
    cov_.define("fairness", "fairness episode: backlogged flows granted within 3 of each other");
    cov_.define("sweep_done", "a sweep gave every flow its AGE, in order, after now entered a new 2^29-ns epoch");
  }

  // ------------------------------------------------------------------ stimulus
  uint32_t pick_flow() {
    if (rng_.chance(60)) return static_cast<uint32_t>(rng_.below(std::min<uint32_t>(kFlows, 8)));
    return static_cast<uint32_t>(rng_.below(kFlows)) | (rng_.chance(5) ? (1u << 15) & ~(kFlows - 1) & 0xffff : 0);
  }

  // new descriptors offered on the inputs that are free (AXI-Stream: held until taken)
  void offer(bool random) {
    const unsigned busy = o_.idle ? 40 : 90;  // percent of cycles an input may get a new one
    if (!random) return;
    if (!in_.txop_valid && rng_.chance(busy / 3)) in_.txop_valid = true;
    if (!in_.host_valid && rng_.chance(busy / 8)) {
      const uint32_t f = pick_flow();
      const uint64_t r = rng_.below(100);
      in_.host = NicHostOp{};
      in_.host.flow = f;
      if (r < 85) {
        host_pkts_ = 1 + static_cast<uint32_t>(rng_.below(4));  // queued when the top takes it
        in_.host.op = kHostData;
      } else if (r < 95) {
        in_.host.op = kHostInit;
        in_.host.arg = rng_.chance(30) ? 0 : 1000000 + static_cast<uint32_t>(rng_.below(40000000));
      } else {
        in_.host.op = static_cast<uint8_t>(2 + rng_.below(2));
        in_.host.arg = static_cast<uint32_t>(rng_.next());
      }
      in_.host_valid = true;
    }
    if (!in_.rxcnp_valid && rng_.chance(busy / 10)) {
      // often a flow with data that is not in flight: it may wait for a txop, and the cut
      // re-times its departure later (the re-arm moves the flow's departure in the wheel)
      uint32_t f = pick_flow();
      for (unsigned t = 0; t < 4 && rng_.chance(50); ++t) {
        const uint32_t c = static_cast<uint32_t>(rng_.below(std::min<uint32_t>(kFlows, 8)));
        if (pkts_[c] > 0 && !in_flight_[c]) { f = c; break; }
      }
      in_.rxcnp = NicRxCnp{static_cast<uint32_t>(rng_.chance(50) ? 50000 : rng_.below(200000)),
                           f, rng_.chance(20)};
      in_.rxcnp_valid = true;
    }
    if (!in_.rxdata_valid && rng_.chance(busy / 4)) {
      in_.rxdata = NicRxData{pick_flow(), static_cast<uint8_t>(rng_.below(4))};
      in_.rxdata_valid = true;
    }
    if (!in_.txdone_valid && !dones_.empty() && dones_.front().due_cycle <= run_.cycle()) {
      in_.txdone = dones_.front().d;
      in_.txdone.more = pkts_[in_.txdone.flow] > 0;
      dones_.pop_front();
      in_.txdone_valid = true;
    }
    in_.txsel_ready = !o_.backpressure || rng_.chance(60);
    in_.cnpreq_ready = !o_.backpressure || rng_.chance(60);
    if (rng_.permille(o_.idle ? 20 : 5)) in_.pause = !in_.pause;
    if (in_.pause && rng_.chance(2)) in_.pause = false;
    axil_offer();
  }

  void axil_offer() {
    // after each reset: the deferred cut (RP), a CNP budget and a shorter hold-off (NP), so
    // that CUT_TIMER and DRAIN occur
    if (!in_.awvalid && !in_.wvalid && !wr_wait_ && cfg_step_ < 4) {
      static const uint16_t kAddr[4] = {0x050, 0x034, 0x114, 0x100};
      static const uint32_t kVal[4] = {1, 20000, 2000, 5000};
      in_.awaddr = kAddr[cfg_step_];
      in_.wdata = kVal[cfg_step_];
      in_.wstrb = 0xf;
      slverr_exp_ = false;
      in_.awvalid = in_.wvalid = true;
      wr_wait_ = true;
      ++cfg_step_;
      return;
    }
    if (!in_.arvalid && !rd_wait_ && rng_.chance(2)) {
      static const uint16_t kBlk[5] = {0x000, 0x100, 0x200, 0x300, 0x400};
      const unsigned b = static_cast<unsigned>(rng_.below(5));
      in_.araddr = static_cast<uint16_t>(kBlk[b] + 4 * rng_.below(16));
      in_.arvalid = true;
      rd_blk_ = b;
    }
    if (!in_.awvalid && !in_.wvalid && !wr_wait_ && rng_.permille(5)) {
      // writes that keep the traffic meaningful: RP/NP CSRs within their ranges are clamped
      // anyway; the scheduler's CATCHUP_NS; now and then a partial strobe (SLVERR)
      const uint64_t r = rng_.below(4);
      in_.awaddr = r == 0 ? 0x308 : r == 1 ? static_cast<uint16_t>(0x100) : r == 2 ? 0x204 : 0x30c;
      in_.wdata = r == 1 ? 20000 + static_cast<uint32_t>(rng_.below(60000)) : static_cast<uint32_t>(rng_.below(40000));
      in_.wstrb = rng_.chance(10) ? 0x3 : 0xf;
      slverr_exp_ = in_.wstrb != 0xf;
      in_.awvalid = in_.wvalid = true;
      wr_wait_ = true;
    }
    in_.bready = rng_.chance(70);
    in_.rready = rng_.chance(70);
  }

  // ------------------------------------------------------------------ one cycle
  int cycle(bool random) {
    // time
    const uint64_t r = rng_.below(1000);
    const uint64_t before = now64_;
    // (as in hardware, 3.103 ns a cycle on average; a jump of up to 63 us, a simulation
    // asleep, only where a simulation may stop the clock: the top idle and next_due not
    // reached. The wheel's drains then walk the slots jumped at two cycles each, and
    // next_due stays at or before now until they have caught up)
    const NicTopOut so = ref_.outputs(in_);
    const bool asleep = !freeze_ && !fixed_dt_ && so.idle && r < 20 &&
                        !(so.next_due_valid && sdiff(so.next_due_ns, static_cast<uint32_t>(now64_)) <= 0) &&
                        sdiff(so.sweep_due_ns, static_cast<uint32_t>(now64_)) > 0;
    // (and now and then a step of up to 5 us while busy: a simulation's time is an input
    // that may step; 10.6 ns a cycle on average, within the 16 ns a cycle the drains walk)
    now64_ += freeze_ ? 0 : fixed_dt_ ? fixed_dt_ : asleep ? 3000 + rng_.below(60000)
              : r < 997 ? o_.clock_ps / 1000 + (r < o_.clock_ps % 1000 ? 1 : 0) : rng_.below(5000);
    if ((before >> 32) != (now64_ >> 32)) cov_.hit("time_wrap");
    in_.now_ns = static_cast<uint32_t>(now64_);
    in_.rst = rst_cycles_ > 0;
    if (in_.rst) {
      --rst_cycles_;
      in_ = NicTopIn{};
      in_.rst = true;
      in_.now_ns = static_cast<uint32_t>(now64_);
    } else {
      offer(random);
    }
    // a reset in the middle of the traffic
    if (random && !mid_reset_done_ && accepted_ >= mid_reset_at_) {
      mid_reset_done_ = true;
      cov_.hit("reset_mid_run");
      rst_cycles_ = 2;
    }
    drive();
    run_.low();
    const NicTopOut out = ref_.outputs(in_);
    const NicTopModel::Peek pk = ref_.peek(in_);
    cur_ = in_;  // account() takes the handshaken inputs down for the next cycle
    if (int rc = compare(out)) return rc;
    if (!in_.rst) {
      if (int rc = account(out, pk)) return rc;
    } else {
      on_reset();
    }
    run_.edge(in_.now_ns, accepted_);
    ref_.step(cur_);
    return 0;
  }

  void drive() { nic_pins::drive(run_.dut(), in_); }  // the network's RTL engine drives it alike

  // No new input on any port, every output taken, time standing (the failure window).
  void idle_inputs() {
    const NicTopIn was = in_;
    in_ = NicTopIn{};
    in_.now_ns = was.now_ns;
    in_.pause = was.pause;
    in_.txsel_ready = in_.cnpreq_ready = in_.bready = in_.rready = true;
  }

  // every output pin of the DUT against the model; the first cycle shows X-initial values
  int compare(const NicTopOut& o) {
    if (run_.cycle() == 0) return 0;
    if (o_.inject_mismatch && run_.cycle() == o_.inject_mismatch) injected_ = true;
    const auto& m = run_.dut();
    NicRpWords rw{};
    NicNpWords nw{};
    pack(o.mon_rp, rw);
    pack(o.mon_np, nw);
    // (the list is built once; each cycle writes its values: no allocation per cycle)
    size_t n = 0;
    const auto put = [&](const char* sig, uint64_t rtl, uint64_t ref) {
      if (n == diffs_.size()) diffs_.push_back({sig, rtl, ref});
      diffs_[n].rtl = rtl;
      diffs_[n].ref = ref;
      ++n;
    };
    const auto put_word = [&](const char* bus, unsigned i, uint64_t rtl, uint64_t ref) {
      if (n == diffs_.size()) {
        char sig[40];
        std::snprintf(sig, sizeof sig, "%s[%u:%u]", bus, 32 * i + 31, 32 * i);
        diffs_.push_back({sig, rtl, ref});
      }
      put(nullptr, rtl, ref);
    };
    put("s_axis_txop_tready", m.s_axis_txop_tready, o.txop_ready);
    put("m_axis_txsel_tvalid", m.m_axis_txsel_tvalid, o.txsel_valid);
    put("m_axis_txsel_tdata", m.m_axis_txsel_tdata, pack(o.txsel));
    put("s_axis_txdone_tready", m.s_axis_txdone_tready, o.txdone_ready);
    put("s_axis_host_tready", m.s_axis_host_tready, o.host_ready);
    put("s_axis_rxcnp_tready", m.s_axis_rxcnp_tready, o.rxcnp_ready);
    put("s_axis_rxdata_tready", m.s_axis_rxdata_tready, o.rxdata_ready);
    put("m_axis_cnpreq_tvalid", m.m_axis_cnpreq_tvalid, o.cnpreq_valid);
    put("m_axis_cnpreq_tdata", m.m_axis_cnpreq_tdata, pack(o.cnpreq));
    put("mon_rp_valid", m.mon_rp_valid, o.mon_rp_valid);
    put("mon_np_valid", m.mon_np_valid, o.mon_np_valid);
    put("next_due_valid", m.next_due_valid, o.next_due_valid);
    put("next_due_ns", o.next_due_valid ? m.next_due_ns : 0u, o.next_due_valid ? o.next_due_ns : 0u);
    put("sweep_due_ns", m.sweep_due_ns, o.sweep_due_ns);
    put("txq_nonempty", m.txq_nonempty, o.txq_nonempty);
    put("idle", m.idle, o.idle);
    put("s_axil_awready", m.s_axil_awready, o.awready);
    put("s_axil_wready", m.s_axil_wready, o.wready);
    put("s_axil_bvalid", m.s_axil_bvalid, o.bvalid);
    put("s_axil_bresp", m.s_axil_bresp, o.bresp);
    put("s_axil_arready", m.s_axil_arready, o.arready);
    put("s_axil_rvalid", m.s_axil_rvalid, o.rvalid);
    put("s_axil_rdata", m.s_axil_rdata, o.rdata ^ (injected_ ? 1u : 0u));
    put("s_axil_rresp", m.s_axil_rresp, o.rresp);
    for (unsigned i = 0; i < 10; ++i) put_word("mon_rp_data", i, m.mon_rp_data[i], rw[i]);
    for (unsigned i = 0; i < 5; ++i) put_word("mon_np_data", i, m.mon_np_data[i], nw[i]);
    bool differ = false;
    for (const Diff& x : diffs_) differ = differ || x.rtl != x.ref;
    if (!differ) return 0;
    return failure(tb::FailKind::Mismatch, diffs_, "");
  }

  // ------------------------------------------------------------------ bookkeeping, checks
  int account(const NicTopOut& o, const NicTopModel::Peek& pk) {
    const uint64_t cyc = run_.cycle();
    // the sweep (docs/nic.md "The sweep"): when now enters a new 2^29-ns epoch, every flow
    // gets one AGE, flows in order from 0, before the next epoch; a liveness bound here
    if ((now64_ >> 29) != ep_seen_) {
      ep_seen_ = now64_ >> 29;
      if (sw_pending_) return fail("sweep: a new 2^29-ns epoch began before the last sweep finished");
      sw_pending_ = true;
      sw_next_ = 0;
      sw_start_cyc_ = cyc;
    }
    if (sw_pending_ && cyc - sw_start_cyc_ > kSweepMaxCycles)
      return fail("sweep: not finished " + std::to_string(kSweepMaxCycles) + " cycles after the epoch began (at flow " +
                  std::to_string(sw_next_) + ")");
    // inputs
    if (in_.txop_valid && !o.txop_ready) cov_.hit("bp_txop");
    if (in_.txdone_valid && !o.txdone_ready) cov_.hit("bp_txdone");
    if (in_.host_valid && !o.host_ready) cov_.hit("bp_host");
    if (in_.rxcnp_valid && !o.rxcnp_ready) cov_.hit("bp_rxcnp");
    if (in_.rxdata_valid && !o.rxdata_ready) cov_.hit("bp_rxdata");
    if (o.txsel_valid && !in_.txsel_ready) cov_.hit("bp_txsel");
    if (o.cnpreq_valid && !in_.cnpreq_ready) cov_.hit("bp_cnpreq");
    if (in_.txop_valid && o.txop_ready) { ++txops_; ++accepted_; in_.txop_valid = false; }
    if (in_.txdone_valid && o.txdone_ready) { ++in_tx_; ++accepted_; in_.txdone_valid = false; }
    if (in_.host_valid && o.host_ready) {
      ++accepted_;
      if (in_.host.op >= 2) cov_.hit("host_bad_op");
      else ++in_host_;
      if (in_.host.op == kHostInit) cov_.hit("host_init");
      // the doorbell and the MAC's queue move together: the data is there once DATA is taken
      if (in_.host.op == kHostData) pkts_[in_.host.flow & (kFlows - 1)] += host_pkts_;
      host_pkts_ = 0;
      in_.host_valid = false;
    }
    if (in_.rxcnp_valid && o.rxcnp_ready) { ++in_cnp_; ++accepted_; in_.rxcnp_valid = false; }
    if (in_.rxdata_valid && o.rxdata_ready) { ++in_rx_; ++accepted_; in_.rxdata_valid = false; }
    if (o.idle && busy_since_idle_) { cov_.hit("idle_after_work"); busy_since_idle_ = false; }
    if (!o.idle) busy_since_idle_ = true;
    if (dbg_ >= 0) {
      const uint32_t F = static_cast<uint32_t>(dbg_);
      if (pk.cmd_issued && pk.cmd.flow == F && pk.cmd.kind == kSchedDep) std::printf("%lu cmd %d dep at %u\n", (unsigned long)cyc, (int)pk.cmd.op, pk.cmd.at_ns);
      if (pk.sched_taken && pk.sched.flow == F && pk.sched.kind >= 5) std::printf("%lu sched kind %d\n", (unsigned long)cyc, pk.sched.kind);
      if (pk.rp_issued && pk.rp_ev.flow == F) std::printf("%lu rp op %d\n", (unsigned long)cyc, (int)pk.rp_ev.op);
      if (o.mon_rp_valid && o.mon_rp.flow == F) std::printf("%lu rp result op %d paced %d next %u\n", (unsigned long)cyc, (int)o.mon_rp.op, o.mon_rp.paced, o.mon_rp.next_tx_ns);
      if (in_.host_valid && o.host_ready && in_.host.flow == F) std::printf("%lu host op %d +%u pkts %u\n", (unsigned long)cyc, in_.host.op, host_pkts_, pkts_[F]);
      if (in_.txdone_valid && o.txdone_ready && in_.txdone.flow == F) std::printf("%lu txdone more %d pkts %u\n", (unsigned long)cyc, in_.txdone.more, pkts_[F]);
      if (o.txsel_valid && in_.txsel_ready && o.txsel.grant && o.txsel.flow == F) std::printf("%lu GRANT pkts %u\n", (unsigned long)cyc, pkts_[F]);
      if (in_.rst) std::printf("%lu rst\n", (unsigned long)cyc);
    }
    // txsel: exactly one per txop; a grant only for a flow with data
    if (o.txsel_valid && in_.txsel_ready) {
      if (++answers_ > txops_) return fail("txsel without a txop");
      if (o.txsel.grant) {
        cov_.hit("grant");
        ++grants_;
        const uint32_t f = o.txsel.flow;
        if (f >= kFlows || pkts_[f] == 0)
          return fail("GRANT for flow " + std::to_string(f) + " which has no data");
        if (in_flight_[f]) return fail("second GRANT of flow " + std::to_string(f) + " before its completion");
        --pkts_[f];
        in_flight_[f] = true;
        if (fair_on_ && f < kFairFlows) ++fair_grants_[f];
        NicTxDone d;
        d.tx_ns = o.txsel.tx_ns;
        d.flow = f;
        d.bytes = retime_on_ ? 4000 : static_cast<uint16_t>(64 + rng_.below(4033));
        // now and then a slow completion: the ones behind it then come back to back
        const uint64_t delay = rng_.chance(3) ? 100 + rng_.below(200) : rng_.below(o_.idle ? 40 : 8);
        dones_.push_back(Done{cyc + (fair_on_ || retime_on_ ? 0 : delay), d});
      } else {
        cov_.hit("nogrant");
        if (in_.pause && o.txq_nonempty) cov_.hit("nogrant_paused");
      }
    }
    if (pk.sched_taken && pk.sched.kind == kSchedStale) return fail("the scheduler sent kind 7 (STALE)");
    if (pk.sched_taken && pk.sched.kind == kSchedNoGrant) ++nogrants_;
    if (pk.sched_held) {
      cov_.hit("sched_out_held");
      held_seen_ = true;
    }
    if (pk.retime) cov_.hit("retime_rearm");
    if (pk.query_in_flight) cov_.hit("query_in_flight");
    // events into the RP / NP: timers at or after their deadline, never twice
    if (pk.rp_issued) {
      const RpEvent& e = pk.rp_ev;
      switch (e.op) {
        case RpOp::TX: ++out_tx_; in_flight_[e.flow] = false; break;
        case RpOp::CNP: ++out_cnp_; break;
        case RpOp::QUERY: case RpOp::INIT: ++out_host_; break;
        case RpOp::AGE:
          if (!sw_pending_ || e.flow != sw_next_)
            return fail("sweep: AGE of flow " + std::to_string(e.flow) + " but " +
                        (sw_pending_ ? "flow " + std::to_string(sw_next_) + " was next" : std::string("no sweep was due")));
          if (++sw_next_ == kFlows) {
            sw_pending_ = false;
            ++sweeps_;
            sw_max_cycles_ = std::max(sw_max_cycles_, cyc - sw_start_cyc_);
            cov_.hit("sweep_done");
          }
          break;
        default: {
          const unsigned k = e.op == RpOp::ALPHA_TIMER ? 0 : e.op == RpOp::INC_TIMER ? 1 : 2;
          cov_.hit(k == 0 ? "timer_alpha" : k == 1 ? "timer_inc" : "timer_cut");
          if (int rc = deliver(k, e.flow, e.gen, e.now_ns)) return rc;
        }
      }
    }
    if (pk.np_issued) {
      const NpEvent& e = pk.np_ev;
      if (e.op == NpOp::RX) ++out_rx_;
      if (e.op == NpOp::DRAIN) cov_.hit("drain_np");
      if (e.op == NpOp::TIMER) {
        cov_.hit("timer_np");
        if (int rc = deliver(3, e.flow, e.gen, e.now_ns)) return rc;
      }
    }
    // announcements, from the results (mon)
    if (o.mon_rp_valid) {
      const RpResult& r = o.mon_rp;
      announce(0, r.flow, r.atmr, r.agen, r.adl_ns);
      announce(1, r.flow, r.itmr, r.igen, r.idl_ns);
      announce(2, r.flow, r.ctmr, r.cgen, r.cdl_ns);
    }
    if (o.mon_np_valid) {
      const NpResult& r = o.mon_np;
      if (r.tmr_set) announce(3, r.flow, 1, r.tmr_gen, r.tmr_deadline_ns);
      if (r.cnp) cnp_exp_.push_back(NicCnpReq{r.cnp_tau_ns, r.flow, r.cnp_kind != 0});
    }
    if (o.cnpreq_valid && in_.cnpreq_ready) {
      cov_.hit("cnpreq");
      if (cnp_exp_.empty()) return fail("CNP request without an NP result with cnp");
      if (!(cnp_exp_.front() == o.cnpreq)) return fail("CNP request differs from the NP result's");
      cnp_exp_.pop_front();
    }
    // AXI4-Lite
    if (in_.arvalid && o.arready) {
      static const char* kCov[5] = {"csr_rp", "csr_np", "csr_top", "csr_sched", nullptr};
      if (kCov[rd_blk_]) cov_.hit(kCov[rd_blk_]);
      in_.arvalid = false;
      rd_wait_ = true;
    }
    if (o.rvalid && in_.rready) rd_wait_ = false;
    if (in_.awvalid && o.awready) in_.awvalid = false;
    if (in_.wvalid && o.wready) in_.wvalid = false;
    if (o.bvalid && in_.bready) {
      if (o.bresp == 2) cov_.hit("csr_slverr");
      if ((o.bresp == 2) != slverr_exp_) return fail("AXI4-Lite write response");
      wr_wait_ = false;
    }
    // What the scheduler holds armed, from the commands the arbiter gave it and the results
    // it took (kinds 0..3 timers and 5 departures per flow, 4 the one DRAIN slot).
    if (pk.cmd_issued && pk.cmd.kind <= kSchedDep &&
        (pk.cmd.kind == kSchedDrain || pk.cmd.flow < kFlows) && pk.cmd.op != NicSchedOp::TXOPP) {
      Armed& a = armed_[pk.cmd.kind * kFlows + (pk.cmd.kind == kSchedDrain ? 0 : pk.cmd.flow)];
      a.on = pk.cmd.op == NicSchedOp::ARM;
      a.at = pk.cmd.at_ns;
    }
    if (pk.sched_taken && pk.sched.kind <= kSchedDep) {  // fired (or granted): no longer armed
      Armed& a = armed_[pk.sched.kind * kFlows + (pk.sched.kind == kSchedDrain ? 0 : pk.sched.flow)];
      if (a.on && a.at == pk.sched.at_ns) a.on = false;
    }
    // The network stops clocking the top at the first cycle it is idle and shows nothing
    // (systemc/net/nic_core_top.cpp, drain) and sleeps until next_due_ns, or until its port
    // is free when txq_nonempty. So `idle` promises (docs/nic.md) that every command has
    // reached next_due: then next_due must be at or before every armed entry's eligibility, and an
    // armed departure not covered by it must be waiting in the due FIFO (txq_nonempty).
    // A simulation stopping here would otherwise sleep past it.
    const bool stop = o.idle && !o.txsel_valid && !o.cnpreq_valid && !o.mon_rp_valid && !o.mon_np_valid;
    if (stop && !stop_prev_) {
      for (unsigned k = 0; k <= kSchedDep; ++k)
        for (uint32_t fl = 0; fl < (k == kSchedDrain ? 1u : kFlows); ++fl) {
          const Armed& a = armed_[k * kFlows + fl];
          if (!a.on) continue;
          cov_.hit("idle_next_due_checked");
          // (eligible at its wheel slot's end, ceil(at / G) x G; the DRAIN at its deadline;
          // one already eligible needs next_due at or before now: the simulation goes on)
          const uint32_t elig = k == kSchedDrain ? a.at : (a.at + (kG - 1)) & ~(kG - 1);
          const uint32_t now32 = static_cast<uint32_t>(now64_);
          const uint32_t limit = sdiff(elig, now32) > 0 ? elig : now32;
          if (o.next_due_valid && sdiff(limit, o.next_due_ns) >= 0) continue;
          if (k == kSchedDep && o.txq_nonempty) continue;
          return fail("idle with kind " + std::to_string(k) + (k == kSchedDrain ? "" : " of flow " + std::to_string(fl)) +
                      " armed at " + std::to_string(a.at) + " but next_due " +
                      (o.next_due_valid ? std::to_string(o.next_due_ns) : std::string("invalid")) +
                      (k == kSchedDep ? " and txq_nonempty 0" : "") +
                      ": a simulation stopping here would sleep past it");
        }
    }
    stop_prev_ = stop;
    return 0;
  }

  void announce(unsigned k, uint32_t flow, uint8_t act, uint8_t gen, uint32_t dl) {
    Latest& l = latest_[k * kFlows + flow];
    if (act == 1) {
      Ann& a = ann_[(k * kFlows + flow) * 256 + gen];
      for (int j = 0; j < 2; ++j)
        if (a.pending[j] && now64_ - a.t[j] > kAnnMaxAge) a.pending[j] = false;
      // a free slot, else the older announcement's (superseded long ago: a re-armed timer
      // is never sent, so its slot would stay pending)
      const int slot = !a.pending[0] ? 0 : !a.pending[1] ? 1 : sdiff(a.dl[1], a.dl[0]) < 0 ? 1 : 0;
      a.pending[slot] = true;
      a.dl[slot] = dl;
      a.t[slot] = now64_;
      l = Latest{true, gen, dl, now64_ + static_cast<uint64_t>(std::max<int64_t>(0, sdiff(dl, static_cast<uint32_t>(now64_))))};
    } else if (act == 2) {
      l.on = false;
    }
  }

  int deliver(unsigned k, uint32_t flow, uint8_t gen, uint32_t now) {
    Ann& a = ann_[(k * kFlows + flow) * 256 + gen];
    ++timers_;
    for (int j = 0; j < 2; ++j)
      if (a.pending[j] && now64_ - a.t[j] > kAnnMaxAge) a.pending[j] = false;
    // the pending announcement with the earlier deadline is the one delivered
    int i = a.pending[0] ? 0 : 1;
    if (a.pending[0] && a.pending[1] && sdiff(a.dl[1], a.dl[0]) < 0) i = 1;
    if (!a.pending[i])
      return fail("timer kind " + std::to_string(k) + " flow " + std::to_string(flow) + " tag " +
                  std::to_string(gen) + " delivered but not announced (or twice)");
    if (sdiff(now, a.dl[i]) < 0)
      return fail("timer kind " + std::to_string(k) + " flow " + std::to_string(flow) + " tag " +
                  std::to_string(gen) + " delivered at " + std::to_string(now) +
                  ", before its deadline " + std::to_string(a.dl[i]));
    if (sdiff(now, a.dl[i]) > 0) cov_.hit("late_gt0");
    a.pending[i] = false;
    Latest& l = latest_[k * kFlows + flow];
    if (l.on && l.gen == gen) l.on = false;
    return 0;
  }

  void on_reset() {
    std::fill(pkts_.begin(), pkts_.end(), 0);
    std::fill(in_flight_.begin(), in_flight_.end(), false);
    std::fill(ann_.begin(), ann_.end(), Ann{});
    std::fill(latest_.begin(), latest_.end(), Latest{});
    std::fill(armed_.begin(), armed_.end(), Armed{});
    dones_.clear();
    cnp_exp_.clear();
    txops_ = answers_ = 0;
    in_tx_ = in_host_ = in_cnp_ = in_rx_ = out_tx_ = out_host_ = out_cnp_ = out_rx_ = 0;
    rd_wait_ = wr_wait_ = false;
    cfg_step_ = 0;
    ep_seen_ = now64_ >> 29;  // the top's sweep starts from the epoch at its reset
    sw_pending_ = false;
  }

  // ------------------------------------------------------------------ episodes
  // After a reset, kFairFlows flows with a deep backlog at line rate, completions at once,
  // a txop every 64 cycles (the port is the bottleneck: every backlogged flow is due again
  // long before its turn): their grant counts must stay within 2 of each other (round
  // robin among the due flows).
  int fairness_episode() {
    rst_cycles_ = 2;  // a fresh top (its RAMs cleared): only these flows have data
    in_.txop_valid = false;
    while (rst_cycles_ > 0 || !ref_.outputs(in_).host_ready || ref_.sched().clearing())  // (and the wheel's RAM clear)
      if (int rc = cycle(false)) return rc;
    fair_on_ = true;
    for (unsigned f = 0; f < kFairFlows; ++f) fair_q_.push_back(f);
    // INIT (line rate) then DATA for each; a txop every 256 cycles (768 ns, more than the
    // longest packet's time at line rate): the port, not the pacing, limits
    fixed_dt_ = 3;
    uint64_t cycles = 0;
    unsigned step = 0;
    while (cycles++ < 240000) {
      if (!in_.host_valid && !fair_q_.empty()) {
        in_.host = NicHostOp{0, fair_q_.front(), step % 2 == 0 ? kHostInit : kHostData};
        host_pkts_ = step % 2 == 0 ? 0 : 100000;
        in_.host_valid = true;
        if (step++ % 2 == 1) fair_q_.pop_front();
        if (fair_q_.empty()) fair_grants_.fill(0);
      }
      // a txop every 256 cycles: every backlogged flow is re-armed long before its turn
      if (cycles % 256 == 0) in_.txop_valid = true;
      in_.txsel_ready = true;
      in_.cnpreq_ready = true;
      in_.pause = false;
      if (!in_.txdone_valid && !dones_.empty()) {
        in_.txdone = dones_.front().d;
        in_.txdone.more = pkts_[in_.txdone.flow] > 0;
        dones_.pop_front();
        in_.txdone_valid = true;
      }
      if (int rc = cycle(false)) return rc;
    }
    fair_on_ = false;
    fixed_dt_ = 0;
    const auto [lo, hi] = std::minmax_element(fair_grants_.begin(), fair_grants_.end());
    fair_spread_ = *hi - *lo;
    if (*lo < 10) return fail("fairness episode: a backlogged flow got fewer than 10 grants");
    // (the wheel serves a drained slot's three lists in side order, so due flows re-armed
    // into it take turns in runs of up to three grants: docs/nic.md, "The wheel engine")
    if (fair_spread_ > 3) return fail("fairness episode: grant counts differ by more than 3: " + std::to_string(fair_grants_[0]) + " " + std::to_string(fair_grants_[1]) + " " + std::to_string(fair_grants_[2]) + " " + std::to_string(fair_grants_[3]));
    cov_.hit("fairness");
    in_.txop_valid = false;
    return 0;
  }

  // After a reset: flow 1 at 1 Gb/s sends one 4000-byte packet (next departure 32 us
  // later, before the first rate-increase timer at 55 us); time runs to 40 us and then
  // stands still until the scheduler queues the flow; a CE CNP halves the rate and
  // re-times the departure to 64 us (later than now): the flow leaves the wheel's head, the
  // next txop is answered NOGRANT, no grant.
  int retime_episode() {
    rst_cycles_ = 2;
    in_.txop_valid = false;
    while (rst_cycles_ > 0 || !ref_.outputs(in_).host_ready || ref_.sched().clearing())  // (and the wheel's RAM clear)
      if (int rc = cycle(false)) return rc;
    retime_on_ = true;
    fixed_dt_ = 1;
    unsigned step = 0;
    auto until = [&](auto done, uint64_t limit) -> int {
      ++step;
      for (uint64_t i = 0; !done(); ++i) {
        if (i > limit) return fail("retime episode: no progress in " + std::to_string(limit) + " cycles (step " +
                                   std::to_string(step) + ")");
        if (!in_.txdone_valid && !dones_.empty()) {
          in_.txdone = dones_.front().d;
          in_.txdone.more = pkts_[in_.txdone.flow] > 0;
          dones_.pop_front();
          in_.txdone_valid = true;
        }
        if (int rc = cycle(false)) return rc;
      }
      return 0;
    };
    auto idle_for = [&](uint64_t n) { uint64_t c = run_.cycle() + n; return until([&] { return run_.cycle() >= c; }, n + 1); };
    in_.host = NicHostOp{1000000, 1, kHostInit};
    in_.host_valid = true;
    if (int rc = until([&] { return !in_.host_valid; }, 1000)) return rc;
    in_.host = NicHostOp{0, 1, kHostData};
    host_pkts_ = 5;
    in_.host_valid = true;
    if (int rc = until([&] { return !in_.host_valid; }, 1000)) return rc;
    if (int rc = idle_for(100)) return rc;
    const uint64_t g0 = grants_;
    in_.txop_valid = true;
    if (int rc = until([&] { return grants_ > g0 && dones_.empty() && !in_.txdone_valid; }, 1000)) return rc;
    if (int rc = idle_for(200)) return rc;   // the TX result arms the departure 32 us on
    fixed_dt_ = 1000;
    if (int rc = idle_for(40)) return rc;    // 40 us: due
    freeze_ = true;
    // (the wheel's departure drain walks the 40 us it stood behind: two cycles a 32-ns slot)
    if (int rc = until([&] { return ref_.outputs(in_).txq_nonempty; }, 4 * kFlows + 100 + 2 * 40000 / 32)) return rc;
    in_.rxcnp = NicRxCnp{50000, 1, false};
    in_.rxcnp_valid = true;
    if (int rc = until([&] { return !in_.rxcnp_valid; }, 1000)) return rc;
    if (int rc = idle_for(100)) return rc;   // the CNP's result re-arms it later
    const uint64_t a0 = answers_, n0 = nogrants_, g1 = grants_;
    in_.txop_valid = true;
    if (int rc = until([&] { return answers_ > a0; }, 1000)) return rc;
    if (nogrants_ == n0 || grants_ != g1) return fail("retime episode: the re-timed flow was granted");
    cov_.hit("retime_nogrant");
    freeze_ = false;
    fixed_dt_ = 0;
    retime_on_ = false;
    return 0;
  }

  // After a reset: every flow INIT, then a CNP to every flow with time standing still, so
  // their alpha and rate-increase timers are armed for one deadline (one wheel slot);
  // time then runs past it: the timers leave the scheduler back to back, faster than the
  // RP takes them, and the arbiter holds the scheduler's output (its RP queue full) while
  // commands go on.
  int burst_episode() {
    rst_cycles_ = 2;
    in_.txop_valid = false;
    while (rst_cycles_ > 0 || !ref_.outputs(in_).host_ready || ref_.sched().clearing())
      if (int rc = cycle(false)) return rc;
    fixed_dt_ = 3;
    auto until = [&](auto done, uint64_t limit, const char* what) -> int {
      for (uint64_t i = 0; !done(); ++i) {
        if (i > limit) {
          std::string msg = "burst episode: no progress (";  // (appended: GCC 12 warns on a + chain here)
          msg.append(what).append(")");
          return fail(msg);
        }
        if (int rc = cycle(false)) return rc;
      }
      return 0;
    };
    // (a deadlock bound, not a check of speed: after the INITs every flow's rate-increase
    // timer fires until its rate reaches the line, about 110 cycles of work per flow at 4096
    // flows: 400,000 to 500,000 cycles in all for seed 14096)
    const uint64_t idle_limit = 100000 + 256 * uint64_t{kFlows};
    for (uint32_t f = 0; f < kFlows; ++f) {
      in_.host = NicHostOp{1000000, f, kHostInit};
      in_.host_valid = true;
      if (int rc = until([&] { return !in_.host_valid; }, 1000, "INIT")) return rc;
    }
    if (int rc = until([&] { return ref_.outputs(in_).idle; }, idle_limit, "idle after INIT")) return rc;
    freeze_ = true;
    for (uint32_t f = 0; f < kFlows; ++f) {
      in_.rxcnp = NicRxCnp{50000, f, false};
      in_.rxcnp_valid = true;
      if (int rc = until([&] { return !in_.rxcnp_valid; }, 1000, "CNP")) return rc;
    }
    if (int rc = until([&] { return ref_.outputs(in_).idle; }, idle_limit, "idle after the CNPs")) return rc;
    freeze_ = false;
    fixed_dt_ = 1000;  // 80 us: past every timer the CNPs armed
    held_seen_ = false;
    for (unsigned i = 0; i < 80; ++i)
      if (int rc = cycle(false)) return rc;
    fixed_dt_ = 3;
    if (int rc = until([&] { return held_seen_; }, 100000, "the scheduler's output held")) return rc;
    fixed_dt_ = 0;
    return 0;
  }

  // no new inputs; the MAC answers; time stands still (what is due gets done, nothing new
  // becomes due) until the top is idle and nothing is due
  int drain() {
    in_.pause = false;
    freeze_ = true;
    for (uint64_t i = 0; i < 400000; ++i) {
      in_.txsel_ready = true;
      in_.cnpreq_ready = true;
      in_.bready = in_.rready = true;
      if (!in_.txdone_valid && !dones_.empty()) {
        in_.txdone = dones_.front().d;
        in_.txdone.more = pkts_[in_.txdone.flow] > 0;
        dones_.pop_front();
        in_.txdone_valid = true;
      }
      if (int rc = cycle(false)) return rc;
      const NicTopOut o = ref_.outputs(in_);
      if (o.idle && dones_.empty() && !in_.txdone_valid && !in_.host_valid && !in_.rxcnp_valid &&
          !in_.rxdata_valid && !in_.txop_valid && !in_.awvalid && !in_.wvalid && !in_.arvalid &&
          !(o.next_due_valid && sdiff(o.next_due_ns, static_cast<uint32_t>(now64_)) <= 0) &&
          sdiff(o.sweep_due_ns, static_cast<uint32_t>(now64_)) > 0) {
        freeze_ = false;
        return 0;
      }
    }
    return fail("the top did not become idle within 400000 cycles after the inputs stopped");
  }

  int final_checks() {
    if (answers_ != txops_) return fail("txops " + std::to_string(txops_) + " but answers " + std::to_string(answers_));
    if (in_tx_ != out_tx_ || in_host_ != out_host_ || in_cnp_ != out_cnp_ || in_rx_ != out_rx_)
      return fail("an input event was lost: txdone " + std::to_string(in_tx_) + "/" + std::to_string(out_tx_) +
                  " host " + std::to_string(in_host_) + "/" + std::to_string(out_host_) + " rxcnp " +
                  std::to_string(in_cnp_) + "/" + std::to_string(out_cnp_) + " rxdata " +
                  std::to_string(in_rx_) + "/" + std::to_string(out_rx_));
    if (!cnp_exp_.empty()) return fail("an NP result's CNP never left on cnpreq");
    for (unsigned k = 0; k < 4; ++k)
      for (uint32_t fl = 0; fl < kFlows; ++fl) {
        const Latest& l = latest_[k * kFlows + fl];
        if (l.on && l.at64 + kDeliverNs < now64_)
          return fail("timer kind " + std::to_string(k) + " of flow " + std::to_string(fl) +
                      " announced and never delivered");
      }
    return 0;
  }

  // ------------------------------------------------------------------ failures, end
  std::string inputs() const {
    char b[400];
    std::snprintf(b, sizeof b,
                  "rst=%d now=%u pause=%d txop=%d txdone=%d{flow %u tx %u more %d} host=%d{op %u flow %u} "
                  "rxcnp=%d{flow %u} rxdata=%d{flow %u ecn %u} txsel_ready=%d cnpreq_ready=%d",
                  in_.rst, in_.now_ns, in_.pause, in_.txop_valid, in_.txdone_valid, in_.txdone.flow,
                  in_.txdone.tx_ns, in_.txdone.more, in_.host_valid, in_.host.op, in_.host.flow,
                  in_.rxcnp_valid, in_.rxcnp.flow, in_.rxdata_valid, in_.rxdata.flow, in_.rxdata.ecn,
                  in_.txsel_ready, in_.cnpreq_ready);
    return b;
  }

  int failure(tb::FailKind kind, const std::vector<Diff>& d, const std::string& check) {
    return run_.failure(kind, accepted_, inputs(), d, check, injected_ && kind == tb::FailKind::Mismatch);
  }
  int fail(const std::string& what) { return failure(tb::FailKind::Check, {}, what); }

  const tb::Options o_;
  tb::Rng rng_;
  tb::LockstepRun<VMODEL> run_;
  NicTopModel ref_;
  tb::Coverage cov_;
  std::vector<Diff> diffs_;  // compare()'s pins, named once
  NicTopIn in_{};
  NicTopIn cur_{};  // this cycle's inputs as driven (in_ is taken down by the handshakes)
  uint64_t now64_ = 0;
  // the sweep: the epoch seen last, one due (since the cycle), its next flow, sweeps done
  uint64_t ep_seen_ = 0, sw_start_cyc_ = 0, sweeps_ = 0, sw_max_cycles_ = 0;
  bool sw_pending_ = false;
  uint32_t sw_next_ = 0;
  static constexpr uint64_t kSweepMaxCycles = uint64_t{1} << 20;  // (3.3 ms; the epoch is 2^29 ns)
  unsigned rst_cycles_ = 0;
  uint64_t mid_reset_at_ = 0;
  bool mid_reset_done_ = false, injected_ = false, busy_since_idle_ = false, stop_prev_ = false;
  std::vector<uint32_t> pkts_;
  std::vector<bool> in_flight_ = std::vector<bool>(kFlows, false);
  std::vector<Ann> ann_;
  std::vector<Latest> latest_;
  std::vector<Armed> armed_ = std::vector<Armed>((kSchedDep + 1) * kFlows);
  std::deque<Done> dones_;
  std::deque<NicCnpReq> cnp_exp_;
  uint64_t nogrants_ = 0;
  bool held_seen_ = false;
  uint64_t accepted_ = 0, txops_ = 0, answers_ = 0, grants_ = 0, timers_ = 0;
  uint64_t in_tx_ = 0, in_host_ = 0, in_cnp_ = 0, in_rx_ = 0, out_tx_ = 0, out_host_ = 0,
           out_cnp_ = 0, out_rx_ = 0;
  bool rd_wait_ = false, wr_wait_ = false, slverr_exp_ = false;
  unsigned rd_blk_ = 0;
  uint64_t fixed_dt_ = 0;
  uint32_t host_pkts_ = 0;
  bool freeze_ = false, retime_on_ = false;
  unsigned cfg_step_ = 0;
  int dbg_ = getenv("DBG_FLOW") ? atoi(getenv("DBG_FLOW")) : -1;
  bool fair_on_ = false;
  std::deque<uint32_t> fair_q_;
  std::array<uint32_t, kFairFlows> fair_grants_{};
  unsigned fair_spread_ = 0;
};

}  // namespace

int main(int argc, char** argv) { return tb::lockstep_main<Bench>(argc, argv, "nic_top"); }
