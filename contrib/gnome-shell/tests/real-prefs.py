# SPDX-License-Identifier: GPL-3.0-or-later
"""The Preferences window in a running GNOME Shell (43, 48, 50, 51; run by real-shell-session.sh after
real-shell-check.py, in the Shell's session bus), from outside, as a keyboard user and a screen
reader see it: the accessibility tree (AT-SPI) to find and press things, a real keyboard to type
(xdotool on an X11 Shell, mutter's RemoteDesktop virtual keyboard on a Wayland one). No pointer and
no coordinates in the window: a text field is reached with Tab until AT-SPI says it has the focus
(GNOME 43's GTK: see OLD_GTK). The user's agent (`nitnem run`) runs meanwhile, as in a session.

- GetExtensionInfo says hasPrefs; OpenExtensionPrefs opens the window (the Extensions app's);
- the Reminders page has a row per key `nitnem config --format json` puts on it, each found by the
  label nitnem gives it (in the session's language: the page words nothing itself);
- 18:30 typed into the Evening reminder's field and Enter: the config file has
  `reminder.evening = 18:30` (every other byte as it was), `nitnem config` and `nitnem reminders
  list` say so, and the window shows the command's report line;
- 22:00 typed there: the window shows nitnem's one-line error (the one `config set` gives) and the
  file is as it was;
- `tomorrow` typed into Pause until: reminders are paused, and the pause group says so in nitnem's
  words; its Resume button (an AT-SPI action): not paused, said so;
- Your Nitnem (its switcher button, an AT-SPI action): the first bani in no set chosen in the
  evening set's list (keyboard: the list opened with Enter, Down to it, Enter) and its Add button
  pressed: nitnem-mynitnem.json lists it last in the evening set, as `nitnem sets --format json`
  does; its Move up button: it is first, on disk and in `nitnem sets --format json`; the page's
  rows follow (its Move up button is now the first bani's);
- its practice group: a bani chosen by keyboard in its list and Start pressed: nitnem-mynitnem.json's
  `practices` and `nitnem practice --format json` have it running, the window shows its line; its
  Stop button: stopped on disk and in `nitnem practice --format json`, the stop's line shown; its
  Begin again button: running again from today, its line shown.

With --screenshot, a picture of the window on that page (ScreenshotWindow). Then the panel follows:
its label is `nitnem status`'s, and its menu, opened by a real click on the panel button (xdotool on
X11, the RemoteDesktop virtual pointer on Wayland), lists the day's banis in `nitnem status`'s order,
the moved one before the one it passed; Escape closes it. Then the Reading page's Titles list set to
gurmukhi by keyboard (the config file, the report line). Then closes the window
(its process, by the pid AT-SPI gives). Prints `ok   …` / `FAIL …` lines and a
closing `real-prefs: N passed, M failed`; exits 1 on any failure.

  python3 real-prefs.py --input x11|remote-desktop [--screen WxH] [--screenshot FILE]
"""
import argparse
import json
import os
import subprocess
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import GLib  # noqa: E402

import pyatspi  # noqa: E402

import shell_session  # noqa: E402
from shell_session import (UUID, RemoteDesktopInput, X11Input, call, extension_info, overview_active,  # noqa: E402
                           screenshot, wait, walk)
from harness import check, summary, wait_until  # noqa: E402 - from scripts/ (shell_session puts it on the path)

window_pid = None
agent = None


def finish():
    if window_pid:
        try:
            os.kill(window_pid, 15)
        except OSError:
            pass
    if agent is not None:
        agent.terminate()
        try:
            agent.wait(5)
        except subprocess.TimeoutExpired:
            agent.kill()
    sys.exit(summary("real-prefs: "))


def nitnem(*args):
    return subprocess.run(["nitnem", *args], capture_output=True, text=True, timeout=30)


def nitnem_json(*args):
    return json.loads(nitnem(*args, "--format", "json").stdout)


def find(app, name, roles=None):
    for node in walk(app):
        try:
            if node.name == name and (roles is None or node.getRoleName() in roles):
                return node
        except Exception:  # noqa: BLE001 - gone while we looked
            continue
    return None


