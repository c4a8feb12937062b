// SPDX-License-Identifier: MIT
#ifndef SC_INCLUDE_DYNAMIC_PROCESSES
#define SC_INCLUDE_DYNAMIC_PROCESSES  // sc_spawn
#endif
#include "nic_core_blocks.h"

#include <algorithm>

#include "sim_time.h"
#include "state_bytes.h"

using namespace sc_core;

namespace dcqcn::net {

NicCoreBlocks::NicCoreBlocks(NicCoreHost& host, const std::vector<double>& start_ns, uint32_t num_rx,
                             bool follow_retime, std::unique_ptr<RpEngine> rp,
                             std::unique_ptr<NpEngine> np)
    : host_(host), rp_(std::move(rp)), np_(std::move(np)), follow_retime_(follow_retime) {
  fl_.resize(start_ns.size());
  for (size_t i = 0; i < fl_.size(); ++i) fl_[i].next_ns = start_ns[i];
  due_.resize(fl_.size());
  for (uint32_t i = 0; i < fl_.size(); ++i) touch(i, 0);
  for (auto& v : live_gen_) v.assign(std::max<size_t>(fl_.size(), num_rx) + 1, 0);
  for (auto& v : live_on_) v.assign(std::max<size_t>(fl_.size(), num_rx) + 1, 0);
  {
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&wake_ev_);
    sc_spawn(sc_bind(&NicCoreBlocks::wake_method, this), "wake", &o);  // runs at time 0 too
  }
  {
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&tmr_ev_);
    o.dont_initialize();
    sc_spawn(sc_bind(&NicCoreBlocks::timer_method, this), "timers", &o);
  }
}

size_t NicCoreBlocks::flow_state_bytes() const {
  size_t b = vec_bytes(fl_) + due_.bytes();
  for (int k = 0; k < 4; ++k) b += vec_bytes(live_gen_[k]) + vec_bytes(live_on_[k]);
  return b + heap_bytes(wait_) + heap_bytes(tmrs_);
}

size_t NicCoreBlocks::engine_state_bytes(NicBlock b) const {
  return b == NicBlock::RP ? rp_->flow_state_bytes() : np_->flow_state_bytes();
}

void NicCoreBlocks::csr_write(NicBlock b, uint8_t addr, uint32_t value, double now) {
  if (b == NicBlock::RP)
    rp_->csr_write(addr, value, now);
  else
    np_->csr_write(addr, value, now);
}

uint32_t NicCoreBlocks::csr_read(NicBlock b, uint8_t addr, double now) {
  return b == NicBlock::RP ? rp_->csr_read(addr, now) : np_->csr_read(addr, now);
}

void NicCoreBlocks::wake_method() {
  host_.core_kick();
  schedule_wake(now_ns());
}

// Wake-up bookkeeping. Every flow with data is in exactly one place: in due_ (its next_ns
// was due when it was filed there, so it still is), or in wait_ with its current version
// and next_ns. touch() re-files a flow whenever its next_ns or its data changes (the
// version makes its older wait_ entries stale); promote() moves the waiting flows that
// have become due; a flow without data is in neither and is re-filed when it gets data.
// Per packet this is O(log flows), where the scan it replaces was O(flows); due_ and the
// earliest wait_ entry are exactly the sets and minimum the scan computed, so the picks
// and wake-up times are the same.
void NicCoreBlocks::touch(uint32_t idx, double now) {
  Flow& f = fl_[idx];
  ++f.ver;
  if (f.data && due(f.next_ns, now)) {
    due_.insert(idx);
    return;
  }
  due_.erase(idx);
  if (!f.data) return;
  wait_.push(Wait{f.next_ns, idx, f.ver});
  // Stale entries leave when they reach the top; re-timed departures can leave many
  // behind: rebuild the heap from the flows when they outnumber the live ones.
  if (wait_.size() > 4 * fl_.size() + 64) {
    std::vector<Wait> live;
    for (uint32_t i = 0; i < fl_.size(); ++i)
      if (fl_[i].data && !due_.contains(i)) live.push_back(Wait{fl_[i].next_ns, i, fl_[i].ver});
    wait_ = decltype(wait_)(std::greater<Wait>(), std::move(live));
  }
}

