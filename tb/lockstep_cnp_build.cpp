// SPDX-License-Identifier: MIT
// Lock-step test of rtl/dcqcn_cnp_build.sv against CnpBuildModel (tb/ref/cnp_build_ref.h):
// every output pin, every cycle (s_axis_cnpreq_tready, m_axis_t{valid,data,keep,last}
// (data, keep and last compared also while not valid: both must be 0), csr_rdata), in the
// LockstepRun skeleton (tb/common/lockstep.h: failure story, replay with the waveform
// window, events/s, coverage). Events are CNP requests.
//
// Stimulus: after the reset's RAM clear, the global CSRs and the contexts of most flows
// are written (some flows left without one); then random CNP requests (any flow, the
// flow bits above log2(NUM_FLOWS) random), random CSR writes during traffic (SRC_MAC,
// DSCP with bits above 5, VLAN on and off, staged contexts, commits, invalidations,
// commits to the flow a request is reading), counter and register reads, idle gaps
// (--idle), back-pressure on m_axis (--bp), one reset in the middle (with a commit
// during its clear, which is lost).
//
// Beside the lock-step, checks of the bench's own: every frame is a CNP (74 or 78
// bytes, EtherType IPv4 after an optional tag, BTH opcode 0x81, ECN 00, IPv4 checksum
// right by recomputation, ICRC right by tb/ref/frame_ref.h's roce_icrc); its destination
// MAC, IPv4 addresses, UDP source port, P_Key and destination QP are those of the flow's
// context as the bench's own shadow of the table held it when the request was accepted;
// frames come out in request order, one per request with a context; CNPS and NO_CTX read
// at the end equal the bench's tallies.
#include <bit>
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include VHEADER
#include "axis_pins.h"
#include "cnp_build_ref.h"
#include "lockstep.h"
#include "pcap_out.h"

using namespace dcqcn;
using dcqcn::tb::Diff;

namespace {

constexpr unsigned kWidth = DUT_SIZE;  // DATA_WIDTH
constexpr unsigned kBytes = kWidth / 8;
constexpr unsigned kFlows = DUT_FLOWS;
constexpr uint64_t kFullCoverageEvents = 20000;  // measured: docs/frames.md

struct CsrOp {
  bool we = false, re = false;
  uint8_t addr = 0;
  uint32_t wdata = 0;
};

class Bench {
 public:
  explicit Bench(const tb::Options& o)
      : o_(o), rng_(o.seed),
        run_(o, "cnp_build", "DATA_WIDTH=" + std::to_string(kWidth) + " NUM_FLOWS=" + std::to_string(kFlows)),
        ref_(kWidth, kFlows), shadow_(kFlows) {
    run_.idle_failure_window(in_, done_, [this](const CnpBuildIn& i) { drive(i); },
                             [this](const CnpBuildIn& i) { ref_.step(i); });
    mid_reset_at_ = o.events * (3 + rng_.below(4)) / 10;
    if (!o.pcap.empty() && !o.replay) {
      pcap_ = std::make_unique<tb::CnpCapture>(o.pcap);
    }
    define_coverage();
  }
  int run() {
    rst_cycles_ = 3;
    while (done_ < o_.events || !exp_.empty() || in_req_) {
      if (int rc = cycle()) return rc;
      if (run_.cycle() > 200 * (o_.events + 2000) + 4 * kFlows)
        return fail("no progress (hang?)");
    }
    if (int rc = final_counters()) return rc;
    if (pcap_) pcap_->summary("cnp_build", "");
    return run_.finish(cov_, done_, kFullCoverageEvents);
  }

 private:
  void define_coverage() {
    cov_.define("cnp_untagged", "a CNP without a tag (74 bytes)");
    cov_.define("cnp_tagged", "a CNP with an 802.1Q tag (78 bytes)");
    cov_.define("no_ctx", "a request for a flow without a context: dropped, counted");
    cov_.define("invalidate", "a context invalidated (CTX_COMMIT with bit 31)");
    cov_.define("commit_traffic", "a context committed with requests in flight");
    cov_.define("commit_same_flow", "a commit to the flow whose RAM read is at the same edge (old context)");
    cov_.define("globals_change", "SRC_MAC, DSCP or VLAN written with requests in flight");
    cov_.define("dscp_masked", "DSCP written with bits above 5 (read back masked)");
    cov_.define("flow_high_bits", "a request with flow bits above log2(NUM_FLOWS)");
    cov_.define("back_to_back", "a frame's first beat the cycle after the previous frame's last");
    cov_.define("req_waits", "a request offered while the frame register is busy (tready low)");
    cov_.define("csr_read", "every register and counter read");
    cov_.define("reset_mid_run", "rst in the middle of traffic");
    cov_.define("commit_in_clear", "a commit during the RAM clear (lost)");
    if (o_.backpressure) cov_.define("bp_stall", "m_axis_tvalid held with m_axis_tready low");
  }

