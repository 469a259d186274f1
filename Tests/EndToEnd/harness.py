"""Drives the real link-gallery binary like a person would: under Xvfb with openbox, through
AT-SPI (what a screen reader sees) and xdotool (pointer and keyboard).

The test process must run inside a D-Bus session (tools/test wraps pytest in dbus-run-session):
the accessibility bus is activated on that session bus, and the app and pyatspi both find it.
"""

import atexit
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _private_accessibility_bus():
    """The accessibility bus launcher puts its socket in $XDG_RUNTIME_DIR/at-spi, or in
    ~/.cache/at-spi when that is unset, named after $DISPLAY (just "bus" without one). Test
    sessions running at the same time then share one socket path, replace each other's bus and
    lose their apps ("Unable to connect to the accessibility bus"). Give this D-Bus session's
    launcher a private runtime folder before pyatspi activates it."""
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        return
    runtime = tempfile.mkdtemp(prefix="lg-runtime-")
    atexit.register(shutil.rmtree, runtime, ignore_errors=True)
    os.environ["XDG_RUNTIME_DIR"] = runtime
    subprocess.run(["dbus-update-activation-environment", f"XDG_RUNTIME_DIR={runtime}"],
                   check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


_private_accessibility_bus()

import pyatspi  # noqa: E402  (after the runtime folder is set up)

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_SERVER = ROOT / "Tests" / "Fixtures" / "fixture_server.py"
SCREENSHOTS = Path(os.environ.get("LINK_GALLERY_SCREENSHOTS", tempfile.gettempdir())) / "link-gallery-e2e"


def binary() -> str:
    path = os.environ.get("LINK_GALLERY_BIN", str(ROOT / ".build" / "debug" / "link-gallery"))
    if not os.path.exists(path):
        raise RuntimeError(f"link-gallery binary not found at {path}; build it first")
    return path


def wait_for(predicate, timeout=20.0, interval=0.1, message="condition"):
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # AT-SPI objects vanish while the UI changes
            last_error = error
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {message} (last error: {last_error})")


def read_line(process, timeout=30.0):
    """The next line a helper process prints, or an AssertionError after `timeout`: a helper
    that never answers fails its test instead of hanging the run."""
    import select
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    if not ready:
        raise AssertionError(f"{process.args[:2]} printed nothing within {timeout} s")
    return process.stdout.readline()


class FixtureServer:
    """The shared fault-injecting HTTP server, on 127.0.0.1 with a temp root for links files."""

    def __init__(self, port=0):
        self.root = Path(tempfile.mkdtemp(prefix="lg-fixture-"))
        self.process = subprocess.Popen(
            ["/usr/bin/python3", str(FIXTURE_SERVER), "--port", str(port), "--root", str(self.root)],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline().strip()
        if not line.startswith("PORT "):
            raise RuntimeError(f"fixture server did not start: {line!r}")
        self.port = int(line.split()[1])
        self.base = f"http://127.0.0.1:{self.port}"

    def url(self, path):
        return self.base + path

    def write(self, name, text):
        (self.root / name).write_text(text)
        return self.url("/" + name)

    def log(self):
        import json
        import urllib.request
        with urllib.request.urlopen(self.url("/__log"), timeout=5) as response:
            return json.loads(response.read())

    def reset_log(self):
        import urllib.request
        urllib.request.urlopen(self.url("/__reset"), timeout=5).read()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Display:
    """A fresh Xvfb with openbox (fullscreen needs a window manager)."""

    def __init__(self, width=1280, height=900):
        self.size = (width, height)
        self.xvfb, self.number = self._start_xvfb(width, height)
        self.name = f":{self.number}"
        self.env = dict(os.environ, DISPLAY=self.name)
        self.env.pop("WAYLAND_DISPLAY", None)
        self.wm = subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)

    @staticmethod
    def _start_xvfb(width, height):
        """Starts Xvfb on a random free display number, without races: Xvfb takes the display's
        lock itself and, with -displayfd, reports the number once it accepts clients (or exits
        when the number is taken). Checking for free numbers beforehand raced with test runs in
        parallel; two runs on one X server, or on one display number (the accessibility bus
        socket is named after it), lose their apps. Low numbers are left to desktops."""
        for number in random.sample(range(100, 1000), 30):
            read_end, write_end = os.pipe()
            xvfb = subprocess.Popen(
                ["Xvfb", f":{number}", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24",
                 "-nolisten", "tcp"],
                pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.close(write_end)
            with os.fdopen(read_end) as reader:
                reported = reader.readline().strip()
            if reported == str(number):
                return xvfb, number
            xvfb.wait()
        raise RuntimeError("Xvfb did not start on any free display")

    def screenshot(self, name):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return path

    def toplevels(self, pattern):
        """(id, x, y, width, height) of every mapped window the window manager manages whose title
        matches the regular expression `pattern`. GTK names each X surface of an app after the
        app, tooltips and popovers too: those are override-redirect and left out here, so a
        tooltip shown under a pointer the test before left there is never taken for the window
        (it was, as a 277 × 46 "Link Gallery")."""
        try:
            ids = self.xdotool("search", "--onlyvisible", "--name", pattern).split()
        except subprocess.CalledProcessError:  # xdotool exits 1 when nothing matches
            return []
        found = []
        for window_id in ids:
            info = subprocess.run(["xwininfo", "-id", window_id], env=self.env, capture_output=True, text=True)
            if info.returncode != 0 or "Override Redirect State: yes" in info.stdout:
                continue  # gone meanwhile, or a popup
            try:
                text = self.xdotool("getwindowgeometry", "--shell", window_id)
            except subprocess.CalledProcessError:
                continue
            geometry = dict(line.split("=", 1) for line in text.split())
            found.append((window_id, *(int(geometry[key]) for key in ("X", "Y", "WIDTH", "HEIGHT"))))
        return found

    def toplevel(self, pattern):
        """The one managed window titled like `pattern`, waited for: (id, x, y, width, height)."""
        return wait_for(lambda: next(iter(self.toplevels(pattern)), None), message=f"a window named {pattern!r}")

    def xdotool(self, *args):
        return subprocess.run(["xdotool", *map(str, args)], env=self.env, check=True,
                              capture_output=True, text=True).stdout

    def stop(self):
        for process in (self.wm, self.xvfb):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    process.kill()


class App:
    """One run of link-gallery with its own cache and settings folders."""

    def __init__(self, display, links_url, home=None, extra_env=None, args=(), wrapper=()):
        self.display = display
        self.home = Path(home) if home else Path(tempfile.mkdtemp(prefix="lg-home-"))
        env = dict(display.env)
        env.update({
            "XDG_CACHE_HOME": str(self.home / "cache"),
            "XDG_CONFIG_HOME": str(self.home / "config"),
            "XDG_DATA_HOME": str(self.home / "data"),
            # Settings go to a keyfile under XDG_CONFIG_HOME so a relaunch finds them.
            "GSETTINGS_BACKEND": "keyfile",
            "GTK_A11Y": "atspi",
            "NO_AT_BRIDGE": "0",
        })
        env.pop("NO_AT_BRIDGE")
        env.update(extra_env or {})
        # `wrapper`: a command that runs the app in a changed world (see test_sandbox_notice.py);
        # the app's process is then the wrapper's, which execs into it.
        self.process = subprocess.Popen([*wrapper, binary(), "--links-url", links_url, *args], env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            self.accessible = wait_for(self._find, 30, message="the app on the accessibility bus")
        except AssertionError:
            status = self.process.poll()
            output = self.stop()
            raise AssertionError(f"link-gallery (exit status {status}) never appeared on the accessibility bus; "
                                 f"its output:\n{output}")

    def _find(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            if app is not None and app.get_process_id() == self.process.pid:
                return app
        return None

    @property
    def cache(self):
        return self.home / "cache" / "io.github.linkgallery.LinkGallery"

    def windows(self):
        return [self.accessible.getChildAtIndex(i) for i in range(self.accessible.childCount)]

    def window_named(self, fragment):
        return wait_for(lambda: next((w for w in self.windows() if w and fragment in (w.name or "")), None),
                        message=f"a window named like {fragment!r}")

    def find_all(self, role=None, name=None, root=None, contains=None):
        root = root or self.accessible
        def matches(node):
            if role is not None and node.getRoleName() != role:
                return False
            if name is not None and node.name != name:
                return False
            if contains is not None and contains not in (node.name or ""):
                return False
            return True
        return pyatspi.utils.findAllDescendants(root, matches)

    def tiles(self):
        tables = self.find_all(role="table")
        if not tables:
            return []
        table = tables[0]
        return [table.getChildAtIndex(i) for i in range(table.childCount)]

    def click(self, accessible_or_point, button=1):
        if isinstance(accessible_or_point, tuple):
            x, y = accessible_or_point
        else:
            extents = accessible_or_point.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            x, y = extents.x + extents.width // 2, extents.y + extents.height // 2
        self.display.xdotool("mousemove", x, y)
        time.sleep(0.1)
        self.display.xdotool("click", button)

    def press(self, *keys):
        for key in keys:
            self.display.xdotool("key", key)
            time.sleep(0.15)

    def do_action(self, accessible, name="click"):
        action = accessible.queryAction()
        for index in range(action.nActions):
            if action.getName(index) == name:
                return action.doAction(index)
        raise AssertionError(f"{accessible.name!r} has no action {name!r}")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.stdout.read() if self.process.stdout else ""
