// SPDX-License-Identifier: MIT
// Icarus Verilog self-checking test of dcqcn_nic_top (NUM_FLOWS = 16) through its
// AXI4-Lite slave and AXI-Stream descriptor ports, with random back-pressure on both
// result streams (each result is compared in order with a hand-computed descriptor, and
// tdata must be held while tvalid is high and tready low).
//   AXI4-Lite: TOP_ID / NUM_FLOWS, RP and NP reset values, LINE_RATE := 100 Gb/s, a
//     partial-strobe write refused with SLVERR, a write with W after AW.
//   RP at 100 Gb/s: TX 1500 B -> now + 120 ns; CE CNP -> Rc 50,000,000; TX at 50 Gb/s
//     after idle -> now + 240 ns, then paced back-to-back on the same flow -> + 240 ns.
//   NP: first CE -> CNP; second CE within 50 us -> deadline 51000 tag 1; TIMER -> CNP.
`timescale 1ns / 1ps
`default_nettype none

module tb_nic_top;
  localparam TB_NAME = "tb_nic_top";
  localparam int NF = 16;

  logic         clk, rst;
  logic         s_axis_rp_tvalid, s_axis_rp_tready;
  logic [127:0] s_axis_rp_tdata;
  logic         m_axis_rp_tvalid, m_axis_rp_tready;
  logic [319:0] m_axis_rp_tdata;
  logic         s_axis_np_tvalid, s_axis_np_tready;
  logic [63:0]  s_axis_np_tdata;
  logic         m_axis_np_tvalid, m_axis_np_tready;
  logic [159:0] m_axis_np_tdata;
  logic         s_axil_awvalid, s_axil_awready;
  logic [11:0]  s_axil_awaddr;
  logic         s_axil_wvalid, s_axil_wready;
  logic [31:0]  s_axil_wdata;
  logic [3:0]   s_axil_wstrb;
  logic         s_axil_bvalid, s_axil_bready;
  logic [1:0]   s_axil_bresp;
  logic         s_axil_arvalid, s_axil_arready;
  logic [11:0]  s_axil_araddr;
  logic         s_axil_rvalid, s_axil_rready;
  logic [31:0]  s_axil_rdata;
  logic [1:0]   s_axil_rresp;

  `include "tb_common.svh"

  dcqcn_nic_top #(.NUM_FLOWS(NF)) dut (.*);

  // ---------------------------------------------------------------- descriptors
  function automatic logic [127:0] rp_evt(input logic [2:0] op, input integer flow,
      input logic [31:0] now, input logic [15:0] bytes, input logic ue, input logic [7:0] gen);
    rp_evt = {20'd0, ue, op, gen, 16'(flow), bytes, 32'd0, now};
  endfunction

  function automatic logic [319:0] rp_res(input logic [2:0] op, input integer flow,
      input logic [31:0] next_tx, input logic [31:0] rc, input logic [31:0] rt,
      input logic [16:0] alpha, input logic [1:0] atmr, input logic [7:0] agen,
      input logic [31:0] adl, input logic [1:0] itmr, input logic [7:0] igen,
      input logic [31:0] idl);  // paced: every flow here has sent; no deferred cut (paper regs)
    rp_res = {64'd0, 21'd0, 1'b1, 2'd0, 8'd0, 16'(flow), 1'b0, op, itmr, atmr, igen, agen, 7'd0, alpha, idl, adl, rt,
              rc, next_tx};
  endfunction

  function automatic logic [63:0] np_evt(input logic [1:0] op, input integer flow,
      input logic [31:0] now, input logic [1:0] ecn, input logic [7:0] gen);
    np_evt = {16'(flow), 4'd0, ecn, op, gen, now};
  endfunction

  function automatic logic [159:0] np_res(input logic [1:0] op, input integer flow,
      input logic cnp, input logic [31:0] tau, input logic tset, input logic [31:0] dl,
      input logic [7:0] gen);
    np_res = {64'd0, 16'(flow), 2'd0, 1'b0, tset, 1'b0, cnp, op, gen, dl, tau};
  endfunction

  // ---------------------------------------------------------------- result monitors
  logic [319:0] rp_exp [0:15];
  logic [159:0] np_exp [0:15];
  integer rp_n = 0, rp_got = 0, np_n = 0, np_got = 0;
  logic         rp_stall = 1'b0, np_stall = 1'b0;
  logic [319:0] rp_held;
  logic [159:0] np_held;
  logic         bp_on = 1'b0;

  always @(negedge clk) begin   // random back-pressure (about half the cycles)
    m_axis_rp_tready <= bp_on ? $random : 1'b1;
    m_axis_np_tready <= bp_on ? $random : 1'b1;
  end

  always @(posedge clk) begin
    if (rp_stall) begin
      check("m_axis_rp_tvalid held", 256'(m_axis_rp_tvalid), 256'd1);
      check("m_axis_rp_tdata held", 256'(m_axis_rp_tdata), 256'(rp_held));
      check("m_axis_rp_tdata[319:256] held", 256'(m_axis_rp_tdata[319:256]), 256'(rp_held[319:256]));
    end
    rp_stall <= m_axis_rp_tvalid && !m_axis_rp_tready;
    rp_held  <= m_axis_rp_tdata;
    if (m_axis_rp_tvalid && m_axis_rp_tready) begin
      if (rp_got >= rp_n) check("unexpected RP result", 256'(rp_got), 256'(rp_n));
      else begin
        check("m_axis_rp_tdata", 256'(m_axis_rp_tdata), 256'(rp_exp[rp_got]));
        check("m_axis_rp_tdata[319:256]", 256'(m_axis_rp_tdata[319:256]), 256'(rp_exp[rp_got][319:256]));
      end
      rp_got <= rp_got + 1;
    end
    if (np_stall) begin
      check("m_axis_np_tvalid held", 256'(m_axis_np_tvalid), 256'd1);
      check("m_axis_np_tdata held", 256'(m_axis_np_tdata), 256'(np_held));
    end
    np_stall <= m_axis_np_tvalid && !m_axis_np_tready;
    np_held  <= m_axis_np_tdata;
    if (m_axis_np_tvalid && m_axis_np_tready) begin
      if (np_got >= np_n) check("unexpected NP result", 256'(np_got), 256'(np_n));
      else check("m_axis_np_tdata", 256'(m_axis_np_tdata), 256'(np_exp[np_got]));
      np_got <= np_got + 1;
    end
  end

  // ---------------------------------------------------------------- stream drivers
  task automatic send_rp(input logic [127:0] d, input logic [319:0] exp);
    rp_exp[rp_n] = exp; rp_n = rp_n + 1;
    @(negedge clk); s_axis_rp_tvalid = 1'b1; s_axis_rp_tdata = d;
    @(posedge clk); while (!s_axis_rp_tready) @(posedge clk);
  endtask

  task automatic send_np(input logic [63:0] d, input logic [159:0] exp);
    np_exp[np_n] = exp; np_n = np_n + 1;
    @(negedge clk); s_axis_np_tvalid = 1'b1; s_axis_np_tdata = d;
    @(posedge clk); while (!s_axis_np_tready) @(posedge clk);
  endtask

  // ---------------------------------------------------------------- AXI4-Lite master
  task automatic axil_write(input logic [11:0] a, input logic [31:0] d, input logic [3:0] strb,
                            input integer w_delay, input logic [1:0] exp_resp);
    fork
      begin
        @(negedge clk); s_axil_awvalid = 1'b1; s_axil_awaddr = a;
        @(posedge clk); while (!s_axil_awready) @(posedge clk);
        @(negedge clk); s_axil_awvalid = 1'b0;
      end
      begin
        repeat (w_delay) @(negedge clk);
        @(negedge clk); s_axil_wvalid = 1'b1; s_axil_wdata = d; s_axil_wstrb = strb;
        @(posedge clk); while (!s_axil_wready) @(posedge clk);
        @(negedge clk); s_axil_wvalid = 1'b0;
      end
    join
    s_axil_bready = 1'b1;
    @(posedge clk); while (!s_axil_bvalid) @(posedge clk);
    check("s_axil_bresp", 256'(s_axil_bresp), 256'(exp_resp));
    @(negedge clk); s_axil_bready = 1'b0;
  endtask

  task automatic axil_read(input logic [11:0] a, input logic [31:0] exp);
    @(negedge clk); s_axil_arvalid = 1'b1; s_axil_araddr = a;
    @(posedge clk); while (!s_axil_arready) @(posedge clk);
    @(negedge clk); s_axil_arvalid = 1'b0; s_axil_rready = 1'b1;
    @(posedge clk); while (!s_axil_rvalid) @(posedge clk);
    check("s_axil_rdata", 256'(s_axil_rdata), 256'(exp));
    check("s_axil_rresp", 256'(s_axil_rresp), 256'd0);
    @(negedge clk); s_axil_rready = 1'b0;
  endtask

  localparam logic [2:0] TX = 3'd0, CNP = 3'd1, QUERY = 3'd4;
  localparam logic [1:0] RX = 2'd0, TIMER = 2'd1;
  localparam logic [31:0] L100 = 32'd100000000, L50 = 32'd50000000;

  initial begin
    max_cycles = 3000;
    rst = 1'b1;
    s_axis_rp_tvalid = 1'b0; s_axis_rp_tdata = '0; s_axis_np_tvalid = 1'b0; s_axis_np_tdata = '0;
    s_axil_awvalid = 1'b0; s_axil_awaddr = '0; s_axil_wvalid = 1'b0; s_axil_wdata = '0;
    s_axil_wstrb = '0; s_axil_bready = 1'b0; s_axil_arvalid = 1'b0; s_axil_araddr = '0;
    s_axil_rready = 1'b0;
    repeat (3) @(posedge clk);
    @(negedge clk); rst = 1'b0;

    // ---- registers
    axil_read(12'h200, 32'h4443_5131);
    axil_read(12'h204, 32'd16);
    axil_read(12'h004, 32'd40000000);     // RP LINE_RATE_KBPS
    axil_read(12'h100, 32'd50000);        // NP CNP_INTERVAL_NS
    axil_read(12'h300, 32'd0);            // unmapped
    axil_write(12'h004, L100, 4'hF, 0, 2'b00);
    axil_read(12'h004, L100);
    axil_write(12'h100, 32'd7, 4'h3, 0, 2'b10);   // partial strobe: refused
    axil_read(12'h100, 32'd50000);
    axil_write(12'h104, 32'd5, 4'hF, 3, 2'b00);   // NP MODE, W 3 cycles after AW; clamped
    axil_read(12'h104, 32'd1);
    axil_write(12'h104, 32'd0, 4'hF, 0, 2'b00);

    // ---- streams, back-to-back, with random back-pressure on the results
    bp_on = 1'b1;
    wait (s_axis_rp_tready && s_axis_np_tready);
    fork
      begin
        send_rp(rp_evt(TX, 1, 32'd1000, 16'd1500, 1'b0, 8'd0),
                rp_res(TX, 1, 32'd1120, L100, L100, 17'd65536, 2'd0, 8'd0, 32'd0, 2'd0, 8'd0, 32'd0));
        send_rp(rp_evt(TX, 2, 32'd1000, 16'd1500, 1'b0, 8'd0),
                rp_res(TX, 2, 32'd1120, L100, L100, 17'd65536, 2'd0, 8'd0, 32'd0, 2'd0, 8'd0, 32'd0));
        send_rp(rp_evt(CNP, 1, 32'd2000, 16'd0, 1'b0, 8'd0),
                rp_res(CNP, 1, 32'd2000, L50, L100, 17'd65536, 2'd1, 8'd1, 32'd57000, 2'd1, 8'd1, 32'd57000));
        send_rp(rp_evt(TX, 1, 32'd3000, 16'd1500, 1'b0, 8'd0),
                rp_res(TX, 1, 32'd3240, L50, L100, 17'd65536, 2'd0, 8'd1, 32'd0, 2'd0, 8'd1, 32'd0));
        send_rp(rp_evt(TX, 1, 32'd3240, 16'd1500, 1'b0, 8'd0),
                rp_res(TX, 1, 32'd3480, L50, L100, 17'd65536, 2'd0, 8'd1, 32'd0, 2'd0, 8'd1, 32'd0));
        send_rp(rp_evt(QUERY, 2, 32'd4000, 16'd0, 1'b0, 8'd0),
                rp_res(QUERY, 2, 32'd1120, L100, L100, 17'd65536, 2'd0, 8'd0, 32'd0, 2'd0, 8'd0, 32'd0));
        @(negedge clk); s_axis_rp_tvalid = 1'b0;
      end
      begin
        send_np(np_evt(RX, 1, 32'd1000, 2'b11, 8'd0), np_res(RX, 1, 1'b1, 32'd50000, 1'b0, 32'd0, 8'd0));
        send_np(np_evt(RX, 1, 32'd2000, 2'b11, 8'd0), np_res(RX, 1, 1'b0, 32'd50000, 1'b1, 32'd51000, 8'd1));
        send_np(np_evt(TIMER, 1, 32'd51000, 2'b00, 8'd1), np_res(TIMER, 1, 1'b1, 32'd50000, 1'b0, 32'd0, 8'd0));
        send_np(np_evt(RX, 2, 32'd51000, 2'b11, 8'd0), np_res(RX, 2, 1'b1, 32'd50000, 1'b0, 32'd0, 8'd0));
        @(negedge clk); s_axis_np_tvalid = 1'b0;
      end
    join
    wait (rp_got == rp_n && np_got == np_n);
    repeat (10) @(posedge clk);
    check("RP results", 256'(rp_got), 256'd6);
    check("NP results", 256'(np_got), 256'd4);
    finish_tb();
  end
endmodule
