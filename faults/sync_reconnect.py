#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How long Syncthing itself takes to reconnect two idle peers after both resume at once (no nitnem
involved): the part of the sync attack's resume → converged that is Syncthing's connection alone.

    faults/sync_reconnect.py host|debian13 [CYCLES]   (the second peer's Syncthing: 1.19 or 1.29)
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import wait_until  # noqa: E402
from syncthing import Peer, binaries  # noqa: E402


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
        if not wait_until(lambda: a.connected(b) and b.connected(a), 60, 0.2):
            print("sync_reconnect: the peers did not connect within 60 s", file=sys.stderr)
            return 1
        took = []
        for _ in range(cycles):
            for p, q in ((a, b), (b, a)):
                p.rest("POST", f"/rest/system/pause?device={q.id}")
            wait_until(lambda: not a.connected(b) and not b.connected(a), 20, 0.05)
            time.sleep(0.5)
            t0 = time.monotonic()
            for p, q in ((a, b), (b, a)):
                p.rest("POST", f"/rest/system/resume?device={q.id}")
            ok = wait_until(lambda: a.connected(b) and b.connected(a), 300, 0.05)
            took.append(time.monotonic() - t0 if ok else float("inf"))
        s = sorted(took)
        print(f"Syncthing {a.version} with {b.version}: {len(s)} resumes, reconnected after median "
              f"{s[len(s) // 2]:.1f} s, p90 {s[int(0.9 * (len(s) - 1))]:.1f} s, worst {s[-1]:.1f} s, "
              f"{sum(x > 10 for x in s)} over 10 s")
        return 0
    finally:
        for p in (a, b):
            p.stop()
        for p in (a, b):
            p.box.cleanup()


if __name__ == "__main__":
    sys.exit(main())
