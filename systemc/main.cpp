// SPDX-License-Identifier: MIT
// dcqcn-sim: the lossless network of SystemC/TLM models with the DCQCN blocks in every
// NIC and switch, on the Verilated RTL (--engine rtl, the default) or on the C++
// references (--engine ref).
//   dcqcn-sim run SCENARIO [--engine rtl|ref] [--set KEY=VALUE]... [--seed N]
//                          [--duration MS] [--sample-flows LIST] [--out DIR]
//                          [--vcd FILE.vcd|FILE.fst] [--trace-filter GLOB] [--trace-from MS]
//                          [--trace-to MS] [--trace-depth all|ports|N] [--trace-clock-ns NS]
//                          [--pcap FILE] [--pcap-links GLOB[,GLOB...]] [--quiet]
//   dcqcn-sim list
//   dcqcn-sim thresholds [--buffer-bytes B] [--ports N] [--priorities P] [--mtu-bytes M]
//                        [--rate-gbps C] [--cable-m M | --delay-us D] [--pfc-response-us T]
//                        [--beta X] [--t-flight-bytes F] [--scenario FILE]
//   dcqcn-sim fluid [SCENARIO] [--profile P] [--flows N] [--rate-gbps C] [--duration-ms D]
//                   [--sample-us S] [--start-us T,T,...] [--late-start-us T] [--tau-us T]
//                   [--step-us DT] [--mtu-bytes M] [--out DIR]
#include <systemc>

#include <CLI/CLI.hpp>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <map>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>
#include <algorithm>
#include <fnmatch.h>
#include <stdexcept>
#include <cmath>
#include <limits>

#include "fluid.h"
#include "fluid_scenario.h"
#include "network.h"
#include "profiles.h"
#include "report.h"
#include "scenario.h"
#include "thresholds.h"
#include "gtkw.h"
#include "wave.h"

namespace fs = std::filesystem;
using namespace dcqcn::net;

namespace {

std::string resolve(const std::string& s) {
  if (fs::exists(s)) return s;
  const fs::path p = fs::path(DCQCN_SCENARIO_DIR) / (s + ".yaml");
  if (fs::exists(p)) return p.string();
  return s;  // load_scenario reports "cannot open"
}

// SIGINT / SIGTERM during a run: the run stops at its next chunk boundary (network.h).
// SA_RESETHAND: a second signal ends the process at once.
volatile std::sig_atomic_t g_stop = 0;
extern "C" void on_stop_signal(int sig) { g_stop = sig; }

void catch_stop_signals() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

// A message (an exception's, a SystemC report's) on one line: its lines joined with "; ",
// SystemC's "In file: ..." source locations left out.
std::string one_line(const std::string& m) {
  std::string out;
  size_t i = 0;
  while (i <= m.size()) {
    size_t e = m.find('\n', i);
    if (e == std::string::npos) e = m.size();
    std::string l = m.substr(i, e - i);
    const size_t a = l.find_first_not_of(" \t\r");
    l = a == std::string::npos ? "" : l.substr(a, l.find_last_not_of(" \t\r") + 1 - a);
    if (!l.empty() && l.rfind("In file:", 0) != 0) out += (out.empty() ? "" : "; ") + l;
    i = e + 1;
  }
  return out;
}

// An output directory's lock: one run at a time writes into it. The lock (flock) is held
// until the process ends; the file keeps the pid of the run that holds it.
bool lock_out_dir(const std::string& dir, const char* opt) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    std::fprintf(stderr, "%s %s: cannot create the directory: %s; expected a writable directory\n", opt,
                 dir.c_str(), ec ? ec.message().c_str() : "a file of that name exists");
    return false;
  }
  const std::string lock = (fs::path(dir) / ".dcqcn-sim.lock").string();
  const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    std::fprintf(stderr, "%s %s: cannot create its lock file %s: %s; expected a writable directory\n", opt,
                 dir.c_str(), lock.c_str(), std::strerror(errno));
    return false;
  }
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    char pid[32] = {0};
    const ssize_t n = pread(fd, pid, sizeof pid - 1, 0);
    std::string who = n > 0 ? std::string(pid, static_cast<size_t>(n)) : "?";
    while (!who.empty() && (who.back() == '\n' || who.back() == ' ')) who.pop_back();
    std::fprintf(stderr, "%s %s: in use by another dcqcn-sim run (pid %s holds %s); expected a different %s "
                 "directory, or wait until that run ends\n", opt, dir.c_str(), who.c_str(), lock.c_str(), opt);
    ::close(fd);
    return false;
  }
  const std::string me = std::to_string(getpid()) + "\n";
  if (ftruncate(fd, 0) != 0 || pwrite(fd, me.data(), me.size(), 0) != static_cast<ssize_t>(me.size())) {
    std::fprintf(stderr, "%s %s: cannot write its lock file %s: %s\n", opt, dir.c_str(), lock.c_str(),
                 std::strerror(errno));
    return false;
  }
  return true;  // fd stays open: the lock lasts as long as the process
}