def find_all(app, roles):
    return [n for n in walk(app) if n.getRoleName() in roles]


def dump(app, path):
    """The window's tree (role, name, states) into `path` in the work folder, for a failing run's log."""
    with open(path, "w", encoding="utf-8") as f:
        def go(node, depth):
            if node is None or depth > 60:
                return
            try:
                states = [pyatspi.stateToString(s) for s in node.getState().getStates()]
                f.write(f"{'  ' * depth}{node.getRoleName()}: {node.name!r} {' '.join(states)}\n")
                for i in range(node.childCount):
                    go(node.getChildAtIndex(i), depth + 1)
            except Exception as e:  # noqa: BLE001
                f.write(f"{'  ' * depth}({e})\n")
        go(app, 0)


def focused(node):
    try:
        return node.getState().contains(pyatspi.STATE_FOCUSED)
    except Exception:  # noqa: BLE001
        return False


# GTK before 4.10 (GNOME 43's, 4.8) tells AT-SPI neither which widgets are showing (no node has the
# state) nor that an entry row's text field has the focus (its GtkText is not in the tree). For
# such a toolkit `showing` takes `visible`, and `focus` reaches a text field as the focusable node
# before it in the tree, whose focus is told, then one Tab (main sets it from the window's toolkit).
OLD_GTK = False


def showing(node):
    if shell_session.showing(node):
        return True
    try:
        return OLD_GTK and node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:  # noqa: BLE001
        return False


def old_gtk(app):
    """Whether the window's toolkit is GTK before 4.10 (AT-SPI's toolkit name and version)."""
    try:
        major, minor = (int(x) for x in app.toolkitVersion.split(".")[:2])
        return app.toolkitName == "GTK" and (major, minor) < (4, 10)
    except Exception:  # noqa: BLE001
        return False


def prefs_app(label):
    """The application whose tree has a node named `label` (the Evening reminder's): the window."""
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and find(app, label) is not None:
            return app
    return None


def texts(app):
    """Every label and text the window shows now (the report line among them)."""
    out = []
    for n in walk(app):
        try:
            if n.getRoleName() in ("label", "text", "static") and n.name and showing(n):
                out.append(n.name)
        except Exception:  # noqa: BLE001
            continue
    return out


def focus(app, keys, named, roles, tabs=90):
    """Presses Tab until the node named `named` (a role of `roles`) has the focus; that node, or None
    (then what had it, for the log)."""
    node = wait("the field", lambda: find(app, named, roles), timeout=15)
    if node is None:
        print(f"     no {named!r} ({'/'.join(roles)}) in the tree")
        return None
    if OLD_GTK and roles == TEXT_ROLES:
        return focus_after(app, keys, node, tabs)
    for _ in range(tabs):
        if focused(node):
            return node
        keys.key("Tab")
        time.sleep(0.12)
    print(f"     {tabs} Tabs and {named!r} never had the focus; focused now: {focused_names(app)}")
    return None


def focus_after(app, keys, field, tabs):
    """GTK 4.8 (OLD_GTK): Tab until the focusable control just before `field` in the tree has the focus
    (AT-SPI tells a button's), then Tab once more, to the field. `field`, or None. Whether the keys then
    reached it is not told here either: each caller checks what was typed on disk."""
    try:
        nodes = list(walk(app))
        # A list is focusable but Tab passes into its rows: the node before is a control.
        before = [n for n in nodes[:nodes.index(field)] if n.getRoleName() not in TEXT_ROLES + CONTAINER_ROLES
                  and n.getState().contains(pyatspi.STATE_FOCUSABLE) and showing(n)]
    except Exception as e:  # noqa: BLE001 - the page rebuilt while it was walked (a command's reload)
        print(f"     the window changed while the control before {field.name!r} was looked for: {e}")
        return None
    if not before:
        print(f"     nothing focusable before {field.name!r}")
        return None
    control = before[-1]
    for _ in range(tabs):
        if focused(control):
            keys.key("Tab")
            time.sleep(0.12)
            return field
        keys.key("Tab")
        time.sleep(0.12)
    print(f"     {tabs} Tabs and {control.name!r} (before {field.name!r}) never had the focus; "
          f"focused now: {focused_names(app)}")
    return None


