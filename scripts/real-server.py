# SPDX-License-Identifier: GPL-3.0-or-later
"""A reminder in a real notification server (run by scripts/real-server.sh inside a private session
bus): the server on its display, `nitnem run` with the clock two seconds before the Evening slot.
For each action, in an episode of its own (a fresh group and state, a new agent), it checks from
what the server shows and on disk:

- the reminder appears once, with its summary and body, and the buttons `reminders test` names;
- the click on it (the default action) and Read now open the reader with the reminder's link
  (config `open`, a script that writes it down), once;
- Mark read records the bani in the progress file, and the reminder leaves the screen;
- Later closes it and the ledger says snoozed.

Every press goes through the server: what a person does there, or the server's own command.
Plasma's (plasmashell on kwin_wayland) is clicked with KWin's own pointer (kwin_pointer.py).

Usage: real-server.py dunst|swaync|xfce4-notifyd|mako|plasma WORK
Prints one line a check and `N passed, M failed`; exits 1 on a failure.
"""
import json
import os
import re
import subprocess
import sys
import time

import harness
import kwin_pointer
from harness import check, ended_alone, owns, read, say, start, stop, stop_all, summary, tail, wait_until

SERVER, WORK = sys.argv[1], sys.argv[2]
RUN = os.environ["XDG_RUNTIME_DIR"]
LINK = "https://www.sikhitothemax.org/sundar-gutka"
SUMMARY = "Evening · Rehras Sahib"
BUTTONS = {"read": "Read now", "mark": "Mark read", "later": "Later"}
# urgency a byte (xfce4-notifyd and swaync read no other type), desktop-entry the installed
# nitnem.desktop (Plasma keeps history only for one that resolves), our category.
SENT_HINTS = {"urgency": ("byte", "1"), "desktop-entry": ("string", "nitnem"), "category": ("string", "x-nitnem.reminder")}
HINTS = {"urgency": "NORMAL", "category": "x-nitnem.reminder", "desktop_entry": "nitnem"}
def run(argv, env=None, timeout=20):
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=timeout)


def version(package):
    return run(["dpkg-query", "-W", "-f", "${Version}", package]).stdout.strip() or "?"


def xvfb(env):
    """An X server of its own, its DISPLAY set in env."""
    _, env["DISPLAY"] = harness.xvfb(os.path.join(RUN, "xvfb.log"))
    if not check(env["DISPLAY"], "Xvfb starts", tail(os.path.join(RUN, "xvfb.log"))):
        finish()


def sway(env, pointer=False):
    """A headless sway, its WAYLAND_DISPLAY and SWAYSOCK set in env; with `pointer`, sway in a window
    on Xvfb instead (wlroots' x11 backend), so its seat has a pointer: `swaymsg seat seat0 cursor`
    then clicks what is under it, as a mouse would (a headless sway has no pointer to click with)."""
    if pointer:
        xvfb(env)
        env.update(WLR_BACKENDS="x11", WLR_RENDERER="pixman")
        output = "X11-1"
    else:
        env.update(WLR_BACKENDS="headless", WLR_RENDERER="pixman", WLR_LIBINPUT_NO_DEVICES="1")
        output = "HEADLESS-1"
    conf = os.path.join(RUN, "sway.conf")
    with open(conf, "w") as f:
        f.write(f"output {output} resolution 1280x800\n")
    p = start(["sway", "--config", conf], os.path.join(RUN, "sway.log"), env)
    socket = wait_until(20, lambda: p.poll() is None and next(
        (n for n in sorted(os.listdir(RUN)) if n.startswith("wayland-") and not n.endswith(".lock")), None))
    if not check(bool(socket), "sway starts" + (" in a window on Xvfb" if pointer else " headless"), tail(os.path.join(RUN, "sway.log"))):
        finish()
    env["WAYLAND_DISPLAY"] = socket
    env["SWAYSOCK"] = next((os.path.join(RUN, n) for n in os.listdir(RUN) if n.startswith("sway-ipc.")), "")
    say("     " + run(["sway", "--version"]).stdout.strip())


def click_at(env, x, y):
    """A left click at (x, y) of sway's output, through its seat's pointer."""
    # As a hand does it: the pointer comes to rest, then the button goes down and up (a press and a
    # release at once, or while the popup still slides in, reads as a swipe).
    for command, pause in ((f"cursor set {x} {y}", 0.5), ("cursor press button1", 0.1), ("cursor release button1", 0)):
        run(["swaymsg", f"seat seat0 {command}"], env)
        time.sleep(pause)


