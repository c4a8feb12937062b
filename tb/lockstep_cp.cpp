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
//
// A cycle (Bench::cycle) in the shape of every bench (tb/common/lockstep.h): the inputs
// (drive), the low half of both and the compare with the bench's own checks (compare),
// the handshakes and the coverage of the cycle (account), the edge (edge), then the
// reset's bookkeeping or the coverage and checks of the result computed at the edge
// (on_result).
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

class Bench {
 public:
  explicit Bench(const Options& o)
      : o_(o), ls_(o, "cp", kQueues), rng_(o.seed), stim_(rng_),
        last_onoff_(kQueues, 0), q_last_en_(kQueues, ~0ull), q_last_kind_(kQueues, 0) {
    define_coverage();
    ep_count_ = rng_.below(2);  // which kind comes first
    next_episode_ = rng_.below(25000);
    reset_at_ = o.events / 2 + rng_.below(o.events / 4 + 1);
  }

  int run() {
    stim_.new_phase(csr_);
    while (consumed_ < o_.events || accepted_ != consumed_)
      if (int rc = cycle()) return rc;
    return ls_.finish(cov_, consumed_, kFullCoverageEvents);
  }

 private:
  // Directed RED tie: drain the pipeline, load the LFSR with r, send the packet with
  // r * (Kmax - Kmin) == Pmax * (q - Kmin). It must not be marked (strict <).
  enum Tie { TIE_IDLE, TIE_DRAIN, TIE_SEND, TIE_WAIT };
  // Directed episodes (see the top of the file): PROGRAM = its CSR writes are queued,
  // RUN = they have all landed and the directed events go.
  enum Episode { EP_NONE, EP_PROGRAM, EP_RUN };
  enum { EP_DCTCP = 0, EP_TIE = 1 };

