# SPDX-License-Identifier: GPL-3.0-or-later
"""The `sync` attack: two real Syncthing instances on loopback share one App Group folder each, one
agent per "machine"; rounds of marks on both sides while the connection is paused (an undo on one
side, a mark on the other, both touching one bani), then resumed (in turn: once both Syncthings have
scanned the marks, at once before they have, and with a mark on each side while they reconnect); then
a burst of marks on both sides at once, connected. After every round: every mark in both main files, byte-identical, no conflict copy
left, every unknown field intact, every undo made while apart still undone. In the first round each
machine also begins a practice of its own while apart (`nitnem practice start`: both make
nitnem-mynitnem.json, one becomes a conflict copy): at the end both machines hold one file with both.

Two pairs: both peers on the host's Syncthing (Debian 12's 1.19), and one on Debian 13's (1.29,
scripts/syncthing-debian13.sh). Each round's convergence is timed from the reconnect (the later
DeviceConnected of the two; the reconnect itself is Syncthing's and timed apart) to identical files and
no copy, and split into the agent's part (from the Syncthing event that brought a copy or its main file
to the agent's merge of it) and Syncthing's own (its watcher's delay, scanning, the index exchange,
pulling). A round fails when Syncthing has not reconnected 180 s after the resume, when it has not
converged 90 s after the reconnect, or converged more than 30 s after it (or after the burst began); its Syncthing logs and events, the agents' logs and
both groups are then kept (the folder is printed).

The full pass runs 30 rounds per pair (`make faults`), the short one 1 (`make test`: the undo made
apart is in it). For a diagnosis: NITNEM_FAULTS_SYNC_ROUNDS=N rounds, NITNEM_FAULTS_SYNC_PAIRS=host or
debian13 (one pair), NITNEM_FAULTS_SYNC_KEEP=1 keeps every round's logs, NITNEM_FAULTS_SYNC_RESCAN=S
Syncthing's full rescan interval (default 3600 s: its watcher alone), STTRACE=model,scanner Syncthing's
trace in its log.
"""

import datetime
import json
import os
import tempfile
import threading
import time

from common import PROGRESS, Agent, Result, wait_until
from syncthing import Peer, binaries

UNKNOWN_TOP = '"appOnly": [1.50E2, true]'
UNKNOWN_ENTRY = '"fontScale": 1.250'
SOON = 90  # seconds a round may take to converge (after the reconnect) before it fails
STALL = 300  # how long a failed round is still watched (does it ever converge?)
RECONNECT = 180  # seconds Syncthing may take to reconnect after the resume (its own; timed apart)
LATE = 30  # seconds from the reconnect (or a burst's start) to convergence past which a round fails


def days_of(data):
    try:
        doc = json.loads(data)
    except ValueError:
        return None
    return {bani: set(e.get("completedDays") or []) for bani, e in (doc.get("banis") or {}).items()
            if isinstance(e, dict)}


def missing(data, expected, undone):
    """The (bani, day) marks `data` lacks, and the undone ones it has."""
    have = days_of(data)
    if have is None:
        return ["not JSON"], []
    lost = [(b, d) for b, ds in expected.items() for d in sorted(ds) if d not in have.get(b, set())]
    back = [(b, d) for b, d in undone if d in have.get(b, set())]
    return lost, back


def converged(a, b, expected, undone):
    pa, pb = a.progress(), b.progress()
    if not pa or pa != pb or a.copies() or b.copies():
        return False
    lost, back = missing(pa, expected, undone)
    return not lost and not back


def quantiles(xs, digits=1):
    s = sorted(xs)
    if not s:
        return "none"
    median = s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2
    p90 = s[min(len(s) - 1, int(round(0.9 * (len(s) - 1))))]
    return f"median {median:.{digits}f} s, p90 {p90:.{digits}f} s, worst {s[-1]:.{digits}f} s"


def agent_part(peers, t0, t1):
    """The agents' part of a convergence between `t0` and `t1` (POSIX seconds): the time in which an
    agent was merging, each merge from the last ItemFinished on its machine of the copy or its main
    file before it to the merge (merges on the two machines overlap: counted once, so the part is
    never more than the time it took); and the copies merged."""
    spans = []
    for p in peers:
        finished = [e for e in p.events_since(t0 - 1) if e["type"] == "ItemFinished"]
        for name, at in p.merged().items():
            if not t0 <= at <= t1 + 1:
                continue
            copy = name.split("-", 1)[1] if name[0].isdigit() and "-" in name else name
            before = [e["t"] for e in finished if e["t"] <= at and e["data"].get("item") in (PROGRESS, copy)]
            if before:
                spans.append((max(before), at))
    total, end = 0.0, None
    for start, stop in sorted(spans):
        if end is None or start > end:
            total += stop - start
            end = stop
        elif stop > end:
            total += stop - end
            end = stop
    return total, len(spans)