# The accessibility tree (swaync's and xfce4-notifyd's windows are GTK: their labels and buttons).
def accessible_texts(app_names):
    """[(role, name, accessible)] of every object under the applications named in app_names."""
    import pyatspi
    found = []

    def walk(node, depth=0):
        if node is None or depth > 40:
            return
        try:
            role, name = node.getRoleName(), node.name or ""
            if role == "label" and not name:
                try:
                    text = node.queryText()
                    name = text.getText(0, text.characterCount)
                except NotImplementedError:
                    pass
            found.append((role, name, node))
            for i in range(node.childCount):
                walk(node.getChildAtIndex(i), depth + 1)
        except Exception:  # an object gone while we walk: what is left still counts
            pass

    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and (app.name or "") in app_names:
            walk(app)
    return found


class Monitor:
    """What crosses the bus to and from the server (dbus-monitor): the Notify calls we make, with
    their hints as sent, and the ActionInvoked signals a press makes the server send."""

    def __init__(self, env):
        self.log = os.path.join(RUN, "monitor.log")
        start(["dbus-monitor", "--session", "interface='org.freedesktop.Notifications'"], self.log, env)
        time.sleep(0.5)

    def mark(self):
        return len(read(self.log))

    def notifies(self, since=0):
        """[(replaces_id, summary, {hint: (type, value)})] of each Notify call after `since`."""
        calls = []
        for block in read(self.log)[since:].split("\nmethod call ")[1:]:
            if "member=Notify\n" not in block.split("\n", 1)[0] + "\n":
                continue
            m = re.search(r'string "(.*?)"\n\s+uint32 (\d+)\n\s+string ".*?"\n\s+string "(.*?)"', block)
            hints = dict((k, (t, v.strip('"'))) for k, t, v in
                         re.findall(r'dict entry\(\n\s+string "(.*?)"\n\s+variant\s+(\w+) (.*?)\n\s+\)', block))
            if m:
                calls.append((int(m.group(2)), m.group(3), hints))
        return calls

    def last_closed(self):
        """When (time.time()) the server last sent NotificationClosed; 0 if never."""
        times = re.findall(r"^signal time=([0-9.]+) [^\n]*member=NotificationClosed$", read(self.log), re.M)
        return float(times[-1]) if times else 0.0

    def invoked(self, since=0):
        """The action keys of every ActionInvoked after `since`, in order."""
        return re.findall(r'member=ActionInvoked\n\s+uint32 \d+\n\s+string "(.*?)"', read(self.log)[since:])


class Server:
    """One server: how it starts, what it shows, how a press reaches it."""
    stays_after_click = True   # a click that reads leaves the reminder up (reading is not a mark)
    stays_after_read = True    # and so does Read now
    click_reads = True         # a click on it runs the default action
    invokes = {}               # the ActionInvoked id a button sends, when not its own

    def shown(self):
        """The reminders on screen: [{"id", "summary", "body", "buttons": {id: label}}]."""
        raise NotImplementedError

    def ours(self):
        return [n for n in self.shown() if "Rehras" in n["summary"]]

    def look(self, n):
        """n with what is read only once a reminder is there (swaync 0.7: its picture)."""
        return n

    def gone(self):
        """"" while the server runs; else how it ended, with its log (a crash is said, and no
        command of ours then starts a second one through the bus, without a display)."""
        return ended_alone(self.process)


