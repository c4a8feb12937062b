// SPDX-License-Identifier: MIT
// Models in contexts of their own (dut.h's Clocked), destroyed in any order: Verilator
// 5.006 erases a model's scopes from the thread's current context, so the wrapper must
// keep that pointer valid (dcqcn-sim hung at its exit when it did not).
#include <gtest/gtest.h>

#include <memory>

#include "dut.h"  // first: the Verilator runtime with its warning waiver
#include "Vscope_probe.h"
#include "verilated_syms.h"  // VerilatedScopeNameMap

namespace {

using Probe = dcqcn::Clocked<Vscope_probe>;

void run(Probe& p, int cycles) {
  p.m().rst = 1;
  p.m().stop_at = 200;  // never reached: the test prints nothing
  p.m().fatal_at = 0;
  p.low();
  p.high();
  p.m().rst = 0;
  for (int i = 0; i < cycles; ++i) {
    p.low();
    p.high();
  }
}

// The probe really has a scope in its own context (else the test would not exercise the
// destructor's path).
TEST(VerilatedContexts, TheProbeHasAScope) {
  Probe p("probe", 1, false);
  run(p, 3);
  EXPECT_EQ(p.m().count, 3);
  const auto* names = p.context()->scopeNameMap();
  ASSERT_NE(names, nullptr);
  EXPECT_FALSE(names->empty());
}

// Two models, each in its own context, destroyed in the order of creation and in the
// reverse one: after each destruction the thread's context is a live one (the other
// model's, or Verilator's default), never the destroyed context.
TEST(VerilatedContexts, ScopedModelsDestroyInEitherOrder) {
  for (const bool first_created_first : {true, false}) {
    SCOPED_TRACE(first_created_first ? "first created destroyed first"
                                     : "last created destroyed first");
    auto a = std::make_unique<Probe>("a", 1, false);
    auto b = std::make_unique<Probe>("b", 2, false);
    run(*a, 5);
    run(*b, 7);
    EXPECT_EQ(a->m().count, 5);
    EXPECT_EQ(b->m().count, 7);
    VerilatedContext* const actx = a->context();
    VerilatedContext* const bctx = b->context();
    std::unique_ptr<Probe>& gone = first_created_first ? a : b;
    std::unique_ptr<Probe>& kept = first_created_first ? b : a;
    VerilatedContext* const gone_ctx = first_created_first ? actx : bctx;
    gone.reset();
    EXPECT_NE(Verilated::threadContextp(), gone_ctx);
    run(*kept, 4);  // the survivor still runs
    EXPECT_EQ(kept->m().count, 4);
    kept.reset();
    EXPECT_NE(Verilated::threadContextp(), actx);
    EXPECT_NE(Verilated::threadContextp(), bctx);
    EXPECT_EQ(Verilated::threadContextp(), Verilated::defaultContextp());
  }
}

// An RTL check that fails ($fatal) in one model throws RtlCheckFailed from that model's
// clock edge, naming it and the cycle, instead of Verilator's print-and-abort; the other
// model, in its own context, is not affected and runs on.
TEST(VerilatedContexts, AFailedRtlCheckThrowsFromItsOwnModelOnly) {
  Probe a("a", 1, false);
  Probe b("b", 2, false);
  run(a, 2);
  run(b, 2);
  b.m().fatal_at = 5;  // b's count is 2: its check fails at the third edge from here
  b.low();
  b.high();
  b.low();
  b.high();
  b.low();
  try {
    b.high();
    FAIL() << "no RtlCheckFailed at the edge where the probe's $fatal runs";
  } catch (const dcqcn::RtlCheckFailed& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("model b at its cycle 5"), std::string::npos) << what;
  }
  EXPECT_EQ(b.m().count, 5);
  EXPECT_FALSE(a.context()->gotError());
  run(a, 6);  // a's context never saw b's error
  EXPECT_EQ(a.m().count, 6);
}

}  // namespace
