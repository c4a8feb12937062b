// SPDX-License-Identifier: MIT
// A model with a scope, for verilator/context_test.cpp: Verilator gives a model a scope
// when its RTL has a runtime $display or $fatal (as the RTL's simulation-only checks do).
// It counts rising edges and reports when the count reaches `stop_at`; its check fails
// ($fatal) when the count reaches `fatal_at` (0: never).
module scope_probe (
    input  logic       clk,
    input  logic       rst,
    input  logic [7:0] stop_at,
    input  logic [7:0] fatal_at,
    output logic [7:0] count
);
  always_ff @(posedge clk) begin
    if (rst) count <= 8'd0;
    else begin
      count <= count + 8'd1;
      if (count + 8'd1 == stop_at) $display("%m: count reached %0d", stop_at);
      if (fatal_at != 8'd0 && count + 8'd1 == fatal_at) $fatal(1, "%m: count reached fatal_at %0d", fatal_at);
    end
  end
endmodule
