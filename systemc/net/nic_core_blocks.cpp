// SPDX-License-Identifier: MIT
#ifndef SC_INCLUDE_DYNAMIC_PROCESSES
#define SC_INCLUDE_DYNAMIC_PROCESSES  // sc_spawn
#endif
#include "nic_core_blocks.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "sim_time.h"
#include "state_bytes.h"

using namespace sc_core;

namespace dcqcn::net {

namespace {
uint32_t wheel_flows(size_t tx, uint32_t rx) {
  return static_cast<uint32_t>(std::max<size_t>({tx, size_t{rx}, size_t{1}}));
}
}  // namespace

NicCoreBlocks::NicCoreBlocks(NicCoreHost& host, const std::vector<double>& start_ns, uint32_t num_rx,
                             bool follow_retime, std::unique_ptr<RpEngine> rp,
                             std::unique_ptr<NpEngine> np, unsigned slot_bits)
    : host_(host), rp_(std::move(rp)), np_(std::move(np)), follow_retime_(follow_retime),
      wheel_(wheel_flows(start_ns.size(), num_rx), slot_bits), starts_(start_ns) {
  fl_.resize(start_ns.size());
  for (uint32_t i = 0; i < fl_.size(); ++i) {
    fl_[i].next_ns = start_ns[i];
    fl_[i].next32 = static_cast<uint32_t>(static_cast<uint64_t>(start_ns[i]));
  }
  auto spawn = [this](sc_event& ev, void (NicCoreBlocks::*fn)(), const char* name, bool at0) {
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&ev);
    if (!at0) o.dont_initialize();
    sc_spawn(sc_bind(fn, this), name, &o);
  };
  spawn(start_ev_, &NicCoreBlocks::start_method, "start", true);  // runs at time 0
  spawn(wake_ev_, &NicCoreBlocks::wake_method, "wake", false);
  spawn(tmr_ev_, &NicCoreBlocks::timer_method, "timers", false);
}

// The NIC top's sweep (docs/nic.md "The sweep"): when now enters a new 2^29-ns epoch every
// flow gets an AGE event (RP op 7), so that the RP reads its pacing word right after any
// silence (docs/rp.md "Time": an event at least every 2^30 ns). The result changes nothing
// the host or the wheel keeps: it is not passed on. Done lazily and exactly: before the RP
// sees anything else, the sweeps of every epoch start passed since the last one, each with
// its own time (the RP has no clock: an event stamped with the epoch's start is what the
// top's sweep at that time gives it, as nothing else reached the RP in between). No
// SystemC event is kept pending for it: one would change the order of SystemC's timed
// events that fall at one time (its queue is a heap), and so the runs' results.
void NicCoreBlocks::sweep(double now) {
  const uint64_t ep = static_cast<uint64_t>(now + 0.5) >> 29;  // (whole ns, rounded as now_ns32())
  while (swept_ep_ < ep) {
    ++swept_ep_;
    const uint32_t at32 = static_cast<uint32_t>(swept_ep_ << 29);
    for (uint32_t idx = 0; idx < fl_.size(); ++idx) {
      RpEvent ev;
      ev.op = RpOp::AGE;
      ev.flow = idx;
      ev.now_ns = at32;
      (void)rp_->process(ev, now);
    }
  }
}

size_t NicCoreBlocks::flow_state_bytes() const {
  return vec_bytes(fl_) + starts_.bytes() + wheel_.state_bytes();
}

size_t NicCoreBlocks::engine_state_bytes(NicBlock b) const {
  return b == NicBlock::RP ? rp_->flow_state_bytes() : np_->flow_state_bytes();
}

void NicCoreBlocks::csr_write(NicBlock b, uint8_t addr, uint32_t value, double now) {
  if (b == NicBlock::RP) {
    sweep(now);
    rp_->csr_write(addr, value, now);
  } else {
    np_->csr_write(addr, value, now);
  }
}

uint32_t NicCoreBlocks::csr_read(NicBlock b, uint8_t addr, double now) {
  return b == NicBlock::RP ? rp_->csr_read(addr, now) : np_->csr_read(addr, now);
}

void NicCoreBlocks::start_method() {
  const double now = now_ns();
  starts_.take_due(now, [&](uint32_t idx) {
    fl_[idx].started = true;
    touch(idx, now);
    wake_ev_.notify(SC_ZERO_TIME);  // its first departure may be due: kick the port
  });
  if (!starts_.empty()) start_ev_.notify(sc_time(starts_.next_ns() - now, SC_NS));
}

void NicCoreBlocks::wake_method() {
  host_.core_kick();
  schedule_wake(now_ns());
}

// A flow with data that has started has its departure armed in the wheel (kind 5) at its
// next departure, else none. touch() re-arms it whenever its next departure or its data
// changes (earlier or later: in place). A next departure more than 2^30 ns in the past (a
// flow that was idle for a second) is armed at now - 2^30: the grant then restarts it from
// now (more than CATCHUP_NS late), as the RTL does with the RP's old next. One more than
// 2^30 ns ahead cannot come from the RP (its slowest packet, 4 KB at 1 Mb/s, is 33 ms; a
// flow's start is an event of its own): it is an error, not a departure armed early.
void NicCoreBlocks::touch(uint32_t idx, double now) {
  Flow& f = fl_[idx];
  const uint32_t now32 = now_ns32();
  if (!f.started || !f.data) {
    wheel_.disarm(NicWheel::kDep, idx, now32);
    return;
  }
  constexpr double kFar = 1073741824.0;  // 2^30 ns
  const double d = f.next_ns - now;
  if (d >= kFar)
    throw std::logic_error("nic.core blocks: flow " + std::to_string(idx) + "'s next departure is " +
                           std::to_string(d / 1e6) + " ms ahead, beyond the scheduler's 2^30 ns");
  const uint32_t at = d > -kFar ? f.next32 : now32 - 1073741824u;
  wheel_.arm(NicWheel::kDep, idx, 0, at, now32);
  schedule_wake(now);
}

