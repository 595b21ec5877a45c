# SPDX-License-Identifier: GPL-3.0-or-later
"""Attacks 3, 4, 7 and 8: a running agent under a progress file replaced 1,000 times, a full disk,
a notification server killed and restarted, and the agent killed around its reminder."""

import errno
import json
import os
import subprocess
import threading
import time

from common import (DAILY, LOCK, PROGRESS, TIMELINE, Agent, Result, Sandbox, atomic_write, problem_lines,
                    read_json, remove_any, run, wait_until)
from desktop import close_all, desktop_for, displayed

DAY = "2026-06-01"


def _good_doc(banis, tag):
    return {"schema": 1, "x-tag": tag, "banis": {b: {"completedDays": [DAY], "lastSeq": 1} for b in banis}}


def _timeline_done(box):
    doc, _ = read_json(box.path(TIMELINE))
    try:
        return doc["entries"][0]["today"]["done"]
    except (TypeError, KeyError, IndexError):
        return None


# One fixed content per bad kind, so "distinct problems" is the same count whether the agent
# tells problems apart by kind or by message.
BAD_FIXED = {
    "truncated": b'{"schema":1,"banis":{"japji":{"completedDa',
    "not-json": b"this is not JSON\n",
    "wrong-types": b'{"schema":"one","banis":["japji"]}\n',
}
HUGE = 5 << 20


def replace_under_agent(ctx):
    """The progress file replaced >= 1,000 times, with good and bad contents, under a running agent."""
    rng = ctx.rng
    n = 200 if ctx.short else 1000
    box = Sandbox("replace")
    box.write_config("reminders = off\n")
    env = box.make_env(SGGS_CLOCK_NOW=f"{DAY}T10:00:00Z")
    path = box.path(PROGRESS)
    last_good = rng.sample(DAILY, rng.randint(1, len(DAILY)))
    atomic_write(path, json.dumps(_good_doc(last_good, 0)))
    agent = Agent(box, env)
    reads = invalid = missing = nothing = 0
    first_bad_read = None
    done_reading = threading.Event()

    def reader():
        nonlocal reads, invalid, missing, nothing, first_bad_read
        while not done_reading.is_set():
            try:
                with open(box.path(TIMELINE), "rb") as f:
                    data = f.read()
            except FileNotFoundError:
                missing += 1
                continue
            reads += 1
            try:
                doc = json.loads(data)
                done = doc["entries"][0]["today"]["done"]
            except (ValueError, KeyError, IndexError, TypeError) as e:
                invalid += 1
                first_bad_read = first_bad_read or f"{e}: {data[:80]!r}"
                continue
            if done == 0:  # every good file has done >= 1: this timeline reflects no file at all
                nothing += 1
            time.sleep(0.0005)

    try:
        if not wait_until(10, lambda: _timeline_done(box) == len(last_good)):
            return Result("replace-under-agent", False, "the agent wrote no first timeline", [agent.stderr()[-300:]])
        t = threading.Thread(target=reader)
        t.start()
        kinds = (["good"] * 30 + ["unlink-recreate"] * 10 + ["truncated", "not-json", "wrong-types"] * 6
                 + ["folder", "fifo", "symlink-loop", "schema-2"] * 5 + ["huge"] * 2)
        counts = {}
        problems = set()
        died_at = None

        def put_good(tag):
            nonlocal last_good
            last_good = rng.sample(DAILY, rng.randint(1, len(DAILY)))
            return json.dumps(_good_doc(last_good, tag)).encode()

        def replace(kind, i):
            if os.path.isdir(path) and not os.path.islink(path):
                remove_any(path)
            if kind == "good":
                atomic_write(path, put_good(i))
            elif kind == "unlink-recreate":
                remove_any(path)
                time.sleep(rng.uniform(0, 0.02))
                data = put_good(i)
                with open(path, "wb") as f:
                    f.write(data)
            elif kind in BAD_FIXED:
                atomic_write(path, BAD_FIXED[kind])
            elif kind == "huge":
                # The last good banis padded to exactly 5 MiB: refused or read, it means the same.
                text = json.dumps(_good_doc(last_good, "huge")).encode()
                atomic_write(path, text + b" " * (HUGE - len(text)))
            elif kind == "schema-2":
                # A newer schema with the same banis: read-only whichever way it is taken.
                doc = _good_doc(last_good, "s2")
                doc["schema"] = 2
                atomic_write(path, json.dumps(doc))
            elif kind == "folder":
                remove_any(path)
                os.mkdir(path)
            elif kind == "fifo":
                tmp = box.path(".faults-fifo")
                remove_any(tmp)
                os.mkfifo(tmp)
                os.rename(tmp, path)
            elif kind == "symlink-loop":
                tmp = box.path(".faults-link")
                remove_any(tmp)
                os.symlink(PROGRESS, tmp)
                os.rename(tmp, path)
            if kind not in ("good", "unlink-recreate"):
                problems.add(kind)

        for i in range(n):
            kind = rng.choice(kinds)
            counts[kind] = counts.get(kind, 0) + 1
            replace(kind, i)
            time.sleep(rng.uniform(0, 0.008))
            if died_at is None and not agent.alive():
                died_at = i
        # The end: a last good file, then bad ones that must not displace it.
        replace("good", n)
        time.sleep(0.3)
        for kind in ("truncated", "fifo", "not-json"):
            replace(kind, n)
            time.sleep(0.1)
        want = len(last_good)
        final_ok = wait_until(5, lambda: _timeline_done(box) == want)
        time.sleep(0.3)
        done_reading.set()
        t.join()
        alive = agent.alive() and died_at is None
        final_done = _timeline_done(box)
        rc = agent.stop()
        err = agent.stderr()
        lines = err.splitlines()
        plines = problem_lines(err)
        quiet = len(plines) <= len(problems)
        ok = alive and invalid == 0 and missing == 0 and nothing == 0 and bool(final_ok) and quiet
        fig = (f"{n} replacements, agent {'alive' if alive else 'DIED'}, {reads} timeline reads, {invalid} invalid, "
               f"{missing} missing, {nothing} reflecting no file, final timeline "
               f"{'= last good' if final_ok else f'done {final_done} != last good {want}'}, "
               f"{len(plines)} problem log lines for {len(problems)} distinct problems ({len(lines)} lines in all)")
        notes = []
        if not quiet:
            notes.append(f"more problem lines than distinct problems (each bad file after a good one is logged "
                         f"again); e.g. {plines[-1][:160]!r}")
        if nothing:
            notes.append("a vanished file (unlink+recreate, a folder swapped in) was read as 'nothing read': "
                         "timelines with done=0 were written although every file had done >= 1")
        if first_bad_read:
            notes.append(f"first invalid read: {first_bad_read}")
        if died_at is not None:
            notes.append(f"the agent died after replacement {died_at}: exit {agent.proc.returncode}")
        if rc not in (0, None) or rc is None:
            notes.append(f"agent exit on SIGTERM: {rc}")
        return Result("replace-under-agent", ok, fig, notes)
    finally:
        done_reading.set()
        if agent.alive():
            agent.stop()
        box.cleanup()


