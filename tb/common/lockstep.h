// SPDX-License-Identifier: MIT
// The lock-step skeleton shared by every bench (tb/lockstep_*.cpp): one Verilated block
// (tb/common/lockstep_dut.h, clocked by verilator/dut.h) and its cycle-accurate reference
// model get the same inputs every cycle; every output is compared; the first mismatch
// ends the run with a report. A bench plugs in what is block-specific: the stimulus, the
// bookkeeping and coverage between the compare and the edge, and the model's step
// arguments (coverage counters, traces).
//
// Two layers. LockstepRun is the harness of a run, whatever the block's pins: the DUT and
// its waveform, the cycle count, the failure story with its waveform window, the end of
// the run (coverage table, summary line with events/s). Lockstep adds the blocks with the
// event/result pins of verilator/pins.h (RP, NP, CP, scheduler): low(in) drives both and
// evaluates the low half (the DUT's outputs and the model's outputs() now show this
// cycle), same() compares them, high(...) is the rising edge of both. A bench with pins of
// its own (the NIC top) drives and compares them itself and uses LockstepRun directly.
//
// Failures. Every way a bench fails goes through report_failure (harness.h): a mismatch
// (mismatch()), a check of the bench's own (fail()) and missing coverage (finish()) print
// the same story with the seed and the reproduce command. After a mismatch or a check
// the run is replayed from the seed (lockstep_main) with the trace on for the cycles
// around the failure only (--window), and the traced run goes on --window idle cycles
// past the failing one, so the waveform shows what came next. The last line a bench
// prints is its verdict: "<bench>: PASS" or "<bench>: FAIL (...)" (lockstep_main).
#pragma once
#include <array>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "harness.h"
#include "lockstep_dut.h"
#include "pins.h"

namespace dcqcn::tb {

// The harness of one lock-step run of the Verilated model VM.
template <class VM>
class LockstepRun {
 public:
  // name: the bench ("rp"), as its lines start; size: "NUM_FLOWS=16", in the stories.
  LockstepRun(const Options& o, const char* name, std::string size)
      : opt_(o),
        name_(name),
        size_(std::move(size)),
        dut_("TOP", static_cast<int>(o.seed & 0x7fffffff),
             TraceSpec{o.vcd, o.trace_from, o.trace_to, o.clock_ps}),
        t0_(std::chrono::steady_clock::now()) {}

  const Options& opt() const { return opt_; }
  VM& dut() { return dut_.m(); }
  const VM& dut() const { return dut_.m(); }
  uint64_t cycle() const { return dut_.cycle(); }
  bool in_cycle() const { return in_cycle_; }

  // How a traced run goes on past a failure (the waveform's --window): `failing_edge`
  // ends the failing cycle (its own low half first if the failure was found between
  // cycles) with edge(..., true) and the model's step; `idle_cycle` clocks one cycle with
  // no input of the DUT and the model. Set by the owner before the first cycle.
  void on_failure_window(std::function<void()> failing_edge, std::function<void()> idle_cycle) {
    failing_edge_ = std::move(failing_edge);
    idle_cycle_ = std::move(idle_cycle);
  }

  // The window of a bench with pins of its own: drive(In) sets the DUT's inputs,
  // step(In) is the model's edge, last_in holds the failing cycle's inputs and events the
  // bench's count (both read when the window runs); the cycles after it are idle (In{}).
  template <class In, class Drive, class Step>
  void idle_failure_window(In& last_in, const uint64_t& events, Drive drive, Step step) {
    on_failure_window(
        [this, &last_in, &events, drive, step] {
          if (!in_cycle()) {  // found after an edge: the failing cycle's low half, idle
            last_in = In{};
            drive(last_in);
            low();
          }
          edge(0, events, true);
          step(last_in);
        },
        [this, &events, drive, step] {
          const In idle{};
          drive(idle);
          low();
          edge(0, events);
          step(idle);
        });
  }

  // The DUT's low half (its inputs already set by the caller).
  void low() {
    in_cycle_ = true;
    dut_.low();
  }
  // The DUT's rising edge, with the bench's values for the waveform's "tb" scope.
  void edge(uint32_t now_ns, uint64_t events, bool failing = false) {
    dut_.high(ProbeValues{dut_.cycle(), now_ns, events, failing});
    in_cycle_ = false;
  }

