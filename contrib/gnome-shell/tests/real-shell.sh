#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The extension in real GNOME Shells: Debian 13's GNOME Shell 48 in the Debian 13 root
# (scripts/debian13-root.sh, built on first use and cached) and Debian 12's GNOME Shell 43 on this
# machine, each as an X11 compositor on its own Xvfb, with its own system and session buses, as a
# user that is not root, with nitnem and the extension installed as `make install` does.
# real-shell-check.py then checks, from outside the Shell: GetExtensionInfo says ENABLED; the panel
# label and the menu's items, read through AT-SPI, are what `nitnem status` and
# `nitnem mark --list` say; a click on an unread bani marks it on disk; a screenshot with the menu
# open. Root only (namespaces, mounts, chroot).
#
#   contrib/gnome-shell/tests/real-shell.sh [--screenshot DIR] [--only 43|48]
#
# --screenshot DIR: also copies the screenshots there, gnome-43-panel-menu.png and
# gnome-48-panel-menu.png. The nitnem binary: $NITNEM_BIN, else the release build (made when
# missing). Prints the checks, each Shell's summary and a closing `N passed, M failed`; exits 1 on
# any failure, and keeps the Shells' logs (its work folder is named) when there is one.
set -euo pipefail
# chroot, debootstrap (in /usr/sbin) also when the caller's PATH lacks the sbin folders.
export PATH=$PATH:/usr/sbin:/sbin
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
shots=
only=
while [ $# -gt 0 ]; do
  case $1 in
    --screenshot) shots=$2; shift ;;
    --only) only=$2; shift ;;
    *) echo "usage: $0 [--screenshot DIR] [--only 43|48]" >&2; exit 2 ;;
  esac
  shift
done
[ "$(id -u)" -eq 0 ] || { echo "real-shell.sh: needs root (namespaces, mounts, chroot)" >&2; exit 2; }
if [ -n "$shots" ]; then mkdir -p "$shots"; shots=$(cd "$shots" && pwd); fi

start=$SECONDS
bin=${NITNEM_BIN:-}
if [ -z "$bin" ]; then
  export PATH=/opt/swift/usr/bin:$PATH
  # The release build as `make release` makes it (the same flags, so neither rebuilds the other's).
  read -r -a release <<< "$("$repo/scripts/release-flags.sh")"
  (cd "$repo" && swift build "${release[@]}" > /dev/null) || { echo "real-shell.sh: the release build failed" >&2; exit 1; }
  bin="$(cd "$repo" && swift build "${release[@]}" --show-bin-path)/nitnem"
fi
work=$(mktemp -d /tmp/nitnem-real-shell.XXXXXX)
# The catalogues compiled here (the Debian 13 root has no msgfmt): install.sh takes them (LOCALE_FROM).
for po in "$repo"/po/*.po; do
  [ -f "$po" ] || continue
  lang=$(basename "$po" .po)
  mkdir -p "$work/locale/$lang/LC_MESSAGES"
  msgfmt --check -o "$work/locale/$lang/LC_MESSAGES/nitnem.mo" "$po"
done
chmod -R a+rX "$work/locale"
# What the Shells' sessions read of the checkout (install.sh, the extension, the checks), copied where
# their unprivileged user can read it: the checkout may be in a folder only root can enter (root's
# home is 0700 on Debian, and so is a mktemp -d folder).
mkdir -p "$work/src"
tar -C "$repo" --exclude=./.build --exclude=./.git -cf - . | tar -C "$work/src" -xf -
cp "$bin" "$work/nitnem"
chmod -R a+rX "$work/src" "$work/nitnem"
chmod 755 "$work"
passed=0
failed=0

# Adds one run's `N passed, M failed` (its last line) to the totals; a run without one is a failure.
tally() {
  local name=$1 out=$2 rc=$3 last p f
  last=$(printf '%s\n' "$out" | tail -n 1)
  p=${last%% passed, *}
  f=${last#* passed, }
  f=${f% failed}
  case "$p$f" in
    '' | *[!0-9]*) echo "-- $name: ended without a summary (exit $rc)"; failed=$((failed + 1)); return ;;
  esac
  echo "-- $name: $last"
  passed=$((passed + p))
  failed=$((failed + f))
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then echo "-- $name: exit $rc with no failed check"; failed=$((failed + 1)); fi
}

# One Shell: $1 the version, then the command that runs real-shell-session.sh in new namespaces.
shell() {
  local v=$1 out rc t=$SECONDS
  shift
  mkdir -p "$work/$v"
  echo "GNOME Shell $v:"
  # At most 5 minutes (a Shell that hangs fails the test; every process of the run goes with it).
  # Each line is shown as it comes, on the stderr this script was given (not a reopened
  # /dev/stderr, which would truncate a log file that stderr is redirected to).
  out=$(timeout --kill-after=10 300 "$@" 2>&1 | while IFS= read -r line; do
    printf '%s\n' "$line" >&2
    printf '%s\n' "$line"
  done) && rc=0 || rc=$?
  tally "GNOME Shell $v ($((SECONDS - t)) s)" "$out" "$rc"
  if [ -n "$shots" ] && [ -f "$work/$v/panel-menu.png" ]; then
    cp "$work/$v/panel-menu.png" "$shots/gnome-$v-panel-menu.png"
    echo "-- screenshot: $shots/gnome-$v-panel-menu.png"
  fi
}

if [ -z "$only" ] || [ "$only" = 48 ]; then
  "$repo/scripts/debian13-root.sh" build
  shell 48 "$repo/scripts/debian13-root.sh" run --root --bin "$bin" --bind "$work/src:/src" -- \
    bash /src/contrib/gnome-shell/tests/real-shell-session.sh --shell 48 --uid 1000 --repo /src \
    --work "$work/48" --nitnem /usr/local/bin/nitnem
fi
if [ -z "$only" ] || [ "$only" = 43 ]; then
  command -v gnome-shell > /dev/null || { echo "real-shell.sh: no gnome-shell here (scripts/deps.sh installs it)" >&2; exit 1; }
  shell 43 unshare --mount --propagation private --pid --fork --kill-child --mount-proc \
    bash "$work/src/contrib/gnome-shell/tests/real-shell-session.sh" --shell 43 --uid 65534 --repo "$work/src" \
    --work "$work/43" --nitnem "$work/nitnem"
fi

echo "real GNOME Shells: $passed passed, $failed failed ($((SECONDS - start)) s)"
if [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]; then
  rm -rf "$work"
else
  echo "logs: $work/*/shell.log, session.log, install.log" >&2
  exit 1
fi