def _fill(folder):
    """Fills the file system of `folder` to the last byte; returns the filler's path."""
    filler = os.path.join(folder, "filler")
    with open(filler, "wb", buffering=0) as f:
        for size in (65536, 4096, 512, 1):
            while True:
                try:
                    f.write(b"\0" * size)
                except OSError as e:
                    if e.errno != errno.ENOSPC:
                        raise
                    break
    return filler


def full_disk(ctx):
    """A 512 KiB tmpfs (room for the group's files and a temp copy of each: the timeline is 56 KB) filled
    during a mark, a timeline write and a ledger write."""
    name = "full-disk"
    desk, not_run = desktop_for(name, needs_root="needs root to mount a 512 KiB tmpfs (mount -t tmpfs -o size=512k)")
    if not_run:
        return not_run
    box = Sandbox("fulldisk")
    disk = os.path.join(box.root, "disk")
    os.mkdir(disk)
    m = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k,mode=0700", "tmpfs", disk], capture_output=True,
                       text=True)
    if m.returncode != 0:
        desk.stop()
        box.cleanup()
        return Result(name, None, f"cannot mount a tmpfs: {m.stderr.strip()}")
    agent = None
    try:
        group, state = os.path.join(disk, "group"), os.path.join(disk, "state")
        os.mkdir(group, 0o700)
        os.makedirs(os.path.join(state, "nitnem"), 0o700)
        box.group, box.state = group, state
        box.write_config("")
        env = box.make_env(SGGS_APP_GROUP=group, XDG_STATE_HOME=state, SGGS_CLOCK_NOW=f"{DAY}T17:58:50Z",
                           SGGS_CLOCK_RATE="10", **desk.env)
        progress = os.path.join(group, PROGRESS)
        size = 6000

        def padded(banis):
            text = json.dumps(_good_doc(banis, "disk")).encode()
            return text + b" " * (size - len(text) - 1) + b"\n"

        with open(progress, "wb") as f:
            f.write(padded(["japji"]))
        os.close(os.open(os.path.join(group, LOCK), os.O_CREAT | os.O_RDWR, 0o600))
        ledger = os.path.join(state, "nitnem", "reminders.json")
        with open(ledger, "w") as f:
            json.dump({"schema": 1, "entries": [{"dayKey": DAY, "band": "amritVela", "at": f"{DAY}T03:00:00Z",
                                                 "outcome": "skipped", "reason": "band-complete"}]}, f)
        agent = Agent(box, env)
        started = time.monotonic()
        tl = os.path.join(group, TIMELINE)
        if not wait_until(10, lambda: _timeline_done(box) == 1):
            return Result(name, False, "the agent wrote no first timeline", [agent.stderr()[-300:]])
        old = {p: open(p, "rb").read() for p in (progress, tl, ledger)}
        lines_before = len(problem_lines(agent.stderr()))
        filler = _fill(disk)
        notes = []
        # (a) mark on a full disk.
        rc, _, err, _ = run(["mark", "jaap"], env)
        err_lines = err.strip().splitlines()
        mark_ok = (rc == 1 and len(err_lines) == 1 and PROGRESS in err_lines[0]
                   and open(progress, "rb").read() == old[progress])
        if not mark_ok:
            notes.append(f"mark: exit {rc}, stderr {err.strip()[:200]!r}")
        # (b) a timeline write: the progress file changed in place (no new blocks needed).
        with open(progress, "r+b") as f:
            f.write(padded(["japji", "jaap"]))
        time.sleep(1.5)
        timeline_intact = open(tl, "rb").read() == old[tl]
        # (c) a ledger write: the evening slot (18:00) passes while the disk is full.
        time.sleep(max(0.0, started + 8.5 - time.monotonic()))  # 18:00 is 7 s (70 virtual s) after the start
        shown_full = desk.count()
        ledger_intact = open(ledger, "rb").read() == old[ledger]
        alive_full = agent.alive()
        during = problem_lines(agent.stderr())[lines_before:]
        tl_lines = [l for l in during if "NitnemNow.json" in l]
        ledger_lines = [l for l in during if "reminders.json" in l]
        other_lines = [l for l in during if l not in tl_lines and l not in ledger_lines]
        clear = len(tl_lines) == 1 and len(ledger_lines) == 1
        if not clear:
            notes.append(f"error lines while full: {len(tl_lines)} for the timeline, {len(ledger_lines)} for the "
                         f"ledger, {len(other_lines)} other (want 1, 1): {[l[:120] for l in during][:4]}")
        # (d) space freed, and nothing else happens: the agent must recover by itself.
        os.unlink(filler)
        t_free = time.monotonic()
        bound = 20.0
        rewritten = wait_until(bound, lambda: _timeline_done(box) == 2, 0.05)
        t_tl = time.monotonic() - t_free

        def ledger_fired():
            doc, _ = read_json(ledger)
            try:
                return any(e["dayKey"] == DAY and e["band"] == "evening" and e["outcome"] in ("fired", "pending")
                           for e in doc["entries"])
            except (TypeError, KeyError):
                return False

        recorded = wait_until(max(0.0, bound - t_tl), lambda: ledger_fired() and desk.count() >= 1, 0.05)
        time.sleep(1.0)
        shown_total = desk.count()
        alive = agent.alive() and alive_full
        without_ledger = shown_full  # shown while the ledger could not be written
        ok = (mark_ok and timeline_intact and ledger_intact and alive and clear and bool(rewritten)
              and without_ledger == 0 and bool(recorded) and shown_total == 1)
        fig = (f"mark {'refused cleanly' if mark_ok else 'NOT clean'}, old files "
               f"{'intact' if timeline_intact and ledger_intact and mark_ok else 'CHANGED'}, agent "
               f"{'alive' if alive else 'DIED'}, {len(tl_lines)}+{len(ledger_lines)} error lines, "
               f"{without_ledger} reminders shown without a ledger entry, after freeing: timeline "
               + (f"rewritten in {t_tl:.1f} s" if rewritten else f"NOT rewritten within {bound:.0f} s")
               + f", reminder {'recorded and shown' if recorded else 'NOT recorded+shown'} ({shown_total} shown)")
        if not rewritten:
            notes.append("a failed timeline write is retried only at the agent's next event, not on a back-off")
        if without_ledger:
            notes.append("the reminder was shown although its ledger entry could not be written")
        return Result(name, ok, fig, notes)
    finally:
        if agent is not None and agent.alive():
            agent.stop()
        subprocess.run(["umount", "-l", disk], capture_output=True)
        desk.stop()
        box.cleanup()


