# SPDX-License-Identifier: GPL-3.0-or-later
"""Attack 5: a seeded mutator over the five readers (snapshot, progress, config, ledger, your own
sets in nitnem-mynitnem.json).

Each case writes one mutated file into a fresh sandbox and runs the command that reads it:
`status --format json` (snapshot, progress), `reminders list --config F` (config), `reminders list`
with a mutated ledger, `status` or `sets add` (the locked writer) with mutated sets, and now and
then the agent's start with a mutated ledger. A case passes
when the process ends by itself within 5 s (no hang), by exit (no signal), with 0, 1 or 2, and
every stderr line of a failure is exactly one line naming the file."""

import concurrent.futures
import json
import os
import random
import signal
import time

from common import PROGRESS, REPO, SNAPSHOT, Agent, Result, Sandbox, problem_lines, run, wait_until

FIX = os.path.join(REPO, "fixtures")


def _read(*parts):
    with open(os.path.join(FIX, *parts), "rb") as f:
        return f.read()


SEEDS = {
    "snapshot": [_read("groups", "demo", SNAPSHOT), _read("bad", "unknown-fields-snapshot.json")],
    "progress": [_read("groups", "demo", PROGRESS), _read("bad", "unknown-fields-progress.json")],
    "config": [
        b"reminders = on\nreminder.amritVela = 06:00\nreminder.evening = 18:00\nreminder.night = 21:30\n"
        b"open = xdg-open\nremind-when-done = no\n",
        b"# a comment\r\nreminders = off\r\nreminder.night = 01:30\r\n\r\nremind-when-done = yes\r\n",
    ],
    "ledger": [json.dumps({"schema": 1, "entries": [
        {"dayKey": "2026-06-01", "band": "amritVela", "at": "2026-06-01T06:00:00Z", "outcome": "fired",
         "bani": "japji", "late": False, "reason": None},
        {"dayKey": "2026-06-01", "band": "evening", "at": "2026-06-01T18:00:00Z", "outcome": "skipped",
         "bani": None, "late": False, "reason": "band-complete"},
        {"dayKey": "2026-06-01", "band": "night", "at": "2026-06-01T21:31:00Z", "outcome": "pending",
         "bani": "kirtan_sohila", "late": True, "reason": None}]}, indent=2).encode()],
    "mynitnem": [json.dumps({"schema": 1, "sets": {"morning": ["japji", "sukhmani"], "evening": [],
                                                   "night": ["kirtan_sohila"]},
                             "reminders": {"sukhmani": "10:00"}, "x-app": {"kept": [1.50, "\u00e9"]}},
                            indent=2).encode(),
                 b'{"schema":1,"sets":{"morning":["japji","jaap"]}}\r\n'],
}
MYNITNEM = "nitnem-mynitnem.json"
SPLICE = [_read("bad", f) for f in sorted(os.listdir(os.path.join(FIX, "bad")))]

TOKENS = [b"null", b"true", b"false", b"-0", b"1e999999", b"-1e-999999", b"99999999999999999999999999999",
          b"0.1e", b"NaN", b"Infinity", b'"\\ud800"', b'"\\u0000"', b'"\x01\x1b[31m"', b"[]", b"{}", b'""',
          b'"2026-02-30"', b'"24:00"', b'"25:61"', b'"9999-12-31T23:59:60Z"', b"-817608600", b"1e308",
          b'"sggs://bani/../../etc"', b'"japji"', b'"rehras/taksal"', b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"\0"]
CONFIG_LINES = [b"reminders = on", b"reminders = maybe", b"reminder.evening = 25:00", b"reminder.night = 02:30",
                b"reminder.night = 12:00", b"reminder.amritVela = off", b"snooze = 15m", b"unknown = 1",
                b"open = ", b"open = \x1b]0;x\x07", b"remind-when-done = yes", b"= novalue", b"novalue",
                b"reminders = on\0", b"\xff\xfe = \xc3", b"reminders=on", b"   reminders   =   off   ",
                b"reminder.evening = 18:00:00", b"reminder.evening = -1:00", b"reminder.evening = 18:0",
                b"[section]", b"a" * 70000]


def _json_mutate(rng, data):
    """Replaces, deletes or duplicates one node of the parsed document (when it parses)."""
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return data
    nodes = []

    def walk(v):
        if isinstance(v, dict):
            for k in v:
                nodes.append((v, k))
                walk(v[k])
        elif isinstance(v, list):
            for i in range(len(v)):
                nodes.append((v, i))
                walk(v[i])
    try:
        walk(doc)
    except RecursionError:
        return data
    if not nodes:
        return data
    parent, key = rng.choice(nodes)
    choice = rng.randrange(5)
    values = [None, True, 0, -1, 1.5, 2 ** 70, "", "x" * rng.randint(1, 300), [], {}, [1, "a"], {"k": None},
              "2026-13-45", "\u0000\u202e\x7f", -1e300]
    if choice == 0:
        parent[key] = rng.choice(values)
    elif choice == 1 and isinstance(parent, dict):
        del parent[key]
    elif choice == 1:
        parent.pop(key)
    elif choice == 2:
        v = parent[key]
        for _ in range(rng.randint(1, 5)):
            v = [v] if rng.random() < 0.5 else {"n": v}
        parent[key] = v
    elif choice == 3 and isinstance(parent, dict):
        parent["x-" + str(rng.randrange(1000))] = rng.choice(values)
    else:
        parent[key] = str(parent[key]) if not isinstance(parent[key], str) else len(parent[key])
    try:
        return json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode()
    except (RecursionError, ValueError):
        return data


