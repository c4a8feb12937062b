// SPDX-License-Identifier: MIT
// sta: static timing estimate of a flattened Yosys `synth_xilinx` netlist (write_json)
// with UltraScale+ -2 cell delays. The method (docs/fpga.md "Timing"):
//
//   LUT1-6, INV, LUTRAM read                  0.12 ns (LUTRAM deeper than 64: +0.08 per MUXF)
//   MUXF7/8/9                                 0.08
//   carry chain: entry 0.13, plus 0.02 per 4-bit group the path goes through, the entry
//     group included (CARRY4: S/DI/CYINIT -> out 0.15, CI from the previous CO 0.02;
//     CARRY8: per 4-bit half, so 0.15/0.17 and 0.02/0.04)
//   FF (FDRE/FDSE/FDCE/FDPE): clock-to-out 0.09, setup 0.05 (D, CE, R/S, CLR/PRE)
//   DSP48E1/E2: combinational A/B/C/D to P 2.2, cascade input (ACIN/BCIN/PCIN) 0.9 with
//     no routing; a registered input (AREG/BREG/CREG/DREG/OPMODEREG/... > 0) and the CE/RST
//     pins end the path with setup 0.25; a registered P (PREG = 1) launches at 0.35; an
//     unregistered input into a registered P ends 2.2 (0.9) after the pin; registered
//     inputs with unregistered P launch P at 2.2; the ALU alone (C, OPMODE... -> P) 0.9 as
//     PCIN; MREG = 1 with PREG = 0 (Yosys's mapping of `p <= a * b`): multiplier inputs
//     end 1.3 after the pin, P launches at 0.35 + 0.9 (model_dsp); ACOUT/BCOUT forward A/B
//   block RAM (RAMB18/36 E1/E2): outputs launch at 1.1 (0.35 with DOx_REG = 1: port A
//     outputs DOA_REG, port B outputs DOB_REG); every data/address/enable/WE input ends
//     the path with setup 0.05 (the FF setup; the clocks are not timed)
//   LUTRAM (RAM32M/64M/..X1D/..X1S): read address -> output 0.12 (+0.08 per MUXF beyond
//     64 deep), stored word 0.09 + read after the clock; other inputs end with 0.05
//   SRL16E/SRLC32E: Q = 0.09 + 0.12 from the clock, A -> Q 0.12; Q31 0.09; D, CE end
//   primary inputs (module ports / IBUF outputs): launched at 0.09 (as from a register)
//   primary outputs (module ports / OBUF inputs): path ends with setup 0.05
//   routing: 0.20 + 0.06 * log2(fanout) on every hop except carry CO -> CI and DSP (and
//     BRAM) cascade hops; fanout = the cell input pins (and output port bits) on the net.
//
// Any cell type not listed makes the tool fail, naming it.
//
//   sta NETLIST.json [--top NAME] [--paths N] [--limit NS] [--summary]
//       [--muxf-direct] [--carry-entry-free]
//
// Prints the worst path (total ns, Fmax, every hop with the net it drives) and, with
// --paths N, the N worst path ends with distinct end signals. --summary: one line
//   STA worst_ns=<ns> fmax_mhz=<MHz> levels=<n> (LUT/CARRY/MUXF/DSP/RAM) path=<a > b > c>
// --muxf-direct: no routing allowance on the LUT -> MUXF7 -> MUXF8 -> MUXF9 data hops (in
// the slice the F7/F8/F9 muxes take their data only from the slice's own LUTs and muxes,
// so these are not routed: a physical reading, 0.2 ns less per hop; the select S stays
// routed); --carry-entry-free: the entry 0.13 includes the first 4-bit group. Both for
// comparison only; the method is without them.
// Exit status: 0; 1 when --limit is given and the worst path exceeds it; 2 on error.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using nlohmann::json;

