// SPDX-License-Identifier: MIT
#include <algorithm>
#include "switch.h"

#include <limits>
#include <stdexcept>
#include <string>

#include "frame_ref.h"

#include "sim_time.h"

namespace dcqcn::net {

Switch::Switch(sc_core::sc_module_name name, NetContext& ctx, uint16_t id, unsigned ports,
               const SwitchConfig& cfg, std::unique_ptr<CpEngine> cp, std::unique_ptr<SwitchFrames> frames)
    : Node(name, ctx, id, ports), cfg_(cfg), cp_(std::move(cp)), frames_(std::move(frames)), eg_(ports), in_(ports), rr_(ports, 0),
      delay_sum_ns_(ports, 0.0), delay_n_(ports, 0) {
  const SwitchSpec& s = cfg_.spec;
  const uint64_t per = 8ull * ports;
  const uint64_t hd = s.pfc.enabled ? per * s.pfc.headroom_bytes : 0;
  const uint64_t rs = per * s.pfc.reserved_bytes;
  shared_cap_ = s.buffer_bytes > hd + rs ? s.buffer_bytes - hd - rs : 0;
}

uint64_t Switch::threshold() const {
  // With PFC on this is the XOFF threshold; with PFC off the same per-(port, priority)
  // limit is where lossy traffic is dropped (a shared-buffer switch's lossy admission).
  const PfcSpec& p = cfg_.spec.pfc;
  if (p.mode == PfcSpec::Mode::STATIC) return p.t_pfc_bytes;
  // Trident II dynamic threshold: t_PFC = beta * (B - 8 n t_flight - s) / 8
  const double free = static_cast<double>(shared_cap_ - shared_total_);
  return static_cast<uint64_t>(p.beta * free / 8.0);
}

uint64_t Switch::xoff_standing() const {
  uint64_t n = 0;
  for (const auto& a : in_)
    for (const In& i : a) n += i.xoff;
  return n;
}

void Switch::mark(unsigned port, unsigned prio, Gp* gp, uint64_t qlen) {
  PacketExt& e = ext(*gp);
  CpEvent ev;
  ev.op = CpOp::PKT;
  ev.queue = port * 8 + prio;
  ev.now_ns = now_ns32();
  ev.qlen_bytes = static_cast<uint32_t>(std::min<uint64_t>(qlen, 0xFFFFFFFFu));
  ev.ecn = e.ecn;
  const CpResult r = cp_->process(ev, now_ns());
  if (r.ecn != e.ecn) {
    if (r.ecn == kEcnCe) ctx_.counters.ecn_marks++;
    else ctx_.counters.ue_marks++;
    if (frames_) mark_bytes(e, r.ecn);
  }
  e.ecn = r.ecn;
}

// The CP's new ECN onto the frame's bytes (docs/network.md, "How frames are made in the
// simulation"). CE: the ECN marker with decision 1 (the RTL block with --engine rtl),
// which must count the request as MARKED and leave ECN 11 with a right IPv4 checksum: the
// check of every mark. UE (TCD's 10): the marker sets only CE, so the switch rewrites the
// ECN bits here, with the RFC 1624 checksum update.
void Switch::mark_bytes(PacketExt& e, uint8_t ecn) {
  uint8_t* f = e.frame.data();
  const size_t n = e.frame.size();
  auto fail = [&](const std::string& what) {
    throw std::runtime_error("frame check: " + std::string(basename()) + " marked the DATA frame of flow " +
                             std::to_string(e.flow) + " (PSN " + std::to_string(e.psn) + ", ECN " +
                             std::to_string(e.ecn) + " -> " + std::to_string(ecn) + ") at " +
                             std::to_string(now_ns()) + " ns, but " + what);
  };
  if (n < 34 || f[12] != 0x08 || f[13] != 0x00 || f[14] != 0x45) fail("its bytes are not an IPv4 RoCEv2 frame");
  if ((f[15] & 3) != e.ecn) fail("its bytes carry ECN " + std::to_string(f[15] & 3));
  if (ecn == kEcnCe) {
    const EcnOutcome o = frames_->mark(f, n, now_ns());
    if (o != EcnOutcome::Marked)
      fail("the ECN marker counted the request as " + std::to_string(static_cast<int>(o)) + ", not MARKED");
    ctx_.counters.frame_ce_marked++;
  } else {
    const uint16_t m = static_cast<uint16_t>(f[14] << 8 | f[15]);
    f[15] = static_cast<uint8_t>((f[15] & ~3u) | ecn);
    const uint16_t hc = csum_update(static_cast<uint16_t>(f[24] << 8 | f[25]), m,
                                    static_cast<uint16_t>(f[14] << 8 | f[15]));
    f[24] = static_cast<uint8_t>(hc >> 8);
    f[25] = static_cast<uint8_t>(hc);
    ctx_.counters.frame_ue_rewritten++;
  }
  if ((f[15] & 3) != ecn) fail("its bytes carry ECN " + std::to_string(f[15] & 3) + " after the mark");
  if (ipv4_checksum(f + 14, 5) != (f[24] << 8 | f[25])) fail("its IPv4 header checksum is wrong after the mark");
}

void Switch::receive(unsigned p, Gp* gp) {
  PacketExt& e = ext(*gp);
  ctx_.counters.packets++;
  const uint16_t out = ctx_.routes.egress(id(), e.dst, e.flow);
  const unsigned prio = e.prio;
  const SwitchSpec& s = cfg_.spec;

  // ---- ingress admission
  In& i = in_[p][prio];
  const uint64_t L = e.size;
  if (i.reserved + L <= s.pfc.reserved_bytes) {
    i.reserved += L;
    e.pool = BufPool::RESERVED;
  } else if (shared_total_ + L <= shared_cap_ &&
             (s.pfc.enabled ? (i.shared + L <= threshold() || !i.xoff) : i.shared + L <= threshold())) {
    // Before XOFF is sent the shared part may pass t_PFC by one packet (the trigger);
    // after it, arrivals go to headroom. Without PFC, past the threshold is a drop.
    i.shared += L;
    shared_total_ += L;
    e.pool = BufPool::SHARED;
  } else if (s.pfc.enabled && i.hdrm + L <= s.pfc.headroom_bytes) {
    i.hdrm += L;
    e.pool = BufPool::HEADROOM;
  } else {
    // No room: with PFC on this is a lossless violation (headroom misconfigured).
    if (s.pfc.enabled) ctx_.counters.drops_lossless++;
    else ctx_.counters.drops_lossy++;
    if (e.kind == PktKind::DATA) ctx_.counters.drops_data++;
    ctx_.pool.release(gp);
    return;
  }
  used_ += L;
  if (used_ > s.buffer_bytes) ctx_.counters.buffer_violations++;
  if (s.pfc.enabled && !i.xoff && (i.shared >= threshold() || i.hdrm > 0)) {
    i.xoff = true;
    ++xoff_total_;
    send_pfc(p, prio, true);
  }

  // ---- egress
  Q& q = eg_[out][prio];
  e.enqueued_ns = now_ns();
  q.q.push_back(gp);
  q.bytes += L;
  q.peak = std::max(q.peak, q.bytes);
  ++queued_pkts_;
  if (e.kind == PktKind::DATA) ++queued_data_;
  if (e.kind == PktKind::DATA && s.ecn.enabled && s.ecn.mark_at == EcnSpec::Where::ENQUEUE)
    mark(out, prio, gp, q.bytes);
  kick(out);
}

Gp* Switch::pick(unsigned p) {
  const unsigned cnp = ctx_.cnp_priority;
  unsigned prio = 8;
  if (!eg_[p][cnp].q.empty() && !paused(p, cnp)) {
    prio = cnp;
  } else {
    for (unsigned k = 0; k < 8; ++k) {
      const unsigned c = (rr_[p] + k) % 8;
      if (c != cnp && !eg_[p][c].q.empty() && !paused(p, c)) {
        prio = c;
        rr_[p] = (c + 1) % 8;
        break;
      }
    }
  }
  if (prio == 8) return nullptr;
  Q& q = eg_[p][prio];
  Gp* gp = q.q.front();
  q.q.pop_front();
  PacketExt& e = ext(*gp);
  q.bytes -= e.size;
  --queued_pkts_;
  if (e.kind == PktKind::DATA) --queued_data_;
  const double now = now_ns();
  if (e.kind == PktKind::DATA && now >= cfg_.stats_from_ms * 1e6) {
    delay_sum_ns_[p] += now - e.enqueued_ns;
    ++delay_n_[p];
  }
  const SwitchSpec& s = cfg_.spec;
  if (e.kind == PktKind::DATA && s.ecn.enabled && s.ecn.mark_at == EcnSpec::Where::DEQUEUE)
    mark(p, prio, gp, q.bytes);
  return gp;
}

void Switch::on_sent(unsigned /*p*/, Gp* gp) {
  PacketExt& e = ext(*gp);
  if (e.kind == PktKind::PFC) return;  // our own PAUSE/RESUME: holds no buffer
  In& i = in_[e.in_port][e.prio];
  const uint64_t L = e.size;
  auto sub = [&](uint64_t& x) {
    if (x < L) {
      ctx_.counters.buffer_violations++;
      x = 0;
    } else {
      x -= L;
    }
  };
  switch (e.pool) {
    case BufPool::RESERVED: sub(i.reserved); break;
    case BufPool::SHARED: sub(i.shared); sub(shared_total_); break;
    case BufPool::HEADROOM: sub(i.hdrm); break;
    default: break;
  }
  sub(used_);
  e.pool = BufPool::NONE;
  check_xon(e.in_port, e.prio);
}

void Switch::check_xon(unsigned p, unsigned prio) {
  In& i = in_[p][prio];
  if (!i.xoff || i.hdrm > 0) return;
  const uint64_t t = threshold();
  const uint64_t gap = cfg_.spec.pfc.xon_gap_bytes;
  if (i.shared == 0 || i.shared + gap <= t) {
    i.xoff = false;
    ++xon_total_;
    send_pfc(p, prio, false);
  }
}

void Switch::on_pause(unsigned p, unsigned prio, bool pause) {
  const SwitchSpec& s = cfg_.spec;
  if (!s.ecn.enabled || !s.ecn.tcd) return;
  CpEvent ev;
  ev.op = CpOp::PFC;
  ev.queue = p * 8 + prio;
  ev.now_ns = now_ns32();
  ev.qlen_bytes = static_cast<uint32_t>(std::min<uint64_t>(eg_[p][prio].bytes, 0xFFFFFFFFu));
  ev.paused = pause;
  cp_->process(ev, now_ns());
}

}  // namespace dcqcn::net
