// SPDX-License-Identifier: MIT
// Lock-step test of rtl/dcqcn_ecn_mark.sv against EcnMarkModel (tb/ref/ecn_mark_ref.h):
// every output pin, every cycle (s_axis_tready, s_dec_ready, m_axis_t{valid,data,keep,
// last} (data, keep and last compared also while not valid: both must be 0), csr_rdata),
// in the LockstepRun skeleton (tb/common/lockstep.h: failure story, replay with the
// waveform window, events/s, coverage). Events are frames.
//
// Stimulus: directed frames first (IPv4 with IHL 5 and 6, IPv6, each with and without an
// 802.1Q tag, every ECN value with mark 0 and 1; those frames cut at every length from 1
// to 40 bytes; frames of every length of the last beat), then random frames
// (tb/common/frame_gen.h: RoCEv2 over IPv4 with options and IPv6, VLAN or not, non-RoCE
// UDP/TCP, non-IP, wrong IP versions, runts, frames cut in their headers, wrong IPv4
// checksums and ICRCs). Decisions come on their own stream, before or after their frame;
// --idle: gaps between beats, frames and decisions; --bp: m_axis_tready random. Random
// counter reads; one reset in the middle of the run.
//
// Beside the lock-step, checks of the bench's own (a bug the RTL and the model share
// fails them): every frame out equals ecn_mark_frame() of the frame in, whole (the model
// works beat by beat); no frame changes length; a marked IPv4 frame whose checksum was
// right still has a right one (recomputed from the header) and one whose checksum was
// wrong is still wrong; a RoCEv2 frame's ICRC (recomputed) is as right or wrong after
// the marker as before; the counters read at the end equal the bench's own tallies, and
// MARK_REQ = MARKED + NOT_ECT + ALREADY_CE + NOT_IP.
#include <bit>
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include VHEADER
#include "axis_pins.h"
#include "ecn_mark_ref.h"
#include "frame_gen.h"
#include "lockstep.h"
#include "pcap_out.h"

using namespace dcqcn;
using dcqcn::tb::Diff;

namespace {

constexpr unsigned kWidth = DUT_SIZE;  // DATA_WIDTH
constexpr unsigned kBytes = kWidth / 8;
constexpr uint64_t kFullCoverageEvents = 2000;  // measured: docs/frames.md

struct InFrame {
  tb::GenFrame g;
  bool mark = false;
  std::vector<AxisBeat> beats;
};

struct ExpFrame {
  std::vector<uint8_t> in, out;
  tb::FrameInfo info;
  bool mark = false;
  EcnOutcome outcome = EcnOutcome::None;
};

bool ip_csum_ok(const std::vector<uint8_t>& f) {
  const size_t ip = ip_offset(f.data());
  const unsigned ihl = f[ip] & 15;
  if (f.size() < ip + 4 * ihl) return false;
  return ipv4_checksum(&f[ip], ihl) == (f[ip + 10] << 8 | f[ip + 11]);
}

bool icrc_ok(const std::vector<uint8_t>& f) {
  const size_t ip = ip_offset(f.data());
  const uint32_t c = roce_icrc(&f[ip], f.data() + f.size() - 4);
  const size_t e = f.size() - 4;
  return c == (uint32_t{f[e]} | uint32_t{f[e + 1]} << 8 | uint32_t{f[e + 2]} << 16 |
               uint32_t{f[e + 3]} << 24);
}

class Bench {
 public:
  explicit Bench(const tb::Options& o)
      : o_(o), rng_(o.seed), run_(o, "ecn_mark", "DATA_WIDTH=" + std::to_string(kWidth)),
        ref_(kWidth) {
    run_.idle_failure_window(in_, done_, [this](const EcnMarkIn& i) { drive(i); },
                             [this](const EcnMarkIn& i) { ref_.step(i); });
    const uint64_t reset_pct = 3 + rng_.below(4);
    if (!o.pcap.empty() && !o.replay) pcap_ = std::make_unique<tb::PcapOut>(o.pcap);
    define_coverage();
    directed();
    // the reset comes after the directed frames, 30..60 % into the random ones
    mid_reset_at_ = exp_.size() + o.events * reset_pct / 10;
  }

