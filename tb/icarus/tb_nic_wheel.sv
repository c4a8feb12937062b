// SPDX-License-Identifier: MIT
// Icarus Verilog self-checking test of dcqcn_nic_wheel (NUM_FLOWS 4, 16 slots of 32 ns: a
// wheel of 512 ns, so a deadline 2 us ahead is parked and moved). Time advances 4 ns per
// cycle. Expected results by hand (docs/nic.md, "The wheel engine"):
//   1. after reset s_ready stays low for the RAM clear (max(5 x 4, 16) = 20 cycles)
//   2. a timer (kind 1, flow 2, gen 7) armed 100 ns ahead: m_tmr_valid never before its
//      deadline, and within 4 cycles of its slot's end (ceil(at / 32) x 32); taken once
//   3. a departure (flow 1) 50 ns ahead: m_dep_valid at its slot's end (+4 cycles), taken
//      by m_dep_ready with its flow and deadline
//   4. a timer armed 300 ns ahead, re-armed 60 ns ahead with gen 2: leaves once, gen 2,
//      at the earlier deadline; nothing at the later one
//   5. a timer armed and disarmed: never leaves; tmr_count back to 0
//   6. a departure 2000 ns ahead (beyond the wheel): parked, moved (dep_moving seen), not
//      before its deadline, within 4 cycles of its slot's end
//   7. a bad command (kind 4): dropped = 1
`timescale 1ns / 1ps
`default_nettype none

