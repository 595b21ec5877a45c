# SPDX-License-Identifier: GPL-3.0-or-later
"""What real-shell.sh checks in a running GNOME Shell, from outside it (run by real-shell-session.sh
inside the Shell's session bus; with --input x11, DISPLAY is the Shell's X11 screen):

- org.gnome.Shell.Extensions.GetExtensionInfo("nitnem@nitnem"): state 1 (ENABLED);
- the panel button's label, read through the accessibility tree (AT-SPI), is the `display` label
  `nitnem status --format json` gives for the same group and clock (SGGS_CLOCK_NOW);
- the menu, opened by a click at the button's accessible extents, lists today's banis and the
  actions as that `display` words them (✓ read, ○ not, `· next`; Read now), read through AT-SPI. The
  click is a real pointer event: xdotool on X11 (--input x11); on Wayland (--input remote-desktop)
  a virtual pointer of mutter's org.gnome.Mutter.RemoteDesktop session, moved to the bottom right
  corner by a relative motion larger than the screen (--screen WxH), then from there to the point
  (relative motion needs no ScreenCast stream, and mutter applies no acceleration to it);
- a screenshot through org.gnome.Shell.Screenshot (this process owns
  org.gnome.SettingsDaemon.MediaKeys, a name the Shell lets call it in 43 to 50) with the menu open;
- a click on an unread bani's item lands on disk: the group's progress file has it, and
  `nitnem mark --list` says it is read; after `nitnem timeline --write` the label follows.
- a reminder: a second `nitnem run` (a copy of fixtures/groups/demo, its own state and config, a
  clock 2 s before the Evening reminder at 18:00 in Asia/Kolkata) shows its banner with summary and
  body, once; the pointer moved onto it expands it to show its buttons (Listen · Mark read · Later);
  a click on its body runs config `open` once, with the reader's link (and, from GNOME Shell 46 on,
  an XDG_ACTIVATION_TOKEN); the agent shows the reminder once.

Prints `ok   …` / `FAIL …` lines and a closing `N passed, M failed`; exits 1 on any failure.

  python3 real-shell-check.py --shell 48 --input x11|remote-desktop [--screen WxH] --screenshot FILE
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

import pyatspi  # noqa: E402

UUID = "nitnem@nitnem"
STATES = {1: "ENABLED", 2: "DISABLED", 3: "ERROR", 4: "OUT_OF_DATE", 5: "DOWNLOADING", 6: "INITIALIZED"}

passed = 0
failed = 0


def ok(what):
    global passed
    passed += 1
    print(f"ok   {what}", flush=True)


def fail(what):
    global failed
    failed += 1
    print(f"FAIL {what}", flush=True)


def check(cond, what, why=""):
    if cond:
        ok(what)
    else:
        fail(f"{what}: {why}" if why else what)
    return cond


def finish():
    print(f"{passed} passed, {failed} failed", flush=True)
    sys.exit(1 if failed or not passed else 0)


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def call(dest, path, iface, method, args, reply, timeout_ms=10000):
    return bus.call_sync(dest, path, iface, method, args, GLib.VariantType(reply) if reply else None,
                         Gio.DBusCallFlags.NONE, timeout_ms, None).unpack()


def extension_info():
    (info,) = call("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell.Extensions", "GetExtensionInfo",
                   GLib.Variant("(s)", (UUID,)), "(a{sv})")
    return info


def shell_version():
    (v,) = call("org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties", "Get",
                GLib.Variant("(ss)", ("org.gnome.Shell", "ShellVersion")), "(v)")
    return v


def overview_active():
    (v,) = call("org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties", "Get",
                GLib.Variant("(ss)", ("org.gnome.Shell", "OverviewActive")), "(v)")
    return v


def nitnem(*args):
    r = subprocess.run(["nitnem", *args], capture_output=True, text=True, timeout=30)
    if r.returncode != 0:
        raise RuntimeError(f"nitnem {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def display():
    """What `nitnem status --format json` says a widget shows now: its `display`."""
    return json.loads(nitnem("status", "--format", "json"))["display"]


def expected_label():
    """The label `nitnem status` gives for this group and clock, as the panel shows it."""
    return display()["label"]


def checklist():
    return json.loads(nitnem("mark", "--list", "--format", "json"))


def expected_items(d):
    return [i["label"] for i in d["items"]]


# ---- the accessibility tree -----------------------------------------------------------------------

def shell_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == "gnome-shell":
            return app
    return None


def walk(node, depth=0, limit=40):
    """Every accessible below node (node first), depth first."""
    if node is None or depth > limit:
        return
    yield node
    try:
        n = node.childCount
    except Exception:  # an actor gone while we walk
        return
    for i in range(n):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        yield from walk(child, depth + 1, limit)


def showing(node):
    try:
        return node.getState().contains(pyatspi.STATE_SHOWING)
    except Exception:
        return False


def text_of(node):
    """The accessible's name, else its labels' names joined (a menu item's label is its child)."""
    if node.name:
        return node.name
    labels = [n.name for n in walk(node) if n is not node and n.getRole() == pyatspi.ROLE_LABEL and n.name]
    return " ".join(labels)


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


def centre(node):
    e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return e.x + e.width // 2, e.y + e.height // 2, (e.x, e.y, e.width, e.height)


class X11Input:
    """The pointer and keyboard of the Shell's X11 screen, through xdotool (XTEST)."""

    def move(self, x, y):
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], check=True, timeout=10)

    def click(self, x, y):
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], check=True, timeout=10)
        time.sleep(0.2)
        subprocess.run(["xdotool", "click", "1"], check=True, timeout=10)

    def escape(self):
        subprocess.run(["xdotool", "key", "Escape"], check=True, timeout=10)


