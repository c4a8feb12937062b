// SPDX-License-Identifier: MIT
// Packets are TLM-2.0 generic payloads with one extension for the protocol fields.
// A pool recycles payloads (no allocation per packet after warm-up).
#pragma once
#include <systemc>
#include <tlm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "wire.h"

namespace dcqcn::net {

// Which part of the switch buffer a packet occupies (released on departure).
enum class BufPool : uint8_t { NONE = 0, RESERVED = 1, SHARED = 2, HEADROOM = 3 };

struct PacketExt : tlm::tlm_extension<PacketExt> {
  PktKind kind = PktKind::DATA;
  uint32_t flow = 0;        // global flow id (scenario order, counts expanded)
  uint16_t src = 0, dst = 0;  // host node ids
  uint32_t psn = 0;         // DATA: per-flow sequence number; NAK/ACK: expected PSN
  uint32_t size = 0;        // Ethernet frame bytes, FCS included (+ kWireOverheadBytes on the wire)
  uint32_t payload = 0;     // DATA: payload bytes (goodput); 0 for control frames
  uint8_t ecn = 0;          // ECN field (DATA: 01 ECT(1) when DCQCN is on)
  uint8_t prio = 0;         // priority class
  // CNP
  uint8_t cnp_kind = 0;     // 0 CE, 1 UE
  uint32_t cnp_tau_ns = 0;
  // PFC
  bool pfc_pause = false;   // XOFF (true) / XON (false) for class `prio`
  // switch bookkeeping
  uint16_t in_port = 0;     // arrival port at the current node
  double enqueued_ns = 0;   // time it joined the current egress queue
  BufPool pool = BufPool::NONE;
  bool released = false;    // in the pool's free list (guards against double release)
  // The frame's bytes, destination MAC to ICRC, no FCS (docs/network.md, "How frames are
  // made in the simulation"): empty when the run makes no frames (--frames off) and for PFC
  // frames (the MAC's own, built by the capture). Made by the sender (DATA, ACK, NAK: the
  // transport; CNP: the CNP builder), rewritten by a switch's ECN marker, read by the
  // receiving NIC's classifier.
  std::vector<uint8_t> frame;

  tlm::tlm_extension_base* clone() const override { return new PacketExt(*this); }
  void copy_from(const tlm::tlm_extension_base& e) override {
    *this = static_cast<const PacketExt&>(e);
  }
};

using Gp = tlm::tlm_generic_payload;

inline PacketExt& ext(Gp& gp) {
  PacketExt* e = nullptr;
  gp.get_extension(e);
  return *e;
}

class PacketPool {
 public:
  ~PacketPool() {
    for (Gp* g : all_) {
      PacketExt* e = nullptr;
      g->get_extension(e);
      g->clear_extension(e);
      delete e;
      delete g;
    }
  }
  Gp* alloc() {
    Gp* g;
    if (free_.empty()) {
      g = new Gp();
      g->set_extension(new PacketExt());
      all_.push_back(g);
    } else {
      g = free_.back();
      free_.pop_back();
    }
    PacketExt& e = ext(*g);
    std::vector<uint8_t> keep = std::move(e.frame);  // its capacity: no allocation per packet
    e = PacketExt{};
    keep.clear();
    e.frame = std::move(keep);
    g->set_command(tlm::TLM_WRITE_COMMAND);
    g->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    ++live_;
    return g;
  }
  void release(Gp* g) {
    PacketExt& e = ext(*g);
    if (e.released) throw std::logic_error("packet released twice");
    e.released = true;
    free_.push_back(g);
    --live_;
  }
  uint64_t live() const { return live_; }

 private:
  std::vector<Gp*> all_, free_;
  uint64_t live_ = 0;
};

}  // namespace dcqcn::net
