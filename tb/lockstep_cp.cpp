// SPDX-License-Identifier: MIT
// Lock-step test of rtl/dcqcn_cp.sv against dcqcn::CpModel (tb/ref/cp_ref.h).
//
// Every cycle both get the same inputs and every output is compared (s_evt_ready,
// m_out_valid, every m_out_* field when valid, csr_rdata). The stimulus runs in phases,
// each programming the CSRs during traffic for one marking regime (RED, DCTCP step,
// Kmin > Kmax, TCD with the trend rule, the RED rule and the TCD authors' rule), with
// random extra CSR
// writes (illegal values included, read back and checked against the clamp), LFSR
// reseeds, PFC XOFF/XON storms that make ON-OFF patterns and then stop, queue lengths
// that walk between low and high targets or sit on the thresholds, time that moves in
// small steps, medium steps, big jumps and across the 2^32 wrap, INIT and no-op events,
// and one reset in the middle of the run.
//
// Directed episodes inside the random run make the rare coverpoints seed-independent:
// every 30000..50000 events (first one within the first 25000) one episode, alternating
// between (a) the DCTCP step: MODE 0, Kmin = Kmax = K, Pmax = 1, then a burst of ECT
// packets at K - 1, K, K + 1; and (b) an exact RED tie: MODE 0 with Kmin < Kmax and a
// Pmax for which a tie exists, then the pipeline drained, the LFSR loaded with r and the
// packet at the tie queue length (it must not mark). The episode's CSR writes go through
// the same queue (each read back and clamp-checked), its events through the same
// lock-step compare; random CSR writes and phase changes are held off while it lasts.
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <numeric>
#include <string>
#include <vector>

#include VHEADER
#include "cp_ref.h"
#include "lockstep.h"
#include "lockstep_cp_stimulus.h"

using namespace dcqcn;
using dcqcn::tb::Coverage;
using dcqcn::tb::Diff;
using dcqcn::tb::Options;
using dcqcn::tb::Rng;
using namespace dcqcn::tb::cp;

namespace {

std::string event_str(const CpEvent& e) { return dcqcn::pins::describe<dcqcn::pins::Cp>(e); }

// Events after which every coverpoint was hit at every seed tried (docs/verification.md,
// "Events for full coverage", measured with scripts/coverage_events.sh); printed when a
// shorter run misses some.
constexpr uint64_t kFullCoverageEvents = DUT_SIZE > 16 ? 50000 : 100000;

}  // namespace

