# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared helpers of the fault suite: the binary, private environments, processes, results.

Standard library only. Every attack runs in its own temporary folder with its own App Group,
XDG folders and lock, so nothing of the user's desktop or files is touched.
"""

import os
import re
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


def case_rows(name, columns, text=None):
    """The rows of fixtures/cases/<name>.tsv (or of `text`) as dicts: the format of
    fixtures/cases/README.md, read as TestSupport's CaseTable reads it, to the same rows and the
    same errors (CaseTableTests holds the two to each other). The header must be `columns` (None:
    any), where a column written `until?` may hold `-` and every other must not."""
    if text is None:
        with open(os.path.join(REPO, "fixtures", "cases", name + ".tsv"), encoding="utf-8", newline="") as f:
            text = f.read()
    if "\r" in text:
        raise ValueError(f"{name}.tsv: has a carriage return; lines end in LF")
    names = None if columns is None else [c[:-1] if c.endswith("?") else c for c in columns]
    header, rows = None, []
    for number, line in enumerate(text.split("\n"), 1):
        place = f"{name}.tsv:{number}"
        if line.strip(" \t\n\v\f") == "" or line.startswith("#"):
            continue
        raw = [x for x in re.split(r" {2,}|\t+", line) if x]
        if header is None:
            if names is not None and raw != names:
                raise ValueError(f"{place}: the columns are {', '.join(raw)}; the test reads {', '.join(names)}")
            if len(set(raw)) != len(raw):
                raise ValueError(f"{place}: a column is named twice")
            header = raw
            continue
        if len(raw) != len(header):
            raise ValueError(f"{place}: {len(raw)} fields, the header names {len(header)}")
        fields = [_case_field(x, place) for x in raw]
        for index, value in enumerate(fields):
            if value is None and columns is not None and not columns[index].endswith("?"):
                raise ValueError(f"{place}: {header[index]} is -, which the test does not allow")
        rows.append(dict(zip(header, fields)))
    if not rows:
        raise ValueError(f"{name}.tsv: no cases")
    return rows


def _case_field(raw, place):
    """A field's text with its escapes read, or None for `-` (CaseTable.field)."""
    if raw == "-":
        return None
    if raw == '""':
        return ""
    out, i = [], 0
    while i < len(raw):
        if raw[i] != "\\":
            out.append(raw[i])
            i += 1
            continue
        nxt = raw[i + 1] if i + 1 < len(raw) else None
        if nxt in ("\\", "t", "n"):
            out.append({"\\": "\\", "t": "\t", "n": "\n"}[nxt])
            i += 2
        elif nxt == "u":
            m = re.match(r"u\{([0-9A-Fa-f]{1,6})\}", raw[i + 1:])
            value = int(m.group(1), 16) if m else -1
            if value < 0 or 0xD800 <= value <= 0xDFFF or value > 0x10FFFF:
                raise ValueError(f"{place}: a \\u escape needs \\u{{HEX}} of a scalar: {raw}")
            out.append(chr(value))
            i += 1 + m.end()
        else:
            raise ValueError(f"{place}: unknown escape in {raw}")
    return "".join(out)


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
