# SPDX-License-Identifier: GPL-3.0-or-later
"""What the scripts that run real programs share (scripts/real-*.py and screenshots-x11.py, faults/,
contrib/plasma/tests/probe.py and settings.py, contrib/gnome-shell/tests/real-*.py): their `ok` /
`FAIL` lines and tally, waiting for a condition, the programs they start (each a session of its
own, stopped in reverse order at the end), an X server of their own, asking the bus who owns a
name, and the widget probes' journey checks (the grid and the days against `nitnem journey`).
Standard library only, Python 3.11 and later (some run inside the Debian roots).

A script run from the checkout imports it from scripts/; one run elsewhere as another user gets a
copy beside it from its shell script (real-waybar.sh, widget.sh…), or the copied checkout's.
"""
import os
import select
import signal
import subprocess
import time

passed = 0
failures = []
children = []


def say(line):
    print(line, flush=True)


def check(ok, what, why=""):
    """One check: `ok   WHAT`, or `FAIL WHAT: WHY` (`FAIL WHAT` without a why), counted. Returns ok."""
    global passed
    say(("ok   " if ok else "FAIL ") + what + ("" if ok or not why else f": {why}"))
    if ok:
        passed += 1
    else:
        failures.append(what)
    return ok


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def tail(path, lines=15):
    return "".join(read(path).splitlines(True)[-lines:]) or f"({path}: nothing)"


def wait_until(seconds, condition, step=0.1, what=None):
    """condition() until it returns something true, or `seconds` have passed: its last value.
    With `what`, an exception counts as None (a window or a bus not there yet), and the last one is
    said, named by `what`, when nothing came."""
    deadline = time.monotonic() + seconds
    error = None
    while True:
        try:
            value = condition()
        except Exception as e:  # noqa: BLE001 - only with `what`
            if what is None:
                raise
            value, error = None, e
        if value or time.monotonic() > deadline:
            if not value and error is not None:
                say(f"     ({what}: {error})")
            return value
        time.sleep(step)


def start(argv, log, env=None, pass_fds=(), mode="a"):
    """argv as a session of its own, its output in the file log; stopped by stop_all()."""
    p = subprocess.Popen(argv, stdout=open(log, mode), stderr=subprocess.STDOUT, env=env, start_new_session=True,
                         pass_fds=pass_fds)
    p.log = log
    children.append(p)
    return p


def _how_it_ended(p):
    """`exit 1`, `signal 11 (SIGSEGV)`, or "" while p runs."""
    code = p.poll()
    if code is None:
        return ""
    if code < 0:
        try:
            return f"signal {-code} ({signal.Signals(-code).name})"
        except ValueError:
            return f"signal {-code}"
    return f"exit {code}"


def ended_alone(p):
    """`NAME ended by itself (HOW); its log's last lines: …`, or "" while p runs."""
    how = _how_it_ended(p)
    if how:
        p.told = True
    return how and f"{os.path.basename(str(p.args[0]))} ended by itself ({how}); {p.log}'s last lines:\n{tail(p.log)}"


def stop(p):
    """p stopped (TERM, then KILL after 5 s). One that had already ended by itself is said, with its log."""
    if p.poll() is not None and p in children and p.returncode != 0 and not getattr(p, "told", False):
        say("note " + ended_alone(p))
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
    if p in children:
        children.remove(p)


def stop_all():
    for p in reversed(list(children)):
        stop(p)


def summary(prefix=""):
    """`PREFIXN passed, M failed`; the exit status for it (1 as well when nothing passed)."""
    say(f"{prefix}{passed} passed, {len(failures)} failed")
    return 1 if failures or not passed else 0


def xvfb(log, screen="1280x800x24", env=None, seconds=20):
    """An X server of its own (Xvfb -displayfd: it picks a free number), its output in log: (the
    process, its DISPLAY `:N`), the DISPLAY "" when it printed no number in `seconds`."""
    r, w = os.pipe()
    p = start(["Xvfb", "-displayfd", str(w), "-screen", "0", screen, "-nolisten", "tcp"], log, env=env, pass_fds=(w,))
    os.close(w)
    number = b""
    deadline = time.monotonic() + seconds
    while not number.endswith(b"\n") and select.select([r], [], [], max(0, deadline - time.monotonic()))[0]:
        chunk = os.read(r, 16)
        if not chunk:
            break
        number += chunk
    os.close(r)
    number = number.decode().strip()
    return p, f":{number}" if number.isdigit() else ""


def owns(env=None, name="org.freedesktop.Notifications"):
    """Whether `name` (a notification server by default) has an owner on env's session bus, asked of
    the bus itself (a call to the name would start its service)."""
    r = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                        "org.freedesktop.DBus.NameHasOwner", f"string:{name}"], env=env, capture_output=True, text=True,
                       timeout=20)
    return "boolean true" in r.stdout


def day_state(day):
    """A day of `nitnem journey --format json` as display.journey names its state."""
    if day["complete"]:
        return "complete"
    return "inProgress" if day["inProgress"] else "partial" if day["done"] > 0 else "none"


def grid_differences(grid, shown, want, where, same=lambda read, wanted: read == wanted):
    """Where a widget's journey grid read through AT-SPI (its title, streaks, weekdays and cells)
    differs from display.journey, and its cells from `want` (same(read, wanted) for each): [] when it
    is what nitnem says, cell for cell. `where` ends the line said when there is no grid."""
    if grid is None:
        return [f"no journey {where}"]
    out = [f"{k}: {grid[k]!r}, nitnem {shown[k]!r}" for k in ("title", "streaks", "weekdays") if grid[k] != shown[k]]
    if len(grid["cells"]) != len(want):
        out.append(f"{len(grid['cells'])} cells, nitnem's grid {len(want)}")
    return out + [f"cell {i}: {g!r}, nitnem {w!r}" for i, (g, w) in enumerate(zip(grid["cells"], want))
                  if not same(g, w)]


def check_journey(when, shown, journey):
    """The check that a widget's display.journey (`nitnem status --format json`) agrees with `nitnem
    journey --format json` of its month: each day's state, today, the streaks."""
    by_key = {d["dayKey"]: d for d in journey["days"]}
    wrong = [f"{d['dayKey']}: {d['state']}, journey {day_state(by_key[d['dayKey']]) if d['dayKey'] in by_key else None}"
             for d in shown["days"]
             if (day_state(by_key[d["dayKey"]]) if d["dayKey"] in by_key else "future") != d["state"]]
    today = [d["dayKey"] for d in shown["days"] if d["today"]]
    wrong += [] if today == [journey["today"]] else [f"today {today}, journey {journey['today']}"]
    streaks = (shown["currentStreak"], shown["longestStreak"])
    want = (journey["currentStreak"], journey["longestStreak"]["overall"])
    wrong += [] if streaks == want else [f"streaks {streaks}, journey {want}"]
    return check(not wrong, f"{when}: the {len(shown['days'])} days' states, today ({journey['today']}) and the "
                 f"streaks {streaks} are those of `nitnem journey --format json` ({len(journey['days'])} days to today)",
                 "; ".join(wrong[:8]))


def quiet(argv, timeout=20, env=None):
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env=env)


__all__ = ["check", "check_journey", "children", "day_state", "ended_alone", "failures", "grid_differences", "owns", "quiet",
           "read", "say", "start", "stop", "stop_all", "summary", "tail", "wait_until", "xvfb"]