def mutate(rng, data, config=False):
    """1-4 seeded mutations of `data`."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(16)
        n = len(data)
        pos = rng.randint(0, n)
        if op == 0 and n:
            data[rng.randrange(n)] ^= 1 << rng.randrange(8)
        elif op == 1:
            data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 2 and n:
            end = min(n, pos + rng.randint(1, 64))
            del data[pos:end]
        elif op == 3:
            del data[pos:]
        elif op == 4 and n:
            a = rng.randrange(n)
            b = min(n, a + rng.randint(1, 200))
            data[pos:pos] = data[a:b] * rng.randint(1, 3)
        elif op == 5:
            other = rng.choice(SPLICE)
            a = rng.randrange(len(other) or 1)
            data[pos:pos] = other[a:a + rng.randint(1, 120)]
        elif op == 6:
            data[pos:pos] = rng.choice(TOKENS)
        elif op == 7 and not config:
            depth = rng.choice([64, 512, 5000, 100000])
            data[:] = b"[" * depth + bytes(data) + b"]" * rng.choice([0, depth])
        elif op == 8:
            data[:0] = b"\xef\xbb\xbf"
        elif op == 9:
            data[:] = bytes(data).replace(b"\n", b"\r\n") if rng.random() < 0.5 else bytes(data).replace(b"\n", b"")
        elif op == 10 and config:
            lines = bytes(data).split(b"\n")
            lines.insert(rng.randint(0, len(lines)), rng.choice(CONFIG_LINES))
            data[:] = b"\n".join(lines)
        elif op == 10 and not config:
            data[:] = _json_mutate(rng, bytes(data))
        elif op == 11 and n:
            # A digit run replaced by a huge or odd number.
            digits = [i for i in range(n) if 48 <= data[i] <= 57]
            if digits:
                i = rng.choice(digits)
                data[i:i + 1] = rng.choice([b"9" * 400, b"1e99999", b"-0.0", b"0x10", b"00"])
        elif op == 12:
            data[pos:pos] = b"\x1b[2J\x07\x00\x7f\xc2\x85\xe2\x80\xa8"
        elif op == 13:
            data[:] = b" " * rng.randint(0, 3) if rng.random() < 0.3 else data
        elif op == 14 and not config:
            data[:] = _json_mutate(rng, bytes(data))
        else:
            data[pos:pos] = b'"' if rng.random() < 0.5 else b"\\"
    return bytes(data)


SPECIAL = ["folder", "fifo", "symlink-loop", "dangling-symlink", "huge", "unreadable"]


def _place(path, rng, data, special):
    if special is None:
        with open(path, "wb") as f:
            f.write(data)
    elif special == "folder":
        os.mkdir(path)
    elif special == "fifo":
        os.mkfifo(path)
    elif special == "symlink-loop":
        os.symlink(os.path.basename(path), path)
    elif special == "dangling-symlink":
        os.symlink("/nonexistent/nitnem-faults", path)
    elif special == "huge":
        with open(path, "wb") as f:
            f.write(data + b" " * (rng.choice([1, 5, 20]) << 20))
    elif special == "unreadable":
        with open(path, "wb") as f:
            f.write(data)
        os.chmod(path, 0)


def _check(rc, err, path, name):
    """The problems of one case (empty when it passed)."""
    if rc is None:
        return ["hang"]
    if rc < 0:
        return [f"signal {-rc} ({signal.Signals(-rc).name})"]
    if rc not in (0, 1, 2):
        return [f"exit {rc}"]
    lines = [l for l in err.split("\n") if l.strip()]
    raw = [c for c in err if c != "\n" and (ord(c) < 0x20 and c != "\t" or 0x7f <= ord(c) <= 0x9f)]
    if rc != 0:
        if len(lines) != 1:
            return [f"exit {rc} with {len(lines)} stderr lines"]
        if path not in lines[0] and name not in lines[0]:
            return [f"stderr does not name {name}: {lines[0][:120]!r}"]
    else:
        for l in lines:
            if path not in l and name not in l:
                return [f"a stderr line that names no file: {l[:120]!r}"]
    if raw:
        return [f"unescaped control character {raw[0]!r} in stderr"]
    return []


def _case(reader, index, seed, agent_start):
    rng = random.Random(f"{seed}-{reader}-{index}")
    box = Sandbox(f"mut-{reader}")
    try:
        data = mutate(rng, rng.choice(SEEDS[reader]), config=reader == "config")
        special = rng.choice(SPECIAL) if rng.random() < 0.03 else None
        if special == "unreadable" and os.geteuid() == 0:
            special = None  # root reads a 0000 file anyway
        box.write_config("")
        env = box.make_env(SGGS_CLOCK_NOW="2026-06-01T19:00:00Z")
        if reader in ("snapshot", "progress"):
            path = box.path(SNAPSHOT if reader == "snapshot" else PROGRESS)
            _place(path, rng, data, special)
            args = ["status", "--format", "json"]
        elif reader == "mynitnem":
            path = box.path(MYNITNEM)
            _place(path, rng, data, special)
            # The reader (status says a bad file on stderr) and the locked writer (sets add).
            args = ["status"] if index % 2 == 0 else ["sets", "add", "jaap", "--to", "evening"]
        elif reader == "config":
            path = os.path.join(box.root, "mutated-config")
            _place(path, rng, data, special)
            args = ["reminders", "list", "--config", path]
        else:
            path = box.ledger
            os.makedirs(os.path.dirname(path), exist_ok=True)
            _place(path, rng, data, special)
            args = ["reminders", "list", "--config", box.config]
        name = os.path.basename(path)
        if reader == "ledger" and agent_start:
            # 10:00, in the Morning band, which has no reminder slot: only the ledger can be a problem.
            return _agent_case(box, box.make_env(SGGS_CLOCK_NOW="2026-06-01T10:00:00Z"), path, name)
        start = time.monotonic()
        rc, _, err, _ = run(args, env, timeout=5.0)
        problems = _check(rc, err, path, name)
        if time.monotonic() - start > 5.0 and not problems:
            problems = ["hang"]
        return problems, f"{reader} case {index}{' (' + special + ')' if special else ''}: {problems[0] if problems else ''}; stderr {err.strip()[:160]!r}"
    finally:
        try:
            box.cleanup()
        except OSError:
            pass


def _agent_case(box, env, path, name):
    """The agent starting with a mutated ledger: it must keep running, say at most one line naming
    the ledger, and stop cleanly on SIGTERM."""
    agent = Agent(box, env)
    wait_until(5, lambda: not agent.alive() or os.path.exists(box.path("widgets", "NitnemNow.json")))
    time.sleep(0.1)
    alive = agent.alive()
    rc = agent.stop()
    err = agent.stderr()
    problems = []
    if not alive:
        rc0 = agent.proc.returncode
        problems.append(f"agent exited at start: {rc0}")
    elif rc is None:
        problems.append("agent hung on SIGTERM")
    elif rc != 0:
        problems.append(f"agent exit {rc} on SIGTERM" if rc > 0 else f"agent signal {-rc}")
    pl = problem_lines(err)
    if len(pl) > 1:
        problems.append(f"{len(pl)} problem lines at start")
    elif pl and path not in pl[0] and name not in pl[0]:
        problems.append(f"problem line names no file: {pl[0][:120]!r}")
    return problems, f"ledger agent case: {problems[0] if problems else ''}; stderr {err.strip()[-200:]!r}"


def mutate_readers(ctx):
    per = 120 if ctx.short else 3000
    readers = ["snapshot", "progress", "config", "ledger", "mynitnem"]
    jobs = [(r, i, i % 40 == 7) for r in readers for i in range(per)]
    tally = {r: {"cases": 0, "crash": 0, "hang": 0, "code": 0, "lines": 0, "control": 0} for r in readers}
    agent_cases = 0
    examples = []
    seen_kinds = set()
    workers = max(2, (os.cpu_count() or 2))
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        futures = {pool.submit(_case, r, i, ctx.seed, a): (r, a) for r, i, a in jobs}
        for fut in concurrent.futures.as_completed(futures):
            reader, a = futures[fut]
            problems, detail = fut.result()
            t = tally[reader]
            t["cases"] += 1
            agent_cases += a
            for p in problems:
                key = ("crash" if "signal" in p else "hang" if "hang" in p
                       else "control" if "control" in p
                       else "code" if p.startswith("exit ") and "stderr" not in p else "lines")
                t[key] += 1
            if problems and (reader, key) not in seen_kinds:
                seen_kinds.add((reader, key))
                examples.append(detail)
    total = {k: sum(t[k] for t in tally.values()) for k in ("crash", "hang", "code", "lines", "control")}
    ok = all(v == 0 for v in total.values())
    parts = ", ".join(f"{r} {tally[r]['cases']}" for r in readers)
    fig = (f"{parts} cases ({agent_cases} agent starts), {total['crash']} crashes, {total['hang']} hangs, "
           f"{total['code']} bad exit codes, {total['lines']} stderr not one line naming the file, "
           f"{total['control']} with unescaped control characters")
    bad = [f"{r}: " + ", ".join(f"{k} {v}" for k, v in tally[r].items() if k != "cases" and v)
           for r in readers if any(v for k, v in tally[r].items() if k != "cases")]
    return Result("mutate-readers", ok, fig, bad + examples)
