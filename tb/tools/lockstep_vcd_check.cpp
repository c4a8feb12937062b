// SPDX-License-Identifier: MIT
// Checks the time axis of a lock-step waveform (tb/common/lockstep_dut.h) from the VCD
// text alone:
//   - timescale 1 ps; the timestamps are exactly c x P and c x P + P / 2 for every cycle c
//     of FROM..TO, in order (P = --clock-ps), nothing else;
//   - TOP.clk is 0 at c x P and 1 at c x P + P / 2; tb.cycle is c at c x P;
//   - tb.now_ns equals TOP.s_evt_now_ns in every cycle with TOP.s_evt_valid high (not in
//     reset), and holds its value in the others;
//   - tb.events counts the handshakes: it grows by one after each cycle with
//     s_evt_valid and s_evt_ready high (not in reset), and only then;
//   - with --mismatch C, tb.mismatch is high in cycle C and low in every other.
// Prints one line with what it checked; exit 0 when all hold, 1 with the first violation,
// 2 on bad usage or an unreadable file. FILE.fst is read through the FST library
// Verilator ships (tb/tools/fst_reader.cpp) as the VCD it stands for.
//   lockstep_vcd_check FILE --clock-ps P --from A --to B [--mismatch C]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

bool fst_to_vcd(const char* path, FILE* out);  // tb/tools/fst_reader.cpp

namespace {

[[noreturn]] void die(int rc, const std::string& msg) {
  std::fprintf(stderr, "lockstep_vcd_check: %s\n", msg.c_str());
  std::exit(rc);
}

uint64_t to_u64(const std::string& s, const char* what) {
  char* end = nullptr;
  const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (s.empty() || *end) die(2, std::string(what) + ": not a number: '" + s + "'");
  return v;
}

// A value of up to 64 bits; known = no x or z bit.
struct Val {
  uint64_t v = 0;
  bool known = false;
};

Val parse_bits(const std::string& bits) {
  Val r{0, true};
  for (char c : bits) {
    if (c != '0' && c != '1') r.known = false;
    r.v = (r.v << 1) | (c == '1' ? 1 : 0);
  }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) die(2, "usage: lockstep_vcd_check FILE --clock-ps P --from A --to B [--mismatch C]");
  const std::string file = argv[1];
  uint64_t P = 0, from = 0, to = 0, mism = ~uint64_t{0};
  bool have_p = false, have_from = false, have_to = false;
  for (int i = 2; i < argc; i += 2) {
    const std::string a = argv[i];
    if (i + 1 >= argc) die(2, a + ": needs a value");
    const std::string v = argv[i + 1];
    if (a == "--clock-ps") { P = to_u64(v, "--clock-ps"); have_p = true; }
    else if (a == "--from") { from = to_u64(v, "--from"); have_from = true; }
    else if (a == "--to") { to = to_u64(v, "--to"); have_to = true; }
    else if (a == "--mismatch") mism = to_u64(v, "--mismatch");
    else die(2, "unknown option '" + a + "'");
  }
  if (!have_p || !have_from || !have_to || P < 2 || from > to)
    die(2, "give --clock-ps P (>= 2) --from A --to B (A <= B)");

