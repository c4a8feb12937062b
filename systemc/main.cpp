// SPDX-License-Identifier: MIT
// dcqcn-sim: the lossless network of SystemC/TLM models with the DCQCN blocks in every
// NIC and switch, on the Verilated RTL (--engine rtl, the default) or on the C++
// references (--engine ref).
//   dcqcn-sim run SCENARIO [--engine rtl|ref] [--set KEY=VALUE]... [--seed N]
//                          [--duration MS] [--out DIR] [--vcd FILE] [--trace-filter GLOB]
//                          [--quiet]
//   dcqcn-sim list
#include <systemc>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "network.h"
#include "profiles.h"
#include "scenario.h"
#include "vcd_merge.h"

namespace fs = std::filesystem;
using namespace dcqcn::net;

namespace {

std::string resolve(const std::string& s) {
  if (fs::exists(s)) return s;
  const fs::path p = fs::path(DCQCN_SCENARIO_DIR) / (s + ".yaml");
  if (fs::exists(p)) return p.string();
  return s;  // load_scenario reports "cannot open"
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
  std::printf("\nparameters (KEY, type, default, unit: description):\n");
  for (const SchemaKey& k : scenario_schema())
    std::printf("  %-32s %-8s %-12s %-6s %s\n", k.key.c_str(), k.type.c_str(),
                k.default_value.c_str(), k.unit.c_str(), k.description.c_str());
  return 0;
}

}  // namespace

int sc_main(int argc, char** argv) {
  CLI::App app{"dcqcn-sim: DCQCN RTL in a SystemC/TLM lossless network"};
  app.require_subcommand(1);
  auto* run = app.add_subcommand("run", "run a scenario");
  auto* lst = app.add_subcommand("list", "list scenarios, profiles and every parameter key");
  std::string scenario, engine = "rtl", out = "out", vcd, filter = "*";
  std::vector<std::string> sets;
  std::optional<uint64_t> seed;
  std::optional<double> duration;
  bool quiet = false;
  run->add_option("scenario", scenario, "scenario name (systemc/scenarios/NAME.yaml) or file")->required();
  run->add_option("--engine", engine, "rtl (Verilated RTL, default) or ref (C++ reference)")
      ->check(CLI::IsMember({"rtl", "ref"}));
  run->add_option("--set", sets, "override a scenario key: KEY=VALUE (repeatable)");
  run->add_option("--seed", seed, "random seed (scenario key seed)");
  run->add_option("--duration", duration, "simulated time in ms (scenario key duration_ms)");
  run->add_option("--out", out, "output directory");
  run->add_option("--vcd", vcd, "write RTL waveforms: FILE.<instance>.vcd per traced block");
  run->add_option("--trace-filter", filter, "glob of block instances to trace, e.g. 'h3.rp'");
  run->add_flag("--quiet", quiet, "no progress bar");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (lst->parsed()) return list();

  std::vector<std::pair<std::string, std::string>> ov;
  for (const std::string& s : sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::fprintf(stderr, "--set %s: expected KEY=VALUE\n", s.c_str());
      return 2;
    }
    ov.emplace_back(s.substr(0, eq), s.substr(eq + 1));
  }
  if (seed) ov.emplace_back("seed", std::to_string(*seed));
  if (duration) ov.emplace_back("duration_ms", std::to_string(*duration));
  try {
    const Scenario sc = load_scenario(resolve(scenario), ov);
    RunOptions o;
    o.engine = engine == "ref" ? EngineKind::REF : EngineKind::RTL;
    o.out_dir = out;
    o.vcd = vcd;
    o.trace_filter = filter;
    o.progress = !quiet;
    if (!vcd.empty() && fs::path(vcd).has_parent_path()) fs::create_directories(fs::path(vcd).parent_path());
    auto net = std::make_unique<Network>(sc, o);
    const int rc = net->run();
    const auto parts = net->vcd_parts();
    net.reset();  // closes every VCD part
    std::printf("outputs: %s/flows.csv %s/queues.csv %s/summary.json\n", out.c_str(), out.c_str(),
                out.c_str());
    if (!vcd.empty()) {
      merge_vcds(parts, vcd);
      for (const auto& p : parts) fs::remove(p.second);
      std::printf("waveform: %s (%zu RTL block%s and the network signals; gtkwave %s)\n",
                  vcd.c_str(), parts.size() - 1, parts.size() == 2 ? "" : "s", vcd.c_str());
    }
    return rc;
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dcqcn-sim: error: %s\n", e.what());
    return 2;
  }
}

// Our own entry point: SystemC prints its banner while it initialises, before sc_main,
// unless this variable is set; then the usual elaboration and simulation.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
