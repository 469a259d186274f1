"""Takes the desktop portal's bus name for a stand-in (fake_portal.py, fake_wallpaper_portal.py)
on the test's own session bus. Where xdg-desktop-portal is installed (eog brings it, for the
benchmarks), an earlier test's app may have had the bus start the real one, which keeps the
name: queued behind it, a stand-in never got it and its test waited for READY forever. The real
one is asked to go — the process this session's bus names as the owner, nothing else on the
machine — and the name passes to the stand-in queued for it."""

import os
import signal

from gi.repository import Gio, GLib

NAME = "org.freedesktop.portal.Desktop"


def take(on_bus, on_name):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    on_bus(bus, NAME)  # its objects first: a call may come the moment the name is ours
    Gio.bus_own_name_on_connection(bus, NAME, Gio.BusNameOwnerFlags.REPLACE, on_name, None)
    try:
        owner = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                              GLib.Variant("(s)", (NAME,)), GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 5000, None)
    except GLib.Error:
        return  # nobody has it: ours at once
    if owner.unpack()[0] == bus.get_unique_name():
        return
    pid = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID",
                        owner, GLib.VariantType("(u)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    os.kill(pid, signal.SIGTERM)
