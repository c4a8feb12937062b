// SPDX-License-Identifier: MIT
// Lock-step test of rtl/dcqcn_rx_class.sv against RxClassModel (tb/ref/rx_class_ref.h), in
// the LockstepRun skeleton (tb/common/lockstep.h): every output pin, every cycle
// (s_axis_tready, m_axis_t{valid,data,keep,last}, m_axis_rxdata_t{valid,data},
// m_axis_rxcnp_t{valid,data}, csr_rdata; the data of an output compared also while it is
// not valid: both must be 0). Events are frames.
//
// Stimulus: after the QP table's clear, most entries written (MAP_FLOW, MAP_COMMIT); then
// directed frames (RoCEv2 over IPv4 with IHL 5 and 6..15 and over IPv6, each with and
// without an 802.1Q tag, data and CNP opcodes, every ECN, a mapped QP, a QP whose index is
// mapped to another QP and an unmapped one, a wrong ICRC; one frame cut at every length from
// 1 to 100 bytes; frames of every length of the last beat), then random frames
// (tb/common/frame_gen.h: non-RoCE UDP/TCP, non-IP, wrong versions, runts, cut headers,
// wrong checksums and ICRCs). --idle: gaps between beats; --bp: m_axis_tready and the
// descriptors' treadys random. Commits and invalidations of entries no frame in flight
// uses, counter reads, one reset in the middle.
//
// The bench's own checks (a bug the RTL and the model share fails them): every frame
// leaves whole and unchanged; each descriptor is the one the frame's generator fields and
// the bench's copy of the QP table give (a RoCEv2 frame with a right ICRC and a mapped QP:
// a CNP -> rxcnp {flow}, any other opcode -> rxdata {ecn, flow}), in frame order, none for
// the rest; the ICRC's rightness recomputed by a bit-serial CRC of the bench (not the
// reference's table CRC); the counters at the end against the bench's tallies.
#include <bit>
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

#include VHEADER
#include "axis_pins.h"
#include "frame_gen.h"
#include "lockstep.h"
#include "rx_class_ref.h"

using namespace dcqcn;
using dcqcn::tb::Diff;

namespace {

constexpr unsigned kWidth = DUT_SIZE;  // DATA_WIDTH
constexpr unsigned kBytes = kWidth / 8;
#ifndef DUT_QPS
#define DUT_QPS 16
#endif
constexpr unsigned kQps = DUT_QPS;
constexpr unsigned kShift = std::countr_zero(kQps);
constexpr uint64_t kFullCoverageEvents = 3000;  // measured: docs/frames.md

// CRC-32 bit by bit (the bench's own, independent of frame_ref's table)
uint32_t crc_bits(uint32_t c, const uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; ++i)
    for (int k = 0; k < 8; ++k) c = ((c ^ (p[i] >> k)) & 1) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
  return c;
}

// The ICRC of a whole RoCEv2 frame (generator layout: l2, IP, UDP, BTH, payload, ICRC) right?
bool icrc_right(const std::vector<uint8_t>& f, bool v6, bool vlan) {
  const size_t ip = vlan ? 18 : 14;
  std::vector<uint8_t> m(8, 0xFF);
  m.insert(m.end(), f.begin() + static_cast<long>(ip), f.end() - 4);
  uint8_t* h = &m[8];
  const size_t iph = v6 ? 40 : 4 * size_t{static_cast<uint8_t>(h[0] & 15)};
  if (v6) {
    h[0] |= 0x0F;
    h[1] = h[2] = h[3] = h[7] = 0xFF;
  } else {
    h[1] = h[8] = h[10] = h[11] = 0xFF;
  }
  h[iph + 6] = h[iph + 7] = h[iph + 12] = 0xFF;
  const uint32_t c = ~crc_bits(0xFFFFFFFFu, m.data(), m.size());
  const size_t e = f.size() - 4;
  return c == (uint32_t{f[e]} | uint32_t{f[e + 1]} << 8 | uint32_t{f[e + 2]} << 16 |
               uint32_t{f[e + 3]} << 24);
}

