// SPDX-License-Identifier: MIT
#include "nic.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

#include "nic_core_blocks.h"
#include "nic_core_top.h"
#include "pcap.h"
#include "sim_time.h"
#include "state_bytes.h"

using namespace sc_core;

namespace dcqcn::net {

namespace {
// Go-back-N defaults (scenario.h NicSpec, docs/network.md "Loss and go-back-N"):
//  - nic.nak_latency_us = 20: ConnectX-3 Pro handles a NAK (sequence error) in firmware,
//    not in the data path: the NIC's embedded processor reads the QP context, rewinds the
//    send queue to the NAK's PSN and re-fetches the WQE from host memory. Such slow-path
//    handling takes microseconds to hundreds of microseconds; 20 us is an assumption near
//    the geometric middle of that range, not a measurement. The loss sweep of
//    docs/reproduction.md ("Loss sweep") shows what it costs: each loss wastes about
//    (RTT + nak_latency) x line rate of sending.
//  - nic.nak_timeout_us = 100: above RTT + nak_latency on the shipped topologies, so a
//    second NAK for one PSN means the retransmission itself was lost, not that it is late.
//  - nic.rto_us = 1000: the IB local ACK timeout is 4.096 us x 2^n; n = 8 gives ~1 ms
//    (perftest's n = 14 would be 67 ms, longer than most simulated runs).
}  // namespace

Nic::Nic(sc_module_name name, NetContext& ctx, uint16_t id, const NicConfig& cfg,
         std::vector<uint32_t> tx_flows, std::vector<uint32_t> rx_flows,
         std::unique_ptr<NicTopDevice> top, std::unique_ptr<RpEngine> rp, std::unique_ptr<NpEngine> np,
         std::unique_ptr<NicFrames> frames)
    : Node(name, ctx, id, 1), cfg_(cfg), rx_gid_(std::move(rx_flows)), frames_(std::move(frames)) {
  std::vector<double> starts;
  for (uint32_t gid : tx_flows) {
    const FlowInfo& f = ctx.flows[gid];
    TxFlow t;
    t.gid = gid;
    t.size_bytes = f.size_bytes;
    t.gbn = GbnSender(f.total_pkts);
    t.start_ns = f.start_ns;
    t.had_data = sendable(t);
    if (t.had_data) PacingCheck::on_data_again(t.pc, 0);
    // on/off: the first off period starts on_ns after the flow's start
    if (f.on_ns > 0) toggle_q_.push(Toggle{f.start_ns + f.on_ns, static_cast<uint32_t>(tx_.size())});
    tx_.push_back(t);
    starts.push_back(f.start_ns);
  }
  follow_retime_ = cfg_.spec.follow_retime;
  const auto nrx = static_cast<uint32_t>(rx_gid_.size());
  if (top)
    core_ = std::make_unique<NicCoreTop>(*this, starts, nrx, std::move(top));
  else
    core_ = std::make_unique<NicCoreBlocks>(*this, starts, nrx, follow_retime_, std::move(rp), std::move(np),
                                            static_cast<unsigned>(std::countr_zero(cfg_.spec.sched_slot_ns)));
  pacing_.set_resolution_ns(core_->pacing_resolution_ns());
  can_lose_ = cfg_.can_lose;
  last_cnp_ns_.assign(rx_gid_.size(), -1e300);
  for (uint32_t gid : rx_gid_)
    rx_gbn_.emplace_back(ctx.flows[gid].total_pkts, cfg_.spec.nak_timeout_us * 1000.0);
  {
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&cnp_ev_);
    o.dont_initialize();
    sc_spawn(sc_bind(&Nic::cnp_ready_method, this), "cnp_ready", &o);
  }
  {
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&rx_ev_);
    o.dont_initialize();
    sc_spawn(sc_bind(&Nic::rx_xon_method, this), "rx_xon", &o);
  }
  {
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&nak_ev_);
    o.dont_initialize();
    sc_spawn(sc_bind(&Nic::nak_apply_method, this), "nak", &o);
  }
  {
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&rto_ev_);
    o.dont_initialize();
    sc_spawn(sc_bind(&Nic::rto_method, this), "rto", &o);
  }
  if (!toggle_q_.empty()) {
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&toggle_ev_);
    o.dont_initialize();
    sc_spawn(sc_bind(&Nic::toggle_method, this), "onoff", &o);
    toggle_ev_.notify(sc_time(toggle_q_.top().at_ns, SC_NS));
  }
}

