// SPDX-License-Identifier: MIT
// Lock-step test of rtl/dcqcn_nic_wheel.sv (the timing-wheel engine, docs/nic.md "The
// wheel engine") against NicWheelModel (tb/ref/nic_wheel_ref.h): every output pin, every
// cycle (s_ready, both heads' valid and, when valid, their fields; moving, busy, the
// counts, dropped), in the LockstepRun skeleton (tb/common/lockstep.h: failure story,
// replay with the waveform window, events/s, coverage). Events are accepted commands.
//
// Time runs as on the hardware: now_ns advances 3.103 ns per cycle (the 322.266 MHz
// clock; --clock-ns sets another period, and a build with DUT_SLOT_BITS another slot G:
// docs/nic.md "The clock"), so a 32-ns slot is about 10 cycles. Beside the lock-step, NicWheelCheck checks
// the contract from the ports on every cycle (nothing early, stale, doubled or lost, and
// the lateness bound K = 16 cycles plus twice the work in between), and at the end every
// armed entry must have left.
//
// Stimulus: directed episodes first (a parked departure disarmed and re-armed while it is
// being moved; one left alone, which is moved; a due departure re-armed due at the head: it
// keeps its place), then random commands (ARM with deadlines behind now, in the wheel and
// beyond it; DISARM; bad commands), with adversarial bursts: every entry armed to one
// deadline, and bursts of re-arms that move deadlines earlier; --idle: idle input cycles;
// --bp: the outputs taken at random (else always). A reset in the middle; gaps in time
// while nothing is armed (as a simulation sleeps), which the drains jump; once a phase the
// gap is 2^32 ns less a few us (three steps): the slot numbers just drained recur.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include VHEADER
#include "lockstep.h"
#include "nic_wheel_check.h"
#include "nic_wheel_ref.h"

using namespace dcqcn;
using dcqcn::tb::Diff;

#ifndef DUT_SLOTS_LOG2
#define DUT_SLOTS_LOG2 12
#endif

namespace {

#ifndef DUT_SLOT_BITS
#define DUT_SLOT_BITS 5
#endif

constexpr uint32_t kN = DUT_SIZE;
constexpr unsigned kSlotBits = DUT_SLOT_BITS;  // SLOT_BITS: G = 2^kSlotBits ns
constexpr unsigned kSlotsLog2 = DUT_SLOTS_LOG2;
constexpr uint32_t kK = 16;                 // cycles: ceil(32 / 3.103) + the pipeline, with margin
constexpr uint64_t kFullCoverageEvents = 200000;

class Bench {
 public:
  explicit Bench(const tb::Options& o)
      : o_(o), rng_(o.seed), run_(o, "nic_wheel", "NUM_FLOWS=" + std::to_string(kN)),
        ref_(kN, kSlotBits, kSlotsLog2), chk_(kN, kSlotBits, kK) {
    run_.idle_failure_window(in_, events_, [this](const NicWheelIn& i) { drive(i); },
                             [this](const NicWheelIn& i) { ref_.step(i); });
    define_coverage();
    if (const char* d = std::getenv("NIC_WHEEL_DEBUG"))  // cycles from:to, the model's registers
      std::sscanf(d, "%" SCNu64 ":%" SCNu64, &dbg_from_, &dbg_to_);
    mid_reset_at_ = o.events * (3 + rng_.below(4)) / 10;
  }