  // ------------------------------------------------------------------ stimulus
  uint32_t rnd32() { return static_cast<uint32_t>(rng_.next()); }

  void program_all() {  // globals and most flows' contexts
    csr_.push_back({true, false, kCnpSrcMacLo, rnd32()});
    csr_.push_back({true, false, kCnpSrcMacHi, rnd32() & 0xFFFF});
    csr_.push_back({true, false, kCnpDscp, static_cast<uint32_t>(rng_.below(64))});
    csr_.push_back({true, false, kCnpVlan, rng_.chance(50) ? (1u << 16 | (rnd32() & 0x7FFF)) : 0});
    for (uint32_t f = 0; f < kFlows; ++f)
      if (rng_.chance(85)) write_ctx(f);
  }

  void write_ctx(uint32_t f) {
    csr_.push_back({true, false, kCnpCtxDmacLo, rnd32()});
    csr_.push_back({true, false, kCnpCtxDmacHi, rnd32()});
    csr_.push_back({true, false, kCnpCtxSip, rnd32()});
    csr_.push_back({true, false, kCnpCtxDip, rnd32()});
    csr_.push_back({true, false, kCnpCtxDqpn, rnd32()});
    // the UDP source port from the RoCE range 0xC000-0xFFFF (a lower one could be a port
    // Wireshark decodes as another protocol), the P_Key any
    csr_.push_back({true, false, kCnpCtxPortPkey, (rnd32() & 0xFFFF3FFFu) | 0xC000u});
    csr_.push_back({true, false, kCnpCtxCommit, f | (rng_.chance(50) ? rnd32() & 0x7FFF0000u : 0)});
  }

  void random_csr() {
    const unsigned r = static_cast<unsigned>(rng_.below(100));
    if (r < 40) {
      write_ctx(static_cast<uint32_t>(rng_.below(kFlows)));
    } else if (r < 50) {
      csr_.push_back({true, false, kCnpCtxCommit, 0x80000000u | static_cast<uint32_t>(rng_.below(kFlows))});
    } else if (r < 60) {
      csr_.push_back({true, false, kCnpDscp, rnd32() & 0xFF});
      csr_.push_back({false, true, kCnpDscp, 0});  // read back: masked to 6 bits
    } else if (r < 70) {
      csr_.push_back({true, false, kCnpVlan, rnd32() & 0x1FFFF});
    } else if (r < 75) {
      csr_.push_back({true, false, static_cast<uint8_t>(rng_.chance(50) ? kCnpSrcMacLo : kCnpSrcMacHi), rnd32()});
    } else {
      static const uint8_t regs[] = {kCnpSrcMacLo, kCnpSrcMacHi, kCnpDscp, kCnpVlan, kCnpCtxDmacLo,
                                     kCnpCtxDmacHi, kCnpCtxSip, kCnpCtxDip, kCnpCtxDqpn,
                                     kCnpCtxPortPkey, kCnpCnps, kCnpNoCtx, 0x3C};
      csr_.push_back({false, true, regs[rng_.below(13)], 0});
    }
  }

