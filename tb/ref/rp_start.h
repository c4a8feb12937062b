// SPDX-License-Identifier: MIT
// A flow's initial state: the one definition the RP (RpAlgo::fresh() and INIT, so the
// network's packet model, and the RTL it is bit-exact with) and the fluid model
// (systemc/analysis/fluid.cpp) both call, so the two start an experiment alike.
//
//   Rc = the start rate clamped to [min(MIN_RATE, LINE), LINE], or LINE when none is
//        given (DCQCN has no slow start);
//   Rt = LINE;
//   alpha = ALPHA_INIT (1.0 in every profile), and it HOLDS there until the flow's first
//        CNP: the alpha timer does not run before it;
//   the rate-increase timer runs from the start only for a start below line rate (the
//        flow recovers towards line rate as after a cut); at line rate there is nothing
//        to increase.
//
// Why alpha holds (docs/network.md "A flow's initial state"): the DCQCN paper's RP
// (Fig. 7) resets the alpha timer when a CNP arrives and updates alpha when it expires,
// and section 3.3 keeps "one timer and one counter for each flow that is being rate
// limited": a flow is rate limited from its first CNP on, so before it there is no alpha
// timer to expire (ConnectX's initial_alpha_value is, in NVIDIA's documentation, the alpha
// "used when receiving the first CNP for a flow"). The fluid model's equation (7) describes a flow that is receiving CNPs; applied
// from t = 0 to a flow never marked it decays alpha (to 0.49 after 10 ms at the paper's
// g and K) where the NIC keeps 1, and the first cut is then a quarter, not a half.
#pragma once
#include <algorithm>
#include <cstdint>

namespace dcqcn {

struct RpFlowStart {
  uint32_t rc_kbps = 0, rt_kbps = 0;
  uint32_t alpha_q16 = 0;
  bool alpha_timer = false;     // false: alpha holds at alpha_q16 until the first CNP
  bool increase_timer = false;  // the increase timer is armed at the start
};

// line_kbps, min_kbps, alpha_init_q16: the RP's LINE_RATE_KBPS, MIN_RATE_KBPS and
// ALPHA_INIT_Q16; start_kbps: the flow's start rate, 0 = line rate.
inline RpFlowStart rp_flow_start(uint32_t line_kbps, uint32_t min_kbps, uint32_t alpha_init_q16,
                                 uint32_t start_kbps = 0) {
  RpFlowStart s;
  s.rt_kbps = line_kbps;
  s.rc_kbps = start_kbps != 0 ? std::clamp(start_kbps, std::min(min_kbps, line_kbps), line_kbps) : line_kbps;
  s.alpha_q16 = alpha_init_q16;
  s.alpha_timer = false;
  s.increase_timer = start_kbps != 0;
  return s;
}

}  // namespace dcqcn
