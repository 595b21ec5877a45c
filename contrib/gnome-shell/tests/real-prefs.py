# SPDX-License-Identifier: GPL-3.0-or-later
"""The Preferences window in a running GNOME Shell 45+ (run by real-shell-session.sh after
real-shell-check.py, in the Shell's session bus), from outside, through the accessibility tree:

- GetExtensionInfo says hasPrefs; OpenExtensionPrefs opens the window (the Extensions app's);
- its Reminders page has a row per reminder key, read through AT-SPI (reminder.evening with the
  value `nitnem config` gives);
- a band's time typed into reminder.evening and applied (Enter; X11 only: xdotool) lands in the
  config file, as `nitnem config` then says; a refused one (22:00, outside the Evening band) shows
  nitnem's one-line error in the window and leaves the file as it was;
- the button that adds the chosen bani to the evening set (AT-SPI action) changes
  nitnem-mynitnem.json, and `nitnem sets --format json` lists it.

Then closes the window (its process, by the pid AT-SPI gives), so the panel checks that follow see
the Shell as before. Prints `ok   …` / `FAIL …` lines and a closing `real-prefs: N passed, M failed`
(not the summary real-shell.sh adds up: real-shell-check.py's comes after it); exits 1 on any failure,
which stops real-shell-session.sh (so the Shell's run counts as failed).

  python3 real-prefs.py --input x11|remote-desktop
"""
import argparse
import json
import os
import subprocess
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

import pyatspi  # noqa: E402

UUID = "nitnem@nitnem"
passed = 0
failed = 0


def check(cond, what, why=""):
    global passed, failed
    if cond:
        passed += 1
        print(f"ok   {what}", flush=True)
    else:
        failed += 1
        print(f"FAIL {what}: {why}" if why else f"FAIL {what}", flush=True)
    return cond


window_pid = None


def finish():
    if window_pid:
        try:
            os.kill(window_pid, 15)
        except OSError:
            pass
    print(f"real-prefs: {passed} passed, {failed} failed", flush=True)
    sys.exit(1 if failed or not passed else 0)


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def shell(method, args, reply):
    return bus.call_sync("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell.Extensions", method, args,
                         GLib.VariantType(reply) if reply else None, Gio.DBusCallFlags.NONE, 10000, None)


def nitnem(*args):
    return subprocess.run(["nitnem", *args], capture_output=True, text=True, timeout=30)


def wait(fn, timeout=30.0, step=0.3):
    end = time.monotonic() + timeout
    while True:
        try:
            got = fn()
        except Exception:  # noqa: BLE001 - the tree changes under us while the window builds
            got = None
        if got or time.monotonic() > end:
            return got
        time.sleep(step)


def walk(node, depth=0, limit=60):
    if node is None or depth > limit:
        return
    yield node
    for i in range(node.childCount):
        try:
            child = node.getChildAtIndex(i)
        except Exception:  # noqa: BLE001
            continue
        yield from walk(child, depth + 1, limit)


def prefs_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.name and ("xtensions" in app.name or app.name == "gjs"):
            for node in walk(app):
                if node.name == "reminder.evening":
                    return app
    return None


def find(app, name, roles=None):
    for node in walk(app):
        if node.name == name and (roles is None or node.getRoleName() in roles):
            return node
    return None


def labels(app):
    return [n.name for n in walk(app) if n.getRoleName() == "label" and n.name]


def config_file():
    path = json.loads(nitnem("config", "--format", "json").stdout)["path"]
    try:
        return open(path, encoding="utf-8").read()
    except FileNotFoundError:
        return None


def click_node(app, node):
    """A real click (xdotool) at the centre of `node`, from its extents in the window (GTK 4 gives
    them relative to the window) and the window's place on the screen."""
    wids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.get_process_id())],
                          capture_output=True, text=True).stdout.split()
    if not wids:
        return False
    geo = dict(line.split("=", 1) for line in subprocess.run(
        ["xdotool", "getwindowgeometry", "--shell", wids[-1]], capture_output=True, text=True).stdout.split())
    ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    x, y = int(geo["X"]) + ext.x + ext.width // 2, int(geo["Y"]) + ext.y + ext.height // 2
    print(f"     click {node.getRoleName()} {node.name!r} at {x},{y}")
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)
    time.sleep(0.5)
    return True


def row_of(node):
    """The list row a node is in (an Adw row)."""
    while node is not None and node.getRoleName() not in ("list item", "row", "table row"):
        node = node.parent
    return node


