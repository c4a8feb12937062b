// SPDX-License-Identifier: MIT
// The reference engines (engine "ref"): the C++ algorithms of tb/ref behind engine.h, and
// the factories that pick the reference or the RTL engine.
#include <stdexcept>

#include "engine.h"

namespace dcqcn::net {

namespace {

class RpRef final : public RpEngine {
 public:
  explicit RpRef(uint32_t flows) : a_(flows) {}
  RpResult process(const RpEvent& ev, double) override { return a_.process(ev); }
  void csr_write(uint8_t addr, uint32_t v, double) override { a_.csr_write(addr, v); }
  uint32_t csr_read(uint8_t addr, double) override { return a_.csr_read(addr); }
 private:
  RpAlgo a_;
};

class NpRef final : public NpEngine {
 public:
  explicit NpRef(uint32_t flows) : a_(flows) {}
  NpResult process(const NpEvent& ev, double) override { return a_.process(ev); }
  void csr_write(uint8_t addr, uint32_t v, double) override { a_.csr_write(addr, v); }
  uint32_t csr_read(uint8_t addr, double) override { return a_.csr_read(addr); }
 private:
  NpAlgo a_;
};

class CpRef final : public CpEngine {
 public:
  explicit CpRef(uint32_t queues) : a_(queues) {}
  CpResult process(const CpEvent& ev, double) override { return a_.process(ev); }
  void csr_write(uint8_t addr, uint32_t v, double) override { a_.csr_write(addr, v); }
  uint32_t csr_read(uint8_t addr, double) override { return a_.csr_read(addr); }
 private:
  CpAlgo a_;
};

}  // namespace

std::unique_ptr<RpEngine> make_rp(EngineKind k, uint32_t flows, const TraceSpec& t) {
  if (k == EngineKind::RTL) return make_rp_rtl(flows, t);
  return std::make_unique<RpRef>(flows);
}
std::unique_ptr<NpEngine> make_np(EngineKind k, uint32_t flows, const TraceSpec& t) {
  if (k == EngineKind::RTL) return make_np_rtl(flows, t);
  return std::make_unique<NpRef>(flows);
}
std::unique_ptr<CpEngine> make_cp(EngineKind k, uint32_t queues, const TraceSpec& t) {
  if (k == EngineKind::RTL) return make_cp_rtl(queues, t);
  return std::make_unique<CpRef>(queues);
}

}  // namespace dcqcn::net