def focused_names(app):
    return [f"{n.getRoleName()}:{n.name}" for n in walk(app) if focused(n)]


def press(node):
    """The node's first AT-SPI action (a button's click)."""
    node.queryAction().doAction(0)


def config_path():
    return nitnem_json("config")["path"]


def config_bytes():
    try:
        with open(config_path(), "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


TEXT_ROLES = ("text", "entry", "password text")
CONTAINER_ROLES = ("list", "list box", "scroll pane", "panel", "filler", "page tab list")
BUTTON_ROLES = ("push button", "button", "toggle button")
TAB_ROLES = ("page tab", "toggle button", "button", "push button")


def frame_of(app):
    return next((n for n in walk(app, limit=2) if n.getRoleName() in ("frame", "dialog", "window")), None)


def active(app):
    frame = frame_of(app)
    return frame is not None and frame.getState().contains(pyatspi.STATE_ACTIVE)


def type_into(app, keys, label, value):
    """Tab to the field named `label`, replace its text with `value`, Enter. Whether it was reached."""
    node = focus(app, keys, label, TEXT_ROLES)
    if node is None:
        return False
    keys.key("ctrl+a")
    keys.type(value)
    time.sleep(0.2)
    keys.key("Return")
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input", required=True, choices=["x11", "remote-desktop"])
    ap.add_argument("--screen", default="1280x800", help="the Shell's screen, WxH (the virtual pointer's bounds)")
    ap.add_argument("--screenshot", help="a PNG of the window on its Your Nitnem page, at the end")
    a = ap.parse_args()
    global window_pid, agent
    # The Shell may still be starting: its Extensions interface answers once it is up.
    wait("the nitnem extension enabled", lambda: extension_info().get("state") == 1, timeout=60)
    info = extension_info()
    if not check(info.get("hasPrefs") is True, "GetExtensionInfo: hasPrefs (prefs.js is there)",
                 str(info.get("hasPrefs"))):
        finish()
    # The user's agent (`nitnem run`, their systemd unit's command), as a session has it: it writes
    # the widget timeline the panel's label shows, again when a set changes (its log: prefs-agent.log).
    agent = subprocess.Popen(["nitnem", "run"], stdout=open("prefs-agent.log", "w"), stderr=subprocess.STDOUT)
    try:
        keys = X11Input() if a.input == "x11" else RemoteDesktopInput(*map(int, a.screen.split("x")))
    except GLib.Error as e:
        check(False, f"{a.input} keyboard", e.message)
        finish()
    # The Shell starts in the overview (real-shell-check.py, when it ran first, has left it): Escape
    # leaves it, as a user would, so the window gets the keyboard.
    for _ in range(5):
        if not wait("the overview", overview_active, timeout=3 if _ else 10):
            break
        keys.key("Escape")
        wait("the overview to close", lambda: not overview_active(), timeout=3)
    check(not overview_active(), "the overview is closed (Escape), so a window gets the keyboard")
    config = nitnem_json("config")
    keys_by_name = {k["key"]: k for k in config["keys"]}
    words = config["words"]
    evening = keys_by_name["reminder.evening"]["label"]
    # The window is the Extensions app, started by the session bus: it needs the Shell's display,
    # which the bus (started before the Shell) does not have.
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    display = {"DISPLAY": os.environ["DISPLAY"]} if os.environ.get("DISPLAY") else {}
    sockets = sorted(n for n in os.listdir(runtime) if n.startswith("wayland-") and not n.endswith(".lock"))
    if sockets and not display:
        display = {"WAYLAND_DISPLAY": sockets[0]}
    call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "UpdateActivationEnvironment",
         GLib.Variant("(a{ss})", (display,)), None)
    call("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell.Extensions", "OpenExtensionPrefs",
         GLib.Variant("(ssa{sv})", (UUID, "", {})), None)
    app = wait("the window", lambda: prefs_app(evening), timeout=40)
    if not check(app is not None, f"OpenExtensionPrefs: the window shows the row nitnem labels {evening!r} (AT-SPI)"):
        for other in pyatspi.Registry.getDesktop(0):
            if other is not None:
                names = [f"{n.getRoleName()}:{n.name}" for n in list(walk(other, limit=14))[:60] if n.name]
                print(f"     {other.name}: {names}")
        finish()
    window_pid = app.get_process_id()
    global OLD_GTK
    OLD_GTK = old_gtk(app)
    print(f"     the window: {app.name!r}, pid {window_pid}, {app.toolkitName} {app.toolkitVersion}")
    dump(app, "prefs-tree.txt")
    on_page = [k["label"] for k in config["keys"] if k["page"] == "reminders"]
    missing = [label for label in on_page if find(app, label) is None]
    check(not missing, f"the Reminders page has a row per key nitnem puts there, by nitnem's labels ({len(on_page)})",
          f"missing {missing}")
    check(find(app, words["pages"]["sets"], TAB_ROLES) is not None,
          f"the window's switcher names the pages in nitnem's words ({words['pages']['sets']!r})")

    # Whether the keyboard reaches the window shows next, as Tab moves the focus in it (AT-SPI's
    # `active` state of its frame came late, or not at all, in GNOME Shell 50 after the panel's checks
    # although the keys arrived: it is no check, only a hint for the log).
    if not wait("the window's frame active", lambda: active(app), timeout=5):
        print(f"     the window's frame is not `active` (AT-SPI): activating it "
              f"({'EWMH' if a.input == 'x11' else 'not possible on Wayland; Tab will tell'})")
        keys.activate(window_pid)

    # A band's time, typed as a person does.
    before = config_bytes() or b""
    reached = type_into(app, keys, evening, "18:30")
    check(reached, f"Tab reaches the {evening!r} field (AT-SPI: focused) and 18:30 is typed, then Enter")
    line = b"reminder.evening = 18:30\n"
    got = wait("reminder.evening = 18:30 on disk", lambda: line in (config_bytes() or b""), timeout=15)
    after = config_bytes() or b""
    check(got, "…the config file has reminder.evening = 18:30", repr(after))
    check(after.replace(line, b"") == before.replace(b"reminder.evening = 18:00\n", b""),
          "…and every other byte of it as it was", f"{before!r} → {after!r}")
    shown = nitnem("config").stdout
    check("reminder.evening = 18:30" in shown, "…nitnem config says so", shown)
    listed = nitnem("reminders", "list").stdout
    check("18:30" in listed, "…nitnem reminders list follows (18:30)", listed)
    report = wait("the report line", lambda: any(t.startswith("reminder.evening = 18:30") for t in texts(app)),
                  timeout=15)
    check(report, "…and the window shows the command's report line", str(texts(app)[-6:]))

    # A refused time: nitnem's own one-line error, nothing written.
    refused = nitnem("config", "set", "reminder.evening", "22:00")
    error = refused.stderr.strip().removeprefix("nitnem: ")
    good = config_bytes()
    check(refused.returncode == 2 and config_bytes() == good, f"22:00 is refused by nitnem config set: {error!r}")
    app_now = wait("the field again", lambda: find(app, evening, TEXT_ROLES) and app, timeout=10) or app
    type_into(app_now, keys, evening, "22:00")
    said = wait("the error line", lambda: any(error == t for t in texts(app)), timeout=15)
    check(said, "22:00 typed there: the window shows nitnem's one-line error", str(texts(app)[-6:]))
    time.sleep(1)
    check(config_bytes() == good, "…and the config file is as it was", repr(config_bytes()))

    # Pause until tomorrow, typed; then Resume pressed: the pause group says each as nitnem words it.
    reached = type_into(app, keys, words["pause"]["until"], "tomorrow")
    paused = wait("the pause", lambda: nitnem_json("config")["paused"], timeout=15)
    check(reached and paused, f"'tomorrow' typed into {words['pause']['until']!r}: reminders are paused "
          f"(config --format json: {paused})")
    state = nitnem_json("config")["words"]["pause"]["state"]
    check(wait("the pause line", lambda: state in texts(app), timeout=15), f"…and the window says {state!r}",
          str(texts(app)[-8:]))
    resume = wait("the Resume button", lambda: find(app, words["pause"]["resume"], BUTTON_ROLES))
    if check(resume is not None, f"the {words['pause']['resume']!r} button"):
        press(resume)
        check(wait("the resume", lambda: nitnem_json("config")["paused"] is None, timeout=15),
              "…pressed: reminders are not paused")
        state = nitnem_json("config")["words"]["pause"]["state"]
        check(wait("the pause line", lambda: state in texts(app), timeout=15), f"…and the window says {state!r}",
          str(texts(app)[-8:]))

    # Your Nitnem: its page, then the first bani in no set added to the evening set and moved up.
    if not open_page(app, words["pages"]["sets"]):
        finish()
    sets = nitnem_json("sets")
    available = nitnem_json("sets", "available")["banis"]
    index, bani = next((i, b) for i, b in enumerate(available) if not b["sets"])
    choose_in_list(app, keys, sets["sets"]["evening"]["choose"], index)  # the list shows its first
    add = wait("the Add button", lambda: find(app, sets["sets"]["evening"]["add"], BUTTON_ROLES))
    group = os.environ["SGGS_APP_GROUP"]

    def mine(part="sets"):
        """nitnem-mynitnem.json's evening set (`part` "reminders": its per-bani reminder times)."""
        try:
            with open(f"{group}/nitnem-mynitnem.json", encoding="utf-8") as f:
                got = json.load(f).get(part, {})
            return got.get("evening") if part == "sets" else got
        except (OSError, ValueError, AttributeError):
            return None

    if check(add is not None, f"the {sets['sets']['evening']['add']!r} button"):
        press(add)
        got = wait("the added bani on disk", lambda: (mine() or [None])[-1] == bani["id"], timeout=15)
        check(got, f"{bani['title']!r} (chosen by keyboard) added: nitnem-mynitnem.json's evening set ends with it",
              repr(mine()))
        listed = [b["id"] for b in nitnem_json("sets")["sets"]["evening"]["banis"]]
        check(listed and listed[-1] == bani["id"], "…and nitnem sets --format json lists it last", str(listed))
    # Move up, by the name nitnem gives that bani's button.
    fresh = nitnem_json("sets")["sets"]["evening"]["banis"]
    mine_row = next((b for b in fresh if b["id"] == bani["id"]), None)
    up = wait("the Move up button", lambda: mine_row and find(app, mine_row["labels"]["up"], BUTTON_ROLES), timeout=15)
    if check(up is not None, f"its {mine_row['labels']['up'] if mine_row else 'Move up'!r} button"):
        before_up = [b["id"] for b in fresh]
        press(up)
        want = before_up[:-2] + [before_up[-1], before_up[-2]]
        got = wait("the moved bani on disk", lambda: mine() == want, timeout=15)
        check(got, f"Move up: nitnem-mynitnem.json's evening set is {want}", repr(mine()))
        listed = [b["id"] for b in nitnem_json("sets")["sets"]["evening"]["banis"]]
        check(listed == want, "…and nitnem sets --format json follows", str(listed))
        after_up = nitnem_json("sets")["sets"]["evening"]["banis"]
        # The page is read again: the moved bani's Move up button is now the one of a first bani.
        first_up = wait("the first bani's Move up button", lambda: len(want) == 2 and find(
            app, after_up[0]["labels"]["up"], BUTTON_ROLES), timeout=15)
        if len(want) == 2:
            check(first_up is not None and not first_up.getState().contains(pyatspi.STATE_SENSITIVE),
                  "…and the page follows: its Move up button is now the first one's, disabled")
    # A reminder time for the added bani, typed into its field (labelled by nitnem) and Enter.
    row = next((b for b in nitnem_json("sets")["sets"]["evening"]["banis"] if b["id"] == bani["id"]), None)
    if check(row is not None, f"{bani['title']!r} is in the evening set's rows"):
        reached = type_into(app, keys, row["labels"]["remind"], "19:15")
        got = wait("the bani's reminder on disk", lambda: (mine("reminders") or {}).get(bani["id"]) == "19:15",
                   timeout=15)
        check(reached and got, f"19:15 typed into {row['labels']['remind']!r}: nitnem-mynitnem.json's reminders "
              f"has {bani['id']}: 19:15", repr(mine("reminders")))
        remind = next((b["remind"] for b in nitnem_json("sets")["sets"]["evening"]["banis"] if b["id"] == bani["id"]),
                      None)
        check(remind == "19:15", "…nitnem sets --format json says so", repr(remind))
        listed = nitnem("reminders", "list").stdout
        line = next((ln.strip() for ln in listed.splitlines() if row["title"] in ln and "19:15" in ln), None)
        check(line is not None, f"…and nitnem reminders list lists it: {line!r}", listed)
    practice_start_stop(app, keys)
    if a.screenshot:
        # The evening set in view: Tab to its last row's button, Reset (the page scrolls to the
        # focus); then the toasts of the last changes gone (3 s each).
        focus(app, keys, nitnem_json("sets")["sets"]["evening"]["reset"], BUTTON_ROLES, tabs=60)
        time.sleep(7)
        try:
            check(bool(screenshot(a.screenshot, window=True)),
                  f"org.gnome.Shell.Screenshot wrote the window to {a.screenshot}")
        except (RuntimeError, GLib.Error) as e:
            check(False, "a screenshot of the window", str(e))
    if up is not None and len(before_up) >= 2:
        panel_follows(keys, bani["id"], before_up[-2])
    titles_gurmukhi(app, keys, config)
    finish()