// Every file a run writes, by the option that names it: no two may be the same file, none
// may be the scenario itself or an existing directory. Checked before the run starts.
bool check_output_paths(const std::vector<std::pair<std::string, std::string>>& outputs, const std::string& input) {
  auto norm = [](const std::string& p) {
    std::error_code ec;
    const fs::path a = fs::weakly_canonical(fs::absolute(p), ec);
    return ec ? fs::absolute(p).lexically_normal().string() : a.string();
  };
  std::map<std::string, std::string> seen;  // normalised path -> what it is
  if (!input.empty()) seen[norm(input)] = "the scenario file";
  for (const auto& [what, path] : outputs) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::fprintf(stderr, "%s: is a directory; expected a file name\n", what.c_str());
      return false;
    }
    auto [it, fresh] = seen.emplace(norm(path), what);
    if (!fresh) {
      std::fprintf(stderr, "%s: the same file as %s; expected a different file for every output\n", what.c_str(),
                   it->second.c_str());
      return false;
    }
  }
  return true;
}

int list() {
  std::printf("scenarios (%s):\n", DCQCN_SCENARIO_DIR);
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(DCQCN_SCENARIO_DIR))
    if (e.path().extension() == ".yaml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::string desc;
    try {
      desc = load_scenario(f.string()).description;
    } catch (const ScenarioError& e) {
      desc = std::string("(invalid: ") + e.what() + ")";
    }
    std::printf("  %-28s %s\n", f.stem().c_str(), desc.c_str());
  }
  std::printf("\nprofiles:\n");
  for (const auto& p : dcqcn::profile_names()) std::printf("  %s\n", p.c_str());
  std::printf("\nparameters:\n");
  // Columns as wide as their longest entry, two blanks apart.
  size_t wk = 3, wt = 4, wd = 7, wu = 4;
  for (const SchemaKey& k : scenario_schema()) {
    wk = std::max(wk, k.key.size());
    wt = std::max(wt, k.type.size());
    wd = std::max(wd, k.default_value.size());
    wu = std::max(wu, k.unit.size());
  }
  const int ik = static_cast<int>(wk), it = static_cast<int>(wt), id = static_cast<int>(wd), iu = static_cast<int>(wu);
  std::printf("  %-*s  %-*s  %-*s  %-*s  %s\n", ik, "KEY", it, "TYPE", id, "DEFAULT", iu, "UNIT", "DESCRIPTION");
  for (const SchemaKey& k : scenario_schema())
    std::printf("  %-*s  %-*s  %-*s  %-*s  %s\n", ik, k.key.c_str(), it, k.type.c_str(), id,
                k.default_value.c_str(), iu, k.unit.c_str(), k.description.c_str());
  return 0;
}

struct ThresholdCli {
  dcqcn::analysis::ThresholdParams p;
  std::optional<double> cable_m, delay_us, t_flight;
  std::string scenario;
};

int thresholds(const ThresholdCli& c) {
  using namespace dcqcn::analysis;
  ThresholdParams p = c.p;
  if (c.cable_m) p.cable_delay_us = *c.cable_m * 5.0 / 1000.0;  // 5 ns/m in fibre
  if (c.delay_us) p.cable_delay_us = *c.delay_us;
  p.t_flight_bytes = c.t_flight;
  Thresholds t;
  try {
    t = compute_thresholds(p);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "dcqcn-sim thresholds: %s\n", e.what());
    return 2;
  }
  std::optional<Scenario> sc;
  std::vector<std::string> notes, warns;
  try {
    if (!c.scenario.empty()) {
      sc = load_scenario(resolve(c.scenario));
      check_scenario(*sc, &notes);
      warns = sc->warnings;  // the loader's and the section-4 checks: what `run` prints too
    }
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dcqcn-sim thresholds: %s\n", e.what());
    return 2;
  }
  std::printf("%s", format_thresholds(p, t).c_str());
  if (!sc) return 0;
  std::printf("\nscenario %s:\n", sc->file.c_str());
  for (const auto& n : notes) std::printf("  %s\n", n.c_str());
  for (const auto& w : warns) std::printf("warning: %s\n", w.c_str());
  if (warns.empty() && sc->sw.ecn.enabled) std::printf("  ok: ECN (Kmin) fires before PFC on every switch\n");
  return 0;
}

