// SPDX-License-Identifier: MIT
// The NP register sets the NP lock-step bench (tb/lockstep_np.cpp) switches between:
// the shared profiles plus variants that reach the corners they do not.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "np_ref.h"
#include "profiles.h"

namespace dcqcn::tb::np {

// A named set of NP register values: the shared profiles plus variants that reach the
// corners the shared ones do not (TCD marking, N = 0, DCQCN+ with a short N).
struct Variant {
  std::string name;
  std::vector<std::pair<unsigned, uint32_t>> regs;  // NpReg, value
};

inline std::vector<Variant> make_variants(uint32_t flows) {
  std::vector<Variant> v;
  for (const auto& name : profile_names()) {
    Variant x{name, {}};
    for (const auto& w : profile_writes(name, flows))
      if (w.block == Block::NP)
        for (unsigned i = 0; i < NP_NUM_REGS; ++i)
          if (kNpRegs[i].name == w.name) x.regs.push_back({i, w.value});
    x.regs.push_back({NP_MODE, 0});
    v.push_back(x);
  }
  // CNP budget: tight (the queue fills and drains), huge (it overflows), with DCQCN+
  v.push_back({"budget1", {{NP_CNP_INTERVAL_NS, 4000}, {NP_MODE, 1}, {NP_PLUS_ENABLE, 0},
                           {NP_CNP_BUDGET_NS, 1000}}});
  v.push_back({"budget_big", {{NP_CNP_INTERVAL_NS, 2000}, {NP_MODE, 0}, {NP_PLUS_ENABLE, 0},
                              {NP_CNP_BUDGET_NS, 200000}}});
  v.push_back({"plus_budget", {{NP_CNP_INTERVAL_NS, 500}, {NP_MODE, 0}, {NP_PLUS_ENABLE, 1},
                               {NP_CNP_GEN_TIME_NS, 3000}, {NP_EPOCH_NS, 20000},
                               {NP_CNP_BUDGET_NS, 2000}}});
  v.push_back({"tcd", {{NP_CNP_INTERVAL_NS, 50000}, {NP_MODE, 1}, {NP_PLUS_ENABLE, 0},
                       {NP_CNP_BUDGET_NS, 0}}});
  v.push_back({"tcd_fast", {{NP_CNP_INTERVAL_NS, 4000}, {NP_MODE, 1}, {NP_PLUS_ENABLE, 0}}});
  v.push_back({"interval0", {{NP_CNP_INTERVAL_NS, 0}, {NP_MODE, 0}, {NP_PLUS_ENABLE, 0}}});
  v.push_back({"plus_fast", {{NP_CNP_INTERVAL_NS, 2000}, {NP_MODE, 1}, {NP_PLUS_ENABLE, 1},
                             {NP_CNP_GEN_TIME_NS, 1000}, {NP_EPOCH_NS, 30000}}});
  v.push_back({"plus_big", {{NP_CNP_INTERVAL_NS, 1000}, {NP_MODE, 0}, {NP_PLUS_ENABLE, 1},
                            {NP_CNP_GEN_TIME_NS, 1u << 20}, {NP_EPOCH_NS, 5000}}});
  // more than 1024 flows in one epoch saturate tau at 2^30 (NUM_FLOWS > 1024 only)
  v.push_back({"plus_sat", {{NP_CNP_INTERVAL_NS, 1000}, {NP_MODE, 0}, {NP_PLUS_ENABLE, 1},
                            {NP_CNP_GEN_TIME_NS, 1u << 20}, {NP_EPOCH_NS, 1u << 30}}});
  return v;
}

}  // namespace dcqcn::tb::np
