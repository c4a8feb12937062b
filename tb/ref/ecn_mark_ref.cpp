// SPDX-License-Identifier: MIT
#include "ecn_mark_ref.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace dcqcn {

EcnOutcome ecn_mark_frame(uint8_t* f, size_t len, bool mark) {
  if (!mark) return EcnOutcome::None;
  if (len < 14) return EcnOutcome::NotIp;
  const size_t ip = ip_offset(f);
  if (len < ip + 2) return EcnOutcome::NotIp;  // the ECN byte is ip + 1
  const uint16_t etype = static_cast<uint16_t>(f[ip - 2] << 8 | f[ip - 1]);
  const uint8_t vb = f[ip];
  const bool v4 = etype == 0x0800 && (vb >> 4) == 4 && (vb & 15) >= 5;
  const bool v6 = etype == 0x86DD && (vb >> 4) == 6;
  if (!v4 && !v6) return EcnOutcome::NotIp;
  const uint8_t eb = f[ip + 1];
  const unsigned ecn = v6 ? (eb >> 4) & 3 : eb & 3;
  if (ecn == 0) return EcnOutcome::NotEct;
  if (ecn == 3) return EcnOutcome::AlreadyCe;
  f[ip + 1] = static_cast<uint8_t>(eb | (v6 ? 0x30 : 0x03));
  if (v4 && len >= ip + 12) {
    const uint16_t hc = static_cast<uint16_t>(f[ip + 10] << 8 | f[ip + 11]);
    const uint16_t m = static_cast<uint16_t>(vb << 8 | eb);
    const uint16_t n = csum_update(hc, m, static_cast<uint16_t>(vb << 8 | (eb | 3)));
    f[ip + 10] = static_cast<uint8_t>(n >> 8);
    f[ip + 11] = static_cast<uint8_t>(n);
  }
  return EcnOutcome::Marked;
}

EcnMarkModel::EcnMarkModel(unsigned data_width) : bytes_(data_width / 8) {}

EcnMarkOut EcnMarkModel::outputs(const EcnMarkIn& in) const {
  EcnMarkOut o;
  const bool en = !m_valid_ || in.m_ready;
  const bool sof = beat_ == 0;
  o.s_ready = en && !in.rst && (!sof || in.dec_valid);
  o.dec_ready = en && !in.rst && sof && in.s_valid;
  o.m_valid = m_valid_;
  o.m = m_;
  o.csr_rdata = rdata_;
  return o;
}

AxisBeat EcnMarkModel::transform(const AxisBeat& b, bool mark, EcnOutcome* outcome) const {
  // the frame's first bytes so far (every beat before this one is full), with this
  // beat's kept lanes (a contiguous run from lane 0)
  const uint64_t base = beat_ * bytes_;
  const unsigned kept = static_cast<unsigned>(std::countr_one(b.keep));
  std::array<uint8_t, 32> h = hdr_;
  for (unsigned i = 0; i < kept && base + i < 32; ++i) h[base + i] = b.data[i];
  const size_t len = static_cast<size_t>(std::min<uint64_t>(32, base + kept));
  const EcnOutcome oc = ecn_mark_frame(h.data(), len, mark);
  AxisBeat out = b;
  for (unsigned i = 0; i < kept && base + i < 32; ++i) out.data[i] = h[base + i];
  // classified at the beat holding the ECN byte's offset, or at tlast if earlier
  *outcome = EcnOutcome::None;
  if (mark && !(beat_ != 0 && done_)) {
    bool at_ecn = false;
    if (base + bytes_ > 13) {  // bytes 12, 13 (tag or not) are in this beat or before
      std::array<uint8_t, 32> raw = hdr_;
      for (unsigned i = 0; i < bytes_ && base + i < 32; ++i) raw[base + i] = b.data[i];
      const uint64_t ecn_off = ip_offset(raw.data()) + 1;
      at_ecn = ecn_off >= base && ecn_off < base + bytes_;
    }
    if (at_ecn || b.last) *outcome = oc;
  }
  return out;
}

void EcnMarkModel::step(const EcnMarkIn& in, EcnOutcome* outcome) {
  const EcnMarkOut o = outputs(in);
  const bool en = !m_valid_ || in.m_ready;
  const bool acc = in.s_valid && o.s_ready;
  const bool sof = beat_ == 0;
  EcnOutcome oc = EcnOutcome::None;
  // csr read (the counters before this edge's increments)
  uint32_t rdata = 0;
  for (unsigned k = 0; k < kEcnCntN; ++k)
    if (in.csr_re && in.csr_addr == kEcnStatus[k].addr) rdata = cnt_[k];
  // the counters add the pulses registered at the last edge; new pulses from stage A's move
  for (unsigned k = 0; k < kEcnCntN; ++k) cnt_[k] += pulse_[k];
  pulse_.fill(0);
  if (en) {  // the three registers move
    if (a_valid_) pulse_ = a_.pulse;
    m_valid_ = b_valid_;
    m_ = b_valid_ ? b_ : AxisBeat{};
    b_valid_ = a_valid_;
    b_ = a_.beat;
    a_valid_ = acc;
  }
  if (acc) {
    const bool mark = sof ? in.dec_mark : mark_;
    if (sof) done_ = false;
    a_ = Staged{};
    a_.beat = transform(in.s, mark, &oc);
    // keep the raw header bytes of this beat (all lanes, as the RTL's registers do)
    const uint64_t base = beat_ * bytes_;
    for (unsigned i = 0; i < bytes_ && base + i < 32; ++i) hdr_[base + i] = in.s.data[i];
    if (oc != EcnOutcome::None) done_ = true;
    if (sof) {
      mark_ = in.dec_mark;
      if (in.dec_mark) a_.pulse[kEcnCntMarkReq] = 1;
    }
    if (in.s.last) {
      a_.pulse[kEcnCntFrames] = 1;
      beat_ = 0;
    } else {
      ++beat_;
    }
    switch (oc) {
      case EcnOutcome::Marked: a_.pulse[kEcnCntMarked] = 1; break;
      case EcnOutcome::NotEct: a_.pulse[kEcnCntNotEct] = 1; break;
      case EcnOutcome::AlreadyCe: a_.pulse[kEcnCntAlreadyCe] = 1; break;
      case EcnOutcome::NotIp: a_.pulse[kEcnCntNotIp] = 1; break;
      case EcnOutcome::None: break;
    }
  }
  rdata_ = rdata;
  if (in.rst) {
    beat_ = 0;
    mark_ = done_ = false;
    m_valid_ = a_valid_ = b_valid_ = false;
    m_ = AxisBeat{};
    cnt_.fill(0);
    pulse_.fill(0);
    rdata_ = 0;
    oc = EcnOutcome::None;
  }
  if (outcome) *outcome = oc;
}

}  // namespace dcqcn
