// RAM32M: DOA reads ADDRA combinationally (0.12): FF -> ADDRA -> DOA -> LUT -> FF:
// 0.09 + 0.20 + 0.12 + 0.20 + 0.12 + 0.20 + 0.05 = 0.98
// EXPECT 0.98
// EXPECT_PATH q0 > doa > n > q1
module top (input wire clk);
  wire q0, n, q1;
  wire [1:0] doa;
  FDRE r0 (.C(clk), .CE(1'b1), .R(1'b0), .D(q1), .Q(q0));
  RAM32M ram (.WCLK(clk), .WE(1'b0), .ADDRA({4'd0, q0}), .ADDRB(5'd0), .ADDRC(5'd0),
              .ADDRD(5'd0), .DIA(2'd0), .DIB(2'd0), .DIC(2'd0), .DID(2'd0), .DOA(doa));
  LUT1 #(.INIT(2'b01)) l (.I0(doa[0]), .O(n));
  FDRE r1 (.C(clk), .CE(1'b1), .R(1'b0), .D(n), .Q(q1));
endmodule
