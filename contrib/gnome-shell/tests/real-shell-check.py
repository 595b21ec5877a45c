# SPDX-License-Identifier: GPL-3.0-or-later
"""What real-shell.sh checks in a running GNOME Shell, from outside it (run by real-shell-session.sh
inside the Shell's session bus; with --input x11, DISPLAY is the Shell's X11 screen):

- org.gnome.Shell.Extensions.GetExtensionInfo("nitnem@nitnem"): state 1 (ENABLED), with the Shell's
  version validation on (org.gnome.shell disable-extension-version-validation false);
- the panel button's label, read through the accessibility tree (AT-SPI), is the `display` label
  `nitnem status --format json` gives for the same group and clock (SGGS_CLOCK_NOW);
- the menu, opened by a click at the button's accessible extents, lists today's banis and the
  actions as that `display` words them (✓ read, ○ not, `· next`; Read now), read through AT-SPI. The
  click is a real pointer event: xdotool on X11 (--input x11); on Wayland (--input remote-desktop)
  a virtual pointer of mutter's org.gnome.Mutter.RemoteDesktop session, moved to the bottom right
  corner by a relative motion larger than the screen (--screen WxH), then from there to the point
  (relative motion needs no ScreenCast stream, and mutter applies no acceleration to it);
- the month's journey in the open menu, read through AT-SPI (the label of its title, the streak line,
  the weekday heads, then each row's cells: accessible name, number, mark), cell for cell the
  `display.journey` of `nitnem status --format json`, whose days' states, today and streaks are those
  of `nitnem journey --format json` for that month; the session seeded a complete and a partial day
  before today, so a wrong cell shows;
- a screenshot through org.gnome.Shell.Screenshot (this process owns
  org.gnome.SettingsDaemon.MediaKeys, a name the Shell lets call it in 43 to 51) with the menu open;
- a click on an unread bani's item lands on disk: the group's progress file has it, and
  `nitnem mark --list` says it is read; after `nitnem timeline --write` the label follows, and in
  the menu opened again the journey grid is nitnem's once more, today's cell one bani further.
- a reminder: a second `nitnem run` (a copy of fixtures/groups/demo, its own state and config, a
  clock 2 s before the Evening reminder at 18:00 in Asia/Kolkata) shows its banner with summary and
  body, once; the pointer moved onto it expands it to show its buttons (Listen · Mark read · Later);
  a click on its body runs config `open` once, with the reader's link (and, from GNOME Shell 46 on,
  an XDG_ACTIVATION_TOKEN); then three more, each pressing one of its buttons: Listen runs config
  `listen` with the bani's key, Mark read marks it in that group's progress file, Later puts it in
  the ledger as snoozed; the agent shows each reminder once, and only the body click opens the reader.
- with --lang pa (the session in LANG=pa_IN.UTF-8): the menu's words are `nitnem status`'s Punjabi
  ones (the next bani's line, the actions, the detail lines in Gurmukhi; no English action on screen).

With --system (the package installed in a Debian root: real-shell.sh --package) only the first two,
and that GetExtensionInfo's extension is the system-wide one (type SYSTEM, its path
/usr/share/gnome-shell/extensions/nitnem@nitnem) and `nitnem` is /usr/bin/nitnem.

Prints `ok   …` / `FAIL …` lines and a closing `N passed, M failed`; exits 1 on any failure.

  python3 real-shell-check.py --shell 48 --input x11|remote-desktop [--screen WxH] --screenshot FILE [--system]
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
from gi.repository import GLib  # noqa: E402

import pyatspi  # noqa: E402

from shell_session import (UUID, RemoteDesktopInput, X11Input, centre, click, extension_info, menu_items,  # noqa: E402
                           overview_active, panel_button, screenshot, shell_app, shell_property, showing,
                           text_of, wait, walk)
import harness  # noqa: E402 - from scripts/ (shell_session puts it on the path)
from harness import check, check_journey, day_state, summary  # noqa: E402

STATES = {1: "ENABLED", 2: "DISABLED", 3: "ERROR", 4: "OUT_OF_DATE", 5: "DOWNLOADING", 6: "INITIALIZED"}


def finish():
    sys.exit(summary())


def nitnem(*args, env=None):
    r = subprocess.run(["nitnem", *args], capture_output=True, text=True, timeout=30, env=env)
    if r.returncode != 0:
        raise RuntimeError(f"nitnem {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def display():
    """What `nitnem status --format json` says a widget shows now: its `display`."""
    return json.loads(nitnem("status", "--format", "json"))["display"]


def english_display():
    """The `display` of `nitnem status --format json` in English (C.UTF-8), whatever this session's language."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LOCPATH", "LC_ALL", "LC_MESSAGES")}
    return json.loads(nitnem("status", "--format", "json", env={**env, "LANG": "C.UTF-8"}))["display"]


