// SPDX-License-Identifier: MIT
// Shared by the network-level tests: run dcqcn-sim in its own process (a SystemC
// simulation can be elaborated once per process) and read what it wrote.
// The including test defines SIM_TEST_OUT (its output directory) and DCQCN_SIM.
#pragma once
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

// The engine and NIC core of the paper experiments in CI (paper_test, scale_test,
// loss_test): the reference engine with nic.core: blocks, the C++ timer service and
// scheduler around the RP and NP references. They simulate up to a few seconds of
// network time each; on nic.core: top (the cycle-exact model of the whole NIC top,
// clocked around every event) they would take about 30 times longer, beyond CI's budget.
// The top runs every shipped scenario in EngineEquivalence (network_test.cpp) and the
// paper experiments in scripts/reproduce.sh --core top; docs/verification.md "Which core".
// --frames off: the paper claims rest on the metadata, which the frames do not change
// (Frames.OnAndOffWriteIdenticalCsvs, network_test.cpp); making and classifying every
// frame's bytes costs more than the blocks core itself (clos_victim: 4.2 s user with the
// frames, 1.8 s without). The frames are checked in every run of the network tests.
#define PAPER_ENGINE "--engine ref --set nic.core=blocks --frames off "

namespace simtest {

namespace fs = std::filesystem;
using nlohmann::json;

inline std::string slurp(const std::string& p) {
  std::ifstream f(p);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

struct SimRun {
  int rc = -1;
  json summary;
  json flows = json::array();  // flow_results.csv: one object per flow, keys = its columns
  std::string dir, err, cmd;
};

// flow_results.csv as a JSON array of objects (the columns as keys; numbers where the cell
// is a number, strings otherwise; an empty cell, fct_us of an infinite flow, is left out).
inline json read_flow_results(const std::string& path) {
  json out = json::array();
  std::ifstream f(path);
  std::string line;
  if (!std::getline(f, line)) return out;
  std::vector<std::string> head;
  {
    std::stringstream s(line);
    for (std::string h; std::getline(s, h, ',');) head.push_back(h);
  }
  while (std::getline(f, line)) {
    json o = json::object();
    size_t i = 0, b = 0;
    while (i < head.size() && b <= line.size()) {
      const size_t e = std::min(line.find(',', b), line.size());
      const std::string v = line.substr(b, e - b);
      if (!v.empty()) {
        char* end = nullptr;
        const double d = std::strtod(v.c_str(), &end);
        if (*end != '\0') o[head[i]] = v;
        else if (v.find_first_of(".-eE") == std::string::npos) o[head[i]] = std::stoull(v);
        else o[head[i]] = d;
      }
      ++i;
      b = e + 1;
    }
    out.push_back(std::move(o));
  }
  return out;
}

// dcqcn-sim VERB ARGS with outputs in SIM_TEST_OUT/<tag>; VERB "run SCENARIO" adds --quiet.
inline SimRun sim_cmd(const std::string& tag, const std::string& verb_args, bool run_verb = true) {
  SimRun r;
  r.dir = std::string(SIM_TEST_OUT) + "/" + tag;
  fs::remove_all(r.dir);
  fs::create_directories(r.dir);
  r.cmd = std::string(DCQCN_SIM) + " " + verb_args + (run_verb ? " --quiet" : "") + " --out " + r.dir;
  std::printf("running: %s\n", r.cmd.c_str());
  const int st = std::system((r.cmd + " > " + r.dir + "/stdout.txt 2> " + r.dir + "/stderr.txt").c_str());
  r.rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  r.err = slurp(r.dir + "/stderr.txt");
  if (fs::exists(r.dir + "/summary.json")) r.summary = json::parse(slurp(r.dir + "/summary.json"));
  if (fs::exists(r.dir + "/flow_results.csv")) r.flows = read_flow_results(r.dir + "/flow_results.csv");
  return r;
}

// dcqcn-sim run SCENARIO ARGS --out SIM_TEST_OUT/<tag>
inline SimRun sim(const std::string& tag, const std::string& scenario, const std::string& args) {
  return sim_cmd(tag, "run " + scenario + " " + args);
}

inline void expect_checks_ok(const SimRun& r) {
  ASSERT_EQ(r.rc, 0) << r.cmd << "\n" << r.err;
  const json& c = r.summary["checks"];
  EXPECT_TRUE(c["ok"].get<bool>()) << c.dump();
  EXPECT_TRUE(c["conservation"]["ok"].get<bool>()) << c.dump();
  EXPECT_EQ(c["np_interval_violations"].get<uint64_t>(), 0u);  // NP never faster than N
  EXPECT_TRUE(c["buffer_accounting_ok"].get<bool>());
  EXPECT_TRUE(c["pfc"]["ok"].get<bool>());
  EXPECT_EQ(c["pacing"]["violations"].get<uint64_t>(), 0u) << c["pacing"].dump();  // no late departure
}

// A CSV as column name -> values (numbers; non-numeric cells become NaN) plus the
// raw strings of every column.
struct Csv {
  std::map<std::string, std::vector<double>> num;
  std::map<std::string, std::vector<std::string>> str;
  size_t rows = 0;
};

inline Csv read_csv(const std::string& path) {
  Csv c;
  std::ifstream f(path);
  std::string line;
  if (!std::getline(f, line)) return c;
  std::vector<std::string> head;
  {
    std::stringstream s(line);
    std::string h;
    while (std::getline(s, h, ',')) head.push_back(h);
  }
  while (std::getline(f, line)) {
    std::stringstream s(line);
    std::string v;
    for (size_t i = 0; i < head.size() && std::getline(s, v, ','); ++i) {
      c.str[head[i]].push_back(v);
      char* end = nullptr;
      const double d = std::strtod(v.c_str(), &end);
      c.num[head[i]].push_back(end != v.c_str() ? d : std::nan(""));
    }
    ++c.rows;
  }
  return c;
}

struct Mmm {
  double min = 0, med = 0, max = 0;
};

inline Mmm mmm(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  if (v.empty()) return {};
  const size_t n = v.size();
  const double med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  return {v.front(), med, v.back()};
}

inline double median(const std::vector<double>& v) { return mmm(v).med; }

// Linear-interpolated percentile, p in [0, 100] (as scripts/report/common.py).
inline double percentile(std::vector<double> v, double p) {
  if (v.empty()) return std::nan("");
  std::sort(v.begin(), v.end());
  const double k = (v.size() - 1) * p / 100.0;
  const size_t lo = static_cast<size_t>(k), hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (k - static_cast<double>(lo));
}

inline void print_mmm(const std::string& what, const std::vector<double>& v) {
  const Mmm m = mmm(v);
  std::printf("  %-34s min %6.2f  median %6.2f  max %6.2f Gb/s  (%zu runs)\n", what.c_str(), m.min, m.med,
              m.max, v.size());
}

}  // namespace simtest
