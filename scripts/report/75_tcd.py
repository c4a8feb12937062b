# SPDX-License-Identifier: MIT
"""Experiment 9: TCD on the victim-flow topology (TCD SIGCOMM'21 section 4)."""
import statistics

from common import checks_line, fmt_mmm, load, plt, sim_run, verdict

TITLE = ("9. TCD on the victim topology (SIGCOMM'21 section 4): VS -> VR next to H11-H14, H31, H32 -> R, "
         "PFC pausing, with and without ternary marking")
DUR_MS = 20
MAX_SEEDS = 10  # 20 runs of about 4 s each on the RTL engine


def seeds(ctx):
    return range(1, min(ctx.seeds, MAX_SEEDS) + 1)
CONGESTED = ("H11", "H12", "H13", "H14", "H31", "H32")


def plan(ctx):
    return [sim_run(ctx, f"tcd_{'on' if on else 'off'}", "tcd_victim", "--set",
                    f"switch.ecn.tcd={'true' if on else 'false'}", "--set", f"ecmp_seed={s}", seed=s,
                    duration_ms=DUR_MS)
            for on in (False, True) for s in seeds(ctx)]


def summarise(r):
    v = next(f for f in r["flows"] if f["src"] == "VS")
    c = [f for f in r["flows"] if f["src"] in CONGESTED]
    x = [f["second_half_tput_gbps"] for f in c]
    return {"gbps": v["second_half_tput_gbps"], "ce": v["ce_marks"], "ue": v["ue_marks"],
            "cce": sum(f["ce_marks"] for f in c), "cue": sum(f["ue_marks"] for f in c),
            "paused": next(p["paused_us"] for p in r["ports"] if p["node"] == "VS"),
            "pauses": r["pause_frames"], "jain": sum(x) ** 2 / (len(x) * sum(y * y for y in x)),
            "cnps": v["cnps_received_by_rp"]}


def report(ctx):
    off_runs, on_runs = load(ctx, "tcd_off", seeds(ctx)), load(ctx, "tcd_on", seeds(ctx))
    off, on = [summarise(r) for r in off_runs], [summarise(r) for r in on_runs]
    L = [f"`tcd_victim` = `clos_victim` with the static t_PFC of DCQCN section 4 (24.47 KB) so that PFC "
         f"pauses (with the dynamic threshold DCQCN keeps PFC silent and nothing is undetermined), and TCD "
         f"ternary marking at every switch, marking at dequeue, with the TCD authors' CE rule (CP_TCD_CE_RULE 2: "
         f"CE only where RED marks, withheld while a queue drains after an undetermined period; max(T_on) "
         f"97 us) and the TCD reaction "
         f"at the NICs (CNP for CE and UE; the RP cuts on CE, only stops increasing on UE). Without TCD: "
         f"`--set switch.ecn.tcd=false` (RED 5/200 KB, 1 %). {DUR_MS} ms, second half, ECMP seeds "
         f"1..{max(seeds(ctx))}, {ctx.engine} engine; min / **median** / max over the seeds.\n",
         "| | without TCD | with TCD |", "|---|---|---|"]
    rows = [("victim VS -> VR (Gb/s)", "gbps", 2), ("victim packets with CE", "ce", 0),
            ("victim packets with UE", "ue", 0), ("H11-H14, H31, H32 packets with CE", "cce", 0),
            ("H11-H14, H31, H32 packets with UE", "cue", 0), ("VS's port paused (us)", "paused", 1),
            ("PAUSE frames", "pauses", 0), ("Jain of the 6 flows to R", "jain", 4)]
    for name, k, dg in rows:
        L.append(f"| {name} | {fmt_mmm([x[k] for x in off], dg)} | {fmt_mmm([x[k] for x in on], dg)} |")
    L.append("")
    L.append("Victim per placement, Gb/s without -> with TCD: " +
             ", ".join(f"{s}: {a['gbps']:.1f} -> {b['gbps']:.1f}" for s, a, b in zip(seeds(ctx), off, on)) + ".\n")
    paused = [x for x in on if x["paused"] > 0]
    marked = [x for x in on if x["ue"] + x["ce"] > 0]
    ue = all(x["ue"] > 0 for x in paused)
    mostly_ue = all(x["ue"] >= 50 * x["ce"] for x in marked)
    fewer_ce = all(b["cce"] < a["cce"] for a, b in zip(off, on))
    ratios = [b["gbps"] / a["gbps"] for a, b in zip(off, on) if a["gbps"] > 0]
    m_on, m_off = statistics.mean(x["gbps"] for x in on), statistics.mean(x["gbps"] for x in off)
    L.append(f"Claims (CTest `TcdVictim.*` checks seeds 1-3). With TCD the victim's path is paused in "
             f"{len(paused)} of {len(on)} placements, and there its packets carry UE: {verdict(ue)}. "
             f"TCD's claim that they carry UE and not CE: at least 50 UE per CE wherever it is marked: "
             f"{verdict(mostly_ue)}. The congested flows get fewer CE than with RED alone (CE withheld after "
             f"ON-OFF periods): {verdict(fewer_ce)}. The victim's mean throughput with TCD {m_on:.2f} Gb/s "
             f"against {m_off:.2f} without (not lower: {verdict(m_on >= m_off)}); per placement the ratio "
             f"with/without ranges {min(ratios):.2f}-{max(ratios):.2f}.\n")
    why = []
    for s_, a, b in zip(seeds(ctx), off, on):
        if b["gbps"] > a["gbps"] * 1.001:
            continue
        if b["paused"] == 0 and b["ue"] + b["ce"] == 0:
            why.append(f"seed {s_} ({a['gbps']:.1f} -> {b['gbps']:.1f}): VS shares no link with a flow to R, "
                       f"neither paused nor marked")
        else:
            why.append(f"seed {s_} ({a['gbps']:.1f} -> {b['gbps']:.1f}): VS paused {b['paused']:.0f} us, marked UE "
                       f"{b['ue']} / CE {b['ce']} times (CE {a['ce']} without), {b['cnps']} CNPs (without: "
                       f"{a['cnps']}); each UE CNP resets the RP's increase stages and restarts its 55 us timer, "
                       f"so with CNPs up to every 50 us it cannot climb back after its CE cuts")
    if why:
        L.append("Where TCD does not help: " + "; ".join(why) + ".\n")
    L.append(checks_line("without TCD", off_runs))
    L.append(checks_line("with TCD", on_runs))
    L.append("")
    L.append("![TCD: the victim's throughput and marks per ECMP placement](tcd.png)\n")

    p = plt()
    fig, ax = p.subplots(1, 2, figsize=(11, 3.8))
    xs = list(seeds(ctx))
    w = 0.38
    panels = ((ax[0], "victim VS -> VR (Gb/s), second half",
               (("without TCD", [a["gbps"] for a in off], "#7a7a7a"), ("with TCD", [b["gbps"] for b in on], "#4c9a2a"))),
              (ax[1], "victim packets marked, with TCD",
               (("CE", [b["ce"] for b in on], "#c25b4d"), ("UE (undetermined)", [b["ue"] for b in on], "#c2a14d"))))
    for a_, ylabel, bars in panels:
        for k, (label, ys, color) in enumerate(bars):
            a_.bar([x + (k - 0.5) * w for x in xs], ys, w, label=label, color=color)
        a_.set_xlabel("ECMP seed")
        a_.set_ylabel(ylabel)
        a_.set_xticks(xs)
        a_.legend(fontsize=8)
        a_.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(f"{ctx.res}/tcd.png", dpi=110)
    p.close(fig)
    return "\n".join(L)
