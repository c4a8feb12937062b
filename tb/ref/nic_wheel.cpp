// SPDX-License-Identifier: MIT
#include "nic_wheel.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace dcqcn {

NicWheel::NicWheel(uint32_t num_flows, unsigned slot_bits, uint32_t catchup_ns, uint32_t slots)
    : n_(num_flows), slot_bits_(slot_bits), catchup_ns_(catchup_ns), slots_(slots) {
  if (num_flows == 0) throw std::invalid_argument("NicWheel: num_flows must be at least 1");
  if (slot_bits > 20)
    throw std::invalid_argument("NicWheel: slot_bits " + std::to_string(slot_bits) +
                                " is out of range (0..20: a slot of 1 ns .. 1 ms)");
  if (slots < 64 || (slots & (slots - 1)) != 0 || (int64_t{slots} << slot_bits) >= (int64_t{1} << 31))
    throw std::invalid_argument("NicWheel: slots " + std::to_string(slots) +
                                " must be a power of two >= 64, slots x 2^slot_bits below 2^31 ns");
  e_.resize(size_t{5} * n_);
  for (Cls* c : {&tmr_, &dep_}) {
    c->slot.resize(slots_);
    c->bits.assign(slots_ / 64, 0);
  }
}

void NicWheel::check(uint8_t kind, uint32_t flow, const char* what) const {
  if ((kind > 3 && kind != kDep) || flow >= n_)
    throw std::invalid_argument(std::string("NicWheel::") + what + ": kind " +
                                std::to_string(kind) + " flow " + std::to_string(flow) +
                                " (kinds 0..3 and 5, flows 0.." + std::to_string(n_ - 1) + ")");
}

void NicWheel::append(List& l, uint32_t id) {
  Entry& x = e_[id];
  x.prev = l.tail;
  x.next = kNil;
  if (l.tail != kNil) e_[l.tail].next = id;
  else l.head = id;
  l.tail = id;
}

void NicWheel::remove(List& l, uint32_t id) {
  Entry& x = e_[id];
  if (x.prev != kNil) e_[x.prev].next = x.next;
  else l.head = x.next;
  if (x.next != kNil) e_[x.next].prev = x.prev;
  else l.tail = x.prev;
  x.prev = x.next = kNil;
}

uint32_t NicWheel::take(List& l) {
  const uint32_t id = l.head;
  remove(l, id);
  e_[id].where = Where::NONE;
  return id;
}

// An entry whose slot is ahead (el > cur): into its slot's list, or `far` beyond the wheel.
void NicWheel::file(Cls& c, uint32_t id) {
  Entry& x = e_[id];
  if (x.el < c.cur + window()) {
    const uint32_t s = slot_of(x.el);
    if (c.slot[s].head == kNil) {
      c.bits[s / 64] |= uint64_t{1} << (s % 64);
      ++c.nonempty;
    }
    append(c.slot[s], id);
    x.where = Where::WHEEL;
  } else {
    c.far.emplace(std::make_pair(x.el, x.seq), id);
    x.where = Where::FAR;
  }
}

void NicWheel::unlink(uint32_t id) {
  Entry& x = e_[id];
  Cls& c = cls_of(id);
  switch (x.where) {
    case Where::READY:
      remove(c.ready, id);
      break;
    case Where::WHEEL: {
      const uint32_t s = slot_of(x.el);
      remove(c.slot[s], id);
      if (c.slot[s].head == kNil) {
        c.bits[s / 64] &= ~(uint64_t{1} << (s % 64));
        --c.nonempty;
      }
      break;
    }
    case Where::FAR:
      c.far.erase({x.el, x.seq});
      break;
    case Where::NONE:
      break;
  }
  x.where = Where::NONE;
}

// The first non-empty slot time in (cur, lim] (lim < cur + window), -1 if none.
int64_t NicWheel::next_slot(const Cls& c, int64_t lim) const {
  if (c.nonempty == 0 || lim <= c.cur) return -1;
  const int64_t g = int64_t{1} << slot_bits_;
  const int64_t n = (lim - c.cur) >> slot_bits_;  // slots to look at
  uint32_t i = slot_of(c.cur + g);
  for (int64_t k = 0; k < n;) {
    const uint32_t b = i % 64;
    const int64_t avail = std::min<int64_t>(64 - b, n - k);
    uint64_t w = c.bits[i / 64] >> b;
    if (avail < 64) w &= (uint64_t{1} << avail) - 1;
    if (w) return c.cur + (k + std::countr_zero(w) + 1) * g;
    k += avail;
    i = (i + static_cast<uint32_t>(avail)) & (slots_ - 1);
  }
  return -1;
}