  void define_coverage() {
    cov_.define("red_below_kmin", "RED: PKT with q <= Kmin (no mark)");
    cov_.define("red_between", "RED: PKT with Kmin < q <= Kmax");
    cov_.define("red_above_kmax", "RED: PKT with q > Kmax");
    cov_.define("red_mark", "RED: ECT packet in the middle region marked CE");
    cov_.define("red_nomark_between", "RED: ECT packet in the middle region not marked");
    cov_.define("not_ect_passthrough", "ECN 00 packet left unchanged where an ECT one is marked");
    cov_.define("ce_passthrough", "ECN 11 packet left unchanged where an ECT one is marked");
    cov_.define("dctcp_step", "Kmin = Kmax, Pmax = 1: ECT packet within 1 byte of K");
    cov_.define("tcd_noncongestion", "TCD: PKT in the non-congestion state");
    cov_.define("tcd_congestion", "TCD: PKT in the congestion state");
    cov_.define("tcd_undetermined", "TCD: PKT in the undetermined state (ON-OFF)");
    cov_.define("tcd_ue_written", "TCD: 01 -> 10 (UE)");
    cov_.define("tcd_ce_over_ue", "TCD: 10 (UE) -> 11 (CE) at a congested port");
    cov_.define("tcd_ce_kept_undetermined", "TCD: 11 stays 11 at an undetermined port");
    cov_.define("tcd_transition_nc_to_c", "TCD trend rule: non-congestion -> congestion");
    cov_.define("tcd_transition_c_to_nc", "TCD trend rule: congestion -> non-congestion");
    cov_.define("tcd_onoff_to_trend", "TCD: T_on crossed max(T_on), queue trend decides again");
    cov_.define("tcd_paused_pkt", "TCD: PKT while the queue is paused (XOFF)");
    cov_.define("pfc_xoff", "PFC XOFF event");
    cov_.define("pfc_xon", "PFC XON event");
    cov_.define("same_queue_back_to_back", "two events to one queue accepted on consecutive cycles");
    cov_.define("timestamp_wrap", "a stored timestamp is numerically above now (2^32 wrap)");
    cov_.define("csr_write_during_traffic", "CSR write with events in flight");
    cov_.define("csr_clamp", "illegal CSR value written, read back clamped");
    cov_.define("csr_unknown_addr", "CSR access to an unknown address");
    cov_.define("kmin_gt_kmax", "PKT with KMIN_BYTES > KMAX_BYTES (step at Kmin)");
    cov_.define("lfsr_reseed", "LFSR_SEED written, then a middle-region packet uses the new sequence");
    cov_.define("init_queue", "INIT of a queue with state");
    cov_.define("fresh_queue_pkt", "PKT to a fresh queue");
    cov_.define("reset_midrun", "reset during traffic, RAM cleared again");
    cov_.define("red_tie", "RED: r * (Kmax - Kmin) == Pmax * (q - Kmin) exactly (no mark)");
    cov_.define("tcd_draining", "TCD authors' rule: PKT while the queue drains after ON-OFF (state 3)");
    cov_.define("auth_undet_to_cong", "authors' rule: first packet after ON-OFF, q >= q at XON -> congestion");
    cov_.define("auth_undet_to_check", "authors' rule: first packet after ON-OFF, q < q at XON -> draining");
    cov_.define("auth_check_grown", "authors' rule: draining, a period passed, queue grew -> congestion");
    cov_.define("auth_check_period", "authors' rule: draining, a period passed, not grown (new sample)");
    cov_.define("auth_check_within", "authors' rule: draining, within the period");
    cov_.define("auth_drained", "authors' rule: draining -> non-congestion (q <= TCD_DRAIN_BYTES)");
    cov_.define("auth_red_decides", "authors' rule: non-congestion/congestion, RED decides");
    cov_.define("auth_ce_suppressed", "authors' rule: RED would mark an ECT packet, CE withheld");
    cov_.define("auth_ce_marked", "authors' rule: ECT packet marked CE");
    cov_.define("fwd_dist1", "hazard: event on the queue of the event accepted 1 cycle before (S3 forward)");
    cov_.define("fwd_dist2", "hazard: same queue 2 cycles before (fwd1 word merged in S2)");
    cov_.define("fwd_dist3", "hazard: same queue 3 cycles before (fwd2 word merged in S2)");
    cov_.define("fwd_dist4", "hazard: same queue 4 cycles before (RAM word)");
    cov_.define("fwd_xon_then_pkt", "hazard: XON then PKT to one queue on consecutive cycles");
    cov_.define("fwd_sample_then_pkt", "hazard: a sampling PKT then PKT to one queue on consecutive cycles");
    cov_.define("fwd_init_then_pkt", "hazard: INIT then PKT to one queue on consecutive cycles");
    cov_.define("csr_apply_wait", "CSR write waits for events in S0..S3 (s_evt_ready low)");
    ls_.require_quiet_outputs();  // m_out data are 0 while m_out_valid is 0
    if (o_.backpressure) {
      ls_.watch_backpressure(cov_);
      cov_.define("same_queue_b2b_stalled", "back-to-back same-queue event held in the compute stage");
    }
  }

  // One clock cycle; 0, or the exit code of a failure.
  int cycle() {
    CpModel::In in;
    CsrOp cop;
    drive(in, cop);
    const CpModel::Out& ro = ls_.low(in);
    if (int rc = compare(in, ro)) return rc;
    account(in, ro);
    CpTrace tr;
    bool computed = false;
    CpResult res;
    const CpRegs regs = edge(in, cop, tr, computed, res);
    if (in.rst) {
      on_reset_cycle();
      return 0;
    }
    return computed ? on_result(tr, res, regs) : 0;
  }