namespace {

// ------------------------------------------------------------------ delays (ns)
constexpr double kLut = 0.12;
constexpr double kMuxf = 0.08;
constexpr double kCarryEntry = 0.13;
constexpr double kCarryPer4 = 0.02;
constexpr double kFfClkQ = 0.09;
constexpr double kFfSetup = 0.05;
constexpr double kDspComb = 2.2;
constexpr double kDspCascade = 0.9;
constexpr double kDspInSetup = 0.25;
constexpr double kDspPClkQ = 0.35;
constexpr double kDspAlu = 0.9;    // the ALU alone: PCIN -> P is 0.9 (see model_dsp)
constexpr double kBramClkQ = 1.1;
constexpr double kBramRegClkQ = 0.35;
constexpr double kBramSetup = 0.05;
constexpr double kRouteBase = 0.20;
constexpr double kRoutePerLog2 = 0.06;

[[noreturn]] void die(const std::string& msg) {
  std::cerr << "sta: " << msg << "\n";
  std::exit(2);
}

struct Cell {
  std::string name, type;
  std::string src;   // the RTL line the cell comes from ("" if none or a Yosys library file)
  json params;
  std::map<std::string, std::vector<int>> conn;   // port -> net bits (-1: constant)
  std::map<std::string, bool> is_out;
};

// a driver of a net bit: a cell output pin, or a module input port
struct Driver {
  int cell = -1;      // -1: module input port (if port non-empty) or none
  std::string port;
  int idx = 0;
};

struct Arc {          // combinational: in -> out
  int from = -1, to = -1;
  double delay = 0;   // routing (if not dedicated) + cell delay
  double route = 0;
  double cell_delay = 0;
  int cell = -1;
  std::string in_pin, out_pin;
};

struct End {
  int bit = -1;
  double route = 0, setup = 0;
  int cell = -1;      // -1: module output port
  std::string pin;
};

struct Launch {
  int bit;
  double t;
  int cell;           // -1: module input port
  std::string pin;
};

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

// variants of the method (the defaults are the method)
struct Options {
  bool muxf_direct = false;        // no routing on LUT -> MUXF7 -> MUXF8 -> MUXF9 data hops
  bool carry_entry_group = true;   // the entry group costs 0.02 like every other group
};

class Sta {
 public:
  Options opt;
  void load(const std::string& path, const std::string& top);
  void build();
  void analyse();
  void report(int npaths, bool summary, std::optional<double> limit, int& rc);

 private:
  // netlist
  std::vector<Cell> cells_;
  int nbits_ = 0;
  std::vector<Driver> driver_;
  std::vector<int> fanout_;
  std::vector<std::string> name_;
  std::vector<int> out_port_bits_;
  std::vector<int> in_port_bits_;
  // timing graph
  std::vector<Arc> arcs_;
  std::vector<End> ends_;
  std::vector<Launch> launches_;
  std::vector<double> arr_;
  std::vector<int> pred_;        // arc index, or -1 (launch)
  std::vector<int> launch_of_;   // launch index when pred_ is -1
  std::vector<std::string> warnings_;

  bool driven_by(int bit, const std::string& type_re, const std::string& port_re) const;
  double route(int bit, bool dedicated) const {
    if (dedicated) return 0;
    int f = std::max(1, fanout_[bit]);
    return kRouteBase + kRoutePerLog2 * std::log2(static_cast<double>(f));
  }
  void arc(const Cell& c, int ci, const std::string& ip, int ii, const std::string& op, int oi,
           double d, bool dedicated = false);
  void end(const Cell& c, int ci, const std::string& ip, int ii, double setup,
           bool dedicated = false);
  void launch(const Cell& c, int ci, const std::string& op, int oi, double t);
  void all_inputs_end(const Cell& c, int ci, double setup, const std::set<std::string>& skip);

