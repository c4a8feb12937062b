# SPDX-License-Identifier: MIT
"""Buffer thresholds (DCQCN section 4): dcqcn-sim thresholds next to the paper's numbers."""
import re

from common import Run, plt, run_dir

TITLE = "11. Buffer thresholds (DCQCN section 4): t_flight, t_PFC, t_ECN for the Trident II"
quick_ok = True


BETAS = (0.25, 0.5, 1, 2, 4, 8, 16, 32)


def plan(ctx):
    return [Run(f"thresholds_beta{b}", 1, ["thresholds", "--beta", str(b)]) for b in BETAS] + [
            Run("thresholds", 1, ["thresholds"]),
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
    bound = [values(f"thresholds_beta{b}", ctx)[0]["t_ECN bound, dynamic"] for b in BETAS]
    L.append("The dynamic t_ECN bound against beta (`dcqcn-sim thresholds --beta B`): "
             + ", ".join(f"beta {b}: {x:.2f} KB" for b, x in zip(BETAS, bound))
             + f"; the static bound is {v['t_ECN bound, static']:.3f} KB at any beta and one 1500 B MTU is 1.5 KB.\n")
    L.append("![t_ECN bound against beta](thresholds.png)\n")
    p = plt()
    fig, ax = p.subplots(figsize=(7, 3.6))
    ax.semilogx(BETAS, bound, "o-", label="dynamic bound beta (B - 8 n t_flight) / (8 n (beta + 1))")
    ax.axhline(v["t_ECN bound, static"], color="#c25b4d", ls="--", label="static bound t_PFC / n")
    ax.axhline(1.5, color="k", ls=":", lw=0.8, label="one MTU (1500 B)")
    ax.plot([8], [21.75], "rx", ms=10, label="paper: beta 8, 21.75 KB")
    ax.set_xlabel("beta")
    ax.set_ylabel("largest t_ECN (KB)")
    ax.set_title("ECN before PFC: the bound on t_ECN (Trident II, 12 MB, 32 ports)")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(f"{ctx.res}/thresholds.png", dpi=110)
    p.close(fig)
    for c, name in (("thresholds_fig18", "fig18_clos"), ("thresholds_clos", "clos_unfairness")):
        o = open(f"{run_dir(ctx, c, 1)}/stdout.txt").read().strip()
        e = open(f"{run_dir(ctx, c, 1)}/stderr.txt").read().strip()
        L.append(f"Scenario check, `dcqcn-sim thresholds --scenario {name}`:\n\n```\n{(o + chr(10) + e).strip()}\n```\n")
    return "\n".join(L)
