// SPDX-License-Identifier: MIT
// Go-back-N loss recovery of a RoCEv2 RC queue pair, as ConnectX-3 Pro does it (DCQCN
// paper section 7): the receiver detects a PSN gap and NAKs the expected PSN; the sender
// rewinds to it and sends everything from there again. Plain C++, no SystemC: the NIC
// (nic.cpp) owns one GbnSender per transmitted flow and one GbnReceiver per received flow
// and does the timing (NAK reaction latency, retransmission timeout) around them.
//
// Messages (PktKind NAK and ACK, 66 B: the RoCEv2 headers + AETH, wire.h; CNP priority):
//  - NAK(psn): "sequence error, I expect psn". Sent on the first out-of-order packet of a
//    gap; not again for the same expected PSN until it arrives or nak_timeout passes.
//  - ACK(psn): "I have everything below psn". Sent when the last packet of a sized flow
//    is accepted, and (under the same limiter as the NAK) when a duplicate arrives,
//    so a sender that went back too far (timeout) jumps forward again.
// There are no per-packet ACKs: a sender learns what arrived only from NAKs and ACKs.
#pragma once
#include <cstdint>

namespace dcqcn::net {

class GbnSender {
 public:
  // total_pkts: packets of a sized flow; 0 = infinite backlog.
  explicit GbnSender(uint64_t total_pkts = 0) : total_(total_pkts) {}

  bool infinite() const { return total_ == 0; }
  uint64_t total() const { return total_; }
  // Something (new or again) to send.
  bool has_data() const { return infinite() || nxt_ < total_; }
  // The PSN to send next; advances the send pointer. *retx: it was sent before.
  uint64_t next(bool* retx) {
    const uint64_t psn = nxt_++;
    if (retx) *retx = psn < high_;
    if (nxt_ > high_) high_ = nxt_;
    return psn;
  }
  // NAK(psn) took effect: go back (or forward) to psn; everything below it arrived.
  // A NAK older than what an ACK already covered (psn < una) is stale: ignored, false.
  bool on_nak(uint64_t psn) {
    if (psn < una_) return false;
    una_ = psn;
    nxt_ = psn;
    return true;
  }
  // ACK(psn): everything below psn arrived; skip what need not be sent again.
  void on_ack(uint64_t psn) {
    if (psn > una_) una_ = psn;
    if (nxt_ < una_) nxt_ = una_;
  }
  // Retransmission timeout: go back to the oldest PSN not known to have arrived.
  void on_timeout() { nxt_ = una_; }
  // Sized flow: every packet sent, some not acknowledged (the timeout runs).
  bool tail_outstanding() const { return !infinite() && nxt_ >= total_ && una_ < total_; }
  // Sized flow: the receiver has acknowledged every packet.
  bool done() const { return !infinite() && una_ >= total_; }
  uint64_t nxt() const { return nxt_; }
  uint64_t una() const { return una_; }
  uint64_t high() const { return high_; }

 private:
  uint64_t total_;
  uint64_t nxt_ = 0;   // next PSN to send
  uint64_t una_ = 0;   // every PSN below is known to have arrived (NAK/ACK)
  uint64_t high_ = 0;  // every PSN below has been sent at least once
};

class GbnReceiver {
 public:
  enum class Verdict : uint8_t { ACCEPT, OUT_OF_ORDER, DUPLICATE };
  struct Result {
    Verdict verdict = Verdict::ACCEPT;
    bool nak = false;   // send NAK(psn)
    bool ack = false;   // send ACK(psn)
    uint64_t psn = 0;   // the PSN the NAK/ACK carries (the expected PSN)
  };

  // total_pkts: packets of a sized flow (0 = infinite); nak_timeout_ns: no second NAK
  // (or duplicate ACK) for one expected PSN within this time.
  GbnReceiver(uint64_t total_pkts = 0, double nak_timeout_ns = 0)
      : total_(total_pkts), timeout_ns_(nak_timeout_ns) {}

  Result on_data(uint64_t psn, double now_ns) {
    Result r;
    if (psn == expected_) {
      ++expected_;
      limited_ = false;
      r.verdict = Verdict::ACCEPT;
      if (total_ && expected_ == total_) {
        r.ack = true;
        r.psn = expected_;
      }
      return r;
    }
    r.verdict = psn > expected_ ? Verdict::OUT_OF_ORDER : Verdict::DUPLICATE;
    if (!limited_ || now_ns - last_ns_ >= timeout_ns_) {
      limited_ = true;
      last_ns_ = now_ns;
      r.psn = expected_;
      if (r.verdict == Verdict::OUT_OF_ORDER) r.nak = true;
      else r.ack = true;
    }
    return r;
  }
  uint64_t expected() const { return expected_; }
  bool complete() const { return total_ && expected_ >= total_; }

 private:
  uint64_t total_;
  double timeout_ns_;
  uint64_t expected_ = 0;
  bool limited_ = false;  // a NAK/ACK for expected_ went out at last_ns_
  double last_ns_ = 0;
};

}  // namespace dcqcn::net
