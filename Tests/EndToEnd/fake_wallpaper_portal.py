#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Wallpaper interface on the test's session bus.

`SetWallpaperURI(parent, uri, options)` prints `SET <uri> <show-preview> <set-on>` and answers
on the request object the options' handle_token names, with the response code given as the
first argument (0 done, 1 the person said no). Prints `READY` once it owns its bus name.
"""

import sys

from gi.repository import Gio, GLib

import portal_name

INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Wallpaper">
    <method name="SetWallpaperURI">
      <arg type="s" name="parent_window" direction="in"/>
      <arg type="s" name="uri" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""
PATH = "/org/freedesktop/portal/desktop"
answer = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def on_call(conn, sender, path, interface, method, parameters, invocation):
    parent, uri, options = parameters.unpack()
    print("SET", uri, options.get("show-preview"), options.get("set-on"), flush=True)
    handle = f"{PATH}/request/{sender[1:].replace('.', '_')}/{options.get('handle_token', 'none')}"
    invocation.return_value(GLib.Variant("(o)", (handle,)))
    GLib.timeout_add(100, lambda: conn.emit_signal(sender, handle, "org.freedesktop.portal.Request", "Response",
                                                  GLib.Variant("(ua{sv})", (answer, {}))) and False)


def on_property(conn, sender, path, interface, name):
    return GLib.Variant("u", 1)


def on_bus(conn, name):
    node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
    conn.register_object(PATH, node.interfaces[0], on_call, on_property, None)


def on_name(conn, name):
    print("READY", flush=True)


portal_name.take(on_bus, on_name)
GLib.MainLoop().run()