// On/off traffic: the periods that begin now. An off period only clears `on`: the core
// learns that the flow has no data from its next completion (txdone with more = 0), as
// the RTL top's host interface has no "no more data" (a doorbell NIC's send queue empties
// when its last WQE leaves). An on period gives the flow data again at once.
void Nic::toggle_method() {
  const double now = now_ns();
  bool any = false;
  while (!toggle_q_.empty() && due(toggle_q_.top().at_ns, now)) {
    const Toggle t = toggle_q_.top();
    toggle_q_.pop();
    TxFlow& f = tx_[t.idx];
    const FlowInfo& fi = ctx_.flows[f.gid];
    f.on = !f.on;
    // a sized flow whose bytes are all acknowledged has nothing left to send: its periods
    // end with it (no more events)
    if (!f.gbn.done()) toggle_q_.push(Toggle{t.at_ns + (f.on ? fi.on_ns : fi.off_ns), t.idx});
    if (f.on && sendable(f) && !f.had_data) {
      data_changed(t.idx, now);
      any = true;
    }
  }
  if (any) {
    kick(0);
    core_->reschedule(now);
  }
  if (!toggle_q_.empty()) toggle_ev_.notify(sc_time(toggle_q_.top().at_ns - now, SC_NS));
}

double Nic::rx_occupancy(double now) const {
  const double drained = (now - rx_t_) * cfg_.spec.rx_drain_gbps / 8.0;  // bytes
  return std::max(0.0, rx_occ_ - drained);
}

void Nic::rx_account(uint32_t bytes) {
  const double now = now_ns();
  rx_occ_ = rx_occupancy(now) + bytes;
  rx_t_ = now;
  const double cap = static_cast<double>(cfg_.spec.rx_buffer_bytes);
  const double xoff_at = cap - static_cast<double>(cfg_.headroom_bytes);
  if (rx_occ_ > cap) ctx_.counters.nic_overflows++;  // lossless violation at the host
  if (!rx_xoff_ && rx_occ_ >= xoff_at) {
    rx_xoff_ = true;
    send_pfc(0, ctx_.data_priority, true);
    rx_ev_.notify(SC_ZERO_TIME);
  }
}

// Sends XON once the receive buffer has drained xon_gap below the XOFF point.
void Nic::rx_xon_method() {
  if (!rx_xoff_) return;
  const double now = now_ns();
  const double xon_at = static_cast<double>(cfg_.spec.rx_buffer_bytes) -
                        static_cast<double>(cfg_.headroom_bytes + cfg_.xon_gap_bytes);
  const double occ = rx_occupancy(now);
  if (occ <= xon_at + 0.01) {  // within 1/100 byte: the remaining drain is below 1 ps
    rx_xoff_ = false;
    send_pfc(0, ctx_.data_priority, false);
  } else {
    rx_ev_.notify(sc_time(std::max(0.001, (occ - xon_at) * 8.0 / cfg_.spec.rx_drain_gbps), SC_NS));
  }
}


size_t Nic::flow_state_bytes() const {
  return vec_bytes(tx_) + vec_bytes(rx_gid_) + vec_bytes(rx_gbn_) + vec_bytes(last_cnp_ns_) +
         heap_bytes(rto_q_) + core_->flow_state_bytes() + (frames_ ? frames_->flow_state_bytes() : 0);
}

uint64_t Nic::backlog_bytes() const {
  uint64_t b = 0;
  const uint64_t mtu = cfg_.mtu_bytes;
  for (const TxFlow& f : tx_)
    if (!f.gbn.infinite() && f.gbn.has_data()) b += f.size_bytes - std::min(f.size_bytes, f.gbn.nxt() * mtu);
  return b;
}

