#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The agent benchmark's measurements (see run.sh). Standard library only; inotify through ctypes."""
import argparse
import ctypes
import json
import os
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import time

IN_MOVED_TO = 0x80
IN_CLOSE_WRITE = 0x08


def ctx_switches(pid):
    """Voluntary + involuntary context switches of every thread of pid: each one is a wakeup."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{tid}/status") as f:
            for line in f:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
    return total


def status_kib(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return -1


def installed_copy(bin, name):
    """bin stripped as `make install` strips it, in the work folder: the file a user's agent runs."""
    copy = os.path.join(ARGS.out, name)
    subprocess.run(["strip", "--strip-unneeded", "--remove-section=.comment", "--remove-section=.note",
                    "-o", copy + ".new", bin], check=True)
    os.replace(copy + ".new", copy)
    return copy


def evict(path):
    """Drops path's pages from the page cache, so the next start reads it from disk as after a boot (how
    much of a binary a start maps depends on how its pages came into the cache: the linker's or strip's
    large writes leave large folios, of which a start maps whole megabytes)."""
    os.sync()
    fd = os.open(path, os.O_RDONLY)
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def floor_rss(floor):
    """VmRSS, RssFile and RssAnon (KiB) of `floor wait` (bench/agent/floor) 1 s after its start, read from disk."""
    evict(floor)
    proc = subprocess.Popen([floor, "wait"], stdout=subprocess.DEVNULL)
    time.sleep(1)
    figures = [status_kib(proc.pid, k) for k in ("VmRSS", "RssFile", "RssAnon")]
    proc.kill()
    proc.wait()
    return figures


def mib_range(values):
    return f"{min(values) / 1024:.1f}–{max(values) / 1024:.1f}"


def env(extra):
    e = {"PATH": "/usr/bin:/bin", "TZ": "Asia/Kolkata"}
    e.update(extra)
    return e


class Agent:
    def __init__(self, bin, workdir, name, clock_now, rate=None):
        self.group = os.path.join(workdir, name, "group")
        self.run_dir = os.path.join(workdir, name, "run")
        shutil.rmtree(os.path.join(workdir, name), ignore_errors=True)
        os.makedirs(self.run_dir)
        shutil.copytree(ARGS.root + "/fixtures/groups/demo", self.group)
        extra = {"SGGS_CLOCK_NOW": clock_now, "XDG_RUNTIME_DIR": self.run_dir}
        if rate:
            extra["SGGS_CLOCK_RATE"] = str(rate)
        self.log = open(os.path.join(workdir, name, "agent.log"), "w")
        self.proc = subprocess.Popen(
            [bin, "run", "--group", self.group, "--lock", self.run_dir + "/agent.lock"],
            env=env(extra), stdout=subprocess.DEVNULL, stderr=self.log)
        self.timeline = os.path.join(self.group, "widgets", "NitnemNow.json")
        deadline = time.monotonic() + 10
        while not os.path.exists(self.timeline):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                sys.exit(f"agent: {name}: no timeline written; see {self.log.name}")
            time.sleep(0.01)

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout=5)
        if code != 0:
            sys.exit(f"agent: exit {code} after SIGTERM")


def idle_wakeups():
    """(a) An idle agent vs the bar script's habit: `while sleep 1; do nitnem status; done`."""
    agent = Agent(ARGS.bin, ARGS.out, "idle", "2026-11-29T12:00")
    time.sleep(0.5)
    bar = subprocess.Popen(
        ["bash", "-c", f'n=0; while sleep 1; do "$0" status --format waybar --group "$1" >/dev/null; n=$((n+1)); echo $n; done',
         ARGS.bin, agent.group], env=env({"SGGS_CLOCK_NOW": "2026-11-29T12:00"}), stdout=subprocess.PIPE, text=True)
    a0, b0 = ctx_switches(agent.proc.pid), ctx_switches(bar.pid)
    time.sleep(ARGS.idle_seconds)
    a1, b1 = ctx_switches(agent.proc.pid), ctx_switches(bar.pid)
    bar.terminate()
    runs = bar.stdout.read().split()
    bar.wait()
    agent.stop()
    spawned = int(runs[-1]) if runs else 0
    agent_wakeups = a1 - a0
    # The shell's own wakeups, plus at least one per process it starts (sleep, nitnem), which each
    # start from scratch.
    bar_wakeups = (b1 - b0) + 2 * spawned
    print(f"(a) idle {ARGS.idle_seconds} s: agent {agent_wakeups} wakeups (target 0); "
          f"bar script {bar_wakeups} wakeups ({b1 - b0} shell + {2 * spawned} processes started); "
          f"ratio agent/bar = {agent_wakeups / max(bar_wakeups, 1):.4f}")
    return agent_wakeups == 0