  // The inputs of this cycle: the event (held stable until accepted; the directed
  // episodes and ties), out_ready, the CSR bus (queued accesses, at most one per cycle).
  void drive(CpModel::In& in, CsrOp& cop) {
    const CpModel& ref = ls_.ref();
    in.rst = rst_cycles_ > 0;
    const CpRegs& now_regs = ref.bus_regs();  // what the next apply loads
    // -- directed episodes
    if (ep_ == EP_NONE && !in.rst && accepted_ >= next_episode_ && accepted_ + 1000 < o_.events) {
      ep_kind_ = static_cast<int>(ep_count_++ % 2);
      stim_.start_episode(ep_kind_, csr_);
      ep_ = EP_PROGRAM;
    }
    if (ep_ == EP_PROGRAM && !in.rst && csr_.empty() && tie_ == TIE_IDLE) {
      ep_ = EP_RUN;
      if (ep_kind_ == EP_TIE) tie_ = TIE_DRAIN;
      else stim_.directed_dctcp(32 + static_cast<unsigned>(rng_.below(64)));
    } else if (ep_ == EP_RUN && (ep_kind_ == EP_TIE ? tie_ == TIE_IDLE
                                                    : stim_.directed_left() == 0 && !have_evt_)) {
      ep_ = EP_NONE;
      next_episode_ = accepted_ + 30000 + rng_.below(20000);
      stim_.new_phase(csr_);
    }
    // Random tie: not while a queued CSR write waits for its read-back (the tie's seed
    // write would land in between), nor during an episode.
    if (tie_ == TIE_IDLE && ep_ == EP_NONE && !have_evt_ && !in.rst && csr_.empty() &&
        now_regs[CP_MODE] == 0 && now_regs[CP_KMIN_BYTES] < now_regs[CP_KMAX_BYTES] &&
        rng_.below(4000) == 0)
      tie_ = TIE_DRAIN;
    if (tie_ == TIE_DRAIN && !in.rst && !have_evt_ && inflight_.empty()) {
      const uint32_t span = now_regs[CP_KMAX_BYTES] - now_regs[CP_KMIN_BYTES];
      const uint32_t pmax = now_regs[CP_PMAX_Q16];
      const uint32_t g = std::gcd(span, pmax);  // pmax = 0: g = span, r = 0, qoff = 1
      if (pmax / g < 65536) {
        tie_r_ = pmax / g;
        tie_q_ = now_regs[CP_KMIN_BYTES] + span / g;
        cop.we = true;
        cop.addr = kCpRegs[CP_LFSR_SEED].addr;
        cop.wdata = (static_cast<uint32_t>(rng_.next()) & 0xFFFF0000u) | tie_r_;
        if (cop.wdata == 0) cop.wdata = 0x10000u;  // keep r = 0 (0 would clamp to 1)
        tie_ = TIE_SEND;
      } else {
        tie_ = TIE_IDLE;
      }
    } else if (tie_ == TIE_SEND && !in.rst && ref.csr_idle()) {
      // the seed write has landed and been applied: the packet sees the new LFSR
      evt_ = stim_.next();
      evt_.op = CpOp::PKT;
      evt_.qlen_bytes = tie_q_;
      evt_.ecn = kEcnEct1;
      have_evt_ = true;
      tie_ = TIE_WAIT;
    }
    if (tie_ == TIE_IDLE && !have_evt_ && accepted_ < o_.events && !in.rst &&
        !(o_.idle && rng_.chance(30))) {
      evt_ = stim_.next();
      have_evt_ = true;
    }
    in.evt_valid = have_evt_ && !in.rst;
    in.evt = evt_;
    in.out_ready = o_.backpressure ? rng_.chance(65) : true;
    // -- CSR bus: queued accesses, at most one per cycle, at random times
    if (tie_ == TIE_IDLE && !in.rst && !csr_.empty() && rng_.chance(40)) {
      cop = csr_.front();
      csr_.pop_front();
    }
    if (tie_ == TIE_IDLE && ep_ == EP_NONE && !in.rst && csr_.empty() && rng_.chance(1))
      stim_.random_csr(csr_);
    in.csr_we = cop.we;
    in.csr_re = cop.re;
    in.csr_addr = cop.addr;
    in.csr_wdata = cop.wdata;
  }

  // Every output compared (Lockstep::same), plus the bench's own checks of this cycle:
  // the read-back of a CSR write is the clamp of the written value; the output stream is
  // one well-formed result per event, in order.
  int compare(const CpModel::In& in, const CpModel::Out& ro) {
    bool bad = !ls_.same();
    std::vector<Diff> d;
    if (check_rdata_ && ro.csr_rdata != check_expect_) {
      d.push_back({"csr_rdata(clamp)", ls_.dut().csr_rdata, check_expect_});
      bad = true;
    }
    if (ro.out_valid && in.out_ready) {
      if (pending_.empty() || pending_.front().op != ro.out.op ||
          (pending_.front().queue & (kQueues - 1)) != ro.out.queue ||
          ro.out.region > 2 || (ro.out.tcd_state == 3 && ro.out.op > CpOp::PFC) ||
          (ro.out.marked && ro.out.ecn != kEcnCe && ro.out.ecn != kEcnUe)) {
        d.push_back({"out_stream_order", 1, 0});
        bad = true;
      }
    }
    if (bad) {
      const CpEvent& shown = !pending_.empty() ? pending_.front() : in.evt;
      return ls_.mismatch(event_str(shown), d);
    }
    if (check_rdata_) {
      if (check_clamped_) cov_.hit("csr_clamp");
      check_rdata_ = false;
    }
    return 0;
  }

