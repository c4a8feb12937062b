// SPDX-License-Identifier: MIT
// The TCD update of one queue's entry: dcqcn_cp's stage S3 (combinational). From the
// entry before the event (e_*), the event, and the event's compares against that entry,
// it gives the new entry (new_*) and the decisions S4 turns into the ECN field and the
// TCD state: the ON-OFF pattern (PFC), the queue-trend rule (TCD_CE_RULE 0, 1) and the
// TCD authors' rule (TCD_CE_RULE 2, per-queue state e_ost; tb/ref/cp_ref.h TcdOst).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_cp_tcd (
    // =====================================================================================
    // Ports
    // =====================================================================================
    // the event
    input  logic        is_pkt,
    input  logic        is_pfc,
    input  logic        paused,       // PFC: 1 = XOFF, 0 = XON
    input  logic        pfc_onoff,    // PFC: XOFF, or XON with MAX_TON_NS > 0
    input  logic [31:0] now_ns,
    input  logic [31:0] qlen_bytes,
    input  logic        red,          // the RED decision
    input  logic        gt_high,      // qlen > HIGH_BYTES
    input  logic        le_low,       // qlen <= LOW_BYTES
    input  logic        le_drain,     // qlen <= TCD_DRAIN_BYTES
    input  logic [1:0]  rule,         // TCD_CE_RULE
    // the entry before the event (e_valid 0: a fresh entry)
    input  logic        e_valid,
    input  logic        e_paused,
    input  logic        e_ever,       // an XON was seen
    input  logic        e_trend,
    input  logic [1:0]  e_ost,
    input  logic [31:0] e_off_end_ns,
    input  logic [31:0] e_sample_ns,
    input  logic [31:0] e_sample_q,
    input  logic [31:0] e_q_res,
    // the event against the entry
    input  logic        ton,          // now - off_end < MAX_TON_NS
    input  logic        since,        // a sampling period has passed since sample_ns
    input  logic        gt,           // qlen > sample_q
    input  logic        grow,         // qlen >= sample_q + TCD_GROW_BYTES
    input  logic        qres,         // qlen >= q_res
    // decisions and the new entry
    output logic        onoff,        // in the ON-OFF pattern (undetermined)
    output logic        cong,         // congestion: CE
    output logic        sampled,      // the entry takes now and qlen as its sample
    output logic        new_paused,
    output logic        new_ever,
    output logic        new_trend,
    output logic [1:0]  new_ost,
    output logic [31:0] new_off_end_ns,
    output logic [31:0] new_sample_ns,
    output logic [31:0] new_sample_q,
    output logic [31:0] new_q_res
);

  // =====================================================================================
  // Parameter checks and constants
  // =====================================================================================
  // TCD_CE_RULE 2 per-queue state (the encoding of dcqcn_cp's OS_*)
  localparam logic [1:0] OS_NONCONG = 2'd0;
  localparam logic [1:0] OS_CHECK   = 2'd1;
  localparam logic [1:0] OS_UNDET   = 2'd2;
  localparam logic [1:0] OS_CONG    = 2'd3;

  // =====================================================================================
  // Pipeline stages (S3, combinational)
  // =====================================================================================
  logic is_xon, due, take, gate;

  always_comb begin
    is_xon = is_pfc && !paused;

    // PFC: XOFF pauses; XON resumes and ends the OFF period now
    new_paused = is_pfc ? paused : e_paused;
    new_ever   = e_ever || is_xon;
    onoff      = is_pfc ? pfc_onoff : (e_paused || (e_ever && ton));

    // trend rule (TCD_CE_RULE 0, 1)
    due       = is_pkt && !onoff && since;
    new_trend = e_trend;
    if (rule != 2'd2 && due) begin
      if (gt && gt_high) new_trend = 1'b1;
      else if (le_low)   new_trend = 1'b0;
    end

    // the TCD authors' rule (TCD_CE_RULE 2)
    new_ost = e_ost;
    take    = 1'b0;
    gate    = 1'b0;
    if (rule == 2'd2 && is_pkt) begin
      if (onoff) begin
        new_ost = OS_UNDET;
      end else begin
        unique case (e_ost)
          OS_UNDET: begin
            if (qres) begin gate = 1'b1; new_ost = OS_CONG; end
            else begin take = 1'b1; new_ost = OS_CHECK; end
          end
          OS_CHECK: begin
            if (since && grow) begin gate = 1'b1; new_ost = OS_CONG; end
            else begin
              take    = since;
              new_ost = le_drain ? OS_NONCONG : OS_CHECK;
            end
          end
          default: begin  // NONCONG, CONG: RED decides
            gate    = 1'b1;
            new_ost = red ? OS_CONG : OS_NONCONG;
          end
        endcase
      end
    end
    sampled = !e_valid || (rule == 2'd2 ? take : due);

    unique case (rule)
      2'd0:    cong = new_trend;
      2'd1:    cong = red;
      default: cong = gate && red;
    endcase

    new_off_end_ns = is_xon ? now_ns : e_off_end_ns;
    new_q_res      = is_xon ? qlen_bytes : e_q_res;
    new_sample_ns  = sampled ? now_ns : e_sample_ns;
    new_sample_q   = sampled ? qlen_bytes : e_sample_q;
  end

endmodule

`resetall