def inotify_watch(path, mask):
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    fd = libc.inotify_init1(os.O_CLOEXEC)
    if fd < 0 or libc.inotify_add_watch(fd, path.encode(), mask) < 0:
        sys.exit("agent: inotify failed")
    return fd


def wait_for_name(fd, name, timeout):
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return False
        data = os.read(fd, 65536)
        i = 0
        while i < len(data):
            _, _, _, length = struct.unpack_from("iIII", data, i)
            got = data[i + 16:i + 16 + length].rstrip(b"\0").decode()
            i += 16 + length
            if got == name:
                return True


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def rename_latency():
    """(b) A progress-file rename → the new timeline renamed into place by the agent."""
    agent = Agent(ARGS.bin, ARGS.out, "latency", "2026-11-29T17:30")
    progress = os.path.join(agent.group, "nitnem-progress.json")
    with open(progress) as f:
        doc = json.load(f)
    versions = []
    for done in (False, True):
        d = json.loads(json.dumps(doc))
        days = d["banis"]["rehras/taksal"]["completedDays"]
        if done:
            days.append("2026-11-29")
        versions.append(json.dumps(d, indent=2))
    widgets = os.path.dirname(agent.timeline)
    fd = inotify_watch(widgets, IN_MOVED_TO)
    staging = os.path.join(ARGS.out, "latency", "staging.json")
    latencies, misses = [], 0
    for i in range(ARGS.changes):
        with open(staging, "w") as f:
            f.write(versions[(i + 1) % 2])
        t0 = time.perf_counter()
        os.rename(staging, progress)
        if wait_for_name(fd, "NitnemNow.json", 2.0):
            latencies.append((time.perf_counter() - t0) * 1000)
        else:
            misses += 1
    os.close(fd)
    agent.stop()
    # The reference: what a plain shell spends to move the same file into place and read it back.
    ref = []
    for i in range(ARGS.changes):
        with open(staging, "w") as f:
            f.write(versions[i % 2])
        t0 = time.perf_counter()
        subprocess.run(["mv", staging, progress], check=True)
        subprocess.run(["cat", progress], check=True, stdout=subprocess.DEVNULL)
        ref.append((time.perf_counter() - t0) * 1000)
    p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
    r50, r99 = percentile(ref, 50), percentile(ref, 99)
    print(f"(b) rename → timeline on disk, {len(latencies)} changes ({misses} missed): "
          f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {max(latencies):.2f} ms (target p99 <= 2 ms); "
          f"mv + cat p50 {r50:.2f} ms, p99 {r99:.2f} ms; ratio p50 {p50 / r50:.2f}, p99 {p99 / r99:.2f}")
    return misses == 0 and p99 <= 2


def timed(argv, stdout, runs=5, env_extra=None):
    best = None
    for _ in range(runs):
        with open(stdout, "w") as f:
            t0 = time.perf_counter()
            subprocess.run(argv, check=True, stdout=f, env=env(env_extra or {}))
            t = time.perf_counter() - t0
        best = t if best is None or t < best else best
    return best


def simulate_group(bin):
    """The demo group with a practice started in it on the simulation's first day: Sukhmani Sahib for
    1,000 days (never read, so it reminds each day and its missed days grow), as `practice start` writes it."""
    group = os.path.join(ARGS.out, "simulate-group")
    shutil.rmtree(group, ignore_errors=True)
    shutil.copytree(ARGS.root + "/fixtures/groups/demo", group)
    subprocess.run([bin, "practice", "start", "sukhmani", "--days", "1000", "--group", group], check=True,
                   stdout=subprocess.DEVNULL, env=env({"SGGS_CLOCK_NOW": "2026-01-01T12:00"}))
    return group


def simulate_span(label, to, target):
    """(c) `simulate` of a span (the installed build, as (e)) of the demo group with a practice vs jq reading
    and rewriting the same lines; each the best of 5 runs."""
    lines = os.path.join(ARGS.out, f"simulate-{label}.jsonl")
    installed = ARGS.static_bin or ARGS.bin
    argv = ["simulate", "--group", simulate_group(installed), "--from", "2026-01-01T00:00", "--to", to]
    sim = timed([installed] + argv, lines)
    dynamic = timed([ARGS.bin] + argv, lines + ".dynamic")
    count = sum(1 for _ in open(lines))
    ref = timed(["jq", "-c", ".", lines], os.path.join(ARGS.out, f"simulate-{label}.jq.jsonl"))
    label_build = "installed build" if ARGS.static_bin else "release build"
    print(f"(c) simulate {label} ({count} lines, {label_build}, a practice running): {sim * 1000:.1f} ms (target <= {target * 1000:.0f} ms; "
          f"dynamic release build {dynamic * 1000:.1f} ms); jq -c on the same lines {ref * 1000:.1f} ms; ratio {sim / ref:.2f}")
    return sim <= target


