#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Decisions are pure: NitnemClockKit, Snapshot and Scheduler import no system library and no
# system layer, directly (an import line) or through a dependency (Package.swift); and no product
# code imports Foundation. Run by `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
pure=(NitnemClockKit Snapshot Scheduler)
forbidden='Glibc|Darwin|CLinux|CSQLite|CLibnotify|Posix|Notify|AgentShell|SnapshotExport'
status=0
for target in "${pure[@]}"; do
  if hits=$(grep -rnE "^[[:space:]]*(@_implementationOnly |@testable |internal |public |package |private |fileprivate )?import ($forbidden)\b|canImport\(($forbidden)\)" "Sources/$target"); then
    echo "check-pure: $target imports a system library or the system layer:" >&2
    echo "$hits" >&2
    status=1
  fi
done
# The dependencies each pure target declares in Package.swift, transitively, must stay pure too.
deps=$(swift package dump-package 2>/dev/null | python3 -c '
import json, sys
pkg = json.load(sys.stdin)
deps = {t["name"]: [d.get("byName", d.get("target", [None]))[0] for d in t["dependencies"]] for t in pkg["targets"]}
pure = {"NitnemClockKit", "Snapshot", "Scheduler"}
for name in sorted(pure):
    seen, todo = set(), list(deps.get(name, []))
    while todo:
        d = todo.pop()
        if d in seen: continue
        seen.add(d); todo += deps.get(d, [])
    bad = sorted(seen - pure)
    if bad: print(name + " depends on " + ", ".join(bad))
')
if [ -n "$deps" ]; then
  echo "check-pure: a pure target depends on an impure one (Package.swift):" >&2
  echo "$deps" >&2
  status=1
fi
# Product code imports no Foundation module: Foundation loads ICU, and even FoundationEssentials' Date
# pulls in formatting, property lists and attributed strings (9 MB); instants are NitnemClockKit's.
# Tests and TestSupport may (Foundation's TimeZone is the zone oracle).
if hits=$(grep -rnE "^[[:space:]]*(@_implementationOnly |@preconcurrency |internal |public |package |private |fileprivate )?import ((struct|class|enum|func|protocol|typealias|var|let) )?(Foundation|FoundationEssentials|FoundationInternationalization|FoundationNetworking|FoundationXML)(\.|[[:space:]]*$)" Sources --include='*.swift' | grep -v '^Sources/TestSupport/'); then
  echo "check-pure: product code imports Foundation; instants are NitnemClockKit's Date:" >&2
  echo "$hits" >&2
  status=1
fi
# Product code runs on one thread: the release build counts references without atomic instructions
# (scripts/release-flags.sh, -assume-single-threaded), which two threads sharing an object would break.
# Comments are passed over; TestSupport runs in the tests' own build.
if hits=$(grep -rnE "pthread_create|\bThread[[:space:]]*[.(]|Dispatch(Queue|Group)|\bTask[[:space:]]*(\{|\.detached|\()|async let|import Dispatch" Sources --include='*.swift' | grep -v '^Sources/TestSupport/' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'); then
  echo "check-pure: product code starts a thread; the release build assumes one (scripts/release-flags.sh):" >&2
  echo "$hits" >&2
  status=1
fi
[ $status -eq 0 ] && echo "check-pure: NitnemClockKit, Snapshot and Scheduler import no system library or system layer; product code imports no Foundation and starts no thread"
exit $status
