#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`make shell-versions`: for every GNOME Shell major in contrib/gnome-shell/shell-versions, checks what
the extension (extension.js) and its Preferences (prefs.js) use of that Shell and of its libadwaita
against that major's own source, reduced to shell-api/<major>.json by extract.py:

- every Shell module they import exists (`resource:///org/gnome/shell/…`, the Extensions app's
  `resource:///org/gnome/Shell/Extensions/js/…`; a legacy `imports.ui.x` in the 43/44 variant);
- every name they take from one exists in it (`import {Extension}`, `Main.panel`, `PopupMenu.PopupMenuItem`);
- every member they use on a Shell class exists in that class or a class it extends
  (`Main.panel.addToStatusArea`, `this.menu.addMenuItem` in a PanelMenu.Button, `item.label`), a
  signal they connect to is one the class declares or emits, and a method they override
  (`enable`, `fillPreferencesWindow`, `_init`) is one the Shell's class has;
- every libadwaita class they use exists (Adw.PreferencesPage, Adw.EntryRow…), and every method,
  property (given to `new` or used) and signal (`apply`, `notify::selected`) they use on one exists
  in it or a libadwaita class it extends.

A major is checked with the variant it installs (45 on: nitnem@nitnem; 43 and 44: nitnem@nitnem-43), as
gen-43.sh makes them into .build/contrib (`make variants`).
A member no listed major defines in the Shell's JavaScript or in libadwaita is one of St's, Clutter's
or GTK's (`add_child`, `set_tooltip_text`): those are not checked here; between the majors run for
real (contrib/gnome-shell/shell-versions) the runs on both sides cover them. A member one major
defines and another lacks fails, naming the major, the file and line, and the name:

  46: nitnem@nitnem/extension.js:28: ui/status/doNotDisturb.js: no such module in GNOME Shell 46.0 and 46.10

  contrib/gnome-shell/shell-api/check.py [--variant DIR]... [--only MAJOR] [--data DIR] [-v]

--variant: the variant folders (default: the two in contrib/gnome-shell; a folder whose name ends in
-43 is the 43/44 one). --only: prints that major alone (every major is read all the same). --data:
the folder of the <major>.json files (default: shell-api/, where extract.py writes them). -v: also
the names left to St, Clutter and GTK. Prints one line per major and a closing `N passed, M failed`;
exits 1 on a failure, 2 when the data is missing or stale (it says what to run). Python 3.11 stdlib
only.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GNOME = os.path.dirname(HERE)
# The forms as they install, made by gen-43.sh (`make variants`): the 43/44 one is never committed.
BUILT = os.path.join(os.path.dirname(os.path.dirname(GNOME)), ".build", "contrib")
sys.path.insert(0, HERE)
import uses as U  # noqa: E402


class Stale(Exception):
    """The data lacks a class a walk needs: extract.py made it for other uses."""


def majors():
    """[(major, kind)] from the one list, as shell-versions.sh reads it."""
    out = subprocess.run([os.path.join(GNOME, "shell-versions.sh"), "--with-kind"], check=True,
                         capture_output=True, text=True).stdout
    return [(int(m), k) for m, k in (line.split() for line in out.splitlines())]


def variant_for(major, variants):
    legacy = [v for v in variants if os.path.basename(os.path.normpath(v)).endswith("-43")]
    esm = [v for v in variants if v not in legacy]
    pick = esm if major >= 45 else legacy
    return pick[0] if pick else None


def load(major, folder=HERE):
    path = os.path.join(folder, f"{major}.json")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


# Walking the data ------------------------------------------------------------------------------

def _alias(data, key):
    seen = set()
    while key in data["aliases"] and key not in seen:
        seen.add(key)
        key = data["aliases"][key]
    return key


def _need(data, key):
    """A Shell class the walk needs (from a class's extends or members, a module's variable): its
    key, or None for a GI class or one of a module this major lacks; Stale when the data lacks it."""
    if key is None or key.startswith("gi:"):
        return None
    key = _alias(data, key)
    if key in data["classes"]:
        return key
    if key.rsplit(":", 1)[0] not in data["modules"]:
        return None
    raise Stale(key)


def shell_chain(data, key):
    """The class `key` and the Shell classes it extends, nearest first."""
    out = []
    key = _need(data, key)
    while key and key not in out:
        out.append(key)
        key = _need(data, data["classes"][key]["extends"])
    return out


