// The one list of RTL sources, in dependency order. CMake, scripts/lint.sh and
// scripts/synth.sh read it; lines starting with // are comments to them. The
// "//@include" lines name the headers the sources `include (rtl/ is the include
// directory). scripts/gen_core.sh makes rtl/dcqcn.core from this file; CTest
// handoff.sources checks that this list, rtl/dcqcn.core, the file table of docs/fpga.md
// and the .sv/.vh files in rtl/ agree: a new RTL file needs a line here, a row in that
// table and scripts/gen_core.sh --write.
//@include dcqcn_rp_regmap.vh
//@include dcqcn_np_regmap.vh
//@include dcqcn_cp_regmap.vh
//@include dcqcn_rp_recip.vh
//@include dcqcn_nic_sched_regmap.vh
//@include dcqcn_nic_top_regmap.vh
//@include dcqcn_ecn_mark_regmap.vh
//@include dcqcn_rx_class_regmap.vh
//@include dcqcn_cnp_build_regmap.vh
//@include dcqcn_nic_frame_top_regmap.vh
dcqcn_ram_sdp.sv
dcqcn_rp_csr.sv
dcqcn_rp_recip_rom.sv
dcqcn_rp_rate.sv
dcqcn_rp_pace.sv
dcqcn_rp.sv
dcqcn_np_csr.sv
dcqcn_np_cnpq.sv
dcqcn_np.sv
dcqcn_cp_csr.sv
dcqcn_cp_regs.sv
dcqcn_cp_tcd.sv
dcqcn_cp_red.sv
dcqcn_cp.sv
dcqcn_nic_wheel.sv
dcqcn_nic_sched_csr.sv
dcqcn_nic_sched.sv
dcqcn_axis_reg.sv
dcqcn_nic_fifo.sv
dcqcn_nic_top_csr.sv
dcqcn_nic_arb.sv
dcqcn_nic_top.sv
// the frame blocks (docs/frames.md), sized by DATA_WIDTH
dcqcn_ecn_mark_csr.sv
dcqcn_ecn_mark.sv
dcqcn_rx_class_csr.sv
dcqcn_rx_class.sv
dcqcn_cnp_build_csr.sv
dcqcn_cnp_build.sv
// the frame-level NIC top: dcqcn_nic_top with dcqcn_rx_class and dcqcn_cnp_build
dcqcn_nic_frame_top_csr.sv
dcqcn_nic_frame_top.sv
