// SPDX-License-Identifier: MIT
// The NIC's timer service and paced scheduler at transaction level: the timing wheel's
// algorithm (docs/nic.md, "The semantics, fixed first"), without its cycles. It is the
// statement of the scheduling semantics that `nic.core: blocks` runs
// (systemc/net/nic_core_blocks.cpp). The wheel's RTL engine (rtl/dcqcn_nic_wheel.sv, its
// cycle model tb/ref/nic_wheel_ref.h) differs from it in three rules, listed in
// docs/nic.md ("The wheel engine"), to be aligned before the engine goes into the
// scheduler. The rules here:
//
//   - Every (kind, flow) has at most one entry: an ARM replaces the pending one (earlier or
//     later: in place), a DISARM drops it. Kinds 0..3 are the timers, 5 the departure
//     (DEP); the NP's budget DRAIN is one separate slot (arm_drain).
//   - A timer or departure armed with deadline `at` becomes eligible at its slot's end,
//     `eligible_at(at) = ceil(at / G) x G` (G = 2^slot_bits ns, 32 ns by default): never
//     before `at`, at most G - 1 ns after it (the RTL adds its pipeline, K cycles).
//   - Eligible timers leave in eligibility order: slot order; within a slot, arm order (a
//     re-arm counts as a new arm); an entry armed when its slot has already been reached
//     goes behind every entry already eligible, except an entry that is eligible and is
//     re-armed to a deadline also reached: it keeps its place (a due flow whose departure
//     the RP re-times, on a CNP or a timer, stays in its turn: the scan's due FIFO does the
//     same). Eligible departures wait for transmit opportunities in the same order (a
//     granted flow's next departure is a new arm: round robin among the due flows follows).
//   - A grant carries tx_ns, the departure time the RP computes the next one from: the
//     ideal departure `at` while `now - at <= catchup_ns`, else now (docs/nic.md, "Pacing
//     stays exact over the long run").
//   - The DRAIN slot is compared exactly (1 ns): due when now >= at.
//
// Time is the 32-bit wrapping ns of the RTL (comparisons as signed differences: a deadline
// must be within 2^31 ns of now); every call passes the current time, which never goes
// back. Internally the class unwraps it to 64 bits.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace dcqcn {

class NicWheel {
 public:
  static constexpr unsigned kSlotBitsDefault = 5;  // G = 32 ns
  static constexpr uint8_t kDep = 5;

  struct Fire {       // a timer or the DRAIN, due
    uint8_t kind = 0;
    uint32_t flow = 0;
    uint8_t gen = 0;
    uint32_t at_ns = 0;    // its deadline
  };
  struct Grant {      // a transmit opportunity given to a due flow
    uint32_t flow = 0;
    uint32_t at_ns = 0;    // its ideal departure (the deadline it was armed with)
    uint32_t tx_ns = 0;    // at_ns, or now when it is more than catchup_ns late
  };

  // num_flows: flows of the timers and departures (indices 0 .. num_flows - 1). slots: the
  // wheel's length (a power of two >= 64): deadlines less than slots x G ahead are filed in
  // a slot's list, later ones wait in an ordered map and are filed when they come within
  // reach (an implementation detail: the order is the same).
  explicit NicWheel(uint32_t num_flows, unsigned slot_bits = kSlotBitsDefault,
                    uint32_t catchup_ns = 16384, uint32_t slots = 4096);

  // The eligibility time of a deadline: its slot's end (wrapping ns).
  static uint32_t eligible_at(uint32_t at_ns, unsigned slot_bits) {
    const uint32_t g = uint32_t{1} << slot_bits;
    return (at_ns + g - 1) & ~(g - 1);
  }
  uint32_t slot_ns() const { return uint32_t{1} << slot_bits_; }

  // kind 0..3 (timers) or 5 (DEP); flow < num_flows. Throws std::invalid_argument else.
  void arm(uint8_t kind, uint32_t flow, uint8_t gen, uint32_t at_ns, uint32_t now_ns);
  void disarm(uint8_t kind, uint32_t flow, uint32_t now_ns);
  bool armed(uint8_t kind, uint32_t flow) const;
  void arm_drain(uint32_t flow, uint32_t at_ns, uint32_t now_ns);
  void disarm_drain();

