# SPDX-License-Identifier: MIT
"""Fluid model (DCQCN section 5) against the packet simulation for two flows (Fig. 10)."""
import statistics

from common import (CONVERGENCE_MS as DUR_MS, CONVERGENCE_PROFILES as PROFILES, convergence_runs,
                    convergence_seeds, flow_series, load, plt, run_dir, verdict)

TITLE = "10. Fluid model against the packet simulation, two flows (Fig. 10) and the parameter study (Fig. 11-12)"


def plan(ctx):
    return convergence_runs(ctx)  # the runs of section 3 (the driver runs them once)


def means(d, t0_ms, col="tput_gbps"):
    by = flow_series(d, col)
    ts = [t for t in by if t > t0_ms]
    return [statistics.mean(by[t][i] for t in ts) for i in (0, 1)]


def report(ctx):
    end = float(ctx.duration) if ctx.duration else DUR_MS
    t0 = 60.0
    L = ["The `convergence` scenario (flow 2 joins at 10 ms at 100 Mb/s) in the packet simulation (the marking "
         f"seeds of section 3, {len(convergence_seeds(ctx))}) and in `dcqcn-sim fluid` (equations 5-9 with each flow's own Rc, Rt, alpha; same profile table, "
         "tau* = the round-trip propagation delay). Mean throughput of each flow from "
         f"{t0:.0f} ms to {end:.0f} ms; packet: median over the seeds.\n",
         "| profile | packet: flow 1 / flow 2 (Gb/s) | fluid: flow 1 / flow 2 (Gb/s) | largest difference | model predicts |",
         "|---|---|---|---|---|"]
    ok = {}
    for p in PROFILES:
        runs = load(ctx, f"conv_{p}", convergence_seeds(ctx))
        per = [means(r["_dir"], t0) for r in runs]
        pk = [statistics.median(x[i] for x in per) for i in (0, 1)]
        fl = means(run_dir(ctx, f"conv_fluid_{p}", 1), t0)
        diff = max(abs(a - b) for a, b in zip(pk, fl))
        conv = abs(fl[0] - fl[1]) / max(fl) <= 0.1
        ok[p] = (diff, conv, abs(pk[0] - pk[1]) / max(pk) <= 0.1)
        L.append(f"| {p} | {pk[0]:.2f} / {pk[1]:.2f} | {fl[0]:.2f} / {fl[1]:.2f} | {diff:.2f} Gb/s | "
                 f"{'convergence' if conv else 'no convergence'} |")
    L.append("")
    pk_conv = {p: v[2] for p, v in ok.items()}
    L.append(f"Claims (CTest `Paper.ConvergencePaperConvergesStrawmanDoesNotAndTheFluidModelAgrees`): the model predicts convergence for "
             f"`paper` and none for `strawman`, like the paper: {verdict(ok['paper'][1] and not ok['strawman'][1])}; "
             f"the packet simulation agrees in kind (gap of the seeds' medians <= 10 % for `paper`, > 10 % for "
             f"`strawman`): {verdict(pk_conv['paper'] and not pk_conv['strawman'])}. The largest difference between "
             "the two models' flow means is printed, not asserted: the model has no per-packet randomness, and "
             "under `strawman` the starving flow still gets some byte-counter increases in the packet world.\n")
    L.append("![fluid model against packet simulation](fluid.png)\n")
    p_ = plt()
    fig, ax = p_.subplots(1, 2, figsize=(11, 3.6), sharey=True)
    for a, p in zip(ax, PROFILES):
        for d, style, tag in ((run_dir(ctx, f"conv_{p}", 1), "-", "packet, seed 1"),
                              (run_dir(ctx, f"conv_fluid_{p}", 1), "--", "fluid model")):
            by = flow_series(d, "rate_gbps")
            ts = sorted(by)
            for f, col in ((0, "#1f77b4"), (1, "#d62728")):
                a.plot(ts, [by[t][f] for t in ts], style, color=col, lw=0.8, label=f"flow {f + 1} Rc, {tag}")
        a.set_title(f"{p}: Rc against time")
        a.set_xlabel("time (ms)")
        a.grid(alpha=0.3)
    ax[0].set_ylabel("Rc (Gb/s)")
    ax[0].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(f"{ctx.res}/fluid.png", dpi=110)
    p_.close(fig)
    return "\n".join(L)
