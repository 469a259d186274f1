"""The four app-level measurements. Each returns plain dicts (one per run) for app_bench.py."""

import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from session import MILESTONES, AppRun, bare_window, make_home, monotonic_ms, reference_milestones, stop_process

LATENCY_MS = 30
# The cold-fill and warm-start links file: every entry is an image on the first screen.
COLD_FILL_TILES = 200
FILL_TIMEOUT_S = 180
# The app's thumbnail side (ImageDecoder.defaultThumbnailSide): the reference makes the same.
THUMBNAIL_SIDE = 126
# One wheel notch scrolls pow(page, 2/3) ≈ 100 px in GTK 4 for a 1000 px page; 10,000 tiles at
# ~19 columns are ~53,000 px, so this many notches surely reach the end (extra ones do nothing).
SCROLL_NOTCHES = 900
# A notch every 16 ms: ~60 notches/s, ~6,000 px/s, a fast flick of the wheel held down.
SCROLL_DELAY_MS = 16


def cold_fill(context, links_path):
    """Empty cache: launch → all thumbnails ready, plus peak memory and the longest stall."""
    home = make_home(context.scratch)
    run = AppRun(context.app, context.display.env, context.server.url(links_path), home)
    try:
        ready_at, tiles = run.wait_for("all-thumbnails-ready", FILL_TIMEOUT_S)
        time.sleep(0.3)
        status = run.status()
        first_frame_at, _ = run.first("first-frame")
        visible_at, _ = run.first("visible-thumbnails-ready") or (None, None)
        stalls = run.stalls(first_frame_at, ready_at)
        result = {
            "allReadyMs": ready_at, "firstFrameMs": first_frame_at, "visibleReadyMs": visible_at,
            "tiles": int(tiles), "peakRssKb": status.get("VmHWM", 0),
            "maxStallMs": run.max_stall_until(ready_at),
            "stalls": [[at, float(value)] for at, name, value in run.events() if name == "stall-ms" and at <= ready_at],
            "memory": run.memory,
        }
        result["stallsOver16"] = sum(1 for stall in stalls if stall >= 16)
    finally:
        run.stop()
    return result, home


def cold_fill_reference(context, links_path):
    """curl the links file, curl --parallel --parallel-max 6 every URL, vipsthumbnail them all
    (one process per core): the practical limit with stock tools, phases not overlapped."""
    folder = Path(tempfile.mkdtemp(prefix="reference-", dir=context.scratch))
    images = folder / "images"
    images.mkdir()
    start = monotonic_ms()
    subprocess.run(["curl", "-sf", "-o", str(folder / "links.txt"), context.server.url(links_path)], check=True)
    links_done = monotonic_ms()
    lines = [line.strip() for line in (folder / "links.txt").read_text().splitlines() if line.strip()]
    config = "".join(f'url = "{url}"\noutput = "{images}/{number:04d}"\n' for number, url in enumerate(lines))
    (folder / "curl.cfg").write_text(config)
    subprocess.run(["curl", "--parallel", "--parallel-max", "6", "--no-progress-meter", "-f", "-K", str(folder / "curl.cfg")],
                   check=True)
    fetched = monotonic_ms()
    files = sorted(str(path) for path in images.iterdir())
    subprocess.run(["xargs", "-P", str(os.cpu_count() or 1), "-n", "25", "vipsthumbnail", "-s", f"{THUMBNAIL_SIDE}x{THUMBNAIL_SIDE}", "--smartcrop", "centre", "-o", "%s.png"],
                   input="\n".join(files), text=True, check=True, stderr=subprocess.DEVNULL)
    end = monotonic_ms()
    thumbnails = sum(1 for path in images.iterdir() if path.suffix == ".png")
    shutil.rmtree(folder)
    return {"referenceMs": end - start, "linksMs": links_done - start, "curlMs": fetched - links_done,
            "vipsMs": end - fetched, "thumbnails": thumbnails}


