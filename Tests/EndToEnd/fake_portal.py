#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Settings interface on the test's session bus.

Answers `Read('org.freedesktop.appearance', 'color-scheme')` with the current value (0 none,
1 dark, 2 light) and emits `SettingChanged` when a line `dark`, `light` or `none` arrives on
stdin. Prints `READY` once it owns its bus name.
"""

import sys
import threading

from gi.repository import Gio, GLib

import portal_name

INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="Read">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>
    <signal name="SettingChanged">
      <arg type="s" name="namespace"/>
      <arg type="s" name="key"/>
      <arg type="v" name="value"/>
    </signal>
  </interface>
</node>
"""
PATH = "/org/freedesktop/portal/desktop"
VALUES = {"none": 0, "dark": 1, "light": 2}

scheme = VALUES.get(sys.argv[1] if len(sys.argv) > 1 else "none", 0)
connection = None


def on_call(conn, sender, path, interface, method, parameters, invocation):
    namespace, key = parameters.unpack()
    if method == "Read" and (namespace, key) == ("org.freedesktop.appearance", "color-scheme"):
        # The portal wraps the value in a second variant (older API), which clients unwrap.
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", GLib.Variant("u", scheme)),)))
    else:
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such setting")


def on_bus(conn, name):
    global connection
    connection = conn
    node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
    conn.register_object(PATH, node.interfaces[0], on_call, None, None)


def on_name(conn, name):
    print("READY", flush=True)


def emit(value):
    global scheme
    scheme = value
    connection.emit_signal(None, PATH, "org.freedesktop.portal.Settings", "SettingChanged",
                           GLib.Variant("(ssv)", ("org.freedesktop.appearance", "color-scheme", GLib.Variant("u", value))))


def read_commands(loop):
    for line in sys.stdin:
        word = line.strip()
        if word in VALUES:
            GLib.idle_add(lambda value=VALUES[word]: emit(value) and False)
    GLib.idle_add(loop.quit)


loop = GLib.MainLoop()
portal_name.take(on_bus, on_name)
threading.Thread(target=read_commands, args=(loop,), daemon=True).start()
loop.run()
