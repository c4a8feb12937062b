// SPDX-License-Identifier: MIT
// Icarus Verilog self-checking test of dcqcn_ecn_mark (DATA_WIDTH = 64). Expected bytes
// by hand (docs/frames.md, "ECN marker"; the checksums from RFC 791's sum of the header):
//   1. IPv4, TOS 0x02 (ECT(0)), checksum 0x26AD, mark: TOS 0x03, checksum 0x26AC
//   2. the same frame, decision 0: unchanged
//   3. 802.1Q-tagged IPv4, TOS 0x69 (DSCP 26, ECT(1)), checksum 0x2646, mark: TOS 0x6B at
//      byte 19, checksum 0x2644 at bytes 28-29
//   4. IPv6, traffic class 0x5A... byte 15 = 0xA7 (ECN 10), mark: byte 15 = 0xB7
//   5. IPv4 not ECT (TOS 0x00), mark: unchanged, NOT_ECT
//   6. a runt of 10 bytes, mark: unchanged, NOT_IP
//   7. IPv4 ECT(0) frame, decision offered 5 cycles after the frame: the frame waits
// Every frame: same length, tkeep and tlast as sent; every beat out 3 cycles after it was
// accepted (latency 3). Counters at the end: FRAMES 7, MARK_REQ 6, MARKED 4, NOT_ECT 1,
// ALREADY_CE 0, NOT_IP 1; an unmapped address reads 0.
`timescale 1ns / 1ps
`default_nettype none

