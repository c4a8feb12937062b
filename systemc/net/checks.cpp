// SPDX-License-Identifier: MIT
#include <cstdio>

#include "nic.h"
#include "report.h"
#include "switch.h"

namespace dcqcn::net {

bool run_checks(const RunResult& r, std::string& report, nlohmann::json& j) {
  const Counters& cnt = r.ctx.counters;
  bool ok = true;
  uint64_t queued = 0, standing = 0, xoff = 0, xon = 0;
  for (const Switch* sw : r.switches) {
    queued += sw->data_queued();
    standing += sw->xoff_standing();
    xoff += sw->xoff_sent_total();
    xon += sw->xon_sent_total();
  }
  const uint64_t on_wire = static_cast<uint64_t>(cnt.wire[0]);
  // Every DATA frame a NIC injected (retransmissions included) was accepted in order,
  // discarded by its receiver (out of order, duplicate), dropped by a switch or lost on a
  // link, or is still queued or on a wire.
  const bool conserved = cnt.data_injected == cnt.data_delivered + cnt.data_discarded +
                                                   cnt.drops_data + cnt.drops_link + queued + on_wire;
  j["conservation"] = {{"injected", cnt.data_injected}, {"delivered", cnt.data_delivered},
                       {"discarded", cnt.data_discarded}, {"dropped", cnt.drops_data},
                       {"link_loss", cnt.drops_link}, {"queued", queued}, {"on_wire", on_wire},
                       {"ok", conserved}};
  if (!conserved) {
    ok = false;
    report += "CHECK FAILED: packet conservation: injected " + std::to_string(cnt.data_injected) +
              " != delivered " + std::to_string(cnt.data_delivered) + " + discarded " +
              std::to_string(cnt.data_discarded) + " + dropped " + std::to_string(cnt.drops_data) +
              " + link loss " + std::to_string(cnt.drops_link) + " + queued " +
              std::to_string(queued) + " + on the wire " + std::to_string(on_wire) + "\n";
  }
  j["lossless_drops"] = cnt.drops_lossless;
  j["nic_rx_overflows"] = cnt.nic_overflows;
  if (cnt.nic_overflows)
    report += "WARNING: " + std::to_string(cnt.nic_overflows) +
              " packets arrived at a full NIC receive buffer: nic.rx_buffer_bytes leaves less "
              "than the headroom the PAUSE needs\n";
  if (cnt.drops_lossless)
    report += "WARNING: " + std::to_string(cnt.drops_lossless) +
              " packets dropped in a lossless class: the headroom (switch.pfc.headroom_bytes) "
              "cannot absorb what is in flight while PAUSE takes effect\n";
  j["buffer_accounting_ok"] = cnt.buffer_violations == 0;
  if (cnt.buffer_violations) {
    ok = false;
    report += "CHECK FAILED: buffer accounting went negative or above capacity " +
              std::to_string(cnt.buffer_violations) + " times\n";
  }
  const bool pfc_ok = xoff == xon + standing;
  j["pfc"] = {{"xoff_sent", xoff}, {"xon_sent", xon}, {"xoff_standing_at_end", standing},
              {"ok", pfc_ok}};
  if (!pfc_ok) {
    ok = false;
    report += "CHECK FAILED: " + std::to_string(xoff) + " XOFF but " + std::to_string(xon) +
              " XON and " + std::to_string(standing) + " still standing\n";
  }
  // Pacing (pacing_check.h): no data departure later than its flow's bound plus the time
  // its port was busy or paused since; the first packet of a flow (or after INIT) has none.
  PacingStats pc;
  for (const Nic* nic : r.nics) pc.add(nic->pacing_stats());
  j["pacing"] = {{"departures_checked", pc.checked}, {"violations", pc.violations},
                 {"worst_ns", pc.worst_ns}, {"tolerance_ns", pc.tolerance_ns},
                 {"history_truncated", pc.truncated}, {"retimed", pc.retimed},
                 {"ok", pc.violations == 0}};
  if (pc.violations) {
    ok = false;
    char b[256];
    std::snprintf(b, sizeof b,
                  "CHECK FAILED: pacing: %llu of %llu data departures left more than %.0f ns after "
                  "their flow's bound, not explained by a busy or paused port (worst %.1f ns)\n",
                  static_cast<unsigned long long>(pc.violations),
                  static_cast<unsigned long long>(pc.checked), pc.tolerance_ns, pc.worst_ns);
    report += b;
  }
  j["np_interval_violations"] = cnt.np_min_gap_violations;
  if (cnt.np_min_gap_violations) {
    ok = false;
    report += "CHECK FAILED: the NP sent " + std::to_string(cnt.np_min_gap_violations) +
              " CNPs closer than its interval to the previous one of the same flow\n";
  }
  j["np_budget_violations"] = cnt.np_budget_violations;
  if (cnt.np_budget_violations) {
    ok = false;
    report += "CHECK FAILED: a NIC sent " + std::to_string(cnt.np_budget_violations) +
              " CNPs closer than NP_CNP_BUDGET_NS to its previous CNP\n";
  }
  j["ok"] = ok;
  return ok;
}

}  // namespace dcqcn::net