def gurmukhi(text):
    return any("\u0a00" <= ch <= "\u0a7f" for ch in text or "")


def expected_label():
    """The label `nitnem status` gives for this group and clock, as the panel shows it."""
    return display()["label"]


def checklist():
    return json.loads(nitnem("mark", "--list", "--format", "json"))


def expected_items(d):
    return [i["label"] for i in d["items"]]


# ---- the accessibility tree -----------------------------------------------------------------------

def journey_now():
    """What nitnem says of the month at this moment: `display.journey` of `nitnem status --format json`
    (what the menu shows) and `nitnem journey --format json` of that month (the journey itself)."""
    shown = display()["journey"]
    return shown, json.loads(nitnem("journey", "--format", "json", "--month", shown["month"]))


def journey_grid(app, title):
    """The menu's journey read through AT-SPI: the showing label `title` and its box's other children
    (the streak line, the weekday heads, then a row per week of cells, each its accessible name and
    its labels' texts: the day's number and mark), or None when no such label shows."""
    for node in walk(app):
        try:
            if node.getRole() != pyatspi.ROLE_LABEL or node.name != title or not showing(node):
                continue
            box = node.parent
            kids = [box.getChildAtIndex(i) for i in range(box.childCount)]
            labels = lambda n: [n.getChildAtIndex(i).name for i in range(n.childCount)]  # noqa: E731
            cells = [(c.name, labels(c)) for row in kids[3:] for c in (row.getChildAtIndex(i)
                                                                        for i in range(row.childCount))]
            return {"title": kids[0].name, "streaks": kids[1].name, "weekdays": labels(kids[2]), "cells": cells}
        except Exception:  # noqa: BLE001 - the menu rebuilt while we read it
            return None
    return None


def grid_differences(grid, shown):
    """Where the menu's grid differs from display.journey, its blank cells too: [] when it is the same."""
    want = [("", [])] * shown["offset"] + [(d["name"], [d["number"], d["mark"] or " "]) for d in shown["days"]]
    return harness.grid_differences(grid, shown, want + [("", [])] * (-len(want) % 7), "in the menu")


def journey_check(app, when):
    """The grid read through AT-SPI equals display.journey now, and display.journey agrees with
    `nitnem journey --format json`: each day's state, today, the streaks. Returns nitnem's journey."""
    shown, journey = journey_now()
    grid = wait("the journey grid", lambda: (lambda g: g if not grid_differences(g, journey_now()[0]) else None)(
        journey_grid(app, shown["title"])), timeout=15) or journey_grid(app, shown["title"])
    shown, journey = journey_now()
    diff = grid_differences(grid, shown)
    days = [c for c in (grid or {}).get("cells", []) if c[0]]
    check(not diff, f"{when}: the journey grid through AT-SPI is display.journey of `nitnem status`: "
          f"{shown['title']!r}, {shown['streaks']!r}, {len(shown['weekdays'])} weekday heads, "
          f"{len(days)} day cells (name, number, mark) and {len(grid['cells']) - len(days) if grid else 0} blank",
          "; ".join(diff[:8]))
    check_journey(when, shown, journey)
    return shown, journey


