// SPDX-License-Identifier: MIT
// Lock-step test of rtl/dcqcn_nic_frame_top.sv (the NIC top with the receive classifier in
// front and the CNP builder behind, one AXI4-Lite slave) against NicFrameTopModel
// (tb/ref/nic_frame_top_ref.h): every output pin, every cycle (the frame streams' data
// compared also while not valid: both must be 0). Events are received frames (out on
// m_axis_rx).
//
// The bench plays the NIC's surroundings: a MAC receive stream of RoCEv2 data packets (ECN
// CE and not CE, IPv4 with and without options, IPv6, 802.1Q tagged or not) and CNPs to
// QPs in the classifier's table, RoCEv2 packets to unknown QPs and with wrong ICRCs,
// non-RoCE and non-IP frames, runts and cut headers (tb/common/frame_gen.h); a host that
// gives flows data, a MAC transmit scheduler that offers opportunities and completes
// grants; an AXI4-Lite master that, after each reset, writes the NP's CNP interval and
// budget, the builder's globals and QP contexts and the classifier's QP table, then during
// traffic reads every window (top, classifier, builder, 0x12xx, unmapped), commits contexts
// and QP table entries, writes with partial strobes (SLVERR); --idle: gaps in the receive
// stream and idle cycles on the top's inputs; --bp: m_axis_rx, m_axis_cnp, txsel, B and R
// readies random. One reset in the middle. Time is frozen at the end so that the CNP
// requests stop, then the counters are read.
//
// The bench's own checks (a bug the RTL and the model share fails them): every received
// frame leaves m_axis_rx whole and unchanged, in order; every descriptor the top takes from
// the classifier is the one the frame's generator fields and the bench's copy of the QP
// table give, in order (ICRC rightness by a bit-serial CRC of the bench); every CNP frame on
// m_axis_cnp is a CNP (length, EtherType, tag, opcode 0x81, ECN 00, DSCP, TTL, reserved
// bytes 0; IPv4 checksum and ICRC recomputed by the bench) carrying the bench's copy of the
// context of the flow whose request the builder took, in order, none for a flow without
// a context; the 0x12xx registers; B and R responses (SLVERR exactly for partial strobes);
// the counters at the end (classifier FRAMES, DATA, CNPS, UNKNOWN_QPN; builder CNPS, NO_CTX;
// top TOP_RXDATA_IN, TOP_RXCNP_IN, TOP_CNPREQ_OUT) against the bench's tallies. The bench
// sees the blocks' internal handshakes (descriptor into the top, request into the builder,
// CSR writes reaching a block) through NicFrameTopModel::inner(), the model whose every
// external pin is compared with the RTL's.
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
#include "frame_gen.h"
#include "lockstep.h"
#include "nic_frame_top_ref.h"
#include "pcap_out.h"

using namespace dcqcn;
using dcqcn::tb::Diff;

namespace {

constexpr unsigned kWidth = DUT_SIZE;  // DATA_WIDTH
constexpr unsigned kBytes = kWidth / 8;
#ifndef DUT_FLOWS
#define DUT_FLOWS 16
#endif
constexpr uint32_t kFlows = DUT_FLOWS;
constexpr uint32_t kQps = DUT_FLOWS;  // NUM_QPS defaults to NUM_FLOWS
constexpr unsigned kShift = std::countr_zero(kQps);
constexpr uint64_t kFullCoverageEvents = 3000;  // measured: docs/frames.md

// CRC-32 bit by bit (the bench's own, independent of frame_ref's table)
uint32_t crc_bits(uint32_t c, const uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; ++i)
    for (int k = 0; k < 8; ++k) c = ((c ^ (p[i] >> k)) & 1) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
  return c;
}

