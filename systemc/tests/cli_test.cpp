// SPDX-License-Identifier: MIT
// dcqcn-sim as a command (issue 25): an interrupted run keeps whole CSV rows and a
// summary.json that says so (exit 130 / 143); outputs that would overwrite each other, an
// --out in use by another run, and write errors (a full disk, a closed pipe) are errors
// naming the file; inputs that are not regular files, or too large, are refused; the
// progress lines without a terminal; `run` and `thresholds` print the same warnings;
// `list` aligns its columns; `run --help` shows the defaults; `fluid --mtu-bytes 0`.
// Every run here is on the reference engine.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "sim_run.h"

using namespace simtest;  // NOLINT(google-build-using-namespace)

namespace {

const std::string kOut = SIM_TEST_OUT;

struct Cmd {
  int rc = -1;
  std::string out, err;
};

// sh -c CMD with stdout and stderr captured.
Cmd shell(const std::string& tag, const std::string& cmd) {
  fs::create_directories(kOut);
  const std::string o = kOut + "/" + tag + ".stdout", e = kOut + "/" + tag + ".stderr";
  std::printf("running: %s\n", cmd.c_str());
  const int st = std::system(("(" + cmd + ") > " + o + " 2> " + e).c_str());
  Cmd c;
  c.rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  c.out = slurp(o);
  c.err = slurp(e);
  return c;
}

std::string sim() { return DCQCN_SIM; }
std::string incast4() { return std::string(DCQCN_SCENARIO_DIR) + "/incast4.yaml"; }

size_t count(const std::string& s, const std::string& p) {
  size_t n = 0;
  for (size_t i = s.find(p); i != std::string::npos; i = s.find(p, i + 1)) ++n;
  return n;
}

// Every line of a CSV has the header's number of fields and the file ends with a newline.
void expect_whole_rows(const std::string& path, size_t min_rows) {
  const std::string t = slurp(path);
  ASSERT_FALSE(t.empty()) << path;
  EXPECT_EQ(t.back(), '\n') << path << " ends mid-row";
  std::stringstream s(t);
  std::string line;
  std::getline(s, line);
  const size_t fields = count(line, ",") + 1;
  size_t rows = 0;
  while (std::getline(s, line)) {
    ++rows;
    ASSERT_EQ(count(line, ",") + 1, fields) << path << " row " << rows << ": " << line;
    ASSERT_EQ(line.find('\0'), std::string::npos) << path << " row " << rows;
  }
  EXPECT_GE(rows, min_rows) << path;
}

// Starts dcqcn-sim ARGS in the background (stdout, stderr to files in dir); returns its pid.
pid_t spawn(const std::vector<std::string>& args, const std::string& dir) {
  const pid_t pid = fork();
  if (pid == 0) {
    const int o = ::open((dir + ".stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open((dir + ".stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(o, 1);
    dup2(e, 2);
    std::vector<char*> av;
    av.push_back(const_cast<char*>(DCQCN_SIM));
    for (const auto& a : args) av.push_back(const_cast<char*>(a.c_str()));
    av.push_back(nullptr);
    execv(DCQCN_SIM, av.data());
    _exit(127);
  }
  return pid;
}

// Waits for pid up to `secs`; its exit status, or -1 (then it is killed).
int wait_for(pid_t pid, double secs) {
  const auto t0 = std::chrono::steady_clock::now();
  int st = 0;
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < secs) {
    if (waitpid(pid, &st, WNOHANG) == pid) return WIFEXITED(st) ? WEXITSTATUS(st) : 1000 + WTERMSIG(st);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  kill(pid, SIGKILL);
  waitpid(pid, &st, 0);
  return -1;
}

// Waits until `path` holds at least `bytes` bytes (up to `secs`).
bool wait_size(const std::string& path, uintmax_t bytes, double secs) {
  const auto t0 = std::chrono::steady_clock::now();
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < secs) {
    std::error_code ec;
    if (fs::file_size(path, ec) >= bytes && !ec) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// ---------------------------------------------------------------- interrupts

class Interrupt : public ::testing::TestWithParam<int> {};

// A long run (10 s simulated, minutes of wall time) is stopped by the signal once its CSVs
// have some rows: it exits 128 + signal within seconds, says so on one line, and leaves
// CSVs of whole rows and a summary.json with "interrupted": true and the time reached.
TEST_P(Interrupt, StopsAtAnEventBoundaryAndKeepsTheResults) {
  const int sig = GetParam();
  const std::string dir = kOut + "/interrupt_" + std::to_string(sig);
  fs::remove_all(dir);
  const pid_t pid = spawn({"run", incast4(), "--engine", "ref", "--duration", "10000", "--set", "sample_us=10",
                           "--quiet", "--out", dir},
                          dir);
  ASSERT_TRUE(wait_size(dir + "/queues.csv", 200000, 120)) << "the run wrote no rows";
  kill(pid, sig);
  const int rc = wait_for(pid, 60);
  const std::string err = slurp(dir + ".stderr");
  ASSERT_EQ(rc, 128 + sig) << err;
  EXPECT_EQ(count(err, "\n"), 1u) << err;  // that line only
  EXPECT_NE(err.find(std::string("dcqcn-sim: interrupted by ") + (sig == SIGINT ? "SIGINT" : "SIGTERM")),
            std::string::npos)
      << err;
  const json s = json::parse(slurp(dir + "/summary.json"));
  EXPECT_TRUE(s["interrupted"].get<bool>());
  const double reached = s["simulated_ms"].get<double>();
  EXPECT_GT(reached, 0.0);
  EXPECT_LT(reached, 10000.0);
  expect_whole_rows(dir + "/flows.csv", 4);
  expect_whole_rows(dir + "/queues.csv", 6);
  expect_whole_rows(dir + "/flow_results.csv", 4);
  // the series stops at or before the time reached, one sample every 10 us
  const Csv q = read_csv(dir + "/queues.csv");
  ASSERT_FALSE(q.num.at("time_us").empty());
  EXPECT_LE(q.num.at("time_us").back(), reached * 1000.0 + 1e-6);
  EXPECT_GT(q.num.at("time_us").back(), reached * 1000.0 - 10.0 - 1e-6);
}

INSTANTIATE_TEST_SUITE_P(Cli, Interrupt, ::testing::Values(SIGINT, SIGTERM),
                         [](const ::testing::TestParamInfo<int>& i) {
                           return std::string(i.param == SIGINT ? "SIGINT" : "SIGTERM");
                         });

// ---------------------------------------------------------------- output files

TEST(CliOutputs, CollidingOutputPathsAreRefusedBeforeTheRun) {
  const std::string d = kOut + "/collide";
  fs::remove_all(d);
  const std::string base = sim() + " run incast4 --engine ref --quiet --duration 1 --out " + d;
  struct Case {
    const char* tag;
    std::string args, expect;
  };
  const std::vector<Case> cases = {
      {"pcap_flows", " --pcap " + d + "/flows.csv", "--pcap " + d + "/flows.csv: the same file as --out " + d +
                                                       " (its flows.csv); expected a different file for every output"},
      {"vcd_pcap", " --vcd " + kOut + "/x.vcd --pcap " + kOut + "/x.vcd",
       "--pcap " + kOut + "/x.vcd: the same file as --vcd " + kOut + "/x.vcd"},
      {"vcd_summary", " --vcd " + d + "/summary.vcd --pcap " + d + "/summary.gtkw",
       "--pcap " + d + "/summary.gtkw: the same file as --vcd " + d + "/summary.vcd (its " + d + "/summary.gtkw)"},
      {"pcap_scenario", " --pcap " + incast4(), "--pcap " + incast4() + ": the same file as the scenario file"},
      {"pcap_dir", " --pcap " + kOut, "--pcap " + kOut + ": is a directory; expected a file name"},
  };
  for (const Case& c : cases) {
    const Cmd r = shell(std::string("collide_") + c.tag, base + c.args);
    EXPECT_EQ(r.rc, 2) << c.tag << ": " << r.err;
    EXPECT_NE(r.err.find(c.expect), std::string::npos) << c.tag << ": " << r.err << "\n  wanted: " << c.expect;
    EXPECT_EQ(count(r.err, "\n"), 1u) << r.err;
    EXPECT_FALSE(fs::exists(d + "/summary.json")) << c.tag << ": the run started";
  }
}

// A second run into the --out of a running one is refused (the lock), and succeeds once
// the first has ended.
TEST(CliOutputs, AnOutInUseByAnotherRunIsRefused) {
  const std::string dir = kOut + "/locked";
  fs::remove_all(dir);
  const pid_t pid = spawn({"run", incast4(), "--engine", "ref", "--duration", "10000", "--out", dir}, dir);
  ASSERT_TRUE(wait_size(dir + "/queues.csv", 1000, 120));
  const Cmd second = shell("locked_second", sim() + " run incast4 --engine ref --quiet --duration 1 --out " + dir);
  kill(pid, SIGTERM);
  EXPECT_EQ(wait_for(pid, 60), 128 + SIGTERM);
  EXPECT_EQ(second.rc, 2) << second.err;
  EXPECT_NE(second.err.find("--out " + dir + ": in use by another dcqcn-sim run (pid " + std::to_string(pid)),
            std::string::npos)
      << second.err;
  EXPECT_TRUE(json::parse(slurp(dir + "/summary.json"))["interrupted"].get<bool>());  // the first run's
  const Cmd third = shell("locked_third", sim() + " run incast4 --engine ref --quiet --duration 1 --out " + dir);
  EXPECT_EQ(third.rc, 0) << third.err;
  EXPECT_FALSE(json::parse(slurp(dir + "/summary.json"))["interrupted"].get<bool>());
}

// A write error is an error naming the file, with a non-zero exit: a full disk (/dev/full)
// for the capture, the waveform and the console output, a closed pipe for the console.
TEST(CliOutputs, WriteErrorsNameTheFile) {
  ASSERT_TRUE(fs::exists("/dev/full"));
  const std::string base = sim() + " run incast4 --engine ref --quiet --duration 1 --out " + kOut + "/full";
  {
    const Cmd r = shell("full_pcap", base + " --pcap /dev/full");
    EXPECT_EQ(r.rc, 2) << r.err;
    EXPECT_NE(r.err.find("--pcap /dev/full: write"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
    EXPECT_EQ(count(r.err, "\n"), 1u) << r.err;  // one line, not SystemC's E549 block
  }
  {
    // a waveform file that is a link to /dev/full: the writes fail as on a full disk
    const Cmd r = shell("full_vcd", "mkdir -p " + kOut + "/fullvcd && ln -sf /dev/full " + kOut + "/fullvcd/w2.vcd && " +
                                        base + " --vcd " + kOut + "/fullvcd/w2.vcd");
    EXPECT_EQ(r.rc, 2) << r.err;
    EXPECT_NE(r.err.find("--vcd " + kOut + "/fullvcd/w2.vcd: write error: No space left on device"),
              std::string::npos)
        << r.err;
  }
  {
    const Cmd r = shell("full_stdout", base + " > /dev/full");
    EXPECT_EQ(r.rc, 2) << r.err;
    EXPECT_NE(r.err.find("dcqcn-sim: standard output: write error: No space left on device"), std::string::npos)
        << r.err;
  }
  {
    // `list` into a pipe whose reader has gone: EPIPE, reported, exit 2 (not a silent SIGPIPE)
    const Cmd r = shell("closed_pipe", "(" + sim() + " list; echo \"rc=$?\" >&2) | true");
    EXPECT_NE(r.err.find("dcqcn-sim: standard output: write error: Broken pipe"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("rc=2"), std::string::npos) << r.err;
  }
}

// The same for an FST waveform, whose writer library (gtkwave's fstapi) ignores its write
// errors (verilator/fst_errors.h). The full disk is a file-size limit here (ulimit -f,
// EFBIG; dcqcn-sim ignores SIGXFSZ so that the write fails instead of the process dying):
// a link to /dev/full does not work for FST, the library unlinks the name and creates a
// regular file.
TEST(CliOutputs, FstWriteErrorNamesTheFile) {
  // 1 ms of incast4 as RTL cycles: an FST of about 4.5 MB; the limit, 1 MiB (2048 blocks of
  // 512 bytes, sh's unit), is far above every other output (CSVs of a few kB). Twice: with
  // SIGXFSZ as the shell leaves it (dcqcn-sim must ignore it itself; before, it died of it,
  // exit 153) and with the shell ignoring it (the write error must be seen; before, exit 0
  // and "waveform: ..., 1.0 MB").
  for (const std::string& trap : {std::string(""), std::string("trap '' XFSZ; ")}) {
    const std::string dir = kOut + "/fst_limit";
    fs::remove_all(dir);
    const Cmd r = shell("fst_limit", trap + "ulimit -f 2048 && " + sim() + " run incast4 --quiet --duration 1 --out " +
                                         dir + "/out --vcd " + dir + "/big.fst");
    EXPECT_EQ(r.rc, 2) << trap << r.err;
    EXPECT_NE(r.err.find("dcqcn-sim: error: --vcd " + dir + "/big.fst: write error: File too large (the FST file, "),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("expected a writable file system with free space and no file-size limit"), std::string::npos)
        << r.err;
    EXPECT_EQ(count(r.err, "\n"), 1u) << r.err;
    EXPECT_EQ(r.out.find("waveform:"), std::string::npos) << r.out;  // no size reported as a success
    EXPECT_EQ(fs::file_size(dir + "/big.fst"), 1u << 20);  // the limit was reached: the run did write
  }
}

// ---------------------------------------------------------------- inputs

TEST(CliInputs, OnlyRegularFilesOfAtMost16MiB) {
  {
    const Cmd r = shell("dev_zero", sim() + " run /dev/zero --engine ref --quiet --out " + kOut + "/in");
    EXPECT_EQ(r.rc, 2) << r.err;
    EXPECT_NE(r.err.find("/dev/zero: cannot open: not a regular file (a device, pipe or socket); expected a YAML"),
              std::string::npos)
        << r.err;
  }
  {
    const std::string big = kOut + "/big.yaml";
    {
      std::ofstream f(big);
      f << "description: \"" << std::string((16u << 20) + 1, 'x') << "\"\n";
    }
    const Cmd r = shell("big", sim() + " run " + big + " --engine ref --quiet --out " + kOut + "/in");
    EXPECT_EQ(r.rc, 2) << r.err;
    EXPECT_NE(r.err.find(big + ": cannot open: " + std::to_string(fs::file_size(big)) +
                         " bytes, more than the 16777216 (16 MiB) a scenario may have"),
              std::string::npos)
        << r.err;
    fs::remove(big);
  }
  {
    const Cmd r = shell("fifo", "rm -f " + kOut + "/fifo.yaml && mkfifo " + kOut + "/fifo.yaml && " + sim() +
                                    " thresholds --scenario " + kOut + "/fifo.yaml");
    EXPECT_EQ(r.rc, 2) << r.err;
    EXPECT_NE(r.err.find("fifo.yaml: cannot open: not a regular file"), std::string::npos) << r.err;
  }
}

// `run` and `thresholds` print the same warnings about the same file: here a headroom
// below t_flight (the loader's) and a Kmin above the dynamic PFC bound (section 4's).
// A key given twice with different values is refused, naming both: before, the later one
// won and the other was never read (`--duration 1 --set duration_ms=abc` ran for 1 ms,
// exit 0). The same value twice is harmless and runs.
TEST(CliInputs, AKeySetTwiceIsRefused) {
  const std::string base = sim() + " run incast4 --engine ref --quiet --out " + kOut + "/twice";
  struct Case {
    std::string args, expect;
  };
  const std::vector<Case> cases = {
      {" --duration 1 --set duration_ms=abc",
       "--duration 1: --set duration_ms=abc already sets duration_ms; expected one value per key"},
      {" --set seed=3 --set seed=4", "--set seed=4: --set seed=3 already sets seed; expected one value per key"},
      {" --set sample_flows=0 --sample-flows 1",
       "--sample-flows 1: --set sample_flows=0 already sets sample_flows; expected one value per key"},
  };
  for (const Case& c : cases) {
    const Cmd r = shell("twice", base + c.args);
    EXPECT_EQ(r.rc, 2) << c.args << ": " << r.err;
    EXPECT_EQ(r.err, c.expect + "\n") << c.args;
  }
  const Cmd same = shell("twice_same", base + " --duration 1 --set duration_ms=1");
  EXPECT_EQ(same.rc, 0) << same.err;
}

// The fluid model's flows are always on: an on/off scenario is refused in one line, not
// modelled as if its flows never paused.
TEST(CliMisc, FluidRefusesOnOffFlows) {
  const Cmd r = shell("fluid_onoff", sim() + " fluid " + SCENARIO_TEST_DIR + "/good/onoff_idle.yaml --out " + kOut +
                                          "/fluid_onoff");
  EXPECT_EQ(r.rc, 2) << r.err;
  EXPECT_EQ(r.err, "dcqcn-sim fluid: flows.0 is an on/off flow (on_us 1000, off_us 2200000); the fluid model's "
                   "flows are always on: drop on_us and off_us\n");
}

// A command-line parse error is one line naming the subcommand (CLI11 adds a second line,
// "Run with --help for more information.", which is left out).
TEST(CliMisc, ParseErrorsAreOneLine) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {" run incast4 --engine foo", "dcqcn-sim run: --engine: foo not in {rtl,ref} (see dcqcn-sim run --help)\n"},
      {" run", "dcqcn-sim run: scenario is required (see dcqcn-sim run --help)\n"},
      {"", "dcqcn-sim: A subcommand is required (see dcqcn-sim --help)\n"},
      {" run incast4 --nosuch",
       "dcqcn-sim run: The following argument was not expected: --nosuch (see dcqcn-sim run --help)\n"},
      {" fluid --flows x", "dcqcn-sim fluid: Could not convert: --flows = x (see dcqcn-sim fluid --help)\n"},
  };
  for (const auto& [args, expect] : cases) {
    const Cmd r = shell("parse", sim() + args);
    EXPECT_EQ(r.rc, 2) << args << ": " << r.err;
    EXPECT_EQ(r.err, expect) << args;
  }
}

TEST(CliInputs, RunAndThresholdsPrintTheSameWarnings) {
  const std::string f = kOut + "/warn.yaml";
  std::string y = slurp(incast4());
  const auto k = y.find("beta: 8,");
  ASSERT_NE(k, std::string::npos);
  y.replace(k, 8, "beta: 0.015625, headroom_bytes: 5000,");
  std::ofstream(f) << y;
  const Cmd t = shell("warn_thresholds", sim() + " thresholds --scenario " + f);
  const Cmd r = shell("warn_run", sim() + " run " + f + " --engine ref --quiet --duration 1 --out " + kOut + "/warn");
  EXPECT_EQ(t.rc, 0) << t.err;
  EXPECT_EQ(r.rc, 0) << r.err;
  auto warnings = [](const std::string& text) {
    std::vector<std::string> w;
    std::stringstream s(text);
    for (std::string l; std::getline(s, l);)
      if (l.rfind("warning: ", 0) == 0) w.push_back(l);
    return w;
  };
  const auto wt = warnings(t.out), wr = warnings(r.err);
  EXPECT_EQ(wt.size(), 2u) << t.out;
  EXPECT_EQ(wt, wr) << t.out << "\n---\n" << r.err;
}

// ---------------------------------------------------------------- the rest

TEST(CliMisc, ListAlignsItsColumnsAndHelpShowsDefaults) {
  const Cmd l = shell("list", sim() + " list");
  ASSERT_EQ(l.rc, 0) << l.err;
  // the parameter table: the TYPE, DEFAULT, UNIT and DESCRIPTION columns start at the same
  // offset on every row, after two blanks
  std::stringstream s(l.out.substr(l.out.find("\nparameters:\n") + 13));
  std::string head;
  std::getline(s, head);
  std::vector<size_t> at;
  for (const char* c : {"TYPE", "DEFAULT", "UNIT", "DESCRIPTION"}) at.push_back(head.find(c));
  size_t rows = 0;
  for (std::string line; std::getline(s, line) && !line.empty(); ++rows) {
    for (size_t c : at) {
      ASSERT_GT(line.size(), c) << line;
      EXPECT_EQ(line.substr(c - 2, 2), "  ") << line;  // each column after two blanks
    }
    EXPECT_NE(line[at[0]], ' ') << line;  // a type, and a description, on every row
    EXPECT_NE(line[at[3]], ' ') << line;
  }
  EXPECT_GT(rows, 60u);
  const Cmd h = shell("help", sim() + " run --help");
  EXPECT_EQ(h.rc, 0);
  const size_t o = h.out.find("--out");
  ASSERT_NE(o, std::string::npos) << h.out;
  const std::string line = h.out.substr(o, h.out.find('\n', o) - o);
  EXPECT_NE(line.find("--out TEXT=out "), std::string::npos) << line;  // CLI11's "=default"
}

TEST(CliMisc, FluidRejectsAnMtuRunRejects) {
  for (const char* m : {"0", "63", "9001"}) {
    const Cmd r = shell("fluid_mtu", sim() + " fluid --mtu-bytes " + m + " --out " + kOut + "/fluid");
    EXPECT_EQ(r.rc, 2) << r.err;
    EXPECT_NE(r.err.find(std::string("dcqcn-sim fluid: --mtu-bytes ") + m + ": expected an integer in 64..9000"),
              std::string::npos)
        << r.err;
  }
}

// Without a terminal (a log) and without --quiet, the progress is one line every 10 s of
// wall time: a run of about 25 s writes two or three, each with the rate and an ETA.
TEST(CliMisc, ProgressWithoutATerminalIsALineEvery10s) {
  const std::string dir = kOut + "/progress";
  fs::remove_all(dir);
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = spawn({"run", incast4(), "--engine", "ref", "--duration", "10000", "--out", dir}, dir);
  std::this_thread::sleep_for(std::chrono::seconds(25));
  kill(pid, SIGINT);
  ASSERT_EQ(wait_for(pid, 60), 130);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::string err = slurp(dir + ".stderr");
  const size_t lines = count(err, "sim ms per wall s");
  EXPECT_GE(lines, 2u) << err;
  EXPECT_LE(static_cast<double>(lines), wall / 10.0) << err;
  EXPECT_NE(err.find("ETA "), std::string::npos) << err;
  EXPECT_EQ(err.find('\r'), std::string::npos) << err;
}

}  // namespace
