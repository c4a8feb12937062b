// SPDX-License-Identifier: MIT
// The pins of a Verilated rtl/dcqcn_nic_top.sv from and to NicTopIn / NicTopOut
// (tb/ref/nic_top_ref.h), through the descriptor packing of tb/ref/nic_top_desc.h.
// Header only, a template on the Verilated class (any NUM_FLOWS).
#pragma once
#include "nic_top_desc.h"
#include "nic_top_ref.h"

namespace dcqcn::nic_pins {

template <class VM>
void drive(VM& m, const NicTopIn& in) {
  m.rst = in.rst;
  m.now_ns = in.now_ns;
  m.pause = in.pause;
  m.s_axis_txop_tvalid = in.txop_valid;
  m.m_axis_txsel_tready = in.txsel_ready;
  m.s_axis_txdone_tvalid = in.txdone_valid;
  pack(in.txdone, m.s_axis_txdone_tdata);
  m.s_axis_host_tvalid = in.host_valid;
  m.s_axis_host_tdata = pack(in.host);
  m.s_axis_rxcnp_tvalid = in.rxcnp_valid;
  m.s_axis_rxcnp_tdata = pack(in.rxcnp);
  m.s_axis_rxdata_tvalid = in.rxdata_valid;
  m.s_axis_rxdata_tdata = pack(in.rxdata);
  m.m_axis_cnpreq_tready = in.cnpreq_ready;
  m.s_axil_awvalid = in.awvalid;
  m.s_axil_awaddr = in.awaddr;
  m.s_axil_wvalid = in.wvalid;
  m.s_axil_wdata = in.wdata;
  m.s_axil_wstrb = in.wstrb;
  m.s_axil_bready = in.bready;
  m.s_axil_arvalid = in.arvalid;
  m.s_axil_araddr = in.araddr;
  m.s_axil_rready = in.rready;
}

// A stream's payload is unpacked only while its valid is high (AXI4-Stream: tdata means
// nothing without tvalid); otherwise it keeps its default. The mon payloads are wide, and
// this runs every cycle of the RTL engine.
template <class VM>
NicTopOut read(const VM& m) {
  NicTopOut o;
  o.txop_ready = m.s_axis_txop_tready;
  o.txsel_valid = m.m_axis_txsel_tvalid;
  if (o.txsel_valid) o.txsel = unpack_txsel(m.m_axis_txsel_tdata);
  o.txdone_ready = m.s_axis_txdone_tready;
  o.host_ready = m.s_axis_host_tready;
  o.rxcnp_ready = m.s_axis_rxcnp_tready;
  o.rxdata_ready = m.s_axis_rxdata_tready;
  o.cnpreq_valid = m.m_axis_cnpreq_tvalid;
  if (o.cnpreq_valid) o.cnpreq = unpack_cnpreq(m.m_axis_cnpreq_tdata);
  o.mon_rp_valid = m.mon_rp_valid;
  if (o.mon_rp_valid) o.mon_rp = unpack_rp(m.mon_rp_data);
  o.mon_np_valid = m.mon_np_valid;
  if (o.mon_np_valid) o.mon_np = unpack_np(m.mon_np_data);
  o.next_due_valid = m.next_due_valid;
  o.next_due_ns = m.next_due_ns;
  o.sweep_due_ns = m.sweep_due_ns;
  o.txq_nonempty = m.txq_nonempty;
  o.idle = m.idle;
  o.awready = m.s_axil_awready;
  o.wready = m.s_axil_wready;
  o.bvalid = m.s_axil_bvalid;
  o.bresp = m.s_axil_bresp;
  o.arready = m.s_axil_arready;
  o.rvalid = m.s_axil_rvalid;
  o.rdata = m.s_axil_rdata;
  o.rresp = m.s_axil_rresp;
  return o;
}

}  // namespace dcqcn::nic_pins
