# SPDX-License-Identifier: MIT
"""Experiment 8: DCQCN+ at scale as the thesis ran it (its Tables 2 and 3): 8 senders x
10..90 flows -> 1 receiver, flows started within 1 s, statistics after the start-up.

Also run alone by scripts/thesis_tables.sh (prints this section's markdown). Every choice
of the setup is quoted from the thesis in docs/reproduction.md, "DCQCN+ at scale"."""
from common import Run, load, plt, run_dir, verdict

TITLE = "8. DCQCN+ at scale as the thesis ran it (Tables 2 and 3): 8 senders x 10-90 flows into one receiver at 10 Gb/s"
# The scenario's own timeline (thesis_scale.yaml): starts spread over 1 s, 3 s, statistics
# from 2 s. --duration D keeps the spread and takes the statistics over the last third.
DUR_MS, FROM_MS = 3000, 2000
ALL = [80, 160, 240, 320, 400, 480, 560, 640, 720]
PROFILES = ["connectx", "dcqcn_plus_static", "dcqcn_plus"]
# The series runs on the reference engine whatever --engine says (on the RTL engine an
# 80-flow dcqcn_plus_static run takes 93 s per simulated 100 ms, 20 times the reference);
# the RTL engine runs RTL_SUBSET (profile, flows, duration ms, stats from ms; the start
# window is min(1 s, stats from)), and the same runs on the reference engine must write
# byte-identical CSVs.
RTL_SUBSET = [("dcqcn_plus", 80, 1100, 1000), ("dcqcn_plus_static", 80, 100, 50)]
QUICK = {"counts": [80, 240], "dur": 1100, "from": 1000}
LABEL = {"connectx": "DCQCN, ConnectX-4 defaults (`connectx`)",
         "dcqcn_plus_static": "DCQCN+ static (`dcqcn_plus_static`)",
         "dcqcn_plus": "DCQCN+ algorithm (`dcqcn_plus`, lambda 3.1)"}
COLOR = {"connectx": "#c0392b", "dcqcn_plus_static": "#2471a3", "dcqcn_plus": "#17a589"}
CEILING_KB = 3120  # the switch's PFC ceiling (docs/reproduction.md)

# Copied from the thesis (section 6.3, Tables 2 and 3): flows -> (flows started, starting
# buffer, max buffer after 5 s, average latency of ib_send_lat), KB and us.
THESIS_T2 = {80: (80, 457.5, 130.1, 24.84875), 160: (160, 4900, 168.4, 31.784), 240: (240, 5000, 195.4, 32.90625),
             320: (320, 5000, 267.4, 33.70875), 400: (400, 5000, 388.9, 39.7225), 480: (480, 5000, 591.4, 63.82875),
             560: (560, 5100, 858.0, 74.0024), 640: (640, 5100, 1200, 103.8075), 720: (720, 5100, 5100, 1792.83625)}
THESIS_T3 = {80: (80, 1000, 189.0, 27.2025), 160: (160, 4700, 191.2, 31.0963), 240: (240, 4800, 122.6, 29.9138),
             320: (320, 4700, 117.9, 29.9938), 400: (400, 4900, 130.5, 30.1538), 480: (480, 4900, 169.9, 30.4425),
             560: (560, 5000, 211.5, 31.9763), 640: (640, 5000, 230.6, 31.74), 720: (720, 5000, 681.8, 56.9813)}


def timeline(ctx):
    """(counts, duration, stats_from) in ms."""
    if ctx.quick:
        return QUICK["counts"], QUICK["dur"], QUICK["from"]
    if ctx.duration:
        d = float(ctx.duration)
        return ALL, d, d * 2 / 3
    return ALL, DUR_MS, FROM_MS


def config(p, n):
    return f"thesis_{p}_{n}"


def spread_ms(frm):
    """The start window: the thesis's 1 s, shortened only when a short --duration needs it
    (every flow must have started when the statistics begin)."""
    return min(1000.0, frm)


def run(ctx, name, p, n, dur, frm, engine):
    """thesis_scale with profile p and n flows, its own duration (not sim_run's --duration rule)."""
    return Run(name, 1, ["run", "thesis_scale", "--engine", engine, "--quiet", "--duration", f"{dur:g}",
                         "--set", f"profile={p}", "--set", f"defaults.flow.count={n // 8}",
                         "--set", f"stats_from_ms={frm:g}",
                         "--set", f"defaults.flow.start_spread_us={spread_ms(frm) * 1000:.0f}",
                         "--out", run_dir(ctx, name)])


