# SPDX-License-Identifier: MIT
"""Experiment 4: 2:1 and 16:1 incast, throughput per flow and queue against time."""
import statistics

from common import FRAME_SHARE, Run, checks_line, load, plt, read_csv, run_dir, sim_run, verdict

TITLE = "4. Incast 2:1 and 16:1: throughput per flow and queue against time (paper Fig. 15 fluid-model incasts)"
DUR_MS, QUICK_MS = 100, 100  # 16:1 needs the 100 ms to settle


def plan(ctx):
    runs = []
    for n in (2, 16):
        runs.append(sim_run(ctx, f"incast{n}", f"incast{n}", "--set", "sample_us=200", duration_ms=QUICK_MS if ctx.quick else DUR_MS))
        runs.append(Run(f"incast{n}_fluid", 1, ["fluid", f"incast{n}", "--duration-ms",
                                                str(QUICK_MS if ctx.quick else DUR_MS), "--sample-us", "200",
                                                "--out", run_dir(ctx, f"incast{n}_fluid", 1)]))
    return runs


def bottleneck_queue(d):
    """time (ms) -> the largest egress queue of any switch port at that sample (bytes)."""
    c = read_csv(f"{d}/queues.csv")
    q = {}
    for t, b in zip(c["time_us"], c["egress_bytes"]):
        q[t / 1000.0] = max(q.get(t / 1000.0, 0.0), b)
    return q


def report(ctx):
    L = ["N senders to one receiver through one switch, 40 Gb/s links, PFC (dynamic, beta 8) and DCQCN "
         "(`paper`), all flows start at 0 at line rate. Throughput over the second half of the run; the fluid "
         "model (`dcqcn-sim fluid`, equations 5-9, same parameters) next to it. The paper shows these two "
         "incasts in its fluid model: both converge to C/N with the queue near Kmin (16:1 without buffer "
         "starvation).\n",
         "| incast | flows' 2nd-half throughput min / max (Gb/s) | fair share | Jain | total (Gb/s) | queue empty (2nd half) | queue mean / max (KB) | fluid: flows min / max | fluid: queue min / mean (KB) |",
         "|---|---|---|---|---|---|---|---|---|"]
    jain, fluid_min, util = {}, {}, {}
    for n in (2, 16):
        r = load(ctx, f"incast{n}")[0]
        t = [f["second_half_tput_gbps"] for f in r["flows"]]
        q = bottleneck_queue(r["_dir"])
        end = max(q)
        q2 = [v for k, v in q.items() if k > end / 2]
        fq = bottleneck_queue(run_dir(ctx, f"incast{n}_fluid", 1))
        fq2 = [v for k, v in fq.items() if k > end / 2]
        fc = read_csv(f"{run_dir(ctx, f'incast{n}_fluid', 1)}/flows.csv")
        last = {}
        for tt, f, v in zip(fc["time_us"], fc["flow"], fc["tput_gbps"]):
            if tt / 1000.0 > end / 2:
                last.setdefault(int(f), []).append(v)
        fm = [statistics.mean(v) for v in last.values()]
        jain[n], fluid_min[n], util[n] = r["jain_second_half"], min(fq2), sum(t) / (40 * FRAME_SHARE)  # of the frame capacity
        empty = sum(v == 0 for v in q2) / len(q2)
        L.append(f"| {n}:1 | {min(t):.2f} / {max(t):.2f} | {40 * FRAME_SHARE / n:.2f} | {r['jain_second_half']:.4f} | {sum(t):.2f} | "
                 f"{empty * 100:.0f} % of samples | {statistics.mean(q2) / 1000:.1f} / {max(q2) / 1000:.1f} | "
                 f"{min(fm):.2f} / {max(fm):.2f} | {min(fq2) / 1000:.1f} / {statistics.mean(fq2) / 1000:.1f} |")
    L.append("")
    L.append(f"Claims (CTest `Paper.Incast*`): fair (Jain over the second half >= 0.99) at 2:1 and 16:1: "
             f"{verdict(all(j >= 0.99 for j in jain.values()))}; the fluid model has no buffer starvation at 16:1 "
             f"(its queue never empties in the second half), as the paper's Fig. 15b: {verdict(fluid_min[16] > 0)}. "
             f"The packet simulation does not confirm the latter: at 16:1 the bottleneck queue is empty in part of the "
             f"samples and the link is {util[16] * 100:.1f} % used ({util[2] * 100:.1f} % at 2:1): sixteen flows "
             "receive their CNPs in the same windows and cut together, which the fluid model (one mean-field rate "
             "per flow, no per-packet randomness) cannot show.\n")
    for n in (2, 16):
        L.append(checks_line(f"{n}:1", load(ctx, f"incast{n}")))
    L.append("")
    L.append("![incast 2:1 and 16:1](incast.png)\n")

    p = plt()
    fig, ax = p.subplots(2, 2, figsize=(11, 6), sharex="col")
    for col, n in enumerate((2, 16)):
        d = run_dir(ctx, f"incast{n}", 1)
        c = read_csv(f"{d}/flows.csv")
        by = {}
        for tt, f, v in zip(c["time_us"], c["flow"], c["tput_gbps"]):
            by.setdefault(int(f), ([], []))
            by[int(f)][0].append(tt / 1000.0)
            by[int(f)][1].append(v)
        for f, (x, y) in sorted(by.items()):
            ax[0][col].plot(x, y, lw=0.7)
        ax[0][col].axhline(40 * FRAME_SHARE / n, color="k", ls=":", lw=0.8)
        ax[0][col].set_title(f"{n}:1 incast, packet simulation ({ctx.engine})")
        ax[0][col].set_ylabel("throughput per flow (Gb/s)")
        q = bottleneck_queue(d)
        fq = bottleneck_queue(run_dir(ctx, f"incast{n}_fluid", 1))
        ax[1][col].plot(sorted(q), [q[k] / 1000 for k in sorted(q)], lw=0.8, label="packet simulation")
        ax[1][col].plot(sorted(fq), [fq[k] / 1000 for k in sorted(fq)], "--", lw=0.8, label="fluid model")
        ax[1][col].set_ylabel("bottleneck queue (KB)")
        ax[1][col].set_xlabel("time (ms)")
        ax[1][col].legend(fontsize=7)
        for a in ax[:, col]:
            a.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(f"{ctx.res}/incast.png", dpi=110)
    p.close(fig)
    return "\n".join(L)
