#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the GNOME Shell extension's tests with plain gjs (apt package `gjs`); no Shell needed:
# - gen-43.sh: makes nitnem@nitnem-43/ (GNOME Shell 43/44) and the 45+ copy to install of
#   nitnem@nitnem/ (45+, the source) into the build folder, .build/contrib, where the tests below read
#   the 43/44 one; and, in a copy of gen-43.sh and the source, how it writes each metadata.json's
#   shell-version from a shell-versions file (majors up to 44 for the one, from 45 for the other), what
#   it does without one (the source's list, and "43") and that it refuses a bad line, naming it;
# - the generated forms' metadata.json list the majors of contrib/gnome-shell/shell-versions
#   that each installs for (nitnem@nitnem: from 45 on; nitnem@nitnem-43: up to 44);
# - test_timeline.js, once per module form of widget.js (contrib/shared/widget.js, the logic the
#   Plasma widget loads too, as gen-43.sh copies it): `legacy` (GNOME 43/44) and `esm` (45+);
# - test_menu.js, once per module form too: the menu model (nitnem's `display`, the goldens in
#   fixtures/golden/display: lines, banis and actions, and the argv each runs);
# - test_legacy43.js: the generated 43/44 extension checked against the 45+ one (the 45+ extension.js
#   parsed as an ES module);
# - test_prefs.js: the Preferences window's pure half (in widget.js) against the built nitnem
#   ($NITNEM_BIN, else .build/debug/nitnem: swift build first), in a temp home, once per module
#   form of widget.js too.
# (harness.js is the test(), eq() and the other helpers the gjs test files share.)
# Prints one line per test, a summary per file, and a closing `N passed, M failed` (the totals);
# exits non-zero on any failure.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v gjs >/dev/null 2>&1; then
    echo "gjs not found: install the gjs package (apt-get install gjs)" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
passed=0
failed=0

repo=$(cd "$here/../../.." && pwd)

# One check of this script's own: $1 what, then the command.
check() {
    what=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
        echo "ok   $what"
    else
        failed=$((failed + 1))
        echo "FAIL $what"
    fi
}

if out=$("$here/../gen-43.sh" "$repo/.build/contrib" 2>&1); then
    check "gen-43.sh: $out" true
else
    check "gen-43.sh failed: $out" false
fi

# gen-43.sh's metadata.json lists, in a copy of it and of the source beside a shell-versions file of
# its own ($1: its text; none without $1): prints "<43/44 list> | <45+ list>", or what gen-43.sh said.
gen=$(mktemp -d /tmp/nitnem-gen-43.XXXXXX)
trap 'rm -rf "$gen"' EXIT
mkdir "$gen/gnome-shell"
cp -r "$here/../gen-43.sh" "$here/../shell-versions.sh" "$here/../nitnem@nitnem" "$gen/gnome-shell/"
cp -r "$here/../../shared" "$gen/"
listed() { sed -n 's/^  "shell-version": \[\(.*\)\],$/\1/p' "$1"; }
lists() {
    rm -rf "$gen/out" "$gen/gnome-shell/shell-versions"
    [ $# -eq 0 ] || printf '%s' "$1" > "$gen/gnome-shell/shell-versions"
    if out=$("$gen/gnome-shell/gen-43.sh" "$gen/out" 2>&1); then
        echo "$(listed "$gen/out/nitnem@nitnem-43/metadata.json") | $(listed "$gen/out/nitnem@nitnem/metadata.json")"
    else
        printf 'exit 1: %s\n' "$out"
    fi
}
got=$(lists '# GNOME Shell majors
43 run
44 checked  # no Debian root has it

45 checked
48 run
 51 run
')
check "gen-43.sh with a shell-versions file: 43/44 lists its majors up to 44, 45+ those from 45 ($got)" \
    test "$got" = '"43", "44" | "45", "48", "51"'
got=$(lists)
check "gen-43.sh without one: 43/44 lists 43, 45+ the source metadata.json's list ($got)" \
    test "$got" = "\"43\" | $(listed "$here/../nitnem@nitnem/metadata.json")"
got=$(lists '43 run
44 maybe
45 run
')
check "gen-43.sh refuses a bad line of shell-versions, naming it ($got)" \
    test "$got" = "exit 1: $gen/gnome-shell/shell-versions:2: not \`<major> run|checked [# note]\`: 44 maybe"
# metadata.json's "shell-version" against the one list (read by shell-versions.sh, as gen-43.sh does).
for entry in 'nitnem@nitnem --from 45' 'nitnem@nitnem-43 --to 44'; do
    dir=${entry%% *}
    want=$("$here/../shell-versions.sh" ${entry#* } --json 2>&1) || true
    have=$(python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))["shell-version"]))' \
        "$repo/.build/contrib/$dir/metadata.json" 2>&1) || true
    if [ "$have" = "$want" ]; then
        passed=$((passed + 1))
        echo "ok   $dir/metadata.json lists $have, as contrib/gnome-shell/shell-versions (${entry#* })"
    else
        failed=$((failed + 1))
        echo "FAIL $dir/metadata.json lists $have; contrib/gnome-shell/shell-versions (${entry#* }) has $want"
    fi
done

# One gjs run. A parse error or a crash before the file's summary counts as one failure.
run() {
    name=$1
    shift
    out=$(gjs -m "$@" 2>&1) && rc=0 || rc=$?
    last=$(printf '%s\n' "$out" | tail -n 1)
    printf '%s\n' "$out" | sed '$d'
    p=${last%% passed, *}
    f=${last#* passed, }
    f=${f% failed}
    case "$p$f" in
    '' | *[!0-9]*)
        printf '%s\n' "$last"
        echo "-- $name: ended without a summary (exit $rc)"
        failed=$((failed + 1))
        return
        ;;
    esac
    echo "-- $name: $last"
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "-- $name: exit $rc with no failed test"
        failed=$((failed + 1))
    fi
}

run "test_timeline.js legacy" "$here/test_timeline.js" legacy
run "test_timeline.js esm" "$here/test_timeline.js" esm
run "test_menu.js legacy" "$here/test_menu.js" legacy
run "test_menu.js esm" "$here/test_menu.js" esm
run "test_legacy43.js" "$here/test_legacy43.js"
nitnem=${NITNEM_BIN:-$repo/.build/debug/nitnem}
[ -x "$nitnem" ] || { echo "run.sh: $nitnem is not built (swift build first, or NITNEM_BIN)" >&2; exit 1; }
run "test_prefs.js legacy" "$here/test_prefs.js" "$nitnem" legacy
run "test_prefs.js esm" "$here/test_prefs.js" "$nitnem" esm

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
