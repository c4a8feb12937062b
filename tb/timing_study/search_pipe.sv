// Prototype (design study, not production RTL): the wheel's "first marked slot after the
// base" search over a 4096-bit slot bitmap held in flip-flops (64 words x 64 bits),
// pipelined over SPLIT stages. The function is the wheel's (rtl/dcqcn_nic_wheel.sv stage
// A / stage B): the first set bit strictly after the base index, wrapping; the base's own
// bit excluded; result registered as {valid, index, wrap} (wrap: found at or below the
// base, i.e. in the next round).
//
// Every input is registered inside the block, so every path starts at a flip-flop with
// its real fanout (the STA counts primary inputs as launching at 0.09 ns too, but the
// registers make the fanout of the base and of the write port real).
//
// Parameters
//   SPLIT   2: the wheel's split. A: summary bits, masks, first marked word (128-bit
//              lowest-set-bit), its one-hot into the 64-word AND-OR, the base's word
//              (64:1 word mux) and its masks, registered; B: bit find, index, registered.
//           3: S1: summary bits, masks, first marked word's one-hot, registered;
//              S2: the chosen word (AND-OR with the registered one-hot, the bitmap read in
//              S2's cycle) and the base's word and its masks, registered;
//              S3: bit find, index, registered.
//   SUMREG  0: the summary bit of each word an OR of its 64 bits in S1 (from bm).
//           1: the summary bits kept as registers, exact: smr <= |(bm's next state) per
//              word, i.e. updated with the write port (2 sets + 1 clear per cycle).
//           2: the summary bits registered from bm (smr <= |bm): one cycle stale.
//   REP     copies of the base register (S1's word masks and, for SPLIT 2, the base's word
//           mux spread over the copies; kept by (* keep *)).
//   BASEMUX 1: the base is adv ? nxq : d (two registers and a registered select), as the
//           wheel's sbase; 0: one register.
//   KEEP    1: the wide ORs (summary bits, AND-ORs, one-hot encoders) written as trees of
//           kept 6-input nodes (kor / kandor below); 0: as plain reductions (ABC's choice).
//           With KEEP 1 and SPLIT 3, S1 also registers the base's word one-hot and the
//           masks of its bit, so S2 is AND-ORs only.
//   S1M     S1's first-marked-word search (SPLIT 3 only):
//           0: masks w > w0, w < w0 on the summary bits, the lowest set bit of the 128-bit
//              {below, above} (two chained 64-bit carry chains);
//           1: no masks: the first set summary bit at or above p = w0 + 1 isolated by a
//              subtraction (sm & ~(sm - onehot(p)), its borrow out meaning none: wrap),
//              beside the lowest set bit of sm (the wrap's answer, from registers only);
//              onehot(p) decoded from the base in S1's cycle (kept, one LUT per bit);
//           2: as 1, with onehot(p) registered with the base (decoded from base_in: in the
//              wheel the producer of the base would have to provide it).
//           With 1 and 2, "a marked word other than w0" is decided in S2 from the
//           registered one-hot (the wrap's lowest set bit may be w0 itself).
//   FIND2   1: the bit find over two stages: the three lowest-set-bit one-hots and their
//           "has a bit" flags registered, then the encoders and the choice (one more stage).
//   WDEC    1: the write port's indices registered decoded (a word one-hot and a bit
//           one-hot per port, decoded from the inputs before their register).
module search_pipe #(
    parameter int SPLIT   = 3,
    parameter int SUMREG  = 0,
    parameter int REP     = 1,
    parameter int BASEMUX = 0,
    parameter int KEEP    = 1,
    parameter int S1M     = 0,
    parameter int FIND2   = 0,
    parameter int WDEC    = 0
) (
    input  wire        clk,
    input  wire [11:0] base_in,
    input  wire [11:0] alt_in,
    input  wire        sel_in,
    // write port: two bit-sets and one bit-clear per cycle, arbitrary indices
    input  wire        s0_v_in, input wire [11:0] s0_i_in,
    input  wire        s1_v_in, input wire [11:0] s1_i_in,
    input  wire        c_v_in,  input wire [11:0] c_i_in,
    output reg         f_v,
    output reg  [11:0] f_idx,
    output reg         f_wrap
);
  localparam int NW = 64, WB = 64;

  // ------------------------------------------------------------------ input registers
  (* keep *) reg [11:0] base_r [REP];
  (* keep *) reg [11:0] alt_r  [REP];
  (* keep *) reg        sel_r  [REP];
  reg s0_v, s1_v, c_v;
  reg [11:0] s0_i, s1_i, c_i;
  always @(posedge clk) begin
    for (int k = 0; k < REP; k++) begin
      base_r[k] <= base_in;
      alt_r[k]  <= alt_in;
      sel_r[k]  <= sel_in;
    end
    s0_v <= s0_v_in; s0_i <= s0_i_in;
    s1_v <= s1_v_in; s1_i <= s1_i_in;
    c_v  <= c_v_in;  c_i  <= c_i_in;
  end
  wire [11:0] base [REP];
  for (genvar k = 0; k < REP; k++) begin : g_b
    assign base[k] = (BASEMUX != 0 && sel_r[k]) ? alt_r[k] : base_r[k];
  end

  // ------------------------------------------------------------------ the bitmap and its write port
  reg  [NW*WB-1:0] bm;
  wire [NW-1:0] s0w, s1w, cw;
  wire [WB-1:0] s0b, s1b, cb;
  if (WDEC != 0) begin : g_wd
    reg [NW-1:0] r_s0w, r_s1w, r_cw;
    reg [WB-1:0] r_s0b, r_s1b, r_cb;
    always @(posedge clk) begin
      r_s0w <= s0_v_in ? (64'd1 << s0_i_in[11:6]) : 64'd0;  r_s0b <= 64'd1 << s0_i_in[5:0];
      r_s1w <= s1_v_in ? (64'd1 << s1_i_in[11:6]) : 64'd0;  r_s1b <= 64'd1 << s1_i_in[5:0];
      r_cw  <= c_v_in  ? (64'd1 << c_i_in[11:6])  : 64'd0;  r_cb  <= 64'd1 << c_i_in[5:0];
    end
    assign s0w = r_s0w; assign s0b = r_s0b; assign s1w = r_s1w; assign s1b = r_s1b;
    assign cw = r_cw; assign cb = r_cb;
  end else begin : g_wi
    assign s0w = s0_v ? (64'd1 << s0_i[11:6]) : 64'd0;
    assign s0b = 64'd1 << s0_i[5:0];
    assign s1w = s1_v ? (64'd1 << s1_i[11:6]) : 64'd0;
    assign s1b = 64'd1 << s1_i[5:0];
    assign cw  = c_v ? (64'd1 << c_i[11:6]) : 64'd0;
    assign cb  = 64'd1 << c_i[5:0];
  end
  wire [NW*WB-1:0] bm_n;
  for (genvar w = 0; w < NW; w++) begin : g_wr
    assign bm_n[w*WB +: WB] = (bm[w*WB +: WB] | ({WB{s0w[w]}} & s0b) | ({WB{s1w[w]}} & s1b)) &
                              ~({WB{cw[w]}} & cb);
  end
  always @(posedge clk) bm <= bm_n;

  // ------------------------------------------------------------------ summary bits
  wire [NW-1:0] sm;
  reg  [NW-1:0] smr;
  for (genvar w = 0; w < NW; w++) begin : g_sm
    wire on, oc;   // OR of the word's next state, of its state
    if (KEEP != 0) begin : g_k
      kor #(.N(WB)) u_n (.x(bm_n[w*WB +: WB]), .y(on));
      kor #(.N(WB)) u_c (.x(bm[w*WB +: WB]), .y(oc));
    end else begin : g_p
      assign on = |bm_n[w*WB +: WB];
      assign oc = |bm[w*WB +: WB];
    end
    if (SUMREG == 1) begin : g_x
      always @(posedge clk) smr[w] <= on;
      assign sm[w] = smr[w];
    end else if (SUMREG == 2) begin : g_s
      always @(posedge clk) smr[w] <= oc;
      assign sm[w] = smr[w];
    end else begin : g_c
      assign sm[w] = oc;
    end
  end

  // ------------------------------------------------------------------ S1: the first marked word
  wire [NW-1:0] mhi, mlo;   // words above / below w0 (per word, from the base copy w % REP)
  for (genvar w = 0; w < NW; w++) begin : g_mk
    wire [5:0] w0 = base[w % REP][11:6];
    assign mhi[w] = w0 < 6'(w);
    assign mlo[w] = w0 > 6'(w);
  end
  wire [NW-1:0]   sa = sm & mhi;
  wire [NW-1:0]   sb = sm & mlo;
  // the lowest set bit of {sb, sa} alone (x & (~x + 1), a 128-bit carry chain in two
  // halves); the carries out of the halves give the flags (no 4096-input OR tree):
  // aft = sa has a bit, any = {sb, sa} has one
  wire [NW-1:0] ia, ib;
  wire          ca, cb2;
  assign {ca,  ia} = {1'b0, ~sa} + 65'd1;
  assign {cb2, ib} = {1'b0, ~sb} + {64'd0, ca};
  wire [NW-1:0]   oh, ohm;
  wire            any, any0;
  wire            aft, aftm;
  assign ohm  = (sa & ia) | (sb & ib);
  assign any0 = !cb2;
  assign aftm = !ca;
  // S1M 1 / 2: the subtraction form
  (* keep *) wire [NW:0] zp;   // onehot(w0 + 1), 65 bits (bit 64: w0 = 63)
  reg [NW:0] zp_r;
  always @(posedge clk) zp_r <= {1'b0, 64'd1} << ({1'b0, base_in[11:6]} + 7'd1);
  if (S1M == 2) begin : g_zr
    assign zp = zp_r;
  end else begin : g_zc
    for (genvar w = 0; w <= NW; w++) begin : g_z
      assign zp[w] = (w > 0) && (base[w % REP][11:6] == 6'(w - 1));
    end
  end
  wire [NW:0] tq;
  wire        bo;
  assign {bo, tq} = {2'b0, sm} - {1'b0, zp};
  wire [NW-1:0] r1 = sm & ~tq[NW-1:0];
  wire [NW-1:0] i2;
  wire          c2u;
  assign {c2u, i2} = {1'b0, ~sm} + 65'd1;
  wire [NW-1:0] r2 = sm & i2;
  if (S1M == 0) begin : g_m0
    assign oh  = ohm;
    assign any = any0;
    assign aft = aftm;
  end else begin : g_m1
    assign oh  = bo ? r2 : r1;
    assign any = 1'b1;      // decided in S2 (below)
    assign aft = !bo;
  end

  // S2's function (shared by SPLIT 2, where it runs in S1's cycle)
  function automatic [WB-1:0] andor(input [NW*WB-1:0] m, input [NW-1:0] o);
    integer w;
    begin
      andor = '0;
      for (w = 0; w < NW; w = w + 1) andor = andor | (m[w*WB +: WB] & {WB{o[w]}});
    end
  endfunction
  function automatic [5:0] enc(input [63:0] o);   // one-hot to index: ORs
    integer i, b;
    begin
      enc = '0;
      for (i = 0; i < 6; i = i + 1)
        for (b = 0; b < 64; b = b + 1) if (((b >> i) & 1) != 0) enc[i] = enc[i] | o[b];
    end
  endfunction

  // stage registers before the bit find (sb_*: B's inputs)
  reg [WB-1:0] sb_wd1, sb_hi0, sb_lo0;
  reg [5:0]    sb_w0, sb_w1, sb_b0;
  reg          sb_any, sb_aft;

  // the AND-OR of the words by a one-hot (kandor per bit when KEEP), and an encoder
  wire [NW-1:0] a_sel;     // the one-hot that selects the chosen word
  wire [NW-1:0] z_sel;     // the one-hot that selects the base's word
  wire [WB-1:0] a_wd, z_wd;
  wire [5:0]    a_enc;
  for (genvar b = 0; b < WB; b++) begin : g_ao
    wire [NW-1:0] col;
    for (genvar w = 0; w < NW; w++) begin : g_c
      assign col[w] = bm[w*WB + b];
    end
    if (KEEP != 0) begin : g_k
      kandor #(.N(NW)) u_a (.a(col), .s(a_sel), .y(a_wd[b]));
      kandor #(.N(NW)) u_z (.a(col), .s(z_sel), .y(z_wd[b]));
    end else begin : g_p
      assign a_wd[b] = |(col & a_sel);
      assign z_wd[b] = |(col & z_sel);
    end
  end
  for (genvar i = 0; i < 6; i++) begin : g_en
    wire [31:0] m;
    for (genvar k = 0; k < 32; k++) begin : g_m
      // the positions with bit i set: k with a 0 inserted at bit i, then bit i set
      localparam int P = ((k >> i) << (i + 1)) | (1 << i) | (k & ((1 << i) - 1));
      assign m[k] = a_sel[P];
    end
    if (KEEP != 0) begin : g_k
      kor #(.N(32)) u (.x(m), .y(a_enc[i]));
    end else begin : g_p
      assign a_enc[i] = |m;
    end
  end

  if (SPLIT == 2) begin : g_s2
    wire [11:0] bs = base[0];
    assign a_sel = oh;
    assign z_sel = 64'd1 << bs[11:6];
    always @(posedge clk) begin
      sb_wd1 <= a_wd;
      sb_hi0 <= z_wd & ((64'hFFFF_FFFF_FFFF_FFFF << bs[5:0]) << 1);
      sb_lo0 <= z_wd & ~(64'hFFFF_FFFF_FFFF_FFFF << bs[5:0]);
      sb_w0  <= bs[11:6];
      sb_w1  <= a_enc;
      sb_b0  <= bs[5:0];
      sb_any <= any;
      sb_aft <= aft;
    end
  end else begin : g_s3
    // S1's registers: the first marked word's one-hot, the flags, the base, the base's
    // word one-hot and the masks of its bit (from S1's base copy 0)
    reg [NW-1:0] p1_oh, p1_z;
    reg [WB-1:0] p1_mh, p1_ml;
    reg          p1_any, p1_aft;
    reg [11:0]   p1_base;
    always @(posedge clk) begin
      p1_oh   <= oh;
      p1_any  <= any;
      p1_aft  <= aft;
      p1_base <= base[0];
      p1_z    <= 64'd1 << base[0][11:6];
      p1_mh   <= (64'hFFFF_FFFF_FFFF_FFFF << base[0][5:0]) << 1;
      p1_ml   <= ~(64'hFFFF_FFFF_FFFF_FFFF << base[0][5:0]);
    end
    // S1M 1 / 2: a marked word other than w0 (the one-hot not w0's)
    wire s2_any;
    if (KEEP != 0) begin : g_ak
      kor #(.N(NW)) u (.x(p1_oh & ~p1_z), .y(s2_any));
    end else begin : g_ap
      assign s2_any = |(p1_oh & ~p1_z);
    end
    // S2: the chosen word and the base's word, both read from the bitmap of S2's cycle
    assign a_sel = p1_oh;
    assign z_sel = p1_z;
    always @(posedge clk) begin
      sb_wd1 <= a_wd;
      sb_hi0 <= z_wd & p1_mh;
      sb_lo0 <= z_wd & p1_ml;
      sb_w0  <= p1_base[11:6];
      sb_w1  <= a_enc;
      sb_b0  <= p1_base[5:0];
      sb_any <= (S1M == 0) ? p1_any : s2_any;
      sb_aft <= p1_aft;
    end
  end

  // ------------------------------------------------------------------ last stage: the bit find
  // three 64-bit lowest-set-bit chains; their carries out are the words' "has a bit"
  wire [WB-1:0] ih, il, i1;
  wire          chh, cll, c11;
  assign {chh, ih} = {1'b0, ~sb_hi0} + 65'd1;
  assign {cll, il} = {1'b0, ~sb_lo0} + 65'd1;
  assign {c11, i1} = {1'b0, ~sb_wd1} + 65'd1;
  (* keep *) wire [WB-1:0] oh0 = sb_hi0 & ih;
  (* keep *) wire [WB-1:0] ol0 = sb_lo0 & il;
  (* keep *) wire [WB-1:0] o1  = sb_wd1 & i1;
  wire hv_c = !chh;
  wire lv_c = !cll;
  wire [WB-1:0] fh, f1, fl;   // the one-hots the encoders see
  wire hv, lv, f_any, f_aft;
  wire [5:0] f_w0, f_w1;
  if (FIND2 != 0) begin : g_f2
    reg [WB-1:0] q_h, q_1, q_l;
    reg q_hv, q_lv, q_any, q_aft;
    reg [5:0] q_w0, q_w1;
    always @(posedge clk) begin
      q_h <= oh0; q_1 <= o1; q_l <= ol0;
      q_hv <= hv_c; q_lv <= lv_c; q_any <= sb_any; q_aft <= sb_aft;
      q_w0 <= sb_w0; q_w1 <= sb_w1;
    end
    assign fh = q_h; assign f1 = q_1; assign fl = q_l;
    assign hv = q_hv; assign lv = q_lv; assign f_any = q_any; assign f_aft = q_aft;
    assign f_w0 = q_w0; assign f_w1 = q_w1;
  end else begin : g_f1
    assign fh = oh0; assign f1 = o1; assign fl = ol0;
    assign hv = hv_c; assign lv = lv_c; assign f_any = sb_any; assign f_aft = sb_aft;
    assign f_w0 = sb_w0; assign f_w1 = sb_w1;
  end
  wire [5:0] eh, e1, el;
  for (genvar i = 0; i < 6; i++) begin : g_fe
    wire [31:0] mh, m1, ml;
    for (genvar k = 0; k < 32; k++) begin : g_m
      localparam int P = ((k >> i) << (i + 1)) | (1 << i) | (k & ((1 << i) - 1));
      assign mh[k] = fh[P];
      assign m1[k] = f1[P];
      assign ml[k] = fl[P];
    end
    if (KEEP != 0) begin : g_k
      kor #(.N(32)) u_h (.x(mh), .y(eh[i]));
      kor #(.N(32)) u_1 (.x(m1), .y(e1[i]));
      kor #(.N(32)) u_l (.x(ml), .y(el[i]));
    end else begin : g_p
      assign eh[i] = |mh;
      assign e1[i] = |m1;
      assign el[i] = |ml;
    end
  end
  always @(posedge clk) begin
    f_v    <= hv || f_any || lv;
    f_idx  <= hv ? {f_w0, eh} : f_any ? {f_w1, e1} : {f_w0, el};
    f_wrap <= !hv && !f_aft;
  end
endmodule

// An OR of N bits as a tree of 6-input ORs whose level outputs are kept (* keep *), so that
// ABC maps each node to one LUT (left to itself it maps wide ORs to LUT6 + MUXF7 + MUXF8
// nodes, 0.84 ns a node by the estimator against about 0.35-0.45 for a LUT)
module kor #(parameter int N = 64) (input wire [N-1:0] x, output wire y);
  if (N <= 6) begin : g_leaf
    assign y = |x;
  end else begin : g_node
    localparam int G = (N + 5) / 6;
    (* keep *) wire [G-1:0] g;
    for (genvar i = 0; i < G; i++) begin : g_g
      localparam int LO = 6 * i;
      localparam int HI = (6 * i + 5 < N) ? 6 * i + 5 : N - 1;
      assign g[i] = |x[HI:LO];
    end
    kor #(.N(G)) u (.x(g), .y(y));
  end
endmodule

// OR over N of (a[i] & s[i]): three pairs per 6-input LUT, kept, then a kor
module kandor #(parameter int N = 64) (input wire [N-1:0] a, input wire [N-1:0] s, output wire y);
  localparam int G = (N + 2) / 3;
  (* keep *) wire [G-1:0] g;
  for (genvar i = 0; i < G; i++) begin : g_g
    localparam int LO = 3 * i;
    localparam int HI = (3 * i + 2 < N) ? 3 * i + 2 : N - 1;
    assign g[i] = |(a[HI:LO] & s[HI:LO]);
  end
  kor #(.N(G)) u (.x(g), .y(y));
endmodule
