// SPDX-License-Identifier: MIT
// CpEngine on the Verilated rtl/dcqcn_cp.sv (NUM_QUEUES = kRtlQueues): one event per
// process() call, driven through the s_evt handshake and drained from m_out (6 cycles).
#include "rtl_core.h"  // first: includes the Verilator runtime with its warning waiver
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "Vnet_cp.h"
#pragma GCC diagnostic pop
#include "engine.h"

static_assert(DCQCN_RTL_QUEUES == dcqcn::net::kRtlQueues,
              "verilator/CMakeLists.txt builds the CP at a size other than kRtlQueues");

namespace dcqcn::net {

namespace {

class CpRtl final : public CpEngine {
 public:
  CpRtl(uint32_t queues, const TraceSpec& t) : queues_(queues), core_("cp", t, 3) {
    core_.reset(kRtlQueues);
  }

  CpResult process(const CpEvent& ev, double at_ns) override {
    if (ev.queue >= queues_) rtl::throw_index("CP", "queue", ev.queue, queues_);
    Vnet_cp& m = core_.m();
    m.s_evt_op = ev.op & 3u;
    m.s_evt_queue = ev.queue;
    m.s_evt_now_ns = ev.now_ns;
    m.s_evt_qlen_bytes = ev.qlen_bytes;
    m.s_evt_ecn = ev.ecn & 3u;
    m.s_evt_paused = ev.paused;
    m.s_evt_valid = 1;
    core_.run_event(at_ns);
    CpResult r;
    r.op = m.m_out_op;
    r.queue = m.m_out_queue;
    r.ecn = m.m_out_ecn;
    r.marked = m.m_out_marked;
    r.tcd_state = m.m_out_tcd_state;
    r.region = m.m_out_region;
    return r;
  }

  void csr_write(uint8_t addr, uint32_t value, double at_ns) override {
    core_.csr_write(addr, value, at_ns);
  }
  uint32_t csr_read(uint8_t addr, double at_ns) override { return core_.csr_read(addr, at_ns); }
  uint64_t cycles() const override { return core_.cycles(); }

 private:
  uint32_t queues_;
  rtl::Core<Vnet_cp> core_;
};

}  // namespace

std::unique_ptr<CpEngine> make_cp_rtl(uint32_t queues, const TraceSpec& t) {
  if (queues == 0 || queues > kRtlQueues)
    rtl::throw_size("make_cp_rtl", "queues", "NUM_QUEUES (kRtlQueues)", queues, kRtlQueues);
  return std::make_unique<CpRtl>(queues, t);
}

}  // namespace dcqcn::net
