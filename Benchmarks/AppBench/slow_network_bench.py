#!/usr/bin/python3
"""A slow connection (issue 26): the release link-gallery opens a 4.4 MB camera photo whose
original was evicted from the cache (its thumbnail kept), served from 127.0.0.1 at 300 KB/s.
Prints a Markdown table and writes the raw numbers as JSON. Measures and reports; asserts nothing.

    dbus-run-session -- /usr/bin/python3 Benchmarks/AppBench/slow_network_bench.py \\
        --app .build/release/link-gallery --work DIR [--runs 2] [--output results.json]

Rows (milliseconds from the click on the tile, read from the app's LINK_GALLERY_TRACE):
  first content      the frame painted with the thumbnail standing in (`viewer-stand-in-shown`)
  first rows         the first rows of the original drawn over it (`viewer-partial-drawn`)
  partial redraws    how many, and the main-loop time each took to take in (median, largest)
  longest stall      the longest the main loop was late (`stall-ms`) while the viewer opened,
                     and from its first content until the full picture, while rows arrived
  full picture       the frame painted with the original (`viewer-page-shown`), against the
                     reference: the same file downloaded by this script at the same moment, at
                     the same rate, to its last byte (the download's own end)
Needs GSETTINGS_SCHEMA_DIR (tools/lib/uninstalled.sh), Xvfb, openbox, xdotool, PIL.
"""

import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "EndToEnd"))

from camera_photos import write_photo  # noqa: E402
from harness import Display, FixtureServer  # noqa: E402
from session import bench_arguments, AppRun, make_home  # noqa: E402
from viewer_bench import gallery_window_origin, shown_after  # noqa: E402

RATE = 300_000


def progress(message):
    print(f"   slow network: {message}", file=sys.stderr, flush=True)


def pace(server, rate):
    urllib.request.urlopen(server.url(f"/__pace?rate={rate}"), timeout=5).read()


def reference_download(url, into):
    start = time.monotonic()
    with urllib.request.urlopen(url, timeout=120) as response:
        while response.read(65536):
            pass
    into.append((time.monotonic() - start) * 1000)


def one_run(binary, server, links, scratch):
    home = make_home(scratch)
    display = Display(1920, 1080)
    try:
        pace(server, 0)
        run = AppRun(binary, display.env, links, home)
        try:
            run.wait_for("all-thumbnails-ready", 120)
        finally:
            run.stop()
        shutil.rmtree(home / "cache" / "io.github.linkgallery.LinkGallery" / "originals")
        pace(server, RATE)
        run = AppRun(binary, display.env, links, home)
        try:
            run.wait_for("all-thumbnails-ready", 60)
            time.sleep(1)
            x, y = gallery_window_origin(display)
            display.xdotool("mousemove", x + 300, y + 400)
            time.sleep(0.2)
            display.xdotool("mousemove", x + 65, y + 110)
            time.sleep(0.3)
            reference = []
            clicked = run.since_launch()
            threading.Thread(target=reference_download, args=(server.url("/slow-photo.jpg"), reference), daemon=True).start()
            display.xdotool("click", 1)
            first, _ = shown_after(run, "viewer-stand-in-shown", clicked, timeout=10)
            shown, _ = shown_after(run, "viewer-page-shown", clicked, timeout=120)
            deadline = time.monotonic() + 30
            while not reference and time.monotonic() < deadline:
                time.sleep(0.05)
            partials = [(at, value.split()) for at, name, value in run.events()
                        if name == "viewer-partial-drawn" and clicked <= at <= shown]
            return {
                "firstContentMs": first - clicked,
                "firstRowsMs": partials[0][0] - clicked if partials else None,
                "partialRedraws": len(partials),
                "partialApplyMs": [int(values[2]) / 1000 for _, values in partials if len(values) > 2],
                "openingStallMs": max(run.stalls(clicked, first), default=0.0),
                "longestStallMs": max(run.stalls(first, shown), default=0.0),
                "stallsMs": run.stalls(first, shown),
                "fullPictureMs": shown - clicked,
                "downloadMs": reference[0] if reference else None,
            }
        finally:
            run.stop()
    finally:
        pace(server, 0)
        display.stop()


def main():
    arguments = bench_arguments(2)
    work = Path(arguments.work)
    server = FixtureServer()
    try:
        photo = write_photo(server.root / "slow-photo.jpg", 4000, 3000, (200, 40, 40), (40, 60, 200))
        size = photo.stat().st_size
        links = server.write("slow.txt", server.url("/slow-photo.jpg") + "\n")
        scratch = Path(tempfile.mkdtemp(prefix="slow-bench-", dir=work))
        runs = []
        for number in range(1, arguments.runs + 1):
            runs.append(one_run(arguments.app, server, links, scratch))
            progress(f"run {number}: {json.dumps(runs[-1])}")
    finally:
        server.stop()
    if arguments.output:
        Path(arguments.output).write_text(json.dumps({"photoBytes": size, "rate": RATE, "runs": runs}, indent=1))

    def med(key):
        values = [run[key] for run in runs if run[key] is not None]
        return statistics.median(values) if values else float("nan")

    applies = [value for run in runs for value in run["partialApplyMs"]]
    print(f"{size / 1e6:.1f} MB photo at {RATE // 1000} KB/s, original evicted, thumbnail kept; "
          f"median of {len(runs)} runs, ms from the click on its tile.\n")
    print("| row | value |")
    print("|---|---|")
    print(f"| first content (thumbnail standing in, painted) | {med('firstContentMs'):.0f} ms |")
    print(f"| first rows of the original drawn | {med('firstRowsMs'):.0f} ms |")
    print(f"| partial redraws | {med('partialRedraws'):.0f} |")
    if applies:
        print(f"| main-loop time to take in one (median / largest) | {statistics.median(applies):.2f} / "
              f"{max(applies):.2f} ms |")
    print(f"| longest main-loop stall while the viewer opened (window, first frame) | {med('openingStallMs'):.1f} ms |")
    stalls = [value for run in runs for value in run["stallsMs"]]
    print(f"| main-loop stalls (8 ms or more) from then on, while the photo arrived: count / median / "
          f"longest | {len(stalls) / len(runs):.0f} / {statistics.median(stalls) if stalls else 0:.1f} / "
          f"{med('longestStallMs'):.1f} ms |")
    full, download = med("fullPictureMs"), med("downloadMs")
    print(f"| full picture painted | {full:.0f} ms |")
    print(f"| the download's own end (the same file, same rate, fetched by the script) | {download:.0f} ms |")
    print(f"| full picture / download's end | {full / download:.3f}× (+{full - download:.0f} ms) |")


if __name__ == "__main__":
    main()
