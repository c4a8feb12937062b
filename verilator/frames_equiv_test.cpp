// SPDX-License-Identifier: MIT
// The frame services (frames.h) of the two engines give identical bytes and descriptors:
// the RTL blocks clocked per frame (frames_rtl.cpp) against the references' whole-frame
// functions (frames_ref.cpp), on the same calls. A NIC with 1000 receive flows and 1000
// send flows (the QP table nearly full at the network's QPN layout), every flow's CNP
// built and then classified back; random frames of the benches' mix (tb/common/frame_gen.h:
// VLAN, IPv4 options, IPv6, non-RoCE, runts, cut headers, wrong ICRCs) classified; random
// frames marked; every byte of a DATA frame flipped in turn. Seed: DCQCN_TEST_SEED
// (default fixed, printed); frames per test:
// DCQCN_FRAMES_EQUIV (default 3000).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "frame_gen.h"
#include "frames.h"
#include "harness.h"

namespace dcqcn::net {
namespace {

uint64_t env_u64(const char* name, uint64_t dflt) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 0) : dflt;
}
uint64_t seed() { return env_u64("DCQCN_TEST_SEED", 20261127); }
uint64_t frames() { return env_u64("DCQCN_FRAMES_EQUIV", 3000); }

std::string hex(const std::vector<uint8_t>& f) {
  std::string s;
  char b[4];
  for (uint8_t x : f) {
    std::snprintf(b, sizeof b, "%02x", x);
    s += b;
  }
  return s;
}

constexpr uint32_t kTx = 1000, kRx = 1000, kBase = 0x100;

// The network's layout (docs/network.md): QPN kBase + i for send flow i, kBase + kTx + j
// for receive flow j.
NicFrameConfig config(tb::Rng& rng) {
  NicFrameConfig c;
  c.name = "h1";
  c.globals.smac = 0x020000000002ull;
  c.globals.dscp = 56;
  for (uint32_t j = 0; j < kRx; ++j) {
    QpContext x;
    x.valid = true;
    x.dmac = 0x020000000000ull | (rng.next() & 0xFFFF);
    x.sip = 0x0A000002;
    x.dip = 0x0A000000u | (rng.next() & 0xFFFF);
    x.dqpn = kBase + static_cast<uint32_t>(rng.below(kTx));
    x.sport = static_cast<uint16_t>(0xC000 | j);
    x.pkey = 0xFFFF;
    c.cnp_ctx.push_back(x);
  }
  for (uint32_t i = 0; i < kTx; ++i) c.qps.push_back({kBase + i, i});
  for (uint32_t j = 0; j < kRx; ++j) c.qps.push_back({kBase + kTx + j, j});
  return c;
}

TEST(FrameServices, CnpsBuiltByTheRtlEqualTheReferenceAndClassifyBack) {
  const uint64_t s = seed();
  std::printf("seed %llu (DCQCN_TEST_SEED)\n", static_cast<unsigned long long>(s));
  tb::Rng rng(s);
  const NicFrameConfig c = config(rng);
  auto ref = make_nic_frames(EngineKind::REF, c);
  auto rtl = make_nic_frames(EngineKind::RTL, c);
  std::vector<uint8_t> a, b;
  for (uint32_t j = 0; j < kRx; ++j) {
    ref->build_cnp(j, 0, a);
    rtl->build_cnp(j, 0, b);
    ASSERT_EQ(a.size(), 74u);
    ASSERT_EQ(hex(a), hex(b)) << "CNP of flow " << j << ", seed " << s;
    EXPECT_EQ(b, cnp_frame(c.cnp_ctx[j], c.globals));
    // a CNP to this NIC's own send QP: the classifier gives the RP's flow
    const RxDesc d = rtl->classify(b.data(), b.size(), 0);
    ASSERT_EQ(d, ref->classify(a.data(), a.size(), 0)) << "flow " << j;
    EXPECT_EQ(d.verdict, RxVerdict::Cnp);
    EXPECT_EQ(d.flow, c.cnp_ctx[j].dqpn - kBase);
  }
  EXPECT_GT(rtl->cycles(), 0u);
}

TEST(FrameServices, ClassifierDescriptorsEqualOnRandomFrames) {
  const uint64_t s = seed() + 1;
  std::printf("seed %llu (DCQCN_TEST_SEED + 1), %llu frames\n", static_cast<unsigned long long>(s),
              static_cast<unsigned long long>(frames()));
  tb::Rng rng(s);
  const NicFrameConfig c = config(rng);
  auto ref = make_nic_frames(EngineKind::REF, c);
  auto rtl = make_nic_frames(EngineKind::RTL, c);
  unsigned by[6] = {};
  for (uint64_t n = 0; n < frames(); ++n) {
    // QPs: mapped (send or receive side) or not, and the layout's neighbours
    const tb::GenFrame g = tb::random_frame(rng, [&] {
      return static_cast<uint32_t>(rng.chance(80) ? kBase + rng.below(kTx + kRx) : rng.below(1u << 24));
    });
    const RxDesc x = ref->classify(g.bytes.data(), g.bytes.size(), 0);
    const RxDesc y = rtl->classify(g.bytes.data(), g.bytes.size(), 0);
    ASSERT_EQ(x, y) << "frame " << n << " (" << g.bytes.size() << " bytes): ref " << rx_verdict_name(x.verdict)
                    << " flow " << x.flow << " ecn " << int(x.ecn) << ", rtl " << rx_verdict_name(y.verdict)
                    << " flow " << y.flow << " ecn " << int(y.ecn) << "; seed " << s << "; " << hex(g.bytes);
    ++by[static_cast<int>(x.verdict)];
  }
  std::printf("SHORT %u NOT_ROCE %u BAD_ICRC %u UNKNOWN_QPN %u DATA %u CNPS %u\n", by[0], by[1], by[2], by[3],
              by[4], by[5]);
  for (unsigned v = 0; v < 6; ++v) EXPECT_GT(by[v], 0u) << rx_verdict_name(static_cast<RxVerdict>(v));
}

