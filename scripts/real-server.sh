#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A reminder in a notification server for real (part of `make test`): the server on its display (Xvfb for dunst and xfce4-notifyd, a headless
# sway for swaync and mako, `kwin_wayland --virtual` for Plasma's plasmashell), in a private session bus, and `nitnem run` with the clock two seconds
# before the Evening slot. scripts/real-server.py does the checks, in an episode per action (a fresh
# group and state, a new agent): the reminder on screen with its summary, body and buttons, once, as
# the server shows it (dunst's -print, swaync's, xfce4-notifyd's and Plasma's popups read through the
# accessibility tree, `makoctl list`); a click on it (the default action) and Read now open the
# reader with its link (config `open`, a script that writes it down); Mark read reaches the
# progress file and Later the ledger; each pressed through the server (dunst: a middle click on its
# window and its context menu; swaync 0.12: `swaync-client --action`; swaync 0.7, which has no
# `--action` and shows GTK 3's buttons only by name: its picture (grim) read by tesseract, and sway's
# pointer clicked where the tree and the picture agree the summary or button is; xfce4-notifyd: a click on its
# window and its buttons pressed through the accessibility tree; mako: `makoctl invoke`; Plasma: a
# real left click of KWin's pointer on its summary and on each button, scripts/kwin_pointer.py), with the
# ActionInvoked the server sent and our Notify's hints (urgency a byte, desktop-entry, category)
# read off the bus (dbus-monitor); `nitnem reminders test` says what the server shows.
#
#   scripts/real-server.sh dunst|swaync|xfce4-notifyd|mako|plasma [--root testing|SCRIPT]
#
# Without --root: the host's server (Debian 12: dunst 1.9, swaync 0.7, xfce4-notifyd 0.7, mako 1.7;
# scripts/deps.sh installs them), as the user nitnem-test when run as root. With --root testing:
# Debian testing's (dunst 1.13, swaync 0.12, xfce4-notifyd 0.9, mako 1.11, Plasma 6.7's own server
# in plasmashell, which runs only there) in the testing root
# (scripts/testing-root.sh, built on first use and cached), as its user tester; root only.
# NITNEM_BIN: the nitnem to run (default: the release build, made with `make release`'s flags).
# REAL_SERVER_DUMP=1: when the reminder is not found, the accessibility tree is printed, and when a
# press brings no ActionInvoked, the screen is saved to /tmp/real-server-fail.png (sway only).
# Prints the checks and `N passed, M failed`; exits 1 on a failure.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/desktop.sh"
usage() { echo "usage: $0 dunst|swaync|xfce4-notifyd|mako|plasma [--root testing|SCRIPT]" >&2; exit 2; }
case ${1-} in dunst | swaync | xfce4-notifyd | mako | plasma) server=$1; shift ;; *) usage ;; esac
distro=
while [ $# -gt 0 ]; do
  case $1 in
    --root) [ -n "${2:-}" ] || usage
      distro=$(root_script real-server "$2")
      shift 2 ;;
    *) usage ;;
  esac
done
# Plasma 6.7's shell is in the testing root only (the host's is Plasma 5.27, not run here).
[ "$server" != plasma ] || [ -n "$distro" ] || { echo "real-server: plasma runs in the testing root: --root testing" >&2; exit 2; }
start=$SECONDS
[ -n "${NITNEM_BIN:-}" ] || NITNEM_BIN=$("$repo/scripts/release-flags.sh" --build)
[ -x "$NITNEM_BIN" ] || { echo "real-server: NITNEM_BIN=$NITNEM_BIN is not a program" >&2; exit 2; }

# What the session reads, copied where its user can read it (the clone may be in root's 0700 home).
work=$(mktemp -d /tmp/nitnem-server-XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
cp "$repo/scripts/real-server.py" "$repo/scripts/harness.py" "$repo/scripts/kwin_pointer.py" "$repo/contrib/nitnem.desktop" "$work/"
cp -r "$repo/fixtures/groups/demo" "$work/group"
mkdir -p "$work/home/.config/nitnem" "$work/run" "$work/bin"
# The reader: a script that adds its last argument (the page) to a file, a line each start.
printf '#!/bin/sh\nfor a in "$@"; do last=$a; done\necho "$last" >> %s/opened\n' "$work" > "$work/opener"
chmod 755 "$work/opener"
printf 'open = %s/opener\n' "$work" > "$work/home/.config/nitnem/config"

if [ -n "$distro" ]; then
  [ "$(id -u)" -eq 0 ] || { echo "real-server: --root needs root (the root's script mounts and chroots)" >&2; exit 2; }
  "$distro" build
  uid=1000
  as_user() { "$distro" run --bin "$NITNEM_BIN" -- "$@"; }
  path=/usr/local/bin:/usr/bin:/bin
else
  case $server in
    dunst) tools=(dunst dunstctl Xvfb xdotool) ;;
    swaync) tools=(swaync swaync-client sway Xvfb grim tesseract) ;;
    xfce4-notifyd) tools=(/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd Xvfb xdotool) ;;
    mako) tools=(mako makoctl sway) ;;
  esac
  need_tools real-server "${tools[@]}" dbus-run-session
  cp "$NITNEM_BIN" "$work/bin/nitnem"
  path=$work/bin:/usr/local/bin:/usr/bin:/bin
  if [ "$(id -u)" -eq 0 ]; then
    user=$(test_user real-server)
    uid=$(id -u "$user")
    as_user() { setpriv --reuid="$uid" --regid="$(id -g "$uid")" --init-groups -- "$@"; }
  else
    uid=$(id -u)
    as_user() { "$@"; }
  fi
fi
chown -R "$uid:$(id -g "$uid" 2> /dev/null || echo "$uid")" "$work"
chmod 700 "$work/run"

set +e
as_user env -i ${REAL_SERVER_DUMP:+REAL_SERVER_DUMP=1} PATH="$path" HOME="$work/home" XDG_RUNTIME_DIR="$work/run" XDG_CONFIG_HOME="$work/home/.config" \
  XDG_CACHE_HOME="$work/home/.cache" XDG_DATA_HOME="$work/home/.local/share" LANG=C.UTF-8 \
  TZ=Asia/Kolkata SGGS_CLOCK_NOW=2026-11-29T17:59:58 SGGS_CLOCK_RATE=1 \
  timeout 240 dbus-run-session -- /usr/bin/python3 "$work/real-server.py" "$server" "$work" 2>&1 | no_bus_chatter
rc=${PIPESTATUS[0]}
set -e
echo "real-server $server${distro:+ (${distro##*/})}: exit $rc ($((SECONDS - start)) s)"
exit "$rc"
