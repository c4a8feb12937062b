// SPDX-License-Identifier: MIT
// Go-back-N state machines (systemc/net/gbn.h) without SystemC: the sender's pointers,
// the receiver's verdicts and NAK limiter, and both together over a slotted lossy channel.
#include "gbn.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <deque>
#include <set>
#include <vector>

using dcqcn::net::GbnReceiver;
using dcqcn::net::GbnSender;
using V = GbnReceiver::Verdict;

TEST(GbnSender, SendsEveryPsnOnceThenWaitsForTheTailAck) {
  GbnSender s(5);
  for (uint64_t i = 0; i < 5; ++i) {
    ASSERT_TRUE(s.has_data());
    EXPECT_EQ(s.tail_outstanding(), false);
    bool retx = true;
    EXPECT_EQ(s.next(&retx), i);
    EXPECT_FALSE(retx);
  }
  EXPECT_FALSE(s.has_data());
  EXPECT_TRUE(s.tail_outstanding());
  EXPECT_FALSE(s.done());
  s.on_ack(5);
  EXPECT_TRUE(s.done());
  EXPECT_FALSE(s.tail_outstanding());
}

TEST(GbnSender, NakRewindsAndMarksResentPacketsAsRetransmissions) {
  GbnSender s(0);  // infinite
  for (int i = 0; i < 10; ++i) s.next(nullptr);
  EXPECT_TRUE(s.on_nak(4));
  EXPECT_EQ(s.nxt(), 4u);
  EXPECT_EQ(s.una(), 4u);
  for (uint64_t i = 4; i < 12; ++i) {
    bool retx = false;
    EXPECT_EQ(s.next(&retx), i);
    EXPECT_EQ(retx, i < 10) << i;
  }
  EXPECT_TRUE(s.has_data());
  EXPECT_FALSE(s.tail_outstanding());  // infinite flows never need the tail timer
}

TEST(GbnSender, StaleNakAfterAnAckIsIgnored) {
  GbnSender s(10);
  for (int i = 0; i < 10; ++i) s.next(nullptr);
  s.on_ack(10);
  EXPECT_FALSE(s.on_nak(6));
  EXPECT_EQ(s.nxt(), 10u);
  EXPECT_TRUE(s.done());
}

TEST(GbnSender, TimeoutGoesBackToUnaAndAnAckJumpsForward) {
  GbnSender s(10);
  for (int i = 0; i < 10; ++i) s.next(nullptr);
  s.on_nak(3);  // the receiver had 0..2
  for (int i = 3; i < 10; ++i) s.next(nullptr);
  ASSERT_TRUE(s.tail_outstanding());
  s.on_timeout();
  EXPECT_EQ(s.nxt(), 3u);
  bool retx = false;
  EXPECT_EQ(s.next(&retx), 3u);
  EXPECT_TRUE(retx);
  s.on_ack(9);  // a duplicate told us the receiver has 0..8
  EXPECT_EQ(s.nxt(), 9u);
  EXPECT_FALSE(s.done());
  s.next(nullptr);
  s.on_ack(10);
  EXPECT_TRUE(s.done());
}

TEST(GbnReceiver, AcceptsInOrderAndNaksAGapOnce) {
  GbnReceiver r(0, 100.0);
  EXPECT_EQ(r.on_data(0, 0).verdict, V::ACCEPT);
  EXPECT_EQ(r.on_data(1, 1).verdict, V::ACCEPT);
  auto a = r.on_data(3, 2);  // 2 lost
  EXPECT_EQ(a.verdict, V::OUT_OF_ORDER);
  EXPECT_TRUE(a.nak);
  EXPECT_EQ(a.psn, 2u);
  for (uint64_t p = 4; p < 10; ++p) {  // no second NAK within the timeout
    auto b = r.on_data(p, 3 + static_cast<double>(p));
    EXPECT_EQ(b.verdict, V::OUT_OF_ORDER);
    EXPECT_FALSE(b.nak);
  }
  auto c = r.on_data(10, 102);  // timeout passed: the retransmission was lost too
  EXPECT_TRUE(c.nak);
  EXPECT_EQ(c.psn, 2u);
  EXPECT_EQ(r.on_data(2, 110).verdict, V::ACCEPT);  // the retransmission
  EXPECT_EQ(r.expected(), 3u);
  auto d = r.on_data(5, 111);  // a new gap: NAKed at once
  EXPECT_TRUE(d.nak);
  EXPECT_EQ(d.psn, 3u);
}

TEST(GbnReceiver, DuplicateGetsAnAckAndTheLastPacketIsAcked) {
  GbnReceiver r(3, 50.0);
  EXPECT_EQ(r.on_data(0, 0).verdict, V::ACCEPT);
  EXPECT_EQ(r.on_data(1, 1).verdict, V::ACCEPT);
  auto d = r.on_data(0, 2);
  EXPECT_EQ(d.verdict, V::DUPLICATE);
  EXPECT_TRUE(d.ack);
  EXPECT_FALSE(d.nak);
  EXPECT_EQ(d.psn, 2u);
  EXPECT_FALSE(r.on_data(1, 3).ack);  // limited like the NAK
  auto last = r.on_data(2, 4);
  EXPECT_EQ(last.verdict, V::ACCEPT);
  EXPECT_TRUE(last.ack);
  EXPECT_EQ(last.psn, 3u);
  EXPECT_TRUE(r.complete());
}

