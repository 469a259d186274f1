"""A small GTK 4 window of the test's own that takes whatever is dropped on it, like another app
would: prints READY once shown, then for a drop the formats offered ("FORMATS …"), the
text/uri-list it read ("URIS …", as GTK reads text/uri-list) and the size of the picture it read as a texture ("IMAGE w h")."""

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402


def dropped(target, drop, _x, _y):
    formats = drop.get_formats()
    print("FORMATS", formats.to_string(), flush=True)

    def got_texture(drop, result):
        texture = drop.read_value_finish(result)
        print("IMAGE", texture.get_width(), texture.get_height(), flush=True)
        drop.finish(Gdk.DragAction.COPY)

    def got_uris(drop, result):
        # As GTK reads text/uri-list (Gdk.Drop.read_finish's raw stream crashes PyGObject 3.42).
        files = drop.read_value_finish(result)
        print("URIS", " ".join(file.get_uri() for file in files.get_files()), flush=True)
        if formats.contain_gtype(Gdk.Texture):
            drop.read_value_async(Gdk.Texture, GLib.PRIORITY_DEFAULT, None, got_texture)
        else:
            drop.finish(Gdk.DragAction.COPY)

    drop.read_value_async(Gdk.FileList, GLib.PRIORITY_DEFAULT, None, got_uris)
    return True


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Drop Target")
    window.set_default_size(240, 160)
    label = Gtk.Label(label="Drop here")
    target = Gtk.DropTargetAsync(actions=Gdk.DragAction.COPY,
                                 formats=Gdk.ContentFormats.new(["text/uri-list"]))
    target.connect("accept", lambda *_: True)
    target.connect("drop", dropped)
    label.add_controller(target)
    window.set_child(label)
    window.connect("map", lambda *_: GLib.timeout_add(200, lambda: print("READY", flush=True) and False))
    window.present()


# Not unique: one test may start a second while the first is still going away.
app = Gtk.Application(application_id="io.github.linkgallery.TestDropTarget", flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", activate)
app.run([])
