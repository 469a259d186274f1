#!/usr/bin/python3
"""The viewer's filmstrip on a list of 10,000 pictures (issue 44): opening the viewer and
turning its pages with the strip shown, against the same without it, the release link-gallery
on its own 1920×1080 display each time, the runs alternating. Prints a Markdown table and
writes the raw numbers as JSON. Measures and reports; asserts nothing.

    dbus-run-session -- /usr/bin/python3 Benchmarks/AppBench/filmstrip_bench.py \\
        --app .build/release/link-gallery --work DIR [--runs 3] [--output results.json]

Each run: the list (10,000 small generated JPEGs served from 127.0.0.1) opens, the grid's
visible thumbnails arrive, then a click on the first tile opens the viewer: "open" is the click
to the first page shown (trace `viewer-page-shown`), memory is the process's resident size two
seconds later, when the strip's thumbnails are in. Then TURNS presses of Right, SETTLE_S apart:
each from the press to the next page shown. Needs Xvfb, openbox, xdotool.
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
from viewer_bench import open_first_photo  # noqa: E402

LINES = 10_000
TURNS = 10
SETTLE_S = 1.0


def progress(message):
    print(f"   filmstrip: {message}", file=sys.stderr, flush=True)


def page_shown(app, page, since_ms, timeout=30):
    """When `page` was first shown after `since_ms` (a page may be traced again when redrawn)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for at, name, value in app.events():
            if name == "viewer-page-shown" and at >= since_ms and value.startswith(f"{page} "):
                return at
        time.sleep(0.01)
    seen = [(round(at), name, value) for at, name, value in app.events() if name.startswith("viewer")]
    raise RuntimeError(f"page {page} not shown within {timeout} s; the viewer's trace: {seen[-12:]}")


def run(binary, server, links, scratch, strip):
    home = make_home(scratch)
    with (home / "config" / "glib-2.0" / "settings" / "keyfile").open("a") as keyfile:
        keyfile.write(f"filmstrip={'true' if strip else 'false'}\n")
    with app_on_own_display(binary, links, home) as (display, app):
        app.wait_for("visible-thumbnails-ready", 120)
        time.sleep(SETTLE_S)
        clicked, shown, opened = open_first_photo(display, app)
        first_page = int(opened.split()[0])
        time.sleep(2)
        rss_kb = app.status().get("VmRSS", 0)
        turns = []
        for page in range(first_page + 1, first_page + TURNS + 1):
            time.sleep(SETTLE_S)
            pressed = app.since_launch()
            display.xdotool("key", "Right")
            turns.append(page_shown(app, page, pressed) - pressed)
        peak_kb = max((kb for _, kb in app.memory), default=0)
        return {"open_ms": shown - clicked, "rss_mb": rss_kb / 1024, "peak_mb": peak_kb / 1024, "turns_ms": turns}


def main():
    arguments = bench_arguments(3)
    server = FixtureServer()
    links = server.write("filmstrip.txt", "".join(server.url(f"/img?w=320&h=240&fmt=jpg&seed={n}") + "\n"
                                                  for n in range(LINES)))
    scratch = Path(tempfile.mkdtemp(prefix="filmstrip-", dir=arguments.work))
    results = {"without": [], "with": []}
    try:
        for number in range(1, arguments.runs + 1):
            for name in results:  # alternating: both see the same machine load
                results[name].append(run(arguments.app, server, links, scratch, strip=name == "with"))
                last = results[name][-1]
                progress(f"{name} strip, run {number}: open {last['open_ms']:.0f} ms, {last['rss_mb']:.0f} MB, "
                         f"turn median {statistics.median(last['turns_ms']):.0f} ms")
    finally:
        server.stop()
    publish(results, arguments.output, report)


def report(results):
    def median(name, key):
        return statistics.median(run[key] for run in results[name])

    def turns(name):
        return statistics.median(ms for run in results[name] for ms in run["turns_ms"])

    rows = [("viewer open, click to first page shown (ms)", median("without", "open_ms"), median("with", "open_ms")),
            ("resident memory 2 s after opening (MB)", median("without", "rss_mb"), median("with", "rss_mb")),
            ("peak resident memory of the run (MB)", median("without", "peak_mb"), median("with", "peak_mb")),
            (f"page turn, Right to next page shown (ms, median of {TURNS} × runs)", turns("without"), turns("with"))]
    lines = [f"| {LINES:,} lines, median of {len(results['with'])} runs | without the strip | with the strip | with ÷ without |",
             "|---|---:|---:|---:|"]
    for label, without, with_strip in rows:
        lines.append(f"| {label} | {without:.1f} | {with_strip:.1f} | {with_strip / without:.2f}× |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
