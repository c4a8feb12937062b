// SPDX-License-Identifier: MIT
#include "nic_wheel.h"

#include <stdexcept>
#include <string>

namespace dcqcn {

NicWheel::NicWheel(uint32_t num_flows, unsigned slot_bits, uint32_t catchup_ns)
    : n_(num_flows), slot_bits_(slot_bits), catchup_ns_(catchup_ns) {
  if (num_flows == 0) throw std::invalid_argument("NicWheel: num_flows must be at least 1");
  if (slot_bits > 20)
    throw std::invalid_argument("NicWheel: slot_bits " + std::to_string(slot_bits) +
                                " is out of range (0..20: a slot of 1 ns .. 1 ms)");
  e_.resize(size_t{kKinds} * n_);
}

void NicWheel::check(uint8_t kind, uint32_t flow, const char* what) const {
  if ((kind > 3 && kind != kDep) || flow >= n_)
    throw std::invalid_argument(std::string("NicWheel::") + what + ": kind " +
                                std::to_string(kind) + " flow " + std::to_string(flow) +
                                " (kinds 0..3 and 5, flows 0.." + std::to_string(n_ - 1) + ")");
}

// Unwraps now (it never goes back; a step of 2^31 ns or more would be read as a step back)
// and moves the pending entries whose slot has been reached to the ready lists.
uint64_t NicWheel::tick(uint32_t now_ns) {
  if (!started_) {
    started_ = true;
    now64_ = now_ns;
  } else {
    const int32_t d = static_cast<int32_t>(now_ns - last32_);
    if (d < 0) throw std::invalid_argument("NicWheel: time went back");
    now64_ += static_cast<uint32_t>(d);
  }
  last32_ = now_ns;
  advance(tmr_, now64_);
  advance(dep_, now64_);
  return now64_;
}

void NicWheel::advance(Lists& l, uint64_t now) {
  while (!l.pend.empty()) {
    auto it = l.pend.begin();
    if (it->first.first > now) break;
    const uint32_t id = it->second;
    l.pend.erase(it);
    Entry& x = e_[id];
    x.where = Where::READY;
    x.key = seq_++;
    l.ready.emplace(x.key, id);
  }
}

void NicWheel::unlink(uint32_t id) {
  Entry& x = e_[id];
  Lists& l = lists_of(id);
  if (x.where == Where::PENDING)
    l.pend.erase({x.el, x.key});
  else if (x.where == Where::READY)
    l.ready.erase(x.key);
  x.where = Where::NONE;
}

void NicWheel::arm(uint8_t kind, uint32_t flow, uint8_t gen, uint32_t at_ns, uint32_t now_ns) {
  check(kind, flow, "arm");
  const uint64_t now = tick(now_ns);
  const uint32_t i = id(kind, flow);
  unlink(i);
  Entry& x = e_[i];
  x.gen = gen;
  x.at = at_ns;
  Lists& l = lists_of(i);
  const int32_t d = static_cast<int32_t>(eligible_at(at_ns, slot_bits_) - now_ns);
  if (d <= 0) {  // its slot has been reached: behind every eligible entry
    x.where = Where::READY;
    x.key = seq_++;
    l.ready.emplace(x.key, i);
  } else {
    x.where = Where::PENDING;
    x.el = now + static_cast<uint32_t>(d);
    x.key = seq_++;
    l.pend.emplace(std::make_pair(x.el, x.key), i);
  }
}

void NicWheel::disarm(uint8_t kind, uint32_t flow, uint32_t now_ns) {
  check(kind, flow, "disarm");
  tick(now_ns);
  unlink(id(kind, flow));
}

bool NicWheel::armed(uint8_t kind, uint32_t flow) const {
  check(kind, flow, "armed");
  return e_[id(kind, flow)].where != Where::NONE;
}

void NicWheel::arm_drain(uint32_t flow, uint32_t at_ns, uint32_t now_ns) {
  tick(now_ns);
  drain_on_ = true;
  drain_flow_ = flow;
  drain_at_ = at_ns;
}

void NicWheel::disarm_drain() { drain_on_ = false; }

std::optional<NicWheel::Fire> NicWheel::pop_timer(uint32_t now_ns) {
  tick(now_ns);
  if (tmr_.ready.empty()) return std::nullopt;
  const uint32_t i = tmr_.ready.begin()->second;
  tmr_.ready.erase(tmr_.ready.begin());
  Entry& x = e_[i];
  x.where = Where::NONE;
  return Fire{static_cast<uint8_t>(i / n_), i % n_, x.gen, x.at};
}

std::optional<NicWheel::Fire> NicWheel::pop_drain(uint32_t now_ns) {
  tick(now_ns);
  if (!drain_on_ || static_cast<int32_t>(now_ns - drain_at_) < 0) return std::nullopt;
  drain_on_ = false;
  return Fire{4, drain_flow_, 0, drain_at_};
}

std::optional<NicWheel::Grant> NicWheel::txop(uint32_t now_ns, bool pause) {
  tick(now_ns);
  if (pause || dep_.ready.empty()) return std::nullopt;
  const uint32_t i = dep_.ready.begin()->second;
  dep_.ready.erase(dep_.ready.begin());
  Entry& x = e_[i];
  x.where = Where::NONE;
  const uint32_t late = now_ns - x.at;  // >= 0: eligible means now >= its slot's end >= at
  return Grant{i % n_, x.at, late <= catchup_ns_ ? x.at : now_ns};
}

bool NicWheel::timer_ready(uint32_t now_ns) {
  tick(now_ns);
  return !tmr_.ready.empty() || (drain_on_ && static_cast<int32_t>(now_ns - drain_at_) >= 0);
}

bool NicWheel::dep_ready(uint32_t now_ns) {
  tick(now_ns);
  return !dep_.ready.empty();
}

std::optional<uint32_t> NicWheel::next_timer_ns(uint32_t now_ns) {
  const uint64_t now = tick(now_ns);
  std::optional<uint32_t> r;
  if (!tmr_.pend.empty()) r = now_ns + static_cast<uint32_t>(tmr_.pend.begin()->first.first - now);
  if (drain_on_ && static_cast<int32_t>(drain_at_ - now_ns) > 0 &&
      (!r || static_cast<int32_t>(drain_at_ - *r) < 0))
    r = drain_at_;
  return r;
}

std::optional<uint32_t> NicWheel::next_dep_ns(uint32_t now_ns) {
  const uint64_t now = tick(now_ns);
  if (dep_.pend.empty()) return std::nullopt;
  return now_ns + static_cast<uint32_t>(dep_.pend.begin()->first.first - now);
}

size_t NicWheel::state_bytes() const {
  // map nodes: the payload plus about four pointers and a colour word each
  constexpr size_t kNode = 48;
  return e_.capacity() * sizeof(Entry) +
         (tmr_.pend.size() + tmr_.ready.size() + dep_.pend.size() + dep_.ready.size()) * kNode;
}

}  // namespace dcqcn
