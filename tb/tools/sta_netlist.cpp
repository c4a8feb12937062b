// SPDX-License-Identifier: MIT
// sta: reading the Yosys JSON netlist and the cell/arc models (LUT, MUXF, CARRY,
// FF, DSP48, block RAM, LUTRAM, SRL, I/O buffers) of the static timing tool. The method
// and its delays are described at the top of tb/tools/sta.cpp.
#include "sta_netlist.h"

#include <fstream>
#include <regex>
#include <sstream>
#include <tuple>

namespace sta_tool {

namespace {

std::string param_str(const Cell& c, const std::string& p) {
  if (!c.params.contains(p)) return "";
  const json& v = c.params[p];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

// Yosys writes integer parameters as 32-char binary strings; string parameters as text.
long param_int(const Cell& c, const std::string& p, long dflt) {
  std::string s = param_str(c, p);
  if (s.empty()) return dflt;
  if (s.find_first_not_of("01") == std::string::npos) return std::stol(s, nullptr, 2);
  if (s.find_first_not_of("0123456789") == std::string::npos) return std::stol(s);
  return dflt;
}

}  // namespace

void Sta::load(const std::string& path, const std::string& top) {
  std::ifstream in(path);
  if (!in) die("cannot open " + path);
  json j;
  try {
    j = json::parse(in);
  } catch (const std::exception& e) {
    die(path + ": " + e.what());
  }
  const json& mods = j.at("modules");
  const json* m = nullptr;
  std::string mname;
  for (auto it = mods.begin(); it != mods.end(); ++it) {
    const json& attrs = it.value().value("attributes", json::object());
    bool is_top = attrs.contains("top") && attrs["top"].is_string() &&
                  attrs["top"].get<std::string>().find('1') != std::string::npos;
    if ((!top.empty() && it.key() == top) || (top.empty() && is_top)) {
      m = &it.value();
      mname = it.key();
    }
  }
  if (!m) die("no top module" + (top.empty() ? std::string(" (attribute top)") : " " + top) + " in " + path);

  auto bit_of = [](const json& b) -> int { return b.is_number() ? b.get<int>() : -1; };
  int maxbit = 1;
  auto see = [&](int b) { maxbit = std::max(maxbit, b); };
  for (auto& [pn, p] : m->at("ports").items())
    for (auto& b : p.at("bits")) see(bit_of(b));
  for (auto& [cn, c] : m->at("cells").items())
    for (auto& [pn, bits] : c.at("connections").items())
      for (auto& b : bits) see(bit_of(b));
  for (auto& [nn, n] : m->at("netnames").items())
    for (auto& b : n.at("bits")) see(bit_of(b));
  nbits_ = maxbit + 1;
  driver_.assign(nbits_, Driver{});
  fanout_.assign(nbits_, 0);

  for (auto& [pn, p] : m->at("ports").items()) {
    std::string dir = p.at("direction");
    int k = 0;
    for (auto& b : p.at("bits")) {
      int bit = bit_of(b);
      if (bit >= 0) {
        if (dir == "input") {
          driver_[bit] = Driver{-1, pn, k};
          in_port_bits_.push_back(bit);
        } else if (dir == "output") {
          out_port_bits_.push_back(bit);
          fanout_[bit]++;
        } else {
          die("inout port " + pn + " is not supported");
        }
      }
      k++;
    }
  }
  for (auto& [cn, cj] : m->at("cells").items()) {
    Cell c;
    c.name = cn;
    c.type = cj.at("type");
    c.params = cj.value("parameters", json::object());
    {
      const json& at = cj.value("attributes", json::object());
      if (at.contains("src") && at["src"].is_string()) {
        // "inst_site|inner_site|yosys_lib_site": the innermost RTL site, without columns
        std::stringstream ss(at["src"].get<std::string>());
        std::string part;
        while (std::getline(ss, part, '|'))
          if (part.find("share/yosys") == std::string::npos) c.src = part.substr(0, part.find('.', part.rfind(':')));
      }
    }
    const json& dirs = cj.value("port_directions", json::object());
    for (auto& [pn, bits] : cj.at("connections").items()) {
      std::vector<int> v;
      for (auto& b : bits) v.push_back(bit_of(b));
      if (!dirs.contains(pn)) die("cell " + cn + " (" + c.type + "): no direction for port " + pn);
      std::string d = dirs[pn];
      if (d == "inout") die("cell " + cn + " (" + c.type + "): inout port " + pn);
      c.is_out[pn] = d == "output";
      c.conn[pn] = std::move(v);
    }
    cells_.push_back(std::move(c));
  }
  for (int ci = 0; ci < static_cast<int>(cells_.size()); ++ci) {
    const Cell& c = cells_[ci];
    for (auto& [pn, bits] : c.conn) {
      for (int k = 0; k < static_cast<int>(bits.size()); ++k) {
        int bit = bits[k];
        if (bit < 0) continue;
        if (c.is_out.at(pn)) {
          if (driver_[bit].cell >= 0 || !driver_[bit].port.empty())
            die("net bit " + std::to_string(bit) + " has two drivers (" + c.name + "." + pn + ")");
          driver_[bit] = Driver{ci, pn, k};
        } else {
          fanout_[bit]++;
        }
      }
    }
  }
  // the most readable name of each net bit: no '$' first, then not hidden, then not a
  // concatenation of registers and logic (as `assign pay = {op_reg, n_rc, ...}`: the
  // register's own name is better), then fewest hierarchy dots, then shortest
  name_.assign(nbits_, "");
  std::vector<std::tuple<int, int, int, int, size_t>> score(nbits_, {9, 9, 9, 99, 0});
  auto is_ff = [&](int bit) {
    return bit >= 0 && driver_[bit].cell >= 0 && cells_[driver_[bit].cell].type.rfind("FD", 0) == 0;
  };
  for (auto& [nn0, n] : m->at("netnames").items()) {
    const json& bits = n.at("bits");
    // $iopadmap$<port>: the port's net inside the I/O buffers (or the output register)
    std::string nn = nn0.rfind("$iopadmap$", 0) == 0 ? nn0.substr(10) : nn0;
    int hidden = n.value("hide_name", 0);
    int dollar = nn.find('$') != std::string::npos ? 1 : 0;
    int nff = 0, nb = 0;
    for (auto& b : bits) {
      int bit = bit_of(b);
      if (bit < 0) continue;
      nb++;
      nff += is_ff(bit) ? 1 : 0;
    }
    int mixed = nff > 0 && nff < nb ? 1 : 0;
    int dots = static_cast<int>(std::count(nn.begin(), nn.end(), '.'));
    long lsb = 0;
    if (n.contains("offset")) lsb = n["offset"].get<long>();
    bool upto = n.value("upto", 0) != 0;
    for (size_t k = 0; k < bits.size(); ++k) {
      int bit = bit_of(bits[k]);
      if (bit < 0) continue;
      std::string s = nn;
      if (bits.size() > 1) {
        long idx = upto ? lsb + static_cast<long>(bits.size() - 1 - k) : lsb + static_cast<long>(k);
        s += "[" + std::to_string(idx) + "]";
      }
      auto sc = std::make_tuple(dollar, hidden, mixed, dots, s.size());
      if (name_[bit].empty() || sc < score[bit]) {
        score[bit] = sc;
        name_[bit] = s;
      }
    }
  }
  for (int b = 0; b < nbits_; ++b)
    if (name_[b].empty()) name_[b] = "<net " + std::to_string(b) + ">";
  std::cerr << "sta: " << path << ": module " << mname << ", " << cells_.size() << " cells, "
            << nbits_ << " net bits\n";
}

bool Sta::driven_by(int bit, const std::string& type_re, const std::string& port_re) const {
  if (bit < 0) return false;
  const Driver& d = driver_[bit];
  if (d.cell < 0) return false;
  return std::regex_match(cells_[d.cell].type, std::regex(type_re)) &&
         std::regex_match(d.port, std::regex(port_re));
}

void Sta::arc(const Cell& c, int ci, const std::string& ip, int ii, const std::string& op, int oi,
              double d, bool dedicated) {
  auto ii_it = c.conn.find(ip), oi_it = c.conn.find(op);
  if (ii_it == c.conn.end() || oi_it == c.conn.end()) return;
  if (ii >= static_cast<int>(ii_it->second.size()) || oi >= static_cast<int>(oi_it->second.size())) return;
  int from = ii_it->second[ii], to = oi_it->second[oi];
  if (from < 0 || to < 0) return;
  Arc a;
  a.from = from;
  a.to = to;
  a.route = route(from, dedicated);
  a.cell_delay = d;
  a.delay = a.route + d;
  a.cell = ci;
  a.in_pin = ip + (ii_it->second.size() > 1 ? "[" + std::to_string(ii) + "]" : "");
  a.out_pin = op + (oi_it->second.size() > 1 ? "[" + std::to_string(oi) + "]" : "");
  (void)c;
  arcs_.push_back(std::move(a));
}

void Sta::end(const Cell& c, int ci, const std::string& ip, int ii, double setup, bool dedicated) {
  auto it = c.conn.find(ip);
  if (it == c.conn.end() || ii >= static_cast<int>(it->second.size())) return;
  int bit = it->second[ii];
  if (bit < 0) return;
  ends_.push_back(End{bit, route(bit, dedicated), setup, ci,
                      ip + (it->second.size() > 1 ? "[" + std::to_string(ii) + "]" : "")});
}

void Sta::launch(const Cell& c, int ci, const std::string& op, int oi, double t) {
  auto it = c.conn.find(op);
  if (it == c.conn.end() || oi >= static_cast<int>(it->second.size())) return;
  int bit = it->second[oi];
  if (bit < 0) return;
  launches_.push_back(Launch{bit, t, ci, op + (it->second.size() > 1 ? "[" + std::to_string(oi) + "]" : "")});
}

void Sta::all_inputs_end(const Cell& c, int ci, double setup, const std::set<std::string>& skip) {
  for (auto& [pn, bits] : c.conn) {
    if (c.is_out.at(pn) || skip.count(pn)) continue;
    for (int k = 0; k < static_cast<int>(bits.size()); ++k) end(c, ci, pn, k, setup);
  }
}

namespace {

std::vector<std::string> ports_matching(const Cell& c, const std::string& re, bool outputs) {
  std::vector<std::string> v;
  std::regex r(re);
  for (auto& [pn, bits] : c.conn)
    if (c.is_out.at(pn) == outputs && std::regex_match(pn, r)) v.push_back(pn);
  return v;
}

}  // namespace

void Sta::model_carry(const Cell& c, int ci) {
  const bool c8 = c.type == "CARRY8";
  const int w = c8 ? 8 : 4;
  const bool dual = c8 && param_str(c, "CARRY_TYPE") == "DUAL_CY4";
  auto grp = [](int bit) { return bit / 4; };
  const int eg = opt.carry_entry_group ? 1 : 0;
  // CI: dedicated when it comes from the CO of another carry cell
  int cibit = c.conn.count("CI") && !c.conn.at("CI").empty() ? c.conn.at("CI")[0] : -1;
  bool ci_ded = driven_by(cibit, "CARRY[48]", "CO");
  for (const char* op : {"O", "CO"}) {
    for (int j = 0; j < w; ++j) {
      int lo = dual && j >= 4 ? 4 : 0;   // lowest bit of the chain this output depends on
      // S[i] -> O[j], CO[j] for i <= j; DI[i] -> CO[j] for i <= j, O[j] for i < j
      for (int i = lo; i <= j; ++i) {
        double d = kCarryEntry + kCarryPer4 * (grp(j) - grp(i) + eg);
        arc(c, ci, "S", i, op, j, d);
        if (std::string(op) == "CO" || i < j) arc(c, ci, "DI", i, op, j, d);
      }
      if (lo == 0) {
        // CI (or CYINIT) enters at bit 0
        double entry = kCarryEntry + kCarryPer4 * (grp(j) + eg);
        arc(c, ci, "CI", 0, op, j, ci_ded ? kCarryPer4 * (grp(j) + 1) : entry, ci_ded);
        arc(c, ci, "CYINIT", 0, op, j, entry);
      } else {
        arc(c, ci, "CI_TOP", 0, op, j, kCarryEntry + kCarryPer4 * (grp(j) - 1 + eg));
      }
    }
  }
}

// DSP48E1/E2, a multiplier (A, B, D, ACIN, BCIN, INMODE: its inputs) followed by the ALU
// (C, PCIN, OPMODE, ALUMODE, CARRYIN...: its inputs), with optional registers at the
// inputs, after the multiplier (MREG) and at P (PREG):
//   - a registered input (and every CE/RST pin) ends the path with setup 0.25
//   - PREG = 1: P (and PCOUT, CARRYOUT...) launch at 0.35; an unregistered input ends
//     2.2 after its pin (0.9 from a cascade input)
//   - the ALU alone costs 0.9, the cascade figure (PCIN -> P goes through the ALU
//     only): so the ALU's own inputs (C, CARRYIN, OPMODE, ALUMODE...) reach P after 0.9,
//     and with MREG = 1, PREG = 0 the multiplier's inputs end at M 2.2 - 0.9 = 1.3 after
//     the pin (0.9 from ACIN/BCIN) and P launches at 0.35 + 0.9 = 1.25 (M register, then
//     the ALU). The table has A/B -> P 2.2, cascade 0.9 and the register figures
//     only: the M split is this tool's reading of them. With USE_MULT = NONE, A/B still
//     count 2.2.
//   - PREG = 0, MREG = 0: unregistered inputs reach P after 2.2 (ALU inputs 0.9,
//     cascades 0.9); registered multiplier inputs: P at 2.2 after the clock; registered
//     ALU inputs only: P at 1.25.
// Yosys packs `p <= a * b` into MREG (PREG = 0), and a second register after the product
// into PREG.
void Sta::model_dsp(const Cell& c, int ci) {
  const bool mult = param_str(c, "USE_MULT") != "NONE";
  const bool preg = param_int(c, "PREG", 1) > 0;
  const bool mreg = param_int(c, "MREG", 1) > 0 && mult;
  auto reg_of = [&](const std::string& port) -> bool {
    static const std::map<std::string, std::string> regp = {
        {"A", "AREG"},         {"ACIN", "AREG"},          {"B", "BREG"},
        {"BCIN", "BREG"},      {"C", "CREG"},             {"D", "DREG"},
        {"OPMODE", "OPMODEREG"}, {"ALUMODE", "ALUMODEREG"}, {"INMODE", "INMODEREG"},
        {"CARRYIN", "CARRYINREG"}, {"CARRYINSEL", "CARRYINSELREG"}};
    auto it = regp.find(port);
    if (it == regp.end()) return false;
    return param_int(c, it->second, 1) > 0;
  };
  static const std::set<std::string> cascade_in = {"ACIN", "BCIN", "PCIN", "CARRYCASCIN", "MULTSIGNIN"};
  static const std::set<std::string> mult_in = {"A", "B", "D", "ACIN", "BCIN", "INMODE"};
  static const std::set<std::string> ab_in = {"A", "B", "D", "ACIN", "BCIN"};
  // outs: the ALU outputs (P, PCOUT, CARRYOUT, ...); ACOUT/BCOUT only forward A/B
  std::vector<std::string> outs, ins;
  for (auto& [pn, bits] : c.conn)
    if (!c.is_out.at(pn)) ins.push_back(pn);
    else if (pn != "ACOUT" && pn != "BCOUT") outs.push_back(pn);
  bool reg_mult_in = false, reg_alu_in = false;
  for (auto& ip : ins) {
    if (ip == "CLK") continue;
    const auto& bits = c.conn.at(ip);
    const int nb = static_cast<int>(bits.size());
    bool casc = cascade_in.count(ip) > 0;
    bool ded = casc && driven_by(bits.empty() ? -1 : bits[0], "DSP48E[12]", ".*");
    bool to_mult = mult && mult_in.count(ip) > 0;
    if (ip.rfind("CE", 0) == 0 || ip.rfind("RST", 0) == 0) {
      for (int k = 0; k < nb; ++k) end(c, ci, ip, k, kDspInSetup);
      continue;
    }
    if (reg_of(ip)) {
      (to_mult ? reg_mult_in : reg_alu_in) = true;
      for (int k = 0; k < nb; ++k) end(c, ci, ip, k, kDspInSetup, ded);
      continue;
    }
    // through the multiplier (or A:B without it): 2.2; the ALU alone: 0.9; cascades 0.9
    double d = casc ? kDspCascade : (to_mult || ab_in.count(ip)) ? kDspComb : kDspAlu;
    if (to_mult && mreg) {
      for (int k = 0; k < nb; ++k) end(c, ci, ip, k, casc ? kDspCascade : kDspComb - kDspAlu, ded);
    } else if (preg) {
      for (int k = 0; k < nb; ++k) end(c, ci, ip, k, d, ded);
    } else {
      for (auto& op : outs)
        for (int k = 0; k < nb; ++k)
          for (int j = 0; j < static_cast<int>(c.conn.at(op).size()); ++j) arc(c, ci, ip, k, op, j, d, ded);
    }
  }
  // ACOUT/BCOUT: the A/B operand (from A/B, or ACIN/BCIN with A_INPUT/B_INPUT = CASCADE)
  // forwarded to the next DSP: from its register (0.35) or straight through (0)
  for (const char* op : {"ACOUT", "BCOUT"}) {
    if (!c.conn.count(op)) continue;
    std::string ab = std::string(op) == "ACOUT" ? "A" : "B";
    std::string ip = param_str(c, ab + "_INPUT") == "CASCADE" ? ab + "CIN" : ab;
    bool ded = ip.size() > 1 && c.conn.count(ip) && !c.conn.at(ip).empty() &&
               driven_by(c.conn.at(ip)[0], "DSP48E[12]", ".*");
    for (int j = 0; j < static_cast<int>(c.conn.at(op).size()); ++j) {
      if (reg_of(ab)) launch(c, ci, op, j, kDspPClkQ);
      else arc(c, ci, ip, j, op, j, 0, ded);
    }
  }
  double t = -1;   // P launch after the clock
  if (preg) t = kDspPClkQ;
  else if (mreg) t = kDspPClkQ + kDspAlu;
  else if (reg_mult_in) t = kDspComb;
  else if (reg_alu_in) t = kDspPClkQ + kDspAlu;
  if (t >= 0)
    for (auto& op : outs)
      for (int j = 0; j < static_cast<int>(c.conn.at(op).size()); ++j) launch(c, ci, op, j, t);
}

// RAMB18E1/RAMB36E1/RAMB18E2/RAMB36E2: port A outputs use DOA_REG, port B outputs DOB_REG.
void Sta::model_bram(const Cell& c, int ci) {
  const bool e2 = c.type.back() == '2';
  const bool rega = param_int(c, "DOA_REG", 0) > 0, regb = param_int(c, "DOB_REG", 0) > 0;
  for (auto& [pn, bits] : c.conn) {
    if (c.is_out.at(pn)) {
      bool porta = e2 ? (pn == "DOUTADOUT" || pn == "DOUTPADOUTP") : (pn == "DOADO" || pn == "DOPADOP");
      bool portb = e2 ? (pn == "DOUTBDOUT" || pn == "DOUTPBDOUTP") : (pn == "DOBDO" || pn == "DOPBDOP");
      bool reg = porta ? rega : portb ? regb : (rega && regb);
      for (int k = 0; k < static_cast<int>(bits.size()); ++k) launch(c, ci, pn, k, reg ? kBramRegClkQ : kBramClkQ);
    } else {
      if (pn.rfind("CLK", 0) == 0) continue;
      bool casc = pn.rfind("CASCADEIN", 0) == 0 || pn.rfind("CASDIN", 0) == 0;
      for (int k = 0; k < static_cast<int>(bits.size()); ++k) {
        bool ded = casc && driven_by(bits[k], "RAMB.*", ".*");
        end(c, ci, pn, k, kBramSetup, ded);
      }
    }
  }
}

// LUTRAM: the read is combinational from the read address to the output (0.12, +0.08
// per MUXF for 128/256/512 deep); the stored word changes at the clock (0.09 + read);
// every input (write address, data, WE) is a path end with the FF setup 0.05.
void Sta::model_lutram(const Cell& c, int ci) {
  std::smatch m;
  std::regex re("RAM(\\d+)(M|X).*");
  if (!std::regex_match(c.type, m, re)) die("cell " + c.name + ": unknown LUTRAM type " + c.type);
  int depth = std::stoi(m[1]);
  double rd = kLut;
  for (int d = 64; d < depth; d *= 2) rd += kMuxf;
  bool wide = m[2] == "M";
  for (auto& [op, obits] : c.conn) {
    if (!c.is_out.at(op)) continue;
    std::string addr_re;
    if (wide) addr_re = "ADDR" + op.substr(2);             // DOA <- ADDRA
    else if (op == "DPO") addr_re = "DPRA[0-9]*";
    else addr_re = "A[0-9]*";                               // SPO, O
    for (int j = 0; j < static_cast<int>(obits.size()); ++j) {
      launch(c, ci, op, j, kFfClkQ + rd);
      for (auto& ap : ports_matching(c, addr_re, false))
        for (int k = 0; k < static_cast<int>(c.conn.at(ap).size()); ++k) arc(c, ci, ap, k, op, j, rd);
    }
  }
  all_inputs_end(c, ci, kFfSetup, {"WCLK", "CLK"});
}

void Sta::model_cell(int ci) {
  const Cell& c = cells_[ci];
  const std::string& t = c.type;
  static const std::regex lut("LUT[1-6]"), ff("FD[RSCP]E(_1)?"), muxf("MUXF[5-9]"),
      bram("RAMB(18|36)E[12]"), lutram("RAM(16|32|64|128|256|512)(X[1-8][SD]|M|M8|M16)(_1)?"),
      srl("SRLC?(16|32)E?(_1)?");
  if (std::regex_match(t, lut) || t == "INV") {
    for (auto& [ip, bits] : c.conn)
      if (!c.is_out.at(ip)) arc(c, ci, ip, 0, "O", 0, kLut);
  } else if (t == "LUT6_2") {
    for (auto& [ip, bits] : c.conn) {
      if (c.is_out.at(ip)) continue;
      arc(c, ci, ip, 0, "O6", 0, kLut);
      if (ip != "I5") arc(c, ci, ip, 0, "O5", 0, kLut);
    }
  } else if (std::regex_match(t, muxf)) {
    for (const char* ip : {"I0", "I1", "S"}) {
      bool direct = false;
      if (opt.muxf_direct && std::string(ip) != "S" && c.conn.count(ip) && !c.conn.at(ip).empty())
        direct = driven_by(c.conn.at(ip)[0], "LUT[1-6]|MUXF[5-8]", ".*");
      arc(c, ci, ip, 0, "O", 0, kMuxf, direct);
    }
  } else if (t == "CARRY4" || t == "CARRY8") {
    model_carry(c, ci);
  } else if (std::regex_match(t, ff)) {
    launch(c, ci, "Q", 0, kFfClkQ);
    all_inputs_end(c, ci, kFfSetup, {"C"});
  } else if (t == "DSP48E1" || t == "DSP48E2") {
    model_dsp(c, ci);
  } else if (std::regex_match(t, bram)) {
    model_bram(c, ci);
  } else if (std::regex_match(t, lutram)) {
    model_lutram(c, ci);
  } else if (std::regex_match(t, srl)) {
    launch(c, ci, "Q", 0, kFfClkQ + kLut);
    launch(c, ci, "Q31", 0, kFfClkQ);
    launch(c, ci, "Q15", 0, kFfClkQ);
    for (auto& ap : ports_matching(c, "A[0-9]*", false))
      for (int k = 0; k < static_cast<int>(c.conn.at(ap).size()); ++k) arc(c, ci, ap, k, "Q", 0, kLut);
    all_inputs_end(c, ci, kFfSetup, {"CLK"});
  } else if (t == "IBUF" || t == "IBUFG") {
    launch(c, ci, "O", 0, kFfClkQ);   // a primary input: as if launched from a register
  } else if (t == "OBUF" || t == "OBUFT") {
    all_inputs_end(c, ci, kFfSetup, {});   // a primary output: as if captured by a register
  } else if (t == "BUFG" || t == "BUFGCE" || t == "BUFH" || t == "BUFHCE") {
    launch(c, ci, "O", 0, 0.0);        // a clock: FF clock pins are not timed
  } else if (t == "GND" || t == "VCC") {
    // constants: no timing
  } else {
    die("unknown cell type " + t + " (cell " + c.name +
        "): add a delay model for it to tb/tools/sta.cpp rather than guess");
  }
}

void Sta::build() {
  for (int ci = 0; ci < static_cast<int>(cells_.size()); ++ci) model_cell(ci);
  // module input ports: launched as from a register; output ports end (setup 0.05)
  for (int b : in_port_bits_) launches_.push_back(Launch{b, kFfClkQ, -1, driver_[b].port});
  for (int b : out_port_bits_)
    if (driver_[b].cell >= 0 || !driver_[b].port.empty())
      ends_.push_back(End{b, route(b, false), kFfSetup, -1, "output " + name_[b]});
}

}  // namespace sta_tool