def warm_start(context, links_path, template_home, keep_shaders=False):
    """Everything cached (a copy of what a cold fill left): launch → the end of the first frame
    painted with every visible thumbnail in it (not just decoded: on screen).

    With `keep_shaders`, the GL shaders this launch compiled are added to the template's Mesa
    cache: a cold fill draws other things than a start from the cache does (spinners, fades),
    so without one earlier warm start the template missed some of the first frame's shader
    variants or not, from one driver run to the next (LLVM on the main thread: ~40 or ~90
    samples), where a person's machine has them from their previous starts. The references keep
    their shader cache over the whole run in the same way (`reference_env`)."""
    home = make_home(context.scratch, template=template_home)
    run = AppRun(context.app, context.display.env, context.server.url(links_path), home)
    try:
        shown_at, tiles = run.wait_for("visible-thumbnails-shown", 60)
        milestones = {name: run.first(name)[0] for name in MILESTONES}
        ready_at, _ = run.first("visible-thumbnails-ready")
        time.sleep(0.2)
        rss = run.status().get("VmRSS", 0)
        # Thumbnails from the cache must simply appear; a fade would hide them in that frame.
        fades = sum(1 for _, name, _ in run.events() if name == "thumbnail-fade")
        if keep_shaders:
            time.sleep(0.5)  # Mesa writes its disk cache from a thread of its own
    finally:
        run.stop()
        shaders = home / "cache" / "mesa_shader_cache"
        if keep_shaders and shaders.is_dir():
            shutil.copytree(shaders, template_home / "cache" / "mesa_shader_cache", dirs_exist_ok=True)
        shutil.rmtree(home, ignore_errors=True)
    return {"visibleShownMs": shown_at, "visibleReadyMs": ready_at, "firstFrameMs": milestones["first-frame"],
            "startupMs": milestones["startup"], "presentMs": milestones["present"],
            "firstLayoutDoneMs": milestones["first-layout-done"], "tiles": int(tiles), "rssKb": rss,
            "fades": fades}


def reference_env(context):
    """The references' environment: a cache folder of their own for the whole run (Mesa's shader
    cache warm after the first launch, as the app's warm start has it), not the user's ~/.cache."""
    cache = Path(context.scratch) / "reference-cache"
    cache.mkdir(exist_ok=True)
    return dict(context.display.env, XDG_CACHE_HOME=str(cache))


