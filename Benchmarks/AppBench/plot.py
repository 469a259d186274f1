#!/usr/bin/python3
"""Plots the app-level raw results (tools/bench writes them to bench-results/app-level-*.json):
memory and main-loop stalls over time, for the first cold fill and the first 10,000-line scroll.

    /usr/bin/python3 Benchmarks/AppBench/plot.py RESULTS.json OUT.png

Needs matplotlib (Debian: python3-matplotlib, in the bench group of tools/lib/deps.sh).
"""

import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def draw(axes, run, title, marks):
    memory = run.get("memory") or []
    axes.plot([at / 1000 for at, _ in memory], [kb / 1024 for _, kb in memory], color="tab:blue", label="RSS (MiB)")
    axes.set_ylabel("RSS (MiB)", color="tab:blue")
    axes.set_xlabel("seconds since launch")
    axes.set_title(title)
    stalls_axis = axes.twinx()
    stalls = run.get("stalls") or []
    stalls_axis.vlines([at / 1000 for at, _ in stalls], 0, [ms for _, ms in stalls], color="tab:red", linewidth=1)
    stalls_axis.axhline(16, color="tab:red", linestyle=":", linewidth=1)
    stalls_axis.set_ylabel("main-loop stall (ms); dotted: 16 ms", color="tab:red")
    for label, at in marks:
        if at is not None:
            axes.axvline(at / 1000, color="gray", linestyle="--", linewidth=1)
            axes.annotate(label, (at / 1000, axes.get_ylim()[1]), rotation=90, va="top", ha="right", fontsize=8, color="gray")


def main():
    results = json.load(open(sys.argv[1]))
    panels = []
    if results.get("cold"):
        run = results["cold"][0]
        panels.append((run, "Cold fill: 200 images, 30 ms latency",
                       [("first frame", run.get("firstFrameMs")), ("all thumbnails ready", run.get("allReadyMs"))]))
    if results.get("scroll"):
        run = results["scroll"][0]
        panels.append((run, "10,000 image lines: load, then a fast wheel scroll to the end",
                       [("scroll starts", run.get("scrollStartMs")), ("scroll ends", run.get("scrollEndMs"))]))
    if not panels:
        print("plot.py: nothing to plot", file=sys.stderr)
        return
    figure, axes = plt.subplots(len(panels), 1, figsize=(10, 4 * len(panels)), squeeze=False)
    for row, (run, title, marks) in zip(axes, panels):
        draw(row[0], run, title, marks)
    figure.tight_layout()
    figure.savefig(sys.argv[2], dpi=100)
    print(f"Plot: {sys.argv[2]}", file=sys.stderr)


if __name__ == "__main__":
    main()
