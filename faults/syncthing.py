# SPDX-License-Identifier: GPL-3.0-or-later
"""Real Syncthing peers for the sync attack: one "machine" each (a sandbox, a Syncthing instance, an
agent), the binaries of the two Syncthing versions, and each instance's REST events kept with their
times (what part of a convergence is Syncthing's own scanning and pulling).

Syncthing runs with its own home, discovery, relays, NAT, usage and crash reporting off, its GUI/REST
on 127.0.0.1 (a free port), each device added by tcp://127.0.0.1:<port>; the REST API pauses and
resumes the connection. STTRACE in the environment (e.g. `model,scanner`) is handed to it.
"""

import datetime
import http.client
import json
import os
import shutil
import socket
import subprocess
import threading
import time
import urllib.request
import xml.etree.ElementTree as ET

from common import PROGRESS, REPO, Sandbox, run

FOLDER = "nitnem"
# The events kept (LocalChangeDetected and RemoteChangeDetected are not in the default mask).
EVENTS = ("ItemStarted,ItemFinished,LocalIndexUpdated,RemoteIndexUpdated,StateChanged,FolderSummary,"
          "LocalChangeDetected,RemoteChangeDetected,FolderErrors,DeviceConnected,DeviceDisconnected,"
          "DevicePaused,DeviceResumed")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def binaries():
    """{"1.19": path, "1.29": path}: the host's Syncthing (Debian 12's) and Debian 13's, fetched into
    /var/cache/nitnem by scripts/syncthing-debian13.sh when missing; a value is the reason instead
    (a string not starting with "/") when one cannot be had."""
    host = shutil.which("syncthing")
    out = {"host": host or "syncthing is not installed (scripts/deps.sh test installs it)"}
    try:
        p = subprocess.run([os.path.join(REPO, "scripts", "syncthing-debian13.sh")], capture_output=True,
                           text=True, timeout=900)
        lines = p.stdout.strip().splitlines()
        out["debian13"] = lines[-1] if p.returncode == 0 and lines else (
            f"scripts/syncthing-debian13.sh failed: {p.stderr.strip()[-300:]}")
    except (OSError, subprocess.TimeoutExpired) as e:
        out["debian13"] = f"scripts/syncthing-debian13.sh: {e}"
    return out


def version_of(binary):
    out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30).stdout.split()
    return out[1].lstrip("v").split("-")[0] if len(out) > 1 else "?"


def parse_time(text):
    """Syncthing's event time (RFC 3339, nanoseconds, a zone offset) as POSIX seconds."""
    head, _, rest = text.partition(".")
    frac, zone = "", rest
    while zone and zone[0].isdigit():
        frac, zone = frac + zone[0], zone[1:]
    if not rest:
        head, zone = text[:19], text[19:]
    base = datetime.datetime.fromisoformat(head + (zone.replace("Z", "+00:00") or "+00:00"))
    return base.timestamp() + (float("0." + frac) if frac else 0.0)


class Peer:
    """One "machine": a sandbox (group, XDG folders), a Syncthing instance and, later, an agent."""

    def __init__(self, name, binary):
        self.name, self.binary = name, binary
        self.version = version_of(binary)
        self.box = Sandbox(f"sync-{name}")
        self.home = os.path.join(self.box.root, "syncthing")
        self.gui = free_port()
        self.listen = free_port()
        self.key = f"nitnem-faults-{name}-key"
        self.proc = None
        self.agent = None
        self.events = []
        self.events_lock = threading.Lock()
        self.stopping = False
        os.makedirs(os.path.join(self.box.group, ".stfolder"), exist_ok=True)
        self.st_env = dict(self.box.env, HOME=self.box.root, STNODEFAULTFOLDER="1", STNORESTART="1",
                           STNOUPGRADE="1")
        subprocess.run([binary, "generate", f"--home={self.home}", "--no-default-folder"], env=self.st_env,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        out = subprocess.run([binary, "serve", f"--home={self.home}", "--device-id"], env=self.st_env, check=True,
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
                               rescanIntervalS=os.environ.get("NITNEM_FAULTS_SYNC_RESCAN", "3600"), fsWatcherEnabled="true", fsWatcherDelayS="1",
                               ignorePerms="false", autoNormalize="true")
        ET.SubElement(folder, "filesystemType").text = "basic"
        for d in (self.id, other.id):
            ET.SubElement(ET.SubElement(folder, "device", id=d, introducedBy=""), "encryptionPassword")
        ET.SubElement(folder, "minDiskFree", unit="%").text = "0"
        ET.SubElement(folder, "maxConflicts").text = "-1"
        ET.SubElement(folder, "markerName").text = ".stfolder"
        tree.write(path)

    def start(self):
        self.log_path = os.path.join(self.box.root, "syncthing.log")
        self.log = open(self.log_path, "wb")
        env = dict(self.st_env)
        if os.environ.get("STTRACE"):
            env["STTRACE"] = os.environ["STTRACE"]
        self.proc = subprocess.Popen(
            [self.binary, "serve", f"--home={self.home}", "--no-browser", "--no-restart", "--no-upgrade",
             f"--gui-address=http://127.0.0.1:{self.gui}", f"--gui-apikey={self.key}"],
            env=env, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        threading.Thread(target=self._follow_events, daemon=True).start()

    def _follow_events(self):
        since = 0
        while not self.stopping and self.proc.poll() is None:
            try:
                got = self.rest("GET", f"/rest/events?since={since}&timeout=2&events={EVENTS}", timeout=10)
            except (OSError, ValueError, http.client.HTTPException):
                time.sleep(0.2)
                continue
            for e in got or []:
                since = max(since, e.get("id", since))
                e["t"] = parse_time(e["time"])
                with self.events_lock:
                    self.events.append(e)

    def events_since(self, t):
        with self.events_lock:
            return [e for e in self.events if e["t"] >= t]

    def rest(self, method, path, timeout=5):
        req = urllib.request.Request(f"http://127.0.0.1:{self.gui}{path}", method=method,
                                     headers={"X-API-Key": self.key})
        with urllib.request.urlopen(req, timeout=timeout) as r:
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

    @property
    def merged_folder(self):
        return os.path.join(self.box.state, "nitnem", "merged")

    def merged(self):
        """{name: mtime} of the copies the agent merged (the mtime: when it merged it)."""
        folder = self.merged_folder
        if not os.path.isdir(folder):
            return {}
        return {n: os.stat(os.path.join(folder, n)).st_mtime for n in os.listdir(folder) if n != "merged.log"}

    def connected_at(self, after):
        """When this Syncthing last connected to its peer after `after` (POSIX seconds), or None."""
        times = [e["t"] for e in self.events_since(after) if e["type"] == "DeviceConnected"]
        return max(times) if times else None

    def keep(self, dest):
        """Copies what shows a failing round (Syncthing's log and events, the agent's log, the group and
        the merged copies) into `dest`."""
        os.makedirs(dest, exist_ok=True)
        if self.proc is not None:
            self.log.flush()
            shutil.copy(self.log_path, os.path.join(dest, "syncthing.log"))
        with self.events_lock, open(os.path.join(dest, "events.json"), "w") as f:
            json.dump(self.events, f, indent=1)
        if self.agent is not None:
            shutil.copy(self.agent.err_path, os.path.join(dest, "agent.log"))
        shutil.copytree(self.box.group, os.path.join(dest, "group"), dirs_exist_ok=True)
        if os.path.isdir(self.merged_folder):
            shutil.copytree(self.merged_folder, os.path.join(dest, "merged"), dirs_exist_ok=True)

    def stop(self):
        self.stopping = True
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
