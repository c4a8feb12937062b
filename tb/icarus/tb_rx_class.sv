// SPDX-License-Identifier: MIT
// Icarus Verilog self-checking test of dcqcn_rx_class (DATA_WIDTH = 64, NUM_QPS = 16).
// The frames' bytes and ICRCs were computed outside the project (Python, zlib.crc32 over
// the 8 bytes of ones and the masked IP/UDP/BTH/payload, IBA annex A17; IPv4 checksums
// by RFC 791's sum). The QP table: QP 0x000123 -> flow 7, QP 0x000456 -> flow 9.
//   1. IPv4 SEND to QP 0x000123, ECN 10         -> rxdata 0x0002_0007_0000_0000
//   2. tagged IPv6 CNP to QP 0x000456           -> rxcnp  0x0000_0009_0000_0000
//   3. tagged IPv4 (IHL 6) WRITE to 0x000123, CE -> rxdata 0x0003_0007_0000_0000
//   4. frame 1 with a wrong ICRC                -> nothing (BAD_ICRC)
//   5. IPv4 to QP 0x010123 (0x000123's index)   -> nothing (UNKNOWN_QPN)
//   6. IPv4 UDP to port 4792                    -> nothing (NOT_ROCE)
//   7. a runt of 10 bytes                       -> nothing (SHORT)
// Every frame leaves unchanged, every beat 9 cycles after it was accepted, a descriptor
// in the cycle of its frame's last beat. Counters at the end: FRAMES 7, DATA 2, CNPS 1,
// NOT_ROCE 1, SHORT 1, BAD_ICRC 1, UNKNOWN_QPN 1; MAP_FLOW reads back; unmapped reads 0.
`timescale 1ns / 1ps
`default_nettype none