class RemoteDesktopInput:
    """A virtual pointer and keyboard of mutter's RemoteDesktop API (a Wayland Shell: no XTEST).

    The session belongs to this bus connection: mutter accepts its calls from the caller that created
    it only, and closes it when that caller leaves the bus.
    """

    IFACE = "org.gnome.Mutter.RemoteDesktop"
    BTN_LEFT = 0x110  # linux/input-event-codes.h
    XK_ESCAPE = 0xFF1B

    def __init__(self, width, height):
        self.corner = (width - 1, height - 1)
        (self.path,) = call(self.IFACE, "/org/gnome/Mutter/RemoteDesktop", self.IFACE, "CreateSession", None, "(o)")
        self._session("Start", None)
        # The pointer to the middle of the screen, out of the top left hot corner: in GNOME Shell 50,
        # headless, the overview was open again right after Escape had closed it while the pointer
        # was still where mutter starts it, and no longer once it was moved here first.
        self.move(width // 2, height // 2)

    def move(self, x, y):
        # To the bottom right corner first: the pointer is kept on the monitors, so a motion past the
        # corner stops at it. (Not the top left one: that is the hot corner, which toggles the
        # overview.)
        self._session("NotifyPointerMotionRelative", GLib.Variant("(dd)", (100000.0, 100000.0)))
        self._session("NotifyPointerMotionRelative",
                      GLib.Variant("(dd)", (float(x - self.corner[0]), float(y - self.corner[1]))))

    def _session(self, method, args):
        call(self.IFACE, self.path, self.IFACE + ".Session", method, args, None)

    def click(self, x, y):
        self.move(x, y)
        time.sleep(0.2)
        self._session("NotifyPointerButton", GLib.Variant("(ib)", (self.BTN_LEFT, True)))
        time.sleep(0.05)
        self._session("NotifyPointerButton", GLib.Variant("(ib)", (self.BTN_LEFT, False)))

    def escape(self):
        self._session("NotifyKeyboardKeysym", GLib.Variant("(ub)", (self.XK_ESCAPE, True)))
        self._session("NotifyKeyboardKeysym", GLib.Variant("(ub)", (self.XK_ESCAPE, False)))


def click(device, node):
    x, y, ext = centre(node)
    device.click(x, y)
    return ext


def wait(what, fn, timeout=30.0, step=0.3):
    """fn() until it returns something true, or timeout: the last value (an error counts as None)."""
    end = time.monotonic() + timeout
    error = None
    while True:
        try:
            value = fn()
        except Exception as e:  # noqa: BLE001 - the Shell or the a11y bus not there yet
            value, error = None, e
        if value or time.monotonic() > end:
            if not value and error is not None:
                print(f"     ({what}: {error})", flush=True)
            return value
        time.sleep(step)


def screenshot(path):
    """org.gnome.Shell.Screenshot.Screenshot, as org.gnome.SettingsDaemon.MediaKeys.

    The Shell takes that call only from the owners of a few names (js/ui/screenshot.js,
    DBusSenderChecker); gsd-media-keys's name is among them from 43 to 50 (org.gnome.Screenshot, also
    in 43 and 48, is not in 49 and later), and nothing else in this session owns it.
    """
    name = "org.gnome.SettingsDaemon.MediaKeys"
    (r,) = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                GLib.Variant("(su)", (name, 4)), "(u)")
    if r not in (1, 4):
        raise RuntimeError(f"RequestName {name}: reply {r}")
    last = None
    for _ in range(20):  # the Shell learns who owns the name asynchronously
        try:
            ok_, used = call("org.gnome.Shell.Screenshot", "/org/gnome/Shell/Screenshot",
                             "org.gnome.Shell.Screenshot", "Screenshot",
                             GLib.Variant("(bbs)", (False, False, path)), "(bs)", 30000)
            if ok_:
                return used
            last = "success false"
        except GLib.Error as e:
            last = e.message
        time.sleep(0.5)
    raise RuntimeError(f"Screenshot: {last}")