  std::ifstream vcd_file;
  std::stringstream fst_text;
  std::istream* inp = &vcd_file;
  if (file.size() > 4 && file.compare(file.size() - 4, 4, ".fst") == 0) {
    FILE* tmp = std::tmpfile();
    if (!tmp || !fst_to_vcd(file.c_str(), tmp)) die(2, file + ": cannot read as FST");
    std::rewind(tmp);
    char buf[65536];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, tmp)) > 0;) fst_text.write(buf, static_cast<std::streamsize>(n));
    std::fclose(tmp);
    inp = &fst_text;
  } else {
    vcd_file.open(file);
    if (!vcd_file) die(2, file + ": cannot open");
  }
  std::istream& in = *inp;

  // the signals checked, by full name -> their id codes
  const std::vector<std::string> names = {"TOP.clk", "TOP.rst", "TOP.s_evt_valid",
                                          "TOP.s_evt_ready", "TOP.s_evt_now_ns", "tb.cycle",
                                          "tb.now_ns", "tb.events", "tb.mismatch"};
  enum { CLK, RST, VALID, READY, NOW, CYCLE, TBNOW, EVENTS, MISM, N };
  std::map<std::string, std::vector<int>> id_sigs;  // an id can carry several names
  std::vector<std::string> scope;
  std::string tok, timescale;
  bool header = true;
  std::vector<Val> cur(N);
  // the checks run on the values in force at each timestamp, i.e. when the next one begins
  uint64_t n_times = 0, line_time = 0;
  bool have_time = false;
  uint64_t cycles = 0, accepted = 0, now_lo = ~uint64_t{0}, now_hi = 0, mism_seen = 0;
  Val prev_tbnow, prev_events;
  bool prev_handshake = false, first_cycle = true;

  auto fail = [&](const std::string& what) {
    die(1, file + ": at t = " + std::to_string(line_time) + " ps: " + what);
  };
  auto need = [&](int s, const char* what) -> uint64_t {
    if (!cur[s].known) fail(std::string(names[s]) + " unknown (x) " + what);
    return cur[s].v;
  };
  // The state at time t (all changes at t applied) against what t must be.
  auto check_time = [&](uint64_t t) {
    const uint64_t k = n_times++;  // the k-th timestamp: cycle from + k / 2, half k % 2
    const uint64_t c = from + k / 2;
    if (c > to) fail("a timestamp after the last cycle " + std::to_string(to));
    const bool edge = k % 2 == 1;
    const uint64_t want = c * P + (edge ? P / 2 : 0);
    if (t != want)
      fail("expected t = " + std::to_string(want) + " ps (cycle " + std::to_string(c) +
           (edge ? ", rising edge" : ", low half") + ")");
    if (need(CLK, "") != (edge ? 1u : 0u)) fail(std::string("clk should be ") + (edge ? "1" : "0"));
    if (edge) return;
    ++cycles;
    if (need(CYCLE, "") != c) fail("tb.cycle = " + std::to_string(cur[CYCLE].v) + ", expected " + std::to_string(c));
    const bool rst = need(RST, "");
    const bool valid = need(VALID, "") && !rst;
    const uint64_t tbnow = need(TBNOW, "");
    if (valid) {
      if (tbnow != need(NOW, "with s_evt_valid high"))
        fail("tb.now_ns = " + std::to_string(tbnow) + " but s_evt_now_ns = " + std::to_string(cur[NOW].v));
      now_lo = std::min(now_lo, tbnow);
      now_hi = std::max(now_hi, tbnow);
    } else if (!first_cycle && tbnow != prev_tbnow.v) {
      fail("tb.now_ns changed to " + std::to_string(tbnow) + " without a valid event");
    }
    const uint64_t ev = need(EVENTS, "");
    if (!first_cycle && ev != prev_events.v + (prev_handshake ? 1 : 0))
      fail("tb.events = " + std::to_string(ev) + " after " + std::to_string(prev_events.v) +
           (prev_handshake ? " and a handshake" : " and no handshake"));
    const bool m = need(MISM, "") != 0;
    if (mism != ~uint64_t{0} && m != (c == mism))
      fail(std::string("tb.mismatch ") + (m ? "high" : "low") + " in cycle " + std::to_string(c));
    if (mism == ~uint64_t{0} && m) fail("tb.mismatch high in cycle " + std::to_string(c) + " (no --mismatch given)");
    mism_seen += m;
    prev_handshake = valid && need(READY, "");
    accepted += prev_handshake;
    prev_tbnow = cur[TBNOW];
    prev_events = cur[EVENTS];
    first_cycle = false;
  };

  while (in >> tok) {
    if (header) {
      if (tok == "$timescale") {
        std::string t;
        while (in >> t && t != "$end") timescale += t;
      } else if (tok == "$scope") {
        std::string kind, name, end;
        in >> kind >> name >> end;
        scope.push_back(name);
      } else if (tok == "$upscope") {
        std::string end;
        in >> end;
        if (!scope.empty()) scope.pop_back();
      } else if (tok == "$var") {
        std::string type, width, id, name, t;
        in >> type >> width >> id >> name;
        while (in >> t && t != "$end") {}
        std::string full;
        for (const auto& s : scope) full += s + ".";
        full += name;
        for (int s = 0; s < N; ++s)
          if (full == names[s]) id_sigs[id].push_back(s);
      } else if (tok == "$enddefinitions") {
        std::string end;
        in >> end;
        header = false;
        if (timescale != "1ps") die(1, file + ": timescale '" + timescale + "', expected 1ps");
        for (int s = 0; s < N; ++s) {
          bool found = false;
          for (const auto& [id, v] : id_sigs)
            for (int x : v) found = found || x == s;
          if (!found) die(1, file + ": no signal " + names[s]);
        }
      }
      continue;
    }
    if (tok[0] == '#') {
      const uint64_t t = to_u64(tok.substr(1), "timestamp");
      if (have_time) check_time(line_time);
      line_time = t;
      have_time = true;
    } else if (tok[0] == 'b' || tok[0] == 'B') {
      std::string id;
      in >> id;
      const auto it = id_sigs.find(id);
      if (it != id_sigs.end())
        for (int s : it->second) cur[s] = parse_bits(tok.substr(1));
    } else if (tok[0] == '0' || tok[0] == '1' || tok[0] == 'x' || tok[0] == 'z') {
      const auto it = id_sigs.find(tok.substr(1));
      if (it != id_sigs.end())
        for (int s : it->second) cur[s] = parse_bits(tok.substr(0, 1));
    }
    // $dumpvars / $end and real values: nothing to do
  }
  if (have_time) check_time(line_time);
  if (n_times != 2 * (to - from + 1))
    die(1, file + ": " + std::to_string(n_times) + " timestamps, expected " +
               std::to_string(2 * (to - from + 1)) + " (cycles " + std::to_string(from) + ".." +
               std::to_string(to) + ")");
  if (mism != ~uint64_t{0} && mism_seen != 1) die(1, file + ": tb.mismatch never high");
  std::printf("lockstep_vcd_check: %s: cycles %llu..%llu at %llu ps (edges at +%llu ps), %llu events"
              " accepted, now_ns %llu..%llu%s: OK\n",
              file.c_str(), static_cast<unsigned long long>(from),
              static_cast<unsigned long long>(to), static_cast<unsigned long long>(P),
              static_cast<unsigned long long>(P / 2), static_cast<unsigned long long>(accepted),
              static_cast<unsigned long long>(now_lo == ~uint64_t{0} ? 0 : now_lo),
              static_cast<unsigned long long>(now_hi),
              mism != ~uint64_t{0} ? (", tb.mismatch high in cycle " + std::to_string(mism)).c_str() : "");
  return 0;
}
