// SPDX-License-Identifier: MIT
#include "node.h"

#include "ecn.h"
#include "sim_time.h"

using namespace sc_core;

namespace dcqcn::net {

Node::Node(sc_module_name name, NetContext& ctx, uint16_t id, unsigned num_ports)
    : sc_module(name), ctx_(ctx), id_(id), ports_(num_ports), peq_("peq") {
  for (unsigned p = 0; p < num_ports; ++p) {
    out_.push_back(std::make_unique<tlm_utils::simple_initiator_socket_tagged<Node>>(
        sc_gen_unique_name("out")));
    in_.push_back(std::make_unique<tlm_utils::simple_target_socket_tagged<Node>>(
        sc_gen_unique_name("in")));
    in_.back()->register_b_transport(this, &Node::b_transport, static_cast<int>(p));
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&ports_[p].tx_done);
    o.dont_initialize();
    sc_spawn(sc_bind(&Node::tx_done, this, p), sc_gen_unique_name("tx"), &o);
  }
  {
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&peq_.get_event());
    o.dont_initialize();
    sc_spawn(sc_bind(&Node::rx_method, this), "rx", &o);
  }
  {
    sc_spawn_options o;
    o.spawn_method();
    o.set_sensitivity(&pfc_ev_);
    o.dont_initialize();
    sc_spawn(sc_bind(&Node::pfc_apply_method, this), "pfc", &o);
  }
}

namespace {
// splitmix64: a tiny generator with the same sequence on every platform and compiler
// (std:: distributions are implementation-defined); uniform in [0, 1) from 53 bits.
double next_uniform(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}
}  // namespace

void Node::connect(Node& a, unsigned pa, Node& b, unsigned pb, double rate_gbps,
                   double delay_us, double loss, uint64_t seed_ab, uint64_t seed_ba) {
  auto link = [&](Node& x, unsigned px, Node& y, unsigned py, uint64_t seed) {
    Port& p = x.ports_[px];
    p.peer = &y;
    p.peer_port = py;
    p.rate_gbps = rate_gbps;
    p.prop = sc_time(delay_us, SC_US);
    x.out_[px]->bind(*y.in_[py]);
    Port& r = y.ports_[py];  // the receiving end of x -> y
    r.rx_loss = loss;
    r.rx_rng = seed;
  };
  link(a, pa, b, pb, seed_ab);
  link(b, pb, a, pa, seed_ba);
}

void Node::kick(unsigned p) {
  if (!ports_[p].busy) start(p);
}

void Node::start(unsigned p) {
  Port& port = ports_[p];
  Gp* gp = nullptr;
  if (!port.ctrl.empty()) {
    gp = port.ctrl.front();
    port.ctrl.pop_front();
  } else {
    gp = pick(p);
  }
  if (!gp) return;
  PacketExt& e = ext(*gp);
  port.busy = true;
  port.in_flight = gp;
  port.stats.tx_frames++;
  port.stats.tx_bytes += e.size;
  port.stats.tx_wire_bytes += e.size + kWireOverheadBytes;
  if (e.kind == PktKind::DATA) {
    port.stats.tx_data++;
    port.stats.tx_payload_bytes += e.payload;
    port.stats.tx_ce += e.ecn == kEcnCe;
  } else if (e.kind == PktKind::CNP) {
    port.stats.tx_cnp++;
  }
  ctx_.counters.on_wire(e.kind, +1);
  on_start(p, gp);
  if (ctx_.pcap && ctx_.pcap->selected(id_, p))
    ctx_.pcap->write(id_, p, WireFrame{e.kind, e.flow, e.src, e.dst, e.psn, e.size, e.ecn, e.prio, e.pfc_pause},
                     e.frame, now_ns());
  port.tx_done.notify(sc_time((e.size + kWireOverheadBytes) * 8.0 / port.rate_gbps, SC_NS));
}

void Node::tx_done(unsigned p) {
  Port& port = ports_[p];
  Gp* gp = port.in_flight;
  port.in_flight = nullptr;
  port.busy = false;
  on_sent(p, gp);
  PacketExt& e = ext(*gp);
  e.in_port = static_cast<uint16_t>(port.peer_port);
  sc_time d = port.prop;
  (*out_[p])->b_transport(*gp, d);
  start(p);
}

void Node::b_transport(int p, Gp& gp, sc_time& delay) {
  ext(gp).in_port = static_cast<uint16_t>(p);
  peq_.notify(gp, delay);
  delay = SC_ZERO_TIME;
}

void Node::rx_method() {
  while (Gp* gp = peq_.get_next_transaction()) {
    PacketExt& e = ext(*gp);
    ctx_.counters.on_wire(e.kind, -1);
    const unsigned p = e.in_port;
    // Random (non-congestion) loss: a DATA frame that crossed the link with a bad FCS is
    // discarded on arrival. One draw per DATA frame, only on lossy links, so the sequence
    // depends on the packets alone (both engines draw identically).
    if (e.kind == PktKind::DATA && ports_[p].rx_loss > 0 &&
        next_uniform(ports_[p].rx_rng) < ports_[p].rx_loss) {
      ctx_.counters.drops_link++;
      ctx_.pool.release(gp);
      continue;
    }
    if (e.kind == PktKind::PFC) {
      Port& port = ports_[p];
      if (e.pfc_pause) port.stats.pfc_rx++;
      const sc_time at = sc_time_stamp() + sc_time(ctx_.pfc_response_ns, SC_NS);
      pfc_pending_.push_back({at, Pending{p, e.prio, e.pfc_pause}});
      pfc_ev_.notify(pfc_pending_.front().first - sc_time_stamp());
      ctx_.pool.release(gp);
      continue;
    }
    receive(p, gp);
  }
}

void Node::pfc_apply_method() {
  const sc_time now = sc_time_stamp();
  while (!pfc_pending_.empty() && pfc_pending_.front().first <= now) {
    const Pending x = pfc_pending_.front().second;
    pfc_pending_.pop_front();
    Port& port = ports_[x.port];
    const bool was = port.paused[x.prio];
    port.paused[x.prio] = x.pause;
    if (x.prio == ctx_.data_priority) {
      if (x.pause && !was) port.pause_start_ns = now.to_seconds() * 1e9;
      if (!x.pause && was) port.stats.paused_ns += now.to_seconds() * 1e9 - port.pause_start_ns;
    }
    on_pause(x.port, x.prio, x.pause);
    if (!x.pause) kick(x.port);
  }
  if (!pfc_pending_.empty()) pfc_ev_.notify(pfc_pending_.front().first - now);
}

void Node::send_pfc(unsigned p, unsigned prio, bool pause) {
  Gp* gp = ctx_.pool.alloc();
  PacketExt& e = ext(*gp);
  e.kind = PktKind::PFC;
  e.size = kPfcFrameBytes;
  e.prio = static_cast<uint8_t>(prio);
  e.pfc_pause = pause;
  if (pause) ports_[p].stats.pfc_sent++;
  ports_[p].ctrl.push_back(gp);
  kick(p);
}

void Node::finish(double now_ns) {
  for (Port& port : ports_) {
    if (port.paused[ctx_.data_priority]) {
      port.stats.paused_ns += now_ns - port.pause_start_ns;
      port.pause_start_ns = now_ns;
    }
  }
}

}  // namespace dcqcn::net