Gp* Nic::pick(unsigned p) {
  if (!cnp_q_.empty() && !paused(p, ctx_.cnp_priority)) {
    Gp* gp = cnp_q_.front();
    cnp_q_.pop_front();
    return gp;
  }
  if (paused(p, ctx_.data_priority) || tx_.empty()) return nullptr;
  const double now = now_ns();
  const std::optional<NicGrant> g = core_->txop(now);
  if (!g) return nullptr;
  const uint32_t i = g->idx;
  TxFlow& f = tx_[i];
  if (!f.gbn.has_data()) {
    // The top granted a flow whose send queue emptied after the host said DATA: a tail
    // timeout rewound it, then the ACK of every packet arrived before the grant (blocks
    // disarms the flow on set_data(false); the top learns it only from a completion). No
    // packet: the grant completes with 0 bytes and more = 0 (the RP's departure moves by
    // 0 ns). Before 2026-11-29 the NIC sent a packet with the PSN after the flow's last.
    ctx_.counters.empty_grants++;
    f.had_data = false;
    core_->txdone(i, g->tx_ns, 0, false, now);
    return nullptr;
  }
  bool retx = false;
  const uint64_t psn = f.gbn.next(&retx);
  const uint32_t payload =
      f.gbn.infinite() ? cfg_.mtu_bytes
                       : static_cast<uint32_t>(std::min<uint64_t>(f.size_bytes - psn * cfg_.mtu_bytes, cfg_.mtu_bytes));
  FlowInfo& fi = ctx_.flows[f.gid];
  if (!f.started) {
    f.started = true;
    // start below line rate: INIT carries the start rate
    if (fi.start_rate_kbps != 0) core_->init(i, fi.start_rate_kbps, now);
  }
  Gp* gp = ctx_.pool.alloc();
  PacketExt& e = ext(*gp);
  e.kind = PktKind::DATA;
  e.flow = f.gid;
  e.src = fi.src;
  e.dst = fi.dst;
  e.psn = static_cast<uint32_t>(psn);
  e.payload = payload;
  e.size = padded_frame(payload + cfg_.header_bytes);
  e.ecn = kEcnEct1;  // ECN-capable for RED, TCD-capable for TCD (ecn.h)
  e.prio = static_cast<uint8_t>(ctx_.data_priority);
  if (frames_) transport_frame(WireFrame{e.kind, e.flow, e.src, e.dst, e.psn, e.size, e.ecn, e.prio, false},
                               ctx_.dst_qpn(fi), e.frame);
  fi.sent_bytes += e.size;
  if (retx) {
    fi.retransmitted_bytes += e.size;
    ctx_.counters.data_retransmitted++;
  }
  pacing_.on_departure(f.pc, cover_, now, e.size);
  ctx_.counters.data_injected++;
  // The last packet left: tail timer, when data can be lost at all (a lossless network
  // has nothing to recover, and a 1 ms timer would resend packets queued behind PFC).
  if (can_lose_ && f.gbn.tail_outstanding() && f.rto_at_ns < 0) {
    f.rto_at_ns = now + cfg_.spec.rto_us * 1000.0;
    rto_q_.push(RtoWait{f.rto_at_ns, i});
    rto_ev_.notify(sc_time(cfg_.spec.rto_us, SC_US));  // every timer has the same delay
  }
  // The RP paces the flow: the core arms its next departure from this one.
  f.had_data = sendable(f);
  core_->txdone(i, g->tx_ns, static_cast<uint16_t>(e.size), f.had_data, now);
  return gp;
}

// Every RP result: the flow's rates for the samples and the pacing check, and the
// re-time count (a result that moved the flow's pending departure; nic.follow_retime).
void Nic::core_rp_result(const RpResult& r, double now) {
  TxFlow& f = tx_[r.flow];
  FlowInfo& fi = ctx_.flows[f.gid];
  fi.rc_kbps = r.rc;
  fi.rt_kbps = r.rt;
  fi.alpha_q16 = r.alpha;
  PacingCheck::on_result(f.pc, r.op == RpOp::INIT, r.rc, now);
  if (r.op == RpOp::TX) {
    f.next32 = r.next_tx_ns;
  } else if (r.paced && follow_retime_ && r.next_tx_ns != f.next32) {
    f.next32 = r.next_tx_ns;
    pacing_.stats().retimed++;
  }
}

