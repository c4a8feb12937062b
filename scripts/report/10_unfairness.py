# SPDX-License-Identifier: MIT
"""Experiment 1: PFC unfairness (paper Fig. 3) and its fix by DCQCN (Fig. 8)."""
import statistics

from common import FRAME_SHARE, checks_line, fmt_mmm, load_seeds, mmm, per_host, plt, sim_run, timeseries_png, verdict

TITLE = "1. Unfairness (Fig. 3, Fig. 8): H1 (T1), H2 (T2), H3 (T3), H4 (T4) -> R (T4)"
DUR_MS, QUICK_MS = 60, 30

CLOS = ("Topology (paper Fig. 2, `topology: {type: clos, pods: 2, tors: 4, leaves: 4, spines: 2}`): "
        "ToRs T1-T4, leaves L1-L4, spines S1-S2, all links 40 Gb/s and 1 us; pod 1 = T1, T2 with L1, L2; "
        "pod 2 = T3, T4 with L3, L4; every leaf to both spines; ECMP at every switch on a hash of the flow "
        "id and `ecmp_seed`. Switches: 12 MB shared buffer, dynamic PFC threshold (beta 8), 22.4 KB headroom, "
        "XON 2 MTU below; DCQCN with the `paper` profile. Throughput of a flow = its bytes delivered in the "
        "second half of the run; each cell is **min / median / max** over the ECMP seeds, in Gb/s. The paper's "
        "numbers are over transfers (1000 x 4 MB, 250 x 250 MB) on the Arista testbed, read from its text "
        "and figures.")

CONFIGS = {"unfair_pfc": ["--set", "switch.ecn.enabled=false"], "unfair_dcqcn": []}


def plan(ctx):
    return [sim_run(ctx, c, "clos_unfairness", *x, "--set", f"ecmp_seed={s}", seed=s,
                    duration_ms=QUICK_MS if ctx.quick else DUR_MS)
            for c, x in CONFIGS.items() for s in range(1, ctx.seeds + 1)]


def report(ctx):
    pfc, dc = load_seeds(ctx, "unfair_pfc"), load_seeds(ctx, "unfair_dcqcn")
    hp, hd = per_host(pfc), per_host(dc)
    paper_pfc = {"H1": "below H4's minimum", "H2": "below H4's minimum", "H3": "below H4's minimum",
                 "H4": "up to 20 (its min above H1-H3's max)"}
    L = [CLOS + "\n",
         "H4 is alone on T4's port P2; H1-H3 arrive on P3 (from L3) or P4 (from L4) as ECMP places them.\n",
         "| host | ours, PFC alone | paper, PFC alone (Fig. 3b) | ours, PFC + DCQCN | paper, PFC + DCQCN (Fig. 8) |",
         "|---|---|---|---|---|"]
    for h in ["H1", "H2", "H3", "H4"]:
        L.append(f"| {h} | {fmt_mmm(hp[h])} | {paper_pfc[h]} | {fmt_mmm(hd[h])} | 10, little variance |")
    pool = hp["H1"] + hp["H2"] + hp["H3"]
    ratio = statistics.median(hp["H4"]) / statistics.median(pool)
    L.append(f"| H1-H3 pooled | {fmt_mmm(pool)} | | {fmt_mmm(hd['H1'] + hd['H2'] + hd['H3'])} | |")
    L.append("")
    fair = 10 * FRAME_SHARE  # 40 Gb/s / 4 in frame bytes (common.FRAME_SHARE)
    dc_ok = all(abs(statistics.median(hd[h]) - fair) <= 1 for h in ["H1", "H2", "H3", "H4"])
    L.append(f"Claims (asserted by CTest `PaperClos.Unfairness*`, label `paper`): PFC alone, H4's median / "
             f"H1-H3's median = **{ratio:.2f}** (claim >= 1.5: {verdict(ratio >= 1.5)}); with DCQCN every "
             f"host's median within 1 Gb/s (10 %) of the fair share, 10 Gb/s of wire = {fair:.2f} Gb/s of frames: {verdict(dc_ok)}.\n")
    L.append(checks_line("PFC alone", pfc))
    L.append(checks_line("PFC + DCQCN", dc))
    L.append("")
    L.append("![unfairness, min/median/max over seeds](unfairness.png)\n")
    a = timeseries_png(ctx, "unfair_pfc", 1, "unfairness, PFC alone, ecmp_seed 1")
    b = timeseries_png(ctx, "unfair_dcqcn", 1, "unfairness, PFC + DCQCN, ecmp_seed 1")
    L.append(f"Time series, seed 1: [PFC alone]({a}), [PFC + DCQCN]({b}).\n")

    p = plt()
    fig, ax = p.subplots(1, 2, figsize=(10, 3.8), sharey=True)
    for a_, h, title in ((ax[0], hp, "PFC alone (Fig. 3b)"), (ax[1], hd, "PFC + DCQCN (Fig. 8)")):
        xs = ["H1", "H2", "H3", "H4"]
        m = [mmm(h[x]) for x in xs]
        a_.bar(xs, [v[1] for v in m], color="#7aa6c2")
        a_.errorbar(xs, [v[1] for v in m], yerr=[[v[1] - v[0] for v in m], [v[2] - v[1] for v in m]],
                    fmt="none", ecolor="k", capsize=5)
        a_.set_title(title)
        a_.set_ylim(0, 25)
        a_.grid(axis="y", alpha=0.3)
    ax[0].set_ylabel("throughput (Gb/s), median, min-max")
    fig.tight_layout()
    fig.savefig(f"{ctx.res}/unfairness.png", dpi=110)
    p.close(fig)
    return "\n".join(L)