struct InFrame {
  tb::GenFrame g;
  std::vector<AxisBeat> beats;
};

struct Csr {
  uint8_t addr;
  uint32_t data;
};

class Bench {
 public:
  explicit Bench(const tb::Options& o)
      : o_(o), rng_(o.seed), run_(o, "rx_class", "DATA_WIDTH=" + std::to_string(kWidth)),
        ref_(kWidth, kQps), table_(kQps) {
    run_.idle_failure_window(in_, done_, [this](const RxClassIn& i) { drive(i); },
                             [this](const RxClassIn& i) { ref_.step(i); });
    define_coverage();
    mid_reset_at_ = o.events * (3 + rng_.below(4)) / 10;
  }

  int run() {
    rst_cycles_ = 3;
    while (done_ < o_.events || !exp_.empty() || !want_data_.empty() || !want_cnp_.empty()) {
      if (int rc = cycle()) return rc;
      if (run_.cycle() > 400 * (o_.events + 2000) + 4 * kQps) return fail("no progress (hang?)");
    }
    if (int rc = final_counters()) return rc;
    return run_.finish(cov_, done_, kFullCoverageEvents);
  }

 private:
  // ------------------------------------------------------------------ coverage
  void define_coverage() {
    for (const char* k : {"roce_v4", "roce_v6", "udp_v4", "tcp_v4", "udp_v6", "non_ip",
                          "bad_version", "runt", "cut"})
      cov_.define(std::string("kind_") + k, std::string("a ") + k + " frame passed");
    cov_.define("data_v4", "rxdata for RoCEv2 over IPv4");
    cov_.define("data_v4_options", "rxdata for IPv4 with options (IHL > 5)");
    cov_.define("data_v6", "rxdata for RoCEv2 over IPv6");
    cov_.define("data_vlan", "rxdata for an 802.1Q-tagged frame");
    for (int e = 0; e < 4; ++e) cov_.define("data_ecn" + std::to_string(e), "rxdata with ECN " + std::to_string(e));
    cov_.define("cnp_v4", "rxcnp for a CNP over IPv4");
    cov_.define("cnp_v6", "rxcnp for a CNP over IPv6");
    cov_.define("cnp_vlan", "rxcnp for a tagged CNP");
    cov_.define("unknown_qpn", "a RoCEv2 frame whose QP is not in the table: dropped, counted");
    cov_.define("unknown_tag", "the QP's index holds another QP: dropped");
    cov_.define("bad_icrc", "a RoCEv2 frame with a wrong ICRC: no descriptor, counted");
    cov_.define("short", "a frame counted SHORT");
    cov_.define("not_roce", "a frame counted NOT_ROCE");
    for (unsigned n = 1; n <= kBytes; ++n)
      cov_.define("last_keep_" + std::to_string(n), "a last beat with " + std::to_string(n) + " bytes");
    cov_.define("one_beat_frame", "a frame of one beat");
    cov_.define("back_to_back", "a first beat accepted the cycle after a tlast");
    cov_.define("commit_traffic", "a MAP_COMMIT with frames in flight");
    cov_.define("invalidate", "an entry invalidated (MAP_COMMIT bit 31)");
    cov_.define("csr_read", "every counter read during traffic");
    cov_.define("reset_mid_run", "rst in the middle of traffic");
    if (o_.backpressure) {
      cov_.define("bp_stall", "m_axis_tvalid held with m_axis_tready low");
      cov_.define("desc_stall", "a descriptor held with its tready low");
    }
    if (o_.idle) cov_.define("idle_gap", "s_axis_tvalid low inside a frame");
  }

  // ------------------------------------------------------------------ stimulus
  uint32_t mapped_qpn() {  // a QP of a valid entry, if any
    for (int t = 0; t < 8; ++t) {
      const uint32_t i = static_cast<uint32_t>(rng_.below(kQps));
      if (table_[i].valid) return table_[i].tag << kShift | i;
    }
    return static_cast<uint32_t>(rng_.below(1u << 24));
  }
  uint32_t pick_qpn() {
    const unsigned r = static_cast<unsigned>(rng_.below(100));
    if (r < 70) return mapped_qpn();
    if (r < 85) return mapped_qpn() ^ (static_cast<uint32_t>(1 + rng_.below((1u << (24 - kShift)) - 1)) << kShift);
    return static_cast<uint32_t>(rng_.below(1u << 24));
  }

