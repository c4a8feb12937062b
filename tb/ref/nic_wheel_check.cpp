// SPDX-License-Identifier: MIT
#include "nic_wheel_check.h"

#include <sstream>

namespace dcqcn {

void NicWheelCheck::reset() {
  ent_.assign(e_, Ent{});
  have_cmd_ = false;
  started_ = false;
  armed_[0] = armed_[1] = 0;
  due_n_[0] = due_n_[1] = 0;
  heap_ = {};
}

std::string NicWheelCheck::cycle(uint64_t c, const NicWheelIn& in, const NicWheelOut& out) {
  if (in.rst) {
    reset();
    return "";
  }
  if (!started_) {
    started_ = true;
    now_q_ = in.now_ns;
    now_q64_ = in.now_ns;
  }
  const uint32_t g = 1u << gb_;
  std::ostringstream err;
  // the command accepted in the cycle before takes effect now
  if (have_cmd_) {
    const uint32_t id = (cmd_.s_kind == 5 ? 4u : cmd_.s_kind) * n_ + cmd_.s_flow;
    const unsigned t = id >= 4 * n_ ? 1 : 0;
    Ent& x = ent_[id];
    if (x.armed && x.due) --due_n_[t];
    if (cmd_.s_op == 1) {
      if (!x.armed) ++armed_[t];
      x.armed = true;
      x.gen = cmd_.s_gen;
      x.at = cmd_.s_at_ns;
      x.seq = ++seq_;
      x.due = false;
      const uint32_t elig = (cmd_.s_at_ns + g - 1) & ~(g - 1);
      heap_.emplace(now_q64_ + static_cast<int32_t>(elig - now_q_), x.seq, id);
    } else if (x.armed) {
      x.armed = false;
      --armed_[t];
    }
  }
  while (!heap_.empty() && std::get<0>(heap_.top()) <= now_q64_) {
    const auto [el, seq, id] = heap_.top();
    heap_.pop();
    Ent& x = ent_[id];
    if (!x.armed || x.seq != seq || x.due) continue;
    x.due = true;
    x.due_c = c;
    const unsigned t = id >= 4 * n_ ? 1 : 0;
    x.due_work[t] = work_[t];
    ++due_n_[t];
  }
  for (unsigned t = 0; t < 2; ++t) {
    const bool valid = t ? out.dep_valid : out.tmr_valid;
    const bool ready = t ? in.dep_ready : in.tmr_ready;
    if (valid && ready) {
      const uint32_t kk = t ? 4 : out.tmr_kind;
      const uint32_t flow = t ? out.dep_flow : out.tmr_flow;
      if (kk > 4 || flow >= n_) {
        err << (t ? "departure" : "timer") << " out of range: kind " << kk << " flow " << flow;
        return err.str();
      }
      const uint32_t id = kk * n_ + flow;
      Ent& x = ent_[id];
      const uint8_t gen = t ? x.gen : out.tmr_gen;
      const uint32_t at = t ? out.dep_at_ns : out.tmr_at_ns;
      const char* what = t ? "departure" : "timer";
      if (!x.armed) {
        err << what << " kind " << kk << " flow " << flow << " left while not armed (lost DISARM, or twice)";
        return err.str();
      }
      if (gen != x.gen || at != x.at) {
        err << what << " kind " << kk << " flow " << flow << " left with gen " << int{gen} << " at "
            << at << ", armed with gen " << int{x.gen} << " at " << x.at << " (stale)";
        return err.str();
      }
      if (static_cast<int32_t>(in.now_ns - at) < 0 || !x.due) {
        err << what << " kind " << kk << " flow " << flow << " at " << at << " left early, now "
            << in.now_ns << " (registered now " << now_q_ << ")";
        return err.str();
      }
      const uint64_t late = c - x.due_c;
      const uint64_t busy = c - free_c_[t];
      const uint64_t work = work_[t] - free_work_[t];
      if (work == 0 && late > worst_free_late) worst_free_late = late;
      if (late > worst_late) worst_late = late;
      if (busy > 2 * work && busy - 2 * work > worst_excess) worst_excess = busy - 2 * work;
      if (busy > k_ + 2 * work) {
        err << what << " kind " << kk << " flow " << flow << " at " << at << " left " << late
            << " cycles after it was due, " << busy << " cycles into a busy period of its type with "
            << work << " pops, untaken heads or moves: above the bound K + 2 x that (K = " << k_ << ")";
        return err.str();
      }
      x.armed = false;
      --due_n_[t];
      --armed_[t];
      ++pops[t];
      ++work_[t];
    } else if (valid || (t ? out.dep_moving : out.tmr_moving)) {
      ++work_[t];  // a head not taken, or a parked head moved
    }
  }
  for (unsigned t = 0; t < 2; ++t)
    if (due_n_[t] == 0 && !(t ? out.dep_behind : out.tmr_behind)) {
      // nothing due, the drain caught up with time: a busy period ends
      free_c_[t] = c;
      free_work_[t] = work_[t];
    }
  have_cmd_ = in.s_valid && out.s_ready && (in.s_op == 1 || in.s_op == 2) &&
              (in.s_kind <= 3 || in.s_kind == 5) && in.s_flow < n_;
  if (have_cmd_) cmd_ = in;
  now_q64_ += static_cast<int32_t>(in.now_ns - now_q_);
  now_q_ = in.now_ns;
  return "";
}

std::string NicWheelCheck::drain_check() const {
  for (uint32_t id = 0; id < e_; ++id)
    if (ent_[id].armed) {
      std::ostringstream o;
      o << "entry kind " << (id / n_ == 4 ? 5 : id / n_) << " flow " << id % n_ << " at "
        << ent_[id].at << " armed and never left (lost)";
      return o.str();
    }
  return "";
}

}  // namespace dcqcn
