// SPDX-License-Identifier: MIT
#include "gtkw.h"

#include <cstdio>
#include <filesystem>
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
  void sig(const std::string& s, bool dec = false) {
    t += flags(kRjust | (wide(s) ? (dec ? kDec : kHex) : kBin));
    t += s + "\n";
  }
  void analog(const std::string& s) {
    t += flags(kRjust | kDec | kAnalogStep);
    t += s + "\n";
    t += flags(kStretch | kBlank);
    t += "-\n-\n";
  }
};

}  // namespace

std::string gtkw_text(const std::string& wave_path, const std::vector<std::string>& names) {
  Out o;
  o.t = "[*] dcqcn-sim: the network's waveform view (docs/waveforms.md)\n";
  o.t += "[dumpfile] \"" + std::filesystem::absolute(wave_path).string() + "\"\n";
  o.t += "[timestart] 0\n[size] 1600 1000\n[pos] -1 -1\n[sst_width] 300\n[signals_width] 320\n";
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
    for (const auto& s : rc) o.analog(s);
    o.end("Rc per flow (kb/s)", false);
  }
  if (!q.empty()) {
    o.group("egress queue per switch port (bytes)", false);
    for (const auto& s : q) o.analog(s);
    o.end("egress queue per switch port (bytes)", false);
  }
  if (!pause.empty()) {
    o.group("PFC pauses (data priority)", false);
    for (const auto& s : pause) o.sig(s);
    o.end("PFC pauses (data priority)", false);
  }
  if (!marks.empty()) {
    o.group("CE marks and CNPs per flow (counts)", true);
    for (const auto& s : marks) o.sig(s, true);
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

void write_gtkw(const std::string& path, const std::string& wave_path, const std::vector<std::string>& names) {
  const std::string t = gtkw_text(wave_path, names);
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw std::runtime_error(path + ": cannot write the GTKWave save file");
  std::fwrite(t.data(), 1, t.size(), f);
  std::fclose(f);
}

}  // namespace dcqcn::net
