# SPDX-License-Identifier: GPL-3.0-or-later
"""The nitnem widget in a real plasmoidviewer, read and driven from outside through the accessibility
tree (AT-SPI, pyatspi). Run by widget.sh inside a private session bus, on a display it started:

  python3 probe.py --work DIR --group DIR --plasma 5|6

It starts plasmoidviewer with the widget on the bare test panel, then checks, failing (exit 1) on any
difference: the compact label is what `nitnem status --format polybar` prints; activating it opens
the list; a click (xdotool, at the item's accessible extents) on the next bani marks it (found on
disk by `nitnem mark --list --format json`); the label then moves on as `nitnem status` does, with no
polling; a click on the ✓ item unmarks it again. Before the viewer starts, the demo group's 28
November (5 of 7 read) is marked complete, so the month has a complete and a partial day before
today; with the popup open, after the mark and after the undo, the journey grid read through AT-SPI
(the table named for the month, the two labels before it, its 7 column heads, then its day cells by
place: each accessible name and, where the toolkit exposes it, the text of number and mark) is
`display.journey` of `nitnem status --format json`, whose days' states, today and streaks are those
of `nitnem journey --format json`, today's cell following the mark. It asks widget.sh for a screenshot
(DIR/shot.request, answered by DIR/shot.done) once the list shows the mark. Then it starts plasmoidviewer again in
Punjabi, as the user guide's recipe has it (LANG=pa_IN.UTF-8, the locale generated with localedef
from DIR/i18n into a LOCPATH, the catalogue widget.sh compiled into DIR/home/.local/share/locale): the label and the
list, read through AT-SPI, are what `nitnem status --format json` words in that locale, in
Gurmukhi where English has other words, and it asks for a second screenshot. What it saw goes to stdout."""
import argparse
import json
import os
import subprocess
import sys

import pyatspi

import harness
import viewer as pv
from harness import check, check_journey, day_state, failures, say, wait_until

parser = argparse.ArgumentParser()
parser.add_argument("--work", required=True)
parser.add_argument("--group", required=True)
parser.add_argument("--plasma", required=True, choices=["5", "6"])
args = parser.parse_args()

log = open(os.path.join(args.work, "plasmoidviewer.log"), "w")


def nitnem(*argv, env=None):
    return subprocess.run(["nitnem", *argv], capture_output=True, text=True, check=False, env=env)


def display(env=None):
    """What `nitnem status --format json` says the widget shows: its `display`."""
    return json.loads(nitnem("status", "--format", "json", env=env).stdout)["display"]


def gurmukhi(text):
    return any("\u0a00" <= ch <= "\u0a7f" for ch in text or "")


app = pv.app
click = pv.click


def nodes():
    a = app()
    return [] if a is None else list(pv.walk(a))


def wait(what, find, timeout=120):
    found = wait_until(timeout, find, 0.2)
    if not found:
        check(False, f"{what} (waited {timeout} s)")
        dump()
    return found or None


def dump():
    for node, depth in nodes():
        try:
            say(f"  tree: {'  ' * depth}{node.getRoleName()} {node.name!r}")
        except Exception:
            pass


# The compact label and the buttons are push buttons; the list's banis are list items (Qt's role
# for an ItemDelegate).
ROLES = (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_LIST_ITEM)


def button(name_test):
    def find():
        for node, _ in nodes():
            try:
                if node.getRole() in ROLES and name_test(node.name or ""):
                    return node
            except Exception:
                continue
        return None
    return find


def compact_label():
    """The panel's label: the push button whose description is the tooltip (`… · Nitnem day …`)."""
    for node, _ in nodes():
        try:
            if node.getRole() == pyatspi.ROLE_PUSH_BUTTON and (
                    "Nitnem day" in (node.description or "") or (node.name or "").startswith("Nitnem")):
                return node.name
        except Exception:
            continue
    return None


def checklist():
    r = nitnem("mark", "--list", "--format", "json")
    return {b["id"]: b["read"] for b in json.loads(r.stdout)["banis"]} if r.returncode == 0 else {}


def journey_now():
    """What nitnem says of the month now: `display.journey` of `nitnem status --format json` (what the
    popup shows) and `nitnem journey --format json` of that month (the journey itself)."""
    shown = display()["journey"]
    return shown, json.loads(nitnem("journey", "--format", "json", "--month", shown["month"]).stdout)


