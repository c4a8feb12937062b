// SPDX-License-Identifier: MIT
// The RTL NIC top (engine "rtl", nic.core: top): rtl/dcqcn_nic_top.sv Verilated at each size
// of kNicTopSizes (CMakeLists.txt here), behind NicTopDevice (nic_top_engine.h). The
// descriptors are packed into and out of the top's tdata words by nic_top_desc.h, the
// same code the lock-step bench uses.
#include "dut.h"  // first: includes the Verilator runtime with its warning waiver
#include "nic_top_engine.h"
#include "rtl_engine.h"
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "Vnet_top1024.h"
#include "Vnet_top128.h"
#include "Vnet_top16.h"
#pragma GCC diagnostic pop
#include "nic_top_pins.h"

namespace dcqcn::net {

namespace {

template <class VM>
class RtlTop final : public NicTopDevice {
 public:
  // Bound on the reset's RAM clear; only a broken model reaches it.
  static constexpr uint32_t kStuckCycles = 10000;

  RtlTop(uint32_t size, const TraceSpec& t)
      : n_(size),
        sink_(t.wave ? std::make_unique<rtl::PartSink>(t.wave->part(t.instance, false)) : nullptr),
        dut_("top", 4, sink_.get(), t.clock_ns * 500.0, t.wave ? t.wave->options().from_ps : 0,
             t.wave ? t.wave->options().to_ps : ~0ull) {
    dut_.label(t.instance);
    reset();
    base_ = dut_.cycles();
    if (t.wave) {
      dut_.open_trace();
      t.wave->on_flush([this] { dut_.flush(); });
    }
  }

  void at(double ns) override {
    if (ns > 0) dut_.release();  // drawn from the first call after time 0 on
    dut_.at(ns);
  }

  const NicTopOut& outputs(const NicTopIn& in) override {
    drive(in);
    dut_.low();
    out_ = read();
    return out_;
  }
  void step(const NicTopIn& in) override {
    drive(in);
    dut_.high();
  }
  uint64_t cycles() const override { return dut_.cycles() - base_; }
  uint32_t num_flows() const override { return n_; }

 private:
  void drive(const NicTopIn& in) {
    nic_pins::drive(dut_.m(), in);
  }
  NicTopOut read() const { return nic_pins::read(dut_.m()); }

  // rst for 2 cycles, then clock until the RAMs are cleared (the streams ready).
  void reset() {
    NicTopIn in{};
    in.txsel_ready = in.cnpreq_ready = true;
    in.rst = true;
    outputs(in);
    step(in);
    outputs(in);
    step(in);
    in.rst = false;
    for (uint32_t i = 0;; ++i) {
      const NicTopOut o = outputs(in);
      step(in);
      if (o.host_ready && o.idle) break;
      if (i > n_ + kStuckCycles)
        throw std::runtime_error("RTL NIC top: not ready " + std::to_string(i) + " cycles after reset");
    }
  }

  uint32_t n_;
  NicTopOut out_;  // the last outputs()
  std::unique_ptr<rtl::PartSink> sink_;  // before dut_: the tracer writes into it until it closes
  Dut<VM> dut_;
  uint64_t base_ = 0;
};

}  // namespace

std::unique_ptr<NicTopDevice> make_nic_top_rtl(uint32_t size, const TraceSpec& t) {
  switch (size) {
    case 16: return std::make_unique<RtlTop<Vnet_top16>>(size, t);
    case 128: return std::make_unique<RtlTop<Vnet_top128>>(size, t);
    case 1024: return std::make_unique<RtlTop<Vnet_top1024>>(size, t);
    default:
      throw std::invalid_argument("make_nic_top_rtl: no RTL NIC top of " + std::to_string(size) +
                                  " flows is built (sizes: 16, 128, 1024)");
  }
}

}  // namespace dcqcn::net
