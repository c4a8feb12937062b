// SPDX-License-Identifier: MIT
// The switch's ECN rewrite (docs/frames.md, "ECN marker"): the CP (dcqcn_cp) decides
// whether a packet is marked; this block applies the decision to the frame's bytes in
// flight. For the frame at the head of s_axis it takes one decision from s_dec (mark 1:
// set CE) and, when the frame is an ECT(0) or ECT(1) IPv4 or IPv6 packet (Ethernet II,
// optionally one 802.1Q tag, TPID 0x8100), sets its ECN field to CE (11) and updates the
// IPv4 header checksum incrementally (RFC 1624, eqn. 3: HC' = ~(~HC + ~m + m'), m the
// 16-bit word holding version/IHL and the TOS byte). The RoCEv2 ICRC masks the ECN field
// and the IPv4 checksum, so it stays valid. Nothing else changes: not the frame's length,
// not tkeep, not tlast, not any other byte; non-ECT (00) and CE (11) packets and
// non-IP frames pass unchanged and are counted.
//
// Frames are AXI4-Stream without the FCS (the MAC strips and appends it): byte k of the
// frame is tdata[8*(k mod B) +: 8] of beat k / B (B = DATA_WIDTH / 8, byte lane 0 first
// on the wire); every beat but the last has tkeep all ones, the last a contiguous run
// from lane 0. tkeep is read only to know whether the ECN byte and the two checksum
// bytes are in the frame.
//
// Which bytes (offsets from the frame's first byte; +4 behind an 802.1Q tag):
//   12-13 EtherType (0x0800 IPv4, 0x86DD IPv6; 0x8100: tag, EtherType at 16-17)
//   14    IPv4 version 4, IHL >= 5 / IPv6 version 6 (high nibble)
//   15    IPv4 TOS: ECN = bits [1:0] / IPv6 traffic class low nibble: ECN = bits [5:4]
//   24-25 IPv4 header checksum
// A frame is marked when the decision is mark, it is IPv4 (version 4, IHL >= 5) or IPv6
// (version 6) with ECN 01 or 10, and its ECN byte is in the frame. The checksum is
// updated when both of its bytes are in the frame (an IPv4 frame that ends between its
// ECN byte and its checksum is truncated: its ECN byte is still marked, because at 64
// bits the ECN byte leaves before the checksum arrives; the output bytes do not depend
// on DATA_WIDTH). A received checksum that was wrong stays wrong by the same amount.
//
// Decision. s_dec_valid/s_dec_ready/s_dec_mark: one decision per frame, taken together
// with the frame's first beat (s_axis_tready is low on a first beat while s_dec_valid
// is low; s_dec_ready = s_axis_tvalid && s_axis_tready on a first beat). A decision may
// come before its frame (it waits, valid held) or after (the frame waits).
//
// Latency: 3 cycles. A beat accepted in cycle c (s_axis_tvalid && s_axis_tready) is shown
// on m_axis in cycle c + 3 when the pipeline is not held (stage A: the beat and the header tests of its bytes; stage B:
// the beat and what changes in it, decided; then the checksum's addition into the output
// register), held while m_axis_tready is low; one beat per cycle (no bubble added, a
// 1-beat frame per cycle at 512 bits). The pipeline advances on en = !m_axis_tvalid ||
// m_axis_tready; s_axis_tready = en && !rst (&& s_dec_valid on a first beat).
// m_axis_t{data,keep,last} are 0 while m_axis_tvalid is 0.
//
// Counters (32 bits, wrapping, cleared by rst), read on csr_re/csr_addr (csr_rdata the
// next cycle) through the generated CSR file dcqcn_ecn_mark_csr (tb/ref/regmap_frame.h;
// docs/regmap.md): FRAMES (frames passed, at their tlast), MARK_REQ (decisions with mark =
// 1), MARKED (ECT(0)/ECT(1) set to CE), NOT_ECT (IPv4/IPv6 with ECN 00: left unchanged),
// ALREADY_CE (ECN already 11), NOT_IP (not IPv4/IPv6, or the frame ends before its ECN byte).
// Every mark request is counted in exactly one of MARKED, NOT_ECT, ALREADY_CE, NOT_IP
// when the beat holding its ECN byte (or its tlast, if earlier) moves from stage A to B;
// the counter holds it from the second cycle after that move (from cycle c + 3 for a beat
// accepted in cycle c, the pipeline not held: a read issued then returns it); FRAMES and
// MARK_REQ likewise, for the frame's last and first beat.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_ecn_mark #(
    // ---------------------------------------------------------------- Parameters
    parameter int DATA_WIDTH = 64  // tdata bits: 64, 128, 256 or 512
) (
    // ---------------------------------------------------------------- Ports
    input  logic                    clk,
    input  logic                    rst,

    // frames in
    input  logic [DATA_WIDTH-1:0]   s_axis_tdata,
    input  logic [DATA_WIDTH/8-1:0] s_axis_tkeep,
    input  logic                    s_axis_tvalid,
    input  logic                    s_axis_tlast,
    output logic                    s_axis_tready,

    // the CP's decision for the frame at the head of s_axis
    input  logic                    s_dec_valid,
    input  logic                    s_dec_mark,
    output logic                    s_dec_ready,

    // frames out
    output logic [DATA_WIDTH-1:0]   m_axis_tdata,
    output logic [DATA_WIDTH/8-1:0] m_axis_tkeep,
    output logic                    m_axis_tvalid,
    output logic                    m_axis_tlast,
    input  logic                    m_axis_tready,

    // counters
    input  logic                    csr_re,
    input  logic [7:0]              csr_addr,
    output logic [31:0]             csr_rdata
);

  // ---------------------------------------------------------------- Parameter checks and constants
  if (DATA_WIDTH != 64 && DATA_WIDTH != 128 && DATA_WIDTH != 256 && DATA_WIDTH != 512)
  begin : g_bad_data_width
    initial $fatal(1, "%m: DATA_WIDTH = %0d, must be 64, 128, 256 or 512", DATA_WIDTH);
  end

  localparam int B = DATA_WIDTH / 8;  // bytes per beat
  // beat counter: saturates at the beat after the last header byte used (offset 29)
  localparam int BEAT_SAT = 29 / B + 1;
  localparam int BW = $clog2(BEAT_SAT + 1);

  // ---------------------------------------------------------------- Pipeline stages
  logic en;
  assign en = !m_axis_tvalid || m_axis_tready;

  // Input: the beat counter, the frame's decision, header bytes 12..19 of earlier beats.
  logic [BW-1:0] beat_reg, beat_next;  // beat index in the frame (saturating)
  logic          mark_reg, mark_next;  // the frame's decision (taken with its first beat)
  logic [63:0]   sv_reg, sv_next;      // bytes 12..19 as seen so far
  logic sof, acc, cur_mark;
  logic [63:0] v;  // bytes 12..19 of the frame as known at this beat (byte o at 8 (o - 12))

  for (genvar o = 12; o <= 19; o++) begin : g_view
    assign v[8 * (o - 12) +: 8] = (32'(beat_reg) == o / B) ? s_axis_tdata[8 * (o % B) +: 8]
                                                           : sv_reg[8 * (o - 12) +: 8];
  end

  always_comb begin
    sof = beat_reg == '0;
    s_axis_tready = en && !rst && (!sof || s_dec_valid);
    s_dec_ready = en && !rst && sof && s_axis_tvalid;
    acc = s_axis_tvalid && s_axis_tready;
    cur_mark = sof ? s_dec_mark : mark_reg;
    beat_next = beat_reg;
    mark_next = mark_reg;
    sv_next = sv_reg;
    if (acc) begin
      sv_next = v;
      if (sof) mark_next = s_dec_mark;
      if (s_axis_tlast) beat_next = '0;
      else if (32'(beat_reg) < BEAT_SAT) beat_next = beat_reg + 1'b1;
    end
  end

  always_ff @(posedge clk) begin
    beat_reg <= beat_next;
    mark_reg <= mark_next;
    sv_reg <= sv_next;
    if (rst) begin
      beat_reg <= '0;
      mark_reg <= 1'b0;
    end
  end

  // Stage A: the beat, its place in the frame and the tests of its header bytes (both
  // readings: untagged, and behind an 802.1Q tag).
  logic [DATA_WIDTH-1:0] a_data_reg;
  logic [B-1:0] a_keep_reg;
  logic a_valid_reg, a_last_reg, a_sof_reg, a_mark_reg;
  logic a_tag_reg;                        // bytes 12-13 = 0x8100
  logic a_u4_reg, a_u6_reg;               // untagged IPv4 (version 4, IHL >= 5) / IPv6
  logic a_t4_reg, a_t6_reg;               // the same behind the tag
  logic [7:0] a_b15_reg, a_b19_reg;       // the ECN byte of either reading
  logic a_at15_reg, a_at19_reg, a_at24_reg, a_at28_reg;  // this beat holds that offset
  logic a_k15_reg, a_k19_reg, a_k24_reg, a_k28_reg;      // ... and the byte(s) are kept

  always_ff @(posedge clk) begin
    if (en) begin
      a_valid_reg <= acc;
      a_data_reg <= s_axis_tdata;
      a_keep_reg <= s_axis_tkeep;
      a_last_reg <= s_axis_tlast;
      a_sof_reg <= sof;
      a_mark_reg <= cur_mark;
      a_tag_reg <= {v[7:0], v[15:8]} == 16'h8100;
      a_u4_reg <= {v[7:0], v[15:8]} == 16'h0800 && v[23:20] == 4'd4 && v[19:16] >= 4'd5;
      a_u6_reg <= {v[7:0], v[15:8]} == 16'h86DD && v[23:20] == 4'd6;
      a_t4_reg <= {v[39:32], v[47:40]} == 16'h0800 && v[55:52] == 4'd4 && v[51:48] >= 4'd5;
      a_t6_reg <= {v[39:32], v[47:40]} == 16'h86DD && v[55:52] == 4'd6;
      a_b15_reg <= v[31:24];
      a_b19_reg <= v[63:56];
      a_at15_reg <= 32'(beat_reg) == 15 / B;
      a_at19_reg <= 32'(beat_reg) == 19 / B;
      a_at24_reg <= 32'(beat_reg) == 24 / B;
      a_at28_reg <= 32'(beat_reg) == 28 / B;
      a_k15_reg <= s_axis_tkeep[15 % B];
      a_k19_reg <= s_axis_tkeep[19 % B];
      a_k24_reg <= s_axis_tkeep[24 % B] && s_axis_tkeep[25 % B];
      a_k28_reg <= s_axis_tkeep[28 % B] && s_axis_tkeep[29 % B];
    end
    if (rst) a_valid_reg <= 1'b0;
  end

  // Stage A -> B: the decisions. State of the frame in stage A: its mark request
  // classified (done), its IPv4 ECN set (v4_marked: update the checksum).
  logic done_reg, done_next, v4m_reg, v4m_next;
  logic move, vlan, ipv4, ipv6, ecn_beat, ecn_kept, eval, is_ip, do_mark, wr_csum, classify;
  logic [7:0] eb, eb_new;
  logic [1:0] ecn, delta;

  always_comb begin
    move = en && a_valid_reg;
    vlan = a_tag_reg;
    ipv4 = vlan ? a_t4_reg : a_u4_reg;
    ipv6 = vlan ? a_t6_reg : a_u6_reg;
    is_ip = ipv4 || ipv6;
    eb = vlan ? a_b19_reg : a_b15_reg;
    ecn = ipv6 ? eb[5:4] : eb[1:0];
    eb_new = ipv6 ? (eb | 8'h30) : (eb | 8'h03);
    ecn_beat = vlan ? a_at19_reg : a_at15_reg;
    ecn_kept = vlan ? a_k19_reg : a_k15_reg;
    eval = move && ecn_beat;  // the ECN byte's beat: classify the mark request
    do_mark = eval && a_mark_reg && ecn_kept && is_ip && (ecn == 2'b01 || ecn == 2'b10);
    wr_csum = move && (vlan ? a_at28_reg && a_k28_reg : a_at24_reg && a_k24_reg) &&
              ((!a_sof_reg && v4m_reg) || (do_mark && ipv4));
    // m' - m for the word {version/IHL, TOS}: 01 -> 11 adds 2, 10 -> 11 adds 1
    delta = eb[1:0] == 2'b01 ? 2'd2 : 2'd1;
    // a mark request is classified at its ECN byte's beat, or at its tlast if earlier
    classify = move && a_mark_reg && (a_sof_reg || !done_reg) && (eval || a_last_reg);
    done_next = done_reg;
    v4m_next = v4m_reg;
    if (move) begin
      if (a_sof_reg) begin
        done_next = 1'b0;
        v4m_next = 1'b0;
      end
      if (eval) done_next = 1'b1;
      if (do_mark && ipv4) v4m_next = 1'b1;
    end
  end

  always_ff @(posedge clk) begin
    done_reg <= done_next;
    v4m_reg <= v4m_next;
    if (rst) begin
      done_reg <= 1'b0;
      v4m_reg <= 1'b0;
    end
  end

  // Stage B: the beat and what changes in it.
  logic [DATA_WIDTH-1:0] b_data_reg;
  logic [B-1:0] b_keep_reg;
  logic b_valid_reg, b_last_reg, b_wr_ecn_reg, b_wr_csum_reg, b_vlan_reg;
  logic [7:0] b_eb_new_reg;
  logic [1:0] b_delta_reg;

  always_ff @(posedge clk) begin
    if (en) begin
      b_valid_reg <= a_valid_reg;
      b_data_reg <= a_data_reg;
      b_keep_reg <= a_keep_reg;
      b_last_reg <= a_last_reg;
      b_wr_ecn_reg <= do_mark;
      b_wr_csum_reg <= wr_csum;
      b_vlan_reg <= vlan;
      b_eb_new_reg <= eb_new;
      b_delta_reg <= delta;
    end
    if (rst) b_valid_reg <= 1'b0;
  end

  // Stage B -> output: RFC 1624 eqn. 3, HC' = ~(~HC + ~m + m'), with ~m + m' = m' - m =
  // delta in ones-complement arithmetic (the sum is associative): HC' = ~(~HC + delta),
  // the carry out added back in (end-around carry)
  logic [15:0] hc_old, hc_fold, hc_new;
  logic [16:0] hc_sum;
  logic [DATA_WIDTH-1:0] data_out;

  always_comb begin
    hc_old = b_vlan_reg ? {b_data_reg[8 * (28 % B) +: 8], b_data_reg[8 * (29 % B) +: 8]}
                        : {b_data_reg[8 * (24 % B) +: 8], b_data_reg[8 * (25 % B) +: 8]};
    hc_sum = {1'b0, ~hc_old} + {15'd0, b_delta_reg};
    hc_fold = hc_sum[15:0] + {15'd0, hc_sum[16]};  // cannot carry again
    hc_new = ~hc_fold;
    data_out = b_data_reg;
    if (b_wr_ecn_reg) begin
      if (b_vlan_reg) data_out[8 * (19 % B) +: 8] = b_eb_new_reg;
      else            data_out[8 * (15 % B) +: 8] = b_eb_new_reg;
    end
    if (b_wr_csum_reg) begin
      if (b_vlan_reg) begin
        data_out[8 * (28 % B) +: 8] = hc_new[15:8];
        data_out[8 * (29 % B) +: 8] = hc_new[7:0];
      end else begin
        data_out[8 * (24 % B) +: 8] = hc_new[15:8];
        data_out[8 * (25 % B) +: 8] = hc_new[7:0];
      end
    end
  end

  // ---------------------------------------------------------------- Counters
  // one pulse per count, registered at the A -> B move; the counter adds it an edge later
  logic p_frames_reg, p_req_reg, p_marked_reg, p_notect_reg, p_ce_reg, p_notip_reg;
  logic [31:0] cnt_frames_reg, cnt_req_reg, cnt_marked_reg, cnt_notect_reg, cnt_ce_reg,
               cnt_notip_reg;

  // the counters' read port: the generated CSR file (tb/ref/regmap_frame.h)
  dcqcn_ecn_mark_csr u_csr (
    .clk(clk), .rst(rst),
    .csr_re(csr_re), .csr_addr(csr_addr), .csr_rdata(csr_rdata),
    .sts_frames(cnt_frames_reg), .sts_mark_req(cnt_req_reg), .sts_marked(cnt_marked_reg),
    .sts_not_ect(cnt_notect_reg), .sts_already_ce(cnt_ce_reg), .sts_not_ip(cnt_notip_reg)
  );

  always_ff @(posedge clk) begin
    p_frames_reg <= move && a_last_reg;
    p_req_reg <= move && a_sof_reg && a_mark_reg;
    p_marked_reg <= classify && do_mark;
    p_notect_reg <= classify && eval && ecn_kept && is_ip && ecn == 2'b00;
    p_ce_reg <= classify && eval && ecn_kept && is_ip && ecn == 2'b11;
    p_notip_reg <= classify && !(eval && ecn_kept && is_ip);
    cnt_frames_reg <= cnt_frames_reg + {31'd0, p_frames_reg};
    cnt_req_reg <= cnt_req_reg + {31'd0, p_req_reg};
    cnt_marked_reg <= cnt_marked_reg + {31'd0, p_marked_reg};
    cnt_notect_reg <= cnt_notect_reg + {31'd0, p_notect_reg};
    cnt_ce_reg <= cnt_ce_reg + {31'd0, p_ce_reg};
    cnt_notip_reg <= cnt_notip_reg + {31'd0, p_notip_reg};
    if (rst) begin
      {p_frames_reg, p_req_reg, p_marked_reg, p_notect_reg, p_ce_reg, p_notip_reg} <= '0;
      cnt_frames_reg <= 32'd0;
      cnt_req_reg <= 32'd0;
      cnt_marked_reg <= 32'd0;
      cnt_notect_reg <= 32'd0;
      cnt_ce_reg <= 32'd0;
      cnt_notip_reg <= 32'd0;
    end
  end

  // ---------------------------------------------------------------- Outputs
  // the output register; data cleared (reset pin) in every cycle it takes no beat
  logic [DATA_WIDTH-1:0] out_data_reg;
  logic [B-1:0] out_keep_reg;
  logic out_valid_reg, out_last_reg;

  always_ff @(posedge clk) begin
    if (en) begin
      out_valid_reg <= b_valid_reg;
      out_data_reg <= data_out;
      out_keep_reg <= b_keep_reg;
      out_last_reg <= b_last_reg;
      if (!b_valid_reg) begin
        out_data_reg <= '0;
        out_keep_reg <= '0;
        out_last_reg <= 1'b0;
      end
    end
    if (rst) begin
      out_valid_reg <= 1'b0;
      out_data_reg <= '0;
      out_keep_reg <= '0;
      out_last_reg <= 1'b0;
    end
  end

  assign m_axis_tdata = out_data_reg;
  assign m_axis_tkeep = out_keep_reg;
  assign m_axis_tvalid = out_valid_reg;
  assign m_axis_tlast = out_last_reg;

endmodule

`resetall
