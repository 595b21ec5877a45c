# SPDX-License-Identifier: GPL-3.0-or-later
"""A private desktop for attacks that need a notification server: its own session bus
(`dbus-daemon --print-address`, no activatable services, so nothing brings a server back behind
the suite's back), an X server (`Xvfb -displayfd`) and `dunst -print`, whose output is appended
to one file so notifications are counted across restarts."""

import os
import shutil
import subprocess
import tempfile

from common import REPO, Result, wait_until
from harness import owns, stop, xvfb

# The private session bus, shared with the Swift desktop tests: {dir} is its socket folder.
BUS_CONF = os.path.join(REPO, "fixtures", "desktop", "session-bus.conf")

DUNSTRC = """[global]
    monitor = 0
    follow = none
    notification_limit = 0
    markup = no
[urgency_low]
    timeout = 0
[urgency_normal]
    timeout = 0
[urgency_critical]
    timeout = 0
"""


class Unavailable(Exception):
    pass


def desktop_for(name, needs_root=None):
    """(a private Desktop, None), or (None, attack `name`'s NOT RUN Result saying why there is none).
    An attack that also needs root gives `needs_root`, its NOT RUN figure when it is run as another user."""
    if needs_root and os.geteuid() != 0:
        return None, Result(name, None, needs_root)
    try:
        return Desktop(), None
    except Unavailable as e:
        return None, Result(name, None, f"no private desktop: {e}")


class Desktop:
    def __init__(self):
        for tool in ("dbus-daemon", "Xvfb", "dunst", "dbus-send"):
            if not shutil.which(tool):
                raise Unavailable(f"{tool} is not installed (apt packages dbus-daemon, xvfb, dunst, libnotify-bin)")
        self.dir = tempfile.mkdtemp(prefix="nitnem-faults-desktop-")
        self.out = os.path.join(self.dir, "dunst.out")
        self.server = None
        conf = os.path.join(self.dir, "bus.conf")
        with open(BUS_CONF) as template, open(conf, "w") as f:
            f.write(template.read().replace("{dir}", self.dir))
        with open(os.path.join(self.dir, "dunstrc"), "w") as f:
            f.write(DUNSTRC)
        self.bus = subprocess.Popen(["dbus-daemon", f"--config-file={conf}", "--nofork", "--print-address=1"],
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
        address = self.bus.stdout.readline().decode().strip()
        if not address:
            self.stop()
            raise Unavailable("dbus-daemon printed no address")
        self.xserver, display = xvfb(os.path.join(self.dir, "xvfb.log"), "640x480x24")
        if not display:
            self.stop()
            raise Unavailable("Xvfb printed no display number")
        self.env = {"DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": display}
        self.start_server()

    def _env(self):
        env = dict(os.environ)
        env.update(self.env)
        return env

    def has_server(self):
        return owns(self._env())

    def start_server(self):
        if self.server is not None:
            return
        out = open(self.out, "ab")
        self.server = subprocess.Popen(["dunst", "-print", "-config", os.path.join(self.dir, "dunstrc")],
                                       env=self._env(), stdout=out, stderr=subprocess.DEVNULL, start_new_session=True)
        out.close()
        if not wait_until(10, lambda: self.server.poll() is None and self.has_server(), 0.05):
            raise Unavailable("dunst did not take org.freedesktop.Notifications")

    def kill_server(self):
        """kill -9 the notification server (it gets no chance to say goodbye)."""
        if self.server is not None:
            self.server.kill()
            self.server.wait()
            self.server = None
            wait_until(5, lambda: not self.has_server(), 0.05)

    def count(self):
        """Notifications dunst printed so far, across restarts (one `summary:` field each)."""
        try:
            with open(self.out, "rb") as f:
                text = f.read().decode("utf-8", "replace")
        except FileNotFoundError:
            return 0
        return sum(1 for line in text.splitlines() if line.strip().startswith("summary:"))

    def summaries(self):
        try:
            with open(self.out, "rb") as f:
                text = f.read().decode("utf-8", "replace")
        except FileNotFoundError:
            return []
        return [line.strip()[len("summary:"):].strip() for line in text.splitlines()
                if line.strip().startswith("summary:")]

    def stop(self):
        for attr in ("server", "xserver", "bus"):
            if getattr(self, attr, None) is not None:
                stop(getattr(self, attr))
            setattr(self, attr, None)
        shutil.rmtree(self.dir, ignore_errors=True)


def displayed(desk):
    """How many notifications dunst has on screen now (`dunstctl count displayed`), None when it
    cannot say."""
    try:
        r = subprocess.run(["dunstctl", "count", "displayed"], env=desk._env(), capture_output=True, text=True,
                           timeout=5)
        return int(r.stdout.strip())
    except (subprocess.TimeoutExpired, ValueError, OSError):
        return None


def close_all(desk):
    """Clears dunst's screen (`dunstctl close-all`) between rounds."""
    subprocess.run(["dunstctl", "close-all"], env=desk._env(), capture_output=True, timeout=5)
