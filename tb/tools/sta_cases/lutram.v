// FF -> RAM128X1D read address (DPRA) -> DPO -> FF: the read is LUT-like, 0.12 plus one
// MUXF7 (0.08) for 128 deep: 0.09 + 0.20 + 0.20 + 0.20 + 0.05 = 0.74
// EXPECT 0.74
module top (input wire clk, input wire we, input wire d);
  wire q0, dpo, q1;
  FDRE r0 (.C(clk), .CE(1'b1), .R(1'b0), .D(q1), .Q(q0));
  RAM128X1D ram (.WCLK(clk), .WE(1'b0), .D(1'b0), .A(7'd0), .DPRA({6'd0, q0}), .DPO(dpo));
  FDRE r1 (.C(clk), .CE(1'b1), .R(1'b0), .D(dpo), .Q(q1));
endmodule
