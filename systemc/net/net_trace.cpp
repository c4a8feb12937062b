// SPDX-License-Identifier: MIT
#include "net_trace.h"

#include <cmath>

namespace dcqcn::net {

NetTrace::NetTrace(wave::Wave* w) : w_(w), part_(w->part("net", true)) {
  sc_core::sc_get_curr_simcontext()->add_trace_file(this);
}

NetTrace::~NetTrace() { sc_core::sc_get_curr_simcontext()->remove_trace_file(this); }

void NetTrace::watch(const std::string& sub, const std::string& name, const bool* p) {
  ws_.push_back({p, 0, part_->add_var(sub, name, 1), 0, false});
}
void NetTrace::watch(const std::string& sub, const std::string& name, const uint32_t* p, unsigned bits) {
  ws_.push_back({p, 1, part_->add_var(sub, name, bits), 0, false});
}
void NetTrace::watch(const std::string& sub, const std::string& name, const uint64_t* p, unsigned bits) {
  ws_.push_back({p, 2, part_->add_var(sub, name, bits), 0, false});
}

void NetTrace::cycle(bool delta_cycle) {
  if (delta_cycle) return;
  const uint64_t t = static_cast<uint64_t>(std::llround(sc_core::sc_time_stamp().to_seconds() * 1e12));
  for (W& x : ws_) {
    const uint64_t v = x.kind == 0   ? static_cast<uint64_t>(*static_cast<const bool*>(x.p))
                       : x.kind == 1 ? *static_cast<const uint32_t*>(x.p)
                                     : *static_cast<const uint64_t*>(x.p);
    if (x.written && v == x.last) continue;
    part_->set(t, x.var, v);
    x.last = v;
    x.written = true;
  }
  w_->advance(t);
}

}  // namespace dcqcn::net