  void write_entry(uint32_t i) {
    csr_.push_back({kRxMapFlow, static_cast<uint32_t>(rng_.below(1u << 16))});
    csr_.push_back({kRxMapCommit, static_cast<uint32_t>(rng_.below(1u << (24 - kShift))) << kShift | i});
  }

  void push(const tb::GenFrame& g) {
    gen_.push_back({g, tb::to_beats(g.bytes, kBytes, rng_)});
    exp_.push_back(g);
  }

  tb::GenFrame roce(bool v6, bool vlan, unsigned ihl, uint8_t opcode, uint8_t ecn, uint32_t qpn,
                    unsigned payload) {
    tb::FrameSpec s;
    s.v6 = v6;
    s.vlan = vlan;
    s.ihl = ihl;
    s.opcode = opcode;
    s.ecn = ecn;
    s.dst_qp = qpn;
    s.payload = opcode == 0x81 ? 16 : payload;
    tb::GenFrame g;
    g.bytes = tb::build_frame(s, rng_);
    g.info.kind = v6 ? tb::FrameInfo::RoceV6 : tb::FrameInfo::RoceV4;
    g.info.vlan = vlan;
    g.info.options = !v6 && ihl > 5;
    g.info.ecn = ecn;
    g.info.opcode = opcode;
    g.info.dst_qp = qpn;
    return g;
  }

  void directed() {
    for (int vlan = 0; vlan < 2; ++vlan)
      for (int ipk = 0; ipk < 3; ++ipk)
        for (int op = 0; op < 2; ++op)
          for (unsigned ecn = 0; ecn < 4; ++ecn)
            for (int q = 0; q < 4; ++q) {
              const unsigned ihl = ipk == 1 ? 6 + static_cast<unsigned>(rng_.below(10)) : 5;
              uint32_t qpn = q == 0 || q == 3 ? mapped_qpn() : pick_qpn();
              tb::GenFrame g = roce(ipk == 2, vlan, ihl, op ? 0x81 : 0x0A, static_cast<uint8_t>(ecn),
                                    qpn, static_cast<unsigned>(rng_.below(3 * kBytes)));
              if (q == 3) {  // a wrong ICRC
                g.bytes[g.bytes.size() - 1 - rng_.below(4)] ^= static_cast<uint8_t>(1 + rng_.below(255));
                g.info.bad_icrc = true;
              }
              push(g);
            }
    // one frame cut at every length up to 100 bytes
    const tb::GenFrame whole = roce(false, true, 7, 0x04, 2, mapped_qpn(), 40);
    for (size_t n = 1; n <= 100; ++n) {
      tb::GenFrame c = whole;
      c.info.kind = n < 64 && rng_.chance(50) ? tb::FrameInfo::Runt : tb::FrameInfo::Cut;
      c.info.cut_from = whole.bytes.size();
      c.bytes.resize(n);
      push(c);
    }
    // every length of the last beat
    for (unsigned n = 0; n < kBytes; ++n) push(roce(false, false, 5, 0x04, 1, mapped_qpn(), 8 + n));
  }

  void refill() {
    while (gen_.size() < 4 && done_ + exp_.size() < o_.events) {
      tb::GenFrame g = tb::random_frame(rng_, [&] { return pick_qpn(); });
      // a runt is shorter than any RoCEv2 frame (58 bytes): random_frame's may keep a whole
      // short frame, whose class the bench could not tell from its fields
      if (g.info.kind == tb::FrameInfo::Runt && g.bytes.size() >= 58) g.bytes.resize(1 + rng_.below(57));
      push(g);
    }
  }