def progress_files(group):
    found = []
    for dirpath, _, files in os.walk(group):
        for f in files:
            if "progress" in f.lower():
                found.append(os.path.join(dirpath, f))
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shell", required=True, help="the major version expected (43, 48, 50, 51)")
    ap.add_argument("--input", required=True, choices=["x11", "remote-desktop"],
                    help="how to click and press keys: xdotool, or mutter's RemoteDesktop API")
    ap.add_argument("--screen", default="1280x800", help="the screen's size, WxH (remote-desktop input)")
    ap.add_argument("--screenshot", required=True, help="the PNG to write, the menu open")
    ap.add_argument("--lang", default="en", choices=["en", "pa"],
                    help="the session's language: pa, the label and menu must be in Punjabi")
    ap.add_argument("--system", action="store_true",
                    help="the extension and nitnem installed system-wide (a package): enabled and the label only")
    a = ap.parse_args()
    group = os.environ["SGGS_APP_GROUP"]

    # 1. The Shell is up and has enabled the extension.
    version = wait("the Shell on the session bus", lambda: shell_property("ShellVersion"), timeout=120)
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
    # Enabled as a user's Shell enables it: the metadata's shell-version lists this major.
    validation = subprocess.run(["gsettings", "get", "org.gnome.shell", "disable-extension-version-validation"],
                                capture_output=True, text=True, timeout=10).stdout.strip()
    check(validation == "false", f"with version validation on (disable-extension-version-validation {validation})")
    if a.system:
        # 1 SYSTEM, 2 PER_USER (js/misc/extensionUtils.js ExtensionType).
        path, kind = info.get("path"), int(info.get("type", 0))
        check(path == f"/usr/share/gnome-shell/extensions/{UUID}" and kind == 1,
              f"the system-wide extension: {path} (type {kind}, SYSTEM)", f"{dict(info)}")
        program = shutil.which("nitnem")
        check(program == "/usr/bin/nitnem", f"nitnem is the package's: {program}")

    try:
        device = X11Input() if a.input == "x11" else RemoteDesktopInput(*map(int, a.screen.split("x")))
    except GLib.Error as e:
        check(False, f"{a.input} input: {e.message}")
        finish()
    check(True, f"{a.input} input" + (f": RemoteDesktop session {device.path}" if a.input == "remote-desktop" else " (xdotool)"))

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
    if a.system:
        finish()

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
    # The practice real-shell-session.sh began: its line, as `nitnem status` words it, in the menu.
    practice = next((x for x in json.loads(nitnem("status", "--format", "json"))["practices"]), None)
    line = next((ln for ln in d["lines"] if practice and ln.startswith(practice["short"])), None)
    check(line is not None and line in all_items, f"the menu shows the practice: {line!r}",
          f"status practices {practice}; display lines {d['lines']}; items: {all_items}")
    if a.lang == "pa":
        # Punjabi words on screen, not English ones: what the English session would show differs.
        en = english_display()
        en_read = next(x["label"] for x in en["actions"] if x["id"] == "read")
        # (The label is the title and the count, `titles` deciding the title's script.)
        nxt = next((i["label"] for i in d["items"] if i["next"]), None)
        en_nxt = next((i["label"] for i in en["items"] if i["next"]), None)
        check(gurmukhi(nxt) and nxt != en_nxt and nxt in texts, f"the menu's next bani is worded in Punjabi: {nxt!r}"
              f" (English: {en_nxt!r})", f"items: {texts}")
        check(gurmukhi(read_now) and read_now != en_read and en_read not in all_items,
              f"the menu's {read_now!r} is Punjabi (English: {en_read!r})", f"items: {all_items}")
        words = [t for t in all_items if t and t not in items_want]  # (43's separators are items without text)
        check(bool(words) and all(gurmukhi(t) for t in words),
              f"every menu line besides the banis is in Gurmukhi: {words}", f"items: {all_items}")

    # The month's grid, read through AT-SPI, against nitnem: the seeded days (real-shell-session.sh)
    # make sure it has a complete and a partial day before today, so a wrong cell shows.
    shown, journey = journey_check(app, "the menu open")
    kinds = sorted({day_state(d) for d in journey["days"] if d["dayKey"] < journey["today"]})
    if int(journey["today"][8:]) >= 3:
        check({"complete", "partial"} <= set(kinds), f"the month has complete and partial days before today: {kinds}")
    else:  # (the 1st and 2nd of a month have no two days before them to seed)
        print(f"     (today is {journey['today']}: the month's days before it, {kinds}, cannot hold both kinds)",
              flush=True)
    today_before = next((d["name"] for d in shown["days"] if d["today"]), None)

    # 4. A screenshot with the menu open, on the desktop.
    check(not overview_active(), "the overview is still closed")
    try:
        used = screenshot(a.screenshot)
        with open(used, "rb") as f:
            head = f.read(24)
        check(head[:8] == b"\x89PNG\r\n\x1a\n", f"org.gnome.Shell.Screenshot wrote {used}", "not a PNG")
    except Exception as e:  # noqa: BLE001
        check(False, f"org.gnome.Shell.Screenshot: {e}")

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

    # The grid follows the mark: the menu opened again, today's cell is nitnem's new one.
    menu_open = bool(menu_items(app))
    if not menu_open:
        click(device, panel_button(app)[0])
    shown, _ = journey_check(app, "after the mark")
    today_after = next((d["name"] for d in shown["days"] if d["today"]), None)
    check(today_after != today_before, f"today's cell follows the mark: {today_before!r} -> {today_after!r}")

    # 7. A reminder of a second agent: its banner, its buttons (on hover), a click on its body.
    device.escape()  # the menu closed
    if a.lang == "en":  # (the Punjabi session's widget alone: its reminders are the English run's)
        reminders(app, device, os.path.dirname(group), int(a.shell), a.screen)
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


