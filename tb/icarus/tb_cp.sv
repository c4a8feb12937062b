// SPDX-License-Identifier: MIT
// Icarus Verilog self-checking test of dcqcn_cp (NUM_QUEUES = 16). Expected results by
// hand from docs/cp.md:
//   DCTCP step through the CSR bus: Kmin = Kmax = K = 10000, Pmax = 65536:
//     ECT (01 or 10) marked CE (11) for q > K, not at q = K; 00 and 11 pass unchanged
//   RED with Pmax = 0: never marked between Kmin and Kmax (region 1)
//   Kmin > Kmax acts as a step at Kmin; clamped CSR write; latency 6 cycles.
//   TCD, the authors' rule (TCD_CE_RULE 2, the default), RED as a step at 5000 B:
//     XOFF, XON at q = 40000; a packet within max(T_on) gets UE (state 2); after it, a
//     packet at q = 39999 (below the XON queue) is not marked (state 3, draining); a
//     period later, grown by 900 B: CE (state 1).
`timescale 1ns / 1ps
`default_nettype none

module tb_cp;
  localparam TB_NAME = "tb_cp";
  localparam int NQ = 16;
  localparam int QW = 4;

  logic          clk, rst;
  logic          s_evt_valid, s_evt_ready;
  logic [1:0]    s_evt_op;
  logic [QW-1:0] s_evt_queue;
  logic [31:0]   s_evt_now_ns, s_evt_qlen_bytes;
  logic [1:0]    s_evt_ecn;
  logic          s_evt_paused;
  logic          m_out_valid, m_out_ready;
  logic [1:0]    m_out_op;
  logic [QW-1:0] m_out_queue;
  logic [1:0]    m_out_ecn, m_out_tcd_state, m_out_region;
  logic          m_out_marked;
  logic          csr_we, csr_re;
  logic [7:0]    csr_addr;
  logic [31:0]   csr_wdata, csr_rdata;

  `include "tb_common.svh"

  dcqcn_cp #(.NUM_QUEUES(NQ)) dut (.*);

  localparam logic [1:0] PKT = 2'd0, PFC = 2'd1;
  integer t_accept;
  integer now = 1000;

  // one PKT event; check ecn, marked and the RED region
  task automatic pkt(input integer q, input logic [31:0] qlen, input logic [1:0] ecn,
                     input logic [1:0] exp_ecn, input logic [1:0] exp_region);
    @(negedge clk);
    now = now + 100;
    s_evt_valid = 1'b1; s_evt_op = PKT; s_evt_queue = QW'(q); s_evt_now_ns = now;
    s_evt_qlen_bytes = qlen; s_evt_ecn = ecn; s_evt_paused = 1'b0;
    @(posedge clk);
    while (!s_evt_ready) @(posedge clk);
    t_accept = cycle;
    @(negedge clk);
    s_evt_valid = 1'b0;
    while (!m_out_valid) @(negedge clk);
    check("latency (cycles)", 256'(cycle - t_accept), 256'd6);
    check("m_out_op", 256'(m_out_op), 256'(PKT));
    check("m_out_queue", 256'(m_out_queue), 256'(q));
    check("m_out_ecn", 256'(m_out_ecn), 256'(exp_ecn));
    check("m_out_marked", 256'(m_out_marked), 256'(exp_ecn != ecn));
    check("m_out_region", 256'(m_out_region), 256'(exp_region));
  endtask

  // one event at time t; check ecn and the TCD state
  task automatic tcd_evt(input logic [1:0] op, input logic [31:0] t, input logic [31:0] qlen,
                         input logic paused, input logic [1:0] ecn, input logic [1:0] exp_ecn,
                         input logic [1:0] exp_state);
    @(negedge clk);
    s_evt_valid = 1'b1; s_evt_op = op; s_evt_queue = QW'(9); s_evt_now_ns = t;
    s_evt_qlen_bytes = qlen; s_evt_ecn = ecn; s_evt_paused = paused;
    @(posedge clk);
    while (!s_evt_ready) @(posedge clk);
    @(negedge clk);
    s_evt_valid = 1'b0;
    while (!m_out_valid) @(negedge clk);
    check("tcd m_out_ecn", 256'(m_out_ecn), 256'(exp_ecn));
    check("tcd m_out_tcd_state", 256'(m_out_tcd_state), 256'(exp_state));
  endtask

  task automatic csr_write(input logic [7:0] a, input logic [31:0] d);
    @(negedge clk); csr_we = 1'b1; csr_addr = a; csr_wdata = d;
    @(negedge clk); csr_we = 1'b0;
  endtask

  task automatic csr_read(input logic [7:0] a, output logic [31:0] d);
    @(negedge clk); csr_re = 1'b1; csr_addr = a;
    @(negedge clk); csr_re = 1'b0; d = csr_rdata;
  endtask

  logic [31:0] rd;

  initial begin
    max_cycles = 2000;
    rst = 1'b1; s_evt_valid = 1'b0; m_out_ready = 1'b1; csr_we = 1'b0; csr_re = 1'b0;
    csr_addr = '0; csr_wdata = '0; s_evt_op = '0; s_evt_queue = '0; s_evt_now_ns = '0;
    s_evt_qlen_bytes = '0; s_evt_ecn = '0; s_evt_paused = 1'b0;
    repeat (3) @(posedge clk);
    @(negedge clk); rst = 1'b0;
    check("s_evt_ready during clear", 256'(s_evt_ready), 256'd0);
    repeat (NQ) @(negedge clk);
    check("s_evt_ready after clear", 256'(s_evt_ready), 256'd1);

    csr_read(8'h04, rd); check("KMIN_BYTES reset", 256'(rd), 256'd5000);
    csr_read(8'h0C, rd); check("PMAX_Q16 reset", 256'(rd), 256'd655);

    // DCTCP step: K = 10000, Pmax = 1.0
    csr_write(8'h04, 32'd10000);
    csr_write(8'h08, 32'd10000);
    csr_write(8'h0C, 32'd65536);
    pkt(2, 32'd10001, 2'b01, 2'b11, 2'd2);   // above K: ECT(1) -> CE
    pkt(2, 32'd10000, 2'b01, 2'b01, 2'd0);   // at K: not marked
    pkt(2, 32'd9999,  2'b10, 2'b10, 2'd0);   // below K
    pkt(2, 32'd20000, 2'b10, 2'b11, 2'd2);   // ECT(0) -> CE
    pkt(7, 32'd20000, 2'b00, 2'b00, 2'd2);   // not ECT: unchanged
    pkt(7, 32'd20000, 2'b11, 2'b11, 2'd2);   // already CE: unchanged, not "marked"
    pkt(7, 32'hFFFF_FFFF, 2'b01, 2'b11, 2'd2);

    // RED with Pmax = 0: the middle region never marks
    csr_write(8'h04, 32'd1000);
    csr_write(8'h08, 32'd2000000);
    csr_write(8'h0C, 32'd0);
    pkt(3, 32'd5000,    2'b01, 2'b01, 2'd1);
    pkt(3, 32'd2000000, 2'b01, 2'b01, 2'd1); // q = Kmax is still "between"
    pkt(3, 32'd2000001, 2'b01, 2'b11, 2'd2);

    // Kmin > Kmax: a step at Kmin
    csr_write(8'h04, 32'd50000);
    csr_write(8'h08, 32'd100);
    pkt(4, 32'd50000, 2'b01, 2'b01, 2'd0);
    pkt(4, 32'd50001, 2'b01, 2'b11, 2'd2);

    // TCD, the authors' rule (default TCD_CE_RULE 2), RED as a step at 5000 B
    csr_read(8'h24, rd); check("TCD_CE_RULE reset", 256'(rd), 256'd2);
    csr_write(8'h00, 32'd1);
    csr_write(8'h04, 32'd5000);
    csr_write(8'h08, 32'd5000);
    csr_write(8'h14, 32'd97000);
    tcd_evt(PFC, 32'd1000,   32'd30000, 1'b1, 2'b00, 2'b00, 2'd2);  // XOFF
    tcd_evt(PFC, 32'd11000,  32'd40000, 1'b0, 2'b00, 2'b00, 2'd2);  // XON, q = 40000
    tcd_evt(PKT, 32'd20000,  32'd45000, 1'b0, 2'b01, 2'b10, 2'd2);  // T_on 9 us: UE
    tcd_evt(PKT, 32'd108000, 32'd39999, 1'b0, 2'b01, 2'b01, 2'd3);  // draining: no CE
    tcd_evt(PKT, 32'd205000, 32'd40899, 1'b0, 2'b01, 2'b11, 2'd1);  // grew 900 B: CE
    tcd_evt(PKT, 32'd205001, 32'd40899, 1'b0, 2'b00, 2'b00, 2'd1);  // not ECT: unchanged

    // clamped write, unmapped read
    csr_write(8'h0C, 32'd100000);
    csr_read(8'h0C, rd); check("PMAX_Q16 clamped", 256'(rd), 256'd65536);
    csr_read(8'h80, rd); check("unmapped reads 0", 256'(rd), 256'd0);

    finish_tb();
  end
endmodule