  int run() {
    rst_cycles_ = 3;
    while (done_ < o_.events || !exp_.empty()) {
      if (int rc = cycle()) return rc;
      if (run_.cycle() > 2000 * (o_.events + 1000)) return fail("no progress (hang?)");
    }
    if (int rc = final_counters()) return rc;
    if (pcap_)
      std::printf("ecn_mark: pcap %s: %" PRIu64 " frames, %" PRIu64 " with CE (%" PRIu64
                  " IPv4 with a right checksum), %" PRIu64 " marked by the block, %" PRIu64
                  " IPv4 checksums wrong on purpose, %" PRIu64 " RoCEv2, %" PRIu64
                  " ICRCs wrong on purpose\n",
                  o_.pcap.c_str(), pcap_->frames(), pc_.ce, pc_.ce_v4_good, pc_.marked,
                  pc_.bad_csum, pc_.roce, pc_.bad_icrc);
    return run_.finish(cov_, done_, kFullCoverageEvents);
  }

 private:
  // ------------------------------------------------------------------ coverage
  void define_coverage() {
    for (const char* k : {"roce_v4", "roce_v6", "udp_v4", "tcp_v4", "udp_v6", "non_ip",
                          "bad_version", "runt", "cut"})
      cov_.define(std::string("kind_") + k, std::string("a ") + k + " frame passed");
    cov_.define("marked_v4", "IPv4 ECT marked CE, checksum updated");
    cov_.define("marked_v4_vlan", "802.1Q-tagged IPv4 ECT marked CE");
    cov_.define("marked_v4_options", "IPv4 with options (IHL > 5) marked CE");
    cov_.define("marked_v6", "IPv6 ECT marked CE");
    cov_.define("marked_v6_vlan", "802.1Q-tagged IPv6 ECT marked CE");
    cov_.define("marked_ect0", "ECT(0) (10) marked");
    cov_.define("marked_ect1", "ECT(1) (01) marked");
    cov_.define("not_ect", "mark requested on ECN 00: unchanged, counted");
    cov_.define("already_ce", "mark requested on ECN 11: unchanged, counted");
    cov_.define("not_ip", "mark requested on a non-IP frame: unchanged, counted");
    cov_.define("short_before_ecn", "mark requested, frame ends before its ECN byte");
    cov_.define("cut_before_csum", "IPv4 marked, frame ends before its checksum bytes");
    cov_.define("no_mark", "an ECT IP frame with decision 0: unchanged");
    cov_.define("bad_csum_marked", "IPv4 with a wrong checksum marked (stays wrong)");
    cov_.define("roce_icrc_kept", "a marked RoCEv2 frame's ICRC still right");
    for (unsigned n = 1; n <= kBytes; ++n)
      cov_.define("last_keep_" + std::to_string(n), "a last beat with " + std::to_string(n) + " bytes");
    cov_.define("one_beat_frame", "a frame of one beat");
    cov_.define("back_to_back", "a first beat accepted the cycle after a tlast");
    cov_.define("dec_early", "a decision offered while the previous frame is still coming in");
    cov_.define("frame_waits_dec", "a first beat offered with no decision (tready low)");
    cov_.define("csr_read", "every counter read during traffic");
    cov_.define("reset_mid_run", "rst in the middle of traffic");
    if (o_.backpressure) cov_.define("bp_stall", "m_axis_tvalid held with m_axis_tready low");
    if (o_.idle) cov_.define("idle_gap", "s_axis_tvalid low inside a frame");
  }

  // ------------------------------------------------------------------ stimulus
  void push(const tb::GenFrame& g, bool mark) {
    InFrame f{g, mark, tb::to_beats(g.bytes, kBytes, rng_)};
    ExpFrame e{g.bytes, g.bytes, g.info, mark, EcnOutcome::None};
    e.outcome = ecn_mark_frame(e.out.data(), e.out.size(), mark);
    gen_.push_back(f);
    exp_.push_back(e);
    decs_.push_back(mark);
  }

