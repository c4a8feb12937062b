// SPDX-License-Identifier: MIT
// Runs dcqcn-sim as a separate process (a SystemC simulation can be elaborated once per
// process) and reads back its summary.json; shared by the tests that drive whole runs.
// The including target defines DCQCN_SIM (the binary) and NET_TEST_OUT (a scratch dir).
#pragma once
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace simrun {

struct SimRun {
  int rc = -1;
  nlohmann::json summary;
  std::string dir, err;
};

inline std::string slurp(const std::string& p) {
  std::ifstream f(p);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// dcqcn-sim run SCENARIO ARGS --out <NET_TEST_OUT>/<tag>
inline SimRun sim(const std::string& tag, const std::string& scenario, const std::string& args) {
  namespace fs = std::filesystem;
  SimRun r;
  r.dir = std::string(NET_TEST_OUT) + "/" + tag;
  fs::remove_all(r.dir);
  fs::create_directories(r.dir);
  const std::string cmd = std::string(DCQCN_SIM) + " run " + scenario + " --quiet --out " + r.dir +
                          " " + args + " > " + r.dir + "/stdout.txt 2> " + r.dir + "/stderr.txt";
  std::printf("running: %s\n", cmd.c_str());
  const int st = std::system(cmd.c_str());
  r.rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  r.err = slurp(r.dir + "/stderr.txt");
  if (fs::exists(r.dir + "/summary.json")) r.summary = nlohmann::json::parse(slurp(r.dir + "/summary.json"));
  return r;
}

inline void expect_checks_ok(const SimRun& r) {
  ASSERT_EQ(r.rc, 0) << r.err;
  const nlohmann::json& c = r.summary["checks"];
  EXPECT_TRUE(c["ok"].get<bool>()) << c.dump();
  EXPECT_TRUE(c["conservation"]["ok"].get<bool>()) << c.dump();
  EXPECT_EQ(c["np_interval_violations"].get<uint64_t>(), 0u);  // NP never faster than N
  EXPECT_TRUE(c["buffer_accounting_ok"].get<bool>());
  EXPECT_TRUE(c["pfc"]["ok"].get<bool>());
}

}  // namespace simrun
