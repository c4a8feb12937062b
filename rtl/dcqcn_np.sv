// SPDX-License-Identifier: MIT
// DCQCN notification point (receiver NIC): decides per flow when to send a CNP.
// A marked packet (ECN 11; in TCD mode also ECN 10) gets a CNP at once if the flow has
// had none in the last tau ns; otherwise it is remembered (pending) and a deadline is
// announced on m_out_tmr_*: the integrator's timer wheel returns it as a TIMER event,
// which sends the pending CNP. tau = CNP_INTERVAL_NS, or with DCQCN+ the larger of that
// and (flows sent a CNP in the previous epoch) * CNP_GEN_TIME_NS. docs/np.md has it all.
//
// Throughput: one event per cycle, back-to-back events to one flow included.
// Latency: an event accepted in cycle k is on m_out (m_out_valid) in cycle k+2.
// Pipeline: accept (RAM read issued) -> compute (RAM data or the forwarded last write)
// -> output register. After rst the state RAM is cleared for NUM_FLOWS cycles, with
// s_evt_ready low. The CNP goes to the flow id's sender QP (the integrator's mapping).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_np #(
    parameter int NUM_FLOWS = 1024  // flows (power of two, >= 2): per-flow RAM depth
) (
    input  logic                         clk,
    input  logic                         rst,

    // Event input: op 0 = RX packet, 1 = TIMER (deadline reached), 2 = INIT flow, 3 = no-op
    input  logic                         s_evt_valid,
    output logic                         s_evt_ready,
    input  logic [1:0]                   s_evt_op,
    input  logic [$clog2(NUM_FLOWS)-1:0] s_evt_flow,
    input  logic [31:0]                  s_evt_now_ns,    // wrapping time
    input  logic [1:0]                   s_evt_ecn,       // RX: ECN field
    input  logic [7:0]                   s_evt_gen,       // TIMER: generation it was announced with

    // Result output: one per accepted event, in order
    output logic                         m_out_valid,
    input  logic                         m_out_ready,
    output logic [1:0]                   m_out_op,
    output logic [$clog2(NUM_FLOWS)-1:0] m_out_flow,
    output logic                         m_out_cnp,       // send a CNP to this flow's sender
    output logic                         m_out_cnp_kind,  // 0 = CE, 1 = UE (TCD)
    output logic [31:0]                  m_out_cnp_tau_ns,// the NP's hold-off interval tau
    output logic                         m_out_tmr_set,   // call TIMER(flow, tmr_gen) at deadline
    output logic [31:0]                  m_out_tmr_deadline_ns,
    output logic [7:0]                   m_out_tmr_gen,
    output logic                         m_out_stale,     // TIMER with an outdated gen

    // CSR bus (tb/ref/regmap_np.h)
    input  logic                         csr_we,
    input  logic                         csr_re,
    input  logic [7:0]                   csr_addr,
    input  logic [31:0]                  csr_wdata,
    output logic [31:0]                  csr_rdata
);

  `include "dcqcn_np_regmap.vh"

  localparam int AW = $clog2(NUM_FLOWS);
  localparam int CW = AW + 1;                       // counts 0..NUM_FLOWS
  localparam int PW = (CW + 21 > 32) ? CW + 21 : 32;  // count * CNP_GEN_TIME_NS
  localparam logic [31:0] TAU_MAX = 32'h4000_0000;  // 2^30: tau saturates here
  localparam logic [PW-1:0] TAU_MAX_W = {{(PW - 31){1'b0}}, 1'b1, 30'd0};

  if (NUM_FLOWS < 2 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0) begin : g_bad_num_flows
    initial $fatal(1, "%m: NUM_FLOWS (%0d) must be a power of two >= 2", NUM_FLOWS);
  end

  localparam logic [1:0] OP_RX = 2'd0, OP_TIMER = 2'd1, OP_INIT = 2'd2;
  localparam logic [1:0] ECN_UE = 2'b10, ECN_CE = 2'b11;

  // Per-flow RAM word: {valid, cnp_sent, pending, pending_kind, gen, epoch, last_cnp_ns}
  // valid: gen and epoch are meaningful (set by the first CNP after the clear);
  // INIT clears cnp_sent, pending and last_cnp_ns but keeps valid, gen and epoch.
  localparam int EW = 52;

  function automatic logic [31:0] clamp32(input logic [31:0] v, input logic [31:0] lo,
                                          input logic [31:0] hi);
    clamp32 = (v < lo) ? lo : ((v > hi) ? hi : v);
  endfunction

  // ---------------------------------------------------------------- registers
  logic [31:0]   cnp_interval_reg, cnp_interval_next;
  logic          mode_reg, mode_next;
  logic          plus_reg, plus_next;
  logic [20:0]   gen_time_reg, gen_time_next;
  logic [31:0]   epoch_len_reg, epoch_len_next;
  logic [31:0]   csr_rdata_reg, csr_rdata_next;

  logic          clearing_reg, clearing_next;
  logic [AW-1:0] clr_addr_reg, clr_addr_next;

  logic          s1_valid_reg, s1_valid_next;
  logic [1:0]    s1_op_reg, s1_op_next;
  logic [AW-1:0] s1_flow_reg, s1_flow_next;
  logic [31:0]   s1_now_reg, s1_now_next;
  logic [1:0]    s1_ecn_reg, s1_ecn_next;
  logic [7:0]    s1_gen_reg, s1_gen_next;

  logic          fwd_valid_reg, fwd_valid_next;
  logic [AW-1:0] fwd_addr_reg, fwd_addr_next;
  logic [EW-1:0] fwd_data_reg, fwd_data_next;

  logic [31:0]   epoch_start_reg, epoch_start_next;
  logic [7:0]    epoch_id_reg, epoch_id_next;
  logic [CW-1:0] count_cur_reg, count_cur_next;
  logic [CW-1:0] count_prev_reg, count_prev_next;

  logic          out_valid_reg, out_valid_next;
  logic [1:0]    out_op_reg, out_op_next;
  logic [AW-1:0] out_flow_reg, out_flow_next;
  logic          out_cnp_reg, out_cnp_next;
  logic          out_kind_reg, out_kind_next;
  logic [31:0]   out_tau_reg, out_tau_next;
  logic          out_tmr_set_reg, out_tmr_set_next;
  logic [31:0]   out_deadline_reg, out_deadline_next;
  logic [7:0]    out_tmr_gen_reg, out_tmr_gen_next;
  logic          out_stale_reg, out_stale_next;

  // ---------------------------------------------------------------- state RAM
  logic          ram_we;
  logic [AW-1:0] ram_waddr;
  logic [EW-1:0] ram_wdata;
  logic [EW-1:0] ram_rdata;
  logic          en;

  dcqcn_ram_sdp #(
      .WIDTH(EW),
      .DEPTH(NUM_FLOWS)
  ) u_ram (
      .clk  (clk),
      .we   (ram_we),
      .waddr(ram_waddr),
      .wdata(ram_wdata),
      .re   (en),
      .raddr(s_evt_flow),
      .rdata(ram_rdata)
  );

  // ---------------------------------------------------------------- datapath
  logic          accept;
  logic [EW-1:0] ent;
  logic          e_valid, e_cnp_sent, e_pending, e_kind;
  logic [7:0]    e_gen, e_epoch;
  logic [31:0]   e_last;
  logic          n_valid, n_cnp_sent, n_pending, n_kind;
  logic [7:0]    n_gen, n_epoch;
  logic [31:0]   n_last;
  logic          roll;
  logic [CW-1:0] count_prev_eff, count_cur_eff;
  logic [7:0]    epoch_id_eff;
  logic [PW-1:0] demand;
  logic [31:0]   demand_sat, tau;
  logic [31:0]   since;
  logic          marked, kind_new, kind_merged, send, send_kind, arm, stale;
  logic [31:0]   wr_clamped;

  // a CSR write, clamped to the addressed register's bounds
  always_comb begin
    case (csr_addr)
      NP_CNP_INTERVAL_NS_ADDR: wr_clamped = clamp32(csr_wdata, NP_CNP_INTERVAL_NS_MIN, NP_CNP_INTERVAL_NS_MAX);
      NP_MODE_ADDR:            wr_clamped = clamp32(csr_wdata, NP_MODE_MIN, NP_MODE_MAX);
      NP_PLUS_ENABLE_ADDR:     wr_clamped = clamp32(csr_wdata, NP_PLUS_ENABLE_MIN, NP_PLUS_ENABLE_MAX);
      NP_CNP_GEN_TIME_NS_ADDR: wr_clamped = clamp32(csr_wdata, NP_CNP_GEN_TIME_NS_MIN, NP_CNP_GEN_TIME_NS_MAX);
      NP_EPOCH_NS_ADDR:        wr_clamped = clamp32(csr_wdata, NP_EPOCH_NS_MIN, NP_EPOCH_NS_MAX);
      default:                 wr_clamped = csr_wdata;
    endcase
  end

  always_comb begin
    en     = !out_valid_reg || m_out_ready;
    accept = s_evt_valid && en && !clearing_reg;

    // CSR: read value of this cycle, write visible from the next one
    cnp_interval_next = cnp_interval_reg;
    mode_next         = mode_reg;
    plus_next         = plus_reg;
    gen_time_next     = gen_time_reg;
    epoch_len_next    = epoch_len_reg;
    if (csr_we) begin
      case (csr_addr)
        NP_CNP_INTERVAL_NS_ADDR: cnp_interval_next = wr_clamped;
        NP_MODE_ADDR:            mode_next         = wr_clamped[0];
        NP_PLUS_ENABLE_ADDR:     plus_next         = wr_clamped[0];
        NP_CNP_GEN_TIME_NS_ADDR: gen_time_next     = wr_clamped[20:0];
        NP_EPOCH_NS_ADDR:        epoch_len_next    = wr_clamped;
        default: ;
      endcase
    end
    csr_rdata_next = '0;
    if (csr_re) begin
      case (csr_addr)
        NP_CNP_INTERVAL_NS_ADDR: csr_rdata_next = cnp_interval_reg;
        NP_MODE_ADDR:            csr_rdata_next = {31'd0, mode_reg};
        NP_PLUS_ENABLE_ADDR:     csr_rdata_next = {31'd0, plus_reg};
        NP_CNP_GEN_TIME_NS_ADDR: csr_rdata_next = {11'd0, gen_time_reg};
        NP_EPOCH_NS_ADDR:        csr_rdata_next = epoch_len_reg;
        default:                 csr_rdata_next = '0;
      endcase
    end

    // RAM clear after reset
    clearing_next = clearing_reg;
    clr_addr_next = clr_addr_reg;
    if (clearing_reg) begin
      clr_addr_next = clr_addr_reg + AW'(1);
      if (clr_addr_reg == {AW{1'b1}}) clearing_next = 1'b0;
    end

    // Compute stage. The RAM is read-first: the previous event's write to the same flow
    // is not in ram_rdata, so take the forwarded copy.
    ent = (fwd_valid_reg && fwd_addr_reg == s1_flow_reg) ? fwd_data_reg : ram_rdata;
    {e_valid, e_cnp_sent, e_pending, e_kind, e_gen, e_epoch, e_last} = ent;

    // DCQCN+ epoch (kept up to date in both modes): at most one rollover per event
    roll           = (s1_now_reg - epoch_start_reg) >= epoch_len_reg;
    count_prev_eff = roll ? count_cur_reg : count_prev_reg;
    count_cur_eff  = roll ? '0 : count_cur_reg;
    epoch_id_eff   = roll ? epoch_id_reg + 8'd1 : epoch_id_reg;
    demand         = {{(PW - CW){1'b0}}, count_prev_eff} * {{(PW - 21){1'b0}}, gen_time_reg};
    demand_sat     = (demand > TAU_MAX_W) ? TAU_MAX : demand[31:0];
    tau            = (plus_reg && demand_sat > cnp_interval_reg) ? demand_sat : cnp_interval_reg;

    since       = s1_now_reg - e_last;
    marked      = s1_ecn_reg == ECN_CE || (mode_reg && s1_ecn_reg == ECN_UE);
    kind_new    = s1_ecn_reg != ECN_CE;  // 1 = UE
    kind_merged = kind_new && !(e_pending && !e_kind);

    send      = 1'b0;
    send_kind = 1'b0;
    arm       = 1'b0;
    stale     = 1'b0;
    n_valid    = e_valid;
    n_cnp_sent = e_cnp_sent;
    n_pending  = e_pending;
    n_kind     = e_kind;
    n_gen      = e_gen;
    n_epoch    = e_epoch;
    n_last     = e_last;
    case (s1_op_reg)
      OP_RX: begin
        if (marked) begin
          if (!e_cnp_sent || since >= tau) begin
            send      = 1'b1;
            send_kind = kind_merged;
          end else if (!e_pending) begin
            arm       = 1'b1;
            n_pending = 1'b1;
            n_kind    = kind_new;
            n_gen     = e_gen + 8'd1;
          end else begin
            n_kind    = kind_merged;
          end
        end
      end
      OP_TIMER: begin
        if (s1_gen_reg != e_gen) begin
          stale     = 1'b1;
        end else if (e_pending) begin
          send      = 1'b1;
          send_kind = e_kind;
        end
      end
      OP_INIT: begin
        n_cnp_sent = 1'b0;
        n_pending  = 1'b0;
        n_kind     = 1'b0;
        n_last     = '0;
      end
      default: ;
    endcase
    if (send) begin
      n_cnp_sent = 1'b1;
      n_pending  = 1'b0;
      n_kind     = 1'b0;
      n_last     = s1_now_reg;
      n_valid    = 1'b1;
      n_epoch    = epoch_id_eff;
      if (!e_valid || e_epoch != epoch_id_eff) count_cur_eff = count_cur_eff + CW'(1);
    end

    // state RAM write (clear walk, or the compute stage's write-back on en)
    ram_we    = clearing_reg || (s1_valid_reg && en);
    ram_waddr = clearing_reg ? clr_addr_reg : s1_flow_reg;
    ram_wdata = clearing_reg ? '0
              : {n_valid, n_cnp_sent, n_pending, n_kind, n_gen, n_epoch, n_last};

    // pipeline registers, all advancing on en
    s1_valid_next     = s1_valid_reg;
    s1_op_next        = s1_op_reg;
    s1_flow_next      = s1_flow_reg;
    s1_now_next       = s1_now_reg;
    s1_ecn_next       = s1_ecn_reg;
    s1_gen_next       = s1_gen_reg;
    fwd_valid_next    = fwd_valid_reg;
    fwd_addr_next     = fwd_addr_reg;
    fwd_data_next     = fwd_data_reg;
    epoch_start_next  = epoch_start_reg;
    epoch_id_next     = epoch_id_reg;
    count_cur_next    = count_cur_reg;
    count_prev_next   = count_prev_reg;
    out_valid_next    = out_valid_reg;
    out_op_next       = out_op_reg;
    out_flow_next     = out_flow_reg;
    out_cnp_next      = out_cnp_reg;
    out_kind_next     = out_kind_reg;
    out_tau_next      = out_tau_reg;
    out_tmr_set_next  = out_tmr_set_reg;
    out_deadline_next = out_deadline_reg;
    out_tmr_gen_next  = out_tmr_gen_reg;
    out_stale_next    = out_stale_reg;
    if (en) begin
      s1_valid_next = accept;
      if (accept) begin
        s1_op_next   = s_evt_op;
        s1_flow_next = s_evt_flow;
        s1_now_next  = s_evt_now_ns;
        s1_ecn_next  = s_evt_ecn;
        s1_gen_next  = s_evt_gen;
      end
      out_valid_next = s1_valid_reg;
      if (s1_valid_reg) begin
        fwd_valid_next    = 1'b1;
        fwd_addr_next     = s1_flow_reg;
        fwd_data_next     = ram_wdata;
        if (roll) begin
          epoch_start_next = s1_now_reg;
          epoch_id_next    = epoch_id_eff;
          count_prev_next  = count_prev_eff;
        end
        count_cur_next    = count_cur_eff;
        out_op_next       = s1_op_reg;
        out_flow_next     = s1_flow_reg;
        out_cnp_next      = send;
        out_kind_next     = send_kind;
        out_tau_next      = tau;
        out_tmr_set_next  = arm;
        out_deadline_next = arm ? e_last + tau : 32'd0;
        out_tmr_gen_next  = arm ? n_gen : 8'd0;
        out_stale_next    = stale;
      end
    end
  end

  always_ff @(posedge clk) begin
    cnp_interval_reg <= cnp_interval_next;
    mode_reg         <= mode_next;
    plus_reg         <= plus_next;
    gen_time_reg     <= gen_time_next;
    epoch_len_reg    <= epoch_len_next;
    csr_rdata_reg    <= csr_rdata_next;
    clearing_reg     <= clearing_next;
    clr_addr_reg     <= clr_addr_next;
    s1_valid_reg     <= s1_valid_next;
    s1_op_reg        <= s1_op_next;
    s1_flow_reg      <= s1_flow_next;
    s1_now_reg       <= s1_now_next;
    s1_ecn_reg       <= s1_ecn_next;
    s1_gen_reg       <= s1_gen_next;
    fwd_valid_reg    <= fwd_valid_next;
    fwd_addr_reg     <= fwd_addr_next;
    fwd_data_reg     <= fwd_data_next;
    epoch_start_reg  <= epoch_start_next;
    epoch_id_reg     <= epoch_id_next;
    count_cur_reg    <= count_cur_next;
    count_prev_reg   <= count_prev_next;
    out_valid_reg    <= out_valid_next;
    out_op_reg       <= out_op_next;
    out_flow_reg     <= out_flow_next;
    out_cnp_reg      <= out_cnp_next;
    out_kind_reg     <= out_kind_next;
    out_tau_reg      <= out_tau_next;
    out_tmr_set_reg  <= out_tmr_set_next;
    out_deadline_reg <= out_deadline_next;
    out_tmr_gen_reg  <= out_tmr_gen_next;
    out_stale_reg    <= out_stale_next;

    if (rst) begin
      cnp_interval_reg <= NP_CNP_INTERVAL_NS_RST;
      mode_reg         <= NP_MODE_RST[0];
      plus_reg         <= NP_PLUS_ENABLE_RST[0];
      gen_time_reg     <= NP_CNP_GEN_TIME_NS_RST[20:0];
      epoch_len_reg    <= NP_EPOCH_NS_RST;
      csr_rdata_reg    <= '0;
      clearing_reg     <= 1'b1;
      clr_addr_reg     <= '0;
      s1_valid_reg     <= 1'b0;
      fwd_valid_reg    <= 1'b0;
      epoch_start_reg  <= '0;
      epoch_id_reg     <= '0;
      count_cur_reg    <= '0;
      count_prev_reg   <= '0;
      // the output word too, so that no output is ever X
      out_valid_reg    <= 1'b0;
      out_op_reg       <= '0;
      out_flow_reg     <= '0;
      out_cnp_reg      <= 1'b0;
      out_kind_reg     <= 1'b0;
      out_tau_reg      <= '0;
      out_tmr_set_reg  <= 1'b0;
      out_deadline_reg <= '0;
      out_tmr_gen_reg  <= '0;
      out_stale_reg    <= 1'b0;
    end
  end

  assign s_evt_ready           = en && !clearing_reg;
  assign m_out_valid           = out_valid_reg;
  assign m_out_op              = out_op_reg;
  assign m_out_flow            = out_flow_reg;
  assign m_out_cnp             = out_cnp_reg;
  assign m_out_cnp_kind        = out_kind_reg;
  assign m_out_cnp_tau_ns      = out_tau_reg;
  assign m_out_tmr_set         = out_tmr_set_reg;
  assign m_out_tmr_deadline_ns = out_deadline_reg;
  assign m_out_tmr_gen         = out_tmr_gen_reg;
  assign m_out_stale           = out_stale_reg;
  assign csr_rdata             = csr_rdata_reg;

endmodule

`resetall