class Dunst(Server):
    """dunst on Xvfb: what it shows is what it prints (-print) and has not closed; its buttons are
    in its context menu (the dmenu program, here a script that picks the line asked for); a middle
    click on its window runs the default action (mouse_middle_click = do_action, close_current)."""
    stays_after_click = False

    def start(self, env):
        xvfb(env)
        self.out = os.path.join(RUN, "dunst.out")
        self.menu = os.path.join(RUN, "menu")
        with open(os.path.join(RUN, "dmenu"), "w") as f:
            f.write(f"#!/bin/sh\ncat > {self.menu}.in\ngrep -F \"$(cat {self.menu}.choice)\" {self.menu}.in | head -1\n")
        os.chmod(os.path.join(RUN, "dmenu"), 0o755)
        with open(os.path.join(RUN, "dunstrc"), "w") as f:
            f.write(f"[global]\n    follow = none\n    dmenu = {RUN}/dmenu\n    mouse_middle_click = do_action, close_current\n"
                    "[urgency_normal]\n    timeout = 0\n")
        self.env = env
        self.process = start(["dunst", "-print", "-config", os.path.join(RUN, "dunstrc")], self.out, env)
        if not check(wait_until(10, lambda: owns(env)), "dunst owns org.freedesktop.Notifications",
                     tail(self.out)):
            finish()
        say(f"     dunst {version('dunst')}")

    def records(self):
        records, current, actions = [], None, False
        for line in read(self.out).splitlines():
            if line == "{":
                current = {"buttons": {}}
            elif current is not None and line == "}":
                records.append(current)
                current = None
            elif current is not None and actions:
                m = re.match(r'\t\t"(.*)": "(.*)"$', line)
                if m:
                    current["buttons"][m.group(1)] = m.group(2)
                elif line == "\t}":
                    actions = False
            elif current is not None and line.startswith("\t"):
                key, _, value = line[1:].partition(": ")
                if key == "actions":
                    actions = value == "{"
                else:
                    current[key] = value.strip("'")
        return records

    def shown(self):
        closed = run(["dunstctl", "history"], self.env).stdout
        closed_ids = {e["id"]["data"] for e in (json.loads(closed).get("data") or [[]])[0]} if closed.strip() else set()
        latest = {}
        for r in self.records():
            latest[r.get("id")] = r
        shown = [dict(r, id=int(i)) for i, r in latest.items() if i is not None and int(i) not in closed_ids]
        for n in shown:
            n["default"] = n["buttons"].pop("default", None) is not None
            # The hints as dunst read them (-print): urgency (a byte: NORMAL), category, desktop-entry.
            n["hints"] = {k: n.get(k) for k in ("urgency", "category", "desktop_entry")}
        return shown

    def press(self, n, action):
        if action is None:
            window = run(["xdotool", "search", "--classname", "Dunst"], self.env).stdout.split()
            if not check(bool(window), f"dunst's window is on screen ({window})"):
                return
            run(["xdotool", "mousemove", "--window", window[-1], "20", "10", "click", "2"], self.env)
            return
        with open(self.menu + ".choice", "w") as f:
            f.write(f"[{n['id']},{action}]")
        run(["dunstctl", "context"], self.env)

    def clear(self):
        run(["dunstctl", "close-all"], self.env)


class Mako(Server):
    """mako on a headless sway: what it shows is `makoctl list`; a click is `makoctl invoke` (its
    left click runs the default action), a button `makoctl invoke ACTION` (what `makoctl menu`
    sends for the line picked)."""

    def start(self, env):
        sway(env)
        self.env = env
        self.process = start(["mako"], os.path.join(RUN, "mako.log"), env)
        if not check(wait_until(10, lambda: run(["makoctl", "list"], env).returncode == 0), "mako runs on it",
                     tail(os.path.join(RUN, "mako.log"))):
            finish()
        say(f"     mako {version('mako-notifier')}")

    def shown(self):
        out = run(["makoctl", "list", "-j"], self.env).stdout
        if not out.strip().startswith(("[", "{")):
            out = run(["makoctl", "list"], self.env).stdout
        try:
            data = json.loads(out)
        except ValueError:
            return []
        if isinstance(data, dict):  # mako before 1.9: {"type": "aa{sv}", "data": [[…]]}
            data = [{k: v.get("data") for k, v in n.items()} for n in data.get("data", [[]])[0]]
        return [{"id": n.get("id"), "summary": str(n.get("summary")), "body": str(n.get("body")),
                 "buttons": {k: v for k, v in (n.get("actions") or {}).items() if k != "default"},
                 "default": "default" in (n.get("actions") or {})} for n in data]

    def press(self, n, action):
        run(["makoctl", "invoke", "-n", str(n["id"])] + ([action] if action else []), self.env)

    def clear(self):
        run(["makoctl", "dismiss", "--all"], self.env)


class Swaync(Server):
    """swaync on sway: what it shows is its popup, read through the accessibility tree (its labels
    and buttons); a click on its summary (top right: swaync's popups are there by default) runs
    the default action; a button is `swaync-client --action INDEX` (`--action` with no index is
    the first button, not the default action)."""

    def start(self, env):
        sway(env, pointer=True)
        self.env = env
        # The popup held until acted on: swaync's default config hides a popup after `timeout`
        # seconds (10) into its panel, whatever the notification's own expire timeout.
        with open("/etc/xdg/swaync/config.json") as f:
            config = json.load(f)
        config.update({"timeout": 0, "timeout-low": 0, "timeout-critical": 0})
        os.makedirs(os.path.join(env["XDG_CONFIG_HOME"], "swaync"), exist_ok=True)
        with open(os.path.join(env["XDG_CONFIG_HOME"], "swaync", "config.json"), "w") as f:
            json.dump(config, f)
        # GTK 4 draws with cairo: there is no GL on Xvfb's sway, and swaync's popup stays blank without.
        self.process = start(["swaync"], os.path.join(RUN, "swaync.log"), dict(env, GSK_RENDERER="cairo"))
        if not check(wait_until(15, lambda: owns(env)), "swaync owns org.freedesktop.Notifications",
                     tail(os.path.join(RUN, "swaync.log"))):
            finish()
        say(f"     swaync {version('sway-notification-center')}")

    # GTK 4.24 (the testing root's) may answer an accessibility query about a popup it is tearing
    # down with a crash: SIGSEGV in g_variant_new under its D-Bus handler, after "g_variant_is_object_path:
    # assertion 'string != NULL' failed" (the path of an accessible context already gone). A stress loop
    # (show, press, close, the tree read throughout) killed swaync twice in about 300 closes; with the
    # tree read only 0.6 s after the server's NotificationClosed (its close transition is 200 ms), none
    # in 600. A CI run met it once, after Mark read.
    SETTLE = 0.6

    def shown(self):
        wait = MONITOR.last_closed() + self.SETTLE - time.time()
        if wait > 0:
            time.sleep(wait)
        return gtk_popups(["swaync", "SwayNotificationCenter", "org.erikreider.swaync"])

    def press(self, n, action):
        if action is None:
            click_at(self.env, 1000, 22)
            return
        out = run(["swaync-client", "--action", str(n["order"].index(action))], self.env)
        if out.returncode:
            say(f"     swaync-client: {out.stdout}{out.stderr}")

    def clear(self):
        if not self.gone():
            run(["swaync-client", "--close-all"], self.env)


