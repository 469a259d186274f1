"""Real servers (issue 53), as a person meets them: a host that allows a few requests a second
and answers the rest 429 with Retry-After delivers every picture by itself, its waiting tiles
saying "Waiting for <host>"; a photo whose connection breaks halfway, twice, arrives whole,
its halves joined where the server offers ranges and fetched again cleanly where it does not."""

from PIL import Image

from harness import App, wait_for

WAITING = "Waiting for 127.0.0.1"


def loaded(app, urls):
    names = {tile.name for tile in app.tiles()}
    return all(f"Image {url}" in names for url in urls)


def test_a_rate_limited_host_delivers_every_picture_at_its_pace(display, server):
    pictures = [server.url(f"/fault/rate-limit/grid/img/240x160/png?seed={index}&per-second=2&retry-after=3")
                for index in range(12)]
    links = server.write("rate-limited.txt", "\n".join(pictures) + "\n")
    app = App(display, links)
    try:
        waiting = wait_for(lambda: next((tile.name for tile in app.tiles() if WAITING in (tile.name or "")), None), 30,
                           message="a tile says which host it waits for")
        assert "(loading)" not in waiting
        display.screenshot("rate-limited-waiting")
        wait_for(lambda: loaded(app, pictures), 60, message="every picture, by itself")
        display.screenshot("rate-limited-loaded")
        log = [entry for entry in server.log() if "/fault/rate-limit/grid/" in entry["path"]]
        refusals = [entry for entry in log if entry["status"] == 429]
        assert len(refusals) <= 8, f"the host was asked at its pace, not hammered: {len(refusals)} refusals"
        assert not any(WAITING in (tile.name or "") for tile in app.tiles()), "nothing waits any more"
    finally:
        app.stop()


def test_a_photo_whose_connection_breaks_twice_arrives_whole(display, server):
    Image.effect_noise((1600, 1200), 64).convert("RGB").save(server.root / "photo.jpg", quality=95)
    size = (server.root / "photo.jpg").stat().st_size
    ranged = server.url("/fault/breaks/e2e-ranged/2/photo.jpg")
    whole = server.url("/fault/breaks/e2e-whole/2/photo.jpg?ranges=0")
    links = server.write("broken.txt", f"{ranged}\n{whole}\n")
    app = App(display, links)
    try:
        wait_for(lambda: loaded(app, [ranged, whole]), 60, message="both photos, whole")
        log = server.log()
        ranged_log = [entry for entry in log if entry["path"] == "/fault/breaks/e2e-ranged/2/photo.jpg"]
        assert [entry["status"] for entry in ranged_log] == [200, 206, 206]
        assert all(entry["range"] and entry["ifRange"] for entry in ranged_log[1:]), "the rest asked for, if unchanged"
        sent = sum(entry["bytesSent"] or 0 for entry in ranged_log)
        assert sent <= size * 1.01, f"{sent} bytes sent for a {size}-byte photo"
        whole_log = [entry for entry in log if entry["path"] == "/fault/breaks/e2e-whole/2/photo.jpg?ranges=0"]
        assert [entry["status"] for entry in whole_log] == [200, 200, 200], "started again cleanly"
        display.screenshot("broken-downloads")
    finally:
        app.stop()
