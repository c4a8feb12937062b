// SPDX-License-Identifier: MIT
#include "vcd_merge.h"

#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <queue>
#include <sstream>
#include <stdexcept>

namespace dcqcn::net {

namespace {

std::string code(uint64_t n) {  // printable VCD identifier
  std::string s;
  do {
    s += static_cast<char>(33 + n % 94);
    n /= 94;
  } while (n);
  return s;
}

struct Part {
  std::string scope, file;
  std::ifstream in;
  std::string timescale;
  std::vector<std::string> header;   // $scope/$var/$upscope lines, ids remapped
  std::map<std::string, std::string> ids;
  uint64_t time = 0;
  bool eof = false;
  std::vector<std::string> pending;  // value changes at `time`
};

// Reads the header of p (up to $enddefinitions), remapping identifiers from `next`.
void read_header(Part& p, uint64_t& next) {
  std::string tok, all;
  std::vector<std::string> toks;
  while (p.in >> tok) {
    toks.push_back(tok);
    if (tok == "$enddefinitions") {
      p.in >> tok;  // $end
      break;
    }
  }
  for (size_t i = 0; i < toks.size(); ++i) {
    const std::string& t = toks[i];
    if (t == "$timescale") {
      std::string ts;
      while (++i < toks.size() && toks[i] != "$end") ts += toks[i];
      p.timescale = ts;
    } else if (t == "$scope") {
      std::string line = "$scope";
      while (++i < toks.size() && toks[i] != "$end") line += " " + toks[i];
      p.header.push_back(line + " $end");
    } else if (t == "$upscope") {
      while (++i < toks.size() && toks[i] != "$end") {}
      p.header.push_back("$upscope $end");
    } else if (t == "$var") {
      // $var type size id reference [bits] $end
      std::vector<std::string> v;
      while (++i < toks.size() && toks[i] != "$end") v.push_back(toks[i]);
      if (v.size() < 4) throw std::runtime_error(p.file + ": malformed $var");
      auto it = p.ids.find(v[2]);
      if (it == p.ids.end()) it = p.ids.emplace(v[2], code(next++)).first;
      std::string line = "$var " + v[0] + " " + v[1] + " " + it->second;
      for (size_t k = 3; k < v.size(); ++k) line += " " + v[k];
      p.header.push_back(line + " $end");
    } else if (t[0] == '$') {
      while (++i < toks.size() && toks[i] != "$end") {}
    }
  }
}

// Reads value changes up to the next timestamp; sets p.time to the time of `pending`.
void read_block(Part& p) {
  p.pending.clear();
  std::string line;
  while (std::getline(p.in, line)) {
    if (line.empty()) continue;
    if (line[0] == '#') {
      const uint64_t t = std::stoull(line.substr(1));
      if (!p.pending.empty()) {
        // the block read so far belongs to p.time; push this timestamp back
        p.in.seekg(-static_cast<std::streamoff>(line.size() + 1), std::ios::cur);
        return;
      }
      p.time = t;
      continue;
    }
    if (line[0] == '$') continue;  // $dumpvars, $end, $comment ...
    std::string out;
    if (line[0] == 'b' || line[0] == 'r' || line[0] == 'B' || line[0] == 'R') {
      const auto sp = line.find(' ');
      if (sp == std::string::npos) continue;
      auto it = p.ids.find(line.substr(sp + 1));
      if (it == p.ids.end()) continue;
      out = line.substr(0, sp + 1) + it->second;
    } else {
      auto it = p.ids.find(line.substr(1));
      if (it == p.ids.end()) continue;
      out = line.substr(0, 1) + it->second;
    }
    p.pending.push_back(out);
  }
  p.eof = p.pending.empty();
}

}  // namespace

void merge_vcds(const std::vector<std::pair<std::string, std::string>>& parts,
                const std::string& out_path) {
  std::vector<std::unique_ptr<Part>> ps;
  uint64_t next = 0;
  for (const auto& [scope, file] : parts) {
    auto p = std::make_unique<Part>();
    p->scope = scope;
    p->file = file;
    p->in.open(file);
    if (!p->in) throw std::runtime_error(file + ": cannot open VCD part");
    read_header(*p, next);
    if (!ps.empty() && p->timescale != ps.front()->timescale)
      throw std::runtime_error(file + ": timescale " + p->timescale + " differs from " +
                               ps.front()->timescale);
    std::string rest;
    std::getline(p->in, rest);
    read_block(*p);
    ps.push_back(std::move(p));
  }
  std::ofstream o(out_path);
  if (!o) throw std::runtime_error(out_path + ": cannot write");
  o << "$comment dcqcn-sim: RTL blocks and network signals merged $end\n";
  o << "$timescale " << (ps.empty() ? "1ps" : ps.front()->timescale) << " $end\n";
  for (const auto& p : ps) {
    std::string s = p->scope;
    for (char& c : s)
      if (c == '.' || c == ' ') c = '_';
    o << "$scope module " << s << " $end\n";
    for (const auto& h : p->header) o << h << "\n";
    o << "$upscope $end\n";
  }
  o << "$enddefinitions $end\n";
  using Item = std::pair<uint64_t, size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> q;
  for (size_t i = 0; i < ps.size(); ++i)
    if (!ps[i]->eof) q.push({ps[i]->time, i});
  uint64_t last = ~0ull;
  while (!q.empty()) {
    const auto [t, i] = q.top();
    q.pop();
    if (t != last) {
      o << "#" << t << "\n";
      last = t;
    }
    for (const auto& v : ps[i]->pending) o << v << "\n";
    read_block(*ps[i]);
    if (!ps[i]->eof) q.push({ps[i]->time, i});
  }
}

}  // namespace dcqcn::net