class SwayncPicture(Swaync):
    """swaync 0.7 (GTK 3) on sway: its popup is on the accessibility bus, but as GTK 3 shows a
    button — the notification is one button named by its summary, whose labels (the body) GTK 3
    does not expose — and its swaync-client has no `--action`. So what it shows is read off its
    picture: grim takes the popup (top right; its size from the tree) at three times its size and
    tesseract reads the lines; every press is a real left click of sway's pointer where the tree
    puts the summary or the button, after the picture showed that very label there."""
    SCALE = 3

    def shown(self):
        for attempt in range(3):
            try:
                return self.popups()
            except Exception:  # a popup going away while it is read
                time.sleep(0.2)
        return self.popups()

    def popups(self):
        import pyatspi
        items = accessible_texts(["swaync"])
        summary = next((node for role, name, node in items if role == "push button" and "Rehras" in name), None)
        if summary is None:
            return []
        frame = summary
        while frame is not None and frame.getRoleName() != "frame":
            frame = frame.parent
        size = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        # A layer surface anchored top right: GTK 3 on Wayland knows only its coordinates inside it.
        origin = (1280 - size.width, 0)

        def on_screen(node):
            e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            return (origin[0] + e.x, origin[1] + e.y, e.width, e.height)
        ids = {label: key for key, label in BUTTONS.items()}
        inside = [(role, name, node) for role, name, node in items if role == "push button" and node is not summary
                  and name and on_screen(node)[0] >= origin[0]]
        return [{"id": 0, "summary": summary.name, "body": None, "window": origin + (size.width, size.height),
                 "buttons": {ids[name]: name for role, name, node in inside if name in ids},
                 "all_buttons": [name for role, name, node in inside],
                 "rects": dict([(None, on_screen(summary))] + [(ids[name], on_screen(node)) for role, name, node in inside if name in ids]),
                 "copies": sum(1 for role, name, node in items if role == "push button" and name == summary.name)}]

    def look(self, n):
        """What the popup's picture says: its lines, the body among them, and where each word is. The
        popup is on the accessibility bus a moment before it is painted (an empty picture once in a
        while, on a quiet machine too): the picture is taken again until it reads its body, 3 s at most."""
        deadline = time.monotonic() + 3
        while not self.read_picture(n)["body"] and time.monotonic() < deadline:
            time.sleep(0.25)
        return n

    def read_picture(self, n):
        x, y, w, h = n["window"]
        picture = os.path.join(RUN, "popup.png")
        run(["grim", "-s", str(self.SCALE), "-g", f"{x},{y} {w}x{h}", picture], self.env)
        tsv = run(["tesseract", picture, "-", "tsv"], self.env, timeout=60).stdout
        words = []
        for line in tsv.splitlines()[1:]:
            cells = line.split("\t")
            if len(cells) == 12 and cells[11].strip() and float(cells[10]) >= 0:
                left, top, width, height = (int(c) / self.SCALE for c in cells[6:10])
                words.append((tuple(cells[2:5]), cells[11], (x + left + width / 2, y + top + height / 2)))
        lines = {}
        for key, word, _ in words:
            lines.setdefault(key, []).append(word)
        n["picture"] = [" ".join(ws) for ws in lines.values()]
        n["words"] = [(word, point) for _, word, point in words]
        n["body"] = next((line for line in n["picture"] if "of 7 today" in line), "")
        return n

    def press(self, n, action):
        x, y, w, h = n["rects"][action]
        # The body click on the summary's line (the notification's own button), a button's centre.
        point = (x + w / 2, y + 16) if action is None else (x + w / 2, y + h / 2)
        label = "Evening" if action is None else BUTTONS[action].split()[0]
        # A word that begins with the label: tesseract now and then runs a button's two words together
        # ("Markread").
        seen = [p for word, p in n["words"] if words_of(word).replace(" ", "").startswith(words_of(label))
                and x <= p[0] <= x + w and y <= p[1] <= y + h]
        if check(bool(seen),
                 f"its picture shows {label!r} where the pointer goes ({round(point[0])},{round(point[1])} in {x},{y} {w}×{h})",
                 str(n["words"])):
            click_at(self.env, round(point[0]), round(point[1]))


