# SPDX-License-Identifier: MIT
"""Experiment 2: the victim flow (paper Fig. 4 and Fig. 9)."""
import statistics

from common import checks_line, fmt_mmm, load_seeds, mmm, per_host, plt, sim_run, timeseries_png, verdict

TITLE = ("2. Victim flow (Fig. 4, Fig. 9): VS (T1) -> VR (T2), while H11-H14 (T1) and 0, 1, 2 of "
         "H31, H32 (T3) send to R (T4)")
DUR_MS, QUICK_MS = 60, 30
OFF = {0: ["--set", "flows.5.enabled=false", "--set", "flows.6.enabled=false"],
       1: ["--set", "flows.6.enabled=false"], 2: []}


def configs():
    for n in (0, 1, 2):
        yield f"victim_pfc_{n}", ["--set", "switch.ecn.enabled=false"] + OFF[n]
        yield f"victim_dcqcn_{n}", OFF[n]


def plan(ctx):
    return [sim_run(ctx, c, "clos_victim", *x, "--set", f"ecmp_seed={s}", seed=s,
                    duration_ms=QUICK_MS if ctx.quick else DUR_MS)
            for c, x in configs() for s in range(1, ctx.seeds + 1)]


def report(ctx):
    L = ["Same Clos as experiment 1. No path from T3 to R shares a link with T1 - L1/L2 - T2.\n"]
    paper_v_pfc = {0: "10 (20 expected without PFC's HOL blocking)", 1: "(figure only)", 2: "4.5"}
    L.append("| senders under T3 | ours VS, PFC alone | paper VS, PFC alone (Fig. 4b, median) | ours VS, "
             "PFC + DCQCN | paper VS, PFC + DCQCN (Fig. 9) | ours H11-H14 pooled median, PFC alone / DCQCN |")
    L.append("|---|---|---|---|---|---|")
    med, vp_all, vd_all = {}, {}, {}
    for n in (0, 1, 2):
        hp = per_host(load_seeds(ctx, f"victim_pfc_{n}"))
        hd = per_host(load_seeds(ctx, f"victim_dcqcn_{n}"))
        vp_all[n], vd_all[n] = hp["VS"], hd["VS"]
        med[("pfc", n)] = statistics.median(hp["VS"])
        med[("dc", n)] = statistics.median(hd["VS"])
        h1p = sum((hp[h] for h in ("H11", "H12", "H13", "H14")), [])
        h1d = sum((hd[h] for h in ("H11", "H12", "H13", "H14")), [])
        L.append(f"| {n} | {fmt_mmm(hp['VS'])} | {paper_v_pfc[n]} | {fmt_mmm(hd['VS'])} | unchanged | "
                 f"{statistics.median(h1p):.1f} / {statistics.median(h1d):.1f} |")
    L.append("")
    r1, r2 = med[("pfc", 1)] / med[("pfc", 0)], med[("pfc", 2)] / med[("pfc", 0)]
    d1, d2 = med[("dc", 1)] / med[("dc", 0)], med[("dc", 2)] / med[("dc", 0)]
    falls = med[("pfc", 1)] < med[("pfc", 0)] and med[("pfc", 2)] < med[("pfc", 1)] and r2 <= 0.7
    L.append(f"Claims (CTest `PaperClos.Victim*`): PFC alone, the victim's median at 1 and 2 senders is "
             f"**{r1:.2f}** and **{r2:.2f}** of its median at 0 (claim: falls, <= 0.70 at 2: {verdict(falls)}; "
             f"paper 4.5 / 10 = 0.45). With DCQCN **{d1:.2f}** and **{d2:.2f}** (the issue's claim, within 10 %: "
             f"{verdict(all(abs(x - 1) <= 0.1 for x in (d1, d2)))}; the paper's point, not hurt (>= 0.90): "
             f"{verdict(min(d1, d2) >= 0.9)}).\n")
    L.append("With DCQCN the victim is never hurt, but its median rises as T3 senders are added: H11-H14 are "
             "limited at R to 40/4, 40/5, 40/6 Gb/s each, and the victim takes what the k of them that share its "
             "T1 uplink leave (its max-min share 40 - k x 40/n; k = 2 in the median placement: 20, 24, 26.7 Gb/s). "
             "The paper reports the victim unchanged (Fig. 9); its testbed flows were transfers, ours are "
             "long-lived, so the freed capacity goes to the victim. The CTest asserts 'not hurt'.\n")
    for n in (0, 1, 2):
        L.append(checks_line(f"{n} sender(s), PFC alone", load_seeds(ctx, f"victim_pfc_{n}")))
        L.append(checks_line(f"{n} sender(s), PFC + DCQCN", load_seeds(ctx, f"victim_dcqcn_{n}")))
    L.append("")
    L.append("![victim flow, min/median/max over seeds](victim.png)\n")
    links = []
    for n in (0, 1, 2):
        for k, t in (("pfc", "PFC alone"), ("dcqcn", "DCQCN")):
            links.append(f"[{n} sender(s), {t}]({timeseries_png(ctx, f'victim_{k}_{n}', 1, f'victim, {n} T3 senders, {t}, seed 1')})")
    L.append("Time series, seed 1: " + ", ".join(links) + ".\n")

    p = plt()
    fig, ax = p.subplots(1, 2, figsize=(10, 3.8), sharey=True)
    for a, v, title in ((ax[0], vp_all, "PFC alone (Fig. 4b)"), (ax[1], vd_all, "PFC + DCQCN (Fig. 9)")):
        xs = ["0", "1", "2"]
        m = [mmm(v[n]) for n in (0, 1, 2)]
        a.bar(xs, [x[1] for x in m], color="#c29a7a")
        a.errorbar(xs, [x[1] for x in m], yerr=[[x[1] - x[0] for x in m], [x[2] - x[1] for x in m]],
                   fmt="none", ecolor="k", capsize=5)
        a.set_title(title)
        a.set_xlabel("senders under T3")
        a.set_ylim(0, 42)
        a.grid(axis="y", alpha=0.3)
    ax[0].plot(["0", "2"], [10, 4.5], "rx", ms=10, label="paper (median)")
    ax[0].legend()
    ax[0].set_ylabel("victim throughput (Gb/s), median, min-max")
    fig.tight_layout()
    fig.savefig(f"{ctx.res}/victim.png", dpi=110)
    p.close(fig)
    return "\n".join(L)
