// SPDX-License-Identifier: MIT
// What the nodes share while the network runs, instead of the whole Network: the packet
// pool, the run's counters, the flow table, the routes and the few settings every node
// needs. The Network owns it; the sampler and the report read it.
#pragma once
#include <cstdint>
#include <vector>

#include "packet.h"
#include "pcap.h"
#include "topology.h"

namespace dcqcn::net {

// Per-flow bookkeeping shared by the source and destination NICs.
struct FlowInfo {
  uint32_t gid = 0;
  uint16_t src = 0, dst = 0;       // node ids
  uint32_t rp_idx = 0, np_idx = 0; // index in the source RP / destination NP
  double start_ns = 0;
  uint32_t start_rate_kbps = 0;    // 0 = line rate
  uint64_t size_bytes = 0;         // 0 = infinite
  uint64_t total_pkts = 0;         // sized flows: packets (0 = infinite)
  double on_ns = 0, off_ns = 0;    // on/off traffic (flows[].on_us, off_us); 0: always on
  // statistics
  // sent: every DATA frame the sender injected (retransmissions too); delivered: in-order,
  // unique frames the receiver accepted, frame bytes (headers and FCS, not preamble/IFG).
  uint64_t sent_bytes = 0, delivered_bytes = 0, delivered_pkts = 0;
  uint64_t delivered_payload_bytes = 0;  // the payload of the delivered frames (goodput)
  // delivered_bytes at the samples the summary's means start from (sampler.h): the
  // sample that ends the first half, the one at stats_from_ms, and the last one. The
  // throughput over samples k.. is (at sample last - at sample k) / time, so no flow keeps
  // its time series.
  uint64_t delivered_at_half = 0, delivered_at_after = 0, delivered_at_last = 0;
  double finish_ns = -1;           // sized flows: time the last packet was accepted
  // go-back-N (gbn.h)
  uint64_t retransmitted_bytes = 0;  // sent again (after a NAK or a timeout)
  uint64_t discarded_pkts = 0;       // arrived out of order or duplicate, dropped by the receiver
  uint64_t naks_sent = 0, naks_received = 0, acks_sent = 0, timeouts = 0;
  uint32_t rc_kbps = 0, rt_kbps = 0, alpha_q16 = 0;
  uint64_t cnps_sent = 0, cnps_received = 0;
  uint64_t ce_marks = 0, ue_marks = 0;  // data packets that arrived with ECN 11 / 10
};

struct Counters {
  uint64_t data_injected = 0, data_delivered = 0;
  uint64_t drops_lossless = 0, drops_lossy = 0, drops_data = 0;
  uint64_t drops_link = 0;      // DATA lost to random link loss (links[].loss)
  uint64_t data_discarded = 0;  // DATA that reached its receiver out of order or duplicate
  uint64_t data_retransmitted = 0;  // DATA sent again (go-back-N: after a NAK or a timeout)
  uint64_t empty_grants = 0;    // grants of a flow with nothing left to send (nic.cpp pick)
  uint64_t ecn_marks = 0, ue_marks = 0;
  uint64_t cnps_sent = 0, cnps_received = 0;
  int64_t wire[kNumPktKinds] = {};  // frames on wires by kind
  uint64_t packets = 0;         // all frames delivered to a node
  uint64_t buffer_violations = 0;
  uint64_t np_min_gap_violations = 0;
  uint64_t np_budget_violations = 0;  // two CNPs of one NIC closer than NP_CNP_BUDGET_NS
  uint64_t nic_overflows = 0;   // receive buffer over capacity (PFC too late)
  // frames (--frames on): CNPs built by the CNP builders, frames classified by the NICs'
  // classifiers (every one agreed with the packet's metadata: a disagreement stops the
  // run), CE marks applied to the bytes by the switches' ECN markers, UE marks (TCD)
  // rewritten in C++
  uint64_t frame_cnps_built = 0, frame_classified = 0, frame_ce_marked = 0, frame_ue_rewritten = 0;

  void on_wire(PktKind k, int d) { wire[static_cast<int>(k)] += d; }
};

struct NetContext {
  PacketPool pool;
  Counters counters;
  std::vector<FlowInfo> flows;  // by global flow id
  Routes routes;
  unsigned data_priority = 3;   // lossless data class
  unsigned cnp_priority = 7;    // CNPs, NAKs and ACKs: strict priority
  double pfc_response_ns = 0;   // a PAUSE takes effect this long after it arrives
  PcapWriter* pcap = nullptr;   // --pcap: frames on the chosen links (pcap.h)
  bool frames = false;          // --frames on: packets carry bytes made by the frame blocks
  std::vector<uint32_t> qpn_rx_base;  // per node: its first receive QPN (kQpnBase + flows it sends)
  // the local QPNs of a flow (pcap.h): at its sender, and at its receiver
  uint32_t src_qpn(const FlowInfo& f) const { return kQpnBase + f.rp_idx; }
  uint32_t dst_qpn(const FlowInfo& f) const { return qpn_rx_base[f.dst] + f.np_idx; }
};

}  // namespace dcqcn::net