def words_of(text):
    """Letters and digits only, lower case, one space apart: what OCR and we agree on (tesseract
    reads `·` as `-` or `«`)."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())


def gtk_popups(app_names):
    """A GTK server's reminder as its window shows it: the labels (summary, body) and buttons."""
    for attempt in range(3):
        try:
            return gtk_popup(app_names)
        except Exception:  # a popup going away while it is read (atspi: object does not exist)
            time.sleep(0.2)
    return gtk_popup(app_names)


def gtk_popup(app_names):
    items = accessible_texts(app_names)
    texts = [name for role, name, _ in items if role == "label" and name]
    buttons = {name: node for role, name, node in items if role in ("push button", "button") and name}
    summary = next((t for t in texts if "Rehras" in t), "")
    summary_node = next((node for role, name, node in items if role == "label" and name == summary), None)
    if not summary:
        return []
    # Only what is in the reminder's own window (another notification may be on screen beside it).
    window = summary_node
    while window is not None and window.getRoleName() not in ("frame", "window", "application"):
        window = window.parent
    if window is not None and window.getRoleName() != "application":
        inside = []

        def walk(node, depth=0):
            if node is None or depth > 40:
                return
            try:
                inside.append(node)
                for i in range(node.childCount):
                    walk(node.getChildAtIndex(i), depth + 1)
            except Exception:
                pass
        walk(window)
        items = [item for item in items if any(item[2] == node for node in inside)]
        texts = [name for role, name, _ in items if role == "label" and name]
        buttons = {name: node for role, name, node in items if role in ("push button", "button") and name}
    body = next((t for t in texts if "of 7 today" in t), "")
    ids = {label: key for key, label in BUTTONS.items()}
    all_buttons = [name for role, name, _ in items if role in ("push button", "button")]
    ours = {ids[name]: name for name in buttons if name in ids}
    return [{"id": 0, "summary": summary, "body": body, "buttons": ours, "order": [ids[b] for b in buttons if b in ids],
             "nodes": {ids[name]: node for name, node in buttons.items() if name in ids},
             "copies": sum(1 for t in texts if t == summary), "summary_node": summary_node, "all_buttons": all_buttons}]


