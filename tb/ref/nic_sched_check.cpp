// SPDX-License-Identifier: MIT
// NicSchedCheck (nic_sched_ref.h): the contract of the timer service and the scheduler.
#include <algorithm>
#include <tuple>
#include <string>

#include "nic_sched_ref.h"

namespace dcqcn {

NicSchedCheck::NicSchedCheck(uint32_t num_flows, unsigned slot_bits, uint64_t drain_bound)
    : n_(num_flows), gb_(slot_bits), bound_(drain_bound) {
  reset();
}

void NicSchedCheck::reset() {
  for (auto& v : e_) v.assign(n_, Entry{});
  armed_.clear();
}

void NicSchedCheck::set_on(unsigned kind, uint32_t idx, bool on) {
  Entry& x = e_[kind][idx];
  if (kind <= kSchedDrain && x.on) armed_.erase({x.elig, kind, idx});
  x.on = on;
}

void NicSchedCheck::tick(uint64_t now, bool counts) {
  now_ = now;
  if (counts) ++counted_;
  if (hist_.empty() || hist_.back().first != now) hist_.push_back({now, counted_});
  else hist_.back().second = counted_;
  // keep what a lateness up to twice the bound needs
  while (hist_head_ + 1 < hist_.size() && counted_ - hist_[hist_head_ + 1].second > 20 * uint64_t{n_} + 256)
    ++hist_head_;
  if (hist_head_ > 65536) {
    hist_.erase(hist_.begin(), hist_.begin() + static_cast<long>(hist_head_));
    hist_head_ = 0;
  }
}

uint64_t NicSchedCheck::late_cycles(uint64_t due) const {
  auto first = hist_.begin() + static_cast<long>(hist_head_);
  if (first == hist_.end()) return 0;
  if (due < first->first) return counted_ - first->second + 1;  // older than the window
  auto it = std::lower_bound(first, hist_.end(), due,
                             [](const std::pair<uint64_t, uint64_t>& h, uint64_t t) { return h.first < t; });
  if (it == hist_.end()) return 0;
  return counted_ - it->second;
}

void NicSchedCheck::command(const NicSchedEvent& ev, uint64_t at) {
  const bool set = ev.op == NicSchedOp::ARM || ev.op == NicSchedOp::DISARM;
  ++seq_;
  if (!set || ev.flow >= n_ || ev.kind > 5) return;
  const uint32_t idx = ev.kind == kSchedDrain ? 0 : ev.flow;
  Entry& x = e_[ev.kind][idx];
  set_on(ev.kind, idx, ev.op == NicSchedOp::ARM);
  x.gen = ev.gen;
  x.flow = ev.flow;
  x.at = at;
  const uint64_t g = uint64_t{1} << gb_;
  x.elig = ev.kind == kSchedDrain ? at : (at + g - 1) / g * g;
  x.due = std::max(x.elig, now_);
  x.tfires = tfires_;
  x.seq = seq_;
  if (x.on && ev.kind <= kSchedDrain) armed_.insert({x.elig, ev.kind, idx});
}

std::string NicSchedCheck::result(const NicSchedResult& r, uint64_t now) {
  const auto t32 = [](uint64_t t) { return static_cast<uint32_t>(t); };
  if (r.kind <= kSchedDrain) {
    if (r.kind != kSchedDrain && r.flow >= n_) return "timer result for flow out of range";
    Entry& x = e_[r.kind][r.kind == kSchedDrain ? 0 : r.flow];
    const std::string what = "kind " + std::to_string(r.kind) + " flow " + std::to_string(r.flow);
    if (!x.on) return "timer " + what + " sent but not armed (lost DISARM, duplicate or stale)";
    if (r.kind == kSchedDrain && r.flow != x.flow) return "DRAIN for flow " + std::to_string(r.flow) +
                                                          ", the slot holds " + std::to_string(x.flow);
    if (r.kind != kSchedDrain && r.gen != x.gen) return "timer " + what + " with a stale gen";
    if (r.at_ns != t32(x.at)) return "timer " + what + " with a deadline other than the armed one";
    if (now < x.at) return "timer " + what + " fired " + std::to_string(x.at - now) + " ns early";
    if (now < x.elig) return "timer " + what + " fired " + std::to_string(x.elig - now) + " ns before its slot's end";
    if (r.tx_ns != t32(now) || r.late_ns != t32(now - x.at)) return "timer " + what + ": tx_ns / late_ns wrong";
    const uint64_t late = late_cycles(x.due);
    last_ = late;
    if (r.kind == kSchedDrain) {
      worst_drain_ = std::max(worst_drain_, late);
      if (late > bound_ + (tfires_ - x.tfires))
        return "DRAIN late by " + std::to_string(late) + " cycles, bound " + std::to_string(bound_) + " + " +
               std::to_string(tfires_ - x.tfires) + " timer results sent meanwhile";
    } else {
      worst_ = std::max(worst_, late);
      ++tfires_;
    }
    set_on(r.kind, r.kind == kSchedDrain ? 0 : r.flow, false);
    return "";
  }
  if (r.kind == kSchedDep) {
    if (r.flow >= n_) return "GRANT for flow out of range";
    Entry& x = e_[kSchedDep][r.flow];
    const std::string what = "GRANT flow " + std::to_string(r.flow);
    if (!x.on) return what + " without an armed departure (granted twice or after DISARM)";
    if (now < x.at) return what + " " + std::to_string(x.at - now) + " ns before its departure";
    if (now < x.elig) return what + " " + std::to_string(x.elig - now) + " ns before its slot's end";
    if (r.at_ns != t32(x.at)) return what + " with a departure other than the armed one";
    if (r.tx_ns != r.at_ns && r.tx_ns != t32(now)) return what + ": tx_ns neither the ideal time nor now";
    x.on = false;
    return "";
  }
  if (r.kind == kSchedStale) return "kind 7 (STALE) sent: the wheel never sends it";
  if (r.kind == kSchedNoGrant && (r.flow != 0 || r.at_ns != 0 || r.late_ns != 0 || r.tx_ns != t32(now)))
    return "NOGRANT with flow / at_ns / late_ns not 0 or tx_ns not now";
  return "";
}

int64_t NicSchedCheck::earliest_armed(uint64_t max_seq) const {
  // in eligibility order; the entries armed after max_seq (the last few cycles' commands)
  // are skipped
  for (const auto& a : armed_)
    if (e_[std::get<1>(a)][std::get<2>(a)].seq <= max_seq) return static_cast<int64_t>(std::get<0>(a));
  return -1;
}

std::string NicSchedCheck::finish() const {
  for (unsigned k = 0; k <= kSchedDrain; ++k)
    for (uint32_t f = 0; f < (k == kSchedDrain ? 1u : n_); ++f) {
      const Entry& x = e_[k][f];
      if (x.on && x.due <= now_ && late_cycles(x.due) > 10 * uint64_t{n_} + 64)
        return "timer kind " + std::to_string(k) + " flow " + std::to_string(x.flow) + " eligible " +
               std::to_string(late_cycles(x.due)) + " cycles and never sent";
    }
  return "";
}

}  // namespace dcqcn
