// SPDX-License-Identifier: MIT
// The event arbiter of dcqcn_nic_top (docs/nic.md, "The NIC top"): what the network
// simulation's C++ NIC core (systemc/net/nic_core_blocks.cpp, NicCoreBlocks: rp_result,
// np_result, timer_method, txop) does around the RP, the NP and the timer service, in RTL.
//
//   inputs (2-deep skid FIFOs)     RP issue (round robin)        RP results (mon, rfifo)
//   txdone, rxcnp, host, timers,
//   the sweep (AGE, op 7)       -> rp_iss --> dcqcn_rp --> mon_rp --> rfifo --> X
//   rxdata, NP timers/DRAIN     -> np_iss --> dcqcn_np --> mon_np --> nfifo --> Y
//   txop                        -> T (one TXOPP in flight)
//   X, Y, T -> XC, YC, TC --(round robin)--> cmd --> dcqcn_nic_sched --> sched result:
//       kinds 0/1/3 -> rq (RP timers), 2/4 -> nq (NP timer, DRAIN),
//       5 GRANT -> txsel + grant marker G, 6 NOGRANT -> txsel, 7 STALE -> TXOPP again
//       (kind 7 was the scan's; the wheel scheduler no longer produces it)
//
// X expands one RP result (in order) into scheduler commands: atmr/itmr/ctmr ARM or
// DISARM of kinds 0/1/3, then the departure step (kind 5) from the flow's word in the
// flow RAM {has_data, in_flight, query_seen}: a TX result arms the departure at
// next_tx_ns when its completion said `more` (or host data came while it was in flight),
// else disarms it; a QUERY (host DATA) arms it; any other paced result of a flow with data
// re-arms it (the RP re-timed it), but an AGE of the sweep arms nothing (every flow once
// per 2^29-ns epoch of now, so the RP's pacing words are read right: docs/nic.md "The
// sweep"). A flow is "in flight" from its GRANT (the marker G,
// applied by X before any later RP result) to its TX result: meanwhile its departure is
// not armed again (a second GRANT before the completion would send data the flow may not
// have): X applies the marker by a DISARM of the granted flow's departure (it cancels an
// ARM that reached the scheduler after the TXOPP), and the next TXOPP waits for that
// DISARM (one TXOPP in flight, none while a marker is pending). Y does the same for the
// NP: ARM kind 2 on tmr_set, the DRAIN slot (ARM on a new head or time, DISARM when the
// queue is empty), and the CNP request out. Every load enable depends on registers only:
// X, Y and T fill their command registers XC, YC, TC, the round robin picks among them;
// the RP / NP issue registers load only when empty.
//
// No loss, no deadlock: an event enters the RP (NP) only with a credit, i.e. room in
// rfifo (nfifo) for its result, so the blocks never wait on their outputs
// (m_out_ready = 1); the scheduler's results are taken while rq and nq have room. See
// docs/nic.md for the argument and its one assumption on the scheduler.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_nic_arb #(
    // ---------------------------------------------------------------- Parameters
    parameter int NUM_FLOWS = 1024   // flows (power of two, >= 2)
) (
    // ---------------------------------------------------------------- Ports
    input  logic          clk,
    input  logic          rst,
    input  logic [31:0]   now_ns,
    input  logic          pause,

    // AXI-Stream inputs (tdata layouts: dcqcn_nic_top.sv)
    input  logic          s_txop_valid,
    output logic          s_txop_ready,
    input  logic          s_txdone_valid,
    output logic          s_txdone_ready,
    input  logic [79:0]   s_txdone_data,
    input  logic          s_host_valid,
    output logic          s_host_ready,
    input  logic [63:0]   s_host_data,
    input  logic          s_rxcnp_valid,
    output logic          s_rxcnp_ready,
    input  logic [63:0]   s_rxcnp_data,
    input  logic          s_rxdata_valid,
    output logic          s_rxdata_ready,
    input  logic [63:0]   s_rxdata_data,
    // AXI-Stream outputs
    output logic          m_txsel_valid,
    input  logic          m_txsel_ready,
    output logic [63:0]   m_txsel_data,
    output logic          m_cnpreq_valid,
    input  logic          m_cnpreq_ready,
    output logic [63:0]   m_cnpreq_data,

    // RP events and results
    output logic          rp_evt_valid,
    input  logic          rp_evt_ready,
    output logic [2:0]    rp_evt_op,
    output logic [$clog2(NUM_FLOWS)-1:0] rp_evt_flow,
    output logic [31:0]   rp_evt_now_ns,
    output logic [15:0]   rp_evt_bytes,
    output logic          rp_evt_cnp_ue,
    output logic [31:0]   rp_evt_tau_ns,
    output logic [7:0]    rp_evt_gen,
    input  logic          rp_res_valid,
    input  logic [319:0]  rp_res,
    // NP events and results
    output logic          np_evt_valid,
    input  logic          np_evt_ready,
    output logic [1:0]    np_evt_op,
    output logic [$clog2(NUM_FLOWS)-1:0] np_evt_flow,
    output logic [31:0]   np_evt_now_ns,
    output logic [1:0]    np_evt_ecn,
    output logic [7:0]    np_evt_gen,
    input  logic          np_res_valid,
    input  logic [159:0]  np_res,
    // scheduler commands and results
    output logic          sch_evt_valid,
    input  logic          sch_evt_ready,
    output logic [1:0]    sch_evt_op,
    output logic [2:0]    sch_evt_kind,
    output logic [31:0]   sch_evt_flow,
    output logic [7:0]    sch_evt_gen,
    output logic [31:0]   sch_evt_at_ns,
    output logic [31:0]   sch_now_ns,
    output logic          sch_pause,
    input  logic          sch_settling,   // the scheduler's next_due may not show a command yet
    input  logic          sch_out_valid,
    output logic          sch_out_ready,
    input  logic [2:0]    sch_out_kind,
    input  logic [31:0]   sch_out_flow,
    input  logic [7:0]    sch_out_gen,
    input  logic [31:0]   sch_out_tx_ns,

    // monitor strobes (every RP / NP result, one cycle each)
    output logic          mon_rp_valid,
    output logic [319:0]  mon_rp_data,
    output logic          mon_np_valid,
    output logic [159:0]  mon_np_data,

    // status CSRs (0x200 of the top): read bus as the blocks'
    input  logic          csr_re,
    input  logic [7:0]    csr_addr,
    output logic [31:0]   csr_rdata,

    output logic          idle,
    output logic [31:0]   sweep_due_ns     // the next sweep's start: the next 2^29-ns epoch of now
);

  // ---------------------------------------------------------------- Parameter checks and constants
  if (NUM_FLOWS < 2 || (NUM_FLOWS & (NUM_FLOWS - 1)) != 0) begin : g_bad_num_flows
    initial $fatal(1, "%m: NUM_FLOWS (%0d) must be a power of two >= 2", NUM_FLOWS);
  end
  localparam int FW = $clog2(NUM_FLOWS);
  localparam int RCRED = 8;          // RP events in flight (rp_iss, dcqcn_rp, mon, rfifo)
  localparam int NCRED = 4;          // NP events in flight (np_iss, dcqcn_np, mon, nfifo)
  localparam int QD = 4;             // rq / nq depth (scheduler timer results)
  localparam logic [2:0] RP_TX = 3'd0, RP_CNP = 3'd1, RP_ALPHA = 3'd2, RP_INC = 3'd3,
                         RP_QUERY = 3'd4, RP_INIT = 3'd5, RP_CUT = 3'd6, RP_AGE = 3'd7;
  localparam logic [1:0] NP_RX = 2'd0, NP_TIMER = 2'd1, NP_DRAIN = 2'd3;
  localparam logic [1:0] S_ARM = 2'd1, S_DISARM = 2'd2, S_TXOPP = 2'd3;

  // word widths of the queues
  localparam int TDW = 32 + FW + 16 + 1;                 // txdone {tx_ns, flow, bytes, more}
  localparam int HW  = 32 + FW + 1;                      // host {arg, flow, init}
  localparam int CW  = 32 + FW + 1;                      // rxcnp {tau, flow, ue}
  localparam int DW  = FW + 2;                           // rxdata {flow, ecn}
  localparam int RQW = 3 + FW + 8;                       // rq {rp op, flow, gen}
  localparam int NQW = 1 + FW + 8;                       // nq {drain, flow, gen}
  localparam int RW  = 3 + FW + 1 + 32 + 3 * (2 + 8 + 32);  // rfifo (the RP result X needs)
  localparam int NW  = FW + 1 + 8 + 32 + 1 + 1 + 32 + 1 + FW + 32;  // nfifo
  localparam int QW  = 32 + FW + 1;                      // cnpq {tau, flow, kind}

  // reserved descriptor bits and flow bits at and above FW are ignored by design
  logic unused_in_bits;
  assign unused_in_bits = ^{s_txdone_data, s_host_data, s_rxcnp_data, s_rxdata_data, sch_out_flow};

  // ---------------------------------------------------------------- Input FIFOs
  logic          clearing_reg;
  logic [FW-1:0] clr_addr_reg;
  logic [1:0]    txop_cnt_reg;
  logic [1:0]    txdone_cnt, host_cnt, rxcnp_cnt, rxdata_cnt;
  logic          txdone_ne, host_ne, rxcnp_ne, rxdata_ne;   // count != 0 (registers)
  logic [TDW-1:0] txdone_q;
  logic [HW-1:0]  host_q;
  logic [CW-1:0]  rxcnp_q;
  logic [DW-1:0]  rxdata_q;
  logic txop_push, txdone_push, host_push, host_acc, rxcnp_push, rxdata_push;
  logic txop_pop, txdone_pop, host_pop, rxcnp_pop, rxdata_pop;

  assign s_txop_ready   = !clearing_reg && txop_cnt_reg != 2'd2;
  assign s_txdone_ready = !clearing_reg && txdone_cnt != 2'd2;
  assign s_host_ready   = !clearing_reg && host_cnt != 2'd2;
  assign s_rxcnp_ready  = !clearing_reg && rxcnp_cnt != 2'd2;
  assign s_rxdata_ready = !clearing_reg && rxdata_cnt != 2'd2;
  assign txop_push   = s_txop_valid && s_txop_ready;
  assign txdone_push = s_txdone_valid && s_txdone_ready;
  assign host_acc    = s_host_valid && s_host_ready;
  assign host_push   = host_acc && !s_host_data[49];          // op 2, 3: dropped, counted
  assign rxcnp_push  = s_rxcnp_valid && s_rxcnp_ready;
  assign rxdata_push = s_rxdata_valid && s_rxdata_ready;

  dcqcn_nic_fifo #(.WIDTH(TDW), .DEPTH(2)) u_txdone_q (
    .clk(clk), .rst(rst), .push(txdone_push),
    .s_data({s_txdone_data[31:0], s_txdone_data[32 +: FW], s_txdone_data[63:48], s_txdone_data[64]}),
    .pop(txdone_pop), .m_data(txdone_q), .count(txdone_cnt),
    .nonempty(txdone_ne));
  dcqcn_nic_fifo #(.WIDTH(HW), .DEPTH(2)) u_host_q (
    .clk(clk), .rst(rst), .push(host_push),
    .s_data({s_host_data[31:0], s_host_data[32 +: FW], s_host_data[48]}),
    .pop(host_pop), .m_data(host_q), .count(host_cnt),
    .nonempty(host_ne));
  dcqcn_nic_fifo #(.WIDTH(CW), .DEPTH(2)) u_rxcnp_q (
    .clk(clk), .rst(rst), .push(rxcnp_push),
    .s_data({s_rxcnp_data[31:0], s_rxcnp_data[32 +: FW], s_rxcnp_data[48]}),
    .pop(rxcnp_pop), .m_data(rxcnp_q), .count(rxcnp_cnt),
    .nonempty(rxcnp_ne));
  dcqcn_nic_fifo #(.WIDTH(DW), .DEPTH(2)) u_rxdata_q (
    .clk(clk), .rst(rst), .push(rxdata_push),
    .s_data({s_rxdata_data[32 +: FW], s_rxdata_data[49:48]}),
    .pop(rxdata_pop), .m_data(rxdata_q), .count(rxdata_cnt),
    .nonempty(rxdata_ne));

  // ---------------------------------------------------------------- Pipeline stages
  // time and pause, registered once: every block and every event of a cycle sees these
  logic [31:0] now_reg;
  logic        pause_reg;
  assign sch_now_ns = now_reg;
  assign sch_pause  = pause_reg;

  // ---- scheduler results: rq (RP timers), nq (NP timer, DRAIN), the transmit path
  logic [2:0]     rq_cnt, nq_cnt;
  logic           rq_ne, nq_ne;
  logic [RQW-1:0] rq_q;
  logic [NQW-1:0] nq_q;
  logic           rq_push, nq_push, rq_pop, nq_pop;
  logic           sr_take;
  logic [2:0]     rq_op;

  // room in rq and nq, from a register (the same value as the compare of the counts: it
  // is computed from the counts after this cycle's pushes and pops)
  logic sr_ready_reg;
  logic rq_full_next, nq_full_next;
  assign sch_out_ready = sr_ready_reg;
  assign rq_full_next = (rq_cnt == 3'(QD) && !(rq_pop && !rq_push)) ||
                        (rq_cnt == 3'(QD - 1) && rq_push && !rq_pop);
  assign nq_full_next = (nq_cnt == 3'(QD) && !(nq_pop && !nq_push)) ||
                        (nq_cnt == 3'(QD - 1) && nq_push && !nq_pop);
  assign sr_take = sch_out_valid && sch_out_ready;
  assign rq_push = sr_take && (sch_out_kind == 3'd0 || sch_out_kind == 3'd1 || sch_out_kind == 3'd3);
  assign nq_push = sr_take && (sch_out_kind == 3'd2 || sch_out_kind == 3'd4);
  assign rq_op   = sch_out_kind == 3'd0 ? RP_ALPHA : sch_out_kind == 3'd1 ? RP_INC : RP_CUT;

  dcqcn_nic_fifo #(.WIDTH(RQW), .DEPTH(QD)) u_rq (
    .clk(clk), .rst(rst), .push(rq_push), .s_data({rq_op, sch_out_flow[FW-1:0], sch_out_gen}),
    .pop(rq_pop), .m_data(rq_q), .count(rq_cnt), .nonempty(rq_ne));
  dcqcn_nic_fifo #(.WIDTH(NQW), .DEPTH(QD)) u_nq (
    .clk(clk), .rst(rst), .push(nq_push),
    .s_data({sch_out_kind == 3'd4, sch_out_flow[FW-1:0], sch_out_gen}),
    .pop(nq_pop), .m_data(nq_q), .count(nq_cnt), .nonempty(nq_ne));

  // ---- the sweep (docs/nic.md "The sweep"): every flow gets an AGE event once per 2^29-ns
  // epoch of now, so that the RP reads its pacing word right (docs/rp.md "Time": a flow
  // must see an event at least every 2^30 ns). A sweep starts when the registered now
  // enters an epoch other than the last sweep's (after the RAM clear), from flow 0, and
  // issues one AGE per flow through the RP's round robin (its fifth source); a new epoch
  // during a sweep restarts it. The top shows the next epoch's start on sweep_due_ns, so a
  // simulation that stops the clock clocks the top at that time (or lazily, before its next
  // input: docs/nic.md "The sweep").
  logic [2:0]    sw_ep_reg;          // the epoch (now[31:29]) of the last sweep's start
  logic          sw_on_reg;          // a sweep in progress
  logic [FW-1:0] sw_flow_reg;        // its next flow
  logic          sw_new;
  assign sw_new = !clearing_reg && now_reg[31:29] != sw_ep_reg;
  assign sweep_due_ns = {sw_ep_reg + 3'd1, 29'd0};

  // ---- RP issue: round robin over rq, txdone, rxcnp, host, the sweep; one credit per event
  logic          rp_iss_valid_reg;
  logic [2:0]    rp_iss_op_reg;
  logic [FW-1:0] rp_iss_flow_reg;
  logic [31:0]   rp_iss_now_reg, rp_iss_tau_reg;
  logic [15:0]   rp_iss_bytes_reg;
  logic          rp_iss_ue_reg;
  logic [7:0]    rp_iss_gen_reg;
  logic [4:0]    rp_rr_reg;          // one-hot
  logic [3:0]    rp_cred_reg;
  logic [4:0]    rp_req;
  logic [2:0]    rp_pick;
  logic          rp_ld, rp_ld_ok, rp_any;
  logic          tag_more;
  logic [3:0]    tag_cnt_unused;
  logic          tag_ne_unused;

  assign rp_evt_valid  = rp_iss_valid_reg;
  assign rp_evt_op     = rp_iss_op_reg;
  assign rp_evt_flow   = rp_iss_flow_reg;
  assign rp_evt_now_ns = rp_iss_now_reg;
  assign rp_evt_bytes  = rp_iss_bytes_reg;
  assign rp_evt_cnp_ue = rp_iss_ue_reg;
  assign rp_evt_tau_ns = rp_iss_tau_reg;
  assign rp_evt_gen    = rp_iss_gen_reg;

  assign rp_req = {sw_on_reg, host_ne, rxcnp_ne, txdone_ne, rq_ne};
  // round robin with a one-hot pointer (rp_rr_reg: the source served first): source i is
  // picked when it requests and the pointer is at i, or at j before it with no request
  // from j up to i. (The sweep is the fifth source: while it does not request, the four
  // others are served in the order they were before it existed.)
  logic [4:0] rp_pick_oh;
  logic       rr_clear, rr_hit;
  always_comb begin
    for (int i = 0; i < 5; i++) begin
      rr_clear = 1'b1;
      rr_hit   = rp_rr_reg[i];
      for (int j = 1; j < 5; j++) begin
        rr_clear = rr_clear && !rp_req[(i + 5 - j) % 5];
        rr_hit   = rr_hit || (rp_rr_reg[(i + 5 - j) % 5] && rr_clear);
      end
      rp_pick_oh[i] = rp_req[i] && rr_hit;
    end
    rp_any  = rp_req != 5'd0;
    rp_pick = rp_pick_oh[1] ? 3'd1 : rp_pick_oh[2] ? 3'd2 : rp_pick_oh[3] ? 3'd3 :
              rp_pick_oh[4] ? 3'd4 : 3'd0;
  end
  // the issue register loads only when empty (an event at most every other cycle): the load
  // enable comes from registers, not from the RP's ready
  assign rp_ld_ok = !rp_iss_valid_reg && rp_cred_reg != 4'(RCRED);
  assign rp_ld    = rp_any && rp_ld_ok;
  // (rp_pick_oh is one-hot when rp_any: a pick bit implies rp_any)
  assign rq_pop     = rp_pick_oh[0] && rp_ld_ok;
  assign txdone_pop = rp_pick_oh[1] && rp_ld_ok;
  assign rxcnp_pop  = rp_pick_oh[2] && rp_ld_ok;
  assign host_pop   = rp_pick_oh[3] && rp_ld_ok;

  // the completion's `more`, in RP order beside the events (popped with their results)
  logic x_pop_r;
  dcqcn_nic_fifo #(.WIDTH(1), .DEPTH(RCRED)) u_tag (
    .clk(clk), .rst(rst), .push(rp_ld), .s_data(rp_pick_oh[1] && txdone_q[0]),
    .pop(x_pop_r), .m_data(tag_more), .count(tag_cnt_unused), .nonempty(tag_ne_unused));

  // ---- RP results: monitor register, rfifo
  logic         mon_rp_valid_reg;
  logic [319:0] mon_rp_data_reg;
  logic [RW-1:0] rf_q;
  logic [3:0]   rf_cnt_unused;   // (rf_ne is the count's only use)
  logic         rf_ne;
  assign mon_rp_valid = mon_rp_valid_reg;
  assign mon_rp_data  = mon_rp_data_reg;

  dcqcn_nic_fifo #(.WIDTH(RW), .DEPTH(RCRED)) u_rfifo (
    .clk(clk), .rst(rst), .push(mon_rp_valid_reg),
    .s_data({mon_rp_data_reg[206:204], mon_rp_data_reg[208 +: FW], mon_rp_data_reg[234],
             mon_rp_data_reg[31:0],
             mon_rp_data_reg[201:200], mon_rp_data_reg[191:184], mon_rp_data_reg[127:96],
             mon_rp_data_reg[203:202], mon_rp_data_reg[199:192], mon_rp_data_reg[159:128],
             mon_rp_data_reg[233:232], mon_rp_data_reg[231:224], mon_rp_data_reg[287:256]}),
    .pop(x_pop_r), .m_data(rf_q), .count(rf_cnt_unused), .nonempty(rf_ne));

  // ---- NP issue: round robin over nq, rxdata
  logic          np_iss_valid_reg;
  logic [1:0]    np_iss_op_reg;
  logic [FW-1:0] np_iss_flow_reg;
  logic [31:0]   np_iss_now_reg;
  logic [1:0]    np_iss_ecn_reg;
  logic [7:0]    np_iss_gen_reg;
  logic          np_rr_reg;
  logic [2:0]    np_cred_reg;
  logic          np_ld, np_pick;
  logic          y_pop;

  assign np_evt_valid  = np_iss_valid_reg;
  assign np_evt_op     = np_iss_op_reg;
  assign np_evt_flow   = np_iss_flow_reg;
  assign np_evt_now_ns = np_iss_now_reg;
  assign np_evt_ecn    = np_iss_ecn_reg;
  assign np_evt_gen    = np_iss_gen_reg;

  always_comb begin
    if (np_rr_reg) np_pick = rxdata_ne;
    else           np_pick = !nq_ne;
  end
  assign np_ld = (nq_ne || rxdata_ne) && !np_iss_valid_reg &&
                 np_cred_reg != 3'(NCRED);
  assign nq_pop     = np_ld && !np_pick;
  assign rxdata_pop = np_ld && np_pick;

  // ---- NP results: monitor register, nfifo
  logic         mon_np_valid_reg;
  logic [159:0] mon_np_data_reg;
  logic [NW-1:0] nf_q;
  logic [2:0]   nf_cnt_unused;
  logic         nf_ne;
  assign mon_np_valid = mon_np_valid_reg;
  assign mon_np_data  = mon_np_data_reg;

  dcqcn_nic_fifo #(.WIDTH(NW), .DEPTH(NCRED)) u_nfifo (
    .clk(clk), .rst(rst), .push(mon_np_valid_reg),
    .s_data({mon_np_data_reg[80 +: FW], mon_np_data_reg[76], mon_np_data_reg[71:64],
             mon_np_data_reg[63:32], mon_np_data_reg[74], mon_np_data_reg[75],
             mon_np_data_reg[31:0], mon_np_data_reg[98], mon_np_data_reg[112 +: FW],
             mon_np_data_reg[159:128]}),
    .pop(y_pop), .m_data(nf_q), .count(nf_cnt_unused), .nonempty(nf_ne));

  // ---- X: one RP result (or the grant marker G) at a time. X loads only when empty (a
  // result takes at least 2 cycles) and puts each command into its own register XC, only
  // when XC is empty: every decision here depends on registers alone.
  logic          g_valid_reg;          // G: a GRANT not yet applied to the flow RAM
  logic [FW-1:0] g_flow_reg;
  logic          x_valid_reg, x_is_g_reg;
  logic [2:0]    x_mask_reg;           // pending steps: alpha, inc, cut (then the departure)
  logic [2:0]    x_op_reg;
  logic [FW-1:0] x_flow_reg;
  logic          x_paced_reg, x_more_reg;
  logic [31:0]   x_next_reg;
  logic [1:0]    x_tmr_reg [0:2];
  logic [7:0]    x_gen_reg [0:2];
  logic [31:0]   x_dl_reg  [0:2];
  logic          x_gset_reg;           // a GRANT of x's flow was taken since X loaded it
  logic [2:0]    fl_rdata;             // flow RAM {has_data, in_flight, query_seen}
  logic          x_ld, x_ld_g, x_done, x_step;
  logic [1:0]    x_k;
  logic [2:0]    x_koh;
  logic          x_cmd_needed;
  logic [1:0]    x_cmd_op;
  logic [2:0]    x_cmd_kind;
  logic [7:0]    x_cmd_gen;
  logic [31:0]   x_cmd_at;
  logic [2:0]    x_wr_word;
  logic          x_infl;
  logic          fl_we;
  logic [FW-1:0] fl_waddr, fl_raddr;
  logic [2:0]    fl_wdata;
  logic          g_take;               // a GRANT taken from the scheduler this cycle
  logic          xc_valid_reg, xc_g_reg;  // XC: X's next command (xc_g: the marker's DISARM)
  logic [1:0]    xc_op_reg;
  logic [2:0]    xc_kind_reg;
  logic [FW-1:0] xc_flow_reg;
  logic [7:0]    xc_gen_reg;
  logic [31:0]   xc_at_reg;

  assign g_take = sr_take && sch_out_kind == 3'd5;
  assign x_ld_g = !x_valid_reg && g_valid_reg;
  assign x_ld   = !x_valid_reg && (g_valid_reg || rf_ne);
  assign x_pop_r = !x_valid_reg && !g_valid_reg && rf_ne;
  assign x_infl = fl_rdata[1] || x_gset_reg;

  // the lowest pending timer step (x_koh one-hot, 0 when none: x_k = 3)
  always_comb begin
    x_koh = {x_mask_reg[2] && !x_mask_reg[1] && !x_mask_reg[0], x_mask_reg[1] && !x_mask_reg[0],
             x_mask_reg[0]};
    x_k   = x_mask_reg[0] ? 2'd0 : x_mask_reg[1] ? 2'd1 : x_mask_reg[2] ? 2'd2 : 2'd3;
  end

  always_comb begin
    x_cmd_needed = 1'b0;
    x_cmd_op     = S_ARM;
    x_cmd_kind   = 3'd5;
    x_cmd_gen    = 8'd0;
    x_cmd_at     = x_next_reg;
    x_wr_word    = {fl_rdata[2], x_infl, fl_rdata[0]};
    if (x_k != 2'd3) begin
      x_cmd_needed = 1'b1;
      x_cmd_op     = x_tmr_reg[x_k] == 2'd1 ? S_ARM : S_DISARM;
      x_cmd_kind   = x_k == 2'd0 ? 3'd0 : x_k == 2'd1 ? 3'd1 : 3'd3;
      x_cmd_gen    = x_gen_reg[x_k];
      x_cmd_at     = x_dl_reg[x_k];
    end else if (x_is_g_reg) begin
      // the granted flow: in flight; cancel any departure armed while the TXOPP was out
      x_cmd_needed = 1'b1;
      x_cmd_op     = S_DISARM;
      x_wr_word    = {fl_rdata[2], 1'b1, fl_rdata[0]};
    end else if (x_op_reg == RP_TX) begin
      x_cmd_needed = 1'b1;
      x_cmd_op     = (x_more_reg || fl_rdata[0]) ? S_ARM : S_DISARM;
      x_wr_word    = {x_more_reg || fl_rdata[0], 2'b00};
    end else if (x_op_reg == RP_AGE) begin
      // the sweep's: the departure stays as it is (an aged pacing word only ever answers a
      // time already due, docs/rp.md "Time")
    end else if (x_op_reg == RP_QUERY) begin
      if (x_infl) begin
        x_wr_word = 3'b111;
      end else begin
        x_cmd_needed = 1'b1;
        x_wr_word    = 3'b100;
      end
    end else if (x_paced_reg && fl_rdata[2] && !x_infl) begin
      x_cmd_needed = 1'b1;
    end
  end

  // a step is done when its command goes into XC (or it needs none)
  assign x_step = x_valid_reg && (!x_cmd_needed || !xc_valid_reg);
  assign x_done = x_step && x_k == 2'd3;

  // flow RAM (distributed RAM, registered read): cleared after rst; written by X only,
  // when X finishes a result or a marker; read when X loads (a write the cycle before is
  // seen: no forwarding)
  assign fl_we    = clearing_reg || x_done;
  assign fl_waddr = clearing_reg ? clr_addr_reg : x_flow_reg;
  assign fl_wdata = clearing_reg ? 3'b000 : x_wr_word;
  assign fl_raddr = g_valid_reg ? g_flow_reg : rf_q[RW-4 -: FW];

  (* ram_style = "distributed" *) logic [2:0] fl_mem [0:NUM_FLOWS-1];
  always_ff @(posedge clk) begin
    if (fl_we) fl_mem[fl_waddr] <= fl_wdata;
    if (x_ld) fl_rdata <= fl_mem[fl_raddr];
  end

  // ---- Y: one NP result at a time (loads only when empty), commands through YC
  logic          y_valid_reg;
  logic [2:0]    y_mask_reg;           // pending: hold-off ARM, DRAIN step, CNP request
  logic [FW-1:0] y_flow_reg, y_qflow_reg;
  logic [7:0]    y_tgen_reg;
  logic [31:0]   y_tdl_reg, y_tau_reg, y_qat_reg;
  logic          y_kind_reg, y_qvalid_reg;
  logic          y_same_reg;           // (q_flow, q_at) equals the DRAIN slot's (at load)
  logic          drain_on_reg;
  logic [FW-1:0] drain_flow_reg;
  logic [31:0]   drain_at_reg;
  logic          y_done, y_chg, y_dis, y_step, y_cnp_push, y_cmd;
  logic [2:0]    y_mask_after;
  logic [1:0]    cnpq_cnt;
  logic          cnpq_ne;
  logic          yc_valid_reg;
  logic [1:0]    yc_op_reg;
  logic [2:0]    yc_kind_reg;
  logic [FW-1:0] yc_flow_reg;
  logic [7:0]    yc_gen_reg;
  logic [31:0]   yc_at_reg;

  assign y_chg = y_qvalid_reg && (!drain_on_reg || !y_same_reg);
  assign y_dis = !y_qvalid_reg && drain_on_reg;
  // this step's command: the hold-off ARM, or the DRAIN slot's ARM / DISARM
  assign y_cmd  = y_mask_reg[0] || (y_mask_reg[1] && (y_chg || y_dis));
  assign y_step = y_valid_reg && (y_mask_reg[1:0] != 2'b00) && (!y_cmd || !yc_valid_reg);
  assign y_cnp_push = y_valid_reg && y_mask_reg[2] && cnpq_cnt != 2'd2;
  always_comb begin
    y_mask_after = y_mask_reg;
    if (y_step) begin
      if (y_mask_reg[0]) y_mask_after[0] = 1'b0;
      else               y_mask_after[1] = 1'b0;
    end
    if (y_cnp_push) y_mask_after[2] = 1'b0;
  end
  assign y_done = y_valid_reg && y_mask_after == 3'b000;
  assign y_pop  = !y_valid_reg && nf_ne;

  // ---- CNP requests out
  logic [QW-1:0] cnpq_q;
  logic          cnpq_pop;
  assign cnpq_pop = m_cnpreq_valid && m_cnpreq_ready;
  dcqcn_nic_fifo #(.WIDTH(QW), .DEPTH(2)) u_cnpq (
    .clk(clk), .rst(rst), .push(y_cnp_push), .s_data({y_tau_reg, y_flow_reg, y_kind_reg}),
    .pop(cnpq_pop), .m_data(cnpq_q), .count(cnpq_cnt), .nonempty(cnpq_ne));
  assign m_cnpreq_valid = cnpq_ne;
  assign m_cnpreq_data  = m_cnpreq_valid ? {15'd0, cnpq_q[0], 16'(cnpq_q[FW:1]), cnpq_q[QW-1 -: 32]}
                                         : 64'd0;

  // ---- T: transmit opportunities (one TXOPP in flight, none while a grant marker or its
  // DISARM waits), the txsel register
  logic          tc_valid_reg, t_ld;
  logic          ts_valid_reg, ts_grant_reg;
  logic [FW-1:0] ts_flow_reg;
  logic [31:0]   ts_tx_reg;
  logic          txop_busy_reg;
  assign t_ld = !tc_valid_reg && txop_cnt_reg != 2'd0 && !txop_busy_reg && !ts_valid_reg &&
                !g_valid_reg && !(x_valid_reg && x_is_g_reg) && !(xc_valid_reg && xc_g_reg);
  assign txop_pop = sr_take && (sch_out_kind == 3'd5 || sch_out_kind == 3'd6);
  assign m_txsel_valid = ts_valid_reg;
  assign m_txsel_data  = {15'd0, ts_grant_reg, 16'(ts_flow_reg), ts_tx_reg};

  // ---- the command register: round robin over XC, YC, TC (all registers)
  logic          cmd_valid_reg;
  logic [1:0]    cmd_op_reg;
  logic [2:0]    cmd_kind_reg;
  logic [FW-1:0] cmd_flow_reg;
  logic [7:0]    cmd_gen_reg;
  logic [31:0]   cmd_at_reg;
  logic [2:0]    cmd_rr_reg;         // one-hot
  logic          cmd_free;
  logic [1:0]    cmd_pick;
  logic          cmd_any;
  logic [2:0]    cmd_req;
  logic          xc_take, yc_take, tc_take;

  assign sch_evt_valid = cmd_valid_reg;
  assign sch_evt_op    = cmd_op_reg;
  assign sch_evt_kind  = cmd_kind_reg;
  assign sch_evt_flow  = 32'(cmd_flow_reg);
  assign sch_evt_gen   = cmd_gen_reg;
  assign sch_evt_at_ns = cmd_at_reg;

  // round robin with a one-hot pointer (cmd_rr_reg: the source served first)
  logic [2:0] cmd_pick_oh;
  assign cmd_free = !cmd_valid_reg || sch_evt_ready;
  assign cmd_req  = {tc_valid_reg, yc_valid_reg, xc_valid_reg};
  always_comb begin
    for (int i = 0; i < 3; i++) begin
      cmd_pick_oh[i] = cmd_req[i] && (cmd_rr_reg[i] ||
                       (cmd_rr_reg[(i + 2) % 3] && !cmd_req[(i + 2) % 3]) ||
                       (cmd_rr_reg[(i + 1) % 3] && !cmd_req[(i + 1) % 3] && !cmd_req[(i + 2) % 3]));
    end
    cmd_any  = cmd_req != 3'd0;
    cmd_pick = cmd_pick_oh[1] ? 2'd1 : cmd_pick_oh[2] ? 2'd2 : 2'd0;
  end
  assign xc_take = cmd_free && cmd_pick_oh[0];
  assign yc_take = cmd_free && cmd_pick_oh[1];
  assign tc_take = cmd_free && cmd_pick_oh[2];

  // ---- status counters (CSRs at 0x200)
  logic [31:0] cnt_txop_reg, cnt_txdone_reg, cnt_host_reg, cnt_rxcnp_reg, cnt_rxdata_reg;
  logic [31:0] cnt_cnpreq_reg, cnt_grant_reg, dropped_reg;
  logic [3:0]  hwm_rp_reg;
  logic [2:0]  hwm_np_reg, hwm_rq_reg;
  // the status window (the generated CSR file, tb/ref/regmap_top.h): TOP_ID, NUM_FLOWS,
  // VERSION and these counters, read-only
  dcqcn_nic_top_csr u_csr (
    .clk(clk), .rst(rst),
    .csr_re(csr_re), .csr_addr(csr_addr), .csr_rdata(csr_rdata),
    .sts_num_flows(32'(NUM_FLOWS)), .sts_dropped(dropped_reg), .sts_txop_in(cnt_txop_reg),
    .sts_txdone_in(cnt_txdone_reg), .sts_host_in(cnt_host_reg), .sts_rxcnp_in(cnt_rxcnp_reg),
    .sts_rxdata_in(cnt_rxdata_reg), .sts_cnpreq_out(cnt_cnpreq_reg),
    .sts_grants_out(cnt_grant_reg), .sts_rp_inflight_hwm(32'(hwm_rp_reg)),
    .sts_np_inflight_hwm(32'(hwm_np_reg)), .sts_timerq_hwm(32'(hwm_rq_reg))
  );

  always_ff @(posedge clk) begin
    now_reg   <= now_ns;
    pause_reg <= pause;
    sr_ready_reg <= !rq_full_next && !nq_full_next;

    // clearing walk of the flow RAM
    if (clearing_reg) begin
      clr_addr_reg <= clr_addr_reg + 1'b1;
      if (clr_addr_reg == FW'(NUM_FLOWS - 1)) clearing_reg <= 1'b0;
    end

    txop_cnt_reg <= txop_cnt_reg + {1'b0, txop_push} - {1'b0, txop_pop};

    // RP issue
    if (rp_ld) begin
      rp_iss_valid_reg <= 1'b1;
      rp_rr_reg        <= {rp_pick_oh[3:0], rp_pick_oh[4]};
      rp_iss_now_reg   <= now_reg;
      rp_iss_bytes_reg <= 16'd0;
      rp_iss_ue_reg    <= 1'b0;
      rp_iss_tau_reg   <= 32'd0;
      rp_iss_gen_reg   <= 8'd0;
      case (rp_pick)
        3'd0: begin
          rp_iss_op_reg   <= rq_q[RQW-1 -: 3];
          rp_iss_flow_reg <= rq_q[8 +: FW];
          rp_iss_gen_reg  <= rq_q[7:0];
        end
        3'd1: begin
          rp_iss_op_reg    <= RP_TX;
          rp_iss_flow_reg  <= txdone_q[17 +: FW];
          rp_iss_now_reg   <= txdone_q[TDW-1 -: 32];
          rp_iss_bytes_reg <= txdone_q[16:1];
        end
        3'd2: begin
          rp_iss_op_reg   <= RP_CNP;
          rp_iss_flow_reg <= rxcnp_q[1 +: FW];
          rp_iss_tau_reg  <= rxcnp_q[CW-1 -: 32];
          rp_iss_ue_reg   <= rxcnp_q[0];
        end
        3'd3: begin
          rp_iss_op_reg   <= host_q[0] ? RP_INIT : RP_QUERY;
          rp_iss_flow_reg <= host_q[1 +: FW];
          rp_iss_tau_reg  <= host_q[0] ? host_q[HW-1 -: 32] : 32'd0;
        end
        default: begin
          rp_iss_op_reg   <= RP_AGE;
          rp_iss_flow_reg <= sw_flow_reg;
        end
      endcase
    end else if (rp_evt_ready) begin
      rp_iss_valid_reg <= 1'b0;
    end
    rp_cred_reg <= rp_cred_reg + {3'd0, rp_ld} - {3'd0, x_pop_r};

    // the sweep
    if (sw_new) begin
      sw_ep_reg   <= now_reg[31:29];
      sw_on_reg   <= 1'b1;
      sw_flow_reg <= '0;
    end else if (rp_ld && rp_pick_oh[4]) begin
      sw_flow_reg <= sw_flow_reg + 1'b1;
      if (sw_flow_reg == FW'(NUM_FLOWS - 1)) sw_on_reg <= 1'b0;
    end

    mon_rp_valid_reg <= rp_res_valid;
    mon_rp_data_reg  <= rp_res_valid ? rp_res : 320'd0;

    // NP issue
    if (np_ld) begin
      np_iss_valid_reg <= 1'b1;
      np_rr_reg        <= !np_pick;
      np_iss_now_reg   <= now_reg;
      np_iss_ecn_reg   <= 2'd0;
      np_iss_gen_reg   <= 8'd0;
      if (!np_pick) begin
        np_iss_op_reg   <= nq_q[NQW-1] ? NP_DRAIN : NP_TIMER;
        np_iss_flow_reg <= nq_q[8 +: FW];
        np_iss_gen_reg  <= nq_q[NQW-1] ? 8'd0 : nq_q[7:0];
      end else begin
        np_iss_op_reg   <= NP_RX;
        np_iss_flow_reg <= rxdata_q[2 +: FW];
        np_iss_ecn_reg  <= rxdata_q[1:0];
      end
    end else if (np_evt_ready) begin
      np_iss_valid_reg <= 1'b0;
    end
    np_cred_reg <= np_cred_reg + {2'd0, np_ld} - {2'd0, y_pop};

    mon_np_valid_reg <= np_res_valid;
    mon_np_data_reg  <= np_res_valid ? np_res : 160'd0;

    // G: the grant marker
    if (g_take) begin
      g_valid_reg <= 1'b1;
      g_flow_reg  <= sch_out_flow[FW-1:0];
    end else if (x_ld_g) begin
      g_valid_reg <= 1'b0;
    end

    // X
    if (x_ld) begin
      x_valid_reg <= 1'b1;
      x_is_g_reg  <= x_ld_g;
      x_flow_reg  <= fl_raddr;
      x_gset_reg  <= g_take && sch_out_flow[FW-1:0] == fl_raddr;
      if (x_ld_g) begin
        x_mask_reg <= 3'b000;
        x_op_reg   <= RP_QUERY;
        x_more_reg <= 1'b0;
      end else begin
        x_op_reg    <= rf_q[RW-1 -: 3];
        x_paced_reg <= rf_q[RW-4-FW];
        x_next_reg  <= rf_q[RW-5-FW -: 32];
        x_tmr_reg[0] <= rf_q[125:124];
        x_gen_reg[0] <= rf_q[123:116];
        x_dl_reg[0]  <= rf_q[115:84];
        x_tmr_reg[1] <= rf_q[83:82];
        x_gen_reg[1] <= rf_q[81:74];
        x_dl_reg[1]  <= rf_q[73:42];
        x_tmr_reg[2] <= rf_q[41:40];
        x_gen_reg[2] <= rf_q[39:32];
        x_dl_reg[2]  <= rf_q[31:0];
        x_mask_reg  <= {rf_q[41:40] != 2'd0, rf_q[83:82] != 2'd0, rf_q[125:124] != 2'd0};
        x_more_reg  <= tag_more;
      end
    end else begin
      if (x_done) x_valid_reg <= 1'b0;
      if (x_step) x_mask_reg <= x_mask_reg & ~x_koh;
      if (x_valid_reg && g_take && sch_out_flow[FW-1:0] == x_flow_reg) x_gset_reg <= 1'b1;
    end
    if (x_step && x_cmd_needed) begin
      xc_valid_reg <= 1'b1;
      xc_g_reg     <= x_is_g_reg && x_k == 2'd3;
      xc_op_reg    <= x_cmd_op;
      xc_kind_reg  <= x_cmd_kind;
      xc_flow_reg  <= x_flow_reg;
      xc_gen_reg   <= x_cmd_gen;
      xc_at_reg    <= x_cmd_at;
    end else if (xc_take) begin
      xc_valid_reg <= 1'b0;
    end

    // Y (its DRAIN decision updates the slot when the command goes into YC)
    if (y_pop) begin
      y_valid_reg  <= 1'b1;
      y_flow_reg   <= nf_q[NW-1 -: FW];
      y_mask_reg   <= {nf_q[NW-FW-42], 1'b1, nf_q[NW-FW-1]};
      y_tgen_reg   <= nf_q[NW-FW-2 -: 8];
      y_tdl_reg    <= nf_q[NW-FW-10 -: 32];
      y_kind_reg   <= nf_q[NW-FW-43];
      y_tau_reg    <= nf_q[NW-FW-44 -: 32];
      y_qvalid_reg <= nf_q[32 + FW];
      y_qflow_reg  <= nf_q[32 +: FW];
      y_qat_reg    <= nf_q[31:0];
      y_same_reg   <= nf_q[32 +: FW] == drain_flow_reg && nf_q[31:0] == drain_at_reg;
    end else begin
      if (y_done) y_valid_reg <= 1'b0;
      y_mask_reg <= y_mask_after;
    end
    if (y_step && y_cmd) begin
      yc_valid_reg <= 1'b1;
      yc_op_reg    <= y_mask_reg[0] ? S_ARM : (y_chg ? S_ARM : S_DISARM);
      yc_kind_reg  <= y_mask_reg[0] ? 3'd2 : 3'd4;
      yc_flow_reg  <= y_mask_reg[0] ? y_flow_reg : (y_chg ? y_qflow_reg : '0);
      yc_gen_reg   <= y_mask_reg[0] ? y_tgen_reg : 8'd0;
      yc_at_reg    <= y_mask_reg[0] ? y_tdl_reg : (y_chg ? y_qat_reg : 32'd0);
    end else if (yc_take) begin
      yc_valid_reg <= 1'b0;
    end
    if (y_step && !y_mask_reg[0] && y_chg) begin
      drain_on_reg   <= 1'b1;
      drain_flow_reg <= y_qflow_reg;
      drain_at_reg   <= y_qat_reg;
    end else if (y_step && !y_mask_reg[0] && y_dis) begin
      drain_on_reg <= 1'b0;
    end else if (sr_take && sch_out_kind == 3'd4) begin
      drain_on_reg <= 1'b0;
    end

    // T and the txsel register
    if (t_ld) tc_valid_reg <= 1'b1;
    else if (tc_take) tc_valid_reg <= 1'b0;
    if (t_ld) txop_busy_reg <= 1'b1;
    else if (sr_take && sch_out_kind >= 3'd5) txop_busy_reg <= 1'b0;
    if (sr_take && sch_out_kind == 3'd5) begin
      ts_valid_reg <= 1'b1;
      ts_grant_reg <= 1'b1;
      ts_flow_reg  <= sch_out_flow[FW-1:0];
      ts_tx_reg    <= sch_out_tx_ns;
    end else if (sr_take && sch_out_kind == 3'd6) begin
      ts_valid_reg <= 1'b1;
      ts_grant_reg <= 1'b0;
      ts_flow_reg  <= '0;
      ts_tx_reg    <= 32'd0;
    end else if (m_txsel_ready) begin
      ts_valid_reg <= 1'b0;
      ts_grant_reg <= 1'b0;
      ts_flow_reg  <= '0;
      ts_tx_reg    <= 32'd0;
    end

    // the command register
    if (cmd_free && cmd_any) begin
      cmd_valid_reg <= 1'b1;
      cmd_rr_reg    <= {cmd_pick_oh[1:0], cmd_pick_oh[2]};
      case (cmd_pick)
        2'd0: begin
          cmd_op_reg   <= xc_op_reg;
          cmd_kind_reg <= xc_kind_reg;
          cmd_flow_reg <= xc_flow_reg;
          cmd_gen_reg  <= xc_gen_reg;
          cmd_at_reg   <= xc_at_reg;
        end
        2'd1: begin
          cmd_op_reg   <= yc_op_reg;
          cmd_kind_reg <= yc_kind_reg;
          cmd_flow_reg <= yc_flow_reg;
          cmd_gen_reg  <= yc_gen_reg;
          cmd_at_reg   <= yc_at_reg;
        end
        default: begin
          cmd_op_reg   <= S_TXOPP;
          cmd_kind_reg <= 3'd0;
          cmd_flow_reg <= '0;
          cmd_gen_reg  <= 8'd0;
          cmd_at_reg   <= 32'd0;
        end
      endcase
    end else if (sch_evt_ready) begin
      cmd_valid_reg <= 1'b0;
    end

    // status counters
    if (txop_push)   cnt_txop_reg   <= cnt_txop_reg + 32'd1;
    if (txdone_push) cnt_txdone_reg <= cnt_txdone_reg + 32'd1;
    if (host_push)   cnt_host_reg   <= cnt_host_reg + 32'd1;
    if (rxcnp_push)  cnt_rxcnp_reg  <= cnt_rxcnp_reg + 32'd1;
    if (rxdata_push) cnt_rxdata_reg <= cnt_rxdata_reg + 32'd1;
    if (cnpq_pop)    cnt_cnpreq_reg <= cnt_cnpreq_reg + 32'd1;
    if (g_take)      cnt_grant_reg  <= cnt_grant_reg + 32'd1;
    if (host_acc && !host_push && dropped_reg != 32'hFFFF_FFFF) dropped_reg <= dropped_reg + 32'd1;
    if (rp_cred_reg > hwm_rp_reg) hwm_rp_reg <= rp_cred_reg;
    if (np_cred_reg > hwm_np_reg) hwm_np_reg <= np_cred_reg;
    if (rq_cnt > hwm_rq_reg) hwm_rq_reg <= rq_cnt;

    if (rst) begin
      clearing_reg     <= 1'b1;
      clr_addr_reg     <= '0;
      sr_ready_reg     <= 1'b1;
      txop_cnt_reg     <= 2'd0;
      rp_iss_valid_reg <= 1'b0;
      rp_rr_reg        <= 5'b00001;
      sw_ep_reg        <= now_ns[31:29];   // (the time at reset: no sweep until its epoch ends)
      sw_on_reg        <= 1'b0;
      sw_flow_reg      <= '0;
      rp_cred_reg      <= 4'd0;
      mon_rp_valid_reg <= 1'b0;
      mon_rp_data_reg  <= 320'd0;
      np_iss_valid_reg <= 1'b0;
      np_rr_reg        <= 1'b0;
      np_cred_reg      <= 3'd0;
      mon_np_valid_reg <= 1'b0;
      mon_np_data_reg  <= 160'd0;
      g_valid_reg      <= 1'b0;
      x_valid_reg      <= 1'b0;
      xc_valid_reg     <= 1'b0;
      y_valid_reg      <= 1'b0;
      yc_valid_reg     <= 1'b0;
      tc_valid_reg     <= 1'b0;
      drain_on_reg     <= 1'b0;
      txop_busy_reg    <= 1'b0;
      ts_valid_reg     <= 1'b0;
      ts_grant_reg     <= 1'b0;
      ts_flow_reg      <= '0;
      ts_tx_reg        <= 32'd0;
      cmd_valid_reg    <= 1'b0;
      cmd_rr_reg       <= 3'b001;
      cnt_txop_reg     <= 32'd0;
      cnt_txdone_reg   <= 32'd0;
      cnt_host_reg     <= 32'd0;
      cnt_rxcnp_reg    <= 32'd0;
      cnt_rxdata_reg   <= 32'd0;
      cnt_cnpreq_reg   <= 32'd0;
      cnt_grant_reg    <= 32'd0;
      dropped_reg      <= 32'd0;
      hwm_rp_reg       <= 4'd0;
      hwm_np_reg       <= 3'd0;
      hwm_rq_reg       <= 3'd0;
    end
  end

  // ---------------------------------------------------------------- Outputs
  assign idle = !clearing_reg && txop_cnt_reg == 2'd0 && txdone_cnt == 2'd0 && host_cnt == 2'd0 &&
                rxcnp_cnt == 2'd0 && rxdata_cnt == 2'd0 && rp_cred_reg == 4'd0 &&
                np_cred_reg == 3'd0 && !g_valid_reg && !x_valid_reg && !y_valid_reg &&
                !xc_valid_reg && !yc_valid_reg && !tc_valid_reg && !cmd_valid_reg && !txop_busy_reg && !ts_valid_reg && cnpq_cnt == 2'd0 &&
                rq_cnt == 3'd0 && nq_cnt == 3'd0 && !sch_out_valid && !sch_settling && !sw_on_reg;

endmodule

`resetall
