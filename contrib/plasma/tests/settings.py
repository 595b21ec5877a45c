# SPDX-License-Identifier: GPL-3.0-or-later
"""The nitnem widget's settings pages in a real plasmoidviewer, driven as a user would: the pointer
(xdotool, at each control's accessible extents) and the keyboard, read back through the accessibility
tree (AT-SPI, pyatspi), on disk and in nitnem's own output. Run by widget.sh --settings inside a
private session bus, on a display it started:

  python3 settings.py --work DIR --group DIR --plasma 5|6 [--lang en|pa]

Every control is found by the words nitnem gives (`config --format json`'s labels, `sets --format
json`'s names, `sets available --format json`'s titles), never by English written here, so the same
run works in Punjabi (--lang pa: LANG=pa_IN.UTF-8, generated with localedef as probe.py does). It
opens the settings window with plasmoidviewer's own configure button (the icon-only one before
Configure Containment), then fails (exit 1) on any difference:

- The sidebar: its first three pages are named as `config --format json`'s words.pages (config.qml
  takes them from nitnem's catalogue), in the session's language.

- Reminders: the Evening reminder field shows `config`'s value; typing 18:30 and Enter writes it to
  the config file (`reminder.evening = 18:30`, every other line kept), `nitnem reminders list`
  follows, the report on screen is the command's; typing 25:99 shows the command's one-line error
  and leaves the file byte for byte; the Reminders drop-down set to off writes `reminders = off`,
  and its Default button (`config unset`) takes the line out again.
- Reading: the Titles drop-down set to both adds `titles = both` to the config file, every other
  byte kept; `config --format json` says so, the report on screen is the command's and the drop-down
  shows both; its Default button takes the line out again.
- Your Nitnem: choosing Sukhmani Sahib in the Evening set's list and pressing its Add button writes
  nitnem-mynitnem.json, `sets --format json` lists it last in Evening and the page shows its row;
  its Move up puts it first there, and the page's rows follow. 19:15 typed into its reminder time
  field (named by `sets`' labels.remind) and Enter: nitnem-mynitnem.json gains the reminder (the rest
  kept), `sets --format json` and `nitnem reminders list` show it, the report on screen is the
  command's. Its practice group: Japji Sahib chosen in its list, 21 typed into its days and Start:
  nitnem-mynitnem.json's `practices` and `nitnem practice --format json` have it running, the page
  shows its line; its Stop button: stopped on disk and in `practice --format json`, its line shown;
  its Begin again button: running again from today, 21 days, its line shown.
  The panel's label (`nitnem status`) and the widget's own list follow.

It asks widget.sh for a screenshot of the settings window (DIR/shot.request holding its box). What
it saw goes to stdout, ending with the number of checks and seconds. Exit 75 (viewer.NOT_ON_BUS):
plasmoidviewer never appeared on the accessibility bus."""
import argparse
import json
import os
import subprocess
import sys
import time

import pyatspi

import harness
import viewer as pv
from harness import check, failures, say, wait_until

parser = argparse.ArgumentParser()
parser.add_argument("--work", required=True)
parser.add_argument("--group", required=True)
parser.add_argument("--plasma", required=True, choices=["5", "6"])
parser.add_argument("--lang", default="en", choices=["en", "pa"])
args = parser.parse_args()

started = time.monotonic()
log = open(os.path.join(args.work, "plasmoidviewer.log"), "w")
env = dict(os.environ)


def nitnem(*argv):
    return subprocess.run(["nitnem", *argv], capture_output=True, text=True, check=False, env=env)


def nitnem_json(*argv):
    return json.loads(nitnem(*argv, "--format", "json").stdout)


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


app = pv.app
click = pv.click


def nodes(root=None):
    root = root if root is not None else app()
    return [] if root is None else [n for n, _ in pv.walk(root)]


def dump(root=None):
    for node, depth in ([] if (root or app()) is None else pv.walk(root or app())):
        try:
            say(f"  tree: {'  ' * depth}{node.getRoleName()} {node.name!r}")
        except Exception:
            pass


def wait(what, find, timeout=60, root=None):
    found = wait_until(timeout, find, 0.2)
    if not found:
        check(False, f"{what} (waited {timeout} s)")
        dump(root)
    return found or None


