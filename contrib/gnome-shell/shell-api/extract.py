#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes shell-api/<major>.json, the data check.py checks the extension against, for every major in
contrib/gnome-shell/shell-versions, from GNOME Shell's and libadwaita's own git repositories:

  contrib/gnome-shell/shell-api/extract.py --shell GIT_DIR --adwaita GIT_DIR [--only MAJOR] [--out DIR]

(GIT_DIR: a clone, bare or not, of GNOME/gnome-shell and of GNOME/libadwaita with the tags below;
read with `git show` and `git ls-tree`, never checked out or built. --out: write there instead of
shell-api/, for check.py --data.)

A major's data is what both of its tags below have (its first release and its last one here, so a
name counts only if a user of that major has it whatever point release they run): every module of
the Shell's two JavaScript resources; the names each module the extension imports exports, which
of them are classes, and the classes its variables are made of; the classes the extension's uses
reach (uses.py), and those they extend, with what each defines, the signals it declares or emits and
the classes of its members; and libadwaita's class and enum names, with the methods, properties and
signals of the classes the Preferences use and of those they extend. So once the extension imports a
module or reaches a class it did not, check.py says to run this again.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GNOME = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import check  # noqa: E402
import sources  # noqa: E402
import uses as U  # noqa: E402

# Each major: its GNOME Shell tags (first and last release; for a major with no release yet, its
# newest pre-release and the newest commit of main), and the libadwaita it ships with, by tags.
SHELL_TAGS = {
    43: ["43.0", "43.9"],
    44: ["44.0", "44.10"],
    45: ["45.0", "45.10"],
    46: ["46.0", "46.10"],
    47: ["47.0", "47.10"],
    48: ["48.0", "48.8"],
    49: ["49.0", "49.9"],
    50: ["50.0", "50.4"],
    # No 51.0 tag yet: 51.beta and main of 2026-08-22 (meson.build: 51.beta).
    51: ["51.beta", "8f78208660d617182d3ea854f10c5ec9d20248e2"],
}
ADW = {
    43: ("1.2", ["1.2.0", "1.2.5"]),
    44: ("1.3", ["1.3.0", "1.3.6"]),
    45: ("1.4", ["1.4.0", "1.4.8"]),
    46: ("1.5", ["1.5.0", "1.5.8"]),
    47: ("1.6", ["1.6.0", "1.6.10"]),
    48: ("1.7", ["1.7.0", "1.7.12"]),
    49: ("1.8", ["1.8.0", "1.8.7"]),
    50: ("1.9", ["1.9.0", "1.9.3"]),
    # No 1.10.0 tag yet: 1.10.beta and main of 2026-08-22 (meson.build: 1.10.rc).
    51: ("1.10", ["1.10.beta", "c68992bd03a1c62ec01e0095ad5440b0caea7f87"]),
}


def label(ref):
    """A ref as the data and messages name it: a tag, or main@<commit> for a commit of main."""
    return f"main@{ref[:10]}" if len(ref) == 40 and all(c in "0123456789abcdef" for c in ref) else ref


def both(models):
    """What every model of a list has (their intersection), in the model's form."""
    first, rest = models[0], models[1:]
    out = {"modules": {}, "classes": {}, "vars": {}, "aliases": dict(models[-1]["aliases"])}
    for mod, names in first["modules"].items():
        if all(mod in m["modules"] for m in rest):
            out["modules"][mod] = sorted(set(names).intersection(*(m["modules"][mod] for m in rest)))
    for key, c in first["classes"].items():
        if not all(key in m["classes"] for m in rest):
            continue
        last = models[-1]["classes"][key]
        out["classes"][key] = {
            "extends": last["extends"],
            "members": sorted(set(c["members"]).intersection(*(m["classes"][key]["members"] for m in rest))),
            "signals": sorted(set(c["signals"]).intersection(*(m["classes"][key]["signals"] for m in rest))),
            "types": {k: sorted(set().union(*(m["classes"][key]["types"].get(k, []) for m in models)))
                      for k in sorted(set().union(*(m["classes"][key]["types"] for m in models)))},
        }
    for key in set(first["vars"]).intersection(*(m["vars"] for m in rest)):
        out["vars"][key] = sorted(set().union(*(m["vars"][key] for m in models)))
    return out


def both_adw(models):
    first, rest = models[0], models[1:]
    out = {"names": sorted(set(first["names"]).intersection(*(m["names"] for m in rest))), "classes": {}}
    for name, c in first["classes"].items():
        if all(name in m["classes"] for m in rest):
            out["classes"][name] = {"extends": models[-1]["classes"][name]["extends"]}
            for k in ("methods", "properties", "signals"):
                out["classes"][name][k] = sorted(set(c[k]).intersection(*(m["classes"][name][k] for m in rest)))
    return out