def simulate_year():
    return simulate_span("one year", "2027-01-01T00:00", 0.030)


def simulate_ten_years():
    return simulate_span("ten years", "2036-01-01T00:00", 0.300)


def median_run(argv, runs, env_extra=None):
    """The median wall time of `runs` runs of argv (stdout discarded), in seconds."""
    times = []
    environment = env(env_extra or {})
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=environment)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def status_vs_readers(runs=100):
    """(e) `status --format waybar` vs `cat` and `jq` reading the widget file an applet could read instead."""
    folder = os.path.join(ARGS.out, "status")
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(ARGS.root + "/fixtures/groups/demo", folder)
    clock = {"SGGS_CLOCK_NOW": "2026-11-29T12:00"}
    subprocess.run([ARGS.bin, "timeline", "--write", "--group", folder], check=True, stdout=subprocess.DEVNULL,
                   env=env(clock))
    widget = os.path.join(folder, "widgets", "NitnemNow.json")
    # The target is for the installed build (static Swift stdlib: no shared Swift/Foundation symbols for
    # the dynamic loader to bind at each start); the dynamic release build is shown for comparison.
    installed = ARGS.static_bin or ARGS.bin
    status = median_run([installed, "status", "--format", "waybar", "--group", folder], runs, clock)
    dynamic = median_run([ARGS.bin, "status", "--format", "waybar", "--group", folder], runs, clock)
    cat = median_run(["cat", widget], runs)
    jq = median_run(["jq", "-c", ".entries[0]", widget], runs)
    floor = median_run([ARGS.floor_bin], runs) if ARGS.floor_bin else None
    ok = status <= 3 * cat and status <= 0.2 * jq
    label = "installed build" if ARGS.static_bin else "release build"
    print(f"(e) status --format waybar ({label}): median {status * 1000:.2f} ms over {runs} runs "
          f"(dynamic release build {dynamic * 1000:.2f} ms); cat of the widget file "
          f"{cat * 1000:.2f} ms, jq {jq * 1000:.2f} ms; ratio to cat {status / cat:.2f} (target <= 3), "
          f"to jq {status / jq:.2f} (target <= 0.2)")
    if floor:
        print(f"(e) the floor: a static Swift program that only prints a line: median {floor * 1000:.2f} ms, "
              f"{floor / cat:.2f}x cat; status costs {(status - floor) * 1000:.2f} ms over it")
    return ok


def sizes():
    """(f) The installed binary (static Swift stdlib, stripped as `make install` strips it) and the .deb,
    if one is in the tree."""
    ok = True
    if ARGS.static_bin:
        size = os.path.getsize(ARGS.static_bin)
        stripped = os.path.join(ARGS.out, "nitnem.stripped")
        subprocess.run(["strip", "--strip-unneeded", "--remove-section=.comment", "--remove-section=.note",
                        "-o", stripped, ARGS.static_bin], check=True)
        installed = os.path.getsize(stripped)
        ok = installed <= 24 * 1000 * 1000
        print(f"(f) installed binary (static release build, stripped by make install): {installed / 1e6:.1f} MB "
              f"(target <= 24 MB; {size / 1e6:.1f} MB with symbols); "
              f"dynamic release binary {os.path.getsize(ARGS.bin) / 1e6:.1f} MB")
    debs = []
    for top, dirs, files in os.walk(ARGS.root):
        dirs[:] = [d for d in dirs if d not in (".git", "checkouts", "repositories")]
        debs += [os.path.join(top, f) for f in files if f.endswith(".deb")]
    for deb in sorted(debs):
        print(f"(f) .deb {os.path.relpath(deb, ARGS.root)}: {os.path.getsize(deb) / 1e6:.1f} MB")
    if not debs:
        print("(f) .deb: none in the tree (make the package first to measure it)")
    return ok


