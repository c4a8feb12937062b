// SPDX-License-Identifier: MIT
// The bench's own signals in a lock-step waveform (tb/common/lockstep_dut.h): a second
// Verilated model traced into the same file as the block, under the scope "tb". It has
// no logic; the bench drives its inputs once per cycle, before the cycle's low half is
// dumped, so every value shown at time c x period belongs to cycle c:
//   cycle     the bench's cycle number c (its low half is drawn at c x period, its
//             rising edge at c x period + period / 2)
//   now_ns    s_evt_now_ns of the last event presented (s_evt_valid high, not in
//             reset), held in between: the simulated time of the traffic
//   events    events the block has accepted before this cycle
//   mismatch  high in the cycle where the run failed (after it: idle cycles, nothing
//             compared)
/* verilator lint_off UNUSEDSIGNAL */
module lockstep_probe (
    input wire [63:0] cycle,
    input wire [31:0] now_ns,
    input wire [63:0] events,
    input wire        mismatch
);
endmodule
/* verilator lint_on UNUSEDSIGNAL */
