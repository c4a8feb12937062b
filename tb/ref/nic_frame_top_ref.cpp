// SPDX-License-Identifier: MIT
// Reference of rtl/dcqcn_nic_frame_top.sv (tb/ref/nic_frame_top_ref.h).
#include "nic_frame_top_ref.h"

namespace dcqcn {

NicFrameTopModel::NicFrameTopModel(unsigned data_width, uint32_t num_flows, uint32_t num_qps)
    : width_(data_width), qps_(num_qps), rx_(data_width, num_qps), top_(num_flows),
      cb_(data_width, num_flows) {}

unsigned NicFrameTopModel::blk_sel(uint16_t addr) {
  const unsigned a = (addr >> 8) & 0x1f;  // address bits [12:8]
  if (!(a & 0x10)) return 0;
  return a == 0x10 ? 1 : a == 0x11 ? 2 : a == 0x12 ? 3 : 4;
}

uint32_t NicFrameTopModel::info(uint8_t a) const {
  return a == kFrameStatus[FRAME_ID].addr           ? kFrameTopId
         : a == kFrameStatus[FRAME_DATA_WIDTH].addr ? width_
         : a == kFrameStatus[FRAME_NUM_QPS].addr    ? qps_
                                                    : 0;
}

NicFrameTopModel::Inner NicFrameTopModel::inner(const NicFrameTopIn& in) const {
  Inner x;
  // the CNP builder's ready depends on its registers and m_axis_cnp_tready only
  x.cb.rst = in.rst;
  x.cb.m_ready = in.cnp_ready;
  x.cb.csr_we = r_.cb_we;
  x.cb.csr_re = r_.cb_re;
  x.cb.csr_addr = r_.cb_addr;
  x.cb.csr_wdata = r_.cb_wdata;
  const bool cb_ready = cb_.outputs(x.cb).req_ready;
  // the classifier's descriptors come from its registers
  x.rx.rst = in.rst;
  x.rx.s_valid = in.rx_valid;
  x.rx.s = in.rx;
  x.rx.m_ready = in.rx_out_ready;
  x.rx.csr_we = r_.rx_we;
  x.rx.csr_re = r_.rx_re;
  x.rx.csr_addr = r_.rx_addr;
  x.rx.csr_wdata = r_.rx_wdata;
  const RxClassOut rx_regs = rx_.outputs(x.rx);
  // the top
  NicTopIn& t = x.top;
  t.rst = in.rst;
  t.now_ns = in.now_ns;
  t.pause = in.pause;
  t.txop_valid = in.txop_valid;
  t.txsel_ready = in.txsel_ready;
  t.txdone_valid = in.txdone_valid;
  t.txdone = in.txdone;
  t.host_valid = in.host_valid;
  t.host = in.host;
  t.rxcnp_valid = rx_regs.rxcnp_valid;
  t.rxcnp = NicRxCnp{static_cast<uint32_t>(rx_regs.rxcnp), static_cast<uint32_t>(rx_regs.rxcnp >> 32) & 0xffff,
                     ((rx_regs.rxcnp >> 48) & 1) != 0};
  t.rxdata_valid = rx_regs.rxdata_valid;
  t.rxdata = NicRxData{static_cast<uint32_t>(rx_regs.rxdata >> 32) & 0xffff,
                       static_cast<uint8_t>((rx_regs.rxdata >> 48) & 3)};
  t.cnpreq_ready = cb_ready;
  t.awvalid = r_.t_awvalid;
  t.awaddr = r_.t_awaddr;
  t.wvalid = r_.t_wvalid;
  t.wdata = r_.t_wdata;
  t.wstrb = r_.t_wstrb;
  t.bready = r_.wfwd;
  t.arvalid = r_.t_arvalid;
  t.araddr = r_.t_araddr;
  t.rready = r_.rfwd;
  x.to = top_.outputs(t);
  // the builder's request, the classifier's readies
  x.cb.req_valid = x.to.cnpreq_valid;
  x.cb.req = x.to.cnpreq_valid ? pack(x.to.cnpreq) : 0;
  x.cbo = cb_.outputs(x.cb);
  x.rx.rxdata_ready = x.to.rxdata_ready;
  x.rx.rxcnp_ready = x.to.rxcnp_ready;
  x.rxo = rx_.outputs(x.rx);
  return x;
}

NicFrameTopOut NicFrameTopModel::outputs(const NicFrameTopIn& in) const {
  const Inner x = inner(in);
  NicFrameTopOut o;
  o.txop_ready = x.to.txop_ready;
  o.txsel_valid = x.to.txsel_valid;
  o.txsel = x.to.txsel;
  o.txdone_ready = x.to.txdone_ready;
  o.host_ready = x.to.host_ready;
  o.rx_ready = x.rxo.s_ready;
  o.rx_out_valid = x.rxo.m_valid;
  o.rx_out = x.rxo.m;
  o.cnp_valid = x.cbo.m_valid;
  o.cnp = x.cbo.m;
  o.mon_rp_valid = x.to.mon_rp_valid;
  o.mon_rp = x.to.mon_rp;
  o.mon_np_valid = x.to.mon_np_valid;
  o.mon_np = x.to.mon_np;
  o.next_due_valid = x.to.next_due_valid;
  o.next_due_ns = x.to.next_due_ns;
  o.sweep_due_ns = x.to.sweep_due_ns;
  o.txq_nonempty = x.to.txq_nonempty;
  o.idle = x.to.idle && !r_.aw_held && !r_.w_held && !r_.bvalid && !r_.wfwd && !r_.rfwd &&
           !r_.rd_issue && !r_.rd_wait && !r_.rvalid;
  o.awready = !r_.aw_held && !r_.bvalid && !r_.wfwd;
  o.wready = !r_.w_held && !r_.bvalid && !r_.wfwd;
  o.bvalid = r_.bvalid;
  o.bresp = r_.bresp;
  o.arready = !r_.rd_issue && !r_.rd_wait && !r_.rvalid && !r_.rfwd && !wr_go();
  o.rvalid = r_.rvalid;
  o.rdata = r_.rdata;
  o.rresp = r_.rresp;
  return o;
}

void NicFrameTopModel::step(const NicFrameTopIn& in) {
  const Inner x = inner(in);
  const NicFrameTopOut o = outputs(in);
  rx_.step(x.rx);
  top_.step(x.top);
  cb_.step(x.cb);

  // the AXI4-Lite slave: every right-hand side is the state before this edge
  const Regs c = r_;
  Regs& n = r_;
  n.rx_we = n.rx_re = n.cb_we = n.cb_re = false;
  if (in.awvalid && o.awready) {
    n.aw_held = true;
    n.awaddr = in.awaddr & 0x1fff;
  }
  if (in.wvalid && o.wready) {
    n.w_held = true;
    n.wdata = in.wdata;
    n.wstrb = in.wstrb & 0xf;
  }
  if (wr_go_of(c)) {
    const unsigned sel = blk_sel(c.awaddr);
    const bool full = c.wstrb == 0xf;
    n.aw_held = n.w_held = false;
    if (sel == 0) {
      n.wfwd = n.t_awvalid = n.t_wvalid = true;
      n.t_awaddr = c.awaddr & 0xfff;
      n.t_wdata = c.wdata;
      n.t_wstrb = c.wstrb;
    } else {
      n.bvalid = true;
      n.bresp = full ? 0 : 2;
      if (sel == 1) {
        n.rx_addr = static_cast<uint8_t>(c.awaddr);
        n.rx_wdata = c.wdata;
      } else if (sel == 2) {
        n.cb_addr = static_cast<uint8_t>(c.awaddr);
        n.cb_wdata = c.wdata;
      }
      n.rx_we = full && sel == 1;
      n.cb_we = full && sel == 2;
    }
  }
  if (c.t_awvalid && x.to.awready) n.t_awvalid = false;
  if (c.t_wvalid && x.to.wready) n.t_wvalid = false;
  if (c.wfwd && x.to.bvalid) {
    n.wfwd = false;
    n.bvalid = true;
    n.bresp = x.to.bresp;
  }
  if (c.bvalid && in.bready) n.bvalid = false;

  if (in.arvalid && o.arready) {
    const unsigned sel = blk_sel(in.araddr & 0x1fff);
    if (sel == 0) {
      n.rfwd = n.t_arvalid = true;
      n.t_araddr = in.araddr & 0xfff;
    } else {
      n.rd_sel = sel;
      n.rd_issue = true;
      if (sel == 1) n.rx_addr = static_cast<uint8_t>(in.araddr);
      else if (sel == 2) n.cb_addr = static_cast<uint8_t>(in.araddr);
      else if (sel == 3) n.inf_addr = static_cast<uint8_t>(in.araddr);
      n.rx_re = sel == 1;
      n.cb_re = sel == 2;
    }
  }
  if (c.t_arvalid && x.to.arready) n.t_arvalid = false;
  if (c.rfwd && x.to.rvalid) {
    n.rfwd = false;
    n.rvalid = true;
    n.rdata = x.to.rdata;
    n.rresp = x.to.rresp;
  }
  if (c.rd_issue) {
    n.rd_issue = false;
    n.rd_wait = true;
  }
  if (c.rd_wait) {
    n.rd_wait = false;
    n.rvalid = true;
    n.rresp = 0;
    n.rdata = c.rd_sel == 1 ? x.rxo.csr_rdata : c.rd_sel == 2 ? x.cbo.csr_rdata
              : c.rd_sel == 3 ? info(c.inf_addr) : 0;
  }
  if (c.rvalid && in.rready) n.rvalid = false;

  if (in.rst) {
    const Regs keep = n;
    n = Regs{};
    // registers the RTL does not reset (they are loaded before use)
    n.awaddr = keep.awaddr;
    n.wdata = keep.wdata;
    n.wstrb = keep.wstrb;
  }
}

}  // namespace dcqcn
