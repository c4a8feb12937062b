// FF -> LUT -> block RAM write data (an end, setup 0.05): 0.09 + 0.20 + 0.12 + 0.20 +
// 0.05 = 0.66; the RAM output drives nothing
// EXPECT 0.66
// EXPECT_PATH q0 > wd > ram DINADIN
module top (input wire clk);
  wire q0, wd;
  FDRE r0 (.C(clk), .CE(1'b1), .R(1'b0), .D(1'b0), .Q(q0));
  LUT1 #(.INIT(2'b01)) l (.I0(q0), .O(wd));
  RAMB18E2 #(.DOA_REG(0), .DOB_REG(0))
    ram (.CLKARDCLK(clk), .CLKBWRCLK(clk), .ADDRARDADDR(14'd0), .ADDRBWRADDR(14'd0),
         .ENARDEN(1'b1), .ENBWREN(1'b1), .WEA(2'b11), .WEBWE(4'b0),
         .DINADIN({15'd0, wd}));
endmodule
