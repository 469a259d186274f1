#!/usr/bin/python3
"""Drives the release link-gallery for the app-level rows of tools/bench and writes one JSON
object of raw per-run results to --output (link-gallery-bench takes medians and makes the rows).

    dbus-run-session -- /usr/bin/python3 Benchmarks/AppBench/app_bench.py \\
        --app .build/release/link-gallery --bare-window .build/release/bare-window \\
        [--bare-grid .build/release/bare-grid] --work DIR --output results.json [--runs 5] [--scroll-runs 3] \\
        [--only cold,warm,scroll,placeholders] [--env NAME=VALUE]

Needs GSETTINGS_SCHEMA_DIR (tools/lib/uninstalled.sh), Xvfb, openbox, xdotool, curl and
vipsthumbnail. Everything runs on a private 1920×1080 Xvfb with openbox, against the fixture
server (Tests/Fixtures) on 127.0.0.1. Progress goes to stderr.
"""

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "EndToEnd"))

import inputs  # noqa: E402
import scenarios  # noqa: E402
from harness import Display, FixtureServer  # noqa: E402
from session import WINDOW_HEIGHT, WINDOW_WIDTH  # noqa: E402


def progress(message):
    print(f"   app-level: {message}", file=sys.stderr, flush=True)


class Context:
    def __init__(self, arguments, display, server, scratch):
        self.app = arguments.app
        self.bare_window = arguments.bare_window
        self.bare_grid = arguments.bare_grid or str(Path(arguments.bare_window).parent / "bare-grid")
        self.display = display
        self.server = server
        self.scratch = scratch


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True)
    parser.add_argument("--bare-window", required=True)
    parser.add_argument("--bare-grid", help="the scrolling reference (default: next to --bare-window)")
    parser.add_argument("--work", required=True, help="scratch folder")
    parser.add_argument("--inputs", help="where generated images are kept between runs (default: in --work)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--scroll-runs", type=int, default=3)
    parser.add_argument("--only", default="cold,warm,scroll,placeholders")
    parser.add_argument("--output", required=True, help="the JSON results (stdout is shared with D-Bus services)")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="extra environment for the app and the bare window (experiments, e.g. GSK_RENDERER=cairo)")
    arguments = parser.parse_args()
    wanted = set(arguments.only.split(","))

    work = Path(arguments.work)
    work.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="app-bench-", dir=work))
    server = FixtureServer()
    inputs_root = Path(arguments.inputs) if arguments.inputs else scratch / "inputs"
    inputs_root.mkdir(parents=True, exist_ok=True)
    display = Display(WINDOW_WIDTH, WINDOW_HEIGHT)
    display.env.update(dict(setting.split("=", 1) for setting in arguments.env))
    context = Context(arguments, display, server, scratch)
    results = {"window": f"{WINDOW_WIDTH}x{WINDOW_HEIGHT}", "latencyMs": scenarios.LATENCY_MS,
               "scrollNotches": scenarios.SCROLL_NOTCHES, "scrollDelayMs": scenarios.SCROLL_DELAY_MS}
    try:
        progress("making the 200 cold-fill images (once per inputs folder)")
        paths = ["files/" + path for path in inputs.make_images(inputs_root)]
        # A copy, not a symlink: the server refuses paths that resolve outside its root.
        shutil.copytree(inputs_root, server.root / "files")
        cold_links = inputs.write_links(server.root, "cold.txt",
                                        inputs.cold_fill_urls(server.base, paths, scenarios.LATENCY_MS))
        cold_links = f"/fault/slow/{scenarios.LATENCY_MS}{cold_links}"
        many_links = inputs.write_links(server.root, "many.txt",
                                        [url.replace("/tbn/", "/files/tbn/") for url in inputs.many_image_urls(server.base, 10_000)])
        text_links = inputs.write_links(server.root, "placeholders.txt", inputs.placeholder_lines(10_000))

        template = None
        if wanted & {"cold", "warm"}:
            results["cold"] = []
            # One unmeasured round first: page cache, the accessibility bus, the server's threads.
            for number in range(arguments.runs + 1):
                app, home = scenarios.cold_fill(context, cold_links)
                reference = scenarios.cold_fill_reference(context, cold_links)
                if template is not None:
                    shutil.rmtree(home, ignore_errors=True)
                else:
                    template = home
                if number == 0:
                    continue
                results["cold"].append({**app, **reference})
                progress(f"cold fill {number}/{arguments.runs}: app {app['allReadyMs']:.0f} ms "
                         f"(first frame {app['firstFrameMs']:.0f}), reference {reference['referenceMs']:.0f} ms, "
                         f"peak {app['peakRssKb'] // 1024} MiB, max stall {app['maxStallMs']:.1f} ms")
        if "warm" in wanted:
            results["warm"] = []
            for number in range(arguments.runs + 1):
                # The unmeasured first launch leaves its shaders to the template, as any start would.
                app = scenarios.warm_start(context, cold_links, template, keep_shaders=number == 0)
                reference = scenarios.warm_start_reference(context)
                if number == 0:
                    continue
                results["warm"].append({**app, **reference})
                progress(f"warm start {number}/{arguments.runs}: app {app['visibleShownMs']:.0f} ms "
                         f"({app['tiles']} tiles), bare window {reference['bareFirstFrameMs']:.0f} ms")
        if "scroll" in wanted:
            results["scroll"] = []
            for number in range(1, arguments.scroll_runs + 1):
                run = scenarios.scrolled(context, many_links, "?q=tbn:")
                results["scroll"].append(run)
                progress(f"10,000 images {number}/{arguments.scroll_runs}: RSS {run['rssBeforeKb'] // 1024} → "
                         f"{run['rssAfterKb'] // 1024} MiB (peak {run['hwmKb'] // 1024}), max stall while scrolling "
                         f"{run['maxStallMs']:.1f} ms, deepest line loaded {run['deepestLineLoaded']}")
            # The floor: GTK's own GtkGridView of pictures already in memory, scrolled alike.
            results["scrollReference"] = []
            for number in range(1, arguments.scroll_runs + 1):
                run = scenarios.scrolled_reference(context)
                results["scrollReference"].append(run)
                progress(f"GtkGridView reference {number}/{arguments.scroll_runs}: max stall while scrolling "
                         f"{run['maxStallMs']:.1f} ms; frames every {run['medianFrameMs']:.1f} ms "
                         f"(95 % within {run['p95FrameMs']:.1f} ms)")
            # Again as a second launch: llvmpipe compiles each GL shader with LLVM on first use
            # (hundreds of ms and tens of MB); Mesa keeps them on disk, so later launches do not.
            shaders = template / "cache" / "mesa_shader_cache" if template is not None else None
            if shaders is not None and shaders.is_dir():
                results["scrollSecondLaunch"] = []
                for number in range(1, arguments.scroll_runs + 1):
                    run = scenarios.scrolled(context, many_links, "?q=tbn:", shader_cache=shaders)
                    results["scrollSecondLaunch"].append(run)
                    progress(f"10,000 images, second launch {number}/{arguments.scroll_runs}: RSS {run['rssBeforeKb'] // 1024} → "
                             f"{run['rssAfterKb'] // 1024} MiB, max stall while scrolling {run['maxStallMs']:.1f} ms")
        if "placeholders" in wanted:
            results["placeholders"] = []
            for number in range(1, arguments.scroll_runs + 1):
                run = scenarios.placeholders_only(context, text_links)
                results["placeholders"].append(run)
                progress(f"10,000 placeholders {number}/{arguments.scroll_runs}: RSS {run['rssKb'] // 1024} MiB")
            results["bareWindow"] = [scenarios.warm_start_reference(context) for _ in range(3)]
    finally:
        display.stop()
        server.stop()
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(server.root, ignore_errors=True)
    Path(arguments.output).write_text(json.dumps(results))


if __name__ == "__main__":
    main()