class Xfce(Server):
    """xfce4-notifyd on Xvfb: what it shows is its window, read through the accessibility tree; a
    button is pressed through it (its action, as a click would), a click on the window (xdotool)
    runs the default action. xfce4-notifyd 0.9 draws the default action as a button (the request
    leaves out the button doing the same: Read now is that one), closes the window on any button,
    and a click on the window only closes it (NotificationClosed, dismissed)."""
    stays_after_click = False
    stays_after_read = False
    click_reads = False
    invokes = {"read": "default"}

    def start(self, env):
        xvfb(env)
        self.env = env
        self.process = start(["/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd"], os.path.join(RUN, "xfce4-notifyd.log"), env)
        if not check(wait_until(15, lambda: owns(env)), "xfce4-notifyd owns org.freedesktop.Notifications",
                     tail(os.path.join(RUN, "xfce4-notifyd.log"))):
            finish()
        say(f"     xfce4-notifyd {version('xfce4-notifyd')}")

    def shown(self):
        return gtk_popups(["xfce4-notifyd"])

    def press(self, n, action):
        if action is None:
            import pyatspi
            e = n["summary_node"].queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            check(e.width > 0 and e.height > 0, f"its summary is on screen at {e.x},{e.y} ({e.width}×{e.height})")
            run(["xdotool", "mousemove", str(e.x + e.width // 2), str(e.y + e.height // 2), "click", "1"], self.env)
            return
        node = n["nodes"][action]
        node.queryAction().doAction(0)

    def clear(self):
        pass


class Plasma(Server):
    """KDE Plasma's own server: plasmashell (its desktop shell, org.kde.plasma.desktop, with the
    notifications applet in its system tray) on `kwin_wayland --virtual`. What it shows is its
    popup, read through the accessibility tree (a `notification` whose header names the
    application, its summary heading, its body text, its buttons); each press is a real left click
    of KWin's pointer (kwin_pointer.py) on what the tree says is there: the summary for the body
    click, each button's centre. Our reminder is `resident`, so Plasma keeps it up after the click
    and Read now (reading is not a mark); Mark read and Later withdraw it.
    Plasma's rules (libnotificationmanager): only when the `desktop-entry` hint resolves to an
    installed desktop file (nitnem.desktop is put in the user's data folder first, as `make
    install` does) does the header offer Configure and its per-application settings (history among
    them) apply; an identical notification within a second is dropped; popups wait while a window
    is full screen (none is here)."""

    def start(self, env):
        self.env = env
        # The desktop file as `make install` puts it, so the desktop-entry hint resolves.
        apps = os.path.join(env["XDG_DATA_HOME"], "applications")
        os.makedirs(apps, exist_ok=True)
        subprocess.run(["cp", os.path.join(WORK, "nitnem.desktop"), apps], check=True)
        env.update(QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1", XDG_SESSION_TYPE="wayland",
                   XDG_CURRENT_DESKTOP="KDE", KDE_FULL_SESSION="true", KDE_SESSION_VERSION="6",
                   # KWin's fake input device (the pointer clicks) for a client no desktop file vouches for.
                   KWIN_WAYLAND_NO_PERMISSION_CHECKS="1")
        # The accessibility bus up before the shell, which registers on it as it starts.
        run(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress"], env)
        kwin = start(["kwin_wayland", "--virtual", "--width", "1280", "--height", "800", "--socket", "wayland-kwin",
                      "--no-lockscreen"], os.path.join(RUN, "kwin.log"), env)
        up = wait_until(20, lambda: kwin.poll() is None and os.path.exists(os.path.join(RUN, "wayland-kwin")))
        if not check(bool(up), "kwin_wayland starts (virtual output 1280×800)", tail(os.path.join(RUN, "kwin.log"))):
            finish()
        say("     " + run(["kwin_wayland", "--version"], env).stdout.strip())
        env.update(WAYLAND_DISPLAY="wayland-kwin", QT_QPA_PLATFORM="wayland")
        # What the bus starts on request (the activity manager, kded) finds the compositor too.
        run(["dbus-update-activation-environment", "--all"], env)
        # plasmashell refuses to load its shell without the activity manager: started by the bus, as
        # in a session (before the line above it died looking for an X display).
        activated = run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                         "org.freedesktop.DBus.StartServiceByName", "string:org.kde.ActivityManager", "uint32:0"], env)
        check("uint32 1" in activated.stdout or "uint32 2" in activated.stdout, "the bus starts the activity manager (kactivitymanagerd)",
              activated.stdout + activated.stderr)
        self.log = os.path.join(RUN, "plasmashell.log")
        self.process = start(["plasmashell", "--no-respawn"], self.log, env)
        if not check(wait_until(40, lambda: owns(env)), "plasmashell owns org.freedesktop.Notifications",
                     tail(self.log)):
            finish()
        info = run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.Notifications",
                    "/org/freedesktop/Notifications", "org.freedesktop.Notifications.GetServerInformation"], env).stdout
        names = re.findall(r'string "(.*?)"', info)
        check(names[:1] == ["Plasma"], f"the server is Plasma's own: {names}", info)
        check(bool(wait_until(20, desktop_on_screen)) and "invalid corona" not in read(self.log),
              "plasmashell runs its desktop shell (org.kde.plasma.desktop: its Desktop on the accessibility bus)",
              tail(self.log))
        say(f"     plasma-workspace {version('plasma-workspace')}, plasma-desktop {version('plasma-desktop')}")

    def shown(self):
        for attempt in range(3):
            try:
                return plasma_popups()
            except Exception:  # a popup going away while it is read
                time.sleep(0.2)
        return plasma_popups()

    def press(self, n, action):
        import pyatspi
        node = n["summary_node"] if action is None else n["nodes"][action]
        e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        what = "its summary" if action is None else f"{BUTTONS[action]!r}"
        if check(e.width > 0 and e.height > 0, f"{what} is on screen at {e.x},{e.y} ({e.width}×{e.height})"):
            kwin_pointer.click(self.env, e.x + e.width / 2, e.y + e.height / 2)

    def clear(self):
        for n in self.shown():
            close = n["close_node"]
            if close is not None:
                close.queryAction().doAction(0)


def desktop_on_screen():
    """Whether plasmashell's desktop (its `Desktop @ …` frame) is on the accessibility bus."""
    return any(role == "frame" and name.startswith("Desktop") for role, name, _ in accessible_texts(["plasmashell"]))