std::string fmt_ms(double x) {
  char b[64];
  std::snprintf(b, sizeof b, "%g", x);
  return b;
}

struct FluidCli {
  std::string scenario, profile, out = "out";
  std::optional<unsigned> flows;
  std::optional<double> rate, duration, sample, late, tau, step, mtu;
  std::vector<double> starts;
};

int fluid(const FluidCli& o) {
  using namespace dcqcn::analysis;
  FluidConfig c;
  try {
    if (!o.scenario.empty()) {
      if (o.flows || !o.starts.empty() || o.late)
        throw std::invalid_argument("--flows, --start-us and --late-start-us come from the scenario; drop them");
      const Scenario sc = load_scenario(resolve(o.scenario));
      fluid_from_scenario(sc, c);
      if (o.rate) for (auto& f : c.flows) f.line_gbps = *o.rate;
      if (o.rate) c.capacity_gbps = *o.rate;
    } else {
      const unsigned n = o.flows.value_or(2);
      if (n == 0 || n > 100000) throw std::invalid_argument("--flows must be 1..100000");
      if (o.starts.size() > n) throw std::invalid_argument("--start-us has more entries than --flows");
      if (o.late && n < 2) throw std::invalid_argument("--late-start-us needs --flows >= 2");
      c.capacity_gbps = o.rate.value_or(40);
      if (o.mtu && !(*o.mtu >= 64 && *o.mtu <= 9000 && *o.mtu == std::floor(*o.mtu)))
        throw std::invalid_argument("--mtu-bytes " + fmt_ms(*o.mtu) +
                                    ": expected an integer in 64..9000 (bytes, as the scenario key mtu_bytes)");
      c.packet_bytes = o.mtu.value_or(1000) + dcqcn::net::kRoceHeaderBytes;
      for (unsigned i = 0; i < n; ++i)
        c.flows.push_back({"h" + std::to_string(i + 1), "r", i < o.starts.size() ? o.starts[i] : 0.0, c.capacity_gbps});
      if (o.late) c.flows[1].start_us = *o.late;
      c.queue_port = n;  // hosts h1..hN on ports 0..N-1, the receiver on port N
    }
    if (!o.profile.empty() || o.scenario.empty()) {
      c.profile = o.profile.empty() ? "paper" : o.profile;
      c.m = fluid_params_from_profile(c.profile, static_cast<unsigned>(c.flows.size()));
    }
    if (o.duration) c.duration_ms = *o.duration;
    if (o.sample) c.sample_us = *o.sample;
    if (o.tau) c.tau_star_us = *o.tau;
    if (o.step) c.step_us = *o.step;
    if (!lock_out_dir(o.out, "--out")) return 2;
    const FluidResult r = run_fluid(c);
    write_fluid_outputs(c, r, o.out);
    const FluidMetrics x = fluid_metrics(c, r);
    std::printf("fluid model, profile %s, %zu flow%s, C = %g Gb/s, tau* = %g us, step %g us, %g ms\n",
                c.profile.c_str(), c.flows.size(), c.flows.size() == 1 ? "" : "s", c.capacity_gbps, c.tau_star_us,
                c.step_us, c.duration_ms);
    std::printf("%-6s %-8s %-8s %10s %12s %12s %10s\n", "flow", "src", "dst", "start_us", "2nd_half", "last_10%",
                "final");
    for (size_t i = 0; i < c.flows.size(); ++i)
      std::printf("%-6zu %-8s %-8s %10.1f %12.3f %12.3f %10.3f\n", i, c.flows[i].src.c_str(), c.flows[i].dst.c_str(),
                  c.flows[i].start_us, x.mean_second_half_gbps[i], x.final_window_gbps[i], r.samples.back().rc[i]);
    std::printf("queue: mean (2nd half) %.0f B, max %.0f B; p mean %.5f; Jain %.4f; final gap %.1f %%; "
                "min gap from last start + 1 ms %.1f %%; within 10 %% from %.0f us\n",
                x.q_mean_second_half, x.q_max, x.p_mean_second_half, x.jain_second_half, 100 * x.final_gap,
                100 * x.min_gap_after_settle, x.converged_at_us);
    std::printf("outputs: %s/flows.csv %s/queues.csv %s/summary.json\n", o.out.c_str(), o.out.c_str(), o.out.c_str());
    return 0;
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dcqcn-sim fluid: %s\n", e.what());
    return 2;
  }
}

