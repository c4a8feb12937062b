// SPDX-License-Identifier: MIT
#include "sampler.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>
#include <cmath>
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

void Sampler::open(const std::string& out_dir, uint64_t samples) {
  std::filesystem::create_directories(out_dir);
  flows_path_ = out_dir + "/flows.csv";
  queues_path_ = out_dir + "/queues.csv";
  flows_csv_ = std::fopen(flows_path_.c_str(), "w");
  queues_csv_ = std::fopen(queues_path_.c_str(), "w");
  if (!flows_csv_ || !queues_csv_)
    throw std::runtime_error("cannot write to output directory '" + out_dir + "': " + std::strerror(errno));
  std::fprintf(flows_csv_,
               "time_us,flow,src,dst,rate_gbps,target_gbps,alpha,tput_gbps,cnps_received,ce_marks,"
               "ue_marks\n");
  std::fprintf(queues_csv_, "time_us,node,port,prio,egress_bytes,ingress_bytes,paused\n");
  size_t nq = 0;
  for (Switch* sw : switches_) nq += sw->num_ports();
  q_.assign(nq, QueueStats{});
  prev_.assign(sc_.sampled_flows.size(), Prev{});
  planned_ = samples;
  half_ = samples / 2;
  // the first sample whose whole interval is after stats_from_ms (as the *_after port stats)
  after_ = static_cast<uint64_t>(std::ceil(sc_.stats_from_ms * 1000.0 / sc_.sample_us - 1e-9));
}

// delivered_bytes of every flow into FlowInfo::*at (the end of the sample just taken).
void Sampler::snapshot(uint64_t FlowInfo::*at) {
  for (FlowInfo& f : flows_) f.*at = f.delivered_bytes;
}

void Sampler::sample(double t_us) {
  const double dt_s = sc_.sample_us * 1e-6;
  const std::string t = fmt6(t_us);
  CsvLine l;
  for (size_t k = 0; k < sc_.sampled_flows.size(); ++k) {
    const FlowInfo& f = flows_[sc_.sampled_flows[k]];
    Prev& p = prev_[k];
    const double tput = static_cast<double>(f.delivered_bytes - p.delivered) * 8.0 / dt_s / 1e9;
    l.s(t).u(f.gid).s(sc_.nodes[f.src].name).s(sc_.nodes[f.dst].name).f6(f.rc_kbps / 1e6);
    l.f6(f.rt_kbps / 1e6).f6(f.alpha_q16 / 65536.0).f6(tput).u(f.cnps_received - p.cnps);
    l.u(f.ce_marks - p.ce).u(f.ue_marks - p.ue).write(flows_csv_);
    p = Prev{f.delivered_bytes, f.cnps_received, f.ce_marks, f.ue_marks};
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
      std::fprintf(queues_csv_, "%s,%s,%u,%u,%llu,%llu,%d\n", t.c_str(), sw->basename(), p,
                   pr, static_cast<unsigned long long>(eg),
                   static_cast<unsigned long long>(sw->ingress_bytes(p, pr)), sw->paused(p, pr) ? 1 : 0);
    }
  }
  for (Nic* nic : nics_) {
    std::fprintf(queues_csv_, "%s,%s,0,%u,0,0,%d\n", t.c_str(), nic->basename(),
                 sc_.data_priority, nic->paused(0, sc_.data_priority) ? 1 : 0);
  }
  ++samples_;
  // Samples samples_-1 and before are taken: the delivered bytes at the start of sample
  // half_ (after_) are those now, when samples_ == half_ (after_). Index 0 starts at 0.
  if (samples_ == half_) snapshot(&FlowInfo::delivered_at_half);
  if (samples_ == after_) snapshot(&FlowInfo::delivered_at_after);
  if (samples_ == planned_) snapshot(&FlowInfo::delivered_at_last);
}

void Sampler::check_writes() const {
  for (const auto& [f, path] : {std::pair<FILE*, const std::string*>{flows_csv_, &flows_path_}, {queues_csv_, &queues_path_}})
    if (f && std::ferror(f))
      throw std::runtime_error(*path + ": write error: " + std::strerror(errno ? errno : EIO) +
                               "; expected a writable file system with free space");
}

void Sampler::close() {
  for (auto& [f, path] : {std::pair<FILE**, const std::string*>{&flows_csv_, &flows_path_}, {&queues_csv_, &queues_path_}}) {
    if (!*f) continue;
    errno = 0;
    const bool bad = std::fflush(*f) != 0 || std::ferror(*f);
    const int e = errno;
    const bool closed_bad = std::fclose(*f) != 0;
    *f = nullptr;
    if (bad || closed_bad)
      throw std::runtime_error(*path + ": write error: " + std::strerror(e ? e : errno ? errno : EIO) +
                               "; expected a writable file system with free space");
  }
}

void Sampler::end_early() {
  if (samples_ < planned_) {
    planned_ = samples_;
    snapshot(&FlowInfo::delivered_at_last);
  }
}

}  // namespace dcqcn::net