  // A failure at this cycle after `events` events: the story (unless this run is the
  // replay), the traced run continued to the window's end, the waveform closed. Returns 1.
  int failure(FailKind kind, uint64_t events, const std::string& inputs, const std::vector<Diff>& d,
              const std::string& check, bool injected) {
    const uint64_t at = cycle();
    last_failure() = {true, kind, at, std::string(to_string(kind)) + " at cycle " + std::to_string(at)};
    if (!opt_.replay) {
      Story s;
      s.kind = kind;
      s.cycle = at;
      s.events = events;
      s.event = inputs;
      s.diffs = d;
      s.check = check;
      s.injected = injected;
      s.size = size_;
      report_failure(opt_, s);
    }
    if (dut_.traced() && failing_edge_) {
      failing_edge_();  // the failing cycle's edge (marked tb.mismatch)
      while (cycle() <= at + opt_.window && cycle() <= dut_.spec().to) idle_cycle_();
    }
    end_trace();
    return 1;
  }

  // The end of a run: the coverage table (with --quiet only when something was missed),
  // the summary line scripts read ("<name>: N events, C cycles, 0 mismatches, X events/s
  // (<size>)"), and the exit code: 1 when a coverpoint was never hit, with the story.
  // full_coverage_events: what the bench needs at this size (docs/verification.md).
  int finish(const Coverage& cov, uint64_t events, uint64_t full_coverage_events) {
    if (opt_.replay) {  // a replay that did not fail: lockstep_main says so
      end_trace();
      return 0;
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    const std::vector<std::string> missed = cov.missed();
    if (!opt_.quiet || !missed.empty()) cov.report(stdout);
    std::printf("%s: %" PRIu64 " events, %" PRIu64 " cycles, 0 mismatches, %.0f events/s (%s)\n",
                name_, events, cycle(), secs > 0 ? static_cast<double>(events) / secs : 0.0,
                size_.c_str());
    end_trace();
    if (missed.empty()) return 0;
    Story s;
    s.kind = FailKind::Coverage;
    s.cycle = cycle();
    s.events = events;
    s.missed = missed;
    s.coverpoints = cov.size();
    s.full_coverage_events = full_coverage_events;
    s.size = size_;
    last_failure() = {true, FailKind::Coverage, cycle(),
                      "coverage: " + std::to_string(missed.size()) + " of " +
                          std::to_string(cov.size()) + " coverpoints never hit in " +
                          std::to_string(events) + " events"};
    return report_failure(opt_, s);
  }

 private:
  // Closes the waveform and prints what it holds; throws when it could not be written.
  void end_trace() {
    if (!dut_.traced() || trace_closed_) return;
    trace_closed_ = true;
    const uint64_t bytes = dut_.close();
    dut_.check_written();
    const auto& t = dut_.spec();
    if (dut_.dumped() == 0) {
      std::printf("%s: waveform %s: empty: the run ended at cycle %" PRIu64
                  ", before the window's first cycle %" PRIu64 "\n",
                  name_, t.path.c_str(), cycle(), t.from);
    } else {
      std::printf("%s: waveform %s: cycles %" PRIu64 "..%" PRIu64 " (%" PRIu64
                  " cycles of %.3f ns, t = %s..%s), %.2f MB\n",
                  name_, t.path.c_str(), dut_.first_dumped(), dut_.last_dumped(), dut_.dumped(),
                  static_cast<double>(t.clock_ps) / 1000.0,
                  cycle_time(opt_, dut_.first_dumped()).c_str(),
                  cycle_time(opt_, dut_.last_dumped() + 1).c_str(),
                  static_cast<double>(bytes) / 1e6);
    }
    std::fflush(stdout);
  }

  const Options opt_;
  const char* name_;
  const std::string size_;
  LockstepDut<VM> dut_;
  bool trace_closed_ = false;
  bool in_cycle_ = false;  // low() done, edge() not yet
  std::function<void()> failing_edge_, idle_cycle_;
  std::chrono::steady_clock::time_point t0_;
};

// A block with the event/result pins of verilator/pins.h (P) against its model.
template <class P, class VM, class Model>
class Lockstep : public LockstepRun<VM> {
  using Run = LockstepRun<VM>;

 public:
  using Event = typename P::Event;
  using Result = typename P::Result;
  using In = ModelIn<Event>;
  using Out = ModelOut<Result>;

  // name: the bench ("rp"), as the summary line starts; model_args: the model's size.
  template <class... A>
  Lockstep(const Options& o, const char* name, A&&... model_args)
      : Run(o, name, size_label()), ref_(std::forward<A>(model_args)...) {
    Run::on_failure_window(
        [this] {
          In idle{};
          idle.out_ready = true;
          if (!Run::in_cycle()) low(idle);  // found after an edge (a check on the model's trace)
          edge(true);
          ref_.step(in_);
        },
        [this] {
          In idle{};
          idle.out_ready = true;
          low(idle);
          edge();
          ref_.step(idle);
        });
  }

  const Model& ref() const { return ref_; }
  uint64_t events() const { return events_; }  // accepted by the block so far

