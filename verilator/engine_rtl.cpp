// SPDX-License-Identifier: MIT
// The RTL engines (engine "rtl"): rtl/dcqcn_{rp,np,cp}.sv Verilated at NUM_FLOWS =
// kRtlFlows and NUM_QUEUES = kRtlQueues (CMakeLists.txt here), each behind engine.h as
// an RtlEngine (rtl_engine.h) on its pin table (pins.h).
#include "rtl_engine.h"  // first: includes the Verilator runtime with its warning waiver
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "Vnet_cp.h"
#include "Vnet_np.h"
#include "Vnet_rp.h"
#pragma GCC diagnostic pop

static_assert(DCQCN_RTL_FLOWS == dcqcn::net::kRtlFlows,
              "CMakeLists.txt builds the RP and the NP at a size other than kRtlFlows");
static_assert(DCQCN_RTL_QUEUES == dcqcn::net::kRtlQueues,
              "CMakeLists.txt builds the CP at a size other than kRtlQueues");

namespace dcqcn::net {

// Seeds of the X-initial values: one per block.
std::unique_ptr<RpEngine> make_rp_rtl(uint32_t flows, const TraceSpec& t) {
  return rtl::make<pins::Rp, Vnet_rp>("make_rp_rtl", "flows", "NUM_FLOWS (kRtlFlows)", "rp", 1,
                                      flows, kRtlFlows, t);
}

std::unique_ptr<NpEngine> make_np_rtl(uint32_t flows, const TraceSpec& t) {
  return rtl::make<pins::Np, Vnet_np>("make_np_rtl", "flows", "NUM_FLOWS (kRtlFlows)", "np", 2,
                                      flows, kRtlFlows, t);
}

std::unique_ptr<CpEngine> make_cp_rtl(uint32_t queues, const TraceSpec& t) {
  return rtl::make<pins::Cp, Vnet_cp>("make_cp_rtl", "queues", "NUM_QUEUES (kRtlQueues)", "cp",
                                      3, queues, kRtlQueues, t);
}

}  // namespace dcqcn::net