def reduce(model, adw, all_uses):
    """The model cut to what check.py can reach from the uses: see the module's docstring."""
    # The modules the extension imports: which of their names are classes (so that a class the data
    # lacks is told from a function), and their variables' classes.
    imported = sorted({u.module for u in all_uses if u.kind == "module" and u.module in model["modules"]})
    class_names = {m: sorted(k.rsplit(":", 1)[1] for k in model["classes"] if k.rsplit(":", 1)[0] == m)
                   for m in imported}
    data = {"modules": model["modules"], "exports": model["modules"], "class-names": class_names, "aliases": model["aliases"],
            "classes": model["classes"], "vars": model["vars"], "adw": adw}
    keep, keep_adw = set(), set()
    vars_kept = {k: v for k, v in model["vars"].items() if k.rsplit(":", 1)[0] in imported}

    # Every class a walk of the uses visits, with the classes they extend.
    def visit(classes):
        for c in classes:
            if isinstance(c, tuple):
                keep_adw.update(check.adw_chain(data, c[1]))
            else:
                keep.update(check.shell_chain(data, c))

    for u in all_uses:
        if u.kind in ("module", "export"):
            continue
        if u.kind == "adw-name":
            if u.name in adw["classes"]:
                keep_adw.update(check.adw_chain(data, u.name))
            continue
        classes = check.root_classes(data, u.root)
        if not classes:
            continue
        visit(classes)
        for member in u.path:
            _, types = check.lookup(data, classes, member)
            classes = [k for k in (check._need(data, t) for t in types) if k]
            visit(classes)
    return {
        "modules": sorted(model["modules"]),
        "exports": {m: model["modules"][m] for m in imported},
        "class-names": class_names,
        "aliases": {k: v for k, v in model["aliases"].items() if k.rsplit(":", 1)[0] in imported or v in keep},
        "vars": vars_kept,
        "classes": {k: model["classes"][k] for k in sorted(keep)},
        "adw": {"names": adw["names"], "classes": {k: adw["classes"][k] for k in sorted(keep_adw)}},
    }


def dump(obj, indent="  "):
    """JSON with a line per module, class or variable (the diff of a new release stays readable): the
    top level, maps of entries (classes, vars…) and its long lists spread, one entry a line."""
    top = indent == "  "
    # Spread: the top level and the two below it when they hold maps or lists (but a class stays on
    # its line), and any map of maps (the classes).
    if isinstance(obj, dict) and obj and (top or all(isinstance(v, dict) for v in obj.values())
                                          or (len(indent) <= 4 and any(isinstance(v, (dict, list)) for v in obj.values()))):
        inner = [f"{indent}{json.dumps(k)}: {dump(v, indent + '  ')}" for k, v in obj.items()]
        return "{\n" + ",\n".join(inner) + "\n" + indent[2:] + "}"
    if isinstance(obj, list) and len(obj) > 12 and len(indent) <= 4:
        return "[\n" + ",\n".join(f"{indent}{json.dumps(v)}" for v in obj) + "\n" + indent[2:] + "]"
    return json.dumps(obj, sort_keys=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--shell", required=True, help="a git dir of GNOME/gnome-shell")
    ap.add_argument("--adwaita", required=True, help="a git dir of GNOME/libadwaita")
    ap.add_argument("--only", type=int, help="one major")
    ap.add_argument("--out", default=HERE, help="the folder to write <major>.json in (default: shell-api/)")
    a = ap.parse_args()
    shell, adwaita = sources.Git(a.shell), sources.Git(a.adwaita)
    built = os.path.join(os.path.dirname(os.path.dirname(GNOME)), ".build", "contrib")  # make variants
    all_uses = U.scan_variant(os.path.join(built, "nitnem@nitnem")) + \
        U.scan_variant(os.path.join(built, "nitnem@nitnem-43"))
    for major, _kind in check.majors():
        if a.only and major != a.only:
            continue
        if major not in SHELL_TAGS or major not in ADW:
            sys.exit(f"extract.py: {major} is listed in contrib/gnome-shell/shell-versions but has no tags here "
                     "(SHELL_TAGS, ADW): add its GNOME Shell tags and its libadwaita")
        commits = {t: shell.commit(t) for t in SHELL_TAGS[major]}
        model = both([sources.shell_model(shell, t) for t in SHELL_TAGS[major]])
        version, tags = ADW[major]
        adw_commits = {t: adwaita.commit(t) for t in tags}
        adw = both_adw([sources.adw_model(adwaita, t) for t in tags])
        data = {
            "major": major,
            "made-by": "contrib/gnome-shell/shell-api/extract.py",
            "gnome-shell": {"repository": "GNOME/gnome-shell", "tags": [label(t) for t in SHELL_TAGS[major]],
                            "commits": {label(t): c for t, c in commits.items()}},
            "libadwaita": {"repository": "GNOME/libadwaita", "version": version, "tags": [label(t) for t in tags],
                           "commits": {label(t): c for t, c in adw_commits.items()}},
        }
        data.update(reduce(model, adw, all_uses))
        path = os.path.join(a.out, f"{major}.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(dump(data) + "\n")
        shown = os.path.relpath(path)
        print(f"{path if shown.startswith('..') else shown}: GNOME Shell {' and '.join(data['gnome-shell']['tags'])}, "
              f"libadwaita {' and '.join(data['libadwaita']['tags'])}: "
              f"{len(data['modules'])} modules, {len(data['classes'])} classes, {len(data['adw']['classes'])} libadwaita classes, "
              f"{os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
