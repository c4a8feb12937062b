// SPDX-License-Identifier: MIT
// Floating-point DCQCN / DCQCN+ reaction point written straight from the paper's
// equations (DCQCN SIGCOMM'15 section 3.1; DCQCN+, docs/rp.md), with no quantisation: rates in double b/s-scaled kb/s,
// alpha a double. Same event semantics as RpAlgo (which expiry counts, when timers
// restart), so the two can be driven with the same events and compared; used only to
// show the fixed-point formats of the RTL are good enough.
#pragma once
#include <algorithm>
#include <cstdint>

#include "rp_ref.h"

namespace dcqcn {

struct RpFloat {
  // parameters, from the same register values the RTL gets
  double line, minr, g, K_ns, T_ns, B, ai, hai, cut_div, max_cut, rrmp_ns, first_rate;
  unsigned F;
  bool plus, clamp, clamp_ti;
  // state
  double rc, rt, alpha;
  unsigned t_stage = 0, bc_stage = 0;
  double byte_cnt = 0;
  bool cut_valid = false, cnp_seen = false, ti_flag = false;
  uint32_t last_cut_ns = 0;

  explicit RpFloat(const RpRegs& r)
      : line(r[RP_LINE_RATE_KBPS]),
        minr(std::min(r[RP_MIN_RATE_KBPS], r[RP_LINE_RATE_KBPS])),
        g(r[RP_G_Q16] / 65536.0),
        K_ns(r[RP_ALPHA_PERIOD_NS]),
        T_ns(r[RP_TIMER_PERIOD_NS]),
        B(r[RP_BYTE_COUNTER_BYTES]),
        ai(r[RP_AI_RATE_KBPS]),
        hai(r[RP_HAI_RATE_KBPS]),
        cut_div(static_cast<double>(1u << r[RP_CUT_SHIFT])),
        max_cut(r[RP_MAX_CUT_Q16] / 65536.0),
        rrmp_ns(r[RP_RRMP_NS]),
        first_rate(r[RP_FIRST_CNP_RATE_KBPS]),
        F(r[RP_F_STEPS]),
        plus(r[RP_ALGO] == 1),
        clamp(r[RP_CLAMP_TGT] != 0),
        clamp_ti(r[RP_CLAMP_TGT_AFTER_TI] != 0),
        rc(line), rt(line), alpha(r[RP_ALPHA_INIT_Q16] / 65536.0) {}

  void increase(bool timer) {
    if (!plus) {
      const unsigned mx = std::max(t_stage, bc_stage), mn = std::min(t_stage, bc_stage);
      if (mx < F) {
      } else if (mn > F) {
        rt += (mn - F) * hai;  // hyper increase
      } else {
        rt += ai;  // additive increase
      }
      if (timer) ++t_stage; else ++bc_stage;
    } else {
      const unsigned S = ++t_stage;
      if (S < F) {
      } else if (S <= 4 * F) {
        rt += std::min(rc / 10, line / 100);
      } else {
        rt += std::min(rc, (S - 4.0 * F) / 100 * line);
      }
    }
    rt = std::min(rt, line);
    rc = (rt + rc) / 2;
  }

  void cnp(uint32_t now_ns, bool ue) {
    if (!ue) {
      const bool ok = rrmp_ns == 0 || !cut_valid ||
                      static_cast<uint32_t>(now_ns - last_cut_ns) >= rrmp_ns;
      if (ok) {
        if (clamp || (clamp_ti && ti_flag)) rt = rc;
        if (first_rate != 0 && !cnp_seen) {
          rc = std::clamp(first_rate, minr, line);
        } else {
          const double cut = std::min(rc * alpha / cut_div, rc * max_cut);
          rc = std::max(rc - cut, minr);
        }
        alpha = (1 - g) * alpha + g;
        cut_valid = true;
        last_cut_ns = now_ns;
      }
      cnp_seen = true;
      ti_flag = false;
    }
    t_stage = bc_stage = 0;
    byte_cnt = 0;
  }
  void alpha_timer() { alpha = (1 - g) * alpha; }
  void inc_timer() {
    increase(true);
    ti_flag = true;
  }
  void tx(unsigned bytes) {
    if (plus) return;
    byte_cnt += bytes;
    if (byte_cnt >= B) {
      byte_cnt -= B;
      increase(false);
    }
  }
};

}  // namespace dcqcn