def practice_start_stop(app, keys):
    """Your Nitnem's practice group (`nitnem practice --format json`'s words): the third bani it offers
    chosen by keyboard in its list, Start pressed (its days as the field shows them, nitnem's default):
    nitnem-mynitnem.json's `practices` has it, `nitnem practice --format json` lists it running and the
    window shows its line (the command's report); then its Stop button (named by nitnem's labels.stop):
    stopped on disk and in `nitnem practice --format json`, the stop's report line shown."""
    group = os.environ["SGGS_APP_GROUP"]

    def practices():
        try:
            with open(f"{group}/nitnem-mynitnem.json", encoding="utf-8") as f:
                return json.load(f).get("practices") or []
        except (OSError, ValueError, AttributeError):
            return []

    listing = nitnem_json("practice")
    words, start = listing["words"], listing["start"]
    index = 2
    bani = start["banis"][index]
    choose_in_list(app, keys, words["choose"], index)  # the list shows its first
    go = wait("the Start button", lambda: find(app, words["start"], BUTTON_ROLES), timeout=15)
    if not check(go is not None, f"the practice group's {words['start']!r} button"):
        return
    had = {p.get("bani") for p in practices()}
    press(go)
    mine = wait("the practice on disk", lambda: next((p for p in practices() if p.get("bani") not in had), None),
                timeout=15)
    if mine is not None and mine.get("bani") != bani["id"]:
        # GNOME 43 under load sometimes lands the drop-down one item short (its focused row moves on
        # each Down all the same): the practice Start began is the one this step follows.
        print(f"     the list chose {mine.get('bani')!r}, not {bani['id']!r}: following it", flush=True)
        bani = next((b for b in start["banis"] if b["id"] == mine.get("bani")), bani)
    check(mine is not None and mine.get("days") == start["days"]["default"] and "stopped" not in mine,
          f"{bani['title']!r} (chosen by keyboard) and Start: nitnem-mynitnem.json's practices has it, "
          f"{start['days']['default']} days", repr(practices()))
    item = next((p for p in nitnem_json("practice")["practices"] if p["bani"] == bani["id"] and p["running"]), None)
    check(item is not None, "…nitnem practice --format json lists it running", repr(item))
    if item is None:
        return
    check(wait("its line", lambda: item["text"] in texts(app), timeout=15),
          f"…and the window shows its line, the command's report: {item['text']!r}", str(texts(app)[-6:]))
    stop = wait("its Stop button", lambda: find(app, item["labels"]["stop"], BUTTON_ROLES), timeout=15)
    if not check(stop is not None, f"its {item['labels']['stop']!r} button"):
        print(f"     buttons: {[(n.getRoleName(), n.name) for n in find_all(app, BUTTON_ROLES)][-12:]}")
        return
    press(stop)
    stopped = wait("the stop on disk", lambda: next((p.get("stopped") for p in practices()
                                                      if p.get("bani") == bani["id"]), None), timeout=15)
    check(stopped == nitnem_json("practice")["today"], f"…pressed: nitnem-mynitnem.json's practice is stopped "
          f"({stopped})", repr(practices()))
    after = next((p for p in nitnem_json("practice")["practices"] if p["bani"] == bani["id"]), {})
    check(after.get("state") == "stopped" and after.get("argv", {}).get("stop") is None,
          "…nitnem practice --format json says it is stopped", repr(after))
    check(wait("the stop's line", lambda: after.get("text") in texts(app), timeout=15),
          f"…and the window shows the stop's report: {after.get('text')!r}", str(texts(app)[-6:]))
    # Begun again (the common rule after a miss): the button nitnem gives the argv of, named by its label.
    labels = after.get("labels") or {}
    if not check((after.get("argv") or {}).get("restart") is not None,
                 f"nitnem gives the stopped practice's {labels.get('restart')!r} argv", repr(after)):
        return
    again = wait("its Begin again button", lambda: find(app, labels["restart"], BUTTON_ROLES), timeout=15)
    if not check(again is not None, f"its {labels['restart']!r} button"):
        return
    press(again)
    begun = wait("the practice begun again", lambda: next(
        (p for p in nitnem_json("practice")["practices"] if p["bani"] == bani["id"] and p["running"]), None), timeout=15)
    check(begun is not None and begun["from"] == nitnem_json("practice")["today"],
          f"…pressed: nitnem practice --format json lists it running again from today", repr(begun))
    if begun is not None:
        check(wait("its line again", lambda: begun["text"] in texts(app), timeout=15),
              f"…and the window shows its line again: {begun['text']!r}", str(texts(app)[-6:]))