  int run() {
    // reset, the RAM clear, the directed episodes
    for (int i = 0; i < 3; ++i)
      if (int rc = cycle(reset_in())) return rc;
    if (int rc = settle()) return rc;
    if (int rc = directed()) return rc;
    // random commands
    while (events_ < o_.events) {
      if (int rc = cycle(random_in())) return rc;
      if (run_.cycle() > 50 * (o_.events + 100000)) return fail("no progress (hang?)");
    }
    // the end: nothing new, both outputs taken, time on: everything armed leaves
    NicWheelIn idle;
    idle.tmr_ready = idle.dep_ready = true;
    for (uint64_t i = 0; i < 4000000 && (chk_.armed_count(0) || chk_.armed_count(1)); ++i)
      if (int rc = cycle(idle)) return rc;
    std::string lost = chk_.drain_check();
    if (!lost.empty()) return fail(lost);
    // then a gap in time with nothing armed (a simulation asleep): the drains jump; a few
    // arms after it leave on time
    for (int i = 0; i < 4; ++i)
      if (int rc = cycle(idle)) return rc;
    gap_ns_ += 1000000;
    for (uint32_t f = 0; f < 4; ++f)
      if (int rc = offer(cmd(1, static_cast<uint8_t>(f == 3 ? 5 : f), f, 1, now() + 500 * f))) return rc;
    for (uint64_t i = 0; i < 100000 && (chk_.armed_count(0) || chk_.armed_count(1)); ++i)
      if (int rc = cycle(idle)) return rc;
    lost = chk_.drain_check();
    if (!lost.empty()) return fail(lost);
    // then time comes round to the last traffic phase's start (2^32 ns less the time since,
    // in steps below 2^31 ns, the wheel empty), and one more phase of traffic files into
    // the slot numbers that phase drained: their words in RAM carry those numbers as tags
    while (run_.cycle() % 20000 != 19990)
      if (int rc = cycle(idle)) return rc;
    const uint32_t delta = phase_now_ + 10 * 3 - now();  // (the 10 cycles to ph 0, about)
    const uint32_t steps = static_cast<uint32_t>((uint64_t{delta} + 0x7FFEFFFFu) / 0x7FFF0000u);
    for (uint32_t k = 0; k < steps; ++k) {
      gap_ns_ += k + 1 < steps ? delta / steps : delta - (steps - 1) * (delta / steps);
      if (int rc = cycle(idle)) return rc;
    }
    cov_.hit("come_round");
    while (run_.cycle() % 20000 != 16000)
      if (int rc = cycle(random_in())) return rc;
    for (uint64_t i = 0; i < 4000000 && (chk_.armed_count(0) || chk_.armed_count(1)); ++i)
      if (int rc = cycle(idle)) return rc;
    lost = chk_.drain_check();
    if (!lost.empty()) return fail(lost);
    std::printf("nic_wheel: %" PRIu64 " timers and %" PRIu64
                " departures left; lateness worst %" PRIu64 " cycles, with nothing in between %" PRIu64
                " (K = %u), above twice the work in between %" PRIu64 "\n",
                chk_.pops[0], chk_.pops[1], chk_.worst_late, chk_.worst_free_late, kK, chk_.worst_excess);
    return run_.finish(cov_, events_, kFullCoverageEvents);
  }

 private:
  // ------------------------------------------------------------------ coverage
  void define_coverage() {
    cov_.define("pop_tmr", "a timer taken by the output");
    cov_.define("pop_dep", "a departure taken by a transmit opportunity");
    cov_.define("park", "a deadline beyond the wheel parked in its last slot");
    cov_.define("move", "a parked entry moved when the drain reached it");
    cov_.define("move_void", "a move found its entry re-armed or disarmed after it was taken");
    cov_.define("keep", "an eligible entry re-armed to a deadline also reached: kept its place");
    cov_.define("blocked", "the drain's head held a cycle by a command for it");
    cov_.define("advance", "the drain moved to the next slot");
    cov_.define("cancel", "an advance cancelled by a link into the drained slot");
    cov_.define("jump", "a drain jumped ahead in time (nothing armed)");
    cov_.define("come_round", "time came round 2^32 ns (less a few us): slot numbers recur");
    cov_.define("behind", "an ARM with its deadline behind the drain: joins the drained slot");
    cov_.define("unlink_head", "an entry unlinked at its list's head");
    cov_.define("unlink_mid", "an entry unlinked inside its list");
    cov_.define("unlink_tail", "an entry unlinked at its list's tail");
    cov_.define("relink_same", "an entry re-armed into the same slot (another side)");
    cov_.define("drained_link", "a link into the slot being drained");
    cov_.define("dropped", "a bad command dropped and counted");
    cov_.define("burst_same_deadline", "every entry armed to one deadline");
    cov_.define("burst_earlier", "a burst of re-arms moving deadlines earlier");
    cov_.define("reset_mid_run", "rst in the middle of the run");
    if (o_.backpressure) cov_.define("bp_stall", "a head valid and not taken");
    if (o_.idle) cov_.define("idle_input", "a cycle with no command offered");
  }
  void cover() {
    const auto& e = ref_.events();
    const std::pair<bool, const char*> pts[] = {
        {e.pop_tmr, "pop_tmr"}, {e.pop_dep, "pop_dep"}, {e.park, "park"}, {e.move, "move"},
        {e.move_void, "move_void"}, {e.keep, "keep"}, {e.blocked, "blocked"},
        {e.advance, "advance"}, {e.cancel, "cancel"}, {e.jump, "jump"}, {e.behind, "behind"},
        {e.unlink_head, "unlink_head"}, {e.unlink_mid, "unlink_mid"},
        {e.unlink_tail, "unlink_tail"}, {e.relink_same, "relink_same"},
        {e.drained_link, "drained_link"}};
    for (const auto& [hit, name] : pts)
      if (hit) cov_.hit(name);
  }

