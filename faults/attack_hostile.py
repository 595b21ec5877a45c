# SPDX-License-Identifier: GPL-3.0-or-later
"""Attack: a hostile environment (issue 39). Links planted at every file nitnem writes, before a
command and under a running agent (as a sync engine delivers them); folders other users could write
in; clocks at the ends of the range `SGGS_CLOCK_NOW` accepts. Nothing outside nitnem's own files may
change, nothing may be created where a link points, and no process may die by a signal."""

import os
import time

from common import LOCK, TIMELINE, Agent, Result, Sandbox, case_rows, problem_lines, run, wait_until

# Where a planted link may point, besides a file of the user's (a sentinel with random bytes).
POINTED = ("own file", "dangling", "folder", "device")


def _files(box):
    """(name, path, command, after) for each file a command writes (fixtures/cases/written-files.tsv,
    which HostileFilesTests reads too), and how a link there must end: 'replaced' (the link becomes
    nitnem's file) or 'refused' (non-zero exit, the link stays)."""
    places = {"{group}": box.group, "{sync}": os.path.dirname(box.group),
              "{state}": os.path.join(box.state, "nitnem"), "{config}": box.config}

    def path(text):
        for name, folder in places.items():
            text = text.replace(name, folder)
        return text

    return [(row["name"], path(row["file"]), row["command"].split(), row["after"].split()[0])
            for row in case_rows("written-files", ("name", "file", "command", "after"))]


class _Planted:
    """A link at `path` to what `pointed` names, and the sentinel it must leave alone."""

    def __init__(self, box, path, pointed, rng):
        self.path, self.pointed = path, pointed
        self.sentinel = os.path.join(box.root, f"bashrc-{rng.randrange(1 << 30)}")
        self.bytes = bytes(rng.randrange(32, 127) for _ in range(rng.randrange(1, 200)))
        with open(self.sentinel, "wb") as f:
            f.write(self.bytes)
        self.target = {"own file": self.sentinel, "dangling": os.path.join(box.root, "made-through-a-link"),
                       "folder": box.root, "device": "/dev/null"}[pointed]
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        os.symlink(self.target, path)

    def harm(self):
        """What the write did outside nitnem's files, or None."""
        with open(self.sentinel, "rb") as f:
            if f.read() != self.bytes:
                return f"{self.sentinel} changed"
        if self.pointed == "dangling" and os.path.lexists(self.target):
            return f"{self.target} was created"
        return None


def _links(ctx, notes):
    """Each file × where a link points: (cases, failures)."""
    rng, cases, failures = ctx.rng, 0, []
    rounds = 1 if ctx.short else 3
    for _ in range(rounds):
        for pointed in POINTED:
            box = Sandbox("hostile")
            os.makedirs(os.path.join(os.path.dirname(box.group), ".stfolder"), exist_ok=True)
            try:
                for name, path, command, after in _files(box):
                    planted = _Planted(box, path, pointed, rng)
                    rc, _, err, _ = run(command, box.env, timeout=10)
                    cases += 1
                    what = f"{name} → {pointed}"
                    lines = err.strip().splitlines()
                    if rc is None or rc < 0:
                        failures.append(f"{what}: {'hung' if rc is None else f'signal {-rc}'}")
                    elif planted.harm():
                        failures.append(f"{what}: {planted.harm()}")
                    elif after == "replaced" and (rc != 0 or not os.path.isfile(path) or os.path.islink(path)):
                        failures.append(f"{what}: not replaced (exit {rc}): {err.strip()[:200]}")
                    elif after == "refused" and (rc == 0 or not os.path.islink(path) or len(lines) != 1
                                                 or path not in lines[0]):
                        failures.append(f"{what}: not refused with one line naming it (exit {rc}): {err.strip()[:200]}")
                    os.unlink(path) if os.path.islink(path) else None
                    # Leave no state behind for the next file's command (a refused lock blocks marks).
                    for leftover in (box.path(LOCK), box.path(".nitnem-mynitnem.lock")):
                        if os.path.islink(leftover):
                            os.unlink(leftover)
            finally:
                box.cleanup()
    notes.append(f"links: {cases} planted before a command, {len(failures)} harmful")
    return cases, failures


