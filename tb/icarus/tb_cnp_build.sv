// SPDX-License-Identifier: MIT
// Icarus Verilog self-checking test of dcqcn_cnp_build (DATA_WIDTH = 64, NUM_FLOWS = 16).
// Expected frames computed by hand outside the project (Python's zlib.crc32 for the ICRC,
// the IPv4 checksum summed by hand: 0x25EF), docs/frames.md "CNP builder":
//   context of flow 3: dst MAC 02:00:00:00:00:01, 10.0.0.1 -> 10.0.0.2, UDP source port
//   0xC000, P_Key 0xFFFF, dest QP 0x000102; source MAC 02:00:00:00:00:02, DSCP 48 (reset)
//   1. request for flow 3: the 74-byte CNP, ICRC 0x01151956 (bytes 56 19 15 01)
//   2. VLAN on (PCP 3, VID 5), request for flow 3 + 16 (bit 4 ignored): the 78-byte CNP
//   3. request for flow 7 (no context): no frame, NO_CTX 1
// First beat 5 cycles after the request is accepted; tkeep of the last beat 0x03 (74) and
// 0x3F (78); CNPS 2 and NO_CTX 1 at the end; DSCP reads 48 after reset.
`timescale 1ns / 1ps
`default_nettype none

module tb_cnp_build;
  localparam TB_NAME = "tb_cnp_build";
  localparam int W = 64;
  localparam int B = W / 8;

  logic clk, rst;
  logic s_axis_cnpreq_tvalid, s_axis_cnpreq_tready;
  logic [63:0] s_axis_cnpreq_tdata;
  logic [W-1:0] m_axis_tdata;
  logic [B-1:0] m_axis_tkeep;
  logic m_axis_tvalid, m_axis_tlast, m_axis_tready;
  logic csr_we, csr_re;
  logic [7:0] csr_addr;
  logic [31:0] csr_wdata, csr_rdata;

  `include "tb_common.svh"

  dcqcn_cnp_build #(.DATA_WIDTH(W), .NUM_FLOWS(16)) dut (.*);

  localparam logic [0:8*74-1] EXP1 = 592'h020000000001020000000002080045c0003c00004000401125ef0a0000010a000002c00012b7002800008100ffff00000102000000000000000000000000000000000000000056191501;
  localparam logic [0:8*78-1] EXP2 = 624'h02000000000102000000000281006005080045c0003c00004000401125ef0a0000010a000002c00012b7002800008100ffff00000102000000000000000000000000000000000000000056191501;

  logic [7:0] got [0:127];
  integer got_len, frames, acc_cycle, first_cycle;
  logic [B-1:0] last_keep;

  always @(negedge clk) begin
    if (m_axis_tvalid && m_axis_tready) begin
      if (got_len == 0) first_cycle = cycle;
      for (int i = 0; i < B; i++)
        if (m_axis_tkeep[i]) begin
          got[got_len] = m_axis_tdata[8 * i +: 8];
          got_len = got_len + 1;
        end
      if (m_axis_tlast) begin
        frames = frames + 1;
        last_keep = m_axis_tkeep;
      end
    end
  end

  task automatic csr_write(input logic [7:0] a, input logic [31:0] d);
    @(negedge clk);
    csr_we = 1'b1; csr_addr = a; csr_wdata = d;
    @(negedge clk);
    csr_we = 1'b0;
  endtask

  task automatic csr_read(input logic [7:0] a, input logic [31:0] exp);
    @(negedge clk);
    csr_re = 1'b1; csr_addr = a;
    @(negedge clk);
    csr_re = 1'b0;
    check("csr_rdata", 256'(csr_rdata), 256'(exp));
  endtask

  task automatic request(input logic [15:0] flow);
    @(negedge clk);
    s_axis_cnpreq_tvalid = 1'b1;
    s_axis_cnpreq_tdata = {15'd0, 1'b1, flow, 32'd12345};
    #1;
    while (!s_axis_cnpreq_tready) begin
      @(negedge clk);
      #1;
    end
    acc_cycle = cycle;
    @(negedge clk);
    s_axis_cnpreq_tvalid = 1'b0;
  endtask

  initial begin
    rst = 1'b1;
    s_axis_cnpreq_tvalid = 1'b0; s_axis_cnpreq_tdata = '0; m_axis_tready = 1'b1;
    csr_we = 1'b0; csr_re = 1'b0; csr_addr = '0; csr_wdata = '0;
    got_len = 0; frames = 0;
    repeat (3) @(negedge clk);
    rst = 1'b0;
    repeat (20) @(negedge clk);  // the RAM clear: 16 cycles
    csr_read(8'h08, 32'd48);
    csr_write(8'h00, 32'h00000002);
    csr_write(8'h04, 32'h00000200);
    csr_write(8'h10, 32'h00000001);
    csr_write(8'h14, 32'h00000200);
    csr_write(8'h18, 32'h0a000001);
    csr_write(8'h1c, 32'h0a000002);
    csr_write(8'h20, 32'h00000102);
    csr_write(8'h24, 32'hffffc000);
    csr_write(8'h28, 32'd3);
    // 1. untagged
    request(16'd3);
    repeat (20) @(negedge clk);
    check("frame 1 bytes", 256'(got_len), 256'd74);
    check("first beat after accept (cycles)", 256'(first_cycle - acc_cycle), 256'd5);
    check("last tkeep (74 bytes)", 256'(last_keep), 256'h03);
    for (int k = 0; k < 74; k++) if (got[k] !== EXP1[8 * k +: 8]) check("frame 1 byte", 256'(k), 256'(-1));
    // 2. tagged; flow bit 4 is above log2(16) and ignored
    csr_write(8'h0c, 32'h00013005);
    got_len = 0;
    request(16'd19);
    repeat (20) @(negedge clk);
    check("frame 2 bytes", 256'(got_len), 256'd78);
    check("last tkeep (78 bytes)", 256'(last_keep), 256'h3f);
    for (int k = 0; k < 78; k++) if (got[k] !== EXP2[8 * k +: 8]) check("frame 2 byte", 256'(k), 256'(-1));
    // 3. no context
    got_len = 0;
    request(16'd7);
    repeat (20) @(negedge clk);
    check("no frame for flow 7", 256'(got_len), 256'd0);
    check("frames", 256'(frames), 256'd2);
    csr_read(8'h30, 32'd2);
    csr_read(8'h34, 32'd1);
    csr_read(8'h0c, 32'h00013005);
    finish_tb;
  end
endmodule

`resetall
