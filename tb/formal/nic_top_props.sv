// SPDX-License-Identifier: MIT
// Formal harness of rtl/dcqcn_nic_top.sv at NUM_FLOWS = 4 (the scheduler's smallest size):
// the AMBA rules of its AXI4-Lite slave and of its seven AXI-Stream ports
// (scripts/formal.sh nic_top PROP MODE DEPTH). The top is a black box: the harness sees
// only its ports, so the properties stay valid whatever is inside (the scheduler, the
// arbiter, the blocks). One property is compiled per run (CHECK_*).
//
// Assumptions (the other side of each interface obeys the same rules; AMBA AXI and ACE
// Protocol Specification, ARM IHI 0022, A3.2.1 handshake, A3.1.2 reset, B1 AXI4-Lite;
// AMBA 4 AXI4-Stream Protocol Specification, ARM IHI 0051, 2.2.1 handshake):
//   - rst is high in the first cycle; after that it is free (a reset at any time);
//   - a master's xVALID is low while rst is high;
//   - once a master raises xVALID it keeps it high, and its payload unchanged, until the
//     cycle of the handshake (xREADY high), unless rst comes: AW (awaddr), W (wdata,
//     wstrb), AR (araddr) and the five slave streams txop, txdone, host, rxcnp, rxdata
//     (tdata);
//   - everything else is free on every cycle: bready, rready, m_axis_*_tready, now_ns,
//     pause, every address and data value (so every register of every block may be
//     written with any value at any time).
// Assertions (the top as slave of the AXI4-Lite bus and as master of txsel and cnpreq):
//   CHECK_B_HOLD    BVALID stays high and BRESP unchanged until BREADY (A3.2.1)
//   CHECK_B_ONE     BVALID only while an accepted AW and an accepted W are unanswered (no
//                   response without a request; with B_HOLD: exactly one B per write;
//                   A3.3.1: B after both the AW and the W handshake)
//   CHECK_B_BOUND   BVALID at the latest 2 cycles after the later of the AW and W
//                   handshakes (the top's stated bound, rtl/dcqcn_nic_top.sv)
//   CHECK_B_RESP    BRESP is SLVERR exactly for a write with WSTRB != 4'b1111, else OKAY
//   CHECK_R_HOLD    RVALID stays high and RDATA, RRESP unchanged until RREADY
//   CHECK_R_ONE     RVALID only while an accepted AR is unanswered (one R per read)
//   CHECK_R_BOUND   RVALID exactly 3 cycles after the AR handshake (the stated bound)
//   CHECK_TXSEL_HOLD   m_axis_txsel: TVALID held until TREADY, TDATA unchanged while held
//   CHECK_TXSEL_ONE    no txsel without a txop: txsel transfers never outnumber the txops
//                      accepted (the top answers each txop with exactly one txsel)
//   CHECK_CNPREQ_HOLD  m_axis_cnpreq: TVALID held until TREADY, TDATA unchanged while held
//   CHECK_CNPREQ_CAUSE no CNP request without a marked data packet: cnpreq transfers
//                      never outnumber the rxdata transfers accepted with ECN 1x (CE 11, or
//                      UE 10 in TCD mode; the NP sends at most one CNP per marked packet)
// Counters of the harness saturate (3 bits): a saturated count can only be too small,
// which makes an assertion fail sooner, never pass wrongly.
//
// Groups (scripts/formal.sh nic_top GROUP pdr 0 proves all of a group's properties in one
// run). What is behind the ports is cut where the properties do not need it: the blocks
// are read as black boxes (`lib`) and their outputs are free on every cycle, a sound
// over-approximation (the properties then hold whatever the RP, NP, scheduler or
// arbiter do) that leaves Yosys 2-7 s of work instead of 40-60 s:
//   AXIL  the AXI4-Lite slave (B_*, R_*): the top's own registers only; RP, NP,
//         scheduler and arbiter cut (their csr_rdata is free: RDATA is any value).
//   AXIS  the masters' hold rules (TXSEL_HOLD, CNPREQ_HOLD) and one txsel per txop
//         (TXSEL_ONE): the arbiter (which owns both output registers and turns txops into
//         the scheduler's TXOPPs and its answers into txsels) and its FIFOs kept; RP, NP
//         and scheduler cut. The arbiter trusts the scheduler to answer a TXOPP once, so
//         AXIS assumes the scheduler's contract at its own ports (`SCHED_CONTRACT` below:
//         a result of kind 5..7, GRANT / NOGRANT, only while a TXOPP command it accepted
//         is unanswered), which the scheduler's lock-step bench checks (not proved here):
//         TXSEL_ONE is then the arbiter's part of the rule, proved.
//   CNPREQ_CAUSE depends on the NP's decisions themselves and is not in a group
//   (tb/formal/README.md).
//! formal.sh rtl: dcqcn_ram_sdp.sv dcqcn_rp*.sv dcqcn_np*.sv dcqcn_nic_*.sv
//! formal.sh group AXIL: B_HOLD B_ONE B_BOUND B_RESP R_HOLD R_ONE R_BOUND
//! formal.sh rtl AXIL: dcqcn_nic_top.sv
//! formal.sh lib AXIL: dcqcn_rp.sv dcqcn_np.sv dcqcn_nic_sched.sv dcqcn_nic_arb.sv
//! formal.sh cut AXIL: none
//! formal.sh group AXIS: TXSEL_HOLD CNPREQ_HOLD TXSEL_ONE
//! formal.sh rtl AXIS: dcqcn_nic_fifo.sv dcqcn_nic_top_csr.sv dcqcn_nic_arb.sv dcqcn_nic_top.sv
//! formal.sh lib AXIS: dcqcn_rp.sv dcqcn_np.sv dcqcn_nic_sched.sv
//! formal.sh cut AXIS: none
//! formal.sh connect: h_sev dut.sch_evt_valid
//! formal.sh connect: h_ser dut.sch_evt_ready
//! formal.sh connect: h_seop dut.sch_evt_op
//! formal.sh connect: h_sov dut.sch_out_valid
//! formal.sh connect: h_sor dut.sch_out_ready
//! formal.sh connect: h_sok dut.sch_out_kind
`default_nettype none

module nic_top_props (
    input  logic         clk,
    input  logic         rst,
    input  logic [31:0]  now_ns,
    input  logic         pause,
    input  logic         s_axis_txop_tvalid,
    input  logic         m_axis_txsel_tready,
    input  logic         s_axis_txdone_tvalid,
    input  logic [79:0]  s_axis_txdone_tdata,
    input  logic         s_axis_host_tvalid,
    input  logic [63:0]  s_axis_host_tdata,
    input  logic         s_axis_rxcnp_tvalid,
    input  logic [63:0]  s_axis_rxcnp_tdata,
    input  logic         s_axis_rxdata_tvalid,
    input  logic [63:0]  s_axis_rxdata_tdata,
    input  logic         m_axis_cnpreq_tready,
    input  logic         s_axil_awvalid,
    input  logic [11:0]  s_axil_awaddr,
    input  logic         s_axil_wvalid,
    input  logic [31:0]  s_axil_wdata,
    input  logic [3:0]   s_axil_wstrb,
    input  logic         s_axil_bready,
    input  logic         s_axil_arvalid,
    input  logic [11:0]  s_axil_araddr,
    input  logic         s_axil_rready
);
  logic         s_axis_txop_tready, m_axis_txsel_tvalid, s_axis_txdone_tready;
  logic         s_axis_host_tready, s_axis_rxcnp_tready, s_axis_rxdata_tready;
  logic         m_axis_cnpreq_tvalid;
  logic [63:0]  m_axis_txsel_tdata, m_axis_cnpreq_tdata;
  logic         mon_rp_valid, mon_np_valid, next_due_valid, txq_nonempty, idle;
  logic [319:0] mon_rp_data;
  logic [159:0] mon_np_data;
  logic [31:0]  next_due_ns, sweep_due_ns;
  logic         s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid;
  logic [1:0]   s_axil_bresp, s_axil_rresp;
  logic [31:0]  s_axil_rdata;

  dcqcn_nic_top #(.NUM_FLOWS(4)) dut (.*);

  // ---------------------------------------------------------------- environment
  logic init = 1'b1;
  always_ff @(posedge clk) init <= 1'b0;
  always_comb if (init) assume (rst);

  // the previous cycle's values (valid after the first cycle)
  logic        p_rst;
  logic        p_awv, p_awr, p_wv, p_wr, p_arv, p_arr;
  logic [11:0] p_awaddr, p_araddr;
  logic [31:0] p_wdata;
  logic [3:0]  p_wstrb;
  logic        p_txopv, p_txopr, p_tdv, p_tdr, p_hv, p_hr, p_cv, p_cr, p_dv, p_dr;
  logic [79:0] p_td;
  logic [63:0] p_hd, p_cd, p_dd;
  logic        p_bv, p_br, p_rv, p_rr, p_tsv, p_tsr, p_cqv, p_cqr;
  logic [1:0]  p_bresp, p_rresp;
  logic [31:0] p_rdata;
  logic [63:0] p_tsd, p_cqd;
  always_ff @(posedge clk) begin
    p_rst <= rst;
    p_awv <= s_axil_awvalid;  p_awr <= s_axil_awready;  p_awaddr <= s_axil_awaddr;
    p_wv  <= s_axil_wvalid;   p_wr  <= s_axil_wready;   p_wdata <= s_axil_wdata;
    p_wstrb <= s_axil_wstrb;
    p_arv <= s_axil_arvalid;  p_arr <= s_axil_arready;  p_araddr <= s_axil_araddr;
    p_txopv <= s_axis_txop_tvalid;    p_txopr <= s_axis_txop_tready;
    p_tdv <= s_axis_txdone_tvalid;    p_tdr <= s_axis_txdone_tready;  p_td <= s_axis_txdone_tdata;
    p_hv <= s_axis_host_tvalid;       p_hr <= s_axis_host_tready;     p_hd <= s_axis_host_tdata;
    p_cv <= s_axis_rxcnp_tvalid;      p_cr <= s_axis_rxcnp_tready;    p_cd <= s_axis_rxcnp_tdata;
    p_dv <= s_axis_rxdata_tvalid;     p_dr <= s_axis_rxdata_tready;   p_dd <= s_axis_rxdata_tdata;
    p_bv <= s_axil_bvalid;  p_br <= s_axil_bready;  p_bresp <= s_axil_bresp;
    p_rv <= s_axil_rvalid;  p_rr <= s_axil_rready;  p_rresp <= s_axil_rresp;
    p_rdata <= s_axil_rdata;
    p_tsv <= m_axis_txsel_tvalid;   p_tsr <= m_axis_txsel_tready;   p_tsd <= m_axis_txsel_tdata;
    p_cqv <= m_axis_cnpreq_tvalid;  p_cqr <= m_axis_cnpreq_tready;  p_cqd <= m_axis_cnpreq_tdata;
  end

  // the masters' rules
  always_comb begin
    if (rst) begin
      assume (!s_axil_awvalid && !s_axil_wvalid && !s_axil_arvalid);
      assume (!s_axis_txop_tvalid && !s_axis_txdone_tvalid && !s_axis_host_tvalid &&
              !s_axis_rxcnp_tvalid && !s_axis_rxdata_tvalid);
    end
    if (!init && !rst && !p_rst) begin
      if (p_awv && !p_awr) assume (s_axil_awvalid && s_axil_awaddr == p_awaddr);
      if (p_wv && !p_wr)   assume (s_axil_wvalid && s_axil_wdata == p_wdata && s_axil_wstrb == p_wstrb);
      if (p_arv && !p_arr) assume (s_axil_arvalid && s_axil_araddr == p_araddr);
      if (p_txopv && !p_txopr) assume (s_axis_txop_tvalid);
      if (p_tdv && !p_tdr) assume (s_axis_txdone_tvalid && s_axis_txdone_tdata == p_td);
      if (p_hv && !p_hr)   assume (s_axis_host_tvalid && s_axis_host_tdata == p_hd);
      if (p_cv && !p_cr)   assume (s_axis_rxcnp_tvalid && s_axis_rxcnp_tdata == p_cd);
      if (p_dv && !p_dr)   assume (s_axis_rxdata_tvalid && s_axis_rxdata_tdata == p_dd);
    end
  end

`ifdef CHECK_TXSEL_HOLD
`define SCHED_CONTRACT
`endif
`ifdef CHECK_TXSEL_ONE
`define SCHED_CONTRACT
`endif
  // the scheduler's ports inside the top (connected by the runner)
  (* keep *) logic       h_sev, h_ser, h_sov, h_sor;
  (* keep *) logic [1:0] h_seop;
  (* keep *) logic [2:0] h_sok;
`ifdef SCHED_CONTRACT
  // the scheduler's contract with the arbiter (docs/nic.md): one answer (GRANT or
  // NOGRANT, kinds 5..7) per TXOPP command (op 3) accepted, and none without one
  logic [1:0] n_sch_txopp;
  always_ff @(posedge clk) begin
    if (rst) n_sch_txopp <= '0;
    else n_sch_txopp <= n_sch_txopp + 2'(h_sev && h_ser && h_seop == 2'd3) -
                        2'(h_sov && h_sor && h_sok >= 3'd5);
  end
  always_comb if (!rst && h_sov && h_sok >= 3'd5) assume (n_sch_txopp != 2'd0);