def showing(node):
    """On screen: Qt lists a hidden control too (the other half of a key's field or drop-down)."""
    try:
        return node.getState().contains(pyatspi.STATE_SHOWING) and extents(node).width > 0
    except Exception:
        return False


def extents(node):
    return node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)


def find(root, name, roles):
    """The control on screen named `name` with one of `roles`, under `root`."""
    for node in nodes(root):
        try:
            if node.name == name and node.getRole() in roles and showing(node):
                return node
        except Exception:
            continue
    return None


def entry(root, test, exclude=()):
    """An entry of an open drop-down on screen whose name passes `test` (list items in Qt 5, menu
    items in Qt 6), not one of `exclude` (the window's list of pages)."""
    for node in nodes(root):
        try:
            if node.getRole() in (pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_MENU_ITEM) and showing(node) \
                    and test(node.name or "") and node not in exclude:
                return node
        except Exception:
            continue
    return None


def type_into(field, text):
    """A click in the field, all of it selected, `text` typed, Enter: as a user edits a value."""
    click(field)
    time.sleep(0.3)
    subprocess.run(["xdotool", "key", "ctrl+a"], check=True)
    subprocess.run(["xdotool", "type", "--delay", "30", text], check=True)
    subprocess.run(["xdotool", "key", "Return"], check=True)


def shown_line(root, line):
    """A label on screen whose text is the report `line` (after the page's mark for an error, if any)."""
    for node in nodes(root):
        try:
            if node.getRole() == pyatspi.ROLE_LABEL:  # on screen or scrolled away
                name = node.name or ""
                if name == line or (name.endswith(line) and len(name) - len(line) <= 2):
                    return node
        except Exception:
            continue
    return None


if args.lang == "pa":
    # As probe.py's Punjabi run: the locale generated into a LOCPATH, the catalogue widget.sh compiled.
    added, problem = pv.punjabi(args.work)
    check(problem is None, problem or "localedef pa_IN.UTF-8")
    env.update(added)

# The config file holds a line of the user's own before the run, to be kept byte for byte.
config = nitnem_json("config")
config_path = config["path"]
os.makedirs(os.path.dirname(config_path), exist_ok=True)
with open(config_path, "w") as f:
    f.write("# my own note, kept as it is\nsnooze = 10m\n")
mynitnem = os.path.join(args.group, "nitnem-mynitnem.json")
config = nitnem_json("config")
keys = {k["key"]: k for k in config["keys"]}
evening = keys["reminder.evening"]
sets = nitnem_json("sets")
available = {b["id"]: b for b in nitnem_json("sets", "available")["banis"]}
say(f"words: {config['words']['pages']}; the evening field {evening['label']!r}, its list "
    f"{sets['sets']['evening']['choose']!r}")
if args.lang == "pa":
    check(all(any("\u0a00" <= ch <= "\u0a7f" for ch in w) for w in (evening["label"], sets["sets"]["evening"]["choose"])),
          "nitnem words the controls in Punjabi (Gurmukhi)")

