// SPDX-License-Identifier: MIT
// The frame services of the network simulation (docs/network.md, "How frames are made in
// the simulation"): where the bytes of a frame matter, the frame blocks of docs/frames.md
// make or read them, on the run's engine.
//  - NicFrames, one per NIC: every CNP the NIC sends is built by the CNP builder
//    (dcqcn_cnp_build) from the flow's QP context; every frame the NIC receives is
//    classified from its bytes by the receive classifier (dcqcn_rx_class) into the
//    descriptor the NIC's DCQCN core gets.
//  - SwitchFrames, one per switch: every CE mark a switch applies is applied to the
//    frame's bytes by the ECN marker (dcqcn_ecn_mark).
// Engine "rtl" (frames_rtl.cpp): the Verilated blocks at DATA_WIDTH 512, clocked to
// completion per frame (the classifier's and the marker's pipelines drained, the
// builder's frame out to its last beat); engine "ref" (frames_ref.cpp): the references'
// whole-frame functions (cnp_frame, rx_class_frame with the QP table, ecn_mark_frame),
// which the lock-step benches prove equal to the blocks' bytes and descriptors. Both give
// identical bytes and descriptors for the same calls. Frames carry no FCS (the MAC's).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cnp_build_ref.h"
#include "ecn_mark_ref.h"
#include "engine.h"
#include "rx_class_ref.h"

namespace dcqcn::net {

// The sizes the RTL frame blocks are built at (CMakeLists.txt here): the CNP builder's
// context RAM (flows, by the NP's index) and the classifier's QP table. A NIC of the RTL
// engine has at most kRtlFlows (or kNicTopMaxFlows) flows per direction, so its QPNs
// (docs/network.md: kQpnBase + a local index below twice that) never share a table entry.
inline constexpr uint32_t kRtlCnpFlows = 1024;
inline constexpr uint32_t kRtlRxQps = 2048;
inline constexpr unsigned kFrameDataWidth = 512;

// What a NIC's blocks are set up with (written through their CSRs on the RTL engine).
struct NicFrameConfig {
  std::string name;                 // the NIC, for messages
  CnpGlobals globals;               // the CNP builder's SRC_MAC, DSCP, VLAN
  std::vector<QpContext> cnp_ctx;   // by NP index: the context of the flow's CNPs
  // the classifier's QP table: (local QPN, flow index: the RP's for a QP the NIC sends
  // on, the NP's for one it receives on)
  std::vector<std::pair<uint32_t, uint32_t>> qps;
};

// The classifier's verdict on one frame: the class (as the counters of docs/frames.md
// name them) and, for DATA and CNPS, the descriptor's fields.
enum class RxVerdict : uint8_t { Short, NotRoce, BadIcrc, UnknownQpn, Data, Cnp };
const char* rx_verdict_name(RxVerdict v);

struct RxDesc {
  RxVerdict verdict = RxVerdict::Short;
  // m_axis_rxdata / m_axis_rxcnp [47:32]: 16 bits in the block (the RTL service refuses a
  // larger index); the reference service carries any index (a NIC of the ref engine may
  // have more than 65536 flows)
  uint32_t flow = 0;
  uint8_t ecn = 0;    // m_axis_rxdata [49:48] (Data)
  bool operator==(const RxDesc&) const = default;
};

class NicFrames {
 public:
  virtual ~NicFrames() = default;
  // The CNP of the flow at NP index np_idx (a request on s_axis_cnpreq) into out (74
  // bytes, no FCS). Throws if the block sends no frame (no context).
  virtual void build_cnp(uint32_t np_idx, double at_ns, std::vector<uint8_t>& out) = 0;
  // The classifier on the len bytes of a received frame (no FCS).
  virtual RxDesc classify(const uint8_t* f, size_t len, double at_ns) = 0;
  virtual uint64_t cycles() const { return 0; }  // RTL clock cycles run so far
  // Host memory of its per-flow tables in C++ containers (the reference's contexts and QP
  // map: capacity x element size); 0 for the RTL, whose RAMs are inside the model.
  virtual size_t flow_state_bytes() const { return 0; }
};

class SwitchFrames {
 public:
  virtual ~SwitchFrames() = default;
  // The marker with decision 1 on the len bytes of a frame (no FCS), in place; returns
  // how the mark request was counted (EcnOutcome::Marked when the frame got CE).
  virtual EcnOutcome mark(uint8_t* f, size_t len, double at_ns) = 0;
  virtual uint64_t cycles() const { return 0; }
};

std::unique_ptr<NicFrames> make_nic_frames(EngineKind k, const NicFrameConfig& c);
std::unique_ptr<SwitchFrames> make_switch_frames(EngineKind k);
// The RTL services (frames_rtl.cpp); they throw if the config exceeds the built sizes.
std::unique_ptr<NicFrames> make_nic_frames_rtl(const NicFrameConfig& c);
std::unique_ptr<SwitchFrames> make_switch_frames_rtl();

}  // namespace dcqcn::net
