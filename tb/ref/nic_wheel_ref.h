// SPDX-License-Identifier: MIT
// Cycle model of rtl/dcqcn_nic_wheel.sv, the timing-wheel engine that replaces the NIC
// scheduler's scan (issue 24; docs/nic.md, "The wheel engine"). Bit- and cycle-exact:
// outputs(now) is the current cycle (a function of the state, and of the input now_ns
// for s_ready only: every other output is registered or decoded from registers and RAM
// words read the cycle before), step() one rising edge. The RAMs are arrays here; the RTL reads them a cycle ahead and forwards
// the writes of the edge in between, which is the same thing. A command is timed against
// the drain at the input (accept()), read in C0 and carried out in C1 (command(), two
// edges after it was taken); the drains take no head whose entry C0 or C1 holds.
//
// What it does, in one paragraph. Every (kind, flow) is one entry (timers kinds 0..3 and
// the departure, kind 5; ids kk x N + flow, kk = 0..3 timers, 4 departure). An armed entry
// is exactly one node linked in one list of one slot of its type's wheel (timers,
// departures): slot `ceil(at / G)` (G = 2^SLOT_BITS ns), or, when that slot's time has
// come, the slot of now (behind every entry already eligible; the slot being drained when
// that is now's), or the parking slot `d + S - 2` when it is beyond the wheel (far: moved
// again when the drain reaches it). An eligible entry re-armed to a deadline whose time has
// come keeps its place. Each entry has three nodes (sides 0, 1,
// 2), used in turn: a re-arm links the next side and unlinks the current one in the same
// cycle, so every RAM takes at most one write per command. A slot has a list per side.
// The drain of each type stands at one slot d; its heads (and tails) are registers; it
// takes the head of the first non-empty side (0, then 1, then 2) when the output takes it,
// and, when all three lists are empty and now >= (d + 1) x G, moves on to the first slot
// marked in the slot bitmap (a bit per slot with lists filed), or to now's slot when none
// is marked before it: unmarked slots are skipped. As in the RTL, the first marked slot
// after a base (d, or the slot an advance's phase 2 loads) is searched over two stages
// (sa_, then fmq_): the advance's phase 1 uses the search that read the bitmap two cycles
// before when its base is d (fok_), and stops at the slots marked at the last two edges
// (mk_, mk2_), after that bitmap, and at the targets of the commands in C1, C0 and at the
// input: a slot visited empty costs three cycles.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace dcqcn {

enum class NicWheelOp : uint8_t { NOP = 0, ARM = 1, DISARM = 2, MOVE = 3 /* internal */ };

struct NicWheelIn {
  bool rst = false;
  uint32_t now_ns = 0;     // sampled every cycle (registered: the drain uses last cycle's)
  bool s_valid = false;
  uint8_t s_op = 0;        // 1 ARM, 2 DISARM (0 and 3: dropped)
  uint8_t s_kind = 0;      // 0..3 timers, 5 departure (others: dropped)
  uint32_t s_flow = 0;     // < NUM_FLOWS (else dropped)
  uint8_t s_gen = 0;
  uint32_t s_at_ns = 0;
  bool tmr_ready = false;  // the consumer takes the timer at the head
  bool dep_ready = false;  // a transmit opportunity takes the departure at the head
};

// A command offered with both outputs taken (the benches' and tests' stimulus).
inline NicWheelIn nic_wheel_command(uint8_t op, uint8_t kind, uint32_t flow, uint8_t gen,
                                    uint32_t at_ns) {
  NicWheelIn in;
  in.s_valid = true;
  in.s_op = op;
  in.s_kind = kind;
  in.s_flow = flow;
  in.s_gen = gen;
  in.s_at_ns = at_ns;
  in.tmr_ready = in.dep_ready = true;
  return in;
}

