// SPDX-License-Identifier: MIT
// RpEngine on the Verilated rtl/dcqcn_rp.sv (NUM_FLOWS = kRtlFlows): one event per
// process() call, driven through the s_evt handshake and drained from m_out (12 cycles).
#include "rtl_core.h"  // first: includes the Verilator runtime with its warning waiver
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "Vnet_rp.h"
#pragma GCC diagnostic pop
#include "engine.h"

static_assert(DCQCN_RTL_FLOWS == dcqcn::net::kRtlFlows,
              "verilator/CMakeLists.txt builds the RP at a size other than kRtlFlows");

namespace dcqcn::net {

namespace {

class RpRtl final : public RpEngine {
 public:
  RpRtl(uint32_t flows, const TraceSpec& t) : flows_(flows), core_("rp", t, 1) {
    core_.reset(kRtlFlows);
  }

  RpResult process(const RpEvent& ev, double at_ns) override {
    if (ev.flow >= flows_) rtl::throw_index("RP", "flow", ev.flow, flows_);
    Vnet_rp& m = core_.m();
    m.s_evt_op = ev.op & 7u;
    m.s_evt_flow = ev.flow;
    m.s_evt_now_ns = ev.now_ns;
    m.s_evt_bytes = ev.bytes;
    m.s_evt_cnp_ue = ev.cnp_ue;
    m.s_evt_tau_ns = ev.tau_ns;
    m.s_evt_gen = ev.gen;
    m.s_evt_valid = 1;
    core_.run_event(at_ns);
    RpResult r;
    r.op = m.m_out_op;
    r.flow = m.m_out_flow;
    r.stale = m.m_out_stale;
    r.paced = m.m_out_paced;
    r.next_tx_ns = m.m_out_next_tx_ns;
    r.rc = m.m_out_rc_kbps;
    r.rt = m.m_out_rt_kbps;
    r.alpha = m.m_out_alpha_q16;
    r.atmr = m.m_out_atmr;
    r.agen = m.m_out_agen;
    r.adl_ns = m.m_out_adl_ns;
    r.itmr = m.m_out_itmr;
    r.igen = m.m_out_igen;
    r.idl_ns = m.m_out_idl_ns;
    r.ctmr = m.m_out_ctmr;
    r.cgen = m.m_out_cgen;
    r.cdl_ns = m.m_out_cdl_ns;
    return r;
  }

  void csr_write(uint8_t addr, uint32_t value, double at_ns) override {
    core_.csr_write(addr, value, at_ns);
  }
  uint32_t csr_read(uint8_t addr, double at_ns) override { return core_.csr_read(addr, at_ns); }
  uint64_t cycles() const override { return core_.cycles(); }

 private:
  uint32_t flows_;
  rtl::Core<Vnet_rp> core_;
};

}  // namespace

std::unique_ptr<RpEngine> make_rp_rtl(uint32_t flows, const TraceSpec& t) {
  if (flows == 0 || flows > kRtlFlows)
    rtl::throw_size("make_rp_rtl", "flows", "NUM_FLOWS (kRtlFlows)", flows, kRtlFlows);
  return std::make_unique<RpRtl>(flows, t);
}

}  // namespace dcqcn::net