  // ------------------------------------------------------------------ stimulus
  NicWheelIn reset_in() {
    NicWheelIn in;
    in.rst = true;
    return in;
  }
  int settle() {
    while (ref_.clearing())
      if (int rc = cycle(NicWheelIn{})) return rc;
    return 0;
  }
  static NicWheelIn cmd(uint8_t op, uint8_t kind, uint32_t flow, uint8_t gen, uint32_t at) {
    return nic_wheel_command(op, kind, flow, gen, at);
  }
  uint32_t wheel_ns() const { return (1u << kSlotsLog2) << kSlotBits; }

  // A parked departure, disarmed (then re-armed) in the cycle its move is taken: the
  // move must find it and do nothing.
  int directed() {
    for (int round = 0; round < 2; ++round) {
      if (int rc = offer(cmd(1, 5, 0, 1, now() + 3 * wheel_ns()))) return rc;
      bool done = false;
      for (uint64_t i = 0; i < 4 * wheel_ns() && !done; ++i) {
        NicWheelIn in;
        in.tmr_ready = in.dep_ready = true;
        if (ref_.outputs().dep_moving) {
          in = round == 0 ? cmd(2, 5, 0, 0, 0) : cmd(1, 5, 0, 9, now() + 100);
          done = true;
        }
        if (int rc = cycle(in)) return rc;
      }
      if (!done) return fail("directed: the parked departure was never moved");
    }
    // a parked departure left alone: moved (linked again) when the drain reaches it. (At
    // 4096 flows the random phase re-arms every entry within a wheel turn, so a parked
    // entry rarely lives to its move once the drains catch up with time after a backlog.)
    if (int rc = offer(cmd(1, 5, 2, 4, now() + 3 * wheel_ns()))) return rc;
    bool moved = false;
    for (uint64_t i = 0; i < 4 * wheel_ns() && !moved; ++i) {
      NicWheelIn in;
      in.tmr_ready = in.dep_ready = true;
      if (int rc = cycle(in)) return rc;
      moved = ref_.events().move;
    }
    if (!moved) return fail("directed: the parked departure left alone was never moved");
    // a due departure at the drain's head re-armed due again while no transmit opportunity
    // comes: it keeps its place (and its head is held for the cycle of the command)
    NicWheelIn hold = cmd(1, 5, 1, 2, now() - 100);
    hold.dep_ready = false;
    if (int rc = offer(hold)) return rc;
    hold.s_valid = false;
    bool seen = false;
    for (int i = 0; i < 200 && !seen; ++i) {
      const NicWheelOut o = ref_.outputs(now());
      seen = o.dep_valid && o.dep_flow == 1;
      if (int rc = cycle(hold)) return rc;
    }
    if (!seen) return fail("directed: the due departure never came to the head");
    NicWheelIn again = cmd(1, 5, 1, 3, now() - 50);
    again.dep_ready = false;
    if (int rc = offer(again)) return rc;
    return 0;
  }

