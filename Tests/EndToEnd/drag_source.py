"""A small GTK 4 window of the test's own that offers one thing to drag: its argument, as
`text/uri-list` (or `text/plain` with --plain), the way a file manager or a browser offers a file
or a link. Prints READY once shown; xdotool then drags from its label to the app under test."""

import sys

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402

plain = "--plain" in sys.argv
payload = [arg for arg in sys.argv[1:] if arg != "--plain"][0]


def prepare(_source, _x, _y):
    if plain:
        return Gdk.ContentProvider.new_for_bytes("text/plain;charset=utf-8", GLib.Bytes.new(payload.encode()))
    return Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new((payload + "\r\n").encode()))


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Drag Source")
    window.set_default_size(220, 120)
    label = Gtk.Label(label="Drag me")
    source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
    source.connect("prepare", prepare)
    label.add_controller(source)
    window.set_child(label)
    window.connect("map", lambda *_: GLib.timeout_add(200, lambda: print("READY", flush=True) and False))
    window.present()


# Not unique: one test may start a second while the first is still going away.
app = Gtk.Application(application_id="io.github.linkgallery.TestDragSource", flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", activate)
app.run([])
