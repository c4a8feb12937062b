// SPDX-License-Identifier: MIT
// The RTL frame services (engine "rtl", frames.h): rtl/dcqcn_cnp_build.sv,
// rtl/dcqcn_rx_class.sv and rtl/dcqcn_ecn_mark.sv Verilated at DATA_WIDTH 512 (NUM_FLOWS =
// kRtlCnpFlows, NUM_QPS = kRtlRxQps; CMakeLists.txt here), each clocked (dut.h Clocked)
// only while a call runs: a call puts its request or its frame's beats on the block's
// AXI4-Stream input and clocks until the block's answer has left (the CNP's last beat; the
// classifier's and the marker's last beat, with the descriptor), every tready high. The
// blocks are not drawn in a waveform. After reset and the RAM clears, a NIC's contexts and
// QP table are written through the CSR bus, as an integrator's driver would.
#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "dut.h"  // first: the Verilator runtime with its warning waiver
#include "frames.h"
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "Vnet_cnpb.h"
#include "Vnet_ecnm.h"
#include "Vnet_rxc.h"
#pragma GCC diagnostic pop

static_assert(DCQCN_RTL_CNP_FLOWS == dcqcn::net::kRtlCnpFlows,
              "CMakeLists.txt builds the CNP builder at a size other than kRtlCnpFlows");
static_assert(DCQCN_RTL_RX_QPS == dcqcn::net::kRtlRxQps,
              "CMakeLists.txt builds the classifier at a size other than kRtlRxQps");