struct NicWheelOut {
  bool s_ready = false;
  bool tmr_valid = false;
  uint8_t tmr_kind = 0;
  uint32_t tmr_flow = 0;
  uint8_t tmr_gen = 0;
  uint32_t tmr_at_ns = 0;
  bool dep_valid = false;
  uint32_t dep_flow = 0;
  uint32_t dep_at_ns = 0;
  bool tmr_moving = false;  // the timer drain's head is parked (far): it is moved this cycle
  bool dep_moving = false;  // the same for the departures
  bool busy = false;       // a command or a move in flight (a simulation keeps clocking)
  bool tmr_behind = false; // the timer drain stands more than one slot behind now
  bool dep_behind = false;
  uint32_t tmr_count = 0;  // linked timer entries
  uint32_t dep_count = 0;  // linked departures
  uint32_t tmr_drain_ns = 0;  // the timer drain's slot d x G (ns, wrapping)
  uint32_t dep_drain_ns = 0;  // the departure drain's slot d x G
  // the first slot with work, registered: d while its lists hold entries, else the first
  // slot after d with lists filed (the slot bitmap); its time x G
  bool tmr_next_valid = false;
  uint32_t tmr_next_ns = 0;
  bool dep_next_valid = false;
  uint32_t dep_next_ns = 0;
  uint32_t dropped = 0;    // bad commands (saturating, 16 bits)
  bool operator==(const NicWheelOut&) const = default;
};

class NicWheelModel {
 public:
  // num_flows: a power of two >= 4; slot_bits: G = 2^slot_bits ns (1..10); slots_log2:
  // the wheel has 2^slots_log2 slots (4..16).
  NicWheelModel(uint32_t num_flows, unsigned slot_bits = 5, unsigned slots_log2 = 12);

  // now_in: this cycle's now_ns input. s_ready is low in a cycle in which time stepped
  // anything but 0 or 1 slot ahead of the last cycle's (a simulation that slept, also a step read as backwards): the drains
  // see the new time (and may jump) before a command is timed against them.
  const NicWheelOut& outputs(uint32_t now_in) const {
    // (kept until step() or another now_in: the scheduler, the top and a simulation ask
    // several times a cycle)
    if (!out_ok_ || out_now_ != now_in) {
      out_kept_ = compute_outputs(now_in);
      out_now_ = now_in;
      out_ok_ = true;
    }
    return out_kept_;
  }
  const NicWheelOut& outputs() const { return outputs(now_q_); }  // time not stepped
  void step(const NicWheelIn& in);

  // the bench's coverpoints (what happened in the last step)
  struct Events {
    bool pop_tmr = false, pop_dep = false, move = false, park = false, keep = false,
         blocked = false, advance = false, cancel = false, jump = false, behind = false,
         unlink_head = false, unlink_mid = false, unlink_tail = false, relink_same = false,
         drained_link = false, move_void = false;
  };
  const Events& events() const { return ev_; }
  uint32_t slot_of(uint32_t at_ns) const { return ((at_ns + g_ - 1) >> gb_) & smask_; }
  uint32_t drain_slot(unsigned t) const { return d_[t]; }
  bool clearing() const { return clearing_; }
  unsigned slot_bits() const { return gb_; }
  uint32_t slots() const { return s_; }
  std::string describe() const;  // registers, for a failure report

 private:
  static constexpr uint32_t kNil = ~0u;
  struct Rec {
    uint8_t side = 0;
    uint32_t slot = 0;  // absolute slot (32 - slot_bits bits) of the linked node
    bool far = false;   // parked: moved when the drain reaches it
    uint8_t gen = 0;
    uint32_t at = 0;
  };
  struct Word {         // a slot's head or tail: valid, the slot it belongs to, the node
    bool v = false;
    uint32_t tag = 0;   // absolute slot
    uint32_t id = 0;
  };
  struct C0 {
    bool v = false;
    NicWheelOp op = NicWheelOp::NOP;
    uint32_t id = 0;
    unsigned t = 0;     // type: 0 timers, 1 departures
    uint32_t ts = 0;    // target slot (absolute) computed at the input with that cycle's d
    bool far = false;
    bool rch = false;   // the deadline's slot was reached (registered now) at the input
    uint8_t gen = 0;
    uint32_t at = 0;
    bool bad = false;
  };
  struct Mv {
    bool v = false;
    uint32_t id = 0;
    uint8_t gen = 0;
    uint32_t at = 0;
  };

  unsigned type_of(uint32_t id) const { return id >= 4 * n_ ? 1u : 0u; }
  uint32_t sd(uint32_t a, uint32_t b) const;  // signed slot difference a - b
  bool behind_or_at(uint32_t ts, unsigned t) const { return static_cast<int32_t>(sd(ts, d_[t])) <= 0; }
  uint32_t idx(uint32_t slot) const { return slot & (s_ - 1); }
  // the command registered into C0, its slot targeted with the drain slots d
  C0 accept(NicWheelOp op, uint32_t id, uint8_t gen, uint32_t at, const std::array<uint32_t, 2>& d,
           uint32_t now_slot) const;
  void command(const C0& c, std::array<int, 2>& dcount, uint32_t now_slot);
  void unlink(uint32_t e, unsigned t, uint8_t x, uint32_t s);
  void link(uint32_t e, unsigned t, uint8_t y, uint32_t ts);
  bool linked(uint32_t e) const { return lnk_c_[e] != lnk_f_[e]; }
  int sel(unsigned t) const;
  bool blocked(unsigned t) const;