// The earliest future time a departure becomes eligible. Eligible ones need no wake-up:
// the port takes them when it is free (txop), and the RP result that made one eligible
// kicks the port (rp_result).
void NicCoreBlocks::schedule_wake(double now) {
  (void)now;
  const uint32_t now32 = now_ns32();
  if (auto t = wheel_.next_dep_ns(now32))
    wake_ev_.notify(sc_time(static_cast<int32_t>(*t - now32), SC_NS));
}

void NicCoreBlocks::schedule_timers(double now) {
  (void)now;
  const uint32_t now32 = now_ns32();
  if (wheel_.timer_ready(now32))
    tmr_ev_.notify(SC_ZERO_TIME);
  else if (auto t = wheel_.next_timer_ns(now32))
    tmr_ev_.notify(sc_time(static_cast<int32_t>(*t - now32), SC_NS));
}

std::optional<NicGrant> NicCoreBlocks::txop(double now) {
  (void)now;
  const auto g = wheel_.txop(now_ns32());
  if (!g) return std::nullopt;
  return NicGrant{g->flow, g->tx_ns};
}

void NicCoreBlocks::init(uint32_t idx, uint32_t rate_kbps, double now) {
  RpEvent init;
  init.op = RpOp::INIT;
  init.flow = idx;
  init.now_ns = now_ns32();
  init.tau_ns = rate_kbps;
  sweep(now);
  rp_result(rp_->process(init, now), now);
}

// The RP paces the flow: the next packet may leave at next_tx_ns.
void NicCoreBlocks::txdone(uint32_t idx, uint32_t tx_ns, uint16_t bytes, bool more, double now) {
  RpEvent ev;
  ev.op = RpOp::TX;
  ev.flow = idx;
  ev.now_ns = tx_ns;
  ev.bytes = bytes;
  sweep(now);
  const RpResult r = rp_->process(ev, now);
  Flow& f = fl_[idx];
  // tx_ns is the ideal departure (at most CATCHUP_NS before now): the next one is relative
  // to the time now, not to tx_ns
  f.next_ns = now + static_cast<int32_t>(r.next_tx_ns - now_ns32());
  f.next32 = r.next_tx_ns;
  rp_result(r, now);
  f.data = more;
  touch(idx, now);
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
  sweep(now);
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
  if (r.atmr == 2) wheel_.disarm(0, r.flow, now_ns32());
  if (r.itmr == 1) arm(1, r.flow, r.igen, r.idl_ns, now);
  if (r.itmr == 2) wheel_.disarm(1, r.flow, now_ns32());
  if (r.ctmr == 1) arm(3, r.flow, r.cgen, r.cdl_ns, now);
  if (r.ctmr == 2) wheel_.disarm(3, r.flow, now_ns32());
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
  wheel_.arm(kind, idx, gen, deadline32, now_ns32());
  schedule_timers(now);
}

// Everything eligible now, in the wheel's order: the timers, then the DRAIN. A result may
// arm a timer that is eligible at once: it is taken in the same loop.
void NicCoreBlocks::timer_method() {
  const double now = now_ns();
  const uint32_t now32 = now_ns32();
  sweep(now);  // (once: the loop's RP timer events all come at this time)
  for (;;) {
    if (const auto t = wheel_.pop_timer(now32)) {
      if (t->kind != 2) {
        static constexpr RpOp kOp[4] = {RpOp::ALPHA_TIMER, RpOp::INC_TIMER, RpOp::QUERY, RpOp::CUT_TIMER};
        RpEvent ev;
        ev.op = kOp[t->kind];
        ev.flow = t->flow;
        ev.now_ns = now32;
        ev.gen = t->gen;
        rp_result(rp_->process(ev, now), now);
      } else {
        NpEvent ev;
        ev.op = NpOp::TIMER;
        ev.flow = t->flow;
        ev.now_ns = now32;
        ev.gen = t->gen;
        np_result(t->flow, np_->process(ev, now), now);
      }
      continue;
    }
    if (const auto d = wheel_.pop_drain(now32)) {  // the NP's budget queue head may leave
      drain_on_ = false;
      NpEvent ev;
      ev.op = NpOp::DRAIN;
      ev.flow = d->flow;
      ev.now_ns = now32;
      np_result(d->flow, np_->process(ev, now), now);
      continue;
    }
    break;
  }
  schedule_timers(now);
}

// An NP result: a new hold-off deadline, a CNP to send now, the budget queue's head.
void NicCoreBlocks::np_result(uint32_t idx, const NpResult& r, double now) {
  if (r.tmr_set) arm(2, idx, r.tmr_gen, r.tmr_deadline_ns, now);
  if (r.cnp) host_.core_cnp(idx, r.cnp_kind, r.cnp_tau_ns, now);
  if (!r.q_valid) {
    drain_on_ = false;
    wheel_.disarm_drain();
  } else if (!drain_on_ || drain_flow_ != r.q_flow || drain_at32_ != r.q_at_ns) {
    // a new head or time: DRAIN(head) at q_at (one slot: it replaces the older)
    drain_on_ = true;
    drain_flow_ = r.q_flow;
    drain_at32_ = r.q_at_ns;
    wheel_.arm_drain(r.q_flow, r.q_at_ns, now_ns32());
    schedule_timers(now);
  }
}

}  // namespace dcqcn::net
