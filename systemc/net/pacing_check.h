// SPDX-License-Identifier: MIT
// The pacing check (docs/network.md "Checks in every run"): no flow departs later than
//   bound = max(its last rate change, previous departure + previous packet's bytes at its
//               current Rc)
// plus the time its port was busy (a frame of any flow or kind on the wire) or paused
// (PFC on the data priority) in between. It is independent of the RP's arithmetic: the
// packet time is bytes * 8 / Rc in doubles, Rc is the rate of the flow's latest RP
// result, a "rate change" is a result whose Rc differs from the one before.
//
// PortCover keeps, per port, the cumulative time the port was neither busy nor paused,
// I(t) (idle time), as a short history of the idle gaps; the wait a departure at t
// cannot explain is then I(t) - I(bound). Back-to-back frames leave no gap, so a busy
// port has a short history; the oldest gaps are dropped beyond kMaxGaps, and a bound
// older than the history is measured from its oldest point (that can only under-count
// the uncovered wait: never a false violation; counted as `truncated`).
// Header only, no SystemC: unit-tested by pacing_test.
#pragma once
#include <algorithm>
#include <cstdint>
#include <deque>

namespace dcqcn::net {

class PortCover {
 public:
  static constexpr size_t kMaxGaps = 4096;

  // A frame started (on = true) or finished leaving the port, at time now (ns).
  void busy(bool on, double now) { step(on ? +1 : -1, now); }
  // The data priority was paused / resumed by the peer (repeats are ignored).
  void paused(bool on, double now) {
    if (on == paused_) return;
    paused_ = on;
    step(on ? +1 : -1, now);
  }

  // Idle (neither busy nor paused) time in [0, t], for t no later than the last event
  // or, if the port is idle now, any t. *truncated: t is older than the history kept.
  double idle_until(double t, bool* truncated = nullptr) const {
    if (active_ == 0 && t >= gap_start_) return idle_closed_ + (t - gap_start_);
    // the last closed gap starting at or before t: bounds are recent, so look at the
    // newest gaps first, then search
    auto it = gaps_.end();
    for (int k = 0; k < 4 && it != gaps_.begin() && std::prev(it)->start > t; ++k) --it;
    if (it != gaps_.begin() && std::prev(it)->start > t)
      it = std::upper_bound(gaps_.begin(), it, t, [](double x, const Gap& g) { return x < g.start; });
    if (it == gaps_.begin()) {
      if (truncated) *truncated = trimmed_;
      return gaps_.empty() ? (trimmed_ ? idle_closed_ : 0.0) : gaps_.front().idle_before;
    }
    const Gap& g = *std::prev(it);
    return g.idle_before + (std::min(t, g.end) - g.start);
  }

  size_t gaps() const { return gaps_.size(); }

 private:
  struct Gap {
    double start, end, idle_before;  // idle_before: I(start)
  };
  void step(int d, double now) {
    if (active_ == 0 && d > 0) {  // an idle gap ends
      const double len = now - gap_start_;
      if (len > 0) {
        gaps_.push_back({gap_start_, now, idle_closed_});
        idle_closed_ += len;
        if (gaps_.size() > kMaxGaps) {
          gaps_.pop_front();
          trimmed_ = true;
        }
      }
    }
    active_ += d;
    if (active_ == 0) gap_start_ = now;  // an idle gap begins
  }

  int active_ = 0;           // frames on the wire + paused (0 or 1)
  bool paused_ = false;
  double gap_start_ = 0;     // start of the current gap when active_ == 0 (idle from time 0)
  double idle_closed_ = 0;   // idle time in the closed gaps, trimmed ones included
  bool trimmed_ = false;
  std::deque<Gap> gaps_;     // closed gaps of positive length, oldest first
};

// Per-flow state of the check: two doubles and two words.
struct FlowPacing {
  double prev_ns = -1;       // last departure; < 0: none since the start or INIT (no bound)
  double floor_ns = 0;       // latest rate change, or the time the flow got data again
  uint32_t prev_bytes = 0;   // bytes of the packet that left at prev_ns
  uint32_t rc_kbps = 0;      // Rc of the flow's latest RP result (0: none yet)
};

struct PacingStats {
  uint64_t checked = 0;      // departures that had a bound
  uint64_t violations = 0;   // ... whose uncovered wait exceeded the tolerance
  double tolerance_ns = 0;   // the largest tolerance of the NICs checked
  uint64_t truncated = 0;    // ... whose bound was older than the port's history
  double worst_ns = 0;       // largest uncovered wait of any checked departure
  uint64_t retimed = 0;      // RP results that moved a pending departure (NIC statistic)
  void add(const PacingStats& o) {
    checked += o.checked;
    violations += o.violations;
    truncated += o.truncated;
    worst_ns = std::max(worst_ns, o.worst_ns);
    tolerance_ns = std::max(tolerance_ns, o.tolerance_ns);
    retimed += o.retimed;
  }
};

class PacingCheck {
 public:
  // Rounding, plus the scheduler's "due" epsilon: the RP rounds a departure up to a whole
  // ns (< 1 ns), and it sees time as whole ns, rounded to the nearest (now_ns32, sim_time.h):
  // a re-timed departure, max(change, previous departure + packet time), is computed from
  // two such timestamps, each up to 0.5 ns off the simulated time the check uses.
  static constexpr double kTolNs = 2.0 + 1e-6;
  // The scheduler's resolution (NicCore::pacing_resolution_ns: 31 ns for the timing
  // wheel's 32-ns slots, 0 for a scheduler exact to the ns) is allowed on top.
  PacingCheck() { st_.tolerance_ns = tol_ns_; }
  void set_resolution_ns(double r) { st_.tolerance_ns = tol_ns_ = kTolNs + r; }
  double tolerance_ns() const { return tol_ns_; }

  // Every RP result of the flow, at time now.
  static void on_result(FlowPacing& f, bool init, uint32_t rc_kbps, double now) {
    if (init) f.prev_ns = -1;  // the first packet after INIT has no bound
    if (rc_kbps != f.rc_kbps) f.floor_ns = std::max(f.floor_ns, now);
    f.rc_kbps = rc_kbps;
  }
  // The flow had nothing to send and has data again (go-back-N rewind): it cannot have
  // been due before now.
  static void on_data_again(FlowPacing& f, double now) { f.floor_ns = std::max(f.floor_ns, now); }

  // Lower bound of the flow's next departure (< 0: none).
  static double bound_ns(const FlowPacing& f) {
    if (f.prev_ns < 0 || f.rc_kbps == 0) return -1;
    return std::max(f.floor_ns, f.prev_ns + f.prev_bytes * 8e6 / f.rc_kbps);
  }

  // A data packet of `bytes` leaves the port at now: checks it against the bound and
  // makes it the flow's previous departure. Returns the uncovered wait (0 if unchecked).
  double on_departure(FlowPacing& f, const PortCover& port, double now, uint32_t bytes) {
    double unc = 0;
    const double b = bound_ns(f);
    if (b >= 0) {
      ++st_.checked;
      if (b < now) {
        bool trunc = false;
        unc = port.idle_until(now) - port.idle_until(b, &trunc);
        st_.truncated += trunc;
      }
      st_.worst_ns = std::max(st_.worst_ns, unc);
      st_.violations += unc > tol_ns_;
    }
    f.prev_ns = now;
    f.prev_bytes = bytes;
    return unc;
  }

  PacingStats& stats() { return st_; }
  const PacingStats& stats() const { return st_; }

 private:
  PacingStats st_;
  double tol_ns_ = kTolNs;
};

}  // namespace dcqcn::net
