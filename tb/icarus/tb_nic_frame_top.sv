// SPDX-License-Identifier: MIT
// Icarus Verilog self-checking test of dcqcn_nic_frame_top (DATA_WIDTH = 64, NUM_FLOWS = 16):
// the NIC top with the receive classifier and the CNP builder, through its one AXI4-Lite
// slave. The frames are those of tb_rx_class.sv and tb_cnp_build.sv, computed outside the
// project (Python's zlib.crc32 for the ICRCs, the IPv4 checksums by hand):
//   AXI4-Lite: FRAME_ID 0x44435146, FRAME_DATA_WIDTH 64, FRAME_NUM_QPS 16 (RVALID 3 cycles
//     after AR); TOP_ID 0x44435131 and TOP_NUM_FLOWS 16 through the top's slave (RVALID 5
//     cycles after AR); an unmapped address reads 0; MAP_FLOW written (BVALID 2 cycles after
//     AW and W) and read back; DSCP 0xFF reads 0x3F; partial strobes answered SLVERR by a
//     frame block and by the top (BVALID 5 cycles after AW and W); W before AW.
//   QP 0x000123 -> flow 3, QP 0x000456 -> flow 9; the context of flow 3 as tb_cnp_build's.
//   1. tagged IPv4 (IHL 6) RDMA WRITE to QP 0x000123 with ECN CE (103 bytes): passes
//      unchanged (every beat 9 cycles after it was accepted); the NP's first CE for flow 3
//      makes a CNP request, the builder sends tb_cnp_build's 74-byte CNP (dest QP 0x000102,
//      ICRC 0x01151956) on m_axis_cnp, its first beat 15 cycles after the descriptor (the
//      frame's last beat on m_axis_rx, taken by the top in that cycle).
//   2. tagged IPv6 CNP to QP 0x000456: passes; the RP gets a CNP for flow 9 (mon_rp_valid).
//   3. IPv4 to QP 0x010123 (not ours): passes, no descriptor.
// Counters at the end: classifier FRAMES 3, DATA 1, CNPS 1, UNKNOWN_QPN 1; builder CNPS 1;
// top TOP_RXDATA_IN 1, TOP_RXCNP_IN 1, TOP_CNPREQ_OUT 1.
`timescale 1ns / 1ps
`default_nettype none

