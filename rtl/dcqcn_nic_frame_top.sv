// SPDX-License-Identifier: MIT
// DCQCN NIC top with frames in and out (docs/frames.md, "The frame-level NIC top"): the NIC
// top (dcqcn_nic_top) with the receive classifier (dcqcn_rx_class) in front of its
// s_axis_rxdata / s_axis_rxcnp and the CNP builder (dcqcn_cnp_build) behind its
// m_axis_cnpreq, and one AXI4-Lite slave for the registers of all three. For an integrator
// who has a MAC's receive frame stream and a transmit path to mux CNP frames into
// (docs/integration.md, "Frames in and out").
//
//   MAC rx  -> s_axis_rx -> dcqcn_rx_class -> m_axis_rx -> host receive path (unchanged)
//                                 | rxdata, rxcnp descriptors
//                                 v
//   host, MAC tx scheduler <-> dcqcn_nic_top (txop/txsel/txdone/host as dcqcn_nic_top)
//                                 | cnpreq
//                                 v
//                           dcqcn_cnp_build -> m_axis_cnp -> muxed into the MAC's tx path
//
// ---- Parameters
//   NUM_FLOWS   flows of the top and QP contexts of the CNP builder (power of two, 4 .. 65536)
//   DATA_WIDTH  frame streams' tdata bits: 64, 128, 256 or 512
//   NUM_QPS     the classifier's QP table entries (power of two, 2 .. 65536; default NUM_FLOWS)
//
// ---- Ports
//   clk, rst, now_ns, pause; s_axis_txop, m_axis_txsel, s_axis_txdone, s_axis_host;
//   mon_rp_*, mon_np_*, next_due_*, sweep_due_ns, txq_nonempty: exactly dcqcn_nic_top's (its header).
//   s_axis_rx_t{data,keep,valid,last}, s_axis_rx_tready  frames from the MAC (no FCS;
//        every beat but the last with tkeep all ones, the last a run from lane 0)
//   m_axis_rx_t{data,keep,valid,last}, m_axis_rx_tready  the same frames, unchanged, to
//        the host's receive path (every frame, RoCEv2 or not, whatever its class)
//   m_axis_cnp_t{data,keep,valid,last}, m_axis_cnp_tready  the CNP frames (74 bytes, 78
//        with the 802.1Q tag; no FCS), to be muxed into the MAC's transmit stream
//   idle  the top's idle and no AXI4-Lite transaction in progress here. It does not see
//        frames in the classifier's or the builder's pipelines: a simulation that stops
//        the clock on idle must also wait for m_axis_rx and m_axis_cnp to drain.
//   s_axil_*  AXI4-Lite slave, 32-bit data, 13-bit byte address (the map below)
//
// ---- Latency (cycles, no back-pressure)
//   s_axis_rx -> m_axis_rx: 9 (dcqcn_rx_class); a frame's descriptor is shown to the top
//     with its last beat on m_axis_rx and taken by the top in that cycle when its input
//     queue has room.
//   descriptor -> CNP request: the top's (docs/nic.md); m_axis_cnpreq taken by the builder
//     when it is free; request -> first beat of the CNP frame on m_axis_cnp: 5. A CE data
//     packet whose NP decides a CNP at once: its descriptor (shown with the frame's last
//     beat on m_axis_rx) -> the CNP's first beat on m_axis_cnp: 15 when all is idle.
//   AXI4-Lite: frame blocks and 0x1200: BVALID 2 cycles after the later of AW and W,
//     RVALID 3 cycles after the AR handshake (as dcqcn_nic_top). The top (0x0000-0x0FFF):
//     the transaction is forwarded to its slave one cycle after it is complete here
//     (both AW and W held; AR taken), and its answer is registered: BVALID 5 cycles after
//     the later of AW and W, RVALID 5 cycles after AR (one more when the top's AR waits
//     behind a write it issues in the same cycle); both bounds proved by
//     tb/formal/nic_frame_top_props.sv.
//
// ---- A descriptor the top does not take
//   Back-pressure, nothing dropped: the classifier holds the descriptor (and the frame's
//   last beat on m_axis_rx, if not yet taken) and its pipeline stops, so s_axis_rx_tready
//   falls. The top takes s_axis_rxdata / s_axis_rxcnp into 2-entry input FIFOs; its NP
//   and RP take an event at most every other cycle, shared with their timer events
//   (docs/nic.md, "Latency and throughput"), so RoCEv2 packets arriving faster than one
//   per 2 cycles (one-beat frames at 512 bits) hold the receive stream. After rst
//   s_axis_rx_tready is low until the top's and the classifier's RAM clears are done
//   (max(NUM_FLOWS, NUM_QPS) cycles). A MAC whose receive stream has no tready (Xilinx
//   CMAC) needs a FIFO in front (docs/integration.md). Descriptors the classifier does not
//   make (not RoCEv2, short, bad ICRC, unknown QP) are counted in its counters; a CNP
//   request whose flow has no QP context is counted in the builder's NO_CTX. A CNP
//   request waits in the top while the builder is busy or m_axis_cnp_tready is low (the
//   top's CNP FIFO, then its NP results: back-pressure reaches the receive stream, never
//   a drop; docs/nic.md, "No loss, no deadlock").
//
// ---- AXI4-Lite address map (byte addresses, 13 bits)
//   0x0000-0x0FFF  dcqcn_nic_top's map at the same offsets (RP 0x000, NP 0x100, top
//                  0x200, scheduler 0x300; docs/regmap.md, docs/nic.md); forwarded to its
//                  slave with awaddr/araddr[11:0], its BRESP/RRESP returned
//   0x1000-0x10FF  dcqcn_rx_class CSRs: CSR address = addr[7:0] (QP table, counters)
//   0x1100-0x11FF  dcqcn_cnp_build CSRs: CSR address = addr[7:0] (globals, QP contexts,
//                  counters)
//   0x1200-0x12FF  the own window, read-only: FRAME_ID ("DCQF"), FRAME_DATA_WIDTH,
//                  FRAME_NUM_QPS (dcqcn_nic_frame_top_csr; docs/regmap.md)
//   anything else from 0x1200 on reads 0 and ignores writes; response OKAY.
// A write with wstrb != 4'b1111 to the frame blocks or 0x12xx is not performed and
// answered SLVERR (as the top does for its own). One transaction of each kind at a time;
// AW and W in either order or together.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_nic_frame_top #(
    // ---------------------------------------------------------------- Parameters
    parameter int NUM_FLOWS  = 1024,
    parameter int DATA_WIDTH = 64,
    parameter int NUM_QPS    = NUM_FLOWS
) (
    // ---------------------------------------------------------------- Ports
    input  logic                    clk,
    input  logic                    rst,
    input  logic [31:0]             now_ns,
    input  logic                    pause,

    // ---------------------------------------------------------------- transmit (the top's)
    input  logic                    s_axis_txop_tvalid,
    output logic                    s_axis_txop_tready,
    output logic                    m_axis_txsel_tvalid,
    input  logic                    m_axis_txsel_tready,
    output logic [63:0]             m_axis_txsel_tdata,
    input  logic                    s_axis_txdone_tvalid,
    output logic                    s_axis_txdone_tready,
    input  logic [79:0]             s_axis_txdone_tdata,
    input  logic                    s_axis_host_tvalid,
    output logic                    s_axis_host_tready,
    input  logic [63:0]             s_axis_host_tdata,

    // ---------------------------------------------------------------- receive frames
    input  logic [DATA_WIDTH-1:0]   s_axis_rx_tdata,
    input  logic [DATA_WIDTH/8-1:0] s_axis_rx_tkeep,
    input  logic                    s_axis_rx_tvalid,
    input  logic                    s_axis_rx_tlast,
    output logic                    s_axis_rx_tready,
    output logic [DATA_WIDTH-1:0]   m_axis_rx_tdata,
    output logic [DATA_WIDTH/8-1:0] m_axis_rx_tkeep,
    output logic                    m_axis_rx_tvalid,
    output logic                    m_axis_rx_tlast,
    input  logic                    m_axis_rx_tready,

    // ---------------------------------------------------------------- CNP frames out
    output logic [DATA_WIDTH-1:0]   m_axis_cnp_tdata,
    output logic [DATA_WIDTH/8-1:0] m_axis_cnp_tkeep,
    output logic                    m_axis_cnp_tvalid,
    output logic                    m_axis_cnp_tlast,
    input  logic                    m_axis_cnp_tready,

    // ---------------------------------------------------------------- monitor, status
    output logic                    mon_rp_valid,
    output logic [319:0]            mon_rp_data,
    output logic                    mon_np_valid,
    output logic [159:0]            mon_np_data,
    output logic                    next_due_valid,
    output logic [31:0]             next_due_ns,
    output logic [31:0]             sweep_due_ns,
    output logic                    txq_nonempty,
    output logic                    idle,

    // ---------------------------------------------------------------- AXI4-Lite slave
    input  logic                    s_axil_awvalid,
    output logic                    s_axil_awready,
    input  logic [12:0]             s_axil_awaddr,
    input  logic                    s_axil_wvalid,
    output logic                    s_axil_wready,
    input  logic [31:0]             s_axil_wdata,
    input  logic [3:0]              s_axil_wstrb,
    output logic                    s_axil_bvalid,
    input  logic                    s_axil_bready,
    output logic [1:0]              s_axil_bresp,
    input  logic                    s_axil_arvalid,
    output logic                    s_axil_arready,
    input  logic [12:0]             s_axil_araddr,
    output logic                    s_axil_rvalid,
    input  logic                    s_axil_rready,
    output logic [31:0]             s_axil_rdata,
    output logic [1:0]              s_axil_rresp
);

  // ---------------------------------------------------------------- Parameter checks and constants
  // (NUM_FLOWS and DATA_WIDTH are checked by the blocks, with the same rules)
  if (NUM_QPS < 2 || NUM_QPS > 65536 || (NUM_QPS & (NUM_QPS - 1)) != 0) begin : g_bad_num_qps
    initial $fatal(1, "%m: NUM_QPS = %0d, must be a power of 2 from 2 to 65536", NUM_QPS);
  end

  // ================================================================ CSR buses to the frame blocks
  logic        rx_csr_we_reg, rx_csr_re_reg, cb_csr_we_reg, cb_csr_re_reg;
  logic [7:0]  rx_csr_addr_reg, cb_csr_addr_reg, inf_addr_reg;
  logic [31:0] rx_csr_wdata_reg, cb_csr_wdata_reg;
  logic [31:0] rx_csr_rdata, cb_csr_rdata;
  logic        inf_csr_re_reg;
  logic [31:0] inf_csr_rdata;

  // ================================================================ the own window (0x1200)
  // the generated CSR file (tb/ref/regmap_frame.h): FRAME_ID, DATA_WIDTH, NUM_QPS, read-only
  dcqcn_nic_frame_top_csr u_csr (
    .clk(clk), .rst(rst),
    .csr_re(inf_csr_re_reg), .csr_addr(inf_addr_reg), .csr_rdata(inf_csr_rdata),
    .sts_data_width(32'(DATA_WIDTH)), .sts_num_qps(32'(NUM_QPS))
  );

  // the top's AXI4-Lite slave, mastered by this one
  logic        t_awvalid_reg, t_wvalid_reg, t_arvalid_reg;
  logic [11:0] t_awaddr_reg, t_araddr_reg;
  logic [31:0] t_wdata_reg;
  logic [3:0]  t_wstrb_reg;
  logic        t_awready, t_wready, t_bvalid, t_arready, t_rvalid;
  logic [1:0]  t_bresp, t_rresp;
  logic [31:0] t_rdata;
  logic        wfwd_reg, rfwd_reg;   // a write / read forwarded to the top, its answer awaited
  logic        top_idle;

  // ================================================================ receive classifier
  logic        rxdata_valid, rxdata_ready, rxcnp_valid, rxcnp_ready;
  logic [63:0] rxdata_data, rxcnp_data;

  dcqcn_rx_class #(.DATA_WIDTH(DATA_WIDTH), .NUM_QPS(NUM_QPS)) u_rx_class (
    .clk(clk), .rst(rst),
    .s_axis_tdata(s_axis_rx_tdata), .s_axis_tkeep(s_axis_rx_tkeep),
    .s_axis_tvalid(s_axis_rx_tvalid), .s_axis_tlast(s_axis_rx_tlast),
    .s_axis_tready(s_axis_rx_tready),
    .m_axis_tdata(m_axis_rx_tdata), .m_axis_tkeep(m_axis_rx_tkeep),
    .m_axis_tvalid(m_axis_rx_tvalid), .m_axis_tlast(m_axis_rx_tlast),
    .m_axis_tready(m_axis_rx_tready),
    .m_axis_rxdata_tvalid(rxdata_valid), .m_axis_rxdata_tready(rxdata_ready),
    .m_axis_rxdata_tdata(rxdata_data),
    .m_axis_rxcnp_tvalid(rxcnp_valid), .m_axis_rxcnp_tready(rxcnp_ready),
    .m_axis_rxcnp_tdata(rxcnp_data),
    .csr_we(rx_csr_we_reg), .csr_re(rx_csr_re_reg), .csr_addr(rx_csr_addr_reg),
    .csr_wdata(rx_csr_wdata_reg), .csr_rdata(rx_csr_rdata)
  );

  // ================================================================ NIC top
  logic        cnpreq_valid, cnpreq_ready;
  logic [63:0] cnpreq_data;

  dcqcn_nic_top #(.NUM_FLOWS(NUM_FLOWS)) u_top (
    .clk(clk), .rst(rst), .now_ns(now_ns), .pause(pause),
    .s_axis_txop_tvalid(s_axis_txop_tvalid), .s_axis_txop_tready(s_axis_txop_tready),
    .m_axis_txsel_tvalid(m_axis_txsel_tvalid), .m_axis_txsel_tready(m_axis_txsel_tready),
    .m_axis_txsel_tdata(m_axis_txsel_tdata),
    .s_axis_txdone_tvalid(s_axis_txdone_tvalid), .s_axis_txdone_tready(s_axis_txdone_tready),
    .s_axis_txdone_tdata(s_axis_txdone_tdata),
    .s_axis_host_tvalid(s_axis_host_tvalid), .s_axis_host_tready(s_axis_host_tready),
    .s_axis_host_tdata(s_axis_host_tdata),
    .s_axis_rxcnp_tvalid(rxcnp_valid), .s_axis_rxcnp_tready(rxcnp_ready),
    .s_axis_rxcnp_tdata(rxcnp_data),
    .s_axis_rxdata_tvalid(rxdata_valid), .s_axis_rxdata_tready(rxdata_ready),
    .s_axis_rxdata_tdata(rxdata_data),
    .m_axis_cnpreq_tvalid(cnpreq_valid), .m_axis_cnpreq_tready(cnpreq_ready),
    .m_axis_cnpreq_tdata(cnpreq_data),
    .mon_rp_valid(mon_rp_valid), .mon_rp_data(mon_rp_data),
    .mon_np_valid(mon_np_valid), .mon_np_data(mon_np_data),
    .next_due_valid(next_due_valid), .next_due_ns(next_due_ns), .sweep_due_ns(sweep_due_ns),
    .txq_nonempty(txq_nonempty), .idle(top_idle),
    .s_axil_awvalid(t_awvalid_reg), .s_axil_awready(t_awready), .s_axil_awaddr(t_awaddr_reg),
    .s_axil_wvalid(t_wvalid_reg), .s_axil_wready(t_wready), .s_axil_wdata(t_wdata_reg),
    .s_axil_wstrb(t_wstrb_reg),
    .s_axil_bvalid(t_bvalid), .s_axil_bready(wfwd_reg), .s_axil_bresp(t_bresp),
    .s_axil_arvalid(t_arvalid_reg), .s_axil_arready(t_arready), .s_axil_araddr(t_araddr_reg),
    .s_axil_rvalid(t_rvalid), .s_axil_rready(rfwd_reg), .s_axil_rdata(t_rdata),
    .s_axil_rresp(t_rresp)
  );

  // ================================================================ CNP builder
  dcqcn_cnp_build #(.DATA_WIDTH(DATA_WIDTH), .NUM_FLOWS(NUM_FLOWS)) u_cnp_build (
    .clk(clk), .rst(rst),
    .s_axis_cnpreq_tvalid(cnpreq_valid), .s_axis_cnpreq_tready(cnpreq_ready),
    .s_axis_cnpreq_tdata(cnpreq_data),
    .m_axis_tdata(m_axis_cnp_tdata), .m_axis_tkeep(m_axis_cnp_tkeep),
    .m_axis_tvalid(m_axis_cnp_tvalid), .m_axis_tlast(m_axis_cnp_tlast),
    .m_axis_tready(m_axis_cnp_tready),
    .csr_we(cb_csr_we_reg), .csr_re(cb_csr_re_reg), .csr_addr(cb_csr_addr_reg),
    .csr_wdata(cb_csr_wdata_reg), .csr_rdata(cb_csr_rdata)
  );

  // ================================================================ AXI4-Lite slave
  // The front-end of dcqcn_nic_top: AW and W each taken once (in any order) into a holding
  // register; when both are held the write is issued (one cycle): to a frame block's CSR
  // bus (then B), or to the top's slave (t_aw/t_w held until taken, B awaited with bready,
  // then B here). Read: AR taken; a frame block's CSR read is issued next cycle and answered
  // the cycle after, then R; the top's: t_ar held until taken, R awaited with rready, then
  // R here. A held write is issued before a new read is taken (AR waits one cycle), so a
  // frame block never sees csr_we and csr_re in the same cycle.
  logic        aw_held_reg, w_held_reg, bvalid_reg;
  logic [1:0]  bresp_reg, rresp_reg;
  logic [12:0] awaddr_reg;
  logic [31:0] wdata_reg;
  logic [3:0]  wstrb_reg;
  logic        rd_issue_reg, rd_wait_reg, rvalid_reg;
  logic [31:0] rdata_reg;
  logic [2:0]  rd_sel_reg;   // 1 rx_class, 2 cnp_build, 3 0x12xx, 4 none (0, the top, forwarded)

  logic        wr_go, ar_take, wstrb_full;
  logic [2:0]  wr_sel, ar_sel;

  function automatic logic [2:0] blk_sel(input logic [4:0] a);  // address bits [12:8]
    casez (a)
      5'b0????: blk_sel = 3'd0;
      5'h10:    blk_sel = 3'd1;
      5'h11:    blk_sel = 3'd2;
      5'h12:    blk_sel = 3'd3;
      default:  blk_sel = 3'd4;
    endcase
  endfunction

  assign s_axil_awready = !aw_held_reg && !bvalid_reg && !wfwd_reg;
  assign s_axil_wready  = !w_held_reg && !bvalid_reg && !wfwd_reg;
  assign s_axil_bvalid  = bvalid_reg;
  assign s_axil_bresp   = bresp_reg;
  assign s_axil_arready = !rd_issue_reg && !rd_wait_reg && !rvalid_reg && !rfwd_reg && !wr_go;
  assign s_axil_rvalid  = rvalid_reg;
  assign s_axil_rdata   = rdata_reg;
  assign s_axil_rresp   = rresp_reg;

  assign wr_sel     = blk_sel(awaddr_reg[12:8]);
  assign ar_sel     = blk_sel(s_axil_araddr[12:8]);
  assign wr_go      = aw_held_reg && w_held_reg && !bvalid_reg && !wfwd_reg;
  assign ar_take    = s_axil_arvalid && s_axil_arready;
  assign wstrb_full = &wstrb_reg;

  always_ff @(posedge clk) begin
    // defaults: single-cycle strobes
    rx_csr_we_reg <= 1'b0;
    rx_csr_re_reg <= 1'b0;
    cb_csr_we_reg <= 1'b0;
    cb_csr_re_reg <= 1'b0;
    inf_csr_re_reg <= 1'b0;

    // ---- write channel
    if (s_axil_awvalid && s_axil_awready) begin
      aw_held_reg <= 1'b1;
      awaddr_reg  <= s_axil_awaddr;
    end
    if (s_axil_wvalid && s_axil_wready) begin
      w_held_reg <= 1'b1;
      wdata_reg  <= s_axil_wdata;
      wstrb_reg  <= s_axil_wstrb;
    end
    if (wr_go) begin
      aw_held_reg <= 1'b0;
      w_held_reg  <= 1'b0;
      if (wr_sel == 3'd0) begin   // to the top: its slave answers
        wfwd_reg      <= 1'b1;
        t_awvalid_reg <= 1'b1;
        t_wvalid_reg  <= 1'b1;
        t_awaddr_reg  <= awaddr_reg[11:0];
        t_wdata_reg   <= wdata_reg;
        t_wstrb_reg   <= wstrb_reg;
      end else begin
        bvalid_reg <= 1'b1;
        bresp_reg  <= wstrb_full ? 2'b00 : 2'b10;
        case (wr_sel)
          3'd1: begin rx_csr_addr_reg <= awaddr_reg[7:0]; rx_csr_wdata_reg <= wdata_reg; end
          3'd2: begin cb_csr_addr_reg <= awaddr_reg[7:0]; cb_csr_wdata_reg <= wdata_reg; end
          default: ;   // 0x12xx is read-only; the rest ignores writes
        endcase
        rx_csr_we_reg <= wstrb_full && wr_sel == 3'd1;
        cb_csr_we_reg <= wstrb_full && wr_sel == 3'd2;
      end
    end
    if (t_awvalid_reg && t_awready) t_awvalid_reg <= 1'b0;
    if (t_wvalid_reg && t_wready) t_wvalid_reg <= 1'b0;
    if (wfwd_reg && t_bvalid) begin
      wfwd_reg   <= 1'b0;
      bvalid_reg <= 1'b1;
      bresp_reg  <= t_bresp;
    end
    if (bvalid_reg && s_axil_bready) bvalid_reg <= 1'b0;

    // ---- read channel
    if (ar_take) begin
      if (ar_sel == 3'd0) begin
        rfwd_reg      <= 1'b1;
        t_arvalid_reg <= 1'b1;
        t_araddr_reg  <= s_axil_araddr[11:0];
      end else begin
        rd_sel_reg   <= ar_sel;
        rd_issue_reg <= 1'b1;
        case (ar_sel)
          3'd1:    rx_csr_addr_reg <= s_axil_araddr[7:0];
          3'd2:    cb_csr_addr_reg <= s_axil_araddr[7:0];
          3'd3:    inf_addr_reg    <= s_axil_araddr[7:0];
          default: ;
        endcase
        rx_csr_re_reg <= ar_sel == 3'd1;
        cb_csr_re_reg <= ar_sel == 3'd2;
        inf_csr_re_reg <= ar_sel == 3'd3;
      end
    end
    if (t_arvalid_reg && t_arready) t_arvalid_reg <= 1'b0;
    if (rfwd_reg && t_rvalid) begin
      rfwd_reg   <= 1'b0;
      rvalid_reg <= 1'b1;
      rdata_reg  <= t_rdata;
      rresp_reg  <= t_rresp;
    end
    if (rd_issue_reg) begin   // the block samples csr_re in this cycle
      rd_issue_reg <= 1'b0;
      rd_wait_reg  <= 1'b1;
    end
    if (rd_wait_reg) begin    // its csr_rdata is valid now
      rd_wait_reg <= 1'b0;
      rvalid_reg  <= 1'b1;
      rresp_reg   <= 2'b00;
      case (rd_sel_reg)
        3'd1:    rdata_reg <= rx_csr_rdata;
        3'd2:    rdata_reg <= cb_csr_rdata;
        3'd3:    rdata_reg <= inf_csr_rdata;
        default: rdata_reg <= 32'd0;
      endcase
    end
    if (rvalid_reg && s_axil_rready) rvalid_reg <= 1'b0;

    if (rst) begin
      aw_held_reg      <= 1'b0;
      w_held_reg       <= 1'b0;
      bvalid_reg       <= 1'b0;
      bresp_reg        <= 2'b00;
      wfwd_reg         <= 1'b0;
      rfwd_reg         <= 1'b0;
      t_awvalid_reg    <= 1'b0;
      t_wvalid_reg     <= 1'b0;
      t_arvalid_reg    <= 1'b0;
      t_awaddr_reg     <= '0;
      t_araddr_reg     <= '0;
      t_wdata_reg      <= '0;
      t_wstrb_reg      <= '0;
      rd_issue_reg     <= 1'b0;
      rd_wait_reg      <= 1'b0;
      rvalid_reg       <= 1'b0;
      rresp_reg        <= 2'b00;
      rd_sel_reg       <= 3'd4;
      rdata_reg        <= '0;
      rx_csr_we_reg    <= 1'b0;
      rx_csr_re_reg    <= 1'b0;
      cb_csr_we_reg    <= 1'b0;
      cb_csr_re_reg    <= 1'b0;
      inf_csr_re_reg   <= 1'b0;
      rx_csr_addr_reg  <= '0;
      cb_csr_addr_reg  <= '0;
      inf_addr_reg     <= '0;
      rx_csr_wdata_reg <= '0;
      cb_csr_wdata_reg <= '0;
    end
  end

  // ---------------------------------------------------------------- Outputs
  assign idle = top_idle && !aw_held_reg && !w_held_reg && !bvalid_reg && !wfwd_reg &&
                !rfwd_reg && !rd_issue_reg && !rd_wait_reg && !rvalid_reg;

endmodule

`resetall
