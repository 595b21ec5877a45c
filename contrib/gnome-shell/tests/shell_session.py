# SPDX-License-Identifier: GPL-3.0-or-later
"""What real-shell-check.py (the panel) and real-prefs.py (the Preferences window) both need of the
running GNOME Shell's session, once: its bus and D-Bus calls, waiting for something to show,
walking an accessibility tree, the Shell's screenshot API, the panel button and its menu items, and
the Shell's own input: xdotool (XTEST) on an X11 Shell, mutter's RemoteDesktop virtual pointer and
keyboard on a Wayland one (no XTEST there). No pointer and no key goes anywhere but through these.

It puts the checkout's scripts/ on the path: the checks import scripts/harness.py from there.
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "scripts"))

import gi  # noqa: E402

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

import pyatspi  # noqa: E402

from harness import wait_until  # noqa: E402

UUID = "nitnem@nitnem"

bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def call(dest, path, iface, method, args, reply, timeout_ms=10000):
    """A D-Bus call on the session bus: its reply unpacked (a tuple), or None when `reply` is None."""
    got = bus.call_sync(dest, path, iface, method, args, GLib.VariantType(reply) if reply else None,
                        Gio.DBusCallFlags.NONE, timeout_ms, None)
    return got.unpack() if reply else None


def shell_property(name):
    (v,) = call("org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties", "Get",
                GLib.Variant("(ss)", ("org.gnome.Shell", name)), "(v)")
    return v


def overview_active():
    return shell_property("OverviewActive")


def extension_info():
    (info,) = call("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell.Extensions", "GetExtensionInfo",
                   GLib.Variant("(s)", (UUID,)), "(a{sv})")
    return info


def wait(what, fn, timeout=30.0, step=0.3):
    """fn() until it returns something true, or timeout: the last value (an error counts as None: the
    Shell, the a11y bus or a window not there yet; the last one is printed, named by `what`, when
    nothing came)."""
    return wait_until(timeout, fn, step, what)


def walk(node, depth=0, limit=60):
    """Every accessible below node (node first), depth first; one gone while we walk is skipped."""
    if node is None or depth > limit:
        return
    yield node
    try:
        n = node.childCount
    except Exception:  # noqa: BLE001
        return
    for i in range(n):
        try:
            child = node.getChildAtIndex(i)
        except Exception:  # noqa: BLE001
            continue
        yield from walk(child, depth + 1, limit)


def showing(node):
    try:
        return node.getState().contains(pyatspi.STATE_SHOWING)
    except Exception:  # noqa: BLE001
        return False


def text_of(node):
    """The accessible's name, else its labels' names joined (a menu item's label is its child)."""
    if node.name:
        return node.name
    labels = [n.name for n in walk(node) if n is not node and n.getRole() == pyatspi.ROLE_LABEL and n.name]
    return " ".join(labels)


def shell_app():
    """gnome-shell in the accessibility tree."""
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == "gnome-shell":
            return app
    return None


def panel_button(app):
    """The nitnem PanelMenu.Button (accessible name 'Nitnem', a menu) and its label's text."""
    for node in walk(app):
        if node.name == "Nitnem" and node.getRole() != pyatspi.ROLE_LABEL:
            labels = [n.name for n in walk(node) if n is not node and n.getRole() == pyatspi.ROLE_LABEL]
            return node, " ".join(labels)
    return None, None


def menu_items(app):
    """The showing menu items (only the open menu's are), with their text."""
    return [(n, text_of(n)) for n in walk(app) if n.getRole() == pyatspi.ROLE_MENU_ITEM and showing(n)]


def screenshot(path, window=False):
    """org.gnome.Shell.Screenshot's Screenshot (the screen) or, with `window`, ScreenshotWindow (the
    focused window), called as org.gnome.SettingsDaemon.MediaKeys: the file it wrote.

    The Shell takes that call only from the owners of a few names (js/ui/screenshot.js,
    DBusSenderChecker); gsd-media-keys's name is among them from 43 to 51 (org.gnome.Screenshot, also
    in 43 and 48, is not in 49 and later), and nothing else in this session owns it.
    """
    name = "org.gnome.SettingsDaemon.MediaKeys"
    (r,) = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                GLib.Variant("(su)", (name, 4)), "(u)")
    if r not in (1, 4):
        raise RuntimeError(f"RequestName {name}: reply {r}")
    method, args = (("ScreenshotWindow", GLib.Variant("(bbbs)", (True, False, False, path))) if window
                    else ("Screenshot", GLib.Variant("(bbs)", (False, False, path))))
    last = None
    for _ in range(20):  # the Shell learns who owns the name asynchronously
        try:
            ok_, used = call("org.gnome.Shell.Screenshot", "/org/gnome/Shell/Screenshot",
                             "org.gnome.Shell.Screenshot", method, args, "(bs)", 30000)
            if ok_:
                return used
            last = "success false"
        except GLib.Error as e:
            last = e.message
        time.sleep(0.5)
    raise RuntimeError(f"{method}: {last}")


