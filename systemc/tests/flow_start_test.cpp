// SPDX-License-Identifier: MIT
// Flow start times (net/flow_start.h): flows[].start_spread_us and its default, as
// thesis_scale uses them (the DCQCN+ thesis starts its flows "within 1 second").
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "flow_start.h"
#include "scenario.h"

using namespace dcqcn::net;

namespace {

std::string shipped(const std::string& n) { return std::string(SCENARIO_TEST_DIR) + "/../scenarios/" + n + ".yaml"; }
std::string good(const std::string& n) { return std::string(SCENARIO_TEST_DIR) + "/good/" + n + ".yaml"; }

std::vector<double> starts(const Scenario& s) {
  std::vector<double> v;
  for (size_t g = 0; g < s.flows.size(); ++g)
    for (uint32_t k = 0; k < s.flows[g].count; ++k) v.push_back(flow_start_us(s, g, k));
  return v;
}

}  // namespace

// thesis_scale spreads its 80 flows over [0, 1 s): all inside, whole ns, spread out.
TEST(FlowStart, ThesisScaleSpreadsEightyFlowsOverOneSecond) {
  const Scenario s = load_scenario(shipped("thesis_scale"));
  std::printf("seed %llu\n", static_cast<unsigned long long>(s.seed));
  ASSERT_EQ(s.flows.size(), 8u);
  for (const FlowSpec& f : s.flows) EXPECT_EQ(f.start_spread_us, 1e6);
  const std::vector<double> v = starts(s);
  ASSERT_EQ(v.size(), 80u);
  double sum = 0;
  for (double t : v) {
    EXPECT_GE(t, 0.0);
    EXPECT_LT(t, 1e6);
    sum += t;
  }
  for (size_t g = 0; g < s.flows.size(); ++g)
    for (uint32_t k = 0; k < s.flows[g].count; ++k) {
      const double ns = flow_start_ns(s, g, k);
      EXPECT_EQ(ns, static_cast<double>(static_cast<long long>(ns)));  // whole ns
    }
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  std::printf("80 starts: first %.3f us, last %.3f us, mean %.3f us\n", *lo, *hi, sum / 80);
  // Uniform on [0, 1 s): the mean's standard deviation is 1e6 / sqrt(12 x 80) = 32 ms.
  EXPECT_NEAR(sum / 80, 5e5, 1.3e5);
  EXPECT_LT(*lo, 1e5);
  EXPECT_GT(*hi, 9e5);
  EXPECT_EQ(std::adjacent_find(v.begin(), v.end()), v.end());  // no two flows in a row at one time
}

// The same seed gives the same times; another seed other times; one entry's count moves no
// other entry's flows.
TEST(FlowStart, SeededAndIndependentPerEntry) {
  const std::vector<double> a = starts(load_scenario(shipped("thesis_scale")));
  EXPECT_EQ(a, starts(load_scenario(shipped("thesis_scale"))));
  const std::vector<double> b = starts(load_scenario(shipped("thesis_scale"), {{"seed", "2"}}));
  ASSERT_EQ(a.size(), b.size());
  size_t same = 0;
  for (size_t i = 0; i < a.size(); ++i) same += a[i] == b[i];
  EXPECT_EQ(same, 0u);
  const Scenario c = load_scenario(shipped("thesis_scale"), {{"flows.0.count", "3"}});
  const std::vector<double> cv = starts(c);
  ASSERT_EQ(cv.size(), 73u);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(cv[i], a[i]);
  for (size_t i = 3; i < cv.size(); ++i) EXPECT_EQ(cv[i], a[i + 7]);  // entries 1..7 unchanged
}

// Without a spread every flow starts at its start_us; an entry's own spread wins over the
// default and adds to its start_us.
TEST(FlowStart, NoSpreadIsStartUsAndEntryOverridesDefault) {
  const Scenario m = load_scenario(good("minimal"), {{"flows.0.start_us", "250"}, {"flows.0.count", "4"}});
  for (double t : starts(m)) EXPECT_EQ(t, 250.0);
  const Scenario s = load_scenario(shipped("thesis_scale"),
                                   {{"flows.2.start_us", "2000"}, {"flows.2.start_spread_us", "100"}});
  EXPECT_EQ(s.flows[1].start_spread_us, 1e6);
  for (uint32_t k = 0; k < s.flows[2].count; ++k) {
    EXPECT_GE(flow_start_us(s, 2, k), 2000.0);
    EXPECT_LT(flow_start_us(s, 2, k), 2100.0);
  }
}