def plan(ctx):
    counts, dur, frm = timeline(ctx)
    runs = [run(ctx, config(p, n), p, n, dur, frm, "ref")
            for n in sorted(counts, reverse=True) for p in PROFILES]  # longest first
    if not ctx.quick:
        for p, n, d, f in RTL_SUBSET:
            runs.append(run(ctx, f"thesis_rtl_{p}_{n}", p, n, d, f, "rtl"))
            runs.append(run(ctx, f"thesis_rtlref_{p}_{n}", p, n, d, f, "ref"))
    return runs


def point(ctx, p, n):
    r = load(ctx, config(p, n))[0]
    b = next(x for x in r["ports"] if x["node"] == "sw" and x["peer"] == "r")
    return {"peak": b["max_queue_bytes"] / 1e3, "after": b["max_queue_bytes_after"] / 1e3,
            "mean": b["mean_queue_bytes_after"] / 1e3, "delay": b["mean_queue_delay_us_after"],
            "started": sum(1 for f in r["flows"] if f["sent_bytes"] > 0), "flows": len(r["flows"]),
            "pauses": r["pause_frames"], "ok": r["checks"]["ok"], "cmd": r["_cmd"], "wall": r["wall_s"],
            "rc": sum(f["final_rate_gbps"] for f in r["flows"]) / len(r["flows"]),
            "tput": sum(f["tput_gbps_after"] for f in r["flows"])}  # delivered from stats_from_ms, Gb/s


def kb(v):
    return f"{v / 1000:.2f} MB" if v >= 1000 else f"{v:.0f} KB"


def same_files(a, b):
    try:
        return all(open(f"{a}/{f}", "rb").read() == open(f"{b}/{f}", "rb").read() for f in ("flows.csv", "queues.csv"))
    except OSError:
        return False


