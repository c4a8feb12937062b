// SPDX-License-Identifier: MIT
#include "node.h"

#include "network.h"

using namespace sc_core;

namespace dcqcn::net {

Node::Node(sc_module_name name, Network& net, uint16_t id, unsigned num_ports)
    : sc_module(name), net_(net), id_(id), ports_(num_ports), peq_("peq") {
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

void Node::connect(Node& a, unsigned pa, Node& b, unsigned pb, double rate_gbps,
                   double delay_us) {
  auto link = [&](Node& x, unsigned px, Node& y, unsigned py) {
    Port& p = x.ports_[px];
    p.peer = &y;
    p.peer_port = py;
    p.rate_gbps = rate_gbps;
    p.prop = sc_time(delay_us, SC_US);
    x.out_[px]->bind(*y.in_[py]);
  };
  link(a, pa, b, pb);
  link(b, pb, a, pa);
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
  net_.on_wire(e.kind, +1);
  port.tx_done.notify(sc_time(e.size * 8.0 / port.rate_gbps, SC_NS));
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
    net_.on_wire(e.kind, -1);
    const unsigned p = e.in_port;
    if (e.kind == PktKind::PFC) {
      Port& port = ports_[p];
      if (e.pfc_pause) port.stats.pfc_rx++;
      const sc_time at = sc_time_stamp() + sc_time(net_.pfc_response_ns(), SC_NS);
      pfc_pending_.push_back({at, Pending{p, e.prio, e.pfc_pause}});
      pfc_ev_.notify(pfc_pending_.front().first - sc_time_stamp());
      net_.pool().release(gp);
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
    if (x.prio == net_.data_priority()) {
      if (x.pause && !was) port.pause_start_ns = now.to_seconds() * 1e9;
      if (!x.pause && was) port.stats.paused_ns += now.to_seconds() * 1e9 - port.pause_start_ns;
    }
    on_pause(x.port, x.prio, x.pause);
    if (!x.pause) kick(x.port);
  }
  if (!pfc_pending_.empty()) pfc_ev_.notify(pfc_pending_.front().first - now);
}

void Node::send_pfc(unsigned p, unsigned prio, bool pause) {
  Gp* gp = net_.pool().alloc();
  PacketExt& e = ext(*gp);
  e.kind = PktKind::PFC;
  e.size = 64;
  e.prio = static_cast<uint8_t>(prio);
  e.pfc_pause = pause;
  if (pause) ports_[p].stats.pfc_sent++;
  ports_[p].ctrl.push_back(gp);
  kick(p);
}

void Node::finish(double now_ns) {
  for (Port& port : ports_) {
    if (port.paused[net_.data_priority()]) {
      port.stats.paused_ns += now_ns - port.pause_start_ns;
      port.pause_start_ns = now_ns;
    }
  }
}

}  // namespace dcqcn::net
