// SPDX-License-Identifier: MIT
// The pin binding of each block, written once: which s_evt_* pin carries which field of
// the event, which m_out_* pin which field of the result. The lock-step benches
// (tb/lockstep_*.cpp) and the RTL engines (rtl_engine.h) both drive and read a
// Verilated model through these tables, and the reports name pins and fields with them.
//
// A table is a function that calls f(pin name, &Struct::field, bits, pin accessor) for
// every pin; the accessor is a generic lambda, so the same table serves any Verilated
// model of the block (any NUM_FLOWS/NUM_QUEUES) and, without a model, names the fields.
// All blocks share the other ports: clk, rst, s_evt_valid/ready, m_out_valid/ready and
// the CSR bus (csr_we, csr_re, csr_addr, csr_wdata, csr_rdata).
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include "cp_ref.h"
#include "nic_sched_ref.h"
#include "np_ref.h"
#include "regmap.h"
#include "rp_ref.h"

namespace dcqcn::pins {

#define DCQCN_PIN(name) [](auto& m) -> auto& { return m.name; }

struct Rp {
  using Event = RpEvent;
  using Result = RpResult;
  static constexpr const char* kBlock = "RP";
  static constexpr const char* kIndex = "flow";  // what an event addresses
  static uint32_t index(const Event& e) { return e.flow; }
  template <class F>
  static void inputs(F&& f) {
    f("s_evt_op", &Event::op, 3, DCQCN_PIN(s_evt_op));
    f("s_evt_flow", &Event::flow, 32, DCQCN_PIN(s_evt_flow));
    f("s_evt_now_ns", &Event::now_ns, 32, DCQCN_PIN(s_evt_now_ns));
    f("s_evt_bytes", &Event::bytes, 16, DCQCN_PIN(s_evt_bytes));
    f("s_evt_cnp_ue", &Event::cnp_ue, 1, DCQCN_PIN(s_evt_cnp_ue));
    f("s_evt_tau_ns", &Event::tau_ns, 32, DCQCN_PIN(s_evt_tau_ns));
    f("s_evt_gen", &Event::gen, 8, DCQCN_PIN(s_evt_gen));
  }
  template <class F>
  static void outputs(F&& f) {
    f("m_out_op", &Result::op, 3, DCQCN_PIN(m_out_op));
    f("m_out_flow", &Result::flow, 32, DCQCN_PIN(m_out_flow));
    f("m_out_stale", &Result::stale, 1, DCQCN_PIN(m_out_stale));
    f("m_out_paced", &Result::paced, 1, DCQCN_PIN(m_out_paced));
    f("m_out_next_tx_ns", &Result::next_tx_ns, 32, DCQCN_PIN(m_out_next_tx_ns));
    f("m_out_rc_kbps", &Result::rc, 32, DCQCN_PIN(m_out_rc_kbps));
    f("m_out_rt_kbps", &Result::rt, 32, DCQCN_PIN(m_out_rt_kbps));
    f("m_out_alpha_q16", &Result::alpha, 17, DCQCN_PIN(m_out_alpha_q16));
    f("m_out_atmr", &Result::atmr, 2, DCQCN_PIN(m_out_atmr));
    f("m_out_agen", &Result::agen, 8, DCQCN_PIN(m_out_agen));
    f("m_out_adl_ns", &Result::adl_ns, 32, DCQCN_PIN(m_out_adl_ns));
    f("m_out_itmr", &Result::itmr, 2, DCQCN_PIN(m_out_itmr));
    f("m_out_igen", &Result::igen, 8, DCQCN_PIN(m_out_igen));
    f("m_out_idl_ns", &Result::idl_ns, 32, DCQCN_PIN(m_out_idl_ns));
    f("m_out_ctmr", &Result::ctmr, 2, DCQCN_PIN(m_out_ctmr));
    f("m_out_cgen", &Result::cgen, 8, DCQCN_PIN(m_out_cgen));
    f("m_out_cdl_ns", &Result::cdl_ns, 32, DCQCN_PIN(m_out_cdl_ns));
  }
};

struct Np {
  using Event = NpEvent;
  using Result = NpResult;
  static constexpr const char* kBlock = "NP";
  static constexpr const char* kIndex = "flow";
  static uint32_t index(const Event& e) { return e.flow; }
  template <class F>
  static void inputs(F&& f) {
    f("s_evt_op", &Event::op, 2, DCQCN_PIN(s_evt_op));
    f("s_evt_flow", &Event::flow, 32, DCQCN_PIN(s_evt_flow));
    f("s_evt_now_ns", &Event::now_ns, 32, DCQCN_PIN(s_evt_now_ns));
    f("s_evt_ecn", &Event::ecn, 2, DCQCN_PIN(s_evt_ecn));
    f("s_evt_gen", &Event::gen, 8, DCQCN_PIN(s_evt_gen));
  }
  template <class F>
  static void outputs(F&& f) {
    f("m_out_op", &Result::op, 2, DCQCN_PIN(m_out_op));
    f("m_out_flow", &Result::flow, 32, DCQCN_PIN(m_out_flow));
    f("m_out_cnp", &Result::cnp, 1, DCQCN_PIN(m_out_cnp));
    f("m_out_cnp_kind", &Result::cnp_kind, 1, DCQCN_PIN(m_out_cnp_kind));
    f("m_out_cnp_tau_ns", &Result::cnp_tau_ns, 32, DCQCN_PIN(m_out_cnp_tau_ns));
    f("m_out_tmr_set", &Result::tmr_set, 1, DCQCN_PIN(m_out_tmr_set));
    f("m_out_tmr_deadline_ns", &Result::tmr_deadline_ns, 32, DCQCN_PIN(m_out_tmr_deadline_ns));
    f("m_out_tmr_gen", &Result::tmr_gen, 8, DCQCN_PIN(m_out_tmr_gen));
    f("m_out_stale", &Result::stale, 1, DCQCN_PIN(m_out_stale));
    f("m_out_cnp_queued", &Result::cnp_queued, 1, DCQCN_PIN(m_out_cnp_queued));
    f("m_out_cnp_dropped", &Result::cnp_dropped, 1, DCQCN_PIN(m_out_cnp_dropped));
    f("m_out_q_valid", &Result::q_valid, 1, DCQCN_PIN(m_out_q_valid));
    f("m_out_q_flow", &Result::q_flow, 32, DCQCN_PIN(m_out_q_flow));
    f("m_out_q_at_ns", &Result::q_at_ns, 32, DCQCN_PIN(m_out_q_at_ns));
  }
};

struct Cp {
  using Event = CpEvent;
  using Result = CpResult;
  static constexpr const char* kBlock = "CP";
  static constexpr const char* kIndex = "queue";
  static uint32_t index(const Event& e) { return e.queue; }
  template <class F>
  static void inputs(F&& f) {
    f("s_evt_op", &Event::op, 2, DCQCN_PIN(s_evt_op));
    f("s_evt_queue", &Event::queue, 32, DCQCN_PIN(s_evt_queue));
    f("s_evt_now_ns", &Event::now_ns, 32, DCQCN_PIN(s_evt_now_ns));
    f("s_evt_qlen_bytes", &Event::qlen_bytes, 32, DCQCN_PIN(s_evt_qlen_bytes));
    f("s_evt_ecn", &Event::ecn, 2, DCQCN_PIN(s_evt_ecn));
    f("s_evt_paused", &Event::paused, 1, DCQCN_PIN(s_evt_paused));
  }
  template <class F>
  static void outputs(F&& f) {
    f("m_out_op", &Result::op, 2, DCQCN_PIN(m_out_op));
    f("m_out_queue", &Result::queue, 32, DCQCN_PIN(m_out_queue));
    f("m_out_ecn", &Result::ecn, 2, DCQCN_PIN(m_out_ecn));
    f("m_out_marked", &Result::marked, 1, DCQCN_PIN(m_out_marked));
    f("m_out_tcd_state", &Result::tcd_state, 2, DCQCN_PIN(m_out_tcd_state));
    f("m_out_region", &Result::region, 2, DCQCN_PIN(m_out_region));
  }
};

// The NIC's timer service and paced scheduler (rtl/dcqcn_nic_sched.sv, docs/nic.md):
// s_evt_now_ns and s_evt_pause are sampled every cycle, not only with s_evt_valid.
struct NicSched {
  using Event = NicSchedEvent;
  using Result = NicSchedResult;
  static constexpr const char* kBlock = "NIC_SCHED";
  static constexpr const char* kIndex = "flow";
  static uint32_t index(const Event& e) { return e.flow; }
  template <class F>
  static void inputs(F&& f) {
    f("s_evt_op", &Event::op, 2, DCQCN_PIN(s_evt_op));
    f("s_evt_kind", &Event::kind, 3, DCQCN_PIN(s_evt_kind));
    f("s_evt_flow", &Event::flow, 32, DCQCN_PIN(s_evt_flow));
    f("s_evt_gen", &Event::gen, 8, DCQCN_PIN(s_evt_gen));
    f("s_evt_at_ns", &Event::at_ns, 32, DCQCN_PIN(s_evt_at_ns));
    f("s_evt_now_ns", &Event::now_ns, 32, DCQCN_PIN(s_evt_now_ns));
    f("s_evt_pause", &Event::pause, 1, DCQCN_PIN(s_evt_pause));
  }
  template <class F>
  static void outputs(F&& f) {
    f("m_out_kind", &Result::kind, 3, DCQCN_PIN(m_out_kind));
    f("m_out_flow", &Result::flow, 32, DCQCN_PIN(m_out_flow));
    f("m_out_gen", &Result::gen, 8, DCQCN_PIN(m_out_gen));
    f("m_out_at_ns", &Result::at_ns, 32, DCQCN_PIN(m_out_at_ns));
    f("m_out_tx_ns", &Result::tx_ns, 32, DCQCN_PIN(m_out_tx_ns));
    f("m_out_late_ns", &Result::late_ns, 32, DCQCN_PIN(m_out_late_ns));
  }
};

#undef DCQCN_PIN

constexpr uint64_t mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

// The event on the s_evt_* pins (each field cut to its pin's width).
template <class P, class VM>
void drive_event(VM& m, const typename P::Event& e) {
  P::inputs([&](const char*, auto field, unsigned bits, auto pin) {
    pin(m) = static_cast<std::remove_reference_t<decltype(pin(m))>>(
        static_cast<uint64_t>(e.*field) & mask(bits));
  });
}

// Every input of a cycle: reset, the event handshake, back-pressure and the CSR bus.
template <class P, class VM>
void drive(VM& m, const ModelIn<typename P::Event>& in) {
  m.rst = in.rst;
  m.s_evt_valid = in.evt_valid;
  drive_event<P>(m, in.evt);
  m.m_out_ready = in.out_ready;
  m.csr_we = in.csr_we;
  m.csr_re = in.csr_re;
  m.csr_addr = in.csr_addr;
  m.csr_wdata = in.csr_wdata;
}

// The result on the m_out_* pins.
template <class P, class VM>
typename P::Result result(const VM& m) {
  typename P::Result r{};
  P::outputs([&](const char*, auto field, unsigned, auto pin) {
    r.*field = static_cast<std::remove_reference_t<decltype(r.*field)>>(pin(m));
  });
  return r;
}

// Every output as the model shows it now.
template <class P, class VM>
ModelOut<typename P::Result> outputs(const VM& m) {
  ModelOut<typename P::Result> o;
  o.evt_ready = m.s_evt_ready;
  o.out_valid = m.m_out_valid;
  o.out = result<P>(m);
  o.csr_rdata = m.csr_rdata;
  return o;
}

// "op=1 flow=3 ..." (field names without the pin prefix), for reports.
template <class P, class S>
std::string describe(const S& s) {
  std::string out;
  auto one = [&](const char* name, auto field, unsigned, auto) {
    const std::string n = name;
    out += (out.empty() ? "" : " ") + n.substr(n.find('_', n.find('_') + 1) + 1) + "=" +
           std::to_string(static_cast<uint64_t>(s.*field));
  };
  if constexpr (std::is_same_v<S, typename P::Event>) P::inputs(one);
  else P::outputs(one);
  return out;
}

}  // namespace dcqcn::pins
