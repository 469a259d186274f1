#!/usr/bin/python3
"""Peak memory of the app itself with a gallery that mixes good images with issue 16's hostile
decodes: 14 good images, four 100-megapixel PNGs of a few KB, both hostile GIFs (a 16000² frame
in a 1×1 canvas; 20 frames of 9000²) and two SVGs (one of heavy filters, one plain).

The app (any build) runs against the fixture server for a fixed time; the figure is its VmHWM
then, beside a run with the good images only. A benchmark, not a test: nothing is asserted.

    swift build
    export REPO_ROOT=$PWD; source tools/lib/uninstalled.sh && prepare_uninstalled
    dbus-run-session -- xvfb-run -a -s "-screen 0 1920x1080x24" \\
        /usr/bin/python3 Benchmarks/hostile_gallery_peak.py [--seconds 30] [--bin PATH]
"""

import argparse
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "AppBench"))
from session import make_home, proc_status, stop_process  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def black_png(side):
    """1 bit per pixel, all black: a 10000 px square is 12 KB and 100 megapixels."""
    rows = (b"\0" * (1 + (side + 7) // 8)) * side
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


def gif(canvas, frame, frames):
    """`frames` image blocks of `frame`² pixels in a `canvas`² screen, each with a tiny LZW."""
    data = b"GIF89a" + struct.pack("<HH", canvas, canvas) + bytes([0x80, 0, 0, 255, 255, 255, 0, 0, 0])
    for _ in range(frames):
        data += bytes([0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00, 0x2C])
        data += struct.pack("<HHHH", 0, 0, frame, frame) + bytes([0x00, 0x02, 0x02, 0x44, 0x01, 0x00])
    return data + b"\x3B"


HEAVY_SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="8000"><filter id="f" x="0" y="0" '
             b'width="1" height="1"><feGaussianBlur stdDeviation="900"/><feMorphology operator="dilate" '
             b'radius="400"/><feGaussianBlur stdDeviation="900"/></filter><rect width="8000" height="8000" '
             b'fill="red" filter="url(#f)"/></svg>')
PLAIN_SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" '
             b'fill="blue"/><circle cx="150" cy="100" r="80" fill="yellow"/></svg>')


def write_gallery(root: Path, base: str, hostile: bool):
    good = [f"{base}/img/{640 + 40 * i}x{480 + 20 * i}.{('jpg', 'png', 'webp')[i % 3]}" for i in range(14)]
    links = list(good)
    if hostile:
        files = {f"big-{i}.png": black_png(10000) for i in range(4)}
        files["frame-bomb.gif"] = gif(1, 16000, 1)
        files["frames.gif"] = gif(1, 9000, 20)
        files["heavy.svg"] = HEAVY_SVG
        files["plain.svg"] = PLAIN_SVG
        for name, data in files.items():
            (root / name).write_bytes(data)
            links.append(f"{base}/{name}")
    name = "hostile.txt" if hostile else "good.txt"
    (root / name).write_text("\n".join(links) + "\n")
    return f"{base}/{name}"


def peak_kb(binary, links_url, seconds, scratch: Path):
    home = make_home(scratch)
    env = dict(os.environ)
    env.update({"XDG_CACHE_HOME": str(home / "cache"), "XDG_CONFIG_HOME": str(home / "config"),
                "XDG_DATA_HOME": str(home / "data"), "GSETTINGS_BACKEND": "keyfile",
                "no_proxy": "127.0.0.1,localhost", "NO_PROXY": "127.0.0.1,localhost"})
    process = subprocess.Popen([binary, "--links-url", links_url], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(seconds)  # a fixed window, as the BENCHMARKS.md figure was measured
        status = proc_status(process.pid)
        if not status:
            raise RuntimeError(f"link-gallery exited ({process.returncode})")
        return status["VmHWM"]
    finally:
        stop_process(process)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--bin", default=None, help="link-gallery binary (default: the debug build)")
    args = parser.parse_args()
    binary = args.bin or str(Path(subprocess.check_output(["swift", "build", "--show-bin-path"], cwd=REPO,
                                                         text=True).strip()) / "link-gallery")
    with tempfile.TemporaryDirectory(prefix="hostile-gallery-") as scratch:
        root = Path(scratch) / "served"
        root.mkdir()
        server = subprocess.Popen(["/usr/bin/python3", str(REPO / "Tests/Fixtures/fixture_server.py"),
                                   "--port", "0", "--root", str(root)],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            port = int(server.stdout.readline().split()[1])
            base = f"http://127.0.0.1:{port}"
            for hostile in (False, True):
                url = write_gallery(root, base, hostile)
                peak = peak_kb(binary, url, args.seconds, Path(scratch))
                label = "good + hostile" if hostile else "good only"
                print(f"{label:15} VmHWM after {args.seconds:g} s: {peak / 1024:.0f} MB", flush=True)
        finally:
            stop_process(server)


if __name__ == "__main__":
    main()
