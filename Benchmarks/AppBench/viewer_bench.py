#!/usr/bin/python3
"""The viewer with camera photos (issue 15): the release link-gallery pages with Right through
14 generated JPEGs (12 of 24 MP, 2 of 50 MP) served from 127.0.0.1, zooms two of them to 100 %,
and jumps to pages that were not prefetched. Prints a Markdown table, one column per app, and
writes the raw numbers as JSON. Measures and reports; asserts nothing.

    dbus-run-session -- /usr/bin/python3 Benchmarks/AppBench/viewer_bench.py \\
        --app NEW=.build/release/link-gallery [--app BASE=/tmp/base/link-gallery] \\
        --work DIR [--runs 2] [--output results.json]

Rows (milliseconds from the key press, read from the app's LINK_GALLERY_TRACE):
  prefetched page turn   Right onto a neighbour that had time to prefetch, to the frame
                         painted with its picture (median over the 13 turns); the picture then
                         slides in for 0.25 s, to the frame painted with it at rest
                         (`viewer-slide-finished`), and the longest main-loop stall during that
                         slide says whether it moved smoothly
  cold page 24/50 MP     Home/End onto a page that was not kept, from the disk cache, to the
                         frame with its picture; the floor is an in-process scale-on-decode of
                         the same file to the size the app showed (GdkPixbuf at size, here)
  zoom to 100 % (50 MP)  the key "1" to the frame with full detail
  peak RSS               VmHWM after all of it (grid, thumbnails, viewer)
Every run starts with Mesa's GL shaders compiled (its disk cache, copied from one unmeasured
launch that paged, zoomed and slid): on a desktop used daily they are, and with software GL
(llvmpipe) compiling one takes longer than a zoom — measured cold, the first zoom of a launch
timed the compiler, not the viewer.
Needs GSETTINGS_SCHEMA_DIR (tools/lib/uninstalled.sh), Xvfb, openbox, xdotool, PIL, python3-gi.
"""

import argparse
import json
import math
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import gi

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "EndToEnd"))

from camera_photos import COLOURS, MEGAPIXELS, write_photo  # noqa: E402
from harness import Display, FixtureServer  # noqa: E402
from session import AppRun, make_home  # noqa: E402

FIFTY = (6, 13)  # the 50-megapixel pages
SETTLE_S = 3.0   # time for the neighbours' prefetch between page turns


def progress(message):
    print(f"   viewer: {message}", file=sys.stderr, flush=True)


def make_photos(folder: Path):
    names = []
    for index in range(14):
        size = MEGAPIXELS[50 if index in FIFTY else 24]
        name = f"photo-{index:02}-{50 if index in FIFTY else 24}mp.jpg"
        write_photo(folder / name, *size, COLOURS[index])
        names.append(name)
    return names


