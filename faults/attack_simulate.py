# SPDX-License-Identifier: GPL-3.0-or-later
"""Attack 6: two simulated years across DST days, against an independent model (zoneinfo).

The model (written here, from DESIGN.md and docs/guide/ (time.md, agent.md), not from the Swift code):
- bands by wall time: 03:00-09:00 amritVela, 09-17 morning, 17-21 evening, else night;
- the Nitnem day D begins at the first instant whose wall time is >= D 03:00;
- a band of day D begins/ends at the first instant whose wall time is >= its start/end on D
  (night ends when day D+1 begins); a wall time in a DST gap maps to the first instant after
  it, one that happens twice to its first occurrence;
- reminder slots 06:00 amritVela, 18:00 evening, 21:30 night (or the config's); a night slot
  before 03:00 is on the next civil date;
- at the slot, or when the agent wakes (or starts) after it while the band lasts, one decision:
  skipped when the band's daily set is complete, else a reminder, late when more than 60 s after
  the slot; never after the band ended; at most one per (day, band).
"""

import concurrent.futures
import datetime as dt
import json
import os
import subprocess
from zoneinfo import ZoneInfo

from common import BIN, DAILY, SET_OF_BAND, Result, Sandbox

UTC = dt.timezone.utc
BANDS = [("amritVela", (3, 0), (9, 0)), ("morning", (9, 0), (17, 0)), ("evening", (17, 0), (21, 0)),
         ("night", (21, 0), None)]
FROM = dt.datetime(2026, 1, 1, 0, 0)
TO = dt.datetime(2028, 1, 1, 0, 0)

# Per zone: the default slots, and slots put into the zone's DST gap or repeated hour.
RUNS = [
    ("Europe/Helsinki", {}),
    ("Europe/Helsinki", {"amritVela": (3, 30)}),       # spring: in the 03:00-04:00 gap; autumn: twice
    ("America/New_York", {}),
    ("America/New_York", {"night": (2, 30)}),          # spring: in the 02:00-03:00 gap
    ("America/New_York", {"night": (1, 30)}),          # autumn: 01:00-02:00 happens twice
    ("Australia/Lord_Howe", {}),
    ("Australia/Lord_Howe", {"night": (2, 15)}),       # October: in the 02:00-02:30 gap
    ("Australia/Lord_Howe", {"night": (1, 45)}),       # April: 01:30-02:00 happens twice
]
DEFAULT_SLOTS = {"amritVela": (6, 0), "evening": (18, 0), "night": (21, 30)}


class Model:
    def __init__(self, zone):
        self.z = ZoneInfo(zone)
        self._fi = {}

    def wall(self, t):
        return t.astimezone(self.z).replace(tzinfo=None)

    def first_instant(self, date, hm):
        """The first instant whose wall time is >= `date` `hm` (a gap maps to its end)."""
        key = (date, hm)
        if key in self._fi:
            return self._fi[key]
        x = dt.datetime(date.year, date.month, date.day, hm[0], hm[1])
        a = x.replace(tzinfo=self.z, fold=0).astimezone(UTC)
        b = x.replace(tzinfo=self.z, fold=1).astimezone(UTC)
        real = [u for u in (a, b) if self.wall(u) == x]
        if real:
            r = min(real)
        else:
            lo, hi = min(a, b), max(a, b)  # wall(lo) < x <= wall(hi): bisect to the transition
            while hi - lo > dt.timedelta(seconds=1):
                mid = lo + (hi - lo) / 2
                if self.wall(mid) >= x:
                    hi = mid
                else:
                    lo = mid
            r = hi.replace(microsecond=0)
        self._fi[key] = r
        return r

    def day(self, t):
        d = self.wall(t).date()
        return d if t >= self.first_instant(d, (3, 0)) else d - dt.timedelta(days=1)

    @staticmethod
    def band_of_wall(w):
        h = w.hour
        return "amritVela" if 3 <= h < 9 else "morning" if 9 <= h < 17 else "evening" if 17 <= h < 21 else "night"

    def band(self, t):
        return self.band_of_wall(self.wall(t))

    def band_span(self, d, band):
        for name, start, end in BANDS:
            if name == band:
                s = self.first_instant(d, start)
                e = self.first_instant(d + dt.timedelta(days=1), (3, 0)) if end is None else self.first_instant(d, end)
                return s, e
        raise KeyError(band)

    def slot(self, d, band, hm):
        date = d + dt.timedelta(days=1) if band == "night" and hm[0] < 3 else d
        return self.first_instant(date, hm)


def iso(t, z):
    return t.astimezone(z).isoformat()


def parse(s):
    return dt.datetime.fromisoformat(s).astimezone(UTC)


