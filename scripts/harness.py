# SPDX-License-Identifier: GPL-3.0-or-later
"""What the real-program harnesses (real-waybar.py, real-server.py, real-sound.py) share: their
`ok` / `FAIL` lines and tally, waiting for a condition, and the programs they start (each a
session of its own, stopped in reverse order at the end).

Each harness's shell script copies this file beside it into the work folder its user can read.
"""
import os
import signal
import subprocess
import time

passed = 0
failures = []
children = []


def say(line):
    print(line, flush=True)


def check(what, ok, detail=""):
    """One check: `ok   WHAT`, or `FAIL WHAT: DETAIL`, counted. Returns ok."""
    global passed
    say(("ok   " if ok else "FAIL ") + what + ("" if ok else f": {detail}"))
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


def wait_until(seconds, condition, step=0.1):
    """condition() until it returns something true, or `seconds` have passed: its last value."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
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


def summary():
    """`N passed, M failed`; the exit status for it."""
    say(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


def quiet(argv, timeout=20, env=None):
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env=env)


__all__ = ["check", "children", "ended_alone", "failures", "quiet", "read", "say", "start", "stop", "stop_all", "summary", "tail",
           "wait_until"]
