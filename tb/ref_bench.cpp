// SPDX-License-Identifier: MIT
// Throughput of the reference models alone (what the network simulation runs with
// --engine ref): N random events per block through process(); prints a JSON object.
//   ref_bench [N]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "cp_ref.h"
#include "harness.h"
#include "np_ref.h"
#include "rp_ref.h"

using namespace dcqcn;

namespace {

template <typename F>
double rate(uint64_t n, F&& body) {
  const auto t0 = std::chrono::steady_clock::now();
  uint64_t sink = 0;
  for (uint64_t i = 0; i < n; ++i) sink += body(i);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (sink == 42) std::fprintf(stderr, " ");  // keep the work observable
  return n / s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 2) {
    std::fprintf(stderr, "ref_bench: one argument at most: the events per model (default 2000000)\n");
    return 2;
  }
  const uint64_t n = argc > 1 ? tb::whole_number("ref_bench", "N", argv[1], 1, 1000000000000ull,
                                                 "the events per model")
                              : 2000000;
  constexpr uint32_t kFlows = 1024;
  tb::Rng rng(1);

  RpAlgo rp(kFlows);
  const double rp_eps = rate(n, [&](uint64_t i) {
    RpEvent e;
    e.flow = static_cast<uint32_t>(rng.below(kFlows));
    e.now_ns = static_cast<uint32_t>(i * 100);
    e.op = rng.chance(10) ? RpOp::CNP : RpOp::TX;
    e.bytes = 1500;
    return rp.process(e).rc;
  });

  NpAlgo np(kFlows);
  const double np_eps = rate(n, [&](uint64_t i) {
    NpEvent e;
    e.op = NpOp::RX;
    e.flow = static_cast<uint32_t>(rng.below(kFlows));
    e.now_ns = static_cast<uint32_t>(i * 100);
    e.ecn = static_cast<uint8_t>(rng.below(4));
    return static_cast<uint32_t>(np.process(e).cnp);
  });

  CpAlgo cp(kFlows);
  const double cp_eps = rate(n, [&](uint64_t i) {
    CpEvent e;
    e.op = CpOp::PKT;
    e.queue = static_cast<uint32_t>(rng.below(kFlows));
    e.now_ns = static_cast<uint32_t>(i * 100);
    e.qlen_bytes = static_cast<uint32_t>(rng.below(300000));
    e.ecn = static_cast<uint8_t>(rng.below(4));
    return static_cast<uint32_t>(cp.process(e).ecn);
  });

  std::printf("{\"rp\": %.0f, \"np\": %.0f, \"cp\": %.0f}\n", rp_eps, np_eps, cp_eps);
  return 0;
}