  void directed() {
    for (int vlan = 0; vlan < 2; ++vlan)
      for (int ipk = 0; ipk < 3; ++ipk)
        for (unsigned ecn = 0; ecn < 4; ++ecn)
          for (int mark = 0; mark < 2; ++mark) {
            tb::FrameSpec s;
            s.vlan = vlan;
            s.v6 = ipk == 2;
            s.ihl = ipk == 1 ? 6 : 5;
            s.ecn = static_cast<uint8_t>(ecn);
            s.payload = 16 + static_cast<unsigned>(rng_.below(kBytes));
            tb::GenFrame g;
            g.bytes = tb::build_frame(s, rng_);
            g.info.kind = s.v6 ? tb::FrameInfo::RoceV6 : tb::FrameInfo::RoceV4;
            g.info.vlan = s.vlan;
            g.info.options = s.ihl > 5;
            g.info.ecn = s.ecn;
            push(g, mark);
            // the same frame cut at every length up to 40 bytes, marked
            if (mark && (ecn == 1 || ecn == 2))
              for (size_t n = 1; n <= 40; ++n) {
                tb::GenFrame c = g;
                c.info.kind = tb::FrameInfo::Cut;
                c.info.cut_from = g.bytes.size();
                c.bytes.resize(n);
                push(c, true);
              }
          }
    // every length of the last beat, back to back
    for (unsigned n = 0; n < kBytes; ++n) {
      tb::FrameSpec s;
      s.payload = 8 + n;
      s.ecn = 2;
      tb::GenFrame g;
      g.bytes = tb::build_frame(s, rng_);
      g.info.kind = tb::FrameInfo::RoceV4;
      push(g, rng_.chance(50));
    }
  }

  void refill() {
    while (gen_.size() < 4 && done_ + exp_.size() < o_.events) {
      tb::GenFrame g = tb::random_frame(rng_, [&] { return static_cast<uint32_t>(rng_.below(1u << 24)); });
      push(g, rng_.chance(60));
    }
  }