def plasma_popups():
    """Plasma's notifications as its popups show them: [{"id", "app", "summary", "body", "buttons", …}]."""
    import pyatspi

    def under(node, depth=0):
        if node is None or depth > 40:
            return []
        found = [node]
        for i in range(node.childCount):
            found += under(node.getChildAtIndex(i), depth + 1)
        return found

    popups = []
    for role, name, node in accessible_texts(["plasmashell"]):
        if role != "notification":
            continue
        inside = under(node)
        header = next((x for x in inside if x.getRoleName() == "tool bar"), None)
        in_header = set(under(header)) if header is not None else set()
        headings = [x for x in inside if x.getRoleName() == "heading"]
        app = next((x.name for x in headings if x in in_header), "")
        summary_node = next((x for x in headings if x not in in_header), None)
        body_node = next((x for x in inside if x.getRoleName() == "text"), None)
        body = ""
        if body_node is not None:
            text = body_node.queryText()
            body = text.getText(0, text.characterCount).strip()
        buttons = [x for x in inside if x.getRoleName() in ("button", "push button") and x not in in_header]
        ids = {label: key for key, label in BUTTONS.items()}
        configure = next((x for x in in_header if x.getRoleName() == "button" and x.name == "Configure"), None)
        popups.append({"id": 0, "app": app,
                       "configurable": configure is not None and configure.getState().contains(pyatspi.STATE_SHOWING), "summary": summary_node.name if summary_node else name, "body": body,
                       "buttons": {ids[b.name]: b.name for b in buttons if b.name in ids},
                       "all_buttons": [b.name for b in buttons],
                       "nodes": {ids[b.name]: b for b in buttons if b.name in ids}, "summary_node": summary_node,
                       "close_node": next((x for x in in_header if x.getRoleName() == "button" and x.name == "Close"), None)})
    return popups


SERVERS = {"dunst": Dunst, "mako": Mako, "plasma": Plasma, "swaync": Swaync, "xfce4-notifyd": Xfce}


def finish():
    stop_all()
    sys.exit(summary())