module tb_rx_class;
  localparam TB_NAME = "tb_rx_class";
  localparam int W = 64;
  localparam int B = W / 8;

  logic clk, rst;
  logic [W-1:0] s_axis_tdata, m_axis_tdata;
  logic [B-1:0] s_axis_tkeep, m_axis_tkeep;
  logic s_axis_tvalid, s_axis_tlast, s_axis_tready;
  logic m_axis_tvalid, m_axis_tlast, m_axis_tready;
  logic m_axis_rxdata_tvalid, m_axis_rxdata_tready, m_axis_rxcnp_tvalid, m_axis_rxcnp_tready;
  logic [63:0] m_axis_rxdata_tdata, m_axis_rxcnp_tdata;
  logic csr_we, csr_re;
  logic [7:0] csr_addr;
  logic [31:0] csr_wdata, csr_rdata;

  `include "tb_common.svh"

  dcqcn_rx_class #(.DATA_WIDTH(W), .NUM_QPS(16)) dut (.*);

  logic [7:0] fr [0:255];    // the frame to send
  logic [7:0] got [0:255];   // the bytes that came out
  integer fr_len, got_len, got_last_keep;
  integer acc_cycle [0:63];  // accept cycle of each beat of the frame sent
  integer n_acc, n_out, n_data, n_cnp;
  logic [63:0] last_data, last_cnp;

  // the output side (sampled mid-cycle): bytes, every beat's latency, the descriptors
  always @(negedge clk) begin
    if (m_axis_tvalid && m_axis_tready) begin
      for (int i = 0; i < B; i++)
        if (m_axis_tkeep[i]) begin
          got[got_len] = m_axis_tdata[8 * i +: 8];
          got_len = got_len + 1;
        end
      check("beat latency (cycles)", 256'(cycle - acc_cycle[n_out]), 256'd9);
      n_out = n_out + 1;
      if (m_axis_tlast) got_last_keep = got_len;
    end
    if (m_axis_rxdata_tvalid) begin
      check("rxdata with its frame's last beat", 256'(m_axis_tvalid && m_axis_tlast), 256'd1);
      n_data = n_data + 1;
      last_data = m_axis_rxdata_tdata;
    end
    if (m_axis_rxcnp_tvalid) begin
      check("rxcnp with its frame's last beat", 256'(m_axis_tvalid && m_axis_tlast), 256'd1);
      n_cnp = n_cnp + 1;
      last_cnp = m_axis_rxcnp_tdata;
    end
  end

  // sends fr[0:fr_len), waits for it out and compares it with what was sent
  task automatic send_frame;
    integer at;
    got_len = 0;
    got_last_keep = -1;
    n_acc = 0;
    n_out = 0;
    for (at = 0; at < fr_len; at = at + B) begin
      @(negedge clk);
      s_axis_tvalid = 1'b1;
      for (int i = 0; i < B; i++) begin
        s_axis_tdata[8 * i +: 8] = (at + i < fr_len) ? fr[at + i] : 8'hEE;
        s_axis_tkeep[i] = at + i < fr_len;
      end
      s_axis_tlast = at + B >= fr_len;
      #1;
      while (!s_axis_tready) begin
        @(negedge clk);
        #1;
      end
      acc_cycle[n_acc] = cycle;  // taken at the coming edge
      n_acc = n_acc + 1;
      @(posedge clk);
    end
    @(negedge clk);
    s_axis_tvalid = 1'b0;
    repeat (11) @(negedge clk);
    check("frame length out", 256'(got_last_keep), 256'(fr_len));
    for (int i = 0; i < fr_len; i++)
      if (got[i] !== fr[i]) check("frame byte", 256'(i), 256'(-1));
    checks = checks + 1;
  endtask

  task automatic csr_write(input logic [7:0] addr, input logic [31:0] data);
    @(negedge clk);
    csr_we = 1'b1;
    csr_addr = addr;
    csr_wdata = data;
    @(negedge clk);
    csr_we = 1'b0;
  endtask

  task automatic read_reg(input logic [7:0] addr, input logic [31:0] exp);
    @(negedge clk);
    csr_re = 1'b1;
    csr_addr = addr;
    @(negedge clk);
    csr_re = 1'b0;
    check("register", 256'(csr_rdata), 256'(exp));
  endtask

  task automatic expect_desc(input integer data, input integer cnp);
    check("rxdata descriptors", 256'(n_data), 256'(data));
    check("rxcnp descriptors", 256'(n_cnp), 256'(cnp));
  endtask

  initial begin
    rst = 1'b1;
    s_axis_tvalid = 1'b0; s_axis_tdata = '0; s_axis_tkeep = '0; s_axis_tlast = 1'b0;
    m_axis_tready = 1'b1; m_axis_rxdata_tready = 1'b1; m_axis_rxcnp_tready = 1'b1;
    csr_we = 1'b0; csr_re = 1'b0; csr_addr = '0; csr_wdata = '0;
    got_len = 0; n_acc = 0; n_out = 0; n_data = 0; n_cnp = 0;
    repeat (3) @(negedge clk);
    rst = 1'b0;
    // the table clear: 16 cycles with s_axis_tready low
    @(negedge clk);
    check("tready low while clearing", 256'(s_axis_tready), 256'd0);
    repeat (16) @(negedge clk);
    check("tready after the clear", 256'(s_axis_tready), 256'd1);
    csr_write(8'h00, 32'd7);
    csr_write(8'h04, 32'h000123);
    csr_write(8'h00, 32'd9);
    csr_write(8'h04, 32'h000456);
    read_reg(8'h00, 32'd9);

    // 1. IPv4, RC SEND (0x04) to QP 0x000123 (flow 7), ECN 10: rxdata {ecn 2, flow 7} (74 bytes)
    fr_len = 74;
    fr[0] = 8'h02; fr[1] = 8'h00; fr[2] = 8'h00; fr[3] = 8'h00; fr[4] = 8'h00; fr[5] = 8'h01; fr[6] = 8'h02; fr[7] = 8'h00;
    fr[8] = 8'h00; fr[9] = 8'h00; fr[10] = 8'h00; fr[11] = 8'h02; fr[12] = 8'h08; fr[13] = 8'h00; fr[14] = 8'h45; fr[15] = 8'h6a;
    fr[16] = 8'h00; fr[17] = 8'h3c; fr[18] = 8'h00; fr[19] = 8'h00; fr[20] = 8'h40; fr[21] = 8'h00; fr[22] = 8'h40; fr[23] = 8'h11;
    fr[24] = 8'h26; fr[25] = 8'h45; fr[26] = 8'h0a; fr[27] = 8'h00; fr[28] = 8'h00; fr[29] = 8'h01; fr[30] = 8'h0a; fr[31] = 8'h00;
    fr[32] = 8'h00; fr[33] = 8'h02; fr[34] = 8'hc1; fr[35] = 8'h23; fr[36] = 8'h12; fr[37] = 8'hb7; fr[38] = 8'h00; fr[39] = 8'h28;
    fr[40] = 8'h00; fr[41] = 8'h00; fr[42] = 8'h04; fr[43] = 8'h00; fr[44] = 8'hff; fr[45] = 8'hff; fr[46] = 8'h00; fr[47] = 8'h00;
    fr[48] = 8'h01; fr[49] = 8'h23; fr[50] = 8'h00; fr[51] = 8'h00; fr[52] = 8'h00; fr[53] = 8'h07; fr[54] = 8'h05; fr[55] = 8'h12;
    fr[56] = 8'h1f; fr[57] = 8'h2c; fr[58] = 8'h39; fr[59] = 8'h46; fr[60] = 8'h53; fr[61] = 8'h60; fr[62] = 8'h6d; fr[63] = 8'h7a;
    fr[64] = 8'h87; fr[65] = 8'h94; fr[66] = 8'ha1; fr[67] = 8'hae; fr[68] = 8'hbb; fr[69] = 8'hc8; fr[70] = 8'h66; fr[71] = 8'h60;
    fr[72] = 8'h46; fr[73] = 8'hd3;
    send_frame;
    expect_desc(1, 0);
    check("rxdata 1", 256'(last_data), 256'(64'h0002_0007_0000_0000));
    // 2. tagged IPv6 CNP (0x81) to QP 0x000456 (flow 9): rxcnp {flow 9} (98 bytes)
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
    expect_desc(1, 1);
    check("rxcnp 2", 256'(last_cnp), 256'(64'h0000_0009_0000_0000));
    // 3. tagged IPv4 with IHL 6, RDMA WRITE (0x0A) to QP 0x000123, ECN 11: rxdata {3, 7} (103 bytes)
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
    expect_desc(2, 1);
    check("rxdata 3", 256'(last_data), 256'(64'h0003_0007_0000_0000));
    // 4. frame 1 with its last ICRC byte flipped: BAD_ICRC (74 bytes)
    fr_len = 74;
    fr[0] = 8'h02; fr[1] = 8'h00; fr[2] = 8'h00; fr[3] = 8'h00; fr[4] = 8'h00; fr[5] = 8'h01; fr[6] = 8'h02; fr[7] = 8'h00;
    fr[8] = 8'h00; fr[9] = 8'h00; fr[10] = 8'h00; fr[11] = 8'h02; fr[12] = 8'h08; fr[13] = 8'h00; fr[14] = 8'h45; fr[15] = 8'h6a;
    fr[16] = 8'h00; fr[17] = 8'h3c; fr[18] = 8'h00; fr[19] = 8'h00; fr[20] = 8'h40; fr[21] = 8'h00; fr[22] = 8'h40; fr[23] = 8'h11;
    fr[24] = 8'h26; fr[25] = 8'h45; fr[26] = 8'h0a; fr[27] = 8'h00; fr[28] = 8'h00; fr[29] = 8'h01; fr[30] = 8'h0a; fr[31] = 8'h00;
    fr[32] = 8'h00; fr[33] = 8'h02; fr[34] = 8'hc1; fr[35] = 8'h23; fr[36] = 8'h12; fr[37] = 8'hb7; fr[38] = 8'h00; fr[39] = 8'h28;
    fr[40] = 8'h00; fr[41] = 8'h00; fr[42] = 8'h04; fr[43] = 8'h00; fr[44] = 8'hff; fr[45] = 8'hff; fr[46] = 8'h00; fr[47] = 8'h00;
    fr[48] = 8'h01; fr[49] = 8'h23; fr[50] = 8'h00; fr[51] = 8'h00; fr[52] = 8'h00; fr[53] = 8'h07; fr[54] = 8'h05; fr[55] = 8'h12;
    fr[56] = 8'h1f; fr[57] = 8'h2c; fr[58] = 8'h39; fr[59] = 8'h46; fr[60] = 8'h53; fr[61] = 8'h60; fr[62] = 8'h6d; fr[63] = 8'h7a;
    fr[64] = 8'h87; fr[65] = 8'h94; fr[66] = 8'ha1; fr[67] = 8'hae; fr[68] = 8'hbb; fr[69] = 8'hc8; fr[70] = 8'h66; fr[71] = 8'h60;
    fr[72] = 8'h46; fr[73] = 8'h89;
    send_frame;
    expect_desc(2, 1);
    // 5. IPv4 to QP 0x010123 (the index of 0x000123, another QP): UNKNOWN_QPN (74 bytes)
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
    expect_desc(2, 1);
    // 6. IPv4 UDP to port 4792: NOT_ROCE (74 bytes)
    fr_len = 74;
    fr[0] = 8'h02; fr[1] = 8'h00; fr[2] = 8'h00; fr[3] = 8'h00; fr[4] = 8'h00; fr[5] = 8'h01; fr[6] = 8'h02; fr[7] = 8'h00;
    fr[8] = 8'h00; fr[9] = 8'h00; fr[10] = 8'h00; fr[11] = 8'h02; fr[12] = 8'h08; fr[13] = 8'h00; fr[14] = 8'h45; fr[15] = 8'h69;
    fr[16] = 8'h00; fr[17] = 8'h3c; fr[18] = 8'h00; fr[19] = 8'h00; fr[20] = 8'h40; fr[21] = 8'h00; fr[22] = 8'h40; fr[23] = 8'h11;
    fr[24] = 8'h26; fr[25] = 8'h46; fr[26] = 8'h0a; fr[27] = 8'h00; fr[28] = 8'h00; fr[29] = 8'h01; fr[30] = 8'h0a; fr[31] = 8'h00;
    fr[32] = 8'h00; fr[33] = 8'h02; fr[34] = 8'hc1; fr[35] = 8'h23; fr[36] = 8'h12; fr[37] = 8'hb8; fr[38] = 8'h00; fr[39] = 8'h28;
    fr[40] = 8'h00; fr[41] = 8'h00; fr[42] = 8'h04; fr[43] = 8'h00; fr[44] = 8'hff; fr[45] = 8'hff; fr[46] = 8'h00; fr[47] = 8'h00;
    fr[48] = 8'h01; fr[49] = 8'h23; fr[50] = 8'h00; fr[51] = 8'h00; fr[52] = 8'h00; fr[53] = 8'h07; fr[54] = 8'h05; fr[55] = 8'h12;
    fr[56] = 8'h1f; fr[57] = 8'h2c; fr[58] = 8'h39; fr[59] = 8'h46; fr[60] = 8'h53; fr[61] = 8'h60; fr[62] = 8'h6d; fr[63] = 8'h7a;
    fr[64] = 8'h87; fr[65] = 8'h94; fr[66] = 8'ha1; fr[67] = 8'hae; fr[68] = 8'hbb; fr[69] = 8'hc8; fr[70] = 8'h66; fr[71] = 8'h13;
    fr[72] = 8'h7e; fr[73] = 8'h3f;
    send_frame;
    expect_desc(2, 1);
    // 7. a runt of 10 bytes: SHORT (10 bytes)
    fr_len = 10;
    fr[0] = 8'h00; fr[1] = 8'h01; fr[2] = 8'h02; fr[3] = 8'h03; fr[4] = 8'h04; fr[5] = 8'h05; fr[6] = 8'h06; fr[7] = 8'h07;
    fr[8] = 8'h08; fr[9] = 8'h09;
    send_frame;
    expect_desc(2, 1);

    read_reg(8'h10, 32'd7);
    read_reg(8'h14, 32'd2);
    read_reg(8'h18, 32'd1);
    read_reg(8'h1C, 32'd1);
    read_reg(8'h20, 32'd1);
    read_reg(8'h24, 32'd1);
    read_reg(8'h28, 32'd1);
    read_reg(8'h40, 32'd0);
    finish_tb;
  end
endmodule

`resetall