  // a commit or invalidation of an entry no frame in flight uses
  void random_csr_write() {
    const uint32_t i = static_cast<uint32_t>(rng_.below(kQps));
    for (const tb::GenFrame& g : exp_)
      if ((g.info.dst_qp & (kQps - 1)) == i) return;
    if (rng_.chance(25)) csr_.push_back({kRxMapCommit, 1u << 31 | i});
    else write_entry(i);
  }

  void drive(const RxClassIn& in) {
    auto& m = run_.dut();
    tb::put_tdata(m.s_axis_tdata, in.s, kBytes);
    m.s_axis_tkeep = in.s.keep;
    m.s_axis_tlast = in.s.last;
    m.s_axis_tvalid = in.s_valid;
    m.m_axis_tready = in.m_ready;
    m.m_axis_rxdata_tready = in.rxdata_ready;
    m.m_axis_rxcnp_tready = in.rxcnp_ready;
    m.csr_we = in.csr_we;
    m.csr_re = in.csr_re;
    m.csr_addr = in.csr_addr;
    m.csr_wdata = in.csr_wdata;
    m.rst = in.rst;
  }

  // ------------------------------------------------------------------ one cycle
  int cycle() {
    RxClassIn in{};
    in.rst = rst_cycles_ > 0;
    const bool ready_for_traffic = !in.rst && !ref_.clearing() && programmed_ && csr_.empty();
    if (!in.rst && !ref_.clearing() && !programmed_) {
      programmed_ = true;
      for (uint32_t i = 0; i < kQps; ++i)
        if (rng_.chance(75)) write_entry(i);
    }
    if (ready_for_traffic && !directed_done_) {  // the directed frames, once the table is written
      directed_done_ = true;
      directed();
    }
    if (ready_for_traffic) refill();
    if (ready_for_traffic && !gen_.empty()) {
      if (!s_offer_ && !(o_.idle && rng_.chance(25))) s_offer_ = true;
      if (s_offer_) {
        in.s_valid = true;
        in.s = gen_.front().beats[beat_];
      }
    }
    in.m_ready = o_.backpressure ? rng_.chance(60) : true;
    in.rxdata_ready = o_.backpressure ? rng_.chance(70) : true;
    in.rxcnp_ready = o_.backpressure ? rng_.chance(70) : true;
    if (!in.rst && !ref_.clearing()) {
      if (csr_.empty() && programmed_ && busy_ && rng_.permille(3)) random_csr_write();
      if (!csr_.empty() && rng_.chance(50)) {
        in.csr_we = true;
        in.csr_addr = csr_.front().addr;
        in.csr_wdata = csr_.front().data;
      } else if (rng_.chance(5)) {
        in.csr_re = true;
        in.csr_addr = static_cast<uint8_t>(rng_.chance(90) ? kRxCnt0 + 4 * rng_.below(kRxCntN)
                                                          : rng_.below(256));
      }
    }
    drive(in);
    run_.low();
    in_ = in;
    const RxClassOut ro = ref_.outputs(in);
    if (int rc = compare(ro)) return rc;

    // bookkeeping of this cycle's handshakes
    const bool acc = in.s_valid && ro.s_ready;
    if (!in.rst) {
      if (o_.backpressure && ro.m_valid && !in.m_ready) cov_.hit("bp_stall");
      if (o_.backpressure && ((ro.rxdata_valid && !in.rxdata_ready) || (ro.rxcnp_valid && !in.rxcnp_ready)))
        cov_.hit("desc_stall");
      if (o_.idle && !in.s_valid && beat_ != 0) cov_.hit("idle_gap");
      if (in.csr_re && in.csr_addr >= kRxCnt0 && in.csr_addr % 4 == 0 &&
          (in.csr_addr - kRxCnt0) / 4 < kRxCntN && busy_) {
        csr_seen_ |= 1u << ((in.csr_addr - kRxCnt0) / 4);
        if (csr_seen_ == (1u << kRxCntN) - 1) cov_.hit("csr_read");
      }
      if (in.csr_we) {
        if (in.csr_addr == kRxMapFlow) {
          staged_flow_ = static_cast<uint16_t>(in.csr_wdata);
        } else if (in.csr_addr == kRxMapCommit) {
          RxQpEntry e;
          if (!(in.csr_wdata >> 31)) e = {true, (in.csr_wdata & 0xFFFFFF) >> kShift, staged_flow_};
          else cov_.hit("invalidate");
          table_[in.csr_wdata & (kQps - 1)] = e;
          if (!exp_.empty()) cov_.hit("commit_traffic");
        }
        csr_.pop_front();
      }
    }
    if (acc) {
      if (beat_ == 0 && last_tlast_cycle_ + 1 == run_.cycle()) cov_.hit("back_to_back");
      s_offer_ = false;
      busy_ = true;
      if (in.s.last) {
        last_tlast_cycle_ = run_.cycle();
        if (beat_ == 0) cov_.hit("one_beat_frame");
        cov_.hit("last_keep_" + std::to_string(std::countr_one(in.s.keep)));
        expect_descriptor(gen_.front().g);
        gen_.pop_front();
        beat_ = 0;
      } else {
        ++beat_;
      }
    }
    if (ro.m_valid && in.m_ready) {
      for (unsigned i = 0; i < kBytes; ++i)
        if (ro.m.keep >> i & 1) out_.push_back(ro.m.data[i]);
      if (ro.m.last) {
        if (int rc = frame_out()) return rc;
        out_.clear();
      }
    }
    if (ro.rxdata_valid && in.rxdata_ready)
      if (int rc = descriptor(ro.rxdata, false)) return rc;
    if (ro.rxcnp_valid && in.rxcnp_ready)
      if (int rc = descriptor(ro.rxcnp, true)) return rc;

    // the edge
    const std::array<uint32_t, kRxCntN> before = counters();
    run_.edge(0, done_);
    ref_.step(in);
    class_coverage(before);

    if (in.rst) {
      if (--rst_cycles_ == 0) on_reset_done();
    } else if (!mid_reset_done_ && done_ >= mid_reset_at_ && run_.cycle() > 100 && busy_) {
      mid_reset_done_ = true;
      rst_cycles_ = 2;
    }
    return 0;
  }