`endif

  // ---------------------------------------------------------------- transaction counts
  // outstanding (accepted, not yet answered) AW, W, AR; txops minus txsels; rxdata minus
  // cnpreqs; all from the port handshakes only, saturating at 7 (and at 0 from below)
  logic aw_hs, w_hs, b_hs, ar_hs, r_hs, txop_hs, txsel_hs, rxdata_hs, cnpreq_hs;
  assign aw_hs     = s_axil_awvalid && s_axil_awready;
  assign w_hs      = s_axil_wvalid && s_axil_wready;
  assign b_hs      = s_axil_bvalid && s_axil_bready;
  assign ar_hs     = s_axil_arvalid && s_axil_arready;
  assign r_hs      = s_axil_rvalid && s_axil_rready;
  assign txop_hs   = s_axis_txop_tvalid && s_axis_txop_tready;
  assign txsel_hs  = m_axis_txsel_tvalid && m_axis_txsel_tready;
  assign rxdata_hs = s_axis_rxdata_tvalid && s_axis_rxdata_tready;
  assign cnpreq_hs = m_axis_cnpreq_tvalid && m_axis_cnpreq_tready;

  function automatic logic [2:0] step(input logic [2:0] n, input logic up, input logic dn);
    if (up && !dn)      step = (n == 3'd7) ? n : n + 3'd1;
    else if (dn && !up) step = (n == 3'd0) ? n : n - 3'd1;
    else                step = n;
  endfunction

  logic [2:0] n_aw, n_w, n_ar, n_txop, n_rxdata;
  logic [1:0] b_wait;      // cycles with an AW and a W accepted, no BVALID (saturates)
  logic [2:0] r_age;       // cycles since the AR handshake of the unanswered read
  logic       w_last_full; // WSTRB of the last W accepted was 4'b1111
  always_ff @(posedge clk) begin
    n_aw     <= step(n_aw, aw_hs, b_hs);
    n_w      <= step(n_w, w_hs, b_hs);
    n_ar     <= step(n_ar, ar_hs, r_hs);
    n_txop   <= step(n_txop, txop_hs, txsel_hs);
    n_rxdata <= step(n_rxdata, rxdata_hs && s_axis_rxdata_tdata[49], cnpreq_hs);
    if (n_aw != 0 && n_w != 0 && !s_axil_bvalid) b_wait <= (b_wait == 2'd3) ? b_wait : b_wait + 2'd1;
    else b_wait <= 2'd0;
    if (ar_hs) r_age <= 3'd1;
    else if (n_ar != 0 && r_age != 3'd7) r_age <= r_age + 3'd1;
    // with one W unanswered, it is the last one accepted (they are answered in order)
    if (w_hs) w_last_full <= &s_axil_wstrb;
    if (rst) begin
      n_aw <= '0; n_w <= '0; n_ar <= '0; n_txop <= '0; n_rxdata <= '0;
      b_wait <= '0; r_age <= '0;
    end
  end

  // ---------------------------------------------------------------- the top's rules
  always_comb begin
    if (!init && !rst) begin
      if (!p_rst) begin
`ifdef CHECK_B_HOLD
        if (p_bv && !p_br) assert (s_axil_bvalid && s_axil_bresp == p_bresp);