// The flow's backlog may have changed (go-back-N): tell the core.
void Nic::data_changed(uint32_t idx, double now) {
  TxFlow& f = tx_[idx];
  // In an off period a flow that still waits for its packet keeps it (the off period takes
  // effect at its next packet on both cores; the top is told "no data" only by a txdone).
  const bool data = sendable(f) || (!f.on && f.had_data && f.gbn.has_data());
  if (data && !f.had_data) PacingCheck::on_data_again(f.pc, now);
  f.had_data = data;
  core_->set_data(idx, data, now);
}

// A CNP to the sender of the flow at NP index `idx`, at strict high priority.
void Nic::core_cnp(uint32_t idx, uint8_t kind, uint32_t tau_ns, double now) {
  FlowInfo& fi = ctx_.flows[rx_gid_[idx]];
  Gp* gp = ctx_.pool.alloc();
  PacketExt& e = ext(*gp);
  e.kind = PktKind::CNP;
  e.flow = fi.gid;
  e.src = id();
  e.dst = fi.src;
  e.size = kCnpFrameBytes;
  e.prio = static_cast<uint8_t>(ctx_.cnp_priority);
  e.cnp_kind = kind;
  e.cnp_tau_ns = tau_ns;
  if (frames_) {
    // the CNP builder's frame, from the flow's QP context (to the sender's QP)
    frames_->build_cnp(idx, now, e.frame);
    ctx_.counters.frame_cnps_built++;
    const std::vector<uint8_t>& b = e.frame;
    const uint32_t dqpn = b.size() == kCnpFrameBytes - 4 ? uint32_t{b[47]} << 16 | uint32_t{b[48]} << 8 | b[49] : 0;
    if (b.size() != kCnpFrameBytes - 4 || b[42] != 0x81 || dqpn != ctx_.src_qpn(fi))
      throw std::runtime_error("frame check: " + std::string(basename()) + " asked its CNP builder for the CNP of flow " +
                               std::to_string(fi.gid) + " (NP flow " + std::to_string(idx) + ") and got " +
                               std::to_string(b.size()) + " bytes, opcode " +
                               std::to_string(b.size() > 42 ? b[42] : 0) + ", destination QP " +
                               std::to_string(dqpn) + "; expected 74 bytes, opcode 129, destination QP " +
                               std::to_string(ctx_.src_qpn(fi)));
  }
  fi.cnps_sent++;
  ctx_.counters.cnps_sent++;
  // The NP must never notify one flow twice within its configured interval N.
  if (now - last_cnp_ns_[idx] < cfg_.np_interval_ns - 1.0)  // the block sees whole ns
    ctx_.counters.np_min_gap_violations++;
  last_cnp_ns_[idx] = now;
  // ...and never two CNPs of the NIC closer than its CNP budget (0: unlimited).
  const double gap = now - last_any_cnp_ns_;
  min_cnp_gap_ns_ = std::min(min_cnp_gap_ns_, gap);
  if (gap < cfg_.np_budget_ns - 1.0) ctx_.counters.np_budget_violations++;
  last_any_cnp_ns_ = now;
  // The NIC takes cnp_gen_ns to build the CNP (0: it is ready at once).
  const double gen = cfg_.cnp_gen_ns;
  if (gen <= 0) {
    cnp_q_.push_back(gp);
    kick(0);
  } else {
    cnp_wait_.push_back({now + gen, gp});
    cnp_ev_.notify(sc_time(gen, SC_NS));
  }
}

void Nic::cnp_ready_method() {
  const double now = now_ns();
  while (!cnp_wait_.empty() && due(cnp_wait_.front().first, now)) {
    cnp_q_.push_back(cnp_wait_.front().second);
    cnp_wait_.pop_front();
  }
  if (!cnp_wait_.empty()) cnp_ev_.notify(sc_time(cnp_wait_.front().first - now, SC_NS));
  kick(0);
}

