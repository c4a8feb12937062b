// SPDX-License-Identifier: MIT
#ifndef SC_INCLUDE_DYNAMIC_PROCESSES
#define SC_INCLUDE_DYNAMIC_PROCESSES  // sc_spawn
#endif
#include "nic_core_top.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "sim_time.h"

using namespace sc_core;

namespace dcqcn::net {

namespace {
// The top's register windows on its AXI4-Lite bus (docs/regmap.md).
constexpr uint32_t kRpBase = 0x000, kNpBase = 0x100;
// Bound on one drain or register access; only a broken top reaches it (the longest
// legitimate drain: every timer and departure of the top due at once, one per cycle, and
// the wheel's drains visiting the slots in between, two cycles each).
uint64_t stuck_bound(uint32_t flows) { return 64ull * flows + 100000; }
// next_due_ns at or before now (wrapping ns): the top must be clocked now.
bool due_now(const NicTopOut& o, uint32_t now32) {
  return o.next_due_valid && static_cast<int32_t>(o.next_due_ns - now32) <= 0;
}
}  // namespace

NicCoreTop::NicCoreTop(NicCoreHost& host, const std::vector<double>& start_ns, uint32_t num_rx,
                       std::unique_ptr<NicTopDevice> dev)
    : host_(host), dev_(std::move(dev)), num_tx_(static_cast<uint32_t>(start_ns.size())),
      num_rx_(num_rx), starts_(start_ns) {
  data_.assign(num_tx_, 0);
  auto spawn = [this](sc_event& ev, void (NicCoreTop::*fn)(), const char* name, bool init) {
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&ev);
    if (!init) o.dont_initialize();
    sc_spawn(sc_bind(fn, this), name, &o);
  };
  spawn(wake_ev_, &NicCoreTop::wake_method, "top_wake", false);
  spawn(start_ev_, &NicCoreTop::start_method, "top_start", true);  // runs at time 0
  spawn(dispatch_ev_, &NicCoreTop::dispatch_method, "top_out", false);
  // (the device comes out of its reset quiet, at time 0: its first sweep is due at 2^29 ns)
  last_ = dev_->outputs(idle_in(0));
  note_sweep(0);
}

size_t NicCoreTop::flow_state_bytes() const {
  return data_.capacity() * sizeof(uint8_t) + starts_.bytes();
}

NicTopIn NicCoreTop::idle_in(uint32_t now32) const {
  NicTopIn in{};
  in.now_ns = now32;
  in.txsel_ready = true;  // the network takes every output at once
  in.cnpreq_ready = true;
  return in;
}

NicTopOut NicCoreTop::cycle(const NicTopIn& in) {
  const NicTopOut out = dev_->outputs(in);
  dev_->step(in);
  ++drains_[static_cast<int>(TopCause::Csr)].cycles;
  return out;
}

// The sweep (docs/nic.md "The sweep"), lazily: the top gives every flow an AGE event when
// now enters a new 2^29-ns epoch (sweep_due_ns). No SystemC event is kept pending for it
// (one would change the order of SystemC's timed events that fall at one time, its queue
// being a heap, and so every run's results); instead, before the top sees anything else,
// it is clocked at each epoch start that has passed since (now_ns = that time, no input
// offered) until the sweep is done. That is what a wake at the epoch's start would have
// done, as nothing else reached the top in between: a scheduler deadline has a wake of
// its own (next_due), and one at the epoch's start itself finds this catch-up first.
void NicCoreTop::sweep(double now) {
  // (whole ns, rounded as now_ns32() rounds: the top sees the epoch's start once now does)
  while (sweep_known_ && now + 0.5 >= sweep_at_) {
    const double at = sweep_at_;
    const uint32_t at32 = static_cast<uint32_t>(static_cast<uint64_t>(at));
    TopDrains& cost = drains_[static_cast<int>(TopCause::Due)];
    ++cost.drains;
    dev_->at(at);
    const uint64_t bound = stuck_bound(dev_->num_flows());
    const NicTopIn in = idle_in(at32);
    for (uint64_t i = 0;; ++i) {
      const NicTopOut& out = dev_->outputs(in);
      const bool shows = out.txsel_valid || out.cnpreq_valid || out.mon_rp_valid || out.mon_np_valid;
      if (!shows && out.idle && !due_now(out, at32) && out.sweep_due_ns != at32) {
        last_ = out;
        break;
      }
      if (i > bound)
        throw std::runtime_error("NIC top: the sweep at " + std::to_string(at32) + " ns still busy after " +
                                 std::to_string(bound) + " cycles (model stuck)");
      if (out.txsel_valid) throw std::logic_error("NIC top: a transmit answer without an opportunity");
      if (out.cnpreq_valid) cnp_q_.push_back(out.cnpreq);
      if (out.mon_rp_valid) mon_q_.push_back(out.mon_rp);
      cost.results += static_cast<uint64_t>(out.mon_rp_valid) + static_cast<uint64_t>(out.mon_np_valid);
      dev_->step(in);
      ++cost.cycles;
    }
    note_sweep(at);
  }
}

