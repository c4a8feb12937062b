// SPDX-License-Identifier: MIT
// The GTKWave save file written next to dcqcn-sim's waveform (FILE.gtkw): opened with
// `gtkwave FILE.gtkw`, it loads the waveform and shows
//   - the network: per-flow Rc (kb/s) and per-port egress queue (bytes) as analog step
//     traces, the PFC pauses, the per-flow CE marks and CNPs;
//   - one closed group per drawn block instance (h3.rp, sw.cp, ...): its events (clk,
//     s_evt_valid/ready and the s_evt_* fields), its results (m_out_valid and m_out_*),
//     and its state (the RTL module's own registers, when the depth drew them).
// Every name in it is one of `names` (Wave::signal_names), so it opens what it lists; the
// network's traces carry a label (`+{f3 h4->r Rc} net.flows...`): GTKWave shows leaf names.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace dcqcn::net {

// The save file's text; the view spans [from_ps, to_ps] (zoomed to fit).
std::string gtkw_text(const std::string& wave_path, const std::vector<std::string>& names, uint64_t from_ps,
                      uint64_t to_ps);
// Writes it to `path` (throws std::runtime_error if it cannot).
void write_gtkw(const std::string& path, const std::string& wave_path, const std::vector<std::string>& names,
                uint64_t from_ps, uint64_t to_ps);

}  // namespace dcqcn::net