def type_and_apply(app, entry_name, text):
    """Puts `text` in the entry named `entry_name` and applies it: the text through AT-SPI
    (EditableText) when the toolkit offers it, else typed after a click; then the row's Apply button
    clicked, or Enter."""
    entry = wait(lambda: find(app, entry_name, ("text", "entry")))
    label = find(app, entry_name)
    target = entry or label
    if target is None:
        return False
    click_node(app, target)
    try:
        target.queryEditableText().setTextContents(text)
        print("     text set through AT-SPI EditableText")
    except Exception:  # noqa: BLE001 - GTK 4 may not offer it: type as a person does
        subprocess.run(["xdotool", "key", "--clearmodifiers", "ctrl+a"], check=True)
        subprocess.run(["xdotool", "type", "--delay", "50", text], check=True)
    time.sleep(0.5)
    row = row_of(target)
    buttons = [n for n in walk(row)] if row is not None else []
    print(f"     row: {row.getRoleName() if row else None}: {[(n.getRoleName(), n.name) for n in buttons][:12]}")
    apply = [n for n in buttons if n.getRoleName() in ("push button", "button") and not n.name.startswith("Reset")]
    if apply:
        click_node(app, apply[0])
    else:
        subprocess.run(["xdotool", "key", "--clearmodifiers", "Return"], check=True)
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input", required=True)
    a = ap.parse_args()
    global window_pid
    # The Shell may still be starting: its Extensions interface answers once it is up.
    wait(lambda: shell("GetExtensionInfo", GLib.Variant("(s)", (UUID,)), "(a{sv})").unpack()[0].get("state") == 1,
         timeout=60)
    info = shell("GetExtensionInfo", GLib.Variant("(s)", (UUID,)), "(a{sv})").unpack()[0]
    if not check(info.get("hasPrefs") is True, "GetExtensionInfo: hasPrefs (prefs.js is there)", str(info.get("hasPrefs"))):
        finish()
    # The window is the Extensions app, started by the session bus: it needs the Shell's display,
    # which the bus (started before the Shell) does not have.
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    display = {"DISPLAY": os.environ["DISPLAY"]} if os.environ.get("DISPLAY") else {}
    sockets = sorted(n for n in os.listdir(runtime) if n.startswith("wayland-") and not n.endswith(".lock"))
    if sockets and not display:
        display = {"WAYLAND_DISPLAY": sockets[0]}
    bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                  "UpdateActivationEnvironment", GLib.Variant("(a{ss})", (display,)), None,
                  Gio.DBusCallFlags.NONE, 10000, None)
    shell("OpenExtensionPrefs", GLib.Variant("(ssa{sv})", (UUID, "", {})), None)
    app = wait(prefs_app, timeout=40)
    if not check(app is not None, "OpenExtensionPrefs: the window shows a reminder.evening row (AT-SPI)"):
        # What is there instead: each application and the first names in its tree.
        for other in pyatspi.Registry.getDesktop(0):
            if other is not None:
                names = [f"{n.getRoleName()}:{n.name}" for n in list(walk(other, limit=12))[:40] if n.name]
                print(f"     {other.name}: {names}")
        finish()
    window_pid = app.get_process_id()
    keys = ["reminders", "reminder.amritVela", "reminder.evening", "reminder.night", "snooze", "sound"]
    missing = [k for k in keys if find(app, k) is None]
    check(not missing, "the Reminders page has a row per reminder key", f"missing {missing}")

    if a.input == "x11":
        before = config_file()
        check(type_and_apply(app, "reminder.evening", "18:45"), "reminder.evening clicked and typed into (xdotool)")
        got = wait(lambda: "reminder.evening = 18:45" in (config_file() or ""), timeout=15)
        check(got, "reminder.evening typed and applied: the config file has reminder.evening = 18:45",
              repr(config_file()))
        shown = nitnem("config").stdout
        check("reminder.evening = 18:45" in shown, "nitnem config says so", shown)
        after_good = config_file()
        type_and_apply(app, "reminder.evening", "22:00")
        error = "reminder.evening: 22:00 is outside the Evening band (17:00–20:59)"
        said = wait(lambda: any(error in t for t in labels(app)), timeout=15)
        check(said, "a refused time: nitnem's one-line error is in the window", str(labels(app)[-5:]))
        check(config_file() == after_good, "…and the file is as it was", repr(config_file()))
        del before
    else:
        print("     (typing needs a keyboard: X11 only; this Shell runs on Wayland)")

    # The Your Nitnem page: its tab in the window's switcher (AT-SPI action), so its rows are in the tree.
    tab = find(app, "Your Nitnem")
    if tab is not None and a.input == "x11":
        click_node(app, tab)
    add = wait(lambda: find(app, "Add the chosen bani to evening", ("push button", "button")))
    if check(add is not None, "the evening set's add button is in the tree"):
        if a.input == "x11":
            click_node(app, add)
        else:
            add.queryAction().doAction(0)
        group = os.environ["SGGS_APP_GROUP"]

        def evening():
            sets = json.loads(nitnem("sets", "--format", "json").stdout)["sets"]["evening"]
            return sets["yours"] and len(sets["banis"]) > 1 and sets

        got = wait(evening, timeout=15)
        check(bool(got), "a bani added through the window: nitnem sets lists it in the evening set",
              nitnem("sets").stdout)
        check(os.path.exists(f"{group}/nitnem-mynitnem.json"), "…from nitnem-mynitnem.json")
    finish()


try:
    main()
except Exception as e:  # noqa: BLE001 - one FAIL line, then the summary
    check(False, "real-prefs.py ran to its end", f"{type(e).__name__}: {e}")
    finish()
