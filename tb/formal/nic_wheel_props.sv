// SPDX-License-Identifier: MIT
// Formal harness of rtl/dcqcn_nic_wheel.sv (issue 24: "no entry fires early, none is lost
// and none fires twice"). NOT IN CTEST: no engine available here proves its properties to
// a depth that covers the wheel's behaviour (tb/formal/README.md, "The NIC's timing wheel:
// not proved; an RTL bug found (fixed)"); kept for the next attempt and for falsification
// runs (ABC sim3). Both properties were FALSE on the RTL before 2026-11-28 once 2^32 ns had
// passed (a slot word the drain left in RAM aliased its slot number again: the directed
// trace tb/formal/nic_wheel_wrap_props.sv); the RTL's bitmap and side bits (sa) fixed it.
//
// NUM_FLOWS = 4 (20 entries: kinds 0..3 and the departure of 4 flows), SLOT_BITS = 1 (2 ns
// slots), SLOTS_LOG2 = 4 (16 slots: an entry more than 14 slots ahead is parked), the RAMs
// kept (the lists are the state the properties are about: cut, the properties fail; Yosys
// maps them to registers). Ports only: no internal net is read or driven.
//
// Environment (structural, no assumption but the first cycle's reset):
//   - rst high in the first cycle, low after (the RAM clear runs: CLR = max(5 N, S) = 20
//     cycles; the uncleared RAMs, nxt sides 0 and 2 and every prv word, start free);
//   - now_ns = the last cycle's now + a free 0..63 ns: one-slot steps, multi-slot steps
//     (s_ready drops for a cycle) and steps beyond the 32 ns wheel (the drain jumps);
//   - an ARM's deadline s_at_ns = now_ns + a free -128..+127 ns: reached, due in this
//     slot, in the wheel, parked beyond it (the 2^31 time rule kept);
//   - s_op, s_kind, s_flow (32 bits: bad commands are dropped and never armed), s_gen and
//     both readies free on every cycle.
// Properties (one group per run, CHECK_*):
//   CHECK_EARLY  an entry leaves (m_tmr or m_dep taken) only when its deadline has come:
//                at <= the last cycle's now (the engine's eligibility is its registered
//                now's slot; an entry is due once its deadline's slot has ended)
//   CHECK_MATCH  for one tracked entry (te, a free constant: the proof covers every
//                entry), it leaves only while armed (not disarmed, not taken since its
//                last ARM: never twice) and with the tag and deadline of its last ARM
//                (never stale). An ARM or DISARM accepted at s_* is in force from that
//                edge (the engine blocks a head whose entry is in C0).
// Not here: "none is lost" (an armed entry leaves within K cycles of its slot's end, K of
// tb/ref/nic_wheel_check.h) needs a depth beyond K after the clear.
//! formal.sh rtl: dcqcn_ram_sdp.sv dcqcn_nic_wheel.sv
//! formal.sh cut: none
//! formal.sh group SAFE: EARLY MATCH
`default_nettype none

module nic_wheel_props (
    input  logic        clk,
    input  logic [5:0]  now_step,
    input  logic        s_valid,
    input  logic [1:0]  s_op,
    input  logic [2:0]  s_kind,
    input  logic [31:0] s_flow,
    input  logic [7:0]  s_gen,
    input  logic [7:0]  s_at_off,
    input  logic        m_tmr_ready,
    input  logic        m_dep_ready
);
  localparam int N = 4;

  logic        init = 1'b1;
  logic [31:0] now_q = '0;            // the last cycle's now
  wire  [31:0] now_ns  = now_q + 32'(now_step);
  wire  [31:0] s_at_ns = now_ns + {{24{s_at_off[7]}}, s_at_off};
  wire         rst     = init;
  always_ff @(posedge clk) begin
    init  <= 1'b0;
    now_q <= now_ns;
  end

  logic        s_ready, m_tmr_valid, m_dep_valid;
  logic [2:0]  m_tmr_kind;
  logic [31:0] m_tmr_flow, m_tmr_at_ns, m_dep_flow, m_dep_at_ns;
  logic [7:0]  m_tmr_gen;
  /* verilator lint_off UNUSEDSIGNAL */
  logic        tmr_moving, dep_moving, busy, tmr_behind, dep_behind;
  logic        tmr_next_valid, dep_next_valid;
  logic [31:0] tmr_count, dep_count, tmr_drain_ns, dep_drain_ns, tmr_next_ns, dep_next_ns;
  logic [15:0] dropped;
  /* verilator lint_on UNUSEDSIGNAL */

  dcqcn_nic_wheel #(.NUM_FLOWS(N), .SLOT_BITS(1), .SLOTS_LOG2(4)) dut (
      .clk, .rst, .now_ns,
      .s_valid, .s_ready, .s_op, .s_kind, .s_flow, .s_gen, .s_at_ns,
      .m_tmr_valid, .m_tmr_ready, .m_tmr_kind, .m_tmr_flow, .m_tmr_gen, .m_tmr_at_ns,
      .m_dep_valid, .m_dep_ready, .m_dep_flow, .m_dep_at_ns,
      .tmr_moving, .dep_moving, .busy, .tmr_behind, .dep_behind, .tmr_count, .dep_count,
      .tmr_drain_ns, .dep_drain_ns, .tmr_next_valid, .tmr_next_ns, .dep_next_valid,
      .dep_next_ns, .dropped);

  wire tfire = m_tmr_valid && m_tmr_ready;
  wire dfire = m_dep_valid && m_dep_ready;

`ifdef CHECK_MATCH
  // the tracked entry: kind x N + flow (the departure: kind 4), as the commands left it
  (* anyconst *) logic [4:0] te;
  logic        arm  = 1'b0;
  logic [7:0]  agen = '0;
  logic [31:0] aat  = '0;
  wire         legal  = (s_op == 2'd1 || s_op == 2'd2) && (s_kind <= 3'd3 || s_kind == 3'd5) &&
                        s_flow < 32'(N);
  wire         acc    = !rst && s_valid && s_ready && legal;
  wire [4:0]   acc_id = {(s_kind == 3'd5) ? 3'd4 : s_kind, s_flow[1:0]};
  wire [4:0]   t_id   = {m_tmr_kind, m_tmr_flow[1:0]};
  wire [4:0]   d_id   = {3'd4, m_dep_flow[1:0]};
  always_ff @(posedge clk) begin
    if ((tfire && t_id == te) || (dfire && d_id == te)) arm <= 1'b0;
    if (acc && acc_id == te) begin
      arm  <= s_op == 2'd1;
      agen <= s_gen;
      aat  <= s_at_ns;
    end
  end
`endif

  always_comb begin
    if (!init) begin
`ifdef CHECK_EARLY
      if (tfire) assert ($signed(now_q - m_tmr_at_ns) >= 0);
      if (dfire) assert ($signed(now_q - m_dep_at_ns) >= 0);
`endif
`ifdef CHECK_MATCH
      if (tfire && t_id == te)
        assert (m_tmr_kind <= 3'd3 && m_tmr_flow < 32'(N) && arm && agen == m_tmr_gen &&
                aat == m_tmr_at_ns);
      if (dfire && d_id == te) assert (m_dep_flow < 32'(N) && arm && aat == m_dep_at_ns);
`endif
    end
  end

endmodule