  std::array<uint32_t, kRxCntN> counters() const {
    std::array<uint32_t, kRxCntN> c{};
    for (unsigned k = 0; k < kRxCntN; ++k) c[k] = ref_.counter(k);
    return c;
  }
  void class_coverage(const std::array<uint32_t, kRxCntN>& before) {
    if (ref_.counter(kRxShort) != before[kRxShort]) cov_.hit("short");
    if (ref_.counter(kRxNotRoce) != before[kRxNotRoce]) cov_.hit("not_roce");
  }

  // the descriptor a frame must produce, from its generator fields and the bench's table
  void expect_descriptor(const tb::GenFrame& g) {
    const tb::FrameInfo& fi = g.info;
    const bool roce = fi.kind == tb::FrameInfo::RoceV4 || fi.kind == tb::FrameInfo::RoceV6;
    ++tally_.frames;
    if (!roce) return;
    const bool v6 = fi.kind == tb::FrameInfo::RoceV6;
    const bool good = icrc_right(g.bytes, v6, fi.vlan);
    if (good == fi.bad_icrc) {
      gen_mismatch_ = true;  // the generator's flag and the bench's CRC disagree
      return;
    }
    if (!good) {
      ++tally_.bad;
      cov_.hit("bad_icrc");
      return;
    }
    const RxQpEntry& e = table_[fi.dst_qp & (kQps - 1)];
    if (!e.valid || e.tag != fi.dst_qp >> kShift) {
      ++tally_.unknown;
      cov_.hit("unknown_qpn");
      if (e.valid) cov_.hit("unknown_tag");
      return;
    }
    if (fi.opcode == 0x81) {
      ++tally_.cnps;
      want_cnp_.push_back(uint64_t{e.flow} << 32);
      cov_.hit(fi.vlan ? "cnp_vlan" : v6 ? "cnp_v6" : "cnp_v4");
    } else {
      ++tally_.data;
      want_data_.push_back(uint64_t{fi.ecn} << 48 | uint64_t{e.flow} << 32);
      cov_.hit(v6 ? "data_v6" : "data_v4");
      if (fi.vlan) cov_.hit("data_vlan");
      if (fi.options) cov_.hit("data_v4_options");
      cov_.hit("data_ecn" + std::to_string(fi.ecn));
    }
  }

