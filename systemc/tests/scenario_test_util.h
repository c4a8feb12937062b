// SPDX-License-Identifier: MIT
// What the scenario loader tests share (scenario_test.cpp, scenario_clos_test.cpp): the
// test-file folders, the error a load throws, string tests.
#pragma once
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "scenario.h"

#ifndef SCENARIO_TEST_DIR
#error "compile with -DSCENARIO_TEST_DIR=\"<repo>/systemc/tests\""
#endif

namespace scenario_test {

using dcqcn::net::EcnSpec;
using dcqcn::net::load_scenario;
using dcqcn::net::NodeSpec;
using dcqcn::net::PfcSpec;
using dcqcn::net::Scenario;
using dcqcn::net::ScenarioError;
using dcqcn::net::scenario_schema;
using Overrides = std::vector<std::pair<std::string, std::string>>;
namespace fs = std::filesystem;

inline const std::string kDir = SCENARIO_TEST_DIR;
inline std::string bad(const std::string& stem) { return kDir + "/bad/" + stem + ".yaml"; }
inline std::string good(const std::string& stem) { return kDir + "/good/" + stem + ".yaml"; }

// The message of the ScenarioError that loading throws ("" and a test failure if none).
inline std::string error_of(const std::string& file, const Overrides& ov = {}) {
  try {
    load_scenario(file, ov);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  ADD_FAILURE() << file << " loaded without an error";
  return "";
}

inline bool starts_with(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }
inline bool contains(const std::string& s, const std::string& p) { return s.find(p) != std::string::npos; }

}  // namespace scenario_test
