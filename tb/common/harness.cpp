// SPDX-License-Identifier: MIT
#include "harness.h"

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace dcqcn::tb {

namespace {

[[noreturn]] void bad_option(const char* bench, const std::string& what) {
  std::fprintf(stderr, "%s: %s\n", bench, what.c_str());
  std::exit(2);
}

// The largest --events: 10^12 (days of run time; the benches' own bounds on cycles are
// multiples of it and must not overflow 64 bits).
constexpr uint64_t kMaxEvents = 1000000000000ull;
// The largest cycle number an option may name (cycle + window stays far from 2^64).
constexpr uint64_t kMaxCycle = uint64_t{1} << 62;

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// The waveform options and their values: left out of a reproduce command that sets its own.
bool is_trace_option(const std::string& a, bool* takes_value) {
  static const char* const kOpts[] = {"--vcd", "--trace-from", "--trace-to", "--trace-around",
                                      "--window", "--fail-vcd"};
  for (const char* o : kOpts) {
    if (a == o) { *takes_value = true; return true; }
    if (a.rfind(std::string(o) + "=", 0) == 0) { *takes_value = false; return true; }
  }
  *takes_value = false;
  return a == "+trace";
}

std::string shell_quote(const std::string& a) {
  if (!a.empty() && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789_-+=./:,@%") == std::string::npos)
    return a;
  std::string q = "'";
  for (char c : a) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

uint64_t whole_number(const char* bench, const char* opt, const std::string& text, uint64_t lo,
                      uint64_t hi, const char* what) {
  uint64_t v = 0;
  const char* b = text.data();
  const char* e = b + text.size();
  const auto r = std::from_chars(b, e, v);
  std::string why;
  if (text.empty()) why = "empty";
  else if (text[0] == '-') why = "negative";
  else if (r.ec == std::errc::result_out_of_range) why = "too large";
  else if (r.ec != std::errc() || r.ptr != e) why = "not a whole number";
  else if (v < lo || v > hi) why = "out of range";
  if (why.empty()) return v;
  bad_option(bench, std::string(opt) + " '" + text + "': " + why + "; give a whole number " +
                        std::to_string(lo) + ".." + std::to_string(hi) + " (" + what + ")");
}

SeedCycles parse_seed_cycles(int argc, char** argv, const char* prog, const char* about,
                             uint64_t default_cycles) {
  std::string seed_s, cycles_s;
  CLI::App app{about, prog};
  auto* seed_o = app.add_option("--seed", seed_s, "PRNG seed, 0..2^64-1 (default 1)");
  auto* cycles_o = app.add_option("--cycles", cycles_s,
                                  "random cycles, 1..10^12 (default " + std::to_string(default_cycles) + ")");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    std::exit(app.exit(e) == 0 ? 0 : 2);
  }
  SeedCycles r;
  r.cycles = default_cycles;
  if (seed_o->count()) r.seed = whole_number(prog, "--seed", seed_s, 0, ~uint64_t{0}, "the PRNG seed");
  if (cycles_o->count())
    r.cycles = whole_number(prog, "--cycles", cycles_s, 1, 1000000000000ull, "the random cycles to run");
  return r;
}

Options parse_options(int argc, char** argv, const char* bench, const char* trace_ext) {
  Options o;
  o.bench = bench;
  o.trace_ext = trace_ext;
  for (int i = 0; i < argc; ++i) o.argv.emplace_back(argv[i]);
  // Verilator-style plusargs are handled here, not by CLI11.
  std::vector<std::string> args;
  bool trace = false;
  for (int i = argc - 1; i >= 1; --i) {
    std::string a = argv[i];
    if (a == "+trace") { trace = true; continue; }
    if (a.rfind("+verilator+", 0) == 0) continue;
    args.push_back(a);
  }
  // Numbers are read as text and checked here (whole_number): CLI11 would wrap a negative
  // value into an unsigned one and read "2" as true.
  std::string seed_s, events_s, idle_s, bp_s, from_s, to_s, around_s, window_s, clock_s, inject_s;
  CLI::App app{std::string("lock-step test of ") + bench + " against its reference model"};
  auto* seed = app.add_option("--seed", seed_s, "PRNG seed, 0..2^64-1 (printed; replays the run; default 1)");
  auto* events = app.add_option("--events", events_s, "random events to run, 1..10^12 (default 100000)");
  auto* idle = app.add_option("--idle", idle_s, "1: random idle cycles on the input (0 or 1, default 0)");
  auto* bp = app.add_option("--bp", bp_s, "1: random back-pressure on the output (0 or 1, default 0)");
  app.add_option("--profile", o.profile, "parameter profile loaded through the CSRs");
  app.add_flag("--quiet", o.quiet, "print only the summary");
  app.add_option("--vcd", o.vcd, std::string("write a waveform to FILE (") + trace_ext +
                 "; a missing directory is created)");
  auto* from = app.add_option("--trace-from", from_s, "first cycle dumped (default 0)");
  auto* to = app.add_option("--trace-to", to_s, "last cycle dumped (default: the end)");
  auto* ar = app.add_option("--trace-around", around_s,
                            "dump cycles C-W..C+W (W = --window): a failure's window");
  auto* window = app.add_option("--window", window_s,
                                "cycles either side of a failure in its waveform (500, at most 20000)");
  auto* clock = app.add_option("--clock-ns", clock_s, "clock period of the waveform's time axis, and of now_ns's step in the wheel, scheduler and NIC top benches (3.103)");
  app.add_option("--fail-vcd", o.fail_vcd,
                 "on a failure, replay the run and write the window around it here (default "
                 "<bench>.seed<S>.fail" + std::string(trace_ext) + "; none: no replay)");
  auto* inject = app.add_option("--inject-mismatch", inject_s,
                 "flip bit 0 of the reference's csr_rdata at this cycle (tests the failure path)");
  app.add_option("--pcap", o.pcap,
                 "frame benches (docs/frames.md): write the whole frames the RTL produced here (pcap)");
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    std::exit(app.exit(e) == 0 ? 0 : 2);
  }
  if (seed->count()) o.seed = whole_number(bench, "--seed", seed_s, 0, ~uint64_t{0}, "the PRNG seed");
  if (events->count())
    o.events = whole_number(bench, "--events", events_s, 1, kMaxEvents, "the random events to run");
  if (idle->count())
    o.idle = whole_number(bench, "--idle", idle_s, 0, 1, "1: random idle cycles on the input") == 1;
  if (bp->count())
    o.backpressure = whole_number(bench, "--bp", bp_s, 0, 1, "1: random back-pressure on the output") == 1;
  if (from->count()) o.trace_from = whole_number(bench, "--trace-from", from_s, 0, kMaxCycle, "a cycle");
  if (to->count()) o.trace_to = whole_number(bench, "--trace-to", to_s, 0, kMaxCycle, "a cycle");
  uint64_t around = 0;
  if (ar->count()) around = whole_number(bench, "--trace-around", around_s, 0, kMaxCycle, "a cycle");
  if (window->count())
    o.window = whole_number(bench, "--window", window_s, 1, 20000,
                            "cycles either side: a window of 2W+1 cycles; the largest is ~100 MB of VCD");
  if (inject->count())
    o.inject_mismatch = whole_number(bench, "--inject-mismatch", inject_s, 1, kMaxCycle, "a cycle");
  double clock_ns = 3.103;
  if (clock->count()) {
    char* end = nullptr;
    clock_ns = std::strtod(clock_s.c_str(), &end);
    if (clock_s.empty() || *end != '\0' || !(clock_ns >= 0.002 && clock_ns <= 1e6))
      bad_option(bench, "--clock-ns '" + clock_s +
                            "': give a period between 0.002 and 1e6 ns (default 3.103)");
  }
  if (trace && o.vcd.empty()) o.vcd = std::string(bench) + trace_ext;
  const bool fst = std::string(trace_ext) == ".fst";
  const std::string other = fst ? ".vcd" : ".fst";
  // the same bench in the other format: <exe>_fst writes FST, <exe> VCD
  std::string twin = argv[0];
  if (fst && ends_with(twin, "_fst")) twin.resize(twin.size() - 4);
  else if (!fst) twin += "_fst";
  auto check_ext = [&](const char* opt, const std::string& f) {
    if (ends_with(f, trace_ext)) return;
    if (ends_with(f, other))
      bad_option(bench, std::string(opt) + " " + f + ": this build writes " + trace_ext +
                            " only; name the file *" + trace_ext + ", or run " + twin +
                            (fst ? "" : " (cmake --build build --target " +
                                            twin.substr(twin.find_last_of('/') + 1) + ")"));
    bad_option(bench, std::string(opt) + " " + f + ": the file name must end in " + trace_ext);
  };
  if (!o.vcd.empty()) check_ext("--vcd", o.vcd);
  if (!o.fail_vcd.empty() && o.fail_vcd != "none") check_ext("--fail-vcd", o.fail_vcd);
  if (o.vcd.empty() && (from->count() || to->count() || ar->count()))
    bad_option(bench, "--trace-from, --trace-to and --trace-around need --vcd FILE");
  if (ar->count() && (from->count() || to->count()))
    bad_option(bench, "--trace-around C sets the window C-W..C+W; give it or --trace-from/--trace-to, not both");
  if (ar->count()) {
    o.trace_from = around > o.window ? around - o.window : 0;
    o.trace_to = around + o.window;
  }
  if (o.trace_from > o.trace_to)
    bad_option(bench, "--trace-from " + std::to_string(o.trace_from) + " is after --trace-to " +
                          std::to_string(o.trace_to));
  o.clock_ps = static_cast<uint64_t>(std::llround(clock_ns * 1000.0));
  std::printf("%s: seed=%llu events=%llu idle=%d bp=%d profile=%s", bench,
              static_cast<unsigned long long>(o.seed),
              static_cast<unsigned long long>(o.events), o.idle, o.backpressure,
              o.profile.c_str());
  if (!o.vcd.empty()) {
    std::printf(" vcd=%s cycles=%llu..", o.vcd.c_str(),
                static_cast<unsigned long long>(o.trace_from));
    if (o.trace_to != ~uint64_t{0})
      std::printf("%llu", static_cast<unsigned long long>(o.trace_to));
    else
      std::printf("end");
    std::printf(" clock=%.3fns", static_cast<double>(o.clock_ps) / 1000.0);
  }
  if (o.inject_mismatch)
    std::printf(" inject-mismatch=%llu", static_cast<unsigned long long>(o.inject_mismatch));
  std::printf("\n");
  std::fflush(stdout);
  return o;
}

const char* to_string(FailKind k) {
  switch (k) {
    case FailKind::Mismatch: return "mismatch";
    case FailKind::Check: return "check";
    case FailKind::Coverage: return "coverage";
  }
  return "?";
}

FailureAt& last_failure() {
  static FailureAt f;
  return f;
}

std::string fail_vcd_path(const Options& o) {
  if (!o.fail_vcd.empty()) return o.fail_vcd;
  std::string exe = o.argv.empty() ? o.bench : o.argv[0];
  const size_t slash = exe.find_last_of('/');
  if (slash != std::string::npos) exe = exe.substr(slash + 1);
  return exe + ".seed" + std::to_string(o.seed) + ".fail" + o.trace_ext;
}

std::string cycle_time(const Options& o, uint64_t cycle) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f us",
                static_cast<double>(cycle) * static_cast<double>(o.clock_ps) * 1e-6);
  return buf;
}