def open_page(app, name):
    """Presses (its AT-SPI action) the window's switcher button of the page nitnem names `name`."""
    tab = next((n for n in walk(app) if n.name == name and n.getRoleName() in TAB_ROLES and showing(n)), None)
    if check(tab is not None, f"the {name!r} page's switcher button"):
        press(tab)
    return tab is not None


def choose_in_list(app, keys, label, steps):
    """Tab to the drop-down named `label`, open it with Enter, Down `steps` times from the item it
    shows, Enter."""
    combo = focus(app, keys, label, ("combo box", "list item", "button", "push button", "menu button"))
    if check(combo is not None, f"Tab reaches the {label!r} list (AT-SPI: focused)"):
        # A Down sent before the list has opened is lost (GNOME 43 under load chose the item before
        # the one asked for): wait for the list's focused row, and after each Down for the focus to
        # move on; where AT-SPI tells no focused row (GTK before 4.10 may not), by time alone.
        def focused_row():
            try:
                return next(((n.name, n.getIndexInParent()) for n in walk(app)
                             if n.getRoleName() in ("list item", "menu item") and focused(n)), None)
            except Exception:  # noqa: BLE001 - a node gone while walked: asked again
                return None
        keys.key("Return")
        row = wait_until(5, focused_row, 0.1)
        if row is None:
            print("     AT-SPI tells no focused row of the list: its Downs go by time", flush=True)
        time.sleep(0.8)

        def moved_on():
            return wait_until(3, lambda: (lambda r: r if r is not None and r != row else None)(focused_row()), 0.1)
        for _ in range(steps):
            keys.key("Down")
            if row is None:
                time.sleep(0.3)
                continue
            moved = moved_on()
            if moved is None:  # the Down was lost: once more
                print(f"     the list's focus stayed on {row!r} after a Down: Down again", flush=True)
                keys.key("Down")
                moved = moved_on()
            row = moved or row
        keys.key("Return")
        time.sleep(0.8)


