"""Real touch events for the app: GTK's broadway backend shows its windows in a web page, and
headless Chromium sends DOM touch events to that page over the DevTools protocol, which
broadway turns into GdkTouchEvents (see DESIGN.md, "Touch input in tests").

There is no AT-SPI under broadway, so state is read from the app's trace file
(`LINK_GALLERY_TRACE`, see PerformanceTrace.swift) and from screenshots of the page.
"""

import base64
import io
import json
import os
import random
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import websocket
from PIL import Image

from harness import SCREENSHOTS, binary, wait_for

BROWSER_WIDTH, BROWSER_HEIGHT = 1280, 900


def _stop(process):
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _port_is_free(port):
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) != 0


class Broadway:
    """gtk4-broadwayd on a free display number, with its own runtime folder."""

    def __init__(self):
        self.runtime = tempfile.mkdtemp(prefix="lg-broadway-")
        os.chmod(self.runtime, 0o700)
        env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime)
        for number in random.sample(range(100, 900), 30):
            port = 8080 + number
            if not _port_is_free(port):
                continue
            process = subprocess.Popen(["gtk4-broadwayd", f":{number}"], env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            # Listening means ready; exiting means the number or port was taken meanwhile.
            try:
                wait_for(lambda: process.poll() is not None or not _port_is_free(port), 20,
                         interval=0.05, message="gtk4-broadwayd to listen")
            except AssertionError:
                _stop(process)
                continue
            if process.poll() is None:
                self.process, self.number, self.port = process, number, port
                return
        raise RuntimeError("gtk4-broadwayd did not start on any free display")

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"

    def env(self):
        env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, GDK_BACKEND="broadway",
                   BROADWAY_DISPLAY=f":{self.number}")
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        # broadwayd aborts on the cairo renderer's node ops.
        env.pop("GSK_RENDERER", None)
        return env

    def stop(self):
        _stop(self.process)
        shutil.rmtree(self.runtime, ignore_errors=True)