std::string repro_command(const Options& o, const Story& s) {
  std::string cmd;
  const bool at_cycle = s.kind != FailKind::Coverage;
  for (size_t i = 0; i < o.argv.size(); ++i) {
    bool takes_value = false;
    if (at_cycle && i > 0 && is_trace_option(o.argv[i], &takes_value)) {
      if (takes_value) ++i;
      continue;
    }
    cmd += (i ? " " : "") + shell_quote(o.argv[i]);
  }
  if (at_cycle) {
    std::string file = o.vcd.empty() ? fail_vcd_path(o) : o.vcd;
    if (file == "none") file = o.bench + ".fail" + o.trace_ext;
    cmd += " --vcd " + shell_quote(file) + " --trace-around " + std::to_string(s.cycle) +
           " --window " + std::to_string(o.window);
  }
  return cmd;
}

int report_failure(const Options& o, const Story& s) {
  const char* b = o.bench.c_str();
  const auto seed = static_cast<unsigned long long>(o.seed);
  if (s.kind == FailKind::Coverage) {
    std::printf("%s: FAIL (coverage): %zu of %zu coverpoints never hit in %llu events, seed %llu"
                " (no mismatch, %s):",
                b, s.missed.size(), s.coverpoints, static_cast<unsigned long long>(s.events), seed,
                s.size.c_str());
    for (const auto& m : s.missed) std::printf(" %s", m.c_str());
    std::printf("\n");
    if (s.full_coverage_events)
      std::printf("  full coverage was reached from %llu events at every seed measured"
                  " (docs/verification.md, \"Events for full coverage\")\n",
                  static_cast<unsigned long long>(s.full_coverage_events));
    std::printf("%s: reproduce: %s\n", b, repro_command(o, s).c_str());
    std::fflush(stdout);
    return 1;
  }
  std::printf("%s: FAIL (%s) at cycle %llu (t = %s), after %llu events, seed %llu (%s)\n", b,
              to_string(s.kind), static_cast<unsigned long long>(s.cycle),
              cycle_time(o, s.cycle).c_str(), static_cast<unsigned long long>(s.events), seed,
              s.size.c_str());
  if (s.injected)
    std::printf("  injected: --inject-mismatch %llu flipped bit 0 of the reference's csr_rdata\n",
                static_cast<unsigned long long>(o.inject_mismatch));
  if (s.kind == FailKind::Check)
    std::printf("  bench check (the RTL and the reference agree): %s\n", s.check.c_str());
  std::printf("  event: %s\n", s.event.c_str());
  for (const auto& d : s.diffs)
    std::printf("  %-20s rtl=%llu (0x%llx)  ref=%llu (0x%llx)%s\n", d.signal.c_str(),
                static_cast<unsigned long long>(d.rtl), static_cast<unsigned long long>(d.rtl),
                static_cast<unsigned long long>(d.ref), static_cast<unsigned long long>(d.ref),
                !d.compared ? "   (not compared: no result valid)" : d.rtl != d.ref ? "   <--" : "");
  std::printf("%s: reproduce (waveform of cycles %llu..%llu only): %s\n", b,
              static_cast<unsigned long long>(s.cycle > o.window ? s.cycle - o.window : 0),
              static_cast<unsigned long long>(s.cycle + o.window), repro_command(o, s).c_str());
  std::fflush(stdout);
  return 1;
}

