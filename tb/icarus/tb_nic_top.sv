// SPDX-License-Identifier: MIT
// Icarus Verilog self-checking test of dcqcn_nic_top (NUM_FLOWS = 16): RP + NP + the
// timer service/scheduler + the event arbiter, through the AXI4-Lite slave and the
// AXI-Stream descriptor ports. Expected values are hand-computed (docs/rp.md, docs/np.md):
//   AXI4-Lite: TOP_ID / NUM_FLOWS / VERSION, the scheduler's ID at 0x300, RP and NP reset
//     values, LINE_RATE := 100 Gb/s, a partial-strobe write refused with SLVERR, a write
//     with W after AW, an unmapped address.
//   RP through the arbiter (mon_rp): completion TX 1500 B at 1000 ns -> next 1120 ns; CE CNP
//     at 2000 ns -> Rc 50,000,000, alpha and rate timers armed at 57000 ns.
//   NP through the arbiter: first CE -> a CNP request; second CE within 50 us -> hold-off
//     deadline 51000 tag 1; at 51008 ns (the end of its 32-ns wheel slot; not at 51000) the
//     scheduler fires it, the NP sends the CNP.
//   Transmit: host DATA for flow 2, a txop -> GRANT flow 2; its completion with more = 0;
//     the next txop -> no grant.
`timescale 1ns / 1ps
`default_nettype none