def drive(a):
    version = subprocess.run(["plasmoidviewer", "--version"], capture_output=True, text=True, env=env).stdout.strip()
    say(f"plasmoidviewer: {version}")
    try:
        say(f"toolkit: {a.toolkitName} {a.toolkitVersion}")
    except Exception:
        pass
    viewer_frame = a.getChildAtIndex(0)

    def sdk_buttons():
        """plasmoidviewer's own row (the widget's button has a description: its tooltip)."""
        row = [n for n in nodes(viewer_frame) if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and showing(n)
               and not n.description]
        named = [i for i, n in enumerate(row) if n.name]
        return row, named if len(named) >= 3 else None

    # Its configure button: icon-only, right before Configure Containment (the row's last named
    # button, whatever the language).
    found = wait("plasmoidviewer's buttons", lambda: sdk_buttons()[1], 120, viewer_frame)
    if found is None:
        return
    row, named = sdk_buttons()
    click(row[named[-1] - 1])

    def settings_frame():
        for i in range(a.childCount):
            frame = a.getChildAtIndex(i)
            if frame is not None and find(frame, evening["label"], (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY)):
                return frame
        return None

    frame = wait(f"the settings window shows the field {evening['label']!r}", settings_frame, 60)
    if frame is None:
        return
    say(f"settings window: {frame.name!r}, {extents(frame).width}x{extents(frame).height}")
    categories = [n for n in nodes(frame) if n.getRole() in (pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_MENU_ITEM)
                  and showing(n)]
    say("categories: " + " | ".join(n.name for n in categories))
    pages = config["words"]["pages"]
    names = [pages["reminders"], pages["reading"], pages["sets"]]
    check([n.name for n in categories[:3]] == names,
          f"the sidebar names the pages as `config --format json`'s words.pages does: {names} (then Plasma's)")

    # Reminders: the Evening reminder field.
    field = find(frame, evening["label"], (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY))
    check(pv.text_of(field) == evening["value"], f"{evening['label']!r} shows {pv.text_of(field)!r}: config's {evening['value']!r}")
    before = read(config_path)
    type_into(field, "18:30")
    changed = wait("the config file changes", lambda: read(config_path) != before or None, 30)
    after = read(config_path) or b""
    lines = after.decode().splitlines()
    check("reminder.evening = 18:30" in lines, "the config file has `reminder.evening = 18:30`")
    kept = [l for l in lines if not l.startswith("reminder.evening")]
    check(kept == before.decode().splitlines(), f"every other line is kept byte for byte: {kept}")
    listed = nitnem("reminders", "list").stdout
    check(any("18:30" in l for l in listed.splitlines()),
          "`nitnem reminders list` follows: " + next((l.strip() for l in listed.splitlines() if "18:30" in l), "no 18:30"))
    value = {k["key"]: k for k in nitnem_json("config")["keys"]}["reminder.evening"]["value"]
    check(value == "18:30", f"`nitnem config --format json` reads {value!r}")
    # The report: what `config set` prints (run again: the value is the same, the file too).
    again = nitnem("config", "set", "reminder.evening", "18:30")
    report = again.stdout.splitlines()[0] if again.stdout else ""
    check(read(config_path) == after, "setting the same value again leaves the file as it is")
    check(wait(f"the report {report!r} on screen", lambda: shown_line(frame, report), 30) is not None,
          f"the page shows the command's report {report!r}")
    field = wait("the field again", lambda: find(frame, evening["label"], (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY)), 10)
    check(field is not None and pv.text_of(field) == "18:30", f"the field reads the file again: {field and pv.text_of(field)!r}")
    if field is None:
        return

    # A refused value: the command's one line on screen, nothing written.
    type_into(field, "25:99")
    refused = nitnem("config", "set", "reminder.evening", "25:99")
    # The page shows it as widget.js's errorLine does (the GNOME Preferences too): without `nitnem: `.
    error = refused.stderr.strip().splitlines()[0].removeprefix("nitnem: ") if refused.stderr.strip() else ""
    check(refused.returncode == 2 and error, f"nitnem refuses 25:99 (exit {refused.returncode}): {error!r}")
    check(wait(f"the error {error!r} on screen", lambda: shown_line(frame, error), 30) is not None,
          f"the page shows the command's one-line error {error!r}")
    check(read(config_path) == after, "the refused value wrote nothing: the config file is byte for byte the same")
    check(any("18:30" in l for l in nitnem("reminders", "list").stdout.splitlines()), "`reminders list` still says 18:30")

    # A drop-down (reminders: on or off) set to off, then its Default button: `config unset`.
    onoff = keys["reminders"]
    drop = find(frame, onoff["label"], (pyatspi.ROLE_COMBO_BOX,))
    check(drop is not None, f"the drop-down {onoff['label']!r}")
    if drop is not None:
        click(drop)
        item = wait("its entry off", lambda: entry(a, lambda n: n == "off", categories), 20)
        if item is not None:
            click(item)
        wait("the config file says reminders = off", lambda: "reminders = off" in (read(config_path) or b"").decode() or None, 30)
        value = {k["key"]: k for k in nitnem_json("config")["keys"]}["reminders"]
        check(value["value"] == "off" and value["source"] == "file",
              f"choosing off wrote it: `config --format json` says {value['value']!r} from the {value['source']}")
        reset = wait(f"the button {onoff['reset']!r} enabled", lambda: (lambda b: b if b is not None and b.getState().contains(
            pyatspi.STATE_ENABLED) else None)(find(frame, onoff["reset"], (pyatspi.ROLE_PUSH_BUTTON,))), 20, frame)
        if reset is not None:
            click(reset)
        wait("the line leaves the config file", lambda: "reminders = off" not in (read(config_path) or b"").decode() or None, 30)
        value = {k["key"]: k for k in nitnem_json("config")["keys"]}["reminders"]
        check(value["value"] == onoff["default"] and value["source"] == "default",
              f"its Default button unset it: {value['value']!r} from the {value['source']}")
        check((read(config_path) or b"").decode().splitlines() == after.decode().splitlines(),
              "the config file is again as it was before the drop-down")

    # Reading: the title form's drop-down set to both, then its Default button.
    click(categories[1])
    titles = keys["titles"]
    drop = wait(f"the page {categories[1].name!r} shows the drop-down {titles['label']!r}",
                lambda: find(frame, titles["label"], (pyatspi.ROLE_COMBO_BOX,)), 30, frame)
    before = read(config_path)
    if drop is not None:
        click(drop)
        item = wait("its entry both", lambda: entry(a, lambda n: n == "both", categories), 20)
        if item is not None:
            click(item)
    wait("the config file changes", lambda: read(config_path) != before or None, 30)
    after = read(config_path) or b""
    check(b"titles = both\n" in after and after.replace(b"titles = both\n", b"", 1) == before,
          f"the config file gains `titles = both`, every other byte kept: {after.decode()!r}")
    value = {k["key"]: k for k in nitnem_json("config")["keys"]}["titles"]
    check(value["value"] == "both" and value["source"] == "file",
          f"`nitnem config --format json` says {value['value']!r} from the {value['source']}")
    again = nitnem("config", "set", "titles", "both")
    report = again.stdout.splitlines()[0] if again.stdout else ""
    check(read(config_path) == after, "setting the same value again leaves the file as it is")
    check(wait(f"the report {report!r} on screen", lambda: shown_line(frame, report), 30) is not None,
          f"the page shows the command's report {report!r}")
    def drop_reads():
        """What the drop-down shows: the text of its content (its only text child)."""
        d = find(frame, titles["label"], (pyatspi.ROLE_COMBO_BOX,))
        return [pv.text_of(n) for n in nodes(d)[1:] if pv.text_of(n) is not None] if d is not None else None

    shows = wait("the drop-down shows both", lambda: (lambda t: t if t == ["both"] else None)(drop_reads()), 10)
    check(shows == ["both"], f"the drop-down reads the file again: {drop_reads()}")
    reset = wait(f"the button {titles['reset']!r} enabled", lambda: (lambda b: b if b is not None and b.getState().contains(
        pyatspi.STATE_ENABLED) else None)(find(frame, titles["reset"], (pyatspi.ROLE_PUSH_BUTTON,))), 20, frame)
    if reset is not None:
        click(reset)
    wait("the line leaves the config file", lambda: b"titles = both" not in (read(config_path) or b"") or None, 30)
    value = {k["key"]: k for k in nitnem_json("config")["keys"]}["titles"]
    check(value["source"] == "default" and (read(config_path) or b"").decode().splitlines() == before.decode().splitlines(),
          f"its Default button unset it: the config file is as it was, `config` says the {value['source']}")

    # Your Nitnem: add Sukhmani Sahib to Evening, then move it up.
    click(categories[2])
    evening_set = sets["sets"]["evening"]
    combo = wait(f"the page {categories[2].name!r} shows {evening_set['choose']!r}",
                 lambda: find(frame, evening_set["choose"], (pyatspi.ROLE_COMBO_BOX,)), 30, frame)
    sukhmani = available["sukhmani"]
    mine_before = read(mynitnem)
    if combo is not None:
        click(combo)

        item = wait(f"the list offers {sukhmani['title']!r}",
                    lambda: entry(a, lambda n: sukhmani["title"] in n, categories), 20)
        if item is not None:
            say(f"chose {item.name!r}")
            click(item)
            time.sleep(0.5)
            add = find(frame, evening_set["add"], (pyatspi.ROLE_PUSH_BUTTON,))
            check(add is not None, f"the button {evening_set['add']!r}")
            if add is not None:
                click(add)
    wait("nitnem-mynitnem.json changes", lambda: read(mynitnem) != mine_before or None, 30)
    ids = [b["id"] for b in nitnem_json("sets")["sets"]["evening"]["banis"]]
    check(read(mynitnem) is not None and b"sukhmani" in read(mynitnem), "nitnem-mynitnem.json has sukhmani")
    check(ids[-1:] == ["sukhmani"], f"`sets --format json`: Evening is {ids}")
    now = {b["id"]: b for b in nitnem_json("sets")["sets"]["evening"]["banis"]}
    row = wait("the page shows Sukhmani Sahib's row", lambda: find(frame, now.get("sukhmani", {}).get("labels", {}).get("remove"),
                                                                       (pyatspi.ROLE_PUSH_BUTTON,)), 30, frame)
    check(row is not None, f"the page shows {now.get('sukhmani', {}).get('labels', {}).get('remove')!r}")
    # The add's report is nitnem's line naming the set's banis in their new order (its words are
    # nitnem's; adding again to learn them would move the bani).
    titles_now = [now[i]["title"] for i in ids]

    def add_report():
        for node in nodes(frame):
            name = node.name or "" if node.getRole() == pyatspi.ROLE_LABEL else ""
            at = [name.find(t) for t in titles_now]
            if "\n" not in name and min(at) >= 0 and at == sorted(at) and not name.startswith("⚠"):
                return name
        return None

    report = wait("the add's report on screen", add_report, 20, frame)
    check(report is not None, f"the page shows the add's report naming {titles_now} in order: {report!r}")

    up = find(frame, now["sukhmani"]["labels"]["up"], (pyatspi.ROLE_PUSH_BUTTON,)) if "sukhmani" in now else None
    check(up is not None, f"the button {now.get('sukhmani', {}).get('labels', {}).get('up')!r}")
    if up is not None:
        click(up)
    moved = wait("`sets --format json` follows the move",
                 lambda: (lambda i: i if i[:1] == ["sukhmani"] else None)(
                     [b["id"] for b in nitnem_json("sets")["sets"]["evening"]["banis"]]), 30)
    check(moved == ["sukhmani"] + [i for i in ids if i != "sukhmani"], f"`sets --format json`: Evening is {moved}")
    rehras = now[ids[0]]["labels"]["remove"]

    def rows_follow():
        s, r = find(frame, now["sukhmani"]["labels"]["remove"], (pyatspi.ROLE_PUSH_BUTTON,)), find(frame, rehras, (pyatspi.ROLE_PUSH_BUTTON,))
        return s is not None and r is not None and extents(s).y < extents(r).y or None

    check(wait("the page's rows follow", rows_follow, 20), "the page shows Sukhmani Sahib's row above Rehras Sahib's")

    # A reminder time for Sukhmani Sahib: its field, named by nitnem's labels.remind.
    remind = now["sukhmani"]["labels"]["remind"]
    field = wait(f"the field {remind!r}", lambda: find(frame, remind, (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY)), 20, frame)
    mine_before = read(mynitnem)
    if field is not None:
        type_into(field, "19:15")
    wait("nitnem-mynitnem.json changes", lambda: read(mynitnem) != mine_before or None, 30)
    mine = json.loads(read(mynitnem) or b"{}")
    was = json.loads(mine_before or b"{}")
    check(mine.get("reminders") == {"sukhmani": "19:15"} and {k: v for k, v in mine.items() if k != "reminders"} == was,
          f"nitnem-mynitnem.json gains the reminder, the rest kept: {mine.get('reminders')}")
    now = {b["id"]: b for b in nitnem_json("sets")["sets"]["evening"]["banis"]}
    check(now.get("sukhmani", {}).get("remind") == "19:15", f"`sets --format json`: Sukhmani Sahib reminds at {now.get('sukhmani', {}).get('remind')!r}")
    listed = [l.strip() for l in nitnem("reminders", "list").stdout.splitlines() if "19:15" in l and now["sukhmani"]["title"] in l]
    check(listed, f"`nitnem reminders list` lists it: {listed}")
    written = read(mynitnem)
    again = nitnem("sets", "remind", "sukhmani", "19:15")
    report = again.stdout.splitlines()[0] if again.stdout else ""
    check(read(mynitnem) == written, "setting the same time again leaves the file as it is")
    check(wait(f"the report {report!r} on screen", lambda: shown_line(frame, report), 30) is not None,
          f"the page shows the command's report {report!r}")
    field = wait("the field again", lambda: find(frame, remind, (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY)), 10)
    check(field is not None and pv.text_of(field) == "19:15", f"the field reads the file again: {field and pv.text_of(field)!r}")
    practice_start_stop(a, frame, categories)
    check(pv.screenshot(args.work, extents(frame)), "the screenshot of the settings window was taken")

    # The panel follows: its label is `nitnem status`'s, and its list (the popup) has Sukhmani Sahib
    # right before Rehras Sahib.
    label = nitnem("status", "--format", "polybar").stdout.strip()

    def compact_button():
        return next((n for n in nodes(viewer_frame) if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.description
                     and n.name == label), None)

    compact = wait(f"the panel's label {label!r}", compact_button, 30, viewer_frame)
    check(compact is not None, f"the panel's label is `nitnem status --format polybar`: {label!r}")
    if compact is not None:
        compact.queryAction().doAction(0)
    titles = [now["sukhmani"]["title"], now[ids[0]]["title"]]

    def listed_in_order():
        # Its banis are list items in Plasma 5, buttons in 6 (probe.py's ROLES).
        popups = [a.getChildAtIndex(i) for i in range(a.childCount)]
        items = [n.name for p in popups if p not in (viewer_frame, frame) for n in nodes(p)
                 if n.getRole() in (pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_PUSH_BUTTON)
                 and any(t in (n.name or "") for t in titles)]
        order = [t for name in items for t in titles if t in name]
        return order if order[:2] == titles else None

    order = wait("the widget's list follows", listed_in_order, 30)
    check(order is not None, f"the widget's list shows {titles[0]!r} before {titles[1]!r}")