def notify_restart(ctx):
    """The notification server killed (-9) before a slot and restarted under the running agent."""
    name = "notify-restart"
    desk, not_run = desktop_for(name)
    if not_run:
        return not_run
    box = Sandbox("notify")
    agent = None
    try:
        box.write_config("")
        env = box.make_env(SGGS_CLOCK_NOW=f"{DAY}T17:59:00Z", SGGS_CLOCK_RATE="60", **desk.env)
        agent = Agent(box, env)
        if not wait_until(10, lambda: _timeline_done(box) is not None):
            return Result(name, False, "the agent wrote no first timeline", [agent.stderr()[-300:]])
        desk.kill_server()
        time.sleep(3.0)  # the 18:00 slot passes (1 s) and a retry or two fail
        before = desk.count()
        desk.start_server()
        t0 = time.monotonic()
        delivered = wait_until(20, lambda: desk.count() >= 1, 0.05)
        took = time.monotonic() - t0
        time.sleep(3.0)
        once = desk.count()
        # Killed and restarted again after delivery: the reminder must not come back.
        desk.kill_server()
        time.sleep(1.0)
        desk.start_server()
        time.sleep(4.0)
        after = desk.count()
        alive = agent.alive()
        warn = [l for l in problem_lines(agent.stderr())]
        ok = before == 0 and bool(delivered) and once == 1 and after == 1 and alive
        fig = (f"{before} shown while down, "
               + (f"delivered {took:.1f} s after restart" if delivered else "NOT delivered within 20 s")
               + f", {after} shown in all after a second restart, agent {'alive' if alive else 'DIED'}, "
               f"{len(warn)} warning lines")
        notes = [] if ok else [f"summaries: {desk.summaries()}", f"agent: {agent.stderr()[-400:]}"]
        return Result(name, ok, fig, notes)
    finally:
        if agent is not None and agent.alive():
            agent.stop()
        desk.stop()
        box.cleanup()


