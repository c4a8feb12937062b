// SPDX-License-Identifier: MIT
// A network node (switch or NIC) with full-duplex ports. Each port has a TLM initiator
// socket towards the peer and a target socket from it; the link is the pair of socket
// bindings plus the rate and propagation delay kept here. A frame's last bit reaches
// the peer `serialisation + propagation` after its first bit left; b_transport carries
// it with the propagation delay annotated, and the receiver queues it in a PEQ until
// then. A frame of `size` bytes occupies the link for (size + 20) x 8 / rate: preamble,
// SFD and inter-frame gap (packet.h, kWireOverheadBytes). A frame on the wire is never aborted. PFC frames use the same wires, ahead of
// every other class, and are not subject to pause.
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_get.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "context.h"
#include "packet.h"

namespace dcqcn::net {

struct PortStats {
  uint64_t tx_frames = 0, tx_bytes = 0;  // frames started on the link, their frame bytes
  uint64_t tx_wire_bytes = 0;            // + preamble, SFD and IFG (what the link carries)
  uint64_t tx_payload_bytes = 0;         // DATA payload (goodput)
  uint64_t tx_data = 0, tx_cnp = 0, tx_ce = 0;  // DATA frames, CNPs, DATA frames sent with ECN CE (11)
  uint64_t pfc_sent = 0, pfc_rx = 0;  // PAUSE (XOFF) frames sent / received
  double paused_ns = 0;               // time the data class was paused by the peer
};

class Node : public sc_core::sc_module {
 public:
  Node(sc_core::sc_module_name name, NetContext& ctx, uint16_t id, unsigned num_ports);

  // Link this node's port `p` to `peer`'s port `pp` (both directions).
  // `loss`: probability that a DATA frame is lost (bad FCS at the receiver), each
  // direction, drawn from a generator seeded with seed_ab (a -> b) and seed_ba (b -> a).
  static void connect(Node& a, unsigned pa, Node& b, unsigned pb, double rate_gbps,
                      double delay_us, double loss = 0, uint64_t seed_ab = 0,
                      uint64_t seed_ba = 0);

  uint16_t id() const { return id_; }
  unsigned num_ports() const { return static_cast<unsigned>(ports_.size()); }
  Node* peer(unsigned p) const { return ports_[p].peer; }
  unsigned peer_port(unsigned p) const { return ports_[p].peer_port; }
  double rate_gbps(unsigned p) const { return ports_[p].rate_gbps; }
  bool paused(unsigned p, unsigned prio) const { return ports_[p].paused[prio]; }
  const bool& paused_ref(unsigned p, unsigned prio) const { return ports_[p].paused[prio]; }
  const PortStats& port_stats(unsigned p) const { return ports_[p].stats; }
  void finish(double now_ns);  // close open pause intervals for the statistics

 protected:
  // The next frame to send on port p (ownership passes to the transmitter), or nullptr.
  // Called whenever the port is free; must respect paused(p, prio).
  virtual Gp* pick(unsigned p) = 0;
  // A frame arrived (its last bit) on port p. DATA and CNP only; PFC is handled here.
  virtual void receive(unsigned p, Gp* gp) = 0;
  // The peer paused or resumed class `prio` on port p (after the response time).
  virtual void on_pause(unsigned p, unsigned prio, bool pause) { (void)p; (void)prio; (void)pause; }
  // A frame starts leaving port p (its first bit).
  virtual void on_start(unsigned p, Gp* gp) { (void)p; (void)gp; }
  // A frame finished leaving port p (the buffer it used may be released).
  virtual void on_sent(unsigned p, Gp* gp) { (void)p; (void)gp; }

  // Start sending on port p if it is idle (call after queueing something).
  void kick(unsigned p);
  // Queue a PFC frame for class prio on port p (to the peer).
  void send_pfc(unsigned p, unsigned prio, bool pause);

  NetContext& ctx_;  // shared with the other nodes (context.h)

 private:
  struct Port {
    Node* peer = nullptr;
    unsigned peer_port = 0;
    double rate_gbps = 40;
    sc_core::sc_time prop;
    bool busy = false;
    Gp* in_flight = nullptr;
    std::deque<Gp*> ctrl;  // PFC frames
    std::array<bool, 8> paused{};
    double rx_loss = 0;        // random loss of DATA frames arriving on this port
    uint64_t rx_rng = 0;       // splitmix64 state of that loss
    double pause_start_ns = 0;
    sc_core::sc_event tx_done;
    PortStats stats;
  };
  struct Pending {  // a PFC frame that takes effect after the response time
    unsigned port, prio;
    bool pause;
  };

  void tx_done(unsigned p);
  void start(unsigned p);
  void b_transport(int p, Gp& gp, sc_core::sc_time& delay);
  void rx_method();
  void pfc_apply_method();

  uint16_t id_;
  std::vector<Port> ports_;
  std::vector<std::unique_ptr<tlm_utils::simple_initiator_socket_tagged<Node>>> out_;
  std::vector<std::unique_ptr<tlm_utils::simple_target_socket_tagged<Node>>> in_;
  tlm_utils::peq_with_get<Gp> peq_;
  std::deque<std::pair<sc_core::sc_time, Pending>> pfc_pending_;
  sc_core::sc_event pfc_ev_;
};

}  // namespace dcqcn::net
