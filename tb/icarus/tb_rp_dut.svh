// SPDX-License-Identifier: MIT
// The RP's Icarus benches' shared part (tb_rp.sv, tb_rp_wrap.sv): the DUT's port signals at
// NUM_FLOWS 16, the common checks (tb_common.svh) and the DUT, connected by name.
  localparam int NF = 16;
  localparam int FW = 4;

  logic        clk, rst;
  logic        s_evt_valid, s_evt_ready;
  logic [2:0]  s_evt_op;
  logic [FW-1:0] s_evt_flow;
  logic [31:0] s_evt_now_ns, s_evt_tau_ns;
  logic [15:0] s_evt_bytes;
  logic        s_evt_cnp_ue;
  logic [7:0]  s_evt_gen;
  logic        m_out_valid, m_out_ready;
  logic [2:0]  m_out_op;
  logic [FW-1:0] m_out_flow;
  logic        m_out_stale, m_out_paced;
  logic [1:0]  m_out_ctmr;
  logic [7:0]  m_out_cgen;
  logic [31:0] m_out_cdl_ns;
  logic [31:0] m_out_next_tx_ns, m_out_rc_kbps, m_out_rt_kbps, m_out_adl_ns, m_out_idl_ns;
  logic [16:0] m_out_alpha_q16;
  logic [1:0]  m_out_atmr, m_out_itmr;
  logic [7:0]  m_out_agen, m_out_igen;
  logic        csr_we, csr_re;
  logic [7:0]  csr_addr;
  logic [31:0] csr_wdata, csr_rdata;

  `include "tb_common.svh"

  dcqcn_rp #(.NUM_FLOWS(NF)) dut (.*);
