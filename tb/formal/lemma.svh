// SPDX-License-Identifier: MIT
// LEMMA and PROPERTY of the inductive harnesses (tb/formal/README.md, "Runner options":
// scripts/formal.sh kind), included by each inside its module, after its `kstep` input:
//   - a mutation's run (FORMAL_MUTATION): the property alone, so that its counterexample is
//     one of the property, not of a lemma the mutation also breaks;
//   - scripts/formal.sh kind (FORMAL_KIND): with kstep, the first cycle is any state where
//     every lemma and property holds (the induction step); without it, the initial state
//     (the base case);
//   - otherwise (bmc, pdr) both are plain assertions.
`ifndef DCQCN_FORMAL_LEMMA_SVH
`define DCQCN_FORMAL_LEMMA_SVH
`ifdef FORMAL_MUTATION
  `define LEMMA(c) begin end
  `define PROPERTY(c) assert (c)
`elsif FORMAL_KIND
  `define LEMMA(c) if ($initstate && kstep) assume (c); else assert (c)
  `define PROPERTY(c) `LEMMA(c)
`else
  `define LEMMA(c) assert (c)
  `define PROPERTY(c) assert (c)
`endif
`endif