  // The first eligible timer at now, removed (fired); nothing if none is eligible.
  std::optional<Fire> pop_timer(uint32_t now_ns);
  // The DRAIN if it is due at now, removed.
  std::optional<Fire> pop_drain(uint32_t now_ns);
  // A transmit opportunity: the first eligible departure, removed (the flow's next one is
  // armed by the caller after the RP's TX); nothing if none is eligible or `pause`.
  std::optional<Grant> txop(uint32_t now_ns, bool pause = false);

  // Something is eligible at now: a timer or the DRAIN (pop_timer / pop_drain have work),
  // a departure waiting for a transmit opportunity.
  bool timer_ready(uint32_t now_ns);
  bool dep_ready(uint32_t now_ns);
  // The earliest time at which something armed and NOT yet eligible becomes eligible: a
  // timer or the DRAIN, a departure; nothing when there is none. (What is eligible already
  // is the *_ready() above: a simulation wakes at these times and whenever it is free.)
  std::optional<uint32_t> next_timer_ns(uint32_t now_ns);
  std::optional<uint32_t> next_dep_ns(uint32_t now_ns);

  // Time passes with nothing to do: reaches the slots up to now. Every call takes the time,
  // as a difference from the last call's, so a caller that has nothing to arm or pop for
  // a long time calls this at least every 2^31 ns (a longer step reads as time going back
  // and throws); nic_core_blocks.cpp does it at every 2^29-ns epoch start, with the NIC
  // top's sweep. The RTL wheel's time is the clock's (every cycle).
  void at(uint32_t now_ns) { tick(now_ns); }

  void set_catchup_ns(uint32_t v) { catchup_ns_ = v; }
  uint32_t catchup_ns() const { return catchup_ns_; }
  uint32_t num_flows() const { return n_; }
  size_t state_bytes() const;

 private:
  static constexpr uint32_t kNil = ~0u;
  enum class Where : uint8_t { NONE, WHEEL, FAR, READY };
  struct Entry {
    Where where = Where::NONE;
    uint8_t gen = 0;
    uint32_t at = 0;              // deadline (wrapping)
    uint32_t prev = kNil, next = kNil;  // its list (a wheel slot's or the ready list)
    int64_t el = 0;               // eligibility time (unwrapped)
    uint64_t seq = 0;             // arm order (FAR: its key with el)
  };
  struct List {
    uint32_t head = kNil, tail = kNil;
  };
  // One wheel of each class: timers (kinds 0..3) and departures. Every slot time up to
  // `cur` has been reached (its list moved to `ready`); the wheel's slots hold the
  // eligibility times in (cur, cur + slots x G), `far` the later ones.
  struct Cls {
    std::vector<List> slot;
    std::vector<uint64_t> bits;  // non-empty slots
    uint32_t nonempty = 0;
    List ready;
    std::map<std::pair<int64_t, uint64_t>, uint32_t> far;  // (el, seq) -> entry id
    int64_t cur = 0;
  };
  uint64_t tick(uint32_t now_ns);           // unwrap now; reach the slots up to now
  void advance(Cls& c, int64_t target);     // reach every slot time <= target, in order
  int64_t next_slot(const Cls& c, int64_t lim) const;  // first non-empty slot in (cur, lim], or -1
  void file(Cls& c, uint32_t id);           // an entry with el > cur: its slot or far
  void append(List& l, uint32_t id);
  void remove(List& l, uint32_t id);
  void unlink(uint32_t id);
  uint32_t take(List& l);                   // the head, removed
  Cls& cls_of(uint32_t id) { return id / n_ == 4 ? dep_ : tmr_; }
  uint32_t slot_of(int64_t el) const { return static_cast<uint32_t>(el >> slot_bits_) & (slots_ - 1); }
  int64_t window() const { return static_cast<int64_t>(slots_) << slot_bits_; }
  // entry index: kinds 0..3 at kind x n, the departure (kind 5) at 4 x n
  uint32_t id(uint8_t kind, uint32_t flow) const { return (kind == kDep ? 4u : kind) * n_ + flow; }
  void check(uint8_t kind, uint32_t flow, const char* what) const;

  uint32_t n_;
  unsigned slot_bits_;
  uint32_t catchup_ns_;
  uint32_t slots_;
  std::vector<Entry> e_;   // id(kind, flow); the DRAIN is below
  Cls tmr_, dep_;
  uint64_t seq_ = 0;
  bool started_ = false;
  uint32_t last32_ = 0;
  uint64_t now64_ = 0;
  bool drain_on_ = false;
  uint32_t drain_flow_ = 0, drain_at_ = 0;
};

}  // namespace dcqcn