def shown_after(run, event, since_ms, timeout=60):
    """The first `event` (at, value) after `since_ms`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for at, name, value in run.events():
            if name == event and at >= since_ms:
                return at, value
        time.sleep(0.01)
    raise RuntimeError(f"no {event} within {timeout} s")


def gallery_window_origin(display):
    window = display.xdotool("search", "--onlyvisible", "--name", "^Link Gallery$").split()[0]
    text = display.xdotool("getwindowgeometry", window)
    position = re.search(r"Position: (-?\d+),(-?\d+)", text)
    return int(position.group(1)), int(position.group(2))


def open_first_photo(display, run):
    """Clicks the first tile (just below the header bar, at the grid's top-left) until the
    viewer shows it: a click right after the grid filled is sometimes not taken. Returns when
    the click was, when the page was shown (ms since launch) and the trace's value for it."""
    x, y = gallery_window_origin(display)
    for attempt in range(3):
        # A real motion onto the tile first: GTK ignores a click where the pointer already was.
        display.xdotool("mousemove", x + 300, y + 400)
        time.sleep(0.2)
        display.xdotool("mousemove", x + 65, y + 110)
        time.sleep(0.3)
        clicked = run.since_launch()
        display.xdotool("click", 1)
        try:
            return (clicked, *shown_after(run, "viewer-page-shown", clicked, timeout=10))
        except RuntimeError:
            print(f"   viewer: click {attempt + 1} opened nothing", file=sys.stderr)
    raise RuntimeError(f"no viewer; screenshot {display.screenshot('viewer-bench-open')}")


def press(display, key, run):
    at = run.since_launch()
    display.xdotool("key", key)
    return at


def floor_ms(path, size, repeats=3):
    """Scale-on-decode of the file to `size` in this process, best of `repeats` (page cache warm)."""
    width, height = size
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        GdkPixbuf.Pixbuf.new_from_file_at_scale(str(path), width, height, False)
        best = min(best, (time.perf_counter() - start) * 1000)
    return best


def warm_shaders(binary, server, names, scratch):
    """Mesa's shader cache after one unmeasured launch that opened the viewer, turned a page
    (the slide), zoomed to 100 % (the detail's tiles, clipped) and back; nil when Mesa keeps none."""
    links = server.write("warm.txt", "\n".join(server.url("/" + name) for name in names[:3]) + "\n")
    home = make_home(scratch)
    display = Display(1920, 1080)
    run = AppRun(binary, display.env, links, home)
    try:
        run.wait_for("all-thumbnails-ready", 300)
        open_first_photo(display, run)
        time.sleep(SETTLE_S)
        at = press(display, "Right", run)
        shown_after(run, "viewer-page-shown", at)
        time.sleep(SETTLE_S)
        at = press(display, "1", run)
        shown_after(run, "viewer-detail-shown", at)
        time.sleep(1)
        display.xdotool("key", "0")
        time.sleep(1)
    finally:
        run.stop()
        display.stop()
    cache = home / "cache" / "mesa_shader_cache"
    return cache if cache.is_dir() else None


def one_run(binary, display, server, photos_dir, names, scratch, shader_cache=None):
    links = server.write("camera.txt", "\n".join(server.url("/" + name) for name in names) + "\n")
    home = make_home(scratch, shader_cache=shader_cache)
    run = AppRun(binary, display.env, links, home)
    result = {"turnsMs": [], "turnStallsMs": [], "zoomMs": [], "cold": {}}
    try:
        run.wait_for("all-thumbnails-ready", 300)
        time.sleep(SETTLE_S)
        result["gridPeakRssKb"] = run.status().get("VmHWM", 0)
        open_first_photo(display, run)
        time.sleep(SETTLE_S)
        for index in range(1, len(names)):
            at = press(display, "Right", run)
            shown, value = shown_after(run, "viewer-page-shown", at)
            result["turnsMs"].append(shown - at)
            try:  # the frame painted with the page at rest; older builds do not report it
                slid, _ = shown_after(run, "viewer-slide-finished", at, timeout=3)
                result.setdefault("slideMs", []).append(slid - at)
            except RuntimeError:
                pass
            time.sleep(0.6)
            # The longest the main loop was busy while the picture slid in (0.25 s): a frame late.
            result["turnStallsMs"].append(max(run.stalls(at, at + 600), default=0.0))
            if index in (3, FIFTY[0]):
                time.sleep(SETTLE_S)
                if index == 3:
                    result["pagingPeakRssKb"] = run.status().get("VmHWM", 0)
                zoom_at = press(display, "1", run)
                detail, _ = shown_after(run, "viewer-detail-shown", zoom_at)
                result["zoomMs"].append({"page": index, "ms": detail - zoom_at})
                display.xdotool("key", "0")
            time.sleep(SETTLE_S)
        # Cold pages: far from the kept ones, so decoded from the disk cache on demand.
        for key, index in (("Home", 0), ("End", len(names) - 1)):
            at = press(display, key, run)
            shown, value = shown_after(run, "viewer-page-shown", at)
            size = tuple(int(v) for v in value.split()[1].split("x")) if len(value.split()) > 1 else None
            result["cold"][str(index)] = {"ms": shown - at, "size": size}
            time.sleep(SETTLE_S)
        result["peakRssKb"] = run.status().get("VmHWM", 0)
    finally:
        run.stop()
    return result


def median(values):
    return statistics.median(values) if values else float("nan")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", action="append", required=True, metavar="NAME=BINARY")
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--output")
    arguments = parser.parse_args()
    apps = [entry.split("=", 1) for entry in arguments.app]

    work = Path(arguments.work)
    photos_dir = work / "camera-photos"
    progress("making 14 camera photos (once per work folder)")
    names = make_photos(photos_dir)
    server = FixtureServer()
    for name in names:
        os.link(photos_dir / name, server.root / name)  # the server refuses paths outside its root
    scratch = Path(tempfile.mkdtemp(prefix="viewer-bench-", dir=work))
    results = {}
    try:
        progress("warming Mesa's shader cache (one unmeasured launch)")
        shaders = warm_shaders(apps[0][1], server, names, scratch)
        for number in range(1, arguments.runs + 1):
            for name, binary in apps:  # alternating, so both see the same machine load
                # A display of its own per launch: a second app on one display sometimes took
                # no click on its grid.
                display = Display(1920, 1080)
                try:
                    run = one_run(binary, display, server, photos_dir, names, scratch, shaders)
                finally:
                    display.stop()
                results.setdefault(name, []).append(run)
                progress(f"{name} run {number}: turns median {median(run['turnsMs']):.0f} ms, "
                         f"zoom {[round(z['ms']) for z in run['zoomMs']]} ms, "
                         f"cold {[round(c['ms']) for c in run['cold'].values()]} ms, "
                         f"peak {run['peakRssKb'] // 1024} MiB")
    finally:
        server.stop()

    floors = {}
    for name in apps[-1][:1]:
        for index, cold in results[name][0]["cold"].items():
            if cold["size"]:
                floors[index] = floor_ms(photos_dir / names[int(index)], cold["size"])
    if arguments.output:
        Path(arguments.output).write_text(json.dumps({"results": results, "floorsMs": floors}, indent=1))
    print(report(apps, results, floors, names))


def report(apps, results, floors, names):
    def per_app(metric):
        return [median([metric(run) for run in results[name]]) for name, _ in apps]

    rows = [
        ("prefetched page turn, median of 13 (ms)", per_app(lambda run: median(run["turnsMs"]))),
        ("prefetched page turn, slowest (ms)", per_app(lambda run: max(run["turnsMs"]))),
        ("prefetched page turn, key to the slide's last frame, median (ms)",
         per_app(lambda run: median(run.get("slideMs", [])))),
        ("longest main-loop stall in a turn's slide, median (ms)", per_app(lambda run: median(run["turnStallsMs"]))),
        ("zoom to 100 %, 24 MP, until full detail (ms)", per_app(lambda run: run["zoomMs"][0]["ms"])),
        ("zoom to 100 %, 50 MP, until full detail (ms)", per_app(lambda run: run["zoomMs"][1]["ms"])),
        ("cold page 24 MP from disk cache (ms)", per_app(lambda run: run["cold"]["0"]["ms"])),
        ("cold page 50 MP from disk cache (ms)", per_app(lambda run: run["cold"]["13"]["ms"])),
        ("peak RSS before the viewer opens: grid of 14 (MiB)", per_app(lambda run: run["gridPeakRssKb"] / 1024)),
        ("peak RSS after paging to page 4, before any zoom (MiB)", per_app(lambda run: run["pagingPeakRssKb"] / 1024)),
        ("peak RSS, all of it: 14 pages, 2 zooms, 2 cold pages (MiB)", per_app(lambda run: run["peakRssKb"] / 1024)),
    ]
    last_over_first = f"{apps[-1][0]} ÷ {apps[0][0]}" if len(apps) > 1 else ""
    header = "| row | " + " | ".join(name for name, _ in apps) + f" | {last_over_first} |"
    lines = [header, "|---" * (len(apps) + 2) + "|"]
    for label, values in rows:
        ratio = f"{values[-1] / values[0]:.2f}×" if len(values) > 1 and values[0] else ""
        ratio = "" if any(math.isnan(v) for v in values) else ratio
        lines.append(f"| {label} | " + " | ".join("—" if math.isnan(v) else f"{v:.0f}" for v in values) + f" | {ratio} |")
    for index, label in (("0", "24 MP"), ("13", "50 MP")):
        if index in floors:
            cold = median([run["cold"][index]["ms"] for run in results[apps[-1][0]]])
            size = results[apps[-1][0]][0]["cold"][index]["size"]
            lines.append(f"| cold {label} ({apps[-1][0]}) ÷ in-process scale-on-decode to {size[0]}×{size[1]} "
                         f"({floors[index]:.0f} ms) | {cold / floors[index]:.2f}× | | |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
