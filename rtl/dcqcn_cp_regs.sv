// SPDX-License-Identifier: MIT
// The CP's registers: the CSR file (dcqcn_cp_csr, generated from tb/ref/regmap_cp.h) and
// the applied set act_* that dcqcn_cp's pipeline uses, with values derived from it.
//
// A CSR write lands in the CSR file one edge after the bus write (wr_any high meanwhile)
// and makes an apply pending (apply_pending: dcqcn_cp accepts no event). The applied set
// is loaded at the first edge with pipe_empty high: every event sees one
// consistent set. seed_load marks an apply after an LFSR_SEED write: dcqcn_cp then loads
// its LFSR with lfsr_seed. The derived values (max(Kmin, Kmax), Kmax - Kmin, the TCD
// sampling period, ...) are computed from the CSR file's outputs in the apply cycle.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_cp_regs (
    // =====================================================================================
    // Ports
    // =====================================================================================
    input  logic        clk,
    input  logic        rst,

    // CSR bus (tb/ref/regmap_cp.h)
    input  logic        csr_we,
    input  logic        csr_re,
    input  logic [7:0]  csr_addr,
    input  logic [31:0] csr_wdata,
    output logic [31:0] csr_rdata,

    // apply handshake with the pipeline
    input  logic        pipe_empty,           // S0..S3 hold no event
    output logic        apply_pending,        // a write is not applied yet (or lands now)
    output logic        seed_load,            // an apply edge after an LFSR_SEED write
    output logic [31:0] lfsr_seed,

    // the applied set
    output logic        act_mode,             // MODE
    output logic [31:0] act_kmin,             // KMIN_BYTES
    output logic [31:0] act_kmax_eff,         // max(KMIN_BYTES, KMAX_BYTES)
    output logic [31:0] act_kspan,            // act_kmax_eff - act_kmin
    output logic [16:0] act_pmax,             // PMAX_Q16
    output logic [31:0] act_max_ton,          // MAX_TON_NS
    output logic [31:0] act_period,           // TCD_CE_RULE 2: MAX_TON_NS, else SAMPLE_NS
    output logic [31:0] act_high,             // HIGH_BYTES
    output logic [31:0] act_low,              // LOW_BYTES
    output logic [31:0] act_grow,             // TCD_GROW_BYTES
    output logic [31:0] act_drain,            // TCD_DRAIN_BYTES
    output logic [1:0]  act_rule,             // TCD_CE_RULE
    output logic        act_max_ton_nonzero,  // MAX_TON_NS != 0
    output logic        act_period_zero,      // act_period == 0
    output logic        act_grow_zero         // TCD_GROW_BYTES == 0
);

  // =====================================================================================
  // Parameter checks and constants
  // =====================================================================================
  `include "dcqcn_cp_regmap.vh"

  // =====================================================================================
  // CSRs
  // =====================================================================================
  logic          cfg_mode;
  logic [31:0]   cfg_kmin_bytes, cfg_kmax_bytes, cfg_lfsr_seed, cfg_max_ton_ns, cfg_sample_ns;
  logic [31:0]   cfg_high_bytes, cfg_low_bytes, cfg_tcd_grow_bytes, cfg_tcd_drain_bytes;
  logic [16:0]   cfg_pmax_q16;
  logic [1:0]    cfg_tcd_ce_rule;
  logic          wr_any, wr_lfsr_seed;

  dcqcn_cp_csr u_csr (
      .clk                (clk),
      .rst                (rst),
      .csr_we             (csr_we),
      .csr_re             (csr_re),
      .csr_addr           (csr_addr),
      .csr_wdata          (csr_wdata),
      .csr_rdata          (csr_rdata),
      .cfg_mode           (cfg_mode),
      .cfg_kmin_bytes     (cfg_kmin_bytes),
      .cfg_kmax_bytes     (cfg_kmax_bytes),
      .cfg_pmax_q16       (cfg_pmax_q16),
      .cfg_lfsr_seed      (cfg_lfsr_seed),
      .cfg_max_ton_ns     (cfg_max_ton_ns),
      .cfg_sample_ns      (cfg_sample_ns),
      .cfg_high_bytes     (cfg_high_bytes),
      .cfg_low_bytes      (cfg_low_bytes),
      .cfg_tcd_ce_rule    (cfg_tcd_ce_rule),
      .cfg_tcd_grow_bytes (cfg_tcd_grow_bytes),
      .cfg_tcd_drain_bytes(cfg_tcd_drain_bytes),
      .wr_lfsr_seed       (wr_lfsr_seed),
      .wr_any             (wr_any)
  );

  // =====================================================================================
  // Pipeline stages (the apply handshake and the applied set)
  // =====================================================================================
  logic          pending_reg, pending_next;             // a write not yet applied
  logic          seed_pending_reg, seed_pending_next;   // LFSR_SEED written since the last apply
  logic          mode_reg, mode_next;
  logic [31:0]   kmin_reg, kmin_next, kmax_eff_reg, kmax_eff_next, kspan_reg, kspan_next;
  logic [16:0]   pmax_reg, pmax_next;
  logic [31:0]   max_ton_reg, max_ton_next, period_reg, period_next;
  logic [31:0]   high_reg, high_next, low_reg, low_next, grow_reg, grow_next, drain_reg, drain_next;
  logic [1:0]    rule_reg, rule_next;
  logic          max_ton_nonzero_reg, max_ton_nonzero_next, period_zero_reg, period_zero_next;
  logic          grow_zero_reg, grow_zero_next;
  logic          apply;                                 // the applied set loads at this edge
  logic          kmax_ge_kmin;
  logic [31:0]   kmax_minus_kmin;

  always_comb begin
    apply              = pending_reg && pipe_empty;
    pending_next       = pending_reg && !apply;
    seed_pending_next  = seed_pending_reg && !apply;
    if (wr_any) pending_next = 1'b1;  // any write (known address or not) takes one apply
    if (wr_lfsr_seed) seed_pending_next = 1'b1;

    kmax_ge_kmin         = cfg_kmax_bytes >= cfg_kmin_bytes;
    kmax_minus_kmin      = cfg_kmax_bytes - cfg_kmin_bytes;
    mode_next            = cfg_mode;
    kmin_next            = cfg_kmin_bytes;
    kmax_eff_next        = kmax_ge_kmin ? cfg_kmax_bytes : cfg_kmin_bytes;
    kspan_next           = kmax_ge_kmin ? kmax_minus_kmin : 32'd0;
    pmax_next            = cfg_pmax_q16;
    max_ton_next         = cfg_max_ton_ns;
    period_next          = (cfg_tcd_ce_rule == 2'd2) ? cfg_max_ton_ns : cfg_sample_ns;
    high_next            = cfg_high_bytes;
    low_next             = cfg_low_bytes;
    grow_next            = cfg_tcd_grow_bytes;
    drain_next           = cfg_tcd_drain_bytes;
    rule_next            = cfg_tcd_ce_rule;
    max_ton_nonzero_next = cfg_max_ton_ns != 32'd0;
    period_zero_next     = period_next == 32'd0;
    grow_zero_next       = cfg_tcd_grow_bytes == 32'd0;
  end

  always_ff @(posedge clk) begin
    pending_reg      <= pending_next;
    seed_pending_reg <= seed_pending_next;
    if (apply) begin
      mode_reg            <= mode_next;
      kmin_reg            <= kmin_next;
      kmax_eff_reg        <= kmax_eff_next;
      kspan_reg           <= kspan_next;
      pmax_reg            <= pmax_next;
      max_ton_reg         <= max_ton_next;
      period_reg          <= period_next;
      high_reg            <= high_next;
      low_reg             <= low_next;
      grow_reg            <= grow_next;
      drain_reg           <= drain_next;
      rule_reg            <= rule_next;
      max_ton_nonzero_reg <= max_ton_nonzero_next;
      period_zero_reg     <= period_zero_next;
      grow_zero_reg       <= grow_zero_next;
    end
    if (rst) begin
      pending_reg         <= 1'b0;
      seed_pending_reg    <= 1'b0;
      mode_reg            <= CP_MODE_RST[0];
      kmin_reg            <= CP_KMIN_BYTES_RST;
      kmax_eff_reg        <= CP_KMAX_BYTES_RST;
      kspan_reg           <= CP_KMAX_BYTES_RST - CP_KMIN_BYTES_RST;
      pmax_reg            <= CP_PMAX_Q16_RST[16:0];
      max_ton_reg         <= CP_MAX_TON_NS_RST;
      period_reg          <= (CP_TCD_CE_RULE_RST == 32'd2) ? CP_MAX_TON_NS_RST : CP_SAMPLE_NS_RST;
      high_reg            <= CP_HIGH_BYTES_RST;
      low_reg             <= CP_LOW_BYTES_RST;
      grow_reg            <= CP_TCD_GROW_BYTES_RST;
      drain_reg           <= CP_TCD_DRAIN_BYTES_RST;
      rule_reg            <= CP_TCD_CE_RULE_RST[1:0];
      max_ton_nonzero_reg <= CP_MAX_TON_NS_RST != 32'd0;
      period_zero_reg     <= ((CP_TCD_CE_RULE_RST == 32'd2) ? CP_MAX_TON_NS_RST : CP_SAMPLE_NS_RST) == 32'd0;
      grow_zero_reg       <= CP_TCD_GROW_BYTES_RST == 32'd0;
    end
  end

  // =====================================================================================
  // Outputs
  // =====================================================================================
  assign apply_pending       = pending_reg || wr_any;
  assign seed_load           = apply && seed_pending_reg;
  assign lfsr_seed           = cfg_lfsr_seed;
  assign act_mode            = mode_reg;
  assign act_kmin            = kmin_reg;
  assign act_kmax_eff        = kmax_eff_reg;
  assign act_kspan           = kspan_reg;
  assign act_pmax            = pmax_reg;
  assign act_max_ton         = max_ton_reg;
  assign act_period          = period_reg;
  assign act_high            = high_reg;
  assign act_low             = low_reg;
  assign act_grow            = grow_reg;
  assign act_drain           = drain_reg;
  assign act_rule            = rule_reg;
  assign act_max_ton_nonzero = max_ton_nonzero_reg;
  assign act_period_zero     = period_zero_reg;
  assign act_grow_zero       = grow_zero_reg;

endmodule

`resetall