def progress_files(group):
    found = []
    for dirpath, _, files in os.walk(group):
        for f in files:
            if "progress" in f.lower():
                found.append(os.path.join(dirpath, f))
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shell", required=True, help="the major version expected (43, 48, 50)")
    ap.add_argument("--input", required=True, choices=["x11", "remote-desktop"],
                    help="how to click and press keys: xdotool, or mutter's RemoteDesktop API")
    ap.add_argument("--screen", default="1280x800", help="the screen's size, WxH (remote-desktop input)")
    ap.add_argument("--screenshot", required=True, help="the PNG to write, the menu open")
    a = ap.parse_args()
    group = os.environ["SGGS_APP_GROUP"]

    # 1. The Shell is up and has enabled the extension.
    version = wait("the Shell on the session bus", shell_version, timeout=120)
    if not check(bool(version), "GNOME Shell answers on the session bus", "no org.gnome.Shell after 120 s"):
        finish()
    check(version.split(".")[0] == a.shell, f"GNOME Shell {version}", f"expected {a.shell}.x")
    # Until ENABLED, or OUT_OF_DATE or ERROR with its error (final: the Shell does not try again). While
    # the Shell 45+ loads the module its state is ERROR with no error ("set success as the last step").
    def settled():
        i = extension_info()
        return i if i.get("state") in (1, 4) or (i.get("state") == 3 and i.get("error")) else None

    info = wait("GetExtensionInfo", settled, timeout=60) or extension_info()
    state = int(info.get("state", 0))
    if not check(state == 1, f"GetExtensionInfo({UUID}): state {state} ({STATES.get(state, '?')})",
                 f"not ENABLED; {dict(info)}"):
        finish()

    try:
        device = X11Input() if a.input == "x11" else RemoteDesktopInput(*map(int, a.screen.split("x")))
    except GLib.Error as e:
        fail(f"{a.input} input: {e.message}")
        finish()
    ok(f"{a.input} input" + (f": RemoteDesktop session {device.path}" if a.input == "remote-desktop" else " (xdotool)"))

    # The Shell starts in the overview: Escape leaves it, as a user would, for the desktop.
    # (Pressed while the overview is still sliding in, Escape may be lost: pressed again then.) The
    # wait for it to open ends as soon as it has: its 30 s cost only a Shell that never opens it.
    t = time.monotonic()
    shown = wait("the overview", overview_active, timeout=30)
    print(f"     the overview {'opened' if shown else 'did not open'} {time.monotonic() - t:.1f} s after ENABLED",
          flush=True)
    for _ in range(5):
        if not overview_active():
            break
        time.sleep(1)
        device.escape()
        wait("the overview to close", lambda: not overview_active(), timeout=3)
    check(not overview_active(), "the overview is closed (Escape)")

    # 2. The panel label through AT-SPI, against nitnem status.
    app = wait("gnome-shell in the accessibility tree", shell_app, timeout=30)
    if not check(app is not None, "gnome-shell is in the accessibility tree (AT-SPI)"):
        finish()
    want = expected_label()
    button_label = wait("the panel button", lambda: (lambda b: b if b[0] is not None and b[1] == want else None)(
        panel_button(app)), timeout=20) or panel_button(app)
    button, label = button_label
    if not check(button is not None, "the panel button 'Nitnem' is in the tree"):
        finish()
    check(label == want, f"panel label {label!r} is `nitnem status`'s {want!r}", "they differ")

    # 3. The menu: opened by a click, its items through AT-SPI, against nitnem status's display.
    c = checklist()
    d = display()
    items_want = expected_items(d)
    ext = click(device, button)
    items = wait("the menu's items", lambda: [i for i in menu_items(app) if i[1] in items_want], timeout=15) or []
    texts = [t for _, t in items]
    check(texts == items_want, f"a click at the button {ext} opened the menu: {texts}",
          f"expected {items_want}; showing items: {[t for _, t in menu_items(app)]}")
    all_items = [t for _, t in menu_items(app)]
    read_now = next(a["label"] for a in d["actions"] if a["id"] == "read")
    check(read_now in all_items, f"the menu has {read_now!r}", f"items: {all_items}")

    # 4. A screenshot with the menu open, on the desktop.
    check(not overview_active(), "the overview is still closed")
    try:
        used = screenshot(a.screenshot)
        with open(used, "rb") as f:
            head = f.read(24)
        check(head[:8] == b"\x89PNG\r\n\x1a\n", f"org.gnome.Shell.Screenshot wrote {used}", "not a PNG")
    except Exception as e:  # noqa: BLE001
        fail(f"org.gnome.Shell.Screenshot: {e}")

    # 5. A click on an unread bani lands on disk.
    unread = [b for b in c["banis"] if not b["read"]]
    if not check(bool(unread) and bool(items), "an unread bani to mark", f"checklist {c}"):
        finish()
    target = next((b for b in unread if b["next"]), unread[0])
    text = next(i["label"] for i in d["items"] if i["id"] == target["id"])
    node = next(n for n, t in items if t == text)
    ext = click(device, node)
    marked = wait("the mark", lambda: next((b["read"] for b in checklist()["banis"] if b["id"] == target["id"]), False),
                  timeout=15)
    check(bool(marked), f"clicking {text!r} at {ext} marked {target['id']} (nitnem mark --list says read)",
          f"still unread; showing items: {[t for _, t in menu_items(app)]}")
    files = progress_files(group)
    has = [f for f in files if target["id"].split("/")[0] in open(f, encoding="utf-8", errors="replace").read()]
    check(bool(has), f"the mark is on disk: {has}", f"progress files {files} do not name {target['id']}")

    # 6. The label follows a new timeline (the extension watches the widgets folder).
    nitnem("timeline", "--write")
    want = expected_label()
    got = wait("the new label", lambda: (lambda b: b[1] if b[1] == want else None)(panel_button(app)), timeout=15)
    check(got == want, f"after the mark and a new timeline the label is {want!r}", f"label {panel_button(app)[1]!r}")

    # 7. A reminder of a second agent: its banner, its buttons (on hover), a click on its body.
    device.escape()  # the menu closed
    w, h = map(int, a.screen.split("x"))
    device.move(w // 2, h * 3 // 4)  # away from where the banner comes (at the top)
    reminder(app, device, os.path.dirname(group), int(a.shell))
    finish()


def notifications(app):
    """The showing notifications (banners), each with the texts of its showing labels and buttons."""
    found = []
    for n in walk(app):
        if n.getRole() == pyatspi.ROLE_NOTIFICATION and showing(n):
            labels = [(m, m.name) for m in walk(n) if m is not n and m.getRole() == pyatspi.ROLE_LABEL
                      and m.name and showing(m)]
            buttons = [(m, text_of(m)) for m in walk(n) if m is not n and m.getRole() == pyatspi.ROLE_PUSH_BUTTON
                       and showing(m) and text_of(m)]
            found.append((n, labels, buttons))
    return found


def reminder(app, device, work, major):
    """A second `nitnem run` (its own group, state and config; a clock 2 s before the Evening
    reminder at 18:00 in its own zone) shows its reminder; checked through AT-SPI and real clicks."""
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.join(work, "reminder")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "config", "nitnem"))
    shutil.copytree(os.path.join(here, "..", "..", "..", "fixtures", "groups", "demo"), os.path.join(root, "group"))
    opened = os.path.join(root, "opened")
    opener = os.path.join(root, "open.sh")
    with open(opener, "w") as f:
        # One call: its arguments, then its token (the line that ends it); each call appends.
        f.write(f'#!/bin/sh\n{{ printf "arg=%s\\n" "$@"; printf "token=%s\\n" "$XDG_ACTIVATION_TOKEN"; }}'
                f' >> {opened}\n')
    os.chmod(opener, 0o755)
    with open(os.path.join(root, "config", "nitnem", "config"), "w") as f:
        f.write(f"open = {opener}\nlisten = true {{key}}\n")
    zone = "Asia/Kolkata"
    day = subprocess.run(["date", "+%Y-%m-%d"], env={**os.environ, "TZ": zone}, capture_output=True, text=True,
                         check=True).stdout.strip()
    env = {**os.environ, "TZ": zone, "SGGS_CLOCK_NOW": f"{day}T17:59:58", "SGGS_CLOCK_RATE": "1",
           "SGGS_APP_GROUP": os.path.join(root, "group"), "XDG_STATE_HOME": os.path.join(root, "state"),
           "XDG_CONFIG_HOME": os.path.join(root, "config"), "XDG_DATA_HOME": os.path.join(root, "data")}
    log = open(os.path.join(work, "agent.log"), "w")
    agent = subprocess.Popen(["nitnem", "run"], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        summary = "Evening \u00b7 Rehras Sahib"
        body = re.compile(r"^\d+ of 7 today$")

        def banner():
            for n, labels, buttons in notifications(app):
                texts = [t for _, t in labels]
                if summary in texts:
                    return n, labels, buttons
            return None

        got = wait("the reminder's banner", banner, timeout=20)
        if not check(bool(got), f"the agent's Evening reminder (TZ={zone}, {day}T17:59:58) shows a banner",
                     f"none in 20 s; notifications: {[[t for _, t in l] for _, l, _ in notifications(app)]}"):
            return
        n, labels, _ = got
        texts = [t for _, t in labels]
        bodies = [(m, t) for m, t in labels if body.match(t)]
        check(texts.count(summary) == 1 and len(bodies) == 1,
              f"the banner shows {summary!r} and {bodies[0][1] if bodies else None!r}, each once", f"labels {texts}")
        # The buttons show when the banner is expanded: the pointer moved onto it (GNOME expands a
        # banner the pointer comes onto; not one that came up under it).
        x, y, ext = centre(n)
        device.move(x, y)
        want = ["Listen", "Mark read", "Later"]

        def buttons():
            b = banner()
            return b if b and [t for _, t in b[2]] == want else None

        b = wait("the banner's buttons", buttons, timeout=10) or banner()
        shown = [t for _, t in b[2]] if b else None
        check(shown == want, f"the pointer on the banner {ext} expands it: its buttons {shown}", f"expected {want}")
        all_banners = [x for x in notifications(app) if summary in [t for _, t in x[1]]]
        check(len(all_banners) == 1, "the reminder is shown once", f"{len(all_banners)} banners")
        # A click on the body: the default action, the reader (config `open`).
        b = banner()
        bodies = [(m, t) for m, t in (b[1] if b else []) if body.match(t)]
        if not check(bool(bodies), "the body to click"):
            return
        ext = click(device, bodies[0][0])
        text = wait("the reader", lambda: (lambda t: t if "token=" in t else None)(open(opened).read()), timeout=10)
        args = [ln[4:] for ln in (text or "").splitlines() if ln.startswith("arg=")]
        token = next((ln[6:] for ln in (text or "").splitlines() if ln.startswith("token=")), "")
        check(any("sikhitothemax" in u or "sggs" in u for u in args),
              f"a click on the body {ext} opened the reader: {args}", f"{opened}: {text!r}")
        # The Shell sends the ActivationToken signal from 46 on (notificationDaemon.js).
        if major >= 46:
            check(bool(token), f"the reader had an XDG_ACTIVATION_TOKEN ({len(token)} characters)", f"{text!r}")
        else:
            print(f"     (XDG_ACTIVATION_TOKEN {token!r}: GNOME Shell {major} sends no ActivationToken, 46 and"
                  " later do)", flush=True)
        # Nothing twice: after 2 s the reader was opened once, the reminder shown once (the agent's
        # journal), and one banner has it (a resident notification: GNOME keeps it after a click).
        time.sleep(2)
        calls = open(opened).read().count("token=")
        check(calls == 1, "the reader was opened once", f"{calls} times")
        log.flush()
        shown = open(log.name).read().count("reminder shown:")
        check(shown == 1, "the agent showed the reminder once (its journal)", f"{shown} times")
        again = [x for x in notifications(app) if summary in [t for _, t in x[1]]]
        check(len(again) <= 1, f"after the click {len(again)} banner has the reminder",
              f"{[[t for _, t in l] for _, l, _ in again]}")
    finally:
        agent.terminate()
        try:
            agent.wait(5)
        except subprocess.TimeoutExpired:
            agent.kill()


if __name__ == "__main__":
    main()
