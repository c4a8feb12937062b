// Prototype (design study, not production RTL): the wheel's phase 1 minimum (g_lim in
// rtl/dcqcn_nic_wheel.sv): among NK candidate slots (W bits each, a valid bit each), the
// first in modular order strictly after the slot d: the minimum of the distances c - d
// (mod 2^W; a distance with its top bit set, i.e. at or behind d, or 0, is no candidate),
// compared pairwise at once (a tie to the lower index: the same slot), the winner's slot
// selected one-hot (no adder after the minimum). Output registered (in the wheel it is
// nxq_n, the advance's block-RAM read address; a register here).
//
// Every input is registered inside the block. The last LATE candidates arrive late: their
// slot is the sum of two registers (a W-bit adder in the cycle, standing in for the
// wheel's late candidates: a slot computed in the cycle), their valid bit registered.
//
//   PRE 0: one stage: distances, compares, select, from registers.
//       1: two stages: the distances of the NK - LATE early candidates (c - d, with
//          their validity: not behind d, not 0) precomputed and registered a cycle
//          earlier (with the slots); stage 2 compares and selects. A late candidate's
//          distance is computed in stage 2 ((x + y) - d).
module phase1_min #(
    parameter int W    = 27,   // the wheel's slot width: 32 - SLOT_BITS (5)
    parameter int NK   = 7,
    parameter int LATE = 0,
    parameter int PRE  = 0
) (
    input  wire              clk,
    input  wire [W-1:0]      d_in,
    input  wire [NK*W-1:0]   c_in,    // early candidates' slots (and late ones' x)
    input  wire [NK*W-1:0]   y_in,    // late candidates' y
    input  wire [NK-1:0]     v_in,
    output reg  [W-1:0]      q,
    output reg               q_v
);
  localparam int NE = NK - LATE;   // early candidates: 0 .. NE - 1

  reg [W-1:0]  d;
  reg [W-1:0]  c [NK];
  reg [W-1:0]  y [NK];
  reg [NK-1:0] v;
  always @(posedge clk) begin
    d <= d_in;
    v <= v_in;
    for (int i = 0; i < NK; i++) begin
      c[i] <= c_in[i*W +: W];
      y[i] <= y_in[i*W +: W];
    end
  end

  // the candidates as stage 2 (or the one stage) sees them
  wire [W-1:0]  kk [NK];   // distance from d
  wire [W-1:0]  ka [NK];   // slot
  wire [NK-1:0] kv;
  if (PRE == 0) begin : g_one
    for (genvar i = 0; i < NK; i++) begin : g_k
      if (i < NE) begin : g_e
        assign ka[i] = c[i];
      end else begin : g_l
        assign ka[i] = c[i] + y[i];
      end
      assign kk[i] = ka[i] - d;
      assign kv[i] = v[i] && !kk[i][W-1] && kk[i] != '0;
    end
  end else begin : g_two
    // stage 1: the early candidates' distances from d registered (d, c the registers
    // here; in the wheel they would be the next cycle's d and slots)
    reg [W-1:0]  p_kk [NK];
    reg [W-1:0]  p_ka [NK];
    reg [NK-1:0] p_kv;
    reg [W-1:0]  p_d;
    reg [W-1:0]  p_y [NK];
    always @(posedge clk) begin
      p_d <= d;
      for (int i = 0; i < NK; i++) begin
        p_ka[i] <= c[i];
        p_kk[i] <= c[i] - d;
        p_kv[i] <= (i < NE) ? (v[i] && !((c[i] - d) >> (W - 1)) && (c[i] != d)) : v[i];
        p_y[i]  <= y[i];
      end
    end
    for (genvar i = 0; i < NK; i++) begin : g_k
      if (i < NE) begin : g_e
        assign ka[i] = p_ka[i];
        assign kk[i] = p_kk[i];
        assign kv[i] = p_kv[i];
      end else begin : g_l
        assign ka[i] = p_ka[i] + p_y[i];
        assign kk[i] = ka[i] - p_d;
        assign kv[i] = p_kv[i] && !kk[i][W-1] && kk[i] != '0;
      end
    end
  end

  // the minimum: candidate i wins when valid and no valid j is strictly nearer (j > i) or
  // nearer or as near (j < i)
  wire [NK-1:0] win;
  for (genvar i = 0; i < NK; i++) begin : g_i
    wire [NK-1:0] bt;
    for (genvar j = 0; j < NK; j++) begin : g_j
      if (j > i) begin : g_c
        assign bt[j] = !(kv[j] && kk[j] < kk[i]);
      end else if (j < i) begin : g_b
        assign bt[j] = !(kv[j] && !(kk[i] < kk[j]));
      end else begin : g_s
        assign bt[j] = 1'b1;
      end
    end
    assign win[i] = kv[i] && (&bt);
  end
  reg [W-1:0] sel;
  always_comb begin
    sel = '0;
    for (int i = 0; i < NK; i++) sel = sel | (ka[i] & {W{win[i]}});
  end
  always @(posedge clk) begin
    q   <= sel;
    q_v <= |kv;
  end
endmodule
