# SPDX-License-Identifier: GPL-3.0-or-later
"""Attacks 1 and 2: the progress writer (`nitnem mark`) under kill -9 and under concurrent writers."""

import fcntl
import json
import os
import signal
import statistics
import subprocess
import threading
import time

from common import BIN, LOCK, PROGRESS, Result, Sandbox, run

# A progress file with fields nitnem does not know, at the root, in known entries and in an entry
# for an id the registry lacks. Every fragment must survive every write byte for byte.
UNKNOWN = [
    '"x-root":{"rev":17,"ratio":1e-3,"s":"tab\\there \\u00e9"}',
    '"fontScale":1.250',
    '"x-sync":{"rev":17}',
    '"highlight":{"color":"#FFD700","alpha":0.50}',
    '"x-future-bani":{"big":12345678901234567890123}',
    '"device":{"name":"phone","order":[3,1,2]}',
    '"ratio":1.0E+2',
]
PLANTED = (
    '{"schema":1,' + UNKNOWN[0] + ',"banis":{"japji":{"lastSeq":120,"completedDays":[],' + UNKNOWN[1] + ','
    + UNKNOWN[2] + '},"jaap":{"completedDays":[],' + UNKNOWN[3] + '},' + UNKNOWN[4] + '},' + UNKNOWN[5] + ','
    + UNKNOWN[6] + '}\n'
)

BANIS = ["japji", "jaap", "savaiye", "anand"]
DAYS = [f"2026-02-{d:02d}" for d in range(1, 13)]


def _present(doc, bani, day):
    try:
        return day in doc["banis"][bani]["completedDays"]
    except (KeyError, TypeError):
        return False


def _killed_at_random(rng, argv, env, span):
    """Runs `argv` and sends it SIGKILL at a random point of its first `span` seconds (it may have
    finished by then); returns its exit status (negative for a signal) and its stderr."""
    p = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(rng.uniform(0, span))
    try:
        p.send_signal(signal.SIGKILL)
    except ProcessLookupError:
        pass
    _, err = p.communicate()
    return p.returncode, err


class _Kill9:
    """What the kill -9 attacks share: a planted file (`name` in the group) with fields nitnem does not
    know, runs killed at random points of their life, a read of the file after each, and the counts
    of what went wrong, the first problem kept as a note. `valid(doc)` says the file is a `kind`
    document at all. Used as a context manager: its Sandbox (`sandbox` names it) is removed at the end."""

    def __init__(self, sandbox, name, planted, unknown, kind, valid):
        box = Sandbox(sandbox)
        self.box, self.name, self.path = box, name, box.path(name)
        self.planted, self.unknown, self.kind, self.valid = planted, unknown, kind, valid
        self.torn = self.lost = self.changed = self.errors = self.completed = self.killed = 0
        self.first_problem = None
        self.span = 0

    def __enter__(self):
        try:
            self.plant()
        except BaseException:
            self.box.cleanup()
            raise
        return self

    def __exit__(self, *_):
        self.box.cleanup()

    def plant(self):
        with open(self.path, "w") as f:
            f.write(self.planted)

    def problem(self, text):
        self.first_problem = self.first_problem or text

    def time_runs(self, args, undo):
        """How long one run of `nitnem args` takes (the median of five, each undone by `undo`), to
        spread the kills over its whole life."""
        durations = []
        for _ in range(5):
            durations.append(run(args, self.box.env)[3])
            run(undo, self.box.env)
        self.span = statistics.median(durations) * 1.2

    def attack(self, rng, i, args):
        """Run `i`: `nitnem args` killed at a random point, then the file read. (completed, the
        document), or None when the file was torn (it is planted again)."""
        rc, err = _killed_at_random(rng, [BIN] + args, self.box.env, self.span)
        try:
            with open(self.path, "rb") as f:
                raw = f.read()
            doc = json.loads(raw)
            if not self.valid(doc):
                raise ValueError(f"not a {self.kind} document")
        except (OSError, ValueError) as e:
            self.torn += 1
            self.problem(f"run {i}: file torn: {e}")
            self.plant()
            return None
        text = raw.decode("utf-8", "replace")
        missing = [u for u in self.unknown if u not in text]
        if missing:
            self.changed += 1
            self.problem(f"run {i}: unknown bytes changed: {missing[0]}")
        if rc == 0:
            self.completed += 1
        elif rc == -signal.SIGKILL:
            self.killed += 1
        else:
            self.errors += 1
            self.problem(f"run {i}: exit {rc}: {err.decode(errors='replace').strip()}")
        return rc == 0, doc

    def result(self, attack, n, lock, strays_are, strays_note, tidy=None):
        """The attack's Result after `n` runs: nothing torn, lost, changed or failed, and `lock` free.
        `tidy` runs before the group is searched for files left behind (`strays_are` in the figure,
        `strays_note` in the note)."""
        free = subprocess.run(["flock", "-n", self.box.path(lock), "true"]).returncode == 0
        if tidy:
            tidy()
        strays = [f for f in os.listdir(self.box.group) if f not in (self.name, lock)]
        ok = self.torn == 0 and self.lost == 0 and self.changed == 0 and self.errors == 0 and free
        fig = (f"{n} runs ({self.completed} completed, {self.killed} killed), {self.torn} torn, {self.lost} lost, "
               f"{self.changed} changed unknown bytes, {self.errors} other exits, lock {'free' if free else 'HELD'}, "
               f"{len(strays)} {strays_are}")
        notes = [self.first_problem] if self.first_problem else []
        if strays:
            notes.append(f"{strays_note}: {strays[:3]}")
        return Result(attack, ok, fig, notes)


