// SPDX-License-Identifier: MIT
// sta: the netlist and its timing graph for the static timing tool: the Yosys JSON
// netlist (cells, net bits, drivers, fanout, names) and the delay model of each cell
// type. The method (cell delays, routing, options) is described at the top of
// tb/tools/sta.cpp; the models are in sta_netlist.cpp, the path search and report in sta.cpp.
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sta_tool {

using nlohmann::json;

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

[[noreturn]] inline void die(const std::string& msg) {
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


// variants of the method (the defaults are the method)
struct Options {
  bool muxf_direct = false;        // no routing on LUT -> MUXF7 -> MUXF8 -> MUXF9 data hops
  bool carry_entry_group = true;   // the entry group costs 0.02 like every other group
  bool full_paths = false;         // --paths N lists every path hop by hop (--full)
};

class Sta {
 public:
  Options opt;
  void load(const std::string& path, const std::string& top);
  void build();
  void analyse();
  void report(int npaths, bool summary, std::optional<double> limit, std::optional<double> census,
              int& rc);

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

}  // namespace sta_tool