def report(ctx):
    counts, dur, frm = timeline(ctx)
    P = {p: {n: point(ctx, p, n) for n in counts} for p in PROFILES}
    L = [f"`thesis_scale` as the thesis ran it: h1..h8 with n/8 flows each -> sw -> r, 10 Gb/s, 5.1 MB buffer "
         f"(SN2700), dynamic PFC (beta 8); every flow starts at a seeded uniform time in [0, {spread_ms(frm):g} ms) "
         f"(the thesis: \"within 1 second\"); {dur:g} ms runs, statistics from {frm:g} ms (the thesis: 80 s, \"the maximal buffer usage 5 "
         f"seconds after flows are started\", read by hand every 10 s from 10 s; our budget: docs/reproduction.md). "
         f"NICs as the thesis's: min_time_between_cnps 0 (NP_CNP_INTERVAL_NS 0), one CNP per us per NIC "
         f"(NP_CNP_BUDGET_NS 1000), rpg_min_rate 1 Mb/s; DCQCN+ with lambda 3.1 and tau = flows x 1 us. "
         f"Reference engine (the RTL engine on a subset, below). "
         f"Thesis: flows started / starting buffer / **max buffer after 5 s** / average latency of `ib_send_lat` "
         f"(an end-to-end probe: compare its trend only). Ours at the bottleneck sw -> r: flows started / "
         f"start-up peak / **max from {frm:g} ms** / mean queue from {frm:g} ms / mean queueing delay from "
         f"{frm:g} ms / delivered Gb/s from {frm:g} ms.\n"]

    def ours(p, n):
        x = P[p][n]
        return (f"{x['started']} / {kb(x['peak'])} / **{kb(x['after'])}** / {kb(x['mean'])} / {x['delay']:.0f} us / "
                f"{x['tput']:.2f}")

    def thesis(t, n):
        s, a, b, c = t[n]
        return f"{s} / {kb(a)} / **{kb(b)}** / {c:.1f} us"

    for title, t, p in (("Table 2 (DCQCN, ConnectX-4 defaults) against `connectx`", THESIS_T2, "connectx"),
                        ("Table 3 (DCQCN+, static ConnectX settings) against `dcqcn_plus_static`", THESIS_T3,
                         "dcqcn_plus_static")):
        L += [f"**{title}**\n", "| flows | thesis | ours |", "|---|---|---|"]
        L += [f"| {n} | {thesis(t, n)} | {ours(p, n)} |" for n in counts]
        L.append("")
    L += ["**DCQCN+ as its section 4 writes it (the thesis ran it only in NS-3, at 800-2000 flows) against "
          "Table 3**\n", "| flows | thesis Table 3 | ours `dcqcn_plus` |", "|---|---|---|"]
    L += [f"| {n} | {thesis(THESIS_T3, n)} | {ours('dcqcn_plus', n)} |" for n in counts]
    L.append("")

    cx, st, pl = P["connectx"], P["dcqcn_plus_static"], P["dcqcn_plus"]
    lo, hi = min(counts), max(counts)
    big = [n for n in counts if n >= 480] or [hi]
    started = all(x["started"] == x["flows"] for p in PROFILES for x in P[p].values())
    grows = cx[hi]["after"] > cx[lo]["after"]
    cx_bound = [n for n in counts if cx[n]["after"] >= 0.95 * CEILING_KB]
    st_below = all(st[n]["after"] < cx[n]["after"] for n in big)
    pl_below = all(pl[n]["after"] < cx[n]["after"] for n in big)
    idle = [n for n in counts for p in PROFILES if P[p][n]["tput"] < 5]
    L.append("Claims, measured (each is re-evaluated when the script runs): "
             f"every flow started in every run ({verdict(started)}); "
             f"DCQCN's (`connectx`) post-start maximum grows from {lo} to {hi} flows, as in Table 2 "
             f"({kb(cx[lo]['after'])} -> {kb(cx[hi]['after'])}: {verdict(grows)}); "
             f"`connectx` at the PFC ceiling (max from {frm:g} ms >= 95 % of {kb(CEILING_KB)}) at "
             f"{', '.join(map(str, cx_bound)) or 'no flow count'} flows (thesis: only at 720); "
             f"the static DCQCN+ below `connectx` at each of {', '.join(map(str, big))} flows, Table 3's point "
             f"({', '.join(kb(st[n]['after']) + ' vs ' + kb(cx[n]['after']) for n in big)}: {verdict(st_below)}); "
             f"`dcqcn_plus` below `connectx` at each of them ({', '.join(kb(pl[n]['after']) for n in big)}: "
             f"{verdict(pl_below)}); runs delivering less than 5 Gb/s after the start-up (an idle link): "
             f"{', '.join(f'{p} {n}' for n in counts for p in PROFILES if P[p][n]['tput'] < 5) or 'none'}"
             f"{'' if idle else ' (the link is busy in every run)'}.\n")
    L.append("Mean final Rc of the flows (Gb/s; fair share 10 / flows): " +
             ", ".join(f"{p} {n}: {P[p][n]['rc']:.4f}" for p in PROFILES for n in (lo, hi)) + ".\n")
    for p in PROFILES:
        ok = all(x["ok"] for x in P[p].values())
        wall = sum(x["wall"] for x in P[p].values())
        L.append(f"- {LABEL[p]}: checks {'ok' if ok else 'FAILED'} in every run, {wall:.0f} s of simulation "
                 f"wall time (" + ", ".join(f"{n}: {P[p][n]['wall']:.0f} s" for n in counts) +
                 f"); command ({lo} flows): `{P[p][lo]['cmd']}`")
    if not ctx.quick:
        for p, n, d, f in RTL_SUBSET:
            a, b = f"thesis_rtl_{p}_{n}", f"thesis_rtlref_{p}_{n}"
            ra = load(ctx, a)[0]
            L.append(f"- RTL engine, {p} at {n} flows, {d} ms, starts over {spread_ms(f):g} ms ({ra['wall_s']:.0f} s "
                     f"wall, the reference {load(ctx, b)[0]['wall_s']:.0f} s): flows.csv and "
                     f"queues.csv byte-identical to the reference engine's: "
                     f"{verdict(same_files(ra['_dir'], load(ctx, b)[0]['_dir']))}; command: `{ra['_cmd']}`")
    L.append("\n![post-start maximum queue against flows](dcqcn_plus.png)\n")

    pyplot = plt()
    fig, ax = pyplot.subplots(figsize=(6.8, 4.2))
    for p in PROFILES:
        ax.plot(counts, [max(P[p][n]["after"], 1) / 1e3 for n in counts], "o-", color=COLOR[p], label="ours " + LABEL[p])
    ax.plot(ALL, [THESIS_T2[n][2] / 1e3 for n in ALL], "s--", color=COLOR["connectx"], alpha=0.6,
            label="thesis Table 2 (DCQCN)")
    ax.plot(ALL, [THESIS_T3[n][2] / 1e3 for n in ALL], "s--", color=COLOR["dcqcn_plus_static"], alpha=0.6,
            label="thesis Table 3 (DCQCN+)")
    ax.axhline(CEILING_KB / 1e3, color="grey", ls=":", label="PFC ceiling of our switch")
    ax.set_yscale("log")
    ax.set_xlabel("flows (8 senders)")
    ax.set_ylabel(f"max queue from {frm:g} ms (MB, log)")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=7, loc="lower right")
    ax.set_title("Buffer after the start-up against incast scale")
    fig.tight_layout()
    fig.savefig(f"{ctx.res}/dcqcn_plus.png", dpi=110)
    pyplot.close(fig)
    return "\n".join(L)
