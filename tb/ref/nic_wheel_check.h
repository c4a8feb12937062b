// SPDX-License-Identifier: MIT
// The contract of the wheel engine (rtl/dcqcn_nic_wheel.sv, NicWheelModel), checked from
// its ports only, independent of its cycle rules (docs/nic.md, "The wheel engine"):
//   - a timer or departure leaves only while armed, with the tag and deadline of its
//     latest ARM, once per ARM, never before its deadline (now >= at);
//   - lateness: counted in cycles from the first cycle in which the entry was armed and
//     its slot's end had passed (the registered now >= ceil(at / G) x G). The bound is on
//     busy periods: from the last cycle in which no entry of its type was due (armed and
//     past its slot's end) and its drain was not behind time (*_behind) to the cycle it
//     leaves, at most K + 2 x the work of that type in
//     between (pops, cycles a head was not taken, parked heads moved): the engine may lose
//     at most one cycle per unit of work (the drain walking empty slots after a backlog:
//     two cycles per slot, a slot being about ten) plus K. An entry that leaves with no
//     other work in its busy period ("free") leaves within K cycles of its slot's end: the
//     worst such lateness is the engine's K, reported;
//   - nothing is lost: at the end, with the outputs taken and time run on, every armed
//     entry has left (drain_check()).
// Commands take effect two cycles after they are accepted (C0 decodes, C1 decides); the
// engine takes no head whose entry C0 or C1 holds, so no pop of that entry can fall
// between, and the checker applies a command in the cycle after it is accepted, before
// that cycle's pops.
#pragma once
#include <cstdint>
#include <queue>
#include <string>
#include <tuple>
#include <vector>

#include "nic_wheel_ref.h"

namespace dcqcn {

class NicWheelCheck {
 public:
  NicWheelCheck(uint32_t num_flows, unsigned slot_bits, uint32_t k_cycles)
      : n_(num_flows), gb_(slot_bits), k_(k_cycles), e_(5 * num_flows) { reset(); }

  void reset();
  // One cycle: the inputs and the outputs of that cycle (before the edge). Returns "" or
  // what is wrong.
  std::string cycle(uint64_t c, const NicWheelIn& in, const NicWheelOut& out);
  // After the bench has run the engine with both outputs always taken and time moving on:
  // "" if every armed entry has left, else which one has not.
  std::string drain_check() const;
  uint32_t armed_count(unsigned t) const { return armed_[t]; }

  uint64_t pops[2] = {0, 0};
  uint64_t worst_free_late = 0;   // cycles, over pops with nothing in between
  uint64_t worst_late = 0;        // cycles, any pop
  uint64_t worst_excess = 0;      // busy period - 2 x its work: what K must cover

 private:
  struct Ent {
    bool armed = false;
    uint8_t gen = 0;
    uint32_t at = 0;
    uint64_t seq = 0;
    bool due = false;
    uint64_t due_c = 0;
    uint64_t due_work[2] = {0, 0};  // the type's work counter when it became due
  };
  uint32_t n_, gb_, k_, e_;
  std::vector<Ent> ent_;
  bool have_cmd_ = false;
  NicWheelIn cmd_;
  uint64_t seq_ = 0;
  uint32_t now_q_ = 0;
  int64_t now_q64_ = 0;
  bool started_ = false;
  uint32_t armed_[2] = {0, 0};
  uint64_t work_[2] = {0, 0};     // pops + cycles not taken + moves, per type
  uint32_t due_n_[2] = {0, 0};    // entries armed and due, not yet left
  uint64_t free_c_[2] = {0, 0};   // the last cycle with none due, and the work then
  uint64_t free_work_[2] = {0, 0};
  // armed entries not yet due: (unwrapped eligibility, arm sequence, id); stale ones skipped
  std::priority_queue<std::tuple<int64_t, uint64_t, uint32_t>,
                      std::vector<std::tuple<int64_t, uint64_t, uint32_t>>, std::greater<>> heap_;
};

}  // namespace dcqcn
