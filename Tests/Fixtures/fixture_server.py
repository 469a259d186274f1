#!/usr/bin/python3
"""Fault-injecting HTTP fixture server for Link Gallery tests.

Run with Debian's python (it has PIL):  /usr/bin/python3 fixture_server.py --port 0 --root DIR
The first line on stdout is ``PORT <n>``; nothing else is ever written to stdout.
Request logging for humans goes to stderr; the machine-readable log is ``GET /__log``.

Endpoints (all GET; HEAD works where a body would be sent):
  /img/<w>x<h>.<fmt>, /img/<w>x<h>/<fmt>, /img?w=&h=&fmt=&seed=
                              deterministic generated image (jpg png gif webp bmp), Range, ETag, 304
  /html/page                  text/html page
  /text/plain.txt             text/plain
  /lying/png-as-html          PNG bytes served as text/html
  /lying/html-as.jpg          HTML bytes served as image/jpeg
  /lying/octet-png            PNG bytes served as application/octet-stream
  /echo/headers               JSON object of the request headers (names lower-cased)
  /redirect/<rest>            302 to /<rest> (query string kept)
  /redirect-to?url=<absolute> 302 to that address, wherever it is
  /fault/500-then-200/<key>   first request per key: 500, afterwards a PNG
  /fault/hang                 sends nothing; holds the connection until the server stops (<= 60 s)
  /fault/trickle              PNG headers, then one body byte per 100 ms
  /fault/reset                headers and half of a PNG, then a TCP reset
  /fault/truncated.jpg        a JPEG cut in half (Content-Length matches the cut body)
  /fault/bomb.png             tiny PNG whose IHDR claims 30000x30000
  /fault/huge[?kind=html]     200 MB body with Content-Length (PNG signature + zeros, or HTML)
  /fault/huge-nolength[?kind=html]  same without a length, streamed until the client goes away
  /fault/huge-error[?status=&mib=]  an HTML body of <mib> MiB (50) with Content-Length, under an
                              error status (404)
  /fault/redirect-loop        302 to itself (query kept) forever
  /fault/redirect-file        302 to file:///etc/passwd
  /fault/empty                200, zero-length body, image/png
  /fault/close-after-headers  headers promising 1000 bytes, then the connection closes
  /fault/404                  404 with an HTML body
  /fault/rate-limit/<key>/<rest>[?per-second=4&retry-after=2]  serves /<rest> at most <per-second>
                              times a second per key (a bucket of that many, refilled as it empties),
                              else 429 with Retry-After: <seconds>, an HTTP date (retry-after=date, that
                              many seconds ahead) or none (retry-after=none); 503 instead with status=503
  /fault/breaks/<key>/<times>/<rest>[?ranges=0&changes=1]  serves /<rest>, but the first <times> answers
                              per key send half their body and then a TCP reset; ranges=0 ignores Range
                              (always 200); changes=1 serves the file changed (reversed, another ETag) after them
  /fault/status/<code>        that status with a small HTML body
  /fault/slow/<ms>/<rest>     waits <ms> then serves /<rest>
  /fault/paced/<bytes/s>/<rest>[?length=0&stall-after=<bytes>]  serves the file /<rest> at
                              <bytes/s> with Content-Length (without when length=0), stopping
                              for good after <bytes> when asked; its log entry's bytesSent grows
  /fault/loris[?rate=&seconds=]  PNG headers announcing 64 MB, then <rate> bytes/s (200) for <seconds> (120)
  /fault/header-flood[?count=]  a PNG behind <count> (10000) repeated X-Flood and ETag headers
  /fault/bad-validators[?kind=cr|long]  a links file whose ETag and Last-Modified hold a bare CR
                              (or are 4 KB long); If-None-Match/If-Modified-Since are logged
  /fault/tiny-lines[?mib=&kind=]  a links file of <mib> MiB (32) of "a\n" (kind=invalid: 336-byte lines of
                              a link and bytes that are not UTF-8; kind=wide: 336-byte links of Chinese
                              characters), gzipped when the client accepts it
  /__log                      JSON list of {path, method, range, userAgent, bytesSent, ifNoneMatch,
                              ifModifiedSince, ifRange, status,
                              at: when it arrived, in seconds of the server's monotonic clock}
  /__reset                    clears the log (GET or POST)
  /__pace?rate=<bytes/s>      from now on, files under --root are sent at that rate as
                              /fault/paced sends them (rate=0: at full speed again)
  anything else               a file under --root (ETag, Last-Modified, 304, Range), else 404
"""