module tb_nic_top;
  localparam TB_NAME = "tb_nic_top";
  localparam int NF = 16;

  logic         clk, rst;
  logic [31:0]  now_ns;
  logic         pause;
  logic         s_axis_txop_tvalid, s_axis_txop_tready;
  logic         m_axis_txsel_tvalid, m_axis_txsel_tready;
  logic [63:0]  m_axis_txsel_tdata;
  logic         s_axis_txdone_tvalid, s_axis_txdone_tready;
  logic [79:0]  s_axis_txdone_tdata;
  logic         s_axis_host_tvalid, s_axis_host_tready;
  logic [63:0]  s_axis_host_tdata;
  logic         s_axis_rxcnp_tvalid, s_axis_rxcnp_tready;
  logic [63:0]  s_axis_rxcnp_tdata;
  logic         s_axis_rxdata_tvalid, s_axis_rxdata_tready;
  logic [63:0]  s_axis_rxdata_tdata;
  logic         m_axis_cnpreq_tvalid, m_axis_cnpreq_tready;
  logic [63:0]  m_axis_cnpreq_tdata;
  logic         mon_rp_valid, mon_np_valid;
  logic [319:0] mon_rp_data;
  logic [159:0] mon_np_data;
  logic         next_due_valid, txq_nonempty, idle;
  logic [31:0]  next_due_ns, sweep_due_ns;
  logic         s_axil_awvalid, s_axil_awready;
  logic [11:0]  s_axil_awaddr;
  logic         s_axil_wvalid, s_axil_wready;
  logic [31:0]  s_axil_wdata;
  logic [3:0]   s_axil_wstrb;
  logic         s_axil_bvalid, s_axil_bready;
  logic [1:0]   s_axil_bresp;
  logic         s_axil_arvalid, s_axil_arready;
  logic [11:0]  s_axil_araddr;
  logic         s_axil_rvalid, s_axil_rready;
  logic [31:0]  s_axil_rdata;
  logic [1:0]   s_axil_rresp;

  `include "tb_common.svh"

  // (a wheel of 64 slots: its RAM clear after reset takes 80 cycles, not 4096)
  dcqcn_nic_top #(.NUM_FLOWS(NF), .SCHED_SLOTS_LOG2(6)) dut (.*);

  function automatic logic [319:0] rp_res(input logic [2:0] op, input integer flow,
      input logic [31:0] next_tx, input logic [31:0] rc, input logic [31:0] rt,
      input logic [16:0] alpha, input logic [1:0] atmr, input logic [7:0] agen,
      input logic [31:0] adl, input logic [1:0] itmr, input logic [7:0] igen,
      input logic [31:0] idl);  // paced: every flow here has sent; no deferred cut (paper regs)
    rp_res = {64'd0, 21'd0, 1'b1, 2'd0, 8'd0, 16'(flow), 1'b0, op, itmr, atmr, igen, agen, 7'd0, alpha, idl, adl, rt,
              rc, next_tx};
  endfunction

  function automatic logic [159:0] np_res(input logic [1:0] op, input integer flow,
      input logic cnp, input logic [31:0] tau, input logic tset, input logic [31:0] dl,
      input logic [7:0] gen);
    np_res = {64'd0, 16'(flow), 2'd0, 1'b0, tset, 1'b0, cnp, op, gen, dl, tau};
  endfunction

  // ---------------------------------------------------------------- monitors
  logic [319:0] rp_exp [0:15];
  logic [159:0] np_exp [0:15];
  logic [63:0]  cnp_exp [0:15];
  integer rp_n = 0, rp_got = 0, np_n = 0, np_got = 0, cnp_n = 0, cnp_got = 0;
  logic [63:0]  txsel_last;
  integer       txsel_got = 0;
  logic rp_exp_on = 1'b1, np_exp_on = 1'b1;

  always @(posedge clk) begin
    if (mon_rp_valid && rp_exp_on) begin
      if (rp_got >= rp_n) check("unexpected RP result", 256'(rp_got), 256'(rp_n));
      else begin
        check("mon_rp_data", 256'(mon_rp_data), 256'(rp_exp[rp_got]));
        check("mon_rp_data[319:256]", 256'(mon_rp_data[319:256]), 256'(rp_exp[rp_got][319:256]));
      end
      rp_got <= rp_got + 1;
    end
    if (mon_np_valid && np_exp_on) begin
      if (np_got >= np_n) check("unexpected NP result", 256'(np_got), 256'(np_n));
      else check("mon_np_data", 256'(mon_np_data), 256'(np_exp[np_got]));
      np_got <= np_got + 1;
    end
    if (m_axis_cnpreq_tvalid && m_axis_cnpreq_tready) begin
      if (cnp_got >= cnp_n) check("unexpected CNP request", 256'(cnp_got), 256'(cnp_n));
      else check("m_axis_cnpreq_tdata", 256'(m_axis_cnpreq_tdata), 256'(cnp_exp[cnp_got]));
      cnp_got <= cnp_got + 1;
    end
    if (m_axis_txsel_tvalid && m_axis_txsel_tready) begin
      txsel_last <= m_axis_txsel_tdata;
      txsel_got  <= txsel_got + 1;
    end
  end

  // ---------------------------------------------------------------- stream drivers
  task automatic send_txdone(input logic [79:0] d);
    @(negedge clk); s_axis_txdone_tvalid = 1'b1; s_axis_txdone_tdata = d;
    @(posedge clk); while (!s_axis_txdone_tready) @(posedge clk);
    @(negedge clk); s_axis_txdone_tvalid = 1'b0;
  endtask
  task automatic send_host(input logic [63:0] d);
    @(negedge clk); s_axis_host_tvalid = 1'b1; s_axis_host_tdata = d;
    @(posedge clk); while (!s_axis_host_tready) @(posedge clk);
    @(negedge clk); s_axis_host_tvalid = 1'b0;
  endtask
  task automatic send_rxcnp(input logic [63:0] d);
    @(negedge clk); s_axis_rxcnp_tvalid = 1'b1; s_axis_rxcnp_tdata = d;
    @(posedge clk); while (!s_axis_rxcnp_tready) @(posedge clk);
    @(negedge clk); s_axis_rxcnp_tvalid = 1'b0;
  endtask
  task automatic send_rxdata(input logic [63:0] d);
    @(negedge clk); s_axis_rxdata_tvalid = 1'b1; s_axis_rxdata_tdata = d;
    @(posedge clk); while (!s_axis_rxdata_tready) @(posedge clk);
    @(negedge clk); s_axis_rxdata_tvalid = 1'b0;
  endtask
  task automatic send_txop;
    integer n0;
    n0 = txsel_got;
    @(negedge clk); s_axis_txop_tvalid = 1'b1;
    @(posedge clk); while (!s_axis_txop_tready) @(posedge clk);
    @(negedge clk); s_axis_txop_tvalid = 1'b0;
    while (txsel_got == n0) @(posedge clk);
  endtask
  // ---------------------------------------------------------------- AXI4-Lite master
  task automatic axil_write(input logic [11:0] a, input logic [31:0] d, input logic [3:0] strb,
                            input integer w_delay, input logic [1:0] exp_resp);
    fork
      begin
        @(negedge clk); s_axil_awvalid = 1'b1; s_axil_awaddr = a;
        @(posedge clk); while (!s_axil_awready) @(posedge clk);
        @(negedge clk); s_axil_awvalid = 1'b0;
      end
      begin
        repeat (w_delay) @(negedge clk);
        @(negedge clk); s_axil_wvalid = 1'b1; s_axil_wdata = d; s_axil_wstrb = strb;
        @(posedge clk); while (!s_axil_wready) @(posedge clk);
        @(negedge clk); s_axil_wvalid = 1'b0;
      end
    join
    s_axil_bready = 1'b1;
    @(posedge clk); while (!s_axil_bvalid) @(posedge clk);
    check("s_axil_bresp", 256'(s_axil_bresp), 256'(exp_resp));
    @(negedge clk); s_axil_bready = 1'b0;
  endtask

  task automatic axil_read(input logic [11:0] a, input logic [31:0] exp);
    @(negedge clk); s_axil_arvalid = 1'b1; s_axil_araddr = a;
    @(posedge clk); while (!s_axil_arready) @(posedge clk);
    @(negedge clk); s_axil_arvalid = 1'b0; s_axil_rready = 1'b1;
    @(posedge clk); while (!s_axil_rvalid) @(posedge clk);
    check("s_axil_rdata", 256'(s_axil_rdata), 256'(exp));
    check("s_axil_rresp", 256'(s_axil_rresp), 256'd0);
    @(negedge clk); s_axil_rready = 1'b0;
  endtask

  localparam logic [2:0] TX = 3'd0, CNP = 3'd1;
  localparam logic [1:0] RX = 2'd0, TIMER = 2'd1;
  localparam logic [31:0] L100 = 32'd100000000, L50 = 32'd50000000;

  initial begin
    max_cycles = 5000;
    rst = 1'b1;
    now_ns = 32'd0; pause = 1'b0;
    s_axis_txop_tvalid = 1'b0; m_axis_txsel_tready = 1'b1;
    s_axis_txdone_tvalid = 1'b0; s_axis_txdone_tdata = '0;
    s_axis_host_tvalid = 1'b0; s_axis_host_tdata = '0;
    s_axis_rxcnp_tvalid = 1'b0; s_axis_rxcnp_tdata = '0;
    s_axis_rxdata_tvalid = 1'b0; s_axis_rxdata_tdata = '0;
    m_axis_cnpreq_tready = 1'b1;
    s_axil_awvalid = 1'b0; s_axil_awaddr = '0; s_axil_wvalid = 1'b0; s_axil_wdata = '0;
    s_axil_wstrb = '0; s_axil_bready = 1'b0; s_axil_arvalid = 1'b0; s_axil_araddr = '0;
    s_axil_rready = 1'b0;
    repeat (3) @(posedge clk);
    @(negedge clk); rst = 1'b0;

    // ---- registers
    axil_read(12'h200, 32'h4443_5131);
    axil_read(12'h204, 32'd16);
    axil_read(12'h208, 32'h0002_0000);
    axil_read(12'h300, 32'h5C4E_D001);    // scheduler ID
    axil_read(12'h004, 32'd40000000);     // RP LINE_RATE_KBPS
    axil_read(12'h100, 32'd50000);        // NP CNP_INTERVAL_NS
    axil_read(12'h400, 32'd0);            // unmapped
    axil_write(12'h004, L100, 4'hF, 0, 2'b00);
    axil_read(12'h004, L100);
    axil_write(12'h100, 32'd7, 4'h3, 0, 2'b10);   // partial strobe: refused
    axil_read(12'h100, 32'd50000);
    axil_write(12'h104, 32'd5, 4'hF, 3, 2'b00);   // NP MODE, W 3 cycles after AW; clamped
    axil_read(12'h104, 32'd1);
    axil_write(12'h104, 32'd0, 4'hF, 0, 2'b00);
    wait (s_axis_txdone_tready && s_axis_rxdata_tready);

    // ---- RP: a completion, then a CE CNP (one at a time: the order on mon_rp is known)
    rp_exp[0] = rp_res(TX, 1, 32'd1120, L100, L100, 17'd65536, 2'd0, 8'd0, 32'd0, 2'd0, 8'd0, 32'd0);
    rp_exp[1] = rp_res(CNP, 1, 32'd2000, L50, L100, 17'd65536, 2'd1, 8'd1, 32'd57000, 2'd1, 8'd1, 32'd57000);
    rp_n = 2;
    now_ns = 32'd1000;
    send_txdone({15'd0, 1'b0, 16'd1500, 16'd1, 32'd1000});
    wait (rp_got == 1);
    now_ns = 32'd2000;
    send_rxcnp({15'd0, 1'b0, 16'd1, 32'd0});
    wait (rp_got == 2);
    rp_exp_on = 1'b0;   // the alpha and rate timers fire later (57 us): not checked here

    // ---- NP: CE, CE within the interval (hold-off), the timer fires at 51000 ns
    np_exp[0] = np_res(RX, 1, 1'b1, 32'd50000, 1'b0, 32'd0, 8'd0);
    np_exp[1] = np_res(RX, 1, 1'b0, 32'd50000, 1'b1, 32'd51000, 8'd1);
    np_exp[2] = np_res(TIMER, 1, 1'b1, 32'd50000, 1'b0, 32'd0, 8'd0);
    np_n = 3;
    cnp_exp[0] = {15'd0, 1'b0, 16'd1, 32'd50000};
    cnp_exp[1] = {15'd0, 1'b0, 16'd1, 32'd50000};
    cnp_n = 2;
    now_ns = 32'd1000;
    send_rxdata({14'd0, 2'b11, 16'd1, 32'd0});
    wait (np_got == 1);
    now_ns = 32'd2000;
    send_rxdata({14'd0, 2'b11, 16'd1, 32'd0});
    wait (np_got == 2);
    repeat (60) @(posedge clk);
    check("NP timer early", 256'(np_got), 256'd2);
    check("next_due_valid", 256'(next_due_valid), 256'd1);
    check("sweep_due_ns: the first 2^29-ns epoch's end", 256'(sweep_due_ns), 256'h2000_0000);
    // (the scheduler's timing wheel makes a deadline eligible at the end of its 32-ns slot:
    // 51000 ns is in the slot that ends at 51008 ns)
    now_ns = 32'd51000;
    repeat (40) @(posedge clk);
    check("NP timer before its slot's end", 256'(np_got), 256'd2);
    now_ns = 32'd51008;
    wait (np_got == 3);
    wait (cnp_got == 2);

    // ---- transmit: host DATA flow 2 -> GRANT; completion more = 0 -> no grant
    now_ns = 32'd60000;
    send_host({14'd0, 2'd0, 16'd2, 32'd0});
    repeat (80) @(posedge clk);
    send_txop;
    check("txsel grant", 256'(txsel_last[48]), 256'd1);
    check("txsel flow", 256'(txsel_last[47:32]), 256'd2);
    send_txdone({15'd0, 1'b0, 16'd1500, 16'd2, txsel_last[31:0]});
    repeat (80) @(posedge clk);
    send_txop;
    check("txsel no grant", 256'(txsel_last), 256'd0);
    axil_read(12'h210, 32'd2);            // TXOP_IN
    axil_read(12'h228, 32'd1);            // GRANTS_OUT
    repeat (40) @(posedge clk);
    check("idle", 256'(idle), 256'd1);
    check("RP results", 256'(rp_got), 256'd2);
    check("NP results", 256'(np_got), 256'd3);
    finish_tb();
  end
endmodule