Rng::Rng(uint64_t seed) {
  uint64_t z = seed;
  for (auto& s : s_) {  // splitmix64 expands the seed
    z += 0x9e3779b97f4a7c15ull;
    uint64_t x = z;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    s = x ^ (x >> 31);
  }
}

uint64_t Rng::next() {
  auto rotl = [](uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
  const uint64_t r = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0]; s_[3] ^= s_[1]; s_[1] ^= s_[2]; s_[0] ^= s_[3];
  s_[2] ^= t; s_[3] = rotl(s_[3], 45);
  return r;
}

void Coverage::define(const std::string& name, const std::string& what) {
  points_[name].what = what;
}

void Coverage::hit(const std::string& name, uint64_t n) {
  auto it = points_.find(name);
  if (it == points_.end()) {
    std::fprintf(stderr, "coverage: undefined coverpoint '%s' (define it first)\n", name.c_str());
    std::abort();
  }
  it->second.hits += n;
}

std::vector<std::string> Coverage::missed() const {
  std::vector<std::string> v;
  for (const auto& [name, p] : points_)
    if (!p.hits) v.push_back(name);
  return v;
}

bool Coverage::report(FILE* out) const {
  bool all = true;
  std::fprintf(out, "coverage: %zu coverpoints\n", points_.size());
  for (const auto& [name, p] : points_) {
    std::fprintf(out, "  %-28s %12llu  %s%s\n", name.c_str(),
                 static_cast<unsigned long long>(p.hits), p.what.c_str(),
                 p.hits ? "" : "   <-- NOT HIT");
    all = all && p.hits > 0;
  }
  return all;
}

}  // namespace dcqcn::tb
