#!/usr/bin/python3
"""Filtering 10,000 lines as you type (issue 34): the release link-gallery and GTK's own filtered
grid (bare-grid --filter: a GtkGridView over GtkFilterListModel + GtkStringFilter, nothing
loading) get the same list and the same keys, typed one at a time into their filter: "birds"
letter by letter (each narrows the tiles shown), then five BackSpaces back to all 10,000.
Prints a Markdown table and writes the raw numbers as JSON. Measures and reports; asserts nothing.

    dbus-run-session -- /usr/bin/python3 Benchmarks/AppBench/filter_bench.py \\
        --app .build/release/link-gallery --bare-grid .build/release/bare-grid --work DIR [--runs 3]

A keystroke's cost is its main-loop time: from the moment the filter gets the text (after the
search entry's own typing pause, the same in both) to the frame painted with the tiles it
shows (the app's `grid-filter` → `grid-filter-painted`, bare-grid's `filter-begin` →
`filter-painted`), plus the longest main-loop stall while typing. The app's list is image
links of a local server (thumbnails load as tiles come on screen); the reference's cells are
the same lines, each drawn with a ready texture.
Needs GSETTINGS_SCHEMA_DIR (tools/lib/uninstalled.sh), Xvfb, openbox, xdotool.
"""

import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "EndToEnd"))

from harness import Display, FixtureServer  # noqa: E402
from session import bench_arguments, AppRun, make_home, monotonic_ms, publish, stop_process  # noqa: E402

LINES = 10_000
WORDS = ("cats", "dogs", "birds", "fish")
TYPED = "birds"
KEYS = list(TYPED) + ["BackSpace"] * len(TYPED)


def progress(message):
    print(f"   filter: {message}", file=sys.stderr, flush=True)


def list_lines(server):
    return [server.url(f"/img?w=64&h=48&fmt=png&seed={index}&album={WORDS[index % len(WORDS)]}") for index in range(LINES)]


def app_run(binary, display, server, scratch):
    links = server.write("filter.txt", "\n".join(list_lines(server)) + "\n")
    run = AppRun(binary, display.env, links, make_home(scratch))
    try:
        run.wait_for("visible-thumbnails-ready", 120)
        time.sleep(1.0)
        display.xdotool("key", "ctrl+f")
        time.sleep(0.5)
        costs, stalls = [], []
        for key in KEYS:
            before = len([e for e in run.events() if e[1] == "grid-filter-painted"])
            pressed = run.since_launch()
            display.xdotool("key", key)
            painted = wait(lambda: [e for e in run.events() if e[1] == "grid-filter-painted"][before:])
            began = max(at for at, name, _ in run.events() if name == "grid-filter" and at <= painted[0][0])
            costs.append({"key": key, "ms": painted[0][0] - began, "shown": int(painted[0][2])})
            stalls.append(max(run.stalls(pressed, painted[0][0]), default=0.0))
            time.sleep(0.3)
        return {"keystrokes": costs, "stallsMs": stalls, "peakRssKb": run.status().get("VmHWM", 0)}
    finally:
        run.stop()


def reference_run(binary, display, server, scratch):
    lines_file = Path(tempfile.mkstemp(dir=scratch, suffix=".txt")[1])
    lines_file.write_text("\n".join(list_lines(server)) + "\n")
    process = subprocess.Popen([binary, "--filter", str(lines_file)], env=display.env, stdout=subprocess.PIPE, text=True)
    output = []
    threading.Thread(target=lambda: [output.append(line.split()) for line in process.stdout], daemon=True).start()
    try:
        wait(lambda: any(line and line[0] == "first-frame" for line in output), timeout=60)
        time.sleep(1.0)
        costs, stalls = [], []
        for key in KEYS:
            before = sum(1 for line in output if line and line[0] == "filter-painted")
            pressed = monotonic_ms()
            display.xdotool("key", key)
            painted = wait(lambda: [line for line in output if line and line[0] == "filter-painted"][before:])
            began = [float(line[1]) for line in output if line and line[0] == "filter-begin"][before]
            costs.append({"key": key, "ms": float(painted[0][1]) - began, "shown": int(painted[0][2])})
            stalls.append(max((float(line[2]) for line in output if line and line[0] == "stall-ms"
                               and pressed <= float(line[1]) <= float(painted[0][1])), default=0.0))
            time.sleep(0.3)
        return {"keystrokes": costs, "stallsMs": stalls}
    finally:
        stop_process(process)


def wait(predicate, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.005)
    raise RuntimeError("timed out")


def main():
    arguments = bench_arguments(3, "bare-grid")
    scratch = Path(tempfile.mkdtemp(prefix="filter-bench-", dir=arguments.work))
    server = FixtureServer()
    results = {"app": [], "reference": []}
    try:
        for number in range(1, arguments.runs + 1):
            for name, measure, binary in (("app", app_run, arguments.app), ("reference", reference_run, arguments.bare_grid)):
                display = Display(1920, 1080)
                try:
                    run = measure(binary, display, server, scratch)
                finally:
                    display.stop()
                results[name].append(run)
                progress(f"{name} run {number}: " + ", ".join(f"{c['key']}→{c['shown']} {c['ms']:.1f} ms" for c in run["keystrokes"]))
    finally:
        server.stop()
    publish(results, arguments.output, report)


def report(results):
    def per_key(name, index):
        return statistics.median(run["keystrokes"][index]["ms"] for run in results[name])

    def overall(name, pick):
        return statistics.median(pick([c["ms"] for c in run["keystrokes"]]) for run in results[name])

    lines = ["| keystroke (tiles shown after it) | app (ms) | GtkFilterListModel grid (ms) | app / reference |",
             "|---|---:|---:|---:|"]
    for index, key in enumerate(KEYS):
        shown = results["app"][0]["keystrokes"][index]["shown"]
        app, reference = per_key("app", index), per_key("reference", index)
        lines.append(f"| {key} ({shown:,}) | {app:.1f} | {reference:.1f} | {app / reference:.2f}× |")
    for label, pick in (("median keystroke", statistics.median), ("slowest keystroke", max)):
        app, reference = overall("app", pick), overall("reference", pick)
        lines.append(f"| {label} | {app:.1f} | {reference:.1f} | {app / reference:.2f}× |")
    app_stall = statistics.median(max(run["stallsMs"]) for run in results["app"])
    reference_stall = statistics.median(max(run["stallsMs"]) for run in results["reference"])
    lines.append(f"| longest main-loop stall while typing | {app_stall:.1f} | {reference_stall:.1f} | "
                 f"{app_stall / reference_stall:.2f}× |" if reference_stall else
                 f"| longest main-loop stall while typing | {app_stall:.1f} | {reference_stall:.1f} | — |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