  // a command offered until it is taken; a command not taken within four RAM clears
  // (the longest s_ready-low stretch the engine has: after reset, max(5 N, S) cycles) is a
  // failure, not a hang (e.g. --clock-ns of 2 G or more: now steps two slots or more every
  // cycle and s_ready never rises, docs/nic.md "The clock")
  int offer(NicWheelIn in) {
    const uint64_t limit = 4 * (5 * uint64_t{kN} + (uint64_t{1} << kSlotsLog2)) + 10000;
    for (uint64_t waited = 0;; ++waited) {
      if (waited > limit)
        return fail("no progress: a command offered for " + std::to_string(limit) +
                    " cycles was not taken (s_ready low; a clock period of 2 G or more?)");
      const bool taken = ref_.outputs(now()).s_ready;
      if (int rc = cycle(in)) return rc;
      if (taken) return 0;
    }
  }

  NicWheelIn random_in() {
    NicWheelIn in;
    const bool bp = o_.backpressure;
    in.tmr_ready = !bp || rng_.chance(60);
    in.dep_ready = rng_.chance(bp ? 10 : 40);
    if (!mid_reset_done_ && events_ >= mid_reset_at_) {
      mid_reset_done_ = true;
      cov_.hit("reset_mid_run");
      return reset_in();
    }
    // phases of 20000 cycles: traffic, then a quiet stretch (everything leaves) and a gap
    const uint64_t ph = run_.cycle() % 20000;
    if (ph == 0) phase_now_ = now();
    if (ph > 16000) {
      const NicWheelOut o = ref_.outputs();
      const bool empty = o.tmr_count + o.dep_count == 0 && !o.busy;
      // once a phase, time comes round: 2^32 ns less 2..18 us, in three steps below 2^31 ns,
      // so that the next phase files into slot numbers the last one drained (their words
      // left in RAM carry those numbers as tags: the wheel must not take them for the new
      // slots' lists; tb/icarus/tb_nic_wheel_wrap.sv has the directed case)
      const uint64_t phase = run_.cycle() / 20000;
      if (empty && round_steps_ == 0 && round_phase_ != phase) {
        round_phase_ = phase;
        round_steps_ = 3;
      }
      if (empty && round_steps_ > 0) {
        --round_steps_;
        gap_ns_ += round_steps_ > 0 ? kRoundStep
                                    : static_cast<uint32_t>((uint64_t{1} << 32) - 2 * uint64_t{kRoundStep} -
                                                            2000 - rng_.below(16000));
        if (round_steps_ == 0) cov_.hit("come_round");
        return in;
      }
      if (ph > 16002 && rng_.permille(5) && empty)
        gap_ns_ += 10000 + static_cast<uint32_t>(rng_.below(200000));
      return in;
    }
    if (ph == 4000) burst_same_ = true;
    if (ph == 9000) burst_earlier_ = 2000;
    if (o_.idle && rng_.chance(30)) {
      cov_.hit("idle_input");
      return in;
    }
    if (burst_same_) {  // every entry, one deadline
      const uint32_t id = burst_at_++;
      if (burst_at_ == 5 * kN) {
        burst_same_ = false;
        burst_at_ = 0;
        cov_.hit("burst_same_deadline");
      }
      if (id == 0) burst_deadline_ = now() + 2000;
      const uint32_t kk = id / kN;
      return with_ready(cmd(1, static_cast<uint8_t>(kk == 4 ? 5 : kk), id % kN,
                            static_cast<uint8_t>(rng_.below(256)), burst_deadline_), in);
    }
    if (burst_earlier_) {  // a flow's entries re-armed earlier and earlier
      if (--burst_earlier_ == 0) cov_.hit("burst_earlier");
      const uint32_t f = static_cast<uint32_t>(rng_.below(kN < 8 ? kN : 8));
      const uint64_t kk = rng_.below(5);
      const uint32_t ahead = 5000 - (2000 - burst_earlier_) * 2;
      return with_ready(cmd(1, static_cast<uint8_t>(kk == 4 ? 5 : kk), f,
                            static_cast<uint8_t>(rng_.below(256)), now() + ahead), in);
    }
    if (!rng_.chance(60)) return in;
    const uint8_t op = rng_.chance(85) ? 1 : 2;
    const uint64_t kk = rng_.below(5);
    uint8_t kind = static_cast<uint8_t>(kk == 4 ? 5 : kk);
    // half the commands on 16 hot flows: re-arms of entries at the drain's head, kept
    // places and moves happen at every size
    uint32_t flow = static_cast<uint32_t>(rng_.below(rng_.chance(50) ? (kN < 16 ? kN : 16) : kN));
    if (rng_.permille(2)) {  // a bad one: kind 4, 6 or 7, a flow out of range, op 0 or 3
      const uint64_t b = rng_.below(3);
      if (b == 0) kind = static_cast<uint8_t>(4 + 2 * rng_.below(2) + (rng_.below(2) ? 0 : 3) % 4);
      if (b == 1) flow = kN + static_cast<uint32_t>(rng_.below(1000));
      NicWheelIn c = cmd(b == 2 ? static_cast<uint8_t>(rng_.below(2) * 3) : op, kind, flow, 0, now());
      return with_ready(c, in);
    }
    const uint64_t z = rng_.below(100);
    const uint32_t span = wheel_ns();
    uint32_t at;
    if (z < 10) at = now() - static_cast<uint32_t>(rng_.below(600));                  // behind
    else if (z < 55) at = now() + static_cast<uint32_t>(rng_.below(3000));            // soon
    else if (z < 90) at = now() + static_cast<uint32_t>(rng_.below(span - span / 16)); // in the wheel
    else at = now() + span + static_cast<uint32_t>(rng_.below(3 * span));             // beyond it
    return with_ready(cmd(op, kind, flow, static_cast<uint8_t>(rng_.below(256)), at), in);
  }
  static NicWheelIn with_ready(NicWheelIn c, const NicWheelIn& r) {
    c.tmr_ready = r.tmr_ready;
    c.dep_ready = r.dep_ready;
    return c;
  }
  uint32_t now() const { return static_cast<uint32_t>(time_ps_ / 1000) + gap_ns_; }

