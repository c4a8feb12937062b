// SPDX-License-Identifier: MIT
// Formal harness of rtl/dcqcn_rp.sv at NUM_FLOWS = 2 (scripts/formal.sh rp PROP MODE DEPTH):
// the RP's invariants (docs/rp.md). One property is compiled per run (CHECK_*):
//   CHECK_RC     every result: min(MIN_RATE, LINE_RATE) <= Rc <= LINE_RATE
//   CHECK_RT     every result: min(MIN_RATE, LINE_RATE) <= Rt <= LINE_RATE (Rc's bounds)
//   CHECK_ALPHA  every result: alpha <= 1.0 (65536 in Q16)
//   CHECK_TIMER  every event's state update (S6): a timer left armed with a tag it did not
//                have before is announced (m_out_?tmr = SET, with that tag and its
//                deadline), and a SET is announced only for a timer left armed with the
//                announced tag: every armed timer has its deadline announced
//   CHECK_ORDER  every result that re-times a paced flow (Rc changed, not TX or INIT): the
//                next departure is not before the event's time (next_tx - now, modulo
//                2^32, is at most 2^31: the 2^31 rule of docs/rp.md)
//
// Inputs are free on every cycle: events of any op, flow, time, bytes, UE bit, tau / start
// rate and timer tag (a tag that does not match is a stale no-op); CSR writes of any value to any register at any time, except
// LINE_RATE_KBPS and MIN_RATE_KBPS, which may be written (any value: the register file
// clamps it) only in the cycles before the first event is accepted, so that every result
// has the same bounds (the harness keeps the clamped values). rst is high in the first
// cycle only. m_out_ready is held at 1, as dcqcn_nic_top drives it: the output FIFO
// behind the output register (a store that results pass through unchanged, cut like
// every memory) then stays empty, and every result is checked as it leaves S11.
//
// Cut points (scripts/formal.sh): the multipliers' products and the memories are free
// values, except the tables Yosys makes of the register file's case statements (proc_rom:
// its clamp bounds, which RC and RT need), for RC, RT, TIMER and ORDER (each holds whatever a product or a stored word is:
// Rc and Rt are clamped to [min, line] when read, the cut is floored at MIN, the increase
// clamped at LINE, the re-timing takes max(now, departure + bytes / Rc)). ALPHA keeps
// RAM A (the rate state: alpha is not clamped when read, so the proof needs the stored
// words) and cuts the products, with the two facts of the real multipliers it needs as
// assumptions on the cut values (true of every product, since G <= 65536 by the
// register's clamp):
//   (65536 - alpha) * G >> 16 <= 65536 - alpha   and   alpha * G >> 16 <= alpha.
// The internal signals those facts and CHECK_TIMER / CHECK_ORDER read are connected by
// the runner (the `//! formal.sh connect` lines) after flattening; they are the named
// registers and nets of dcqcn_rp_rate.sv and dcqcn_rp_pace.sv.
//! formal.sh cut: t:$mul t:$mem_v2 n:*proc_rom* %d
// RC, RT, ALPHA, ORDER (not in CTest, tb/formal/README.md): the reciprocal ROM a black box
// (its value is free; none of the four depends on it), RC and RT as one group.
//! formal.sh group RATE: RC RT
//! formal.sh lib RATE: dcqcn_rp_recip_rom.sv
//! formal.sh lib ORDER: dcqcn_rp_recip_rom.sv
//! formal.sh lib ALPHA: dcqcn_rp_recip_rom.sv
//! formal.sh cut ALPHA: t:$mul t:$mem_v2 n:dut.u_ram_a.* %d n:*proc_rom* %d
//! formal.sh connect: h_au dut.u_rate.p3_m_au_reg
//! formal.sh connect: h_ad dut.u_rate.p3_m_ad_reg
//! formal.sh connect: h_a3 dut.u_rate.alpha_q[3]
//! formal.sh connect: h_pv dut.p_valid_reg
//! formal.sh connect: h_n_aarm dut.u_rate.n_aarm
//! formal.sh connect: h_n_iarm dut.u_rate.n_iarm
//! formal.sh connect: h_n_carm dut.u_rate.n_carm
//! formal.sh connect: h_n_agen dut.u_rate.n_agen
//! formal.sh connect: h_n_igen dut.u_rate.n_igen
//! formal.sh connect: h_n_cgen dut.u_rate.n_cgen
//! formal.sh connect: h_n_atmr dut.u_rate.n_atmr
//! formal.sh connect: h_n_itmr dut.u_rate.n_itmr
//! formal.sh connect: h_n_ctmr dut.u_rate.n_ctmr
//! formal.sh connect: h_o_aarm dut.u_rate.aarm_q[6]
//! formal.sh connect: h_o_iarm dut.u_rate.iarm_q[6]
//! formal.sh connect: h_o_carm dut.u_rate.carm_q[6]
//! formal.sh connect: h_o_agen dut.u_rate.agen_q[6]
//! formal.sh connect: h_o_igen dut.u_rate.igen_q[6]
//! formal.sh connect: h_o_cgen dut.u_rate.cgen_q[6]
//! formal.sh connect: h_op11 dut.u_pace.op_q[11]
//! formal.sh connect: h_now11 dut.u_pace.now_q[11]
//! formal.sh connect: h_chg11 dut.u_pace.rc_chg_q[11]
//! formal.sh connect: h_pv11 dut.u_pace.p11_pv_reg
//! formal.sh connect: h_next11 dut.u_pace.s11_next_tx
`default_nettype none

module rp_props (
    input  logic        clk,
    input  logic        rst,
    input  logic        s_evt_valid,
    input  logic [2:0]  s_evt_op,
    input  logic        s_evt_flow,
    input  logic [31:0] s_evt_now_ns,
    input  logic [15:0] s_evt_bytes,
    input  logic        s_evt_cnp_ue,
    input  logic [31:0] s_evt_tau_ns,
    input  logic [7:0]  s_evt_gen,
    input  logic        m_out_ready,
    input  logic        csr_we,
    input  logic        csr_re,
    input  logic [7:0]  csr_addr,
    input  logic [31:0] csr_wdata
);
  `include "dcqcn_rp_regmap.vh"

  logic        s_evt_ready, m_out_valid, m_out_flow, m_out_stale, m_out_paced;
  logic [2:0]  m_out_op;
  logic [31:0] m_out_next_tx_ns, m_out_rc_kbps, m_out_rt_kbps;
  logic [16:0] m_out_alpha_q16;
  logic [1:0]  m_out_atmr, m_out_itmr, m_out_ctmr;
  logic [7:0]  m_out_agen, m_out_igen, m_out_cgen;
  logic [31:0] m_out_adl_ns, m_out_idl_ns, m_out_cdl_ns, csr_rdata;

  dcqcn_rp #(.NUM_FLOWS(2)) dut (.*);

  // internal signals (connected by the runner; see the header)
  (* keep *) logic [32:0] h_au, h_ad;
  (* keep *) logic [16:0] h_a3;
  (* keep *) logic [12:1] h_pv;
  (* keep *) logic        h_n_aarm, h_n_iarm, h_n_carm, h_o_aarm, h_o_iarm, h_o_carm;
  (* keep *) logic [7:0]  h_n_agen, h_n_igen, h_n_cgen, h_o_agen, h_o_igen, h_o_cgen;
  (* keep *) logic [1:0]  h_n_atmr, h_n_itmr, h_n_ctmr;
  (* keep *) logic [2:0]  h_op11;
  (* keep *) logic [31:0] h_now11, h_next11;
  (* keep *) logic        h_chg11, h_pv11;

  // ---------------------------------------------------------------- environment
  logic init = 1'b1;
  always_ff @(posedge clk) init <= 1'b0;
  always_comb assume (rst == init);
  always_comb assume (m_out_ready);

  logic acc, ever_acc, wr_bounds;
  assign acc = s_evt_valid && s_evt_ready;
  assign wr_bounds = csr_we && (csr_addr == RP_LINE_RATE_KBPS_ADDR || csr_addr == RP_MIN_RATE_KBPS_ADDR);
  always_comb if (wr_bounds) assume (!ever_acc && !acc);

  // the bounds as written (clamped like the register file)
  function automatic logic [31:0] clamp(input logic [31:0] v, input logic [31:0] lo, input logic [31:0] hi);
    clamp = (v < lo) ? lo : (v > hi) ? hi : v;
  endfunction
  logic [31:0] line_s, min_s, minr_s;
  always_ff @(posedge clk) begin
    if (rst) begin
      ever_acc <= 1'b0;
      line_s <= RP_LINE_RATE_KBPS_RST;
      min_s  <= RP_MIN_RATE_KBPS_RST;
    end else begin
      if (acc) ever_acc <= 1'b1;
      if (csr_we && csr_addr == RP_LINE_RATE_KBPS_ADDR)
        line_s <= clamp(csr_wdata, RP_LINE_RATE_KBPS_MIN, RP_LINE_RATE_KBPS_MAX);
      if (csr_we && csr_addr == RP_MIN_RATE_KBPS_ADDR)
        min_s <= clamp(csr_wdata, RP_MIN_RATE_KBPS_MIN, RP_MIN_RATE_KBPS_MAX);
    end
  end
  assign minr_s = (min_s < line_s) ? min_s : line_s;