def syncthing_counts(peers, t0, t1):
    """Scans and pulls between t0 and t1 (both machines)."""
    scans = pulls = 0
    for p in peers:
        for e in p.events_since(t0):
            if e["t"] > t1:
                continue
            if e["type"] == "StateChanged" and e["data"].get("to") == "scanning":
                scans += 1
            elif e["type"] == "ItemFinished":
                pulls += 1
    return scans, pulls


class Rounds:
    """One pair's rounds: the peers, what both files must hold, and the figures."""

    def __init__(self, ctx, a, b, keep_root):
        self.ctx, self.a, self.b = ctx, a, b
        self.peers = (a, b)
        self.keep_root = keep_root
        today = datetime.datetime.now(datetime.timezone.utc).date()
        self.day = lambda k: (today - datetime.timedelta(days=k)).isoformat()
        self.old = self.day(400)
        self.expected = {"japji": {self.old}, "jaap": {self.old}}
        self.undone = []
        self.marks = 0
        self.apart, self.together, self.ours, self.failures, self.notes = [], [], [], [], []
        self.connect = []  # resume → both connected (Syncthing's alone)
        self.merges = self.scans = self.pulls = 0
        self.last_write = {a.name: 0.0, b.name: 0.0}

    def mark(self, p, bani, day, undo=False):
        args = ["mark", bani, "--day", day] + (["--undo"] if undo else [])
        rc, _, err, _ = p.nitnem(*args)
        if rc != 0:
            raise RuntimeError(f"{p.name}: nitnem {' '.join(args)} failed: {err.strip()}")
        self.last_write[p.name] = time.time()
        if undo:
            self.expected[bani].discard(day)
            self.undone.append((bani, day))
        else:
            self.expected.setdefault(bani, set()).add(day)
            self.undone = [u for u in self.undone if u != (bani, day)]
            self.marks += 1

    def practice(self, p, *args):
        """`nitnem practice ARGS` on `p` (a choice in nitnem-mynitnem.json, merged as the sets are)."""
        rc, _, err, _ = p.nitnem("practice", *args)
        if rc != 0:
            raise RuntimeError(f"{p.name}: nitnem practice {' '.join(args)} failed: {err.strip()}")
        self.last_write[p.name] = time.time()

    def scanned(self, p):
        """Whether `p`'s Syncthing has scanned its last local change (a LocalIndexUpdated after it)."""
        t = self.last_write[p.name]
        return any(e["type"] == "LocalIndexUpdated" and e["t"] > t for e in p.events_since(t))

    def settle(self, label, t0, limit):
        """Waits for convergence; the seconds it took, or None (then the logs are kept and it is
        watched until STALL to say whether it ever converged)."""
        ok = wait_until(max(0, t0 + limit - time.time()), lambda: converged(self.a, self.b, self.expected, self.undone),
                        0.05)
        took = time.time() - t0
        if ok:
            time.sleep(2)  # still so a moment later (no ping-pong)
            if converged(self.a, self.b, self.expected, self.undone):
                if os.environ.get("NITNEM_FAULTS_SYNC_KEEP"):  # diagnosis: every round's logs
                    self.keep(label, t0, took)
                return took
        lost, back = missing(self.a.progress(), self.expected, self.undone)
        lost_b, back_b = missing(self.b.progress(), self.expected, self.undone)
        dest = self.keep(label, t0, None)
        later = wait_until(max(0, STALL - limit), lambda: converged(self.a, self.b, self.expected, self.undone), 0.2)
        self.failures.append(label)
        self.notes += [
            f"{label}: not converged {limit:.0f} s after it began"
            + (f" (converged {time.time() - t0:.0f} s after)" if later else f" (nor {STALL} s after)")
            + f"; {self.a.name} lacks {lost[:4]}, has undone {back}; {self.b.name} lacks {lost_b[:4]}, has"
            f" undone {back_b}; copies {self.a.copies()} {self.b.copies()}; identical:"
            f" {self.a.progress() == self.b.progress()}; logs kept in {dest}"]
        return None

    def late(self, label, t0, took, since, what):
        """A round that converged, but more than LATE seconds after `what`: a failure (logs kept)."""
        if since > LATE:
            self.failures.append(label)
            self.notes.append(f"{label}: converged {since:.1f} s after {what} (over {LATE} s); logs kept in "
                              f"{self.keep(label, t0, took)}")

    def keep(self, label, t0, took):
        """Keeps both machines' logs, events and groups for the round `label` begun at `t0`."""
        dest = os.path.join(self.keep_root, label.replace(" ", "-"))
        for p in self.peers:
            p.keep(os.path.join(dest, p.name))
        with open(os.path.join(dest, "round.json"), "w") as f:
            json.dump({"round": label, "began": t0, "took": took}, f)
        return dest

    def round(self, r, n, burst):
        a, b, day = self.a, self.b, self.day
        base = 10 * r
        for p, q in ((a, b), (b, a)):
            p.rest("POST", f"/rest/system/pause?device={q.id}")
        if not wait_until(20, lambda: not a.connected(b) and not b.connected(a), 0.1):
            raise RuntimeError("pausing did not disconnect the peers")
        for k in range(n):
            self.mark(a, "japji", day(base + k))
            self.mark(b, "rehras", day(base + k))
            self.mark(b, "kirtan_sohila", day(base + k))
        # An undo on one machine of a day both have, a mark of another bani on the other, and both
        # touching japji.
        u, v = (a, b) if r % 2 else (b, a)
        victim = ("jaap", self.old) if r == 1 else ("japji", day(base - 10))
        self.mark(u, victim[0], victim[1], undo=True)
        self.mark(v, "chaupai", day(base))
        self.mark(v, "japji", day(base + n))
        # In the first round each machine begins a practice of its own while apart: both files made
        # apart, so Syncthing leaves a conflict copy of one, and the agent's merge must keep both.
        if r == 1:
            self.practice(a, "start", "sukhmani")
            self.practice(b, "start", "chaupai")
        # Three ways to come back together, in turn: once both Syncthings have scanned the marks made
        # apart; at once, before they have; and with a mark on each machine while they reconnect.
        mode = r % 3
        if mode != 2 and not wait_until(20, lambda: all(self.scanned(p) for p in self.peers), 0.05):
            raise RuntimeError("a Syncthing did not scan its local change within 20 s")
        t0 = time.time()
        for p, q in ((a, b), (b, a)):
            p.rest("POST", f"/rest/system/resume?device={q.id}")
        if mode == 0:
            self.mark(a, "anand", day(base + 9))
            self.mark(b, "anand", day(base + 8))
        # Syncthing's own reconnect (1.19 may lose 20 s to a Hello exchange when both resume at once,
        # more than once in a row) is waited for apart; convergence is ours to promise after it.
        if not wait_until(RECONNECT, lambda: all(p.connected_at(t0) for p in self.peers), 0.05):
            self.failures.append(f"round {r} apart")
            self.notes.append(f"round {r} apart: Syncthing did not reconnect within {RECONNECT} s of the resume;"
                              f" logs kept in {self.keep(f'round {r} apart', t0, None)}")
            wait_until(STALL, lambda: a.connected(b) and b.connected(a), 0.2)
            return
        tc = max(p.connected_at(t0) for p in self.peers)
        took = self.settle(f"round {r} apart", t0, tc - t0 + SOON)
        if took is not None:
            self.connect.append(tc - t0)
            self.apart.append(t0 + took - tc)
            self.late(f"round {r} apart", t0, took, t0 + took - tc, "reconnecting")
            ours, merges = agent_part(self.peers, tc, t0 + took)
            scans, pulls = syncthing_counts(self.peers, tc, t0 + took)
            self.ours.append(ours)
            self.merges += merges
            self.scans += scans
            self.pulls += pulls
        if not burst:
            return
        # A burst on both sides at once, connected.
        errors = []

        def marker(p, bani):
            for k in range(burst):
                try:
                    self.mark(p, bani, day(base + k))
                except RuntimeError as e:
                    errors.append(str(e))
        threads = [threading.Thread(target=marker, args=(p, bani)) for p, bani in ((a, "savaiye"), (b, "anand"))]
        t1 = time.time()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if errors:
            raise RuntimeError(errors[0])
        took = self.settle(f"round {r} burst", t1, SOON)
        if took is not None:
            self.together.append(took)
            self.late(f"round {r} burst", t1, took, took, "the burst began")


