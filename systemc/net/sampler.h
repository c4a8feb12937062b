// SPDX-License-Identifier: MIT
// Sampling: every sample_us the network writes one row per flow to flows.csv (rates and
// throughput of the interval) and one per switch port and NIC to queues.csv (data-class
// queues and pause state), and keeps the switch queues' maximum and mean for the summary.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "context.h"
#include "scenario.h"

namespace dcqcn::net {

class Nic;
class Switch;

class Sampler {
 public:
  // Per switch port (switches in order, then ports): egress bytes of the data class.
  struct QueueStats {
    uint64_t max = 0, sum = 0;              // over all samples
    uint64_t max_after = 0, sum_after = 0;  // over the samples after stats_from_ms
  };

  Sampler(const Scenario& sc, std::vector<FlowInfo>& flows, const std::vector<Switch*>& switches,
          const std::vector<Nic*>& nics);
  ~Sampler();

  // Creates out_dir and the two CSV files with their headers.
  void open(const std::string& out_dir);
  // One sample at simulated time t_us, the end of an interval of sample_us.
  void sample(double t_us);
  void flush();

  uint64_t samples() const { return samples_; }
  uint64_t samples_after() const { return samples_after_; }
  const std::vector<QueueStats>& queues() const { return q_; }

 private:
  const Scenario& sc_;
  std::vector<FlowInfo>& flows_;
  const std::vector<Switch*>& switches_;
  const std::vector<Nic*>& nics_;
  FILE* flows_csv_ = nullptr;
  FILE* queues_csv_ = nullptr;
  uint64_t samples_ = 0, samples_after_ = 0;
  std::vector<QueueStats> q_;
};

}  // namespace dcqcn::net
