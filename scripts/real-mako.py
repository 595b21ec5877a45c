# SPDX-License-Identifier: GPL-3.0-or-later
"""A reminder in mako for real (run by scripts/real-mako.sh inside a private session bus): sway
headless, mako on it, `nitnem run` with the clock two seconds before the Evening slot. mako draws
no buttons; a click runs the default action, which is what `makoctl invoke` (no action) sends. It
checks, from mako's own list (`makoctl list -j`) and on disk:

- the reminder appears once, with its summary and body, offering the default action (the click)
  and the buttons `reminders test` names;
- the click (`makoctl invoke`) opens the reader with the reminder's link (config `open`, a script
  that writes its arguments down), and the reminder stays (reading is not a mark);
- Mark read (`makoctl invoke mark`) records the bani in the progress file;
- Later (`makoctl invoke later`) closes it and the ledger says snoozed;
each in an episode of its own (a fresh group and state, a new agent).

Usage: real-mako.py WORK    (WORK holds group/, config/, opener; the clock comes from the caller)
Prints one line a check and `N passed, M failed`; exits 1 on a failure.
"""
import json
import os
import subprocess
import sys
import time

WORK = sys.argv[1]
RUN = os.environ["XDG_RUNTIME_DIR"]
children = []
passed = 0
failures = []


def say(line):
    print(line, flush=True)


def check(what, ok, detail=""):
    global passed
    say(("ok   " if ok else "FAIL ") + what + ("" if ok else f": {detail}"))
    if ok:
        passed += 1
    else:
        failures.append(what)
    return ok


def tail(path, lines=15):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError as e:
        return str(e)


def wait_until(seconds, condition):
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


def start(argv, log, env=None):
    p = subprocess.Popen(argv, stdout=open(log, "w"), stderr=subprocess.STDOUT, env=env, start_new_session=True)
    children.append(p)
    return p


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def shown():
    """mako's notifications (`makoctl list -j`: mako 1.9 and later print a JSON array)."""
    out = subprocess.run(["makoctl", "list", "-j"], capture_output=True, text=True).stdout
    try:
        data = json.loads(out)
    except ValueError:
        return []
    if isinstance(data, dict):  # mako before 1.9: {"type": "aa{sv}", "data": [[…]]}
        data = [{k: v.get("data") for k, v in n.items()} for n in data.get("data", [[]])[0]]
    return data


def actions(n):
    a = n.get("actions") or {}
    return a if isinstance(a, dict) else {}