def episode(server, name, action, env):
    gone = server.gone()
    if gone:
        check(False, f"[{name}] {SERVER} still runs", gone)
        finish()
    home = os.path.join(WORK, name)
    os.makedirs(home, exist_ok=True)
    subprocess.run(["cp", "-r", os.path.join(WORK, "group"), os.path.join(home, "group")], check=True)
    env = dict(env, SGGS_APP_GROUP=os.path.join(home, "group"), XDG_STATE_HOME=os.path.join(home, "state"))
    opened = os.path.join(WORK, "opened")
    if os.path.exists(opened):
        os.remove(opened)
    log = os.path.join(home, "agent.log")
    since = MONITOR.mark()
    agent = start(["nitnem", "run"], log, env)
    first = wait_until(15, lambda: next(iter(server.ours()), None))
    if not check(bool(first), f"[{name}] the Evening reminder is on screen", f"{server.shown()}\n{tail(log)}"):
        import pyatspi
        say("     on the accessibility bus: " + ", ".join(a.name for a in pyatspi.Registry.getDesktop(0) if a))
        if os.environ.get("REAL_SERVER_DUMP"):
            say("     " + repr([(r, n) for r, n, _ in accessible_texts([a.name for a in pyatspi.Registry.getDesktop(0) if a])][:60]))
        stop(agent)
        return
    first = server.look(first)
    check(first["summary"] == SUMMARY, f"[{name}] its summary {first['summary']!r}", str(first))
    if "picture" in first:
        text = words_of(" ".join(first["picture"]))
        check(words_of(SUMMARY) in text and all(words_of(label).replace(" ", "") in text.replace(" ", "") for label in BUTTONS.values()),
              f"[{name}] its picture (grim, read by tesseract): {first['picture']}",
              str(first["picture"]))
    check("of 7 today" in first["body"],
          f"[{name}] its body {first['body']!r}{' (read off its picture)' if 'picture' in first else ''}",
          str(first))
    check(first["buttons"] == BUTTONS, f"[{name}] its buttons: {first['buttons']}", str(first))
    if "all_buttons" in first:
        check(sorted(first["all_buttons"]) == sorted(BUTTONS.values()),
              f"[{name}] no other button on it: {first['all_buttons']}",
              str(first["all_buttons"]))
    if "default" in first:
        check(first["default"], f"[{name}] it offers the click (the default action)", str(first))
    if "configurable" in first:
        # Plasma offers Configure only for a notification whose desktop-entry resolved to an
        # installed desktop file (libnotificationmanager: configurableService), as ours must.
        check(first["app"] == "nitnem" and first["configurable"],
              f"[{name}] its header: {first['app']!r} with Configure (the desktop-entry resolved to nitnem.desktop)",
              str(first))
    if "hints" in first:
        check(first["hints"] == HINTS, f"[{name}] the server read its hints: {first['hints']}", str(first))
    time.sleep(1)
    now = server.ours()
    check(len(now) == 1 and now[0].get("copies", 1) == 1, f"[{name}] shown once", str(now))
    sent = [c for c in MONITOR.notifies(since) if "Rehras" in c[1]]
    check(len([c for c in sent if c[0] == 0]) == 1,
          f"[{name}] sent once (one Notify with no id to replace; {len(sent)} in all)",
          str(sent))
    if sent:
        check(all(sent[0][2].get(k) == v for k, v in SENT_HINTS.items()), f"[{name}] its hints as sent: {sent[0][2]}",
              str(sent[0][2]))
    pressed = MONITOR.mark()
    server.press(first, action)
    if action is None and not server.click_reads:
        closed = wait_until(5, lambda: re.search(r"member=NotificationClosed\n\s+uint32 \d+\n\s+uint32 2", read(MONITOR.log)[pressed:]))
        check(bool(closed) and not MONITOR.invoked(pressed),
              f"[{name}] a click on it closes it (NotificationClosed, dismissed), no action",
              read(MONITOR.log)[pressed:][:800])
        time.sleep(1)
        check(read(opened) == "", f"[{name}] the reader did not open", read(opened))
        check(bool(wait_until(5, lambda: not server.ours())), f"[{name}] then it is off the screen", str(server.shown()))
        stop(agent)
        return
    got = wait_until(5, lambda: MONITOR.invoked(pressed))
    if not got and os.environ.get("REAL_SERVER_DUMP"):
        run(["grim", "/tmp/real-server-fail.png"], env)
    want = server.invokes.get(action, action or "default")
    check(got == [want], f"[{name}] the server sent ActionInvoked {got}", read(MONITOR.log)[pressed:][:800])
    if action in (None, "read"):
        what = "a click on it" if action is None else "Read now"
        got = wait_until(10, lambda: read(opened))
        time.sleep(1)
        check(read(opened) == LINK + "\n", f"[{name}] {what} opened the reader once: {read(opened).strip()!r}",
              read(opened) + tail(log))
        if server.stays_after_click if action is None else server.stays_after_read:
            check(len(server.ours()) == 1, f"[{name}] then it is still on screen, once", str(server.shown()))
        else:
            check(wait_until(5, lambda: not server.ours()),
                  f"[{name}] then it is off the screen (the server closes it)",
                  str(server.shown()))
    elif action == "mark":
        progress = os.path.join(home, "group", "nitnem-progress.json")
        marked = wait_until(10, lambda: '"rehras' in read(progress) and "2026-11-29" in read(progress))
        check(bool(marked), f"[{name}] Mark read recorded rehras on 2026-11-29 in the progress file",
              read(progress)[:400] + tail(log))
        check(bool(wait_until(5, lambda: not server.ours())), f"[{name}] then it is off the screen", str(server.shown()))
    else:
        ledger = os.path.join(home, "state", "nitnem", "reminders.json")
        snoozed = wait_until(10, lambda: '"snoozed"' in read(ledger))
        check(bool(snoozed), f"[{name}] Later: the ledger says snoozed", read(ledger)[:400] + tail(log))
        check(bool(wait_until(5, lambda: not server.ours())), f"[{name}] then it is off the screen", str(server.shown()))
    stop(agent)
    server.clear()
    wait_until(5, lambda: not server.ours())


def main():
    env = dict(os.environ)
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("DISPLAY", None)
    global MONITOR
    MONITOR = Monitor(env)
    server = SERVERS[SERVER]()
    if SERVER == "swaync" and version("sway-notification-center").startswith("0.7"):
        server = SwayncPicture()
    server.start(env)
    test = run(["nitnem", "reminders", "test", "--no-wait"], env)
    lines = test.stdout.splitlines()
    named = {"dunst": "dunst shows no buttons", "mako": "mako shows no buttons", "plasma": "KDE Plasma shows the buttons", "swaync": "swaync shows the buttons",
             "xfce4-notifyd": "xfce4-notifyd shows the buttons"}[SERVER]
    check(len(lines) > 1 and lines[1].startswith(named),
          f"reminders test says what {SERVER} shows: {lines[1] if len(lines) > 1 else test.stdout + test.stderr!r}",
          test.stdout + test.stderr)
    time.sleep(1)
    server.clear()
    wait_until(5, lambda: not server.shown())
    for name, action in [("click", None), ("read", "read"), ("mark", "mark"), ("later", "later")]:
        episode(server, name, action, env)
    finish()


if __name__ == "__main__":
    try:
        main()
    except SystemExit:
        raise
    except BaseException as e:  # a crash is a failure with its reason, never a silent pass
        check(False, "the session ran to the end", repr(e))
        finish()