def _under_agent(ctx, notes):
    """A running agent while a sync engine keeps planting a link at the timeline and the ledger
    (the Evening reminder due in two seconds, no notification server: recorded, then not shown)."""
    box = Sandbox("hostile-agent")
    failures = []
    try:
        env = box.make_env(SGGS_CLOCK_NOW="2026-12-04T17:59:58Z", DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent")
        sentinel = os.path.join(box.root, "bashrc")
        with open(sentinel, "wb") as f:
            f.write(b"precious\n")
        os.makedirs(os.path.join(box.state, "nitnem"), mode=0o700, exist_ok=True)
        ledger = box.ledger
        os.symlink(sentinel, ledger)
        box.write_config("")
        agent = Agent(box, env=env)
        timeline = box.path(TIMELINE)
        if not wait_until(10, lambda: os.path.isfile(timeline) and not os.path.islink(timeline)):
            failures.append("the agent wrote no timeline")
        plants = 0
        for i in range(4 if ctx.short else 12):
            tmp = timeline + f".planted-{i}"
            os.symlink(sentinel, tmp)
            os.rename(tmp, timeline)  # as a sync engine puts a file in place
            plants += 1
            run(["mark", "--next"], box.env, timeout=10)
            if not wait_until(5, lambda: os.path.isfile(timeline) and not os.path.islink(timeline)):
                failures.append(f"plant {i}: the timeline stayed a link")
        wait_until(5, lambda: os.path.isfile(ledger) and not os.path.islink(ledger))
        if os.path.islink(ledger) or not os.path.isfile(ledger):
            failures.append("the ledger's planted link was not replaced by the reminder's record")
        alive = agent.alive()
        rc = agent.stop()
        err = agent.stderr()
        with open(sentinel, "rb") as f:
            if f.read() != b"precious\n":
                failures.append(f"{sentinel} changed under the agent")
        if not alive or rc != 0:
            failures.append(f"the agent ended (exit {rc})")
        replaced = sum("replaced a symbolic link" in line for line in err.splitlines())
        errors = [line for line in problem_lines(err) if line[1] in "0123"]
        if errors:
            failures.append(f"error lines: {errors[:2]}")
        notes.append(f"under the agent: {plants} links planted at the timeline, one at the ledger; "
                     f"{replaced} replaced and logged, the sentinel untouched")
    finally:
        box.cleanup()
    return failures


def _squatted(notes):
    """Folders another user could write in, or that belong to another user: refused, one line."""
    failures, cases = [], 0
    for name, mode, owner in (("group", 0o777, None), ("state", 0o777, None), ("runtime", 0o757, None),
                              ("group", 0o755, 4321), ("state", 0o700, 4321)):
        box = Sandbox("hostile-folder")
        try:
            folder = {"group": box.group, "state": os.path.join(box.state, "nitnem"),
                      "runtime": box.runtime}[name]
            os.makedirs(folder, mode=0o700, exist_ok=True)
            os.chmod(folder, mode)
            if owner is not None:
                if os.geteuid() != 0:
                    continue
                os.chown(folder, owner, owner)
            box.write_config("")
            before = sorted(os.listdir(folder))
            agent = Agent(box)
            try:
                agent.proc.wait(10)
            except Exception:
                pass
            rc = agent.stop()
            lines = agent.stderr().strip().splitlines()
            cases += 1
            if rc != 2 or len(lines) != 1 or folder not in lines[0]:
                failures.append(f"run with a {name} folder of mode {mode:o}"
                                f"{f', owner {owner}' if owner else ''}: exit {rc}, {lines[:2]}")
            if name != "runtime":
                writer = ["mark", "--next"] if name == "group" else ["reminders", "pause", "--until", "tomorrow"]
                rc, _, err, _ = run(writer, box.env, timeout=10)
                cases += 1
                if rc in (0, None) or (rc or 0) < 0 or folder not in err:
                    failures.append(f"{' '.join(writer)} in a squatted {name} folder: exit {rc}, {err.strip()[:200]}")
            if sorted(os.listdir(folder)) != before:
                failures.append(f"something was written in the squatted {name} folder")
        finally:
            box.cleanup()
    notes.append(f"squatted folders: {cases} starts and commands refused with one line")
    return failures


# Instants at and past the ends of the range and around them: none may kill a command.
CLOCKS = ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00+14:00", "1970-01-01T00:00:00Z", "2000-12-31T23:59:59Z",
          "2001-01-01T00:00:00Z", "9998-12-31T23:59:59Z", "9999-12-31T23:59:59Z", "9999-12-31T23:59:59-12:00",
          "9999-12-31T12:00", "0001-01-01T00:00")
CLOCK_COMMANDS = (["status"], ["status", "--format", "json"], ["mark", "--next"], ["timeline"], ["clock"],
                  ["reminders", "list"], ["doctor"], ["journey"], ["simulate", "--from", "NOW", "--to", "NOW"])


def _clocks(ctx, notes):
    """Every command at range-end clocks, and at random instants of the whole accepted form."""
    rng, failures, runs, refused = ctx.rng, [], 0, 0
    instants = list(CLOCKS)
    for _ in range(4 if ctx.short else 20):
        instants.append(f"{rng.randrange(1, 10000):04d}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}T"
                        f"{rng.randrange(24):02d}:{rng.randrange(60):02d}:{rng.randrange(60):02d}Z")
    box = Sandbox("hostile-clock")
    try:
        for instant in instants:
            for command in CLOCK_COMMANDS if not ctx.short else CLOCK_COMMANDS[::2]:
                env = dict(box.env, SGGS_CLOCK_NOW=instant, TZ=rng.choice(["UTC", "Pacific/Kiritimati",
                                                                           "Pacific/Pago_Pago", "Asia/Kolkata"]))
                rc, _, err, _ = run([instant if word == "NOW" else word for word in command], env, timeout=20)
                runs += 1
                if rc is None or rc < 0:
                    failures.append(f"SGGS_CLOCK_NOW={instant} {' '.join(command)}: "
                                    f"{'hung' if rc is None else f'signal {-rc}'}")
                elif rc == 2 and "SGGS_CLOCK_NOW" in err:
                    refused += 1
    finally:
        box.cleanup()
    notes.append(f"clocks: {len(instants)} instants × {runs // max(len(instants), 1)} commands = {runs} runs, "
                 f"{refused} refused (exit 2, out of range), {len(failures)} by a signal or hung")
    return failures


def hostile(ctx):
    notes, failures = [], []
    t0 = time.monotonic()
    cases, link_failures = _links(ctx, notes)
    failures += link_failures
    failures += _under_agent(ctx, notes)
    failures += _squatted(notes)
    failures += _clocks(ctx, notes)
    figure = (f"{cases} planted links, squatted folders and range-end clocks: {len(failures)} harmful "
              f"in {time.monotonic() - t0:.0f} s")
    return Result("hostile", not failures, figure, notes + failures[:12])
