# SPDX-License-Identifier: GPL-3.0-or-later
"""The realtime clock set over and over under a running agent (a VM's guest agent, an NTP client
stepping): the agent must keep following the config and the marks, and say no error.

Each set is to the clock's own reading (`clock_settime(CLOCK_REALTIME, now)`), so the machine's
time moves by microseconds at most, yet every one is a clock change to the kernel: the agent's
timerfd (TFD_TIMER_CANCEL_ON_SET) is cancelled each time, on a read or on the next arming.
"""

import os
import threading
import time

from common import EVENING, DAILY, Agent, Result, Sandbox, atomic_write, problem_lines, run, wait_until
from attack_agent import DAY, _timeline_done
from desktop import desktop_for, displayed


def _storm(stop, every, count):
    """Sets the clock to itself every `every` seconds until `stop` is set; count[0] counts the sets."""
    while not stop.is_set():
        time.clock_settime(time.CLOCK_REALTIME, time.clock_gettime(time.CLOCK_REALTIME))
        count[0] += 1
        time.sleep(every)


def clock_storm(ctx):
    """The clock set 10 times a second (as this VM's was once), then every 5 ms, while the config
    changes (every other one a removal) and banis are marked, on a private desktop (a session bus,
    dunst) with the Evening reminder due two seconds in: each change reloaded and each mark in the
    timeline within 3 s, one reminder on screen (updated in place when the titles change), no error
    or warning line, and no "clock changed" line: a set of microseconds is not news."""
    name = "clock-storm"
    desk, not_run = desktop_for(name, needs_root="setting the clock needs root (CAP_SYS_TIME)")
    if not_run:
        return not_run
    box = Sandbox("clock")
    agent = None
    stop = threading.Event()
    sets = [0]
    storm = None
    try:
        box.write_config("")
        # Two seconds before the Evening slot: the reminder (libnotify, GLib's loop joined to ours)
        # is due while the clock is being set.
        agent = Agent(box, box.make_env(SGGS_CLOCK_NOW=f"{DAY}T17:59:58Z", SGGS_CLOCK_RATE="1", **desk.env))
        if not wait_until(10, lambda: _timeline_done(box) is not None):
            return Result(name, False, "the agent wrote no first timeline", [agent.stderr()[-300:]])
        rounds = 4 if ctx.short else 12
        followed = marked = 0
        slowest = 0.0
        misses = []
        # Not the evening's bani: its reminder stays due.
        banis = ctx.rng.sample([b for b in DAILY if b not in EVENING], min(rounds, len(DAILY) - len(EVENING)))
        for phase, every in (("10/s", 0.1), ("200/s", 0.005)):
            stop.clear()
            storm = threading.Thread(target=_storm, args=(stop, every, sets), daemon=True)
            storm.start()
            for i in range(rounds // 2):
                time.sleep(ctx.rng.uniform(0.2, 0.6))
                # A config change: titles toggled, written as an editor does (a new file renamed in),
                # or, every other round, the file removed (the defaults), which is believed only after
                # a quiet time that the sets must not starve.
                reloads = agent.stderr().count("configuration reloaded")
                titles = ["gurmukhi", "both", "english"][(followed + len(misses)) % 3]
                if i % 2 == 1 and os.path.exists(box.config):
                    titles = "(removed)"
                    os.unlink(box.config)
                else:
                    atomic_write(box.config, f"titles = {titles}\n")
                t0 = time.monotonic()
                if wait_until(3, lambda: agent.stderr().count("configuration reloaded") > reloads):
                    followed += 1
                    slowest = max(slowest, time.monotonic() - t0)
                else:
                    misses.append(f"{phase}: titles = {titles} not reloaded within 3 s")
                # A mark from another process: the timeline's count follows.
                if banis:
                    bani = banis.pop()
                    before = _timeline_done(box) or 0
                    rc, _, err, _ = run(["mark", bani, "--day", DAY], box.env, timeout=10)
                    t0 = time.monotonic()
                    if rc == 0 and wait_until(3, lambda: (_timeline_done(box) or 0) > before):
                        marked += 1
                        slowest = max(slowest, time.monotonic() - t0)
                    else:
                        misses.append(f"{phase}: mark {bani} (exit {rc}) not in the timeline within 3 s {err.strip()[:120]}")
            if every == 0.005:
                # The reminder is due 2 s after the start (in the short pass this may be after the
                # rounds): shown while the clock is still being set.
                wait_until(10, lambda: desk.count() >= 1)
                time.sleep(0.5)
            stop.set()
            storm.join()
        shown, on_screen = desk.count(), displayed(desk)
        alive = agent.alive()
        log = agent.stderr()
        problems = problem_lines(log)
        changes = log.count("clock changed or resumed")
        expected = 2 * (rounds // 2)
        # Each set moves the clock by microseconds: not news (RealtimeTimer.stepTolerance), never logged.
        ok = not misses and not problems and alive and followed == expected and changes == 0 and shown >= 1 and on_screen == 1
        fig = (f"{sets[0]} clock sets ({changes} clock changes logged, 0 expected); {followed}/{expected} config changes "
               f"and {marked} marks followed, slowest {slowest:.2f} s; {on_screen} reminder on screen ({shown} sent: "
               f"the first and its updates for the titles); "
               f"{len(problems)} error or warning lines; "
               f"agent {'alive' if alive else 'DIED'}")
        notes = [] if ok else misses + problems[:5] + [f"summaries: {desk.summaries()}", f"agent: {log[-400:]}"]
        return Result(name, ok, fig, notes)
    finally:
        stop.set()
        if storm is not None:
            storm.join()
        if agent is not None and agent.alive():
            agent.stop()
        desk.stop()
        box.cleanup()
