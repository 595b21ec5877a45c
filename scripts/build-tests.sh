#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make check`'s build: the debug build with its tests (`swift build --build-tests`), which fails when
# the compiler warns about a file of ours (Package.swift, Sources/, Tests/; not .build/ nor a system
# header). swift build prints a file's warnings only when it compiles that file, so each file that
# warned is touched: the next run compiles it again and fails again, until the warning is fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}

log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$swift" build --build-tests 2>&1 | tee "$log"

# "/abs/path/File.swift:38:40: warning: …" about a file under this tree (as given or with links resolved).
here=$PWD
real=$(pwd -P)
warnings=$({ grep -E '^.+:[0-9]+:[0-9]+: warning: ' "$log" || true; } | sort -u | while IFS= read -r line; do
  file=$(sed -E 's/:[0-9]+:[0-9]+: warning: .*//' <<< "$line")
  case $file in
    "$here"/.build/* | "$real"/.build/*) ;;
    "$here"/* | "$real"/*) printf '%s\n' "$line" ;;
  esac
done)
[ -z "$warnings" ] && exit 0
echo >&2
echo "build-tests: the compiler warns about our sources; make check fails until they are fixed:" >&2
printf '%s\n' "$warnings" >&2
sed -E 's/:[0-9]+:[0-9]+: warning: .*//' <<< "$warnings" | sort -u | while IFS= read -r file; do touch "$file"; done
exit 1