def journey_grid(title):
    """The popup's journey read through AT-SPI: the table named `title` (the grid), the labels before it
    (the title, the streak line), its column heads' names, and its cells (the blank ones are ignored),
    each its accessible name and its text (the day's number, a line break, its mark); None when no
    such table is in the tree."""
    for node, _ in nodes():
        try:
            if node.getRole() != pyatspi.ROLE_TABLE or node.name != title:
                continue
            parent = node.parent
            at = node.getIndexInParent()
            before = [parent.getChildAtIndex(i).name for i in (at - 2, at - 1)]
            kids = [node.getChildAtIndex(i) for i in range(node.childCount)]
            # By place, not role: the first row is the 7 weekday heads, then a cell per day (Plasma
            # 5.27's Qt 5 gives the Labels the role label, whatever their Accessible.role).
            return {"title": before[0], "streaks": before[1], "weekdays": [k.name for k in kids[:7]],
                    "cells": [(k.name, pv.text_of(k)) for k in kids[7:]],
                    "roles": sorted({k.getRoleName() for k in kids})}
        except Exception:  # the popup rebuilt while we read it
            return None
    return None


def grid_differences(grid, shown):
    """Where the popup's grid differs from display.journey, its day cells (the blank ones are not read):
    [] when it is the same. A cell's text (number, mark) is compared where the toolkit gives it a text
    interface (Qt 5's Label has none)."""
    want = [(d["name"], d["number"] + "\n" + (d["mark"] or " ")) for d in shown["days"]]
    return harness.grid_differences(grid, shown, want, "grid in the popup",
                                    lambda g, w: g[0] == w[0] and (g[1] is None or g[1] == w[1]))


def journey_check(when):
    """The grid read through AT-SPI equals display.journey now, and display.journey agrees with
    `nitnem journey --format json`: each day's state, today, the streaks. Returns display.journey."""
    shown, _ = journey_now()
    grid = wait_until(30, lambda: (lambda g: g if not grid_differences(g, journey_now()[0]) else None)(
        journey_grid(shown["title"])), 0.2) or journey_grid(shown["title"])
    shown, journey = journey_now()
    diff = grid_differences(grid, shown)
    cells = grid["cells"] if grid else []
    read = "name" if any(t is None for _, t in cells) else "name; number and mark"
    check(not diff, f"{when}: the journey grid through AT-SPI is display.journey of `nitnem status`: "
          f"{shown['title']!r}, {shown['streaks']!r}, {len(grid['weekdays']) if grid else 0} column heads, "
          f"{len(cells)} day cells ({read}), roles {grid['roles'] if grid else None}", "; ".join(diff[:8]))
    if diff:  # what the tree has of the month instead
        for node, depth in nodes():
            try:
                if node.getRole() in (pyatspi.ROLE_TABLE, pyatspi.ROLE_TABLE_CELL, pyatspi.ROLE_COLUMN_HEADER) or \
                        shown["title"].split()[0] in (node.name or ""):
                    say(f"  tree: {'  ' * depth}{node.getRoleName()} {node.name!r} children {node.childCount}"
                        f" text {pv.text_of(node)!r}")
            except Exception:
                pass
    check_journey(when, shown, journey)
    return shown, journey


def today_name(shown):
    return next((d["name"] for d in shown["days"] if d["today"]), None)


def seed():
    """The demo group's month has partial days (27 and 28 November); 28 made complete, so the grid
    has each kind of day before today and a streak of 1."""
    ids = [b["id"] for b in json.loads(nitnem("mark", "--list", "--day", "2026-11-28", "--format", "json").stdout)["banis"]]
    r = nitnem("mark", "--day", "2026-11-28", *ids)
    check(r.returncode == 0, f"2026-11-28 marked complete: {len(ids)} banis" + (f": {r.stderr.strip()}" if r.returncode else ""))
    # A practice of Japji Sahib from the 27th (read that day, the 28th and today), so the popup shows its line.
    r = nitnem("practice", "start", "japji", "--from", "2026-11-27")
    check(r.returncode == 0, f"a practice begun: {r.stdout.strip()}" + (f": {r.stderr.strip()}" if r.returncode else ""))


def practice_shown(env=None):
    """The practice's line, as `nitnem status` words it, is on screen (the popup's detail lines)."""
    status = json.loads(nitnem("status", "--format", "json", env=env).stdout)
    short = status["practices"][0]["short"] if status["practices"] else None
    line = next((ln for ln in status["display"]["lines"] if short and ln.startswith(short)), None)
    texts = [n.name or "" for n, _ in nodes()]
    check(line is not None and any(line in t for t in texts), f"the popup shows the practice: {line!r}")


def screenshot():
    check(pv.screenshot(args.work), "the screenshot was taken")