def warm_start_reference(context):
    """The bare window's first frame (the floor), and for context the first frame of GTK's own
    GtkGridView showing as many pictures as the app's first screen, their textures in memory."""
    env = reference_env(context)
    milestones, rss = bare_window(context.bare_window, env)
    launched = monotonic_ms()
    grid = subprocess.Popen([context.bare_grid, str(COLD_FILL_TILES)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        grid_milestones = reference_milestones(grid.stdout, launched)
    finally:
        stop_process(grid)
    return {"bareFirstFrameMs": milestones["first-frame"], "bareStartupMs": milestones.get("startup"),
            "barePresentMs": milestones.get("present"), "bareFirstLayoutDoneMs": milestones.get("first-layout-done"),
            "bareRssKb": rss, "gridFirstFrameMs": grid_milestones.get("first-frame"),
            "gridStartupMs": grid_milestones.get("startup"), "gridPresentMs": grid_milestones.get("present"),
            "gridFirstLayoutDoneMs": grid_milestones.get("first-layout-done")}


def settle(run, seconds):
    time.sleep(seconds)
    return run.status()


def scrolled(context, links_path, query_prefix, shader_cache=None):
    """10,000 image lines: memory at the top, a fast wheel scroll to the bottom (stalls during
    it), memory after, and how far down the downloads went (proof the scroll reached the end).
    With `shader_cache`, Mesa's GL shaders compiled by an earlier run are kept (a second launch)."""
    home = make_home(context.scratch, shader_cache=shader_cache)
    context.server.reset_log()
    run = AppRun(context.app, context.display.env, context.server.url(links_path), home)
    try:
        run.wait_for("visible-thumbnails-ready", 120)
        before = settle(run, 2.0)
        started, ended = scroll_with_wheel(context)
        scroll_start, scroll_end = started - run.launched_at, ended - run.launched_at
        # Stalls that belong to the scroll: the wheel events and the loads they start.
        after = settle(run, 3.0)
        split = run.memory_split()
        stalls = run.stalls(scroll_start, scroll_end + 1000)
        frames = [at for at, name, _ in run.events() if name == "frame"]
        requested = [entry["path"] for entry in context.server.log() if query_prefix in entry["path"]]
        deepest = max((int(path.rsplit(query_prefix, 1)[1]) for path in requested), default=-1)
        return {
            "rssBeforeKb": before.get("VmRSS", 0), "rssAfterKb": after.get("VmRSS", 0),
            "hwmKb": after.get("VmHWM", 0), "anonymousAfterKb": split.get("anonymous", 0),
            "llvmCodeAfterKb": split.get("llvmCode", 0), "scrollMs": scroll_end - scroll_start,
            "maxStallMs": max(stalls, default=0.0), "stallsOver16": sum(1 for s in stalls if s >= 16),
            **interval_summary(frame_intervals(frames, scroll_start, scroll_end)),
            "stallCount": len(stalls), "deepestLineLoaded": deepest, "downloads": len(requested),
            "scrollStartMs": scroll_start, "scrollEndMs": scroll_end,
            "stalls": [[at, float(value)] for at, name, value in run.events() if name == "stall-ms"],
            "memory": run.memory,
        }
    finally:
        run.stop()
        shutil.rmtree(home, ignore_errors=True)


def scroll_with_wheel(context):
    """The same fast wheel scroll for the app and the reference: (start, end) in monotonic ms."""
    context.display.xdotool("mousemove", 960, 560)
    time.sleep(0.2)
    start = monotonic_ms()
    context.display.xdotool("click", "--repeat", SCROLL_NOTCHES, "--delay", SCROLL_DELAY_MS, 5)
    return start, monotonic_ms()


def frame_intervals(frame_times, start, end):
    """Milliseconds between consecutive painted frames within [start, end]."""
    times = sorted(at for at in frame_times if start <= at <= end)
    return [later - earlier for earlier, later in zip(times, times[1:])]


def interval_summary(intervals):
    if not intervals:
        return {"medianFrameMs": 0.0, "p95FrameMs": 0.0, "frames": 0}
    ordered = sorted(intervals)
    return {"medianFrameMs": statistics.median(ordered), "p95FrameMs": ordered[int(0.95 * (len(ordered) - 1))],
            "frames": len(ordered) + 1}


def scrolled_reference(context):
    """bare-grid, GTK's GtkGridView of 10,000 pictures with their textures in memory, scrolled
    like the app: the frames and stalls that rendering alone causes on this machine. A fresh
    cache folder, like the app's first-launch scroll (llvmpipe compiles its shaders anew)."""
    home = Path(tempfile.mkdtemp(prefix="bare-grid-", dir=context.scratch))
    env = dict(context.display.env, XDG_CACHE_HOME=str(home))
    process = subprocess.Popen([context.bare_grid], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    lines = []

    def read_lines():
        for line in process.stdout:
            lines.append(line)

    reader = threading.Thread(target=read_lines, daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 60
        while not any(line.startswith("first-frame") for line in lines):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("bare-grid showed no frame")
            time.sleep(0.02)
        time.sleep(2.0)
        start, end = scroll_with_wheel(context)
        # Longer than the 1 s after the last notch that stalls are counted in.
        time.sleep(1.5)
    finally:
        stop_process(process)
        reader.join(5)
        shutil.rmtree(home, ignore_errors=True)
    stalls = [float(line.split()[2]) for line in lines
              if line.startswith("stall-ms") and start <= float(line.split()[1]) <= end + 1000]
    frames = [float(line.split()[1]) for line in lines if line.startswith("frame ")]
    return {"maxStallMs": max(stalls, default=0.0), "stallsOver16": sum(1 for stall in stalls if stall >= 16),
            "stallCount": len(stalls), "scrollMs": end - start,
            **interval_summary(frame_intervals(frames, start, end))}


def placeholders_only(context, links_path):
    """10,000 lines that are not links: what the tiles cost without any image."""
    home = make_home(context.scratch)
    run = AppRun(context.app, context.display.env, context.server.url(links_path), home)
    try:
        # Placeholders count as settled tiles: this fires once all 10,000 are in the grid.
        _, tiles = run.wait_for("all-thumbnails-ready", 120)
        status = settle(run, 2.0)
        return {"rssKb": status.get("VmRSS", 0), "hwmKb": status.get("VmHWM", 0), "tiles": int(tiles)}
    finally:
        run.stop()
        shutil.rmtree(home, ignore_errors=True)
