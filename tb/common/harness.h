// SPDX-License-Identifier: MIT
// Shared pieces of the lock-step testbenches: options (seed, event count, idle and
// back-pressure modes, waveform), functional coverage, the first-mismatch report and
// the one seeded PRNG of the benches and the engine tests. The lock-step skeleton that
// uses them is lockstep.h.
#pragma once
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace dcqcn::tb {

struct Options {
  uint64_t seed = 1;
  uint64_t events = 100000;   // random events to push through the block
  bool idle = false;          // random idle cycles on the input (valid low)
  bool backpressure = false;  // random ready low on the output
  std::string profile = "paper";
  std::string vcd;            // write a waveform here ("" = none); +trace = <name>.vcd
  bool quiet = false;
  std::vector<std::string> argv;  // as given, to print the reproduce command
};

// Parses --seed N --events N --idle 0|1 --bp 0|1 --profile NAME --vcd FILE --quiet and
// the Verilator-style +trace; prints the seed and the configuration on stdout.
Options parse_options(int argc, char** argv, const char* name);

// The command line that reproduces this run with a waveform.
std::string repro_command(const Options& o);

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
 private:
  struct Point { std::string what; uint64_t hits = 0; };
  std::map<std::string, Point> points_;
};

// One row of a mismatch report: a signal name and the RTL and reference values.
struct Diff { std::string signal; uint64_t rtl; uint64_t ref; };

// Prints cycle, seed, the inputs of the offending event, every differing signal and the
// reproduce command, then returns the exit code a failing testbench should use.
int report_mismatch(const Options& o, uint64_t cycle, const std::string& inputs,
                    const std::vector<Diff>& diffs);

}  // namespace dcqcn::tb
