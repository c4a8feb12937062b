// SPDX-License-Identifier: MIT
// Bit-exact reference of rtl/dcqcn_ecn_mark.sv, the switch's ECN rewrite
// (docs/frames.md, "ECN marker").
//
// Two layers:
//  - ecn_mark_frame(): the rule on a frame's bytes (what the network would run).
//  - EcnMarkModel: a cycle-accurate wrapper with the RTL's ports; step() is one edge.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

#include "frame_ref.h"
#include "regmap.h"

namespace dcqcn {

// What happened to a frame: no mark requested, or the one class its mark request is
// counted in (the RTL's counters MARKED, NOT_ECT, ALREADY_CE, NOT_IP).
enum class EcnOutcome : uint8_t { None = 0, Marked, NotEct, AlreadyCe, NotIp };

// The marker's rule on the len bytes of a frame (no FCS), in place: with mark, an IPv4
// (version 4, IHL >= 5) or IPv6 (version 6) frame, optionally 802.1Q-tagged, whose ECN
// byte is within len and whose ECN is 01 or 10 gets ECN 11; an IPv4 one also gets its
// header checksum updated (RFC 1624) when both checksum bytes are within len.
EcnOutcome ecn_mark_frame(uint8_t* f, size_t len, bool mark);

struct EcnMarkIn {
  bool rst = false;
  bool s_valid = false;
  AxisBeat s;
  bool dec_valid = false;
  bool dec_mark = false;
  bool m_ready = true;
  bool csr_re = false;
  uint8_t csr_addr = 0;
};

struct EcnMarkOut {
  bool s_ready = false;
  bool dec_ready = false;
  bool m_valid = false;
  AxisBeat m;  // all zero while m_valid is 0
  uint32_t csr_rdata = 0;
};

// The counters in the order of kEcnStatus (tb/ref/regmap_frame.h: their addresses, the
// table the RTL's CSR file and docs/regmap.md are generated from).
enum EcnMarkCounter : unsigned { kEcnCntFrames = ECN_FRAMES, kEcnCntMarkReq = ECN_MARK_REQ,
                                 kEcnCntMarked = ECN_MARKED, kEcnCntNotEct = ECN_NOT_ECT,
                                 kEcnCntAlreadyCe = ECN_ALREADY_CE, kEcnCntNotIp = ECN_NOT_IP,
                                 kEcnCntN = ECN_NUM_STATUS };

class EcnMarkModel {
 public:
  explicit EcnMarkModel(unsigned data_width);
  // This cycle's outputs for the inputs in (combinational: the readies).
  EcnMarkOut outputs(const EcnMarkIn& in) const;
  // The rising edge. *outcome (if given) is set when a mark request was classified with
  // the beat accepted at this edge (None otherwise); the RTL counts it later (its header).
  void step(const EcnMarkIn& in, EcnOutcome* outcome = nullptr);
  uint32_t counter(unsigned i) const { return cnt_[i]; }
  unsigned bytes() const { return bytes_; }

 private:
  // The beat as it leaves (the frame's header known so far applied), and the outcome
  // when the mark request is classified at this beat.
  AxisBeat transform(const AxisBeat& b, bool mark, EcnOutcome* outcome) const;

  unsigned bytes_;
  // input side
  uint64_t beat_ = 0;       // beat index in the frame
  bool mark_ = false;       // the frame's decision
  bool done_ = false;       // its mark request classified
  std::array<uint8_t, 32> hdr_{};  // the frame's first 32 bytes as received
  // stage A (the beat as it will leave and the counts it makes), stage B, the output
  // register, the counters' pulses
  struct Staged {
    AxisBeat beat;
    std::array<uint32_t, kEcnCntN> pulse{};
  };
  bool a_valid_ = false, b_valid_ = false;
  Staged a_;
  AxisBeat b_;
  std::array<uint32_t, kEcnCntN> pulse_{};
  bool m_valid_ = false;
  AxisBeat m_;
  std::array<uint32_t, kEcnCntN> cnt_{};
  uint32_t rdata_ = 0;
};

}  // namespace dcqcn