module tb_ecn_mark;
  localparam TB_NAME = "tb_ecn_mark";
  localparam int W = 64;
  localparam int B = W / 8;

  logic clk, rst;
  logic [W-1:0] s_axis_tdata, m_axis_tdata;
  logic [B-1:0] s_axis_tkeep, m_axis_tkeep;
  logic s_axis_tvalid, s_axis_tlast, s_axis_tready;
  logic s_dec_valid, s_dec_mark, s_dec_ready;
  logic m_axis_tvalid, m_axis_tlast, m_axis_tready;
  logic csr_re;
  logic [7:0] csr_addr;
  logic [31:0] csr_rdata;

  `include "tb_common.svh"

  dcqcn_ecn_mark #(.DATA_WIDTH(W)) dut (.*);

  logic [7:0] fr [0:127];    // the frame to send
  logic [7:0] ex [0:127];    // the bytes expected out
  logic [7:0] got [0:127];   // the bytes that came out
  integer fr_len, got_len, got_last_keep;
  integer acc_cycle [0:31];  // accept cycle of each beat of the frame sent
  integer n_acc, n_out;

  // the output side (sampled mid-cycle): collects bytes, checks every beat's latency
  always @(negedge clk) begin
    if (m_axis_tvalid && m_axis_tready) begin
      for (int i = 0; i < B; i++)
        if (m_axis_tkeep[i]) begin
          got[got_len] = m_axis_tdata[8 * i +: 8];
          got_len = got_len + 1;
        end
      check("beat latency (cycles)", 256'(cycle - acc_cycle[n_out]), 256'd3);
      n_out = n_out + 1;
      if (m_axis_tlast) got_last_keep = got_len;
    end
  end

  // sends fr[0:fr_len) with decision `mark`, its decision offered dec_delay cycles after
  // the first beat; waits for the frame out and compares it with ex
  task automatic send(input logic mark, input integer dec_delay);
    integer at, d;
    got_len = 0;
    got_last_keep = -1;
    n_acc = 0;
    n_out = 0;
    d = 0;
    for (at = 0; at < fr_len; at = at + B) begin
      @(negedge clk);
      s_axis_tvalid = 1'b1;
      for (int i = 0; i < B; i++) begin
        s_axis_tdata[8 * i +: 8] = (at + i < fr_len) ? fr[at + i] : 8'hEE;
        s_axis_tkeep[i] = at + i < fr_len;
      end
      s_axis_tlast = at + B >= fr_len;
      s_dec_valid = at == 0 && dec_delay == 0;
      s_dec_mark = mark;
      #1;
      while (!s_axis_tready) begin
        @(negedge clk);
        d = d + 1;
        if (at == 0 && d >= dec_delay) s_dec_valid = 1'b1;
        #1;
      end
      acc_cycle[n_acc] = cycle;  // taken at the coming edge
      n_acc = n_acc + 1;
      @(posedge clk);
      if (at == 0 && dec_delay > 0) check("first beat waited for its decision", 256'(d), 256'(dec_delay));
    end
    @(negedge clk);
    s_axis_tvalid = 1'b0;
    s_dec_valid = 1'b0;
    repeat (4) @(negedge clk);
    check("frame length out", 256'(got_last_keep), 256'(fr_len));
    for (int i = 0; i < fr_len; i++)
      if (got[i] !== ex[i]) check("frame byte", 256'(i), 256'(-1));
    checks = checks + 1;
  endtask

  // an IPv4 RoCEv2-like frame of 64 bytes: Ethernet (+ tag), IPv4 20 B, UDP 4791, payload
  task automatic ipv4_frame(input logic vlan, input logic [7:0] tos, input logic [15:0] csum);
    integer ip;
    for (int i = 0; i < 128; i++) fr[i] = 8'(i * 7 + 3);
    fr_len = 64;
    ip = vlan ? 18 : 14;
    if (vlan) begin
      fr[12] = 8'h81; fr[13] = 8'h00; fr[14] = 8'h60; fr[15] = 8'h05;
    end
    fr[ip - 2] = 8'h08; fr[ip - 1] = 8'h00;
    fr[ip + 0] = 8'h45; fr[ip + 1] = tos; fr[ip + 2] = 8'h00; fr[ip + 3] = 8'h3c;
    fr[ip + 4] = 8'h00; fr[ip + 5] = 8'h00; fr[ip + 6] = 8'h40; fr[ip + 7] = 8'h00;
    fr[ip + 8] = 8'h40; fr[ip + 9] = 8'h11; fr[ip + 10] = csum[15:8]; fr[ip + 11] = csum[7:0];
    fr[ip + 12] = 8'h0a; fr[ip + 13] = 8'h00; fr[ip + 14] = 8'h00; fr[ip + 15] = 8'h01;
    fr[ip + 16] = 8'h0a; fr[ip + 17] = 8'h00; fr[ip + 18] = 8'h00; fr[ip + 19] = 8'h02;
    for (int i = 0; i < 128; i++) ex[i] = fr[i];
  endtask

  task automatic read_counter(input logic [7:0] addr, input logic [31:0] exp);
    @(negedge clk);
    csr_re = 1'b1;
    csr_addr = addr;
    @(negedge clk);
    csr_re = 1'b0;
    check("counter", 256'(csr_rdata), 256'(exp));
  endtask

  initial begin
    rst = 1'b1;
    s_axis_tvalid = 1'b0; s_axis_tdata = '0; s_axis_tkeep = '0; s_axis_tlast = 1'b0;
    s_dec_valid = 1'b0; s_dec_mark = 1'b0; m_axis_tready = 1'b1; csr_re = 1'b0; csr_addr = '0;
    got_len = 0; n_acc = 0; n_out = 0;
    repeat (3) @(negedge clk);
    rst = 1'b0;

    // 1. IPv4 ECT(0), mark
    ipv4_frame(1'b0, 8'h02, 16'h26ad);
    ex[15] = 8'h03; ex[24] = 8'h26; ex[25] = 8'hac;
    send(1'b1, 0);
    // 2. the same, decision 0
    ipv4_frame(1'b0, 8'h02, 16'h26ad);
    send(1'b0, 0);
    // 3. tagged IPv4 ECT(1), mark
    ipv4_frame(1'b1, 8'h69, 16'h2646);
    ex[19] = 8'h6b; ex[28] = 8'h26; ex[29] = 8'h44;
    send(1'b1, 0);
    // 4. IPv6, ECN 10 in byte 15 bits [5:4], mark
    for (int i = 0; i < 128; i++) fr[i] = 8'(i * 5 + 1);
    fr_len = 61;
    fr[12] = 8'h86; fr[13] = 8'hdd; fr[14] = 8'h65; fr[15] = 8'ha7;
    for (int i = 0; i < 128; i++) ex[i] = fr[i];
    ex[15] = 8'hb7;
    send(1'b1, 0);
    // 5. IPv4 not ECT, mark: unchanged
    ipv4_frame(1'b0, 8'h00, 16'h26af);
    send(1'b1, 0);
    // 6. a runt of 10 bytes, mark: unchanged
    for (int i = 0; i < 128; i++) begin fr[i] = 8'(i); ex[i] = 8'(i); end
    fr_len = 10;
    send(1'b1, 0);
    // 7. IPv4 ECT(0), the decision 5 cycles late
    ipv4_frame(1'b0, 8'h02, 16'h26ad);
    ex[15] = 8'h03; ex[24] = 8'h26; ex[25] = 8'hac;
    send(1'b1, 5);

    read_counter(8'h00, 32'd7);
    read_counter(8'h04, 32'd6);
    read_counter(8'h08, 32'd4);
    read_counter(8'h0C, 32'd1);
    read_counter(8'h10, 32'd0);
    read_counter(8'h14, 32'd1);
    read_counter(8'h40, 32'd0);
    finish_tb;
  end
endmodule

`resetall