// The time of the next sweep (unwrapped, whole ns), from the outputs of an access at `at`
// (ns; the top saw it rounded, as now_ns32()): within 2^29 ns after it.
void NicCoreTop::note_sweep(double at) {
  const uint64_t at_ns = static_cast<uint64_t>(at + 0.5);
  const uint32_t at32 = static_cast<uint32_t>(at_ns);
  sweep_at_ = static_cast<double>(at_ns) + static_cast<double>(static_cast<int32_t>(last_.sweep_due_ns - at32));
  sweep_known_ = true;
}

// Clock the top at this time until nothing waits, nothing is in flight and nothing is due.
void NicCoreTop::drain(double now, TopCause cause) {
  if (draining_) throw std::logic_error("NicCoreTop: drain re-entered");
  sweep(now);
  TopDrains& cost = drains_[static_cast<int>(cause)];
  ++cost.drains;
  draining_ = true;
  dev_->at(now);
  const uint32_t now32 = now_ns32();
  const uint64_t bound = stuck_bound(dev_->num_flows());
  // one input record for the drain, its streams refreshed every cycle (a payload is zero
  // while its valid is low, as idle_in() makes it); the outputs are the device's own
  NicTopIn in = idle_in(now32);
  for (uint64_t i = 0;; ++i) {
    in.txop_valid = txop_wait_ != 0;
    in.txdone_valid = !txdone_q_.empty();
    in.txdone = in.txdone_valid ? txdone_q_.front() : NicTxDone{};
    in.host_valid = !host_q_.empty();
    in.host = in.host_valid ? host_q_.front() : NicHostOp{};
    in.rxcnp_valid = !rxcnp_q_.empty();
    in.rxcnp = in.rxcnp_valid ? rxcnp_q_.front() : NicRxCnp{};
    in.rxdata_valid = !rxdata_q_.empty();
    in.rxdata = in.rxdata_valid ? rxdata_q_.front() : NicRxData{};
    const NicTopOut& out = dev_->outputs(in);
    const bool waiting = in.txop_valid || in.txdone_valid || in.host_valid || in.rxcnp_valid ||
                         in.rxdata_valid;
    const bool shows = out.txsel_valid || out.cnpreq_valid || out.mon_rp_valid || out.mon_np_valid;
    if (!waiting && !shows && out.idle && !due_now(out, now32)) {
      last_ = out;
      note_sweep(now);
      break;
    }
    if (i > bound)
      throw std::runtime_error("NIC top: still busy after " + std::to_string(bound) +
                               " cycles of one drain (model stuck)");
    if (out.txsel_valid) txsel_q_.push_back(out.txsel);
    if (out.cnpreq_valid) cnp_q_.push_back(out.cnpreq);
    if (out.mon_rp_valid) mon_q_.push_back(out.mon_rp);
    cost.results += static_cast<uint64_t>(out.mon_rp_valid) + static_cast<uint64_t>(out.mon_np_valid);
    if (in.txop_valid && out.txop_ready) --txop_wait_;
    if (in.txdone_valid && out.txdone_ready) txdone_q_.pop_front();
    if (in.host_valid && out.host_ready) host_q_.pop_front();
    if (in.rxcnp_valid && out.rxcnp_ready) rxcnp_q_.pop_front();
    if (in.rxdata_valid && out.rxdata_ready) rxdata_q_.pop_front();
    dev_->step(in);
    ++cost.cycles;
  }
  draining_ = false;
  if (!mon_q_.empty() || !cnp_q_.empty() || last_.txq_nonempty) dispatch_ev_.notify(SC_ZERO_TIME);
  schedule();
}

void NicCoreTop::schedule() {
  if (!last_.next_due_valid) return;
  const int32_t d = static_cast<int32_t>(last_.next_due_ns - now_ns32());
  wake_ev_.notify(sc_time(std::max(0, d), SC_NS));
}

void NicCoreTop::wake_method() { drain(now_ns(), TopCause::Due); }

void NicCoreTop::start_method() {
  const double now = now_ns();
  starts_.take_due(now, [&](uint32_t idx) {
    if (!data_[idx]) host_op(idx, kHostData, 0, now);
  });
  if (!starts_.empty()) start_ev_.notify(sc_time(starts_.next_ns() - now, SC_NS));
}

void NicCoreTop::dispatch_method() {
  const double now = now_ns();
  while (!mon_q_.empty()) {
    const RpResult r = mon_q_.front();
    mon_q_.pop_front();
    // the sweep's AGE results (op 7, every flow of the top once per 2^29 ns, docs/nic.md
    // "The sweep") change nothing the host keeps: they are not passed on
    if (r.op == RpOp::AGE) continue;
    host_.core_rp_result(r, now);
  }
  while (!cnp_q_.empty()) {
    const NicCnpReq c = cnp_q_.front();
    cnp_q_.pop_front();
    host_.core_cnp(c.flow, c.kind, c.tau_ns, now);
  }
  if (last_.txq_nonempty) host_.core_kick();
}

