# SPDX-License-Identifier: MIT
"""Shared helpers of the report sections (scripts/report/NN_*.py).

A section module defines
    TITLE = "..."                  # heading in results/report.md
    def plan(ctx) -> list[Run]     # the simulations it needs (run in parallel by reproduce.sh)
    def report(ctx) -> str         # its markdown (tables, claims, plots written to ctx.res)
and may define `quick_ok = False` to be skipped in --quick mode.
"""
import json
import os
import shlex
import statistics
from dataclasses import dataclass, field

# Throughputs in summary.json (tput_gbps) count frame bytes: 1000 B payload + 62 B RoCEv2
# headers. Every frame also costs 20 B of preamble and IFG on the wire (docs/network.md,
# "Frames on the wire"), so a saturated link carries this share of its rate in frames
# (40 Gb/s: 39.26). Fair shares and utilisations are in the same unit.
FRAME_SHARE = 1062.0 / 1082.0


@dataclass
class Ctx:
    engine: str          # rtl | ref
    seeds: int           # ECMP placements for seed-dependent experiments
    quick: bool          # CI mode: fewer seeds, shorter runs
    out: str             # raw outputs: out/reproduce
    res: str             # report and plots: results
    sim: str             # path of dcqcn-sim
    duration: str = ""   # --duration override in ms ("" = each section's own)
    jobs: int = 2
    core: str = "blocks"  # nic.core of every packet run: blocks | top


@dataclass
class Run:
    """One simulation: `argv` are the dcqcn-sim arguments after the executable."""
    config: str
    seed: int
    argv: list = field(default_factory=list)


def run_dir(ctx, config, seed=1):
    return f"{ctx.out}/{config}/s{seed}"


def sim_run(ctx, config, scenario, *extra, seed=1, duration_ms=None, engine=None):
    """A `dcqcn-sim run` of `scenario`, its outputs in run_dir(config, seed)."""
    argv = ["run", scenario, "--engine", engine or ctx.engine, "--quiet"]
    dur = ctx.duration or (str(duration_ms) if duration_ms is not None else "")
    if dur:
        argv += ["--duration", str(dur)]
    argv += [str(x) for x in extra]
    argv += ["--out", run_dir(ctx, config, seed)]
    return Run(config, seed, argv)


def sim_cmd(ctx, argv):
    if argv and argv[0] == "run":  # every packet run on the chosen NIC core
        argv = list(argv) + ["--set", f"nic.core={ctx.core}"]
    return " ".join([ctx.sim] + [shlex.quote(a) for a in argv])


def load(ctx, config, seeds=None):
    """summary.json of every seed of a configuration, each with '_cmd' (its command line)."""
    runs = []
    for s in (seeds if seeds is not None else [1]):
        d = run_dir(ctx, config, s)
        with open(f"{d}/summary.json") as f:
            j = json.load(f)
        with open(f"{d}/command.txt") as f:
            j["_cmd"] = f.read().strip()
        j["_dir"] = d
        if os.path.exists(f"{d}/flow_results.csv"):  # a packet run (the fluid model's summary has its flows)
            j["flows"] = read_flow_results(f"{d}/flow_results.csv")
        runs.append(j)
    return runs


def load_seeds(ctx, config):
    return load(ctx, config, range(1, ctx.seeds + 1))


def read_csv(path):
    """A CSV as a dict of column name -> list of floats (strings kept where not numeric)."""
    with open(path) as f:
        head = f.readline().strip().split(",")
        cols = {h: [] for h in head}
        for line in f:
            for h, v in zip(head, line.strip().split(",")):
                try:
                    cols[h].append(float(v))
                except ValueError:
                    cols[h].append(v)
    return cols


def read_flow_results(path):
    """flow_results.csv as a list of per-flow dicts (numbers as int or float; the empty
    fct_us of an infinite flow is left out)."""
    out = []
    with open(path) as f:
        head = f.readline().strip().split(",")
        for line in f:
            d = {}
            for h, v in zip(head, line.rstrip("\n").split(",")):
                if v == "":
                    continue
                try:
                    d[h] = int(v)
                except ValueError:
                    try:
                        d[h] = float(v)
                    except ValueError:
                        d[h] = v
            out.append(d)
    return out


def per_host(runs, key="second_half_tput_gbps"):
    h = {}
    for r in runs:
        for f in r["flows"]:
            h.setdefault(f["src"], []).append(f[key])
    return h


def mmm(v):
    return min(v), statistics.median(v), max(v)


def fmt_mmm(v, digits=1):
    a, b, c = mmm(v)
    return f"{a:.{digits}f} / **{b:.{digits}f}** / {c:.{digits}f}"


def percentile(v, p):
    """Linear-interpolated percentile, p in [0, 100]."""
    s = sorted(v)
    if not s:
        return float("nan")
    k = (len(s) - 1) * p / 100.0
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def checks_line(tag, runs):
    ok = all(r["checks"]["ok"] for r in runs)
    drops = sum(r["drops"]["lossless"] + r["drops"]["lossy"] for r in runs)
    pauses = statistics.median([r["pause_frames"] for r in runs])
    cnps = statistics.median([r["cnps_sent"] for r in runs])
    walls = sum(r["wall_s"] for r in runs)
    return (f"- {tag}: end-of-run checks {'ok' if ok else 'FAILED'} in every run, {drops} drops, "
            f"median {pauses:.0f} PAUSE frames and {cnps:.0f} CNPs per run, {walls:.1f} s simulation "
            f"wall time. Command (first run): `{runs[0]['_cmd']}`")


def verdict(ok):
    return "**holds**" if ok else "**FAILS**"


def plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as p
    return p


# The two-flow late-joiner runs (`convergence` scenario), shared by sections 3 and 10:
# packet simulation per profile and marking seed (conv_<profile>/s<seed>) and the fluid
# model per profile (conv_fluid_<profile>/s1). The driver runs a run directory once.
CONVERGENCE_MS = 200
CONVERGENCE_PROFILES = ("paper", "strawman")


def convergence_seeds(ctx):
    return range(1, (3 if ctx.quick else 5) + 1)


def convergence_runs(ctx):
    runs = []
    for p in CONVERGENCE_PROFILES:
        for s in convergence_seeds(ctx):
            runs.append(sim_run(ctx, f"conv_{p}", "convergence", "--set", f"profile={p}",
                                "--set", f"seed={s}", seed=s, duration_ms=CONVERGENCE_MS))
        runs.append(Run(f"conv_fluid_{p}", 1, ["fluid", "convergence", "--profile", p, "--duration-ms",
                                                str(CONVERGENCE_MS), "--sample-us", "500",
                                                "--out", run_dir(ctx, f"conv_fluid_{p}", 1)]))
    return runs


def flow_series(d, col="tput_gbps"):
    """time (ms) -> [flow 0, flow 1, ...] of one flows.csv column (Gb/s)."""
    c = read_csv(f"{d}/flows.csv")
    by = {}
    for t, f, v in zip(c["time_us"], c["flow"], c[col]):
        row = by.setdefault(t / 1000.0, [])
        row.extend([0.0] * (int(f) + 1 - len(row)))
        row[int(f)] = v
    return by


def timeseries_png(ctx, config, seed, title, name=None):
    """scripts/plot.py of one run (throughput per flow and queues against time)."""
    import subprocess
    import sys
    png = f"{ctx.res}/{name or config}.png"
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "..", "plot.py"),
                    run_dir(ctx, config, seed), "--out", png, "--title", title],
                   check=True, stdout=subprocess.DEVNULL)
    return os.path.basename(png)