def centre(node):
    e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return e.x + e.width // 2, e.y + e.height // 2, (e.x, e.y, e.width, e.height)


def click(device, node):
    """A real click (the Shell's pointer) in the middle of the node: its extents."""
    x, y, ext = centre(node)
    device.click(x, y)
    return ext


class X11Input:
    """The pointer and keyboard of the Shell's X11 screen, through xdotool (XTEST): keys go to the
    focused window."""

    def move(self, x, y):
        # --sync waits for the pointer to move: forever when it is there already (a second click on
        # the same button), so then it is not moved.
        where = subprocess.run(["xdotool", "getmouselocation", "--shell"], capture_output=True, text=True,
                               timeout=10).stdout
        if f"X={x}\nY={y}\n" not in where:
            subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], check=True, timeout=10)

    def click(self, x, y):
        self.move(x, y)
        time.sleep(0.2)
        subprocess.run(["xdotool", "click", "1"], check=True, timeout=10)

    def key(self, name):
        subprocess.run(["xdotool", "key", "--clearmodifiers", name], check=True, timeout=10)

    def escape(self):
        self.key("Escape")

    def type(self, text):
        subprocess.run(["xdotool", "type", "--delay", "60", text], check=True, timeout=30)

    def activate(self, pid):
        """Asks the window manager to activate the window of `pid` (as a click on it would): EWMH
        _NET_ACTIVE_WINDOW. Whether one was found."""
        wids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True,
                              text=True, timeout=10).stdout.split()
        for wid in wids:
            subprocess.run(["xdotool", "windowactivate", wid], capture_output=True, timeout=10)
        return bool(wids)


class RemoteDesktopInput:
    """A virtual pointer and keyboard of mutter's RemoteDesktop API (a Wayland Shell: no XTEST).
    Keysyms: mutter picks the key and the Shift level for each.

    The session belongs to this bus connection: mutter accepts its calls from the caller that created
    it only, and closes it when that caller leaves the bus.
    """

    IFACE = "org.gnome.Mutter.RemoteDesktop"
    BTN_LEFT = 0x110  # linux/input-event-codes.h
    KEYSYMS = {"Tab": 0xFF09, "Return": 0xFF0D, "Down": 0xFF54, "Up": 0xFF52, "Escape": 0xFF1B,
               "ctrl": 0xFFE3, "a": 0x61, "BackSpace": 0xFF08}

    def __init__(self, width, height):
        self.corner = (width - 1, height - 1)
        (self.path,) = call(self.IFACE, "/org/gnome/Mutter/RemoteDesktop", self.IFACE, "CreateSession", None, "(o)")
        self._session("Start", None)
        # The pointer to the middle of the screen, out of the top left hot corner: in GNOME Shell 50,
        # headless, the overview was open again right after Escape had closed it while the pointer
        # was still where mutter starts it, and no longer once it was moved here first.
        self.move(width // 2, height // 2)

    def _session(self, method, args):
        call(self.IFACE, self.path, self.IFACE + ".Session", method, args, None)

    def move(self, x, y):
        # To the bottom right corner first: the pointer is kept on the monitors, so a motion past the
        # corner stops at it. (Not the top left one: that is the hot corner, which toggles the
        # overview.)
        self._session("NotifyPointerMotionRelative", GLib.Variant("(dd)", (100000.0, 100000.0)))
        self._session("NotifyPointerMotionRelative",
                      GLib.Variant("(dd)", (float(x - self.corner[0]), float(y - self.corner[1]))))

    def click(self, x, y):
        self.move(x, y)
        time.sleep(0.2)
        self._session("NotifyPointerButton", GLib.Variant("(ib)", (self.BTN_LEFT, True)))
        time.sleep(0.05)
        self._session("NotifyPointerButton", GLib.Variant("(ib)", (self.BTN_LEFT, False)))

    def _sym(self, sym, down):
        self._session("NotifyKeyboardKeysym", GLib.Variant("(ub)", (sym, down)))

    def key(self, name):
        syms = [self.KEYSYMS[n] for n in name.split("+")]
        for s in syms:
            self._sym(s, True)
        for s in reversed(syms):
            self._sym(s, False)
        time.sleep(0.05)

    def escape(self):
        self.key("Escape")

    def type(self, text):
        for c in text:  # ASCII: its keysym is its code point
            self._sym(ord(c), True)
            self._sym(ord(c), False)
            time.sleep(0.06)

    def activate(self, pid):
        return False  # Wayland: no client activates another's window; mutter focuses a new one itself