class Browser:
    """Headless Chromium showing the broadway page, driven over the DevTools protocol."""

    def __init__(self, url):
        self.url = url
        self.profile = tempfile.mkdtemp(prefix="lg-chromium-")
        self.process = subprocess.Popen(
            ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
             "--disable-backgrounding-occluded-windows",
             "--remote-debugging-port=0", f"--window-size={BROWSER_WIDTH},{BROWSER_HEIGHT}",
             f"--user-data-dir={self.profile}", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        active = Path(self.profile) / "DevToolsActivePort"
        wait_for(lambda: active.exists() and len(active.read_text().split()) >= 2, 60,
                 message="Chromium's DevTools port")
        port = int(active.read_text().split()[0])
        page = wait_for(lambda: self._page_target(port), 30, message="the broadway page in Chromium")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60,
                                                  suppress_origin=True)
        self.next_id = 0
        self.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        self.prepare_touch()

    @staticmethod
    def _page_target(port):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json", timeout=5) as response:
            targets = json.loads(response.read())
        return next((t for t in targets if t.get("type") == "page" and t.get("webSocketDebuggerUrl")), None)

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    # A touch belongs to the element it started on. Broadway redraws a window by replacing its
    # elements, so a gesture that changes the picture under the finger (a pinch, a swipe) would
    # leave its further moves on a detached element, where broadway's document listeners never
    # hear of them (measured: the moves stopped after the first redraw). On a real screen the
    # compositor keeps the sequence on its window; here a transparent shield above the page
    # takes every touch, and tells broadway (through the `surface` property its hit test reads)
    # which window lay under the first finger.
    TOUCH_SHIELD = """(() => {
        const style = document.createElement('style');
        style.textContent = '* { touch-action: none !important; }';
        document.head.appendChild(style);
        const shield = document.createElement('div');
        shield.id = 'lg-touch-shield';
        shield.style.cssText = 'position: fixed; left: 0; top: 0; right: 0; bottom: 0;'
            + ' z-index: 2147483647; background: transparent;';
        shield.addEventListener('touchstart', (event) => {
            if (event.touches.length != event.changedTouches.length) return;
            const touch = event.changedTouches[0];
            const under = document.elementsFromPoint(touch.clientX, touch.clientY).find(e => e !== shield);
            let node = under;
            while (node && node.surface === undefined) node = node.parentNode;
            shield.surface = node ? node.surface : undefined;
        }, true);
        document.body.appendChild(shield);
    })()"""

    def evaluate(self, expression):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def prepare_touch(self):
        """Without `touch-action: none` Chromium takes two fingers for its own pinch zoom and one
        for its own panning. Both go into the loaded broadway page (not the blank one before)."""
        wait_for(lambda: self.evaluate("location.href") == self.url and self.evaluate(
            "document.readyState") == "complete", 30, message="the broadway page")
        self.evaluate(self.TOUCH_SHIELD)
        wait_for(lambda: self.evaluate("getComputedStyle(document.body).touchAction") == "none", 10,
                 message="touch-action: none on the page")

    def touch(self, kind, points, timestamp=None):
        """`timestamp` (seconds since the epoch) becomes the event's time, which GTK measures
        speeds with: a gesture keeps its speed however late a loaded machine delivers it."""
        params = {"type": kind, "touchPoints": [{"x": x, "y": y, "id": finger} for finger, (x, y) in enumerate(points)]}
        if timestamp is not None:
            params["timestamp"] = timestamp
        self.call("Input.dispatchTouchEvent", **params)

    def key(self, letter):
        """A letter key pressed and released, as a keyboard would (broadway reads its key code)."""
        code = ord(letter.upper())
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=letter, code=f"Key{letter.upper()}",
                      windowsVirtualKeyCode=code, nativeVirtualKeyCode=code, **({"text": letter} if kind == "keyDown" else {}))

    def screenshot(self, name=None):
        data = base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])
        image = Image.open(io.BytesIO(data)).convert("RGB")
        if name:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            image.save(SCREENSHOTS / f"touch-{name}.png")
        return image

    def stop(self):
        try:
            self.socket.close()
        except Exception:
            pass
        _stop(self.process)
        shutil.rmtree(self.profile, ignore_errors=True)


class Fingers:
    """Touch gestures in page pixels. A gesture's moves are stamped with the times a hand
    would make them (`step_ms` apart), which is what GTK's speeds are computed from, and are
    sent no earlier than those times; nothing here waits for the app."""

    def __init__(self, browser):
        self.browser = browser
        self.clock = 0.0

    def _now(self):
        # Event times only move forward, even for gestures sent in quick succession.
        self.clock = max(time.time(), self.clock + 0.001)
        return self.clock

    def _path(self, starts, ends, steps, step_ms):
        begin = self._now()
        self.browser.touch("touchStart", starts, begin)
        for step in range(1, steps + 1):
            at = begin + step * step_ms / 1000
            time.sleep(max(0.0, at - time.time()))  # pacing like a hand, not synchronisation
            t = step / steps
            self.browser.touch("touchMove", [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                                            for a, b in zip(starts, ends)], at)
        # Lifted right after the last move, however late that move was sent.
        self.clock = begin + steps * step_ms / 1000 + 0.001
        self.browser.touch("touchEnd", [], self.clock)

    def swipe(self, start, end, duration_ms, steps=10):
        self._path([start], [end], steps, duration_ms / steps)

    def pinch(self, first, second, first_end, second_end, steps=40, step_ms=40):
        # Both fingers land together, then move, then lift.
        self._path([first, second], [first_end, second_end], steps, step_ms)

    def tap(self, point):
        self.browser.touch("touchStart", [point], self._now())
        self.browser.touch("touchEnd", [], self._now())

    def double_tap(self, point):
        self.tap(point)
        self.tap(point)

    def press(self, point):
        self.browser.touch("touchStart", [point], self._now())

    def move(self, points):
        self.browser.touch("touchMove", points, self._now())

    def lift(self):
        self.browser.touch("touchEnd", [], self._now())