TEST(FrameServices, MarkerBytesEqualOnRandomFrames) {
  const uint64_t s = seed() + 2;
  std::printf("seed %llu (DCQCN_TEST_SEED + 2), %llu frames\n", static_cast<unsigned long long>(s),
              static_cast<unsigned long long>(frames()));
  tb::Rng rng(s);
  auto ref = make_switch_frames(EngineKind::REF);
  auto rtl = make_switch_frames(EngineKind::RTL);
  unsigned by[5] = {};
  for (uint64_t n = 0; n < frames(); ++n) {
    const tb::GenFrame g = tb::random_frame(rng, [&] { return static_cast<uint32_t>(rng.below(1u << 24)); });
    std::vector<uint8_t> a = g.bytes, b = g.bytes;
    const EcnOutcome x = ref->mark(a.data(), a.size(), 0);
    const EcnOutcome y = rtl->mark(b.data(), b.size(), 0);
    ASSERT_EQ(static_cast<int>(x), static_cast<int>(y)) << "frame " << n << ", seed " << s << "; " << hex(g.bytes);
    ASSERT_EQ(hex(a), hex(b)) << "frame " << n << ", seed " << s;
    ++by[static_cast<int>(x)];
  }
  std::printf("Marked %u NotEct %u AlreadyCe %u NotIp %u\n", by[1], by[2], by[3], by[4]);
  for (unsigned v = 1; v < 5; ++v) EXPECT_GT(by[v], 0u) << "outcome " << v;
}

// What the network's check of every received frame rests on: a byte changed in flight is
// seen. Every byte of a DATA frame (as the transport makes it: 1058 bytes to this NIC's
// receive QP) flipped in turn: a byte the ICRC covers gives BAD_ICRC (or a class the
// changed header gives), never the frame's own descriptor; the masked bytes (TOS but its
// ECN bits, TTL, IPv4 checksum, UDP checksum, BTH resv8a) leave it DATA. Both engines.
TEST(FrameServices, EveryCorruptedByteChangesTheDescriptor) {
  tb::Rng rng(seed() + 3);
  const NicFrameConfig c = config(rng);
  auto ref = make_nic_frames(EngineKind::REF, c);
  auto rtl = make_nic_frames(EngineKind::RTL, c);
  tb::FrameSpec fs;
  fs.dst_qp = kBase + kTx + 7;  // receive flow 7
  fs.ecn = 1;
  fs.payload = 1058 - 14 - 20 - 8 - 12 - 4;
  const std::vector<uint8_t> f = tb::build_frame(fs, rng);
  ASSERT_EQ(f.size(), 1058u);
  const RxDesc want{RxVerdict::Data, 7, 1};
  ASSERT_EQ(ref->classify(f.data(), f.size(), 0), want);
  ASSERT_EQ(rtl->classify(f.data(), f.size(), 0), want);
  unsigned seen = 0, masked = 0;
  for (size_t at = 0; at < f.size(); ++at) {
    std::vector<uint8_t> g = f;
    g[at] ^= 0x40;  // not an ECN bit
    const RxDesc x = ref->classify(g.data(), g.size(), 0), y = rtl->classify(g.data(), g.size(), 0);
    ASSERT_EQ(x, y) << "byte " << at;
    const bool is_masked = at == 15 || at == 22 || at == 24 || at == 25 || at == 40 || at == 41 || at == 46 ||
                           at < 12;  // the MACs are not in the ICRC either
    if (is_masked) {
      EXPECT_EQ(x, want) << "byte " << at << " is masked by the ICRC";
      ++masked;
    } else {
      EXPECT_NE(x, want) << "byte " << at << " changed, and the descriptor did not";
      ++seen;
    }
  }
  std::printf("%u corrupted bytes seen, %u masked ones ignored\n", seen, masked);
  EXPECT_EQ(seen + masked, 1058u);
}

TEST(FrameServices, RtlRefusesConfigsBeyondItsBuild) {
  NicFrameConfig c;
  c.name = "big";
  c.qps = {{0x100, 0}, {0x100 + kRtlRxQps, 1}};
  try {
    make_nic_frames(EngineKind::RTL, c);
    FAIL() << "two QPNs on one table entry accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("share an entry"), std::string::npos) << e.what();
  }
  c.qps.clear();
  c.cnp_ctx.resize(kRtlCnpFlows + 1);
  EXPECT_THROW(make_nic_frames(EngineKind::RTL, c), std::invalid_argument);
  EXPECT_NO_THROW(make_nic_frames(EngineKind::REF, c));
}

}  // namespace
}  // namespace dcqcn::net
