// SPDX-License-Identifier: MIT
// The reference engines (engine "ref"): the C++ algorithms of tb/ref behind engine.h, and
// the factories that pick the reference or the RTL engine.
#include <stdexcept>

#include "engine.h"

namespace dcqcn::net {

namespace {

// One algorithm (RpAlgo, NpAlgo, CpAlgo: process() and the CSRs) behind the interface.
template <class Algo, class Event, class Result>
class RefEngine final : public Engine<Event, Result> {
 public:
  explicit RefEngine(uint32_t n) : a_(n) {}
  Result process(const Event& ev, double) override { return a_.process(ev); }
  void csr_write(uint8_t addr, uint32_t v, double) override { a_.csr_write(addr, v); }
  uint32_t csr_read(uint8_t addr, double) override { return a_.csr_read(addr); }
  size_t flow_state_bytes() const override {
    if constexpr (requires(const Algo& a) { a.flow_state_bytes(); }) return a_.flow_state_bytes();
    else return 0;
  }

 private:
  Algo a_;
};

}  // namespace

std::unique_ptr<RpEngine> make_rp(EngineKind k, uint32_t flows, const TraceSpec& t) {
  if (k == EngineKind::RTL) return make_rp_rtl(flows, t);
  return std::make_unique<RefEngine<RpAlgo, RpEvent, RpResult>>(flows);
}
std::unique_ptr<NpEngine> make_np(EngineKind k, uint32_t flows, const TraceSpec& t) {
  if (k == EngineKind::RTL) return make_np_rtl(flows, t);
  return std::make_unique<RefEngine<NpAlgo, NpEvent, NpResult>>(flows);
}
std::unique_ptr<CpEngine> make_cp(EngineKind k, uint32_t queues, const TraceSpec& t) {
  if (k == EngineKind::RTL) return make_cp_rtl(queues, t);
  return std::make_unique<RefEngine<CpAlgo, CpEvent, CpResult>>(queues);
}

}  // namespace dcqcn::net
