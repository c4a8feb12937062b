// SPDX-License-Identifier: MIT
// The reference frame services (engine "ref", frames.h): the whole-frame functions of the
// frame blocks' references (tb/ref: cnp_frame, rx_class_frame, ecn_mark_frame), which the
// lock-step benches prove equal, byte for byte, to what the RTL blocks send. Any number of
// flows and QPs (the QP table is a sorted vector searched by QPN; the RTL's is
// direct-mapped, and a NIC of the RTL engine never has two QPs on one entry: frames.h).
#include <algorithm>
#include <stdexcept>
#include <utility>

#include "frames.h"

namespace dcqcn::net {

const char* rx_verdict_name(RxVerdict v) {
  switch (v) {
    case RxVerdict::Short: return "SHORT";
    case RxVerdict::NotRoce: return "NOT_ROCE";
    case RxVerdict::BadIcrc: return "BAD_ICRC";
    case RxVerdict::UnknownQpn: return "UNKNOWN_QPN";
    case RxVerdict::Data: return "DATA";
    case RxVerdict::Cnp: return "CNPS";
  }
  return "?";
}

namespace {

class RefNicFrames final : public NicFrames {
 public:
  explicit RefNicFrames(const NicFrameConfig& c) : name_(c.name), g_(c.globals), ctx_(c.cnp_ctx) {
    qp_.reserve(c.qps.size());
    for (const auto& [qpn, flow] : c.qps) qp_.push_back({qpn & 0xFFFFFF, flow});
    std::stable_sort(qp_.begin(), qp_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  void build_cnp(uint32_t np_idx, double, std::vector<uint8_t>& out) override {
    if (np_idx >= ctx_.size() || !ctx_[np_idx].valid)
      throw std::runtime_error(name_ + ": CNP builder (ref): no QP context for flow " + std::to_string(np_idx));
    out = cnp_frame(ctx_[np_idx], g_);
  }
  size_t flow_state_bytes() const override {
    return ctx_.capacity() * sizeof(QpContext) + qp_.capacity() * sizeof(qp_[0]);
  }
  RxDesc classify(const uint8_t* f, size_t len, double) override {
    const RxFrameClass c = rx_class_frame(f, len);
    RxDesc d;
    switch (c.kind) {
      case RxKind::Short: d.verdict = RxVerdict::Short; return d;
      case RxKind::NotRoce: d.verdict = RxVerdict::NotRoce; return d;
      case RxKind::BadIcrc: d.verdict = RxVerdict::BadIcrc; return d;
      case RxKind::Roce: break;
    }
    const auto it = std::lower_bound(qp_.begin(), qp_.end(), c.dqpn,
                                     [](const std::pair<uint32_t, uint32_t>& e, uint32_t q) { return e.first < q; });
    if (it == qp_.end() || it->first != c.dqpn) {
      d.verdict = RxVerdict::UnknownQpn;
      return d;
    }
    d.flow = it->second;
    if (c.opcode == 0x81) {
      d.verdict = RxVerdict::Cnp;
    } else {
      d.verdict = RxVerdict::Data;
      d.ecn = c.ecn;
    }
    return d;
  }

 private:
  std::string name_;
  CnpGlobals g_;
  std::vector<QpContext> ctx_;
  std::vector<std::pair<uint32_t, uint32_t>> qp_;  // (QPN, flow), by QPN
};

class RefSwitchFrames final : public SwitchFrames {
 public:
  EcnOutcome mark(uint8_t* f, size_t len, double) override { return ecn_mark_frame(f, len, true); }
};

}  // namespace

std::unique_ptr<NicFrames> make_nic_frames(EngineKind k, const NicFrameConfig& c) {
  if (k == EngineKind::RTL) return make_nic_frames_rtl(c);
  return std::make_unique<RefNicFrames>(c);
}

std::unique_ptr<SwitchFrames> make_switch_frames(EngineKind k) {
  if (k == EngineKind::RTL) return make_switch_frames_rtl();
  return std::make_unique<RefSwitchFrames>();
}

}  // namespace dcqcn::net