def rss_after_start(runs=5, target=1.5):
    """(d) The installed agent's RSS once it rests after its start vs the floor's (a static Swift program that
    only waits), each started `runs` times in turn, both read from disk (page cache dropped) as after a boot."""
    agent_bin = installed_copy(ARGS.static_bin, "nitnem.installed")
    floor_bin = installed_copy(ARGS.floor_bin, "floor.installed")
    same_bin = installed_copy(ARGS.floor_same_link_bin, "floor-same-link.installed") if ARGS.floor_same_link_bin else None
    agent, floor, same = [], [], []
    for _ in range(runs):
        floor.append(floor_rss(floor_bin))
        if same_bin:
            same.append(floor_rss(same_bin))
        evict(agent_bin)
        a = Agent(agent_bin, ARGS.out, "rss-start", "2026-11-29T12:00")
        time.sleep(1)
        agent.append([status_kib(a.proc.pid, k) for k in ("VmRSS", "RssFile", "RssAnon")])
        a.stop()
    rss = statistics.median(x[0] for x in agent)
    ref = statistics.median(x[0] for x in floor)
    ratio = rss / ref
    print(f"(d) agent RSS after start / floor RSS = {rss / 1024:.1f} / {ref / 1024:.1f} MiB = {ratio:.2f} "
          f"(target <= {target}); medians of {runs} starts each, read from disk: agent {mib_range([x[0] for x in agent])} MiB "
          f"(file pages {mib_range([x[1] for x in agent])}, own {mib_range([x[2] for x in agent])}), "
          f"floor {mib_range([x[0] for x in floor])} MiB (file {mib_range([x[1] for x in floor])}, own {mib_range([x[2] for x in floor])})")
    if same:
        same_rss = statistics.median(x[0] for x in same)
        print(f"(d) the floor linked as the agent is (scripts/release-flags.sh: lld, packed relocations, libstdc++ "
              f"linked in): {mib_range([x[0] for x in same])} MiB; agent / it = {rss / same_rss:.2f}")
    return ratio <= target


def rss_after_week(bin, label, target_mib=8):
    """(d) The agent's RSS after a simulated week vs `sleep`'s."""
    rate = 200_000
    if ARGS.static_bin and bin == ARGS.static_bin:
        bin = installed_copy(bin, "nitnem.installed")
    evict(bin)
    agent = Agent(bin, ARGS.out, "rss", "2026-11-29T00:00", rate=rate)
    start_rss = status_kib(agent.proc.pid, "VmRSS")
    week = 7 * 86400 / rate
    time.sleep(week)
    rss, hwm = status_kib(agent.proc.pid, "VmRSS"), status_kib(agent.proc.pid, "VmHWM")
    anon, file = status_kib(agent.proc.pid, "RssAnon"), status_kib(agent.proc.pid, "RssFile")
    with open(agent.log.name) as f:
        writes = sum(1 for line in f if "timeline written" in line)
    agent.stop()
    sleeper = subprocess.Popen(["sleep", "30"])
    time.sleep(0.2)
    ref = status_kib(sleeper.pid, "VmRSS")
    sleeper.kill()
    sleeper.wait()
    print(f"(d) {label}: RSS after a simulated week ({writes} timeline writes in {week:.1f} s): "
          f"{rss / 1024:.1f} MiB (peak {hwm / 1024:.1f} MiB, target <= {target_mib} MiB; at start {start_rss / 1024:.1f} MiB; "
          f"own memory (anon) {anon / 1024:.1f} MiB + shared library pages {file / 1024:.1f} MiB); "
          f"sleep {ref / 1024:.1f} MiB; ratio {rss / ref:.1f}")
    if ARGS.floor_bin and bin.endswith(".installed"):
        floor = floor_rss(installed_copy(ARGS.floor_bin, "floor.installed"))[0]
        print(f"(d) {label}: agent RSS after a simulated week / floor RSS = {rss / 1024:.1f} / {floor / 1024:.1f} MiB "
              f"= {rss / floor:.2f} (reported)")
    return hwm <= target_mib * 1024


