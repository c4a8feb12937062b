// SPDX-License-Identifier: MIT
#include "cnp_build_ref.h"

#include <algorithm>

namespace dcqcn {

std::vector<uint8_t> cnp_frame(const QpContext& c, const CnpGlobals& g) {
  const bool tag = g.vlan >> 16 & 1;
  std::vector<uint8_t> f(tag ? 78 : 74, 0);
  for (int k = 0; k < 6; ++k) {
    f[k] = static_cast<uint8_t>(c.dmac >> (40 - 8 * k));
    f[6 + k] = static_cast<uint8_t>(g.smac >> (40 - 8 * k));
  }
  size_t at = 12;
  if (tag) {
    const uint32_t tci = (g.vlan >> 12 & 7) << 13 | (g.vlan & 0xFFF);
    f[12] = 0x81;
    f[13] = 0x00;
    f[14] = static_cast<uint8_t>(tci >> 8);
    f[15] = static_cast<uint8_t>(tci);
    at = 16;
  }
  f[at] = 0x08;
  f[at + 1] = 0x00;
  uint8_t* ip = &f[at + 2];
  ip[0] = 0x45;
  ip[1] = static_cast<uint8_t>((g.dscp & 63) << 2);  // ECN 00: not ECT
  ip[3] = 60;
  ip[6] = 0x40;
  ip[8] = 64;
  ip[9] = 17;
  for (int k = 0; k < 4; ++k) {
    ip[12 + k] = static_cast<uint8_t>(c.sip >> (24 - 8 * k));
    ip[16 + k] = static_cast<uint8_t>(c.dip >> (24 - 8 * k));
  }
  const uint16_t cs = ipv4_checksum(ip, 5);
  ip[10] = static_cast<uint8_t>(cs >> 8);
  ip[11] = static_cast<uint8_t>(cs);
  uint8_t* udp = ip + 20;
  udp[0] = static_cast<uint8_t>(c.sport >> 8);
  udp[1] = static_cast<uint8_t>(c.sport);
  udp[2] = 4791 >> 8;
  udp[3] = 4791 & 0xFF;
  udp[5] = 40;
  uint8_t* bth = udp + 8;
  bth[0] = 0x81;
  bth[2] = static_cast<uint8_t>(c.pkey >> 8);
  bth[3] = static_cast<uint8_t>(c.pkey);
  bth[5] = static_cast<uint8_t>(c.dqpn >> 16);
  bth[6] = static_cast<uint8_t>(c.dqpn >> 8);
  bth[7] = static_cast<uint8_t>(c.dqpn);
  const uint32_t icrc = roce_icrc(ip, f.data() + f.size() - 4);
  for (int k = 0; k < 4; ++k) f[f.size() - 4 + k] = static_cast<uint8_t>(icrc >> (8 * k));
  return f;
}

CnpBuildModel::CnpBuildModel(unsigned data_width, unsigned num_flows)
    : bytes_(data_width / 8), flows_(num_flows), ram_(num_flows) {
  reset_regs();
}

CnpGlobals CnpBuildModel::globals() const {
  CnpGlobals g;
  g.smac = uint64_t{reg_[CNP_SRC_MAC_HI]} << 32 | reg_[CNP_SRC_MAC_LO];
  g.dscp = static_cast<uint8_t>(reg_[CNP_DSCP]);
  g.vlan = reg_[CNP_VLAN];
  return g;
}

CnpBuildOut CnpBuildModel::outputs(const CnpBuildIn& in) const {
  CnpBuildOut o;
  const bool e_last = e_left_ == 1;
  const bool en = !e_valid_ || (in.m_ready && e_last);
  o.req_ready = en && !clearing_ && !in.rst;
  o.m_valid = e_valid_;
  if (e_valid_) {
    const size_t n = std::min<size_t>(bytes_, e_frame_.size() - e_off_);
    for (size_t i = 0; i < n; ++i) o.m.data[i] = e_frame_[e_off_ + i];
    o.m.keep = e_last ? (n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1)
                      : (bytes_ == 64 ? ~uint64_t{0} : (uint64_t{1} << bytes_) - 1);
    o.m.last = e_last;
  }
  o.csr_rdata = rdata_;
  return o;
}

void CnpBuildModel::step(const CnpBuildIn& in) {
  const CnpBuildOut o = outputs(in);
  const bool e_last = e_left_ == 1;
  const bool en = !e_valid_ || (in.m_ready && e_last);
  const bool acc = in.req_valid && o.req_ready;
  // CSR read of the registers before this edge
  uint32_t rdata = 0;
  if (in.csr_re) {
    for (unsigned i = 0; i < CNP_NUM_REGS; ++i)
      if (kCnpRegs[i].addr == in.csr_addr) rdata = reg_[i];
    if (in.csr_addr == kCnpCnps) rdata = cnps_;
    if (in.csr_addr == kCnpNoCtx) rdata = noctx_;
  }
  const CnpGlobals g_now = globals();
  QpContext staged;
  staged.valid = true;
  staged.dmac = uint64_t{reg_[CNP_CTX_DMAC_HI]} << 32 | reg_[CNP_CTX_DMAC_LO];
  staged.sip = reg_[CNP_CTX_SIP];
  staged.dip = reg_[CNP_CTX_DIP];
  staged.dqpn = reg_[CNP_CTX_DQPN];
  staged.sport = static_cast<uint16_t>(reg_[CNP_CTX_PORT_PKEY]);
  staged.pkey = static_cast<uint16_t>(reg_[CNP_CTX_PORT_PKEY] >> 16);
  // counters
  if (e_valid_ && in.m_ready && e_last) ++cnps_;
  if (en && l_valid_ && !rd_.valid) ++noctx_;
  // the frame register (before the stages move: it loads stage F's item)
  if (e_valid_ && in.m_ready) {
    e_off_ += bytes_;
    --e_left_;
    if (e_last) e_valid_ = false;
  }
  if (en && f_.valid) {
    e_valid_ = true;
    e_frame_ = cnp_frame(f_.ctx, f_.g);
    e_off_ = 0;
    e_left_ = static_cast<unsigned>((e_frame_.size() + bytes_ - 1) / bytes_);
  }
  // the stages
  if (en) {
    f_ = p_;
    p_ = c_;
    p_.g = g_now;
    c_.valid = l_valid_ && rd_.valid;
    c_.ctx = rd_;
    l_valid_ = acc;
  }
  // the RAM: read first, then the write (the clear, or a commit)
  if (acc) rd_ = ram_[(in.req >> 32) & (flows_ - 1)];
  if (clearing_) {
    ram_[clear_addr_] = QpContext{};
  } else if (in.csr_we && in.csr_addr == kCnpCtxCommit) {
    ram_[in.csr_wdata & (flows_ - 1)] = in.csr_wdata >> 31 ? QpContext{} : staged;
  }
  clearing_ = clearing_ && clear_addr_ != flows_ - 1;
  clear_addr_ = (clear_addr_ + 1) & (flows_ - 1);
  // CSR writes
  if (in.csr_we)
    for (unsigned i = 0; i < CNP_NUM_REGS; ++i)
      if (kCnpRegs[i].addr == in.csr_addr) reg_[i] = clamp_reg(kCnpRegs[i], in.csr_wdata);
  rdata_ = rdata;
  if (in.rst) {
    reset_regs();
    rdata_ = cnps_ = noctx_ = 0;
    clearing_ = true;
    clear_addr_ = 0;
    l_valid_ = false;
    c_ = p_ = f_ = Item{};
    e_valid_ = false;
    e_frame_.clear();
    e_off_ = 0;
    e_left_ = 0;
  }
}

}  // namespace dcqcn
