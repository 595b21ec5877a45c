#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""waybar for real, inside a private session (run by scripts/real-waybar.sh as an ordinary user,
under dbus-run-session): sway headless, waybar with contrib/waybar.jsonc's module verbatim and
contrib/waybar.css appended to a light bar's style, then to a dark bar's.

The text the module shows is read through the accessibility tree (GTK 3's AT-SPI bridge, at-spi2
on this session's bus) and must equal `nitnem status --format waybar`'s, before and after a
`nitnem mark --next`. Three more modules, the same but for `--group`, show the other states
(band done, day complete, unreadable files); every state's text must stand out from the bar
(WCAG contrast, read from `grim`'s picture of the bar) on both bars.

    real-waybar.py WORK [SHOTS]

WORK holds bin/nitnem, contrib/ and groups/; SHOTS (optional) gets waybar-light.png and
waybar-dark.png. Exit 0 when every check passed, 1 when one failed, naming it.
"""

import html
import json
import os
import subprocess
import sys
import time

import pyatspi

from harness import check, failures, say, start, stop, stop_all, tail, wait_until

WORK = sys.argv[1]
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None
RUN = os.environ["XDG_RUNTIME_DIR"]
BAR_HEIGHT = 30
# The smallest contrast between a state's text and the bar (WCAG AA for normal text).
MIN_CONTRAST = 4.5
THEMES = {
    "light": "window#waybar { background: #eceff4; color: #2e3440; }",
    "dark": "window#waybar { background: #222222; color: #eeeeee; }",
}
BASE_CSS = '* { font-family: "DejaVu Sans"; font-size: 13px; border: none; border-radius: 0; min-height: 0; }\n'
# The module verbatim, then the same module for each other state's group (name: its group folder).
STATES = ["band-complete", "complete", "error"]

def session_members(sid):
    """The processes still alive in session sid (waybar's: it was started as the leader of a new one)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[3]) == sid:
            found.append(int(entry))
    return found


def nitnem(*args, group=None):
    argv = ["nitnem", *args] + (["--group", group] if group else [])
    r = subprocess.run(argv, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"FAIL {' '.join(argv)}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def status_text(group=None):
    """The text waybar shows for `nitnem status --format waybar` (its markup unescaped); it prints
    the `Nitnem ⚠` line too when it exits 2 on a file it cannot read."""
    argv = ["nitnem", "status", "--format", "waybar"] + (["--group", group] if group else [])
    r = subprocess.run(argv, capture_output=True, text=True)
    try:
        return html.unescape(json.loads(r.stdout)["text"])
    except (ValueError, KeyError):
        raise SystemExit(f"FAIL {' '.join(argv)}: exit {r.returncode}, no JSON: {r.stdout!r} {r.stderr.strip()}")


def labels(pid):
    """The labels of the waybar with process id pid, in the bar's order, as (text, extents)."""
    found = []

    def walk(node, depth):
        if depth > 12:
            return
        for child in node:
            if child is None:
                continue
            if child.getRole() == pyatspi.ROLE_LABEL:
                e = child.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                found.append((child.name, (e.x, e.y, e.width, e.height)))
            walk(child, depth + 1)

    try:
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == "waybar" and app.get_process_id() == pid:
                walk(app, 0)
                return found
    except Exception:  # an application going away while walked: ask again
        return []
    return []


def grab(width):
    """The bar's pixels (grim, PPM): (width, height, rows of (r, g, b))."""
    data = subprocess.run(["grim", "-t", "ppm", "-g", f"0,0 {width}x{BAR_HEIGHT}", "-"], capture_output=True,
                          check=True).stdout
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P6" and parts[3] == b"255", "grim: not an 8-bit PPM"
    w, h, raw = int(parts[1]), int(parts[2]), parts[4]
    return w, h, [[tuple(raw[(y * w + x) * 3:(y * w + x) * 3 + 3]) for x in range(w)] for y in range(h)]


def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def box_contrast(pixels, box):
    """The bar's colour in box (its most common pixel) and the text's greatest contrast with it."""
    x, y, w, h = box
    counts = {}
    for row in pixels[max(y, 0):y + h]:
        for p in row[max(x, 0):x + w]:
            counts[p] = counts.get(p, 0) + 1
    background = max(counts, key=counts.get)
    return background, max(contrast(background, p) for p in counts)


def write_config():
    """The bar: the module from contrib/waybar.jsonc as it is, then one per other state."""
    with open(os.path.join(WORK, "contrib/waybar.jsonc")) as f:
        module_text = f.read()
    body = "\n".join(line for line in module_text.splitlines() if not line.lstrip().startswith("//"))
    module = json.loads("{" + body + "}")["custom/nitnem"]
    command = "nitnem status --follow --format waybar"
    if module.get("exec") != command:
        raise SystemExit(f"FAIL contrib/waybar.jsonc: exec is {module.get('exec')!r}, not {command!r}")
    extra = {}
    for state in STATES:
        extra[f"custom/nitnem#{state}"] = dict(module, exec=f"{command} --group {WORK}/user/groups/{state}")
    names = ["custom/nitnem"] + list(extra)
    head = {"layer": "top", "position": "top", "height": BAR_HEIGHT, "modules-left": names}
    text = json.dumps(head, indent=1)[:-2] + ",\n" + module_text + ",\n" + json.dumps(extra, indent=1)[1:]
    path = os.path.join(RUN, "waybar.jsonc")
    with open(path, "w") as f:
        f.write(text)
    return path


def main():
    env = dict(os.environ, WLR_BACKENDS="headless", WLR_RENDERER="pixman", WLR_LIBINPUT_NO_DEVICES="1")
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("DISPLAY", None)
    sway_conf = os.path.join(RUN, "sway.conf")
    with open(sway_conf, "w") as f:
        f.write("output HEADLESS-1 resolution 1000x200\n")
    sway = start(["sway", "--config", sway_conf], os.path.join(RUN, "sway.log"), env)
    socket = wait_until(20, lambda: sway.poll() is None and next(
        (n for n in sorted(os.listdir(RUN)) if n.startswith("wayland-") and not n.endswith(".lock")), None))
    if not check(bool(socket) and sway.poll() is None,
                 "sway starts headless (WLR_BACKENDS=headless, WLR_RENDERER=pixman)",
                 tail(os.path.join(RUN, "sway.log"))):
        return
    env["WAYLAND_DISPLAY"] = socket
    os.environ["WAYLAND_DISPLAY"] = socket  # for grim
    version = subprocess.run(["sway", "--version"], capture_output=True, text=True).stdout.strip()
    say(f"     {version}; {subprocess.run(['waybar', '--version'], capture_output=True, text=True).stdout.strip()}")

    config = write_config()
    groups = [None] + [f"{WORK}/user/groups/{s}" for s in STATES]
    # The modules' environment is waybar's: the verbatim module's group is SGGS_APP_GROUP.
    env["SGGS_APP_GROUP"] = f"{WORK}/user/groups/pending"
    os.environ["SGGS_APP_GROUP"] = env["SGGS_APP_GROUP"]
    state_names = ["pending"] + STATES
    for theme, theme_css in THEMES.items():
        style = os.path.join(RUN, f"style-{theme}.css")
        with open(os.path.join(WORK, "contrib/waybar.css")) as f:
            shipped = f.read()
        with open(style, "w") as f:
            f.write(BASE_CSS + theme_css + "\n" + shipped)
        log = os.path.join(RUN, f"waybar-{theme}.log")
        waybar = start(["waybar", "--config", config, "--style", style], log, env)
        expected = [status_text(g) for g in groups]
        shown = wait_until(30, lambda: waybar.poll() is None and (lambda ls: ls if [t for t, _ in ls] == expected
                                                                  else None)(labels(waybar.pid)))
        seen = [t for t, _ in labels(waybar.pid)] if waybar.poll() is None else "waybar exited"
        if not check(bool(shown),
                     f"{theme} bar: waybar shows `nitnem status --format waybar`'s text in each module {expected}",
                     f"it shows {seen}; waybar's log:\n{tail(log)}"):
            stop(waybar)
            continue
        say(f"     {theme}: the module shows {shown[0][0]!r}")
        if theme == "light":
            before = shown[0][0]
            nitnem("mark", "--next")
            after = status_text()
            moved = wait_until(15, lambda: (lambda ls: ls if ls and ls[0][0] == after else None)(labels(waybar.pid)))
            now = labels(waybar.pid)
            check(bool(moved) and after != before,
                  f"after `nitnem mark --next` the module shows status's new text {after!r} (was {before!r})",
                  f"it shows {now[0][0] if now else None!r}")
            shown = moved or shown
        # The picture: once the bar is drawn (not the compositor's plain background) and settled.
        width = max(x + w for _, (x, _, w, _) in shown) + 8
        frames = []

        def settled():
            frames.append(grab(width)[2])
            return len(frames) > 1 and frames[-1] == frames[-2] and len({p for row in frames[-1] for p in row}) > 2

        if not check(wait_until(10, settled), f"{theme} bar: drawn ({width}x{BAR_HEIGHT} px read back with grim)",
                     "the picture kept changing or stayed blank"):
            stop(waybar)
            continue
        pixels = frames[-1]
        for name, (text, box) in zip(state_names, shown):
            background, ratio = box_contrast(pixels, box)
            check(ratio >= MIN_CONTRAST, f"{theme} bar ({'#%02x%02x%02x' % background}): the {name} text {text!r} has contrast "
                  f"{ratio:.1f}:1 (at least {MIN_CONTRAST}:1)", "too faint to read")
        if SHOTS:
            out = os.path.join(SHOTS, f"waybar-{theme}.png")
            subprocess.run(["grim", "-l", "9", "-g", f"0,0 {width}x{BAR_HEIGHT}", out], check=True)
            say(f"     wrote {out}")
        stop(waybar)
        check(waybar.returncode in (0, -15), f"{theme} bar: waybar exits cleanly", f"exit {waybar.returncode}")
        # Each module's `nitnem status --follow` goes with the bar.
        left = wait_until(5, lambda: not session_members(waybar.pid)) or session_members(waybar.pid)
        if not check(left is True, f"{theme} bar: no module process outlives waybar", f"still running: {left}"):
            for pid in left:
                os.kill(pid, 9)


try:
    main()
finally:
    stop_all()
say(f"waybar: {len(failures)} failed")
sys.exit(1 if failures else 0)