  // The handshakes of this cycle and their coverage (before the edge).
  void account(const CpModel::In& in, const CpModel::Out& ro) {
    const CpModel& ref = ls_.ref();
    const bool acc = in.evt_valid && ro.evt_ready;
    if (ro.out_valid && in.out_ready) {
      pending_.pop_front();
      ++consumed_;
    }
    en_ = !ro.out_valid || in.out_ready;
    if (o_.backpressure && !en_ && b2b_in_s1_) cov_.hit("same_queue_b2b_stalled");
    if (en_) b2b_in_s1_ = false;
    if (ref.csr_pending() && (ref.stage_valid(0) || ref.stage_valid(1) || ref.stage_valid(2) ||
                              ref.stage_valid(3)))
      cov_.hit("csr_apply_wait");
    if (in.csr_we) {
      if (!inflight_.empty() || !pending_.empty() || acc) cov_.hit("csr_write_during_traffic");
      if (in.csr_addr == kCpRegs[CP_LFSR_SEED].addr) seed_written_ = true;
      bool known = false;
      for (const auto& r : kCpRegs) known = known || r.addr == in.csr_addr;
      if (!known) cov_.hit("csr_unknown_addr");
    }
    if (acc) {
      if (last_accept_cycle_ + 1 == cycle_ && last_accept_queue_ == in.evt.queue &&
          last_accept_op_ != CpOp::NOP && in.evt.op != CpOp::NOP) {
        cov_.hit("same_queue_back_to_back");
        b2b_in_s1_ = true;
      }
      last_accept_cycle_ = cycle_;
      last_accept_queue_ = in.evt.queue;
      last_accept_op_ = in.evt.op;
      inflight_.push_back(in.evt);
      ++accepted_;
      have_evt_ = false;
      if (ep_ == EP_NONE && stim_.phase_done()) stim_.new_phase(csr_);
      if (!did_reset_ && accepted_ == reset_at_) rst_cycles_ = 2;
    }
  }

  // The clock edge: the model's trace of the event computed at it (tr, computed, res),
  // the hazard coverage of that event; returns the registers it was computed with.
  CpRegs edge(const CpModel::In& in, const CsrOp& cop, CpTrace& tr, bool& computed, CpResult& res) {
    const CpRegs regs = ls_.ref().algo().regs();
    ls_.high(&tr, &computed, &res);
    if (computed && in.evt.op != CpOp::NOP) {
      // hazard distance in pipeline slots (enabled cycles) to the last event on this queue
      const uint32_t hq = in.evt.queue;
      const uint64_t dist = en_cycles_ - q_last_en_[hq];
      if (q_last_en_[hq] != ~0ull && dist >= 1 && dist <= 4) {
        const char* dn[] = {"", "fwd_dist1", "fwd_dist2", "fwd_dist3", "fwd_dist4"};
        cov_.hit(dn[dist]);
        if (dist == 1 && in.evt.op == CpOp::PKT) {
          if (q_last_kind_[hq] == 1) cov_.hit("fwd_xon_then_pkt");
          if (q_last_kind_[hq] == 2) cov_.hit("fwd_sample_then_pkt");
          if (q_last_kind_[hq] == 3) cov_.hit("fwd_init_then_pkt");
        }
      }
      q_last_en_[hq] = en_cycles_;
      q_last_kind_[hq] = in.evt.op == CpOp::PFC && !in.evt.paused ? 1
                         : in.evt.op == CpOp::PKT && (tr.trend_eval || tr.ost_branch == 2 ||
                                                      tr.ost_branch == 4 || tr.fresh) ? 2
                         : in.evt.op == CpOp::INIT ? 3 : 0;
    }
    if (!in.rst && en_) ++en_cycles_;
    ++cycle_;
    if (cop.re && cop.check) {
      check_rdata_ = true;
      check_expect_ = cop.expect;
      check_clamped_ = cop.clamped;
    }
    return regs;
  }