  int descriptor(uint64_t d, bool cnp) {
    std::deque<uint64_t>& w = cnp ? want_cnp_ : want_data_;
    const char* what = cnp ? "rxcnp" : "rxdata";
    if (w.empty()) return fail(std::string("an ") + what + " descriptor the bench expects from no frame");
    if (w.front() != d)
      return run_.failure(tb::FailKind::Check, done_, inputs(), {{std::string(what) + "_tdata", d, w.front()}},
                          std::string(what) + " descriptor differs from the frame's fields and the QP table",
                          false);
    w.pop_front();
    return 0;
  }

  // the reset dropped every frame in flight; counters and the table start over
  void on_reset_done() {
    if (run_.cycle() > 10) cov_.hit("reset_mid_run");
    gen_.clear();
    exp_.clear();
    csr_.clear();
    out_.clear();
    want_data_.clear();
    want_cnp_.clear();
    for (RxQpEntry& e : table_) e = RxQpEntry{};
    staged_flow_ = 0;
    programmed_ = false;
    beat_ = 0;
    s_offer_ = false;
    busy_ = false;
    tally_ = {};
  }

  int frame_out() {
    if (exp_.empty()) return fail("a frame left that never went in");
    const tb::GenFrame g = exp_.front();
    exp_.pop_front();
    ++done_;
    if (gen_mismatch_) return fail("the generator's bad_icrc flag and the bench's CRC disagree");
    if (out_ != g.bytes)
      return fail("frame " + std::to_string(done_) + " (" + g.info.name() + ", " +
                  std::to_string(g.bytes.size()) + " bytes) left changed or with " +
                  std::to_string(out_.size()) + " bytes");
    cov_.hit("kind_" + std::string(g.info.name().substr(0, g.info.name().find('+'))));
    return 0;
  }

  // drain, then every counter read through the CSR port against the bench's tallies
  int final_counters() {
    if (!want_data_.empty() || !want_cnp_.empty()) return fail("descriptors expected but never shown");
    uint32_t got[kRxCntN];
    for (unsigned k = 0; k < kRxCntN; ++k) {
      RxClassIn in{};
      in.csr_re = true;
      in.csr_addr = static_cast<uint8_t>(kRxCnt0 + 4 * k);
      for (int c = 0; c < 2; ++c) {  // the read, then the cycle its data shows
        drive(in);
        run_.low();
        in_ = in;
        if (int rc = compare(ref_.outputs(in))) return rc;
        if (c == 1) got[k] = run_.dut().csr_rdata;
        run_.edge(0, done_);
        ref_.step(in);
        in.csr_re = false;
      }
    }
    const uint32_t rest = got[kRxNotRoce] + got[kRxShort] + got[kRxBadIcrc];
    std::vector<Diff> d = {{"FRAMES", got[kRxFrames], tally_.frames},
                           {"DATA", got[kRxData], tally_.data},
                           {"CNPS", got[kRxCnps], tally_.cnps},
                           {"UNKNOWN_QPN", got[kRxUnknownQpn], tally_.unknown},
                           {"NOT_ROCE + SHORT + BAD_ICRC", rest,
                            tally_.frames - tally_.data - tally_.cnps - tally_.unknown}};
    for (const Diff& x : d)
      if (x.rtl != x.ref)
        return run_.failure(tb::FailKind::Check, done_, inputs(), d, "counters differ from the bench's tallies", false);
    if (got[kRxBadIcrc] < tally_.bad)
      return run_.failure(tb::FailKind::Check, done_, inputs(), {{"BAD_ICRC", got[kRxBadIcrc], tally_.bad}},
                          "BAD_ICRC below the wrong ICRCs the bench sent", false);
    return 0;
  }

