#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# extensions.gnome.org's review analyzer, Shexli (PyPI `shexli`, which the site runs on every upload),
# on each variant of the extension as it is packed for upload: the files scripts/install.sh installs,
# zipped at the top of <uuid>.shell-extension.zip as `gnome-extensions pack` makes it. Expects 0
# findings: prints Shexli's report for each variant and a closing `N passed, M failed`; exits 1 on a
# finding (or when Shexli cannot run).
#
#   contrib/gnome-shell/tests/shexli.sh [VARIANT_DIR...]   (default: nitnem@nitnem and nitnem@nitnem-43 as gen-43.sh makes them)
#
# Shexli needs Python 3.12 or later; Debian 12 has 3.11, so it runs with the Python of the Debian testing
# root (scripts/testing-root.sh, built when missing), from a venv made once, when missing, in
#
#   $NITNEM_ROOT_CACHE/shexli/shexli-<version>-<hash of the pins>-py<X.Y>/   (default /var/cache/nitnem)
#
# bound into the root at the same path: this machine's pip downloads the pinned wheels below for that
# Python (PyPI), and pip run from its own wheel installs them in the venv inside the root (the root has
# neither pip nor ensurepip: Debian keeps them in python3-pip and python3-venv). The venv is used only
# once its READY file is written, so an interrupted install is made again. Root only (chroot).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
# Shexli and what it needs, pinned: a new Shexli is a deliberate change (its rules change with it).
PINS=(shexli==0.2.1 tree-sitter==0.26.1 tree-sitter-javascript==0.25.0 pip==26.3)
# The newest GNOME Shell major Shexli 0.2.1 knows: its EGO-M-004 calls any `shell-version` above it
# "implausible future" (analyzer/rules/metadata.py: `major > 50`; it came out in April 2026, before
# GNOME 51). That finding alone, for majors above it, is taken only when Shexli finds nothing in the
# same pack with those majors left out of metadata.json; a new pin says again what it knows.
SHEXLI_NEWEST=50
# The files of a variant, as scripts/install.sh installs them.
FILES=(extension.js metadata.json stylesheet.css widget.js prefs.js)
[ "$(id -u)" -eq 0 ] || { echo "shexli.sh: needs root (the testing root: chroot, mounts)" >&2; exit 2; }
# The forms as they install, made by gen-43.sh into .build/contrib (`make variants`).
if [ $# -eq 0 ]; then
  "$repo/contrib/gnome-shell/gen-43.sh" "$repo/.build/contrib" > /dev/null
  set -- "$repo/.build/contrib/nitnem@nitnem" "$repo/.build/contrib/nitnem@nitnem-43"
fi

cache=${NITNEM_ROOT_CACHE:-/var/cache/nitnem}/shexli
mkdir -p "$cache"
# In the testing root, with the cache bound in; nitnem itself is not needed (any program does for
# the binary the root's `run` binds).
in_root() { "$repo/scripts/testing-root.sh" run --bin /bin/true --bind "$cache:$cache" "$@"; }

py=$(in_root -- python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])' | tail -n 1)
case $py in 3.1[2-9] | 3.[2-9][0-9]) ;; *) echo "shexli.sh: the testing root's Python is '$py'; Shexli needs 3.12 or later" >&2; exit 1 ;; esac
venv=$cache/shexli-${PINS[0]#shexli==}-$(printf '%s\n' "${PINS[@]}" | sha256sum | cut -c1-8)-py$py
if [ ! -f "$venv/READY" ]; then
  exec 9>"$cache/.lock"
  flock 9
  if [ ! -f "$venv/READY" ]; then
    echo "shexli.sh: installing ${PINS[*]} for the testing root's Python $py in $venv" >&2
    rm -rf "$venv"
    wheels=$(mktemp -d "$cache/.wheels.XXXXXX")
    trap 'rm -rf "$wheels"' EXIT
    python3 -m pip --version > /dev/null 2>&1 ||
      { echo "shexli.sh: python3 -m pip: no pip here (scripts/deps.sh installs python3-pip)" >&2; exit 1; }
    python3 -m pip download --quiet --disable-pip-version-check --only-binary=:all: --python-version "$py" \
      --dest "$wheels" "${PINS[@]}" >&2
    pip_wheel=$(ls "$wheels"/pip-*.whl)
    in_root --root -- sh -c 'python3 -m venv --without-pip "$1" && "$1/bin/python" "$2/pip" install --quiet \
      --disable-pip-version-check --no-index --no-cache-dir --find-links "$3" "$4" "$5" "$6"' \
      sh "$venv" "$pip_wheel" "$wheels" "${PINS[@]:0:3}" >&2
    in_root -- "$venv/bin/python" -m shexli --help > /dev/null
    echo "${PINS[*]} for Python $py" > "$venv/READY"
    rm -rf "$wheels"
    trap - EXIT
  fi
  exec 9>&-
fi

work=$(mktemp -d /tmp/nitnem-shexli.XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
passed=0
failed=0
# A variant's files zipped at the top of $2, as `gnome-extensions pack` does; $3: the majors to keep
# in its metadata.json's shell-version (empty: all).
pack() {
  (cd "$1" && python3 -c 'import json, sys, zipfile
keep = sys.argv[2]
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for f in sys.argv[3:]:
        if f == "metadata.json" and keep:
            m = json.load(open(f))
            m["shell-version"] = [v for v in m["shell-version"] if int(v.split(".")[0]) <= int(keep)]
            z.writestr(f, json.dumps(m, indent=2, ensure_ascii=False) + "\n")
        else:
            z.write(f)' "$2" "$3" "${FILES[@]}")
  chmod -R a+rX "$(dirname "$2")"
}

# Shexli's findings in a pack, one `RULE-ID message` a line (nothing: none).
findings() {
  in_root -- "$venv/bin/python" -m shexli --format json "$1" |
    python3 -c 'import json, sys
for f in json.load(sys.stdin)["findings"]:
    print(f["rule_id"], f["message"])'
}

for dir in "$@"; do
  name=$(basename "$dir")
  uuid=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["uuid"])' "$dir/metadata.json")
  mkdir -p "$work/$name" "$work/$name-known"
  zip=$work/$name/$uuid.shell-extension.zip
  pack "$dir" "$zip" ""
  echo "Shexli ${PINS[0]#shexli==} on $name ($uuid.shell-extension.zip: ${FILES[*]}):"
  in_root -- "$venv/bin/python" -m shexli "$zip" | sed 's/^/  /' || true
  found=$(findings "$zip" 2>&1) || found="shexli --format json failed: $found"
  newer=$(python3 -c 'import json, sys
print(" ".join(v for v in json.load(open(sys.argv[1]))["shell-version"] if int(v.split(".")[0]) > int(sys.argv[2])))' \
    "$dir/metadata.json" "$SHEXLI_NEWEST")
  if [ -z "$found" ]; then
    passed=$((passed + 1))
    echo "ok   $name: Shexli finds nothing"
  elif [ -n "$newer" ] && ! grep -qv '^EGO-M-004 ' <<< "$found"; then
    # Only the "future" majors: the same pack without them must be clean.
    known=$work/$name-known/$uuid.shell-extension.zip
    pack "$dir" "$known" "$SHEXLI_NEWEST"
    again=$(findings "$known" 2>&1) || again="shexli --format json failed: $again"
    if [ -z "$again" ]; then
      passed=$((passed + 1))
      echo "ok   $name: Shexli finds nothing but EGO-M-004 for $newer, newer than the $SHEXLI_NEWEST it knows, and nothing without them"
    else
      failed=$((failed + 1))
      echo "FAIL $name: without the majors Shexli does not know ($newer), it still finds:"
      sed 's/^/     /' <<< "$again"
    fi
  else
    failed=$((failed + 1))
    echo "FAIL $name: Shexli finds $(grep -c '' <<< "$found") (above):"
    sed 's/^/     /' <<< "$found"
  fi
done
echo "shexli: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
