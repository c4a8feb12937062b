// SPDX-License-Identifier: MIT
// DCQCN congestion point: the switch egress-queue ECN marker.
//
//  - MODE 0, RED/ECN (DCQCN, SPEC section 1): an ECT packet (ECN 01 or 10) is marked CE
//    (11) with probability 0 for q <= Kmin, Pmax * (q - Kmin) / (Kmax - Kmin) for
//    Kmin < q <= Kmax, 1 for q > Kmax. No divider: mark iff
//    r * (Kmax - Kmin) < Pmax_q16 * (q - Kmin), r = low 16 bits of a 32-bit Galois LFSR
//    (x^32 + x^22 + x^2 + x + 1) advanced by 16 shifts (one XOR network, one update)
//    per PKT event in the middle region, so successive samples do not overlap.
//  - MODE 1, TCD (SIGCOMM'21, SPEC section 4): per queue, PFC XOFF/XON events give the
//    ON-OFF pattern (undetermined: the packet gets UE 10 unless it is CE 11); outside
//    it, the queue-trend rule (or the RED rule, TCD_CE_RULE = 1) gives CE.
//  The TCD state is tracked in both modes; MODE only chooses how the ECN field is written.
//
// One event per cycle, back-to-back events to the same queue included. Latency: an event
// accepted at edge N is on m_out_* after edge N+2 (accept/RAM read -> compute -> output
// register). Per-queue state (100 bits) lives in dcqcn_ram_sdp; after rst the RAM is
// cleared by walking all NUM_QUEUES addresses (s_evt_ready low meanwhile).
// docs/cp.md has the ports, the register map and every decision.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_cp #(
    parameter int NUM_QUEUES = 1024,              // egress queues tracked (power of two >= 2)
    parameter int QW         = $clog2(NUM_QUEUES) // queue index width
) (
    input  logic          clk,
    input  logic          rst,

    // ---- event input ----
    input  logic          s_evt_valid,
    output logic          s_evt_ready,
    input  logic [1:0]    s_evt_op,          // 0 PKT, 1 PFC, 2 INIT queue, 3 no-op
    input  logic [QW-1:0] s_evt_queue,
    input  logic [31:0]   s_evt_now_ns,      // wrapping ns timestamp
    input  logic [31:0]   s_evt_qlen_bytes,  // egress queue length (at enqueue or dequeue)
    input  logic [1:0]    s_evt_ecn,         // PKT: the packet's ECN field
    input  logic          s_evt_paused,      // PFC: 1 = XOFF (paused), 0 = XON (resumed)

    // ---- result output (one per event, in order) ----
    output logic          m_out_valid,
    input  logic          m_out_ready,
    output logic [1:0]    m_out_op,
    output logic [QW-1:0] m_out_queue,
    output logic [1:0]    m_out_ecn,         // the new ECN field
    output logic          m_out_marked,      // ECN changed (to CE or UE)
    output logic [1:0]    m_out_tcd_state,   // 0 non-congestion, 1 congestion, 2 undetermined
    output logic [1:0]    m_out_region,      // RED region: 0 q <= Kmin, 1 between, 2 q > Kmax

    // ---- register bus ----
    input  logic          csr_we,
    input  logic          csr_re,
    input  logic [7:0]    csr_addr,
    input  logic [31:0]   csr_wdata,
    output logic [31:0]   csr_rdata
);

  `include "dcqcn_cp_regmap.vh"

  generate
    if (NUM_QUEUES < 2 || (NUM_QUEUES & (NUM_QUEUES - 1)) != 0 || QW != $clog2(NUM_QUEUES)) begin : g_bad_param
      initial $fatal(1, "%m: NUM_QUEUES (%0d) must be a power of two >= 2 and QW its log2",
                     NUM_QUEUES);
    end
  endgenerate

  localparam logic [1:0] OP_PKT  = 2'd0;
  localparam logic [1:0] OP_PFC  = 2'd1;
  localparam logic [1:0] OP_INIT = 2'd2;
  localparam logic [1:0] OP_NOP  = 2'd3;

  localparam logic [1:0] ST_NONCONG = 2'd0;
  localparam logic [1:0] ST_CONG    = 2'd1;
  localparam logic [1:0] ST_UNDET   = 2'd2;

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

  // Per-queue entry: {valid, paused, ever_paused, trend, off_end_ns, sample_ns, sample_q}
  localparam int EW      = 100;
  localparam int E_VALID = 99;
  localparam int E_PAUSE = 98;
  localparam int E_EVER  = 97;
  localparam int E_TREND = 96;

  // ---------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------
  // CSRs
  logic          mode_reg, mode_next;
  logic [31:0]   kmin_reg, kmin_next;
  logic [31:0]   kmax_reg, kmax_next;
  logic [16:0]   pmax_reg, pmax_next;
  logic [31:0]   seed_reg, seed_next;
  logic [31:0]   max_ton_reg, max_ton_next;
  logic [31:0]   sample_ns_reg, sample_ns_next;
  logic [31:0]   high_reg, high_next;
  logic [31:0]   low_reg, low_next;
  logic          ce_rule_reg, ce_rule_next;
  logic [31:0]   csr_rdata_reg, csr_rdata_next;
  logic [31:0]   lfsr_reg, lfsr_next;

  // RAM clearing after reset
  logic          clear_reg, clear_next;
  logic [QW-1:0] clear_addr_reg, clear_addr_next;

  // Stage 1 (compute): the accepted event; its RAM word arrives on ram_rdata
  logic          s1_valid_reg, s1_valid_next;
  logic [1:0]    s1_op_reg, s1_op_next;
  logic [QW-1:0] s1_queue_reg, s1_queue_next;
  logic [31:0]   s1_now_reg, s1_now_next;
  logic [31:0]   s1_qlen_reg, s1_qlen_next;
  logic [1:0]    s1_ecn_reg, s1_ecn_next;
  logic          s1_paused_reg, s1_paused_next;

  // Forwarding: the word written at the edge that issued stage 1's RAM read
  logic          fwd_valid_reg, fwd_valid_next;
  logic [QW-1:0] fwd_addr_reg, fwd_addr_next;
  logic [EW-1:0] fwd_data_reg, fwd_data_next;

  // Output register
  logic          out_valid_reg, out_valid_next;
  logic [1:0]    out_op_reg, out_op_next;
  logic [QW-1:0] out_queue_reg, out_queue_next;
  logic [1:0]    out_ecn_reg, out_ecn_next;
  logic          out_marked_reg, out_marked_next;
  logic [1:0]    out_state_reg, out_state_next;
  logic [1:0]    out_region_reg, out_region_next;

  // RAM ports
  logic          ram_we;
  logic [QW-1:0] ram_waddr;
  logic [EW-1:0] ram_wdata;
  logic          ram_re;
  logic [EW-1:0] ram_rdata;

  logic en;  // global pipeline enable (back-pressure)

  assign en          = !out_valid_reg || m_out_ready;
  assign s_evt_ready = en && !clear_reg;

  assign m_out_valid     = out_valid_reg;
  assign m_out_op        = out_op_reg;
  assign m_out_queue     = out_queue_reg;
  assign m_out_ecn       = out_ecn_reg;
  assign m_out_marked    = out_marked_reg;
  assign m_out_tcd_state = out_state_reg;
  assign m_out_region    = out_region_reg;
  assign csr_rdata       = csr_rdata_reg;

  // ---------------------------------------------------------------------------------
  // CSR bus: clamped writes, registered reads
  // ---------------------------------------------------------------------------------
  logic [31:0] wr_min, wr_max, wr_val;
  logic        seed_write;

  always_comb begin
    mode_next      = mode_reg;
    kmin_next      = kmin_reg;
    kmax_next      = kmax_reg;
    pmax_next      = pmax_reg;
    seed_next      = seed_reg;
    max_ton_next   = max_ton_reg;
    sample_ns_next = sample_ns_reg;
    high_next      = high_reg;
    low_next       = low_reg;
    ce_rule_next   = ce_rule_reg;
    csr_rdata_next = csr_rdata_reg;
    seed_write     = 1'b0;

    // clamp bounds of the addressed register
    unique case (csr_addr)
      CP_MODE_ADDR:        begin wr_min = CP_MODE_MIN;        wr_max = CP_MODE_MAX;        end
      CP_KMIN_BYTES_ADDR:  begin wr_min = CP_KMIN_BYTES_MIN;  wr_max = CP_KMIN_BYTES_MAX;  end
      CP_KMAX_BYTES_ADDR:  begin wr_min = CP_KMAX_BYTES_MIN;  wr_max = CP_KMAX_BYTES_MAX;  end
      CP_PMAX_Q16_ADDR:    begin wr_min = CP_PMAX_Q16_MIN;    wr_max = CP_PMAX_Q16_MAX;    end
      CP_LFSR_SEED_ADDR:   begin wr_min = CP_LFSR_SEED_MIN;   wr_max = CP_LFSR_SEED_MAX;   end
      CP_MAX_TON_NS_ADDR:  begin wr_min = CP_MAX_TON_NS_MIN;  wr_max = CP_MAX_TON_NS_MAX;  end
      CP_SAMPLE_NS_ADDR:   begin wr_min = CP_SAMPLE_NS_MIN;   wr_max = CP_SAMPLE_NS_MAX;   end
      CP_HIGH_BYTES_ADDR:  begin wr_min = CP_HIGH_BYTES_MIN;  wr_max = CP_HIGH_BYTES_MAX;  end
      CP_LOW_BYTES_ADDR:   begin wr_min = CP_LOW_BYTES_MIN;   wr_max = CP_LOW_BYTES_MAX;   end
      CP_TCD_CE_RULE_ADDR: begin wr_min = CP_TCD_CE_RULE_MIN; wr_max = CP_TCD_CE_RULE_MAX; end
      default:             begin wr_min = 32'd0;              wr_max = 32'hFFFF_FFFF;      end
    endcase
    wr_val = (csr_wdata < wr_min) ? wr_min : ((csr_wdata > wr_max) ? wr_max : csr_wdata);

    if (csr_we) begin
      unique case (csr_addr)
        CP_MODE_ADDR:        mode_next      = wr_val[0];
        CP_KMIN_BYTES_ADDR:  kmin_next      = wr_val;
        CP_KMAX_BYTES_ADDR:  kmax_next      = wr_val;
        CP_PMAX_Q16_ADDR:    pmax_next      = wr_val[16:0];
        CP_LFSR_SEED_ADDR:   begin seed_next = wr_val; seed_write = 1'b1; end
        CP_MAX_TON_NS_ADDR:  max_ton_next   = wr_val;
        CP_SAMPLE_NS_ADDR:   sample_ns_next = wr_val;
        CP_HIGH_BYTES_ADDR:  high_next      = wr_val;
        CP_LOW_BYTES_ADDR:   low_next       = wr_val;
        CP_TCD_CE_RULE_ADDR: ce_rule_next   = wr_val[0];
        default: ;
      endcase
    end

    if (csr_re) begin
      unique case (csr_addr)
        CP_MODE_ADDR:        csr_rdata_next = {31'd0, mode_reg};
        CP_KMIN_BYTES_ADDR:  csr_rdata_next = kmin_reg;
        CP_KMAX_BYTES_ADDR:  csr_rdata_next = kmax_reg;
        CP_PMAX_Q16_ADDR:    csr_rdata_next = {15'd0, pmax_reg};
        CP_LFSR_SEED_ADDR:   csr_rdata_next = seed_reg;
        CP_MAX_TON_NS_ADDR:  csr_rdata_next = max_ton_reg;
        CP_SAMPLE_NS_ADDR:   csr_rdata_next = sample_ns_reg;
        CP_HIGH_BYTES_ADDR:  csr_rdata_next = high_reg;
        CP_LOW_BYTES_ADDR:   csr_rdata_next = low_reg;
        CP_TCD_CE_RULE_ADDR: csr_rdata_next = {31'd0, ce_rule_reg};
        default:             csr_rdata_next = 32'd0;
      endcase
    end
  end

  // ---------------------------------------------------------------------------------
  // Pipeline
  // ---------------------------------------------------------------------------------
  // compute-stage intermediates
  logic [EW-1:0] ent;
  logic          e_valid, e_paused, e_ever, e_trend;
  logic [31:0]   e_off_end, e_sample_ns, e_sample_q;
  logic          n_paused, n_ever, n_trend;
  logic [31:0]   n_off_end, n_sample_ns, n_sample_q;
  logic [31:0]   t_on_ns, since_sample_ns;
  logic          onoff, sample_due;
  logic [31:0]   span, qoff;
  logic [1:0]    region;
  logic [47:0]   rand_x_span;
  logic [48:0]   pmax_x_qoff;
  logic          red_mark, cong, ect, lfsr_step;
  logic [1:0]    state, ecn_new;
  logic          s1_write;
  logic [EW-1:0] s1_wdata;

  always_comb begin
    s1_valid_next   = s1_valid_reg;
    s1_op_next      = s1_op_reg;
    s1_queue_next   = s1_queue_reg;
    s1_now_next     = s1_now_reg;
    s1_qlen_next    = s1_qlen_reg;
    s1_ecn_next     = s1_ecn_reg;
    s1_paused_next  = s1_paused_reg;
    fwd_valid_next  = fwd_valid_reg;
    fwd_addr_next   = fwd_addr_reg;
    fwd_data_next   = fwd_data_reg;
    out_valid_next  = out_valid_reg;
    out_op_next     = out_op_reg;
    out_queue_next  = out_queue_reg;
    out_ecn_next    = out_ecn_reg;
    out_marked_next = out_marked_reg;
    out_state_next  = out_state_reg;
    out_region_next = out_region_reg;
    lfsr_next       = lfsr_reg;
    clear_next      = clear_reg;
    clear_addr_next = clear_addr_reg;

    // ---- compute stage: the queue's entry, forwarded when the previous event wrote it
    ent = (fwd_valid_reg && fwd_addr_reg == s1_queue_reg) ? fwd_data_reg : ram_rdata;
    e_valid = ent[E_VALID];
    if (e_valid) begin
      e_paused    = ent[E_PAUSE];
      e_ever      = ent[E_EVER];
      e_trend     = ent[E_TREND];
      e_off_end   = ent[95:64];
      e_sample_ns = ent[63:32];
      e_sample_q  = ent[31:0];
    end else begin  // fresh queue: non-congested, never paused, sampled now
      e_paused    = 1'b0;
      e_ever      = 1'b0;
      e_trend     = 1'b0;
      e_off_end   = 32'd0;
      e_sample_ns = s1_now_reg;
      e_sample_q  = s1_qlen_reg;
    end

    // PFC: XOFF pauses; XON resumes and ends the OFF period now
    n_paused  = e_paused;
    n_ever    = e_ever;
    n_off_end = e_off_end;
    if (s1_op_reg == OP_PFC) begin
      n_paused = s1_paused_reg;
      if (!s1_paused_reg) begin
        n_ever    = 1'b1;
        n_off_end = s1_now_reg;
      end
    end

    // ON-OFF pattern (undetermined): paused, or T_on below max(T_on). Durations are
    // modular 32-bit differences compared unsigned.
    t_on_ns         = s1_now_reg - n_off_end;
    onoff           = n_paused || (n_ever && t_on_ns < max_ton_reg);
    since_sample_ns = s1_now_reg - e_sample_ns;
    sample_due      = (s1_op_reg == OP_PKT) && !onoff && (since_sample_ns >= sample_ns_reg);

    // queue trend, evaluated lazily on packets: congestion test first
    n_trend     = e_trend;
    n_sample_ns = e_sample_ns;
    n_sample_q  = e_sample_q;
    if (sample_due) begin
      if (s1_qlen_reg > e_sample_q && s1_qlen_reg > high_reg) n_trend = 1'b1;
      else if (s1_qlen_reg <= low_reg)                         n_trend = 1'b0;
      n_sample_ns = s1_now_reg;
      n_sample_q  = s1_qlen_reg;
    end

    // RED. Kmax < Kmin acts as Kmax = Kmin: q <= Kmin is BELOW and q > Kmin > Kmax is
    // ABOVE, so BETWEEN (the only user of the span) is empty: a step at Kmin.
    if (s1_qlen_reg <= kmin_reg)     region = RG_BELOW;
    else if (s1_qlen_reg > kmax_reg) region = RG_ABOVE;
    else                             region = RG_BETWEEN;
    span        = kmax_reg - kmin_reg;
    qoff        = s1_qlen_reg - kmin_reg;
    rand_x_span = {32'd0, lfsr_reg[15:0]} * {16'd0, span};
    pmax_x_qoff = {32'd0, pmax_reg} * {17'd0, qoff};
    red_mark    = (region == RG_ABOVE) || (region == RG_BETWEEN && {1'b0, rand_x_span} < pmax_x_qoff);
    lfsr_step   = (s1_op_reg == OP_PKT) && (region == RG_BETWEEN);

    // TCD state and the new ECN field
    cong = ce_rule_reg ? red_mark : n_trend;
    if (onoff)                          state = ST_UNDET;
    else if (s1_op_reg == OP_PKT && cong) state = ST_CONG;
    else if (s1_op_reg == OP_PFC && n_trend) state = ST_CONG;
    else                                state = ST_NONCONG;
    if (s1_op_reg == OP_INIT || s1_op_reg == OP_NOP) state = ST_NONCONG;

    ect     = (s1_ecn_reg == 2'b01) || (s1_ecn_reg == 2'b10);
    ecn_new = s1_ecn_reg;
    if (s1_op_reg == OP_PKT && ect) begin
      if (!mode_reg) begin
        if (red_mark) ecn_new = 2'b11;
      end else begin
        if (onoff)     ecn_new = 2'b10;  // UE (never over CE: 11 is not ECT)
        else if (cong) ecn_new = 2'b11;  // CE overrides UE
      end
    end

    // RAM write-back: PKT and PFC store the new entry, INIT stores a fresh one
    s1_write = s1_valid_reg && (s1_op_reg != OP_NOP);
    s1_wdata = (s1_op_reg == OP_INIT) ? '0
             : {1'b1, n_paused, n_ever, n_trend, n_off_end, n_sample_ns, n_sample_q};

    // ---- advance on en
    if (en) begin
      out_valid_next  = s1_valid_reg;
      out_op_next     = s1_op_reg;
      out_queue_next  = s1_queue_reg;
      out_ecn_next    = ecn_new;
      out_marked_next = ecn_new != s1_ecn_reg;
      out_state_next  = state;
      out_region_next = region;

      fwd_valid_next = s1_write;
      fwd_addr_next  = s1_queue_reg;
      fwd_data_next  = s1_wdata;

      s1_valid_next  = s_evt_valid && s_evt_ready;
      s1_op_next     = s_evt_op;
      s1_queue_next  = s_evt_queue;
      s1_now_next    = s_evt_now_ns;
      s1_qlen_next   = s_evt_qlen_bytes;
      s1_ecn_next    = s_evt_ecn;
      s1_paused_next = s_evt_paused;

      if (s1_valid_reg && lfsr_step)
        lfsr_next = lfsr_advance(lfsr_reg);
    end
    if (seed_write) lfsr_next = wr_val;  // a seed write wins over a step

    // RAM port: the clearing walk owns it after reset
    ram_re    = en;
    ram_we    = clear_reg || (en && s1_write);
    ram_waddr = clear_reg ? clear_addr_reg : s1_queue_reg;
    ram_wdata = clear_reg ? '0 : s1_wdata;
    if (clear_reg) begin
      clear_addr_next = clear_addr_reg + 1'b1;
      clear_next      = !(&clear_addr_reg);  // NUM_QUEUES - 1 is all ones
    end
  end

  always_ff @(posedge clk) begin
    mode_reg        <= mode_next;
    kmin_reg        <= kmin_next;
    kmax_reg        <= kmax_next;
    pmax_reg        <= pmax_next;
    seed_reg        <= seed_next;
    max_ton_reg     <= max_ton_next;
    sample_ns_reg   <= sample_ns_next;
    high_reg        <= high_next;
    low_reg         <= low_next;
    ce_rule_reg     <= ce_rule_next;
    csr_rdata_reg   <= csr_rdata_next;
    lfsr_reg        <= lfsr_next;
    clear_reg       <= clear_next;
    clear_addr_reg  <= clear_addr_next;
    s1_valid_reg    <= s1_valid_next;
    s1_op_reg       <= s1_op_next;
    s1_queue_reg    <= s1_queue_next;
    s1_now_reg      <= s1_now_next;
    s1_qlen_reg     <= s1_qlen_next;
    s1_ecn_reg      <= s1_ecn_next;
    s1_paused_reg   <= s1_paused_next;
    fwd_valid_reg   <= fwd_valid_next;
    fwd_addr_reg    <= fwd_addr_next;
    fwd_data_reg    <= fwd_data_next;
    out_valid_reg   <= out_valid_next;
    out_op_reg      <= out_op_next;
    out_queue_reg   <= out_queue_next;
    out_ecn_reg     <= out_ecn_next;
    out_marked_reg  <= out_marked_next;
    out_state_reg   <= out_state_next;
    out_region_reg  <= out_region_next;

    if (rst) begin
      mode_reg       <= CP_MODE_RST[0];
      kmin_reg       <= CP_KMIN_BYTES_RST;
      kmax_reg       <= CP_KMAX_BYTES_RST;
      pmax_reg       <= CP_PMAX_Q16_RST[16:0];
      seed_reg       <= CP_LFSR_SEED_RST;
      max_ton_reg    <= CP_MAX_TON_NS_RST;
      sample_ns_reg  <= CP_SAMPLE_NS_RST;
      high_reg       <= CP_HIGH_BYTES_RST;
      low_reg        <= CP_LOW_BYTES_RST;
      ce_rule_reg    <= CP_TCD_CE_RULE_RST[0];
      csr_rdata_reg  <= 32'd0;
      lfsr_reg       <= CP_LFSR_SEED_RST;
      clear_reg      <= 1'b1;
      clear_addr_reg <= '0;
      s1_valid_reg   <= 1'b0;
      fwd_valid_reg  <= 1'b0;
      out_valid_reg  <= 1'b0;
    end
  end

  dcqcn_ram_sdp #(
      .WIDTH(EW),
      .DEPTH(NUM_QUEUES)
  ) u_state_ram (
      .clk  (clk),
      .we   (ram_we),
      .waddr(ram_waddr),
      .wdata(ram_wdata),
      .re   (ram_re),
      .raddr(s_evt_queue),
      .rdata(ram_rdata)
  );

endmodule

`resetall