  void model_cell(int ci);
  void model_carry(const Cell& c, int ci);
  void model_dsp(const Cell& c, int ci);
  void model_bram(const Cell& c, int ci);
  void model_lutram(const Cell& c, int ci);
  std::vector<int> trace(int bit) const;
  std::string end_name(const End& x, bool index = false) const;
};

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

std::vector<std::string> ports_matching(const Cell& c, const std::string& re, bool outputs) {
  std::vector<std::string> v;
  std::regex r(re);
  for (auto& [pn, bits] : c.conn)
    if (c.is_out.at(pn) == outputs && std::regex_match(pn, r)) v.push_back(pn);
  return v;
}

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

void Sta::analyse() {
  const double NEG = -1e30;
  arr_.assign(nbits_, NEG);
  pred_.assign(nbits_, -1);
  launch_of_.assign(nbits_, -1);
  for (int i = 0; i < static_cast<int>(launches_.size()); ++i) {
    const Launch& l = launches_[i];
    if (l.t > arr_[l.bit]) {
      arr_[l.bit] = l.t;
      launch_of_[l.bit] = i;
    }
  }
  // longest path over the DAG of net bits (Kahn)
  std::vector<std::vector<int>> out(nbits_);
  std::vector<int> indeg(nbits_, 0);
  for (int a = 0; a < static_cast<int>(arcs_.size()); ++a) {
    out[arcs_[a].from].push_back(a);
    indeg[arcs_[a].to]++;
  }
  std::vector<int> q;
  for (int b = 0; b < nbits_; ++b)
    if (indeg[b] == 0) q.push_back(b);
  size_t done = 0;
  while (done < q.size()) {
    int b = q[done++];
    for (int a : out[b]) {
      const Arc& x = arcs_[a];
      if (arr_[b] > NEG / 2 && arr_[b] + x.delay > arr_[x.to]) {
        arr_[x.to] = arr_[b] + x.delay;
        pred_[x.to] = a;
      }
      if (--indeg[x.to] == 0) q.push_back(x.to);
    }
  }
  if (done != static_cast<size_t>(nbits_)) {
    for (int b = 0; b < nbits_; ++b)
      if (indeg[b] > 0) die("combinational loop through net " + name_[b]);
  }
}

std::vector<int> Sta::trace(int bit) const {   // arcs from the launch to bit
  std::vector<int> v;
  while (bit >= 0 && pred_[bit] >= 0) {
    v.push_back(pred_[bit]);
    bit = arcs_[pred_[bit]].from;
  }
  std::reverse(v.begin(), v.end());
  return v;
}

std::string base_name(std::string s);
bool readable(const std::string& n) { return n.find('$') == std::string::npos && n.rfind("<net", 0) != 0; }

// the end of a path as a designer names it: the register a FF end loads (its Q net), the
// RAM or DSP instance and pin, the output port
std::string Sta::end_name(const End& x, bool index) const {
  if (x.cell < 0) return x.pin;
  const Cell& c = cells_[x.cell];
  auto out_name = [&](const std::string& port) -> std::string {
    auto it = c.conn.find(port);
    if (it == c.conn.end() || it->second.empty() || it->second[0] < 0) return "";
    return name_[it->second[0]];
  };
  std::string pin = x.pin;
  if (c.type.rfind("FD", 0) == 0) {
    std::string q = out_name("Q");
    return q.empty() ? "" : (index ? q : base_name(q)) + (x.pin == "D" ? "" : " " + x.pin);
  }
  if (c.type.rfind("OBUF", 0) == 0) return index ? "output " + out_name("O") : base_name(out_name("O"));
  std::string cn = c.name;
  if (cn.find('$') != std::string::npos) cn = c.type;
  return cn + " " + (index ? pin : base_name(pin));
}

std::string base_name(std::string s) {
  auto p = s.rfind('[');
  if (p != std::string::npos && s.back() == ']') s.erase(p);
  return s;
}

std::string fmt(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

void Sta::report(int npaths, bool summary, std::optional<double> limit, int& rc) {
  struct Ep { double t; int e; };
  std::vector<Ep> eps;
  for (int e = 0; e < static_cast<int>(ends_.size()); ++e) {
    const End& x = ends_[e];
    if (arr_[x.bit] < -1e20) continue;
    eps.push_back({arr_[x.bit] + x.route + x.setup, e});
  }
  if (eps.empty()) die("no timed path in the netlist");
  std::stable_sort(eps.begin(), eps.end(), [](const Ep& a, const Ep& b) { return a.t > b.t; });

  auto start_of = [&](const std::vector<int>& arcs, int endbit) {
    int b = arcs.empty() ? endbit : arcs_[arcs.front()].from;
    return b;
  };
  auto named_chain = [&](const End& x, const std::vector<int>& arcs) {
    std::vector<std::string> v;
    auto add = [&](const std::string& n) {
      if (n.find('$') != std::string::npos || n.rfind("<net", 0) == 0) return;
      std::string b = base_name(n);
      if (v.empty() || v.back() != b) v.push_back(b);
    };
    add(name_[start_of(arcs, x.bit)]);
    for (int a : arcs) add(name_[arcs_[a].to]);
    std::string endn = end_name(x);
    if (x.cell < 0) {   // an output port: its name, unless the path already ends with it
      endn = base_name(name_[x.bit]);
      if ((!v.empty() && v.back() == endn) || !readable(endn)) endn.clear();
    } else if (!v.empty() && v.back() == endn) {
      endn.clear();
    }
    std::string s;
    for (auto& n : v) s += (s.empty() ? "" : " > ") + n;
    if (!endn.empty()) s += (s.empty() ? "" : " > ") + endn;
    return s;
  };
  auto levels = [&](const std::vector<int>& arcs, int& lut, int& car, int& mux, int& dsp, int& ram) {
    lut = car = mux = dsp = ram = 0;
    int last = -1;
    for (int a : arcs) {
      int c = arcs_[a].cell;
      if (c == last) continue;
      last = c;
      const std::string& t = cells_[c].type;
      if (t.rfind("LUT", 0) == 0 || t == "INV") lut++;
      else if (t.rfind("CARRY", 0) == 0) car++;
      else if (t.rfind("MUXF", 0) == 0) mux++;
      else if (t.rfind("DSP", 0) == 0) dsp++;
      else ram++;
    }
    return lut + car + mux + dsp + ram;
  };

  const Ep& w = eps.front();
  const End& we = ends_[w.e];
  std::vector<int> warcs = trace(we.bit);
  int lut, car, mux, dsp, ram;
  int lv = levels(warcs, lut, car, mux, dsp, ram);
  double fmax = 1000.0 / w.t;
  if (summary) {
    std::cout << "STA worst_ns=" << fmt(w.t) << " fmax_mhz=" << std::fixed;
    std::cout.precision(1);
    std::cout << fmax << " levels=" << lv << " (" << lut << "/" << car << "/" << mux << "/" << dsp
              << "/" << ram << ") path=" << named_chain(we, warcs) << "\n";
  }
  auto print_path = [&](const Ep& ep) {
    const End& x = ends_[ep.e];
    std::vector<int> arcs = trace(x.bit);
    int sb = start_of(arcs, x.bit);
    int l = launch_of_[sb];
    std::printf("  %7s %6s  %-18s %5s %-8s %-10s -> %s\n", "ns", "incr", "routing", "cell", "type", "in pin",
                "net driven (~: no HDL name) (RTL line)");
    if (l >= 0) {
      const Launch& L = launches_[l];
      std::string ty = L.cell >= 0 ? cells_[L.cell].type : "input";
      std::string pin = L.cell >= 0 ? L.pin + " (launch)" : "(launch)";
      std::printf("  %7.2f %6.2f  %-18s %5.2f %-8s %-10s -> %s\n", L.t, L.t, "", L.t, ty.c_str(), pin.c_str(),
                  name_[sb].c_str());
    }
    double t = arr_[sb];
    for (int a : arcs) {
      const Arc& r = arcs_[a];
      t += r.delay;
      const Cell& c = cells_[r.cell];
      std::string net = readable(name_[r.to]) ? name_[r.to] : "~";
      if (!c.src.empty()) net += "  (" + c.src + ")";
      char rt[48];
      if (r.route > 0) std::snprintf(rt, sizeof rt, "route %.2f fo %d", r.route, fanout_[r.from]);
      else std::snprintf(rt, sizeof rt, "dedicated");
      std::printf("  %7.2f %6.2f  %-18s %5.2f %-8s %-10s -> %s\n", t, r.delay, rt, r.cell_delay,
                  c.type.c_str(), r.in_pin.c_str(), net.c_str());
    }
    {
      char rt[48];
      if (x.route > 0) std::snprintf(rt, sizeof rt, "route %.2f fo %d", x.route, fanout_[x.bit]);
      else std::snprintf(rt, sizeof rt, "dedicated");
      std::string ty = x.cell >= 0 ? cells_[x.cell].type : "output";
      std::printf("  %7.2f %6.2f  %-18s %5.2f %-8s %-10s    end: %s\n", ep.t, x.route + x.setup, rt, x.setup,
                  ty.c_str(), x.cell >= 0 ? x.pin.c_str() : "", end_name(x, true).c_str());
    }
  };
  // a net in the terms of the RTL: its name, else the RTL line of its driver (from the
  // cell's src, or from a Yosys name such as $gt$rtl/x.sv:306$1163.CO[10]), else the
  // last named net before it on the path
  auto describe = [&](int bit, const std::string& prev) -> std::string {
    if (readable(name_[bit])) return name_[bit];
    const Driver& d = driver_[bit];
    std::string ty = d.cell >= 0 ? cells_[d.cell].type : "port";
    if (d.cell >= 0 && !cells_[d.cell].src.empty()) return "the " + ty + " output at " + cells_[d.cell].src;
    static const std::regex yname("\\$([a-z_]+)\\$([^$]+:[0-9]+)\\$.*");
    std::smatch m;
    if (std::regex_match(name_[bit], m, yname) && m[2].str().find("share/yosys") == std::string::npos)
      return "the " + ty + " output of $" + m[1].str() + " at " + m[2].str();
    return "a " + ty + " output" + (prev.empty() ? "" : " after " + prev);
  };
  // what on the path costs most, in the terms of the RTL
  auto print_notes = [&](int e, const std::vector<int>& arcs) {
    const End& x = ends_[e];
    std::vector<std::string> notes;
    int sb = start_of(arcs, x.bit);
    int l = launch_of_[sb];
    if (l >= 0 && launches_[l].cell >= 0) {
      const Cell& c = cells_[launches_[l].cell];
      if (c.type.rfind("RAMB", 0) == 0 && launches_[l].t > kBramRegClkQ)
        notes.push_back("starts at a block RAM read without output register (" + fmt(launches_[l].t) +
                        " ns clock-to-out): " + c.name + " -> " + name_[sb]);
      if (c.type.rfind("DSP", 0) == 0 && launches_[l].t >= kDspComb)
        notes.push_back("starts at a DSP48 with registered inputs but no M or P register (" +
                        fmt(launches_[l].t) + " ns)" + (c.src.empty() ? "" : " at " + c.src));
      else if (c.type.rfind("DSP", 0) == 0 && launches_[l].t > kDspPClkQ)
        notes.push_back("starts at a DSP48 M register without P register (" + fmt(launches_[l].t) +
                        " ns)" + (c.src.empty() ? "" : " at " + c.src) +
                        ": one more register after the product is packed into PREG (0.35 ns)");
    }
    int run = 0;
    double run_ns = 0;
    std::string run_src;
    auto flush_carry = [&]() {
      if (run >= 8)
        notes.push_back("carry chain of " + std::to_string(run) + " cells (" + fmt(run_ns) +
                        " ns with the entry route)" + (run_src.empty() ? "" : " at " + run_src));
      run = 0;
      run_ns = 0;
      run_src.clear();
    };
    std::string prev = readable(name_[sb]) ? name_[sb] : "";
    for (int a : arcs) {
      const Arc& r = arcs_[a];
      const Cell& c = cells_[r.cell];
      if (fanout_[r.from] >= 64)
        notes.push_back("fanout " + std::to_string(fanout_[r.from]) + " (route " + fmt(r.route) + " ns) on " +
                        describe(r.from, prev) + ": replicate or register the driver");
      if (readable(name_[r.to])) prev = name_[r.to];
      if (c.type.rfind("CARRY", 0) == 0) {
        if (r.route > 0) flush_carry();
        run++;
        run_ns += r.delay;
        if (run_src.empty()) run_src = c.src;
      } else {
        flush_carry();
      }
      if (c.type.rfind("DSP", 0) == 0 && r.cell_delay >= kDspComb)
        notes.push_back("combinational DSP48 (" + fmt(r.cell_delay) + " ns)" +
                        (c.src.empty() ? "" : " at " + c.src) +
                        ": register its inputs and the product, and the product once more for PREG "
                        "(Yosys 0.23 packs them into the DSP only when the product fits one DSP48, "
                        "24 x 17 unsigned: split wider products into registered partial products)");
    }
    flush_carry();
    if (fanout_[x.bit] >= 64)
      notes.push_back("fanout " + std::to_string(fanout_[x.bit]) + " (route " + fmt(x.route) + " ns) on " +
                      describe(x.bit, prev) + " at the end: replicate or register the driver");
    if (!notes.empty()) {
      std::printf("  notes:\n");
      for (auto& n : notes) std::printf("  - %s\n", n.c_str());
    }
  };
  if (!summary || npaths > 0) {
    std::printf("worst path: %.2f ns, Fmax %.1f MHz, %d cells (LUT %d, CARRY %d, MUXF %d, DSP %d, RAM/SRL %d)\n",
                w.t, fmax, lv, lut, car, mux, dsp, ram);
    std::printf("  signals: %s\n", named_chain(we, warcs).c_str());
    print_path(w);
    print_notes(w.e, warcs);
  }
  if (npaths > 1) {
    std::printf("\nworst %d path ends with distinct end signals:\n", npaths);
    std::set<std::string> seen;
    int n = 0;
    for (const Ep& ep : eps) {
      const End& x = ends_[ep.e];
      std::string key = base_name(end_name(x));
      if (!seen.insert(key).second) continue;
      std::vector<int> arcs = trace(x.bit);
      std::printf("  %6.2f ns  %s\n", ep.t, named_chain(x, arcs).c_str());
      if (++n >= npaths) break;
    }
  }
  for (auto& wmsg : warnings_) std::cerr << "sta: warning: " << wmsg << "\n";
  if (limit && w.t > *limit + 1e-9) {
    std::printf("sta: worst path %.2f ns exceeds the limit %.2f ns\n", w.t, *limit);
    rc = 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string file, top;
  int npaths = 0;
  bool summary = false;
  std::optional<double> limit;
  Options opts;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) die("option " + a + " needs a value");
      return argv[++i];
    };
    if (a == "--top") top = next();
    else if (a == "--paths") npaths = std::stoi(next());
    else if (a == "--limit") limit = std::stod(next());
    else if (a == "--summary") summary = true;
    else if (a == "--muxf-direct") opts.muxf_direct = true;
    else if (a == "--carry-entry-free") opts.carry_entry_group = false;
    else if (a == "-h" || a == "--help") {
      std::cout << "usage: sta NETLIST.json [--top NAME] [--paths N] [--limit NS] [--summary] [--muxf-direct] [--carry-entry-free]\n";
      return 0;
    } else if (!a.empty() && a[0] == '-') die("unknown option " + a);
    else if (file.empty()) file = a;
    else die("more than one netlist given");
  }
  if (file.empty()) die("usage: sta NETLIST.json [--top NAME] [--paths N] [--limit NS] [--summary]");
  Sta sta;
  sta.opt = opts;
  sta.load(file, top);
  sta.build();
  sta.analyse();
  int rc = 0;
  sta.report(npaths, summary, limit, rc);
  return rc;
}
