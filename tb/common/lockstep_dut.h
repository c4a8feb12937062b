// SPDX-License-Identifier: MIT
// One Verilated block as a lock-step bench runs it (tb/common/lockstep.h), with its
// waveform: the block clocked by dcqcn::Clocked (verilator/dut.h: its own VerilatedContext,
// X-initial values random and seeded, the one clocking the RTL engines use too), and a
// trace (VCD, or FST in the *_fst builds) of a window of cycles on a true time axis.
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
//
// Write errors. A waveform that cannot be written is an error naming the file (the bench
// exits 2): the file is test-written when it is opened (a full disk, /dev/full); a VCD
// write that fails later (the disk fills during the run) is caught by the bench's own
// VerilatedVcdFile (Verilator's would stop the process inside its writer, which hangs) at
// the next cycle; the FST writer does not report write errors, so an FST run checks at
// the end that its file system still had free space.
#pragma once
#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
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
#include "dut.h"

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

inline std::string errno_text(int e) { return std::error_code(e, std::generic_category()).message(); }

// Creates the directory of path if missing and test-writes the file; throws with a
// one-line reason otherwise.
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
  if (!f) throw std::runtime_error("waveform " + path + ": cannot open for writing: " + errno_text(errno));
  // a byte written and flushed: a full disk (or /dev/full) fails here, not inside the writer
  if (std::fputc('\n', f) == EOF || std::fflush(f) != 0) {
    const int e = errno;
    std::fclose(f);
    throw std::runtime_error("waveform " + path + ": cannot write: " + errno_text(e));
  }
  if (std::fclose(f) != 0) throw std::runtime_error("waveform " + path + ": cannot write: " + errno_text(errno));
}

#ifndef DCQCN_LOCKSTEP_FST
// The VCD file: as Verilator's own, except that a failed write is remembered (error()) and
// the rest of the data dropped, for the bench to report, instead of a fatal error inside
// Verilator's writer.
class TraceVcdFile : public VerilatedVcdFile {
 public:
  bool open(const std::string& name) override {
    fd_ = ::open(name.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0666);
    if (fd_ < 0) err_ = errno;
    return fd_ >= 0;
  }
  void close() override {
    if (fd_ < 0) return;
    if (::close(fd_) != 0 && !err_) err_ = errno;
    fd_ = -1;
  }
  ssize_t write(const char* p, ssize_t len) override {
    ssize_t done = 0;
    while (done < len && !err_) {
      const ssize_t n = ::write(fd_, p + done, static_cast<size_t>(len - done));
      if (n > 0) done += n;
      else if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      else err_ = n < 0 ? errno : EIO;
    }
    return len;
  }
  int error() const { return err_; }

 private:
  int fd_ = -1;
  int err_ = 0;
};
#endif

template <class VM>
class LockstepDut {
 public:
  LockstepDut(const char* name, int seed, const TraceSpec& t)
      : clk_(name, seed, !t.path.empty()), spec_(t) {
    if (t.path.empty()) return;
    prepare_trace_path(t.path);
    probe_ = std::make_unique<Vlockstep_probe>(clk_.context(), "tb");
#ifdef DCQCN_LOCKSTEP_FST
    tf_ = std::make_unique<TraceFile>();
#else
    file_ = std::make_unique<TraceVcdFile>();
    tf_ = std::make_unique<TraceFile>(file_.get());
#endif
    clk_.m().trace(tf_.get(), 99);
    probe_->trace(tf_.get(), 99);
    tf_->set_time_unit("1ps");
    tf_->set_time_resolution("1ps");
    tf_->open(t.path.c_str());
    if (!tf_->isOpen()) throw std::runtime_error("waveform " + t.path + ": cannot open for writing");
  }

  ~LockstepDut() {
    clk_.final();
    close();
  }
  LockstepDut(const LockstepDut&) = delete;
  LockstepDut& operator=(const LockstepDut&) = delete;

  VM& m() { return clk_.m(); }
  const VM& m() const { return clk_.m(); }
  uint64_t cycle() const { return clk_.cycles(); }
  bool traced() const { return tf_ != nullptr; }
  const TraceSpec& spec() const { return spec_; }
  // cycles dumped so far, and the first and last of them
  uint64_t dumped() const { return dumped_; }
  uint64_t first_dumped() const { return first_; }
  uint64_t last_dumped() const { return last_; }

  // clk 0: the inputs set by the caller and the combinational outputs they give.
  void low() { clk_.low(); }
  // The low half of the current cycle is dumped (with the bench's values p), then the
  // rising edge; the cycle count advances. Throws when the waveform could not be written.
  void high(const ProbeValues& p) {
    const uint64_t cycle_ = clk_.cycles();
    const bool dump = tf_ && cycle_ >= spec_.from && cycle_ <= spec_.to;
    if (dump) {
      probe_->cycle = p.cycle;
      probe_->now_ns = p.now_ns;
      probe_->events = p.events;
      probe_->mismatch = p.mismatch;
      probe_->eval();
      tf_->dump(cycle_ * spec_.clock_ps);
    }
    clk_.high();
    if (dump) {
      tf_->dump(cycle_ * spec_.clock_ps + spec_.clock_ps / 2);
      if (dumped_++ == 0) first_ = cycle_;
      last_ = cycle_;
      check_written();
    }
  }

  void flush() {
    if (tf_) tf_->flush();
  }
  // Closes the file; returns its size in bytes (0 without a trace). Never throws: the
  // caller checks the file with check_written().
  uint64_t close() {
    if (!tf_) return 0;
    if (tf_->isOpen()) {
      tf_->close();
#ifdef DCQCN_LOCKSTEP_FST
      // the FST writer ignores write errors: a file system left without a free block
      // means the file may be cut short
      struct statvfs v {};
      const std::filesystem::path dir = std::filesystem::path(spec_.path).parent_path();
      if (::statvfs(dir.empty() ? "." : dir.c_str(), &v) == 0 &&
          (::geteuid() == 0 ? v.f_bfree : v.f_bavail) == 0)
        full_at_close_ = true;
#endif
    }
    std::error_code ec;
    const auto n = std::filesystem::file_size(spec_.path, ec);
    return ec ? 0 : static_cast<uint64_t>(n);
  }
  // Throws when the waveform could not be written (so far, or at close()).
  void check_written() const {
#ifndef DCQCN_LOCKSTEP_FST
    if (file_ && file_->error())
      throw std::runtime_error("waveform " + spec_.path + ": write failed: " + errno_text(file_->error()));
#endif
    if (full_at_close_)
      throw std::runtime_error("waveform " + spec_.path +
                               ": the file system is full: the file may be cut short");
  }

 private:
  Clocked<VM> clk_;  // declared first: destroyed last
  std::unique_ptr<Vlockstep_probe> probe_;
#ifndef DCQCN_LOCKSTEP_FST
  std::unique_ptr<TraceVcdFile> file_;  // before tf_: destroyed after it
#endif
  std::unique_ptr<TraceFile> tf_;
  TraceSpec spec_;
  uint64_t dumped_ = 0, first_ = 0, last_ = 0;
  bool full_at_close_ = false;
};

}  // namespace dcqcn::tb