  // ------------------------------------------------------------------ one cycle
  int cycle() {
    CnpBuildIn in{};
    in.rst = rst_cycles_ > 0;
    if (!in.rst) {
      if (!programmed_ && !ref_.clearing()) {
        program_all();
        programmed_ = true;
      }
      // a request, held until taken; a gap only before it is offered
      if (!in_req_ && programmed_ && csr_.size() < 40 && done_ + exp_.size() < o_.events &&
          !(o_.idle && rng_.chance(60)) && rng_.chance(o_.idle ? 30 : 70)) {
        uint32_t f = static_cast<uint32_t>(rng_.below(kFlows));
        if (rng_.chance(10)) f |= static_cast<uint32_t>(rng_.below(65536)) & ~(kFlows - 1);
        req_ = uint64_t{f} << 32 | rnd32() | (rng_.chance(50) ? uint64_t{1} << 48 : 0) |
               (rng_.next() & 0xFFFE000000000000ull);
        in_req_ = true;
      }
      in.req_valid = in_req_;
      in.req = req_;
      if (programmed_ && csr_.empty() && rng_.chance(2)) random_csr();
      if (!csr_.empty() && rng_.chance(50)) {
        const CsrOp c = csr_.front();
        csr_.pop_front();
        in.csr_we = c.we;
        in.csr_re = c.re;
        in.csr_addr = c.addr;
        in.csr_wdata = c.wdata;
      }
      if (ref_.clearing() && !commit_in_clear_done_ && run_.cycle() > 100) {
        in.csr_we = true;  // lost: the clear has the RAM's write port
        in.csr_addr = kCnpCtxCommit;
        in.csr_wdata = static_cast<uint32_t>(rng_.below(kFlows));
        commit_in_clear_done_ = true;
        cov_.hit("commit_in_clear");
      }
    }
    in.m_ready = o_.backpressure ? rng_.chance(60) : true;

    drive(in);
    run_.low();
    const CnpBuildOut ro = ref_.outputs(in);
    in_ = in;
    if (int rc = compare(ro)) return rc;

    // bookkeeping
    const bool acc = in.req_valid && ro.req_ready;
    const bool busy = !exp_.empty() || acc;
    if (!in.rst) {
      if (o_.backpressure && ro.m_valid && !in.m_ready) cov_.hit("bp_stall");
      if (in.req_valid && !ro.req_ready && !ref_.clearing()) cov_.hit("req_waits");
      if (in.csr_re) {
        static const uint8_t all[] = {kCnpSrcMacLo, kCnpSrcMacHi, kCnpDscp, kCnpVlan, kCnpCtxDmacLo,
                                      kCnpCtxDmacHi, kCnpCtxSip, kCnpCtxDip, kCnpCtxDqpn,
                                      kCnpCtxPortPkey, kCnpCnps, kCnpNoCtx};
        for (unsigned k = 0; k < 12; ++k)
          if (all[k] == in.csr_addr) read_seen_ |= 1u << k;
        if (read_seen_ == (1u << 12) - 1) cov_.hit("csr_read");
      }
      if (in.csr_we) {
        if (in.csr_addr == kCnpCtxCommit && busy) cov_.hit(in.csr_wdata >> 31 ? "invalidate" : "commit_traffic");
        if ((in.csr_addr == kCnpDscp || in.csr_addr == kCnpVlan || in.csr_addr == kCnpSrcMacLo) && busy)
          cov_.hit("globals_change");
        if (in.csr_addr == kCnpDscp && in.csr_wdata > 63) dscp_masked_pending_ = true;
      }
      if (in.csr_re && in.csr_addr == kCnpDscp && dscp_masked_pending_ && ro.req_ready) {
        dscp_masked_pending_ = false;
        cov_.hit("dscp_masked");
      }
    }
    if (acc) {
      const uint32_t f = static_cast<uint32_t>(req_ >> 32) & 0xFFFF;
      if (f >= kFlows) cov_.hit("flow_high_bits");
      const QpContext& c = shadow_[f & (kFlows - 1)];  // before a commit at this edge
      if (in.csr_we && in.csr_addr == kCnpCtxCommit && (in.csr_wdata & (kFlows - 1)) == (f & (kFlows - 1)))
        cov_.hit("commit_same_flow");
      if (c.valid) exp_.push_back(c);
      else {
        ++noctx_;
        cov_.hit("no_ctx");
        ++done_;
      }
      in_req_ = false;
    }
    if (!in.rst && !ref_.clearing() && in.csr_we && in.csr_addr == kCnpCtxCommit) {
      QpContext c;
      if (!(in.csr_wdata >> 31)) {
        c.valid = true;
        c.dmac = uint64_t{st_.dmac_hi & 0xFFFF} << 32 | st_.dmac_lo;
        c.sip = st_.sip;
        c.dip = st_.dip;
        c.dqpn = st_.dqpn & 0xFFFFFF;
        c.sport = static_cast<uint16_t>(st_.port_pkey);
        c.pkey = static_cast<uint16_t>(st_.port_pkey >> 16);
      }
      shadow_[in.csr_wdata & (kFlows - 1)] = c;
    }
    if (!in.rst && in.csr_we) {
      switch (in.csr_addr) {
        case kCnpCtxDmacLo: st_.dmac_lo = in.csr_wdata; break;
        case kCnpCtxDmacHi: st_.dmac_hi = in.csr_wdata; break;
        case kCnpCtxSip: st_.sip = in.csr_wdata; break;
        case kCnpCtxDip: st_.dip = in.csr_wdata; break;
        case kCnpCtxDqpn: st_.dqpn = in.csr_wdata; break;
        case kCnpCtxPortPkey: st_.port_pkey = in.csr_wdata; break;
        default: break;
      }
    }
    if (ro.m_valid && in.m_ready) {
      if (out_.empty() && last_end_cycle_ + 1 == run_.cycle()) cov_.hit("back_to_back");
      for (unsigned i = 0; i < kBytes; ++i)
        if (ro.m.keep >> i & 1) out_.push_back(ro.m.data[i]);
      if (ro.m.last) {
        last_end_cycle_ = run_.cycle();
        if (int rc = frame_out()) return rc;
        out_.clear();
      }
    }

    run_.edge(0, done_);
    ref_.step(in);

    if (in.rst) {
      if (--rst_cycles_ == 0) on_reset_done();
    } else if (!mid_reset_done_ && done_ >= mid_reset_at_ && run_.cycle() > 100) {
      mid_reset_done_ = true;
      rst_cycles_ = 2;
    }
    return 0;
  }