  // ------------------------------------------------------------------ one cycle
  void drive(const NicWheelIn& in) {
    auto& m = run_.dut();
    m.rst = in.rst;
    m.now_ns = in.now_ns;
    m.s_valid = in.s_valid;
    m.s_op = in.s_op;
    m.s_kind = in.s_kind;
    m.s_flow = in.s_flow;
    m.s_gen = in.s_gen;
    m.s_at_ns = in.s_at_ns;
    m.m_tmr_ready = in.tmr_ready;
    m.m_dep_ready = in.dep_ready;
  }

  int cycle(NicWheelIn in) {
    in.now_ns = now();
    in_ = in;
    drive(in);
    run_.low();
    const NicWheelOut o = ref_.outputs(in.now_ns);
    if (int rc = compare(o)) return rc;
    if (run_.cycle() >= dbg_from_ && run_.cycle() <= dbg_to_)  // NIC_WHEEL_DEBUG=from:to
      std::printf("%" PRIu64 " %s tmr_v=%d dep_v=%d mv=%d/%d | %s\n", run_.cycle(), inputs().c_str(),
                  o.tmr_valid, o.dep_valid, o.tmr_moving, o.dep_moving, ref_.describe().c_str());
    if (!in.rst) {
      const std::string e = chk_.cycle(run_.cycle(), in, o);
      if (!e.empty()) return fail(e);
    } else {
      chk_.cycle(run_.cycle(), in, o);
    }
    if (o_.backpressure && ((o.tmr_valid && !in.tmr_ready) || (o.dep_valid && !in.dep_ready)))
      cov_.hit("bp_stall");
    if (in.s_valid && o.s_ready && !in.rst) {
      ++events_;
      if ((in.s_op != 1 && in.s_op != 2) || (in.s_kind > 3 && in.s_kind != 5) || in.s_flow >= kN)
        cov_.hit("dropped");
    }
    run_.edge(in.now_ns, events_);
    ref_.step(in);
    if (!in.rst) cover();
    time_ps_ += o_.clock_ps;  // --clock-ns (default 3.103: the 322.266 MHz clock)
    return 0;
  }

