// SPDX-License-Identifier: MIT
// Formal properties of dcqcn_np (Yosys `read_verilog -formal`, scripts/formal_np.sh). The
// block is a black box here: the harness sees only its ports, keeps a shadow of what
// the results said per flow, and checks:
//
//   PROP_HOLDOFF  two CNPs of one flow (no INIT between them) are at least the tau that
//                 the second one carries apart, for any input sequence: whatever the
//                 timer service does (TIMER and DRAIN events at any time, any tag).
//   PROP_CAUSE    a CNP only for a marked RX packet (ECN 11) or for a flow owed one (a
//                 marked packet arrived since its last CNP, INIT or dropped CNP); never
//                 for an INIT or an unmarked packet.
//   PROP_PENDING  a pending CNP is never lost: a TIMER with the flow's current tag while
//                 it is owed a CNP (and it is not in the budget queue) sends it, queues
//                 it, drops it (counted) or announces the deadline again.
//
// Inputs are free except: rst in the first cycle only; time never decreases over the
// accepted events (no wrap within a run: docs/CONVENTIONS.md, time); CSR writes only
// to CNP_INTERVAL_NS and CNP_BUDGET_NS, so MODE stays 0 (a mark is ECN 11) and DCQCN+
// stays off. Small sizes: NUM_FLOWS = 2, CNPQ_DEPTH = 2, and time and register values
// of TW bits (zero-extended to 32: the 32-bit arithmetic is the same, its upper bits are
// 0); a TIMER's tag is the flow's current one or any of 0..3.
`default_nettype none

module np_props #(
    parameter int TW = 4
) (
    input wire        clk,
    input wire        rst,
    input wire        s_evt_valid,
    input wire [1:0]  s_evt_op,
    input wire        s_evt_flow,
    input wire [TW-1:0] now_in,
    input wire [1:0]  s_evt_ecn,
    input wire        gen_cur,   // TIMER tag: the flow's current one, or gen_in
    input wire [1:0]  gen_in,
    input wire        m_out_ready,
    input wire        csr_we,
    input wire        csr_re,
    input wire [7:0]  csr_addr,
    input wire [TW-1:0] wdata_in
);
  wire [31:0] s_evt_now_ns = 32'(now_in);
  wire [31:0] csr_wdata = 32'(wdata_in);
  reg  [7:0]  cur_gen [0:1];  // the last tag announced per flow (shadow, below)
  wire [7:0]  s_evt_gen = gen_cur ? cur_gen[s_evt_flow] : 8'(gen_in);
  wire        s_evt_ready, m_out_valid;
  wire [1:0]  m_out_op;
  wire        m_out_flow, m_out_q_flow;
  wire        m_out_cnp, m_out_cnp_kind, m_out_tmr_set, m_out_stale;
  wire        m_out_cnp_queued, m_out_cnp_dropped, m_out_q_valid;
  wire [31:0] m_out_cnp_tau_ns, m_out_tmr_deadline_ns, m_out_q_at_ns, csr_rdata;
  wire [7:0]  m_out_tmr_gen;

  dcqcn_np #(.NUM_FLOWS(2), .CNPQ_DEPTH(2)) dut (
      .clk(clk), .rst(rst),
      .s_evt_valid(s_evt_valid), .s_evt_ready(s_evt_ready), .s_evt_op(s_evt_op),
      .s_evt_flow(s_evt_flow), .s_evt_now_ns(s_evt_now_ns), .s_evt_ecn(s_evt_ecn),
      .s_evt_gen(s_evt_gen),
      .m_out_valid(m_out_valid), .m_out_ready(m_out_ready), .m_out_op(m_out_op),
      .m_out_flow(m_out_flow), .m_out_cnp(m_out_cnp), .m_out_cnp_kind(m_out_cnp_kind),
      .m_out_cnp_tau_ns(m_out_cnp_tau_ns), .m_out_tmr_set(m_out_tmr_set),
      .m_out_tmr_deadline_ns(m_out_tmr_deadline_ns), .m_out_tmr_gen(m_out_tmr_gen),
      .m_out_stale(m_out_stale), .m_out_cnp_queued(m_out_cnp_queued),
      .m_out_cnp_dropped(m_out_cnp_dropped), .m_out_q_valid(m_out_q_valid),
      .m_out_q_flow(m_out_q_flow), .m_out_q_at_ns(m_out_q_at_ns),
      .csr_we(csr_we), .csr_re(csr_re), .csr_addr(csr_addr), .csr_wdata(csr_wdata),
      .csr_rdata(csr_rdata));

  // ---------------------------------------------------------------- environment
  reg init = 1'b1;
  always @(posedge clk) init <= 1'b0;
  always @(*) begin
    assume (rst == init);
    if (csr_we) assume (csr_addr == 8'h00 || csr_addr == 8'h14);
  end

  wire acc = s_evt_valid && s_evt_ready && !rst;
  wire out = m_out_valid && m_out_ready && !rst;

  reg [31:0] last_now = 32'd0;
  always @(posedge clk) if (acc) last_now <= s_evt_now_ns;
  always @(*) if (acc && !init) assume (s_evt_now_ns >= last_now);

  // The events in flight, in order (at most 4: S1, C1, C2, output register), so that
  // a result is paired with its event's time, ECN and tag.
  reg [31:0] f_now [0:4];
  reg [1:0]  f_ecn [0:4];
  reg [7:0]  f_gen [0:4];
  reg [2:0]  f_n = 3'd0;
  wire [31:0] o_now = f_now[0];
  wire [1:0]  o_ecn = f_ecn[0];
  wire [7:0]  o_gen = f_gen[0];
  integer i;
  always @(posedge clk) begin
    if (rst) begin
      f_n <= 3'd0;
    end else begin
      if (out) begin
        for (i = 0; i < 4; i = i + 1) begin
          f_now[i] <= f_now[i + 1];
          f_ecn[i] <= f_ecn[i + 1];
          f_gen[i] <= f_gen[i + 1];
        end
      end
      if (acc) begin
        f_now[f_n - (out ? 3'd1 : 3'd0)] <= s_evt_now_ns;
        f_ecn[f_n - (out ? 3'd1 : 3'd0)] <= s_evt_ecn;
        f_gen[f_n - (out ? 3'd1 : 3'd0)] <= s_evt_gen;
      end
      f_n <= f_n + (acc ? 3'd1 : 3'd0) - (out ? 3'd1 : 3'd0);
    end
  end
  always @(*) if (!init) assert (f_n <= 3'd4);  // the pipeline holds at most 4 events
  always @(*) if (out) assert (f_n != 3'd0);    // no result without an event

  // ---------------------------------------------------------------- per-flow shadow
  reg        has_cnp [0:1];  // a CNP since reset / INIT
  reg [31:0] last_cnp [0:1];
  reg        owed [0:1];     // a marked packet since the last CNP / INIT / drop
  reg        queued [0:1];   // its CNP waits in the budget queue
  initial begin
    has_cnp[0] = 1'b0; has_cnp[1] = 1'b0; owed[0] = 1'b0; owed[1] = 1'b0;
    queued[0] = 1'b0; queued[1] = 1'b0; cur_gen[0] = 8'd0; cur_gen[1] = 8'd0;
    last_cnp[0] = 32'd0; last_cnp[1] = 32'd0;
  end

  localparam [1:0] RX = 2'd0, TIMER = 2'd1, INIT = 2'd2, DRAIN = 2'd3;
  wire f = m_out_flow;
  wire marked = o_ecn == 2'b11;

  always @(posedge clk) begin
    if (out) begin
      if (m_out_tmr_set) cur_gen[f] <= m_out_tmr_gen;
      if (m_out_op == RX && marked) owed[f] <= 1'b1;
      if (m_out_op == INIT) begin
        has_cnp[f] <= 1'b0;
        if (!queued[f]) owed[f] <= 1'b0;
      end
      if (m_out_cnp_queued) queued[f] <= 1'b1;
      if (m_out_op == DRAIN && m_out_tmr_set) queued[f] <= 1'b0;  // back to pending
      if (m_out_cnp || m_out_cnp_dropped) begin
        owed[f] <= 1'b0;
        queued[f] <= 1'b0;
      end
      if (m_out_cnp) begin
        has_cnp[f] <= 1'b1;
        last_cnp[f] <= o_now;
      end
    end
  end

  // ---------------------------------------------------------------- properties
  always @(*) begin
    if (!init && out) begin
`ifdef PROP_HOLDOFF
      if (m_out_cnp && has_cnp[f]) assert (o_now - last_cnp[f] >= m_out_cnp_tau_ns);
`endif
`ifdef PROP_CAUSE
      if (m_out_cnp) begin
        assert (m_out_op != INIT);
        if (m_out_op == RX) assert (marked);
        else assert (owed[f]);
      end
`endif
`ifdef PROP_PENDING
      if (m_out_op == TIMER && o_gen == cur_gen[f] && owed[f] && !queued[f])
        assert (m_out_cnp || m_out_cnp_queued || m_out_cnp_dropped || m_out_tmr_set);
`endif
    end
  end
endmodule