def kill9_marks(ctx):
    """kill -9 at random points of `mark` / `mark --undo` runs."""
    rng = ctx.rng
    n = 200 if ctx.short else 1000
    with _Kill9("kill9", PROGRESS, PLANTED, UNKNOWN, "progress",
                lambda doc: isinstance(doc, dict) and isinstance(doc.get("banis"), dict)) as k:
        k.time_runs(["mark", "japji", "--day", "2026-01-01"], ["mark", "japji", "--undo", "--day", "2026-01-01"])
        known = {}  # (bani, day) -> True / False: what the file must show
        for i in range(n):
            bani, day = rng.choice(BANIS), rng.choice(DAYS)
            undo = rng.random() < 0.35
            after = k.attack(rng, i, ["mark", bani, "--day", day] + (["--undo"] if undo else []))
            if after is None:
                known.clear()
                continue
            completed, doc = after
            # A run that did not complete is dead: what it left is the truth from now on.
            known[(bani, day)] = (not undo) if completed else _present(doc, bani, day)
            for (b, d), want in known.items():
                if _present(doc, b, d) != want:
                    k.lost += 1
                    k.problem(f"run {i}: {'completed mark' if want else 'completed undo'} of {b} on {d} lost")
                    known[(b, d)] = not want
        return k.result("kill9-marks", n, LOCK, "stray temp files",
                        "temp files left by killed runs (never cleaned by a later mark)")


def concurrent_writers(ctx):
    """4 `mark` writers x N marks, plus a writer that rewrites the file itself under the same flock."""
    per = 25 if ctx.short else 100
    box = Sandbox("concurrent")
    try:
        path = box.path(PROGRESS)
        with open(path, "w") as f:
            f.write(PLANTED)
        writers = ["japji", "jaap", "savaiye", "chaupai"]
        days = [f"2025-{1 + j // 28:02d}-{1 + j % 28:02d}" for j in range(per)]
        failures = []
        foreign_done = []
        stop = threading.Event()

        def marker(bani):
            for day in days:
                rc, _, err, _ = run(["mark", bani, "--day", day], box.env, timeout=30)
                if rc != 0:
                    failures.append(f"mark {bani} --day {day}: exit {rc}: {err.strip()}")

        def foreign():
            # Another writer that follows the documented protocol: flock the lock file, re-read,
            # rewrite the whole file, rename over it, unlock.
            k = 0
            lock = os.open(box.path(LOCK), os.O_RDWR | os.O_CREAT, 0o600)
            try:
                while k < per or not stop.is_set():
                    fcntl.flock(lock, fcntl.LOCK_EX)
                    try:
                        with open(path, "rb") as f:
                            doc = json.loads(f.read())
                        doc.setdefault("x-foreign", []).append(k)
                        tmp = path + ".foreign-tmp"
                        with open(tmp, "w") as f:
                            json.dump(doc, f)
                            f.flush()
                            os.fsync(f.fileno())
                        os.rename(tmp, path)
                    finally:
                        fcntl.flock(lock, fcntl.LOCK_UN)
                    foreign_done.append(k)
                    k += 1
                    time.sleep(ctx.rng.uniform(0, 0.01))
            finally:
                os.close(lock)

        threads = [threading.Thread(target=marker, args=(b,)) for b in writers]
        extra = threading.Thread(target=foreign)
        extra.start()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        stop.set()
        extra.join()
        with open(path, "rb") as f:
            doc = json.loads(f.read())
        lost_marks = sum(1 for b in writers for d in days if not _present(doc, b, d))
        got = doc.get("x-foreign", [])
        lost_foreign = len(set(foreign_done) - set(got))
        lost = lost_marks + lost_foreign
        ok = lost == 0 and not failures
        fig = (f"{len(writers)} writers x {per} marks + {len(foreign_done)} locked rewrites, {lost} lost updates "
               f"({lost_marks} marks, {lost_foreign} rewrites), {len(failures)} failed runs")
        return Result("concurrent-writers", ok, fig, failures[:2])
    finally:
        box.cleanup()


