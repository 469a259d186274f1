#!/usr/bin/python3
"""The page turn seen from outside (issue 41): Right pressed, to the first pixels of the next
photo on the screen, for the release link-gallery, its floor and Eye of GNOME, each on its own
1920×1080 display, over the 14 camera photos of the viewer benchmark (12 of 24 MP, 2 of 50 MP).
Prints a Markdown table and writes the raw numbers as JSON. Measures and reports; asserts nothing.

    dbus-run-session -- /usr/bin/python3 Benchmarks/AppBench/page_turn_bench.py \\
        --app .build/release/link-gallery --bare-page .build/release/bare-page \\
        --work DIR [--runs 2] [--output results.json]

Subjects:
  app     link-gallery's viewer, opened on the first photo from its grid, the photos served
          from 127.0.0.1 (the grid's download fills the disk cache; the viewer prefetches the
          neighbours while it waits between turns)
  still   the same with GTK's animations off (gtk-enable-animations=0 in its settings.ini):
          the next photo is drawn at rest at once, without the slide
  floor   bare-page: every photo decoded to the screen's size before the first frame, Right
          swaps one texture for the next in a GtkPicture — the least a GTK 4 window does
  eog     Eye of GNOME (Debian's eog) opened on the first photo of the folder

The same clock for all three: the time before `xdotool key Right`, to the first read of the
screen (three rows of the root window, read with Xlib on that display) in which 24 pixels are
the next photo's colour (each photo has its own: `camera_photos.COLOURS`). The app slides its
picture in, so its first pixels are the slide's first frame. Between turns every subject gets
SETTLE_S seconds, as a person looking at a photo gives it.
Needs Xvfb, openbox, xdotool, eog, PIL, python3-gi with GdkPixbuf (the photos), libX11.
"""

import ctypes
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "EndToEnd"))

from camera_photos import COLOURS  # noqa: E402
from harness import Display, FixtureServer  # noqa: E402
from session import bench_arguments, AppRun, make_home, publish, stop_process  # noqa: E402
from viewer_bench import make_photos, open_first_photo  # noqa: E402

SETTLE_S = 2.0
ROWS = (300, 540, 780)
SHOWN_PIXELS = 24


def progress(message):
    print(f"   page turn: {message}", file=sys.stderr, flush=True)


class XImage(ctypes.Structure):
    """The head of Xlib's XImage, up to the fields read here."""
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
                ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int)]


X11 = ctypes.CDLL("libX11.so.6")
X11.XOpenDisplay.restype = ctypes.c_void_p
X11.XOpenDisplay.argtypes = [ctypes.c_char_p]
X11.XDefaultRootWindow.restype = ctypes.c_ulong
X11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
X11.XGetImage.restype = ctypes.POINTER(XImage)
X11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint, ctypes.c_uint,
                          ctypes.c_ulong, ctypes.c_int]
X11.XFree.argtypes = [ctypes.c_void_p]
X11.XCloseDisplay.argtypes = [ctypes.c_void_p]
Z_PIXMAP, ALL_PLANES = 2, 0xFFFFFFFF