def root_classes(data, root):
    """The classes a use's root names in this major: [class keys], or None when it names none here."""
    kind, ref = root
    if kind == "adw":
        return [("adw", ref)] if ref in data["adw"]["names"] else None
    key = _alias(data, ref)
    module, name = key.rsplit(":", 1)
    if module not in data["modules"]:
        return None
    if key in data["classes"]:
        return [key]
    if key in data["vars"]:
        return [k for k in (_need(data, k) for k in data["vars"][key]) if k]
    if name in data["class-names"].get(module, []) or module not in data["class-names"]:
        raise Stale(key)
    return None  # a function or a constant


def adw_chain(data, name):
    out = []
    classes = data["adw"]["classes"]
    while name in classes and name not in out:
        out.append(name)
        name = classes[name]["extends"]
    if not out and name in data["adw"]["names"]:
        raise Stale(f"Adw.{name}")
    return out


def lookup(data, classes, member, what="member"):
    """(found, [classes of the member's value]) of `member` on any of `classes` (a class and a
    member may come in several: Button's menu is a PopupMenu or a PopupDummyMenu)."""
    found, types = False, []
    for c in classes:
        if isinstance(c, tuple):  # libadwaita
            for name in adw_chain(data, c[1]):
                a = data["adw"]["classes"][name]
                prop = member.replace("_", "-")
                if what == "signal":
                    hit = member in a["signals"]
                elif what == "property":
                    hit = prop in a["properties"]
                else:
                    hit = member in a["methods"] or prop in a["properties"]
                if hit:
                    found = True
                    break
            continue
        for key in shell_chain(data, c):
            entry = data["classes"][key]
            hit = member in entry["signals"] if what == "signal" else member in entry["members"]
            if hit:
                found = True
                types += [t for t in entry["types"].get(member, []) if not t.startswith("gi:")]
                break
    return found, types


def show(c):
    """A class as messages name it: Adw.EntryRow, ui/popupMenu.js PopupMenu."""
    if isinstance(c, tuple):
        return f"Adw.{c[1]}"
    module, name = c.rsplit(":", 1)
    return f"{U.short(module)} {name}"


def walk(data, use):
    """[(name, found, what it lacks)] for each step of a use in one major's data, up to where the
    class is no longer known; None when its root is not there (the module or export check says so)."""
    if use.kind == "adw-name":
        return [(use.name, use.name in data["adw"]["names"], "no such class or enum")]
    classes = root_classes(data, use.root)
    if classes is None:
        return None
    on = " or ".join(map(show, classes))
    if use.kind == "adw-props":
        return [(p, lookup(data, classes, p, "property")[0], f"{on} has no property {p.replace('_', '-')}")
                for p in use.props]
    if use.kind == "override":
        m = use.path[0]
        return [(m, lookup(data, classes, m)[0], f"overrides {on}'s {m}, which is not there")]
    steps = []
    for i, member in enumerate(use.path):
        if not classes:
            return steps
        on = " or ".join(map(show, classes))
        found, types = lookup(data, classes, member)
        steps.append((member, found, f"{on} has no {'method or property' if use.root[0] == 'adw' else 'member'} {member}"))
        if member in U.CONNECTS and use.signal and i == len(use.path) - 1:
            if use.signal.startswith("notify::"):
                prop = use.signal[len("notify::"):]
                steps.append((use.signal, lookup(data, classes, prop, "property")[0], f"{on} has no property {prop}"))
            else:
                sig = use.signal.split("::")[0]
                steps.append((use.signal, lookup(data, classes, sig, "signal")[0], f"{on} has no signal {sig}"))
            return steps
        classes = [k for k in (_need(data, t) for t in types) if k]
    return steps


def shell_of(data):
    return f"GNOME Shell {' and '.join(data['gnome-shell']['tags'])}"


def adw_of(data):
    return f"libadwaita {data['libadwaita']['version']} ({' and '.join(data['libadwaita']['tags'])})"