def titles_gurmukhi(app, keys, config):
    """The Reading page (its switcher button): its Titles list, reached with Tab, opened with Enter,
    `gurmukhi` chosen with Down and Enter: the config file has `titles = gurmukhi` and every other line
    as it was, and the window shows the command's report line."""
    words = config["words"]
    titles = next(k for k in config["keys"] if k["key"] == "titles")
    if not open_page(app, words["pages"]["reading"]):
        return
    before = config_bytes() or b""
    shown = titles["choices"].index(titles["value"]) if titles["value"] else 0  # the list shows its first
    choose_in_list(app, keys, titles["label"], titles["choices"].index("gurmukhi") - shown)
    line = b"titles = gurmukhi\n"
    got = wait("titles = gurmukhi on disk", lambda: line in (config_bytes() or b""), timeout=15)
    after = config_bytes() or b""
    check(got, "…gurmukhi chosen: the config file has titles = gurmukhi", repr(after))
    others = [[ln for ln in text.splitlines(keepends=True) if b"titles" not in ln] for text in (before, after)]
    check(others[0] == others[1], "…and every other line of it as it was", f"{before!r} → {after!r}")
    check(wait("the report line", lambda: any(t.startswith("titles = gurmukhi") for t in texts(app)), timeout=15),
          "…and the window shows the command's report line", str(texts(app)[-6:]))