// The ICRC of a whole RoCEv2 frame right? (ip: the IP header's offset; v6: IPv6)
bool icrc_right(const std::vector<uint8_t>& f, size_t ip, bool v6) {
  // 8 bytes of 1s, then the frame from the IP header up to the ICRC (sized first: GCC 12
  // warns, wrongly, on an insert into a vector here)
  std::vector<uint8_t> m(8 + (f.size() - 4 - ip), 0xFF);
  for (size_t i = ip; i + 4 < f.size(); ++i) m[8 + i - ip] = f[i];
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

uint32_t be(const std::vector<uint8_t>& f, size_t at, unsigned n) {
  uint32_t v = 0;
  for (unsigned i = 0; i < n; ++i) v = v << 8 | f[at + i];
  return v;
}

struct InFrame {
  tb::GenFrame g;
  std::vector<AxisBeat> beats;
};

// one AXI4-Lite transaction of the bench
struct Axi {
  bool write = false;
  uint16_t addr = 0;
  uint32_t data = 0;
  uint8_t strb = 0xf;
  int final_k = -1;   // a final counter read: its index in final_
  bool check = false; // a read whose value the bench knows (data)
};

// the bench's copy of a CNP context and of the builder's globals
struct Ctx {
  bool valid = false;
  uint64_t dmac = 0;
  uint32_t sip = 0, dip = 0, dqpn = 0;
  uint16_t sport = 0, pkey = 0;
};

class Bench {
 public:
  explicit Bench(const tb::Options& o)
      : o_(o), rng_(o.seed),
        run_(o, "nic_frame_top", "DATA_WIDTH=" + std::to_string(kWidth) + " NUM_FLOWS=" + std::to_string(kFlows)),
        ref_(kWidth, kFlows, kQps), table_(kQps), ctx_(kFlows) {
    now64_ = (uint64_t{1} << 32) - 100000 - rng_.below(1000000);
    mid_reset_at_ = o.events * (3 + rng_.below(4)) / 10;
    // --pcap: every CNP frame that left m_axis_cnp (checked), and its destination QP from
    // the bench's own context table in PCAP.dqpn (tb/tools/frames_tshark_test.sh reads both)
    if (!o.pcap.empty() && !o.replay) {
      pcap_ = std::make_unique<tb::CnpCapture>(o.pcap);
    }
    define_coverage();
    run_.on_failure_window(
        [this] {
          if (!run_.in_cycle()) {
            idle_inputs();
            drive();
            run_.low();
          }
          run_.edge(in_.now_ns, done_, true);
          ref_.step(in_);
        },
        [this] {
          idle_inputs();
          drive();
          run_.low();
          run_.edge(in_.now_ns, done_);
          ref_.step(in_);
        });
  }

  int run() {
    rst_cycles_ = 3;
    while (done_ < o_.events) {
      if (int rc = cycle()) return rc;
      if (run_.cycle() > 600 * (o_.events + 2000) + 8 * kFlows) return fail("no progress (hang?): " + ref_.debug());
    }
    if (int rc = drain()) return rc;
    if (pcap_) pcap_->summary("nic_frame_top", " (the CNPs of m_axis_cnp)");
    return run_.finish(cov_, done_, kFullCoverageEvents);
  }

 private:
  // ------------------------------------------------------------------ coverage
  void define_coverage() {
    for (const char* k : {"roce_v4", "roce_v6", "udp_v4", "tcp_v4", "udp_v6", "non_ip",
                          "bad_version", "runt", "cut"})
      cov_.define(std::string("kind_") + k, std::string("a ") + k + " frame passed through");
    cov_.define("data_ce", "rxdata with ECN CE (3) taken by the top");
    cov_.define("data_not_ce", "rxdata with ECN 0..2 taken by the top");
    cov_.define("data_v6", "rxdata from RoCEv2 over IPv6 taken by the top");
    cov_.define("data_options", "rxdata from IPv4 with options taken by the top");
    cov_.define("data_vlan", "rxdata from a tagged frame taken by the top");
    cov_.define("rx_cnp", "rxcnp (a received CNP) taken by the top");
    cov_.define("unknown_qpn", "a RoCEv2 frame to a QP not in the table: no descriptor");
    cov_.define("bad_icrc", "a RoCEv2 frame with a wrong ICRC: no descriptor");
    cov_.define("cnp_req", "a CNP request taken by the builder");
    cov_.define("cnp_frame", "a CNP frame out on m_axis_cnp");
    cov_.define("cnp_tagged", "a tagged CNP frame out");
    cov_.define("cnp_noctx", "a CNP request for a flow without a context: no frame, NO_CTX");
    cov_.define("grant", "txsel with grant");
    for (const char* w : {"top", "rx", "cnp", "info", "unmapped"}) {
      cov_.define(std::string("rd_") + w, std::string("AXI4-Lite read of the ") + w + " window");
      cov_.define(std::string("wr_") + w, std::string("AXI4-Lite write to the ") + w + " window");
    }
    cov_.define("slverr_top", "a partial-strobe write to the top: SLVERR from its slave");
    cov_.define("slverr_frame", "a partial-strobe write to a frame block: SLVERR, not performed");
    cov_.define("aw_before_w", "AW handshake before W");
    cov_.define("w_before_aw", "W handshake before AW");
    cov_.define("rd_wr_overlap", "a read forwarded to the top while a write is forwarded");
    cov_.define("ctx_commit_traffic", "a context commit while CNP requests flow");
    cov_.define("qp_commit_traffic", "a QP table commit with frames in flight");
    cov_.define("reset_mid_run", "rst in the middle of traffic");
    if (kWidth >= 512) cov_.define("desc_backpressure", "a descriptor the top does not take at once (rx stalls)");
    if (o_.backpressure) {
      cov_.define("bp_rx_out", "m_axis_rx held (tready low)");
      cov_.define("bp_cnp", "m_axis_cnp held (tready low)");
      cov_.define("rx_stall", "s_axis_rx_tvalid with s_axis_rx_tready low after the clear");
    }
    if (o_.idle) cov_.define("idle_gap", "s_axis_rx_tvalid low inside a frame");
  }

  // ------------------------------------------------------------------ stimulus
  uint32_t mapped_qpn() {
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

  void push(const tb::GenFrame& g) {
    gen_.push_back({g, tb::to_beats(g.bytes, kBytes, rng_)});
    exp_.push_back(g);
  }

  void refill() {
    while (gen_.size() < 4 && done_ + exp_.size() < o_.events) {
      const unsigned r = static_cast<unsigned>(rng_.below(100));
      if (r < 55) {  // RoCEv2 data to a mapped QP, often CE; small payloads (one beat at 512)
        const unsigned ipk = static_cast<unsigned>(rng_.below(5));
        const uint8_t ecn = rng_.chance(45) ? 3 : static_cast<uint8_t>(rng_.below(3));
        tb::GenFrame g = roce(ipk == 4, rng_.chance(25), ipk == 3 ? 6 + static_cast<unsigned>(rng_.below(10)) : 5,
                              rng_.chance(50) ? 0x04 : 0x0A, ecn, mapped_qpn(),
                              static_cast<unsigned>(rng_.below(rng_.chance(70) ? 8 : 3 * kBytes)));
        push(g);
      } else if (r < 65) {  // a CNP to a mapped QP
        push(roce(rng_.chance(30), rng_.chance(25), 5, 0x81, 0, mapped_qpn(), 16));
      } else {
        tb::GenFrame g = tb::random_frame(rng_, [&] { return pick_qpn(); });
        // a runt is shorter than any RoCEv2 frame (58 bytes); long frames are cut to keep the
        // run short (the classifier's own bench covers them)
        if (g.info.kind == tb::FrameInfo::Runt && g.bytes.size() >= 58) g.bytes.resize(1 + rng_.below(57));
        if (g.bytes.size() > 400 && g.info.kind != tb::FrameInfo::RoceV4 && g.info.kind != tb::FrameInfo::RoceV6)
          g.bytes.resize(400);
        if (g.bytes.size() > 400) continue;  // a long RoCEv2 frame: drawn again
        push(g);
      }
    }
  }

  // the writes after each reset (once the RAM clears are done)
  void configure() {
    const uint32_t interval = rng_.chance(30) ? 0 : static_cast<uint32_t>(rng_.below(3000));
    axi_.push_back({true, 0x100, interval});                          // NP_CNP_INTERVAL_NS
    axi_.push_back({true, 0x114, rng_.chance(50) ? 0 : 200 + static_cast<uint32_t>(rng_.below(800))});  // budget
    axi_.push_back({true, 0x1100, static_cast<uint32_t>(rng_.next())});  // SRC_MAC_LO
    axi_.push_back({true, 0x1104, static_cast<uint32_t>(rng_.next())});  // SRC_MAC_HI
    axi_.push_back({true, 0x1108, static_cast<uint32_t>(rng_.below(256))});  // DSCP (masked)
    axi_.push_back({true, 0x110C, static_cast<uint32_t>(rng_.next()) & (rng_.chance(50) ? 0x1ffff : 0xffff)});
    for (uint32_t f = 0; f < kFlows; ++f)
      if (rng_.chance(80)) write_ctx(f);
    for (uint32_t i = 0; i < kQps; ++i)
      if (rng_.chance(85)) write_entry(i);
  }
  void write_ctx(uint32_t f) {
    for (uint16_t a = 0x1110; a <= 0x1124; a += 4)
      if (a == 0x1110 || rng_.chance(70)) axi_.push_back({true, a, static_cast<uint32_t>(rng_.next())});
    axi_.push_back({true, 0x1128, f | (rng_.chance(10) ? 0xff0000u : 0)});
  }
  void write_entry(uint32_t i) {
    // the flow: mostly below NUM_FLOWS; now and then with upper bits the top ignores
    const uint32_t flow = static_cast<uint32_t>(rng_.below(kFlows)) | (rng_.chance(10) ? 0x8000u : 0);
    axi_.push_back({true, 0x1000, flow});
    axi_.push_back({true, 0x1004, static_cast<uint32_t>(rng_.below(1u << (24 - kShift))) << kShift | i});
  }

  void random_axi() {
    const unsigned r = static_cast<unsigned>(rng_.below(100));
    Axi a;
    if (r < 40) {  // reads of every window
      const unsigned w = static_cast<unsigned>(rng_.below(5));
      a.addr = w == 0 ? static_cast<uint16_t>(0x100 * rng_.below(4) + 4 * rng_.below(16))
               : w == 1 ? static_cast<uint16_t>(0x1000 + 4 * rng_.below(12))
               : w == 2 ? static_cast<uint16_t>(0x1100 + 4 * rng_.below(14))
               : w == 3 ? static_cast<uint16_t>(0x1200 + 4 * rng_.below(4))
                        : static_cast<uint16_t>(0x1300 + rng_.below(0xd00));
      a.check = w == 3 || w == 4;
    } else if (r < 52) {  // a QP table entry no frame in flight uses
      const uint32_t i = static_cast<uint32_t>(rng_.below(kQps));
      for (const tb::GenFrame& g : exp_)
        if ((g.info.dst_qp & (kQps - 1)) == i) return;
      for (const InFrame& g : gen_)
        if ((g.g.info.dst_qp & (kQps - 1)) == i) return;
      if (rng_.chance(20)) axi_.push_back({true, 0x1004, 1u << 31 | i});
      else write_entry(i);
      return;
    } else if (r < 67) {  // a context (any flow, any time: the bench tracks the commit's cycle)
      const uint32_t f = static_cast<uint32_t>(rng_.below(kFlows));
      if (rng_.chance(15)) axi_.push_back({true, 0x1128, 1u << 31 | f});
      else write_ctx(f);
      return;
    } else if (r < 75) {  // partial strobes, every window
      a.write = true;
      const unsigned w = static_cast<unsigned>(rng_.below(3));
      a.addr = w == 0 ? 0x100 : w == 1 ? 0x1000 : 0x1108;
      a.data = static_cast<uint32_t>(rng_.next());
      a.strb = static_cast<uint8_t>(rng_.below(15));
    } else if (r < 80) {  // the NP's interval, the scheduler's CATCHUP_NS
      a.write = true;
      a.addr = rng_.chance(50) ? 0x100 : 0x308;
      a.data = static_cast<uint32_t>(rng_.below(3000));
    } else if (r < 93) {  // the builder's VLAN (tag on and off), DSCP; a top write with a top read
      if (r < 87) {
        axi_.push_back({true, 0x110C, static_cast<uint32_t>(rng_.next()) & (rng_.chance(50) ? 0x1ffff : 0xffff)});
        axi_.push_back({true, 0x1108, static_cast<uint32_t>(rng_.below(256))});
      } else {
        axi_.push_back({true, 0x308, static_cast<uint32_t>(rng_.below(3000))});
        axi_.push_back({false, static_cast<uint16_t>(0x200 + 4 * rng_.below(14))});
      }
      return;
    } else {  // writes the map ignores: 0x12xx, unmapped
      a.write = true;
      a.addr = rng_.chance(50) ? static_cast<uint16_t>(0x1200 + 4 * rng_.below(4))
                               : static_cast<uint16_t>(0x1300 + 4 * rng_.below(0x340));
      a.data = static_cast<uint32_t>(rng_.next());
    }
    axi_.push_back(a);
  }

  static const char* window(uint16_t a) {
    return a < 0x1000 ? "top" : a < 0x1100 ? "rx" : a < 0x1200 ? "cnp" : a < 0x1300 ? "info" : "unmapped";
  }
  uint32_t known_read(uint16_t a) const {
    if (a == 0x1200) return kFrameTopId;
    if (a == 0x1204) return kWidth;
    if (a == 0x1208) return kQps;
    return 0;
  }

  // AXI4-Lite master: one write and one read at a time (they may overlap); a write's AW and
  // W offered together or one first
  void axi_offer() {
    if (!wr_busy_ && !axi_.empty() && axi_.front().write) {
      wr_ = axi_.front();
      axi_.pop_front();
      wr_busy_ = true;
      const unsigned order = static_cast<unsigned>(rng_.below(3));
      in_.awvalid = order != 2;
      in_.wvalid = order != 1;
      in_.awaddr = wr_.addr;
      in_.wdata = wr_.data;
      in_.wstrb = wr_.strb;
    } else if (wr_busy_ && !aw_done_ && !in_.awvalid && rng_.chance(50)) {
      in_.awvalid = true;
    } else if (wr_busy_ && !w_done_ && !in_.wvalid && rng_.chance(50)) {
      in_.wvalid = true;
    }
    if (!rd_busy_ && !axi_.empty() && !axi_.front().write) {
      rd_ = axi_.front();
      axi_.pop_front();
      rd_busy_ = true;
      in_.arvalid = true;
      in_.araddr = rd_.addr;
    }
    in_.bready = !o_.backpressure || rng_.chance(60);
    in_.rready = !o_.backpressure || rng_.chance(60);
  }

  void top_offer() {
    const unsigned busy = o_.idle ? 30 : 80;
    if (!in_.txop_valid && rng_.chance(busy / 4)) in_.txop_valid = true;
    if (!in_.host_valid && rng_.chance(busy / 8)) {
      in_.host = NicHostOp{};
      in_.host.flow = static_cast<uint32_t>(rng_.below(kFlows));
      in_.host.op = rng_.chance(90) ? kHostData : kHostInit;
      in_.host.arg = rng_.chance(50) ? 0 : 1000000 + static_cast<uint32_t>(rng_.below(40000000));
      in_.host_valid = true;
    }
    if (!in_.txdone_valid && !dones_.empty() && dones_.front().first <= run_.cycle()) {
      in_.txdone = dones_.front().second;
      in_.txdone.more = rng_.chance(60);
      dones_.pop_front();
      in_.txdone_valid = true;
    }
    in_.txsel_ready = !o_.backpressure || rng_.chance(60);
  }

  void drive() {
    auto& m = run_.dut();
    m.rst = in_.rst;
    m.now_ns = in_.now_ns;
    m.pause = in_.pause;
    m.s_axis_txop_tvalid = in_.txop_valid;
    m.m_axis_txsel_tready = in_.txsel_ready;
    m.s_axis_txdone_tvalid = in_.txdone_valid;
    pack(in_.txdone, m.s_axis_txdone_tdata);
    m.s_axis_host_tvalid = in_.host_valid;
    m.s_axis_host_tdata = pack(in_.host);
    tb::put_tdata(m.s_axis_rx_tdata, in_.rx, kBytes);
    m.s_axis_rx_tkeep = in_.rx.keep;
    m.s_axis_rx_tlast = in_.rx.last;
    m.s_axis_rx_tvalid = in_.rx_valid;
    m.m_axis_rx_tready = in_.rx_out_ready;
    m.m_axis_cnp_tready = in_.cnp_ready;
    m.s_axil_awvalid = in_.awvalid;
    m.s_axil_awaddr = in_.awaddr;
    m.s_axil_wvalid = in_.wvalid;
    m.s_axil_wdata = in_.wdata;
    m.s_axil_wstrb = in_.wstrb;
    m.s_axil_bready = in_.bready;
    m.s_axil_arvalid = in_.arvalid;
    m.s_axil_araddr = in_.araddr;
    m.s_axil_rready = in_.rready;
  }

  // no new input, every output taken, time standing (the failure window)
  void idle_inputs() {
    const NicFrameTopIn was = in_;
    in_ = NicFrameTopIn{};
    in_.now_ns = was.now_ns;
    in_.pause = was.pause;
    in_.txsel_ready = in_.rx_out_ready = in_.cnp_ready = in_.bready = in_.rready = true;
  }

  // ------------------------------------------------------------------ one cycle
  int cycle(bool traffic = true) {
    // time (frozen while draining)
    if (!freeze_) now64_ += rng_.below(100) < 95 ? rng_.below(12) : rng_.below(2000);
    in_.now_ns = static_cast<uint32_t>(now64_);
    in_.rst = rst_cycles_ > 0;
    if (in_.rst) {
      const uint32_t now = in_.now_ns;
      in_ = NicFrameTopIn{};
      in_.rst = true;
      in_.now_ns = now;
    } else {
      const bool cleared = !ref_.rx_class().clearing() && !ref_.cnp_build().clearing();
      if (cleared && !configured_) {
        configured_ = true;
        configure();
      }
      const bool ready = configured_ && axi_cfg_left() == 0;
      if (traffic && ready) {
        refill();
        if (!rx_offer_ && !gen_.empty() && !(o_.idle && rng_.chance(25))) rx_offer_ = true;
        if (busy_ && axi_.empty() && !(wr_busy_ && rd_busy_) && rng_.chance(o_.idle ? 3 : 6)) random_axi();
      }
      if (rx_offer_ && !gen_.empty()) {
        in_.rx_valid = true;
        in_.rx = gen_.front().beats[beat_];
      } else {
        in_.rx_valid = false;
        in_.rx = AxisBeat{};
      }
      in_.rx_out_ready = !o_.backpressure || rng_.chance(60);
      in_.cnp_ready = !o_.backpressure || rng_.chance(60);
      if (traffic) {
        top_offer();
        if (rng_.permille(o_.idle ? 10 : 3)) in_.pause = !in_.pause;
        if (in_.pause && rng_.chance(3)) in_.pause = false;
      } else {
        in_.pause = false;
        in_.txsel_ready = true;
      }
      axi_offer();
    }
    if (traffic && !mid_reset_done_ && done_ >= mid_reset_at_ && busy_ && run_.cycle() > 100) {
      mid_reset_done_ = true;
      cov_.hit("reset_mid_run");
      rst_cycles_ = 2;
    }
    drive();
    run_.low();
    const NicFrameTopModel::Inner x = ref_.inner(in_);
    const NicFrameTopOut out = ref_.outputs(in_);
    if (int rc = compare(out)) return rc;
    const NicFrameTopIn cur = in_;
    if (!in_.rst) {
      if (int rc = account(out, x)) return rc;
    }
    run_.edge(cur.now_ns, done_);
    ref_.step(cur);
    if (cur.rst && --rst_cycles_ == 0) on_reset_done();
    return 0;
  }

  unsigned axi_cfg_left() const { return static_cast<unsigned>(axi_.size()) + (wr_busy_ ? 1 : 0); }

  // bookkeeping of this cycle's handshakes; the bench's checks
  int account(const NicFrameTopOut& o, const NicFrameTopModel::Inner& x) {
    // ---- receive stream in
    const bool acc = in_.rx_valid && o.rx_ready;
    if (o_.backpressure && in_.rx_valid && !o.rx_ready && configured_) cov_.hit("rx_stall");
    if (o_.idle && !in_.rx_valid && beat_ != 0) cov_.hit("idle_gap");
    if (acc) {
      rx_offer_ = false;
      busy_ = true;
      if (in_.rx.last) {
        expect_descriptor(gen_.front().g);
        gen_.pop_front();
        beat_ = 0;
      } else {
        ++beat_;
      }
    }
    // ---- frames out, unchanged
    if (o.rx_out_valid && !in_.rx_out_ready) cov_.hit("bp_rx_out");
    if (o.rx_out_valid && in_.rx_out_ready) {
      for (unsigned i = 0; i < kBytes; ++i)
        if (o.rx_out.keep >> i & 1) rx_bytes_.push_back(o.rx_out.data[i]);
      if (o.rx_out.last) {
        if (int rc = frame_out()) return rc;
        rx_bytes_.clear();
      }
    }
    // ---- descriptors into the top
    if (x.rxo.rxdata_valid && !x.to.rxdata_ready && kWidth >= 512 && !x.rxo.s_ready) cov_.hit("desc_backpressure");
    if (x.rxo.rxcnp_valid && !x.to.rxcnp_ready && kWidth >= 512) cov_.hit("desc_backpressure");
    if (x.rxo.rxdata_valid && x.to.rxdata_ready)
      if (int rc = descriptor(x.rxo.rxdata, false)) return rc;
    if (x.rxo.rxcnp_valid && x.to.rxcnp_ready)
      if (int rc = descriptor(x.rxo.rxcnp, true)) return rc;
    // ---- CNP requests into the builder, frames out
    // the builder's stages move on en = !m_axis_cnp_tvalid || (tready && tlast), pins of the
    // wrapper; a request's globals are those of the cycle its item moves from stage C to P
    // (its second move after the acceptance: cycle c + 2 when not held)
    const bool cb_en = !o.cnp_valid || (in_.cnp_ready && o.cnp.last);
    if (cb_en)
      for (WantCnp& w : want_cnp_frame_)
        if (w.moves < 2 && ++w.moves == 2) w.g = globals_;
    if (x.cb.req_valid && x.cbo.req_ready) {
      ++tally_.cnpreq;
      cov_.hit("cnp_req");
      const uint32_t f = static_cast<uint32_t>(x.cb.req >> 32) & (kFlows - 1);
      if (ctx_[f].valid) {
        want_cnp_frame_.push_back({ctx_[f], globals_, 0});
      } else {
        ++tally_.noctx;
        cov_.hit("cnp_noctx");
      }
    }
    if (o.cnp_valid && !in_.cnp_ready) cov_.hit("bp_cnp");
    if (o.cnp_valid && in_.cnp_ready) {
      for (unsigned i = 0; i < kBytes; ++i)
        if (o.cnp.keep >> i & 1) cnp_bytes_.push_back(o.cnp.data[i]);
      if (o.cnp.last) {
        if (int rc = cnp_out()) return rc;
        cnp_bytes_.clear();
      }
    }
    // ---- the transmit side
    if (o.txsel_valid && in_.txsel_ready && o.txsel.grant) {
      cov_.hit("grant");
      NicTxDone d;
      d.tx_ns = o.txsel.tx_ns;
      d.flow = o.txsel.flow;
      d.bytes = static_cast<uint16_t>(64 + rng_.below(4000));
      dones_.push_back({run_.cycle() + 2 + rng_.below(20), d});
    }
    if (in_.txop_valid && o.txop_ready) in_.txop_valid = false;
    if (in_.host_valid && o.host_ready) in_.host_valid = false;
    if (in_.txdone_valid && o.txdone_ready) in_.txdone_valid = false;
    // ---- CSR writes reaching the frame blocks: the bench's copies
    if (x.rx.csr_we) rx_csr_write(x.rx.csr_addr, x.rx.csr_wdata);
    if (x.cb.csr_we) cb_csr_write(x.cb.csr_addr, x.cb.csr_wdata);
    // ---- AXI4-Lite
    return axi_account(o);
  }

  void rx_csr_write(uint8_t a, uint32_t d) {
    if (a == kRxMapFlow) {
      staged_flow_ = static_cast<uint16_t>(d);
    } else if (a == kRxMapCommit) {
      RxQpEntry e;
      if (!(d >> 31)) e = {true, (d & 0xFFFFFF) >> kShift, staged_flow_};
      table_[d & (kQps - 1)] = e;
      if (!exp_.empty()) cov_.hit("qp_commit_traffic");
    }
  }
  void cb_csr_write(uint8_t a, uint32_t d) {
    if (a <= kCnpVlan) {  // a global: from the next cycle on
      set_global(globals_, a, d);
      return;
    }
    switch (a) {
      case kCnpCtxDmacLo: stage_.dmac = (stage_.dmac & ~uint64_t{0xFFFFFFFF}) | d; break;
      case kCnpCtxDmacHi: stage_.dmac = (stage_.dmac & 0xFFFFFFFF) | uint64_t{d & 0xFFFF} << 32; break;
      case kCnpCtxSip: stage_.sip = d; break;
      case kCnpCtxDip: stage_.dip = d; break;
      case kCnpCtxDqpn: stage_.dqpn = d & 0xFFFFFF; break;
      case kCnpCtxPortPkey: stage_.sport = static_cast<uint16_t>(d); stage_.pkey = static_cast<uint16_t>(d >> 16); break;
      case kCnpCtxCommit: {
        Ctx c = stage_;
        c.valid = !(d >> 31);
        ctx_[d & (kFlows - 1)] = c.valid ? c : Ctx{};
        if (tally_.cnpreq > 0) cov_.hit("ctx_commit_traffic");
        break;
      }
      default: break;
    }
  }

  static void set_global(CnpGlobals& g, uint8_t a, uint32_t d) {
    switch (a) {
      case kCnpSrcMacLo: g.smac = (g.smac & ~uint64_t{0xFFFFFFFF}) | d; break;
      case kCnpSrcMacHi: g.smac = (g.smac & 0xFFFFFFFF) | uint64_t{d & 0xFFFF} << 32; break;
      case kCnpDscp: g.dscp = static_cast<uint8_t>(d & 63); break;
      case kCnpVlan: g.vlan = d & 0x17FFF; break;
      default: break;
    }
  }

  int axi_account(const NicFrameTopOut& o) {
    if (in_.awvalid && o.awready) {
      in_.awvalid = false;
      aw_done_ = true;
      if (!w_done_ && !in_.wvalid) cov_.hit("aw_before_w");
    }
    if (in_.wvalid && o.wready) {
      in_.wvalid = false;
      w_done_ = true;
      if (!aw_done_) cov_.hit("w_before_aw");
    }
    if (o.bvalid && in_.bready) {
      if (!wr_busy_ || !aw_done_ || !w_done_) return fail("BVALID without a write in progress");
      const uint8_t want = wr_.strb == 0xf ? 0 : 2;
      if (o.bresp != want)
        return run_.failure(tb::FailKind::Check, done_, inputs(), {{"s_axil_bresp", o.bresp, want}},
                            "BRESP: SLVERR exactly for a partial strobe", false);
      const std::string w = window(wr_.addr);
      cov_.hit("wr_" + w);
      if (want == 2) cov_.hit(w == "top" ? "slverr_top" : "slverr_frame");
      wr_busy_ = aw_done_ = w_done_ = false;
    }
    if (in_.arvalid && o.arready) {
      in_.arvalid = false;
      if (wr_busy_ && aw_done_ && w_done_ && rd_.addr < 0x1000 && wr_.addr < 0x1000) cov_.hit("rd_wr_overlap");
    }
    if (o.rvalid && in_.rready) {
      if (!rd_busy_ || in_.arvalid) return fail("RVALID without a read in progress");
      if (o.rresp != 0)
        return run_.failure(tb::FailKind::Check, done_, inputs(), {{"s_axil_rresp", o.rresp, 0}}, "RRESP not OKAY", false);
      if (rd_.check && o.rdata != known_read(rd_.addr))
        return run_.failure(tb::FailKind::Check, done_, inputs(), {{"s_axil_rdata", o.rdata, known_read(rd_.addr)}},
                            "a 0x12xx or unmapped register read wrong", false);
      if (rd_.final_k >= 0) final_[static_cast<unsigned>(rd_.final_k)] = o.rdata;
      cov_.hit(std::string("rd_") + window(rd_.addr));
      rd_busy_ = false;
    }
    return 0;
  }

  // the descriptor a frame must produce, from its generator fields and the bench's table
  void expect_descriptor(const tb::GenFrame& g) {
    const tb::FrameInfo& fi = g.info;
    ++tally_.frames;
    if (fi.kind != tb::FrameInfo::RoceV4 && fi.kind != tb::FrameInfo::RoceV6) return;
    const bool v6 = fi.kind == tb::FrameInfo::RoceV6;
    const bool good = icrc_right(g.bytes, fi.vlan ? 18 : 14, v6);
    if (good == fi.bad_icrc) {
      gen_mismatch_ = true;
      return;
    }
    if (!good) {
      cov_.hit("bad_icrc");
      return;
    }
    const RxQpEntry& e = table_[fi.dst_qp & (kQps - 1)];
    if (!e.valid || e.tag != fi.dst_qp >> kShift) {
      ++tally_.unknown;
      cov_.hit("unknown_qpn");
      return;
    }
    if (fi.opcode == 0x81) {
      ++tally_.cnps;
      want_cnp_.push_back({uint64_t{e.flow} << 32, fi});
    } else {
      ++tally_.data;
      want_data_.push_back({uint64_t{fi.ecn} << 48 | uint64_t{e.flow} << 32, fi});
    }
  }

  int descriptor(uint64_t d, bool cnp) {
    auto& w = cnp ? want_cnp_ : want_data_;
    const char* what = cnp ? "rxcnp" : "rxdata";
    if (w.empty()) return fail(std::string("an ") + what + " descriptor into the top that the bench expects from no frame");
    if (w.front().first != d)
      return run_.failure(tb::FailKind::Check, done_, inputs(), {{std::string(what) + " into the top", d, w.front().first}},
                          std::string(what) + " descriptor differs from the frame's fields and the QP table", false);
    const tb::FrameInfo fi = w.front().second;
    w.pop_front();
    if (cnp) {
      cov_.hit("rx_cnp");
    } else {
      cov_.hit(fi.ecn == 3 ? "data_ce" : "data_not_ce");
      if (fi.kind == tb::FrameInfo::RoceV6) cov_.hit("data_v6");
      if (fi.options) cov_.hit("data_options");
      if (fi.vlan) cov_.hit("data_vlan");
    }
    return 0;
  }

  int frame_out() {
    if (exp_.empty()) return fail("a frame left m_axis_rx that never went in");
    const tb::GenFrame g = exp_.front();
    exp_.pop_front();
    ++done_;
    if (gen_mismatch_) return fail("the generator's bad_icrc flag and the bench's CRC disagree");
    if (rx_bytes_ != g.bytes)
      return fail("frame " + std::to_string(done_) + " (" + g.info.name() + ", " + std::to_string(g.bytes.size()) +
                  " bytes) left m_axis_rx changed or with " + std::to_string(rx_bytes_.size()) + " bytes");
    cov_.hit("kind_" + std::string(g.info.name().substr(0, g.info.name().find('+'))));
    return 0;
  }

  // a CNP frame out: the bench's own reading of its bytes
  int cnp_out() {
    if (want_cnp_frame_.empty()) return fail("a CNP frame out that no request with a context asked for");
    const Ctx c = want_cnp_frame_.front().c;
    const CnpGlobals g = want_cnp_frame_.front().g;
    want_cnp_frame_.pop_front();
    ++tally_.cnp_frames;
    const std::vector<uint8_t>& f = cnp_bytes_;
    const bool tagged = (g.vlan >> 16) & 1;
    const size_t ip = tagged ? 18 : 14;
    std::string bad;
    auto need = [&](bool ok, const char* what) { if (!ok && bad.empty()) bad = what; };
    need(f.size() == (tagged ? 78u : 74u), "length 74 (78 tagged)");
    if (bad.empty()) {
      uint64_t dmac = 0, smac = 0;
      for (int i = 0; i < 6; ++i) {
        dmac = dmac << 8 | f[i];
        smac = smac << 8 | f[6 + i];
      }
      need(dmac == c.dmac, "destination MAC = the context's");
      need(smac == g.smac, "source MAC = SRC_MAC");
      if (tagged) need(be(f, 12, 2) == 0x8100 && be(f, 14, 2) == ((g.vlan >> 12 & 7) << 13 | (g.vlan & 0xfff)), "802.1Q tag");
      need(be(f, ip - 2, 2) == 0x0800 && f[ip] == 0x45, "IPv4, IHL 5");
      need(f[ip + 1] == static_cast<uint8_t>(g.dscp << 2), "TOS = DSCP, ECN 00");
      need(be(f, ip + 2, 2) == 60 && f[ip + 8] == 64 && f[ip + 9] == 17, "total length 60, TTL 64, UDP");
      uint32_t s = 0;
      for (int i = 0; i < 20; i += 2) s += be(f, ip + i, 2);
      while (s >> 16) s = (s & 0xffff) + (s >> 16);
      need(s == 0xffff, "IPv4 header checksum");
      need(be(f, ip + 12, 4) == c.sip && be(f, ip + 16, 4) == c.dip, "IPv4 addresses = the context's");
      need(be(f, ip + 20, 2) == c.sport && be(f, ip + 22, 2) == 4791 && be(f, ip + 24, 2) == 40, "UDP ports, length");
      need(f[ip + 28] == 0x81, "BTH opcode 0x81");
      need(be(f, ip + 30, 2) == c.pkey && be(f, ip + 33, 3) == c.dqpn, "P_Key and destination QP = the context's");
      bool zero = true;
      for (size_t i = ip + 40; i < ip + 56; ++i) zero = zero && f[i] == 0;
      need(zero, "16 reserved bytes 0");
      need(icrc_right(f, ip, false), "ICRC");
    }
    if (!bad.empty()) return fail("CNP frame " + std::to_string(tally_.cnp_frames) + ": " + bad);
    cov_.hit("cnp_frame");
    if (tagged) cov_.hit("cnp_tagged");
    if (pcap_) pcap_->write(f, run_.cycle() * o_.clock_ps / 1000, c.dqpn, tagged);
    return 0;
  }

  // the reset dropped everything in flight; the blocks' state and counters start over
  void on_reset_done() {
    gen_.clear();
    exp_.clear();
    axi_.clear();
    rx_bytes_.clear();
    cnp_bytes_.clear();
    want_data_.clear();
    want_cnp_.clear();
    want_cnp_frame_.clear();
    dones_.clear();
    for (RxQpEntry& e : table_) e = RxQpEntry{};
    for (Ctx& c : ctx_) c = Ctx{};
    stage_ = Ctx{};
    globals_ = CnpGlobals{};
    staged_flow_ = 0;
    configured_ = false;
    beat_ = 0;
    rx_offer_ = busy_ = false;
    wr_busy_ = rd_busy_ = aw_done_ = w_done_ = false;
    tally_ = {};
  }

  // no new traffic, time frozen: everything in flight leaves, then every counter is read
  int drain() {
    freeze_ = true;
    unsigned quiet = 0;
    const uint64_t limit = run_.cycle() + 20000 + 64 * kFlows;
    while (quiet < 64 || !gen_.empty() || !exp_.empty() || wr_busy_ || rd_busy_ || !axi_.empty()) {
      if (int rc = cycle(false)) return rc;
      const NicFrameTopOut o = ref_.outputs(in_);
      quiet = o.idle && !o.cnp_valid && !o.rx_out_valid && want_cnp_frame_.empty() ? quiet + 1 : 0;
      if (run_.cycle() > limit) return fail("the drain never ended: " + ref_.debug());
    }
    if (!want_data_.empty() || !want_cnp_.empty()) return fail("descriptors expected but never taken by the top");
    static const uint16_t kAddr[kFinalN] = {0x1200, 0x1010, 0x1014, 0x1018, 0x1028, 0x1130, 0x1134,
                                            0x220, 0x21c, 0x224};
    for (unsigned k = 0; k < kFinalN; ++k) {
      Axi a;
      a.addr = kAddr[k];
      a.final_k = static_cast<int>(k);
      axi_.push_back(a);
    }
    while (!axi_.empty() || rd_busy_)
      if (int rc = cycle(false)) return rc;
    const std::vector<Diff> d = {{"FRAME_ID", final_[0], kFrameTopId},
                                 {"rx_class FRAMES", final_[1], tally_.frames},
                                 {"rx_class DATA", final_[2], tally_.data},
                                 {"rx_class CNPS", final_[3], tally_.cnps},
                                 {"rx_class UNKNOWN_QPN", final_[4], tally_.unknown},
                                 {"cnp_build CNPS", final_[5], tally_.cnp_frames},
                                 {"cnp_build NO_CTX", final_[6], tally_.noctx},
                                 {"TOP_RXDATA_IN", final_[7], tally_.data},
                                 {"TOP_RXCNP_IN", final_[8], tally_.cnps},
                                 {"TOP_CNPREQ_OUT", final_[9], tally_.cnpreq}};
    for (const Diff& x : d)
      if (x.rtl != x.ref)
        return run_.failure(tb::FailKind::Check, done_, inputs(), d, "counters differ from the bench's tallies", false);
    if (!o_.quiet)
      std::printf("nic_frame_top: %u frames since the last reset: %u rxdata, %u rxcnp, %u unknown QP; "
                  "%u CNP requests, %u CNP frames, %u without a context\n",
                  tally_.frames, tally_.data, tally_.cnps, tally_.unknown, tally_.cnpreq, tally_.cnp_frames,
                  tally_.noctx);
    return 0;
  }

  // ------------------------------------------------------------------ compare, failures
  int compare(const NicFrameTopOut& o) {
    if (run_.cycle() == 0) return 0;
    if (o_.inject_mismatch && run_.cycle() == o_.inject_mismatch) injected_ = true;
    const auto& m = run_.dut();
    NicRpWords rw{};
    NicNpWords nw{};
    pack(o.mon_rp, rw);
    pack(o.mon_np, nw);
    AxisBeat rxb, cnb;
    tb::get_tdata(m.m_axis_rx_tdata, rxb, kBytes);
    tb::get_tdata(m.m_axis_cnp_tdata, cnb, kBytes);
    std::vector<Diff> d = {
        {"s_axis_txop_tready", m.s_axis_txop_tready, o.txop_ready},
        {"m_axis_txsel_tvalid", m.m_axis_txsel_tvalid, o.txsel_valid},
        {"m_axis_txsel_tdata", m.m_axis_txsel_tdata, pack(o.txsel)},
        {"s_axis_txdone_tready", m.s_axis_txdone_tready, o.txdone_ready},
        {"s_axis_host_tready", m.s_axis_host_tready, o.host_ready},
        {"s_axis_rx_tready", m.s_axis_rx_tready, o.rx_ready},
        {"m_axis_rx_tvalid", m.m_axis_rx_tvalid, o.rx_out_valid},
        {"m_axis_rx_tkeep", static_cast<uint64_t>(m.m_axis_rx_tkeep), o.rx_out.keep},
        {"m_axis_rx_tlast", m.m_axis_rx_tlast, o.rx_out.last},
        {"m_axis_cnp_tvalid", m.m_axis_cnp_tvalid, o.cnp_valid},
        {"m_axis_cnp_tkeep", static_cast<uint64_t>(m.m_axis_cnp_tkeep), o.cnp.keep},
        {"m_axis_cnp_tlast", m.m_axis_cnp_tlast, o.cnp.last},
        {"mon_rp_valid", m.mon_rp_valid, o.mon_rp_valid},
        {"mon_np_valid", m.mon_np_valid, o.mon_np_valid},
        {"next_due_valid", m.next_due_valid, o.next_due_valid},
        {"next_due_ns", o.next_due_valid ? m.next_due_ns : 0u, o.next_due_valid ? o.next_due_ns : 0u},
        {"sweep_due_ns", m.sweep_due_ns, o.sweep_due_ns},
        {"txq_nonempty", m.txq_nonempty, o.txq_nonempty},
        {"idle", m.idle, o.idle},
        {"s_axil_awready", m.s_axil_awready, o.awready},
        {"s_axil_wready", m.s_axil_wready, o.wready},
        {"s_axil_bvalid", m.s_axil_bvalid, o.bvalid},
        {"s_axil_bresp", m.s_axil_bresp, o.bresp},
        {"s_axil_arready", m.s_axil_arready, o.arready},
        {"s_axil_rvalid", m.s_axil_rvalid, o.rvalid},
        {"s_axil_rdata", m.s_axil_rdata, o.rdata ^ (injected_ ? 1u : 0u)},
        {"s_axil_rresp", m.s_axil_rresp, o.rresp}};
    for (unsigned k = 0; k < kBytes / 8; ++k) {
      const std::string r = "[" + std::to_string(64 * k + 63) + ":" + std::to_string(64 * k) + "]";
      d.push_back({"m_axis_rx_tdata" + r, tb::tdata_word(rxb, k), tb::tdata_word(o.rx_out, k)});
      d.push_back({"m_axis_cnp_tdata" + r, tb::tdata_word(cnb, k), tb::tdata_word(o.cnp, k)});
    }
    for (unsigned i = 0; i < 10; ++i)
      d.push_back({"mon_rp_data[" + std::to_string(32 * i + 31) + ":" + std::to_string(32 * i) + "]",
                   m.mon_rp_data[i], rw[i]});
    for (unsigned i = 0; i < 5; ++i)
      d.push_back({"mon_np_data[" + std::to_string(32 * i + 31) + ":" + std::to_string(32 * i) + "]",
                   m.mon_np_data[i], nw[i]});
    for (const Diff& x : d)
      if (x.rtl != x.ref) return run_.failure(tb::FailKind::Mismatch, done_, inputs(), d, "", injected_);
    return 0;
  }

  std::string inputs() const {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "rst=%d now_ns=%u pause=%d s_axis_rx_tvalid=%d tkeep=0x%" PRIx64 " tlast=%d tdata[63:0]=0x%016" PRIx64
                  " m_axis_rx_tready=%d m_axis_cnp_tready=%d txop=%d txsel_tready=%d txdone=%d host=%d"
                  " awvalid=%d awaddr=0x%04x wvalid=%d wdata=0x%08x wstrb=0x%x bready=%d arvalid=%d"
                  " araddr=0x%04x rready=%d (beat %u of a frame)",
                  in_.rst, in_.now_ns, in_.pause, in_.rx_valid, in_.rx.keep, in_.rx.last, tb::tdata_word(in_.rx, 0),
                  in_.rx_out_ready, in_.cnp_ready, in_.txop_valid, in_.txsel_ready, in_.txdone_valid,
                  in_.host_valid, in_.awvalid, in_.awaddr, in_.wvalid, in_.wdata, in_.wstrb, in_.bready,
                  in_.arvalid, in_.araddr, in_.rready, beat_);
    return buf;
  }

  int fail(const std::string& what) { return run_.failure(tb::FailKind::Check, done_, inputs(), {}, what, false); }

  struct Tally {
    uint32_t frames = 0, data = 0, cnps = 0, unknown = 0, cnpreq = 0, cnp_frames = 0, noctx = 0;
  };
  static constexpr unsigned kFinalN = 10;

  const tb::Options o_;
  tb::Rng rng_;
  tb::LockstepRun<VMODEL> run_;
  NicFrameTopModel ref_;
  std::unique_ptr<tb::CnpCapture> pcap_;  // --pcap
  tb::Coverage cov_;
  NicFrameTopIn in_{};
  uint64_t now64_ = 0;
  bool freeze_ = false;
  // receive side
  std::vector<RxQpEntry> table_;
  uint16_t staged_flow_ = 0;
  std::deque<InFrame> gen_;
  std::deque<tb::GenFrame> exp_;
  std::deque<std::pair<uint64_t, tb::FrameInfo>> want_data_, want_cnp_;
  std::vector<uint8_t> rx_bytes_;
  unsigned beat_ = 0;
  bool rx_offer_ = false, busy_ = false, gen_mismatch_ = false;
  // CNP side
  std::vector<Ctx> ctx_;
  Ctx stage_;
  CnpGlobals globals_;
  // a CNP frame expected: the context read at the request's acceptance, the globals taken
  // at the item's second stage move after it
  struct WantCnp {
    Ctx c;
    CnpGlobals g;
    unsigned moves;
  };
  std::deque<WantCnp> want_cnp_frame_;
  std::vector<uint8_t> cnp_bytes_;
  // transmit side
  std::deque<std::pair<uint64_t, NicTxDone>> dones_;
  // AXI4-Lite
  std::deque<Axi> axi_;
  Axi wr_, rd_;
  bool wr_busy_ = false, rd_busy_ = false, aw_done_ = false, w_done_ = false;
  bool configured_ = false;
  uint32_t final_[kFinalN] = {};
  // run
  uint64_t done_ = 0, mid_reset_at_ = 0;
  unsigned rst_cycles_ = 0;
  bool mid_reset_done_ = false, injected_ = false;
  Tally tally_;
};

}  // namespace

int main(int argc, char** argv) { return tb::lockstep_main<Bench>(argc, argv, "nic_frame_top"); }