def evaluate(per_major):
    """per_major: {major: (data, [Use])}. Returns {major: [problem]} and the names left to St, Clutter
    and GTK. A step of a use fails in a major that reached it and lacks it while another major has
    it; a step no major has is St's, Clutter's or GTK's (or, for an override, the extension's own
    method), except a libadwaita name, which every major must have."""
    problems = {m: [] for m in per_major}
    left = set()
    walks = {}
    for m, (data, us) in per_major.items():
        for u in us:
            if u.kind == "module":
                if u.module not in data["modules"]:
                    problems[m].append(f"{u.file}:{u.line}: {U.short(u.module)}: no such module in {shell_of(data)}")
                continue
            if u.kind == "export":
                if u.module in data["modules"] and u.module not in data["exports"]:
                    raise Stale(f"the exports of {U.short(u.module)}")
                if u.module in data["modules"] and u.name not in data["exports"][u.module]:
                    problems[m].append(f"{u.file}:{u.line}: {u.expr}: {U.short(u.module)} has no export {u.name} "
                                       f"in {shell_of(data)}")
                continue
            # The same use in either variant, at any line, is one: a member one major has and
            # another lacks fails there, whichever variant each major installs.
            key = (u.kind, u.expr, u.root, tuple(u.path), u.signal, tuple(u.props))
            if m not in walks.setdefault(key, {}):
                walks[key][m] = (u, walk(data, u))
    for by_major in walks.values():
        length = max((len(s) for _, s in by_major.values() if s), default=0)
        for i in range(length):
            reached = {m: s[i] for m, (_, s) in by_major.items() if s and len(s) > i}
            u = next(iter(by_major.values()))[0]
            if not any(found for _, found, _ in reached.values()) and u.kind != "adw-name":
                if u.kind != "override":
                    left.add(f"{u.expr}: {next(iter(reached.values()))[0]}")
                continue
            for m, (_name, found, lacks) in reached.items():
                if found:
                    continue
                u, data = by_major[m][0], per_major[m][0]
                source = adw_of(data) if u.kind == "adw-name" or u.root[0] == "adw" else shell_of(data)
                expr = u.expr + (f"('{u.signal}')" if u.signal else "")
                problems[m].append(f"{u.file}:{u.line}: {expr}: {lacks} in {source}")
                by_major[m] = (u, by_major[m][1][:i + 1])
    return problems, left


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", action="append", help="a variant folder (default: both in contrib/gnome-shell)")
    ap.add_argument("--only", type=int, help="print one major (all are read: a name one has and another lacks)")
    ap.add_argument("--data", default=HERE, help="the folder of <major>.json (default: shell-api/)")
    ap.add_argument("-v", action="store_true", help="also the names left to St, Clutter and GTK")
    a = ap.parse_args()
    variants = a.variant or [os.path.join(BUILT, "nitnem@nitnem"), os.path.join(BUILT, "nitnem@nitnem-43")]
    listed = majors()
    per_major, kinds = {}, {}
    scanned = {}
    for m, kind in listed:
        data = load(m, a.data)
        if data is None:
            print(f"FAIL {m}: no shell-api/{m}.json: run contrib/gnome-shell/shell-api/extract.py (its --help says how)")
            print("0 passed, 1 failed")
            return 2
        v = variant_for(m, variants)
        if v is None:
            print(f"FAIL {m}: no variant folder for it among {variants}")
            return 2
        if v not in scanned:
            scanned[v] = U.scan_variant(v)
        per_major[m] = (data, scanned[v])
        kinds[m] = kind
    try:
        problems, left = evaluate(per_major)
    except Stale as e:
        print(f"FAIL the data in contrib/gnome-shell/shell-api/ lacks {e}, which the extension now reaches: "
              "run contrib/gnome-shell/shell-api/extract.py (extract.py --help)")
        print("0 passed, 1 failed")
        return 2
    passed = failed = 0
    for m, (data, us) in per_major.items():
        if a.only and m != a.only:
            continue
        v = os.path.basename(os.path.normpath(variant_for(m, variants)))
        modules = {u.module for u in us if u.kind == "module"}
        names = {(u.module, u.name) for u in us if u.kind == "export"}
        members = {(u.root, tuple(u.path)) for u in us if u.kind == "chain" and u.root[0] != "adw"}
        adw = {u.name for u in us if u.kind == "adw-name"}
        adw_members = {(u.root, tuple(u.path), tuple(u.props), u.signal) for u in us
                       if u.kind in ("chain", "adw-props") and u.root[0] == "adw"}
        summary = (f"{m} ({kinds[m]}) {v}: in {shell_of(data)}, {len(modules)} modules, {len(names)} names, "
                   f"{len(members)} member uses; in {adw_of(data)}, {len(adw)} classes, {len(adw_members)} uses")
        seen = []
        for p in problems[m]:
            if p not in seen:
                seen.append(p)
        if seen:
            failed += 1
            print(f"FAIL {summary}")
            for p in seen:
                print(f"     {m}: {p}")
        else:
            passed += 1
            print(f"ok   {summary}")
    print(f"not checked here ({len(left)}, St's, Clutter's or GTK's in every major; the real runs cover them)"
          + (":" if a.v else ": -v lists them"))
    if a.v:
        for n in sorted(left):
            print(f"     {n}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
