// SPDX-License-Identifier: MIT
// The lock-step skeleton shared by tb/lockstep_{rp,np,cp}.cpp: one Verilated block
// (verilator/dut.h, its pins bound by verilator/pins.h) and its cycle-accurate reference
// model get the same inputs every cycle; every output is compared; the first mismatch
// ends the run with a report. A bench plugs in what is block-specific: the stimulus,
// the bookkeeping and coverage between the compare and the edge, and the model's step
// arguments (coverage counters, traces).
//
// A cycle: low(in) drives both and evaluates the low half (the DUT's outputs and the
// model's outputs() now show this cycle), same() compares them, high(...) is the rising
// edge of both.
#pragma once
#include <array>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "dut.h"
#include "harness.h"
#include "pins.h"

namespace dcqcn::tb {

template <class P, class VM, class Model>
class Lockstep {
 public:
  using Event = typename P::Event;
  using Result = typename P::Result;
  using In = ModelIn<Event>;
  using Out = ModelOut<Result>;

  // name: the bench ("rp"), as the summary line starts; model_args: the model's size.
  template <class... A>
  Lockstep(const Options& o, const char* name, A&&... model_args)
      : opt_(o),
        name_(name),
        dut_("TOP", static_cast<int>(o.seed & 0x7fffffff), o.vcd),
        ref_(std::forward<A>(model_args)...),
        t0_(std::chrono::steady_clock::now()) {}

  const Options& opt() const { return opt_; }
  const Model& ref() const { return ref_; }
  VM& dut() { return dut_.m(); }
  uint64_t cycle() const { return cycle_; }

  // Coverpoint "backpressure_stall" in cov: a result held (m_out_valid, m_out_ready low).
  void watch_backpressure(Coverage& cov) {
    cov.define("backpressure_stall", "m_out_valid with m_out_ready low");
    bp_cov_ = &cov;
  }

  // Both get `in`; the low half is evaluated. Returns the model's outputs for this cycle.
  const Out& low(const In& in) {
    in_ = in;
    pins::drive<P>(dut_.m(), in);
    dut_.low();
    out_ = ref_.outputs(in);
    if (bp_cov_ && out_.out_valid && !in.out_ready && !in.rst) bp_cov_->hit("backpressure_stall");
    return out_;
  }

  // The DUT's outputs against the model's: s_evt_ready, m_out_valid, csr_rdata, and the
  // m_out_* fields when either side shows a result (always with results_always: the
  // block holds its last result on m_out_*). False on a difference (see mismatch()).
  // Before the first edge the DUT shows its X-initial values: nothing is compared.
  bool same(bool results_always = false) {
    if (cycle_ == 0) return true;
    const VM& m = dut_.m();
    const bool results = results_always || out_.out_valid || m.m_out_valid;
    return m.s_evt_ready == out_.evt_ready && m.m_out_valid == out_.out_valid &&
           m.csr_rdata == out_.csr_rdata && (!results || pins::result<P>(m) == out_.out);
  }

  // The rising edge: the DUT's and the model's (model_step_args go to Model::step).
  template <class... A>
  void high(A&&... model_step_args) {
    dut_.high();
    ref_.step(in_, std::forward<A>(model_step_args)...);
    ++cycle_;
  }

  // The report of a failed compare (every signal, the differing ones marked by the
  // harness) plus the bench's own checks (extra); returns the exit code.
  int mismatch(const std::string& inputs, const std::vector<Diff>& extra = {}) {
    const VM& m = dut_.m();
    std::vector<Diff> d{{"s_evt_ready", m.s_evt_ready, out_.evt_ready},
                        {"m_out_valid", m.m_out_valid, out_.out_valid},
                        {"csr_rdata", m.csr_rdata, out_.csr_rdata}};
    P::outputs([&](const char* name, auto field, unsigned, auto pin) {
      d.push_back({name, static_cast<uint64_t>(pin(m)), static_cast<uint64_t>(out_.out.*field)});
    });
    d.insert(d.end(), extra.begin(), extra.end());
    return fail(inputs, d);
  }
  // A failed check of the bench's own (no DUT/model difference).
  int fail(const std::string& inputs, const std::vector<Diff>& d = {}) {
    dut_.flush();
    return report_mismatch(opt_, cycle_, inputs, d);
  }

  // The end of a run: the coverage table (with --quiet only when something was missed),
  // the summary line scripts read ("<name>: N events, C cycles, 0 mismatches, X events/s
  // (<size>)"), and the exit code: 1 when a coverpoint was never hit.
  int finish(const Coverage& cov, uint64_t events, const std::string& size) {
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    bool all = true;
    if (opt_.quiet) {
      FILE* null = std::fopen("/dev/null", "w");
      all = cov.report(null ? null : stdout);
      if (null) std::fclose(null);
      if (!all) cov.report(stdout);
    } else {
      all = cov.report(stdout);
    }
    std::printf("%s: %" PRIu64 " events, %" PRIu64 " cycles, 0 mismatches, %.0f events/s (%s)\n",
                name_, events, cycle_, secs > 0 ? static_cast<double>(events) / secs : 0.0,
                size.c_str());
    if (!all) {
      std::printf("%s: FAIL: coverpoints not hit; reproduce: %s\n", name_,
                  repro_command(opt_).c_str());
      return 1;
    }
    return 0;
  }

 private:
  const Options opt_;
  const char* name_;
  Dut<VM> dut_;
  Model ref_;
  In in_{};
  Out out_{};
  uint64_t cycle_ = 0;
  Coverage* bp_cov_ = nullptr;
  std::chrono::steady_clock::time_point t0_;
};

// main() of a bench: the options, the bench's run(), 2 on an exception.
template <class Bench>
int lockstep_main(int argc, char** argv, const char* name) {
  const Options o = parse_options(argc, argv, name);
  try {
    Bench b(o);
    return b.run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", name, e.what());
    return 2;
  }
}

}  // namespace dcqcn::tb
