"""A list on a public server cannot make the app knock on the person's own network (issue 53):
its links to loopback — named, or reached by a redirect — are not fetched, and their tiles say
why; a list served from a local address may name them. A test never sends traffic beyond
127.0.0.0/8: the app runs in a network namespace of the test's own, whose loopback also carries
203.0.113.7 (TEST-NET-3, a documentation range the rule counts as public), and the fixture
server runs there on every address of it."""

import os
import signal
from pathlib import Path

from PIL import Image

from harness import App, wait_for

PUBLIC = "203.0.113.7"
PORT = 8080
SERVER = Path(__file__).resolve().parent.parent / "Fixtures" / "fixture_server.py"
REFUSED = "A public list cannot open a local address"


def in_own_network(root):
    """The app in a new network namespace whose loopback is up and also carries PUBLIC, with the
    fixture server listening there on PORT (its stderr, the requests it saw, in root/server.log)."""
    script = (f'ip link set lo up && ip addr add {PUBLIC}/32 dev lo && '
              f'{{ /usr/bin/python3 {SERVER} --host 0.0.0.0 --port {PORT} --root {root} '
              f'> {root}/port 2> {root}/server.log & echo $! > {root}/server.pid; }} && '
              f'for i in $(seq 100); do [ -s {root}/port ] && break; sleep 0.05; done && exec "$0" "$@"')
    return ("unshare", "--net", "sh", "-c", script)


def stop_server(root):
    """Stops this test's fixture server, by the process id it was started as (nothing else on
    the machine is looked at)."""
    pid_file = root / "server.pid"
    if pid_file.exists() and pid_file.read_text().strip().isdigit():
        try:
            os.kill(int(pid_file.read_text()), signal.SIGTERM)
        except ProcessLookupError:
            pass


def write_picture(root, name):
    Image.new("RGB", (160, 120), (40, 160, 90)).save(root / name)


def requested(root, fragment):
    log = (root / "server.log").read_text(errors="replace") if (root / "server.log").exists() else ""
    return [line for line in log.splitlines() if fragment in line]


def tile_named(app, fragment):
    return next((tile.name for tile in app.tiles() if fragment in (tile.name or "")), None)


def test_a_public_list_cannot_open_local_addresses_and_a_local_list_can(display, tmp_path):
    assert os.geteuid() == 0, "a network namespace needs root (tools/test runs as root)"
    root = tmp_path / "served"
    root.mkdir()
    write_picture(root, "public.png")
    write_picture(root, "router.png")
    loopback = f"http://127.0.0.1:{PORT}/router.png?named"
    redirected = f"http://{PUBLIC}:{PORT}/redirect-to?url=http://127.0.0.1:{PORT}/router.png%3Fredirected"
    public = f"http://{PUBLIC}:{PORT}/public.png"
    (root / "list.txt").write_text("\n".join([public, loopback, redirected]) + "\n")

    app = App(display, f"http://{PUBLIC}:{PORT}/list.txt", wrapper=in_own_network(root))
    try:
        wait_for(lambda: f"Image {public}" in {tile.name for tile in app.tiles()}, 60,
                 message="the public picture loads")
        for link in (loopback, redirected):
            wait_for(lambda: REFUSED in (tile_named(app, link) or ""), 60, message=f"{link} refused, saying why")
        display.screenshot("private-network-refused")
        assert requested(root, "\"GET /router.png") == [], "no request reached the local address"
        assert requested(root, "\"GET /redirect-to"), "the redirect was asked for; where it led was not"
    finally:
        app.stop()
        stop_server(root)

    # The same links in a list served from the namespace's loopback: a local list may name them.
    (root / "local.txt").write_text("\n".join([public, loopback]) + "\n")
    app = App(display, f"http://127.0.0.1:{PORT}/local.txt", wrapper=in_own_network(root))
    try:
        for link in (public, loopback):
            wait_for(lambda: f"Image {link}" in {tile.name for tile in app.tiles()}, 60,
                     message=f"{link} loads from a local list")
        display.screenshot("private-network-local-list")
        assert requested(root, "\"GET /router.png?named"), "the local list's link was fetched"
    finally:
        app.stop()
        stop_server(root)