import argparse
import email.utils
import hashlib
import io
import json
import mimetypes
import os
import re
import signal
import socket
import struct
import sys
import threading
import time
import zlib
from functools import lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

from PIL import Image, ImageDraw

HUGE_BYTES = 200 * 1024 * 1024
STREAM_CHUNK = 64 * 1024
MAX_IMAGE_SIDE = 8000
# Generated images never change, so one fixed date serves as their Last-Modified.
GENERATED_MTIME = 1_700_000_000

PIL_FORMATS = {
    "jpg": ("JPEG", "image/jpeg"),
    "jpeg": ("JPEG", "image/jpeg"),
    "png": ("PNG", "image/png"),
    "gif": ("GIF", "image/gif"),
    "webp": ("WEBP", "image/webp"),
    "bmp": ("BMP", "image/bmp"),
}

HTML_PAGE = (b"<!DOCTYPE html>\n<html><head><title>Fixture page</title></head>"
             b"<body><h1>Not an image</h1><p>This is an HTML page.</p></body></html>\n")


@lru_cache(maxsize=64)
def generated_image(width, height, fmt, seed=0):
    """A gradient with the size written on it, so screenshots show which image is which."""
    pil_format, _ = PIL_FORMATS[fmt]
    def shifted(channel, offset):
        return channel.point(lambda value: (value + offset) % 256)
    vertical = Image.linear_gradient("L").resize((width, height))
    horizontal = Image.linear_gradient("L").rotate(90).resize((width, height))
    blue = Image.new("L", (width, height), (128 + seed * 53) % 256)
    image = Image.merge("RGB", (shifted(horizontal, seed * 37), shifted(vertical, seed * 91), blue))
    draw = ImageDraw.Draw(image)
    label = f"{width}x{height} {fmt}" + (f" #{seed}" if seed else "")
    draw.text((max(2, width // 10), max(2, height // 2 - 5)), label, fill=(255, 255, 255))
    out = io.BytesIO()
    if pil_format == "GIF":
        image = image.convert("P", palette=Image.ADAPTIVE)
    image.save(out, format=pil_format)
    return out.getvalue()


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@lru_cache(maxsize=1)
def bomb_png():
    """Valid signature and chunk CRCs, but the IHDR claims 30000x30000 RGB pixels."""
    ihdr = struct.pack(">IIBBBBB", 30000, 30000, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 1024)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", idat)
            + png_chunk(b"IEND", b""))


# Lines of 336 bytes: 32 MiB of them is the most entries a list keeps (100,000), each as long
# as it can be — the list that costs the most memory to show.
LONG_LINES = {
    # Bytes that are not UTF-8 after a link's start: each would grow to three bytes of U+FFFD.
    "invalid": b"http://a/" + b"\xff" * 326 + b"\n",
    # A link of Chinese characters: its address is three times its line.
    "wide": b"http://a/" + "\u732b".encode() * 108 + b"/\n",
}


@lru_cache(maxsize=3)
def tiny_lines(mebibytes, kind="tiny"):
    """``a\\n`` (or a line of `LONG_LINES`) repeated to fill <mebibytes> MiB, plain and gzipped
    (a few KB per MiB)."""
    line = LONG_LINES.get(kind, b"a\n")
    body = line * (mebibytes * 1024 * 1024 // len(line))
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    return body, compressor.compress(body) + compressor.flush()


def huge_prefix(kind):
    if kind == "html":
        return b"<!DOCTYPE html>\n<html><body>" + b" " * 200, "text/html; charset=utf-8"
    return b"\x89PNG\r\n\x1a\n", "image/png"


class FixtureServer(ThreadingHTTPServer):
    # http.server's default backlog of 5 stalls parallel clients for a second.
    request_queue_size = 128
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, root):
        super().__init__(address, FixtureHandler)
        self.root = os.path.realpath(root) if root else None
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.log = []
        self.failed_once = set()
        # /fault/rate-limit: per key, (tokens, time of the last refill); /fault/breaks: answers broken.
        self.buckets = {}
        self.breaks = {}
        # Bytes per second for files under --root, set by /__pace (None: as fast as possible).
        self.pace = None


class FixtureHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "LinkGalleryFixture/1.0"

    # --- plumbing -------------------------------------------------------------------------

    def log_message(self, format, *args):
        sys.stderr.write("fixture: %s %s\n" % (self.address_string(), format % args))

    def do_GET(self):
        self.handle_request(head_only=False)

    def do_HEAD(self):
        self.handle_request(head_only=True)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        if urlsplit(self.path).path == "/__reset":
            self.reset_log()
        else:
            self.send_simple(405, b"method not allowed\n", "text/plain")

    def handle_request(self, head_only):
        self.head_only = head_only
        self.bytes_sent = 0
        self.log_entry = None
        self.break_midway = False
        self.ignore_ranges = False
        self.changed_file = False
        parts = urlsplit(self.path)
        if parts.path == "/__log":
            with self.server.lock:
                body = json.dumps(self.server.log).encode()
            return self.send_simple(200, body, "application/json")
        if parts.path == "/__reset":
            return self.reset_log()
        if parts.path == "/__pace":
            rate = int(parse_qs(parts.query).get("rate", ["0"])[0])
            self.server.pace = rate if rate > 0 else None
            return self.send_simple(200, b"ok\n", "text/plain")
        entry = {"path": self.path, "method": self.command, "range": self.headers.get("Range"),
                 "userAgent": self.headers.get("User-Agent"), "bytesSent": None,
                 "ifNoneMatch": self.headers.get("If-None-Match"),
                 "ifModifiedSince": self.headers.get("If-Modified-Since"),
                 "ifRange": self.headers.get("If-Range"), "status": None, "at": time.monotonic()}
        with self.server.lock:
            self.server.log.append(entry)
        self.log_entry = entry
        try:
            self.route(parts.path, parse_qs(parts.query), parts.query)
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            # The client went away (cancelled, body cap, rejected): that is what faults test.
            self.close_connection = True
        finally:
            with self.server.lock:
                entry["bytesSent"] = self.bytes_sent

    def reset_log(self):
        with self.server.lock:
            self.server.log.clear()
            self.server.failed_once.clear()
            self.server.buckets.clear()
            self.server.breaks.clear()
        self.send_simple(200, b"[]", "application/json")

    def send_response(self, code, message=None):
        if getattr(self, "log_entry", None) is not None:
            with self.server.lock:
                self.log_entry["status"] = code
        super().send_response(code, message)

    def write_body(self, data):
        if self.head_only:
            return
        self.wfile.write(data)
        self.bytes_sent += len(data)

    def send_simple(self, status, body, content_type, extra_headers=()):
        if self.break_midway and status in (200, 206) and body:
            return self.reset_midway(body, content_type, extra_headers, status)
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra_headers:
            self.send_header(name, value)
        self.end_headers()
        self.write_body(body)

    def send_cacheable(self, body, content_type, etag, mtime):
        """ETag/Last-Modified validators, 304 on a match, 206 for a single byte range."""
        last_modified = email.utils.formatdate(mtime, usegmt=True)
        validators = [("ETag", etag), ("Last-Modified", last_modified),
                      ("Cache-Control", "max-age=60"), ("Accept-Ranges", "bytes")]
        if self.not_modified(etag, mtime):
            self.send_response(304)
            for name, value in validators:
                self.send_header(name, value)
            self.end_headers()
            return
        # If-Range: the range only while the file is the one the client began (RFC 9110 13.1.5).
        if_range = self.headers.get("If-Range")
        still_same = if_range is None or if_range in (etag, last_modified)
        byte_range = None if self.ignore_ranges or not still_same else self.parse_range(len(body))
        if byte_range == "unsatisfiable":
            return self.send_simple(416, b"", "text/plain",
                                    [("Content-Range", "bytes */%d" % len(body))])
        if byte_range is None:
            return self.send_simple(200, body, content_type, validators)
        start, end = byte_range
        self.send_simple(206, body[start:end + 1], content_type,
                         validators + [("Content-Range", "bytes %d-%d/%d" % (start, end, len(body)))])

    def not_modified(self, etag, mtime):
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            tags = [tag.strip() for tag in if_none_match.split(",")]
            return "*" in tags or etag in tags or ("W/" + etag) in tags
        if_modified_since = self.headers.get("If-Modified-Since")
        if if_modified_since:
            try:
                since = email.utils.parsedate_to_datetime(if_modified_since).timestamp()
            except (TypeError, ValueError):
                return False
            return int(mtime) <= since
        return False

    def parse_range(self, length):
        header = self.headers.get("Range")
        match = re.fullmatch(r"bytes=(\d*)-(\d*)", header.strip()) if header else None
        if not match or match.group(1) == match.group(2) == "":
            return None
        first, last = match.groups()
        if first == "":
            start, end = max(0, length - int(last)), length - 1
        else:
            start = int(first)
            end = min(int(last), length - 1) if last else length - 1
        if start >= length or start > end:
            return "unsatisfiable"
        return start, end

    def sleep_or_stop(self, seconds):
        """Sleeps, but returns True at once when the server is shutting down."""
        return self.server.stopping.wait(seconds)

    # --- routing --------------------------------------------------------------------------

    def route(self, path, query, raw_query):
        if path.startswith("/img"):
            return self.serve_image(path, query)
        simple = {
            "/html/page": (HTML_PAGE, "text/html; charset=utf-8"),
            "/text/plain.txt": (b"Just some plain text.\nNot an image at all.\n", "text/plain; charset=utf-8"),
            "/lying/png-as-html": (lambda: generated_image(64, 48, "png"), "text/html"),
            "/lying/html-as.jpg": (HTML_PAGE, "image/jpeg"),
            "/lying/octet-png": (lambda: generated_image(64, 48, "png"), "application/octet-stream"),
        }
        if path in simple:
            body, content_type = simple[path]
            return self.send_simple(200, body() if callable(body) else body, content_type)
        if path == "/echo/headers":
            headers = {name.lower(): value for name, value in self.headers.items()}
            return self.send_simple(200, json.dumps(headers).encode(), "application/json")
        if path == "/redirect-to":
            return self.send_simple(302, b"", "text/plain", [("Location", query.get("url", ["/"])[0])])
        if path.startswith("/redirect/"):
            target = "/" + path[len("/redirect/"):] + ("?" + raw_query if raw_query else "")
            return self.send_simple(302, b"", "text/plain", [("Location", target)])
        if path.startswith("/fault/"):
            return self.serve_fault(path[len("/fault/"):], query, raw_query)
        return self.serve_file(path)

    def serve_image(self, path, query):
        match = (re.fullmatch(r"/img/(\d+)x(\d+)\.(\w+)", path)
                 or re.fullmatch(r"/img/(\d+)x(\d+)/(\w+)", path))
        seed = 0
        if match:
            width, height, fmt = int(match.group(1)), int(match.group(2)), match.group(3).lower()
        elif path == "/img":
            try:
                width = int(query.get("w", ["64"])[0])
                height = int(query.get("h", ["64"])[0])
                seed = int(query.get("seed", ["0"])[0])
            except ValueError:
                return self.send_simple(400, b"bad numbers\n", "text/plain")
            fmt = query.get("fmt", ["png"])[0].lower()
        else:
            return self.send_simple(404, HTML_PAGE, "text/html")
        if fmt not in PIL_FORMATS or not (1 <= width <= MAX_IMAGE_SIDE and 1 <= height <= MAX_IMAGE_SIDE):
            return self.send_simple(404, HTML_PAGE, "text/html")
        body = generated_image(width, height, fmt, seed)
        etag = '"%s"' % hashlib.sha1(body).hexdigest()[:16]
        self.send_cacheable(body, PIL_FORMATS[fmt][1], etag, GENERATED_MTIME)

    def serve_file(self, path):
        if self.server.pace:
            return self.serve_paced(self.server.pace, path)
        root = self.server.root
        if root is None:
            return self.send_simple(404, HTML_PAGE, "text/html")
        full = os.path.realpath(os.path.join(root, unquote(path).lstrip("/")))
        if not full.startswith(root + os.sep) or not os.path.isfile(full):
            return self.send_simple(404, HTML_PAGE, "text/html")
        with open(full, "rb") as handle:
            body = handle.read()
        stat = os.stat(full)
        etag = '"%x-%x"' % (stat.st_mtime_ns, stat.st_size)
        if self.changed_file:
            body, etag = body[::-1], etag[:-1] + '-changed"'
        content_type = "text/plain; charset=utf-8" if full.endswith(".txt") else "application/octet-stream"
        for extension, (_, mime) in PIL_FORMATS.items():
            if full.endswith("." + extension):
                content_type = mime
        self.send_cacheable(body, content_type, etag, stat.st_mtime)

    # --- faults ---------------------------------------------------------------------------

    def serve_fault(self, name, query, raw_query):
        png = generated_image(64, 48, "png")
        if name.startswith("500-then-200/"):
            key = name[len("500-then-200/"):]
            with self.server.lock:
                first_time = key not in self.server.failed_once
                self.server.failed_once.add(key)
            if first_time:
                return self.send_simple(500, b"<html><body>Internal error</body></html>", "text/html")
            return self.send_simple(200, png, "image/png")
        if name.startswith("slow/"):
            match = re.fullmatch(r"slow/(\d+)/(.*)", name)
            if not match:
                return self.send_simple(400, b"bad delay\n", "text/plain")
            if self.sleep_or_stop(int(match.group(1)) / 1000):
                return
            rest = "/" + match.group(2)
            return self.route(rest, query, raw_query)
        if name.startswith("paced/"):
            match = re.fullmatch(r"paced/(\d+)/(.*)", name)
            if not match or int(match.group(1)) <= 0:
                return self.send_simple(400, b"bad rate\n", "text/plain")
            stall_after = query.get("stall-after", [None])[0]
            return self.serve_paced(int(match.group(1)), "/" + match.group(2),
                                    with_length=query.get("length", ["1"])[0] != "0",
                                    stall_after=int(stall_after) if stall_after else None)
        if name == "hang":
            self.sleep_or_stop(60)
            self.close_connection = True
            return
        if name == "trickle":
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(png)))
            self.end_headers()
            self.wfile.flush()
            for index in range(len(png)):
                if self.sleep_or_stop(0.1):
                    break
                self.write_body(png[index:index + 1])
                self.wfile.flush()
            self.close_connection = True
            return
        if name == "reset":
            return self.reset_midway(png)
        if name == "truncated.jpg":
            jpeg = generated_image(320, 240, "jpg")
            return self.send_simple(200, jpeg[:len(jpeg) // 2], "image/jpeg")
        if name == "bomb.png":
            return self.send_simple(200, bomb_png(), "image/png")
        if name in ("huge", "huge-nolength"):
            return self.stream_huge(query.get("kind", ["png"])[0], with_length=(name == "huge"))
        if name == "huge-error":
            return self.stream_huge("html", with_length=True, status=int(query.get("status", ["404"])[0]),
                                    length=int(query.get("mib", ["50"])[0]) * 1024 * 1024)
        if name == "redirect-loop":
            # The query survives each hop, so a test can count its own hops in the shared log.
            target = "/fault/redirect-loop" + ("?" + raw_query if raw_query else "")
            return self.send_simple(302, b"", "text/plain", [("Location", target)])
        if name == "redirect-file":
            return self.send_simple(302, b"", "text/plain", [("Location", "file:///etc/passwd")])
        if name == "empty":
            return self.send_simple(200, b"", "image/png")
        if name == "close-after-headers":
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.close_connection = True
            return
        if name.startswith("rate-limit/"):
            return self.serve_rate_limited(name[len("rate-limit/"):], query, raw_query)
        if name.startswith("breaks/"):
            match = re.fullmatch(r"breaks/([^/]+)/(\d+)/(.*)", name)
            if not match:
                return self.send_simple(400, b"bad breaks\n", "text/plain")
            key, times = match.group(1), int(match.group(2))
            with self.server.lock:
                broken = self.server.breaks.get(key, 0)
                self.break_midway = broken < times
                if self.break_midway:
                    self.server.breaks[key] = broken + 1
            self.ignore_ranges = query.get("ranges", ["1"])[0] == "0"
            self.changed_file = not self.break_midway and query.get("changes", ["0"])[0] == "1"
            return self.route("/" + match.group(3), query, raw_query)
        if name.startswith("status/") and name[len("status/"):].isdigit():
            return self.send_simple(int(name[len("status/"):]), b"<html><body>Status</body></html>", "text/html")
        if name == "404":
            return self.send_simple(404, b"<html><body><h1>404 Not Found</h1></body></html>", "text/html")
        if name == "loris":
            return self.serve_loris(int(query.get("rate", ["200"])[0]), float(query.get("seconds", ["120"])[0]))
        if name == "header-flood":
            # 10,000 of each stays under libcurl's 300 KB limit for a whole response head.
            count = int(query.get("count", ["10000"])[0])
            return self.send_simple(200, png, "image/png", [("X-Flood", "x"), ("ETag", '"f"')] * count)
        if name == "bad-validators":
            kind = query.get("kind", ["cr"])[0]
            if kind == "long":
                etag, last_modified = '"%s"' % ("e" * 4096), "Tue, 14 Nov 2023 22:13:20 GMT" + ";x" * 2048
            else:
                etag, last_modified = '"abc\rX-Injected: 1"', "Tue, 14 Nov 2023\r22:13:20 GMT"
            body = ("%s\n" % self.server_url("/img/32x32.png")).encode()
            return self.send_simple(200, body, "text/plain; charset=utf-8",
                                    [("ETag", etag), ("Last-Modified", last_modified)])
        if name == "tiny-lines":
            return self.serve_tiny_lines(int(query.get("mib", ["32"])[0]), query.get("kind", ["tiny"])[0])
        return self.send_simple(404, HTML_PAGE, "text/html")

    def server_url(self, path):
        return "http://127.0.0.1:%d%s" % (self.server.server_address[1], path)

    def serve_paced(self, rate, path, with_length=True, stall_after=None):
        """A file from --root, sent a tenth of `rate` every 100 ms, so downloads are in flight for
        as long as a test needs; the log shows how far each got. Without a length the connection
        ends the body; `stall_after` bytes in, nothing more is sent until the server stops."""
        root = self.server.root
        full = os.path.realpath(os.path.join(root or "/nonexistent", unquote(path).lstrip("/")))
        if root is None or not full.startswith(root + os.sep) or not os.path.isfile(full):
            return self.send_simple(404, HTML_PAGE, "text/html")
        with open(full, "rb") as handle:
            body = handle.read()
        self.send_response(200)
        self.send_header("Content-Type", mimetypes.guess_type(full)[0] or "image/jpeg")
        if with_length:
            self.send_header("Content-Length", str(len(body)))
        else:
            self.close_connection = True
        self.end_headers()
        step = max(1, rate // 10)
        for start in range(0, len(body), step):
            if stall_after is not None and start >= stall_after:
                self.sleep_or_stop(120)
                self.close_connection = True
                return
            end = start + step if stall_after is None else min(start + step, stall_after)
            self.write_body(body[start:end])
            self.wfile.flush()
            with self.server.lock:
                self.log_entry["bytesSent"] = self.bytes_sent
            if self.sleep_or_stop(0.1):
                return

    def serve_loris(self, rate, seconds):
        """A slow-loris: a plausible image that arrives at a few hundred bytes a second."""
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(64 * 1024 * 1024))
        self.end_headers()
        self.close_connection = True
        self.write_body(b"\x89PNG\r\n\x1a\n")
        self.wfile.flush()
        chunk = b"\x00" * max(1, rate // 10)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not self.sleep_or_stop(0.1):
            self.write_body(chunk)
            self.wfile.flush()

    def serve_tiny_lines(self, mebibytes, kind):
        body, gzipped = tiny_lines(mebibytes, kind)
        accepts_gzip = "gzip" in (self.headers.get("Accept-Encoding") or "")
        headers = [("ETag", '"%s-%d"' % (kind, mebibytes))]
        if accepts_gzip:
            headers.append(("Content-Encoding", "gzip"))
        self.send_simple(200, gzipped if accepts_gzip else body, "text/plain; charset=utf-8", headers)

    def serve_rate_limited(self, rest, query, raw_query):
        key, _, target = rest.partition("/")
        per_second = float(query.get("per-second", ["4"])[0])
        now = time.monotonic()
        with self.server.lock:
            tokens, since = self.server.buckets.get(key, (per_second, now))
            tokens = min(per_second, tokens + (now - since) * per_second)
            allowed = tokens >= 1
            self.server.buckets[key] = (tokens - 1 if allowed else tokens, now)
        if allowed:
            return self.route("/" + target, query, raw_query)
        retry_after = query.get("retry-after", ["2"])[0]
        headers = []
        if retry_after == "date":
            headers.append(("Retry-After", email.utils.formatdate(time.time() + 2, usegmt=True)))
        elif retry_after != "none":
            headers.append(("Retry-After", retry_after))
        status = int(query.get("status", ["429"])[0])
        self.send_simple(status, b"<html><body>Too many requests</body></html>", "text/html", headers)

    def reset_midway(self, body, content_type="image/png", extra_headers=(), status=200):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra_headers:
            self.send_header(name, value)
        self.end_headers()
        self.write_body(body[:len(body) // 2])
        self.wfile.flush()
        # Give the bytes time to reach the client: an RST discards unsent data.
        self.sleep_or_stop(0.2)
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        # The socket's fd closes only once every makefile() wrapper is closed too.
        self.wfile.close()
        self.rfile.close()
        self.connection.close()
        self.close_connection = True

    def stream_huge(self, kind, with_length, status=200, length=HUGE_BYTES):
        prefix, content_type = huge_prefix(kind)
        filler = (b" " if kind == "html" else b"\x00") * STREAM_CHUNK
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if with_length:
            self.send_header("Content-Length", str(length))
        else:
            # No length and no chunking: the body ends when the connection closes.
            self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        if self.head_only:
            return
        self.write_body(prefix)
        remaining = length - len(prefix)
        while remaining > 0 and not self.server.stopping.is_set():
            piece = filler[:min(STREAM_CHUNK, remaining)]
            self.write_body(piece)
            remaining -= len(piece)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (0.0.0.0: every address of a test's own network namespace)")
    parser.add_argument("--root", help="directory served for paths no endpoint claims")
    parser.add_argument("--exit-on-stdin-eof", action="store_true",
                        help="exit when stdin closes (the test process died)")
    args = parser.parse_args()

    server = FixtureServer((args.host, args.port), args.root)

    def stop(*_):
        server.stopping.set()
        sys.stderr.flush()
        # Handler threads may sleep in faults; daemon threads die with the process.
        os._exit(0)

    # Parents may spawn us from a thread that blocks signals (Foundation's Process does), and the
    # mask is inherited: without this SIGTERM would stay pending forever.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    if args.exit_on_stdin_eof:
        def watch_stdin():
            while sys.stdin.buffer.read(4096):
                pass
            stop()
        threading.Thread(target=watch_stdin, daemon=True).start()

    sys.stdout.write("PORT %d\n" % server.server_address[1])
    sys.stdout.flush()
    server.serve_forever(poll_interval=0.2)


if __name__ == "__main__":
    main()