// Reach every slot time up to target (a multiple of G) in order: each reached slot's list
// joins the ready list whole (arm order within the slot). The far entries are filed into
// the wheel as soon as they come within its reach, before any later slot is reached, so
// the order is (slot, arm order) throughout.
void NicWheel::advance(Cls& c, int64_t target) {
  const int64_t g = int64_t{1} << slot_bits_;
  auto pull_far = [&] {  // far entries within the wheel's reach of cur, in (el, arm) order
    while (!c.far.empty() && c.far.begin()->first.first < c.cur + window()) {
      const uint32_t id = c.far.begin()->second;
      c.far.erase(c.far.begin());
      file(c, id);
    }
  };
  while (c.cur < target) {
    pull_far();
    if (c.nonempty == 0) {  // nothing in the wheel: jump to the first far entry's reach
      if (c.far.empty()) {
        c.cur = target;
        break;
      }
      c.cur = std::min(target, c.far.begin()->first.first - window() + g);
      continue;
    }
    const int64_t lim = std::min(target, c.cur + window() - g);
    const int64_t t = next_slot(c, lim);
    if (t < 0) {
      c.cur = lim;
      continue;
    }
    const uint32_t s = slot_of(t);
    List& l = c.slot[s];
    for (uint32_t id = l.head; id != kNil; id = e_[id].next) e_[id].where = Where::READY;
    if (c.ready.tail == kNil) {
      c.ready = l;
    } else {
      e_[c.ready.tail].next = l.head;
      e_[l.head].prev = c.ready.tail;
      c.ready.tail = l.tail;
    }
    l = List{};
    c.bits[s / 64] &= ~(uint64_t{1} << (s % 64));
    --c.nonempty;
    c.cur = t;
  }
  // before anything is armed at this cur: an entry armed into a slot must find the far
  // entries of that slot (armed before it) already there
  pull_far();
}

// Unwraps now (it never goes back; a step of 2^31 ns or more would be read as a step back)
// and reaches the slots up to now.
uint64_t NicWheel::tick(uint32_t now_ns) {
  if (!started_) {
    started_ = true;
    now64_ = now_ns;
    const int64_t floor = static_cast<int64_t>(now64_ >> slot_bits_ << slot_bits_);
    tmr_.cur = dep_.cur = floor;
  } else {
    const int32_t d = static_cast<int32_t>(now_ns - last32_);
    if (d < 0) throw std::invalid_argument("NicWheel: time went back");
    now64_ += static_cast<uint32_t>(d);
  }
  last32_ = now_ns;
  const int64_t target = static_cast<int64_t>(now64_ >> slot_bits_ << slot_bits_);
  advance(tmr_, target);
  advance(dep_, target);
  return now64_;
}

void NicWheel::arm(uint8_t kind, uint32_t flow, uint8_t gen, uint32_t at_ns, uint32_t now_ns) {
  check(kind, flow, "arm");
  const uint64_t now = tick(now_ns);
  const uint32_t i = id(kind, flow);
  Entry& x = e_[i];
  Cls& c = cls_of(i);
  const int64_t el = static_cast<int64_t>(now) + static_cast<int32_t>(eligible_at(at_ns, slot_bits_) - now_ns);
  x.gen = gen;
  x.at = at_ns;
  if (x.where == Where::READY && el <= c.cur) {  // eligible and still eligible: keeps its place
    x.el = el;
    return;
  }
  unlink(i);
  x.seq = seq_++;
  x.el = el;
  if (x.el <= c.cur) {  // its slot has been reached: behind every eligible entry
    append(c.ready, i);
    x.where = Where::READY;
  } else {
    file(c, i);
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
  if (tmr_.ready.head == kNil) return std::nullopt;
  const uint32_t i = take(tmr_.ready);
  const Entry& x = e_[i];
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
  if (pause || dep_.ready.head == kNil) return std::nullopt;
  const uint32_t i = take(dep_.ready);
  const Entry& x = e_[i];
  const uint32_t late = now_ns - x.at;  // >= 0: eligible means now >= its slot's end >= at
  return Grant{i % n_, x.at, late <= catchup_ns_ ? x.at : now_ns};
}

bool NicWheel::timer_ready(uint32_t now_ns) {
  tick(now_ns);
  return tmr_.ready.head != kNil || (drain_on_ && static_cast<int32_t>(now_ns - drain_at_) >= 0);
}

bool NicWheel::dep_ready(uint32_t now_ns) {
  tick(now_ns);
  return dep_.ready.head != kNil;
}

namespace {
// The first eligibility time not yet reached, as wrapping ns (-1: none).
int64_t first_pending(int64_t slot_t, const std::map<std::pair<int64_t, uint64_t>, uint32_t>& far) {
  if (slot_t >= 0) return slot_t;
  return far.empty() ? -1 : far.begin()->first.first;
}
}  // namespace

std::optional<uint32_t> NicWheel::next_timer_ns(uint32_t now_ns) {
  const uint64_t now = tick(now_ns);
  const int64_t g = int64_t{1} << slot_bits_;
  const int64_t t = first_pending(next_slot(tmr_, tmr_.cur + window() - g), tmr_.far);
  std::optional<uint32_t> r;
  if (t >= 0) r = now_ns + static_cast<uint32_t>(t - static_cast<int64_t>(now));
  if (drain_on_ && static_cast<int32_t>(drain_at_ - now_ns) > 0 &&
      (!r || static_cast<int32_t>(drain_at_ - *r) < 0))
    r = drain_at_;
  return r;
}

std::optional<uint32_t> NicWheel::next_dep_ns(uint32_t now_ns) {
  const uint64_t now = tick(now_ns);
  const int64_t g = int64_t{1} << slot_bits_;
  const int64_t t = first_pending(next_slot(dep_, dep_.cur + window() - g), dep_.far);
  if (t < 0) return std::nullopt;
  return now_ns + static_cast<uint32_t>(t - static_cast<int64_t>(now));
}

size_t NicWheel::state_bytes() const {
  constexpr size_t kMapNode = 64;  // a far entry: key, value, three pointers and a colour
  size_t b = e_.capacity() * sizeof(Entry);
  for (const Cls* c : {&tmr_, &dep_})
    b += c->slot.capacity() * sizeof(List) + c->bits.capacity() * sizeof(uint64_t) + c->far.size() * kMapNode;
  return b;
}

}  // namespace dcqcn