void NicCoreBlocks::promote(double now) {
  while (!wait_.empty()) {
    const Wait w = wait_.top();
    if (w.ver != fl_[w.idx].ver) {  // stale
      wait_.pop();
      continue;
    }
    if (!due(w.at_ns, now)) break;
    wait_.pop();
    due_.insert(w.idx);
  }
}

// The earliest future time a flow becomes eligible (start or pacing). Already eligible
// flows need no wake-up: the port picks them when it is free.
void NicCoreBlocks::schedule_wake(double now) {
  promote(now);
  if (!wait_.empty()) wake_ev_.notify(sc_time(wait_.top().at_ns - now, SC_NS));
}

std::optional<NicGrant> NicCoreBlocks::txop(double now) {
  if (fl_.empty()) return std::nullopt;
  promote(now);
  // Round-robin over the due flows: the first one after the last pick, wrapping around.
  size_t i = due_.next(rr_);
  if (i == IndexSet::npos) i = due_.next(0);
  if (i == IndexSet::npos) return std::nullopt;
  rr_ = static_cast<unsigned>((i + 1) % fl_.size());
  return NicGrant{static_cast<uint32_t>(i), now_ns32()};
}

void NicCoreBlocks::init(uint32_t idx, uint32_t rate_kbps, double now) {
  RpEvent init;
  init.op = RpOp::INIT;
  init.flow = idx;
  init.now_ns = now_ns32();
  init.tau_ns = rate_kbps;
  rp_result(rp_->process(init, now), now);
}

// The RP paces the flow: the next packet may leave at next_tx_ns.
void NicCoreBlocks::txdone(uint32_t idx, uint32_t tx_ns, uint16_t bytes, bool more, double now) {
  RpEvent ev;
  ev.op = RpOp::TX;
  ev.flow = idx;
  ev.now_ns = tx_ns;
  ev.bytes = bytes;
  const RpResult r = rp_->process(ev, now);
  Flow& f = fl_[idx];
  f.next_ns = now + static_cast<int32_t>(r.next_tx_ns - ev.now_ns);
  f.next32 = r.next_tx_ns;
  rp_result(r, now);
  f.data = more;
  touch(idx, now);
  schedule_wake(now);
}

void NicCoreBlocks::set_data(uint32_t idx, bool has_data, double now) {
  fl_[idx].data = has_data;
  touch(idx, now);
}

void NicCoreBlocks::rx_cnp(uint32_t idx, bool ue, uint32_t tau_ns, double now) {
  RpEvent ev;
  ev.op = RpOp::CNP;
  ev.flow = idx;
  ev.now_ns = now_ns32();
  ev.cnp_ue = ue;
  ev.tau_ns = tau_ns;
  rp_result(rp_->process(ev, now), now);
}

void NicCoreBlocks::rx_data(uint32_t idx, uint8_t ecn, double now) {
  NpEvent ev;
  ev.op = NpOp::RX;
  ev.flow = idx;
  ev.now_ns = now_ns32();
  ev.ecn = ecn;
  np_result(idx, np_->process(ev, now), now);
}

void NicCoreBlocks::rp_result(const RpResult& r, double now) {
  host_.core_rp_result(r, now);
  if (r.atmr == 1) arm(0, r.flow, r.agen, r.adl_ns, now);
  if (r.atmr == 2) live_on_[0][r.flow] = 0;
  if (r.itmr == 1) arm(1, r.flow, r.igen, r.idl_ns, now);
  if (r.itmr == 2) live_on_[1][r.flow] = 0;
  if (r.ctmr == 1) arm(3, r.flow, r.cgen, r.cdl_ns, now);
  if (r.ctmr == 2) live_on_[3][r.flow] = 0;
  // The RP re-times the flow's pending departure (a rate change): follow it. A TX result's
  // departure is set by txdone(). A departure that is now due may find the port idle: the
  // wake-up (a delta cycle later) kicks it and re-schedules.
  // (Compared as announced: the same whole ns converted at another time is no change.)
  Flow& f = fl_[r.flow];
  if (r.paced && follow_retime_ && r.op != RpOp::TX && r.next_tx_ns != f.next32) {
    f.next32 = r.next_tx_ns;
    f.next_ns = now + static_cast<int32_t>(r.next_tx_ns - now_ns32());
    touch(r.flow, now);
    wake_ev_.notify(SC_ZERO_TIME);
  }
}

