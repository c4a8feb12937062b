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
//   sta NETLIST.json [--top NAME] [--paths N] [--limit NS] [--census NS] [--summary]
//       [--muxf-direct] [--carry-entry-free] [--full]
//
// Prints the worst path (total ns, Fmax, every hop with the net it drives) and, with
// --paths N, the N worst path ends with distinct end signals (--full: each with every hop,
// as the worst path). --summary: one line
//   STA worst_ns=<ns> fmax_mhz=<MHz> levels=<n> (LUT/CARRY/MUXF/DSP/RAM) path=<a > b > c>
// --muxf-direct: no routing allowance on the LUT -> MUXF7 -> MUXF8 -> MUXF9 data hops (in
// the slice the F7/F8/F9 muxes take their data only from the slice's own LUTs and muxes,
// so these are not routed: a physical reading, 0.2 ns less per hop; the select S stays
// routed); --carry-entry-free: the entry 0.13 includes the first 4-bit group. Both for
// comparison only; the method is without them.
// --census NS: how far the netlist is from NS: every path end slower than NS, counted once
// per end signal (as --paths), in half-nanosecond bins, and grouped into families (the
// path's first two named signals, indices removed), each with its worst ns and its ends.
// Exit status: 0; 1 when --limit is given and the worst path exceeds it; 2 on error.
//
// Sources: this file (the method above, the path search, the report, main) and
// sta_netlist.{h,cpp} (reading the netlist, the delay constants and the cell models).
#include "sta_netlist.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace sta_tool {

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

namespace {

std::string base_name(std::string s);
bool readable(const std::string& n) { return n.find('$') == std::string::npos && n.rfind("<net", 0) != 0; }

}  // namespace

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

namespace {

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

}  // namespace


void Sta::report(int npaths, bool summary, std::optional<double> limit, std::optional<double> census,
                 int& rc) {
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
      if (opt.full_paths) print_path(ep);
      if (++n >= npaths) break;
    }
  }
  if (census) {
    // every path end above the threshold, once per end signal (its worst bit, as --paths),
    // counted in half-nanosecond bins and grouped into families: the path's first two
    // named signals with every index removed (u_wheel.g_lim[0].kk[3] -> u_wheel.g_lim.kk)
    auto family_name = [](std::string s) {
      static const std::regex idx("\\[[0-9]+\\]|\\.[0-9]+\\b");
      return std::regex_replace(s, idx, "");
    };
    std::set<std::string> seen;
    int total = 0, above = 0;
    std::vector<int> bins;  // bins[k]: ends in [thr + 0.5 k, thr + 0.5 (k + 1)) ns, above thr
    struct Fam { double worst; int ends; };
    std::vector<std::pair<std::string, Fam>> fams;
    const double thr = *census;
    for (const Ep& ep : eps) {
      const End& x = ends_[ep.e];
      if (!seen.insert(base_name(end_name(x))).second) continue;
      ++total;
      if (ep.t <= thr + 1e-9) continue;
      ++above;
      const int k = static_cast<int>((ep.t - thr) / 0.5);
      if (k >= static_cast<int>(bins.size())) bins.resize(k + 1, 0);
      ++bins[k];
      // the named signals before the end (as named_chain), else the start and the end
      std::vector<int> arcs = trace(x.bit);
      std::vector<std::string> v;
      auto add = [&](const std::string& n) {
        if (!readable(n)) return;
        std::string b = family_name(n);
        if (v.empty() || v.back() != b) v.push_back(b);
      };
      add(name_[start_of(arcs, x.bit)]);
      for (size_t i = 0; i + 1 < arcs.size() && v.size() < 2; ++i) add(name_[arcs_[arcs[i]].to]);
      if (v.size() < 2) {   // the end's register or RAM, without its pin
        const std::string en = family_name(end_name(x));
        v.push_back(en.substr(0, en.find(' ')));
      }
      if (v.size() < 2) v.insert(v.begin(), "~");   // nothing named before the end ("~" as in a path)
      const std::string key = v[0] + " > " + v[1];
      auto it = std::find_if(fams.begin(), fams.end(), [&](const auto& f) { return f.first == key; });
      if (it == fams.end()) fams.push_back({key, Fam{ep.t, 1}});   // eps are worst first
      else ++it->second.ends;
    }
    std::printf("\ncensus: %d of %d path ends (distinct end signals) above %.2f ns, in %zu families\n", above,
                total, thr, fams.size());
    for (int k = static_cast<int>(bins.size()) - 1; k >= 0; --k)
      if (bins[k] > 0)
        std::printf("  %5.2f-%5.2f ns  %6d\n", thr + 0.5 * k, thr + 0.5 * (k + 1), bins[k]);
    if (!fams.empty()) {
      std::printf("  families (the path's first two named signals), worst first:\n");
      std::printf("  %6s %6s  %s\n", "worst", "ends", "family");
      for (const auto& f : fams)
        std::printf("  %6.2f %6d  %s\n", f.second.worst, f.second.ends, f.first.c_str());
    }
  }
  for (auto& wmsg : warnings_) std::cerr << "sta: warning: " << wmsg << "\n";
  if (limit && w.t > *limit + 1e-9) {
    std::printf("sta: worst path %.2f ns exceeds the limit %.2f ns\n", w.t, *limit);
    rc = 1;
  }
}

}  // namespace sta_tool

using sta_tool::die;
using sta_tool::Options;
using sta_tool::Sta;

namespace {

// an option's value: a number >= 0 (an integer when `integer`), else one clear error
double number(const std::string& opt, const std::string& v, const char* what, bool integer) {
  double x = -1;
  size_t used = 0;
  try {
    x = std::stod(v, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != v.size() || v.empty() || !(x >= 0) || x > 1e9 || (integer && x != static_cast<long>(x)))
    die(opt + " needs " + what + ": a number >= 0" + (integer ? " without a fraction" : "") + ", got '" + v +
        "'");
  return x;
}

}  // namespace

int main(int argc, char** argv) {
  std::string file, top;
  int npaths = 0;
  bool summary = false;
  std::optional<double> limit, census;
  Options opts;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) die("option " + a + " needs a value");
      return argv[++i];
    };
    if (a == "--top") top = next();
    else if (a == "--paths") npaths = static_cast<int>(number(a, next(), "a count of path ends (e.g. 8)", true));
    else if (a == "--limit") limit = number(a, next(), "a path delay in ns (e.g. 3.10)", false);
    else if (a == "--summary") summary = true;
    else if (a == "--census") census = number(a, next(), "a threshold in ns (e.g. 3.10)", false);
    else if (a == "--muxf-direct") opts.muxf_direct = true;
    else if (a == "--carry-entry-free") opts.carry_entry_group = false;
    else if (a == "--full") opts.full_paths = true;
    else if (a == "-h" || a == "--help") {
      std::cout << "usage: sta NETLIST.json [--top NAME] [--paths N] [--limit NS] [--census NS] [--summary] [--muxf-direct] [--carry-entry-free] [--full]\n";
      return 0;
    } else if (!a.empty() && a[0] == '-') die("unknown option " + a);
    else if (file.empty()) file = a;
    else die("more than one netlist given");
  }
  if (file.empty())
    die("usage: sta NETLIST.json [--top NAME] [--paths N] [--limit NS] [--census NS] [--summary] [--muxf-direct] "
        "[--carry-entry-free] [--full]");
  Sta sta;
  sta.opt = opts;
  sta.load(file, top);
  sta.build();
  sta.analyse();
  int rc = 0;
  sta.report(npaths, summary, limit, census, rc);
  return rc;
}