module tb_nic_wheel;
  localparam TB_NAME = "tb_nic_wheel";

  logic        clk, rst;
  logic [31:0] now_ns;
  logic        s_valid, s_ready;
  logic [1:0]  s_op;
  logic [2:0]  s_kind;
  logic [31:0] s_flow;
  logic [7:0]  s_gen;
  logic [31:0] s_at_ns;
  logic        m_tmr_valid, m_tmr_ready;
  logic [2:0]  m_tmr_kind;
  logic [31:0] m_tmr_flow;
  logic [7:0]  m_tmr_gen;
  logic [31:0] m_tmr_at_ns;
  logic        m_dep_valid, m_dep_ready;
  logic [31:0] m_dep_flow, m_dep_at_ns;
  logic        tmr_moving, dep_moving, busy, tmr_behind, dep_behind;
  logic [31:0] tmr_count, dep_count, tmr_drain_ns, dep_drain_ns, tmr_next_ns, dep_next_ns;
  logic        tmr_next_valid, dep_next_valid;
  logic [15:0] dropped;

  `include "tb_common.svh"

  dcqcn_nic_wheel #(.NUM_FLOWS(4), .SLOT_BITS(5), .SLOTS_LOG2(4)) dut (.*);

  always @(posedge clk) now_ns <= now_ns + 32'd4;

  // every result seen (sampled at the edge, where the DUT takes it)
  integer n_tmr = 0, n_dep = 0, moving_seen = 0;
  logic [2:0]  last_kind;
  logic [31:0] last_flow, last_at, tmr_now, dep_now;
  logic [7:0]  last_gen;
  always @(posedge clk) begin
    if (!rst && m_tmr_valid && m_tmr_ready) begin
      n_tmr = n_tmr + 1;
      last_kind = m_tmr_kind; last_flow = m_tmr_flow; last_gen = m_tmr_gen; last_at = m_tmr_at_ns;
      tmr_now = now_ns;
    end
    if (!rst && m_dep_valid && m_dep_ready) begin
      n_dep = n_dep + 1;
      last_flow = m_dep_flow; last_at = m_dep_at_ns;
      dep_now = now_ns;
    end
    if (dep_moving) moving_seen = moving_seen + 1;
  end

  // one command, offered until taken
  task automatic cmd(input logic [1:0] op, input logic [2:0] kind, input integer flow,
                     input logic [7:0] gen, input logic [31:0] at);
    @(negedge clk);
    s_valid = 1'b1; s_op = op; s_kind = kind; s_flow = flow; s_gen = gen; s_at_ns = at;
    while (!s_ready) @(negedge clk);
    @(negedge clk);
    s_valid = 1'b0;
  endtask

  function automatic logic [31:0] slot_end(input logic [31:0] at);
    slot_end = (at + 32'd31) & ~32'd31;
  endfunction

  // waits until n results of a kind have been seen or `cycles` pass
  task automatic wait_tmr(input integer n, input integer cycles);
    integer i;
    for (i = 0; i < cycles && n_tmr < n; i++) @(negedge clk);
  endtask
  task automatic wait_dep(input integer n, input integer cycles);
    integer i;
    for (i = 0; i < cycles && n_dep < n; i++) @(negedge clk);
  endtask

  logic [31:0] at;
  integer c0;
  initial begin
    rst = 1'b1; now_ns = 32'd1000; s_valid = 1'b0; s_op = 2'd0; s_kind = 3'd0; s_flow = 0;
    s_gen = 8'd0; s_at_ns = 32'd0; m_tmr_ready = 1'b1; m_dep_ready = 1'b0;
    repeat (3) @(negedge clk);
    rst = 1'b0;
    // 1. the RAM clear
    c0 = cycle;
    repeat (5) @(negedge clk);
    check("s_ready during the clear", 256'(s_ready), 256'd0);
    while (!s_ready) @(negedge clk);
    check("clear cycles (+-1)", 256'((cycle - c0 >= 19 && cycle - c0 <= 22) ? 1 : 0), 256'd1);

    // 2. a timer 100 ns ahead
    at = now_ns + 32'd100;
    cmd(2'd1, 3'd1, 2, 8'd7, at);
    wait_tmr(1, 200);
    check("timer left", 256'(n_tmr), 256'd1);
    check("timer kind", 256'(last_kind), 256'd1);
    check("timer flow", 256'(last_flow), 256'd2);
    check("timer gen", 256'(last_gen), 256'd7);
    check("timer deadline", 256'(last_at), 256'(at));
    check("timer not early", 256'($signed(tmr_now - at) >= 0), 256'd1);
    check("timer within 4 cycles of its slot end",
          256'($signed(tmr_now - slot_end(at)) <= 16), 256'd1);
    repeat (50) @(negedge clk);
    check("timer once", 256'(n_tmr), 256'd1);
    check("tmr_count", 256'(tmr_count), 256'd0);

    // 3. a departure 50 ns ahead, taken by a transmit opportunity when it is there
    at = now_ns + 32'd50;
    cmd(2'd1, 3'd5, 1, 8'd0, at);
    while (!m_dep_valid) @(negedge clk);
    check("departure not early", 256'($signed(now_ns - at) >= 0), 256'd1);
    check("departure within 4 cycles of its slot end",
          256'($signed(now_ns - slot_end(at)) <= 16), 256'd1);
    m_dep_ready = 1'b1;
    @(negedge clk);
    m_dep_ready = 1'b0;
    check("departure taken", 256'(n_dep), 256'd1);
    check("departure flow", 256'(last_flow), 256'd1);
    check("departure deadline", 256'(last_at), 256'(at));

    // 4. re-armed earlier
    at = now_ns + 32'd300;
    cmd(2'd1, 3'd0, 3, 8'd1, at);
    at = now_ns + 32'd60;
    cmd(2'd1, 3'd0, 3, 8'd2, at);
    wait_tmr(2, 200);
    check("re-armed timer left", 256'(n_tmr), 256'd2);
    check("re-armed timer gen", 256'(last_gen), 256'd2);
    check("re-armed timer deadline", 256'(last_at), 256'(at));
    repeat (120) @(negedge clk);  // past the first deadline
    check("re-armed timer once", 256'(n_tmr), 256'd2);

    // 5. armed and disarmed
    at = now_ns + 32'd80;
    cmd(2'd1, 3'd2, 0, 8'd5, at);
    cmd(2'd2, 3'd2, 0, 8'd0, 32'd0);
    repeat (100) @(negedge clk);
    check("disarmed timer never left", 256'(n_tmr), 256'd2);
    check("tmr_count after disarm", 256'(tmr_count), 256'd0);

    // 6. a departure beyond the wheel
    at = now_ns + 32'd2000;
    cmd(2'd1, 3'd5, 0, 8'd0, at);
    m_dep_ready = 1'b1;
    wait_dep(2, 1000);
    check("far departure left", 256'(n_dep), 256'd2);
    check("far departure flow", 256'(last_flow), 256'd0);
    check("far departure deadline", 256'(last_at), 256'(at));
    check("far departure not early", 256'($signed(dep_now - at) >= 0), 256'd1);
    check("far departure within 4 cycles of its slot end",
          256'($signed(dep_now - slot_end(at)) <= 16), 256'd1);
    check("far departure moved", 256'(moving_seen > 0), 256'd1);
    check("dep_count", 256'(dep_count), 256'd0);

    // 7. a bad command
    cmd(2'd1, 3'd4, 0, 8'd0, now_ns);
    @(negedge clk);
    check("dropped", 256'(dropped), 256'd1);
    finish_tb;
  end
endmodule
