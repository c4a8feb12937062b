// SPDX-License-Identifier: MIT
// Formal harness of rtl/dcqcn_cp.sv at NUM_QUEUES = 2 (scripts/formal.sh cp ...).
//
// Every input of the block is free on every cycle (events of any op, queue, time, queue
// length and ECN field; CSR writes of any value to any address, also during traffic;
// m_out_ready back-pressure; rst), except that rst is high in the first cycle. The
// harness keeps a shadow of the interface contract (docs/CONVENTIONS.md "Interface common to all
// blocks", docs/cp.md): the registers as written (MODE, KMIN_BYTES, KMAX_BYTES, with the
// MODE clamp; a write lands one edge after it is issued), the copy the logic uses (loaded at an edge where no event is in S0..S3,
// exactly like CpModel), and, per pipeline slot, the event and the copy it was accepted
// with, shifted on the block's enable. One property is compiled per run (CHECK_*):
//   CHECK_LATENCY   m_out_valid / m_out_op follow the shadow pipeline (latency 6, in order)
//   CHECK_NONECT    a non-ECT packet (00) and a CE packet (11) leave unchanged, unmarked
//   CHECK_UE_CE     UE (10) is never written over CE (11)
//   CHECK_KMIN      MODE 0: no mark at or below Kmin
//   CHECK_KMAX      MODE 0: an ECT packet above max(Kmin, Kmax) is always marked CE
`default_nettype none
`ifdef CHECK_KMIN
  `define RED_ONLY
`endif
`ifdef CHECK_KMAX
  `define RED_ONLY
`endif

module cp_props (
    input  logic        clk,
    input  logic        rst,
    input  logic        s_evt_valid,
    input  logic [1:0]  s_evt_op,
    input  logic        s_evt_queue,
    input  logic [31:0] s_evt_now_ns,
    input  logic [31:0] s_evt_qlen_bytes,
    input  logic [1:0]  s_evt_ecn,
    input  logic        s_evt_paused,
    input  logic        m_out_ready,
    input  logic        csr_we,
    input  logic        csr_re,
    input  logic [7:0]  csr_addr,
    input  logic [31:0] csr_wdata
);
  `include "dcqcn_cp_regmap.vh"

  logic        s_evt_ready, m_out_valid, m_out_queue, m_out_marked;
  logic [1:0]  m_out_op, m_out_ecn, m_out_tcd_state, m_out_region;
  logic [31:0] csr_rdata;

  dcqcn_cp #(.NUM_QUEUES(2)) dut (
      .clk, .rst,
      .s_evt_valid, .s_evt_ready, .s_evt_op, .s_evt_queue, .s_evt_now_ns, .s_evt_qlen_bytes,
      .s_evt_ecn, .s_evt_paused,
      .m_out_valid, .m_out_ready, .m_out_op, .m_out_queue, .m_out_ecn, .m_out_marked,
      .m_out_tcd_state, .m_out_region,
      .csr_we, .csr_re, .csr_addr, .csr_wdata, .csr_rdata
  );

  logic init = 1'b1;
  always_ff @(posedge clk) init <= 1'b0;
  always_comb if (init) assume (rst);
