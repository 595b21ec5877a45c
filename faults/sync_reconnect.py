#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How long Syncthing itself takes to reconnect two idle peers after both resume at once (no nitnem
involved): the part of the sync attack's resume → converged that is Syncthing's connection alone.

    faults/sync_reconnect.py host|debian13 [CYCLES]   (the second peer's Syncthing: 1.19 or 1.29)

It also counts, for each resume, the Hello exchanges that failed (`Failed to exchange Hello messages`
in both peers' logs) before the peers connected, and prints how many resumes needed 0, 1, 2, …
failed rounds of them: Syncthing 1.19 exchanges the Hello of each new connection one at a time, in
the one loop that takes new connections, with a 20 s deadline (lib/connections/service.go, `handle`);
when both peers dial at once, each loop can wait on the connection the other has not reached yet, and
both give up together 20 s later, then redial together (1.20 and later exchange each Hello in a
goroutine of its own).
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import wait_until  # noqa: E402
from syncthing import Peer, binaries  # noqa: E402


def failed_hellos(a, b, offsets):
    """How many rounds of failed Hello exchanges the two peers logged since `offsets` (the logs' sizes at
    the resume): failures of either peer less than 2 s apart are one round."""
    times = []
    for p, offset in zip((a, b), offsets):
        p.log.flush()
        with open(p.log_path, "rb") as f:
            f.seek(offset)
            for line in f.read().decode("utf-8", "replace").splitlines():
                if "Failed to exchange Hello messages" in line:
                    times.append(line_time(line))
    times = sorted(t for t in times if t is not None)
    return sum(1 for i, t in enumerate(times) if i == 0 or t - times[i - 1] >= 2)


def line_time(line):
    """The seconds of the day of a Syncthing log line (`[ABCDE] 08:31:02 INFO: …`), or None."""
    for word in line.split()[:3]:
        parts = word.split(":")
        if len(parts) == 3 and all(x.replace(".", "").isdigit() for x in parts):
            h, m, sec = parts
            return int(h) * 3600 + int(m) * 60 + float(sec)
    return None


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "host"
    cycles = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    bins = binaries()
    if which not in bins or not bins[which].startswith("/"):
        print(f"sync_reconnect: {bins.get(which, f'{which}: host or debian13')}", file=sys.stderr)
        return 2
    a, b = Peer("laptop", bins["host"]), Peer("desktop", bins[which])
    try:
        a.configure(b)
        b.configure(a)
        for p in (a, b):
            p.start()
        if not wait_until(60, lambda: a.connected(b) and b.connected(a), 0.2):
            print("sync_reconnect: the peers did not connect within 60 s", file=sys.stderr)
            return 1
        took, hellos = [], []
        for _ in range(cycles):
            offsets = [os.path.getsize(p.log_path) for p in (a, b)]
            for p, q in ((a, b), (b, a)):
                p.rest("POST", f"/rest/system/pause?device={q.id}")
            wait_until(20, lambda: not a.connected(b) and not b.connected(a), 0.05)
            time.sleep(0.5)
            t0 = time.monotonic()
            for p, q in ((a, b), (b, a)):
                p.rest("POST", f"/rest/system/resume?device={q.id}")
            ok = wait_until(300, lambda: a.connected(b) and b.connected(a), 0.05)
            took.append(time.monotonic() - t0 if ok else float("inf"))
            hellos.append(failed_hellos(a, b, offsets))
        s = sorted(took)
        print(f"Syncthing {a.version} with {b.version}: {len(s)} resumes, reconnected after median "
              f"{s[len(s) // 2]:.1f} s, p90 {s[int(0.9 * (len(s) - 1))]:.1f} s, worst {s[-1]:.1f} s, "
              f"{sum(x > 10 for x in s)} over 10 s")
        rounds = {}
        for took_s, fails in zip(took, hellos):
            rounds.setdefault(fails, []).append(took_s)
        print("failed Hello rounds before connecting (both peers' logs, failures less than 2 s apart one"
              " round): " + "; ".join(f"{n}: {len(ts)} resume(s), reconnected after {min(ts):.1f}–{max(ts):.1f} s"
                                      for n, ts in sorted(rounds.items())))
        return 0
    finally:
        for p in (a, b):
            p.stop()
        for p in (a, b):
            p.box.cleanup()


if __name__ == "__main__":
    sys.exit(main())