def panel_follows(device, moved, passed_over):
    """After the move: `nitnem status` lists `moved` just before `passed_over`, the panel's label is
    `nitnem status`'s, and its menu, opened by a real click on the panel button, lists the day's banis
    as `nitnem status` does; Escape closes it."""
    shell = wait("gnome-shell in the accessibility tree", shell_session.shell_app, timeout=15)
    display = nitnem_json("status")["display"]
    label = wait("the panel's label", lambda: (lambda b: b[1] if b[1] == display["label"] else None)(
        shell_session.panel_button(shell)), timeout=15)
    check(label is not None, f"the panel's label follows: {display['label']!r} (nitnem status)",
          repr(shell_session.panel_button(shell)[1]) if shell else "no gnome-shell")
    ids = [i["id"] for i in display["items"]]
    want = [i["label"] for i in display["items"]]
    at = ids.index(moved) if moved in ids else -1
    button = shell_session.panel_button(shell)[0] if shell else None
    if not check(button is not None and 0 <= at < len(ids) - 1 and ids[at + 1] == passed_over,
                 f"nitnem status lists {moved!r} just before {passed_over!r}, the bani it passed ({ids})"):
        return
    def listed():
        got = [t for _, t in shell_session.menu_items(shell) if t in want]
        return got if got == want else None

    shell_session.click(device, button)
    shown = wait("the menu's items", listed, timeout=8)
    if shown is None and not shell_session.menu_items(shell):
        # No menu 8 s after the click (GNOME 50, en and pa, in one batch of six runs while other
        # desktops' tests shared the two cores; the cause not found): a person clicks again.
        print("     no menu 8 s after the click: clicking the button again", flush=True)
        shell_session.click(device, button)
        shown = wait("the menu's items", listed, timeout=15)
    check(shown is not None, f"…and the panel's menu (a real click on the button) lists the banis in that order, "
          f"{want[at]!r} before {want[at + 1]!r}", str([t for _, t in shell_session.menu_items(shell)]))
    device.escape()


try:
    main()
except Exception as e:  # noqa: BLE001 - one FAIL line, then the summary
    check(False, "real-prefs.py ran to its end", f"{type(e).__name__}: {e}")
    finish()
