// SPDX-License-Identifier: MIT
// Icarus Verilog self-checking test of dcqcn_nic_wheel when the slot number comes round
// (time is 32-bit ns: a slot's number recurs every 2^32 ns). At the default slot size
// (NUM_FLOWS 16, SLOT_BITS 5: 32-ns slots, SLOTS_LOG2 12: 4096 slots). The bug it guards
// against (found by the wheel's proof attempt, tb/formal/README.md; the directed formal
// trace is tb/formal/nic_wheel_wrap_props.sv): a load left the slot's head and tail words
// valid in RAM, and 2^32 ns later a load of the same slot number matched their tag.
//   1. timer kind 0, flow 3 armed 100 ns ahead leaves once; time then goes 2^32 ns on in
//      three steps below 2^31 ns (the wheel is empty: the drain jumps), to 64 ns before the
//      entry's slot number, and steps 4 ns a cycle through it: the entry must not leave
//      again (before the fix it left a second time, unarmed, and tmr_count wrapped to
//      2^32 - 1), and tmr_count stays 0
//   2. the same with flow 5, re-armed (gen 0x5B) once time has come round, 24 ns into the
//      slot after its old slot number: it leaves once more, never before its deadline
//      (before the fix the stale word made it leave in its old slot, 12 ns early, and again)
//   3. a link into a slot number that came round (2026-11-29): flow 7 armed and left as in 1
//      (its node filed on side 1, the side a fresh entry links first: the slot's side-1 head
//      and tail words and side bit stay in RAM); once time has come round, a fresh entry
//      (flow 9) is armed into the same slot number: it links on side 1, and C0 reads the
//      stale tail word with a matching tag and a stale side bit. Only the slot's bitmap bit
//      (cleared by the load) tells the word is not this slot's: without it the link appended
//      flow 9 behind flow 7's old node and wrote no head word, and the load then took the
//      stale head word: flow 7 left again, unarmed (the lock-step benches do not reach this
//      case: a slot's words must be the last ones of their index when time comes round)
// Every timer that leaves is checked: never before its deadline; each flow's count of
// departures as above.
`timescale 1ns / 1ps
`default_nettype none

