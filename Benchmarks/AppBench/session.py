"""One launch of link-gallery (or the bare window) with its own folders, its trace read back as
milliseconds since launch, and its memory read from /proc."""

import argparse
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

APP_SCHEMA_PATH = "io/github/linkgallery/LinkGallery"
WINDOW_WIDTH, WINDOW_HEIGHT = 1920, 1080


def monotonic_ms():
    """CLOCK_MONOTONIC, the clock the app's `trace-start` line and bare-window print."""
    return time.clock_gettime(time.CLOCK_MONOTONIC) * 1000


def proc_status(pid):
    """VmRSS and VmHWM in kB, or {} once the process is gone."""
    values = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    key, amount = line.split()[:2]
                    values[key.rstrip(":")] = int(amount)
    except (FileNotFoundError, ProcessLookupError):
        pass
    return values


def memory_split(pid):
    """Of the resident memory, in kB: `anonymous` (the process's own: heap, stacks, GPU
    buffers) and `llvmCode`, the pages of Mesa's LLVM library mapped in (file-backed and
    shared with every process that uses it; llvmpipe touches more of it the more it compiles).
    {} once the process is gone."""
    anonymous = llvm = 0
    in_llvm = False
    try:
        with open(f"/proc/{pid}/smaps") as smaps:
            for line in smaps:
                first = line.split(None, 1)[0]
                if "-" in first and not first.endswith(":"):
                    in_llvm = "libLLVM" in line
                elif first == "Anonymous:":
                    anonymous += int(line.split()[1])
                elif first == "Rss:" and in_llvm:
                    llvm += int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return {}
    return {"anonymous": anonymous, "llvmCode": llvm}


def make_home(base: Path, template: Path = None, shader_cache: Path = None):
    """Fresh cache, config and data folders; the window opens maximized at 1920×1080.

    With a template, its cache is copied in (a warm start over a cache a cold fill left). With
    a shader cache, only Mesa's compiled GL shaders are (any launch after the first one).
    """
    home = Path(tempfile.mkdtemp(prefix="home-", dir=base))
    if template is not None:
        shutil.copytree(template / "cache", home / "cache")
    elif shader_cache is not None:
        shutil.copytree(shader_cache, home / "cache" / shader_cache.name)
    settings = home / "config" / "glib-2.0" / "settings"
    settings.mkdir(parents=True)
    (settings / "keyfile").write_text(
        f"[{APP_SCHEMA_PATH}]\nwindow-maximized=true\n"
        f"window-width={WINDOW_WIDTH}\nwindow-height={WINDOW_HEIGHT}\n")
    return home


class AppRun:
    """link-gallery with LINK_GALLERY_TRACE, sampled for memory every 50 ms until stopped."""

    def __init__(self, binary, display_env, links_url, home: Path):
        self.home = home
        self.trace_path = home / "trace.txt"
        env = dict(display_env)
        env.update({
            "XDG_CACHE_HOME": str(home / "cache"),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"),
            "GSETTINGS_BACKEND": "keyfile",
            "LINK_GALLERY_TRACE": str(self.trace_path),
        })
        self.launched_at = monotonic_ms()
        self.process = subprocess.Popen([binary, "--links-url", links_url], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.memory = []  # (ms since launch, VmRSS kB)
        self._sampling = True
        self._sampler = threading.Thread(target=self._sample, daemon=True)
        self._sampler.start()

    def _sample(self):
        while self._sampling and self.process.poll() is None:
            rss = proc_status(self.process.pid).get("VmRSS")
            if rss:
                self.memory.append((monotonic_ms() - self.launched_at, rss))
            time.sleep(0.05)

    def since_launch(self):
        return monotonic_ms() - self.launched_at

    def events(self):
        """[(ms since launch, event, value)], from the trace written so far."""
        try:
            lines = self.trace_path.read_text().splitlines()
        except FileNotFoundError:
            return []
        parsed = []
        offset = None
        for line in lines:
            parts = line.split(" ", 2)
            if len(parts) < 2:
                continue
            elapsed, event = float(parts[0]), parts[1]
            value = parts[2].strip() if len(parts) > 2 else ""
            if event == "trace-start":
                offset = float(value) - self.launched_at - elapsed
                continue
            if offset is not None:
                parsed.append((offset + elapsed, event, value))
        return parsed

    def first(self, event):
        return next(((at, value) for at, name, value in self.events() if name == event), None)

    def wait_for(self, event, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.first(event)
            if found:
                return found
            if self.process.poll() is not None:
                raise RuntimeError(f"link-gallery exited ({self.process.returncode}) before {event}")
            time.sleep(0.02)
        raise RuntimeError(f"no {event} within {timeout} s")

    def stalls(self, start_ms=0, end_ms=float("inf")):
        """The main loop's lateness (ms) each time it was 8 ms or more late, within a window."""
        return [float(value) for at, name, value in self.events()
                if name == "stall-ms" and start_ms <= at <= end_ms]

    def max_stall_until(self, end_ms):
        values = [float(value) for at, name, value in self.events() if name == "max-stall-ms" and at <= end_ms]
        return max(values, default=0.0)

    def memory_split(self):
        return memory_split(self.process.pid)

    def status(self):
        return proc_status(self.process.pid)

    def stop(self):
        self._sampling = False
        stop_process(self.process)


@contextmanager
def app_on_own_display(binary, links_url, home, width=1920, height=1080):
    """The app on a display of its own (`Display`, from the end-to-end harness), both stopped
    when the block ends."""
    from harness import Display
    display = Display(width, height)
    app = AppRun(binary, display.env, links_url, home)
    try:
        yield display, app
    finally:
        app.stop()
        display.stop()


def bench_arguments(runs, *references):
    """The arguments every app bench takes: --app, --work, --runs, --output, and a required
    --<reference> for each binary it measures the app against."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True)
    for reference in references:
        parser.add_argument(f"--{reference}", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=runs)
    parser.add_argument("--output")
    return parser.parse_args()


def publish(results, output, report):
    """The raw results as JSON beside the report (when asked for), and the report's table."""
    if output:
        Path(output).write_text(json.dumps(results, indent=1))
    print(report(results))


def stop_process(process):
    """SIGTERM (the apps quit cleanly on it), then SIGKILL after 10 s."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


MILESTONES = ("startup", "present", "first-layout-done", "first-frame")


def reference_milestones(lines, launched):
    """The milestones a reference prints ("<event> <CLOCK_MONOTONIC ms>" lines), in ms from
    `launched`, reading `lines` only up to `first-frame` (bare-grid prints frames after it)."""
    milestones = {}
    for line in lines:
        name, _, value = line.strip().partition(" ")
        if name in MILESTONES:
            milestones[name] = float(value) - launched
        if name == "first-frame":
            break
    return milestones


def bare_window(binary, display_env):
    """The bare GTK 4 window's milestones in ms from spawn (`startup`, `present`,
    `first-layout-done`, `first-frame`) and its VmRSS in kB at the first frame."""
    launched = monotonic_ms()
    output = subprocess.run([binary], env=display_env, capture_output=True, text=True, timeout=60).stdout
    rss = next(line.split()[1] for line in output.splitlines() if line.startswith("rss-kb "))
    return reference_milestones(output.splitlines(), launched), int(rss)