// The classifier's descriptor against the packet's metadata: a DATA frame gives rxdata with
// the flow's NP index and the frame's ECN; a CNP rxcnp with the flow's RP index; an ACK or
// NAK (BTH opcode 0x11: not a CNP, so rxdata to the QP it is for, the flow's RP index) is
// checked the same way but, a transport frame, not handed to the NP.
void Nic::classify(const PacketExt& e, double now) {
  const RxDesc d = frames_->classify(e.frame.data(), e.frame.size(), now);
  ctx_.counters.frame_classified++;
  const FlowInfo& fi = ctx_.flows[e.flow];
  RxDesc want;
  want.verdict = e.kind == PktKind::CNP ? RxVerdict::Cnp : RxVerdict::Data;
  want.flow = e.kind == PktKind::DATA ? fi.np_idx : fi.rp_idx;
  want.ecn = e.kind == PktKind::CNP ? 0 : e.ecn;
  if (d == want) return;
  static const char* kinds[] = {"DATA", "CNP", "PFC", "NAK", "ACK"};
  throw std::runtime_error(
      "frame check: " + std::string(basename()) + " received the " + kinds[static_cast<int>(e.kind)] +
      " frame of flow " + std::to_string(e.flow) + " (PSN " + std::to_string(e.psn) + ", ECN " +
      std::to_string(e.ecn) + ", " + std::to_string(e.frame.size()) + " bytes) at " + std::to_string(now) +
      " ns; its classifier said " + rx_verdict_name(d.verdict) + " flow " + std::to_string(d.flow) + " ECN " +
      std::to_string(d.ecn) + "; expected " + rx_verdict_name(want.verdict) + " flow " + std::to_string(want.flow) +
      " ECN " + std::to_string(want.ecn));
}

void Nic::receive(unsigned /*p*/, Gp* gp) {
  PacketExt& e = ext(*gp);
  ctx_.counters.packets++;
  const double now = now_ns();
  if (frames_) classify(e, now);
  if (e.kind == PktKind::CNP) {
    FlowInfo& fi = ctx_.flows[e.flow];
    fi.cnps_received++;
    ctx_.counters.cnps_received++;
    core_->rx_cnp(fi.rp_idx, e.cnp_kind == 1, e.cnp_tau_ns, now);
    ctx_.pool.release(gp);
    return;
  }
  if (e.kind == PktKind::NAK || e.kind == PktKind::ACK) {  // go-back-N, at the sender
    FlowInfo& fi = ctx_.flows[e.flow];
    TxFlow& f = tx_[fi.rp_idx];
    if (e.kind == PktKind::NAK) {
      fi.naks_received++;
      const double lat = cfg_.spec.nak_latency_us * 1000.0;
      nak_wait_.push_back({now + lat, fi.rp_idx, e.psn});
      nak_ev_.notify(sc_time(std::max(0.0, nak_wait_.front().at_ns - now), SC_NS));
    } else {
      // ACKs are handled in the data path (no firmware): at once.
      f.gbn.on_ack(e.psn);
      if (f.gbn.done()) f.rto_at_ns = -1;
      data_changed(fi.rp_idx, now);
      kick(0);
      core_->reschedule(now);
    }
    ctx_.pool.release(gp);
    return;
  }
  // DATA: every arrival occupies the receive buffer and its ECN field reaches the NP;
  // only the in-order one is accepted (delivered, goodput).
  FlowInfo& fi = ctx_.flows[e.flow];
  if (cfg_.spec.pfc_enabled && cfg_.spec.rx_drain_gbps > 0) rx_account(e.size);

  // Marks as they arrive (the NP sees every arrival, accepted or not).
  fi.ce_marks += e.ecn == kEcnCe;
  fi.ue_marks += e.ecn == kEcnUe;
  const GbnReceiver::Result g = rx_gbn_[fi.np_idx].on_data(e.psn, now);
  if (g.verdict == GbnReceiver::Verdict::ACCEPT) {
    fi.delivered_bytes += e.size;
    fi.delivered_payload_bytes += e.payload;
    fi.delivered_pkts++;
    ctx_.counters.data_delivered++;
    if (rx_gbn_[fi.np_idx].complete()) fi.finish_ns = now;
  } else {
    fi.discarded_pkts++;
    ctx_.counters.data_discarded++;
  }
  if (g.nak) {
    fi.naks_sent++;
    send_ctrl(PktKind::NAK, fi.gid, g.psn);
  }
  if (g.ack) {
    fi.acks_sent++;
    send_ctrl(PktKind::ACK, fi.gid, g.psn);
  }
  core_->rx_data(fi.np_idx, e.ecn, now);
  ctx_.pool.release(gp);
}

