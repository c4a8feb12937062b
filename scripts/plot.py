#!/usr/bin/python3
"""Plot a dcqcn-sim output directory: per-flow throughput and rate (Rc), and the
switch queues (each egress port named by the node it sends to), against time, titled
with the scenario, engine and profile of DIR/summary.json. Writes DIR/plot.png (or --out FILE).

    scripts/plot.py out/incast4 [--out FILE] [--title TEXT]
"""
import argparse
import csv
import json
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read(path):
    try:
        with open(path, newline="") as f:
            return list(csv.DictReader(f))
    except OSError as e:
        sys.exit(f"plot.py: cannot read {path}: {e.strerror}; expected a dcqcn-sim output directory")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--out")
    ap.add_argument("--title")
    a = ap.parse_args()
    flows = read(os.path.join(a.dir, "flows.csv"))
    queues = read(os.path.join(a.dir, "queues.csv"))
    # summary.json: the scenario, engine and profile for the title, each port's peer
    summary = {}
    try:
        with open(os.path.join(a.dir, "summary.json")) as f:
            summary = json.load(f)
    except (OSError, ValueError):
        pass  # a fluid-model directory, or a run that did not finish: port numbers and the folder name
    peer = {(p["node"], str(p["port"])): p["peer"] for p in summary.get("ports", []) if "peer" in p}

    tput, rate = defaultdict(list), defaultdict(list)
    for r in flows:
        key = f"{r['flow']} {r['src']}->{r['dst']}"
        t = float(r["time_us"]) / 1000.0
        tput[key].append((t, float(r["tput_gbps"])))
        rate[key].append((t, float(r["rate_gbps"])))
    qs = defaultdict(list)
    for r in queues:
        p = peer.get((r["node"], r["port"]))
        key = f"{r['node']} -> {p}" if p else f"{r['node']}:{r['port']}"
        qs[key].append((float(r["time_us"]) / 1000.0, int(r["egress_bytes"]) / 1000.0))
    qs = {k: v for k, v in qs.items() if max(b for _, b in v) > 0}

    fig, ax = plt.subplots(3, 1, figsize=(10, 9), sharex=True)
    many = len(tput) > 12
    for k, v in tput.items():
        ax[0].plot([t for t, _ in v], [x for _, x in v], lw=0.8, label=None if many else k)
    for k, v in rate.items():
        ax[1].plot([t for t, _ in v], [x for _, x in v], lw=0.8, label=None if many else k)
    for k, v in sorted(qs.items()):
        ax[2].plot([t for t, _ in v], [x for _, x in v], lw=0.8, label=k)
    ax[0].set_ylabel("throughput (Gb/s)")
    ax[1].set_ylabel("rate Rc (Gb/s)")
    ax[2].set_ylabel("egress queue (KB)")
    ax[2].set_xlabel("time (ms)")
    for x in ax:
        x.grid(alpha=0.3)
        if x.get_legend_handles_labels()[0]:
            x.legend(fontsize=7, ncol=4, loc="upper right")
    title = a.title
    if not title:
        title = summary.get("scenario") or summary.get("model") or os.path.basename(os.path.normpath(a.dir))
        if "engine" in summary:
            title += f", {summary['engine']} engine"
        if summary.get("profile"):
            title += f", profile {summary['profile']}"
        if summary.get("interrupted"):
            title += f" (interrupted at {summary.get('simulated_ms', 0):g} ms)"
    fig.suptitle(title)
    fig.tight_layout()
    out = a.out or os.path.join(a.dir, "plot.png")
    fig.savefig(out, dpi=110)
    print(f"plot: {out}")


if __name__ == "__main__":
    main()
