// SPDX-License-Identifier: MIT
// One Verilated block as a lock-step bench runs it (tb/common/lockstep.h), with its
// waveform: its own VerilatedContext (X-initial values random, seeded), the clocking of
// verilator/dut.h, and a trace (VCD, or FST in the *_fst builds) of a window of cycles
// on a true time axis. The network simulator's RTL engines use verilator/dut.h instead.
//
// Time axis. Cycle c occupies [c x P, (c + 1) x P) with P the clock period (--clock-ns,
// default 3.103 ns, kept in whole ps): its low half (clk 0, the cycle's inputs and the
// combinational outputs they give) is drawn at c x P, its rising edge (clk 1, the
// registered outputs updated) at c x P + P / 2 (rounded down). The timescale is 1 ps.
//
// Window. Only cycles from..to (inclusive) are dumped; the model is traced (Verilator's
// activity flags) but nothing is written outside the window, so a window late in a long
// run costs little more than the untraced run.
//
// The bench's own signals (cycle, now_ns, events, mismatch) come from a second, empty
// model (tb/common/lockstep_probe.sv) traced into the same file under the scope "tb".
#pragma once
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "verilated.h"
#ifdef DCQCN_LOCKSTEP_FST
#include "verilated_fst_c.h"
#else
#include "verilated_vcd_c.h"
#endif
#pragma GCC diagnostic pop

#include "Vlockstep_probe.h"

namespace dcqcn::tb {

#ifdef DCQCN_LOCKSTEP_FST
using TraceFile = VerilatedFstC;
constexpr const char* kTraceExt = ".fst";
#else
using TraceFile = VerilatedVcdC;
constexpr const char* kTraceExt = ".vcd";
#endif

// What to trace: the file ("" = nothing), the window of cycles, the clock period.
struct TraceSpec {
  std::string path;
  uint64_t from = 0, to = ~uint64_t{0};
  uint64_t clock_ps = 3103;
};

// The bench's values of one cycle, shown under "tb".
struct ProbeValues {
  uint64_t cycle = 0;
  uint32_t now_ns = 0;
  uint64_t events = 0;
  bool mismatch = false;
};

// Creates the directory of path if missing; throws with a one-line reason otherwise.
inline void prepare_trace_path(const std::string& path) {
  const std::filesystem::path p(path);
  if (p.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(p.parent_path(), ec);
    if (ec)
      throw std::runtime_error("waveform " + path + ": cannot create directory '" +
                               p.parent_path().string() + "': " + ec.message());
  }
  FILE* f = std::fopen(path.c_str(), "w");  // Verilator's FST writer does not report this
  if (!f)
    throw std::runtime_error("waveform " + path + ": cannot open for writing: " +
                             std::error_code(errno, std::generic_category()).message());
  std::fclose(f);
}

template <class VM>
class LockstepDut {
 public:
  LockstepDut(const char* name, int seed, const TraceSpec& t)
      : ctx_(std::make_unique<VerilatedContext>()), spec_(t) {
    ctx_->randReset(2);  // X-initial: registers and RAM random until rst and the RAM clear
    ctx_->randSeed(seed);
    ctx_->timeunit(-12);
    ctx_->timeprecision(-12);
    if (!t.path.empty()) ctx_->traceEverOn(true);
    m_ = std::make_unique<VM>(ctx_.get(), name);
    if (t.path.empty()) return;
    prepare_trace_path(t.path);
    probe_ = std::make_unique<Vlockstep_probe>(ctx_.get(), "tb");
    tf_ = std::make_unique<TraceFile>();
    m_->trace(tf_.get(), 99);
    probe_->trace(tf_.get(), 99);
    tf_->set_time_unit("1ps");
    tf_->set_time_resolution("1ps");
    tf_->open(t.path.c_str());
    if (!tf_->isOpen()) throw std::runtime_error("waveform " + t.path + ": cannot open for writing");
  }

  ~LockstepDut() {
    m_->final();
    close();
  }
  LockstepDut(const LockstepDut&) = delete;
  LockstepDut& operator=(const LockstepDut&) = delete;

  VM& m() { return *m_; }
  const VM& m() const { return *m_; }
  uint64_t cycle() const { return cycle_; }
  bool traced() const { return tf_ != nullptr; }
  const TraceSpec& spec() const { return spec_; }
  // cycles dumped so far, and the first and last of them
  uint64_t dumped() const { return dumped_; }
  uint64_t first_dumped() const { return first_; }
  uint64_t last_dumped() const { return last_; }

  // clk 0: the inputs set by the caller and the combinational outputs they give.
  void low() {
    m_->clk = 0;
    m_->eval();
  }
  // The low half of the current cycle is dumped (with the bench's values p), then the
  // rising edge; the cycle count advances.
  void high(const ProbeValues& p) {
    const bool dump = tf_ && cycle_ >= spec_.from && cycle_ <= spec_.to;
    if (dump) {
      probe_->cycle = p.cycle;
      probe_->now_ns = p.now_ns;
      probe_->events = p.events;
      probe_->mismatch = p.mismatch;
      probe_->eval();
      tf_->dump(cycle_ * spec_.clock_ps);
    }
    m_->clk = 1;
    m_->eval();
    if (dump) {
      tf_->dump(cycle_ * spec_.clock_ps + spec_.clock_ps / 2);
      if (dumped_++ == 0) first_ = cycle_;
      last_ = cycle_;
    }
    ++cycle_;
  }

  void flush() {
    if (tf_) tf_->flush();
  }
  // Closes the file; returns its size in bytes (0 without a trace).
  uint64_t close() {
    if (!tf_) return 0;
    if (tf_->isOpen()) tf_->close();
    std::error_code ec;
    const auto n = std::filesystem::file_size(spec_.path, ec);
    return ec ? 0 : static_cast<uint64_t>(n);
  }

 private:
  std::unique_ptr<VerilatedContext> ctx_;  // declared first: destroyed last
  std::unique_ptr<VM> m_;
  std::unique_ptr<Vlockstep_probe> probe_;
  std::unique_ptr<TraceFile> tf_;
  TraceSpec spec_;
  uint64_t cycle_ = 0, dumped_ = 0, first_ = 0, last_ = 0;
};

}  // namespace dcqcn::tb
