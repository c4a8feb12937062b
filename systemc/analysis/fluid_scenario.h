// SPDX-License-Identifier: MIT
// The fluid model's configuration from a scenario (`dcqcn-sim fluid SCENARIO`): its flows,
// bottleneck and control-loop delay from the topology (net/topology.h), its parameters
// from the registers the scenario loads into the blocks (net/engine_config.h).
#pragma once
#include "fluid.h"
#include "scenario.h"

namespace dcqcn::analysis {

// Every flow must end at the same host (one bottleneck: the switch port towards it);
// tau* = the longest round-trip propagation delay of a flow's path. Throws
// std::invalid_argument for a scenario the model cannot represent.
void fluid_from_scenario(const net::Scenario& sc, FluidConfig& c);

}  // namespace dcqcn::analysis