// Sender and receiver over a slotted channel: one packet per slot, a one-way delay of
// D slots each way, NAK handling L slots; the packets with the given send indices are
// lost. The receiver must accept every PSN exactly once, in order.
struct PairRun {
  uint64_t sent = 0, retx = 0, accepted = 0, slots = 0;
  bool complete = false;
};

PairRun simulate(uint64_t total, unsigned D, unsigned L, const std::set<uint64_t>& lost_sends,
             double nak_timeout_slots, unsigned rto_slots) {
  GbnSender s(total);
  GbnReceiver r(total, nak_timeout_slots);
  struct InFlight { uint64_t at, psn; };
  std::deque<InFlight> fwd;                 // data to the receiver
  std::deque<std::pair<uint64_t, std::pair<bool, uint64_t>>> back;  // (at, (is_nak, psn))
  std::deque<std::pair<uint64_t, uint64_t>> firmware;               // NAK handling
  PairRun run;
  long rto_at = -1;
  uint64_t last_accepted = 0;
  for (uint64_t t = 0; t < 100000 && !s.done(); ++t) {
    while (!fwd.empty() && fwd.front().at == t) {
      const auto res = r.on_data(fwd.front().psn, static_cast<double>(t));
      fwd.pop_front();
      if (res.verdict == V::ACCEPT) ++run.accepted, last_accepted = t;
      if (res.nak || res.ack) back.push_back({t + D, {res.nak, res.psn}});
    }
    while (!back.empty() && back.front().first == t) {
      const auto m = back.front().second;
      back.pop_front();
      if (m.first) firmware.push_back({t + L, m.second});
      else s.on_ack(m.second);
    }
    while (!firmware.empty() && firmware.front().first == t) {
      if (s.on_nak(firmware.front().second)) rto_at = -1;
      firmware.pop_front();
    }
    if (rto_at >= 0 && static_cast<uint64_t>(rto_at) == t && s.tail_outstanding()) {
      s.on_timeout();
      rto_at = -1;
    }
    if (s.has_data()) {
      bool retx = false;
      const uint64_t psn = s.next(&retx);
      const uint64_t idx = run.sent++;
      run.retx += retx;
      if (!lost_sends.count(idx)) fwd.push_back({t + D, psn});
      if (s.tail_outstanding() && rto_at < 0) rto_at = static_cast<long>(t + rto_slots);
    }
    run.slots = t;
  }
  (void)last_accepted;
  run.complete = r.complete() && s.done();
  return run;
}

TEST(GbnPair, NoLossNoRetransmission) {
  const PairRun a = simulate(1000, 5, 10, {}, 100, 500);
  EXPECT_TRUE(a.complete);
  EXPECT_EQ(a.accepted, 1000u);
  EXPECT_EQ(a.retx, 0u);
  EXPECT_EQ(a.sent, 1000u);
}

TEST(GbnPair, OneLossWastesOneRoundTripPlusTheNakLatency) {
  // Send index 100 is lost at slot 100. Packet 101 reaches the receiver at 101 + D and is
  // NAKed then; the NAK reaches the sender at 101 + 2D, takes effect at 101 + 2D + L; in
  // that slot the sender sends PSN 100 again. Packets 100 .. 100 + 2D + L were sent for
  // nothing: 2D + L + 1 retransmissions.
  const unsigned D = 5, L = 10;
  const PairRun a = simulate(1000, D, L, {100}, 100, 500);
  std::printf("one loss, D=%u L=%u: sent %llu, retransmitted %llu\n", D, L,
              static_cast<unsigned long long>(a.sent), static_cast<unsigned long long>(a.retx));
  EXPECT_TRUE(a.complete);
  EXPECT_EQ(a.accepted, 1000u);
  EXPECT_EQ(a.retx, 2u * D + L + 1);
  EXPECT_EQ(a.sent, 1000u + a.retx);
}

TEST(GbnPair, LostRetransmissionIsRecoveredAfterTheNakTimeout) {
  const unsigned D = 5, L = 10;
  // 100 lost; its retransmission is send index 100 + 2D + L + 1 = 121: lost too.
  const PairRun a = simulate(1000, D, L, {100, 121}, 60, 500);
  EXPECT_TRUE(a.complete);
  EXPECT_EQ(a.accepted, 1000u);
  // The second NAK waits for the timeout (60 slots after the first, sent at 106).
  EXPECT_GT(a.retx, 2u * (2 * D + L + 1));
}

TEST(GbnPair, TailLossIsRecoveredByTheTimeout) {
  const unsigned D = 5, L = 10, rto = 200;
  const PairRun a = simulate(100, D, L, {99}, 60, rto);  // the very last packet
  EXPECT_TRUE(a.complete);
  EXPECT_EQ(a.accepted, 100u);
  // The timeout rewinds to una = 0 (no NAK ever came): the receiver ACKs the first
  // duplicate, which makes the sender jump to 99 one round trip later.
  EXPECT_GE(a.slots, 99u + rto);
  EXPECT_LE(a.retx, 2u * D + 2);
}