SUMMARY = "Evening \u00b7 Rehras Sahib"
BODY = re.compile(r"^\d+ of 7 today$")
BUTTONS = ["Listen", "Mark read", "Later"]


def banner(app):
    """The showing banner with the reminder's summary: (node, labels, buttons), or None."""
    for n, labels, buttons in notifications(app):
        if SUMMARY in [t for _, t in labels]:
            return n, labels, buttons
    return None


def reminders(app, device, work, major, screen):
    """Four reminders of a second agent, one for each thing a user does with it: a click on its body
    (the default action, Read now), then a press of each button it offers."""
    w, h = map(int, screen.split("x"))
    for press in ["body", *BUTTONS]:
        device.move(w // 2, h * 3 // 4)  # away from where the banner comes (at the top)
        # The last episode's banner gone (GNOME hides a banner the pointer is not on) before the next.
        gone = wait("the last banner to go", lambda: banner(app) is None, timeout=15)
        check(bool(gone), f"no reminder banner showing before the {press!r} reminder")
        reminder(app, device, work, major, press)


def reminder(app, device, work, major, press):
    """A second `nitnem run` (its own group, state and config; a clock 2 s before the Evening
    reminder at 18:00 in its own zone) shows its reminder; checked through AT-SPI, then `press` (the
    body, or a button's label) clicked for real and its effect found: the reader started (config
    `open`) with its link and, from GNOME 46 on, an activation token; Listen's command run with the
    bani's key; the bani marked in the group's progress file; Later in the reminder ledger."""
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.join(work, "reminder-" + press.lower().replace(" ", "-"))
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "config", "nitnem"))
    group = os.path.join(root, "group")
    shutil.copytree(os.path.join(here, "..", "..", "..", "fixtures", "groups", "demo"), group)
    opened = os.path.join(root, "opened")
    listened = os.path.join(root, "listened")
    for name, out in [("open.sh", opened), ("listen.sh", listened)]:
        with open(os.path.join(root, name), "w") as f:
            # One call: its arguments, then its token (the line that ends it); each call appends.
            f.write(f'#!/bin/sh\n{{ printf "arg=%s\\n" "$@"; printf "token=%s\\n" "$XDG_ACTIVATION_TOKEN"; }}'
                    f' >> {out}\n')
        os.chmod(os.path.join(root, name), 0o755)
    with open(os.path.join(root, "config", "nitnem", "config"), "w") as f:
        f.write(f"open = {root}/open.sh\nlisten = {root}/listen.sh {{key}}\n")
    zone = "Asia/Kolkata"
    day = subprocess.run(["date", "+%Y-%m-%d"], env={**os.environ, "TZ": zone}, capture_output=True, text=True,
                         check=True).stdout.strip()
    # The agent in English whatever the Shell's language (the reminder in Punjabi: ReminderLanguageDesktopTests).
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LOCPATH", "LC_ALL", "LC_MESSAGES")}
    env.update({"LANG": "C.UTF-8", "TZ": zone, "SGGS_CLOCK_NOW": f"{day}T17:59:58", "SGGS_CLOCK_RATE": "1",
                "SGGS_APP_GROUP": group, "XDG_STATE_HOME": os.path.join(root, "state"),
                "XDG_CONFIG_HOME": os.path.join(root, "config"), "XDG_DATA_HOME": os.path.join(root, "data")})

    def read_banis():
        r = subprocess.run(["nitnem", "mark", "--list", "--format", "json"], env=env, capture_output=True, text=True,
                           timeout=30)
        return sorted(b["id"] for b in json.loads(r.stdout)["banis"] if b["read"]) if r.returncode == 0 else None

    before = read_banis()
    log = open(os.path.join(root, "agent.log"), "w")
    agent = subprocess.Popen(["nitnem", "run"], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        got = wait("the reminder's banner", lambda: banner(app), timeout=20)
        if not check(bool(got), f"[{press}] the agent's Evening reminder (TZ={zone}, {day}T17:59:58) shows a banner",
                     f"none in 20 s; notifications: {[[t for _, t in l] for _, l, _ in notifications(app)]}"):
            return
        n, labels, _ = got
        texts = [t for _, t in labels]
        bodies = [(m, t) for m, t in labels if BODY.match(t)]
        check(texts.count(SUMMARY) == 1 and len(bodies) == 1,
              f"[{press}] the banner shows {SUMMARY!r} and {bodies[0][1] if bodies else None!r}, each once",
              f"labels {texts}")
        # The buttons show when the banner is expanded: the pointer moved onto it (GNOME expands a
        # banner the pointer comes onto; not one that came up under it).
        x, y, ext = centre(n)
        device.move(x, y)
        b = wait("the banner's buttons", lambda: (lambda b: b if b and [t for _, t in b[2]] == BUTTONS else None)(
            banner(app)), timeout=10) or banner(app)
        shown = [t for _, t in b[2]] if b else None
        check(shown == BUTTONS, f"[{press}] the pointer on the banner {ext} expands it: its buttons {shown}",
              f"expected {BUTTONS}")
        all_banners = [x for x in notifications(app) if SUMMARY in [t for _, t in x[1]]]
        check(len(all_banners) == 1, f"[{press}] the reminder is shown once", f"{len(all_banners)} banners")
        b = banner(app)
        if press == "body":
            targets = [m for m, t in (b[1] if b else []) if BODY.match(t)]
        else:
            targets = [m for m, t in (b[2] if b else []) if t == press]
        if not check(bool(targets), f"[{press}] the {press!r} to click"):
            return
        ext = click(device, targets[0])
        what = "a click on the body" if press == "body" else f"a click on {press!r}"
        if press in ("body", "Listen"):
            out = opened if press == "body" else listened
            text = wait("the command", lambda: (lambda t: t if "token=" in t else None)(
                open(out).read() if os.path.exists(out) else ""), timeout=10)
            args = [ln[4:] for ln in (text or "").splitlines() if ln.startswith("arg=")]
            token = next((ln[6:] for ln in (text or "").splitlines() if ln.startswith("token=")), "")
            if press == "body":
                check(any("sikhitothemax" in u or "sggs" in u for u in args),
                      f"{what} {ext} opened the reader: {args}", f"{out}: {text!r}")
                # The Shell sends the ActivationToken signal from 46 on (notificationDaemon.js).
                if major >= 46:
                    check(bool(token), f"the reader had an XDG_ACTIVATION_TOKEN ({len(token)} characters)",
                          f"{text!r}")
                else:
                    print(f"     (XDG_ACTIVATION_TOKEN {token!r}: GNOME Shell {major} sends no ActivationToken,"
                          " 46 and later do)", flush=True)
            else:
                check(any(a.startswith("rehras") for a in args), f"{what} {ext} ran Listen's command: {args}",
                      f"{out}: {text!r}")
        elif press == "Mark read":
            after = wait("the mark", lambda: (lambda r: r if r and r != before else None)(read_banis()), timeout=10)
            new = sorted(set(after or []) - set(before or []))
            check(len(new) == 1 and new[0].startswith("rehras"),
                  f"{what} {ext} marked {new} read (nitnem mark --list; the group's progress file)",
                  f"read before {before}, after {after}")
        else:
            ledger = os.path.join(root, "state", "nitnem", "reminders.json")
            text = wait("the ledger", lambda: (lambda t: t if '"snoozed"' in t else None)(
                open(ledger).read() if os.path.exists(ledger) else ""), timeout=10)
            check(bool(text), f"{what} {ext} put the reminder off: the ledger has it snoozed", f"{ledger}: {text!r}")
        # Nothing twice: after 2 s the command ran once, the agent showed the reminder once (its journal).
        time.sleep(2)
        if press in ("body", "Listen"):
            calls = open(opened if press == "body" else listened).read().count("token=")
            check(calls == 1, f"[{press}] the command ran once", f"{calls} times")
        if press != "body":
            check(not os.path.exists(opened), f"[{press}] the reader was not opened")
        log.flush()
        count = open(log.name).read().count("reminder shown:")
        check(count == 1, f"[{press}] the agent showed the reminder once (its journal)", f"{count} times")
    finally:
        agent.terminate()
        try:
            agent.wait(5)
        except subprocess.TimeoutExpired:
            agent.kill()


if __name__ == "__main__":
    main()
