# SPDX-License-Identifier: GPL-3.0-or-later
"""The `sync` attack: two real Syncthing instances on loopback share one App Group folder each, one
agent per "machine"; marks on both sides while the connection is paused, then resumed; a burst of
marks on both sides at once. Every mark must be in both main files, byte-identical, with no conflict
copy left and every unknown field intact; an undo made while apart stays undone.

Syncthing runs with its own homes, discovery, relays, NAT, usage and crash reporting off, its GUI/REST
on 127.0.0.1 (random ports), each device added by tcp://127.0.0.1:<port>; the REST API pauses and
resumes the connection.
"""

import datetime
import json
import os
import shutil
import socket
import subprocess
import threading
import time
import urllib.request
import xml.etree.ElementTree as ET

from common import PROGRESS, Agent, Result, Sandbox, run, wait_until

FOLDER = "nitnem"
UNKNOWN_TOP = '"appOnly": [1.50E2, true]'
UNKNOWN_ENTRY = '"fontScale": 1.250'


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Peer:
    """One "machine": a sandbox (group, XDG folders), a Syncthing instance and, later, an agent."""

    def __init__(self, name):
        self.name = name
        self.box = Sandbox(f"sync-{name}")
        self.home = os.path.join(self.box.root, "syncthing")
        self.gui = free_port()
        self.listen = free_port()
        self.key = f"nitnem-faults-{name}-key"
        self.proc = None
        self.agent = None
        os.makedirs(os.path.join(self.box.group, ".stfolder"), exist_ok=True)
        env = dict(self.box.env, HOME=self.box.root, STNODEFAULTFOLDER="1")
        self.st_env = env
        subprocess.run(["syncthing", "generate", f"--home={self.home}", "--no-default-folder"], env=env,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        out = subprocess.run(["syncthing", "serve", f"--home={self.home}", "--device-id"], env=env, check=True,
                             capture_output=True, text=True, timeout=60).stdout
        self.id = out.strip().splitlines()[-1].strip()

    def configure(self, other):
        path = os.path.join(self.home, "config.xml")
        tree = ET.parse(path)
        root = tree.getroot()
        opts = root.find("options")
        for tag in list(opts.findall("listenAddress")):
            opts.remove(tag)
        listen = ET.Element("listenAddress")
        listen.text = f"tcp://127.0.0.1:{self.listen}"
        opts.insert(0, listen)
        settings = {
            "globalAnnounceEnabled": "false", "localAnnounceEnabled": "false", "relaysEnabled": "false",
            "natEnabled": "false", "urAccepted": "-1", "crashReportingEnabled": "false",
            "autoUpgradeIntervalH": "0", "startBrowser": "false", "reconnectionIntervalS": "1",
            "setLowPriority": "false",
        }
        for tag, value in settings.items():
            el = opts.find(tag)
            if el is None:
                el = ET.SubElement(opts, tag)
            el.text = value
        mhf = opts.find("minHomeDiskFree")
        if mhf is not None:
            mhf.text = "0"
        gui = root.find("gui")
        gui.find("address").text = f"127.0.0.1:{self.gui}"
        gui.find("apikey").text = self.key
        dev = ET.SubElement(root, "device", id=other.id, name=other.name, compression="metadata",
                            introducer="false", skipIntroductionRemovals="false", introducedBy="")
        ET.SubElement(dev, "address").text = f"tcp://127.0.0.1:{other.listen}"
        ET.SubElement(dev, "paused").text = "false"
        folder = ET.SubElement(root, "folder", id=FOLDER, label=FOLDER, path=self.box.group, type="sendreceive",
                               rescanIntervalS="3600", fsWatcherEnabled="true", fsWatcherDelayS="1",
                               ignorePerms="false", autoNormalize="true")
        ET.SubElement(folder, "filesystemType").text = "basic"
        for d in (self.id, other.id):
            ET.SubElement(ET.SubElement(folder, "device", id=d, introducedBy=""), "encryptionPassword")
        ET.SubElement(folder, "minDiskFree", unit="%").text = "0"
        ET.SubElement(folder, "maxConflicts").text = "-1"
        ET.SubElement(folder, "markerName").text = ".stfolder"
        tree.write(path)

    def start(self):
        self.log = open(os.path.join(self.box.root, "syncthing.log"), "wb")
        self.proc = subprocess.Popen(
            ["syncthing", "serve", f"--home={self.home}", "--no-browser", "--no-restart", "--no-upgrade",
             f"--gui-address=http://127.0.0.1:{self.gui}", f"--gui-apikey={self.key}"],
            env=dict(self.st_env, STNORESTART="1", STNOUPGRADE="1"), stdin=subprocess.DEVNULL,
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)

    def rest(self, method, path):
        req = urllib.request.Request(f"http://127.0.0.1:{self.gui}{path}", method=method,
                                     headers={"X-API-Key": self.key})
        with urllib.request.urlopen(req, timeout=5) as r:
            body = r.read()
        return json.loads(body) if body else None

    def ok(self, method, path):
        try:
            return self.rest(method, path)
        except OSError:
            return None

    def connected(self, other):
        c = self.ok("GET", "/rest/system/connections")
        return bool(c and c.get("connections", {}).get(other.id, {}).get("connected"))

    def nitnem(self, *args):
        return run(list(args) + ["--group", self.box.group], self.box.env, timeout=30)

    def progress(self):
        try:
            with open(self.box.path(PROGRESS), "rb") as f:
                return f.read()
        except OSError:
            return b""

    def copies(self):
        """Conflict copies in the group (Syncthing's own partial downloads of one, `.syncthing.*.tmp`,
        are not: Syncthing ignores them and removes them after keepTemporariesH)."""
        return [n for n in os.listdir(self.box.group) if ("sync-conflict" in n or "conflicted copy" in n)
                and not (n.startswith(".syncthing.") and n.endswith(".tmp"))]

    def partials(self):
        return [n for n in os.listdir(self.box.group) if n.startswith(".syncthing.") and n.endswith(".tmp")]

    def merged(self):
        folder = os.path.join(self.box.state, "nitnem", "merged")
        return [n for n in os.listdir(folder) if n != "merged.log"] if os.path.isdir(folder) else []

    def stop(self):
        if self.agent is not None:
            self.agent.stop()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.log.close()


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
    lost = [(b, d) for b, ds in expected.items() for d in ds if d not in have.get(b, set())]
    back = [(b, d) for b, d in undone if d in have.get(b, set())]
    return lost, back


def converged(a, b, expected, undone):
    pa, pb = a.progress(), b.progress()
    if not pa or pa != pb or a.copies() or b.copies():
        return False
    lost, back = missing(pa, expected, undone)
    return not lost and not back


def sync(ctx):
    name = "sync"
    if shutil.which("syncthing") is None:
        return Result(name, False, "syncthing is not installed (scripts/deps.sh test installs it)")
    n = 4 if ctx.short else 12
    burst = 8 if ctx.short else 30
    today = datetime.datetime.now(datetime.timezone.utc).date()
    day = lambda k: (today - datetime.timedelta(days=k)).isoformat()  # noqa: E731
    a, b = Peer("laptop"), Peer("desktop")
    peers = (a, b)
    notes = []
    try:
        a.configure(b)
        b.configure(a)
        for p in peers:
            r = p.nitnem("sync", "setup")
            if r[0] != 0:
                return Result(name, False, f"nitnem sync setup failed: {r[2].strip()}")
        # The laptop's file, with fields nitnem does not know, and a day both will have.
        old = day(40)
        with open(a.box.path(PROGRESS), "w") as f:
            f.write('{\n  "schema": 1,\n  "banis": {\n    "japji": {"lastSeq": 12, "lastReadAt": "'
                    + day(41) + 'T05:00:00Z", "completedDays": ["' + old + '"], ' + UNKNOWN_ENTRY + '},\n'
                    + '    "jaap": {"completedDays": ["' + old + '"]}\n  },\n  ' + UNKNOWN_TOP + '\n}\n')
        for p in peers:
            p.start()
        if not wait_until(lambda: a.connected(b) and b.connected(a), 60, 0.2):
            return Result(name, False, "the two Syncthing instances did not connect within 60 s",
                          [open(os.path.join(a.box.root, "syncthing.log"), errors="replace").read()[-600:]])
        if not wait_until(lambda: b.progress() == a.progress(), 60, 0.1):
            return Result(name, False, "the first file did not reach the desktop within 60 s")
        for p in peers:
            p.box.write_config("")
            p.agent = Agent(p.box)
        if not wait_until(lambda: all(os.path.exists(p.box.path("widgets", "NitnemNow.json")) for p in peers), 10):
            return Result(name, False, "an agent wrote no timeline", [p.agent.stderr()[-300:] for p in peers])

        expected = {"japji": {old}, "jaap": set()}
        undone = [("jaap", old)]
        # Apart: each pauses the other.
        for p, q in ((a, b), (b, a)):
            p.rest("POST", f"/rest/system/pause?device={q.id}")
        if not wait_until(lambda: not a.connected(b) and not b.connected(a), 20, 0.1):
            return Result(name, False, "pausing did not disconnect the peers")
        marks = 0
        for k in range(1, n + 1):
            for p, bani in ((a, "japji"), (b, "rehras"), (b, "kirtan_sohila")):
                rc, _, err, _ = p.nitnem("mark", bani, "--day", day(k))
                if rc != 0:
                    return Result(name, False, f"mark {bani} --day {day(k)} failed: {err.strip()}")
                expected.setdefault(bani, set()).add(day(k))
                marks += 1
        rc, _, err, _ = a.nitnem("mark", "jaap", "--day", old, "--undo")
        if rc != 0:
            return Result(name, False, f"mark --undo failed: {err.strip()}")
        # Both sides touched japji.
        b.nitnem("mark", "japji", "--day", day(n + 1))
        expected["japji"].add(day(n + 1))
        marks += 1
        time.sleep(2.5)  # Syncthing's watcher has seen the local changes
        t0 = time.monotonic()
        for p, q in ((a, b), (b, a)):
            p.rest("POST", f"/rest/system/resume?device={q.id}")
        ok1 = wait_until(lambda: converged(a, b, expected, undone), 30 if ctx.short else 90, 0.1)
        apart = time.monotonic() - t0
        if ok1:
            # Still so a few seconds later (no ping-pong).
            time.sleep(3)
            ok1 = converged(a, b, expected, undone)
        if not ok1:
            lost, back = missing(a.progress(), expected, undone)
            notes += [f"laptop lacks {lost[:5]}, has undone {back}", f"copies: {a.copies()} {b.copies()}",
                      f"identical: {a.progress() == b.progress()}"]
        copies_apart = len(a.merged()) + len(b.merged())

        # A burst on both sides at once, connected.
        def marker(p, bani, out):
            for k in range(1, burst + 1):
                rc = p.nitnem("mark", bani, "--day", day(k))[0]
                out.append(rc)
        rcs = []
        threads = [threading.Thread(target=marker, args=(p, bani, rcs)) for p, bani in ((a, "savaiye"), (b, "chaupai"))]
        t1 = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for bani in ("savaiye", "chaupai"):
            expected[bani] = {day(k) for k in range(1, burst + 1)}
        marks += 2 * burst
        ok2 = all(rc == 0 for rc in rcs) and wait_until(lambda: converged(a, b, expected, undone), 30 if ctx.short else 120, 0.1)
        together = time.monotonic() - t1
        if ok2:
            time.sleep(3)
            ok2 = converged(a, b, expected, undone)
        final = a.progress()
        lost, back = missing(final, expected, undone)
        text = final.decode("utf-8", "replace")
        unknown = UNKNOWN_TOP in text and UNKNOWN_ENTRY in text
        merged = len(a.merged()) + len(b.merged())
        seen = sum(p.agent.stderr().count(" merged into ") for p in peers)
        alive = all(p.agent.alive() for p in peers)
        ok = bool(ok1) and bool(ok2) and not lost and not back and unknown and alive
        if not unknown:
            notes.append(f"unknown fields lost: {text[:300]}")
        if not ok2:
            notes += [f"burst: lacks {lost[:5]}, copies {a.copies()} {b.copies()}",
                      f"identical: {a.progress() == b.progress()}"]
        if not ok:
            notes += [f"{p.name} agent ({'alive' if p.agent.alive() else 'DEAD'}): {p.agent.stderr()[-500:]}"
                      for p in peers]
        fig = (f"Syncthing {syncthing_version()}: {marks} marks on two machines ({3 * n + 1} apart, an undo, "
               f"{2 * burst} in a burst), {seen} conflict copies merged by the agents ({copies_apart} after "
               f"the reconnect, {merged} in all), lost: {len(lost)}, undone back: {len(back)}, "
               f"converged {apart:.1f} s after resuming and {together:.1f} s after the burst began, "
               f"files {'identical' if a.progress() == b.progress() else 'DIFFERENT'}, unknown fields "
               f"{'intact' if unknown else 'LOST'}, {len(a.partials()) + len(b.partials())} partial download(s) "
               f"of a copy merged meanwhile left to Syncthing")
        return Result(name, ok, fig, notes)
    finally:
        for p in peers:
            p.stop()
        for p in peers:
            p.box.cleanup()


def syncthing_version():
    out = subprocess.run(["syncthing", "--version"], capture_output=True, text=True).stdout.split()
    return out[1] if len(out) > 1 else "?"