`endif
`ifdef CHECK_R_HOLD
        if (p_rv && !p_rr) assert (s_axil_rvalid && s_axil_rdata == p_rdata && s_axil_rresp == p_rresp);
`endif
`ifdef CHECK_TXSEL_HOLD
        if (p_tsv && !p_tsr) assert (m_axis_txsel_tvalid && m_axis_txsel_tdata == p_tsd);
`endif
`ifdef CHECK_CNPREQ_HOLD
        if (p_cqv && !p_cqr) assert (m_axis_cnpreq_tvalid && m_axis_cnpreq_tdata == p_cqd);
`endif
      end
`ifdef CHECK_B_ONE
      if (s_axil_bvalid) assert (n_aw != 0 && n_w != 0);
`endif
`ifdef CHECK_B_BOUND
      // the handshake cycle, then at most one cycle without BVALID
      assert (b_wait <= 2'd1);
`endif
`ifdef CHECK_B_RESP
      if (s_axil_bvalid && n_w == 1) assert (s_axil_bresp == (w_last_full ? 2'b00 : 2'b10));
`endif
`ifdef CHECK_R_ONE
      if (s_axil_rvalid) assert (n_ar != 0);
`endif
`ifdef CHECK_R_BOUND
      if (n_ar != 0 && !p_rv) assert (s_axil_rvalid == (r_age == 3'd3));
      if (n_ar != 0) assert (r_age <= 3'd3 || s_axil_rvalid);
`endif
`ifdef CHECK_TXSEL_ONE
      if (m_axis_txsel_tvalid) assert (n_txop != 0);
`endif
`ifdef CHECK_CNPREQ_CAUSE
      if (m_axis_cnpreq_tvalid) assert (n_rxdata != 0);
`endif
    end
  end
endmodule