module tb_nic_wheel_wrap;
  localparam TB_NAME = "tb_nic_wheel_wrap";

  logic        clk, rst = 1'b1;
  logic [31:0] now_ns = 32'd100000;
  logic        s_valid = 1'b0, s_ready;
  logic [31:0] s_flow = '0, s_at_ns = '0;
  logic [7:0]  s_gen = '0;
  logic        m_tmr_valid, m_dep_valid;
  logic [2:0]  m_tmr_kind;
  logic [31:0] m_tmr_flow, m_tmr_at_ns, m_dep_flow, m_dep_at_ns;
  logic [7:0]  m_tmr_gen;
  /* verilator lint_off UNUSEDSIGNAL */
  logic        tmr_moving, dep_moving, busy, tmr_behind, dep_behind, tmr_next_valid, dep_next_valid;
  logic [31:0] tmr_count, dep_count, tmr_drain_ns, dep_drain_ns, tmr_next_ns, dep_next_ns;
  logic [15:0] dropped;
  /* verilator lint_on UNUSEDSIGNAL */

  `include "tb_common.svh"

  dcqcn_nic_wheel #(.NUM_FLOWS(16), .SLOT_BITS(5), .SLOTS_LOG2(12)) dut (
      .clk, .rst, .now_ns, .s_valid, .s_ready, .s_op(2'd1), .s_kind(3'd0), .s_flow,
      .s_gen, .s_at_ns,
      .m_tmr_valid, .m_tmr_ready(1'b1), .m_tmr_kind, .m_tmr_flow, .m_tmr_gen, .m_tmr_at_ns,
      .m_dep_valid, .m_dep_ready(1'b1), .m_dep_flow, .m_dep_at_ns,
      .tmr_moving, .dep_moving, .busy, .tmr_behind, .dep_behind, .tmr_count, .dep_count,
      .tmr_drain_ns, .dep_drain_ns, .tmr_next_valid, .tmr_next_ns, .dep_next_valid,
      .dep_next_ns, .dropped);

  integer left3 = 0, left5 = 0, left7 = 0, left9 = 0;
  always @(posedge clk)
    if (!rst && m_tmr_valid) begin
      $display("  cycle %0d now %08h: timer kind %0d flow %0d gen %02h at %08h leaves",
               cycle, now_ns, m_tmr_kind, m_tmr_flow, m_tmr_gen, m_tmr_at_ns);
      check("never early: now - at >= 0", {255'd0, $signed(now_ns - m_tmr_at_ns) < 0}, 256'd0);
      if (m_tmr_flow == 32'd3) left3 = left3 + 1;
      if (m_tmr_flow == 32'd5) left5 = left5 + 1;
      if (m_tmr_flow == 32'd7) left7 = left7 + 1;
      if (m_tmr_flow == 32'd9) left9 = left9 + 1;
    end

  task automatic step(input logic [31:0] dt);
    @(negedge clk);
    now_ns = now_ns + dt;
  endtask
  task automatic arm(input logic [31:0] flow, input logic [7:0] gen, input logic [31:0] at);
    @(negedge clk);
    now_ns = now_ns + 4;
    s_valid = 1'b1;
    s_flow = flow;
    s_gen = gen;
    s_at_ns = at;
    @(posedge clk);
    check("s_ready at the arm", {255'd0, s_ready}, 256'd1);
    @(negedge clk);
    s_valid = 1'b0;
  endtask
  // time 2^32 ns on, in steps below 2^31 ns, to 64 ns before the start of slot_start's slot
  task automatic come_round(input logic [31:0] slot_start);
    step(32'h7FFF_0000); repeat (4) step(0);
    step(32'h7FFF_0000); repeat (4) step(0);
    step(slot_start - 32'd64 - now_ns); repeat (4) step(0);
  endtask

  logic [31:0] at3, at5, at5b, at7;
  initial begin
    max_cycles = 20000;
    @(negedge clk);
    rst = 1'b0;
    repeat (4200) step(0);                 // the RAM clear (4096 cycles)
    // 1. not revived
    at3 = now_ns + 32'd104;
    arm(32'd3, 8'h5A, at3);
    repeat (40) step(4);
    check("1: flow 3 left once", left3, 1);
    check("1: tmr_count after", tmr_count, 0);
    come_round((at3 + 32'd31) & ~32'd31);
    repeat (80) step(4);                   // through the entry's slot number again
    check("1: flow 3 left once, come round", left3, 1);
    check("1: tmr_count, come round", tmr_count, 0);
    // 2. re-armed: not early
    at5 = now_ns + 32'd104;
    arm(32'd5, 8'h5A, at5);
    repeat (40) step(4);
    check("2: flow 5 left once", left5, 1);
    come_round((at5 + 32'd31) & ~32'd31);
    at5b = ((at5 + 32'd31) & ~32'd31) + 32'd24;
    arm(32'd5, 8'h5B, at5b);
    repeat (80) step(4);
    check("2: flow 5 left twice in all", left5, 2);
    check("2: tmr_count, come round", tmr_count, 0);
    // 3. a fresh link into the slot number come round: a new list, not the stale one
    at7 = now_ns + 32'd104;
    arm(32'd7, 8'h5A, at7);
    repeat (40) step(4);
    check("3: flow 7 left once", left7, 1);
    come_round((at7 + 32'd31) & ~32'd31);
    arm(32'd9, 8'h5A, at7);
    repeat (80) step(4);
    check("3: flow 9 left once", left9, 1);
    check("3: flow 7 left once in all", left7, 1);
    check("3: tmr_count, come round", tmr_count, 0);
    finish_tb;
  end
endmodule