def punjabi():
    """plasmoidviewer again, in Punjabi: its label and list as `nitnem status` words them there."""
    added, problem = pv.punjabi(args.work)
    check(problem is None, problem or "localedef pa_IN.UTF-8")
    env = {**os.environ, **added}
    d, en = display(env), display()
    nxt = next(i["label"] for i in d["items"] if i["next"])
    en_nxt = next(i["label"] for i in en["items"] if i["next"])
    check(gurmukhi(nxt) and nxt != en_nxt, f"nitnem status words the next bani in Punjabi: {nxt!r} (English {en_nxt!r})")
    wait("the English plasmoidviewer has left the accessibility bus", lambda: app() is None or None, 30)
    viewer, _ = pv.start_on_bus(log, env)
    try:
        shown = wait("the Punjabi compact label", lambda: button(lambda n: n == d["label"])(), 120)
        check(shown is not None, f"the Punjabi session's label is {d['label']!r}")
        if shown is None:
            return
        shown.queryAction().doAction(0)
        item = wait("the Punjabi list shows the next bani", button(lambda n: n == nxt))
        check(item is not None, f"the list shows {nxt!r}")
        names = [n.name for n, _ in nodes() if n.getRole() in ROLES]
        say("list (pa): " + " | ".join(names))
        practice_shown(env)
        check(pv.screenshot(args.work, lang="pa"), "the Punjabi screenshot was taken")
        for a_ in d["actions"]:
            en_label = next(x["label"] for x in en["actions"] if x["id"] == a_["id"])
            check(a_["label"] in names and gurmukhi(a_["label"]) and en_label not in names,
                  f"the action {a_['id']} reads {a_['label']!r} (English {en_label!r} nowhere)")
    finally:
        pv.stop(viewer)


seed()
viewer, a = pv.start_on_bus(log)
try:
    version = subprocess.run(["plasmoidviewer", "--version"], capture_output=True, text=True).stdout.strip()
    say(f"plasmoidviewer: {version}")
    try:
        say(f"toolkit: {a.toolkitName} {a.toolkitVersion}")
    except Exception:
        pass
    # The compact label, once the first `nitnem status` has answered.
    shown = wait("the compact label shows a status", lambda: (lambda n: n if n and n != "Nitnem …" else None)(compact_label()))
    expected = nitnem("status", "--format", "polybar").stdout.strip()
    check(shown == expected, f"the label {shown!r} is `nitnem status --format polybar`: {expected!r}")
    compact = button(lambda n: n == shown)()
    if compact is not None:
        compact.queryAction().doAction(0)  # AT-SPI's press: the popup opens
    nxt = wait("the list shows the next bani", button(lambda n: n.startswith("○ ") and n.endswith(" · next")))
    if nxt is not None:
        say("list: " + " | ".join(n.name for n, _ in nodes() if n.getRole() in ROLES))
        practice_shown()
        shown, journey = journey_check("the popup open")
        kinds = sorted({day_state(d) for d in journey["days"] if d["dayKey"] < journey["today"]})
        check({"complete", "partial"} <= set(kinds), f"the month has complete and partial days before today: {kinds}")
        today_before = today_name(shown)
        name = nxt.name
        bani = name[2:-len(" · next")]
        before = checklist()
        box = click(nxt)
        say(f"clicked {name!r} at {box.x},{box.y} {box.width}x{box.height}")
        marked = wait("the click's mark is on disk", lambda: (lambda c: c if c != before else None)(checklist()), 60)
        if marked:
            newly = [i for i, read in marked.items() if read and not before.get(i)]
            check(len(newly) == 1, f"exactly one bani marked read on disk: {newly}")
            ticked = wait(f"the list shows ✓ {bani}", button(lambda n: n == f"✓ {bani}"))
            after = nitnem("status", "--format", "polybar").stdout.strip()
            moved = wait("the label moves on", lambda: (lambda n: n if n == after else None)(compact_label()), 60)
            check(moved == after, f"the label {compact_label()!r} is `nitnem status` after the mark: {after!r}")
            shown, _ = journey_check("after the mark")
            check(today_name(shown) != today_before,
                  f"today's cell follows the mark: {today_before!r} -> {today_name(shown)!r}")
            screenshot()
            if ticked is not None:
                click(ticked)
                unmarked = wait("the ✓ click's undo is on disk", lambda: checklist() == before or None, 60)
                check(bool(unmarked), "the second click unmarked it")
                back = wait("the label goes back", lambda: (lambda n: n if n == expected else None)(compact_label()), 60)
                check(back == expected, f"the label is {expected!r} again")
                shown, _ = journey_check("after the undo")
                check(today_name(shown) == today_before, f"today's cell is {today_before!r} again")
finally:
    pv.stop(viewer)
punjabi()
say(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