  uint32_t n_, e_;
  unsigned gb_, sl_;
  uint32_t s_, g_, smask_;

  // RAMs
  std::vector<Rec> rec_;
  std::vector<uint8_t> lnk_c_, lnk_f_;
  std::array<std::vector<uint32_t>, 3> nxt_, prv_;           // kNil or an id
  std::array<std::array<std::vector<Word>, 3>, 2> hd_, tl_;  // [type][side][slot index]

  // registers
  bool clearing_ = true;
  uint32_t clr_ = 0;
  uint32_t now_q_ = 0;
  C0 c0_;   // the command decoded (its words read)
  C0 c1_;   // the command deciding and writing (a cycle after C0)
  std::array<Mv, 2> mv_;
  std::array<uint32_t, 2> d_{};
  std::array<std::array<uint32_t, 3>, 2> dh_{}, dt_{};  // kNil or an id
  std::array<bool, 2> adv_{};
  std::array<uint32_t, 2> nx_q_{};  // the slot the advance loads (chosen in its phase 1)
  // the slot bitmap: a bit per slot index, set when a node is filed into that slot's lists
  // (not the drained slot's), cleared when the drain loads the slot (stale bits of lists
  // emptied before are visited as empty slots)
  std::array<std::vector<uint64_t>, 2> bm_;  // S bits in 64-bit words (S < 64: one word)
  bool marked(unsigned t, uint32_t i) const { return (bm_[t][i >> 6] >> (i & 63)) & 1; }
  void mark(unsigned t, uint32_t i, bool v) {
    const uint64_t b = uint64_t{1} << (i & 63);
    bm_[t][i >> 6] = v ? (bm_[t][i >> 6] | b) : (bm_[t][i >> 6] & ~b);
    fm_ok_[t] = false;
  }
  void clear_marks(unsigned t) {
    std::fill(bm_[t].begin(), bm_[t].end(), 0);
    fm_ok_[t] = false;
  }
  std::array<bool, 2> nxv_{};       // registered: d with entries, else the first marked slot after d
  std::array<uint32_t, 2> nxs_{};
  // the first marked slot after a base slot: k >= 1 slots on (0: none). A function of the
  // base and the bitmap alone, so it is kept (fm_*) until either changes: most cycles
  // change neither, and the search over a sparse bitmap was a quarter of a network run on
  // the top's model
  uint32_t first_marked(unsigned t, uint32_t base) const;
  uint32_t search_marked(unsigned t, uint32_t base) const;
  NicWheelOut compute_outputs(uint32_t now_in) const;
  mutable bool out_ok_ = false;
  mutable uint32_t out_now_ = 0;
  mutable NicWheelOut out_kept_{};
  mutable std::array<bool, 2> fm_ok_{};
  mutable std::array<uint32_t, 2> fm_d_{}, fm_k_{};
  // the search over two cycles, as the RTL: stage A reads the bitmap from the base (d, or
  // the slot an advance's phase 2 loads), its result registered (sa_), then again (fmq_,
  // stage B's register). Phase 1 uses fmq_ when its base is d (fok_; sok_: stage A's base
  // is d), and stops at the slots marked at the last two edges (mk_, mk2_); nxs takes the
  // slot marked at the last edge when it comes before stage B's result after its base
  struct Found {
    bool v = false;
    uint32_t s = 0;     // absolute slot
    uint32_t base = 0;  // the slot searched from
  };
  struct Mark {
    bool v = false;
    unsigned t = 0;
    uint32_t s = 0;   // absolute slot
  };
  std::array<Found, 2> sa_{}, fmq_{};
  std::array<bool, 2> sok_{}, fok_{};
  Mark mk_, mk2_, mk_now_;
  std::array<bool, 2> lnk_drn_{};  // C1 linked into the drained slot in this step
  std::array<uint32_t, 2> count_{};
  uint32_t dropped_ = 0;
  Events ev_;
};

}  // namespace dcqcn
