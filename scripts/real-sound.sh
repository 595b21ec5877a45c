#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A reminder's sound, heard (part of `make test`): Debian testing's GNOME Shell 50 headless in the
# testing root (scripts/testing-root.sh, built on first use and cached), with PipeWire (pipewire,
# wireplumber, pipewire-pulse) playing into a null sink whose monitor is recorded. GNOME Shell lists
# the `sound` capability and plays a notification's `sound-name` through libcanberra (its ALSA
# backend, which pipewire-alsa routes to PipeWire's default sink: the null one). scripts/real-sound.py
# does the checks: with config `sound = on` the Evening reminder is heard (sox's maximum amplitude of
# the recording well above silence), with `sound = off` the same reminder is silent.
#
#   scripts/real-sound.sh
#
# The Shell runs as the root's user tester in its own system bus (hidden /run/systemd: no seats, so
# the Shell takes its dummy login manager) and session bus, as real-shell-session.sh runs it.
# The nitnem bound into the root: $NITNEM_BIN, else the release build (scripts/debian-root.sh makes it
# when missing, with `make release`'s flags). Root only (the root's script
# mounts and chroots). Prints the checks and `N passed, M failed`; exits 1 on a failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/desktop.sh"
if [ "${1-}" = --inside ]; then
  # As root, PID 1 of the root's mount and PID namespaces: the mounts below go with them.
  work=$2
  system_bus
  exec setpriv --reuid=1000 --regid=1000 --clear-groups \
    env -i HOME="$work/home" USER=tester LOGNAME=tester PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 \
    XDG_RUNTIME_DIR="$work/run" XDG_CONFIG_HOME="$work/home/.config" TZ=Asia/Kolkata \
    timeout 240 dbus-run-session -- python3 "$work/real-sound.py" "$work"
fi
repo=$(cd "$here/.." && pwd)
[ "$(id -u)" -eq 0 ] || { echo "real-sound: needs root (the testing root's script mounts and chroots)" >&2; exit 2; }
start=$SECONDS
"$repo/scripts/testing-root.sh" build

# What the session reads, copied where tester can read it (the clone may be in root's 0700 home).
work=$(mktemp -d /tmp/nitnem-sound-XXXXXX)
keep=0
trap '[ "$keep" = 1 ] || rm -rf "$work"' EXIT
chmod 755 "$work"
cp "$here/real-sound.sh" "$here/real-sound.py" "$here/harness.py" "$here/desktop.sh" "$work/"
cp -r "$repo/fixtures/groups/demo" "$work/demo"
mkdir -p "$work/home/.config" "$work/run"
chown -R 1000:1000 "$work"
chmod 700 "$work/run"

set +e
"$repo/scripts/testing-root.sh" run --root -- bash "$work/real-sound.sh" --inside "$work" 2>&1 | no_bus_chatter
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" -ne 0 ]; then
  echo "real-sound: the Shell's last lines:" >&2
  tail -n 15 "$work/shell.log" >&2 2> /dev/null || true
  keep=1
  echo "real-sound: its logs are in $work" >&2
fi
echo "real-sound: exit $rc ($((SECONDS - start)) s)"
exit "$rc"
