# SPDX-License-Identifier: MIT
"""Experiment 6: the parking lot (paper section 7)."""
from common import FRAME_SHARE, checks_line, load, plt, sim_run, timeseries_png, verdict

TITLE = "6. Parking lot (section 7): f2 crosses two bottlenecks"
DUR_MS, QUICK_MS = 100, 50
CONFIGS = {"parking_dcqcn": [], "parking_pfc": ["--set", "switch.ecn.enabled=false"]}


def plan(ctx):
    return [sim_run(ctx, c, "parking_lot", *x, duration_ms=QUICK_MS if ctx.quick else DUR_MS)
            for c, x in CONFIGS.items()]


def report(ctx):
    L = ["f1 H1 -> R1 and f2 H2 -> R2 share T1's uplink to T4; f2 and f3 H3 -> R2 share T4's port to R2. "
         "All links 40 Gb/s, 1 us; PFC (dynamic) with DCQCN (`paper`) or PFC alone. Max-min fairness: 20 Gb/s "
         f"of wire each, {20 * FRAME_SHARE:.2f} Gb/s of frames (the unit of the table). Paper: DCQCN gives the two-bottleneck flow less than its max-min share (it collects marks "
         "at both queues, as in DCTCP); RED-like marking only mitigates it.\n",
         "| configuration | f1 (Gb/s) | f2, two bottlenecks (Gb/s) | f3 (Gb/s) | max-min share | paper |",
         "|---|---|---|---|---|---|"]
    res = {}
    for c, tag in (("parking_dcqcn", "PFC + DCQCN"), ("parking_pfc", "PFC alone")):
        r = load(ctx, c)[0]
        t = [f["second_half_tput_gbps"] for f in r["flows"]]
        res[c] = t
        L.append(f"| {tag} | {t[0]:.2f} | **{t[1]:.2f}** | {t[2]:.2f} | {20 * FRAME_SHARE:.2f} | "
                 f"{'f2 below 20' if c == 'parking_dcqcn' else '-'} |")
    L.append("")
    t = res["parking_dcqcn"]
    share = 20 * FRAME_SHARE
    ok = t[1] < share and t[1] < t[0] and t[1] < t[2]
    L.append(f"Claim (CTest `Paper.ParkingLot*`): with DCQCN f2 gets less than its max-min share of 20 Gb/s and "
             f"less than f1 and f3: {verdict(ok)} (f2 = {t[1]:.2f}, {t[1] / share * 100:.0f} % of {share:.2f}). PFC alone "
             "happens to be fair here (every port is paused in turn), at the price of PAUSE frames and a large queue.\n")
    for c, tag in (("parking_dcqcn", "PFC + DCQCN"), ("parking_pfc", "PFC alone")):
        L.append(checks_line(tag, load(ctx, c)))
    L.append("")
    a = timeseries_png(ctx, "parking_dcqcn", 1, "parking lot, PFC + DCQCN")
    L.append(f"![parking lot, PFC + DCQCN]({a})\n")
    return "\n".join(L)