  // Coverpoint "backpressure_stall" in cov: a result held (m_out_valid, m_out_ready low).
  void watch_backpressure(Coverage& cov) {
    cov.define("backpressure_stall", "m_out_valid with m_out_ready low");
    bp_cov_ = &cov;
  }

  // From now on same() also requires the DUT's m_out_* data to be 0 in every cycle
  // with m_out_valid 0 (docs/CONVENTIONS.md); a violation fails as a check.
  void require_quiet_outputs() { quiet_outputs_ = true; }

  // Both get `in`; the low half is evaluated. Returns the model's outputs for this cycle.
  const Out& low(const In& in) {
    in_ = in;
    pins::drive<P>(Run::dut(), in);
    Run::low();
    out_ = ref_.outputs(in);
    if (bp_cov_ && out_.out_valid && !in.out_ready && !in.rst) bp_cov_->hit("backpressure_stall");
    return out_;
  }

  // The DUT's outputs against the model's: s_evt_ready, m_out_valid, csr_rdata, and the
  // m_out_* fields when either side shows a result (always with results_always: the
  // model shows the same data while not valid too), and with require_quiet_outputs()
  // m_out_* = 0 while m_out_valid is 0. False on a difference (see mismatch()).
  // Before the first edge the DUT shows its X-initial values: nothing is compared.
  bool same(bool results_always = false) {
    const uint64_t cycle = Run::cycle();
    if (cycle == 0) return true;
    const Options& o = Run::opt();
    if (o.inject_mismatch && !injected_ && cycle >= o.inject_mismatch) {
      injected_ = true;  // --inject-mismatch: what the reference shows is wrong from here
      out_.csr_rdata ^= 1;
      inject_cycle_ = cycle;
    }
    const VM& m = Run::dut();
    const bool results = results_always || out_.out_valid || m.m_out_valid;
    results_compared_ = results;
    quiet_bad_ = quiet_outputs_ && !m.m_out_valid && !quiet(m);
    return m.s_evt_ready == out_.evt_ready && m.m_out_valid == out_.out_valid &&
           m.csr_rdata == out_.csr_rdata && (!results || pins::result<P>(m) == out_.out) &&
           !quiet_bad_;
  }

  // The rising edge: the DUT's and the model's (model_step_args go to Model::step).
  template <class... A>
  void high(A&&... model_step_args) {
    edge();
    ref_.step(in_, std::forward<A>(model_step_args)...);
  }

  // The report of a failed compare (every signal, the differing ones marked by the
  // harness) plus the bench's own checks (extra); returns the exit code. A failure
  // found only by the extra rows (the DUT and the model agree) is a check.
  int mismatch(const std::string& inputs, const std::vector<Diff>& extra = {}) {
    const VM& m = Run::dut();
    std::vector<Diff> d{{"s_evt_ready", m.s_evt_ready, out_.evt_ready},
                        {"m_out_valid", m.m_out_valid, out_.out_valid},
                        {"csr_rdata", m.csr_rdata, out_.csr_rdata}};
    P::outputs([&](const char* name, auto field, unsigned, auto pin) {
      d.push_back({name, static_cast<uint64_t>(pin(m)), static_cast<uint64_t>(out_.out.*field),
                   results_compared_});
    });
    bool differ = false;
    for (const Diff& x : d) differ = differ || (x.compared && x.rtl != x.ref);
    std::string check;
    if (quiet_bad_) {  // the rows: each m_out field that is not 0, against the 0 it must be
      check = "m_out data not 0 while m_out_valid is 0";
      P::outputs([&](const char* name, auto, unsigned, auto pin) {
        const auto v = static_cast<uint64_t>(pin(m));
        if (v != 0) d.push_back({std::string(name) + " (quiet)", v, 0});
      });
    }
    for (const Diff& x : extra)
      if (x.rtl != x.ref) check += (check.empty() ? "" : ", ") + x.signal;
    d.insert(d.end(), extra.begin(), extra.end());
    return failure(differ ? FailKind::Mismatch : FailKind::Check, inputs, d, check);
  }
  // A failed check of the bench's own (the DUT and the model agree): what it found.
  int fail(const std::string& inputs, const std::vector<Diff>& d, const std::string& check) {
    return failure(FailKind::Check, inputs, d, check);
  }

 private:
  // The edge, with the bench's values for the waveform's "tb" scope.
  void edge(bool failing = false) {
    if (!in_.rst && in_.evt_valid) now_ns_ = in_.evt.now_ns;
    Run::edge(now_ns_, events_, failing);
    if (!in_.rst && in_.evt_valid && out_.evt_ready) ++events_;
  }