def pair(ctx, bin_a, bin_b, rounds, n, burst, keep_root):
    """One pair of machines (`bin_a`, `bin_b`: their Syncthing binaries) through `rounds` rounds."""
    a, b = Peer("laptop", bin_a), Peer("desktop", bin_b)
    label = f"{a.version}↔{b.version}"
    try:
        a.configure(b)
        b.configure(a)
        for p in (a, b):
            rc, _, err, _ = p.nitnem("sync", "setup")
            if rc != 0:
                return False, f"{label}: nitnem sync setup failed: {err.strip()}", []
        ro = Rounds(ctx, a, b, os.path.join(keep_root, label.replace("↔", "-")))
        # The laptop's file, with fields nitnem does not know, and days both will have.
        with open(a.box.path(PROGRESS), "w") as f:
            f.write('{\n  "schema": 1,\n  "banis": {\n    "japji": {"lastSeq": 12, "lastReadAt": "'
                    + ro.day(401) + 'T05:00:00Z", "completedDays": ["' + ro.old + '"], ' + UNKNOWN_ENTRY + '},\n'
                    + '    "jaap": {"completedDays": ["' + ro.old + '"]}\n  },\n  ' + UNKNOWN_TOP + '\n}\n')
        for p in (a, b):
            p.start()
        if not wait_until(60, lambda: a.connected(b) and b.connected(a), 0.2):
            return False, f"{label}: the two Syncthing instances did not connect within 60 s", [
                open(a.log_path, errors="replace").read()[-600:]]
        if not wait_until(60, lambda: b.progress() == a.progress(), 0.1):
            return False, f"{label}: the first file did not reach the desktop within 60 s", []
        for p in (a, b):
            p.box.write_config("")
            p.agent = Agent(p.box)
        if not wait_until(10, lambda: all(os.path.exists(p.box.path("widgets", "NitnemNow.json")) for p in (a, b))):
            return False, f"{label}: an agent wrote no timeline", [p.agent.stderr()[-300:] for p in (a, b)]
        for r in range(1, rounds + 1):
            ro.round(r, n, burst)
        # The practices begun apart: one file on both machines, both practices in it.
        def practices(p):
            rc, out, _, _ = p.nitnem("practice", "--format", "json")
            return sorted(x["bani"] for x in json.loads(out)["practices"]) if rc == 0 else None

        def mine(p):
            try:
                with open(p.box.path("nitnem-mynitnem.json"), "rb") as f:
                    return f.read()
            except OSError:
                return b""
        kept = wait_until(60, lambda: mine(a) == mine(b) and practices(a) == ["chaupai", "sukhmani"], 0.2)
        final = a.progress()
        text = final.decode("utf-8", "replace")
        unknown = UNKNOWN_TOP in text and UNKNOWN_ENTRY in text
        lost, back = missing(final, ro.expected, ro.undone)
        alive = all(p.agent.alive() for p in (a, b))
        notes = list(ro.notes)
        if not unknown:
            notes.append(f"{label}: unknown fields lost: {text[:300]}")
        if not alive:
            notes += [f"{label}: {p.name} agent DEAD: {p.agent.stderr()[-500:]}" for p in (a, b) if not p.agent.alive()]
        if not kept:
            notes.append(f"{label}: practices begun apart not kept on both: {practices(a)} / {practices(b)},"
                         f" files {'identical' if mine(a) == mine(b) else 'DIFFERENT'}")
        ok = not ro.failures and not lost and not back and unknown and alive and final == b.progress() and kept
        syncthing = [t - o for t, o in zip(ro.apart, ro.ours)]
        fig = (f"{label}: {rounds} round(s), {ro.marks} marks, {len(ro.undone)} undone while apart, "
               f"{len(ro.failures)} failed round(s); lost {len(lost)}, undone back {len(back)}, files "
               f"{'identical' if final == b.progress() else 'DIFFERENT'}, unknown fields {'intact' if unknown else 'LOST'}, "
               f"2 practices begun apart {'kept on both' if kept else 'NOT KEPT'}; "
               f"resume→reconnected {quantiles(ro.connect)}; reconnected→converged {quantiles(ro.apart)} (Syncthing's part {quantiles(syncthing)}; the agents' "
               f"{quantiles(ro.ours, 2)} over {ro.merges} merge(s); {ro.scans} scans, {ro.pulls} pulls)"
               + (f"; burst→converged {quantiles(ro.together)}" if ro.together else ""))
        return ok, fig, notes
    finally:
        for p in (a, b):
            p.stop()
        for p in (a, b):
            p.box.cleanup()


def sync(ctx):
    name = "sync"
    bins = binaries()
    for key in ("host", "debian13"):
        if not bins[key].startswith("/"):
            return Result(name, False, bins[key])
    rounds = int(os.environ.get("NITNEM_FAULTS_SYNC_ROUNDS", "1" if ctx.short else "30"))
    n, burst = (2, 4) if ctx.short else (3, 6)
    keep_root = tempfile.mkdtemp(prefix="nitnem-faults-sync-kept-")
    oks, figs, notes = [], [], []
    only = os.environ.get("NITNEM_FAULTS_SYNC_PAIRS")  # e.g. "debian13" (diagnosis): one pair
    for x, y in (("host", "host"), ("host", "debian13")):
        if only and y not in only.split(","):
            continue
        ok, fig, more = pair(ctx, bins[x], bins[y], rounds, n, burst, keep_root)
        oks.append(ok)
        figs.append(fig)
        notes += more
    if not os.listdir(keep_root):
        os.rmdir(keep_root)
    return Result(name, all(oks), "; ".join(figs), notes)
