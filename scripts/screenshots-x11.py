#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Pictures of nitnem on X11 for `make screenshots` (scripts/screenshots.sh), each from a real
program on a private Xvfb, cropped to what it shows:

    screenshots-x11.py polybar OUT.png   polybar with contrib/polybar.ini's module verbatim
    screenshots-x11.py dunst OUT.png     the Evening reminder (the agent at 18:00) in dunst, its menu open

Run under dbus-run-session (dunst needs a session bus). NITNEM_BIN is the nitnem to run. The
demo group (fixtures/groups/demo) in Asia/Kolkata, the clock fixed (SGGS_CLOCK_NOW).
"""

import os
import shutil
import subprocess
import sys
import tempfile

from harness import owns, start, stop_all, wait_until, xvfb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NITNEM = os.environ.get("NITNEM_BIN", os.path.join(ROOT, ".build/debug/nitnem"))


def screen(env):
    """The root window as (width, height, bytes of RGB rows, the xwd dump), through xwd and ImageMagick."""
    xwd = subprocess.run(["xwd", "-root", "-silent"], env=env, capture_output=True, check=True).stdout
    size = subprocess.run(["identify", "-format", "%w %h", "xwd:-"], input=xwd, capture_output=True,
                          check=True).stdout.split()
    rgb = subprocess.run(["convert", "xwd:-", "-depth", "8", "rgb:-"], input=xwd, capture_output=True,
                         check=True).stdout
    return int(size[0]), int(size[1]), rgb, xwd


def content_box(width, height, raw, background):
    """The smallest box holding every pixel that is not the background colour."""
    xs, ys = [], []
    for y in range(height):
        row = raw[y * width * 3:(y + 1) * width * 3]
        for x in range(width):
            if row[x * 3:x * 3 + 3] != background:
                xs.append(x)
                ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def settled(env):
    """The screen once it is not blank and the same twice in a row."""
    shots = []

    def same():
        shots.append(screen(env))
        return len(shots) > 1 and shots[-1][2] == shots[-2][2] and len(set(shots[-1][2])) > 3
    if not wait_until(30, same):
        raise SystemExit("the screen did not settle")
    return shots[-1]


def save(xwd, box, out):
    x, y, w, h = box
    subprocess.run(["convert", "xwd:-", "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-strip", out], input=xwd, check=True)


def session(work, size):
    env = {"PATH": f"{work}/bin:/usr/bin:/bin", "HOME": work, "XDG_RUNTIME_DIR": work, "LANG": "C.UTF-8",
           "TZ": "Asia/Kolkata", "SGGS_APP_GROUP": f"{work}/group", "XDG_CONFIG_HOME": f"{work}/config",
           "DBUS_SESSION_BUS_ADDRESS": os.environ["DBUS_SESSION_BUS_ADDRESS"]}
    os.makedirs(f"{work}/bin")
    os.makedirs(f"{work}/config/nitnem")
    os.symlink(NITNEM, f"{work}/bin/nitnem")
    shutil.copytree(os.path.join(ROOT, "fixtures/groups/demo"), f"{work}/group")
    # The reader is a stand-in: nothing opens.
    with open(f"{work}/config/nitnem/config", "w") as f:
        f.write("open = /bin/true\n")
    _, env["DISPLAY"] = xvfb(f"{work}/xvfb.log", f"{size}x24", env)
    if not env["DISPLAY"]:
        raise SystemExit("Xvfb printed no display number")
    return env


def polybar(work, out):
    env = session(work, "640x60")
    env["SGGS_CLOCK_NOW"] = "2026-11-29T13:00"
    with open(os.path.join(ROOT, "contrib/polybar.ini")) as f:
        module = f.read()
    bar = ('[bar/nitnem]\nwidth = 100%\nheight = 28\nmodules-left = nitnem\n'
           'font-0 = "DejaVu Sans:size=11;3"\nfont-1 = "Noto Sans Gurmukhi:size=11;3"\n'
           'background = #222222\nforeground = #eeeeee\npadding = 1\n\n')
    with open(f"{work}/polybar.ini", "w") as f:
        f.write(bar + module)
    blank = screen(env)[2]
    start(["polybar", "-c", f"{work}/polybar.ini", "nitnem"], f"{work}/polybar.log", env)
    if not wait_until(30, lambda: screen(env)[2] != blank):
        raise SystemExit("polybar drew nothing: " + open(f"{work}/polybar.log").read())
    width, height, raw, xwd = settled(env)
    box = content_box(width, 28, raw, bytes((0x22, 0x22, 0x22)))
    save(xwd, (0, 0, box[2] + 12, 28), out)


def dunst(work, out):
    """The Evening reminder as the agent shows it at 18:00 (Rehras Sahib unread), in dunst, with
    its buttons: dunst draws a notification's actions as (A) and offers them in its context menu
    (dmenu), opened here with `dunstctl context`."""
    env = session(work, "560x150")
    env["SGGS_CLOCK_NOW"] = "2026-11-29T18:00:05"
    with open(f"{work}/dunstrc", "w") as f:
        f.write("[global]\n    monitor = 0\n    follow = none\n    font = DejaVu Sans 10\n    width = 420\n"
                "    origin = bottom-left\n    offset = 0x0\n    frame_width = 2\n    padding = 10\n"
                "    horizontal_padding = 12\n    markup = full\n    show_indicators = yes\n"
                "    dmenu = /usr/bin/dmenu -l 4 -fn 'DejaVu Sans-10' -p Reminder\n"
                "[urgency_low]\n    timeout = 0\n"
                "[urgency_normal]\n    background = \"#2b2b2b\"\n    foreground = \"#eeeeee\"\n"
                "    frame_color = \"#888888\"\n    timeout = 0\n[urgency_critical]\n    timeout = 0\n")
    blank = screen(env)[2]
    start(["dunst", "-config", f"{work}/dunstrc"], f"{work}/dunst.log", env)
    # (Asked of the bus itself: a dunstctl call before dunst owns the name would start another one.)
    if not wait_until(20, lambda: owns(env)):
        raise SystemExit("dunst did not start: " + open(f"{work}/dunst.log").read())
    start(["nitnem", "run"], f"{work}/agent.log", env)
    if not wait_until(30, lambda: screen(env)[2] != blank):
        raise SystemExit("no reminder drawn: " + open(f"{work}/agent.log").read() + open(f"{work}/dunst.log").read())
    settled(env)
    # The context menu: dmenu at the top of the screen listing the reminder's buttons.
    subprocess.run(["dunstctl", "context"], env=env, check=True)
    width, height, raw, xwd = settled(env)
    x0, y0, x1, y1 = content_box(width, height, raw, bytes((0, 0, 0)))
    save(xwd, (0, 0, width, y1 + 1), out)
    subprocess.run(["xdotool", "key", "Escape"], env=env)


def main():
    what, out = sys.argv[1], os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix=f"nitnem-shot-{what}-")
    try:
        {"polybar": polybar, "dunst": dunst}[what](work, out)
        print(f"wrote {out}")
    finally:
        stop_all()
        shutil.rmtree(work, ignore_errors=True)


main()
