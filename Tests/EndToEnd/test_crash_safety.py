"""The app killed with SIGKILL while it downloads camera photos, at a different moment each
time, and started again on the same cache: no temporary file is ever left in the cache, and
in the end every photo shows (so every file it kept was whole: damaged ones are read as
missing and fetched again)."""

import random
import signal
import subprocess

from camera_photos import COLOURS, write_photo
from harness import App, binary, wait_for
from test_viewer import images_loaded

PHOTOS = 6
RATE = 300_000  # bytes a second per download: each photo takes several seconds
KILL_BEFORE = 600_000  # bytes of one download: far from the end of any photo, even under load


def leftovers(cache):
    return sorted(str(path) for path in cache.rglob("*") if path.name.startswith(".tmp-"))


def start_bare(display, links, home):
    """The app on the same cache as `App` gives it, without waiting for it to appear on the
    accessibility bus: on a loaded machine that wait outlasted whole downloads, and the kill
    then came after them."""
    env = dict(display.env, XDG_CACHE_HOME=str(home / "cache"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), GSETTINGS_BACKEND="keyfile")
    return subprocess.Popen([binary(), "--links-url", links], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def cache_files(cache):
    return sorted(path for folder in ("originals", "thumbnails") for path in (cache / folder).glob("*") if path.is_file())


def test_killed_while_downloading_leaves_no_temporary_file_and_loses_nothing(display, server, tmp_path):
    smallest = None
    for index in range(PHOTOS):
        photo = write_photo(server.root / f"crash-{index}.jpg", 3000, 2000, COLOURS[index])
        # A kill always lands mid-download, however late it comes on a loaded machine.
        assert photo.stat().st_size > 3 * KILL_BEFORE, photo.stat().st_size
        smallest = min(smallest or photo.stat().st_size, photo.stat().st_size)
    links = server.write("crash.txt", "\n".join(
        server.url(f"/fault/paced/{RATE}/crash-{index}.jpg") for index in range(PHOTOS)) + "\n")
    home = tmp_path / "home"
    chooser = random.Random(23)
    for round_ in range(3):
        server.reset_log()
        process = start_bare(display, links, home)
        cache = home / "cache" / "io.github.linkgallery.LinkGallery"
        # A moment chosen by the downloads' progress, not by the clock: some bytes of at least
        # one photo are in, at a different amount each round.
        threshold = chooser.randrange(50_000, KILL_BEFORE)
        try:
            wait_for(lambda: any((entry.get("bytesSent") or 0) >= threshold
                                 for entry in server.log() if "/fault/paced/" in entry["path"]), 60,
                     message=f"round {round_}: a download {threshold} bytes in")
        finally:
            process.send_signal(signal.SIGKILL)
            process.wait(10)
        sent = [entry.get("bytesSent") or 0 for entry in server.log() if "/fault/paced/" in entry["path"]]
        assert any(0 < count < smallest for count in sent), f"round {round_}: killed mid-download ({sent})"
        assert leftovers(cache) == [], f"round {round_}: temporary files left"
    app = App(display, links, home=home)
    try:
        wait_for(lambda: images_loaded(app, PHOTOS), 120, message="every photo's thumbnail")
        names = [tile.name for tile in app.tiles()]
        assert not any("(" in name.split("/")[-1] for name in names), names
        assert leftovers(app.cache) == []
        assert len([path for path in cache_files(app.cache) if path.parent.name == "originals"]) == PHOTOS
    finally:
        app.stop()
    assert leftovers(app.cache) == []
