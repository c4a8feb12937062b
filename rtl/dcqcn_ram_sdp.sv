// SPDX-License-Identifier: MIT
// Simple dual-port RAM: one write port, one synchronous read port, one clock.
// Written in the template Vivado, Yosys (memory_bram) and Quartus infer as block RAM.
// A read and a write of the same address in one cycle return the OLD data
// (read-first); the blocks that use this RAM forward the new data themselves.
// No reset: contents are undefined after power-up and the users clear them.
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_ram_sdp #(
    parameter int WIDTH = 64,     // bits per word
    parameter int DEPTH = 1024,   // words
    parameter int AW    = $clog2(DEPTH)  // address width
) (
    input  logic             clk,
    // write port
    input  logic             we,
    input  logic [AW-1:0]    waddr,
    input  logic [WIDTH-1:0] wdata,
    // read port: rdata is ram[raddr] of the previous cycle when re was high
    input  logic             re,
    input  logic [AW-1:0]    raddr,
    output      logic [WIDTH-1:0] rdata
);

  (* ram_style = "block" *) logic [WIDTH-1:0] mem [0:DEPTH-1];

  always_ff @(posedge clk) begin
    if (we) mem[waddr] <= wdata;
  end

  always_ff @(posedge clk) begin
    if (re) rdata <= mem[raddr];
  end

endmodule

`resetall
