# SPDX-License-Identifier: GPL-3.0-or-later
"""A reminder's sound, heard (run by scripts/real-sound.sh inside a private session bus, as the
testing root's user tester): PipeWire with a null sink as the default one, GNOME Shell 50 headless,
and for `sound = on`, then `sound = off`: `parecord` of the null sink's monitor while `nitnem run`
(the clock two seconds before the Evening slot at 18:00, a fresh copy of the demo group, its own
state and config) shows its reminder, then `sox … -n stat` of the recording:

- GNOME Shell lists the `sound` capability (GetCapabilities), so nitnem sends `sound-name`;
- `sound = on`: the reminder is shown (the agent's journal) and heard: the recording's maximum
  amplitude is above 0.05 (the theme's message-new-instant);
- `sound = off`: the same reminder is shown and the recording is silent (maximum amplitude under
  0.001);
- in each, the reminder's banner is on screen (read through AT-SPI), and the recorder hears what
  plays (paplay of the theme's sound, first).

Usage: real-sound.py WORK    (WORK holds demo/, home/, run/)
Prints one line a check and `N passed, M failed`; exits 1 on a failure.
"""
import os
import re
import shutil
import subprocess
import sys
import time

from harness import check, quiet, start, stop, stop_all, summary, tail, wait_until

WORK = sys.argv[1]
SUMMARY = "Evening \u00b7 Rehras Sahib"


def finish():
    stop_all()
    sys.exit(summary())


def play(name, argv):
    """argv started, its output in WORK/NAME.log."""
    return start(argv, os.path.join(WORK, f"{name}.log"))


def owner(name):
    r = quiet(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
               "--method", "org.freedesktop.DBus.GetNameOwner", name])
    return r.returncode == 0


def stat(wav):
    """sox's `stat` of a recording: {'Maximum amplitude': 0.43, …}."""
    r = quiet(["sox", wav, "-n", "stat"])
    values = {}
    for line in r.stderr.splitlines():
        m = re.match(r"^([A-Za-z ()]+?):\s+(-?[0-9.]+)", line)
        if m:
            values[m.group(1).strip()] = float(m.group(2))
    return values


def banners():
    """The texts of the notifications showing in the Shell, read through AT-SPI."""
    try:
        import pyatspi
    except ImportError as e:
        return f"(no pyatspi: {e})"
    desktop = pyatspi.Registry.getDesktop(0)
    found = []

    def walk(node, depth=0):
        if node is None or depth > 40:
            return
        try:
            if node.getRole() == pyatspi.ROLE_NOTIFICATION:
                found.append([m.name for m in each(node) if m.name])
            for i in range(node.childCount):
                walk(node.getChildAtIndex(i), depth + 1)
        except Exception:
            return

    def each(node, depth=0):
        if node is None or depth > 20:
            return
        yield node
        for i in range(node.childCount):
            yield from each(node.getChildAtIndex(i), depth + 1)

    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == "gnome-shell":
            walk(app)
    return found


def episode(sound):
    """One agent with `sound = SOUND`, its reminder recorded: (shown, stat of the recording)."""
    root = os.path.join(WORK, f"sound-{sound}")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "config", "nitnem"))
    shutil.copytree(os.path.join(WORK, "demo"), os.path.join(root, "group"))
    with open(os.path.join(root, "config", "nitnem", "config"), "w") as f:
        f.write(f"sound = {sound}\nopen = true\n")
    day = subprocess.run(["date", "+%Y-%m-%d"], capture_output=True, text=True, check=True).stdout.strip()
    env = {**os.environ, "SGGS_CLOCK_NOW": f"{day}T17:59:58", "SGGS_CLOCK_RATE": "1",
           "SGGS_APP_GROUP": os.path.join(root, "group"), "XDG_STATE_HOME": os.path.join(root, "state"),
           "XDG_CONFIG_HOME": os.path.join(root, "config"), "XDG_DATA_HOME": os.path.join(root, "data")}
    wav = os.path.join(root, "heard.wav")
    rec = play(f"parecord-{sound}", ["parecord", "--device=nitnem_null.monitor", "--file-format=wav",
                                      "--channels=1", "--rate=44100", wav])
    time.sleep(1)
    log = os.path.join(root, "agent.log")
    agent = start(["nitnem", "run"], log, env=env)
    shown = wait_until(15, lambda: "reminder shown:" in open(log).read())
    on_screen = wait_until(5, lambda: [b for b in banners() if SUMMARY in b])
    time.sleep(3)  # the sound is about 1.5 s long
    stop(agent)
    stop(rec)
    # The agent withdrew its reminder as it stopped: the banner goes, the next one can come.
    wait_until(10, lambda: not [b for b in banners() if SUMMARY in b])
    return bool(shown), on_screen, stat(wav), open(log).read()


