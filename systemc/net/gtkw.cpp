// SPDX-License-Identifier: MIT
#include "gtkw.h"

#include <cerrno>
#include <cstring>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <algorithm>
#include <map>
#include <stdexcept>

namespace dcqcn::net {

namespace {

// GTKWave trace flags (its savefile format): hex, decimal, binary, right-justified,
// analog step, a blank line (comment), group begin / end, closed.
constexpr unsigned kHex = 0x2, kDec = 0x4, kBin = 0x8, kRjust = 0x20, kBlank = 0x200,
                   kAnalogStep = 0x8000, kStretch = 0x20000, kClosed = 0x400000,
                   kGroupBegin = 0x800000, kGroupEnd = 0x1000000, kCollapsed = 0x1000;

std::string flags(unsigned f) {
  char b[32];
  std::snprintf(b, sizeof b, "@%x\n", f);
  return b;
}

bool starts(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }
bool ends(const std::string& s, const std::string& x) {
  return s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
}
// The signal's own name (after the last '.'), without its range.
std::string leaf(const std::string& s) {
  std::string n = s.substr(s.rfind('.') + 1);
  return n.substr(0, n.find('['));
}
bool wide(const std::string& s) { return s.find('[') != std::string::npos; }

struct Out {
  std::string t;
  void group(const std::string& name, bool closed) {
    t += flags(kBlank | kGroupBegin | (closed ? kClosed : 0));
    t += "-" + name + "\n";
  }
  void end(const std::string& name, bool closed) {
    t += flags(kBlank | kGroupEnd | (closed ? (kClosed | kCollapsed) : 0));
    t += "-" + name + "\n";
  }
  void sig(const std::string& s, bool dec = false, const std::string& label = "") {
    t += flags(kRjust | (wide(s) ? (dec ? kDec : kHex) : kBin));
    t += (label.empty() ? "" : "+{" + label + "} ") + s + "\n";
  }
  void analog(const std::string& s, const std::string& label) {
    t += flags(kRjust | kDec | kAnalogStep);
    t += "+{" + label + "} " + s + "\n";
    t += flags(kStretch | kBlank);
    t += "-\n-\n";
  }
};

// A network signal's label: "net.flows.f3_h4_r.rc_kbps[31:0]" -> "f3_h4_r rc_kbps",
// "net.sw.p4_r.egress_bytes[31:0]" -> "sw/p4_r egress_bytes", "net.h1.paused" -> "h1 paused".
std::string label(const std::string& n) {
  std::string x = n.substr(4);  // after "net."
  if (starts(x, "flows.")) x = x.substr(6);
  x = x.substr(0, x.find('['));
  const size_t d = x.rfind('.');
  if (d != std::string::npos) x = x.substr(0, d) + " " + x.substr(d + 1);
  std::replace(x.begin(), x.end(), '.', '/');  // GTKWave shows a label after its last '.'
  return x;
}

}  // namespace

std::string gtkw_text(const std::string& wave_path, const std::vector<std::string>& names, uint64_t from_ps,
                      uint64_t to_ps) {
  Out o;
  o.t = "[*] dcqcn-sim: the network's waveform view (docs/waveforms.md)\n";
  o.t += "[dumpfile] \"" + std::filesystem::absolute(wave_path).string() + "\"\n";
  // zoom to fit about 1100 pixels: GTKWave 3.3 draws 2^(-zoom - 7.5) ps per pixel (measured
  // on its screen: zoom -30 draws 1 ms in 175 pixels, -20.67 8 us in 840)
  const double span = to_ps > from_ps ? static_cast<double>(to_ps - from_ps) : 1.0;
  char z[96];
  std::snprintf(z, sizeof z, "*%.6f %llu\n", -(std::log2(std::max(1.0, span / 1100.0)) + 7.5),
                static_cast<unsigned long long>(from_ps));
  o.t += z;
  o.t += "[timestart] " + std::to_string(from_ps) + "\n";
  o.t += "[size] 1600 1000\n[pos] -1 -1\n[sst_width] 250\n[signals_width] 300\n";
  // the network
  std::vector<std::string> rc, q, pause, marks;
  std::map<std::string, std::vector<std::string>> blocks;  // instance -> its signals, in order
  std::vector<std::string> order;
  for (const std::string& n : names) {
    if (starts(n, "net.")) {
      const std::string l = leaf(n);
      if (l == "rc_kbps") rc.push_back(n);
      else if (l == "egress_bytes") q.push_back(n);
      else if (l == "paused") pause.push_back(n);
      else marks.push_back(n);
      continue;
    }
    // a block instance is the first two scopes: "h3.rp"
    const size_t a = n.find('.');
    const size_t b = a == std::string::npos ? a : n.find('.', a + 1);
    if (b == std::string::npos) continue;
    const std::string inst = n.substr(0, b);
    if (!blocks.count(inst)) order.push_back(inst);
    blocks[inst].push_back(n);
  }
  if (!rc.empty()) {
    o.group("Rc per flow (kb/s)", false);
    for (const auto& s : rc) o.analog(s, label(s));
    o.end("Rc per flow (kb/s)", false);
  }
  if (!q.empty()) {
    o.group("egress queue per switch port (bytes)", false);
    for (const auto& s : q) o.analog(s, label(s));
    o.end("egress queue per switch port (bytes)", false);
  }
  if (!pause.empty()) {
    o.group("PFC pauses (data priority)", false);
    for (const auto& s : pause) o.sig(s, false, label(s));
    o.end("PFC pauses (data priority)", false);
  }
  if (!marks.empty()) {
    o.group("CE marks and CNPs per flow (counts)", true);
    for (const auto& s : marks) o.sig(s, true, label(s));
    o.end("CE marks and CNPs per flow (counts)", true);
  }
  for (const std::string& inst : order) {
    const auto& v = blocks[inst];
    const std::string port_pre = inst + ".";
    std::vector<std::string> ev, res, state;
    for (const std::string& n : v) {
      const std::string rest = n.substr(port_pre.size());
      if (rest.find('.') == std::string::npos) {  // a port (or a transaction signal)
        const std::string l = leaf(n);
        if (l == "clk" || starts(l, "s_evt_")) ev.push_back(n);
        else if (starts(l, "m_out_")) res.push_back(n);
      } else if (starts(rest, "rtl.") && rest.find('.', 4) == std::string::npos) {
        const std::string l = leaf(n);
        if (!starts(l, "s_evt_") && !starts(l, "m_out_") && !starts(l, "csr_") && l != "clk" && l != "rst")
          state.push_back(n);
      }
    }
    o.group(inst, true);
    o.t += flags(kBlank) + "-events\n";
    for (const auto& s : ev) o.sig(s, ends(leaf(s), "_ns") || ends(leaf(s), "_bytes"));
    o.t += flags(kBlank) + "-results\n";
    for (const auto& s : res) o.sig(s, ends(leaf(s), "_ns") || ends(leaf(s), "_kbps"));
    if (!state.empty()) {
      o.t += flags(kBlank) + "-state (RTL registers)\n";
      for (size_t i = 0; i < state.size() && i < 64; ++i) o.sig(state[i]);
    }
    o.end(inst, true);
  }
  return o.t;
}

void write_gtkw(const std::string& path, const std::string& wave_path, const std::vector<std::string>& names,
                uint64_t from_ps, uint64_t to_ps) {
  const std::string t = gtkw_text(wave_path, names, from_ps, to_ps);
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw std::runtime_error(path + ": cannot write the GTKWave save file: " + std::strerror(errno));
  errno = 0;
  const bool bad = std::fwrite(t.data(), 1, t.size(), f) != t.size() || std::fflush(f) != 0;
  const int e = errno;
  if (std::fclose(f) != 0 || bad)
    throw std::runtime_error(path + ": write error: " + std::strerror(e ? e : errno ? errno : EIO) +
                             "; expected a writable file system with free space");
}

}  // namespace dcqcn::net