def kill9_reminder(ctx):
    """The agent killed (-9) at a seeded instant around the 18:00 reminder (before it is recorded,
    between record and show, after), then restarted in the band: never two on screen; a reminder
    recorded `fired` is taken over in place (one on screen, `restored`), a `pending` one (a crash
    between record and show) is never shown again."""
    name = "kill9-reminder"
    desk, not_run = desktop_for(name)
    if not_run:
        return not_run
    rounds = 3 if ctx.short else 10
    seen = {"fired": 0, "pending": 0, "none": 0}
    bad = []
    most = 0
    try:
        for i in range(rounds):
            close_all(desk)
            box = Sandbox("kill9-reminder")
            agent = again = None
            try:
                box.write_config("")
                env = box.make_env(SGGS_CLOCK_NOW=f"{DAY}T17:59:59Z", SGGS_CLOCK_RATE="1", **desk.env)
                printed = desk.count()
                agent = Agent(box, env)
                # The slot is 1 s after start: kill anywhere from just before it to well after.
                time.sleep(ctx.rng.uniform(0.8, 1.6))
                agent.proc.kill()
                agent.proc.wait()
                doc, _ = read_json(box.ledger)
                entries = [e for e in (doc or {}).get("entries", []) if e.get("band") == "evening"]
                outcome = entries[-1]["outcome"] if entries else "none"
                seen[outcome if outcome in seen else "none"] += 1
                shown_before = desk.count() - printed
                env = box.make_env(SGGS_CLOCK_NOW=f"{DAY}T18:05:00Z", SGGS_CLOCK_RATE="1", **desk.env)
                again = Agent(box, env)
                time.sleep(2.5)
                on_screen = displayed(desk)
                most = max(most, on_screen or 0)
                doc, _ = read_json(box.ledger)
                after = [e for e in (doc or {}).get("entries", []) if e.get("band") == "evening"]
                restored = bool(after and after[-1].get("restored"))
                why = None
                if on_screen is None or on_screen > 1:
                    why = f"{on_screen} on screen"
                elif outcome == "fired" and (on_screen != 1 or not restored):
                    why = f"fired before the kill: {on_screen} on screen, restored {restored}"
                elif outcome == "pending" and desk.count() - printed > shown_before:
                    why = "a pending reminder was shown again"
                elif outcome == "none" and on_screen != 1:
                    why = f"killed before the slot: {on_screen} on screen after the restart"
                if why:
                    bad.append(f"round {i}: {why}; agent: {again.stderr()[-300:]}")
            finally:
                for a in (agent, again):
                    if a is not None and a.alive():
                        a.stop()
                box.cleanup()
        ok = not bad
        fig = (f"{rounds} kills: {seen['fired']} after the show (taken over in place), {seen['pending']} between "
               f"record and show (not shown again), {seen['none']} before the record; at most {most} on screen")
        return Result(name, ok, fig, bad)
    finally:
        desk.stop()