# Your own sets (`nitnem-mynitnem.json`) with fields nitnem does not know: kept byte for byte by
# every `nitnem sets` write, like the progress file's.
MINE = "nitnem-mynitnem.json"
MINE_LOCK = ".nitnem-mynitnem.lock"
MINE_UNKNOWN = [
    '"x-app":{"rev":3,"ratio":1e-3}',
    '"layout":{"order":[3,1,2],"note":"tab\\there"}',
    '"x-future":1.250',
]
MINE_PLANTED = (
    '{"schema":1,' + MINE_UNKNOWN[0] + ',"sets":{"morning":["japji"],' + MINE_UNKNOWN[1] + '},'
    + '"reminders":{},' + MINE_UNKNOWN[2] + '}\n'
)
# What a run may do, and what it leaves when it completes: (args, check on the document).
SET_BANIS = ["jaap", "sukhmani", "savaiye", "anand"]


def _in_morning(doc, bani):
    try:
        return bani in doc["sets"]["morning"]
    except (KeyError, TypeError):
        return False


def _reminder(doc, bani):
    try:
        return doc["reminders"].get(bani)
    except (AttributeError, KeyError, TypeError):
        return None


def kill9_sets(ctx):
    """kill -9 at random points of `sets add/remove/remind` runs on a My Nitnem file with unknown fields."""
    rng = ctx.rng
    n = 100 if ctx.short else 600
    with _Kill9("kill9-sets", MINE, MINE_PLANTED, MINE_UNKNOWN, "My Nitnem",
                lambda doc: isinstance(doc, dict) and doc.get("schema") == 1) as k:
        k.time_runs(["sets", "add", "jaap", "--to", "morning"], ["sets", "remove", "jaap", "--from", "morning"])
        members = {}  # bani -> in the morning set or not, as the file must show
        reminders = {}  # bani -> "HH:MM" or None
        for i in range(n):
            bani = rng.choice(SET_BANIS)
            kind = rng.choice(["add", "remove", "remind"])
            if kind == "add":
                args, want = ["sets", "add", bani, "--to", "morning"], ("set", True)
            elif kind == "remove":
                args, want = ["sets", "remove", bani, "--from", "morning"], ("set", False)
            else:
                at = rng.choice(["05:00", "10:00", "off"])
                args, want = ["sets", "remind", bani, at], ("remind", None if at == "off" else at)
            after = k.attack(rng, i, args)
            if after is None:
                members.clear()
                reminders.clear()
                continue
            completed, doc = after
            if completed:
                if want[0] == "set":
                    members[bani] = want[1]
                else:
                    reminders[bani] = want[1]
            else:
                # The run is dead: what it left is the truth from now on.
                members[bani] = _in_morning(doc, bani)
                reminders[bani] = _reminder(doc, bani)
            for b, want_in in members.items():
                if _in_morning(doc, b) != want_in:
                    k.lost += 1
                    k.problem(f"run {i}: a completed {'add' if want_in else 'remove'} of {b} lost")
                    members[b] = not want_in
            for b, want_at in reminders.items():
                if _reminder(doc, b) != want_at:
                    k.lost += 1
                    k.problem(f"run {i}: a completed remind of {b} ({want_at}) lost")
                    reminders[b] = _reminder(doc, b)
        # A later run cleans what a killed one left (temp files older than it looks for are removed).
        return k.result("kill9-sets", n, MINE_LOCK, "stray files", "files left by killed runs",
                        tidy=lambda: run(["sets", "remind", "japji", "off"], k.box.env))
