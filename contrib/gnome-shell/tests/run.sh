#!/bin/sh
# Runs the GNOME Shell extension's logic tests with plain gjs (apt package `gjs`); no Shell needed.
# Prints one line per test and a closing `N passed, M failed`; exits non-zero on any failure.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v gjs >/dev/null 2>&1; then
    echo "gjs not found: install the gjs package (apt-get install gjs)" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
# A parse error or a crash before the summary still ends with the summary line and exit 1.
out=$(gjs "$here/test_timeline.js" 2>&1) && rc=0 || rc=$?
printf '%s\n' "$out"
last=$(printf '%s\n' "$out" | tail -n 1)
case "$last" in
*" passed, "*" failed") ;;
*)
    echo "test_timeline.js ended without a summary (exit $rc)" >&2
    echo "0 passed, 1 failed"
    exit 1
    ;;
esac
exit "$rc"
