"""The application as the desktop starts it: one instance, and a command line that answers."""

import subprocess

from harness import App, binary


def test_second_launch_presents_the_existing_window(display, server):
    url = server.write("single.txt", server.url("/img/200x200.png") + "\n")
    app = App(display, url)
    try:
        app.window_named("Link Gallery")
        second = subprocess.run([binary(), "--links-url", url], env=app_env(app),
                                capture_output=True, text=True, timeout=20)
        assert second.returncode == 0
        visible = [w for w in app.windows() if w and w.name == "Link Gallery"]
        assert len(visible) == 1
        assert app.process.poll() is None
    finally:
        app.stop()


def app_env(app):
    with open(f"/proc/{app.process.pid}/environ", "rb") as environ:
        pairs = [item.split(b"=", 1) for item in environ.read().split(b"\0") if b"=" in item]
    return {key.decode(): value.decode() for key, value in pairs}


def test_help_version_and_bad_arguments_need_no_display():
    env = {"PATH": "/usr/bin:/bin"}
    help_text = subprocess.run([binary(), "--help"], env=env, capture_output=True, text=True, timeout=10)
    assert help_text.returncode == 0 and "--links-url=URL" in help_text.stdout and "[URL|FILE]" in help_text.stdout
    version = subprocess.run([binary(), "--version"], env=env, capture_output=True, text=True, timeout=10)
    assert version.returncode == 0 and version.stdout.startswith("link-gallery ")
    bad = subprocess.run([binary(), "--links-url", "javascript:alert(1)"], env=env, capture_output=True, text=True, timeout=10)
    assert bad.returncode == 2 and "not an http(s) URL" in bad.stderr


def test_missing_settings_schema_does_not_stop_the_app(display, server, tmp_path):
    # A binary run without installing: GSettings would abort on the missing schema.
    url = server.write("noschema.txt", server.url("/img/200x200.png") + "\n")
    app = App(display, url, extra_env={"GSETTINGS_SCHEMA_DIR": str(tmp_path)})
    try:
        app.window_named("Link Gallery")
        assert app.process.poll() is None
    finally:
        output = app.stop()
    assert "settings will not be remembered" in output
