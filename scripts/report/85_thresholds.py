# SPDX-License-Identifier: MIT
"""Buffer thresholds (DCQCN section 4): dcqcn-sim thresholds next to the paper's numbers."""
import re

from common import Run, run_dir

TITLE = "11. Buffer thresholds (DCQCN section 4): t_flight, t_PFC, t_ECN for the Trident II"
quick_ok = True


def plan(ctx):
    return [Run("thresholds", 1, ["thresholds"]),
            Run("thresholds_mib", 1, ["thresholds", "--buffer-bytes", str(12 * 1024 * 1024)]),
            Run("thresholds_fig18", 1, ["thresholds", "--scenario", "fig18_clos"]),
            Run("thresholds_clos", 1, ["thresholds", "--scenario", "clos_unfairness"])]


def values(config, ctx):
    out = open(f"{run_dir(ctx, config, 1)}/stdout.txt").read()
    v = {}
    for line in out.splitlines():
        m = re.match(r"\s+(.+?)\s{2,}(\d+) B\s+([\d.]+) KB", line)
        if m:
            v[m.group(1).strip()] = float(m.group(3))
    return v, out


def report(ctx):
    v, out = values("thresholds", ctx)
    vm, _ = values("thresholds_mib", ctx)
    paper = {"t_flight (headroom)": "22.4", "t_PFC static": "24.47", "t_ECN bound, static": "0.85",
             "t_ECN bound, dynamic": "21.75"}
    L = ["`dcqcn-sim thresholds` (defaults: the paper's Arista 7050QX32 / Trident II: B = 12 MB, 32 ports, 8 "
         "priorities, 1500 B MTU, 40 Gb/s; t_flight = 2 MTU + C (2 d_cable + t_resp) / 8 with 1 us of cable and "
         "1.88 us PFC response; KB = 1000 B). CTest `Thresholds.*` (label `unit`) asserts these numbers.\n",
         "| quantity | ours (KB) | paper (KB) | ours with B = 12 MiB (KB) |", "|---|---|---|---|"]
    for k, p in paper.items():
        L.append(f"| {k} | **{v[k]:.3f}** | {p} | {vm[k]:.3f} |")
    L.append("")
    L.append("The paper's 0.85 KB for the static t_ECN bound is what the formula gives with B = 12 MiB (0.84 KB); "
             "with B = 12,000,000 B it gives 0.765 KB, below one MTU either way (the paper's conclusion: the static "
             "scheme is infeasible, hence the dynamic threshold).\n")
    L.append("```\n" + out.strip() + "\n```\n")
    for c, name in (("thresholds_fig18", "fig18_clos"), ("thresholds_clos", "clos_unfairness")):
        o = open(f"{run_dir(ctx, c, 1)}/stdout.txt").read().strip()
        e = open(f"{run_dir(ctx, c, 1)}/stderr.txt").read().strip()
        L.append(f"Scenario check, `dcqcn-sim thresholds --scenario {name}`:\n\n```\n{(o + chr(10) + e).strip()}\n```\n")
    return "\n".join(L)
