// SPDX-License-Identifier: MIT
// The merged waveform of a network run (dcqcn-sim --vcd FILE.vcd|FILE.fst), written while
// the simulation runs.
//
// Each traced block instance ("h3.rp") and the network ("net") is a Part: its value
// changes arrive in VCD text, either from Verilator's VCD tracer (the RTL engines: the
// tracer writes into a Part through a VerilatedVcdFile, no file on disk) or from set()
// (the reference engines' transaction view, the network signals). A part's times only
// increase, but two parts are not in step (each RTL call's cycles are laid out from its
// own simulated time), so the Wave keeps each part's pending text and, on advance(T),
// emits every change before T in time order into the one output file: VCD text, or FST
// through the FST writer library that Verilator's FST tracing uses (gtkwave/fstapi.c).
// The decoding and the writing run in a thread of their own (see put_block()).
//
// Scopes: a part's name is split at '.' into nested scopes ("h3.rp" -> h3 / rp), so the
// GTKWave path of a block's port is h3.rp.s_evt_flow, the name --trace-filter takes. An RTL
// part holds the block's ports (depth 1) and, under "rtl", the RTL hierarchy (depth 2..).
#pragma once
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace dcqcn::wave {

struct WaveOptions {
  std::string path;  // FILE.vcd or FILE.fst (the suffix picks the format)
  // Window of simulated time (ps) that is written: changes before from_ps are folded into
  // the values shown at from_ps; nothing after to_ps is written.
  uint64_t from_ps = 0;
  uint64_t to_ps = std::numeric_limits<uint64_t>::max();
  // 0: every signal; 1: the blocks' ports only; N: the ports and N-1 levels of each
  // block's RTL hierarchy (2 = the block module's own signals).
  int depth = 0;
};

class Wave;

class Part {
 public:
  // Own signals (before the first advance()): a signal `name` of `bits` bits in the
  // sub-scope `sub` of this part ("" = the part's own scope, "p2_to_r" = one below).
  uint32_t add_var(const std::string& sub, const std::string& name, unsigned bits);
  // The value of an own signal from time t_ps on (t_ps never decreases within a part).
  void set(uint64_t t_ps, uint32_t var, uint64_t value);
  // Verilator's VCD text, as its tracer writes it.
  void text(const char* p, size_t n);
  const std::string& name() const { return name_; }

 private:
  friend class Wave;
  struct Decl {
    std::vector<std::string> scope;  // relative to the part
    std::string name, range;         // range: "[31:0]" or ""
    unsigned bits = 1;
    uint32_t code = 0;               // the part-local identifier, decoded
    int depth = 1;
  };
  Part(Wave* w, std::string name, bool own) : w_(w), name_(std::move(name)), own_(own) {}
  void parse_header_text(const std::string& hdr);
  void index_times(size_t from);
  void emit_block(const char* s, size_t n) const;  // one time block's changes, to the output

  Wave* w_;
  std::string name_;
  bool own_;
  bool header_done_ = false;
  std::vector<Decl> decls_;
  std::vector<int32_t> map_;        // local code -> global signal (-1: not written)
  std::vector<unsigned> bits_;      // local code -> width
  std::string buf_;                 // pending text
  size_t head_ = 0;                 // start of the first pending time block in buf_
  std::vector<std::pair<uint64_t, size_t>> times_;  // pending blocks: (time, offset)
  size_t next_time_ = 0;            // first entry of times_ not yet emitted
  size_t scanned_ = 0;              // buf_ scanned for '#' up to here
  size_t counted_ = 0;              // written bytes at the head of buf_ already taken off pending_
  // own parts
  uint64_t last_t_ = 0;
  bool any_t_ = false;
  std::vector<uint64_t> before_;    // values set before the window (own parts)
  std::vector<bool> before_set_;
};

class Wave {
 public:
  explicit Wave(const WaveOptions& o);  // throws std::runtime_error if FILE cannot be written
  ~Wave();
  Wave(const Wave&) = delete;
  Wave& operator=(const Wave&) = delete;

  // A part for Verilator's text (own = false) or for own signals (own = true).
  Part* part(const std::string& name, bool own);
  // Called before each advance() to flush buffered tracer output into the parts.
  void on_flush(std::function<void()> f) { flushers_.push_back(std::move(f)); }
  // Every part has all its changes before t_ps: write them. Cheap when little is pending.
  void advance(uint64_t t_ps);
  // End of run: write everything and close the file. Returns the file size in bytes.
  uint64_t finish();
  const WaveOptions& options() const { return o_; }
  bool fst() const { return fst_; }
  // Every signal written: its full path as GTKWave names it ("h3.rp.s_evt_flow[31:0]").
  std::vector<std::string> signal_names() const;

 private:
  friend class Part;
  void write_header();
  void time(uint64_t t);
  void change(int32_t sig, const char* val, size_t len, char kind);
  void flush_out();
  void check_fst();  // throws if the FST library failed a write since fst_errors_
  // The writer thread: advance() copies each time block's text, in time order, into a
  // batch; the thread decodes the batches and writes them (FST packing and compression,
  // or VCD text), so that the simulation goes on meanwhile. Batches are written in the
  // order they were made: the file is the same as with one thread.
  void put_block(uint64_t t, const Part* p, const char* s, size_t n);
  void submit();      // the batch being filled, to the thread (waits while it is behind)
  void stop_writer(); // the last batch, then the thread ends
  void writer_loop();

  WaveOptions o_;
  bool fst_ = false;
  void* fst_ctx_ = nullptr;
  FILE* vcd_ = nullptr;
  std::vector<std::unique_ptr<Part>> parts_;
  std::vector<std::function<void()>> flushers_;
  bool header_written_ = false, finished_ = false;
  std::vector<std::string> sig_id_;   // VCD identifier of each global signal
  std::vector<uint32_t> sig_handle_;  // FST handle of each global signal
  std::vector<unsigned> sig_bits_;
  std::vector<std::string> names_;
  uint64_t cur_t_ = 0;
  bool any_t_ = false;
  size_t pending_ = 0;  // bytes of pending text over all parts
  std::string line_;    // scratch
  std::string out_;     // VCD text not yet written
  uint64_t fst_changes_ = 0;
  uint64_t fst_errors_ = 0;  // the FST library's write errors when the file was created
  std::thread writer_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> full_;    // batches the thread has not taken yet
  std::vector<std::string> spare_;  // written batches, for reuse
  std::string batch_;               // being filled by advance()
  bool stop_ = false;
};

}  // namespace dcqcn::wave
