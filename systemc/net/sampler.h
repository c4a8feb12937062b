// SPDX-License-Identifier: MIT
// Sampling: every sample_us the network writes one row per sampled flow (scenario key
// sample_flows) to flows.csv (rates, and the throughput, CNPs and marks of the interval)
// and one per switch port and NIC to queues.csv (data-class queues and pause state), and
// keeps the switch queues' maximum and mean for the summary. For every flow, sampled or
// not, it records the delivered bytes at the samples the summary's means start from
// (FlowInfo::delivered_at_*): the per-flow work per sample is that of the sampled flows.
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

  // Creates out_dir and the two CSV files with their headers. `samples`: how many samples
  // the run will take (whole intervals of sample_us in duration_ms).
  void open(const std::string& out_dir, uint64_t samples);
  // One sample at simulated time t_us, the end of an interval of sample_us.
  void sample(double t_us);
  // Writes what is buffered and closes both files; a write error (a full disk, a closed
  // pipe) throws std::runtime_error naming the file.
  void close();
  // After every sample: a write error so far throws (the run stops, not at its end).
  void check_writes() const;
  // An interrupted run: the last sample taken is the run's last (the summary's means end
  // there; the second half and *_after statistics only if they had begun).
  void end_early();

  uint64_t samples() const { return samples_; }
  uint64_t samples_after() const { return samples_after_; }
  // The samples (0-based) the summary's means start from: the second half's first, and
  // the first whose interval starts at or after stats_from_ms.
  uint64_t half_index() const { return half_; }
  uint64_t after_index() const { return after_; }
  const std::vector<QueueStats>& queues() const { return q_; }
  // Host memory of the per-sampled-flow counters (capacity x size; summary.json state_bytes).
  size_t flow_state_bytes() const { return prev_.capacity() * sizeof(Prev); }

 private:
  struct Prev {  // a sampled flow's counters at the previous sample
    uint64_t delivered = 0, cnps = 0, ce = 0, ue = 0;
  };
  void snapshot(uint64_t FlowInfo::*at);

  const Scenario& sc_;
  std::vector<FlowInfo>& flows_;
  const std::vector<Switch*>& switches_;
  const std::vector<Nic*>& nics_;
  std::string flows_path_, queues_path_;
  FILE* flows_csv_ = nullptr;
  FILE* queues_csv_ = nullptr;
  uint64_t samples_ = 0, samples_after_ = 0;
  uint64_t planned_ = 0, half_ = 0, after_ = 0;
  std::vector<Prev> prev_;  // per sc_.sampled_flows entry
  std::vector<QueueStats> q_;
};

}  // namespace dcqcn::net