// The port's busy and paused intervals, for the pacing check.
void Nic::on_start(unsigned /*p*/, Gp* /*gp*/) { cover_.busy(true, now_ns()); }
void Nic::on_sent(unsigned /*p*/, Gp* /*gp*/) { cover_.busy(false, now_ns()); }
void Nic::on_pause(unsigned /*p*/, unsigned prio, bool pause) {
  if (prio == ctx_.data_priority) cover_.paused(pause, now_ns());
}

}  // namespace dcqcn::net

namespace dcqcn::net {

// A NAK or ACK to the sender of flow gid, at the CNP priority (strict, lossless).
void Nic::send_ctrl(PktKind kind, uint32_t gid, uint64_t psn) {
  const FlowInfo& fi = ctx_.flows[gid];
  Gp* gp = ctx_.pool.alloc();
  PacketExt& e = ext(*gp);
  e.kind = kind;
  e.flow = gid;
  e.src = id();
  e.dst = fi.src;
  e.size = kAckFrameBytes;
  e.prio = static_cast<uint8_t>(ctx_.cnp_priority);
  e.psn = static_cast<uint32_t>(psn);
  if (frames_) transport_frame(WireFrame{e.kind, e.flow, e.src, e.dst, e.psn, e.size, e.ecn, e.prio, false},
                               ctx_.src_qpn(fi), e.frame);
  cnp_q_.push_back(gp);
  kick(0);
}

void Nic::rewound(TxFlow& f) {
  f.rto_at_ns = -1;  // re-armed when the flow sends its last packet again
  const double now = now_ns();
  data_changed(static_cast<uint32_t>(&f - tx_.data()), now);
  kick(0);
  core_->reschedule(now);
}

// NAKs whose firmware handling is over: rewind the flow's send pointer.
void Nic::nak_apply_method() {
  const double now = now_ns();
  while (!nak_wait_.empty() && due(nak_wait_.front().at_ns, now)) {
    const NakWait w = nak_wait_.front();
    nak_wait_.pop_front();
    TxFlow& f = tx_[w.idx];
    if (f.gbn.on_nak(w.psn)) rewound(f);  // false: stale, an ACK already covered it
  }
  if (!nak_wait_.empty()) nak_ev_.notify(sc_time(std::max(0.0, nak_wait_.front().at_ns - now), SC_NS));
}

// Tail timeouts: a sized flow sent its last packet rto_us ago and no ACK covered it. The
// armed timers wait in a min-heap (O(log flows) each, not a scan of the NIC's flows); an
// entry is stale once its flow's rto_at_ns changed (cleared by an ACK, a NAK, a timeout).
void Nic::rto_method() {
  const double now = now_ns();
  std::vector<uint32_t> fired;  // the due flows, handled in index order (as the scan did)
  while (!rto_q_.empty() && due(rto_q_.top().at_ns, now)) {
    const RtoWait w = rto_q_.top();
    rto_q_.pop();
    if (tx_[w.idx].rto_at_ns == w.at_ns) fired.push_back(w.idx);  // else stale
  }
  std::sort(fired.begin(), fired.end());
  for (uint32_t idx : fired) {
    TxFlow& f = tx_[idx];
    if (!f.gbn.tail_outstanding()) {
      f.rto_at_ns = -1;
      continue;
    }
    ctx_.flows[f.gid].timeouts++;
    f.gbn.on_timeout();
    rewound(f);
  }
  while (!rto_q_.empty() && tx_[rto_q_.top().idx].rto_at_ns != rto_q_.top().at_ns) rto_q_.pop();
  if (!rto_q_.empty()) rto_ev_.notify(sc_time(rto_q_.top().at_ns - now, SC_NS));
}

}  // namespace dcqcn::net
