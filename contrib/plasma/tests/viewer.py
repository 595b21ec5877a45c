# SPDX-License-Identifier: GPL-3.0-or-later
"""What probe.py (the widget) and settings.py (its settings window) share: plasmoidviewer started and
stopped with the widget on the bare test panel, its accessibility tree walked, a click at a node's
accessible extents (xdotool), the Punjabi locale generated, the screenshot asked of widget.sh."""
import os
import subprocess
import sys
import time

import pyatspi


def walk(node, depth=0):
    """Every node below `node` with its depth, tree order."""
    try:
        yield node, depth
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            if child is not None:
                yield from walk(child, depth + 1)
    except Exception:  # a node went away while we read it (the popup closing, a page replaced)
        return


def app():
    """plasmoidviewer on the accessibility bus, or None."""
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        a = desktop.getChildAtIndex(i)
        if a is not None and "plasmoidviewer" in (a.name or ""):
            return a
    return None


def until(find, timeout):
    """`find()`'s first true answer, asked every 0.2 s for `timeout` seconds; else its last."""
    deadline = time.monotonic() + timeout
    found = find()
    while not found and time.monotonic() < deadline:
        time.sleep(0.2)
        found = find()
    return found


def text_of(node):
    """The node's text (AT-SPI Text), or None where it has none."""
    try:
        t = node.queryText()
        return t.getText(0, t.characterCount)
    except Exception:
        return None


def click(node):
    """A real click (xdotool) at the middle of `node`'s accessible extents; returns them."""
    box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x, y = box.x + box.width // 2, box.y + box.height // 2
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)
    return box


def start(log, env=None):
    """plasmoidviewer with the widget on the test panel, 480x120 at the bottom of the screen."""
    return subprocess.Popen(
        ["plasmoidviewer", "-c", "org.nitnem.testpanel", "-a", "org.nitnem.nitnem", "-f", "planar", "-l", "bottomedge",
         "-y", "440", "-s", "480x120"], stdout=log, stderr=subprocess.STDOUT, env=env)


# The exit status of a driver whose plasmoidviewer never appeared on the accessibility bus:
# widget.sh then runs it once more, in a new session bus.
NOT_ON_BUS = 75


def start_on_bus(log, env=None, patience=30):
    """plasmoidviewer started (`start`) and found on the accessibility bus: (its process, its
    accessible application). Now and then a plasmoidviewer runs and draws but never registers with
    the bus (5.27 and 6.3 here, about 1 run in 10 to 20; the cause is not found), and a second start
    in the same session did not appear either: when it has not appeared after `patience` seconds it
    is stopped and the driver exits with NOT_ON_BUS, and widget.sh starts a new session."""
    viewer = start(log, env)
    # A second, short start while the first comes up, as probe.py always did: without it the first
    # was missing more often (4 of 7 tries, against 0 of 3).
    subprocess.run(["plasmoidviewer", "--version"], capture_output=True, env=env)
    a = until(app, patience)
    if a is None:
        print(f"plasmoidviewer is not on the accessibility bus after {patience} s", flush=True)
        stop(viewer)
        sys.exit(NOT_ON_BUS)
    return viewer, a


def stop(viewer):
    viewer.terminate()
    try:
        viewer.wait(10)
    except subprocess.TimeoutExpired:
        viewer.kill()


def punjabi(work):
    """pa_IN.UTF-8 generated with localedef from WORK/i18n into WORK/locpath (the Debian 13 root has
    no locales package), with the catalogue widget.sh compiled into WORK/home/.local/share/locale
    (XDG_DATA_HOME/locale): the environment to add, and what localedef said (None when the locale is
    there)."""
    locpath = os.path.join(work, "locpath")
    os.makedirs(locpath, exist_ok=True)
    i18n = os.path.join(work, "i18n")
    made = subprocess.run(["localedef", "-i", "pa_IN", "-c", "-f", os.path.join(i18n, "charmaps", "UTF-8"),
                           os.path.join(locpath, "pa_IN.UTF-8")], env={**os.environ, "I18NPATH": i18n},
                          capture_output=True, text=True)
    ok = os.path.exists(os.path.join(locpath, "pa_IN.UTF-8", "LC_CTYPE"))
    env = {"LANG": "pa_IN.UTF-8", "LOCPATH": locpath, "NITNEM_LOCALEDIR": os.path.join(work, "home", ".local", "share", "locale")}
    return env, None if ok else f"localedef pa_IN.UTF-8: exit {made.returncode}: {made.stderr.strip()[-200:]}"


def screenshot(work, box=None):
    """Asks widget.sh for a screenshot (WORK/shot.request, holding `box` as X,Y,W,H to cut, else
    empty for the lit part of the screen) and waits for it (WORK/shot.done); True when taken."""
    request = os.path.join(work, "shot.request")
    done = os.path.join(work, "shot.done")
    with open(request + ".tmp", "w") as f:
        f.write("" if box is None else f"{box.x},{box.y},{box.width},{box.height}")
    os.rename(request + ".tmp", request)
    deadline = time.monotonic() + 20
    while not os.path.exists(done) and time.monotonic() < deadline:
        time.sleep(0.1)
    return os.path.exists(done)