module tb_nic_frame_top;
  localparam TB_NAME = "tb_nic_frame_top";
  localparam int W = 64;
  localparam int B = W / 8;

  logic         clk, rst;
  logic [31:0]  now_ns;
  logic         pause;
  logic         s_axis_txop_tvalid, s_axis_txop_tready;
  logic         m_axis_txsel_tvalid, m_axis_txsel_tready;
  logic [63:0]  m_axis_txsel_tdata;
  logic         s_axis_txdone_tvalid, s_axis_txdone_tready;
  logic [79:0]  s_axis_txdone_tdata;
  logic         s_axis_host_tvalid, s_axis_host_tready;
  logic [63:0]  s_axis_host_tdata;
  logic [W-1:0] s_axis_rx_tdata, m_axis_rx_tdata, m_axis_cnp_tdata;
  logic [B-1:0] s_axis_rx_tkeep, m_axis_rx_tkeep, m_axis_cnp_tkeep;
  logic         s_axis_rx_tvalid, s_axis_rx_tlast, s_axis_rx_tready;
  logic         m_axis_rx_tvalid, m_axis_rx_tlast, m_axis_rx_tready;
  logic         m_axis_cnp_tvalid, m_axis_cnp_tlast, m_axis_cnp_tready;
  logic         mon_rp_valid, mon_np_valid;
  logic [319:0] mon_rp_data;
  logic [159:0] mon_np_data;
  logic         next_due_valid, txq_nonempty, idle;
  logic [31:0]  next_due_ns, sweep_due_ns;
  logic         s_axil_awvalid, s_axil_awready;
  logic [12:0]  s_axil_awaddr;
  logic         s_axil_wvalid, s_axil_wready;
  logic [31:0]  s_axil_wdata;
  logic [3:0]   s_axil_wstrb;
  logic         s_axil_bvalid, s_axil_bready;
  logic [1:0]   s_axil_bresp;
  logic         s_axil_arvalid, s_axil_arready;
  logic [12:0]  s_axil_araddr;
  logic         s_axil_rvalid, s_axil_rready;
  logic [31:0]  s_axil_rdata;
  logic [1:0]   s_axil_rresp;

  `include "tb_common.svh"

  dcqcn_nic_frame_top #(.NUM_FLOWS(16), .DATA_WIDTH(W)) dut (.*);

  localparam logic [0:8*74-1] CNP1 = 592'h020000000001020000000002080045c0003c00004000401125ef0a0000010a000002c00012b7002800008100ffff00000102000000000000000000000000000000000000000056191501;

  logic [7:0] fr [0:255];    // the frame to send
  logic [7:0] got [0:255];   // the bytes that came out of m_axis_rx
  logic [7:0] cnp [0:127];   // the bytes that came out of m_axis_cnp
  integer fr_len, got_len, got_last, cnp_len, cnp_frames, rp_results;
  integer desc_cycle, cnp_first_cycle;   // the last beat out (its descriptor shown), the CNP's first beat
  integer acc_cycle [0:63];
  integer n_acc, n_out;

  always @(negedge clk) begin
    if (m_axis_rx_tvalid && m_axis_rx_tready) begin
      for (int i = 0; i < B; i++)
        if (m_axis_rx_tkeep[i]) begin
          got[got_len] = m_axis_rx_tdata[8 * i +: 8];
          got_len = got_len + 1;
        end
      check("rx beat latency (cycles)", 256'(cycle - acc_cycle[n_out]), 256'd9);
      n_out = n_out + 1;
      if (m_axis_rx_tlast) begin
        got_last = got_len;
        desc_cycle = cycle;
      end
    end
    if (m_axis_cnp_tvalid && m_axis_cnp_tready) begin
      if (cnp_len == 0) cnp_first_cycle = cycle;
      for (int i = 0; i < B; i++)
        if (m_axis_cnp_tkeep[i]) begin
          cnp[cnp_len] = m_axis_cnp_tdata[8 * i +: 8];
          cnp_len = cnp_len + 1;
        end
      if (m_axis_cnp_tlast) cnp_frames = cnp_frames + 1;
    end
    if (mon_rp_valid) rp_results = rp_results + 1;
  end

  always @(posedge clk) now_ns <= now_ns + 32'd3;

  // ---------------------------------------------------------------- AXI4-Lite master
  // AW and W offered together (w_first: W one cycle before AW); the answer's latency
  // checked from the later handshake
  task automatic axil_write(input logic [12:0] a, input logic [31:0] d, input logic [3:0] strb,
                            input logic [1:0] exp_resp, input integer exp_lat, input logic w_first);
    integer t0;
    @(negedge clk);
    s_axil_wvalid = 1'b1; s_axil_wdata = d; s_axil_wstrb = strb;
    if (w_first) begin
      #1;
      while (!s_axil_wready) begin @(negedge clk); #1; end
      @(negedge clk);
      s_axil_wvalid = 1'b0;
    end
    s_axil_awvalid = 1'b1; s_axil_awaddr = a;
    #1;
    while (!s_axil_awready) begin @(negedge clk); #1; end
    t0 = cycle;
    @(negedge clk);
    s_axil_awvalid = 1'b0; s_axil_wvalid = 1'b0;
    s_axil_bready = 1'b1;
    #1;
    while (!s_axil_bvalid) begin @(negedge clk); #1; end
    check("BVALID latency", 256'(cycle - t0), 256'(exp_lat));
    check("BRESP", 256'(s_axil_bresp), 256'(exp_resp));
    @(negedge clk);
    s_axil_bready = 1'b0;
  endtask

  task automatic axil_read(input logic [12:0] a, input logic [31:0] exp, input integer exp_lat);
    integer t0;
    @(negedge clk);
    s_axil_arvalid = 1'b1; s_axil_araddr = a;
    #1;
    while (!s_axil_arready) begin @(negedge clk); #1; end
    t0 = cycle;
    @(negedge clk);
    s_axil_arvalid = 1'b0;
    s_axil_rready = 1'b1;
    #1;
    while (!s_axil_rvalid) begin @(negedge clk); #1; end
    if (exp_lat > 0) check("RVALID latency", 256'(cycle - t0), 256'(exp_lat));
    check("RDATA", 256'(s_axil_rdata), 256'(exp));
    check("RRESP", 256'(s_axil_rresp), 256'd0);
    @(negedge clk);
    s_axil_rready = 1'b0;
  endtask

  task automatic wr(input logic [12:0] a, input logic [31:0] d);
    axil_write(a, d, 4'hF, 2'b00, a < 13'h1000 ? 5 : 2, 1'b0);
  endtask

  // sends fr[0:fr_len), waits for it out and compares it with what was sent
  task automatic send_frame;
    integer at;
    got_len = 0;
    got_last = -1;
    n_acc = 0;
    n_out = 0;
    for (at = 0; at < fr_len; at = at + B) begin
      @(negedge clk);
      s_axis_rx_tvalid = 1'b1;
      for (int i = 0; i < B; i++) begin
        s_axis_rx_tdata[8 * i +: 8] = (at + i < fr_len) ? fr[at + i] : 8'hEE;
        s_axis_rx_tkeep[i] = at + i < fr_len;
      end
      s_axis_rx_tlast = at + B >= fr_len;
      #1;
      while (!s_axis_rx_tready) begin
        @(negedge clk);
        #1;
      end
      acc_cycle[n_acc] = cycle;
      n_acc = n_acc + 1;
      @(posedge clk);
    end
    @(negedge clk);
    s_axis_rx_tvalid = 1'b0;
    repeat (40) @(negedge clk);
    check("frame length out", 256'(got_last), 256'(fr_len));
    for (int i = 0; i < fr_len; i++)
      if (got[i] !== fr[i]) check("frame byte", 256'(i), 256'(-1));
    checks = checks + 1;
  endtask

  initial begin
    rst = 1'b1; now_ns = 32'd1000; pause = 1'b0;
    s_axis_txop_tvalid = 1'b0; m_axis_txsel_tready = 1'b1;
    s_axis_txdone_tvalid = 1'b0; s_axis_txdone_tdata = '0;
    s_axis_host_tvalid = 1'b0; s_axis_host_tdata = '0;
    s_axis_rx_tvalid = 1'b0; s_axis_rx_tdata = '0; s_axis_rx_tkeep = '0; s_axis_rx_tlast = 1'b0;
    m_axis_rx_tready = 1'b1; m_axis_cnp_tready = 1'b1;
    s_axil_awvalid = 1'b0; s_axil_awaddr = '0; s_axil_wvalid = 1'b0; s_axil_wdata = '0;
    s_axil_wstrb = '0; s_axil_bready = 1'b0; s_axil_arvalid = 1'b0; s_axil_araddr = '0;
    s_axil_rready = 1'b0;
    got_len = 0; cnp_len = 0; cnp_frames = 0; rp_results = 0; n_acc = 0; n_out = 0;
    repeat (3) @(negedge clk);
    rst = 1'b0;
    @(negedge clk);
    check("s_axis_rx_tready low while clearing", 256'(s_axis_rx_tready), 256'd0);
    repeat (20) @(negedge clk);   // the RAM clears: 16 cycles
    check("s_axis_rx_tready after the clears", 256'(s_axis_rx_tready), 256'd1);

    // ---- the map
    axil_read(13'h1200, 32'h44435146, 3);
    axil_read(13'h1204, 32'd64, 3);
    axil_read(13'h1208, 32'd16, 3);
    axil_read(13'h0200, 32'h44435131, 5);
    axil_read(13'h0204, 32'd16, 5);
    axil_read(13'h1300, 32'd0, 3);
    axil_read(13'h0400, 32'd0, 5);
    axil_write(13'h1000, 32'd5, 4'hF, 2'b00, 2, 1'b1);       // W before AW
    axil_read(13'h1000, 32'd5, 3);
    axil_write(13'h1000, 32'd6, 4'h3, 2'b10, 2, 1'b0);       // partial: SLVERR, not written
    axil_read(13'h1000, 32'd5, 3);
    axil_write(13'h0100, 32'd6, 4'h1, 2'b10, 5, 1'b0);       // partial to the top's NP: SLVERR
    axil_write(13'h1108, 32'hFF, 4'hF, 2'b00, 2, 1'b0);
    axil_read(13'h1108, 32'h3F, 3);
    wr(13'h1108, 32'd48);

    // ---- the QP table and the context of flow 3 (tb_cnp_build's)
    wr(13'h1000, 32'd3);
    wr(13'h1004, 32'h000123);
    wr(13'h1000, 32'd9);
    wr(13'h1004, 32'h000456);
    wr(13'h1100, 32'h00000002);
    wr(13'h1104, 32'h00000200);
    wr(13'h1110, 32'h00000001);
    wr(13'h1114, 32'h00000200);
    wr(13'h1118, 32'h0a000001);
    wr(13'h111c, 32'h0a000002);
    wr(13'h1120, 32'h00000102);
    wr(13'h1124, 32'hffffc000);
    wr(13'h1128, 32'd3);

    // ---- 1. a CE data packet for flow 3: passes; a CNP frame comes out
    fr_len = 103;
    fr[0] = 8'h02; fr[1] = 8'h00; fr[2] = 8'h00; fr[3] = 8'h00; fr[4] = 8'h00; fr[5] = 8'h01; fr[6] = 8'h02; fr[7] = 8'h00;
    fr[8] = 8'h00; fr[9] = 8'h00; fr[10] = 8'h00; fr[11] = 8'h02; fr[12] = 8'h81; fr[13] = 8'h00; fr[14] = 8'h60; fr[15] = 8'h05;
    fr[16] = 8'h08; fr[17] = 8'h00; fr[18] = 8'h46; fr[19] = 8'h6b; fr[20] = 8'h00; fr[21] = 8'h55; fr[22] = 8'h00; fr[23] = 8'h00;
    fr[24] = 8'h40; fr[25] = 8'h00; fr[26] = 8'h40; fr[27] = 8'h11; fr[28] = 8'h23; fr[29] = 8'h29; fr[30] = 8'h0a; fr[31] = 8'h00;
    fr[32] = 8'h00; fr[33] = 8'h01; fr[34] = 8'h0a; fr[35] = 8'h00; fr[36] = 8'h00; fr[37] = 8'h02; fr[38] = 8'h01; fr[39] = 8'h01;
    fr[40] = 8'h01; fr[41] = 8'h01; fr[42] = 8'hc1; fr[43] = 8'h23; fr[44] = 8'h12; fr[45] = 8'hb7; fr[46] = 8'h00; fr[47] = 8'h3d;
    fr[48] = 8'h00; fr[49] = 8'h00; fr[50] = 8'h0a; fr[51] = 8'h00; fr[52] = 8'hff; fr[53] = 8'hff; fr[54] = 8'h00; fr[55] = 8'h00;
    fr[56] = 8'h01; fr[57] = 8'h23; fr[58] = 8'h00; fr[59] = 8'h00; fr[60] = 8'h00; fr[61] = 8'h07; fr[62] = 8'h05; fr[63] = 8'h12;
    fr[64] = 8'h1f; fr[65] = 8'h2c; fr[66] = 8'h39; fr[67] = 8'h46; fr[68] = 8'h53; fr[69] = 8'h60; fr[70] = 8'h6d; fr[71] = 8'h7a;
    fr[72] = 8'h87; fr[73] = 8'h94; fr[74] = 8'ha1; fr[75] = 8'hae; fr[76] = 8'hbb; fr[77] = 8'hc8; fr[78] = 8'hd5; fr[79] = 8'he2;
    fr[80] = 8'hef; fr[81] = 8'hfc; fr[82] = 8'h09; fr[83] = 8'h16; fr[84] = 8'h23; fr[85] = 8'h30; fr[86] = 8'h3d; fr[87] = 8'h4a;
    fr[88] = 8'h57; fr[89] = 8'h64; fr[90] = 8'h71; fr[91] = 8'h7e; fr[92] = 8'h8b; fr[93] = 8'h98; fr[94] = 8'ha5; fr[95] = 8'hb2;
    fr[96] = 8'hbf; fr[97] = 8'hcc; fr[98] = 8'hd9; fr[99] = 8'h0d; fr[100] = 8'h20; fr[101] = 8'h96; fr[102] = 8'hcd;
    send_frame;
    check("CNP frames", 256'(cnp_frames), 256'd1);
    check("CNP length", 256'(cnp_len), 256'd74);
    // the stated latency (rtl/dcqcn_nic_frame_top.sv header), everything idle: the
    // descriptor taken with the last beat, then the top's path and the builder's 5
    check("descriptor -> CNP first beat (cycles)", 256'(cnp_first_cycle - desc_cycle), 256'd15);
    for (int k = 0; k < 74; k++) if (cnp[k] !== CNP1[8 * k +: 8]) check("CNP byte", 256'(k), 256'(-1));
    // ---- 2. a CNP for flow 9: passes; an RP result
    fr_len = 98;
    fr[0] = 8'h02; fr[1] = 8'h00; fr[2] = 8'h00; fr[3] = 8'h00; fr[4] = 8'h00; fr[5] = 8'h01; fr[6] = 8'h02; fr[7] = 8'h00;
    fr[8] = 8'h00; fr[9] = 8'h00; fr[10] = 8'h00; fr[11] = 8'h02; fr[12] = 8'h81; fr[13] = 8'h00; fr[14] = 8'h60; fr[15] = 8'h05;
    fr[16] = 8'h86; fr[17] = 8'hdd; fr[18] = 8'h66; fr[19] = 8'h81; fr[20] = 8'h23; fr[21] = 8'h45; fr[22] = 8'h00; fr[23] = 8'h28;
    fr[24] = 8'h11; fr[25] = 8'h40; fr[26] = 8'h00; fr[27] = 8'h01; fr[28] = 8'h02; fr[29] = 8'h03; fr[30] = 8'h04; fr[31] = 8'h05;
    fr[32] = 8'h06; fr[33] = 8'h07; fr[34] = 8'h08; fr[35] = 8'h09; fr[36] = 8'h0a; fr[37] = 8'h0b; fr[38] = 8'h0c; fr[39] = 8'h0d;
    fr[40] = 8'h0e; fr[41] = 8'h0f; fr[42] = 8'h10; fr[43] = 8'h11; fr[44] = 8'h12; fr[45] = 8'h13; fr[46] = 8'h14; fr[47] = 8'h15;
    fr[48] = 8'h16; fr[49] = 8'h17; fr[50] = 8'h18; fr[51] = 8'h19; fr[52] = 8'h1a; fr[53] = 8'h1b; fr[54] = 8'h1c; fr[55] = 8'h1d;
    fr[56] = 8'h1e; fr[57] = 8'h1f; fr[58] = 8'hc1; fr[59] = 8'h23; fr[60] = 8'h12; fr[61] = 8'hb7; fr[62] = 8'h00; fr[63] = 8'h28;
    fr[64] = 8'h00; fr[65] = 8'h00; fr[66] = 8'h81; fr[67] = 8'h00; fr[68] = 8'hff; fr[69] = 8'hff; fr[70] = 8'h00; fr[71] = 8'h00;
    fr[72] = 8'h04; fr[73] = 8'h56; fr[74] = 8'h00; fr[75] = 8'h00; fr[76] = 8'h00; fr[77] = 8'h07; fr[78] = 8'h05; fr[79] = 8'h12;
    fr[80] = 8'h1f; fr[81] = 8'h2c; fr[82] = 8'h39; fr[83] = 8'h46; fr[84] = 8'h53; fr[85] = 8'h60; fr[86] = 8'h6d; fr[87] = 8'h7a;
    fr[88] = 8'h87; fr[89] = 8'h94; fr[90] = 8'ha1; fr[91] = 8'hae; fr[92] = 8'hbb; fr[93] = 8'hc8; fr[94] = 8'h7c; fr[95] = 8'he4;
    fr[96] = 8'h46; fr[97] = 8'h54;
    send_frame;
    check("RP results (the received CNP)", 256'(rp_results > 0), 256'd1);
    // ---- 3. not ours: passes, no descriptor
    fr_len = 74;
    fr[0] = 8'h02; fr[1] = 8'h00; fr[2] = 8'h00; fr[3] = 8'h00; fr[4] = 8'h00; fr[5] = 8'h01; fr[6] = 8'h02; fr[7] = 8'h00;
    fr[8] = 8'h00; fr[9] = 8'h00; fr[10] = 8'h00; fr[11] = 8'h02; fr[12] = 8'h08; fr[13] = 8'h00; fr[14] = 8'h45; fr[15] = 8'h69;
    fr[16] = 8'h00; fr[17] = 8'h3c; fr[18] = 8'h00; fr[19] = 8'h00; fr[20] = 8'h40; fr[21] = 8'h00; fr[22] = 8'h40; fr[23] = 8'h11;
    fr[24] = 8'h26; fr[25] = 8'h46; fr[26] = 8'h0a; fr[27] = 8'h00; fr[28] = 8'h00; fr[29] = 8'h01; fr[30] = 8'h0a; fr[31] = 8'h00;
    fr[32] = 8'h00; fr[33] = 8'h02; fr[34] = 8'hc1; fr[35] = 8'h23; fr[36] = 8'h12; fr[37] = 8'hb7; fr[38] = 8'h00; fr[39] = 8'h28;
    fr[40] = 8'h00; fr[41] = 8'h00; fr[42] = 8'h04; fr[43] = 8'h00; fr[44] = 8'hff; fr[45] = 8'hff; fr[46] = 8'h00; fr[47] = 8'h01;
    fr[48] = 8'h01; fr[49] = 8'h23; fr[50] = 8'h00; fr[51] = 8'h00; fr[52] = 8'h00; fr[53] = 8'h07; fr[54] = 8'h05; fr[55] = 8'h12;
    fr[56] = 8'h1f; fr[57] = 8'h2c; fr[58] = 8'h39; fr[59] = 8'h46; fr[60] = 8'h53; fr[61] = 8'h60; fr[62] = 8'h6d; fr[63] = 8'h7a;
    fr[64] = 8'h87; fr[65] = 8'h94; fr[66] = 8'ha1; fr[67] = 8'hae; fr[68] = 8'hbb; fr[69] = 8'hc8; fr[70] = 8'hb2; fr[71] = 8'h8a;
    fr[72] = 8'h35; fr[73] = 8'h48;
    send_frame;
    check("CNP frames at the end", 256'(cnp_frames), 256'd1);

    axil_read(13'h1010, 32'd3, 3);   // FRAMES
    axil_read(13'h1014, 32'd1, 3);   // DATA
    axil_read(13'h1018, 32'd1, 3);   // CNPS
    axil_read(13'h1028, 32'd1, 3);   // UNKNOWN_QPN
    axil_read(13'h1130, 32'd1, 3);   // builder CNPS
    axil_read(13'h1134, 32'd0, 3);   // NO_CTX
    axil_read(13'h0220, 32'd1, 5);   // TOP_RXDATA_IN
    axil_read(13'h021c, 32'd1, 5);   // TOP_RXCNP_IN
    axil_read(13'h0224, 32'd1, 5);   // TOP_CNPREQ_OUT
    finish_tb;
  end
endmodule

`resetall
