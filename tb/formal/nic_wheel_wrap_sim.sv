// SPDX-License-Identifier: MIT
// The slot-word alias of rtl/dcqcn_nic_wheel.sv at the default slot size (tb/formal/README.md,
// "The NIC's timing wheel": the RTL bug found by the inductive proof attempt), as a plain
// simulation (not a test, not in CTest; the same scenario as nic_wheel_wrap_props.sv):
//   iverilog -g2012 -o /tmp/wrap tb/formal/nic_wheel_wrap_sim.sv rtl/dcqcn_ram_sdp.sv \
//            rtl/dcqcn_nic_wheel.sv && vvp -n /tmp/wrap
// NUM_FLOWS = 16, SLOT_BITS = 5 (G = 32 ns), SLOTS_LOG2 = 12 (4096 slots). Timer kind 0,
// flow 3 is armed 100 ns ahead and leaves once (its slot's head word stays in RAM); now_ns
// then goes 2^32 ns ahead in three steps below 2^31 (the wheel is empty, the drain jumps) to
// the slot before the entry's, and steps 4 ns a cycle: the drain loads the entry's slot
// number again, the stale word's tag matches, the entry leaves a second time (unarmed) and
// tmr_count wraps to 2^32 - 1. Prints one line per timer that leaves.
`timescale 1ns / 1ps
`default_nettype none

module nic_wheel_wrap_sim;
  logic clk = 1'b0, rst = 1'b1;
  logic [31:0] now_ns = 32'd100000;
  logic        s_valid = 1'b0, s_ready;
  logic [31:0] s_at_ns = '0;
  logic        m_tmr_valid, m_dep_valid;
  logic [2:0]  m_tmr_kind;
  logic [31:0] m_tmr_flow, m_tmr_at_ns, m_dep_flow, m_dep_at_ns;
  logic [7:0]  m_tmr_gen;
  logic        tmr_moving, dep_moving, busy, tmr_behind, dep_behind, tmr_next_valid, dep_next_valid;
  logic [31:0] tmr_count, dep_count, tmr_drain_ns, dep_drain_ns, tmr_next_ns, dep_next_ns;
  logic [15:0] dropped;
  dcqcn_nic_wheel #(.NUM_FLOWS(16), .SLOT_BITS(5), .SLOTS_LOG2(12)) dut (
      .clk, .rst, .now_ns, .s_valid, .s_ready, .s_op(2'd1), .s_kind(3'd0), .s_flow(32'd3),
      .s_gen(8'h5A), .s_at_ns,
      .m_tmr_valid, .m_tmr_ready(1'b1), .m_tmr_kind, .m_tmr_flow, .m_tmr_gen, .m_tmr_at_ns,
      .m_dep_valid, .m_dep_ready(1'b1), .m_dep_flow, .m_dep_at_ns,
      .tmr_moving, .dep_moving, .busy, .tmr_behind, .dep_behind, .tmr_count, .dep_count,
      .tmr_drain_ns, .dep_drain_ns, .tmr_next_valid, .tmr_next_ns, .dep_next_valid,
      .dep_next_ns, .dropped);
  always #1 clk = ~clk;
  integer cyc = 0;
  logic [31:0] at0;
  always @(posedge clk) begin
    cyc <= cyc + 1;
    if (m_tmr_valid)
      $display("cycle %0d now %08h: timer kind %0d flow %0d gen %02h at %08h leaves (drain %08h, tmr_count before %0d)",
               cyc, now_ns, m_tmr_kind, m_tmr_flow, m_tmr_gen, m_tmr_at_ns, tmr_drain_ns, tmr_count);
  end
  task automatic step(input logic [31:0] dt);
    @(negedge clk);
    now_ns = now_ns + dt;
  endtask
  initial begin
    @(negedge clk);
    rst = 1'b0;
    repeat (5000) step(0);                 // the clear (4096 cycles)
    @(negedge clk);
    now_ns = now_ns + 4;
    s_valid = 1'b1;
    s_at_ns = now_ns + 100;
    at0 = s_at_ns;
    @(negedge clk);
    s_valid = 1'b0;
    repeat (40) step(4);                   // the entry leaves
    step(32'h7FFF_0000); repeat (4) step(0);
    step(32'h7FFF_0000); repeat (4) step(0);
    step(((at0 + 32'd31) & ~32'd31) - 32'd32 - now_ns); repeat (4) step(0);
    repeat (60) step(4);                   // through the entry's slot number again
    $display("end: now %08h, drain %08h, tmr_count %0d", now_ns, tmr_drain_ns, tmr_count);
    $finish;
  end
endmodule