int run(const Options& o) {
  dcqcn::tb::Lockstep<dcqcn::pins::Cp, VMODEL, CpModel> ls(o, "cp", kQueues);
  const CpModel& ref = ls.ref();
  Rng rng(o.seed);
  Stimulus stim(rng);

  Coverage cov;
  cov.define("red_below_kmin", "RED: PKT with q <= Kmin (no mark)");
  cov.define("red_between", "RED: PKT with Kmin < q <= Kmax");
  cov.define("red_above_kmax", "RED: PKT with q > Kmax");
  cov.define("red_mark", "RED: ECT packet in the middle region marked CE");
  cov.define("red_nomark_between", "RED: ECT packet in the middle region not marked");
  cov.define("not_ect_passthrough", "ECN 00 packet left unchanged where an ECT one is marked");
  cov.define("ce_passthrough", "ECN 11 packet left unchanged where an ECT one is marked");
  cov.define("dctcp_step", "Kmin = Kmax, Pmax = 1: ECT packet within 1 byte of K");
  cov.define("tcd_noncongestion", "TCD: PKT in the non-congestion state");
  cov.define("tcd_congestion", "TCD: PKT in the congestion state");
  cov.define("tcd_undetermined", "TCD: PKT in the undetermined state (ON-OFF)");
  cov.define("tcd_ue_written", "TCD: 01 -> 10 (UE)");
  cov.define("tcd_ce_over_ue", "TCD: 10 (UE) -> 11 (CE) at a congested port");
  cov.define("tcd_ce_kept_undetermined", "TCD: 11 stays 11 at an undetermined port");
  cov.define("tcd_transition_nc_to_c", "TCD trend rule: non-congestion -> congestion");
  cov.define("tcd_transition_c_to_nc", "TCD trend rule: congestion -> non-congestion");
  cov.define("tcd_onoff_to_trend", "TCD: T_on crossed max(T_on), queue trend decides again");
  cov.define("tcd_paused_pkt", "TCD: PKT while the queue is paused (XOFF)");
  cov.define("pfc_xoff", "PFC XOFF event");
  cov.define("pfc_xon", "PFC XON event");
  cov.define("same_queue_back_to_back", "two events to one queue accepted on consecutive cycles");
  cov.define("timestamp_wrap", "a stored timestamp is numerically above now (2^32 wrap)");
  cov.define("csr_write_during_traffic", "CSR write with events in flight");
  cov.define("csr_clamp", "illegal CSR value written, read back clamped");
  cov.define("csr_unknown_addr", "CSR access to an unknown address");
  cov.define("kmin_gt_kmax", "PKT with KMIN_BYTES > KMAX_BYTES (step at Kmin)");
  cov.define("lfsr_reseed", "LFSR_SEED written, then a middle-region packet uses the new sequence");
  cov.define("init_queue", "INIT of a queue with state");
  cov.define("fresh_queue_pkt", "PKT to a fresh queue");
  cov.define("reset_midrun", "reset during traffic, RAM cleared again");
  cov.define("red_tie", "RED: r * (Kmax - Kmin) == Pmax * (q - Kmin) exactly (no mark)");
  cov.define("tcd_draining", "TCD authors' rule: PKT while the queue drains after ON-OFF (state 3)");
  cov.define("auth_undet_to_cong", "authors' rule: first packet after ON-OFF, q >= q at XON -> congestion");
  cov.define("auth_undet_to_check", "authors' rule: first packet after ON-OFF, q < q at XON -> draining");
  cov.define("auth_check_grown", "authors' rule: draining, a period passed, queue grew -> congestion");
  cov.define("auth_check_period", "authors' rule: draining, a period passed, not grown (new sample)");
  cov.define("auth_check_within", "authors' rule: draining, within the period");
  cov.define("auth_drained", "authors' rule: draining -> non-congestion (q <= TCD_DRAIN_BYTES)");
  cov.define("auth_red_decides", "authors' rule: non-congestion/congestion, RED decides");
  cov.define("auth_ce_suppressed", "authors' rule: RED would mark an ECT packet, CE withheld");
  cov.define("auth_ce_marked", "authors' rule: ECT packet marked CE");
  cov.define("fwd_dist1", "hazard: event on the queue of the event accepted 1 cycle before (S3 forward)");
  cov.define("fwd_dist2", "hazard: same queue 2 cycles before (fwd1 word merged in S2)");
  cov.define("fwd_dist3", "hazard: same queue 3 cycles before (fwd2 word merged in S2)");
  cov.define("fwd_dist4", "hazard: same queue 4 cycles before (RAM word)");
  cov.define("fwd_xon_then_pkt", "hazard: XON then PKT to one queue on consecutive cycles");
  cov.define("fwd_sample_then_pkt", "hazard: a sampling PKT then PKT to one queue on consecutive cycles");
  cov.define("fwd_init_then_pkt", "hazard: INIT then PKT to one queue on consecutive cycles");
  cov.define("csr_apply_wait", "CSR write waits for events in S0..S3 (s_evt_ready low)");
  ls.require_quiet_outputs();  // m_out data are 0 while m_out_valid is 0
  if (o.backpressure) {
    ls.watch_backpressure(cov);
    cov.define("same_queue_b2b_stalled", "back-to-back same-queue event held in the compute stage");
  }

  // per-queue observations for transition coverage
  std::vector<uint8_t> last_onoff(kQueues, 0);

  std::deque<CsrOp> csr;
  std::deque<CpEvent> inflight;   // accepted, not yet computed
  std::deque<CpEvent> pending;    // computed, not yet consumed (for the order check)
  bool have_evt = false;
  CpEvent evt;
  uint64_t cycle = 0, accepted = 0, consumed = 0;
  // accept cycle (in enabled cycles) and what the ref said, per queue: hazard coverage
  std::vector<uint64_t> q_last_en(kQueues, ~0ull);
  std::vector<uint8_t> q_last_kind(kQueues, 0);  // 1 XON, 2 sampled PKT, 3 INIT
  uint64_t en_cycles = 0;
  uint64_t last_accept_cycle = ~0ull;
  uint32_t last_accept_queue = 0;
  CpOp last_accept_op = CpOp::NOP;
  enum { TIE_IDLE, TIE_DRAIN, TIE_SEND, TIE_WAIT } tie = TIE_IDLE;
  uint32_t tie_r = 0, tie_q = 0;
  // Directed episodes (see the top of the file): PROGRAM = its CSR writes are queued,
  // RUN = they have all landed and the directed events go.
  enum { EP_NONE, EP_PROGRAM, EP_RUN } ep = EP_NONE;
  enum { EP_DCTCP = 0, EP_TIE = 1 };
  int ep_kind = EP_DCTCP;
  uint64_t ep_count = rng.below(2);  // which kind comes first
  uint64_t next_episode = rng.below(25000);
  bool seed_written = false;
  bool b2b_in_s1 = false;  // stage 1 holds an event whose predecessor wrote its queue
  bool check_rdata = false;
  uint32_t check_expect = 0;
  bool check_clamped = false;
  int rst_cycles = 4;
  const uint64_t reset_at = o.events / 2 + rng.below(o.events / 4 + 1);
  bool did_reset = false;

  stim.new_phase(csr);

  while (consumed < o.events || accepted != consumed) {
    CpModel::In in;
    in.rst = rst_cycles > 0;
    // -- event input (held stable until accepted)
    // Directed RED tie: drain the pipeline, load the LFSR with r, send the packet with
    // r * (Kmax - Kmin) == Pmax * (q - Kmin). It must not be marked (strict <).
    CsrOp cop;
    const CpRegs& now_regs = ref.bus_regs();  // what the next apply loads
    // -- directed episodes
    if (ep == EP_NONE && !in.rst && accepted >= next_episode && accepted + 1000 < o.events) {
      ep_kind = static_cast<int>(ep_count++ % 2);
      stim.start_episode(ep_kind, csr);
      ep = EP_PROGRAM;
    }
    if (ep == EP_PROGRAM && !in.rst && csr.empty() && tie == TIE_IDLE) {
      ep = EP_RUN;
      if (ep_kind == EP_TIE) tie = TIE_DRAIN;
      else stim.directed_dctcp(32 + static_cast<unsigned>(rng.below(64)));
    } else if (ep == EP_RUN && (ep_kind == EP_TIE ? tie == TIE_IDLE
                                                  : stim.directed_left() == 0 && !have_evt)) {
      ep = EP_NONE;
      next_episode = accepted + 30000 + rng.below(20000);
      stim.new_phase(csr);
    }
    // Random tie: not while a queued CSR write waits for its read-back (the tie's seed
    // write would land in between), nor during an episode.
    if (tie == TIE_IDLE && ep == EP_NONE && !have_evt && !in.rst && csr.empty() &&
        now_regs[CP_MODE] == 0 && now_regs[CP_KMIN_BYTES] < now_regs[CP_KMAX_BYTES] &&
        rng.below(4000) == 0)
      tie = TIE_DRAIN;
    if (tie == TIE_DRAIN && !in.rst && !have_evt && inflight.empty()) {
      const uint32_t span = now_regs[CP_KMAX_BYTES] - now_regs[CP_KMIN_BYTES];
      const uint32_t pmax = now_regs[CP_PMAX_Q16];
      const uint32_t g = std::gcd(span, pmax);  // pmax = 0: g = span, r = 0, qoff = 1
      if (pmax / g < 65536) {
        tie_r = pmax / g;
        tie_q = now_regs[CP_KMIN_BYTES] + span / g;
        cop.we = true;
        cop.addr = kCpRegs[CP_LFSR_SEED].addr;
        cop.wdata = (static_cast<uint32_t>(rng.next()) & 0xFFFF0000u) | tie_r;
        if (cop.wdata == 0) cop.wdata = 0x10000u;  // keep r = 0 (0 would clamp to 1)
        tie = TIE_SEND;
      } else {
        tie = TIE_IDLE;
      }
    } else if (tie == TIE_SEND && !in.rst && ref.csr_idle()) {
      // the seed write has landed and been applied: the packet sees the new LFSR
      evt = stim.next();
      evt.op = CpOp::PKT;
      evt.qlen_bytes = tie_q;
      evt.ecn = kEcnEct1;
      have_evt = true;
      tie = TIE_WAIT;
    }
    if (tie == TIE_IDLE && !have_evt && accepted < o.events && !in.rst &&
        !(o.idle && rng.chance(30))) {
      evt = stim.next();
      have_evt = true;
    }
    in.evt_valid = have_evt && !in.rst;
    in.evt = evt;
    in.out_ready = o.backpressure ? rng.chance(65) : true;
    // -- CSR bus: queued accesses, at most one per cycle, at random times
    if (tie == TIE_IDLE && !in.rst && !csr.empty() && rng.chance(40)) {
      cop = csr.front();
      csr.pop_front();
    }
    if (tie == TIE_IDLE && ep == EP_NONE && !in.rst && csr.empty() && rng.chance(1))
      stim.random_csr(csr);
    in.csr_we = cop.we;
    in.csr_re = cop.re;
    in.csr_addr = cop.addr;
    in.csr_wdata = cop.wdata;

    // -- compare every output
    const CpModel::Out& ro = ls.low(in);
    bool bad = !ls.same();
    std::vector<Diff> d;
    // read-back of a CSR write: the stored value is the clamp of the written one
    if (check_rdata && ro.csr_rdata != check_expect) {
      d.push_back({"csr_rdata(clamp)", ls.dut().csr_rdata, check_expect});
      bad = true;
    }
    // the output stream: one result per event, in order, well-formed
    if (ro.out_valid && in.out_ready) {
      if (pending.empty() || pending.front().op != ro.out.op ||
          (pending.front().queue & (kQueues - 1)) != ro.out.queue ||
          ro.out.region > 2 || (ro.out.tcd_state == 3 && ro.out.op > CpOp::PFC) ||
          (ro.out.marked && ro.out.ecn != kEcnCe && ro.out.ecn != kEcnUe)) {
        d.push_back({"out_stream_order", 1, 0});
        bad = true;
      }
    }
    if (bad) {
      const CpEvent& shown = !pending.empty() ? pending.front() : in.evt;
      return ls.mismatch(event_str(shown), d);
    }
    if (check_rdata) {
      if (check_clamped) cov.hit("csr_clamp");
      check_rdata = false;
    }

    // -- handshakes, coverage of this cycle
    const bool acc = in.evt_valid && ro.evt_ready;
    if (ro.out_valid && in.out_ready) {
      pending.pop_front();
      ++consumed;
    }
    const bool en = !ro.out_valid || in.out_ready;
    if (o.backpressure && !en && b2b_in_s1) cov.hit("same_queue_b2b_stalled");
    if (en) b2b_in_s1 = false;
    if (ref.csr_pending() && (ref.stage_valid(0) || ref.stage_valid(1) || ref.stage_valid(2) ||
                              ref.stage_valid(3)))
      cov.hit("csr_apply_wait");
    if (in.csr_we) {
      if (!inflight.empty() || !pending.empty() || acc) cov.hit("csr_write_during_traffic");
      if (in.csr_addr == kCpRegs[CP_LFSR_SEED].addr) seed_written = true;
      bool known = false;
      for (const auto& r : kCpRegs) known = known || r.addr == in.csr_addr;
      if (!known) cov.hit("csr_unknown_addr");
    }
    if (acc) {
      if (last_accept_cycle + 1 == cycle && last_accept_queue == in.evt.queue &&
          last_accept_op != CpOp::NOP && in.evt.op != CpOp::NOP)
      {
        cov.hit("same_queue_back_to_back");
        b2b_in_s1 = true;
      }
      last_accept_cycle = cycle;
      last_accept_queue = in.evt.queue;
      last_accept_op = in.evt.op;
      inflight.push_back(in.evt);
      ++accepted;
      have_evt = false;
      if (ep == EP_NONE && stim.phase_done()) stim.new_phase(csr);
      if (!did_reset && accepted == reset_at) rst_cycles = 2;
    }

    // -- clock edge
    const CpRegs regs = ref.algo().regs();
    CpTrace tr;
    bool computed = false;
    CpResult res;
    ls.high(&tr, &computed, &res);
    if (computed && in.evt.op != CpOp::NOP) {
      // hazard distance in pipeline slots (enabled cycles) to the last event on this queue
      const uint32_t hq = in.evt.queue;
      const uint64_t dist = en_cycles - q_last_en[hq];
      if (q_last_en[hq] != ~0ull && dist >= 1 && dist <= 4) {
        const char* dn[] = {"", "fwd_dist1", "fwd_dist2", "fwd_dist3", "fwd_dist4"};
        cov.hit(dn[dist]);
        if (dist == 1 && in.evt.op == CpOp::PKT) {
          if (q_last_kind[hq] == 1) cov.hit("fwd_xon_then_pkt");
          if (q_last_kind[hq] == 2) cov.hit("fwd_sample_then_pkt");
          if (q_last_kind[hq] == 3) cov.hit("fwd_init_then_pkt");
        }
      }
      q_last_en[hq] = en_cycles;
      q_last_kind[hq] = in.evt.op == CpOp::PFC && !in.evt.paused ? 1
                        : in.evt.op == CpOp::PKT && (tr.trend_eval || tr.ost_branch == 2 ||
                                             tr.ost_branch == 4 || tr.fresh) ? 2
                        : in.evt.op == CpOp::INIT ? 3 : 0;
    }
    if (!in.rst && en) ++en_cycles;
    ++cycle;
    if (cop.re && cop.check) {
      check_rdata = true;
      check_expect = cop.expect;
      check_clamped = cop.clamped;
    }

    if (in.rst) {
      inflight.clear();
      pending.clear();
      std::fill(last_onoff.begin(), last_onoff.end(), 0);
      csr.clear();
      check_rdata = false;
      stim.on_reset();
      tie = TIE_IDLE;
      if (ep != EP_NONE) {  // cut short: run the same kind again after the reset
        ep = EP_NONE;
        stim.directed_dctcp(0);
        --ep_count;
        next_episode = 0;
      }
      if (--rst_cycles == 0) {
        if (cycle > 10) {
          cov.hit("reset_midrun");
          did_reset = true;
        }
        // consumed counts the events that came out; the reset dropped the rest
        accepted = consumed;
        stim.new_phase(csr);
      }
      continue;
    }

    if (computed) {
      const CpEvent ev = inflight.front();
      inflight.pop_front();
      pending.push_back(ev);
      const auto op = static_cast<CpOp>(ev.op);
      const uint32_t q = ev.queue;
      const bool mode_tcd = regs[CP_MODE] == 1;
      const bool ect = ev.ecn == 1 || ev.ecn == 2;
      if (tr.wrap) cov.hit("timestamp_wrap");
      if (op == CpOp::INIT && !tr.fresh) cov.hit("init_queue");
      if (op == CpOp::INIT) last_onoff[q] = 0;
      if (op == CpOp::PFC) cov.hit(ev.paused ? "pfc_xoff" : "pfc_xon");
      if (op == CpOp::PKT) {
        if (tr.fresh) cov.hit("fresh_queue_pkt");
        if (tr.kmin_gt_kmax) cov.hit("kmin_gt_kmax");
        if (tr.lfsr_step && seed_written) {
          cov.hit("lfsr_reseed");
          seed_written = false;
        }
        const bool would_mark =
            mode_tcd ? (tr.onoff || (res.tcd_state == 1 && (regs[CP_TCD_CE_RULE] != 2 || tr.red_mark)))
                     : tr.red_mark;
        if (ev.ecn == 0 && would_mark && res.ecn == 0) cov.hit("not_ect_passthrough");
        if (ev.ecn == 3 && would_mark && res.ecn == 3) cov.hit("ce_passthrough");
        if (!mode_tcd) {
          const char* rg[] = {"red_below_kmin", "red_between", "red_above_kmax"};
          cov.hit(rg[res.region]);
          if (res.region == 1 && ect) cov.hit(res.marked ? "red_mark" : "red_nomark_between");
          if (res.region == 1 &&
              uint64_t{tr.r} * (regs[CP_KMAX_BYTES] - regs[CP_KMIN_BYTES]) ==
                  uint64_t{regs[CP_PMAX_Q16]} * (ev.qlen_bytes - regs[CP_KMIN_BYTES])) {
            cov.hit("red_tie");
            if (res.marked || tr.red_mark) {
              d.assign({{"red_tie_marked", res.marked, 0}});
              return ls.fail(event_str(ev), d, "a packet at an exact RED tie was marked");
            }
          }
          if (regs[CP_KMIN_BYTES] == regs[CP_KMAX_BYTES] && regs[CP_PMAX_Q16] == 65536 && ect &&
              ev.qlen_bytes + 1 >= regs[CP_KMIN_BYTES] && ev.qlen_bytes <= regs[CP_KMIN_BYTES] + 1)
            cov.hit("dctcp_step");
        } else {
          const char* st[] = {"tcd_noncongestion", "tcd_congestion", "tcd_undetermined",
                              "tcd_draining"};
          cov.hit(st[res.tcd_state & 3]);
          if (regs[CP_TCD_CE_RULE] == 2) {
            const char* br[] = {"", "auth_undet_to_cong", "auth_undet_to_check", "auth_check_grown",
                                "auth_check_period", "auth_check_within", "auth_red_decides"};
            if (tr.ost_branch >= 1 && tr.ost_branch <= 6) cov.hit(br[tr.ost_branch]);
            if (tr.drained) cov.hit("auth_drained");
            if (ect && tr.ce_suppressed) cov.hit("auth_ce_suppressed");
            if (ect && res.ecn == 3 && !tr.onoff) cov.hit("auth_ce_marked");
          }
          if (ev.ecn == 1 && res.ecn == 2) cov.hit("tcd_ue_written");
          if (ev.ecn == 2 && res.ecn == 3) cov.hit("tcd_ce_over_ue");
          if (ev.ecn == 3 && tr.onoff) cov.hit("tcd_ce_kept_undetermined");
          if (ref.algo().entry(q).paused) cov.hit("tcd_paused_pkt");
          const bool trend = ref.algo().entry(q).trend;
          if (regs[CP_TCD_CE_RULE] == 0 && tr.trend_eval) {
            if (!tr.prev_trend && trend) cov.hit("tcd_transition_nc_to_c");
            if (tr.prev_trend && !trend) cov.hit("tcd_transition_c_to_nc");
          }
          if (last_onoff[q] && !tr.onoff) cov.hit("tcd_onoff_to_trend");
        }
      }
      if (op == CpOp::PKT || op == CpOp::PFC) last_onoff[q] = tr.onoff;
      if (tie == TIE_WAIT && inflight.empty() && !have_evt) {
        // the directed packet: the LFSR sample is the seed's low 16 bits, no tie mark
        if (tr.r != tie_r || res.region != 1 || res.marked) {
          d.assign({{"tie_r", tr.r, tie_r}, {"tie_region", res.region, 1},
                    {"tie_marked", res.marked, 0}});
          return ls.fail(event_str(ev), d,
                         "the directed tie packet: LFSR sample, region or mark not as loaded");
        }
        tie = TIE_IDLE;
      }
    }
  }
  return ls.finish(cov, consumed, "NUM_QUEUES=" + std::to_string(kQueues), kFullCoverageEvents);
}

int main(int argc, char** argv) {
  struct Bench {
    explicit Bench(const Options& opt) : o(opt) {}
    int run() { return ::run(o); }
    const Options& o;
  };
  return dcqcn::tb::lockstep_main<Bench>(argc, argv, "cp");
}