  // A reset cycle: the bench's queues emptied; an episode cut short runs again after it.
  void on_reset_cycle() {
    inflight_.clear();
    pending_.clear();
    std::fill(last_onoff_.begin(), last_onoff_.end(), 0);
    csr_.clear();
    check_rdata_ = false;
    stim_.on_reset();
    tie_ = TIE_IDLE;
    if (ep_ != EP_NONE) {  // cut short: run the same kind again after the reset
      ep_ = EP_NONE;
      stim_.directed_dctcp(0);
      --ep_count_;
      next_episode_ = 0;
    }
    if (--rst_cycles_ == 0) {
      if (cycle_ > 10) {
        cov_.hit("reset_midrun");
        did_reset_ = true;
      }
      // consumed counts the events that came out; the reset dropped the rest
      accepted_ = consumed_;
      stim_.new_phase(csr_);
    }
  }

  // The event computed at this edge: its coverage, the RED tie check, the directed tie.
  int on_result(const CpTrace& tr, const CpResult& res, const CpRegs& regs) {
    const CpModel& ref = ls_.ref();
    std::vector<Diff> d;
    const CpEvent ev = inflight_.front();
    inflight_.pop_front();
    pending_.push_back(ev);
    const auto op = static_cast<CpOp>(ev.op);
    const uint32_t q = ev.queue;
    const bool mode_tcd = regs[CP_MODE] == 1;
    const bool ect = ev.ecn == 1 || ev.ecn == 2;
    if (tr.wrap) cov_.hit("timestamp_wrap");
    if (op == CpOp::INIT && !tr.fresh) cov_.hit("init_queue");
    if (op == CpOp::INIT) last_onoff_[q] = 0;
    if (op == CpOp::PFC) cov_.hit(ev.paused ? "pfc_xoff" : "pfc_xon");
    if (op == CpOp::PKT) {
      if (tr.fresh) cov_.hit("fresh_queue_pkt");
      if (tr.kmin_gt_kmax) cov_.hit("kmin_gt_kmax");
      if (tr.lfsr_step && seed_written_) {
        cov_.hit("lfsr_reseed");
        seed_written_ = false;
      }
      const bool would_mark =
          mode_tcd ? (tr.onoff || (res.tcd_state == 1 && (regs[CP_TCD_CE_RULE] != 2 || tr.red_mark)))
                   : tr.red_mark;
      if (ev.ecn == 0 && would_mark && res.ecn == 0) cov_.hit("not_ect_passthrough");
      if (ev.ecn == 3 && would_mark && res.ecn == 3) cov_.hit("ce_passthrough");
      if (!mode_tcd) {
        const char* rg[] = {"red_below_kmin", "red_between", "red_above_kmax"};
        cov_.hit(rg[res.region]);
        if (res.region == 1 && ect) cov_.hit(res.marked ? "red_mark" : "red_nomark_between");
        if (res.region == 1 &&
            uint64_t{tr.r} * (regs[CP_KMAX_BYTES] - regs[CP_KMIN_BYTES]) ==
                uint64_t{regs[CP_PMAX_Q16]} * (ev.qlen_bytes - regs[CP_KMIN_BYTES])) {
          cov_.hit("red_tie");
          if (res.marked || tr.red_mark) {
            d.assign({{"red_tie_marked", res.marked, 0}});
            return ls_.fail(event_str(ev), d, "a packet at an exact RED tie was marked");
          }
        }
        if (regs[CP_KMIN_BYTES] == regs[CP_KMAX_BYTES] && regs[CP_PMAX_Q16] == 65536 && ect &&
            ev.qlen_bytes + 1 >= regs[CP_KMIN_BYTES] && ev.qlen_bytes <= regs[CP_KMIN_BYTES] + 1)
          cov_.hit("dctcp_step");
      } else {
        const char* st[] = {"tcd_noncongestion", "tcd_congestion", "tcd_undetermined",
                            "tcd_draining"};
        cov_.hit(st[res.tcd_state & 3]);
        if (regs[CP_TCD_CE_RULE] == 2) {
          const char* br[] = {"", "auth_undet_to_cong", "auth_undet_to_check", "auth_check_grown",
                              "auth_check_period", "auth_check_within", "auth_red_decides"};
          if (tr.ost_branch >= 1 && tr.ost_branch <= 6) cov_.hit(br[tr.ost_branch]);
          if (tr.drained) cov_.hit("auth_drained");
          if (ect && tr.ce_suppressed) cov_.hit("auth_ce_suppressed");
          if (ect && res.ecn == 3 && !tr.onoff) cov_.hit("auth_ce_marked");
        }
        if (ev.ecn == 1 && res.ecn == 2) cov_.hit("tcd_ue_written");
        if (ev.ecn == 2 && res.ecn == 3) cov_.hit("tcd_ce_over_ue");
        if (ev.ecn == 3 && tr.onoff) cov_.hit("tcd_ce_kept_undetermined");
        if (ref.algo().entry(q).paused) cov_.hit("tcd_paused_pkt");
        const bool trend = ref.algo().entry(q).trend;
        if (regs[CP_TCD_CE_RULE] == 0 && tr.trend_eval) {
          if (!tr.prev_trend && trend) cov_.hit("tcd_transition_nc_to_c");
          if (tr.prev_trend && !trend) cov_.hit("tcd_transition_c_to_nc");
        }
        if (last_onoff_[q] && !tr.onoff) cov_.hit("tcd_onoff_to_trend");
      }
    }
    if (op == CpOp::PKT || op == CpOp::PFC) last_onoff_[q] = tr.onoff;
    if (tie_ == TIE_WAIT && inflight_.empty() && !have_evt_) {
      // the directed packet: the LFSR sample is the seed's low 16 bits, no tie mark
      if (tr.r != tie_r_ || res.region != 1 || res.marked) {
        d.assign({{"tie_r", tr.r, tie_r_}, {"tie_region", res.region, 1},
                  {"tie_marked", res.marked, 0}});
        return ls_.fail(event_str(ev), d,
                        "the directed tie packet: LFSR sample, region or mark not as loaded");
      }
      tie_ = TIE_IDLE;
    }
    return 0;
  }

