// SPDX-License-Identifier: MIT
// Merges VCD files that share a timescale into one, each under its own top scope, with
// identifier codes renumbered and value changes interleaved in time order, so that
// GTKWave shows RTL waveforms and network-level signals on one time axis.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace dcqcn::net {

// parts: (scope name, file). Throws std::runtime_error naming the file on a parse
// error or a timescale that differs from the first file's.
void merge_vcds(const std::vector<std::pair<std::string, std::string>>& parts,
                const std::string& out);

}  // namespace dcqcn::net
