// SPDX-License-Identifier: MIT
// The NIC's CNP frame builder (docs/frames.md, "CNP builder"): for each CNP request of
// the NIC top (m_axis_cnpreq) it builds the RoCEv2 CNP frame from the flow's QP context
// (a block-RAM table written through the CSR bus) and the global CSRs, and sends it on
// m_axis as AXI4-Stream (no FCS: the MAC appends it).
//
// The frame (offsets without a tag; +4 from byte 12 on with the 802.1Q tag):
//   0-5   destination MAC (context)        6-11  source MAC (SRC_MAC)
//   12-13 0x0800 (tagged: 0x8100, TCI = PCP << 13 | VID, then 0x0800)
//   14    0x45  15 DSCP << 2 | ECN 00 (not ECT)  16-17 total length 60  18-19 ID 0
//   20-21 0x4000 (DF)  22 TTL 64  23 protocol 17  24-25 header checksum
//   26-29 source IPv4 (context)  30-33 destination IPv4 (context)
//   34-35 UDP source port (context)  36-37 4791  38-39 UDP length 40  40-41 checksum 0
//   42    BTH opcode 0x81 (CNP)  43 SE/M/pad/TVer 0  44-45 P_Key (context)  46 resv8a 0
//   47-49 destination QP (context)  50 0  51-53 PSN 0
//   54-69 16 reserved bytes, 0
//   70-73 ICRC (CRC-32 of 8 bytes of ones and bytes 14-69 with TOS, TTL, the IPv4 and UDP
//         checksums and resv8a set to ones; complemented, least significant byte first)
// 74 bytes (78 tagged): at 512 bits 2 beats (64 + 10 or 14), at 64 bits 10 beats.
//
// Request: s_axis_cnpreq_tdata[63:0] as the top's m_axis_cnpreq: [47:32] flow (bits at and
// above log2(NUM_FLOWS) ignored); tau_ns [31:0] and kind [48] are not used by the frame.
// A request whose flow has no valid context is dropped and counted (NO_CTX).
//
// Latency: a request accepted in cycle c has its frame's first beat on m_axis in cycle
// c + 5 when the output is free (RAM read; context registers; CRC and checksum partial
// sums; their final sums; the frame register). Pipeline stages advance together on
// en = the frame register is empty or its last beat is being taken; s_axis_cnpreq_tready
// = en && !clearing && !rst. One CNP per ceil(74 / B) cycles (78 tagged) at full rate.
// m_axis_t{data,keep,last} are 0 while m_axis_tvalid is 0.
//
// After rst the block clears the context RAM (every entry invalid) in NUM_FLOWS cycles,
// s_axis_cnpreq_tready low meanwhile; a CTX_COMMIT written during the clear is lost.
//
// CSRs: the generated CSR file dcqcn_cnp_build_csr (tb/ref/regmap_frame.h; the registers
// in docs/regmap.md): the globals SRC_MAC_LO/HI, DSCP, VLAN ([11:0] VID, [14:12] PCP, [16]
// 1 = tagged); the staged context CTX_*; CTX_COMMIT, a command: write [15:0] = flow, the
// staged context becomes the flow's, valid, with [31] set the flow's context is made
// invalid; the counters CNPS and NO_CTX.
// SRC_MAC, DSCP and VLAN are taken for a CNP as they are in cycle c + 2 (a write issued
// in cycle c + 1 or before is seen); a CTX_COMMIT issued in cycle c, the cycle the request
// is accepted and its RAM read happens, is not seen by it (read-first).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_cnp_build #(
    // ---------------------------------------------------------------- Parameters
    parameter int DATA_WIDTH = 64,   // tdata bits: 64, 128, 256 or 512
    parameter int NUM_FLOWS  = 1024  // QP contexts (NP flow indices), a power of 2
) (
    // ---------------------------------------------------------------- Ports
    input  logic                    clk,
    input  logic                    rst,

    // CNP requests (the NIC top's m_axis_cnpreq)
    input  logic                    s_axis_cnpreq_tvalid,
    output logic                    s_axis_cnpreq_tready,
    input  logic [63:0]             s_axis_cnpreq_tdata,

    // CNP frames out
    output logic [DATA_WIDTH-1:0]   m_axis_tdata,
    output logic [DATA_WIDTH/8-1:0] m_axis_tkeep,
    output logic                    m_axis_tvalid,
    output logic                    m_axis_tlast,
    input  logic                    m_axis_tready,

    // CSR bus
    input  logic                    csr_we,
    input  logic                    csr_re,
    input  logic [7:0]              csr_addr,
    input  logic [31:0]             csr_wdata,
    output logic [31:0]             csr_rdata
);

  // ---------------------------------------------------------------- Parameter checks and constants
  if (DATA_WIDTH != 64 && DATA_WIDTH != 128 && DATA_WIDTH != 256 && DATA_WIDTH != 512)
  begin : g_bad_data_width
    initial $fatal(1, "%m: DATA_WIDTH = %0d, must be 64, 128, 256 or 512", DATA_WIDTH);
  end
  if (NUM_FLOWS < 2 || NUM_FLOWS > 65536 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0)
  begin : g_bad_num_flows
    initial $fatal(1, "%m: NUM_FLOWS = %0d, must be a power of 2 from 2 to 65536", NUM_FLOWS);
  end

  localparam int B = DATA_WIDTH / 8;
  localparam int AW = $clog2(NUM_FLOWS);
  localparam int LEN_U = 74, LEN_T = 78;                 // frame bytes, untagged / tagged
  localparam int NB_U = (LEN_U + B - 1) / B, NB_T = (LEN_T + B - 1) / B;  // beats
  localparam int FB = ((LEN_T + B - 1) / B) * B;         // frame register bytes
  localparam int LAST_U = LEN_U - (NB_U - 1) * B, LAST_T = LEN_T - (NB_T - 1) * B;
  localparam int CW = 1 + 48 + 32 + 32 + 24 + 16 + 16;   // context word: valid, fields
  localparam int BCW = $clog2(NB_T + 1);

  // CRC-32 (reflected, 0xEDB88320) of 64 bytes, byte 0 first, bit 0 of each byte first
  function automatic logic [31:0] crc32_64(input logic [31:0] c_in, input logic [511:0] d);
    logic [31:0] c;
    c = c_in;
    for (int i = 0; i < 512; i++) c = {1'b0, c[31:1]} ^ ((c[0] ^ d[i]) ? 32'hEDB88320 : 32'd0);
    crc32_64 = c;
  endfunction

  // The 64-byte ICRC block: 8 bytes of ones, then frame bytes 14..69 (the IP header at
  // block byte 8) with the masked fields set to ones; the context bytes left 0 here.
  function automatic logic [511:0] icrc_const_block(input logic dummy);
    logic [511:0] k;
    k = '0;
    for (int i = 0; i < 8; i++) k[8 * i +: 8] = 8'hFF;
    k[8 * 8 +: 8] = 8'h45;
    k[8 * 9 +: 8] = 8'hFF;                       // TOS masked
    k[8 * 11 +: 8] = 8'd60;                      // total length 60
    k[8 * 14 +: 8] = 8'h40;                      // DF
    k[8 * 16 +: 8] = 8'hFF;                      // TTL masked
    k[8 * 17 +: 8] = 8'd17;                      // UDP
    k[8 * 18 +: 16] = 16'hFFFF;                  // header checksum masked
    k[8 * 30 +: 8] = 8'h12;                      // destination port 4791
    k[8 * 31 +: 8] = 8'hB7;
    k[8 * 33 +: 8] = 8'd40;                      // UDP length 40
    k[8 * 34 +: 16] = 16'hFFFF;                  // UDP checksum masked
    k[8 * 36 +: 8] = 8'h81;                      // BTH opcode: CNP
    k[8 * 40 +: 8] = 8'hFF;                      // resv8a masked
    icrc_const_block = k ^ {511'd0, dummy};
  endfunction
  localparam logic [31:0] ICRC_C0 = crc32_64(32'hFFFFFFFF, icrc_const_block(1'b0));

  // Bit j of the context bytes in the block (j = 8 n + i: byte n, bit i): n 0-3 source
  // IPv4 (least significant byte first), 4-7 destination IPv4, 8-9 UDP source port,
  // 10-11 P_Key, 12-14 destination QP; block bytes 20-23, 24-27, 28-29, 38-39, 41-43.
  function automatic int icrc_pos(input int j);
    int n, at;
    n = j / 8;
    if (n < 4) at = 23 - n;
    else if (n < 8) at = 27 - (n - 4);
    else if (n < 10) at = 29 - (n - 8);
    else if (n < 12) at = 39 - (n - 10);
    else at = 43 - (n - 12);
    icrc_pos = 8 * at + j % 8;
  endfunction

  // ---------------------------------------------------------------- CSRs
  // the generated CSR file (tb/ref/regmap_frame.h): the globals, the staged context, the
  // CTX_COMMIT strobe (its data: csr_wdata in that cycle), the counters
  logic [31:0] src_mac_lo_reg, sip_reg, dip_reg, port_pkey_reg, dmac_lo_reg;
  logic [15:0] src_mac_hi_reg, dmac_hi_reg;
  logic [5:0]  dscp_reg;
  logic [16:0] vlan_reg;
  logic [23:0] dqpn_reg;
  logic [31:0] cnt_cnps_reg, cnt_noctx_reg;
  logic        commit, commit_inval;
  logic [AW-1:0] commit_flow;

  dcqcn_cnp_build_csr u_csr (
    .clk(clk), .rst(rst),
    .csr_we(csr_we), .csr_re(csr_re), .csr_addr(csr_addr), .csr_wdata(csr_wdata),
    .csr_rdata(csr_rdata),
    .sts_cnps(cnt_cnps_reg), .sts_no_ctx(cnt_noctx_reg),
    .cfg_src_mac_lo(src_mac_lo_reg), .cfg_src_mac_hi(src_mac_hi_reg), .cfg_dscp(dscp_reg),
    .cfg_vlan(vlan_reg), .cfg_ctx_dmac_lo(dmac_lo_reg), .cfg_ctx_dmac_hi(dmac_hi_reg),
    .cfg_ctx_sip(sip_reg), .cfg_ctx_dip(dip_reg), .cfg_ctx_dqpn(dqpn_reg),
    .cfg_ctx_port_pkey(port_pkey_reg),
    .wr_ctx_commit(commit)
  );

  always_comb begin
    commit_inval = csr_wdata[31];
    commit_flow = csr_wdata[AW-1:0];
  end

  // ---------------------------------------------------------------- Pipeline stages
  logic en, acc, e_valid_reg, e_last;
  logic clearing_reg;
  logic [AW-1:0] clear_addr_reg;

  // stage L: the RAM read of the request's flow
  logic l_valid_reg;
  logic [CW-1:0] ram_rdata;

  always_comb begin
    en = !e_valid_reg || (m_axis_tready && e_last);
    s_axis_cnpreq_tready = en && !clearing_reg && !rst;
    acc = s_axis_cnpreq_tvalid && s_axis_cnpreq_tready;
  end

  always_ff @(posedge clk) begin
    if (en) l_valid_reg <= acc;
    clearing_reg <= clearing_reg && clear_addr_reg != AW'(NUM_FLOWS - 1);
    clear_addr_reg <= clear_addr_reg + 1'b1;
    if (rst) begin
      l_valid_reg <= 1'b0;
      clearing_reg <= 1'b1;
      clear_addr_reg <= '0;
    end
  end

  // stage C: the context (fields of the RAM word)
  logic c_valid_reg;
  logic [47:0] c_dmac_reg;
  logic [31:0] c_sip_reg, c_dip_reg;
  logic [23:0] c_dqpn_reg;
  logic [15:0] c_sport_reg, c_pkey_reg;
  logic p_noctx;

  always_ff @(posedge clk) begin
    if (en) begin
      c_valid_reg <= l_valid_reg && ram_rdata[CW-1];
      {c_dmac_reg, c_sip_reg, c_dip_reg, c_dqpn_reg, c_sport_reg, c_pkey_reg} <= ram_rdata[CW-2:0];
    end
    if (rst) c_valid_reg <= 1'b0;
  end
  assign p_noctx = en && l_valid_reg && !ram_rdata[CW-1];

  // stage P: the ICRC over the 64-byte block (variable fields from C, the rest constant)
  // and the IPv4 checksum's partial sums; the global CSRs taken
  logic p_valid_reg;
  logic [47:0] p_dmac_reg, p_smac_reg;
  logic [31:0] p_sip_reg, p_dip_reg;
  logic [23:0] p_dqpn_reg;
  logic [15:0] p_sport_reg, p_pkey_reg;
  logic [5:0] p_dscp_reg;
  logic [16:0] p_vlan_reg;
  logic [31:0] p_crc_reg;
  logic [17:0] p_sum_a_reg, p_sum_b_reg;

  // The ICRC is affine in the 15 context bytes it covers (CRC-32 is linear over GF(2)):
  // state = C0 ^ (the XOR of col(j) over the set bits j of those bytes), C0 the CRC of the
  // block with them 0 and col(j) the CRC (from 0) of the block with only bit j set. Both are
  // constants of elaboration (crc32_64 evaluated on constants), so each state bit is one
  // XOR of context bits: a balanced tree of LUTs.
  logic [119:0] icrc_vars;
  logic [31:0] icrc_state;
  assign icrc_vars = {c_dqpn_reg, c_pkey_reg, c_sport_reg, c_dip_reg, c_sip_reg};

  logic [31:0] icrc_contrib [0:119];
  for (genvar j = 0; j < 120; j++) begin : g_icrc_col
    localparam logic [31:0] COL = crc32_64(32'd0, 512'd1 << icrc_pos(j));
    assign icrc_contrib[j] = icrc_vars[j] ? COL : 32'd0;
  end
  for (genvar b = 0; b < 32; b++) begin : g_icrc_bit
    logic [119:0] terms;
    for (genvar j = 0; j < 120; j++) begin : g_term
      assign terms[j] = icrc_contrib[j][b];
    end
    assign icrc_state[b] = ICRC_C0[b] ^ (^terms);
  end

  always_ff @(posedge clk) begin
    if (en) begin
      p_valid_reg <= c_valid_reg;
      p_dmac_reg <= c_dmac_reg;
      p_smac_reg <= {src_mac_hi_reg, src_mac_lo_reg};
      p_sip_reg <= c_sip_reg;
      p_dip_reg <= c_dip_reg;
      p_dqpn_reg <= c_dqpn_reg;
      p_sport_reg <= c_sport_reg;
      p_pkey_reg <= c_pkey_reg;
      p_dscp_reg <= dscp_reg;
      p_vlan_reg <= vlan_reg;
      p_crc_reg <= icrc_state;
      // the header's 16-bit words: 0x45|TOS, 60, 0, 0x4000, 64|17, sip, dip
      p_sum_a_reg <= 18'({8'h45, dscp_reg, 2'b00}) + 18'(16'd60) + 18'(16'h4000) +
                     18'(16'h4011);
      p_sum_b_reg <= 18'(c_sip_reg[31:16]) + 18'(c_sip_reg[15:0]) + 18'(c_dip_reg[31:16]) +
                     18'(c_dip_reg[15:0]);
    end
    if (rst) p_valid_reg <= 1'b0;
  end

  // stage F: the final checksum and ICRC
  logic f_valid_reg;
  logic [47:0] f_dmac_reg, f_smac_reg;
  logic [31:0] f_sip_reg, f_dip_reg, f_icrc_reg;
  logic [23:0] f_dqpn_reg;
  logic [15:0] f_sport_reg, f_pkey_reg, f_csum_reg;
  logic [5:0] f_dscp_reg;
  logic [16:0] f_vlan_reg;
  logic [18:0] sum_all;
  logic [16:0] sum_f1;
  logic [15:0] sum_f2;

  always_comb begin
    sum_all = {1'b0, p_sum_a_reg} + {1'b0, p_sum_b_reg};
    sum_f1 = {14'd0, sum_all[18:16]} + {1'b0, sum_all[15:0]};
    sum_f2 = sum_f1[15:0] + {15'd0, sum_f1[16]};  // cannot carry again
  end

  always_ff @(posedge clk) begin
    if (en) begin
      f_valid_reg <= p_valid_reg;
      f_dmac_reg <= p_dmac_reg;
      f_smac_reg <= p_smac_reg;
      f_sip_reg <= p_sip_reg;
      f_dip_reg <= p_dip_reg;
      f_dqpn_reg <= p_dqpn_reg;
      f_sport_reg <= p_sport_reg;
      f_pkey_reg <= p_pkey_reg;
      f_dscp_reg <= p_dscp_reg;
      f_vlan_reg <= p_vlan_reg;
      f_csum_reg <= ~sum_f2;
      f_icrc_reg <= ~p_crc_reg;
    end
    if (rst) f_valid_reg <= 1'b0;
  end

  // the frame's bytes from stage F: the tagged layout, and the untagged one (bytes 12..
  // moved 4 down)
  logic [8*LEN_T-1:0] fr_t;
  logic [8*FB-1:0] frame;

  always_comb begin
    fr_t = '0;
    for (int k = 0; k < 6; k++) begin
      fr_t[8 * k +: 8] = f_dmac_reg[8 * (5 - k) +: 8];
      fr_t[8 * (6 + k) +: 8] = f_smac_reg[8 * (5 - k) +: 8];
    end
    fr_t[8 * 12 +: 16] = {8'h00, 8'h81};
    fr_t[8 * 14 +: 16] = {f_vlan_reg[7:0], f_vlan_reg[14:12], 1'b0, f_vlan_reg[11:8]};
    fr_t[8 * 16 +: 16] = {8'h00, 8'h08};
    fr_t[8 * 18 +: 8] = 8'h45;
    fr_t[8 * 19 +: 8] = {f_dscp_reg, 2'b00};
    fr_t[8 * 20 +: 16] = {8'd60, 8'd0};
    fr_t[8 * 24 +: 16] = {8'h00, 8'h40};
    fr_t[8 * 26 +: 8] = 8'd64;
    fr_t[8 * 27 +: 8] = 8'd17;
    fr_t[8 * 28 +: 8] = f_csum_reg[15:8];
    fr_t[8 * 29 +: 8] = f_csum_reg[7:0];
    for (int k = 0; k < 4; k++) begin
      fr_t[8 * (30 + k) +: 8] = f_sip_reg[8 * (3 - k) +: 8];
      fr_t[8 * (34 + k) +: 8] = f_dip_reg[8 * (3 - k) +: 8];
      fr_t[8 * (74 + k) +: 8] = f_icrc_reg[8 * k +: 8];  // least significant byte first
    end
    fr_t[8 * 38 +: 8] = f_sport_reg[15:8];
    fr_t[8 * 39 +: 8] = f_sport_reg[7:0];
    fr_t[8 * 40 +: 16] = {8'hB7, 8'h12};
    fr_t[8 * 42 +: 16] = {8'd40, 8'd0};
    fr_t[8 * 46 +: 8] = 8'h81;
    fr_t[8 * 48 +: 8] = f_pkey_reg[15:8];
    fr_t[8 * 49 +: 8] = f_pkey_reg[7:0];
    fr_t[8 * 51 +: 8] = f_dqpn_reg[23:16];
    fr_t[8 * 52 +: 8] = f_dqpn_reg[15:8];
    fr_t[8 * 53 +: 8] = f_dqpn_reg[7:0];
    frame = '0;
    if (f_vlan_reg[16]) frame[8*LEN_T-1:0] = fr_t;
    else frame[8*LEN_U-1:0] = {fr_t[8*LEN_T-1:8*16], fr_t[8*12-1:0]};
  end

  // ---------------------------------------------------------------- RAMs
  logic ram_we;
  logic [AW-1:0] ram_waddr;
  logic [CW-1:0] ram_wdata;

  always_comb begin
    ram_we = clearing_reg || commit;
    ram_waddr = clearing_reg ? clear_addr_reg : commit_flow;
    ram_wdata = '0;
    if (!clearing_reg && !commit_inval)
      ram_wdata = {1'b1, dmac_hi_reg, dmac_lo_reg, sip_reg, dip_reg, dqpn_reg,
                   port_pkey_reg[15:0], port_pkey_reg[31:16]};
  end

  dcqcn_ram_sdp #(.WIDTH(CW), .DEPTH(NUM_FLOWS)) u_ctx_ram (
      .clk(clk), .we(ram_we), .waddr(ram_waddr), .wdata(ram_wdata),
      .re(acc), .raddr(s_axis_cnpreq_tdata[32 +: AW]), .rdata(ram_rdata));

  // ---------------------------------------------------------------- Outputs
  // the frame register: loaded from stage F, shifted by one beat per beat taken
  logic [8*FB-1:0] e_frame_reg;
  logic [BCW-1:0] e_left_reg;  // beats left, the one on m_axis included
  logic e_last_reg;            // e_left_reg == 1, kept as a register: en (the enable of
                               // every stage and of the frame register) is then one LUT
                               // from registers (timing: its fanout is ~600)
  logic e_tag_reg;

  assign e_last = e_last_reg;

  always_ff @(posedge clk) begin
    if (e_valid_reg && m_axis_tready) begin
      e_frame_reg <= e_frame_reg >> DATA_WIDTH;
      e_left_reg <= e_left_reg - 1'b1;
      e_last_reg <= e_left_reg == BCW'(2);
      if (e_last) begin
        e_valid_reg <= 1'b0;
        e_frame_reg <= '0;
      end
    end
    if (en && f_valid_reg) begin
      e_valid_reg <= 1'b1;
      e_frame_reg <= frame;
      e_left_reg <= f_vlan_reg[16] ? BCW'(NB_T) : BCW'(NB_U);
      e_last_reg <= f_vlan_reg[16] ? NB_T == 1 : NB_U == 1;
      e_tag_reg <= f_vlan_reg[16];
    end
    if (rst) begin
      e_valid_reg <= 1'b0;
      e_frame_reg <= '0;
      e_left_reg <= '0;
      e_last_reg <= 1'b0;
      e_tag_reg <= 1'b0;
    end
  end

  // counters
  always_ff @(posedge clk) begin
    if (e_valid_reg && m_axis_tready && e_last) cnt_cnps_reg <= cnt_cnps_reg + 1;
    if (p_noctx) cnt_noctx_reg <= cnt_noctx_reg + 1;
    if (rst) begin
      cnt_cnps_reg <= 32'd0;
      cnt_noctx_reg <= 32'd0;
    end
  end

  // the request's tau_ns, kind and flow bits above log2(NUM_FLOWS) are not used; VLAN
  // bit 15 (DEI) is always 0
  logic unused_bits;
  assign unused_bits = ^{s_axis_cnpreq_tdata[63:32+AW], s_axis_cnpreq_tdata[31:0], f_vlan_reg[15]};

  assign m_axis_tvalid = e_valid_reg;
  assign m_axis_tdata = e_frame_reg[DATA_WIDTH-1:0];
  assign m_axis_tlast = e_valid_reg && e_last;
  assign m_axis_tkeep = !e_valid_reg ? '0
                      : !e_last ? '1
                      : e_tag_reg ? B'((65'd1 << LAST_T) - 1) : B'((65'd1 << LAST_U) - 1);

endmodule

`resetall
