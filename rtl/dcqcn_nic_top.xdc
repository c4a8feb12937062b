# SPDX-License-Identifier: MIT
# Example constraints for dcqcn_nic_top and for its frame-level wrapper
# dcqcn_nic_frame_top (same clk and rst ports): one clock, one synchronous reset.
# Start from here; pin locations and I/O standards belong to your board file, and the
# AXI-Stream / AXI4-Lite ports are normally internal nets (no I/O constraints needed).
#
# clk: the 100G MAC datapath clock, 322.265625 MHz (3.103 ns), e.g. the user clock of a
# CMAC/MRMAC or a 100G Ethernet subsystem. docs/fpga.md "Timing" says which paths of
# which block are expected to meet it on UltraScale+ and which will not without
# pipelining.
create_clock -name clk -period 3.103 [get_ports clk]

# rst: synchronous, active high, in the clk domain. Drive it from a reset synchroniser
# in the clk domain (e.g. rst = !peripheral_aresetn of proc_sys_reset on clk). If it
# comes straight from a pin or another clock domain instead, synchronise it first; the
# false path below then applies only to the asynchronous pin-to-synchroniser hop.
# set_false_path -from [get_ports rst]

# The blocks hold rst for at least one cycle; the RAM clear that follows lasts NUM_FLOWS
# cycles. rst fans out to every control register: let Vivado replicate it.
set_property MAX_FANOUT 64 [get_nets -quiet -hierarchical -filter {NAME =~ *rst}]

# If the AXI4-Lite master runs on a slower clock (a typical 100-250 MHz control clock),
# put an AXI clock converter in front of s_axil_*; do not constrain the CSR bus as a
# multicycle path inside this top: a CSR write is visible to the datapath on the next
# clk cycle.

# dcqcn_nic_frame_top only: its frame streams (s_axis_rx_*, m_axis_rx_*, m_axis_cnp_*) run
# on clk, the MAC's datapath clock. A MAC whose receive stream is on another clock (its
# rx user clock) needs an AXI4-Stream clock-converter FIFO in front of s_axis_rx; the CNP
# stream is muxed into the transmit path on clk (docs/integration.md, "Frames in and out").
# The wrapper's AXI4-Lite slave is on clk as well (13-bit address; the note above applies).
