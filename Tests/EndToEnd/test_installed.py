"""The installed app as a Russian-speaking person starts it from the desktop: installed with meson
into a prefix, launched from its .desktop file by `gio launch` (no arguments, exactly like a
launcher), with LANGUAGE=ru. It must find its translations under <prefix>/share/locale by itself
and its links file through the installed GSettings schema.

The install is session-scoped. LINK_GALLERY_PREFIX may name an existing install to test instead.
Otherwise meson installs into a temp prefix; when an already-built binary is at hand
(LINK_GALLERY_BIN, as tools/test sets it, or the default debug build) it takes the place of
meson's release build, which would take minutes on a small machine. Everything else — desktop
file, metainfo, schema, icons, translations — comes from meson install itself.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pyatspi
import pytest

from harness import ROOT, wait_for

APP_ID = "io.github.linkgallery.LinkGallery"


def run(*command, **kwargs):
    result = subprocess.run([str(part) for part in command], capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, command))} failed ({result.returncode}):\n"
                             f"{result.stdout}\n{result.stderr}")
    return result.stdout


def prebuilt_binary():
    path = os.environ.get("LINK_GALLERY_BIN") or str(ROOT / ".build" / "debug" / "link-gallery")
    return Path(path) if os.path.exists(path) else None


def meson_install(prefix, build):
    run("meson", "setup", build, ROOT, f"--prefix={prefix}",
        # A full meson build shares SwiftPM's release products with tools/run.
        f"-Dswiftpm_scratch_path={ROOT / '.build'}")
    binary = prebuilt_binary()
    if binary is None:
        run("meson", "install", "-C", build)
        return
    # Build every target except the Swift one, put the prebuilt binary where meson expects its
    # output, and install without letting ninja rebuild it.
    targets = json.loads(run("meson", "introspect", "--targets", build))
    # Only what gets installed: run targets such as update-po would rewrite the source tree.
    outputs = [os.path.relpath(output, build) for target in targets
               if target.get("installed") and target["name"] != "link-gallery"
               for output in target["filename"]]
    run("ninja", "-C", build, *outputs)
    shutil.copy2(binary, Path(build) / "link-gallery")
    run("meson", "install", "-C", build, "--no-rebuild")


@pytest.fixture(scope="session")
def prefix():
    existing = os.environ.get("LINK_GALLERY_PREFIX")
    if existing:
        path = Path(existing)
        scratch = None
    else:
        scratch = Path(tempfile.mkdtemp(prefix="lg-install-"))
        path = scratch / "prefix"
        meson_install(path, scratch / "build")
    schemas = path / "share" / "glib-2.0" / "schemas"
    # meson's post-install step compiles the schemas, but not under DESTDIR or for a hand-made
    # prefix: compiling again is cheap and makes the prefix usable either way.
    run("glib-compile-schemas", "--strict", schemas)
    yield path
    if scratch is not None:
        shutil.rmtree(scratch, ignore_errors=True)


def test_install_lays_out_the_desktop_files(prefix):
    share = prefix / "share"
    assert os.access(prefix / "bin" / "link-gallery", os.X_OK)
    desktop = (share / "applications" / f"{APP_ID}.desktop").read_text()
    assert "Exec=link-gallery %U\n" in desktop and "MimeType=text/uri-list;" in desktop
    assert "GenericName[ru]=Галерея изображений" in desktop
    metainfo = (share / "metainfo" / f"{APP_ID}.metainfo.xml").read_text()
    assert '<summary xml:lang="ru">Просмотр изображений по списку ссылок</summary>' in metainfo
    assert (share / "glib-2.0" / "schemas" / "gschemas.compiled").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    assert (share / "icons" / "hicolor" / "symbolic" / "apps" / f"{APP_ID}-symbolic.svg").is_file()
    # The compiled catalog holds the UI strings, not only the data files' ones.
    catalog = share / "locale" / "ru" / "LC_MESSAGES" / "link-gallery.mo"
    assert "Обновить".encode() in catalog.read_bytes()


def launch_environment(display, prefix, home):
    env = dict(display.env)
    env.update({
        "PATH": f"{prefix / 'bin'}:{env.get('PATH', '/usr/bin:/bin')}",
        "XDG_DATA_DIRS": f"{prefix / 'share'}:{env.get('XDG_DATA_DIRS', '/usr/local/share:/usr/share')}",
        "GSETTINGS_SCHEMA_DIR": str(prefix / "share" / "glib-2.0" / "schemas"),
        # Settings in a keyfile under this test's XDG_CONFIG_HOME, never the user's dconf.
        "GSETTINGS_BACKEND": "keyfile",
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "XDG_DATA_HOME": str(home / "data"),
        # gettext ignores LANGUAGE in the plain "C" locale; C.UTF-8 exists everywhere.
        "LC_ALL": "C.UTF-8",
        "LANGUAGE": "ru",
        "GTK_A11Y": "atspi",
    })
    for name in ("LINK_GALLERY_LOCALEDIR", "NO_AT_BRIDGE", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    return env


def installed_app(prefix, launched_after):
    """The AT-SPI application whose process runs <prefix>/bin/link-gallery."""
    executable = (prefix / "bin" / "link-gallery").resolve()
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is None:
            continue
        pid = app.get_process_id()
        try:
            exe = Path(os.readlink(f"/proc/{pid}/exe"))
        except OSError:
            continue
        if exe == executable and pid not in launched_after:
            return app, pid
    return None


def running_pids():
    return {int(name) for name in os.listdir("/proc") if name.isdigit()}


def names(root, role):
    found = pyatspi.utils.findAllDescendants(root, lambda node: node.getRoleName() == role)
    return [node.name for node in found]


def test_desktop_launch_shows_the_russian_ui(display, server, prefix):
    lines = [server.url("/img/320x240.png"), server.url("/html/page"), "просто слова"]
    links_url = server.write("installed.txt", "\n".join(lines) + "\n")
    home = Path(tempfile.mkdtemp(prefix="lg-home-"))
    env = launch_environment(display, prefix, home)
    # gio launch passes no arguments: the links file comes from the installed schema's key.
    run("gsettings", "set", APP_ID, "links-url", links_url, env=env)
    assert run("gsettings", "get", APP_ID, "links-url", env=env).strip() == f"'{links_url}'"

    before = running_pids()
    # The app inherits gio's stdout and stderr: a file, not a pipe that would stay open.
    log = home / "app.log"
    with open(log, "w") as output:
        launched = subprocess.run(["gio", "launch", str(prefix / "share" / "applications" / f"{APP_ID}.desktop")],
                                  env=env, stdout=output, stderr=subprocess.STDOUT, timeout=30)
    assert launched.returncode == 0, log.read_text()
    app, pid = wait_for(lambda: installed_app(prefix, before), 30,
                        message="the installed app on the accessibility bus")
    try:
        assert "LANGUAGE=ru" in Path(f"/proc/{pid}/environ").read_bytes().decode(errors="replace").split("\0")
        wait_for(lambda: "Обновить" in names(app, "push button"), 30, message="the Refresh button in Russian")
        assert "Главное меню" in names(app, "push button")

        def tile_names():
            tables = pyatspi.utils.findAllDescendants(app, lambda node: node.getRoleName() == "table")
            if not tables:
                return []
            return [tables[0].getChildAtIndex(i).name for i in range(tables[0].childCount)]

        expected = [f"Изображение {lines[0]}",
                    f"Не изображение: строка 2, {lines[1]}",
                    "Неверная запись: строка 3, просто слова"]
        wait_for(lambda: tile_names() == expected, 30, message=f"Russian tile names {expected}")
        # The window's title stays the brand; the subtitle counts in Russian plural forms.
        assert any(window.name == "Link Gallery" for window in app)
        # The list's name, Russian plural forms, and the time from the translated 24-hour format.
        subtitle = re.compile(r"installed\.txt \(127\.0\.0\.1\) · 1 изображение · 2 другие записи · обновлено \d\d:\d\d")
        wait_for(lambda: any(subtitle.fullmatch(label or "") for label in names(app, "label")),
                 message=f"a subtitle like {subtitle.pattern!r}")
        display.screenshot("installed-ru")
    finally:
        os.kill(pid, signal.SIGTERM)
        wait_for(lambda: not Path(f"/proc/{pid}").exists() or
                 Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z", 10, message="the app to quit")
        shutil.rmtree(home, ignore_errors=True)
