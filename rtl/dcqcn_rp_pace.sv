// SPDX-License-Identifier: MIT
// DCQCN RP, pacing: pipeline stages S7..S11 of dcqcn_rp (docs/rp.md "Pipeline", "Pacing").
// Takes the new rate state from dcqcn_rp_rate (P7) and the flow's pacing word read from
// RAM B (read by dcqcn_rp in S6, data in S7); gives the result fields in S11 and, in P12,
// the pacing word dcqcn_rp writes back to RAM B.
//
// bytes / Rc in ns.12 is bytes * T[idx] * 2^lz / 2^13: lz = leading zeros of Rc, idx =
// the 12 bits after its leading one, T the reciprocal table. Rc >= 1000 kb/s (the
// clamp), so the leading one is in bit 31..9: S7 finds its byte (g: bits 31:24, 23:16 or
// 15:8) and reads T for all eight positions in that byte at once (four two-port ROMs);
// S8 picks the one at the leading one (p, found in S7 too) and forms bytes << lz and
// lambda MTU << p (lz = 8 g + p), so no product needs a shifter after it: bytes / Rc is
// (bytes << lz) * T >> 13, the DCQCN+ term lambda MTU / Rc is ((lambda MTU << p) * T) << 8 g
// >> 33 (a three-way select of bits).
// The retire rule (docs/rp.md "Time"): S8 keeps the top two bits of now - dep, S9 reads a
// word whose dep is 2^30 to 2^31 ns behind as not valid.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_rp_pace #(
    parameter int PW = 105   // pacing word (RAM B): valid, departure, bytes, next departure
) (
    input  logic          clk,
    input  logic          cfg_plus,        // ALGO = DCQCN+
    input  logic [29:0]   cfg_lmtu,        // LAMBDA_Q8 * MTU_BYTES
    // P7: from dcqcn_rp_rate
    input  logic [2:0]    p7_op,
    input  logic [31:0]   p7_now_ns,
    input  logic [15:0]   p7_bytes,
    input  logic          p7_stale,
    input  logic [31:0]   p7_rc_raw,
    input  logic [31:0]   p7_rc,
    input  logic [31:0]   p7_rt,
    input  logic [16:0]   p7_alpha,
    input  logic [1:0]    p7_atmr, p7_itmr, p7_ctmr,
    input  logic [7:0]    p7_agen, p7_igen, p7_cgen,
    input  logic [31:0]   p7_adl, p7_idl, p7_cdl,
    input  logic [30:0]   p7_ptc,
    // RAM B read data (S7)
    input  logic [PW-1:0] pace_word,
    // S11: the result fields (dcqcn_rp registers them)
    output logic [2:0]    res_op,
    output logic          res_stale,
    output logic          res_paced,
    output logic [31:0]   res_next_tx_ns,
    output logic [31:0]   res_rc, res_rt,
    output logic [16:0]   res_alpha,
    output logic [1:0]    res_atmr, res_itmr, res_ctmr,
    output logic [7:0]    res_agen, res_igen, res_cgen,
    output logic [31:0]   res_adl, res_idl, res_cdl,
    // P12: the pacing word to write back (all zero after INIT)
    output logic [PW-1:0] p12_pace_word
);

  localparam logic [2:0] OP_TX = 3'd0, OP_INIT = 3'd5;
  localparam logic [1:0] TMR_SET = 2'd1;

  // Result fields carried unchanged from P8 to P11 ([8] = P8 ... [11] = P11).
  logic [2:0]  op_q    [8:11];
  logic [31:0] now_q   [8:11];
  logic        stale_q [8:11], rc_chg_q [8:11];
  logic [31:0] rc_q    [8:11], rt_q [8:11];
  logic [16:0] alpha_q [8:11];
  logic [1:0]  atmr_q  [8:11], itmr_q [8:11], ctmr_q [8:11];
  logic [7:0]  agen_q  [8:11], igen_q [8:11], cgen_q [8:11];
  logic [31:0] adl_q   [8:11], idl_q [8:10], cdl_q [8:11];
  logic [30:0] ptc_q   [8:11];

  // ---------------------------------------------------------------- S7: the rate's byte
  logic [35:0] s7_ext;      // Rc and 4 zero bits: the window of byte 15:8 reaches bit -4
  logic        s7_b3, s7_b2;
  logic [19:0] s7_win;     // the leading byte and the 12 bits after it
  always_comb begin
    s7_ext = {p7_rc, 4'd0};
    s7_b3 = p7_rc[31:24] != 8'd0;
    s7_b2 = p7_rc[23:16] != 8'd0;
    s7_win = s7_b3 ? s7_ext[35:16] : s7_b2 ? s7_ext[27:8] : s7_ext[19:0];
  end

  // T for a leading one at window bit 19 - k is T[win[18-k -: 12]], k = 0..7.
  logic [16:0] rom_t [0:7];
  for (genvar c = 0; c < 4; c++) begin : g_rom
    dcqcn_rp_recip_rom u_rom (
      .clk(clk),
      .addr_a(s7_win[18 - 2 * c -: 12]), .addr_b(s7_win[17 - 2 * c -: 12]),
      .data_a(rom_t[2 * c]), .data_b(rom_t[2 * c + 1])
    );
  end

  // p: the leading one's place in its byte, found in each byte at once and then selected
  function automatic logic [2:0] lead8(input logic [7:0] b);
    lead8 = 3'd7;
    for (int k = 7; k >= 0; k--) if (b[7 - k]) lead8 = 3'(k);
  endfunction
  logic        s7_pv;
  logic [43:0] s7_tdep, s7_tnext;
  logic [15:0] s7_bytes_rd;
  always_comb begin
    {s7_pv, s7_tdep, s7_bytes_rd, s7_tnext} = pace_word;
  end

  logic [2:0]  p8_p3_reg, p8_p2_reg, p8_p1_reg;   // the leading one's place in bytes 3, 2, 1
  logic        p8_b3_reg, p8_b2_reg;             // byte 3 / byte 2 non-zero
  logic        p8_pv_reg;       // RAM B word: the flow has pacing state
  logic [43:0] p8_tdep_reg, p8_tnext_reg;
  logic [15:0] p8_pbytes_reg;   // bytes the departure is computed for
  always_ff @(posedge clk) begin
    p8_p3_reg <= lead8(p7_rc[31:24]);
    p8_p2_reg <= lead8(p7_rc[23:16]);
    p8_p1_reg <= lead8(p7_rc[15:8]);
    p8_b3_reg <= s7_b3;
    p8_b2_reg <= s7_b2;
    p8_pv_reg <= s7_pv;
    p8_tdep_reg <= s7_tdep;
    p8_tnext_reg <= s7_tnext;
    p8_pbytes_reg <= (p7_op == OP_TX) ? p7_bytes : s7_bytes_rd;
    op_q[8] <= p7_op;           now_q[8] <= p7_now_ns;
    stale_q[8] <= p7_stale;     rc_chg_q[8] <= p7_rc != p7_rc_raw;
    rc_q[8] <= p7_rc;           rt_q[8] <= p7_rt;           alpha_q[8] <= p7_alpha;
    atmr_q[8] <= p7_atmr;       itmr_q[8] <= p7_itmr;       ctmr_q[8] <= p7_ctmr;
    agen_q[8] <= p7_agen;       igen_q[8] <= p7_igen;       cgen_q[8] <= p7_cgen;
    adl_q[8] <= p7_adl;         idl_q[8] <= p7_idl;         cdl_q[8] <= p7_cdl;
    ptc_q[8] <= p7_ptc;
    for (int k = 9; k <= 11; k++) begin
      op_q[k] <= op_q[k-1];         now_q[k] <= now_q[k-1];
      stale_q[k] <= stale_q[k-1];   rc_chg_q[k] <= rc_chg_q[k-1];
      rc_q[k] <= rc_q[k-1];         rt_q[k] <= rt_q[k-1];         alpha_q[k] <= alpha_q[k-1];
      atmr_q[k] <= atmr_q[k-1];     itmr_q[k] <= itmr_q[k-1];     ctmr_q[k] <= ctmr_q[k-1];
      agen_q[k] <= agen_q[k-1];     igen_q[k] <= igen_q[k-1];     cgen_q[k] <= cgen_q[k-1];
      adl_q[k] <= adl_q[k-1];       cdl_q[k] <= cdl_q[k-1];       ptc_q[k] <= ptc_q[k-1];
    end
    for (int k = 9; k <= 10; k++) idl_q[k] <= idl_q[k-1];
  end

  // ---------------------------------------------------------------- S8: T, shifted operands
  logic [43:0] s8_now_f, s8_tn;
  logic [43:0] s8_dage;   // now - dep: the age of the last departure (its top two bits are kept)
  logic [2:0]  s8_p;
  logic [4:0]  s8_lz;     // 8 g + p, g = 0 for bits 31:24, 1 for 23:16, 2 for 15:8
  always_comb begin
    s8_p = p8_b3_reg ? p8_p3_reg : p8_b2_reg ? p8_p2_reg : p8_p1_reg;
    s8_lz = {p8_b3_reg ? 2'd0 : p8_b2_reg ? 2'd1 : 2'd2, s8_p};
    s8_now_f = {now_q[8], 12'd0};
    s8_tn = p8_pv_reg ? p8_tnext_reg : s8_now_f;
    s8_dage = s8_now_f - p8_tdep_reg;
  end

  logic [16:0] p9_t_reg;
  logic [37:0] p9_bsh_reg;          // bytes << lz
  logic [36:0] p9_lsh_reg;          // lambda MTU << p (the byte's 8 g is applied after the product)
  logic [1:0]  g_q [9:11];          // g
  logic        p9_pv_reg;
  logic [1:0]  p9_dage_reg;         // bits 43:42 of now - dep: 01 = dep 2^30 to 2^31 ns behind
  logic [43:0] p9_tn_reg, p9_diff_reg, p9_tdep_reg, p9_tnext_reg;   // permitted, now - permitted
  logic [15:0] p9_pbytes_reg;       // bytes the departure is computed for
  always_ff @(posedge clk) begin
    p9_t_reg <= rom_t[s8_p];
    p9_bsh_reg <= {22'd0, p8_pbytes_reg} << s8_lz;
    p9_lsh_reg <= {7'd0, cfg_lmtu} << s8_p;
    g_q[9] <= s8_lz[4:3];
    g_q[10] <= g_q[9];
    g_q[11] <= g_q[10];
    p9_pv_reg <= p8_pv_reg;
    p9_tn_reg <= s8_tn;
    p9_diff_reg <= s8_now_f - s8_tn;
    p9_dage_reg <= s8_dage[43:42];
    p9_tdep_reg <= p8_tdep_reg;
    p9_tnext_reg <= p8_tnext_reg;
    p9_pbytes_reg <= p8_pbytes_reg;
  end

  // ---------------------------------------------------------------- S9: late check, products
  // The retire rule (docs/rp.md "Time"): a pacing word whose last departure dep is at least
  // 2^30 and less than 2^31 ns behind now (now - dep, 44-bit ns.12: bit 43 clear, bit 42
  // set) is read as not valid, as a flow that never sent, and written back so.
  // TX: left within 1 ns of the permitted time (or early): keep the exact schedule, so the
  // fraction carries and the long-run rate is Rc; later, or the word retired: restart from
  // now.
  logic [43:0] s9_base;
  logic        s9_late, s9_ret;
  always_comb begin
    s9_ret = p9_pv_reg && !p9_dage_reg[1] && p9_dage_reg[0];
    s9_late = !p9_diff_reg[43] && (p9_diff_reg[42:12] != 31'd0);
    s9_base = (s9_late || s9_ret) ? {now_q[9], 12'd0} : p9_tn_reg;
  end

  logic [43:0] p10_x_reg, p10_tnext_reg;    // schedule base (TX) or last departure
  logic        p10_pv_reg;
  logic [15:0] p10_pbytes_reg;
  logic [30:0] p10_m_bt_hi_reg;             // bsh[37:24] * T (M)
  logic [40:0] p10_m_bt_lo_reg;             // bsh[23:0] * T (M)
  logic [63:0] p10_q_reg;                   // (ptc + 1) << (33 - 8 g): pm > ptc is lt >= this
  logic [40:0] p10_m_lt0_reg;               // Lsh[23:0] * T (M)
  logic [29:0] p10_m_lt1_reg;               // Lsh[36:24] * T (M)
  always_ff @(posedge clk) begin
    p10_x_reg <= (op_q[9] == OP_TX) ? s9_base : p9_tdep_reg;
    p10_tnext_reg <= p9_tnext_reg;
    p10_pv_reg <= p9_pv_reg && !s9_ret;
    p10_pbytes_reg <= p9_pbytes_reg;
    p10_m_bt_hi_reg <= {17'd0, p9_bsh_reg[37:24]} * {14'd0, p9_t_reg};
    p10_m_bt_lo_reg <= {17'd0, p9_bsh_reg[23:0]} * {24'd0, p9_t_reg};
    unique case (g_q[9])
      2'd0:    p10_q_reg <= {33'd0, ptc_q[9] + 31'd1} << 33;
      2'd1:    p10_q_reg <= {33'd0, ptc_q[9] + 31'd1} << 25;
      default: p10_q_reg <= {33'd0, ptc_q[9] + 31'd1} << 17;
    endcase
    p10_m_lt0_reg <= {17'd0, p9_lsh_reg[23:0]} * {24'd0, p9_t_reg};
    p10_m_lt1_reg <= {17'd0, p9_lsh_reg[36:24]} * {13'd0, p9_t_reg};
  end

  // ---------------------------------------------------------------- S10: sums (P11)
  logic [43:0] p11_x_reg, p11_x1_reg, p11_pq_reg, p11_tnext_reg, p11_next_ceil_reg;
  logic [43:0] p11_xmn_reg;     // departure base - now
  logic [53:0] p11_lt_reg;      // (lambda MTU << p) * T: lambda MTU / Rc = this << 8 g >> 33
  logic [63:0] p11_q_reg;       // pm > min(tau lambda, 2^30) is lt >= this
  logic        p11_pv_reg, p11_plus_set_reg;
  logic [31:0] p11_idl_reg;     // the deadline as is (not DCQCN+, or no increase timer set)
  logic [31:0] p11_capn_reg;    // now + 2^30
  logic [31:0] p11_ptn_reg;     // now + min(tau * lambda, 2^30)
  logic [15:0] p11_pbytes_reg;
  logic [54:0] s10_bt;
  always_comb s10_bt = {p10_m_bt_hi_reg, 24'd0} + {14'd0, p10_m_bt_lo_reg};
  always_ff @(posedge clk) begin
    p11_x_reg <= p10_x_reg;
    p11_x1_reg <= p10_x_reg + 44'd4095;
    p11_pq_reg <= {2'd0, s10_bt[54:13]};
    p11_tnext_reg <= p10_tnext_reg;
    p11_next_ceil_reg <= p10_tnext_reg + 44'd4095;
    p11_xmn_reg <= p10_x_reg - {now_q[10], 12'd0};
    p11_lt_reg <= {13'd0, p10_m_lt0_reg} + {p10_m_lt1_reg, 24'd0};
    p11_q_reg <= p10_q_reg;
    p11_pv_reg <= p10_pv_reg;
    p11_plus_set_reg <= cfg_plus && itmr_q[10] == TMR_SET;
    p11_idl_reg <= idl_q[10];
    p11_capn_reg <= now_q[10] + 32'd1073741824;
    p11_ptn_reg <= now_q[10] + {1'b0, ptc_q[10]};
    p11_pbytes_reg <= p10_pbytes_reg;
  end

  // ---------------------------------------------------------------- S11: departure, deadlines
  logic [43:0] s11_now_f, s11_a, s11_ac, s11_tnext, s11_xmnpq;
  logic        s11_before, s11_pv;
  logic [31:0] s11_next_tx, s11_idl;
  logic [29:0] s11_pm30 [0:2];   // pm for g = 0, 1, 2 ...
  logic [31:0] s11_pmn [0:2];    // ... now + pm: all three at once
  logic        s11_cap;
  always_comb begin
    s11_now_f = {now_q[11], 12'd0};
    s11_a  = p11_x_reg + p11_pq_reg;     // departure + bytes at Rc
    s11_xmnpq = p11_xmn_reg + p11_pq_reg;
    s11_ac = p11_x1_reg + p11_pq_reg;    // the same + (1 ns - 1 LSB): its ceiling in ns
    s11_before = s11_xmnpq[43];          // departure + bytes at Rc < now (modular)
    s11_pv = p11_pv_reg;
    s11_tnext = p11_tnext_reg;
    s11_next_tx = p11_pv_reg ? p11_next_ceil_reg[43:12] : now_q[11];
    if (op_q[11] == OP_TX) begin
      s11_pv = 1'b1;
      s11_tnext = s11_a;
      s11_next_tx = s11_ac[43:12];
    end else if (op_q[11] == OP_INIT) begin
      s11_pv = 1'b0;
      s11_next_tx = now_q[11];
    end else if (p11_pv_reg && rc_chg_q[11]) begin   // re-timing
      s11_tnext = s11_before ? s11_now_f : s11_a;
      s11_next_tx = s11_before ? now_q[11] : s11_ac[43:12];
    end
    // DCQCN+: increase deadline = now + min(max(tau * lambda, lambda * MTU / Rc), 2^30),
    // pm = lambda MTU / Rc = lt >> sh; compared through the pre-shifted bounds.
    // pm = lambda MTU / Rc; the three candidate sums in parallel, then a select.
    // pm >= 2^30 only when g = 2 (Rc < 65536 kb/s): the product is below 2^54
    s11_pm30[0] = {9'd0, p11_lt_reg[53:33]};
    s11_pm30[1] = {1'd0, p11_lt_reg[53:25]};
    s11_pm30[2] = p11_lt_reg[46:17];
    for (int k = 0; k < 3; k++) s11_pmn[k] = now_q[11] + {2'd0, s11_pm30[k]};
    s11_cap = g_q[11] == 2'd2 && p11_lt_reg[53:47] != 7'd0;
    if (!p11_plus_set_reg)                       s11_idl = p11_idl_reg;
    else if (s11_cap)                            s11_idl = p11_capn_reg;
    else if ({10'd0, p11_lt_reg} >= p11_q_reg)   s11_idl = s11_pmn[g_q[11]];
    else                                         s11_idl = p11_ptn_reg;
  end

  always_ff @(posedge clk)
    p12_pace_word <= (op_q[11] == OP_INIT) ? '0 : {s11_pv, p11_x_reg, p11_pbytes_reg, s11_tnext};

  // (an always_comb, not continuous assigns: Icarus 11 does not update an assign that reads
  // an unpacked-array word written by a nonblocking assignment)
  always_comb begin
    res_op = op_q[11];
    res_stale = stale_q[11];
    res_paced = s11_pv;
    res_next_tx_ns = s11_next_tx;
    res_rc = rc_q[11];
    res_rt = rt_q[11];
    res_alpha = alpha_q[11];
    res_atmr = atmr_q[11];
    res_agen = agen_q[11];
    res_adl = adl_q[11];
    res_itmr = itmr_q[11];
    res_igen = igen_q[11];
    res_idl = s11_idl;
    res_ctmr = ctmr_q[11];
    res_cgen = cgen_q[11];
    res_cdl = cdl_q[11];
  end

  // Bits no logic reads: fraction bits below a rounding, the shifted-out top of pm.
  logic unused_bits;
  assign unused_bits = ^{p9_diff_reg[11:0], s8_dage[41:0], s10_bt[12:0], p11_next_ceil_reg[11:0], s11_ac[11:0],
                         s11_xmnpq[42:0], p11_lt_reg[16:0], s7_win[19]};
endmodule

`resetall