def main():
    # PipeWire, its session manager and its PulseAudio server; a null sink as the default.
    # WirePlumber connects to PipeWire's socket once, as it starts, and chooses the default sink: a CI
    # run under load started it before that socket was there, no sink became the default, and paplay
    # waited for one until its timeout. The socket first, then the two that connect to it.
    play("pipewire", ["pipewire"])
    socket = os.path.join(os.environ["XDG_RUNTIME_DIR"], "pipewire-0")
    if not check(wait_until(20, lambda: os.path.exists(socket)), "PipeWire listens (its socket pipewire-0)",
                 tail(os.path.join(WORK, "pipewire.log"))):
        finish()
    wireplumber = play("wireplumber", ["wireplumber"])
    play("pipewire-pulse", ["pipewire-pulse"])
    # Its socket first, then pactl: a PulseAudio client makes $XDG_RUNTIME_DIR/pulse when it connects,
    # and pipewire-pulse gives up when that folder appears between its stat() and its mkdir() (a CI
    # run: "mkdir() …/run/pulse failed: File exists", exit 239, when pactl asked at that moment).
    wait_until(20, lambda: os.path.exists(os.path.join(os.environ["XDG_RUNTIME_DIR"], "pulse", "native")))
    up = wait_until(20, lambda: quiet(["pactl", "info"]).returncode == 0)
    if not check(up, "PipeWire's PulseAudio server answers (pactl info)", quiet(["pactl", "info"]).stderr):
        finish()
    loaded = quiet(["pactl", "load-module", "module-null-sink", "sink_name=nitnem_null"])

    def made_default():
        # Asked again until it holds: WirePlumber may not have seen the new sink when first asked.
        quiet(["pactl", "set-default-sink", "nitnem_null"])
        return quiet(["pactl", "get-default-sink"]).stdout.strip() == "nitnem_null"

    default = loaded.returncode == 0 and wait_until(30, made_default, step=0.5)
    if not check(default, "a null sink is the default (pactl load-module module-null-sink)",
                 loaded.stderr + quiet(["pactl", "get-default-sink"]).stdout
                 + f"wireplumber {'runs' if wireplumber.poll() is None else 'ended'}; its last lines:\n"
                 + tail(os.path.join(WORK, "wireplumber.log"))):
        finish()  # paplay would wait for a sink until its timeout

    # As a user who has seen the welcome tour (its dialog would stand in front of everything).
    quiet(["gsettings", "set", "org.gnome.shell", "welcome-dialog-last-shown-version", "999"])
    quiet(["gsettings", "set", "org.gnome.desktop.interface", "toolkit-accessibility", "true"])
    # The Shell warns once per user that it cannot lock the screen without GDM (a banner that would
    # stay, no one being active, in front of the reminders): this says "warned".
    os.makedirs(os.path.join(os.environ["HOME"], ".local", "share", "gnome-shell"), exist_ok=True)
    open(os.path.join(os.environ["HOME"], ".local", "share", "gnome-shell", "lock-warning-shown"), "w").close()
    shell = play("shell", ["gnome-shell", "--headless", "--wayland", "--virtual-monitor", "1280x800"])
    ready = wait_until(90, lambda: owner("org.gnome.Shell") and owner("org.freedesktop.Notifications"))
    if not check(ready and shell.poll() is None, "GNOME Shell is up and owns org.freedesktop.Notifications"):
        finish()
    version = quiet(["gnome-shell", "--version"]).stdout.strip()
    caps = quiet(["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                  "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.GetCapabilities"])
    check("'sound'" in caps.stdout, f"{version} lists the sound capability", caps.stdout + caps.stderr)
    time.sleep(3)  # the Shell's start-up sounds and animations over
    # The recording hears what plays: the theme's sound played straight into the default sink.
    wav = os.path.join(WORK, "paplay.wav")
    rec = play("parecord-paplay", ["parecord", "--device=nitnem_null.monitor", "--file-format=wav", "--channels=1",
                                    "--rate=44100", wav])
    time.sleep(1)
    played = quiet(["paplay", "/usr/share/sounds/freedesktop/stereo/message-new-instant.oga"])
    time.sleep(1)
    stop(rec)
    peak = stat(wav).get("Maximum amplitude", 0.0)
    check(played.returncode == 0 and peak > 0.05,
          f"the recording hears paplay of the theme's message-new-instant: maximum amplitude {peak:.3f}",
          played.stderr)
    shown, screen, on, log = episode("on")
    check(shown, "sound = on: the agent showed its Evening reminder", log[-500:])
    check(bool(screen), f"sound = on: its banner is on screen (AT-SPI): {screen}", f"banners {banners()}")
    peak = on.get("Maximum amplitude", 0.0)
    check(peak > 0.05, f"sound = on: heard, maximum amplitude {peak:.3f}, RMS {on.get('RMS     amplitude', on.get('RMS amplitude', 0)):.4f}"
          f" over {on.get('Length (seconds)', 0):.1f} s", f"{on}")
    shown, screen, off, log = episode("off")
    check(shown, "sound = off: the agent showed its Evening reminder", log[-500:])
    check(bool(screen), f"sound = off: its banner is on screen (AT-SPI): {screen}", f"banners {banners()}")
    peak = off.get("Maximum amplitude", 1.0)
    check(peak < 0.001,
          f"sound = off: silent, maximum amplitude {peak:.4f} over {off.get('Length (seconds)', 0):.1f} s",
          f"{off}")
    finish()


if __name__ == "__main__":
    main()