// A transmit opportunity goes to the top only when it has a due flow (txq_nonempty at the
// end of the last drain, after the entries due now are processed): the integration guide's
// MAC does the same, and an opportunity without a due flow would only be answered "none".
std::optional<NicGrant> NicCoreTop::txop(double now) {
  if (due_now(last_, now_ns32())) drain(now, TopCause::Due);
  if (!last_.txq_nonempty) return std::nullopt;
  ++txop_wait_;
  drain(now, TopCause::Txop);
  if (txsel_q_.size() != 1)
    throw std::runtime_error("NIC top: " + std::to_string(txsel_q_.size()) +
                             " transmit answers to one opportunity (expected exactly 1)");
  const NicTxSel s = txsel_q_.front();
  txsel_q_.clear();
  if (!s.grant) return std::nullopt;
  if (s.flow >= num_tx_)
    throw std::runtime_error("NIC top: granted flow " + std::to_string(s.flow) +
                             " but the NIC sends " + std::to_string(num_tx_) + " flows");
  return NicGrant{s.flow, s.tx_ns};
}

void NicCoreTop::host_op(uint32_t idx, uint8_t op, uint32_t arg, double now) {
  NicHostOp h{};
  h.flow = idx;
  h.op = op;
  h.arg = arg;
  host_q_.push_back(h);
  if (op == kHostData) data_[idx] = 1;
  drain(now, TopCause::Host);
}

void NicCoreTop::init(uint32_t idx, uint32_t rate_kbps, double now) {
  host_op(idx, kHostInit, rate_kbps, now);
}

void NicCoreTop::txdone(uint32_t idx, uint32_t tx_ns, uint16_t bytes, bool more, double now) {
  NicTxDone d{};
  d.flow = idx;
  d.tx_ns = tx_ns;
  d.bytes = bytes;
  d.more = more;
  txdone_q_.push_back(d);
  data_[idx] = more;
  drain(now, TopCause::Txdone);
}

// The top learns that a flow has no more data from its last completion (more = 0); the
// backlog can only come back (a go-back-N rewind): then the host says DATA.
void NicCoreTop::set_data(uint32_t idx, bool has_data, double now) {
  if (has_data && !data_[idx]) host_op(idx, kHostData, 0, now);
}

void NicCoreTop::rx_cnp(uint32_t idx, bool ue, uint32_t tau_ns, double now) {
  NicRxCnp c{};
  c.flow = idx;
  c.ue = ue;
  c.tau_ns = tau_ns;
  rxcnp_q_.push_back(c);
  drain(now, TopCause::RxCnp);
}

void NicCoreTop::rx_data(uint32_t idx, uint8_t ecn, double now) {
  NicRxData d{};
  d.flow = idx;
  d.ecn = ecn;
  rxdata_q_.push_back(d);
  drain(now, TopCause::RxData);
}

// One AXI4-Lite write: AW and W together, then the response.
void NicCoreTop::csr_write(NicBlock b, uint8_t addr, uint32_t value, double now) {
  sweep(now);
  dev_->at(now);
  const uint32_t a = (b == NicBlock::RP ? kRpBase : kNpBase) + addr;
  ++drains_[static_cast<int>(TopCause::Csr)].drains;
  NicTopIn in = idle_in(now_ns32());
  in.awvalid = in.wvalid = true;
  in.awaddr = a;
  in.wdata = value;
  in.wstrb = 0xf;
  in.bready = true;
  const uint64_t bound = stuck_bound(dev_->num_flows());
  bool aw = false, w = false;
  for (uint64_t i = 0;; ++i) {
    in.awvalid = !aw;
    in.wvalid = !w;
    const NicTopOut out = cycle(in);
    aw = aw || out.awready;
    w = w || out.wready;
    if (out.bvalid) {
      if (out.bresp != 0)
        throw std::runtime_error("NIC top: register write to 0x" + std::to_string(a) +
                                 " answered with error response " + std::to_string(out.bresp));
      return;
    }
    if (i > bound) throw std::runtime_error("NIC top: no AXI4-Lite write response");
  }
}

uint32_t NicCoreTop::csr_read(NicBlock b, uint8_t addr, double now) {
  sweep(now);
  dev_->at(now);
  const uint32_t a = (b == NicBlock::RP ? kRpBase : kNpBase) + addr;
  ++drains_[static_cast<int>(TopCause::Csr)].drains;
  NicTopIn in = idle_in(now_ns32());
  in.araddr = a;
  in.rready = true;
  const uint64_t bound = stuck_bound(dev_->num_flows());
  bool ar = false;
  for (uint64_t i = 0;; ++i) {
    in.arvalid = !ar;
    const NicTopOut out = cycle(in);
    ar = ar || out.arready;
    if (out.rvalid) return out.rdata;
    if (i > bound) throw std::runtime_error("NIC top: no AXI4-Lite read response");
  }
}

}  // namespace dcqcn::net