  const Options o_;
  dcqcn::tb::Lockstep<dcqcn::pins::Cp, VMODEL, CpModel> ls_;
  Rng rng_;
  Stimulus stim_;
  Coverage cov_;
  std::vector<uint8_t> last_onoff_;  // per queue: the last PKT/PFC was ON-OFF (transitions)
  std::deque<CsrOp> csr_;
  std::deque<CpEvent> inflight_;  // accepted, not yet computed
  std::deque<CpEvent> pending_;   // computed, not yet consumed (for the order check)
  bool have_evt_ = false;
  CpEvent evt_;
  uint64_t cycle_ = 0, accepted_ = 0, consumed_ = 0;
  // accept cycle (in enabled cycles) and what the ref said, per queue: hazard coverage
  std::vector<uint64_t> q_last_en_;
  std::vector<uint8_t> q_last_kind_;  // 1 XON, 2 sampled PKT, 3 INIT
  uint64_t en_cycles_ = 0;
  bool en_ = false;  // this cycle moves the pipeline (no result held)
  uint64_t last_accept_cycle_ = ~0ull;
  uint32_t last_accept_queue_ = 0;
  CpOp last_accept_op_ = CpOp::NOP;
  Tie tie_ = TIE_IDLE;
  uint32_t tie_r_ = 0, tie_q_ = 0;
  Episode ep_ = EP_NONE;
  int ep_kind_ = EP_DCTCP;
  uint64_t ep_count_ = 0;
  uint64_t next_episode_ = 0;
  bool seed_written_ = false;
  bool b2b_in_s1_ = false;  // stage 1 holds an event whose predecessor wrote its queue
  bool check_rdata_ = false;
  uint32_t check_expect_ = 0;
  bool check_clamped_ = false;
  int rst_cycles_ = 4;
  uint64_t reset_at_ = 0;
  bool did_reset_ = false;
};

}  // namespace

int main(int argc, char** argv) { return dcqcn::tb::lockstep_main<Bench>(argc, argv, "cp"); }
