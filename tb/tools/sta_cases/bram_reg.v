// RAMB18E2 with its output register (DOA_REG = 1) -> LUT -> FF: 0.35 + 0.20 + 0.12 + 0.20 + 0.05 = 0.92
// (the FF -> RAM address path, 0.09 + 0.20 + 0.05 = 0.34, is shorter)
// EXPECT 0.92
// EXPECT_PATH dout > n > q1
module top (input wire clk);
  wire [15:0] dout;
  wire n, q1;
  RAMB18E2 #(.DOA_REG(1), .DOB_REG(0))
    ram (.CLKARDCLK(clk), .CLKBWRCLK(clk), .ADDRARDADDR({13'd0, q1}), .ADDRBWRADDR(14'd0),
         .ENARDEN(1'b1), .ENBWREN(1'b0), .WEA(2'b0), .WEBWE(4'b0), .DOUTADOUT(dout));
  LUT1 #(.INIT(2'b01)) l (.I0(dout[0]), .O(n));
  FDRE r1 (.C(clk), .CE(1'b1), .R(1'b0), .D(n), .Q(q1));
endmodule
