// SPDX-License-Identifier: MIT
// Shared-buffer switch (DCQCN SIGCOMM'15 section 4, buffer settings; docs/network.md): ingress accounting per (port, priority) with a
// reserved part, a shared pool under a static or dynamic (beta) PFC threshold, and
// headroom; XOFF when an ingress queue's shared part reaches t_PFC (or it uses
// headroom), XON when it has fallen xon_gap below; a packet that finds no headroom is
// dropped and counted as a lossless violation. Egress queues per (port, priority):
// strict priority for the CNP class, round-robin among the others. A CP engine marks
// every egress queue at enqueue or dequeue and sees the port's PFC history (TCD).
#pragma once
#include <array>
#include <deque>
#include <memory>

#include "engine.h"
#include "frames.h"
#include "node.h"
#include "scenario.h"

namespace dcqcn::net {

// What a switch takes from the scenario.
struct SwitchConfig {
  SwitchSpec spec;            // switch.*: buffer, PFC, ECN
  double stats_from_ms = 0;   // queueing delays count from this time
};

class Switch : public Node {
 public:
  Switch(sc_core::sc_module_name name, NetContext& ctx, uint16_t id, unsigned ports,
         const SwitchConfig& cfg, std::unique_ptr<CpEngine> cp, std::unique_ptr<SwitchFrames> frames);

  CpEngine& cp() { return *cp_; }
  uint64_t frame_cycles() const { return frames_ ? frames_->cycles() : 0; }
  uint64_t egress_bytes(unsigned p, unsigned prio) const { return eg_[p][prio].bytes; }
  // The true maximum of egress_bytes over the run (tracked at every enqueue, so it does
  // not depend on the sampling interval).
  uint64_t egress_peak(unsigned p, unsigned prio) const { return eg_[p][prio].peak; }
  const uint64_t& egress_ref(unsigned p, unsigned prio) const { return eg_[p][prio].bytes; }
  uint64_t ingress_bytes(unsigned p, unsigned prio) const {
    const In& i = in_[p][prio];
    return i.reserved + i.shared + i.hdrm;
  }
  uint64_t buffer_used() const { return used_; }
  uint64_t xoff_standing() const;
  uint64_t xoff_sent_total() const { return xoff_total_; }
  uint64_t xon_sent_total() const { return xon_total_; }
  uint64_t packets_queued() const { return queued_pkts_; }
  uint64_t data_queued() const { return queued_data_; }
  // Queueing delay (enqueue to the start of transmission) of the data packets each port
  // dequeued from stats_from_ms on.
  double delay_sum_ns(unsigned p) const { return delay_sum_ns_[p]; }
  uint64_t delay_count(unsigned p) const { return delay_n_[p]; }

 protected:
  Gp* pick(unsigned p) override;
  void receive(unsigned p, Gp* gp) override;
  void on_pause(unsigned p, unsigned prio, bool pause) override;
  void on_sent(unsigned p, Gp* gp) override;

 private:
  struct Q {
    std::deque<Gp*> q;
    uint64_t bytes = 0;
    uint64_t peak = 0;  // the largest `bytes` ever, updated at every enqueue
  };
  struct In {
    uint64_t reserved = 0, shared = 0, hdrm = 0;
    bool xoff = false;
  };
  uint64_t threshold() const;
  void mark(unsigned port, unsigned prio, Gp* gp, uint64_t qlen);
  void mark_bytes(PacketExt& e, uint8_t ecn);  // the CP's new ECN onto the frame's bytes
  void check_xon(unsigned p, unsigned prio);

  const SwitchConfig cfg_;
  std::unique_ptr<CpEngine> cp_;
  std::unique_ptr<SwitchFrames> frames_;  // the ECN marker (--frames on), or nullptr
  std::vector<std::array<Q, 8>> eg_;
  std::vector<std::array<In, 8>> in_;
  std::vector<unsigned> rr_;
  std::vector<double> delay_sum_ns_;
  std::vector<uint64_t> delay_n_;
  uint64_t shared_cap_ = 0, shared_total_ = 0, used_ = 0;
  uint64_t xoff_total_ = 0, xon_total_ = 0, queued_pkts_ = 0, queued_data_ = 0;
};

}  // namespace dcqcn::net
