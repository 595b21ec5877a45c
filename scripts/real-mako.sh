#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A reminder in mako for real (part of `make test`): Debian testing's mako 1.11 on sway 1.12
# headless, in the testing root (scripts/testing-root.sh, built on first use and cached), as its
# user tester, in a private session bus. scripts/real-mako.py does the checks: the reminder in
# `makoctl list` with its summary, body and actions, once; a click (`makoctl invoke`, the default
# action) opens the reader with its link; Mark read and Later (`makoctl invoke mark|later`) reach
# the progress file and the ledger; `nitnem reminders test` says what mako shows.
#
#   scripts/real-mako.sh
#
# NITNEM_BIN: the nitnem bound into the root (a release build with the Swift runtime linked in;
# default: the release build, made with `make release`'s flags). Root only (the root's script
# mounts and chroots). Prints the checks and `N passed, M failed`; exits 1 on a failure.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
[ "$(id -u)" -eq 0 ] || { echo "real-mako: needs root (the testing root's script mounts and chroots)" >&2; exit 2; }
start=$SECONDS
if [ -z "${NITNEM_BIN:-}" ]; then
  export PATH=/opt/swift/usr/bin:$PATH
  read -r -a release <<< "$("$repo/scripts/release-flags.sh")"
  (cd "$repo" && swift build "${release[@]}" >&2)
  NITNEM_BIN="$(cd "$repo" && swift build "${release[@]}" --show-bin-path)/nitnem"
fi
"$repo/scripts/testing-root.sh" build

# What the session reads, copied where tester can read it (the clone may be in root's 0700 home).
work=$(mktemp -d /tmp/nitnem-mako-XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
cp "$repo/scripts/real-mako.py" "$work/"
cp -r "$repo/fixtures/groups/demo" "$work/group"
mkdir -p "$work/home/.config/nitnem" "$work/run"
# The reader: a script that writes its last argument (the page) down.
printf '#!/bin/sh\nfor a in "$@"; do last=$a; done\necho "$last" > %s/opened\n' "$work" > "$work/opener"
chmod 755 "$work/opener"
printf 'open = %s/opener\n' "$work" > "$work/home/.config/nitnem/config"
chown -R 1000:1000 "$work"
chmod 700 "$work/run"

set +e
"$repo/scripts/testing-root.sh" run --bin "$NITNEM_BIN" -- env -i PATH=/usr/local/bin:/usr/bin:/bin \
  HOME="$work/home" XDG_RUNTIME_DIR="$work/run" XDG_CONFIG_HOME="$work/home/.config" LANG=C.UTF-8 \
  TZ=Asia/Kolkata SGGS_CLOCK_NOW=2026-11-29T17:59:58 SGGS_CLOCK_RATE=1 \
  timeout 180 dbus-run-session -- python3 "$work/real-mako.py" "$work" 2>&1 |
  grep -v -e '^dbus-daemon\[.*ctivat'
rc=${PIPESTATUS[0]}
set -e
echo "real-mako: exit $rc ($((SECONDS - start)) s)"
exit "$rc"