// --trace-filter: a malformed glob (an unclosed '[') or one that matches no traced block
// would silently trace nothing, so both are errors naming the blocks that exist.
void check_trace_filter(const Scenario& sc, const std::string& filter) {
  std::vector<std::string> blocks;
  for (const auto& n : sc.nodes) {
    if (n.kind == NodeSpec::Kind::SWITCH) {
      blocks.push_back(n.name + ".cp");
    } else if (sc.nic.core == NicSpec::Core::TOP) {
      blocks.push_back(n.name + ".top");  // one dcqcn_nic_top: RP, NP, scheduler, arbiter
    } else {
      blocks.push_back(n.name + ".rp");
      blocks.push_back(n.name + ".np");
    }
  }
  std::string shown;
  for (size_t i = 0; i < blocks.size() && i < 8; ++i) shown += (i ? ", " : "") + blocks[i];
  if (blocks.size() > 8) shown += ", ... (" + std::to_string(blocks.size()) + " in all)";
  for (size_t i = 0; i < filter.size(); ++i) {
    if (filter[i] == '\\') { ++i; continue; }
    if (filter[i] != '[') continue;
    size_t j = i + 1;
    if (j < filter.size() && (filter[j] == '!' || filter[j] == '^')) ++j;
    if (j < filter.size() && filter[j] == ']') ++j;  // a leading ']' is a member
    while (j < filter.size() && filter[j] != ']') ++j;
    if (j >= filter.size())
      throw std::invalid_argument("--trace-filter '" + filter + "': invalid glob: the '[' at position " +
                                  std::to_string(i + 1) + " is not closed; expected a glob of block "
                                  "instances such as 'h3.top', 'h3.rp' or 's1.*' (blocks: " + shown + ")");
    i = j;
  }
  for (const auto& b : blocks)
    if (fnmatch(filter.c_str(), b.c_str(), 0) == 0) return;
  throw std::invalid_argument("--trace-filter '" + filter + "': matches no block; expected a glob matching "
                              "one of " + shown);
}

struct TraceCli {
  dcqcn::wave::WaveOptions w;
  std::string window;  // for the console line
};

