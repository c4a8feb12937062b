// SPDX-License-Identifier: MIT
// DCQCN NIC integration top: the reaction point (dcqcn_rp, sender side), the
// notification point (dcqcn_np, receiver side), the timer service and paced transmit
// scheduler (dcqcn_nic_sched) and the event arbiter (dcqcn_nic_arb) of one RoCEv2 NIC,
// behind AXI-Stream descriptor interfaces and one AXI4-Lite slave for every register.
// The MAC-side scheduler asks which flow sends next (txop -> txsel) and reports what it
// sent (txdone); the host says which flows have data (host); the receive path hands over
// received CNPs (rxcnp) and data descriptors with their ECN field (rxdata); the top
// answers with CNP requests (cnpreq). Every timer, departure, arbitration and transmit
// decision of DCQCN is made inside (docs/nic.md). The CP (dcqcn_cp) belongs in a switch
// and is not part of this top.
//
// One clock (clk, the MAC/datapath clock; the example constraints in
// dcqcn_nic_top.xdc are for 322.266 MHz) and one synchronous active-high reset (rst;
// from an AXI aresetn use rst = !aresetn after a reset synchroniser). After rst the
// blocks clear their state RAMs in NUM_FLOWS cycles, with s_axis_*_tready low (the
// scheduler's wheel in max(5 NUM_FLOWS, 2^SCHED_SLOTS_LOG2) cycles; its commands wait).
//
// ---- Sampled every cycle
//   now_ns[31:0]  wrapping nanosecond time (registered once; stamps every event)
//   pause         the data priority is PFC-paused: no GRANT while high
//
// ---- AXI-Stream descriptors (little-endian bit fields; reserved bits: drive 0, ignored
// on input, 0 on output; flow fields are 16 bits, bits at and above log2(NUM_FLOWS) are
// ignored on input and 0 on output)
// s_axis_txop (no tdata): a transmit opportunity of the data priority.
// m_axis_txsel_tdata[63:0], exactly one per txop, in order:
//   [31:0] tx_ns (the departure time to report back in txdone)  [47:32] flow  [48] grant
//   (grant 0: no flow may send now, or paused; tx_ns and flow are then 0)
// s_axis_txdone_tdata[79:0], a completion of a granted packet:
//   [31:0] tx_ns (the txsel's)  [47:32] flow  [63:48] bytes  [64] more (the flow has
//   more data after this packet)
// s_axis_host_tdata[63:0]:
//   [31:0] arg  [47:32] flow  [49:48] op (0 DATA: the flow has data (again);
//   1 INIT: RP INIT with start rate arg kb/s, 0 = line rate; 2, 3: dropped and counted)
// s_axis_rxcnp_tdata[63:0], a received CNP:  [31:0] tau_ns  [47:32] flow (RP index)  [48] ue
// s_axis_rxdata_tdata[63:0], a received data packet:  [47:32] flow (NP index)  [49:48] ecn
// m_axis_cnpreq_tdata[63:0], a CNP to send:  [31:0] tau_ns  [47:32] flow (NP index)  [48] kind
// Every stream is AXI4-Stream compliant (tvalid never waits for tready; tdata is held
// while tvalid and not tready). No tlast/tkeep: one descriptor per transfer.
//
// ---- Monitor strobes (no ready; one cycle per result)
// mon_rp_data[319:0], every RP result:
//   [31:0] next_tx_ns  [63:32] rc_kbps  [95:64] rt_kbps  [127:96] adl_ns
//   [159:128] idl_ns  [176:160] alpha_q16  [183:177] 0  [191:184] agen  [199:192] igen
//   [201:200] atmr  [203:202] itmr  [206:204] op  [207] stale  [223:208] flow
//   [231:224] cgen  [233:232] ctmr  [234] paced  [255:235] 0  [287:256] cdl_ns  [319:288] 0
// mon_np_data[159:0], every NP result:
//   [31:0] cnp_tau_ns  [63:32] tmr_deadline_ns  [71:64] tmr_gen  [73:72] op  [74] cnp
//   [75] cnp_kind  [76] tmr_set  [77] stale  [79:78] 0  [95:80] flow  [96] cnp_queued
//   [97] cnp_dropped  [98] q_valid  [111:99] 0  [127:112] q_flow  [159:128] q_at_ns
//
// ---- Status for a simulation (docs/nic.md, "idle")
//   next_due_valid, next_due_ns  the scheduler's earliest pending time (conservative)
//   sweep_due_ns                 the start of now's next 2^29-ns epoch, when the top gives
//                                every flow an AGE event (the sweep, docs/nic.md "The
//                                sweep"): a simulation clocks the top at that time too, or
//                                lazily before its next input, with now_ns = sweep_due_ns
//   txq_nonempty                 flows are due and wait for a txop
//   idle                         nothing in flight: no input held, no queue entry, no
//                                event in a block, no command pending. A simulation
//                                clocks the top while !idle or next_due_ns <= now (or an
//                                input is offered) and may stop the clock otherwise.
//
// ---- AXI4-Lite register slave (32-bit data, 12-bit byte address)
//   0x000-0x0FF  RP registers: block CSR address = awaddr/araddr[7:0] (docs/regmap.md)
//   0x100-0x1FF  NP registers: block CSR address = addr[7:0] (docs/regmap.md)
//   0x200-0x2FF  top: TOP_ID (0x44435131, "DCQ1"), TOP_NUM_FLOWS, VERSION, counters
//                (docs/regmap.md); read-only
//   0x300-0x3FF  scheduler registers (docs/nic.md)
//   anything else reads 0 and ignores writes (as inside the blocks); response OKAY.
// A write with wstrb != 4'b1111 is not performed and answered SLVERR (every register
// is one 32-bit value, clamped on write). One transaction of each kind at a time:
// AW and W may arrive in either order or together; BVALID 2 cycles after the later of
// them; RVALID 3 cycles after the AR handshake. Writes take effect in the block as its
// CSR bus defines (visible to events computed from the next cycle).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_nic_top #(
    parameter int NUM_FLOWS = 1024,  // flows of every block (power of two, 4 .. 65536)
    // the scheduler's timing wheel: 2^SCHED_SLOTS_LOG2 slots (4..16; docs/nic.md, "The
    // wheel engine") of G = 2^SCHED_SLOT_BITS ns (1..10): 12 and 5 cover 131 us before a
    // deadline is parked; its RAM clear after reset takes max(5 NUM_FLOWS, 2^n) cycles.
    // G sets the resolution (an entry is eligible at most G - 1 ns after its deadline)
    // and must be at least 8 clock periods for the wheel's lateness bound under load:
    // 32 ns up to 4 ns a cycle (250 MHz; 322.266 MHz is 3.103 ns), 64 ns up to 8 ns; with
    // fewer, nothing is early, lost or doubled, but a backlog drains more slowly, and at 2 G
    // or more the scheduler takes no command (docs/nic.md "The clock")
    parameter int SCHED_SLOT_BITS = 5,
    parameter int SCHED_SLOTS_LOG2 = 12
) (
    input  logic         clk,
    input  logic         rst,
    input  logic [31:0]  now_ns,
    input  logic         pause,

    // ---------------------------------------------------------------- transmit
    input  logic         s_axis_txop_tvalid,
    output logic         s_axis_txop_tready,
    output logic         m_axis_txsel_tvalid,
    input  logic         m_axis_txsel_tready,
    output logic [63:0]  m_axis_txsel_tdata,
    input  logic         s_axis_txdone_tvalid,
    output logic         s_axis_txdone_tready,
    input  logic [79:0]  s_axis_txdone_tdata,
    input  logic         s_axis_host_tvalid,
    output logic         s_axis_host_tready,
    input  logic [63:0]  s_axis_host_tdata,

    // ---------------------------------------------------------------- receive
    input  logic         s_axis_rxcnp_tvalid,
    output logic         s_axis_rxcnp_tready,
    input  logic [63:0]  s_axis_rxcnp_tdata,
    input  logic         s_axis_rxdata_tvalid,
    output logic         s_axis_rxdata_tready,
    input  logic [63:0]  s_axis_rxdata_tdata,
    output logic         m_axis_cnpreq_tvalid,
    input  logic         m_axis_cnpreq_tready,
    output logic [63:0]  m_axis_cnpreq_tdata,

    // ---------------------------------------------------------------- monitor, status
    output logic         mon_rp_valid,
    output logic [319:0] mon_rp_data,
    output logic         mon_np_valid,
    output logic [159:0] mon_np_data,
    output logic         next_due_valid,
    output logic [31:0]  next_due_ns,
    output logic [31:0]  sweep_due_ns,
    output logic         txq_nonempty,
    output logic         idle,

    // ---------------------------------------------------------------- AXI4-Lite slave
    input  logic         s_axil_awvalid,
    output logic         s_axil_awready,
    input  logic [11:0]  s_axil_awaddr,
    input  logic         s_axil_wvalid,
    output logic         s_axil_wready,
    input  logic [31:0]  s_axil_wdata,
    input  logic [3:0]   s_axil_wstrb,
    output logic         s_axil_bvalid,
    input  logic         s_axil_bready,
    output logic [1:0]   s_axil_bresp,
    input  logic         s_axil_arvalid,
    output logic         s_axil_arready,
    input  logic [11:0]  s_axil_araddr,
    output logic         s_axil_rvalid,
    input  logic         s_axil_rready,
    output logic [31:0]  s_axil_rdata,
    output logic [1:0]   s_axil_rresp
);

  localparam int FW = $clog2(NUM_FLOWS);

  // Reserved descriptor bits and flow-field bits at and above FW are ignored by design
  // (Verilator's default --unused-regexp matches this name).
  logic unused_desc_bits;
  assign unused_desc_bits = ^{s_axis_txdone_tdata, s_axis_host_tdata, s_axis_rxcnp_tdata,
                              s_axis_rxdata_tdata};

  if (NUM_FLOWS < 4 || NUM_FLOWS > 65536 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0) begin : g_bad_num_flows
    initial $fatal(1, "%m: NUM_FLOWS (%0d) must be a power of two in 4 .. 65536", NUM_FLOWS);
  end

  // ================================================================ CSR bus to the blocks
  logic        rp_csr_we_reg, np_csr_we_reg, sch_csr_we_reg;
  logic        rp_csr_re_reg, np_csr_re_reg, arb_csr_re_reg, sch_csr_re_reg;
  // one address and write-data register per block (a write and a read are never issued in
  // the same cycle), each loaded only by the transactions of its block: no register drives
  // the CSR decode of every block (timing: fanout)
  logic [7:0]  rp_csr_addr_reg, np_csr_addr_reg, arb_csr_addr_reg, sch_csr_addr_reg;
  logic [31:0] rp_csr_wdata_reg, np_csr_wdata_reg, sch_csr_wdata_reg;
  logic [31:0] rp_csr_rdata, np_csr_rdata, arb_csr_rdata, sch_csr_rdata;

  // ================================================================ RP
  logic          rp_evt_valid, rp_evt_ready;
  logic [2:0]    rp_evt_op;
  logic [FW-1:0] rp_evt_flow;
  logic [31:0]   rp_evt_now, rp_evt_tau;
  logic [15:0]   rp_evt_bytes;
  logic          rp_evt_ue;
  logic [7:0]    rp_evt_gen;
  logic          rp_out_valid;
  logic [2:0]    rp_out_op;
  logic [FW-1:0] rp_out_flow;
  logic          rp_out_stale, rp_out_paced;
  logic [31:0]   rp_out_next_tx, rp_out_rc, rp_out_rt, rp_out_adl, rp_out_idl, rp_out_cdl;
  logic [16:0]   rp_out_alpha;
  logic [1:0]    rp_out_atmr, rp_out_itmr, rp_out_ctmr;
  logic [7:0]    rp_out_agen, rp_out_igen, rp_out_cgen;
  logic [319:0]  rp_res;

  dcqcn_rp #(.NUM_FLOWS(NUM_FLOWS)) u_rp (
    .clk(clk), .rst(rst),
    .s_evt_valid(rp_evt_valid), .s_evt_ready(rp_evt_ready),
    .s_evt_op(rp_evt_op), .s_evt_flow(rp_evt_flow),
    .s_evt_now_ns(rp_evt_now), .s_evt_bytes(rp_evt_bytes),
    .s_evt_cnp_ue(rp_evt_ue), .s_evt_tau_ns(rp_evt_tau),
    .s_evt_gen(rp_evt_gen),
    .m_out_valid(rp_out_valid), .m_out_ready(1'b1),
    .m_out_op(rp_out_op), .m_out_flow(rp_out_flow), .m_out_stale(rp_out_stale),
    .m_out_paced(rp_out_paced),
    .m_out_next_tx_ns(rp_out_next_tx), .m_out_rc_kbps(rp_out_rc), .m_out_rt_kbps(rp_out_rt),
    .m_out_alpha_q16(rp_out_alpha),
    .m_out_atmr(rp_out_atmr), .m_out_agen(rp_out_agen), .m_out_adl_ns(rp_out_adl),
    .m_out_itmr(rp_out_itmr), .m_out_igen(rp_out_igen), .m_out_idl_ns(rp_out_idl),
    .m_out_ctmr(rp_out_ctmr), .m_out_cgen(rp_out_cgen), .m_out_cdl_ns(rp_out_cdl),
    .csr_we(rp_csr_we_reg), .csr_re(rp_csr_re_reg), .csr_addr(rp_csr_addr_reg),
    .csr_wdata(rp_csr_wdata_reg), .csr_rdata(rp_csr_rdata)
  );

  assign rp_res = {32'd0, rp_out_cdl, 21'd0, rp_out_paced, rp_out_ctmr, rp_out_cgen, 16'(rp_out_flow), rp_out_stale, rp_out_op, rp_out_itmr, rp_out_atmr,
                   rp_out_igen, rp_out_agen, 7'd0, rp_out_alpha, rp_out_idl, rp_out_adl,
                   rp_out_rt, rp_out_rc, rp_out_next_tx};

  // ================================================================ NP
  logic          np_evt_valid, np_evt_ready;
  logic [1:0]    np_evt_op, np_evt_ecn;
  logic [FW-1:0] np_evt_flow;
  logic [31:0]   np_evt_now;
  logic [7:0]    np_evt_gen;
  logic          np_out_valid;
  logic [1:0]    np_out_op;
  logic [FW-1:0] np_out_flow;
  logic          np_out_cnp, np_out_kind, np_out_tmr_set, np_out_stale;
  logic [31:0]   np_out_tau, np_out_deadline;
  logic [7:0]    np_out_tmr_gen;
  logic          np_out_queued, np_out_dropped, np_out_q_valid;
  logic [FW-1:0] np_out_q_flow;
  logic [31:0]   np_out_q_at;
  logic [159:0]  np_res;

  dcqcn_np #(.NUM_FLOWS(NUM_FLOWS)) u_np (
    .clk(clk), .rst(rst),
    .s_evt_valid(np_evt_valid), .s_evt_ready(np_evt_ready),
    .s_evt_op(np_evt_op), .s_evt_flow(np_evt_flow),
    .s_evt_now_ns(np_evt_now), .s_evt_ecn(np_evt_ecn),
    .s_evt_gen(np_evt_gen),
    .m_out_valid(np_out_valid), .m_out_ready(1'b1),
    .m_out_op(np_out_op), .m_out_flow(np_out_flow),
    .m_out_cnp(np_out_cnp), .m_out_cnp_kind(np_out_kind), .m_out_cnp_tau_ns(np_out_tau),
    .m_out_tmr_set(np_out_tmr_set), .m_out_tmr_deadline_ns(np_out_deadline),
    .m_out_tmr_gen(np_out_tmr_gen), .m_out_stale(np_out_stale),
    .m_out_cnp_queued(np_out_queued), .m_out_cnp_dropped(np_out_dropped),
    .m_out_q_valid(np_out_q_valid), .m_out_q_flow(np_out_q_flow), .m_out_q_at_ns(np_out_q_at),
    .csr_we(np_csr_we_reg), .csr_re(np_csr_re_reg), .csr_addr(np_csr_addr_reg),
    .csr_wdata(np_csr_wdata_reg), .csr_rdata(np_csr_rdata)
  );

  assign np_res = {np_out_q_at, 16'(np_out_q_flow), 13'd0, np_out_q_valid, np_out_dropped,
                   np_out_queued, 16'(np_out_flow), 2'd0, np_out_stale, np_out_tmr_set, np_out_kind, np_out_cnp,
                   np_out_op, np_out_tmr_gen, np_out_deadline, np_out_tau};

  // ================================================================ scheduler
  logic          sch_evt_valid, sch_evt_ready, sch_pause;
  logic [1:0]    sch_evt_op;
  logic [2:0]    sch_evt_kind, sch_out_kind;
  logic [31:0]   sch_evt_flow, sch_evt_at, sch_now, sch_out_flow, sch_out_at, sch_out_tx,
                 sch_out_late;
  logic [7:0]    sch_evt_gen, sch_out_gen;
  logic          sch_out_valid, sch_out_ready, sch_settling;

  dcqcn_nic_sched #(.NUM_FLOWS(NUM_FLOWS), .SLOT_BITS(SCHED_SLOT_BITS), .SLOTS_LOG2(SCHED_SLOTS_LOG2)) u_sched (
    .clk(clk), .rst(rst),
    .s_evt_valid(sch_evt_valid), .s_evt_ready(sch_evt_ready), .s_evt_op(sch_evt_op),
    .s_evt_kind(sch_evt_kind), .s_evt_flow(sch_evt_flow), .s_evt_gen(sch_evt_gen),
    .s_evt_at_ns(sch_evt_at), .s_evt_now_ns(sch_now), .s_evt_pause(sch_pause),
    .m_out_valid(sch_out_valid), .m_out_ready(sch_out_ready), .m_out_kind(sch_out_kind),
    .m_out_flow(sch_out_flow), .m_out_gen(sch_out_gen), .m_out_at_ns(sch_out_at),
    .m_out_tx_ns(sch_out_tx), .m_out_late_ns(sch_out_late),
    .next_due_valid(next_due_valid), .next_due_ns(next_due_ns), .txq_nonempty(txq_nonempty),
    .settling(sch_settling),
    .csr_we(sch_csr_we_reg), .csr_re(sch_csr_re_reg), .csr_addr(sch_csr_addr_reg),
    .csr_wdata(sch_csr_wdata_reg), .csr_rdata(sch_csr_rdata)
  );

  // the deadline and the lateness of a result are not needed here (LATE_MAX_NS counts it)
  logic unused_sched_out;
  assign unused_sched_out = ^{sch_out_at, sch_out_late};

  // ================================================================ arbiter
  logic arb_idle;

  dcqcn_nic_arb #(.NUM_FLOWS(NUM_FLOWS)) u_arb (
    .clk(clk), .rst(rst), .now_ns(now_ns), .pause(pause),
    .s_txop_valid(s_axis_txop_tvalid), .s_txop_ready(s_axis_txop_tready),
    .s_txdone_valid(s_axis_txdone_tvalid), .s_txdone_ready(s_axis_txdone_tready),
    .s_txdone_data(s_axis_txdone_tdata),
    .s_host_valid(s_axis_host_tvalid), .s_host_ready(s_axis_host_tready),
    .s_host_data(s_axis_host_tdata),
    .s_rxcnp_valid(s_axis_rxcnp_tvalid), .s_rxcnp_ready(s_axis_rxcnp_tready),
    .s_rxcnp_data(s_axis_rxcnp_tdata),
    .s_rxdata_valid(s_axis_rxdata_tvalid), .s_rxdata_ready(s_axis_rxdata_tready),
    .s_rxdata_data(s_axis_rxdata_tdata),
    .m_txsel_valid(m_axis_txsel_tvalid), .m_txsel_ready(m_axis_txsel_tready),
    .m_txsel_data(m_axis_txsel_tdata),
    .m_cnpreq_valid(m_axis_cnpreq_tvalid), .m_cnpreq_ready(m_axis_cnpreq_tready),
    .m_cnpreq_data(m_axis_cnpreq_tdata),
    .rp_evt_valid(rp_evt_valid), .rp_evt_ready(rp_evt_ready), .rp_evt_op(rp_evt_op),
    .rp_evt_flow(rp_evt_flow), .rp_evt_now_ns(rp_evt_now), .rp_evt_bytes(rp_evt_bytes),
    .rp_evt_cnp_ue(rp_evt_ue), .rp_evt_tau_ns(rp_evt_tau), .rp_evt_gen(rp_evt_gen),
    .rp_res_valid(rp_out_valid), .rp_res(rp_res),
    .np_evt_valid(np_evt_valid), .np_evt_ready(np_evt_ready), .np_evt_op(np_evt_op),
    .np_evt_flow(np_evt_flow), .np_evt_now_ns(np_evt_now), .np_evt_ecn(np_evt_ecn),
    .np_evt_gen(np_evt_gen), .np_res_valid(np_out_valid), .np_res(np_res),
    .sch_evt_valid(sch_evt_valid), .sch_evt_ready(sch_evt_ready), .sch_evt_op(sch_evt_op),
    .sch_evt_kind(sch_evt_kind), .sch_evt_flow(sch_evt_flow), .sch_evt_gen(sch_evt_gen),
    .sch_evt_at_ns(sch_evt_at), .sch_now_ns(sch_now), .sch_pause(sch_pause),
    .sch_settling(sch_settling),
    .sch_out_valid(sch_out_valid), .sch_out_ready(sch_out_ready), .sch_out_kind(sch_out_kind),
    .sch_out_flow(sch_out_flow), .sch_out_gen(sch_out_gen), .sch_out_tx_ns(sch_out_tx),
    .mon_rp_valid(mon_rp_valid), .mon_rp_data(mon_rp_data),
    .mon_np_valid(mon_np_valid), .mon_np_data(mon_np_data),
    .csr_re(arb_csr_re_reg), .csr_addr(arb_csr_addr_reg), .csr_rdata(arb_csr_rdata),
    .idle(arb_idle), .sweep_due_ns(sweep_due_ns)
  );

  // ================================================================ AXI4-Lite slave
  // Write: AW and W are each taken once (in any order) into a holding register; when both
  // are held the CSR write is issued (one cycle), then B is returned. Read: AR is taken,
  // the CSR read is issued next cycle, the block answers the cycle after, R follows.
  // Only one CSR read and one CSR write are ever in flight, and a held write is issued
  // before a new read is taken (AR waits one cycle), so the blocks never see csr_we and
  // csr_re in the same cycle and one CSR address register per block serves both.
  logic        aw_held_reg, w_held_reg, bvalid_reg, bslverr_reg;
  logic [11:0] awaddr_reg;
  logic [31:0] wdata_reg;
  logic        wstrb_full_reg;
  logic        rd_issue_reg, rd_wait_reg, rvalid_reg;
  logic [31:0] rdata_reg;
  logic [2:0]  rd_sel_reg;   // 0 RP, 1 NP, 2 top (arbiter), 3 scheduler, 4 none

  logic        wr_go, ar_take;   // issue the held write; take a read address
  logic [2:0]  wr_sel;       // same encoding

  function automatic logic [2:0] blk_sel(input logic [3:0] a);  // address bits [11:8]
    case (a)
      4'h0:    blk_sel = 3'd0;
      4'h1:    blk_sel = 3'd1;
      4'h2:    blk_sel = 3'd2;
      4'h3:    blk_sel = 3'd3;
      default: blk_sel = 3'd4;
    endcase
  endfunction

  assign s_axil_awready = !aw_held_reg && !bvalid_reg;
  assign s_axil_wready  = !w_held_reg && !bvalid_reg;
  assign s_axil_bvalid  = bvalid_reg;
  assign s_axil_bresp   = bslverr_reg ? 2'b10 : 2'b00;
  assign s_axil_arready = !rd_issue_reg && !rd_wait_reg && !rvalid_reg && !wr_go;
  assign s_axil_rvalid  = rvalid_reg;
  assign s_axil_rdata   = rdata_reg;
  assign s_axil_rresp   = 2'b00;

  assign wr_sel  = blk_sel(awaddr_reg[11:8]);
  assign wr_go   = aw_held_reg && w_held_reg && !bvalid_reg;
  assign ar_take = s_axil_arvalid && s_axil_arready;

  always_ff @(posedge clk) begin
    // defaults: single-cycle strobes
    rp_csr_we_reg <= 1'b0;
    np_csr_we_reg <= 1'b0;
    rp_csr_re_reg <= 1'b0;
    np_csr_re_reg <= 1'b0;
    sch_csr_we_reg <= 1'b0;
    arb_csr_re_reg <= 1'b0;
    sch_csr_re_reg <= 1'b0;

    // ---- write channel
    if (s_axil_awvalid && s_axil_awready) begin
      aw_held_reg <= 1'b1;
      awaddr_reg  <= s_axil_awaddr;
    end
    if (s_axil_wvalid && s_axil_wready) begin
      w_held_reg     <= 1'b1;
      wdata_reg      <= s_axil_wdata;
      wstrb_full_reg <= &s_axil_wstrb;
    end
    if (wr_go) begin
      aw_held_reg   <= 1'b0;
      w_held_reg    <= 1'b0;
      bvalid_reg    <= 1'b1;
      bslverr_reg   <= !wstrb_full_reg;
      case (wr_sel)
        3'd0: begin rp_csr_addr_reg  <= awaddr_reg[7:0]; rp_csr_wdata_reg  <= wdata_reg; end
        3'd1: begin np_csr_addr_reg  <= awaddr_reg[7:0]; np_csr_wdata_reg  <= wdata_reg; end
        3'd3: begin sch_csr_addr_reg <= awaddr_reg[7:0]; sch_csr_wdata_reg <= wdata_reg; end
        default: ;   // the top's registers are read-only
      endcase
      rp_csr_we_reg <= wstrb_full_reg && wr_sel == 3'd0;
      np_csr_we_reg <= wstrb_full_reg && wr_sel == 3'd1;
      sch_csr_we_reg <= wstrb_full_reg && wr_sel == 3'd3;
    end
    if (bvalid_reg && s_axil_bready) bvalid_reg <= 1'b0;

    // ---- read channel
    if (ar_take) begin
      rd_sel_reg    <= blk_sel(s_axil_araddr[11:8]);
      rd_issue_reg  <= 1'b1;
      case (blk_sel(s_axil_araddr[11:8]))
        3'd0:    rp_csr_addr_reg  <= s_axil_araddr[7:0];
        3'd1:    np_csr_addr_reg  <= s_axil_araddr[7:0];
        3'd2:    arb_csr_addr_reg <= s_axil_araddr[7:0];
        3'd3:    sch_csr_addr_reg <= s_axil_araddr[7:0];
        default: ;
      endcase
      rp_csr_re_reg <= blk_sel(s_axil_araddr[11:8]) == 3'd0;
      np_csr_re_reg <= blk_sel(s_axil_araddr[11:8]) == 3'd1;
      arb_csr_re_reg <= blk_sel(s_axil_araddr[11:8]) == 3'd2;
      sch_csr_re_reg <= blk_sel(s_axil_araddr[11:8]) == 3'd3;
    end
    if (rd_issue_reg) begin   // the block samples csr_re in this cycle
      rd_issue_reg <= 1'b0;
      rd_wait_reg  <= 1'b1;
    end
    if (rd_wait_reg) begin    // its csr_rdata is valid now
      rd_wait_reg <= 1'b0;
      rvalid_reg  <= 1'b1;
      case (rd_sel_reg)
        3'd0:    rdata_reg <= rp_csr_rdata;
        3'd1:    rdata_reg <= np_csr_rdata;
        3'd2:    rdata_reg <= arb_csr_rdata;
        3'd3:    rdata_reg <= sch_csr_rdata;
        default: rdata_reg <= 32'd0;
      endcase
    end
    if (rvalid_reg && s_axil_rready) rvalid_reg <= 1'b0;

    if (rst) begin
      aw_held_reg   <= 1'b0;
      w_held_reg    <= 1'b0;
      bvalid_reg    <= 1'b0;
      bslverr_reg   <= 1'b0;
      rd_issue_reg  <= 1'b0;
      rd_wait_reg   <= 1'b0;
      rvalid_reg    <= 1'b0;
      rp_csr_we_reg <= 1'b0;
      np_csr_we_reg <= 1'b0;
      rp_csr_re_reg <= 1'b0;
      np_csr_re_reg <= 1'b0;
      sch_csr_we_reg <= 1'b0;
      arb_csr_re_reg <= 1'b0;
      sch_csr_re_reg <= 1'b0;
      rp_csr_addr_reg   <= '0;
      np_csr_addr_reg   <= '0;
      arb_csr_addr_reg  <= '0;
      sch_csr_addr_reg  <= '0;
      rp_csr_wdata_reg  <= '0;
      np_csr_wdata_reg  <= '0;
      sch_csr_wdata_reg <= '0;
      rd_sel_reg    <= 3'd4;
      rdata_reg     <= '0;
    end
  end

  // idle: the arbiter's and the AXI4-Lite slave's (no transaction in progress)
  assign idle = arb_idle && !aw_held_reg && !w_held_reg && !bvalid_reg && !rd_issue_reg &&
                !rd_wait_reg && !rvalid_reg;

endmodule

`resetall