`ifdef CHECK_ALPHA
  // the real multipliers' facts (G <= 65536): see the header
  always_comb begin
    assume (h_au[32:16] <= 17'(17'd65536 - h_a3));
    assume (h_ad[32:16] <= h_a3);
  end
`endif

  // ---------------------------------------------------------------- properties
  localparam logic [1:0] TMR_SET = 2'd1;
  localparam logic [2:0] OP_TX = 3'd0, OP_INIT = 3'd5;
  logic [31:0] ahead;
  assign ahead = h_next11 - h_now11;
  always_comb begin
    if (!init) begin
`ifdef CHECK_RC
      if (m_out_valid) assert (m_out_rc_kbps >= minr_s && m_out_rc_kbps <= line_s);
`endif
`ifdef CHECK_RT
      if (m_out_valid) assert (m_out_rt_kbps >= minr_s && m_out_rt_kbps <= line_s);
`endif
`ifdef CHECK_ALPHA
      if (m_out_valid) assert (m_out_alpha_q16 <= 17'd65536);
`endif
`ifdef CHECK_TIMER
      if (h_pv[6]) begin
        if (h_n_aarm && !(h_o_aarm && h_n_agen == h_o_agen)) assert (h_n_atmr == TMR_SET);
        if (h_n_iarm && !(h_o_iarm && h_n_igen == h_o_igen)) assert (h_n_itmr == TMR_SET);
        if (h_n_carm && !(h_o_carm && h_n_cgen == h_o_cgen)) assert (h_n_ctmr == TMR_SET);
        if (h_n_atmr == TMR_SET) assert (h_n_aarm && !(h_o_aarm && h_n_agen == h_o_agen));
        if (h_n_itmr == TMR_SET) assert (h_n_iarm && !(h_o_iarm && h_n_igen == h_o_igen));
        if (h_n_ctmr == TMR_SET) assert (h_n_carm && !(h_o_carm && h_n_cgen == h_o_cgen));
      end
`endif
`ifdef CHECK_ORDER
      if (h_pv[11] && h_op11 != OP_TX && h_op11 != OP_INIT && h_pv11 && h_chg11)
        assert (ahead <= 32'h8000_0000);
`endif
    end
  end
endmodule