  void drive(const CnpBuildIn& in) {
    auto& m = run_.dut();
    m.rst = in.rst;
    m.s_axis_cnpreq_tvalid = in.req_valid;
    m.s_axis_cnpreq_tdata = in.req;
    m.m_axis_tready = in.m_ready;
    m.csr_we = in.csr_we;
    m.csr_re = in.csr_re;
    m.csr_addr = in.csr_addr;
    m.csr_wdata = in.csr_wdata;
  }

  void on_reset_done() {
    if (run_.cycle() > 10) cov_.hit("reset_mid_run");
    done_ += exp_.size();  // dropped by the reset
    exp_.clear();
    out_.clear();
    in_req_ = false;
    csr_.clear();
    std::fill(shadow_.begin(), shadow_.end(), QpContext{});
    st_ = Staged{};
    cnps_ = noctx_ = 0;
    programmed_ = false;
  }

  int frame_out() {
    if (exp_.empty()) return fail("a CNP left that no request with a context asked for");
    const QpContext c = exp_.front();
    exp_.pop_front();
    ++done_;
    ++cnps_;
    const std::vector<uint8_t>& f = out_;
    if (f.size() != 74 && f.size() != 78) return fail("CNP of " + std::to_string(f.size()) + " bytes");
    const bool tag = f.size() == 78;
    cov_.hit(tag ? "cnp_tagged" : "cnp_untagged");
    if (tag && !(f[12] == 0x81 && f[13] == 0)) return fail("78-byte CNP without the 802.1Q tag");
    const size_t ip = tag ? 18 : 14;
    if (f[ip - 2] != 0x08 || f[ip - 1] != 0x00) return fail("CNP EtherType not IPv4");
    if ((f[ip + 1] & 3) != 0) return fail("CNP ECN not 00");
    if (ipv4_checksum(&f[ip], 5) != (f[ip + 10] << 8 | f[ip + 11])) return fail("CNP IPv4 checksum wrong");
    const uint32_t icrc = roce_icrc(&f[ip], f.data() + f.size() - 4);
    const size_t e = f.size() - 4;
    if (icrc != (uint32_t{f[e]} | uint32_t{f[e + 1]} << 8 | uint32_t{f[e + 2]} << 16 | uint32_t{f[e + 3]} << 24))
      return fail("CNP ICRC wrong");
    auto be = [&](size_t at, int n) {
      uint64_t v = 0;
      for (int i = 0; i < n; ++i) v = v << 8 | f[at + i];
      return v;
    };
    const size_t bth = ip + 28;
    if (f[bth] != 0x81) return fail("BTH opcode not 0x81");
    if (be(0, 6) != c.dmac || be(ip + 12, 4) != c.sip || be(ip + 16, 4) != c.dip ||
        be(ip + 20, 2) != c.sport || be(ip + 22, 2) != 4791 || be(bth + 2, 2) != c.pkey ||
        be(bth + 5, 3) != c.dqpn)
      return fail("CNP fields differ from the flow's context when the request was accepted");
    for (size_t i = bth + 12; i < bth + 28; ++i)
      if (f[i] != 0) return fail("CNP reserved byte not 0");
    if (pcap_) pcap_->write(f, run_.cycle() * o_.clock_ps / 1000, c.dqpn, tag);
    return 0;
  }