  // ------------------------------------------------------------------ one cycle
  int cycle() {
    EcnMarkIn in{};
    in.rst = rst_cycles_ > 0;
    if (!in.rst) refill();
    // frame input: a beat, held until taken; a gap only before a beat is offered
    if (!in.rst && !gen_.empty()) {
      if (!s_offer_ && !(o_.idle && rng_.chance(25))) s_offer_ = true;
      if (s_offer_) {
        in.s_valid = true;
        in.s = gen_.front().beats[beat_];
      }
    }
    // decisions: the next frame's, held until taken; offered late at random
    if (!in.rst && dec_at_ < decs_.size()) {
      if (dec_hold_ > 0) --dec_hold_;
      else if (!d_offer_ && !rng_.chance(o_.idle ? 40 : 15)) d_offer_ = true;
      if (d_offer_) {
        in.dec_valid = true;
        in.dec_mark = decs_[dec_at_];
      }
    }
    in.m_ready = o_.backpressure ? rng_.chance(60) : true;
    if (!in.rst && rng_.chance(5)) {
      in.csr_re = true;
      in.csr_addr = static_cast<uint8_t>(rng_.chance(90) ? 4 * rng_.below(kEcnCntN) : rng_.below(256));
    }

    drive(in);
    run_.low();
    const EcnMarkOut ro = ref_.outputs(in);
    in_ = in;
    if (int rc = compare(ro)) return rc;

    // bookkeeping of this cycle's handshakes
    const bool acc = in.s_valid && ro.s_ready;
    if (!in.rst) {
      if (in.s_valid && beat_ == 0 && !in.dec_valid) cov_.hit("frame_waits_dec");
      if (in.dec_valid && beat_ != 0) cov_.hit("dec_early");
      if (o_.backpressure && ro.m_valid && !in.m_ready) cov_.hit("bp_stall");
      if (o_.idle && !in.s_valid && beat_ != 0) cov_.hit("idle_gap");
      if (in.csr_re && in.csr_addr % 4 == 0 && in.csr_addr / 4 < kEcnCntN && busy_) {
        csr_seen_ |= 1u << (in.csr_addr / 4);
        if (csr_seen_ == (1u << kEcnCntN) - 1) cov_.hit("csr_read");
      }
    }
    if (in.dec_valid && ro.dec_ready) {
      ++dec_at_;
      d_offer_ = false;
      if (rng_.chance(5)) dec_hold_ = 1 + static_cast<unsigned>(rng_.below(40));  // a late CP
    }
    if (acc) {
      if (beat_ == 0 && last_tlast_cycle_ + 1 == run_.cycle()) cov_.hit("back_to_back");
      s_offer_ = false;
      busy_ = true;
      if (in.s.last) {
        last_tlast_cycle_ = run_.cycle();
        if (beat_ == 0) cov_.hit("one_beat_frame");
        cov_.hit("last_keep_" + std::to_string(std::countr_one(in.s.keep)));
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

    // the edge
    run_.edge(0, done_);
    EcnOutcome oc;
    ref_.step(in, &oc);

    if (in.rst) {
      if (--rst_cycles_ == 0) on_reset_done();
    } else if (!mid_reset_done_ && done_ >= mid_reset_at_ && run_.cycle() > 100) {
      mid_reset_done_ = true;
      rst_cycles_ = 2;
    }
    return 0;
  }

  void drive(const EcnMarkIn& in) {
    auto& m = run_.dut();
    tb::put_tdata(m.s_axis_tdata, in.s, kBytes);
    m.s_axis_tkeep = in.s.keep;
    m.s_axis_tlast = in.s.last;
    m.s_axis_tvalid = in.s_valid;
    m.s_dec_valid = in.dec_valid;
    m.s_dec_mark = in.dec_mark;
    m.m_axis_tready = in.m_ready;
    m.csr_re = in.csr_re;
    m.csr_addr = in.csr_addr;
    m.rst = in.rst;
  }

  // the reset dropped every frame and decision in flight; counters start from 0
  void on_reset_done() {
    if (run_.cycle() > 10) cov_.hit("reset_mid_run");
    // what was not fully in is dropped: the frame half sent (and its decision if taken)
    gen_.clear();
    exp_.clear();
    decs_.clear();
    dec_at_ = 0;
    out_.clear();
    beat_ = 0;
    s_offer_ = d_offer_ = false;
    dec_hold_ = 0;
    tally_ = {};
    busy_ = false;
  }

  // a whole frame left: the bench's own checks, then the tallies
  int frame_out() {
    if (exp_.empty()) return fail("a frame left that never went in");
    ExpFrame e = exp_.front();
    exp_.pop_front();
    // its decision was consumed with its first beat: keep the indexes in step
    if (decs_.size() > 0 && dec_at_ > 0) {
      decs_.pop_front();
      --dec_at_;
    }
    ++done_;
    if (out_.size() != e.in.size())
      return fail("frame of " + std::to_string(e.in.size()) + " bytes left with " +
                  std::to_string(out_.size()) + " (" + e.info.name() + ")");
    if (out_ != e.out) {
      size_t i = 0;
      while (out_[i] == e.out[i]) ++i;
      return fail("frame " + std::to_string(done_) + " (" + e.info.name() + ", mark " +
                  std::to_string(e.mark) + "): byte " + std::to_string(i) + " is " +
                  std::to_string(out_[i]) + ", ecn_mark_frame() gives " + std::to_string(e.out[i]));
    }
    const tb::FrameInfo& fi = e.info;
    cov_.hit("kind_" + std::string(fi.name().substr(0, fi.name().find('+'))));
    const size_t ip = e.in.size() >= 14 ? ip_offset(e.in.data()) : 14;
    const bool v6 = fi.kind == tb::FrameInfo::RoceV6 || fi.kind == tb::FrameInfo::UdpV6;
    const bool whole_ip = (fi.kind == tb::FrameInfo::RoceV4 || fi.kind == tb::FrameInfo::UdpV4 ||
                           fi.kind == tb::FrameInfo::TcpV4);
    switch (e.outcome) {
      case EcnOutcome::Marked: {
        ++tally_.marked;
        const uint8_t before = v6 ? (e.in[ip + 1] >> 4) & 3 : e.in[ip + 1] & 3;
        cov_.hit(before == 2 ? "marked_ect0" : "marked_ect1");
        if (fi.kind == tb::FrameInfo::Cut && e.in.size() < ip + 12 && (e.in[ip] >> 4) == 4)
          cov_.hit("cut_before_csum");
        if (whole_ip) {
          cov_.hit(fi.vlan ? "marked_v4_vlan" : "marked_v4");
          if (fi.options) cov_.hit("marked_v4_options");
          if (ip_csum_ok(out_) != !fi.bad_ip_csum)
            return fail("IPv4 checksum after marking " + std::string(fi.bad_ip_csum ? "right, was wrong"
                                                                                  : "wrong, was right"));
          if (fi.bad_ip_csum) cov_.hit("bad_csum_marked");
        }
        if (fi.kind == tb::FrameInfo::RoceV6) cov_.hit(fi.vlan ? "marked_v6_vlan" : "marked_v6");
        if (fi.kind == tb::FrameInfo::RoceV4 || fi.kind == tb::FrameInfo::RoceV6) {
          if (icrc_ok(out_) != !fi.bad_icrc) return fail("ICRC changed by marking");
          if (!fi.bad_icrc) cov_.hit("roce_icrc_kept");
        }
        break;
      }
      case EcnOutcome::NotEct: ++tally_.not_ect; cov_.hit("not_ect"); break;
      case EcnOutcome::AlreadyCe: ++tally_.ce; cov_.hit("already_ce"); break;
      case EcnOutcome::NotIp:
        ++tally_.not_ip;
        cov_.hit(e.in.size() < ip + 2 ? "short_before_ecn" : "not_ip");
        break;
      case EcnOutcome::None:
        if ((fi.kind == tb::FrameInfo::RoceV4 || fi.kind == tb::FrameInfo::RoceV6) &&
            (fi.ecn == 1 || fi.ecn == 2))
          cov_.hit("no_mark");
        break;
    }
    ++tally_.frames;
    if (e.mark) ++tally_.req;
    if (pcap_ && fi.kind <= tb::FrameInfo::NonIp) write_pcap(e);
    return 0;
  }

  // --pcap: a whole frame as the RTL produced it, and what the reference says it holds
  void write_pcap(const ExpFrame& e) {
    pcap_->write(out_, run_.cycle() * o_.clock_ps / 1000);
    const tb::FrameInfo& fi = e.info;
    if (fi.kind == tb::FrameInfo::NonIp) return;
    const size_t ip = ip_offset(e.out.data());
    const bool v6 = fi.kind == tb::FrameInfo::RoceV6 || fi.kind == tb::FrameInfo::UdpV6;
    const bool ce = (v6 ? (e.out[ip + 1] >> 4) & 3 : e.out[ip + 1] & 3) == 3;
    pc_.ce += ce;
    pc_.ce_v4_good += ce && !v6 && !fi.bad_ip_csum;
    pc_.marked += e.outcome == EcnOutcome::Marked;
    pc_.bad_csum += fi.bad_ip_csum;
    if (fi.kind == tb::FrameInfo::RoceV4 || fi.kind == tb::FrameInfo::RoceV6) {
      ++pc_.roce;
      pc_.bad_icrc += fi.bad_icrc;
    }
  }

  // drain, then every counter read through the CSR port against the bench's tallies
  int final_counters() {
    const uint32_t want[kEcnCntN] = {tally_.frames, tally_.req, tally_.marked,
                                         tally_.not_ect, tally_.ce, tally_.not_ip};
    if (tally_.req != tally_.marked + tally_.not_ect + tally_.ce + tally_.not_ip)
      return fail("MARK_REQ is not MARKED + NOT_ECT + ALREADY_CE + NOT_IP in the bench's tallies");
    for (unsigned k = 0; k < kEcnCntN; ++k) {
      EcnMarkIn in{};
      in.csr_re = true;
      in.csr_addr = static_cast<uint8_t>(4 * k);
      for (int c = 0; c < 2; ++c) {  // the read, then the cycle its data shows
        drive(in);
        run_.low();
        in_ = in;
        if (int rc = compare(ref_.outputs(in))) return rc;
        if (c == 1 && run_.dut().csr_rdata != want[k])
          return failure(tb::FailKind::Check, {{"csr_rdata", run_.dut().csr_rdata, want[k]}},
                         "counter at 0x" + std::to_string(4 * k) + " differs from the bench's tally");
        run_.edge(0, done_);
        ref_.step(in);
        in.csr_re = false;
      }
    }
    return 0;
  }

  // ------------------------------------------------------------------ compare, failures
  int compare(const EcnMarkOut& o) {
    if (run_.cycle() == 0) return 0;
    if (o_.inject_mismatch && run_.cycle() == o_.inject_mismatch) injected_ = true;
    const auto& m = run_.dut();
    AxisBeat b;
    tb::get_tdata(m.m_axis_tdata, b, kBytes);
    std::vector<Diff> d = {
        {"s_axis_tready", m.s_axis_tready, o.s_ready},
        {"s_dec_ready", m.s_dec_ready, o.dec_ready},
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
                  "rst=%d s_axis_tvalid=%d tkeep=0x%" PRIx64 " tlast=%d tdata[63:0]=0x%016" PRIx64
                  " s_dec_valid=%d mark=%d m_axis_tready=%d csr_re=%d csr_addr=0x%02x (beat %u of a frame)",
                  in_.rst, in_.s_valid, in_.s.keep, in_.s.last, tb::tdata_word(in_.s, 0),
                  in_.dec_valid, in_.dec_mark, in_.m_ready, in_.csr_re, in_.csr_addr, beat_);
    return buf;
  }

  int failure(tb::FailKind kind, const std::vector<Diff>& d, const std::string& check) {
    return run_.failure(kind, done_, inputs(), d, check, injected_ && kind == tb::FailKind::Mismatch);
  }
  int fail(const std::string& what) { return failure(tb::FailKind::Check, {}, what); }

  struct Tally { uint32_t frames = 0, req = 0, marked = 0, not_ect = 0, ce = 0, not_ip = 0; };

  const tb::Options o_;
  tb::Rng rng_;
  tb::LockstepRun<VMODEL> run_;
  EcnMarkModel ref_;
  tb::Coverage cov_;
  EcnMarkIn in_{};
  std::deque<InFrame> gen_;   // frames not fully in
  std::deque<ExpFrame> exp_;  // frames not fully out
  std::deque<bool> decs_;     // decisions of frames not fully out; dec_at_ = next to offer
  size_t dec_at_ = 0;
  std::vector<uint8_t> out_;
  unsigned beat_ = 0, dec_hold_ = 0;
  bool s_offer_ = false, d_offer_ = false, busy_ = false;
  uint64_t done_ = 0, mid_reset_at_ = 0, last_tlast_cycle_ = ~uint64_t{0} - 1;
  unsigned rst_cycles_ = 0;
  bool mid_reset_done_ = false, injected_ = false;
  uint32_t csr_seen_ = 0;
  Tally tally_;
  std::unique_ptr<tb::PcapOut> pcap_;
  struct PcapCounts { uint64_t ce = 0, ce_v4_good = 0, marked = 0, bad_csum = 0, roce = 0, bad_icrc = 0; } pc_;
};

}  // namespace

int main(int argc, char** argv) { return tb::lockstep_main<Bench>(argc, argv, "ecn_mark"); }
