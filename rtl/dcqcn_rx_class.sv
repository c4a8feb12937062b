// SPDX-License-Identifier: MIT
// The NIC's RoCEv2 receive classifier (docs/frames.md, "Receive classifier"): every
// received frame passes through unchanged (s_axis -> m_axis); for each RoCEv2 packet whose
// ICRC is right and whose destination QP is in the QP table it emits the NIC top's
// descriptor: a CNP (BTH opcode 0x81) on m_axis_rxcnp, any other opcode on m_axis_rxdata
// with the packet's ECN field.
//
// Frames are AXI4-Stream without the FCS (the MAC strips it): byte k of the frame is
// tdata[8*(k mod B) +: 8] of beat k / B (B = DATA_WIDTH / 8, lane 0 first on the wire);
// every beat but the last has tkeep all ones, the last a contiguous run from lane 0.
//
// The rule (offsets in the frame; ip = 14, or 18 behind one 802.1Q tag, TPID 0x8100):
//   12-13  EtherType 0x0800 (IPv4) or 0x86DD (IPv6); 0x8100: tag, EtherType at 16-17
//   ip     IPv4: version 4, IHL >= 5 (options allowed)  IPv6: version 6
//   ip+1   ECN: IPv4 TOS bits [1:0], IPv6 traffic class low bits ([5:4] of the byte)
//   ip+9   IPv4 protocol 17 / ip+6 IPv6 next header 17 (no extension headers)
//   udp = ip + 4 IHL (IPv4) or ip + 40 (IPv6); udp+2..3 destination port 4791
//   udp+8  BTH opcode  udp+13..15 destination QP  (BTH = udp+8..udp+19)
//   last 4 bytes: ICRC (IBA annex A17, as tb/ref/frame_ref.cpp roce_icrc computes it)
// Each frame is classified at its last beat into exactly one of:
//   SHORT        shorter than ip + 4 hw + 24 bytes (hw = 10 for IPv6, IHL for IPv4, 5
//                otherwise): too short for the RoCEv2 headers and ICRC its L2/L3 bytes
//                announce (every frame under 58 bytes; runts; cut headers)
//   NOT_ROCE     not IPv4/IPv6 + UDP + port 4791 (passes, no descriptor)
//   BAD_ICRC     RoCEv2, ICRC wrong (no descriptor)
//   UNKNOWN_QPN  RoCEv2, ICRC right, destination QP not in the QP table (no descriptor)
//   CNPS         a CNP: m_axis_rxcnp_tdata = {15'd0, ue 0, flow[15:0], tau_ns 32'd0}
//   DATA         any other opcode: m_axis_rxdata_tdata = {14'd0, ecn[1:0], flow[15:0], 32'd0}
// (a standard CNP carries neither the DCQCN+ interval nor a UE flag: tau_ns and ue are 0)
// The ICRC is the frame's last 4 bytes: a RoCEv2 frame padded by its sender's MAC (a
// packet under 60 bytes) fails the check.
//
// ICRC check: a CRC-32 over the whole frame, DATA_WIDTH bits per beat (each state bit one
// XOR of constant-selected bits, the matrices computed at elaboration from the serial CRC),
// with the bytes before the IP header and the lanes outside tkeep set to 0 and the ICRC's
// masked fields (IPv4 TOS, TTL, header checksum; IPv6 traffic class, flow label, hop
// limit; UDP checksum; BTH resv8a) set to ones; the 8 bytes of ones that stand for the LRH
// are injected as a constant at the beat holding byte 13 (the CRC is linear). A right ICRC
// leaves the CRC register at the residue 0xDEBB20E3 advanced over the zero lanes of the
// last beat (a constant per tkeep).
//
// QP table: NUM_QPS entries in block RAM, direct-mapped by the destination QP's low
// log2(NUM_QPS) bits; each holds {valid, the QP's upper bits, flow}. A QP hits when the
// entry at its index is valid and holds its upper bits; otherwise it is not ours
// (UNKNOWN_QPN, dropped). After rst the table is cleared (every entry invalid) in NUM_QPS
// cycles, s_axis_tready low meanwhile; a MAP_COMMIT written during the clear is lost.
//
// Latency: 9 cycles. A beat accepted in cycle c (s_axis_tvalid && s_axis_tready) is shown on
// m_axis in cycle c + 9 when the pipeline is not held; a frame's descriptor is shown with
// its last beat (same cycle). Stages: A the beat; B the header view (hb_reg) and the
// frame's length; C the header's tests; D the beat as the CRC reads it, the 16 bytes at
// the UDP header; E the CRC's partial sums per 64 bits, the QP table read; F the beat's
// CRC term, the QP tag compare; G the CRC register; H the ICRC compare and the class; then the output
// registers. One beat per cycle (no bubble added: a 1-beat frame per cycle at 512 bits).
// All stages advance on en = every output (m_axis, m_axis_rxdata, m_axis_rxcnp) is empty
// or taken; s_axis_tready = en && !clearing && !rst. An output taken while another one
// holds the pipeline is emptied (a last beat and its descriptor are shown together and
// may be taken in different cycles).
// m_axis_t{data,keep,last} and the descriptors' tdata are 0 while their tvalid is 0 (the
// registers' contents gated by their valid).
//
// CSRs: the generated CSR file dcqcn_rx_class_csr (tb/ref/regmap_frame.h; the registers in
// docs/regmap.md): MAP_FLOW, the staged flow index; MAP_COMMIT, a command: write [23:0] =
// QPN, its entry := {valid, QPN's upper bits, MAP_FLOW}, with [31] set the entry at that
// QPN's index is made invalid; the counters (32 bits, wrapping, cleared by rst).
// FRAMES = DATA + CNPS + NOT_ROCE + SHORT + BAD_ICRC + UNKNOWN_QPN once the pipeline is
// empty. A frame is counted from cycle c + 10 for a last beat accepted in cycle c (its class
// registered when the beat enters the output register, added an edge later). A
// MAP_COMMIT issued in cycle c is seen by a frame whose last beat moves from stage D to E
// after cycle c (the read of the same cycle gets the old entry: read-first).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_rx_class #(
    // ---------------------------------------------------------------- Parameters
    parameter int DATA_WIDTH = 64,   // tdata bits: 64, 128, 256 or 512
    parameter int NUM_QPS    = 1024  // QP table entries, a power of 2 from 2 to 65536
) (
    // ---------------------------------------------------------------- Ports
    input  logic                    clk,
    input  logic                    rst,

    // frames in (from the MAC)
    input  logic [DATA_WIDTH-1:0]   s_axis_tdata,
    input  logic [DATA_WIDTH/8-1:0] s_axis_tkeep,
    input  logic                    s_axis_tvalid,
    input  logic                    s_axis_tlast,
    output logic                    s_axis_tready,

    // the same frames out, unchanged
    output logic [DATA_WIDTH-1:0]   m_axis_tdata,
    output logic [DATA_WIDTH/8-1:0] m_axis_tkeep,
    output logic                    m_axis_tvalid,
    output logic                    m_axis_tlast,
    input  logic                    m_axis_tready,

    // descriptors to the NIC top (its s_axis_rxdata, s_axis_rxcnp)
    output logic                    m_axis_rxdata_tvalid,
    input  logic                    m_axis_rxdata_tready,
    output logic [63:0]             m_axis_rxdata_tdata,
    output logic                    m_axis_rxcnp_tvalid,
    input  logic                    m_axis_rxcnp_tready,
    output logic [63:0]             m_axis_rxcnp_tdata,

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
  if (NUM_QPS < 2 || NUM_QPS > 65536 || (NUM_QPS & (NUM_QPS - 1)) != 0)
  begin : g_bad_num_qps
    initial $fatal(1, "%m: NUM_QPS = %0d, must be a power of 2 from 2 to 65536", NUM_QPS);
  end

  localparam int W = DATA_WIDTH;
  localparam int B = W / 8;            // bytes per beat
  localparam int NCH = W / 64;         // 64-bit chunks of a beat (CRC partial sums)
  localparam int AW = $clog2(NUM_QPS);
  localparam int TW = 24 - AW;         // QP tag bits
  localparam int EW = 1 + TW + 16;     // table entry: valid, tag, flow
  localparam int HB = 96;              // header bytes kept (the BTH ends by byte 93)
  localparam int BEAT_SAT = 128 / B;   // beat index saturates here (length >= 128)
  localparam int BW = $clog2(BEAT_SAT + 1);
  localparam int T13 = (13 / B + 1) * B;  // bytes through the beat holding byte 13
  localparam logic [31:0] POLY = 32'hEDB88320;

  // (Icarus 11 evaluates a constant function only if it calls no other function: each
  // function below steps the register itself.)
  // CRC-32 (reflected) register over n zero bits: forward for n >= 0, backward for n < 0
  // (the step is invertible: the polynomial's bit 31 is set)
  function automatic logic [31:0] crc_adv(input logic [31:0] c_in, input int n);
    logic [31:0] c;
    c = c_in;
    for (int i = 0; i < n; i++) c = {1'b0, c[31:1]} ^ (c[0] ? POLY : 32'd0);
    for (int i = 0; i < -n; i++) c = {c[30:0] ^ (c[31] ? POLY[30:0] : 31'd0), c[31]};
    crc_adv = c;
  endfunction
  // the register after n one bits from c_in
  function automatic logic [31:0] crc_ones(input logic [31:0] c_in, input int n);
    logic [31:0] c;
    c = c_in;
    for (int i = 0; i < n; i++) c = {1'b0, c[31:1]} ^ (c[0] ? 32'd0 : POLY);
    crc_ones = c;
  endfunction
  // column p of the data matrix (the register after a beat holding only bit p, from 0)
  function automatic logic [32*W-1:0] data_cols(input int w);
    logic [32*W-1:0] m;
    logic [31:0] c;
    c = POLY;
    for (int p = w - 1; p >= 0; p--) begin
      m[32 * p +: 32] = c;
      c = {1'b0, c[31:1]} ^ (c[0] ? POLY : 32'd0);
    end
    data_cols = m;
  endfunction
  // column i of the state matrix (register bit i advanced over a beat)
  function automatic logic [1023:0] state_cols(input int w);
    logic [1023:0] m;
    logic [31:0] c;
    for (int i = 0; i < 32; i++) begin
      c = 32'd1 << i;
      for (int k = 0; k < w; k++) c = {1'b0, c[31:1]} ^ (c[0] ? POLY : 32'd0);
      m[32 * i +: 32] = c;
    end
    state_cols = m;
  endfunction
  // the residue after a right ICRC advanced over z zero bytes, z = 0 .. B-1
  function automatic logic [32*B-1:0] residues(input int nb);
    logic [32*B-1:0] m;
    logic [31:0] r;
    r = 32'hDEBB20E3;
    m = '0;
    for (int z = 0; z < nb; z++) begin
      m[32 * z +: 32] = r;
      for (int k = 0; k < 8; k++) r = {1'b0, r[31:1]} ^ (r[0] ? POLY : 32'd0);
    end
    residues = m;
  endfunction
  // bit b of columns 64k .. 64k+63 of the data matrix, and of the state matrix's columns
  function automatic logic [63:0] chunk_mask(input logic [32*W-1:0] m, input int k, input int b);
    logic [63:0] r;
    for (int j = 0; j < 64; j++) r[j] = m[32 * (64 * k + j) + b];
    chunk_mask = r;
  endfunction
  function automatic logic [31:0] row_mask(input logic [1023:0] m, input int b);
    logic [31:0] r;
    for (int i = 0; i < 32; i++) r[i] = m[32 * i + b];
    row_mask = r;
  endfunction

  localparam logic [32*W-1:0] DCOLS = data_cols(W);
  localparam logic [1023:0] SCOLS = state_cols(W);
  localparam logic [32*B-1:0] RES = residues(B);
  // the register after the 8 bytes of ones (the LRH's stand-in), moved to byte T13 as if
  // the CRC had started at byte 0 with the bytes before the IP header (14 or 18) zero
  localparam logic [31:0] S0 = crc_ones(32'hFFFFFFFF, 64);
  localparam logic [31:0] K_U = crc_adv(S0, 8 * (T13 - 14));
  localparam logic [31:0] K_T = crc_adv(S0, 8 * (T13 - 18));

  // ---------------------------------------------------------------- CSRs
  // the generated CSR file (tb/ref/regmap_frame.h): MAP_FLOW, the MAP_COMMIT strobe (its
  // data: csr_wdata in that cycle), the counters
  logic [15:0] map_flow_reg;
  logic [31:0] cnt_frames_reg, cnt_data_reg, cnt_cnps_reg, cnt_notroce_reg, cnt_short_reg,
               cnt_badicrc_reg, cnt_unknown_reg;
  logic commit;

  dcqcn_rx_class_csr u_csr (
    .clk(clk), .rst(rst),
    .csr_we(csr_we), .csr_re(csr_re), .csr_addr(csr_addr), .csr_wdata(csr_wdata),
    .csr_rdata(csr_rdata),
    .sts_frames(cnt_frames_reg), .sts_data(cnt_data_reg), .sts_cnps(cnt_cnps_reg),
    .sts_not_roce(cnt_notroce_reg), .sts_short(cnt_short_reg), .sts_bad_icrc(cnt_badicrc_reg),
    .sts_unknown_qpn(cnt_unknown_reg),
    .cfg_map_flow(map_flow_reg),
    .wr_map_commit(commit)
  );

  // ---------------------------------------------------------------- Pipeline stages
  logic en, acc;
  logic clearing_reg;
  logic [AW-1:0] clear_addr_reg;
  logic [BW-1:0] beat_reg;  // the next beat's index in its frame (saturating)

  always_comb begin
    en = (!m_axis_tvalid || m_axis_tready) && (!m_axis_rxdata_tvalid || m_axis_rxdata_tready) &&
         (!m_axis_rxcnp_tvalid || m_axis_rxcnp_tready);
    s_axis_tready = en && !clearing_reg && !rst;
    acc = s_axis_tvalid && s_axis_tready;
  end

  always_ff @(posedge clk) begin
    if (acc) begin
      if (s_axis_tlast) beat_reg <= '0;
      else if (32'(beat_reg) < BEAT_SAT) beat_reg <= beat_reg + 1'b1;
    end
    clearing_reg <= clearing_reg && clear_addr_reg != AW'(NUM_QPS - 1);
    clear_addr_reg <= clear_addr_reg + 1'b1;
    if (rst) begin
      beat_reg <= '0;
      clearing_reg <= 1'b1;
      clear_addr_reg <= '0;
    end
  end

  // Stage A: the beat as accepted
  logic [W-1:0] a_data_reg;
  logic [B-1:0] a_keep_reg;
  logic [BW-1:0] a_beat_reg;
  logic [HB/B:0] a_hsel_reg;  // a_hsel_reg[t]: the beat is beat t (t < HB / B: a header beat)
  logic a_valid_reg, a_last_reg;

  always_ff @(posedge clk) begin
    if (en) begin
      a_valid_reg <= acc;
      a_data_reg <= s_axis_tdata;
      a_keep_reg <= s_axis_tkeep;
      a_last_reg <= s_axis_tlast;
      a_beat_reg <= beat_reg;
      for (int t = 0; t <= HB / B; t++) a_hsel_reg[t] <= 32'(beat_reg) == t;
    end
    if (rst) a_valid_reg <= 1'b0;
  end

  // Stage A -> B: the header as known with this beat (hv; hb_reg holds the header of the
  // frame in stage B), the frame's length so far, the residue a right ICRC leaves after
  // this beat if it is the last
  logic [8*HB-1:0] hb_reg, hv;
  logic [B-1:0] edge_keep;
  logic [31:0] exp_res;
  logic [7:0] nkept;
  logic [9:0] len;

  for (genvar o = 0; o < HB; o++) begin : g_view
    assign hv[8 * o +: 8] = a_hsel_reg[o / B] ? a_data_reg[8 * (o % B) +: 8] : hb_reg[8 * o +: 8];
  end

  always_comb begin
    // the last beat's kept bytes (a contiguous run from lane 0) and the residue a right
    // ICRC leaves after the zero lanes past them
    for (int i = 0; i < B; i++) edge_keep[i] = a_keep_reg[i] && (i == B - 1 || !a_keep_reg[i + 1]);
    exp_res = 32'd0;
    nkept = 8'd0;
    for (int i = 0; i < B; i++) begin
      if (edge_keep[i]) begin
        exp_res = exp_res | RES[32 * (B - 1 - i) +: 32];
        nkept = nkept | 8'(i + 1);
      end
    end
    len = 10'(32'(a_beat_reg) * B) + {2'd0, nkept};
  end

  // the header's byte tests, both readings (u: untagged, t: behind an 802.1Q tag)
  logic [W-1:0] b_data_reg;
  logic [B-1:0] b_keep_reg;
  logic [BW-1:0] b_beat_reg;
  logic b_valid_reg, b_last_reg;
  logic [9:0] b_len_reg;
  logic [31:0] b_res_reg;
  logic b_tag_reg, b_u4_reg, b_u6_reg, b_t4_reg, b_t6_reg;
  logic b_up4_reg, b_up6_reg, b_tp4_reg, b_tp6_reg;    // protocol / next header 17
  logic [3:0] b_uihl_reg, b_tihl_reg;
  logic [3:0] b_uecn_reg, b_tecn_reg;  // the ECN bits of either reading: {IPv6's, IPv4's}

  always_ff @(posedge clk) begin
    // (a bubble in stage A writes the positions of the beat its frame expects next: that
    // beat overwrites them when it comes)
    if (en) hb_reg <= hv;
    if (en) begin
      b_valid_reg <= a_valid_reg;
      b_data_reg <= a_data_reg;
      b_keep_reg <= a_keep_reg;
      b_last_reg <= a_last_reg;
      b_beat_reg <= a_beat_reg;
      b_len_reg <= len;
      b_res_reg <= exp_res;
      b_tag_reg <= {hv[8 * 12 +: 8], hv[8 * 13 +: 8]} == 16'h8100;
      b_u4_reg <= {hv[8 * 12 +: 8], hv[8 * 13 +: 8]} == 16'h0800 && hv[8 * 14 + 4 +: 4] == 4'd4 &&
                  hv[8 * 14 +: 4] >= 4'd5;
      b_u6_reg <= {hv[8 * 12 +: 8], hv[8 * 13 +: 8]} == 16'h86DD && hv[8 * 14 + 4 +: 4] == 4'd6;
      b_t4_reg <= {hv[8 * 16 +: 8], hv[8 * 17 +: 8]} == 16'h0800 && hv[8 * 18 + 4 +: 4] == 4'd4 &&
                  hv[8 * 18 +: 4] >= 4'd5;
      b_t6_reg <= {hv[8 * 16 +: 8], hv[8 * 17 +: 8]} == 16'h86DD && hv[8 * 18 + 4 +: 4] == 4'd6;
      b_up4_reg <= hv[8 * 23 +: 8] == 8'd17;
      b_up6_reg <= hv[8 * 20 +: 8] == 8'd17;
      b_tp4_reg <= hv[8 * 27 +: 8] == 8'd17;
      b_tp6_reg <= hv[8 * 24 +: 8] == 8'd17;
      b_uihl_reg <= hv[8 * 14 +: 4];
      b_tihl_reg <= hv[8 * 18 +: 4];
      b_uecn_reg <= {hv[8 * 15 + 4 +: 2], hv[8 * 15 +: 2]};
      b_tecn_reg <= {hv[8 * 19 + 4 +: 2], hv[8 * 19 +: 2]};
    end
    if (rst) b_valid_reg <= 1'b0;
  end

  // Stage B -> C: the header's class: tag, IPv4 / IPv6, hw (IHL, 10 for IPv6, 5 otherwise),
  // sel = hw + tag one-hot (the UDP header at 14 + 4 sel), the length the RoCEv2 headers need
  logic h_vlan, h_v4, h_v6, h_proto;
  logic [3:0] h_hw;
  logic [3:0] h_eb;
  logic [16:5] h_sel;

  always_comb begin
    h_vlan = b_tag_reg;
    h_v4 = h_vlan ? b_t4_reg : b_u4_reg;
    h_v6 = h_vlan ? b_t6_reg : b_u6_reg;
    h_proto = h_vlan ? (h_v6 ? b_tp6_reg : b_tp4_reg) : (h_v6 ? b_up6_reg : b_up4_reg);
    h_hw = h_v6 ? 4'd10 : h_v4 ? (h_vlan ? b_tihl_reg : b_uihl_reg) : 4'd5;
    h_eb = h_vlan ? b_tecn_reg : b_uecn_reg;
    for (int k = 5; k <= 16; k++)
      h_sel[k] = h_vlan ? 32'(h_hw) == k - 1 : 32'(h_hw) == k;
  end

  logic [W-1:0] c_data_reg;
  logic [B-1:0] c_keep_reg;
  logic [BW-1:0] c_beat_reg;
  logic c_valid_reg, c_last_reg, c_vlan_reg, c_v4_reg, c_v6_reg, c_ipok_reg;
  logic [16:5] c_sel_reg;  // one-hot: sel
  logic [6:0] c_need_reg;  // 38 + 4 sel: the length the UDP header, BTH and ICRC need
  logic [1:0] c_ecn_reg;
  logic [9:0] c_len_reg;
  logic [31:0] c_res_reg;
  logic [8*60-1:0] c_hdr_reg;  // header bytes 34..93 (where the UDP header and BTH can be)

  always_ff @(posedge clk) begin
    if (en) begin
      c_valid_reg <= b_valid_reg;
      c_data_reg <= b_data_reg;
      c_keep_reg <= b_keep_reg;
      c_last_reg <= b_last_reg;
      c_beat_reg <= b_beat_reg;
      c_vlan_reg <= h_vlan;
      c_v4_reg <= h_v4;
      c_v6_reg <= h_v6;
      c_ipok_reg <= (h_v4 || h_v6) && h_proto;
      c_sel_reg <= h_sel;
      c_need_reg <= 7'd38 + {1'b0, h_hw, 2'b00} + {4'd0, h_vlan, 2'b00};
      c_ecn_reg <= h_v6 ? h_eb[3:2] : h_eb[1:0];
      c_len_reg <= b_len_reg;
      c_res_reg <= b_res_reg;
      c_hdr_reg <= hb_reg[8 * 34 +: 8 * 60];
    end
    if (rst) c_valid_reg <= 1'b0;
  end

  // Stage C -> D: the beat as the CRC reads it (lanes outside tkeep and bytes before the IP
  // header 0, the ICRC's masked fields ones), the 16 bytes at the UDP header, the length
  // test. Each lane's offset in a beat is a constant, so every test below is a bit of the
  // one-hot sel or a flag selected by constants of elaboration.
  logic [W-1:0] cdata;
  logic [127:0] win;
  logic c_short;

  always_comb begin
    win = '0;
    for (int k = 5; k <= 16; k++)
      if (c_sel_reg[k]) win = win | c_hdr_reg[8 * (14 + 4 * k - 34) +: 128];
    c_short = c_len_reg < {3'd0, c_need_reg};
  end

  for (genvar i = 0; i < B; i++) begin : g_lane
    logic [(1 << BW)-1:0] zero_t, ones_t, nib_t;  // per beat index t: this lane is ...
    for (genvar t = 0; t < (1 << BW); t++) begin : g_t
      localparam int O = t * B + i;  // the lane's offset in the frame at beat t
      localparam int SU6 = (O - 20) / 4, SU7 = (O - 21) / 4, SU12 = (O - 26) / 4;
      // before the IP header
      assign zero_t[t] = O < 14 || (O < 18 && c_vlan_reg);
      // the masked fields: TOS / traffic class, TTL, checksum / flow label, hop limit,
      // the UDP checksum (udp + 6, + 7) and the BTH's resv8a (udp + 12)
      assign ones_t[t] =
          (c_vlan_reg ? O == 19 : O == 15) ||
          (c_v4_reg && (c_vlan_reg ? (O == 26 || O == 28 || O == 29)
                                   : (O == 22 || O == 24 || O == 25))) ||
          (c_v6_reg && (c_vlan_reg ? (O == 20 || O == 21 || O == 25)
                                   : (O == 16 || O == 17 || O == 21))) ||
          (O >= 40 && (O - 20) % 4 == 0 && SU6 <= 16 && c_sel_reg[SU6 < 5 ? 5 : SU6 > 16 ? 16 : SU6]) ||
          (O >= 41 && (O - 21) % 4 == 0 && SU7 <= 16 && c_sel_reg[SU7 < 5 ? 5 : SU7 > 16 ? 16 : SU7]) ||
          (O >= 46 && (O - 26) % 4 == 0 && SU12 <= 16 && c_sel_reg[SU12 < 5 ? 5 : SU12 > 16 ? 16 : SU12]);
      // the IPv6 version byte: its low nibble (traffic class) masked
      assign nib_t[t] = c_v6_reg && (c_vlan_reg ? O == 18 : O == 14);
    end
    logic is_zero, is_ones, is_nib;
    always_comb begin
      is_zero = !c_keep_reg[i] || zero_t[c_beat_reg];
      is_ones = ones_t[c_beat_reg];
      is_nib = nib_t[c_beat_reg];
      cdata[8 * i +: 8] = is_zero ? 8'd0 : is_ones ? 8'hFF
                        : c_data_reg[8 * i +: 8] | (is_nib ? 8'h0F : 8'h00);
    end
  end

  logic [W-1:0] d_data_reg, d_cdata_reg;
  logic [B-1:0] d_keep_reg;
  logic d_valid_reg, d_last_reg, d_sof_reg, d_at13_reg, d_vlan_reg, d_ipok_reg, d_short_reg;
  logic [1:0] d_ecn_reg;
  logic [15:0] d_dport_reg;
  logic [7:0] d_opcode_reg;
  logic [23:0] d_dqpn_reg;
  logic [31:0] d_res_reg;

  always_ff @(posedge clk) begin
    if (en) begin
      d_valid_reg <= c_valid_reg;
      d_data_reg <= c_data_reg;
      d_cdata_reg <= cdata;
      d_keep_reg <= c_keep_reg;
      d_last_reg <= c_last_reg;
      d_sof_reg <= c_beat_reg == '0;
      d_at13_reg <= 32'(c_beat_reg) == 13 / B;
      d_vlan_reg <= c_vlan_reg;
      d_ipok_reg <= c_ipok_reg;
      d_short_reg <= c_short;
      d_ecn_reg <= c_ecn_reg;
      d_dport_reg <= {win[23:16], win[31:24]};
      d_opcode_reg <= win[71:64];
      d_dqpn_reg <= {win[111:104], win[119:112], win[127:120]};
      d_res_reg <= c_res_reg;
    end
    if (rst) d_valid_reg <= 1'b0;
  end

  // Stage D -> E: the CRC's partial sums (one per 64 bits of the beat); the QP table read
  // (RAMs, below); the RoCEv2 test
  logic [31:0] part [0:NCH-1];

  for (genvar k = 0; k < NCH; k++) begin : g_part
    for (genvar b = 0; b < 32; b++) begin : g_bit
      localparam logic [63:0] MASK = chunk_mask(DCOLS, k, b);
      assign part[k][b] = ^(d_cdata_reg[64 * k +: 64] & MASK);
    end
  end

  logic [W-1:0] e_data_reg;
  logic [B-1:0] e_keep_reg;
  logic e_valid_reg, e_last_reg, e_sof_reg, e_at13_reg, e_vlan_reg, e_short_reg, e_roce_reg,
        e_cnp_reg;
  logic [1:0] e_ecn_reg;
  logic [TW-1:0] e_tag_reg;
  logic [31:0] e_res_reg;
  logic [31:0] e_part_reg [0:NCH-1];

  always_ff @(posedge clk) begin
    if (en) begin
      e_valid_reg <= d_valid_reg;
      e_data_reg <= d_data_reg;
      e_keep_reg <= d_keep_reg;
      e_last_reg <= d_last_reg;
      e_sof_reg <= d_sof_reg;
      e_at13_reg <= d_at13_reg;
      e_vlan_reg <= d_vlan_reg;
      e_short_reg <= d_short_reg;
      e_roce_reg <= d_ipok_reg && d_dport_reg == 16'd4791;
      e_cnp_reg <= d_opcode_reg == 8'h81;
      e_ecn_reg <= d_ecn_reg;
      e_tag_reg <= d_dqpn_reg[23:AW];
      e_res_reg <= d_res_reg;
      for (int k = 0; k < NCH; k++) e_part_reg[k] <= part[k];
    end
    if (rst) e_valid_reg <= 1'b0;
  end

  // Stage E -> F: the beat's CRC term (the partial sums, and the LRH's stand-in at byte 13's
  // beat); the QP tag compare
  logic [31:0] term;
  logic [EW-1:0] ram_rdata;

  always_comb begin
    term = e_at13_reg ? (e_vlan_reg ? K_T : K_U) : 32'd0;
    for (int k = 0; k < NCH; k++) term = term ^ e_part_reg[k];
  end

  logic [W-1:0] f_data_reg;
  logic [B-1:0] f_keep_reg;
  logic f_valid_reg, f_last_reg, f_sof_reg, f_short_reg, f_roce_reg, f_cnp_reg, f_hit_reg;
  logic [1:0] f_ecn_reg;
  logic [15:0] f_flow_reg;
  logic [31:0] f_term_reg, f_res_reg;

  always_ff @(posedge clk) begin
    if (en) begin
      f_valid_reg <= e_valid_reg;
      f_data_reg <= e_data_reg;
      f_keep_reg <= e_keep_reg;
      f_last_reg <= e_last_reg;
      f_sof_reg <= e_sof_reg;
      f_short_reg <= e_short_reg;
      f_roce_reg <= e_roce_reg;
      f_cnp_reg <= e_cnp_reg;
      f_hit_reg <= ram_rdata[EW-1] && ram_rdata[16 +: TW] == e_tag_reg;
      f_flow_reg <= ram_rdata[15:0];
      f_ecn_reg <= e_ecn_reg;
      f_term_reg <= term;
      f_res_reg <= e_res_reg;
    end
    if (rst) f_valid_reg <= 1'b0;
  end

  // Stage F -> G: the CRC register (crc_reg: after the beat in stage G)
  logic [31:0] crc_reg, crc_adv_beat;

  for (genvar b = 0; b < 32; b++) begin : g_adv
    localparam logic [31:0] ROW = row_mask(SCOLS, b);
    assign crc_adv_beat[b] = ^(crc_reg & ROW);
  end

  logic [W-1:0] g_data_reg;
  logic [B-1:0] g_keep_reg;
  logic g_valid_reg, g_last_reg, g_short_reg, g_roce_reg, g_cnp_reg, g_hit_reg;
  logic [1:0] g_ecn_reg;
  logic [15:0] g_flow_reg;
  logic [31:0] g_res_reg;

  always_ff @(posedge clk) begin
    if (en && f_valid_reg) crc_reg <= (f_sof_reg ? 32'd0 : crc_adv_beat) ^ f_term_reg;
    if (en) begin
      g_valid_reg <= f_valid_reg;
      g_data_reg <= f_data_reg;
      g_keep_reg <= f_keep_reg;
      g_last_reg <= f_last_reg;
      g_short_reg <= f_short_reg;
      g_roce_reg <= f_roce_reg;
      g_cnp_reg <= f_cnp_reg;
      g_hit_reg <= f_hit_reg;
      g_ecn_reg <= f_ecn_reg;
      g_flow_reg <= f_flow_reg;
      g_res_reg <= f_res_reg;
    end
    if (rst) g_valid_reg <= 1'b0;
  end

  // Stage G -> H: the ICRC compare and the frame's class (at its last beat)
  logic [W-1:0] h_data_reg;
  logic [B-1:0] h_keep_reg;
  logic h_valid_reg, h_last_reg;
  logic h_short_reg, h_notroce_reg, h_bad_reg, h_unknown_reg, h_cnp_reg, h_dat_reg;
  logic [1:0] h_ecn_reg;
  logic [15:0] h_flow_reg;
  logic g_fin, g_ok, g_good;

  always_comb begin
    g_fin = g_valid_reg && g_last_reg;
    g_ok = crc_reg == g_res_reg;
    g_good = g_fin && !g_short_reg && g_roce_reg && g_ok && g_hit_reg;
  end

  always_ff @(posedge clk) begin
    if (en) begin
      h_valid_reg <= g_valid_reg;
      h_data_reg <= g_data_reg;
      h_keep_reg <= g_keep_reg;
      h_last_reg <= g_last_reg;
      h_short_reg <= g_fin && g_short_reg;
      h_notroce_reg <= g_fin && !g_short_reg && !g_roce_reg;
      h_bad_reg <= g_fin && !g_short_reg && g_roce_reg && !g_ok;
      h_unknown_reg <= g_fin && !g_short_reg && g_roce_reg && g_ok && !g_hit_reg;
      h_cnp_reg <= g_good && g_cnp_reg;
      h_dat_reg <= g_good && !g_cnp_reg;
      h_ecn_reg <= g_ecn_reg;
      h_flow_reg <= g_flow_reg;
    end
    if (rst) h_valid_reg <= 1'b0;
  end

  // ---------------------------------------------------------------- RAMs
  logic ram_we;
  logic [AW-1:0] ram_waddr;
  logic [EW-1:0] ram_wdata;

  always_comb begin
    ram_we = clearing_reg || commit;
    ram_waddr = clearing_reg ? clear_addr_reg : csr_wdata[AW-1:0];
    ram_wdata = '0;
    if (!clearing_reg && !csr_wdata[31]) ram_wdata = {1'b1, csr_wdata[23:AW], map_flow_reg};
  end

  dcqcn_ram_sdp #(.WIDTH(EW), .DEPTH(NUM_QPS)) u_qp_ram (
      .clk(clk), .we(ram_we), .waddr(ram_waddr), .wdata(ram_wdata),
      .re(en), .raddr(d_dqpn_reg[AW-1:0]), .rdata(ram_rdata));

  // ---------------------------------------------------------------- Outputs
  // The output registers: valid from en (or emptied when taken while another output holds
  // the pipeline); the data registers load under en only and are shown through their valid
  // (0 while it is 0), so neither en's fanout nor the treadys reach their logic.
  logic [W-1:0] out_data_reg;
  logic [B-1:0] out_keep_reg;
  logic out_valid_reg, out_last_reg;
  logic rxd_valid_reg, rxc_valid_reg;
  logic [17:0] rxd_data_reg;  // {ecn, flow}
  logic [15:0] rxc_data_reg;  // flow

  always_ff @(posedge clk) begin
    if (!en && m_axis_tready) out_valid_reg <= 1'b0;
    if (!en && m_axis_rxdata_tready) rxd_valid_reg <= 1'b0;
    if (!en && m_axis_rxcnp_tready) rxc_valid_reg <= 1'b0;
    if (en) begin
      out_valid_reg <= h_valid_reg;
      out_data_reg <= h_data_reg;
      out_keep_reg <= h_keep_reg;
      out_last_reg <= h_last_reg;
      rxd_valid_reg <= h_dat_reg;
      rxd_data_reg <= {h_ecn_reg, h_flow_reg};
      rxc_valid_reg <= h_cnp_reg;
      rxc_data_reg <= h_flow_reg;
    end
    if (rst) begin
      out_valid_reg <= 1'b0;
      rxd_valid_reg <= 1'b0;
      rxc_valid_reg <= 1'b0;
    end
  end

  // counters: the class of the frame entering the output registers is loaded under en
  // (q_*), ld_reg remembers that they were loaded, the counter adds an edge later
  logic ld_reg, q_frames_reg, q_data_reg, q_cnps_reg, q_notroce_reg, q_short_reg, q_bad_reg,
        q_unknown_reg;

  always_ff @(posedge clk) begin
    ld_reg <= en;
    if (en) begin
      q_frames_reg <= h_valid_reg && h_last_reg;
      q_data_reg <= h_dat_reg;
      q_cnps_reg <= h_cnp_reg;
      q_notroce_reg <= h_notroce_reg;
      q_short_reg <= h_short_reg;
      q_bad_reg <= h_bad_reg;
      q_unknown_reg <= h_unknown_reg;
    end
    cnt_frames_reg <= cnt_frames_reg + {31'd0, ld_reg && q_frames_reg};
    cnt_data_reg <= cnt_data_reg + {31'd0, ld_reg && q_data_reg};
    cnt_cnps_reg <= cnt_cnps_reg + {31'd0, ld_reg && q_cnps_reg};
    cnt_notroce_reg <= cnt_notroce_reg + {31'd0, ld_reg && q_notroce_reg};
    cnt_short_reg <= cnt_short_reg + {31'd0, ld_reg && q_short_reg};
    cnt_badicrc_reg <= cnt_badicrc_reg + {31'd0, ld_reg && q_bad_reg};
    cnt_unknown_reg <= cnt_unknown_reg + {31'd0, ld_reg && q_unknown_reg};
    if (rst) begin
      ld_reg <= 1'b0;
      {q_frames_reg, q_data_reg, q_cnps_reg, q_notroce_reg, q_short_reg, q_bad_reg,
       q_unknown_reg} <= '0;
      cnt_frames_reg <= 32'd0;
      cnt_data_reg <= 32'd0;
      cnt_cnps_reg <= 32'd0;
      cnt_notroce_reg <= 32'd0;
      cnt_short_reg <= 32'd0;
      cnt_badicrc_reg <= 32'd0;
      cnt_unknown_reg <= 32'd0;
    end
  end

  // header bytes the rule never reads, and the CSR data bits a commit ignores
  logic unused_bits;
  assign unused_bits = ^{win[63:32], win[15:0], win[103:72], csr_wdata[30:24]};

  assign m_axis_tdata = out_valid_reg ? out_data_reg : '0;
  assign m_axis_tkeep = out_valid_reg ? out_keep_reg : '0;
  assign m_axis_tvalid = out_valid_reg;
  assign m_axis_tlast = out_valid_reg && out_last_reg;
  assign m_axis_rxdata_tvalid = rxd_valid_reg;
  assign m_axis_rxdata_tdata = rxd_valid_reg ? {14'd0, rxd_data_reg, 32'd0} : 64'd0;
  assign m_axis_rxcnp_tvalid = rxc_valid_reg;
  assign m_axis_rxcnp_tdata = rxc_valid_reg ? {16'd0, rxc_data_reg, 32'd0} : 64'd0;

endmodule

`resetall
