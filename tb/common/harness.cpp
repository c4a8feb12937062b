// SPDX-License-Identifier: MIT
#include "harness.h"

#include <CLI/CLI.hpp>
#include <cstdlib>

namespace dcqcn::tb {

Options parse_options(int argc, char** argv, const char* name) {
  Options o;
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
  CLI::App app{std::string("lock-step test of ") + name + " against its reference model"};
  app.add_option("--seed", o.seed, "PRNG seed (printed; replays the run)");
  app.add_option("--events", o.events, "random events to run");
  app.add_option("--idle", o.idle, "1: random idle cycles on the input");
  app.add_option("--bp", o.backpressure, "1: random back-pressure on the output");
  app.add_option("--profile", o.profile, "parameter profile loaded through the CSRs");
  app.add_option("--vcd", o.vcd, "write a VCD waveform to FILE");
  app.add_flag("--quiet", o.quiet, "print only the summary");
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    std::exit(app.exit(e) == 0 ? 0 : 2);
  }
  if (trace && o.vcd.empty()) o.vcd = std::string(name) + ".vcd";
  std::printf("%s: seed=%llu events=%llu idle=%d bp=%d profile=%s%s%s\n", name,
              static_cast<unsigned long long>(o.seed),
              static_cast<unsigned long long>(o.events), o.idle, o.backpressure,
              o.profile.c_str(), o.vcd.empty() ? "" : " vcd=", o.vcd.c_str());
  std::fflush(stdout);
  return o;
}

std::string repro_command(const Options& o) {
  std::string cmd;
  bool has_vcd = false;
  for (size_t i = 0; i < o.argv.size(); ++i) {
    if (o.argv[i] == "--vcd" || o.argv[i] == "+trace") has_vcd = true;
    cmd += (i ? " " : "") + o.argv[i];
  }
  // Events and seed are fixed by the command; add the waveform if it was not there.
  if (!has_vcd) cmd += " --vcd fail.vcd";
  return cmd;
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

int report_mismatch(const Options& o, uint64_t cycle, const std::string& inputs,
                    const std::vector<Diff>& diffs) {
  std::printf("MISMATCH at cycle %llu (seed %llu)\n  event: %s\n",
              static_cast<unsigned long long>(cycle),
              static_cast<unsigned long long>(o.seed), inputs.c_str());
  for (const auto& d : diffs)
    std::printf("  %-20s rtl=%llu (0x%llx)  ref=%llu (0x%llx)%s\n", d.signal.c_str(),
                static_cast<unsigned long long>(d.rtl), static_cast<unsigned long long>(d.rtl),
                static_cast<unsigned long long>(d.ref), static_cast<unsigned long long>(d.ref),
                d.rtl != d.ref ? "   <--" : "");
  std::printf("  reproduce with a waveform: %s\n", repro_command(o).c_str());
  return 1;
}

}  // namespace dcqcn::tb