  int final_counters() {
    const uint32_t want[2] = {cnps_, noctx_};
    const uint8_t addr[2] = {kCnpCnps, kCnpNoCtx};
    for (unsigned k = 0; k < 2; ++k) {
      CnpBuildIn in{};
      in.csr_re = true;
      in.csr_addr = addr[k];
      for (int c = 0; c < 2; ++c) {
        const auto& m = run_.dut();
        drive(in);
        run_.low();
        in_ = in;
        if (int rc = compare(ref_.outputs(in))) return rc;
        if (c == 1 && m.csr_rdata != want[k])
          return failure(tb::FailKind::Check, {{"csr_rdata", m.csr_rdata, want[k]}},
                         std::string(k ? "NO_CTX" : "CNPS") + " differs from the bench's tally");
        run_.edge(0, done_);
        ref_.step(in);
        in.csr_re = false;
      }
    }
    return 0;
  }

  // ------------------------------------------------------------------ compare, failures
  int compare(const CnpBuildOut& o) {
    if (run_.cycle() == 0) return 0;
    if (o_.inject_mismatch && run_.cycle() == o_.inject_mismatch) injected_ = true;
    const auto& m = run_.dut();
    AxisBeat b;
    tb::get_tdata(m.m_axis_tdata, b, kBytes);
    std::vector<Diff> d = {
        {"s_axis_cnpreq_tready", m.s_axis_cnpreq_tready, o.req_ready},
        {"m_axis_tvalid", m.m_axis_tvalid, o.m_valid},
        {"m_axis_tkeep", static_cast<uint64_t>(m.m_axis_tkeep), o.m.keep},
        {"m_axis_tlast", m.m_axis_tlast, o.m.last},
        {"csr_rdata", m.csr_rdata, o.csr_rdata ^ (injected_ ? 1u : 0u)}};
    for (unsigned k = 0; k < kBytes / 8; ++k)
      d.push_back({"m_axis_tdata[" + std::to_string(64 * k + 63) + ":" + std::to_string(64 * k) + "]",
                   tb::tdata_word(b, k), tb::tdata_word(o.m, k)});
    for (const Diff& x : d)
      if (x.rtl != x.ref) return failure(tb::FailKind::Mismatch, d, "");
    return 0;
  }

  std::string inputs() const {
    char buf[300];
    std::snprintf(buf, sizeof buf,
                  "rst=%d s_axis_cnpreq_tvalid=%d tdata=0x%016" PRIx64
                  " (flow %u) m_axis_tready=%d csr_we=%d csr_re=%d csr_addr=0x%02x csr_wdata=0x%08x",
                  in_.rst, in_.req_valid, in_.req, static_cast<unsigned>(in_.req >> 32 & 0xFFFF),
                  in_.m_ready, in_.csr_we, in_.csr_re, in_.csr_addr, in_.csr_wdata);
    return buf;
  }

  int failure(tb::FailKind kind, const std::vector<Diff>& d, const std::string& check) {
    return run_.failure(kind, done_, inputs(), d, check, injected_ && kind == tb::FailKind::Mismatch);
  }
  int fail(const std::string& what) { return failure(tb::FailKind::Check, {}, what); }

  struct Staged { uint32_t dmac_lo = 0, dmac_hi = 0, sip = 0, dip = 0, dqpn = 0, port_pkey = 0; };

  const tb::Options o_;
  tb::Rng rng_;
  tb::LockstepRun<VMODEL> run_;
  CnpBuildModel ref_;
  tb::Coverage cov_;
  CnpBuildIn in_{};
  std::vector<QpContext> shadow_;  // the bench's own copy of the context table
  Staged st_;
  std::deque<CsrOp> csr_;
  std::deque<QpContext> exp_;      // requests with a context, not yet out
  std::vector<uint8_t> out_;
  bool in_req_ = false, programmed_ = false, mid_reset_done_ = false, injected_ = false;
  bool commit_in_clear_done_ = false, dscp_masked_pending_ = false;
  uint64_t req_ = 0, done_ = 0, mid_reset_at_ = 0, last_end_cycle_ = ~uint64_t{0} - 1;
  uint32_t cnps_ = 0, noctx_ = 0, read_seen_ = 0;
  unsigned rst_cycles_ = 0;
  std::unique_ptr<tb::CnpCapture> pcap_;  // --pcap
};

}  // namespace

int main(int argc, char** argv) { return tb::lockstep_main<Bench>(argc, argv, "cnp_build"); }
