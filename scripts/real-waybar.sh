#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# waybar for real (part of `make test`): sway headless and waybar with contrib/waybar.jsonc's module
# and contrib/waybar.css, in a private session (dbus-run-session, its own XDG_RUNTIME_DIR), as an
# ordinary user: sway refuses to run as root, so as root this runs it as the user nitnem-test (made
# with useradd when missing). scripts/real-waybar.py does the checks: the text waybar shows (read
# through the accessibility tree) is `nitnem status --format waybar`'s before and after a
# `nitnem mark --next`, and every state reads on a light and a dark bar.
#
#   scripts/real-waybar.sh [--root testing|SCRIPT] [--screenshot DIR]
#
# DIR gets waybar-light.png and waybar-dark.png. Without --root it runs this machine's sway and
# waybar; with --root, those of a root, through its script (testing: scripts/testing-root.sh, the
# Debian testing root with sway 1.12 and waybar 0.15; or the path of such a script), as that root's
# user tester (uid 1000), with the nitnem the script binds there ($NITNEM_BIN, a release build with
# the Swift runtime linked in, else the one the script makes).
#
# NITNEM_BIN: the nitnem to run (default .build/debug/nitnem); NITNEM_TEST_USER: the user for root
# without --root (default nitnem-test). The demo group at 13:00 in
# Asia/Kolkata (SGGS_CLOCK_NOW). Exit 1 when sway or waybar does not start or a check fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/desktop.sh"
shots=
distro=
usage() { echo "usage: $0 [--root testing|SCRIPT] [--screenshot DIR]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --screenshot) [ -n "${2:-}" ] || usage
      mkdir -p "$2"; shots=$(cd "$2" && pwd); shift 2 ;;
    --root) [ -n "${2:-}" ] || usage
      distro=$(root_script real-waybar "$2")
      shift 2 ;;
    *) usage ;;
  esac
done
if [ -z "$distro" ]; then
  bin=${NITNEM_BIN:-$root/.build/debug/nitnem}
  [ -x "$bin" ] || { echo "real-waybar: $bin: no nitnem binary (swift build)" >&2; exit 1; }
  need_tools real-waybar sway waybar grim dbus-run-session
fi
start=$SECONDS

# Who runs the session: this user, or nitnem-test when this is root; in a root, its user tester.
user=$(id -un)
if [ -n "$distro" ]; then
  user=1000
  [ "$(id -u)" -eq 0 ] || { echo "real-waybar: --root needs root (the root's script mounts and chroots)" >&2; exit 2; }
  # In the root: the nitnem its script binds at /usr/local/bin/nitnem, $NITNEM_BIN or the release
  # build (made here once, with `make release`'s flags, rather than checked by each run below).
  [ -n "${NITNEM_BIN:-}" ] || NITNEM_BIN=$("$root/scripts/release-flags.sh" --build)
  bind=(--bin "$NITNEM_BIN")
  "$distro" build
elif [ "$(id -u)" -eq 0 ]; then
  user=$(test_user real-waybar)
fi
as_user() {
  if [ -n "$distro" ]; then
    "$distro" run "${bind[@]}" -- "$@"
  elif [ "$(id -u)" -eq 0 ]; then
    setpriv --reuid="$user" --regid="$(id -g "$user")" --init-groups -- "$@"
  else
    "$@"
  fi
}

# Everything the session reads is copied here (the clone may be in a folder the user cannot read);
# the user's part (runtime folder, home, groups, pictures) is the user's.
work=$(mktemp -d /tmp/nitnem-waybar-XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
mkdir -p "$work/bin" "$work/contrib"
[ -n "$distro" ] || cp "$bin" "$work/bin/nitnem"
cp "$root/contrib/waybar.jsonc" "$root/contrib/waybar.css" "$work/contrib/"
cp "$root/scripts/real-waybar.py" "$root/scripts/harness.py" "$work/"
chmod -R a+rX "$work"
mkdir -p "$work/user/home" "$work/user/groups" "$work/user/shots"
for state in pending band-complete complete error; do
  cp -r "$root/fixtures/groups/demo" "$work/user/groups/$state"
done
mkdir -m 700 "$work/user/run"
if [ -n "$distro" ]; then chown -R 1000:1000 "$work/user"; elif [ "$user" != "$(id -un)" ]; then chown -R "$user:$(id -g "$user")" "$work/user"; fi
chmod 700 "$work/user/run"

session_env=(env -i "PATH=$work/bin:/usr/local/bin:/usr/bin:/bin" "HOME=$work/user/home" "XDG_RUNTIME_DIR=$work/user/run"
  "XDG_CONFIG_HOME=$work/user/home/.config" "XDG_DATA_HOME=$work/user/home/.local/share" LANG=C.UTF-8
  TZ=Asia/Kolkata SGGS_CLOCK_NOW=2026-11-29T13:00)
# The other states: the morning band's banis read (band done), every daily bani read (the day
# complete), a progress file that is not JSON (Nitnem ⚠).
g=$work/user/groups
as_user "${session_env[@]}" nitnem mark --band --group "$g/band-complete" > /dev/null
as_user "${session_env[@]}" nitnem mark japji jaap savaiye chaupai anand rehras sohila --group "$g/complete" > /dev/null
printf '{"version": 1, "banis": {' > "$g/error/nitnem-progress.json"

# (The bus's lines about the services it starts are left out.)
set +e
as_user "${session_env[@]}" timeout 240 dbus-run-session -- /usr/bin/python3 "$work/real-waybar.py" "$work" \
  ${shots:+"$work/user/shots"} 2>&1 | no_bus_chatter '^SpiRegistry daemon is running'
rc=${PIPESTATUS[0]}
set -e
if [ -n "$shots" ]; then
  for f in "$work"/user/shots/*.png; do
    [ -e "$f" ] || continue
    cp "$f" "$shots/"
    command -v optipng > /dev/null && optipng -quiet -o5 -strip all "$shots/$(basename "$f")"
  done
fi
echo "real-waybar: exit $rc ($((SECONDS - start)) s)"
exit "$rc"