  // ------------------------------------------------------------------ compare, failures
  int compare(const RxClassOut& o) {
    if (run_.cycle() == 0) return 0;
    if (o_.inject_mismatch && run_.cycle() == o_.inject_mismatch) injected_ = true;
    const auto& m = run_.dut();
    AxisBeat b;
    tb::get_tdata(m.m_axis_tdata, b, kBytes);
    std::vector<Diff> d = {
        {"s_axis_tready", m.s_axis_tready, o.s_ready},
        {"m_axis_tvalid", m.m_axis_tvalid, o.m_valid},
        {"m_axis_tkeep", static_cast<uint64_t>(m.m_axis_tkeep), o.m.keep},
        {"m_axis_tlast", m.m_axis_tlast, o.m.last},
        {"m_axis_rxdata_tvalid", m.m_axis_rxdata_tvalid, o.rxdata_valid},
        {"m_axis_rxdata_tdata", m.m_axis_rxdata_tdata, o.rxdata},
        {"m_axis_rxcnp_tvalid", m.m_axis_rxcnp_tvalid, o.rxcnp_valid},
        {"m_axis_rxcnp_tdata", m.m_axis_rxcnp_tdata, o.rxcnp},
        {"csr_rdata", m.csr_rdata, o.csr_rdata ^ (injected_ ? 1u : 0u)}};
    for (unsigned k = 0; k < kBytes / 8; ++k)
      d.push_back({"m_axis_tdata[" + std::to_string(64 * k + 63) + ":" + std::to_string(64 * k) + "]",
                   tb::tdata_word(b, k), tb::tdata_word(o.m, k)});
    for (const Diff& x : d)
      if (x.rtl != x.ref)
        return run_.failure(tb::FailKind::Mismatch, done_, inputs(), d, "", injected_);
    return 0;
  }

  std::string inputs() const {
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "rst=%d s_axis_tvalid=%d tkeep=0x%" PRIx64 " tlast=%d tdata[63:0]=0x%016" PRIx64
                  " m_axis_tready=%d rxdata_tready=%d rxcnp_tready=%d csr_we=%d csr_re=%d"
                  " csr_addr=0x%02x csr_wdata=0x%08x (beat %u of a frame)",
                  in_.rst, in_.s_valid, in_.s.keep, in_.s.last, tb::tdata_word(in_.s, 0), in_.m_ready,
                  in_.rxdata_ready, in_.rxcnp_ready, in_.csr_we, in_.csr_re, in_.csr_addr,
                  in_.csr_wdata, beat_);
    return buf;
  }

  int fail(const std::string& what) {
    return run_.failure(tb::FailKind::Check, done_, inputs(), {}, what, false);
  }

  struct Tally { uint32_t frames = 0, data = 0, cnps = 0, unknown = 0, bad = 0; };

  const tb::Options o_;
  tb::Rng rng_;
  tb::LockstepRun<VMODEL> run_;
  RxClassModel ref_;
  tb::Coverage cov_;
  RxClassIn in_{};
  std::vector<RxQpEntry> table_;  // the bench's copy of the QP table
  uint16_t staged_flow_ = 0;
  std::deque<Csr> csr_;
  std::deque<InFrame> gen_;        // frames not fully in
  std::deque<tb::GenFrame> exp_;   // frames not fully out
  std::deque<uint64_t> want_data_, want_cnp_;
  std::vector<uint8_t> out_;
  unsigned beat_ = 0;
  bool s_offer_ = false, busy_ = false, programmed_ = false, directed_done_ = false;
  bool gen_mismatch_ = false;
  uint64_t done_ = 0, mid_reset_at_ = 0, last_tlast_cycle_ = ~uint64_t{0} - 1;
  unsigned rst_cycles_ = 0;
  bool mid_reset_done_ = false, injected_ = false;
  uint32_t csr_seen_ = 0;
  Tally tally_;
};

}  // namespace

int main(int argc, char** argv) { return tb::lockstep_main<Bench>(argc, argv, "rx_class"); }