def finish():
    for p in children:
        if p.poll() is None:
            p.terminate()
    for p in children:
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
    say(f"{passed} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


def episode(name, action, env):
    home = os.path.join(WORK, name)
    os.makedirs(home, exist_ok=True)
    subprocess.run(["cp", "-r", os.path.join(WORK, "group"), os.path.join(home, "group")], check=True)
    env = dict(env, SGGS_APP_GROUP=os.path.join(home, "group"), XDG_STATE_HOME=os.path.join(home, "state"))
    log = os.path.join(home, "agent.log")
    agent = start(["nitnem", "run"], log, env)
    first = wait_until(15, lambda: next((n for n in shown() if "Rehras" in str(n.get("summary"))), None))
    if not check(f"[{name}] the Evening reminder is in mako's list", bool(first), f"{shown()}\n{tail(log)}"):
        agent.terminate()
        return
    check(f"[{name}] its summary {first.get('summary')!r}", first.get("summary") == "Evening · Rehras Sahib", str(first))
    check(f"[{name}] its body {first.get('body')!r}", "of 7 today" in str(first.get("body")), str(first))
    acts = actions(first)
    check(f"[{name}] it offers the click and the buttons: {sorted(acts)}",
          sorted(acts) == ["default", "later", "mark", "read"], str(first))
    check(f"[{name}] shown once", len([n for n in shown() if "Rehras" in str(n.get("summary"))]) == 1, str(shown()))
    # mako's left click is `makoctl invoke` with no action: the default action.
    subprocess.run(["makoctl", "invoke", "-n", str(first["id"])] + ([action] if action else []), check=False)
    if action is None:
        opened = wait_until(10, lambda: read(os.path.join(WORK, "opened")))
        check(f"[{name}] a click opened the reader: {opened.strip()!r}",
              opened.strip() == "https://www.sikhitothemax.org/sundar-gutka", tail(log))
    elif action == "mark":
        progress = os.path.join(home, "group", "nitnem-progress.json")
        marked = wait_until(10, lambda: '"rehras' in read(progress) and "2026-11-29" in read(progress))
        check(f"[{name}] Mark read recorded rehras on 2026-11-29 in the progress file", bool(marked),
              read(progress)[:400] + tail(log))
    else:
        ledger = os.path.join(home, "state", "nitnem", "reminders.json")
        snoozed = wait_until(10, lambda: '"snoozed"' in read(ledger))
        check(f"[{name}] Later: the ledger says snoozed", bool(snoozed), read(ledger)[:400] + tail(log))
    if action is None:
        # Reading is not a mark: the reminder stays until the bani is marked or the band ends.
        time.sleep(1)
        check(f"[{name}] then it is still on screen, once", len([n for n in shown() if "Rehras" in str(n.get("summary"))]) == 1,
              str(shown()))
    else:
        gone = wait_until(5, lambda: not [n for n in shown() if "Rehras" in str(n.get("summary"))])
        check(f"[{name}] then it is off the screen", bool(gone), str(shown()))
    agent.terminate()
    agent.wait(timeout=10)
    subprocess.run(["makoctl", "dismiss", "--all"])


def main():
    env = dict(os.environ, WLR_BACKENDS="headless", WLR_RENDERER="pixman", WLR_LIBINPUT_NO_DEVICES="1")
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("DISPLAY", None)
    conf = os.path.join(RUN, "sway.conf")
    with open(conf, "w") as f:
        f.write("output HEADLESS-1 resolution 1280x800\n")
    sway = start(["sway", "--config", conf], os.path.join(RUN, "sway.log"), env)
    socket = wait_until(20, lambda: sway.poll() is None and next(
        (n for n in sorted(os.listdir(RUN)) if n.startswith("wayland-") and not n.endswith(".lock")), None))
    if not check("sway starts headless", bool(socket), tail(os.path.join(RUN, "sway.log"))):
        finish()
    env["WAYLAND_DISPLAY"] = socket
    # No default timeout: a reminder stays until acted on (mako's default-timeout is 0 already).
    mako = start(["mako"], os.path.join(RUN, "mako.log"), env)
    ready = wait_until(10, lambda: mako.poll() is None and subprocess.run(
        ["makoctl", "list"], capture_output=True).returncode == 0)
    if not check("mako runs on it", bool(ready), tail(os.path.join(RUN, "mako.log"))):
        finish()
    dpkg = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "mako-notifier"], capture_output=True, text=True)
    say(f"     mako {dpkg.stdout.strip() or '?'}; {subprocess.run(['sway', '--version'], capture_output=True, text=True).stdout.strip()}")

    # What `reminders test` says mako shows: no buttons, a click reads.
    test = subprocess.run(["nitnem", "reminders", "test", "--no-wait"], capture_output=True, text=True, env=env)
    lines = test.stdout.splitlines()
    check("reminders test says what mako shows",
          len(lines) > 1 and lines[1].startswith("mako shows no buttons: click the notification to read now"),
          test.stdout + test.stderr)
    subprocess.run(["makoctl", "dismiss", "--all"])

    # Each action in an episode of its own: a fresh group and state, an agent two seconds before
    # the Evening slot, its reminder shown (mako closes a notification once an action is invoked).
    for name, action in [("click", None), ("mark", "mark"), ("later", "later")]:
        episode(name, action, env)
    finish()


if __name__ == "__main__":
    try:
        main()
    except SystemExit:
        raise
    except BaseException as e:  # a crash is a failure with its reason, never a silent pass
        check("the session ran to the end", False, repr(e))
        finish()
