# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared helpers of the fault suite: the binary, private environments, processes, results.

Standard library only. Every attack runs in its own temporary folder with its own App Group,
XDG folders and lock, so nothing of the user's desktop or files is touched.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "scripts"))
import harness  # noqa: E402 - scripts/harness.py, shared with the real-desktop scripts

BIN = os.environ.get("NITNEM_BIN", os.path.join(REPO, ".build", "debug", "nitnem"))

PROGRESS = "nitnem-progress.json"
SNAPSHOT = "nitnem-snapshot.json"
LOCK = ".nitnem-progress.lock"
TIMELINE = os.path.join("widgets", "NitnemNow.json")

# The embedded default registry's daily sets (Sources/Snapshot/EmbeddedRegistry.swift).
MORNING = ["japji", "jaap", "savaiye", "chaupai", "anand"]
EVENING = ["rehras"]
NIGHT = ["kirtan_sohila"]
DAILY = MORNING + EVENING + NIGHT
SET_OF_BAND = {"amritVela": MORNING, "morning": MORNING, "evening": EVENING, "night": NIGHT}

# Variables of the calling session that must not leak into the agent under test.
_SCRUB = (
    "DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "JOURNAL_STREAM", "NOTIFY_SOCKET",
    "SGGS_APP_GROUP", "SGGS_CLOCK_NOW", "SGGS_CLOCK_RATE", "TZ", "XDG_RUNTIME_DIR",
)


class Result:
    """One attack's outcome: ok True (passed), False (failed) or None (NOT RUN), and its figure."""

    def __init__(self, name, ok, figure, notes=()):
        self.name, self.ok, self.figure, self.notes = name, ok, figure, list(notes)

    def line(self):
        verdict = {True: "ok", False: "FAIL", None: "NOT RUN"}[self.ok]
        return f"{self.name}: {self.figure} — {verdict}"


class Sandbox:
    """A temporary home for one attack: group, state, config, runtime folders and an environment."""

    def __init__(self, name, base=None):
        self.root = tempfile.mkdtemp(prefix=f"nitnem-faults-{name}-", dir=base)
        self.group = os.path.join(self.root, "group")
        self.state = os.path.join(self.root, "state")
        self.config_home = os.path.join(self.root, "config")
        self.runtime = os.path.join(self.root, "runtime")
        for d in (self.group, self.state, self.config_home, self.runtime):
            os.makedirs(d, mode=0o700, exist_ok=True)
        self.env = self.make_env()

    def make_env(self, **extra):
        env = {k: v for k, v in os.environ.items() if k not in _SCRUB}
        env.update(
            SGGS_APP_GROUP=self.group, XDG_STATE_HOME=self.state, XDG_CONFIG_HOME=self.config_home,
            XDG_RUNTIME_DIR=self.runtime, XDG_DATA_HOME=os.path.join(self.root, "data"), TZ="UTC", LC_ALL="C.UTF-8",
        )
        env.update({k: v for k, v in extra.items() if v is not None})
        return env

    def path(self, *parts):
        return os.path.join(self.group, *parts)

    @property
    def config(self):
        return os.path.join(self.config_home, "nitnem", "config")

    @property
    def ledger(self):
        return os.path.join(self.state, "nitnem", "reminders.json")

    def write_config(self, text):
        os.makedirs(os.path.dirname(self.config), exist_ok=True)
        with open(self.config, "w") as f:
            f.write(text)

    def cleanup(self):
        shutil.rmtree(self.root, ignore_errors=True)


def run(args, env, timeout=5.0, stdin=subprocess.DEVNULL):
    """Runs the binary with `args`; returns (rc, stdout, stderr, seconds). rc is None on a hang
    (killed after `timeout`), negative for a signal."""
    start = time.monotonic()
    p = subprocess.Popen([BIN] + list(args), env=env, stdin=stdin, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        rc = None
    return rc, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), time.monotonic() - start


def atomic_write(path, data):
    """Writes `data` (bytes or str) beside `path` and renames it over (what a well-behaved writer does)."""
    if isinstance(data, str):
        data = data.encode()
    tmp = f"{os.path.dirname(path)}/.faults-tmp-{os.getpid()}-{time.monotonic_ns()}"
    with open(tmp, "wb") as f:
        f.write(data)
    os.rename(tmp, path)


def remove_any(path):
    """Removes whatever is at `path` (file, symlink, FIFO or folder)."""
    try:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.unlink(path)
    except FileNotFoundError:
        pass


def wait_until(seconds, condition, step=0.02):
    """harness.wait_until, asking every 20 ms unless told (the attacks time what they wait for)."""
    return harness.wait_until(seconds, condition, step)


def problem_lines(text):
    """The agent's error and warning lines (journald priorities <0>..<4>)."""
    return [l for l in text.splitlines() if len(l) > 2 and l[0] == "<" and l[1] in "01234" and l[2] == ">"]


class Agent:
    """`nitnem run` in a sandbox, its stderr in a file."""

    def __init__(self, box, env=None, args=()):
        self.box = box
        self.err_path = os.path.join(box.root, f"agent-{time.monotonic_ns()}.err")
        self.err = open(self.err_path, "wb")
        lock = os.path.join(box.runtime, "agent.lock")
        # The stderr file stands in for the journal, as under systemd: lines carry <N> priorities.
        st = os.fstat(self.err.fileno())
        env = dict(env or box.env, JOURNAL_STREAM=f"{st.st_dev}:{st.st_ino}")
        self.proc = subprocess.Popen(
            [BIN, "run", "--group", box.group, "--config", box.config, "--lock", lock] + list(args),
            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.err,
            start_new_session=True)

    def alive(self):
        return self.proc.poll() is None

    def stderr(self):
        with open(self.err_path, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def stop(self, timeout=5.0):
        """SIGTERM, then SIGKILL after `timeout`; returns the exit code (None if it had to be killed)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                self.err.close()
                return None
        self.err.close()
        return self.proc.returncode


def read_json(path):
    """(value, None) or (None, why) for the file at `path`."""
    import json
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        return None, f"unreadable: {e.strerror}"
    try:
        return json.loads(data), None
    except ValueError as e:
        return None, f"not JSON: {e}"