void NicCoreBlocks::arm(uint8_t kind, uint32_t idx, uint8_t gen, uint32_t deadline32, double now) {
  const double at = now + static_cast<int32_t>(deadline32 - now_ns32());
  live_gen_[kind][idx] = gen;
  live_on_[kind][idx] = 1;
  const bool earliest = tmrs_.empty() || at < tmrs_.top().at_ns;
  tmrs_.push(Tmr{at, kind, idx, gen});
  if (earliest) tmr_ev_.notify(sc_time(std::max(0.0, at - now), SC_NS));
}

void NicCoreBlocks::timer_method() {
  const double now = now_ns();
  while (!tmrs_.empty() && due(tmrs_.top().at_ns, now)) {
    const Tmr t = tmrs_.top();
    tmrs_.pop();
    if (t.kind == 4) {  // the NP's budget queue head may leave: DRAIN(head)
      if (!drain_on_ || t.gen != drain_seq_) continue;  // superseded
      drain_on_ = false;
      NpEvent ev;
      ev.op = NpOp::DRAIN;
      ev.flow = t.idx;
      ev.now_ns = now_ns32();
      np_result(t.idx, np_->process(ev, now), now);
      continue;
    }
    // Only the latest announcement per flow and timer is live (a timer wheel slot).
    if (!live_on_[t.kind][t.idx] || live_gen_[t.kind][t.idx] != t.gen) continue;
    live_on_[t.kind][t.idx] = 0;
    if (t.kind != 2) {
      static constexpr RpOp kOp[4] = {RpOp::ALPHA_TIMER, RpOp::INC_TIMER, RpOp::QUERY, RpOp::CUT_TIMER};
      RpEvent ev;
      ev.op = kOp[t.kind];
      ev.flow = t.idx;
      ev.now_ns = now_ns32();
      ev.gen = t.gen;
      rp_result(rp_->process(ev, now), now);
    } else {
      NpEvent ev;
      ev.op = NpOp::TIMER;
      ev.flow = t.idx;
      ev.now_ns = now_ns32();
      ev.gen = t.gen;
      np_result(t.idx, np_->process(ev, now), now);
    }
  }
  if (!tmrs_.empty()) tmr_ev_.notify(sc_time(std::max(0.0, tmrs_.top().at_ns - now), SC_NS));
}

// An NP result: a new hold-off deadline, a CNP to send now, the budget queue's head.
void NicCoreBlocks::np_result(uint32_t idx, const NpResult& r, double now) {
  if (r.tmr_set) arm(2, idx, r.tmr_gen, r.tmr_deadline_ns, now);
  if (r.cnp) host_.core_cnp(idx, r.cnp_kind, r.cnp_tau_ns, now);
  if (!r.q_valid) {
    drain_on_ = false;
  } else if (!drain_on_ || drain_flow_ != r.q_flow || drain_at32_ != r.q_at_ns) {
    // a new head or time: DRAIN(head) at q_at (one slot: the older entry goes stale)
    drain_on_ = true;
    drain_flow_ = r.q_flow;
    drain_at32_ = r.q_at_ns;
    ++drain_seq_;
    const double at = now + static_cast<int32_t>(r.q_at_ns - now_ns32());
    const bool earliest = tmrs_.empty() || at < tmrs_.top().at_ns;
    tmrs_.push(Tmr{at, 4, r.q_flow, drain_seq_});
    if (earliest) tmr_ev_.notify(sc_time(std::max(0.0, at - now), SC_NS));
  }
}

}  // namespace dcqcn::net
