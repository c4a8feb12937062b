// SPDX-License-Identifier: MIT
// The RP's reciprocal table, T[idx] = floor(125000 * 4096 / (4096 + idx + 1)) (17 bits,
// 4096 entries, rtl/dcqcn_rp_recip.vh generated from rp_recip_table() in
// tb/ref/rp_ref.cpp), as a two-port block ROM: each port reads T[addr] at the clock edge
// (data valid the next cycle). dcqcn_rp_pace instantiates four of them, so that the
// eight candidate indexes of a rate are looked up at once (docs/rp.md "Pipeline", S7).
`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_rp_recip_rom (
    input  logic        clk,
    input  logic [11:0] addr_a,
    input  logic [11:0] addr_b,
    output logic [16:0] data_a,
    output logic [16:0] data_b
);

  logic [16:0] recip_rom [0:4095];
  initial begin : rom_init
    `include "dcqcn_rp_recip.vh"
  end

  always_ff @(posedge clk) begin
    data_a <= recip_rom[addr_a];
    data_b <= recip_rom[addr_b];
  end

endmodule

`resetall
