// SPDX-License-Identifier: MIT
#include "nic_wheel_ref.h"

#include <algorithm>
#include <bit>
#include <sstream>
#include <stdexcept>

namespace dcqcn {

NicWheelModel::NicWheelModel(uint32_t num_flows, unsigned slot_bits, unsigned slots_log2)
    : n_(num_flows), e_(5 * num_flows), gb_(slot_bits), sl_(slots_log2) {
  if (num_flows < 4 || (num_flows & (num_flows - 1)) != 0)
    throw std::invalid_argument("NicWheelModel: NUM_FLOWS " + std::to_string(num_flows) +
                                " must be a power of two >= 4");
  if (slot_bits < 1 || slot_bits > 10)
    throw std::invalid_argument("NicWheelModel: SLOT_BITS " + std::to_string(slot_bits) +
                                " must be 1..10 (a slot of 2 ns .. 1 us)");
  if (slots_log2 < 4 || slots_log2 > 16)
    throw std::invalid_argument("NicWheelModel: SLOTS_LOG2 " + std::to_string(slots_log2) +
                                " must be 4..16");
  s_ = 1u << sl_;
  g_ = 1u << gb_;
  smask_ = (gb_ == 0) ? ~0u : (~0u >> gb_);
  rec_.resize(e_);
  for (auto& b : bm_) b.assign((s_ + 63) / 64, 0);
  lnk_c_.assign(e_, 0);
  lnk_f_.assign(e_, 0);
  for (unsigned z = 0; z < 3; ++z) {
    nxt_[z].assign(e_, kNil);
    prv_[z].assign(e_, kNil);
    for (unsigned t = 0; t < 2; ++t) {
      hd_[t][z].assign(s_, Word{});
      tl_[t][z].assign(s_, Word{});
    }
  }
  step(NicWheelIn{.rst = true});
}

uint32_t NicWheelModel::sd(uint32_t a, uint32_t b) const {
  // signed difference of two (32 - slot_bits)-bit slot numbers
  const uint32_t w = 32 - gb_;
  const uint32_t d = (a - b) & smask_;
  return static_cast<uint32_t>(static_cast<int32_t>(d << (32 - w)) >> (32 - w));
}

int NicWheelModel::sel(unsigned t) const {
  for (int z = 0; z < 3; ++z)
    if (dh_[t][z] != kNil) return z;
  return -1;
}

// The drain does not take the head in a cycle in which the command in C0 or C1 is for
// that entry (C0 has read its words, C1 decides; the head moves on when neither holds it).
bool NicWheelModel::blocked(unsigned t) const {
  const int z = sel(t);
  return z >= 0 && ((c0_.v && c0_.id == dh_[t][z]) || (c1_.v && c1_.id == dh_[t][z]));
}

NicWheelOut NicWheelModel::compute_outputs(uint32_t now_in) const {
  NicWheelOut o;
  const uint32_t now_slot = (now_q_ >> gb_) & smask_;
  // (unsigned, as the RTL: any step but 0 or 1 slot ahead, also one that reads as backwards)
  const bool stepped = (((now_in >> gb_) - now_slot) & smask_) > 1;
  bool jump = false;
  for (unsigned t = 0; t < 2; ++t)
    jump |= !clearing_ && count_[t] == 0 && ((now_slot - d_[t]) & smask_) > 64;
  o.s_ready = !clearing_ && !mv_[0].v && !mv_[1].v && !jump && !stepped;
  if (!clearing_) {
    for (unsigned t = 0; t < 2; ++t) {
      const int z = sel(t);
      if (z < 0 || blocked(t)) continue;
      const uint32_t h = dh_[t][z];
      const Rec& r = rec_[h];
      if (r.far) {
        (t == 0 ? o.tmr_moving : o.dep_moving) = !mv_[t].v;
        continue;
      }
      if (t == 0) {
        o.tmr_valid = true;
        o.tmr_kind = static_cast<uint8_t>(h / n_);
        o.tmr_flow = h % n_;
        o.tmr_gen = r.gen;
        o.tmr_at_ns = r.at;
      } else {
        o.dep_valid = true;
        o.dep_flow = h - 4 * n_;
        o.dep_at_ns = r.at;
      }
    }
  }
  o.busy = c0_.v || c1_.v || mv_[0].v || mv_[1].v;
  if (!clearing_) {
    o.tmr_behind = static_cast<int32_t>(sd(now_slot, d_[0])) > 1;
    o.dep_behind = static_cast<int32_t>(sd(now_slot, d_[1])) > 1;
  }
  o.tmr_count = count_[0];
  o.dep_count = count_[1];
  o.tmr_drain_ns = d_[0] << gb_;
  o.dep_drain_ns = d_[1] << gb_;
  o.tmr_next_valid = nxv_[0];
  o.tmr_next_ns = nxs_[0] << gb_;
  o.dep_next_valid = nxv_[1];
  o.dep_next_ns = nxs_[1] << gb_;
  o.dropped = dropped_;
  return o;
}

uint32_t NicWheelModel::first_marked(unsigned t, uint32_t base) const {
  if (!fm_ok_[t] || fm_d_[t] != base) {
    fm_k_[t] = search_marked(t, base);
    fm_d_[t] = base;
    fm_ok_[t] = true;
  }
  return fm_k_[t];
}

uint32_t NicWheelModel::search_marked(unsigned t, uint32_t base) const {
  // the slots base + 1 .. base + S - 1, word by word from base + 1's (base itself excluded)
  const uint32_t p = idx(base + 1), dd = idx(base);
  const uint32_t nw = static_cast<uint32_t>(bm_[t].size());
  for (uint32_t n = 0; n <= nw; ++n) {
    const uint32_t w = ((p >> 6) + n) % nw;
    uint64_t x = bm_[t][w];
    if (s_ < 64) x &= (uint64_t{1} << s_) - 1;
    if (n == 0) x &= ~uint64_t{0} << (p & 63);            // from d + 1 on
    if (n == nw) x &= (uint64_t{1} << (p & 63)) - 1;      // the wrap: below d + 1
    if (w == (dd >> 6)) x &= ~(uint64_t{1} << (dd & 63)); // not d
    if (x) {
      const uint32_t i = w * 64 + static_cast<uint32_t>(std::countr_zero(x));
      return (i - p) % s_ + 1;
    }
    if (nw == 1 && n == 0 && (p & 63) == 0) break;
  }
  return 0;
}

NicWheelModel::C0 NicWheelModel::accept(NicWheelOp op, uint32_t id, uint8_t gen, uint32_t at,
                                        const std::array<uint32_t, 2>& d, uint32_t now_slot) const {
  C0 c;
  c.v = true;
  c.op = op;
  c.id = id;
  c.t = type_of(id);
  c.gen = gen;
  c.at = at;
  const uint32_t s = slot_of(at);
  const int32_t diff = static_cast<int32_t>(sd(s, d[c.t]));
  // a deadline whose slot time has come goes to the slot of now: behind every entry already
  // eligible (within the wheel, and not behind the drain)
  c.rch = static_cast<int32_t>(sd(s, now_slot)) <= 0;
  const int32_t nd = static_cast<int32_t>(sd(now_slot, d[c.t]));
  if (c.rch) {
    c.ts = nd <= 0 ? d[c.t] : nd > static_cast<int32_t>(s_) - 2 ? (d[c.t] + s_ - 2) & smask_ : now_slot;
  } else if (diff > static_cast<int32_t>(s_) - 2) {
    c.ts = (d[c.t] + s_ - 2) & smask_;
    c.far = true;
  } else {
    c.ts = s;
  }
  return c;
}

void NicWheelModel::unlink(uint32_t e, unsigned t, uint8_t x, uint32_t s) {
  const bool drained = s == d_[t];
  const uint32_t p = prv_[x][e], n = nxt_[x][e];
  const bool head = drained ? dh_[t][x] == e : p == kNil;
  const bool tail = n == kNil;
  if (head) {
    if (drained) dh_[t][x] = n;
    else hd_[t][x][idx(s)] = tail ? Word{} : Word{true, s, n};
  } else {
    nxt_[x][p] = n;
  }
  if (tail) {
    if (drained) dt_[t][x] = head ? kNil : p;
    else tl_[t][x][idx(s)] = head ? Word{} : Word{true, s, p};
  } else {
    prv_[x][n] = head ? kNil : p;
  }
  ev_.unlink_head |= head;
  ev_.unlink_tail |= tail;
  ev_.unlink_mid |= !head && !tail;
}

void NicWheelModel::link(uint32_t e, unsigned t, uint8_t y, uint32_t ts) {
  const bool drained = ts == d_[t];
  bool empty;
  uint32_t tail;
  if (drained) {
    empty = dh_[t][y] == kNil;
    tail = dt_[t][y];
  } else {
    const Word& w = tl_[t][y][idx(ts)];
    empty = !(w.v && w.tag == ts);
    tail = w.id;
  }
  if (nxt_[y][e] != kNil)
    throw std::logic_error("NicWheelModel: the node linked is not clean (id " + std::to_string(e) + ")");
  if (empty) {
    if (drained) dh_[t][y] = e;
    else hd_[t][y][idx(ts)] = Word{true, ts, e};
    prv_[y][e] = kNil;
  } else {
    nxt_[y][tail] = e;
    prv_[y][e] = tail;
  }
  if (drained) {
    dt_[t][y] = e;
    lnk_drn_[t] = true;
  }
  else tl_[t][y][idx(ts)] = Word{true, ts, e};
  if (!drained) {
    mark(t, idx(ts), true);
    mk_now_ = Mark{true, t, ts};
  }
  nxt_[(y + 1) % 3][e] = kNil;  // the next side this entry will link: clean
  ev_.drained_link |= drained;
}

void NicWheelModel::command(const C0& c, std::array<int, 2>& dcount, uint32_t now_slot) {
  const uint32_t e = c.id;
  const unsigned t = c.t;
  Rec& r = rec_[e];
  const bool l = linked(e);
  const uint8_t x = r.side, y = static_cast<uint8_t>((r.side + 1) % 3);
  const bool drained_now = static_cast<int32_t>(sd(c.ts, d_[t])) <= 0;
  const uint32_t ts = drained_now ? d_[t] : c.ts;
  ev_.behind |= drained_now;
  switch (c.op) {
    case NicWheelOp::MOVE:
      if (l || !r.far) {
        ev_.move_void = true;
        return;
      }
      link(e, t, y, ts);
      r = Rec{y, ts, c.far, c.gen, c.at};
      lnk_c_[e] ^= 1;
      ++dcount[t];
      ev_.move = true;
      ev_.park |= c.far;
      return;
    case NicWheelOp::ARM:
      // eligible (its slot reached) and re-armed to a reached deadline: keeps its place
      if (l && c.rch && static_cast<int32_t>(sd(r.slot, now_slot)) <= 0) {
        r.gen = c.gen;
        r.at = c.at;
        r.far = false;
        ev_.keep = true;
        return;
      }
      if (l) {
        ev_.relink_same |= r.slot == ts;
        unlink(e, t, x, r.slot);
      } else {
        lnk_c_[e] ^= 1;
        ++dcount[t];
      }
      link(e, t, y, ts);
      r = Rec{y, ts, c.far, c.gen, c.at};
      ev_.park |= c.far;
      return;
    case NicWheelOp::DISARM:
      if (l) {
        unlink(e, t, x, r.slot);
        lnk_c_[e] ^= 1;
        --dcount[t];
      }
      r.far = false;
      return;
    case NicWheelOp::NOP:
      return;
  }
}

void NicWheelModel::step(const NicWheelIn& in) {
  struct Forget {  // the kept outputs, when this step has changed the registers
    bool& ok;
    ~Forget() { ok = false; }
  } forget{out_ok_};
  ev_ = Events{};
  if (in.rst) {
    clearing_ = true;
    clr_ = 0;
    c0_ = C0{};
    c1_ = C0{};
    mk_ = Mark{};
    mk2_ = Mark{};
    sa_ = {};
    fmq_ = {};
    fok_ = {};
    sok_ = {};
    mv_ = {};
    adv_ = {};
    nxv_ = {};
    for (unsigned t = 0; t < 2; ++t) clear_marks(t);
    count_ = {};
    dropped_ = 0;
    for (auto& a : dh_) a.fill(kNil);
    for (auto& a : dt_) a.fill(kNil);
    d_ = {};
    now_q_ = in.now_ns;
    return;
  }
  if (clearing_) {
    // the RTL clears one word of every RAM per cycle: lnk_c, lnk_f, rec (side 0, not far),
    // nxt side 1 (the side an entry links first) and the slot words
    if (clr_ + 1 == std::max(e_, s_)) {
      for (uint32_t i = 0; i < e_; ++i) {
        lnk_c_[i] = lnk_f_[i] = 0;
        rec_[i].side = 0;
        rec_[i].far = false;
        nxt_[1][i] = kNil;
      }
      for (unsigned t = 0; t < 2; ++t)
        for (unsigned z = 0; z < 3; ++z) {
          std::fill(hd_[t][z].begin(), hd_[t][z].end(), Word{});
          clear_marks(t);
          std::fill(tl_[t][z].begin(), tl_[t][z].end(), Word{});
        }
      clearing_ = false;
      d_[0] = d_[1] = (now_q_ >> gb_) & smask_;
      fok_ = {};
      sok_ = {};
    } else {
      ++clr_;
    }
    now_q_ = in.now_ns;
    return;
  }

  const NicWheelOut out = outputs(in.now_ns);
  const std::array<uint32_t, 2> d0 = d_;
  const uint32_t now_slot = (now_q_ >> gb_) & smask_;
  std::array<int, 2> head_side{sel(0), sel(1)};
  std::array<bool, 2> blk{blocked(0), blocked(1)};
  std::array<bool, 2> all_empty{head_side[0] < 0, head_side[1] < 0};
  std::array<bool, 2> jump{};
  for (unsigned t = 0; t < 2; ++t)
    // (also while an advance is in flight: s_ready is low then too, so no command links an
    // entry before the jump, which comes in the cycle after the advance's phase 2)
    // (unsigned, as the RTL's far64: also when now reads as before d, after a clock stopped
    // for 2^31 ns or more with nothing linked; inside the horizon d is never after now)
    jump[t] = count_[t] == 0 && ((now_slot - d_[t]) & smask_) > 64;
  ev_.blocked = blk[0] || blk[1];
  // stage A of the search: the first marked slot after each base (this cycle's bitmap; the
  // base is d as it will be after a load: the slot an advance's phase 2 loads, else d;
  // wrong when a phase 2 does not load and in a jump), registered into sa_
  std::array<Found, 2> fa{};
  const std::array<bool, 2> adv0 = adv_;
  for (unsigned t = 0; t < 2; ++t) {
    const uint32_t base = adv_[t] ? nx_q_[t] : d_[t];
    const uint32_t k = first_marked(t, base);
    fa[t] = Found{k != 0, (base + k) & smask_, base};
  }
  std::array<bool, 2> d_moved{}, loaded{};
  mk_now_ = Mark{};
  lnk_drn_ = {};
  // the input of this cycle (registered into C0 at the edge): a MOVE first (it holds
  // s_ready low), else the command offered; targeted with this cycle's d and now
  C0 next{};
  if (mv_[0].v || mv_[1].v) {
    const unsigned t = mv_[0].v ? 0 : 1;
    next = accept(NicWheelOp::MOVE, mv_[t].id, mv_[t].gen, mv_[t].at, d0, now_slot);
  } else if (in.s_valid && out.s_ready) {
    const bool bad = (in.s_op != 1 && in.s_op != 2) || (in.s_kind > 3 && in.s_kind != 5) ||
                     in.s_flow >= n_;
    if (bad) {
      if (dropped_ < 0xffff) ++dropped_;
    } else {
      const uint32_t id = (in.s_kind == 5 ? 4 : in.s_kind) * n_ + in.s_flow;
      next = accept(static_cast<NicWheelOp>(in.s_op), id, in.s_gen, in.s_at_ns, d0, now_slot);
    }
  }

  // 1. the command in C1
  std::array<int, 2> dcount{};
  if (c1_.v) command(c1_, dcount, now_slot);

  // 2. the drains take their heads
  std::array<Mv, 2> mv_next = mv_;
  for (unsigned t = 0; t < 2; ++t) {
    const int z = head_side[t];
    if (z < 0 || blk[t]) continue;
    const uint32_t h = dh_[t][z];
    const Rec& r = rec_[h];
    bool take;
    if (r.far) {
      take = !mv_[t].v;
      if (take) mv_next[t] = Mv{true, h, r.gen, r.at};
    } else {
      take = t == 0 ? in.tmr_ready : in.dep_ready;
    }
    if (!take) continue;
    lnk_f_[h] ^= 1;
    --dcount[t];
    dh_[t][z] = nxt_[z][h];
    (t == 0 ? ev_.pop_tmr : ev_.pop_dep) = true;
  }

  // 3. the drains move on: a jump when nothing is linked and time is far ahead; else the
  //    next slot's heads and tails are read (phase 1) and loaded (phase 2) when every list
  //    of the slot being drained is empty and its time has come
  for (unsigned t = 0; t < 2; ++t) {
    if (adv_[t]) {
      adv_[t] = false;
      // the lists as they stood at the cycle's start, and C1 not linking into them (a head
      // linked at the last edge cancels the load even when it is popped in this cycle)
      const bool empty = all_empty[t] && !lnk_drn_[t];
      if (!empty) {
        ev_.cancel = true;
        continue;
      }
      const uint32_t s = nx_q_[t];
      mark(t, idx(s), false);
      for (unsigned z = 0; z < 3; ++z) {
        Word& h = hd_[t][z][idx(s)];
        Word& w = tl_[t][z][idx(s)];
        dh_[t][z] = (h.v && h.tag == s) ? h.id : kNil;
        dt_[t][z] = (w.v && w.tag == s) ? w.id : kNil;
        // the words are the drain's now: invalid in RAM, so that no access 2^32 ns later,
        // when the slot number comes round again, takes them for that slot's (the RTL's
        // bitmap bit, cleared by the load, and side bits, sa: rtl/dcqcn_nic_wheel.sv)
        h.v = false;
        w.v = false;
      }
      d_[t] = s;
      d_moved[t] = true;
      loaded[t] = true;
      ev_.advance = true;
    } else if (jump[t] && !c0_.v && !c1_.v) {
      d_[t] = now_slot;
      d_moved[t] = true;
      mark(t, idx(now_slot), false);  // a stale mark of the slot jumped to
      ev_.jump = true;
    } else if (all_empty[t] && static_cast<int32_t>(sd(now_slot, d_[t])) >= 1 && fok_[t]) {
      // phase 1: the slot to load, the first marked one up to now (the search that read the
      // bitmap two cycles before, from this d: fok_), and not beyond a slot marked at the last
      // two edges (after that bitmap) nor a target of the command in C1, in C0 or at the
      // input (their links mark it only at their edge)
      adv_[t] = true;
      uint32_t lim = sd(now_slot, d_[t]);
      auto stop = [&](uint32_t s) {
        const int32_t k = static_cast<int32_t>(sd(s, d_[t]));
        if (k >= 1 && static_cast<uint32_t>(k) < lim) lim = static_cast<uint32_t>(k);
      };
      for (const Mark* m : {&mk2_, &mk_})
        if (m->v && m->t == t) stop(m->s);
      for (const C0* c : {&c1_, &c0_, &next})
        if (c->v && c->t == t) stop(c->ts);
      const uint32_t kf = (fmq_[t].s - d_[t]) & smask_;
      nx_q_[t] = (d_[t] + ((fmq_[t].v && kf <= lim) ? kf : lim)) & smask_;
    }
  }
  for (unsigned t = 0; t < 2; ++t) count_[t] = static_cast<uint32_t>(static_cast<int>(count_[t]) + dcount[t]);

  // 4. the input into C0 (a MOVE taken clears its register)
  if (next.v && next.op == NicWheelOp::MOVE) mv_next[mv_[0].v ? 0 : 1].v = false;
  c1_ = c0_;
  c0_ = next;
  for (unsigned t = 0; t < 2; ++t) {
    // nxs: stage B's result (sa_: the bitmap of the cycle before), or the slot marked at
    // the last edge when it comes first after that search's base (distances over the index)
    const uint32_t rm = (mk_.s - sa_[t].base) & (s_ - 1), rf = (sa_[t].s - sa_[t].base) & (s_ - 1);
    const bool m_ok = mk_.v && mk_.t == t && rm != 0;
    const bool m_win = m_ok && (!sa_[t].v || rm < rf);
    nxv_[t] = head_side[t] >= 0 || !sok_[t] || sa_[t].v || m_ok;
    nxs_[t] = head_side[t] >= 0 ? d0[t] : !sok_[t] ? ((d0[t] + 1) & smask_) : m_win ? mk_.s : sa_[t].s;
    fmq_[t] = sa_[t];
    sa_[t] = fa[t];
    fok_[t] = sok_[t] && !d_moved[t];
    sok_[t] = adv0[t] ? loaded[t] : !d_moved[t];
  }
  mk2_ = mk_;
  mk_ = mk_now_;
  mv_ = mv_next;
  now_q_ = in.now_ns;
}

std::string NicWheelModel::describe() const {
  std::ostringstream o;
  auto id = [](uint32_t v) { return v == kNil ? std::string("-") : std::to_string(v); };
  for (unsigned t = 0; t < 2; ++t) {
    o << (t ? " dep" : " tmr") << ": d=" << d_[t] << " adv=" << adv_[t] << " count=" << count_[t]
      << " heads=";
    for (unsigned z = 0; z < 3; ++z) o << id(dh_[t][z]) << "/" << id(dt_[t][z]) << (z < 2 ? "," : "");
    o << " mv=" << (mv_[t].v ? std::to_string(mv_[t].id) : "-");
  }
  for (const C0* c : {&c0_, &c1_})
    o << (c == &c0_ ? " c0=" : " c1=")
      << (c->v ? std::to_string(static_cast<int>(c->op)) + ":" + std::to_string(c->id) + "@" +
                     std::to_string(c->ts)
               : "-");
  return o.str();
}

}  // namespace dcqcn
