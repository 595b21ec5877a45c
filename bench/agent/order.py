#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the link order file (see order.sh): runs the agent under `valgrind --tool=lackey --trace-mem=yes`
in three scenes (start until rest, a simulated week, a reminder shown), maps every address it touched
in the executable to the linker map's input section, and lists one symbol of each touched section, in
the order the sections were first touched. Standard library only."""
import argparse
import bisect
import os
import re
import shutil
import signal
import subprocess
import sys
import time

# Where valgrind (3.19, amd64) loads a position-independent executable; checked against the trace.
VALGRIND_BASE = 0x108000
MAP_LINE = re.compile(r"^\s*([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s+(\d+) (\s*)(.*)$")


def read_map(path):
    """The map's allocated input sections: (address, size, output section, name, [symbols])."""
    sections, out = [], None
    with open(path) as f:
        for line in f:
            m = MAP_LINE.match(line.rstrip("\n"))
            if not m:
                continue
            vma, size, indent, name = int(m.group(1), 16), int(m.group(3), 16), len(m.group(5)), m.group(6)
            if indent == 0:
                out = name if vma else None
            elif indent == 8 and out:
                sections.append([vma, size, out, name, []])
            elif indent == 16 and out and sections and sections[-1][2] == out:
                sections[-1][4].append(name)
    sections = [s for s in sections if s[1] > 0]
    sections.sort(key=lambda s: s[0])
    return sections


def scene(name, argv, env, until, log, timeout):
    """Runs argv under lackey until `until()` holds (then 3 s more) or timeout seconds passed."""
    print(f"order: {name}: running under lackey", file=sys.stderr)
    proc = subprocess.Popen(["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={log}"] + argv,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None and not until():
        time.sleep(1)
    time.sleep(3)
    reached = until()
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    print(f"order: {name}: {'done' if reached else 'stopped at the timeout'}", file=sys.stderr)
    return reached


def touched(log, starts, sections, base, first):
    """Adds to `first` (input section index -> first-touch rank) the sections log's addresses fall in."""
    lo, hi = base + sections[0][0], base + sections[-1][0] + sections[-1][1]
    seen = set()
    inside = hits = 0
    with open(log) as f:
        for line in f:
            if len(line) < 4 or line[0] == "=":
                continue
            try:
                addr = int(line[3:].split(",", 1)[0], 16)
            except ValueError:
                continue
            if not lo <= addr < hi or addr in seen:
                continue
            seen.add(addr)
            inside += 1
            v = addr - base
            i = bisect.bisect_right(starts, v) - 1
            if i >= 0 and v < sections[i][0] + sections[i][1]:
                hits += 1
                if i not in first:
                    first[i] = len(first)
    return inside, hits


def agent_argv(args, base):
    group, run = os.path.join(base, "group"), os.path.join(base, "run")
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(run)
    shutil.copytree(os.path.join(args.root, "fixtures/groups/demo"), group)
    return group, run, [args.bin, "run", "--group", group, "--lock", run + "/agent.lock"]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True, help="the release binary, symbols kept, no debug information")
    p.add_argument("--map", required=True, help="its linker map (-Map)")
    p.add_argument("--root", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--write", required=True, help="the order file to write")
    args = p.parse_args()
    sections = read_map(args.map)
    starts = [s[0] for s in sections]
    first = {}
    counts = []

    def run_scene(name, extra, until_file=None, until=None, timeout=300):
        base = os.path.join(args.out, name)
        group, run, argv = agent_argv(args, base)
        env = {"PATH": "/usr/bin:/bin", "TZ": "Asia/Kolkata", "XDG_RUNTIME_DIR": run, "HOME": base,
               "XDG_STATE_HOME": os.path.join(base, "state")}
        env.update(extra)
        log = os.path.join(args.out, name + ".lackey")
        timeline = os.path.join(group, "widgets", "NitnemNow.json")
        scene(name, argv, env, until or (lambda: os.path.exists(timeline)), log, timeout)
        before = len(first)
        inside, hits = touched(log, starts, sections, VALGRIND_BASE, first)
        os.unlink(log)
        if inside and hits < 0.9 * inside:
            sys.exit(f"order: {name}: only {hits} of {inside} addresses fall in the map's sections: "
                     f"valgrind did not load the binary at {VALGRIND_BASE:#x}")
        counts.append(f"{name} +{len(first) - before}")

    # 1. Start until rest: the timeline written, then idle.
    run_scene("start", {"SGGS_CLOCK_NOW": "2026-11-29T12:00"})
    # 2. A simulated week (lackey runs the agent about 50 times slower: 5,000x is a week in two minutes).
    t0 = time.monotonic()
    run_scene("week", {"SGGS_CLOCK_NOW": "2026-11-29T00:00", "SGGS_CLOCK_RATE": "5000"},
              until=lambda: time.monotonic() - t0 > 150, timeout=160)
    # 3. A reminder shown on a private desktop (libnotify and GLib loaded), when one can be started.
    sys.path.insert(0, os.path.join(args.root, "faults"))
    try:
        from desktop import Desktop, Unavailable
        desktop = Desktop()
    except (ImportError, Exception) as error:  # Unavailable, or a tool that failed to start
        print(f"order: reminder: not run ({error})", file=sys.stderr)
        desktop = None
    if desktop:
        try:
            extra = {"SGGS_CLOCK_NOW": "2026-11-29T17:59:30", "SGGS_CLOCK_RATE": "1"}
            extra.update(desktop.env)
            run_scene("reminder", extra, until=lambda: desktop.count() >= 1, timeout=300)
        finally:
            desktop.stop()

    names = []
    for i in sorted(first, key=first.get):
        symbols = sections[i][4]
        if symbols:
            names.append(symbols[0])
    with open(args.write, "w") as f:
        f.write("# SPDX-License-Identifier: GPL-3.0-or-later\n"
                "# Written by bench/agent/order.sh: one symbol of each section the agent touches, in the order it\n"
                "# first touches them (start until rest, then a simulated week, then a reminder shown). The\n"
                "# release link places these sections first (--symbol-ordering-file, scripts/release-flags.sh).\n")
        f.write("\n".join(names) + "\n")
    print(f"order: {args.write}: {len(names)} sections ({', '.join(counts)})", file=sys.stderr)


if __name__ == "__main__":
    main()