namespace dcqcn::net {

namespace {

constexpr unsigned kB = kFrameDataWidth / 8;  // bytes per beat
constexpr uint32_t kStuck = 10000;            // cycles; only a broken model reaches it

[[noreturn]] void stuck(const std::string& who, const char* what) {
  throw std::runtime_error(who + ": no " + what + " after " + std::to_string(kStuck) + " cycles (model stuck)");
}

uint64_t keep_of(size_t n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

// Beat k of the len bytes at f onto a 512-bit tdata (32-bit words, word 0 = bytes 0..3).
template <class VM>
void put_beat(VM& m, const uint8_t* f, size_t len, size_t k) {
  const size_t at = k * kB, n = std::min<size_t>(kB, len - at);
  for (unsigned w = 0; w < kB / 4; ++w) {
    uint32_t v = 0;
    for (unsigned i = 0; i < 4; ++i) {
      const size_t j = 4 * w + i;
      if (j < n) v |= uint32_t{f[at + j]} << (8 * i);
    }
    m.s_axis_tdata[w] = v;
  }
  m.s_axis_tkeep = keep_of(n);
  m.s_axis_tlast = at + n == len;
}

// The kept bytes of m_axis appended to out (or written at out[at..]).
template <class VM>
size_t get_beat(const VM& m, uint8_t* out) {
  const size_t n = static_cast<size_t>(std::popcount(static_cast<uint64_t>(m.m_axis_tkeep)));
  for (size_t j = 0; j < n; ++j) out[j] = static_cast<uint8_t>(m.m_axis_tdata[j / 4] >> (8 * (j % 4)));
  return n;
}

template <class VM>
void csr_write(Clocked<VM>& d, uint8_t addr, uint32_t v) {
  VM& m = d.m();
  m.csr_we = 1;
  m.csr_addr = addr;
  m.csr_wdata = v;
  d.low();
  d.high();
  m.csr_we = 0;
}

template <class VM>
uint32_t csr_read(Clocked<VM>& d, uint8_t addr) {
  VM& m = d.m();
  m.csr_re = 1;
  m.csr_addr = addr;
  d.low();
  d.high();  // csr_rdata is valid in the cycle after the edge that samples csr_re
  m.csr_re = 0;
  return m.csr_rdata;
}

// rst for 2 cycles, then clock until `ready` (the RAM cleared).
template <class VM, class Ready>
void reset(Clocked<VM>& d, const std::string& who, uint32_t depth, Ready ready) {
  VM& m = d.m();
  m.rst = 1;
  d.low();
  d.high();
  d.low();
  d.high();
  m.rst = 0;
  for (uint32_t i = 0;; ++i) {
    d.low();
    const bool r = ready(m);
    d.high();
    if (r) break;
    if (i > depth + kStuck) stuck(who, "ready after reset");
  }
}

class RtlNicFrames final : public NicFrames {
 public:
  explicit RtlNicFrames(const NicFrameConfig& c)
      : name_(c.name), cnpb_("cnpb", 4, false), rxc_("rxc", 5, false) {
    if (c.cnp_ctx.size() > kRtlCnpFlows)
      throw std::invalid_argument(name_ + ": " + std::to_string(c.cnp_ctx.size()) +
                                  " receive flows, but the RTL CNP builder is Verilated with NUM_FLOWS = " +
                                  std::to_string(kRtlCnpFlows) + "; use at most that many, or the ref engine");
    if (c.qps.size() > kRtlRxQps)
      throw std::invalid_argument(name_ + ": " + std::to_string(c.qps.size()) +
                                  " QPs, but the RTL classifier is Verilated with NUM_QPS = " +
                                  std::to_string(kRtlRxQps) + "; use at most that many, or the ref engine");
    std::vector<int64_t> used(kRtlRxQps, -1);
    for (const auto& [qpn, flow] : c.qps) {
      if (flow > 0xFFFF)
        throw std::invalid_argument(name_ + ": flow index " + std::to_string(flow) +
                                    " in the QP table, but the RTL classifier's descriptors carry 16 bits");
      int64_t& u = used[qpn & (kRtlRxQps - 1)];
      if (u >= 0)
        throw std::invalid_argument(name_ + ": QPNs " + std::to_string(u) + " and " + std::to_string(qpn) +
                                    " share an entry of the RTL classifier's direct-mapped QP table (NUM_QPS = " +
                                    std::to_string(kRtlRxQps) + "); expected QPNs with distinct low bits");
      u = qpn;
    }
    // the CNP builder: reset, clear, globals, contexts
    Vnet_cnpb& b = cnpb_.m();
    b.s_axis_cnpreq_tvalid = 0;
    b.m_axis_tready = 1;
    b.csr_we = b.csr_re = 0;
    reset(cnpb_, name_ + " CNP builder", kRtlCnpFlows, [](Vnet_cnpb& m) { return m.s_axis_cnpreq_tready != 0; });
    const CnpGlobals& g = c.globals;
    csr_write(cnpb_, kCnpSrcMacLo, static_cast<uint32_t>(g.smac));
    csr_write(cnpb_, kCnpSrcMacHi, static_cast<uint32_t>(g.smac >> 32) & 0xFFFF);
    csr_write(cnpb_, kCnpDscp, g.dscp);
    csr_write(cnpb_, kCnpVlan, g.vlan);
    for (size_t i = 0; i < c.cnp_ctx.size(); ++i) {
      const QpContext& x = c.cnp_ctx[i];
      if (!x.valid) continue;
      csr_write(cnpb_, kCnpCtxDmacLo, static_cast<uint32_t>(x.dmac));
      csr_write(cnpb_, kCnpCtxDmacHi, static_cast<uint32_t>(x.dmac >> 32) & 0xFFFF);
      csr_write(cnpb_, kCnpCtxSip, x.sip);
      csr_write(cnpb_, kCnpCtxDip, x.dip);
      csr_write(cnpb_, kCnpCtxDqpn, x.dqpn & 0xFFFFFF);
      csr_write(cnpb_, kCnpCtxPortPkey, uint32_t{x.sport} | uint32_t{x.pkey} << 16);
      csr_write(cnpb_, kCnpCtxCommit, static_cast<uint32_t>(i));
    }
    // the classifier: reset, clear, QP table
    Vnet_rxc& r = rxc_.m();
    r.s_axis_tvalid = 0;
    r.m_axis_tready = r.m_axis_rxdata_tready = r.m_axis_rxcnp_tready = 1;
    r.csr_we = r.csr_re = 0;
    reset(rxc_, name_ + " classifier", kRtlRxQps, [](Vnet_rxc& m) { return m.s_axis_tready != 0; });
    for (const auto& [qpn, flow] : c.qps) {
      csr_write(rxc_, kRxMapFlow, flow);
      csr_write(rxc_, kRxMapCommit, qpn & 0xFFFFFF);
    }
  }

  void build_cnp(uint32_t np_idx, double, std::vector<uint8_t>& out) override {
    Vnet_cnpb& m = cnpb_.m();
    m.s_axis_cnpreq_tdata = uint64_t{np_idx & 0xFFFF} << 32;
    m.s_axis_cnpreq_tvalid = 1;
    for (uint32_t i = 0;; ++i) {  // until accepted
      cnpb_.low();
      const bool ready = m.s_axis_cnpreq_tready;
      cnpb_.high();
      if (ready) break;
      if (i > kStuck) stuck(name_ + " CNP builder", "s_axis_cnpreq_tready");
    }
    m.s_axis_cnpreq_tvalid = 0;
    out.resize(2 * kB);
    size_t n = 0;
    for (uint32_t i = 0;; ++i) {  // the frame's beats, to its last (taken at the next edge)
      if (m.m_axis_tvalid) {
        if (n + kB > out.size()) out.resize(n + kB);
        n += get_beat(m, out.data() + n);
        if (m.m_axis_tlast) break;
      }
      cnpb_.low();
      cnpb_.high();
      if (i > kStuck) {
        throw std::runtime_error(name_ + ": the RTL CNP builder sent no frame for flow " + std::to_string(np_idx) +
                                 " in " + std::to_string(kStuck) + " cycles (no context?)");
      }
    }
    out.resize(n);
  }

  RxDesc classify(const uint8_t* f, size_t len, double) override {
    Vnet_rxc& m = rxc_.m();
    const size_t beats = (len + kB - 1) / kB;
    RxDesc d;
    bool got = false;
    size_t k = 0;
    for (uint32_t i = 0;; ++i) {
      const bool valid = k < beats;
      if (valid) put_beat(m, f, len, k);
      m.s_axis_tvalid = valid;
      rxc_.low();
      const bool acc = valid && m.s_axis_tready;
      rxc_.high();
      if (acc) ++k;
      if (m.m_axis_rxdata_tvalid) {
        d.verdict = RxVerdict::Data;
        d.flow = static_cast<uint32_t>(m.m_axis_rxdata_tdata >> 32 & 0xFFFF);
        d.ecn = static_cast<uint8_t>(m.m_axis_rxdata_tdata >> 48 & 3);
        got = true;
      }
      if (m.m_axis_rxcnp_tvalid) {
        d.verdict = RxVerdict::Cnp;
        d.flow = static_cast<uint32_t>(m.m_axis_rxcnp_tdata >> 32 & 0xFFFF);
        got = true;
      }
      if (m.m_axis_tvalid && m.m_axis_tlast) break;  // the frame's last beat: its descriptor with it
      if (i > kStuck + beats) stuck(name_ + " classifier", "last beat on m_axis");
    }
    m.s_axis_tvalid = 0;
    if (got) return d;
    // no descriptor: the counter that counted the frame says why
    rxc_.low();
    rxc_.high();
    const RxVerdict which[] = {RxVerdict::NotRoce, RxVerdict::Short, RxVerdict::BadIcrc, RxVerdict::UnknownQpn};
    const unsigned ctr[] = {kRxNotRoce, kRxShort, kRxBadIcrc, kRxUnknownQpn};
    for (unsigned j = 0; j < 4; ++j) {
      const uint32_t v = csr_read(rxc_, static_cast<uint8_t>(kRxCnt0 + 4 * ctr[j]));
      if (v != seen_[j]) {
        seen_[j] = v;
        d.verdict = which[j];
      }
    }
    return d;
  }

  uint64_t cycles() const override { return cnpb_.cycles() + rxc_.cycles(); }

 private:
  std::string name_;
  Clocked<Vnet_cnpb> cnpb_;
  Clocked<Vnet_rxc> rxc_;
  uint32_t seen_[4] = {};  // NOT_ROCE, SHORT, BAD_ICRC, UNKNOWN_QPN as last read
};

class RtlSwitchFrames final : public SwitchFrames {
 public:
  RtlSwitchFrames() : d_("ecnm", 6, false) {
    Vnet_ecnm& m = d_.m();
    m.s_axis_tvalid = 0;
    m.s_dec_valid = 0;
    m.m_axis_tready = 1;
    m.csr_re = 0;
    reset(d_, "ECN marker", 0, [](Vnet_ecnm&) { return true; });  // no RAM to clear
  }

  EcnOutcome mark(uint8_t* f, size_t len, double) override {
    Vnet_ecnm& m = d_.m();
    const size_t beats = (len + kB - 1) / kB;
    m.s_dec_valid = 1;
    m.s_dec_mark = 1;
    size_t k = 0, out = 0;
    for (uint32_t i = 0;; ++i) {
      const bool valid = k < beats;
      if (valid) put_beat(m, f, len, k);
      m.s_axis_tvalid = valid;
      d_.low();
      const bool acc = valid && m.s_axis_tready;
      const bool dec = m.s_dec_ready;
      d_.high();
      if (acc) ++k;
      if (dec) m.s_dec_valid = 0;
      if (m.m_axis_tvalid) {
        uint8_t b[kB];
        const size_t n = get_beat(m, b);
        if (out + n > len) throw std::runtime_error("ECN marker: frame longer out than in (model broken)");
        std::copy(b, b + n, f + out);
        out += n;
        if (m.m_axis_tlast) break;
      }
      if (i > kStuck + beats) stuck("ECN marker", "last beat on m_axis");
    }
    m.s_axis_tvalid = 0;
    if (out != len) throw std::runtime_error("ECN marker: frame of " + std::to_string(len) + " bytes left with " +
                                             std::to_string(out) + " (model broken)");
    // the counter that counted the mark request: MARKED, NOT_ECT, ALREADY_CE or NOT_IP
    d_.low();
    d_.high();
    const EcnOutcome which[] = {EcnOutcome::Marked, EcnOutcome::NotEct, EcnOutcome::AlreadyCe, EcnOutcome::NotIp};
    EcnOutcome o = EcnOutcome::None;
    for (unsigned j = 0; j < 4 && o == EcnOutcome::None; ++j) {
      const uint32_t v = csr_read(d_, static_cast<uint8_t>(4 * (kEcnCntMarked + j)));
      if (v != seen_[j]) {
        seen_[j] = v;
        o = which[j];
      }
    }
    return o;
  }

  uint64_t cycles() const override { return d_.cycles(); }

 private:
  Clocked<Vnet_ecnm> d_;
  uint32_t seen_[4] = {};
};

}  // namespace

std::unique_ptr<NicFrames> make_nic_frames_rtl(const NicFrameConfig& c) { return std::make_unique<RtlNicFrames>(c); }
std::unique_ptr<SwitchFrames> make_switch_frames_rtl() { return std::make_unique<RtlSwitchFrames>(); }

}  // namespace dcqcn::net