def plan(model, rng):
    """Seeded marks and asleep windows for two years, with extra windows on the DST days."""
    z = model.z
    start, end = FROM.replace(tzinfo=z).astimezone(UTC), TO.replace(tzinfo=z).astimezone(UTC)
    days = []
    d = FROM.date()
    while d < TO.date():
        days.append(d)
        d += dt.timedelta(days=1)
    # DST days: the offset at 00:00 differs from the one 24 h of wall time later.
    dst_days = [d for d in days if dt.datetime(d.year, d.month, d.day, tzinfo=z).utcoffset()
                != (dt.datetime(d.year, d.month, d.day, tzinfo=z) + dt.timedelta(days=1)).utcoffset()]
    windows = []
    for d in dst_days:
        d0 = d - dt.timedelta(days=1)
        choices = [((d0, (21, 20)), (d, (2, 50))), ((d, (0, 30)), (d, (4, 30))), ((d, (5, 50)), (d, (6, 40))),
                   ((d, (17, 55)), (d, (21, 5))), ((d, (1, 10)), (d, (2, 40))), ((d, (20, 0)), (d, (23, 0)))]
        for (da, a), (db, b) in rng.sample(choices, 3):
            windows.append((model.first_instant(da, a), model.first_instant(db, b)))
    for _ in range(120):
        d = rng.choice(days)
        a = model.first_instant(d, (rng.randrange(24), rng.randrange(60)))
        windows.append((a, a + dt.timedelta(minutes=rng.choice([5, 45, 90, 200, 600, 1500, 4000]))))
    windows.sort()
    clean = []
    for a, b in windows:
        if a <= start or b >= end:
            continue
        if clean and a <= clean[-1][1] + dt.timedelta(minutes=5):
            continue
        clean.append((a, b))
    marks = []
    for d in days:
        r = rng.random()
        day_start = model.first_instant(d, (3, 0))
        if r < 0.15:  # the morning set complete before 06:00: the Amrit Vela reminder is skipped
            for i, b in enumerate(rng.sample(DAILY[:5], 5)):
                marks.append((model.first_instant(d, (4, 10 + 7 * i)) + dt.timedelta(seconds=17), b))
        if rng.random() < 0.3:
            marks.append((model.first_instant(d, (17, 20)) + dt.timedelta(seconds=17), "rehras"))
        if rng.random() < 0.3:
            marks.append((model.first_instant(d, (21, 10)) + dt.timedelta(seconds=17), "kirtan_sohila"))
        for _ in range(rng.randint(0, 3)):
            t = day_start + dt.timedelta(seconds=rng.randrange(0, 86400 // 60) * 60 + 17)
            marks.append((t, rng.choice(DAILY)))
    marks.sort()
    unique, used = [], set()
    for t, b in marks:  # one mark per instant, so each timeline line has one meaning
        while t in used:
            t += dt.timedelta(minutes=1)
        used.add(t)
        if start < t < end:
            unique.append((t, b))
    marks = sorted(unique)
    return start, end, clean, marks


def expected(model, slots, start, end, windows, marks):
    """The model's decisions: {(dayKey, band): (kind, at, late)}."""
    done = {}  # (day, bani) -> instant of the first mark
    for t, b in marks:
        done.setdefault((model.day(t), b), t)

    def complete(d, band, at):
        return all((d, b) in done and done[(d, b)] <= at for b in SET_OF_BAND[band])

    out = {}
    d = model.day(start)
    while model.first_instant(d, (3, 0)) < end:
        for band, hm in slots.items():
            s = model.slot(d, band, hm)
            _, band_end = model.band_span(d, band)
            t = max(s, start)
            for a, b in windows:
                if a <= t < b:
                    t = b
                    break
            if t >= band_end or t > end:
                continue
            kind = "reminder-skipped" if complete(d, band, t) else "reminder"
            out[(d.isoformat(), band)] = (kind, t, kind == "reminder" and (t - s).total_seconds() > 60)
        d += dt.timedelta(days=1)
    return out


def one_run(zone, overrides, seed):
    import random
    rng = random.Random(f"{seed}-{zone}-{sorted(overrides.items())}")
    model = Model(zone)
    z = model.z
    slots = dict(DEFAULT_SLOTS)
    slots.update(overrides)
    start, end, windows, marks = plan(model, rng)
    box = Sandbox("sim")
    try:
        box.write_config("".join(f"reminder.{b} = {h:02d}:{m:02d}\n" for b, (h, m) in overrides.items()))
        args = [BIN, "simulate", "--from", iso(start, z), "--to", iso(end, z), "--config", box.config]
        for t, b in marks:
            args += ["--mark", f"{iso(t, z)}={b}"]
        for a, b in windows:
            args += ["--asleep", f"{iso(a, z)}/{iso(b, z)}"]
        env = box.make_env(TZ=zone)
        p = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
    finally:
        box.cleanup()
    if p.returncode != 0:
        return {"error": f"{zone}: simulate exit {p.returncode}: {p.stderr.strip()[:200]}"}
    events = [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
    want = expected(model, slots, start, end, windows, marks)
    got = {}
    dup = outside = after = early = 0
    notes = []
    for e in events:
        if e["event"] not in ("reminder", "reminder-skipped"):
            continue
        t = parse(e["at"])
        key = (e["dayKey"], e["band"])
        if key in got:
            dup += 1
            notes.append(f"{zone} {slots}: duplicate {key} at {e['at']}")
        got[key] = (e["event"], t, e.get("late", False))
        d = dt.date.fromisoformat(e["dayKey"])
        if model.day(t) != d or model.band(t) != e["band"]:
            outside += 1
            notes.append(f"{zone}: {e['event']} {key} at {e['at']} is outside its band/day "
                         f"(model: {model.day(t)} {model.band(t)})")
        s = model.slot(d, e["band"], slots[e["band"]])
        _, band_end = model.band_span(d, e["band"])
        if t >= band_end:
            after += 1
            notes.append(f"{zone}: {key} at {e['at']} after its band ended ({iso(band_end, z)})")
        if t < s:
            early += 1
            notes.append(f"{zone}: {key} at {e['at']} before its slot ({iso(s, z)})")
    mismatch = 0
    for key in sorted(set(want) | set(got)):
        w, g = want.get(key), got.get(key)
        if w != g:
            mismatch += 1
            if len([n for n in notes if "model" in n and "want" in n]) < 3:
                fmt = (lambda v: "none" if v is None else f"{v[0]} at {iso(v[1], z)}{' late' if v[2] else ''}")
                notes.append(f"{zone} {slots}: {key}: model want {fmt(w)}, simulate gave {fmt(g)}")
    # The timeline: every line names the model's day and band, and today's count, at its instant;
    # every band start while awake has a line.
    done = {}
    for t, b in marks:
        done.setdefault((model.day(t), b), t)
    tl_bad = 0
    tl_at = set()
    for e in events:
        if e["event"] != "timeline":
            continue
        t = parse(e["at"])
        tl_at.add(t)
        d = model.day(t)
        n = sum(1 for b in DAILY if (d, b) in done and done[(d, b)] <= t)
        if e["dayKey"] != d.isoformat() or e["band"] != model.band(t) or e["done"] != n:
            tl_bad += 1
            if tl_bad <= 2:
                notes.append(f"{zone}: timeline at {e['at']}: {e['dayKey']} {e['band']} {e['done']}, "
                             f"model {d} {model.band(t)} {n}")
    missing_tl = 0
    d = model.day(start)
    while model.first_instant(d, (3, 0)) < end:
        for band, _, _ in BANDS:
            b0, _ = model.band_span(d, band)
            if start < b0 <= end and not any(a <= b0 < b for a, b in windows) and b0 not in tl_at:
                missing_tl += 1
                if missing_tl <= 2:
                    notes.append(f"{zone}: no timeline write at the {band} start {iso(b0, z)}")
        d += dt.timedelta(days=1)
    return {"events": len(events), "reminders": len(got), "dup": dup, "outside": outside, "after": after,
            "early": early, "mismatch": mismatch, "tl_bad": tl_bad, "missing_tl": missing_tl, "notes": notes,
            "marks": len(marks), "windows": len(windows)}


def dst_simulate(ctx):
    with concurrent.futures.ThreadPoolExecutor(max(2, os.cpu_count() or 2)) as pool:
        results = list(pool.map(lambda r: one_run(r[0], r[1], ctx.seed), RUNS))
    errors = [r["error"] for r in results if "error" in r]
    if errors:
        return Result("dst-simulate", False, f"{len(errors)} simulate runs failed", errors[:3])
    tot = {k: sum(r[k] for r in results) for k in ("events", "reminders", "dup", "outside", "after", "early",
                                                   "mismatch", "tl_bad", "missing_tl", "marks", "windows")}
    ok = all(tot[k] == 0 for k in ("dup", "outside", "after", "early", "mismatch", "tl_bad", "missing_tl"))
    fig = (f"{len(RUNS)} runs x 2 years (3 zones, slots in DST gaps and repeats), {tot['marks']} marks, "
           f"{tot['windows']} asleep windows, {tot['reminders']} decisions: {tot['dup']} duplicates, "
           f"{tot['outside']} outside the band, {tot['after']} after the band ended, {tot['early']} before the "
           f"slot, {tot['mismatch']} differ from the model, {tot['tl_bad'] + tot['missing_tl']} timeline lines "
           f"wrong or missing")
    notes = [n for r in results for n in r["notes"]][:10]
    return Result("dst-simulate", ok, fig, notes)
