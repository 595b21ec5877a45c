#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the GNOME Shell extension's tests with plain gjs (apt package `gjs`); no Shell needed:
# - gen-43.sh --check: nitnem@nitnem-43/ (GNOME Shell 43/44) is what gen-43.sh makes of
#   nitnem@nitnem/ (45+, the source);
# - each variant's metadata.json lists the majors of the one list, contrib/gnome-shell/shell-versions,
#   that it installs for (nitnem@nitnem: from 45 on; nitnem@nitnem-43: up to 44);
# - test_timeline.js, once per module form of timeline.js: `legacy` (GNOME 43/44) and `esm` (45+);
# - test_menu.js, once per module form too: the menu model (nitnem's `display`, the goldens in
#   fixtures/golden/display: lines, banis and actions, and the argv each runs);
# - test_legacy43.js: the generated 43/44 extension checked against the 45+ one (the 45+ extension.js
#   parsed as an ES module);
# - test_prefs.js: the Preferences window's pure half (settings.js) against the built nitnem
#   ($NITNEM_BIN, else .build/debug/nitnem: swift build first), in a temp home, once per module
#   form of settings.js too.
# (harness.js is the test()/eq() both gjs test files use.)
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

if out=$("$here/../gen-43.sh" --check 2>&1); then
    passed=$((passed + 1))
    echo "ok   nitnem@nitnem-43/ (timeline.js, settings.js, extension.js, prefs.js, stylesheet.css, metadata.json) is what gen-43.sh makes"
else
    failed=$((failed + 1))
    printf 'FAIL nitnem@nitnem-43/ is out of date: %s\n' "$out"
fi

# metadata.json's "shell-version" against the one list (read by shell-versions.sh, as gen-43.sh does).
for entry in 'nitnem@nitnem --from 45' 'nitnem@nitnem-43 --to 44'; do
    dir=${entry%% *}
    want=$("$here/../shell-versions.sh" ${entry#* } --json 2>&1) || true
    have=$(python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))["shell-version"]))' \
        "$here/../$dir/metadata.json" 2>&1) || true
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
nitnem=${NITNEM_BIN:-$(cd "$here/../../.." && pwd)/.build/debug/nitnem}
[ -x "$nitnem" ] || { echo "run.sh: $nitnem is not built (swift build first, or NITNEM_BIN)" >&2; exit 1; }
run "test_prefs.js legacy" "$here/test_prefs.js" "$nitnem" legacy
run "test_prefs.js esm" "$here/test_prefs.js" "$nitnem" esm

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
