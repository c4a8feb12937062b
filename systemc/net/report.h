// SPDX-License-Identifier: MIT
// Output writing at the end of a run: the checks (checks.cpp: packet conservation, buffer
// accounting, PFC, pacing, the NP's CNP spacing) and summary.json with the table on
// stdout (summary.cpp). flows.csv and queues.csv are written while it runs (sampler.h).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "context.h"
#include "engine.h"
#include "sampler.h"
#include "scenario.h"

namespace dcqcn::net {

class Node;
class Nic;
class Switch;

// The network after a run, as its outputs read it.
struct RunResult {
  const Scenario& sc;
  EngineKind engine;
  const NetContext& ctx;
  const std::vector<std::unique_ptr<Node>>& nodes;  // by node id
  const std::vector<Switch*>& switches;
  const std::vector<Nic*>& nics;
  const Sampler& sampler;
  double np_budget_ns;  // the NP's CNP budget (summary: cnp_budget.budget_ns)
  bool interrupted = false;  // stopped by SIGINT/SIGTERM before duration_ms
  double simulated_ms = 0;   // the simulated time reached
};

// Runs the checks: fills `j` (summary.json's "checks"), appends a line per failure or
// warning to `report`; returns false if a check failed.
bool run_checks(const RunResult& r, std::string& report, nlohmann::json& j);

// Writes `text` to `path`; a file that cannot be opened or written (a full disk) throws,
// naming the file.
void write_text(const std::string& path, const std::string& text);

// Writes out_dir/summary.json and prints the per-flow table.
void write_summary(const RunResult& r, const std::string& out_dir, double wall_s,
                   const nlohmann::json& checks);

}  // namespace dcqcn::net