def rss_after_reminder(bin, label):
    """(d) The agent's RSS once it has shown a reminder: libnotify, GLib and GIO are then loaded."""
    sys.path.insert(0, os.path.join(ARGS.root, "faults"))
    try:
        from desktop import Desktop, Unavailable
    except ImportError as error:
        print(f"(d) {label}: after a reminder: NOT RUN ({error})")
        return True
    try:
        desktop = Desktop()
    except Unavailable as error:
        print(f"(d) {label}: after a reminder: NOT RUN ({error})")
        return True
    try:
        name = "rss-reminder"
        agent = Agent.__new__(Agent)
        base = os.path.join(ARGS.out, name)
        shutil.rmtree(base, ignore_errors=True)
        agent.group, agent.run_dir = os.path.join(base, "group"), os.path.join(base, "run")
        os.makedirs(agent.run_dir)
        shutil.copytree(ARGS.root + "/fixtures/groups/demo", agent.group)
        agent.log = open(os.path.join(base, "agent.log"), "w")
        extra = {"SGGS_CLOCK_NOW": "2026-11-29T17:59:50", "SGGS_CLOCK_RATE": "10", "XDG_RUNTIME_DIR": agent.run_dir,
                 "XDG_STATE_HOME": os.path.join(base, "state"), "HOME": base}
        extra.update(desktop.env)
        bin = installed_copy(bin, "nitnem.installed")
        evict(bin)
        agent.proc = subprocess.Popen(
            [bin, "run", "--group", agent.group, "--lock", agent.run_dir + "/agent.lock"],
            env=env(extra), stdout=subprocess.DEVNULL, stderr=agent.log)
        time.sleep(0.5)
        before = status_kib(agent.proc.pid, "VmRSS")
        deadline = time.monotonic() + 15
        while desktop.count() < 1 and time.monotonic() < deadline and agent.proc.poll() is None:
            time.sleep(0.05)
        shown = desktop.count() >= 1
        time.sleep(0.5)
        rss, anon, file = (status_kib(agent.proc.pid, k) for k in ("VmRSS", "RssAnon", "RssFile"))
        with open(f"/proc/{agent.proc.pid}/maps") as f:
            mapped = sorted({line.split()[-1].rsplit("/", 1)[-1] for line in f
                             if any(lib in line for lib in ("libnotify", "libglib", "libgobject", "libgio"))})
        agent.stop()
        if not shown:
            print(f"(d) {label}: no reminder shown within 15 s; see {agent.log.name}")
            return False
        print(f"(d) {label}: RSS before the first reminder {before / 1024:.1f} MiB, after it was shown "
              f"{rss / 1024:.1f} MiB (own memory {anon / 1024:.1f} MiB + library pages {file / 1024:.1f} MiB; "
              f"now mapped: {', '.join(mapped)}); reported, no target")
        if ARGS.floor_bin:
            floor = floor_rss(installed_copy(ARGS.floor_bin, "floor.installed"))[0]
            print(f"(d) {label}: agent RSS after a reminder was shown / floor RSS = {rss / 1024:.1f} / "
                  f"{floor / 1024:.1f} MiB = {rss / floor:.2f} (reported)")
        return True
    finally:
        desktop.stop()


def main():
    global ARGS
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--root", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--idle-seconds", type=int, default=60)
    p.add_argument("--changes", type=int, default=200)
    p.add_argument("--static-bin")
    p.add_argument("--floor-bin", help="a static Swift program that only prints a line (bench/agent/floor); "
                   "`floor wait` then waits")
    p.add_argument("--floor-same-link-bin", help="the floor linked with the release build's flags")
    p.add_argument("--only", default="", help="letters of the figures to measure, e.g. ef (default: all)")
    ARGS = p.parse_args()
    # The RSS and size targets are for the build `make install` ships (--static-swift-stdlib); the
    # dynamic release build is measured too, for comparison (its extra is the shared Swift/ICU pages).
    checks = [("(e) status", status_vs_readers), ("(c) simulate one year", simulate_year),
              ("(c) simulate ten years", simulate_ten_years), ("(f) size", sizes)]
    if ARGS.static_bin and (not ARGS.only or "d" in ARGS.only):
        rss_after_week(ARGS.bin, "release build (dynamic, for comparison)")
        if ARGS.floor_bin:
            checks.append(("(d) RSS after start", rss_after_start))
        checks.append(("(d) RSS (installed build)",
                       lambda: rss_after_week(ARGS.static_bin, "installed build (--static-swift-stdlib)")))
        checks.append(("(d) RSS after a reminder",
                       lambda: rss_after_reminder(ARGS.static_bin, "installed build (--static-swift-stdlib)")))
    else:
        checks.append(("(d) RSS (release build)", lambda: rss_after_week(ARGS.bin, "release build")))
    checks += [("(b) latency", rename_latency), ("(a) wakeups", idle_wakeups)]
    if ARGS.only:
        checks = [(name, check) for name, check in checks if name[1] in ARGS.only]
    failed = [name for name, check in checks if not check()]
    print("agent: all targets met" if not failed else f"agent: targets missed: {', '.join(failed)}")
    sys.exit(0 if not failed else 1)


if __name__ == "__main__":
    main()