  int compare(const NicWheelOut& o) {
    if (run_.cycle() == 0) return 0;
    if (o_.inject_mismatch && run_.cycle() == o_.inject_mismatch) injected_ = true;
    const auto& m = run_.dut();
    std::vector<Diff> d = {
        {"s_ready", m.s_ready, o.s_ready},
        {"m_tmr_valid", m.m_tmr_valid, o.tmr_valid},
        {"m_dep_valid", m.m_dep_valid, o.dep_valid},
        {"tmr_moving", m.tmr_moving, o.tmr_moving},
        {"dep_moving", m.dep_moving, o.dep_moving},
        {"busy", m.busy, o.busy},
        {"tmr_behind", m.tmr_behind, o.tmr_behind},
        {"dep_behind", m.dep_behind, o.dep_behind},
        {"tmr_count", m.tmr_count, o.tmr_count},
        {"dep_count", m.dep_count, o.dep_count ^ (injected_ ? 1u : 0u)},
        {"tmr_drain_ns", m.tmr_drain_ns, o.tmr_drain_ns},
        {"dep_drain_ns", m.dep_drain_ns, o.dep_drain_ns},
        {"tmr_next_valid", m.tmr_next_valid, o.tmr_next_valid},
        {"tmr_next_ns", m.tmr_next_ns, o.tmr_next_valid ? o.tmr_next_ns : m.tmr_next_ns},
        {"dep_next_valid", m.dep_next_valid, o.dep_next_valid},
        {"dep_next_ns", m.dep_next_ns, o.dep_next_valid ? o.dep_next_ns : m.dep_next_ns},
        {"dropped", m.dropped, o.dropped}};
    if (o.tmr_valid) {
      d.push_back({"m_tmr_kind", m.m_tmr_kind, o.tmr_kind});
      d.push_back({"m_tmr_flow", m.m_tmr_flow, o.tmr_flow});
      d.push_back({"m_tmr_gen", m.m_tmr_gen, o.tmr_gen});
      d.push_back({"m_tmr_at_ns", m.m_tmr_at_ns, o.tmr_at_ns});
    }
    if (o.dep_valid) {
      d.push_back({"m_dep_flow", m.m_dep_flow, o.dep_flow});
      d.push_back({"m_dep_at_ns", m.m_dep_at_ns, o.dep_at_ns});
    }
    for (const Diff& x : d)
      if (x.rtl != x.ref) return failure(tb::FailKind::Mismatch, d, "model: " + ref_.describe());
    return 0;
  }

  std::string inputs() const {
    char buf[300];
    std::snprintf(buf, sizeof buf,
                  "rst=%d now_ns=%u s_valid=%d op=%u kind=%u flow=%u gen=%u at_ns=%u "
                  "m_tmr_ready=%d m_dep_ready=%d",
                  in_.rst, in_.now_ns, in_.s_valid, in_.s_op, in_.s_kind, in_.s_flow, in_.s_gen,
                  in_.s_at_ns, in_.tmr_ready, in_.dep_ready);
    return buf;
  }
  int failure(tb::FailKind kind, const std::vector<Diff>& d, const std::string& check) {
    return run_.failure(kind, events_, inputs(), d, check, injected_ && kind == tb::FailKind::Mismatch);
  }
  int fail(const std::string& what) { return failure(tb::FailKind::Check, {}, what); }

  const tb::Options o_;
  tb::Rng rng_;
  tb::LockstepRun<VMODEL> run_;
  NicWheelModel ref_;
  NicWheelCheck chk_;
  tb::Coverage cov_;
  NicWheelIn in_{};
  uint64_t events_ = 0, mid_reset_at_ = 0, time_ps_ = 1000000;
  uint64_t dbg_from_ = ~uint64_t{0}, dbg_to_ = 0;
  static constexpr uint32_t kRoundStep = 0x7FFF0000u;  // the first two steps of a come-round
  unsigned round_steps_ = 0;                           // its steps still to come
  uint64_t round_phase_ = ~uint64_t{0};
  uint32_t phase_now_ = 0;                              // now() at the last phase's start
  uint32_t gap_ns_ = 0, burst_at_ = 0, burst_deadline_ = 0, burst_earlier_ = 0;
  bool burst_same_ = false, mid_reset_done_ = false, injected_ = false;
};

}  // namespace

int main(int argc, char** argv) { return tb::lockstep_main<Bench>(argc, argv, "nic_wheel"); }