  int failure(FailKind kind, const std::string& inputs, const std::vector<Diff>& d,
              const std::string& check) {
    const bool injected = injected_ && inject_cycle_ == Run::cycle() && kind == FailKind::Mismatch;
    return Run::failure(kind, events_, inputs, d, check, injected);
  }

  // Every m_out_* field of the DUT is 0.
  static bool quiet(const VM& m) {
    bool zero = true;
    P::outputs([&](const char*, auto, unsigned, auto pin) { zero = zero && pin(m) == 0; });
    return zero;
  }

  // "NUM_FLOWS=16": the bench's size (DUT_SIZE, set by tb/CMakeLists.txt).
  static std::string size_label() {
    return std::string(P::kIndex == std::string("flow") ? "NUM_FLOWS=" : "NUM_QUEUES=") +
           std::to_string(DUT_SIZE);
  }

  Model ref_;
  In in_{};
  Out out_{};
  uint64_t events_ = 0, inject_cycle_ = 0;
  uint32_t now_ns_ = 0;
  bool injected_ = false, results_compared_ = true;
  bool quiet_outputs_ = false, quiet_bad_ = false;  // require_quiet_outputs(); a violation
  Coverage* bp_cov_ = nullptr;
};

// main() of a bench: the options, the bench's run(), 2 on an exception (its message on
// stderr). After a mismatch or a check, unless the run was traced or --fail-vcd none: the
// same run again from the seed (a Bench built from the same options replays it cycle for
// cycle), traced for cycles C-W..C+W only, into fail_vcd_path(); the replay must fail at
// the same cycle. The last line is the verdict: "<name>: PASS" (exit 0) or
// "<name>: FAIL (<what>, seed S)" (exit 1; exit 2 on an error, with its message).
template <class Bench>
int lockstep_main(int argc, char** argv, const char* name) {
  const Options o = parse_options(argc, argv, name, kTraceExt);
  std::string error;
  auto run = [&](const Options& opt) {
    try {
      Bench b(opt);
      return b.run();
    } catch (const dcqcn::RtlCheckFailed& e) {
      // an RTL simulation check ($fatal) failed: a failure at that cycle, replayed for its
      // waveform like a mismatch (the Bench, and its trace, are closed by then)
      std::printf("%s: FAIL (RTL check) at cycle %llu, seed %llu: %s\n", name,
                  static_cast<unsigned long long>(e.cycle()), static_cast<unsigned long long>(opt.seed),
                  e.what());
      last_failure() = FailureAt{true, FailKind::Check, e.cycle(), "RTL check at cycle " + std::to_string(e.cycle())};
      return 1;
    } catch (const std::exception& e) {
      error = e.what();
      return 2;
    }
  };
  const auto seed = static_cast<unsigned long long>(o.seed);
  auto verdict = [&](int rc, const FailureAt& f) {
    std::fflush(stdout);
    if (rc == 0)
      std::printf("%s: PASS\n", name);
    else if (rc == 2)
      std::fprintf(stderr, "%s: FAIL (error: %s)\n", name, error.c_str());
    else
      std::printf("%s: FAIL (%s, seed %llu)\n", name, f.set ? f.what.c_str() : "exit 1", seed);
    std::fflush(stdout);
    return rc;
  };
  FailureAt& last = last_failure();
  const int rc = run(o);
  const FailureAt f = last;
  if (rc != 1 || !f.set || f.kind == FailKind::Coverage || !o.vcd.empty() || o.fail_vcd == "none")
    return verdict(rc, f);
  Options r = o;
  r.vcd = fail_vcd_path(o);
  r.trace_from = f.cycle > o.window ? f.cycle - o.window : 0;
  r.trace_to = f.cycle + o.window;
  r.replay = true;
  std::printf("%s: replaying seed %llu for the waveform of cycles %llu..%llu\n", name, seed,
              static_cast<unsigned long long>(r.trace_from),
              static_cast<unsigned long long>(r.trace_to));
  std::fflush(stdout);
  last = FailureAt{};
  if (run(r) == 2) {  // the failure stands; the replay's waveform could not be made
    std::printf("%s: the replay for the waveform failed: %s\n", name, error.c_str());
    return verdict(rc, f);
  }
  if (!last.set || last.kind != f.kind || last.cycle != f.cycle)
    std::printf("%s: the replay did not fail at cycle %llu (%s): the run is not deterministic;"
                " the waveform shows the replay, not the failure\n",
                name, static_cast<unsigned long long>(f.cycle),
                last.set ? ("it failed at cycle " + std::to_string(last.cycle)).c_str()
                         : "it passed");
  return verdict(rc, f);
}

}  // namespace dcqcn::tb
