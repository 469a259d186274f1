"""The app killed with SIGKILL while it downloads camera photos, at a different moment each
time, and started again on the same cache: no temporary file is ever left in the cache, and
in the end every photo shows (so every file it kept was whole: damaged ones are read as
missing and fetched again)."""

import random
import signal
import time

from camera_photos import COLOURS, write_photo
from harness import App, wait_for
from test_viewer import images_loaded

PHOTOS = 6
RATE = 300_000  # bytes a second per download: 2–3 MB photos take several seconds


def leftovers(cache):
    return sorted(str(path) for path in cache.rglob("*") if path.name.startswith(".tmp-"))


def cache_files(cache):
    return sorted(path for folder in ("originals", "thumbnails") for path in (cache / folder).glob("*") if path.is_file())


def test_killed_while_downloading_leaves_no_temporary_file_and_loses_nothing(display, server, tmp_path):
    for index in range(PHOTOS):
        write_photo(server.root / f"crash-{index}.jpg", 2400, 1600, COLOURS[index])
    links = server.write("crash.txt", "\n".join(
        server.url(f"/fault/paced/{RATE}/crash-{index}.jpg") for index in range(PHOTOS)) + "\n")
    home = tmp_path / "home"
    chooser = random.Random(23)
    for round_ in range(3):
        server.reset_log()
        app = App(display, links, home=home)
        # A moment chosen by the downloads' progress, not by the clock: some bytes of at least
        # one photo are in, at a different amount each round.
        threshold = chooser.randrange(50_000, 600_000)
        wait_for(lambda: any((entry.get("bytesSent") or 0) >= threshold
                             for entry in server.log() if "/fault/paced/" in entry["path"]), 60,
                 message=f"a download {threshold} bytes in")
        app.process.send_signal(signal.SIGKILL)
        app.process.wait(10)
        assert leftovers(app.cache) == [], f"round {round_}: temporary files left"
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
