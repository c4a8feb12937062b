// SPDX-License-Identifier: MIT
// Shared pieces of the lock-step testbenches: options (seed, event count, idle and
// back-pressure modes, waveform), functional coverage, the failure story and the one
// seeded PRNG of the benches and the engine tests. The lock-step skeleton that
// uses them is lockstep.h.
#pragma once
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace dcqcn::tb {

struct Options {
  std::string bench = "?";    // the block: "rp", "np", "cp" (every line the bench prints)
  uint64_t seed = 1;
  uint64_t events = 100000;   // random events to push through the block
  bool idle = false;          // random idle cycles on the input (valid low)
  bool backpressure = false;  // random ready low on the output
  std::string profile = "paper";
  bool quiet = false;
  // Waveform (tb/common/lockstep_dut.h; docs/verification.md, "Waveforms and failures").
  std::string vcd;                     // write the trace here ("" = none); +trace = <bench>.vcd
  uint64_t trace_from = 0;             // cycles dumped: trace_from..trace_to
  uint64_t trace_to = ~uint64_t{0};
  uint64_t clock_ps = 3103;            // the time axis: cycle c is drawn at c x clock_ps
  uint64_t window = 500;               // cycles either side of a failure in its waveform
  std::string fail_vcd;                // the failure's waveform (replayed); "none": no replay
  uint64_t inject_mismatch = 0;        // > 0: the reference's csr_rdata flipped at this cycle
  bool replay = false;                 // this run replays a failure for its waveform
  std::string pcap;                    // frame benches: the frames the RTL produced, as pcap
  std::string trace_ext = ".vcd";      // what this build writes: ".vcd" or ".fst" (*_fst)
  std::vector<std::string> argv;       // as given, to print the reproduce command
};

// Parses --seed N --events N --idle 0|1 --bp 0|1 --profile NAME --quiet, the waveform
// options (--vcd FILE, --trace-from C, --trace-to C, --trace-around C, --window W,
// --clock-ns P, --fail-vcd FILE|none), --inject-mismatch C and the Verilator-style
// +trace; prints the seed and the configuration on stdout. trace_ext is the file type
// the bench writes (".vcd" or ".fst"). Bad options: one line on stderr, exit 2; every
// number is a whole number in its range (--seed 0..2^64-1, --events 1..10^12, --idle and
// --bp 0..1, --window 1..20000, a cycle 0..2^62; --clock-ns 0.002..1e6), anything else
// (negative, empty, text, an exponent, too large) is refused.
Options parse_options(int argc, char** argv, const char* bench, const char* trace_ext);

// The value of a numeric option: a whole number in [lo, hi] written in decimal digits only;
// anything else (empty, a sign, text, an exponent, too large, out of range) is one line on
// stderr naming the option, the value and what would be right ("<bench>: --events '-5':
// negative; give a whole number 1..1000000000000 (<what>)"), and exit 2.
uint64_t whole_number(const char* bench, const char* opt, const std::string& text, uint64_t lo,
                      uint64_t hi, const char* what);

// The options of a standalone random test that is not a lock-step bench (csr_file_test):
// --seed N (0..2^64-1, default 1) and --cycles N (1..10^12, default default_cycles), checked
// as parse_options checks its numbers; --help prints them and exits 0, a bad option is one
// line on stderr and exit 2. (Here rather than in the test, so CLI11 compiles once.)
struct SeedCycles {
  uint64_t seed = 1;
  uint64_t cycles = 0;
};
SeedCycles parse_seed_cycles(int argc, char** argv, const char* prog, const char* about,
                             uint64_t default_cycles);

// What failed: the RTL and the reference differ (mismatch), a check of the bench's own
// on outputs both agree on (check), or the run ended with coverpoints never hit.
enum class FailKind { Mismatch, Check, Coverage };
const char* to_string(FailKind k);

// One row of a failure report: a signal name and the RTL and reference values;
// compared false: shown for information (a result field while no result is valid).
struct Diff {
  std::string signal;
  uint64_t rtl;
  uint64_t ref;
  bool compared = true;
};

// The one failure story of the three benches (report_failure prints it).
struct Story {
  FailKind kind = FailKind::Mismatch;
  uint64_t cycle = 0;                // the failing cycle (mismatch, check) or the last one
  uint64_t events = 0;               // events accepted before it
  std::string event;                 // the event concerned and the cycle's inputs
  std::vector<Diff> diffs;           // every output, the differing ones marked
  std::string check;                 // kind Check: what the bench found
  bool injected = false;             // the mismatch was made by --inject-mismatch
  std::vector<std::string> missed;   // kind Coverage: the coverpoints never hit
  size_t coverpoints = 0;
  uint64_t full_coverage_events = 0; // kind Coverage: what the bench needs (measured)
  std::string size;                  // "NUM_FLOWS=16"
};

// Prints the story: "<bench>: FAIL (<kind>) ..." with the seed, the cycle and its time,
// the event, the differing signals and the exact command that reproduces it (with a
// waveform of the window around the cycle for a mismatch or a check). Returns 1.
int report_failure(const Options& o, const Story& s);

// The command line that reproduces the run: argv as given (shell-quoted), for a failure
// at a cycle without the waveform options given and with "--vcd FILE --trace-around C
// --window W" instead.
std::string repro_command(const Options& o, const Story& s);

// The failure of the last run in this process (lockstep_main replays it).
struct FailureAt {
  bool set = false;
  FailKind kind = FailKind::Mismatch;
  uint64_t cycle = 0;
  std::string what;  // for the verdict line: "mismatch at cycle 1600"
};
FailureAt& last_failure();

// The file a failure's waveform goes to: --fail-vcd, or <argv[0] name>.seed<S>.fail<ext>.
std::string fail_vcd_path(const Options& o);

// t = cycle x clock period, as "12.345 us".
std::string cycle_time(const Options& o, uint64_t cycle);

// xoshiro256** : fast, seedable, identical on every platform.
class Rng {
 public:
  explicit Rng(uint64_t seed);
  uint64_t next();
  uint64_t below(uint64_t n) { return n ? next() % n : 0; }
  bool chance(unsigned percent) { return below(100) < percent; }
  bool permille(unsigned pm) { return below(1000) < pm; }
 private:
  uint64_t s_[4];
};

// Named coverpoints: define them all up front, hit them during the run, report at
// the end. report() returns false when any coverpoint was never hit.
class Coverage {
 public:
  void define(const std::string& name, const std::string& what);
  void hit(const std::string& name, uint64_t n = 1);
  bool report(FILE* out) const;
  size_t size() const { return points_.size(); }
  std::vector<std::string> missed() const;  // the coverpoints never hit, by name
 private:
  struct Point { std::string what; uint64_t hits = 0; };
  std::map<std::string, Point> points_;
};

}  // namespace dcqcn::tb
