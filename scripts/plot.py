#!/usr/bin/python3
"""Plot a dcqcn-sim output directory: per-flow throughput and rate (Rc), and the
switch queues, against time. Writes DIR/plot.png (or --out FILE).

    scripts/plot.py out/incast4 [--out FILE] [--title TEXT]
"""
import argparse
import csv
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

    tput, rate = defaultdict(list), defaultdict(list)
    for r in flows:
        key = f"{r['flow']} {r['src']}->{r['dst']}"
        t = float(r["time_us"]) / 1000.0
        tput[key].append((t, float(r["tput_gbps"])))
        rate[key].append((t, float(r["rate_gbps"])))
    qs = defaultdict(list)
    for r in queues:
        key = f"{r['node']}:{r['port']}"
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
    fig.suptitle(a.title or os.path.basename(os.path.normpath(a.dir)))
    fig.tight_layout()
    out = a.out or os.path.join(a.dir, "plot.png")
    fig.savefig(out, dpi=110)
    print(f"plot: {out}")


if __name__ == "__main__":
    main()
