// SPDX-License-Identifier: MIT
// Formal harness of rtl/dcqcn_rp.sv at NUM_FLOWS = 2 (scripts/formal.sh rp PROP MODE DEPTH):
// the RP's timer invariant (docs/rp.md), CHECK_TIMER:
//   every event's state update (S6): a timer left armed with a tag it did not have before
//   is announced (m_out_?tmr = SET, with that tag and its deadline), and a SET is
//   announced only for a timer left armed with the announced tag: every armed timer has
//   its deadline announced
// The RP's other invariants (Rc and Rt in bounds, alpha <= 1.0, the re-timing's order)
// are proved on its pipeline alone: tb/formal/rp_pipe_props.sv (tb/formal/README.md).
//
// Inputs are free on every cycle: events of any op, flow, time, bytes, UE bit, tau / start
// rate and timer tag (a tag that does not match is a stale no-op); CSR writes of any value
// to any register at any time, except LINE_RATE_KBPS and MIN_RATE_KBPS, which may be
// written (any value: the register file clamps it) only in the cycles before the first
// event is accepted. rst is high in the first cycle only. m_out_ready is held at 1, as
// dcqcn_nic_top drives it.
//
// Cut points (scripts/formal.sh): the multipliers' products and the memories are free
// values, except the tables Yosys makes of the register file's case statements
// (proc_rom): TIMER holds whatever a product or a stored word is. The internal signals it
// reads are connected by the runner (the `//! formal.sh connect` lines) after flattening;
// they are the named registers and nets of dcqcn_rp_rate.sv.
//! formal.sh cut: t:$mul t:$mem_v2 n:*proc_rom* %d
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
  (* keep *) logic [12:1] h_pv;
  (* keep *) logic        h_n_aarm, h_n_iarm, h_n_carm, h_o_aarm, h_o_iarm, h_o_carm;
  (* keep *) logic [7:0]  h_n_agen, h_n_igen, h_n_cgen, h_o_agen, h_o_igen, h_o_cgen;
  (* keep *) logic [1:0]  h_n_atmr, h_n_itmr, h_n_ctmr;

  // ---------------------------------------------------------------- environment
  logic init = 1'b1;
  always_ff @(posedge clk) init <= 1'b0;
  always_comb assume (rst == init);
  always_comb assume (m_out_ready);

  logic acc, ever_acc, wr_bounds;
  assign acc = s_evt_valid && s_evt_ready;
  assign wr_bounds = csr_we && (csr_addr == RP_LINE_RATE_KBPS_ADDR || csr_addr == RP_MIN_RATE_KBPS_ADDR);
  always_comb if (wr_bounds) assume (!ever_acc && !acc);
  always_ff @(posedge clk) begin
    if (rst) ever_acc <= 1'b0;
    else if (acc) ever_acc <= 1'b1;
  end

  // ---------------------------------------------------------------- properties
  localparam logic [1:0] TMR_SET = 2'd1;
  always_comb begin
    if (!init) begin
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
    end
  end
endmodule