// A time in ms as typed for --trace-from / --trace-to: a finite number >= 0.
double parse_ms(const std::string& opt, const std::string& v) {
  size_t used = 0;
  double x = 0;
  try {
    x = std::stod(v, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != v.size() || v.empty() || !std::isfinite(x) || x < 0)
    throw std::invalid_argument(opt + " " + v + ": expected a simulated time in ms, a number >= 0 "
                                "(e.g. " + opt + " 10.5)");
  return x;
}

// --vcd, --trace-from/--trace-to, --trace-depth, --trace-clock-ns: checked before the run.
TraceCli check_trace_options(const Scenario& sc, const std::string& vcd, const std::optional<std::string>& from,
                             const std::optional<std::string>& to, const std::string& depth, double clock_ns) {
  TraceCli t;
  const bool any = from || to || depth != "all" || clock_ns != 3.103;
  if (vcd.empty()) {
    if (any) throw std::invalid_argument("--trace-from, --trace-to, --trace-depth and --trace-clock-ns "
                                         "need --vcd FILE.vcd|FILE.fst");
    return t;
  }
  const std::string ext = vcd.size() > 4 ? vcd.substr(vcd.size() - 4) : "";
  if (ext != ".vcd" && ext != ".fst")
    throw std::invalid_argument("--vcd " + vcd + ": expected a file name ending in .vcd (text) or .fst "
                                "(compressed, GTKWave's own format)");
  t.w.path = vcd;
  const double dur = sc.duration_ms;
  const double f = from ? parse_ms("--trace-from", *from) : 0.0;
  const double e = to ? parse_ms("--trace-to", *to) : dur;
  if (f >= dur)
    throw std::invalid_argument("--trace-from " + *from + ": at or after the end of the run (" +
                                fmt_ms(dur) + " ms); expected a time in [0, " + fmt_ms(dur) + ") ms");
  if (e <= f)
    throw std::invalid_argument("--trace-to " + (to ? *to : fmt_ms(e)) + ": not after --trace-from " +
                                fmt_ms(f) + " ms; expected a window end > the start");
  t.w.from_ps = static_cast<uint64_t>(std::llround(f * 1e9));
  t.w.to_ps = to ? static_cast<uint64_t>(std::llround(e * 1e9)) : std::numeric_limits<uint64_t>::max();
  t.window = (from || to) ? "window " + fmt_ms(f) + " .. " + fmt_ms(std::min(e, dur)) + " ms" : "the whole run";
  if (depth == "all") {
    t.w.depth = 0;
  } else if (depth == "ports") {
    t.w.depth = 1;
  } else {
    size_t used = 0;
    long n = 0;
    try {
      n = std::stol(depth, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != depth.size() || n < 1 || n > 99)
      throw std::invalid_argument("--trace-depth " + depth + ": expected all, ports, or a number of "
                                  "levels 1..99 (1 = ports)");
    t.w.depth = static_cast<int>(n);
  }
  if (!(clock_ns >= 0.01 && clock_ns <= 1e6))
    throw std::invalid_argument("--trace-clock-ns " + fmt_ms(clock_ns) + ": expected a clock period in ns, "
                                "0.01 .. 1e6 (default 3.103, 322.266 MHz)");
  return t;
}

}  // namespace

int sc_main(int argc, char** argv) {
  CLI::App app{"dcqcn-sim: DCQCN RTL in a SystemC/TLM lossless network"};
  app.require_subcommand(1);
  auto* run = app.add_subcommand("run", "run a scenario");
  auto* lst = app.add_subcommand("list", "list scenarios, profiles and every parameter key");
  std::string scenario, engine = "rtl", out = "out", vcd, filter = "*", depth = "all";
  std::optional<std::string> trace_from, trace_to;  // as typed, checked below
  double clock_ns = 3.103;
  std::vector<std::string> sets;
  std::optional<std::string> seed;  // as typed: the loader checks it like the YAML key
  std::optional<std::string> duration;  // as typed, checked like the YAML key duration_ms
  std::optional<std::string> sample_flows;  // as typed, checked like the YAML key sample_flows
  bool quiet = false;
  std::string pcap, pcap_links = "*";
  std::string frames = "on";
  run->add_option("scenario", scenario, "scenario name (systemc/scenarios/NAME.yaml) or file")->required();
  run->add_option("--engine", engine, "rtl (Verilated RTL, default) or ref (C++ reference)")
      ->check(CLI::IsMember({"rtl", "ref"}))
      ->capture_default_str();
  run->add_option("--set", sets, "override a scenario key: KEY=VALUE (repeatable)");
  run->add_option("--seed", seed, "random seed (scenario key seed)");
  run->add_option("--duration", duration, "simulated time in ms (scenario key duration_ms)");
  run->add_option("--sample-flows", sample_flows,
                  "flows whose time series flows.csv keeps: all, none, or ids and ranges 0-99,500 "
                  "(scenario key sample_flows)");
  run->add_option("--out", out, "output directory (flows.csv, queues.csv, flow_results.csv, summary.json)")
      ->capture_default_str();
  run->add_option("--vcd", vcd, "write the waveform (RTL blocks or reference transactions, and "
                  "the network) to FILE.vcd or FILE.fst, with FILE.gtkw and FILE.map.txt beside it");
  run->add_option("--trace-filter", filter, "glob of block instances to trace, e.g. 'h3.top' (nic.core: top), 'h3.rp' (blocks), 'sw.cp'");
  run->add_option("--pcap", pcap, "write a packet capture (pcap, ns timestamps) of the frames on the chosen links");
  run->add_option("--pcap-links", pcap_links,
                  "links to capture: comma-separated globs of link ends NODE or NODE:pPORT, e.g. 'sw:p0,h1' (default '*')");
  run->add_option("--frames", frames,
                  "on (default): packets carry their bytes, built, classified and CE-marked by the frame "
                  "blocks on the engine; off: metadata only (faster; no --pcap)")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
  run->add_option("--trace-from", trace_from, "waveform window start, simulated ms (0)");
  run->add_option("--trace-to", trace_to, "waveform window end, simulated ms (the run's end)");
  run->add_option("--trace-depth", depth, "all (default), ports (the blocks' ports only) or N "
                  "(ports and N-1 levels of the RTL hierarchy)");
  run->add_option("--trace-clock-ns", clock_ns, "RTL clock period the waveform draws cycles at (3.103)");
  run->add_flag("--quiet", quiet, "no progress (on a terminal a line redrawn every 0.5 s; otherwise a line "
                "every 10 s of wall time)");

  auto* thr = app.add_subcommand("thresholds", "PFC headroom, PFC and ECN thresholds (DCQCN section 4)");
  ThresholdCli tc;
  thr->add_option("--buffer-bytes", tc.p.buffer_bytes, "shared buffer B in bytes (12000000)");
  thr->add_option("--ports", tc.p.ports, "ports n (32)");
  thr->add_option("--priorities", tc.p.priorities, "lossless priorities P (8)")->check(CLI::Range(1, 8));
  thr->add_option("--mtu-bytes", tc.p.mtu_bytes, "MTU, frame bytes on the wire (1500)");
  thr->add_option("--rate-gbps", tc.p.rate_gbps, "link rate C in Gb/s (40)");
  auto* cm = thr->add_option("--cable-m", tc.cable_m, "cable length in m (5 ns/m)");
  thr->add_option("--delay-us", tc.delay_us, "one-way cable delay in us (1)")->excludes(cm);
  thr->add_option("--pfc-response-us", tc.p.pfc_response_us, "PFC response time in us (1.88)");
  thr->add_option("--beta", tc.p.beta, "dynamic threshold factor beta (8)");
  thr->add_option("--t-flight-bytes", tc.t_flight, "headroom per port and priority, instead of the formula");
  thr->add_option("--scenario", tc.scenario, "check this scenario's switch settings (name or file)");

  auto* flu = app.add_subcommand("fluid", "solve the DCQCN fluid model (equations 5-9) for N flows");
  FluidCli fc;
  flu->add_option("scenario", fc.scenario, "scenario (name or file): flows, rates, profile, ECN from it");
  flu->add_option("--profile", fc.profile, "parameter profile (paper)");
  flu->add_option("--flows", fc.flows, "number of flows N (2)");
  flu->add_option("--rate-gbps", fc.rate, "bottleneck and line rate C in Gb/s (40)");
  flu->add_option("--duration-ms", fc.duration, "simulated time in ms (100)");
  flu->add_option("--sample-us", fc.sample, "output sample period in us (100)");
  flu->add_option("--start-us", fc.starts, "start time of each flow in us, comma-separated (0)")->delimiter(',');
  flu->add_option("--late-start-us", fc.late, "start time of flow 1 (the second flow) in us");
  flu->add_option("--tau-us", fc.tau, "control-loop delay tau* in us (4; scenario: round-trip propagation)");
  flu->add_option("--step-us", fc.step, "integration step in us (0.1)");
  flu->add_option("--mtu-bytes", fc.mtu, "payload bytes per packet, + 62 header (1000)");
  flu->add_option("--out", fc.out, "output directory (out)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // a bad option or a missing argument: one line (CLI11's own adds "Run with --help ...")
    const std::string sub = argc > 1 ? argv[1] : "";
    if (e.get_exit_code() != 0) {
      const bool known = sub == "run" || sub == "list" || sub == "thresholds" || sub == "fluid";
      std::fprintf(stderr, "dcqcn-sim%s%s: %s (see dcqcn-sim%s%s --help)\n", known ? " " : "", known ? sub.c_str() : "",
                   e.what(), known ? " " : "", known ? sub.c_str() : "");
      return 2;
    }
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (lst->parsed()) return list();
  if (thr->parsed()) return thresholds(tc);
  if (flu->parsed()) return fluid(fc);

  std::vector<std::pair<std::string, std::string>> ov;
  std::vector<std::string> typed;  // each override as it was typed
  for (const std::string& s : sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::fprintf(stderr, "--set %s: expected KEY=VALUE\n", s.c_str());
      return 2;
    }
    ov.emplace_back(s.substr(0, eq), s.substr(eq + 1));
    typed.push_back("--set " + s);
  }
  if (seed) ov.emplace_back("seed", *seed), typed.push_back("--seed " + *seed);
  if (duration) ov.emplace_back("duration_ms", *duration), typed.push_back("--duration " + *duration);
  if (sample_flows) ov.emplace_back("sample_flows", *sample_flows), typed.push_back("--sample-flows " + *sample_flows);
  // One value per key: with two different ones, one would be dropped unread (--duration 1
  // --set duration_ms=abc ran for 1 ms without a word about 'abc').
  for (size_t i = 0; i < ov.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (ov[i].first == ov[j].first && ov[i].second != ov[j].second) {
        std::fprintf(stderr, "%s: %s already sets %s; expected one value per key\n", typed[i].c_str(),
                     typed[j].c_str(), ov[i].first.c_str());
        return 2;
      }
  try {
    const Scenario sc = load_scenario(resolve(scenario), ov);
    for (const std::string& w : sc.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    if (!vcd.empty() || filter != "*") {
      try {
        check_trace_filter(sc, filter);
      } catch (const std::invalid_argument& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 2;
      }
    }
    const TraceCli tcli = check_trace_options(sc, vcd, trace_from, trace_to, depth, clock_ns);
    RunOptions o;
    o.engine = engine == "ref" ? EngineKind::REF : EngineKind::RTL;
    o.out_dir = out;
    o.trace_filter = filter;
    o.clock_ns = clock_ns;
    o.progress = !quiet;
    if (pcap.empty() && pcap_links != "*") {
      std::fprintf(stderr, "--pcap-links '%s' without --pcap FILE: nothing would be captured; expected --pcap FILE too\n",
                   pcap_links.c_str());
      return 2;
    }
    if (!pcap.empty() && frames == "off") {
      std::fprintf(stderr, "--pcap %s with --frames off: a capture records the frames' bytes, which --frames off "
                   "does not make; expected --frames on (the default) with --pcap\n", pcap.c_str());
      return 2;
    }
    o.frames = frames == "on";
    o.pcap = pcap;
    o.pcap_links = pcap_links;
    // The directory of an output file (--pcap, --vcd) is created; one that cannot be is bad input.
    auto make_dir = [](const char* opt, const std::string& file) {
      if (file.empty() || !fs::path(file).has_parent_path()) return true;
      std::error_code ec;
      fs::create_directories(fs::path(file).parent_path(), ec);
      if (ec)
        std::fprintf(stderr, "%s %s: cannot create its directory: %s; expected a writable path\n", opt,
                     file.c_str(), ec.message().c_str());
      return !ec;
    };
    if (!make_dir("--pcap", pcap) || !make_dir("--vcd", vcd)) return 2;
    {
      std::vector<std::pair<std::string, std::string>> outs;
      for (const char* f : {"flows.csv", "queues.csv", "flow_results.csv", "summary.json"})
        outs.emplace_back("--out " + out + " (its " + f + ")", (fs::path(out) / f).string());
      if (!vcd.empty()) {
        const std::string stem = vcd.substr(0, vcd.size() - 4);
        outs.emplace_back("--vcd " + vcd, vcd);
        outs.emplace_back("--vcd " + vcd + " (its " + stem + ".gtkw)", stem + ".gtkw");
        outs.emplace_back("--vcd " + vcd + " (its " + stem + ".map.txt)", stem + ".map.txt");
      }
      if (!pcap.empty()) outs.emplace_back("--pcap " + pcap, pcap);
      if (!check_output_paths(outs, sc.file)) return 2;
      for (const std::string& f : {vcd, pcap})
        if (!f.empty() && fs::absolute(f).lexically_normal() == fs::absolute(out).lexically_normal()) {
          std::fprintf(stderr, "%s: is the --out directory; expected a file name\n", f.c_str());
          return 2;
        }
    }
    if (!lock_out_dir(out, "--out")) return 2;
    o.stop = &g_stop;
    catch_stop_signals();
    std::unique_ptr<dcqcn::wave::Wave> wave;
    if (!vcd.empty()) {
      wave = std::make_unique<dcqcn::wave::Wave>(tcli.w);
      o.wave = wave.get();
    }
    auto net = std::make_unique<Network>(sc, o);
    int rc = net->run();
    const bool interrupted = net->interrupted();
    const double reached_ms = sc_core::sc_time_stamp().to_seconds() * 1e3;
    const std::string map = net->wave_map();
    const size_t blocks = net->traced().size();
    const uint64_t pcap_frames = net->pcap() ? net->pcap()->frames() : 0;
    net.reset();  // the engines close their tracers into the waveform
    if (!pcap.empty()) std::printf("capture: %s (%llu frames; tshark -r %s)\n", pcap.c_str(),
                                   static_cast<unsigned long long>(pcap_frames), pcap.c_str());
    std::printf("outputs: %s/flows.csv %s/queues.csv %s/flow_results.csv %s/summary.json\n", out.c_str(),
                out.c_str(), out.c_str(), out.c_str());
    if (wave) {
      const uint64_t bytes = wave->finish();
      const std::string stem = vcd.substr(0, vcd.size() - 4);
      write_text(stem + ".map.txt", map);
      const uint64_t end_ps = static_cast<uint64_t>(std::llround(sc.duration_ms * 1e9));
      write_gtkw(stem + ".gtkw", vcd, wave->signal_names(), tcli.w.from_ps, std::min(tcli.w.to_ps, end_ps));
      std::printf("waveform: %s, %.1f MB (%zu %s block%s and the network, %s; %s.gtkw, %s.map.txt; "
                  "gtkwave %s.gtkw)\n",
                  vcd.c_str(), bytes / 1e6, blocks, engine == "ref" ? "reference" : "RTL",
                  blocks == 1 ? "" : "s", tcli.window.c_str(), stem.c_str(), stem.c_str(), stem.c_str());
    }
    if (interrupted) {
      const int sig = g_stop;
      std::fflush(stdout);
      std::fprintf(stderr,
                   "dcqcn-sim: interrupted by %s at %g ms of %g ms simulated; the outputs cover 0 .. %g ms "
                   "(%s/summary.json: \"interrupted\": true)\n",
                   sig == SIGTERM ? "SIGTERM" : "SIGINT", reached_ms, sc.duration_ms, reached_ms, out.c_str());
      rc = 128 + sig;
    }
    return rc;
  } catch (const ScenarioError& e) {
    std::string msg = e.what();
    // --seed N, --duration MS and --sample-flows L are the overrides seed=N, duration_ms=MS
    // and sample_flows=L: name the option typed
    for (const auto& [opt, key, val] : {std::tuple<std::string, std::string, std::string>{
                                            "--seed ", "seed=", seed.value_or("")},
                                        {"--duration ", "duration_ms=", duration.value_or("")},
                                        {"--sample-flows ", "sample_flows=", sample_flows.value_or("")}})
      if (!val.empty() && msg.rfind("--set " + key + val + ":", 0) == 0)
        msg = opt + val + msg.substr(6 + key.size() + val.size());
    std::fprintf(stderr, "%s\n", msg.c_str());
    return 2;
  } catch (const sc_core::sc_report& e) {
    std::fprintf(stderr, "dcqcn-sim: error: %s\n", one_line(e.get_msg()).c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dcqcn-sim: error: %s\n", one_line(e.what()).c_str());
    return 2;
  }
}

// Our own entry point: SystemC prints its banner while it initialises, before sc_main,
// unless this variable is set; then the usual elaboration and simulation.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  // A closed pipe is a write error like any other (reported below), not a silent SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  // A file-size limit (ulimit -f) likewise: the write fails with EFBIG and the file is named,
  // instead of SIGXFSZ ending the process with a core dump.
  std::signal(SIGXFSZ, SIG_IGN);
  // Not a terminal: one buffer for the whole report (list is 17 KB), so a failing write is
  // the final flush below and its errno (EPIPE, ENOSPC) is the one reported. With the
  // default 4 KB buffer an earlier write failed and left only the error flag (EIO).
  static char out_buf[1 << 20];
  if (!isatty(STDOUT_FILENO)) std::setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
  int rc = sc_core::sc_elab_and_sim(argc, argv);
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "dcqcn-sim: standard output: write error: %s; expected a writable output "
                 "(a closed pipe or a full disk?)\n", std::strerror(errno ? errno : EIO));
    if (rc == 0) rc = 2;
  }
  return rc;
}
