// The one list of RTL sources, in dependency order. CMake, scripts/lint.sh and
// scripts/synth.sh read it; lines starting with // are comments.
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
dcqcn_nic_sched_due.sv
dcqcn_nic_sched.sv
dcqcn_axis_reg.sv
dcqcn_nic_fifo.sv
dcqcn_nic_arb.sv
dcqcn_nic_top.sv
// the frame blocks (docs/frames.md), sized by DATA_WIDTH
dcqcn_ecn_mark.sv
dcqcn_cnp_build.sv
