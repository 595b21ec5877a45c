#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`make test` runs every example in the docs that shows an output, and fails when nitnem prints
anything else.

An example that shows an output is a fenced block whose info string is `console` in README.md,
contrib/README.md or docs/**/*.md: each line that starts with `$ ` is a command, run by bash; the
lines after it, up to the next command or the end of the block, are exactly what it prints (stdout
and stderr, trailing spaces ignored). A block's commands run one after another in one fresh place:
a copy of fixtures/groups/demo as the App Group (SGGS_APP_GROUP), an empty home with its own config
and state folders, TZ=Asia/Kolkata and SGGS_CLOCK_NOW=2026-11-29T13:00 (mid-Morning; the goldens'
clock), the Punjabi catalogue compiled from po/pa.po (NITNEM_LOCALEDIR) and the locales pa_IN.UTF-8
and en_US.UTF-8 generated with localedef into a LOCPATH, so `LANG=pa_IN.UTF-8 nitnem status` runs
as the user guide says. An HTML comment on the line before the block changes the place:
`<!-- example: now=2026-11-29T20:00 zone=Europe/Dublin -->`. Blocks marked `sh` are instructions, not
claims, and are not run.

  scripts/check-doc-examples.py NITNEM_BINARY

Prints `ok   FILE:LINE $ COMMAND` or `FAIL …` with what it printed; exits 1 on a failure, 2 on bad usage.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPTION = re.compile(r"^<!--\s*example:(.*?)-->\s*$")


def blocks(path):
    """Each console block of a Markdown file: (line of its fence, options, its lines)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found, fence, options = [], None, {}
    for i, line in enumerate(lines):
        m = re.match(r"^\s{0,3}(```+|~~~+)\s*(\S*)", line)
        if fence is None and m:
            fence = (m.group(1), m.group(2), i + 1, [])
            prev = lines[i - 1] if i else ""
            o = OPTION.match(prev)
            options = dict(w.split("=", 1) for w in o.group(1).split()) if o else {}
            continue
        if fence is not None and m and m.group(1).startswith(fence[0][:3]) and not m.group(2):
            if fence[1] == "console":
                found.append((fence[2], options, fence[3]))
            fence = None
            continue
        if fence is not None:
            fence[3].append(line)
    return found


def steps(lines):
    """The block's (command, expected output) pairs."""
    out = []
    for line in lines:
        if line.startswith("$ "):
            out.append([line[2:], []])
        elif out:
            out[-1][1].append(line.rstrip())
        elif line.strip():
            raise ValueError(f"a line before the first `$ ` command: {line!r}")
    return [(c, "\n".join(e).rstrip("\n")) for c, e in out]


def place(binary, work, options):
    """A fresh folder for one block, and the environment its commands run in."""
    home = tempfile.mkdtemp(dir=work)
    shutil.copytree(os.path.join(ROOT, "fixtures", "groups", "demo"), os.path.join(home, "group"))
    bin_dir = os.path.join(home, "bin")
    os.makedirs(bin_dir)
    os.symlink(os.path.abspath(binary), os.path.join(bin_dir, "nitnem"))
    return home, {
        "PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": os.path.join(home, ".config"),
        "XDG_STATE_HOME": os.path.join(home, ".local", "state"), "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
        "XDG_RUNTIME_DIR": os.path.join(home, "run"), "SGGS_APP_GROUP": os.path.join(home, "group"),
        "TZ": options.get("zone", "Asia/Kolkata"), "SGGS_CLOCK_NOW": options.get("now", "2026-11-29T13:00"),
        "LANG": "C.UTF-8", "LOCPATH": os.path.join(work, "locpath"), "NITNEM_LOCALEDIR": os.path.join(work, "locale"),
        "COLUMNS": "100",
    }


def prepare(work):
    """The compiled catalogue and the generated locales every block shares."""
    mo = os.path.join(work, "locale", "pa", "LC_MESSAGES")
    os.makedirs(mo)
    subprocess.run(["msgfmt", "--check", "-o", os.path.join(mo, "nitnem.mo"), os.path.join(ROOT, "po", "pa.po")],
                   check=True)
    for name in ("pa_IN", "en_US"):
        target = os.path.join(work, "locpath", f"{name}.UTF-8")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        subprocess.run(["localedef", "-i", name, "-f", "UTF-8", target], capture_output=True)
        if not os.path.exists(os.path.join(target, "LC_CTYPE")):
            sys.exit(f"check-doc-examples: localedef {name}.UTF-8 made nothing (the locales package)")


def main():
    if len(sys.argv) != 2 or not os.access(sys.argv[1], os.X_OK):
        print("usage: scripts/check-doc-examples.py NITNEM_BINARY (an executable nitnem)", file=sys.stderr)
        return 2
    files = [os.path.join(ROOT, p) for p in ("README.md", "contrib/README.md")]
    files += sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    work = tempfile.mkdtemp(prefix="nitnem-doc-examples.")
    passed = failed = 0
    try:
        prepare(work)
        for path in files:
            rel = os.path.relpath(path, ROOT)
            for line, options, lines in blocks(path):
                try:
                    pairs = steps(lines)
                except ValueError as e:
                    print(f"FAIL {rel}:{line}: {e}")
                    failed += 1
                    continue
                home, env = place(sys.argv[1], work, options)
                os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
                for command, want in pairs:
                    r = subprocess.run(["bash", "-c", command], cwd=home, env=env, capture_output=True, text=True,
                                       timeout=60)
                    got = "\n".join(x.rstrip() for x in (r.stdout + r.stderr).rstrip("\n").split("\n"))
                    if got == want:
                        print(f"ok   {rel}:{line} $ {command}")
                        passed += 1
                    else:
                        print(f"FAIL {rel}:{line} $ {command} (exit {r.returncode}) printed:")
                        print("\n".join("       " + x for x in got.split("\n")))
                        print("     where the docs say:")
                        print("\n".join("       " + x for x in want.split("\n")))
                        failed += 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"doc examples: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
