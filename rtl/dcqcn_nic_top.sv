// SPDX-License-Identifier: MIT
// DCQCN NIC integration top: the reaction point (dcqcn_rp, sender side) and the
// notification point (dcqcn_np, receiver side) of one RoCEv2 NIC behind AXI-Stream
// descriptor interfaces, and one AXI4-Lite slave for both register banks. The CP
// (dcqcn_cp) belongs in a switch and is not part of this top.
//
// One clock (clk, the MAC/datapath clock; the example constraints in
// dcqcn_nic_top.xdc are for 322.266 MHz) and one synchronous active-high reset (rst;
// from an AXI aresetn use rst = !aresetn after a reset synchroniser). After rst both
// blocks clear their state RAMs in NUM_FLOWS cycles, with s_axis_*_tready low.
//
// ---- AXI-Stream descriptors (little-endian bit fields; reserved bits: drive 0, read 0)
// s_axis_rp_tdata[127:0], an RP event (docs/fpga.md, docs/rp.md):
//   [31:0] now_ns  [63:32] tau_ns  [79:64] bytes  [95:80] flow  [103:96] gen
//   [106:104] op (0 TX, 1 CNP, 2 ALPHA_TIMER, 3 INC_TIMER, 4 QUERY, 5 INIT, 6 CUT_TIMER)
//   [107] cnp_ue  [127:108] reserved
// m_axis_rp_tdata[319:0], its result (one per event, in order):
//   [31:0] next_tx_ns  [63:32] rc_kbps  [95:64] rt_kbps  [127:96] adl_ns
//   [159:128] idl_ns  [176:160] alpha_q16  [183:177] 0  [191:184] agen  [199:192] igen
//   [201:200] atmr  [203:202] itmr  [206:204] op  [207] stale  [223:208] flow
//   [231:224] cgen  [233:232] ctmr  [234] paced  [255:235] 0  [287:256] cdl_ns  [319:288] 0
// s_axis_np_tdata[63:0], an NP event:
//   [31:0] now_ns  [39:32] gen  [41:40] op (0 RX, 1 TIMER, 2 INIT, 3 DRAIN)
//   [43:42] ecn  [47:44] reserved  [63:48] flow
// m_axis_np_tdata[159:0], its result:
//   [31:0] cnp_tau_ns  [63:32] tmr_deadline_ns  [71:64] tmr_gen  [73:72] op  [74] cnp
//   [75] cnp_kind  [76] tmr_set  [77] stale  [79:78] 0  [95:80] flow  [96] cnp_queued
//   [97] cnp_dropped  [98] q_valid  [111:99] 0  [127:112] q_flow  [159:128] q_at_ns
// Flow fields are 16 bits; bits at and above FW = log2(NUM_FLOWS) are ignored on input
// and 0 on output. Every stream is AXI4-Stream compliant (tvalid never waits for
// tready; tdata is held while tvalid and not tready). No tlast/tkeep: one descriptor per
// transfer. Each result stream leaves through a register slice (dcqcn_axis_reg), so
// m_axis_*_tready is registered before it reaches a block.
//
// ---- AXI4-Lite register slave (32-bit data, 12-bit byte address)
//   0x000-0x0FF  RP registers: block CSR address = awaddr/araddr[7:0] (docs/regmap.md)
//   0x100-0x1FF  NP registers: block CSR address = addr[7:0] (docs/regmap.md)
//   0x200        TOP_ID, read-only 0x44435131 ("DCQ1")
//   0x204        TOP_NUM_FLOWS, read-only NUM_FLOWS
//   anything else reads 0 and ignores writes (as inside the blocks); response OKAY.
// A write with wstrb != 4'b1111 is not performed and answered SLVERR (every register
// is one 32-bit value, clamped on write). One transaction of each kind at a time:
// AW and W may arrive in either order or together; BVALID 2 cycles after the later of
// them; RVALID 3 cycles after the AR handshake. Writes take effect in the block as its
// CSR bus defines (visible to events computed from the next cycle).
//
// ---- Latency (s_axis handshake to m_axis_tvalid), throughput
//   RP 13 cycles (12 in dcqcn_rp + 1 register slice), NP 5 cycles (4 + 1); one event per
//   cycle per stream for events of different flows; the RP takes one event of a flow per
//   8 cycles, the NP one per 3 cycles (s_axis_*_tready low meanwhile).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_nic_top #(
    parameter int NUM_FLOWS = 1024   // flows of both blocks (power of two, 2 .. 65536)
) (
    input  logic         clk,
    input  logic         rst,

    // ---------------------------------------------------------------- RP events in
    input  logic         s_axis_rp_tvalid,
    output logic         s_axis_rp_tready,
    input  logic [127:0] s_axis_rp_tdata,

    // ---------------------------------------------------------------- RP results out
    output logic         m_axis_rp_tvalid,
    input  logic         m_axis_rp_tready,
    output logic [319:0] m_axis_rp_tdata,

    // ---------------------------------------------------------------- NP events in
    input  logic         s_axis_np_tvalid,
    output logic         s_axis_np_tready,
    input  logic [63:0]  s_axis_np_tdata,

    // ---------------------------------------------------------------- NP results out
    output logic         m_axis_np_tvalid,
    input  logic         m_axis_np_tready,
    output logic [159:0] m_axis_np_tdata,

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
  localparam logic [31:0] TOP_ID = 32'h4443_5131;  // "DCQ1"

  // Reserved descriptor bits and flow-field bits at and above FW are ignored by design
  // (Verilator's default --unused-regexp matches this name).
  logic unused_desc_bits;
  if (FW < 16) begin : g_unused_flow_hi
    assign unused_desc_bits = ^{s_axis_rp_tdata[127:108], s_axis_np_tdata[47:44],
                                s_axis_rp_tdata[95:80+FW], s_axis_np_tdata[63:48+FW]};
  end else begin : g_unused_rsvd
    assign unused_desc_bits = ^{s_axis_rp_tdata[127:108], s_axis_np_tdata[47:44]};
  end

  if (NUM_FLOWS < 2 || NUM_FLOWS > 65536 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0) begin : g_bad_num_flows
    initial $fatal(1, "%m: NUM_FLOWS (%0d) must be a power of two in 2 .. 65536", NUM_FLOWS);
  end

  // ================================================================ CSR bus to the blocks
  logic        rp_csr_we_reg, np_csr_we_reg, rp_csr_re_reg, np_csr_re_reg;
  logic [7:0]  csr_addr_reg;   // a write and a read are never issued in the same cycle
  logic [31:0] csr_wdata_reg;
  logic [31:0] rp_csr_rdata, np_csr_rdata;

  // ================================================================ RP
  logic          rp_out_valid, rp_out_ready;
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
    .s_evt_valid(s_axis_rp_tvalid), .s_evt_ready(s_axis_rp_tready),
    .s_evt_op(s_axis_rp_tdata[106:104]), .s_evt_flow(s_axis_rp_tdata[80 +: FW]),
    .s_evt_now_ns(s_axis_rp_tdata[31:0]), .s_evt_bytes(s_axis_rp_tdata[79:64]),
    .s_evt_cnp_ue(s_axis_rp_tdata[107]), .s_evt_tau_ns(s_axis_rp_tdata[63:32]),
    .s_evt_gen(s_axis_rp_tdata[103:96]),
    .m_out_valid(rp_out_valid), .m_out_ready(rp_out_ready),
    .m_out_op(rp_out_op), .m_out_flow(rp_out_flow), .m_out_stale(rp_out_stale),
    .m_out_paced(rp_out_paced),
    .m_out_next_tx_ns(rp_out_next_tx), .m_out_rc_kbps(rp_out_rc), .m_out_rt_kbps(rp_out_rt),
    .m_out_alpha_q16(rp_out_alpha),
    .m_out_atmr(rp_out_atmr), .m_out_agen(rp_out_agen), .m_out_adl_ns(rp_out_adl),
    .m_out_itmr(rp_out_itmr), .m_out_igen(rp_out_igen), .m_out_idl_ns(rp_out_idl),
    .m_out_ctmr(rp_out_ctmr), .m_out_cgen(rp_out_cgen), .m_out_cdl_ns(rp_out_cdl),
    .csr_we(rp_csr_we_reg), .csr_re(rp_csr_re_reg), .csr_addr(csr_addr_reg),
    .csr_wdata(csr_wdata_reg), .csr_rdata(rp_csr_rdata)
  );

  assign rp_res = {32'd0, rp_out_cdl, 21'd0, rp_out_paced, rp_out_ctmr, rp_out_cgen, 16'(rp_out_flow), rp_out_stale, rp_out_op, rp_out_itmr, rp_out_atmr,
                   rp_out_igen, rp_out_agen, 7'd0, rp_out_alpha, rp_out_idl, rp_out_adl,
                   rp_out_rt, rp_out_rc, rp_out_next_tx};

  dcqcn_axis_reg #(.WIDTH(320)) u_rp_out (
    .clk(clk), .rst(rst),
    .s_valid(rp_out_valid), .s_ready(rp_out_ready), .s_data(rp_res),
    .m_valid(m_axis_rp_tvalid), .m_ready(m_axis_rp_tready), .m_data(m_axis_rp_tdata)
  );

  // ================================================================ NP
  logic          np_out_valid, np_out_ready;
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
    .s_evt_valid(s_axis_np_tvalid), .s_evt_ready(s_axis_np_tready),
    .s_evt_op(s_axis_np_tdata[41:40]), .s_evt_flow(s_axis_np_tdata[48 +: FW]),
    .s_evt_now_ns(s_axis_np_tdata[31:0]), .s_evt_ecn(s_axis_np_tdata[43:42]),
    .s_evt_gen(s_axis_np_tdata[39:32]),
    .m_out_valid(np_out_valid), .m_out_ready(np_out_ready),
    .m_out_op(np_out_op), .m_out_flow(np_out_flow),
    .m_out_cnp(np_out_cnp), .m_out_cnp_kind(np_out_kind), .m_out_cnp_tau_ns(np_out_tau),
    .m_out_tmr_set(np_out_tmr_set), .m_out_tmr_deadline_ns(np_out_deadline),
    .m_out_tmr_gen(np_out_tmr_gen), .m_out_stale(np_out_stale),
    .m_out_cnp_queued(np_out_queued), .m_out_cnp_dropped(np_out_dropped),
    .m_out_q_valid(np_out_q_valid), .m_out_q_flow(np_out_q_flow), .m_out_q_at_ns(np_out_q_at),
    .csr_we(np_csr_we_reg), .csr_re(np_csr_re_reg), .csr_addr(csr_addr_reg),
    .csr_wdata(csr_wdata_reg), .csr_rdata(np_csr_rdata)
  );

  assign np_res = {np_out_q_at, 16'(np_out_q_flow), 13'd0, np_out_q_valid, np_out_dropped,
                   np_out_queued, 16'(np_out_flow), 2'd0, np_out_stale, np_out_tmr_set, np_out_kind, np_out_cnp,
                   np_out_op, np_out_tmr_gen, np_out_deadline, np_out_tau};

  dcqcn_axis_reg #(.WIDTH(160)) u_np_out (
    .clk(clk), .rst(rst),
    .s_valid(np_out_valid), .s_ready(np_out_ready), .s_data(np_res),
    .m_valid(m_axis_np_tvalid), .m_ready(m_axis_np_tready), .m_data(m_axis_np_tdata)
  );

  // ================================================================ AXI4-Lite slave
  // Write: AW and W are each taken once (in any order) into a holding register; when both
  // are held the CSR write is issued (one cycle), then B is returned. Read: AR is taken,
  // the CSR read is issued next cycle, the block answers the cycle after, R follows.
  // Only one CSR read and one CSR write are ever in flight, and a held write is issued
  // before a new read is taken (AR waits one cycle), so the blocks never see csr_we and
  // csr_re in the same cycle and one CSR address register serves both.
  logic        aw_held_reg, w_held_reg, bvalid_reg, bslverr_reg;
  logic [11:0] awaddr_reg;
  logic [31:0] wdata_reg;
  logic        wstrb_full_reg;
  logic        rd_issue_reg, rd_wait_reg, rvalid_reg;
  logic [7:0]  araddr_reg;
  logic [31:0] rdata_reg;
  logic [1:0]  rd_sel_reg;   // 0 RP, 1 NP, 2 top, 3 none

  logic        wr_go, ar_take;   // issue the held write; take a read address
  logic [1:0]  wr_sel;       // same encoding

  function automatic logic [1:0] blk_sel(input logic [3:0] a);  // address bits [11:8]
    case (a)
      4'h0:    blk_sel = 2'd0;
      4'h1:    blk_sel = 2'd1;
      4'h2:    blk_sel = 2'd2;
      default: blk_sel = 2'd3;
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
      csr_addr_reg  <= awaddr_reg[7:0];
      csr_wdata_reg <= wdata_reg;
      rp_csr_we_reg <= wstrb_full_reg && wr_sel == 2'd0;
      np_csr_we_reg <= wstrb_full_reg && wr_sel == 2'd1;
    end
    if (bvalid_reg && s_axil_bready) bvalid_reg <= 1'b0;

    // ---- read channel
    if (ar_take) begin
      araddr_reg    <= s_axil_araddr[7:0];
      rd_sel_reg    <= blk_sel(s_axil_araddr[11:8]);
      rd_issue_reg  <= 1'b1;
      csr_addr_reg  <= s_axil_araddr[7:0];
      rp_csr_re_reg <= blk_sel(s_axil_araddr[11:8]) == 2'd0;
      np_csr_re_reg <= blk_sel(s_axil_araddr[11:8]) == 2'd1;
    end
    if (rd_issue_reg) begin   // the block samples csr_re in this cycle
      rd_issue_reg <= 1'b0;
      rd_wait_reg  <= 1'b1;
    end
    if (rd_wait_reg) begin    // its csr_rdata is valid now
      rd_wait_reg <= 1'b0;
      rvalid_reg  <= 1'b1;
      case (rd_sel_reg)
        2'd0:    rdata_reg <= rp_csr_rdata;
        2'd1:    rdata_reg <= np_csr_rdata;
        2'd2:    rdata_reg <= (araddr_reg == 8'h00) ? TOP_ID
                            : (araddr_reg == 8'h04) ? 32'(NUM_FLOWS) : 32'd0;
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
      csr_addr_reg  <= '0;
      csr_wdata_reg <= '0;
      rd_sel_reg    <= 2'd3;
      rdata_reg     <= '0;
    end
  end

endmodule

`resetall
