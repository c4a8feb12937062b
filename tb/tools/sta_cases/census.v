// --census (sta_test.sh checks its report): three independent chains, each FF -> LUTs ->
// FF, fanout 1 everywhere, and each chain's first FF loaded straight from its last:
//   qe > ne1..ne4 > qf: 0.09 + 4 x (0.20 + 0.12) + 0.20 + 0.05 = 1.62
//   qa > na1..na3 > qb: 0.09 + 3 x 0.32 + 0.25 = 1.30
//   qc > nc1 > qd:      0.09 + 0.32 + 0.25 = 0.66
//   qb > qa, qd > qc, qf > qe: 0.09 + 0.25 = 0.34
// Above 1.00 ns: 2 of the 6 ends, one per half-nanosecond bin, families qe > ne1 (1.62)
// and qa > na1 (1.30).
// EXPECT 1.62
// EXPECT_PATH qe > ne1 > ne2 > ne3 > ne4 > qf
module top (input wire clk);
  wire qa, na1, na2, na3, qb;
  FDRE ra (.C(clk), .CE(1'b1), .R(1'b0), .D(qb), .Q(qa));
  LUT1 #(.INIT(2'b01)) la1 (.I0(qa), .O(na1));
  LUT1 #(.INIT(2'b01)) la2 (.I0(na1), .O(na2));
  LUT1 #(.INIT(2'b01)) la3 (.I0(na2), .O(na3));
  FDRE rb (.C(clk), .CE(1'b1), .R(1'b0), .D(na3), .Q(qb));
  wire qc, nc1, qd;
  FDRE rc (.C(clk), .CE(1'b1), .R(1'b0), .D(qd), .Q(qc));
  LUT1 #(.INIT(2'b01)) lc1 (.I0(qc), .O(nc1));
  FDRE rd (.C(clk), .CE(1'b1), .R(1'b0), .D(nc1), .Q(qd));
  wire qe, ne1, ne2, ne3, ne4, qf;
  FDRE re (.C(clk), .CE(1'b1), .R(1'b0), .D(qf), .Q(qe));
  LUT1 #(.INIT(2'b01)) le1 (.I0(qe), .O(ne1));
  LUT1 #(.INIT(2'b01)) le2 (.I0(ne1), .O(ne2));
  LUT1 #(.INIT(2'b01)) le3 (.I0(ne2), .O(ne3));
  LUT1 #(.INIT(2'b01)) le4 (.I0(ne3), .O(ne4));
  FDRE rf (.C(clk), .CE(1'b1), .R(1'b0), .D(ne4), .Q(qf));
endmodule
