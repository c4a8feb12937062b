// SPDX-License-Identifier: MIT
#include "sampler.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "csv_format.h"
#include "nic.h"
#include "switch.h"

namespace dcqcn::net {

Sampler::Sampler(const Scenario& sc, std::vector<FlowInfo>& flows,
                 const std::vector<Switch*>& switches, const std::vector<Nic*>& nics)
    : sc_(sc), flows_(flows), switches_(switches), nics_(nics) {}

Sampler::~Sampler() {
  if (flows_csv_) std::fclose(flows_csv_);
  if (queues_csv_) std::fclose(queues_csv_);
}

void Sampler::open(const std::string& out_dir) {
  std::filesystem::create_directories(out_dir);
  flows_csv_ = std::fopen((out_dir + "/flows.csv").c_str(), "w");
  queues_csv_ = std::fopen((out_dir + "/queues.csv").c_str(), "w");
  if (!flows_csv_ || !queues_csv_)
    throw std::runtime_error("cannot write to output directory '" + out_dir + "'");
  std::fprintf(flows_csv_, "time_us,flow,src,dst,rate_gbps,target_gbps,alpha,tput_gbps\n");
  std::fprintf(queues_csv_, "time_us,node,port,prio,egress_bytes,ingress_bytes,paused\n");
  size_t nq = 0;
  for (Switch* sw : switches_) nq += sw->num_ports();
  q_.assign(nq, QueueStats{});
}

void Sampler::sample(double t_us) {
  const double dt_s = sc_.sample_us * 1e-6;
  for (FlowInfo& f : flows_) {
    const double tput = f.interval_bytes * 8.0 / dt_s / 1e9;
    f.samples_gbps.push_back(tput);
    f.interval_bytes = 0;
    std::fprintf(flows_csv_, "%s,%u,%s,%s,%s,%s,%s,%s\n", fmt6(t_us).c_str(), f.gid,
                 sc_.nodes[f.src].name.c_str(), sc_.nodes[f.dst].name.c_str(),
                 fmt6(f.rc_kbps / 1e6).c_str(), fmt6(f.rt_kbps / 1e6).c_str(),
                 fmt6(f.alpha_q16 / 65536.0).c_str(), fmt6(tput).c_str());
  }
  // A sample belongs to the *_after statistics when its whole interval is after stats_from_ms.
  const bool after = t_us - sc_.sample_us >= sc_.stats_from_ms * 1000.0 - 1e-6;
  samples_after_ += after;
  size_t k = 0;
  for (Switch* sw : switches_) {
    for (unsigned p = 0; p < sw->num_ports(); ++p, ++k) {
      const unsigned pr = sc_.data_priority;
      const uint64_t eg = sw->egress_bytes(p, pr);
      QueueStats& q = q_[k];
      q.max = std::max(q.max, eg);
      q.sum += eg;
      if (after) {
        q.max_after = std::max(q.max_after, eg);
        q.sum_after += eg;
      }
      std::fprintf(queues_csv_, "%s,%s,%u,%u,%llu,%llu,%d\n", fmt6(t_us).c_str(), sw->basename(), p,
                   pr, static_cast<unsigned long long>(eg),
                   static_cast<unsigned long long>(sw->ingress_bytes(p, pr)), sw->paused(p, pr) ? 1 : 0);
    }
  }
  for (Nic* nic : nics_) {
    std::fprintf(queues_csv_, "%s,%s,0,%u,0,0,%d\n", fmt6(t_us).c_str(), nic->basename(),
                 sc_.data_priority, nic->paused(0, sc_.data_priority) ? 1 : 0);
  }
  ++samples_;
}

void Sampler::flush() {
  std::fflush(flows_csv_);
  std::fflush(queues_csv_);
}

}  // namespace dcqcn::net