def practice_start_stop(a, frame, categories):
    """The practice group (`nitnem practice --format json`'s words): Japji Sahib chosen in its list, 21
    typed into its days and Start: nitnem-mynitnem.json's `practices` and `nitnem practice --format
    json` have it running, 21 days, and the page shows its line; its Stop button (named by nitnem's
    labels.stop): stopped on disk and in `nitnem practice --format json`, the stop's line shown; its
    Begin again button: running again from today, 21 days, its line shown."""
    listing = nitnem_json("practice")
    words = listing["words"]
    bani = next(b for b in listing["start"]["banis"] if b["id"] == "japji")

    def practices():
        return json.loads(read(mynitnem) or b"{}").get("practices") or []

    # The group is at the foot of the page, below the window's fold: the wheel over the page brings
    # it into view, as a user scrolls.
    over = next((find(frame, n, (pyatspi.ROLE_COMBO_BOX,)) for set in ("night", "evening", "morning")
                 for n in [sets["sets"][set]["choose"]] if find(frame, n, (pyatspi.ROLE_COMBO_BOX,))), None)
    say(f"scrolling over {over.name if over is not None else None!r}")

    def scrolled_to_group():
        node = find(frame, words["choose"], (pyatspi.ROLE_COMBO_BOX,))
        # Qt says a control below the window's edge is showing too: in view is inside the window.
        box, window = (extents(node), extents(frame)) if node is not None else (None, None)
        if node is not None and box.y + box.height + 60 > window.y + window.height:
            node = None
        if node is None and over is not None:
            # Over the page's column (a set's list is in it) at the window's middle: the list itself
            # may have scrolled out of the window.
            box, window = extents(over), extents(frame)
            subprocess.run(["xdotool", "mousemove", str(box.x + box.width // 2), str(window.y + window.height // 2),
                            "click", "--repeat", "3", "5"], check=True)
            time.sleep(0.3)
        return node

    combo = wait(f"the practice group's list {words['choose']!r}", scrolled_to_group, 30, frame)
    if combo is None:
        late = find(frame, words["choose"], (pyatspi.ROLE_COMBO_BOX,))
        say(f"     the list at {late and extents(late)}, the window at {extents(frame)}")
        return
    # Where it is once the page has stopped scrolling; a click that found the list still moving opens
    # nothing, and a person clicks again.
    time.sleep(1)
    combo = find(frame, words["choose"], (pyatspi.ROLE_COMBO_BOX,)) or combo
    click(combo)
    offered = lambda: entry(a, lambda n: n == bani["title"], categories)  # noqa: E731
    if wait_until(5, offered, 0.2) is None:
        say("     the list did not open: clicking it again")
        click(find(frame, words["choose"], (pyatspi.ROLE_COMBO_BOX,)) or combo)
    item = wait(f"the list offers {bani['title']!r}", offered, 20)
    if item is None:
        return
    click(item)
    time.sleep(0.5)
    days = find(frame, words["days"], (pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY))
    check(days is not None, f"the field {words['days']!r}")
    if days is not None:
        type_into(days, "21")
        time.sleep(0.5)
    go = find(frame, words["start"], (pyatspi.ROLE_PUSH_BUTTON,))
    if not check(go is not None, f"the button {words['start']!r}"):
        return
    click(go)
    mine = wait("the practice in nitnem-mynitnem.json",
                lambda: next((p for p in practices() if p.get("bani") == "japji"), None), 30)
    check(mine is not None and mine.get("days") == 21 and "stopped" not in mine,
          f"{bani['title']!r}, 21 days, Start: nitnem-mynitnem.json's practices has it: {mine}")
    item = next((p for p in nitnem_json("practice")["practices"] if p["bani"] == "japji" and p["running"]), None)
    check(item is not None and item["days"] == 21, f"`nitnem practice --format json` lists it running: "
          f"{item and item['text']!r}")
    if item is None:
        return
    check(wait(f"its line {item['text']!r} on screen", lambda: shown_line(frame, item["text"]), 30) is not None,
          f"the page shows its line, the command's report: {item['text']!r}")
    def press(label):
        """Its button named `label` (nitnem's labels) clicked; None when it never showed."""
        node = wait(f"its button {label!r}", lambda: find(frame, label, (pyatspi.ROLE_PUSH_BUTTON,)), 20, frame)
        if node is not None:
            click(node)
        return node

    if press(item["labels"]["stop"]) is None:
        return
    stopped = wait("the stop in nitnem-mynitnem.json",
                   lambda: next((p.get("stopped") for p in practices() if p.get("bani") == "japji"), None), 30)
    check(stopped == listing["today"], f"its Stop button: nitnem-mynitnem.json's practice is stopped on {stopped}")
    after = next((p for p in nitnem_json("practice")["practices"] if p["bani"] == "japji"), {})
    check(after.get("state") == "stopped" and after.get("argv", {}).get("stop") is None,
          f"`nitnem practice --format json` says it is stopped: {after.get('text')!r}")
    check(wait(f"the stop's line {after.get('text')!r} on screen", lambda: shown_line(frame, after.get("text")), 30)
          is not None, f"the page shows the stop's report {after.get('text')!r}")
    # Begun again (the common rule after a miss): the button nitnem gives the argv of, named by its label.
    if not check((after.get("argv") or {}).get("restart") is not None, "nitnem gives the stopped practice's "
                 f"{(after.get('labels') or {}).get('restart')!r} argv"):
        return
    if press(after["labels"]["restart"]) is None:
        return
    begun = wait("the practice begun again",
                 lambda: next((p for p in nitnem_json("practice")["practices"] if p["bani"] == "japji" and p["running"]),
                              None), 30)
    check(begun is not None and begun["from"] == listing["today"] and begun["days"] == 21,
          f"{after['labels']['restart']!r} pressed: `nitnem practice --format json` lists it running again from "
          f"{listing['today']}, 21 days: {begun and begun['text']!r}")
    if begun is not None:
        check(wait(f"its line {begun['text']!r} on screen", lambda: shown_line(frame, begun["text"]), 30) is not None,
              f"the page shows its line again: {begun['text']!r}")


viewer, application = pv.start_on_bus(log, env)
try:
    drive(application)
finally:
    pv.stop(viewer)
say(f"{harness.passed + len(failures)} checks, {len(failures)} failed, in {time.monotonic() - started:.0f} s "
    f"(Plasma {args.plasma}, {args.lang})")
sys.exit(1 if failures else 0)