class Screen:
    """Rows of one X display's root window, read with Xlib (one XGetImage a row; a 24-bit
    screen's pixels are 32-bit BGRX)."""

    def __init__(self, display):
        self.connection = X11.XOpenDisplay(display.name.encode())
        if not self.connection:
            raise RuntimeError(f"cannot open display {display.name}")
        self.root = X11.XDefaultRootWindow(self.connection)
        self.width = display.size[0]

    def row(self, y):
        image = X11.XGetImage(self.connection, self.root, 0, y, self.width, 1, ALL_PLANES, Z_PIXMAP)
        if not image:
            return b""
        head = image.contents
        pixels = ctypes.string_at(head.data, head.bytes_per_line) if head.bits_per_pixel == 32 else b""
        X11.XFree(head.data)
        X11.XFree(image)
        return pixels

    def shows(self, colour, tolerance=40):
        """True when SHOWN_PIXELS pixels of the rows are `colour` (under the photo's noise)."""
        count = 0
        red, green, blue = colour
        for y in ROWS:
            pixels = self.row(y)
            for x in range(0, len(pixels) - 3, 16):  # every 4th pixel is enough
                if (abs(pixels[x + 2] - red) <= tolerance and abs(pixels[x + 1] - green) <= tolerance
                        and abs(pixels[x] - blue) <= tolerance):
                    count += 1
                    if count >= SHOWN_PIXELS // 4:
                        return True
        return False

    def wait_for(self, colour, timeout=60.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.shows(colour):
                return time.monotonic()
        raise RuntimeError(f"colour {colour} not on screen within {timeout} s")

    def close(self):
        X11.XCloseDisplay(self.connection)


def turns(display, screen, count):
    """Right `count` times; ms from each press to the next photo's first pixels."""
    times = []
    for index in range(1, count + 1):
        time.sleep(SETTLE_S)
        pressed = time.monotonic()
        display.xdotool("key", "Right")
        times.append((screen.wait_for(COLOURS[index]) - pressed) * 1000)
    return times


def run_app(binary, display, screen, server, names, scratch, animations=True):
    links = server.write("page-turn.txt", "\n".join(server.url("/" + name) for name in names) + "\n")
    home = make_home(scratch)
    if not animations:  # GTK's own setting, which the viewer's slide follows
        (home / "config" / "gtk-4.0").mkdir(parents=True)
        (home / "config" / "gtk-4.0" / "settings.ini").write_text("[Settings]\ngtk-enable-animations=0\n")
    run = AppRun(binary, display.env, links, home)
    try:
        run.wait_for("all-thumbnails-ready", 300)
        time.sleep(SETTLE_S)
        open_first_photo(display, run)
        screen.wait_for(COLOURS[0])
        return turns(display, screen, len(names) - 1)
    finally:
        run.stop()


def run_floor(binary, display, screen, paths):
    process = subprocess.Popen([binary, *map(str, paths)], env=display.env, stdout=subprocess.PIPE, text=True)
    try:
        for line in process.stdout:
            if line.strip() == "ready":
                break
        screen.wait_for(COLOURS[0])
        return turns(display, screen, len(paths) - 1)
    finally:
        stop_process(process)


def run_eog(display, screen, paths):
    process = subprocess.Popen(["eog", "--new-instance", str(paths[0])], env=display.env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        screen.wait_for(COLOURS[0])
        return turns(display, screen, len(paths) - 1)
    finally:
        stop_process(process)


def main():
    arguments = bench_arguments(2, "bare-page")

    work = Path(arguments.work)
    photos_dir = work / "camera-photos"
    progress("making 14 camera photos (once per work folder)")
    names = make_photos(photos_dir)
    paths = [photos_dir / name for name in names]
    server = FixtureServer()
    for name in names:
        (server.root / name).hardlink_to(photos_dir / name)
    scratch = Path(tempfile.mkdtemp(prefix="page-turn-", dir=work))
    subjects = {
        "floor": lambda display, screen: run_floor(arguments.bare_page, display, screen, paths),
        "app": lambda display, screen: run_app(arguments.app, display, screen, server, names, scratch),
        "still": lambda display, screen: run_app(arguments.app, display, screen, server, names, scratch, animations=False),
        "eog": lambda display, screen: run_eog(display, screen, paths),
    }
    results = {name: [] for name in subjects}
    try:
        for number in range(1, arguments.runs + 1):
            for name, subject in subjects.items():  # alternating: all see the same machine load
                display = Display(1920, 1080)
                screen = Screen(display)
                try:
                    results[name].append(subject(display, screen))
                finally:
                    screen.close()
                    display.stop()
                progress(f"{name} run {number}: median {statistics.median(results[name][-1]):.0f} ms")
    finally:
        server.stop()
    publish(results, arguments.output, report)


def report(results):
    def all_turns(name):
        return [ms for run in results[name] for ms in run]

    medians = {name: statistics.median(all_turns(name)) for name in results}
    slowest = {name: max(all_turns(name)) for name in results}
    lines = ["| page turn, Right to the next photo's first pixels (ms) | floor | app | app, no slide | Eye of GNOME "
             "| app ÷ floor | no slide ÷ floor | app ÷ Eye of GNOME |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for label, values in (("median", medians), ("slowest", slowest)):
        lines.append(f"| {label} of {len(all_turns('app'))} turns | {values['floor']:.0f} | {values['app']:.0f} | "
                     f"{values['still']:.0f} | {values['eog']:.0f} | {values['app'] / values['floor']:.2f}× | "
                     f"{values['still'] / values['floor']:.2f}× | {values['app'] / values['eog']:.2f}× |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
