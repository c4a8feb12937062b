// SPDX-License-Identifier: MIT
// NpEngine on the Verilated rtl/dcqcn_np.sv (NUM_FLOWS = kRtlFlows): one event per
// process() call, driven through the s_evt handshake and drained from m_out (4 cycles).
#include "rtl_core.h"  // first: includes the Verilator runtime with its warning waiver
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "Vnet_np.h"
#pragma GCC diagnostic pop
#include "engine.h"

static_assert(DCQCN_RTL_FLOWS == dcqcn::net::kRtlFlows,
              "verilator/CMakeLists.txt builds the NP at a size other than kRtlFlows");

namespace dcqcn::net {

namespace {

class NpRtl final : public NpEngine {
 public:
  NpRtl(uint32_t flows, const TraceSpec& t) : flows_(flows), core_("np", t, 2) {
    core_.reset(kRtlFlows);
  }

  NpResult process(const NpEvent& ev, double at_ns) override {
    if (ev.flow >= flows_) rtl::throw_index("NP", "flow", ev.flow, flows_);
    Vnet_np& m = core_.m();
    m.s_evt_op = ev.op & 3u;
    m.s_evt_flow = ev.flow;
    m.s_evt_now_ns = ev.now_ns;
    m.s_evt_ecn = ev.ecn & 3u;
    m.s_evt_gen = ev.gen;
    m.s_evt_valid = 1;
    core_.run_event(at_ns);
    NpResult r;
    r.op = m.m_out_op;
    r.flow = m.m_out_flow;
    r.cnp = m.m_out_cnp;
    r.cnp_kind = m.m_out_cnp_kind;
    r.cnp_tau_ns = m.m_out_cnp_tau_ns;
    r.tmr_set = m.m_out_tmr_set;
    r.tmr_deadline_ns = m.m_out_tmr_deadline_ns;
    r.tmr_gen = m.m_out_tmr_gen;
    r.stale = m.m_out_stale;
    r.cnp_queued = m.m_out_cnp_queued;
    r.cnp_dropped = m.m_out_cnp_dropped;
    r.q_valid = m.m_out_q_valid;
    r.q_flow = m.m_out_q_flow;
    r.q_at_ns = m.m_out_q_at_ns;
    return r;
  }

  void csr_write(uint8_t addr, uint32_t value, double at_ns) override {
    core_.csr_write(addr, value, at_ns);
  }
  uint32_t csr_read(uint8_t addr, double at_ns) override { return core_.csr_read(addr, at_ns); }
  uint64_t cycles() const override { return core_.cycles(); }

 private:
  uint32_t flows_;
  rtl::Core<Vnet_np> core_;
};

}  // namespace

std::unique_ptr<NpEngine> make_np_rtl(uint32_t flows, const TraceSpec& t) {
  if (flows == 0 || flows > kRtlFlows)
    rtl::throw_size("make_np_rtl", "flows", "NUM_FLOWS (kRtlFlows)", flows, kRtlFlows);
  return std::make_unique<NpRtl>(flows, t);
}

}  // namespace dcqcn::net
