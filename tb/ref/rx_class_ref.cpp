// SPDX-License-Identifier: MIT
#include "rx_class_ref.h"

#include <bit>

namespace dcqcn {

RxFrameClass rx_class_frame(const uint8_t* f, size_t len) {
  RxFrameClass c;
  if (len < 14) return c;  // Short
  const size_t ip = ip_offset(f);
  if (len < ip + 1) return c;
  const uint16_t etype = static_cast<uint16_t>(f[ip - 2] << 8 | f[ip - 1]);
  const uint8_t vb = f[ip];
  const bool v4 = etype == 0x0800 && (vb >> 4) == 4 && (vb & 15) >= 5;
  const bool v6 = etype == 0x86DD && (vb >> 4) == 6;
  const size_t udp = ip + 4 * size_t{v6 ? 10u : v4 ? (vb & 15u) : 5u};
  if (len < udp + 24) return c;  // the UDP header, the BTH and the ICRC must be in the frame
  c.kind = RxKind::NotRoce;
  const bool udp_proto = v4 ? f[ip + 9] == 17 : v6 ? f[ip + 6] == 17 : false;
  if (!udp_proto || (f[udp + 2] << 8 | f[udp + 3]) != 4791) return c;
  const uint32_t want = roce_icrc(f + ip, f + len - 4);
  const uint32_t got = uint32_t{f[len - 4]} | uint32_t{f[len - 3]} << 8 |
                       uint32_t{f[len - 2]} << 16 | uint32_t{f[len - 1]} << 24;
  if (want != got) {
    c.kind = RxKind::BadIcrc;
    return c;
  }
  c.kind = RxKind::Roce;
  c.ecn = static_cast<uint8_t>(v6 ? (f[ip + 1] >> 4) & 3 : f[ip + 1] & 3);
  c.opcode = f[udp + 8];
  c.dqpn = uint32_t{f[udp + 13]} << 16 | uint32_t{f[udp + 14]} << 8 | f[udp + 15];
  return c;
}

RxClassModel::RxClassModel(unsigned data_width, unsigned num_qps)
    : bytes_(data_width / 8), qps_(num_qps),
      shift_(static_cast<unsigned>(std::countr_zero(num_qps))), ram_(num_qps) {}

RxClassOut RxClassModel::outputs(const RxClassIn& in) const {
  RxClassOut o;
  const bool en = (!m_valid_ || in.m_ready) && (!rxd_valid_ || in.rxdata_ready) &&
                  (!rxc_valid_ || in.rxcnp_ready);
  o.s_ready = en && !clearing_ && !in.rst;
  o.m_valid = m_valid_;
  o.m = m_;
  o.rxdata_valid = rxd_valid_;
  o.rxdata = rxd_;
  o.rxcnp_valid = rxc_valid_;
  o.rxcnp = rxc_;
  o.csr_rdata = rdata_;
  return o;
}

void RxClassModel::step(const RxClassIn& in) {
  const RxClassOut o = outputs(in);
  const bool en = (!m_valid_ || in.m_ready) && (!rxd_valid_ || in.rxdata_ready) &&
                  (!rxc_valid_ || in.rxcnp_ready);
  const bool acc = in.s_valid && o.s_ready;
  // CSR read: the values before this edge (the counters before this edge's additions)
  uint32_t rdata = 0;
  if (in.csr_re) {
    if (in.csr_addr == kRxMapFlow) rdata = map_flow_;
    for (unsigned k = 0; k < kRxCntN; ++k)
      if (in.csr_addr == kRxStatus[k].addr) rdata = cnt_[k];
  }
  for (unsigned k = 0; k < kRxCntN; ++k) cnt_[k] += pulse_[k];
  pulse_.fill(0);
  if (!en) {  // an output taken while another holds the pipeline is emptied
    if (m_valid_ && in.m_ready) {
      m_valid_ = false;
      m_ = AxisBeat{};
    }
    if (rxd_valid_ && in.rxdata_ready) {
      rxd_valid_ = false;
      rxd_ = 0;
    }
    if (rxc_valid_ && in.rxcnp_ready) {
      rxc_valid_ = false;
      rxc_ = 0;
    }
  } else {
    // the output registers take stage F: the frame's class counted, its descriptor shown
    const Slot& f = st_[kLatency - 2];  // stage H
    m_valid_ = f.valid;
    m_ = f.valid ? f.beat : AxisBeat{};
    rxd_valid_ = rxc_valid_ = false;
    rxd_ = rxc_ = 0;
    if (f.valid && f.beat.last) {
      pulse_[kRxFrames] = 1;
      switch (f.cls.kind) {
        case RxKind::Short: pulse_[kRxShort] = 1; break;
        case RxKind::NotRoce: pulse_[kRxNotRoce] = 1; break;
        case RxKind::BadIcrc: pulse_[kRxBadIcrc] = 1; break;
        case RxKind::Roce:
          if (!f.hit.valid || f.hit.tag != f.cls.dqpn >> shift_) {
            pulse_[kRxUnknownQpn] = 1;
          } else if (f.cls.opcode == 0x81) {
            pulse_[kRxCnps] = 1;
            rxc_valid_ = true;
            rxc_ = uint64_t{f.hit.flow} << 32;
          } else {
            pulse_[kRxData] = 1;
            rxd_valid_ = true;
            rxd_ = uint64_t{f.cls.ecn} << 48 | uint64_t{f.hit.flow} << 32;
          }
          break;
      }
    }
    for (size_t k = st_.size() - 1; k > 0; --k) st_[k] = st_[k - 1];
    // the QP table read of the beat that moved from D to E (before this edge's write)
    Slot& d = st_[4];
    if (d.valid && d.beat.last) d.hit = ram_[d.cls.dqpn & (qps_ - 1)];
    st_[0] = Slot{};
    if (acc) {
      st_[0].valid = true;
      st_[0].beat = in.s;
      const unsigned kept = static_cast<unsigned>(std::countr_one(in.s.keep));
      for (unsigned i = 0; i < kept && i < bytes_; ++i) frame_.push_back(in.s.data[i]);
      if (in.s.last) {
        st_[0].cls = rx_class_frame(frame_.data(), frame_.size());
        frame_.clear();
      }
    }
  }
  // the QP table: the clear after rst, else a MAP_COMMIT
  if (clearing_) {
    ram_[clear_addr_] = RxQpEntry{};
  } else if (in.csr_we && in.csr_addr == kRxMapCommit) {
    RxQpEntry e;
    if (!(in.csr_wdata >> 31 & 1)) {
      e.valid = true;
      e.tag = (in.csr_wdata & 0xFFFFFF) >> shift_;
      e.flow = map_flow_;
    }
    ram_[in.csr_wdata & (qps_ - 1)] = e;
  }
  clearing_ = clearing_ && clear_addr_ != qps_ - 1;
  clear_addr_ = (clear_addr_ + 1) & (qps_ - 1);
  if (in.csr_we && in.csr_addr == kRxMapFlow)
    map_flow_ = static_cast<uint16_t>(clamp_reg(kRxRegs[RX_MAP_FLOW], in.csr_wdata));
  rdata_ = rdata;
  if (in.rst) {
    map_flow_ = 0;
    rdata_ = 0;
    cnt_.fill(0);
    pulse_.fill(0);
    clearing_ = true;
    clear_addr_ = 0;
    frame_.clear();
    for (Slot& s : st_) s.valid = false;
    m_valid_ = rxd_valid_ = rxc_valid_ = false;
    m_ = AxisBeat{};
    rxd_ = rxc_ = 0;
  }
}

}  // namespace dcqcn