`ifdef RED_ONLY
  // KMIN / KMAX: the RED properties are about MODE 0; keep MODE at 0 (writes of 0 only)
  // and rst after the first cycle away, which keeps the bounded check tractable
  always_comb if (!init) assume (!rst);
  always_comb if (csr_we && csr_addr == CP_MODE_ADDR) assume (csr_wdata == 32'd0);
`endif

  // ---- shadow of the contract
  localparam int NS = 6;  // S0..S4 and the output register
  logic        en, acc, apply;
  logic        pend;
  logic        wq_v;   // a write lands in the bus registers one edge after it is issued
  logic [7:0]  wq_a;
  logic [31:0] wq_d;
  logic        b_mode, x_mode;
  logic [31:0] b_kmin, b_kmax, x_kmin, x_kmax;
  logic [NS-1:0] sv;
  logic [1:0]  sop  [NS];
  logic [1:0]  secn [NS];
  logic        sbel [NS];  // q <= Kmin of the copy the event was accepted with
  logic        sabv [NS];  // q > max(Kmin, Kmax) of that copy
  logic        smode[NS];

  assign en    = !m_out_valid || m_out_ready;
  assign acc   = s_evt_valid && s_evt_ready;
  assign apply = pend && (sv[3:0] == 4'd0);

  always_ff @(posedge clk) begin
    if (rst) begin
      sv     <= '0;
      pend   <= 1'b0;
      wq_v   <= 1'b0;
      b_mode <= CP_MODE_RST[0];
      b_kmin <= CP_KMIN_BYTES_RST;
      b_kmax <= CP_KMAX_BYTES_RST;
      x_mode <= CP_MODE_RST[0];
      x_kmin <= CP_KMIN_BYTES_RST;
      x_kmax <= CP_KMAX_BYTES_RST;
    end else begin
      if (apply) begin
        x_mode <= b_mode;
        x_kmin <= b_kmin;
        x_kmax <= b_kmax;
      end
      pend <= (pend && !apply) || wq_v;
      wq_v <= csr_we;
      wq_a <= csr_addr;
      wq_d <= csr_wdata;
      if (wq_v && wq_a == CP_MODE_ADDR)       b_mode <= wq_d != 32'd0;  // clamp to 1
      if (wq_v && wq_a == CP_KMIN_BYTES_ADDR) b_kmin <= wq_d;
      if (wq_v && wq_a == CP_KMAX_BYTES_ADDR) b_kmax <= wq_d;
      if (en) begin
        sv <= {sv[NS-2:0], acc};
        for (int k = NS - 1; k > 0; k--) begin
          sop[k]   <= sop[k-1];
          secn[k]  <= secn[k-1];
          sbel[k]  <= sbel[k-1];
          sabv[k]  <= sabv[k-1];
          smode[k] <= smode[k-1];
        end
        sop[0]   <= s_evt_op;
        secn[0]  <= s_evt_ecn;
        sbel[0]  <= s_evt_qlen_bytes <= x_kmin;
        sabv[0]  <= s_evt_qlen_bytes > ((x_kmax >= x_kmin) ? x_kmax : x_kmin);
        smode[0] <= x_mode;
      end
    end
  end

  // the output slot
  logic        o_v, o_mode, o_bel, o_abv;
  logic [1:0]  o_op, o_ecn;
  assign o_v    = sv[NS-1];
  assign o_op   = sop[NS-1];
  assign o_ecn  = secn[NS-1];
  assign o_bel  = sbel[NS-1];
  assign o_abv  = sabv[NS-1];
  assign o_mode = smode[NS-1];

  always_comb begin
    if (!init && !rst) begin
`ifdef CHECK_LATENCY
      assert (m_out_valid == o_v);
      if (m_out_valid) assert (m_out_op == o_op);
`endif
`ifdef CHECK_NONECT
      if (m_out_valid && o_v && (o_ecn == 2'b00 || o_ecn == 2'b11))
        assert (m_out_ecn == o_ecn && !m_out_marked);
`endif
`ifdef CHECK_UE_CE
      if (m_out_valid && o_v && o_ecn == 2'b11) assert (m_out_ecn != 2'b10);
`endif
`ifdef CHECK_KMIN
      if (m_out_valid && o_v && o_op == 2'd0 && !o_mode && o_bel) assert (!m_out_marked);
`endif
`ifdef CHECK_KMAX
      if (m_out_valid && o_v && o_op == 2'd0 && !o_mode && (o_ecn == 2'b01 || o_ecn == 2'b10) &&
          o_abv)
        assert (m_out_ecn == 2'b11 && m_out_marked);
`endif
    end
  end
endmodule

`default_nettype wire
