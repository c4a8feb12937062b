// a cell type without a delay model: the tool must fail and name it
// EXPECT_ERROR unknown cell type LDCE
module top (input wire g, input wire d, output wire q);
  LDCE l (.G(g), .GE(1'b1), .CLR(1'b0), .D(d), .Q(q));
endmodule
