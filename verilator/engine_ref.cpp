// SPDX-License-Identifier: MIT
// The reference engines (engine "ref"): the C++ algorithms of tb/ref behind engine.h, and
// the factories that pick the reference or the RTL engine.
//
// Traced (--engine ref --vcd), a reference engine draws each call as one transaction in
// its part of the merged waveform, with the RTL's port names so that one GTKWave view
// serves both engines: s_evt_valid and the event's fields (s_evt_*), m_out_valid and the
// result's fields (m_out_*), all from the call's network time for one clock period, then
// 0 (fields too) until the next call. A call that comes within a clock period of the
// previous one is drawn one period after it. CSR writes are not drawn.
#include <cmath>
#include <stdexcept>
#include <vector>

#include "engine.h"
#include "pins.h"

namespace dcqcn::net {

namespace {

// The transaction view of one block (pin table P) in a wave part.
template <class P>
class RefView {
 public:
  RefView(const TraceSpec& t) : period_ps_(static_cast<uint64_t>(std::llround(t.clock_ns * 1000))) {
    if (!t.wave) return;
    part_ = t.wave->part(t.instance, true);
    vars_.push_back({part_->add_var("", "s_evt_valid", 1), 1});
    P::inputs([&](const char* n, auto, unsigned bits, auto) { vars_.push_back({part_->add_var("", n, bits), bits}); });
    vars_.push_back({part_->add_var("", "m_out_valid", 1), 1});
    P::outputs([&](const char* n, auto, unsigned bits, auto) { vars_.push_back({part_->add_var("", n, bits), bits}); });
  }
  ~RefView() {
    if (part_ && busy_) off(end_);
  }

  void draw(const typename P::Event& e, const typename P::Result& r, double at_ns) {
    if (!part_) return;
    uint64_t t = at_ns > 0 ? static_cast<uint64_t>(std::llround(at_ns * 1000)) : 0;
    if (busy_ && t < end_) t = end_;                 // within a period of the previous call
    if (busy_ && t > end_) off(end_);                // a gap: quiet until this call
    size_t k = 0;
    part_->set(t, vars_[k++].id, 1);
    P::inputs([&](const char*, auto f, unsigned bits, auto) { put(t, k++, static_cast<uint64_t>(e.*f) & pins::mask(bits)); });
    part_->set(t, vars_[k++].id, 1);
    P::outputs([&](const char*, auto f, unsigned bits, auto) { put(t, k++, static_cast<uint64_t>(r.*f) & pins::mask(bits)); });
    busy_ = true;
    end_ = t + period_ps_;
  }

 private:
  struct Var {
    uint32_t id;
    unsigned bits;
  };
  void put(uint64_t t, size_t k, uint64_t v) { part_->set(t, vars_[k].id, v); }
  void off(uint64_t t) {
    for (const Var& v : vars_) part_->set(t, v.id, 0);
    busy_ = false;
  }

  wave::Part* part_ = nullptr;
  std::vector<Var> vars_;
  uint64_t period_ps_;
  bool busy_ = false;
  uint64_t end_ = 0;
};

// One algorithm (RpAlgo, NpAlgo, CpAlgo: process() and the CSRs) behind the interface.
template <class Algo, class P>
class RefEngine final : public Engine<typename P::Event, typename P::Result> {
 public:
  using Event = typename P::Event;
  using Result = typename P::Result;
  RefEngine(uint32_t n, const TraceSpec& t) : a_(n), view_(t) {}
  Result process(const Event& ev, double at_ns) override {
    const Result r = a_.process(ev);
    view_.draw(ev, r, at_ns);
    return r;
  }
  void csr_write(uint8_t addr, uint32_t v, double) override { a_.csr_write(addr, v); }
  uint32_t csr_read(uint8_t addr, double) override { return a_.csr_read(addr); }
  size_t flow_state_bytes() const override {
    if constexpr (requires(const Algo& a) { a.flow_state_bytes(); }) return a_.flow_state_bytes();
    else return 0;
  }

 private:
  Algo a_;
  RefView<P> view_;
};

}  // namespace

std::unique_ptr<RpEngine> make_rp(EngineKind k, uint32_t flows, const TraceSpec& t) {
  if (k == EngineKind::RTL) return make_rp_rtl(flows, t);
  return std::make_unique<RefEngine<RpAlgo, pins::Rp>>(flows, t);
}
std::unique_ptr<NpEngine> make_np(EngineKind k, uint32_t flows, const TraceSpec& t) {
  if (k == EngineKind::RTL) return make_np_rtl(flows, t);
  return std::make_unique<RefEngine<NpAlgo, pins::Np>>(flows, t);
}
std::unique_ptr<CpEngine> make_cp(EngineKind k, uint32_t queues, const TraceSpec& t) {
  if (k == EngineKind::RTL) return make_cp_rtl(queues, t);
  return std::make_unique<RefEngine<CpAlgo, pins::Cp>>(queues, t);
}

}  // namespace dcqcn::net
