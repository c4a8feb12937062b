// SPDX-License-Identifier: MIT
// The reference NIC top (engine "ref", nic.core: top): NicTopModel, the cycle-exact C++
// model of rtl/dcqcn_nic_top.sv, behind NicTopDevice; and the factory of both.
#include "nic_top_engine.h"

#include <stdexcept>
#include <string>

namespace dcqcn::net {

namespace {

class RefTop final : public NicTopDevice {
 public:
  static constexpr uint32_t kStuckCycles = 10000;

  explicit RefTop(uint32_t size) : m_(size), n_(size) {
    // the same reset as the RTL top (nic_top_rtl.cpp), so both count cycles alike
    NicTopIn in{};
    in.txsel_ready = in.cnpreq_ready = true;
    in.rst = true;
    m_.step(in);
    m_.step(in);
    in.rst = false;
    for (uint32_t i = 0;; ++i) {
      const NicTopOut o = m_.outputs(in);
      m_.step(in);
      if (o.host_ready && o.idle) break;
      if (i > n_ + kStuckCycles)
        throw std::runtime_error("reference NIC top: not ready " + std::to_string(i) + " cycles after reset");
    }
  }
  const NicTopOut& outputs(const NicTopIn& in) override {
    m_.outputs(in, out_);
    return out_;
  }
  void step(const NicTopIn& in) override {
    m_.step(in);
    ++cycles_;
  }
  uint64_t cycles() const override { return 0; }  // a reference engine runs no RTL cycles
  uint32_t num_flows() const override { return n_; }

 private:
  NicTopModel m_;
  NicTopOut out_;
  uint32_t n_;
  uint64_t cycles_ = 0;
};

}  // namespace

std::unique_ptr<NicTopDevice> make_nic_top(EngineKind k, uint32_t size, const TraceSpec& t) {
  if (nic_top_size(size) != size)
    throw std::invalid_argument("make_nic_top: " + std::to_string(size) +
                                " flows is not a built NIC top size (16, 128, 1024)");
  if (k == EngineKind::RTL) return make_nic_top_rtl(size, t);
  return std::make_unique<RefTop>(size);
}

}  // namespace dcqcn::net
