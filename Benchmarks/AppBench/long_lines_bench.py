#!/usr/bin/python3
"""Lists at the size limit (issue 42): the release link-gallery shows a 32 MiB links file of
16.7 million one-letter lines (the reference: the list the app already kept bounded), and two
whose 100,000 lines are as long as the entry limit allows — links followed by bytes that are not
UTF-8, and links of Chinese characters (addresses three times their lines). Each on its own
1920×1080 display with a fresh cache, then again from the saved copy (a second launch on the
same cache). Prints a Markdown table of the process's peak resident memory (VmHWM) and writes
the raw numbers as JSON. Measures and reports; asserts nothing.

    dbus-run-session -- /usr/bin/python3 Benchmarks/AppBench/long_lines_bench.py \\
        --app .build/release/link-gallery --work DIR [--runs 2] [--output results.json]

Each launch waits for the grid to be built with the list (trace `grid-show-end`) and its
visible tiles settled, then two seconds more. Needs Xvfb and openbox.
"""

import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "EndToEnd"))

from harness import FixtureServer  # noqa: E402
from session import app_on_own_display, bench_arguments, make_home, publish  # noqa: E402

KINDS = {"tiny": "16.7 M lines of “a”", "invalid": "100,000 links + bytes not UTF-8",
         "wide": "100,000 links of Chinese characters"}


def progress(message):
    print(f"   long lines: {message}", file=sys.stderr, flush=True)


def launch(binary, links, home):
    with app_on_own_display(binary, links, home) as (_, app):
        app.wait_for("grid-show-end", 180)
        app.wait_for("visible-thumbnails-ready", 120)
        time.sleep(2)
        status = app.status()
        return {"peak_mb": status.get("VmHWM", 0) / 1024, "rss_mb": status.get("VmRSS", 0) / 1024}


def main():
    arguments = bench_arguments(2)
    server = FixtureServer()
    scratch = Path(tempfile.mkdtemp(prefix="long-lines-", dir=arguments.work))
    results = {kind: [] for kind in KINDS}
    try:
        for number in range(1, arguments.runs + 1):
            for kind in KINDS:
                links = server.url(f"/fault/tiny-lines?mib=32&kind={kind}&run={number}")
                home = make_home(scratch)
                fresh = launch(arguments.app, links, home)
                cached = launch(arguments.app, links, home)
                results[kind].append({"fresh": fresh, "cached": cached})
                progress(f"{kind}, run {number}: {fresh['peak_mb']:.0f} MB, from the saved copy {cached['peak_mb']:.0f} MB")
    finally:
        server.stop()
    publish(results, arguments.output, report)


def report(results):
    def median(kind, launch_kind):
        return statistics.median(run[launch_kind]["peak_mb"] for run in results[kind])

    lines = [f"| 32 MiB list, peak resident memory (VmHWM, MB, median of {len(results['tiny'])} runs) "
             "| first launch | ÷ tiny lines | from the saved copy | ÷ tiny lines |",
             "|---|---:|---:|---:|---:|"]
    for kind, label in KINDS.items():
        fresh, cached = median(kind, "fresh"), median(kind, "cached")
        lines.append(f"| {label} | {fresh:.0f} | {fresh / median('tiny', 'fresh'):.2f}× "
                     f"| {cached:.0f} | {cached / median('tiny', 'cached'):.2f}× |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
