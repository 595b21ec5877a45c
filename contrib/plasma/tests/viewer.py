# SPDX-License-Identifier: GPL-3.0-or-later
"""What probe.py (the widget) and settings.py (its settings window) share: plasmoidviewer started and
stopped with the widget on the bare test panel, its accessibility tree walked, a click at a node's
accessible extents (xdotool), the Punjabi locale generated, the screenshot asked of widget.sh."""
import os
import subprocess
import sys
import time

import pyatspi

from harness import wait_until


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
    """plasmoidviewer with the widget on the test panel, 480x120 at the bottom of the screen, its
    output to `log` with Qt's AT-SPI lines (whether and when it registered with the bus)."""
    return subprocess.Popen(
        ["plasmoidviewer", "-c", "org.nitnem.testpanel", "-a", "org.nitnem.nitnem", "-f", "planar", "-l", "bottomedge",
         "-y", "440", "-s", "480x120"], stdout=log, stderr=subprocess.STDOUT,
        env={**(os.environ if env is None else env), "QT_LOGGING_RULES": "qt.accessibility.atspi=true"})


# The exit status of a driver whose plasmoidviewer never appeared on the accessibility bus.
NOT_ON_BUS = 75


def a11y_bus():
    """The accessibility bus's address, asked of org.a11y.Bus on the session bus (GetAddress), waiting
    for the answer: at-spi-bus-launcher starts that bus when it is not running yet and, before it
    answers, writes the address on the X root window (the property AT_SPI_BUS)."""
    from gi.repository import Gio, GLib
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                              GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 10000, None)
    return reply.unpack()[0]


def start_on_bus(log, env=None, patience=30):
    """plasmoidviewer started (`start`) once the accessibility bus is up, and found on it: (its
    process, its accessible application).

    It used to miss the bus now and then (about 1 start in 10 to 20), as measured, for one cause: Xvfb resetting
    whenever its last client left, which at-spi-bus-launcher was when it closed the display it had
    written the accessibility bus's address on (the root window's AT_SPI_BUS). A reset drops that
    property, and Qt 5.15's AT-SPI bridge, finding org.a11y.Bus but no address there, turned on
    before its own GetAddress was answered, registered over a connection not made yet and never
    again (its log: "Error in contacting registry: org.freedesktop.DBus.Error.Disconnected"); and a
    plasmoidviewer connecting during a reset could not open the display at all (the one Qt 6 miss
    logged: "could not connect to display", the viewer gone at once). widget.sh runs Xvfb with -noreset, and the bus is asked for first
    (`a11y_bus`), so the address is on the root window before plasmoidviewer starts. Should it still
    not appear after `patience` seconds, it is stopped and the driver exits with NOT_ON_BUS; its
    log has Qt's AT-SPI lines."""
    from gi.repository import GLib
    try:
        a11y_bus()
    except GLib.Error as e:
        print(f"no accessibility bus (org.a11y.Bus GetAddress): {e.message}", flush=True)
        sys.exit(NOT_ON_BUS)
    viewer = start(log, env)
    a = wait_until(patience, app, 0.2)
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


def screenshot(work, box=None, lang=""):
    """Asks widget.sh for a screenshot (WORK/shot.request: `box` as X,Y,W,H to cut, else empty for
    the lit part of the screen; then `lang`, `pa` for the Punjabi picture) and waits for it
    (WORK/shot.done); True when taken."""
    request = os.path.join(work, "shot.request")
    done = os.path.join(work, "shot.done")
    if os.path.exists(done):
        os.remove(done)
    with open(request + ".tmp", "w") as f:
        f.write(("" if box is None else f"{box.x},{box.y},{box.width},{box.height}") + "\n" + lang + "\n")
    os.rename(request + ".tmp", request)
    deadline = time.monotonic() + 20
    while not os.path.exists(done) and time.monotonic() < deadline:
        time.sleep(0.1)
    return os.path.exists(done)
