// SPDX-License-Identifier: MIT
// A directed trace of rtl/dcqcn_nic_wheel.sv (scripts/formal.sh nic_wheel_wrap MATCH|EARLY
// bmc3 66): before 2026-11-28 a slot word left by the drain aliased its slot 2^32 ns later
// and the entry it named fired a second time, or early (tb/formal/README.md, "The NIC's
// timing wheel"): the reproduction of the RTL bug the inductive proof attempt found. Not a
// proof: a bounded run of one fixed schedule, in CTest as the bug's regression
// (formal.nic_wheel_wrap.*), each with the bug put back as its mutation
// (tb/formal/nic_wheel_wrap_mutations.txt), which it must catch.
//
// NUM_FLOWS = 4, SLOT_BITS = 1, SLOTS_LOG2 = 4 (as tb/formal/nic_wheel_props.sv). Every input
// is a fixed schedule of the cycle k (only the RAM words the clear does not write start
// free): reset in cycle 0 (the clear in 1..20), now_ns 2 ns a cycle from 0; in cycle 22 an
// ARM of timer (kind 0, flow 0) due 10 ns later (slot s0); m_tmr_ready high: the entry
// fires once, the drain leaves its head word (timer wheel, side 1, index s0 mod 16,
// {valid, tag(s0), id 0}) in RAM, nothing else is filed at that index. Then now_ns steps
// 2^31 - 2^16 ns (cycle 50), again (cycle 54) and 2^17 - 46 ns (cycle 58): each step is
// below 2^31 (the 2^31 time rule), the wheel is empty, the drain jumps each time; now_ns
// is then 2^32 - 46 ns after its value before the steps: the slot before s0 (modulo 2^31 slots).
// From cycle 62 now_ns steps 2 ns a cycle again: the drain loads slot s0 + 2^31 (slot
// arithmetic is modulo 2^31: the same slot number), compares the stale word's tag, takes
// id 0 as its head and gives it to the output: entry 0 leaves a second time, unarmed.
// MATCH (as in nic_wheel_props.sv, for entry 0): an entry leaves only while armed.
// EARLY (as in nic_wheel_props.sv): compiled with CHECK_EARLY, the schedule also re-arms
// entry 0 in cycle 60 (after the steps) 24 ns ahead (12 slots: in the wheel, side 2); the
// stale word (side 1) brings it to the output in cycle 65 at slot s0, 9 slots early.
//! formal.sh rtl: dcqcn_ram_sdp.sv dcqcn_nic_wheel.sv
//! formal.sh cut: none
`default_nettype none

module nic_wheel_wrap_props (
    input logic clk
);
  localparam int N = 4;
  logic [7:0]  k = '0;               // the cycle (saturating)
  logic [31:0] now_q = '0;           // the last cycle's now
  wire  [31:0] now_step = (k == 8'd50 || k == 8'd54) ? 32'h7FFF_0000 :
                          (k == 8'd58) ? 32'h0002_0000 - 32'd46 :
                          (k == 8'd0) ? 32'd0 :
                          (k > 8'd50 && k < 8'd62) ? 32'd0 : 32'd2;
  wire  [31:0] now_ns  = now_q + now_step;
  wire         rst     = k == 8'd0;
  always_ff @(posedge clk) begin
    if (k != 8'hFF) k <= k + 8'd1;
    now_q <= now_ns;
  end
`ifdef CHECK_EARLY
  localparam bit REARM = 1'b1;
`else
  localparam bit REARM = 1'b0;
`endif
  wire         s_valid = k == 8'd22 || (REARM && k == 8'd60);
  wire  [1:0]  s_op    = 2'd1;        // ARM
  wire  [2:0]  s_kind  = 3'd0;
  wire  [31:0] s_flow  = 32'd0;
  wire  [7:0]  s_gen   = 8'h5A;
  wire  [31:0] s_at_ns = now_ns + ((k == 8'd60) ? 32'd24 : 32'd10);

  logic        s_ready, m_tmr_valid, m_dep_valid;
  logic [2:0]  m_tmr_kind;
  logic [31:0] m_tmr_flow, m_tmr_at_ns, m_dep_flow, m_dep_at_ns;
  logic [7:0]  m_tmr_gen;
  /* verilator lint_off UNUSEDSIGNAL */
  logic        tmr_moving, dep_moving, busy, tmr_behind, dep_behind;
  logic        tmr_next_valid, dep_next_valid;
  logic [31:0] tmr_count, dep_count, tmr_drain_ns, dep_drain_ns, tmr_next_ns, dep_next_ns;
  logic [15:0] dropped;
  /* verilator lint_on UNUSEDSIGNAL */

  dcqcn_nic_wheel #(.NUM_FLOWS(N), .SLOT_BITS(1), .SLOTS_LOG2(4)) dut (
      .clk, .rst, .now_ns,
      .s_valid, .s_ready, .s_op, .s_kind, .s_flow, .s_gen, .s_at_ns,
      .m_tmr_valid, .m_tmr_ready(1'b1), .m_tmr_kind, .m_tmr_flow, .m_tmr_gen, .m_tmr_at_ns,
      .m_dep_valid, .m_dep_ready(1'b1), .m_dep_flow, .m_dep_at_ns,
      .tmr_moving, .dep_moving, .busy, .tmr_behind, .dep_behind, .tmr_count, .dep_count,
      .tmr_drain_ns, .dep_drain_ns, .tmr_next_valid, .tmr_next_ns, .dep_next_valid,
      .dep_next_ns, .dropped);

  wire tfire = m_tmr_valid;           // m_tmr_ready is high
  // the shadow of entry 0 (kind 0, flow 0): armed by the accepted ARM, disarmed when it leaves
  logic arm = 1'b0;
  always_ff @(posedge clk) begin
    if (tfire && m_tmr_kind == 3'd0 && m_tmr_flow == 32'd0) arm <= 1'b0;
    if (!rst && s_valid && s_ready) arm <= 1'b1;
  end
`ifdef CHECK_EARLY
  // (as in nic_wheel_props.sv) an entry leaves only once its deadline has come
  always_comb
    if (!rst && tfire) assert ($signed(now_q - m_tmr_at_ns) >= 0);
`endif
`ifdef CHECK_MATCH
  always_comb
    if (!rst && tfire && m_tmr_kind == 3'd0 && m_tmr_flow == 32'd0) assert (arm);
`endif
`ifdef WRAP_SIM
  always @(posedge clk) begin
    if (tfire) $display("k %0d now %08h: timer kind %0d flow %0d at %08h gen %02h leaves, armed %0d (drain %08h, count %0d)",
                        k, now_ns, m_tmr_kind, m_tmr_flow, m_tmr_at_ns, m_tmr_gen, arm, tmr_drain_ns, tmr_count);
    if (k == 8'd22) $display("k %0d now %08h: ARM accepted %0d, at %08h", k, now_ns, s_ready, s_at_ns);
    if (k == 8'd90) $finish;
  end
`endif
endmodule
