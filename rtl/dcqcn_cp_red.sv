// SPDX-License-Identifier: MIT
// The CP's RED marking decision (dcqcn_cp "MODE 0"), from accept to S2, in step with
// dcqcn_cp's pipeline (en): mark iff r * (Kmax - Kmin) < Pmax_q16 * (q - Kmin) in the
// middle region, always above Kmax, never at or below Kmin; no divider. r is the low 16
// bits of a 32-bit Galois LFSR (x^32 + x^22 + x^2 + x + 1) advanced by 16 shifts per
// accepted PKT in the middle region, so successive samples share no bit.
//
// At accept: region (combinational, dcqcn_cp registers it with the event), q - Kmin and
// the LFSR sample (DSP input registers); S1: the four 16/17 x 16 partial products (DSP M
// register); S2: the products again (DSP P register), summed and compared: red.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_cp_red (
    // =====================================================================================
    // Ports
    // =====================================================================================
    input  logic        clk,
    input  logic        rst,
    input  logic        en,            // dcqcn_cp's pipeline advances
    // accept
    input  logic        accept_pkt,    // a PKT event is accepted at this edge
    input  logic [31:0] qlen_bytes,    // its queue length
    output logic [1:0]  region,        // its RED region: 0 q <= Kmin, 1 between, 2 q > Kmax
    // registers (dcqcn_cp_regs)
    input  logic [31:0] kmin,          // KMIN_BYTES
    input  logic [31:0] kmax_eff,      // max(KMIN_BYTES, KMAX_BYTES)
    input  logic [31:0] kspan,         // kmax_eff - kmin
    input  logic [16:0] pmax,          // PMAX_Q16
    input  logic        seed_load,     // load the LFSR with seed at this edge (no accept)
    input  logic [31:0] seed,
    // S2
    input  logic [1:0]  s2_region,     // the region of the event in S2
    output logic        s2_red         // its RED decision
);

  // =====================================================================================
  // Parameter checks and constants
  // =====================================================================================
  `include "dcqcn_cp_regmap.vh"

  localparam logic [1:0] RG_BELOW   = 2'd0;
  localparam logic [1:0] RG_BETWEEN = 2'd1;
  localparam logic [1:0] RG_ABOVE   = 2'd2;

  localparam logic [31:0] LFSR_MASK = 32'h8020_0003;  // x^32 + x^22 + x^2 + x + 1

  // 16 Galois shifts: the next 16-bit sample shares no bit with the last one
  function automatic logic [31:0] lfsr_advance(input logic [31:0] x);
    logic [31:0] v;
    v = x;
    for (int i = 0; i < 16; i++) v = {1'b0, v[31:1]} ^ (v[0] ? LFSR_MASK : 32'd0);
    lfsr_advance = v;
  endfunction

  // =====================================================================================
  // Pipeline stages
  // =====================================================================================
  logic [31:0] lfsr_reg, lfsr_next;
  logic [31:0] s0_q_minus_kmin_reg, s0_q_minus_kmin_next;  // q - Kmin (DSP input register)
  logic [15:0] s0_rand_reg, s0_rand_next;                  // the LFSR sample (DSP input register)
  logic [31:0] s1_rspan_lo_reg, s1_rspan_lo_next;          // r * span[15:0]
  logic [31:0] s1_rspan_hi_reg, s1_rspan_hi_next;          // r * span[31:16]
  logic [32:0] s1_pq_lo_reg, s1_pq_lo_next;                // Pmax * (q - Kmin)[15:0]
  logic [32:0] s1_pq_hi_reg, s1_pq_hi_next;                // Pmax * (q - Kmin)[31:16]
  logic [31:0] s2_rspan_lo_reg, s2_rspan_lo_next;          // the products again (DSP P)
  logic [31:0] s2_rspan_hi_reg, s2_rspan_hi_next;
  logic [32:0] s2_pq_lo_reg, s2_pq_lo_next;
  logic [32:0] s2_pq_hi_reg, s2_pq_hi_next;
  logic [47:0] s2_rspan;                                   // r * span
  logic [48:0] s2_pq;                                      // Pmax * (q - Kmin)

  always_comb begin
    // accept
    if (qlen_bytes <= kmin)          region = RG_BELOW;
    else if (qlen_bytes > kmax_eff)  region = RG_ABOVE;
    else                             region = RG_BETWEEN;
    lfsr_next = lfsr_reg;
    if (accept_pkt && region == RG_BETWEEN) lfsr_next = lfsr_advance(lfsr_reg);
    if (seed_load) lfsr_next = seed;  // nothing is accepted at an apply
    s0_q_minus_kmin_next = qlen_bytes - kmin;
    s0_rand_next         = lfsr_reg[15:0];
    // S0 -> S1
    s1_rspan_lo_next     = {16'd0, s0_rand_reg} * {16'd0, kspan[15:0]};
    s1_rspan_hi_next     = {16'd0, s0_rand_reg} * {16'd0, kspan[31:16]};
    s1_pq_lo_next        = {16'd0, pmax} * {17'd0, s0_q_minus_kmin_reg[15:0]};
    s1_pq_hi_next        = {16'd0, pmax} * {17'd0, s0_q_minus_kmin_reg[31:16]};
    // S1 -> S2
    s2_rspan_lo_next     = s1_rspan_lo_reg;
    s2_rspan_hi_next     = s1_rspan_hi_reg;
    s2_pq_lo_next        = s1_pq_lo_reg;
    s2_pq_hi_next        = s1_pq_hi_reg;
    // S2
    s2_rspan = {s2_rspan_hi_reg, 16'd0} + {16'd0, s2_rspan_lo_reg};
    s2_pq    = {s2_pq_hi_reg, 16'd0} + {16'd0, s2_pq_lo_reg};
    s2_red   = (s2_region == RG_ABOVE) || (s2_region == RG_BETWEEN && {1'b0, s2_rspan} < s2_pq);
  end

  always_ff @(posedge clk) begin
    lfsr_reg <= lfsr_next;
    if (en) begin
      s0_q_minus_kmin_reg <= s0_q_minus_kmin_next;
      s0_rand_reg         <= s0_rand_next;
      s1_rspan_lo_reg     <= s1_rspan_lo_next;
      s1_rspan_hi_reg     <= s1_rspan_hi_next;
      s1_pq_lo_reg        <= s1_pq_lo_next;
      s1_pq_hi_reg        <= s1_pq_hi_next;
      s2_rspan_lo_reg     <= s2_rspan_lo_next;
      s2_rspan_hi_reg     <= s2_rspan_hi_next;
      s2_pq_lo_reg        <= s2_pq_lo_next;
      s2_pq_hi_reg        <= s2_pq_hi_next;
    end
    if (rst) lfsr_reg <= CP_LFSR_SEED_RST;
  end

endmodule

`resetall
