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
// Latency: 1 cycle. Each beat accepted at an edge is on m_axis from the next cycle
// (m_axis_tvalid), held while m_axis_tready is low; one beat per cycle (no bubble added,
// a 1-beat frame per cycle at 512 bits); s_axis_tready = (!m_axis_tvalid ||
// m_axis_tready) && !rst (&& s_dec_valid on a first beat). m_axis_t{data,keep,last} are
// 0 while m_axis_tvalid is 0.
//
// Counters (32 bits, wrapping, cleared by rst; csr_re/csr_addr, csr_rdata the next
// cycle, unmapped addresses read 0):
//   0x00 FRAMES      frames passed (at their tlast)
//   0x04 MARK_REQ    decisions with mark = 1
//   0x08 MARKED      ECT(0)/ECT(1) set to CE
//   0x0C NOT_ECT     mark requested, IPv4/IPv6 with ECN 00: left unchanged
//   0x10 ALREADY_CE  mark requested, ECN already 11: left unchanged
//   0x14 NOT_IP      mark requested, not IPv4/IPv6 or the frame ends before its ECN byte
// Every mark request is counted in exactly one of MARKED, NOT_ECT, ALREADY_CE, NOT_IP,
// in the cycle its ECN byte (or its tlast, if earlier) is accepted.
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
  // Input side: the beat counter, the frame's decision, the header bytes seen in earlier
  // beats, and what was decided at the ECN byte.
  logic [BW-1:0] beat_reg, beat_next;          // beat index in the frame (saturating)
  logic          mark_reg, mark_next;          // the frame's decision (from its first beat)
  logic          v4_marked_reg, v4_marked_next;  // IPv4 ECN set: update the checksum
  logic          done_reg, done_next;          // the mark request was classified
  logic [63:0]   sv_reg, sv_next;              // header bytes 12..19 of earlier beats

  logic en, sof, acc;
  logic cur_mark;
  logic [63:0] v;  // bytes 12..19 of the frame as known at this beat (byte o at 8 (o - 12))
  logic vlan, ipv4, ipv6, ecn_beat, ecn_kept, csum_beat, csum_kept, eval, do_mark;
  logic [15:0] etype;
  logic [7:0] vb, eb, eb_new;
  logic [1:0] ecn;
  logic [15:0] hc_old, m_old, m_new, hc_new;
  logic [16:0] s1_sum, s2_sum;
  logic [15:0] s1_fold, s2_fold;
  logic [DATA_WIDTH-1:0] data_out;

  // the bytes at offset o of the frame in this beat (lane o mod B of beat o / B)
  function automatic logic [7:0] lane(input logic [DATA_WIDTH-1:0] d, input int o);
    return d[8 * (o % B) +: 8];
  endfunction

  always_comb begin
    en = !m_axis_tvalid || m_axis_tready;
    sof = beat_reg == '0;
    s_axis_tready = en && !rst && (!sof || s_dec_valid);
    s_dec_ready = en && !rst && sof && s_axis_tvalid;
    acc = s_axis_tvalid && s_axis_tready;
    cur_mark = sof ? s_dec_mark : mark_reg;

  end

  always_comb
    for (int o = 12; o <= 19; o++)
      v[8 * (o - 12) +: 8] = (32'(beat_reg) == o / B) ? lane(s_axis_tdata, o)
                                                      : sv_reg[8 * (o - 12) +: 8];

  always_comb begin
    vlan = {v[7:0], v[15:8]} == 16'h8100;                  // bytes 12, 13
    etype = vlan ? {v[39:32], v[47:40]} : {v[7:0], v[15:8]};  // bytes 16, 17 or 12, 13
    vb = vlan ? v[55:48] : v[23:16];                       // byte 18 or 14
    eb = vlan ? v[63:56] : v[31:24];                       // byte 19 or 15
    ipv4 = etype == 16'h0800 && vb[7:4] == 4'd4 && vb[3:0] >= 4'd5;
    ipv6 = etype == 16'h86DD && vb[7:4] == 4'd6;
    ecn = ipv6 ? eb[5:4] : eb[1:0];
    ecn_beat = vlan ? 32'(beat_reg) == 19 / B : 32'(beat_reg) == 15 / B;
    ecn_kept = vlan ? s_axis_tkeep[19 % B] : s_axis_tkeep[15 % B];
    eval = acc && ecn_beat;  // the ECN byte's beat: classify the mark request
    do_mark = eval && cur_mark && ecn_kept && (ipv4 || ipv6) && (ecn == 2'b01 || ecn == 2'b10);
    eb_new = ipv6 ? (eb | 8'h30) : (eb | 8'h03);

    // RFC 1624 eqn. 3 on the word {version/IHL, TOS}: HC' = ~(~HC + ~m + m')
    csum_beat = vlan ? 32'(beat_reg) == 28 / B : 32'(beat_reg) == 24 / B;
    csum_kept = vlan ? s_axis_tkeep[28 % B] && s_axis_tkeep[29 % B]
                     : s_axis_tkeep[24 % B] && s_axis_tkeep[25 % B];
    hc_old = vlan ? {lane(s_axis_tdata, 28), lane(s_axis_tdata, 29)}
                  : {lane(s_axis_tdata, 24), lane(s_axis_tdata, 25)};
    m_old = {vb, eb};
    m_new = {vb, eb | 8'h03};
    s1_sum = {1'b0, ~hc_old} + {1'b0, ~m_old};
    s1_fold = s1_sum[15:0] + {15'd0, s1_sum[16]};  // end-around carry (cannot carry again)
    s2_sum = {1'b0, s1_fold} + {1'b0, m_new};
    s2_fold = s2_sum[15:0] + {15'd0, s2_sum[16]};
    hc_new = ~s2_fold;

    data_out = s_axis_tdata;
    if (do_mark) begin
      if (vlan) data_out[8 * (19 % B) +: 8] = eb_new;
      else      data_out[8 * (15 % B) +: 8] = eb_new;
    end
    if (csum_beat && csum_kept && ((!sof && v4_marked_reg) || (do_mark && ipv4))) begin
      if (vlan) begin
        data_out[8 * (28 % B) +: 8] = hc_new[15:8];
        data_out[8 * (29 % B) +: 8] = hc_new[7:0];
      end else begin
        data_out[8 * (24 % B) +: 8] = hc_new[15:8];
        data_out[8 * (25 % B) +: 8] = hc_new[7:0];
      end
    end

    beat_next = beat_reg;
    mark_next = mark_reg;
    v4_marked_next = v4_marked_reg;
    done_next = done_reg;
    sv_next = sv_reg;
    if (acc) begin
      sv_next = v;
      if (sof) begin
        mark_next = s_dec_mark;
        v4_marked_next = 1'b0;
        done_next = 1'b0;
      end
      if (do_mark && ipv4) v4_marked_next = 1'b1;
      if (eval) done_next = 1'b1;
      if (s_axis_tlast) beat_next = '0;
      else if (32'(beat_reg) < BEAT_SAT) beat_next = beat_reg + 1'b1;
    end
  end

  // ---------------------------------------------------------------- Counters
  logic [31:0] cnt_frames_reg, cnt_req_reg, cnt_marked_reg, cnt_notect_reg, cnt_ce_reg,
               cnt_notip_reg;
  logic [31:0] csr_rdata_reg;
  logic classify, k_marked, k_notect, k_ce, k_notip;

  always_comb begin
    // a mark request is classified at its ECN byte's beat, or at its tlast if earlier
    classify = acc && cur_mark && (sof || !done_reg) && (eval || s_axis_tlast);
    k_marked = classify && do_mark;
    k_notect = classify && eval && ecn_kept && (ipv4 || ipv6) && ecn == 2'b00;
    k_ce = classify && eval && ecn_kept && (ipv4 || ipv6) && ecn == 2'b11;
    k_notip = classify && !(eval && ecn_kept && (ipv4 || ipv6));
  end

  always_ff @(posedge clk) begin
    if (acc && s_axis_tlast) cnt_frames_reg <= cnt_frames_reg + 1;
    if (acc && sof && s_dec_mark) cnt_req_reg <= cnt_req_reg + 1;
    if (k_marked) cnt_marked_reg <= cnt_marked_reg + 1;
    if (k_notect) cnt_notect_reg <= cnt_notect_reg + 1;
    if (k_ce) cnt_ce_reg <= cnt_ce_reg + 1;
    if (k_notip) cnt_notip_reg <= cnt_notip_reg + 1;
    csr_rdata_reg <= 32'd0;
    if (csr_re) begin
      case (csr_addr)
        8'h00: csr_rdata_reg <= cnt_frames_reg;
        8'h04: csr_rdata_reg <= cnt_req_reg;
        8'h08: csr_rdata_reg <= cnt_marked_reg;
        8'h0C: csr_rdata_reg <= cnt_notect_reg;
        8'h10: csr_rdata_reg <= cnt_ce_reg;
        8'h14: csr_rdata_reg <= cnt_notip_reg;
        default: csr_rdata_reg <= 32'd0;
      endcase
    end
    if (rst) begin
      cnt_frames_reg <= 32'd0;
      cnt_req_reg <= 32'd0;
      cnt_marked_reg <= 32'd0;
      cnt_notect_reg <= 32'd0;
      cnt_ce_reg <= 32'd0;
      cnt_notip_reg <= 32'd0;
      csr_rdata_reg <= 32'd0;
    end
  end
  assign csr_rdata = csr_rdata_reg;

  always_ff @(posedge clk) begin
    beat_reg <= beat_next;
    mark_reg <= mark_next;
    v4_marked_reg <= v4_marked_next;
    done_reg <= done_next;
    sv_reg <= sv_next;
    if (rst) begin
      beat_reg <= '0;
      mark_reg <= 1'b0;
      v4_marked_reg <= 1'b0;
      done_reg <= 1'b0;
    end
  end

  // ---------------------------------------------------------------- Outputs
  // the output register; data cleared (reset pin) in every cycle it takes no beat
  logic [DATA_WIDTH-1:0] out_data_reg;
  logic [B-1:0] out_keep_reg;
  logic out_valid_reg, out_last_reg;

  always_ff @(posedge clk) begin
    if (en) begin
      out_valid_reg <= acc;
      out_data_reg <= data_out;
      out_keep_reg <= s_axis_tkeep;
      out_last_reg <= s_axis_tlast;
      if (!acc) begin
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