class Trace:
    """The app's trace file: one `<ms> <event> <value…>` line per event."""

    def __init__(self, path):
        self.path = Path(path)

    def _lines(self):
        if not self.path.exists():
            return []
        lines = []
        # The last line may be half written: only whole lines count.
        for line in self.path.read_text().split("\n")[:-1]:
            parts = line.split(" ", 2)
            if len(parts) >= 2:
                lines.append((parts[1], parts[2] if len(parts) > 2 else ""))
        return lines

    def events(self, name):
        return [value for event, value in self._lines() if event == name]

    def events_after_last(self, name, marker):
        """The values of `name` events written after the last `marker` event."""
        lines = self._lines()
        last = max((i for i, (event, _) in enumerate(lines) if event == marker), default=None)
        if last is None:
            return []
        return [value for event, value in lines[last + 1:] if event == name]

    def count(self, name):
        return len(self.events(name))

    def last(self, name):
        events = self.events(name)
        return events[-1] if events else None


def parse_fields(value):
    """`a=1 b=2,3` → {"a": "1", "b": "2,3"}."""
    return dict(field.split("=", 1) for field in value.split() if "=" in field)


class SessionBus:
    """A D-Bus session bus of one app's own. The app is a unique GApplication: on a shared bus,
    a second app started while another is alive (one module's viewer and grid fixtures) would
    hand its list to the first and exit."""

    def __init__(self):
        self.process = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                                        stdout=subprocess.PIPE, text=True)
        self.address = self.process.stdout.readline().strip()
        if not self.address:
            _stop(self.process)
            raise RuntimeError("dbus-daemon printed no address")

    def stop(self):
        _stop(self.process)


class TouchApp:
    """link-gallery on a broadway display, the page in headless Chromium, a trace to read."""

    def __init__(self, links_url, extra_env=None, settings=None):
        """`settings`: keys of the app's schema and their GVariant text, set before it starts."""
        self.home = Path(tempfile.mkdtemp(prefix="lg-touch-home-"))
        if settings:
            keyfile = self.home / "config" / "glib-2.0" / "settings" / "keyfile"
            keyfile.parent.mkdir(parents=True)
            keyfile.write_text("[io/github/linkgallery/LinkGallery]\n"
                               + "".join(f"{key}={value}\n" for key, value in settings.items()))
        self.broadway = self.browser = self.process = self.bus = None
        try:
            self.broadway = Broadway()
            self.bus = SessionBus()
            env = self.broadway.env()
            env.update({
                "DBUS_SESSION_BUS_ADDRESS": self.bus.address,
                "XDG_CACHE_HOME": str(self.home / "cache"),
                "XDG_CONFIG_HOME": str(self.home / "config"),
                "XDG_DATA_HOME": str(self.home / "data"),
                "GSETTINGS_BACKEND": "keyfile",
                "LINK_GALLERY_TRACE": str(self.home / "trace"),
                "NO_AT_BRIDGE": "1",
            })
            env.update(extra_env or {})
            self.trace = Trace(self.home / "trace")
            self.process = subprocess.Popen([binary(), "--links-url", links_url], env=env,
                                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.browser = Browser(self.broadway.url)
            self.fingers = Fingers(self.browser)
        except BaseException:
            self.stop()
            raise

    def stop(self):
        if self.browser:
            self.browser.stop()
        output = ""
        if self.process:
            _stop(self.process)
            output = self.process.stdout.read() if self.process.stdout else ""
        if self.broadway:
            self.broadway.stop()
        if self.bus:
            self.bus.stop()
        shutil.rmtree(self.home, ignore_errors=True)
        return output
