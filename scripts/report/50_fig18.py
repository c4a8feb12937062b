# SPDX-License-Identifier: MIT
"""Experiment 5: 8:1 incast with user traffic in four configurations (paper Fig. 18)."""
import statistics

from common import checks_line, load_seeds, percentile, plt, read_csv, sim_run, verdict

TITLE = "5. 8:1 incast with user traffic, four configurations (Fig. 18): 10th-percentile throughput and drops"
DUR_MS, QUICK_MS = 40, 20
CONFIGS = [
    ("fig18_right", "DCQCN + PFC, right thresholds (t_ECN = Kmin 5 KB, below t_PFC)", []),
    ("fig18_wrong", "DCQCN + PFC, t_ECN above t_PFC (Kmin 200 KB, Kmax 800 KB)",
     ["--set", "switch.ecn.kmin_bytes=200000", "--set", "switch.ecn.kmax_bytes=800000"]),
    ("fig18_nopfc", "DCQCN without PFC (lossy, drop at t_PFC, go-back-N)", ["--set", "switch.pfc.enabled=false"]),
    ("fig18_pfc", "PFC alone (no ECN)", ["--set", "switch.ecn.enabled=false"]),
]


def plan(ctx):
    return [sim_run(ctx, c, "fig18_clos", *x, "--set", f"ecmp_seed={s}", seed=s,
                    duration_ms=QUICK_MS if ctx.quick else DUR_MS)
            for c, _, x in CONFIGS for s in range(1, ctx.seeds + 1)]


def samples(runs):
    """Throughput of every flow in every 1 ms sample of every seed (Gb/s): user flows (U*), incast (I*)."""
    user, inc = [], []
    for r in runs:
        c = read_csv(f"{r['_dir']}/flows.csv")
        for src, v in zip(c["src"], c["tput_gbps"]):
            (user if str(src).startswith("U") else inc).append(v)
    return user, inc


def report(ctx):
    L = ["The paper's Clos (experiment 1's wiring), `systemc/scenarios/fig18_clos.yaml`: an 8:1 incast "
         "(I1..I8, two under each ToR) to R under T4, and 6 user flows between hosts under T1-T3 that never "
         "cross the incast's bottleneck but share ToR uplinks with incast senders. All four configurations use "
         "the paper's static threshold t_PFC = 24.47 KB per (port, priority) (12 MB, 32 ports, 8 priorities, "
         "22.4 KB headroom; `dcqcn-sim thresholds`), so one setting changes between them; without PFC the same "
         "threshold is the lossy drop limit and the NICs recover by go-back-N. Samples: every flow's throughput "
         f"in every 1 ms over the whole run, over ECMP seeds 1..{ctx.seeds} (the paper's incasts are repeated "
         "transfers, so the start at line rate counts). Fair shares: incast 5 Gb/s of wire (4.91 Gb/s of frames, the unit of the table); user flows up to 40 (39.26).\n",
         "| configuration | 10th pct, all flows (Gb/s) | 10th pct, user flows | 10th pct, incast flows | median, all | drops | retransmitted (MB) | PAUSE frames | ECN marks |",
         "|---|---|---|---|---|---|---|---|---|"]
    p10, drops = {}, {}
    for c, tag, _ in CONFIGS:
        runs = load_seeds(ctx, c)
        user, inc = samples(runs)
        p10[c] = percentile(user + inc, 10)
        drops[c] = sum(r["drops"]["lossless"] + r["drops"]["lossy"] for r in runs)
        retx = sum(f.get("retransmitted_bytes", 0) for r in runs for f in r["flows"]) / 1e6
        L.append(f"| {tag} | **{p10[c]:.2f}** | {percentile(user, 10):.2f} | {percentile(inc, 10):.2f} | "
                 f"{percentile(user + inc, 50):.2f} | {drops[c]} | {retx:.1f} | "
                 f"{statistics.median(r['pause_frames'] for r in runs):.0f} | "
                 f"{statistics.median(r['ecn_marks'] for r in runs):.0f} |")
    L.append("")
    best = all(p10["fig18_right"] > p10[c] for c, _, _ in CONFIGS if c != "fig18_right")
    only = drops["fig18_nopfc"] > 0 and all(drops[c] == 0 for c, _, _ in CONFIGS if c != "fig18_nopfc")
    L.append(f"Claims (CTest `Paper.Fig18*`): DCQCN with PFC and right thresholds has the highest 10th percentile "
             f"over all flows: {verdict(best)}; only the configuration without PFC drops packets: {verdict(only)}. "
             "Paper (Fig. 18): the right configuration's 10th percentile is the highest; without PFC the line-rate "
             "start loses packets and go-back-N collapses the incast flows; with t_ECN above t_PFC, PFC fires "
             "before ECN and DCQCN never acts (here identical to PFC alone: no packet is ever marked). Per-ms "
             "medians, PAUSE frames and ECN marks are per run (median over seeds).\n")
    for c, tag, _ in CONFIGS:
        L.append(checks_line(tag, load_seeds(ctx, c)))
    L.append("")
    L.append("![Fig. 18: 10th-percentile throughput](fig18.png)\n")
    p = plt()
    fig, ax = p.subplots(figsize=(8, 3.6))
    names = ["right", "t_ECN > t_PFC", "no PFC", "PFC alone"]
    ax.bar(names, [p10[c] for c, _, _ in CONFIGS], color=["#4c9a2a", "#c2a14d", "#c25b4d", "#7a7a7a"])
    ax.set_ylabel("10th percentile throughput (Gb/s)")
    ax.set_title("8:1 incast + user traffic on the Clos, four configurations")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(f"{ctx.res}/fig18.png", dpi=110)
    p.close(fig)
    return "\n".join(L)
