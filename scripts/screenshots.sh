#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make screenshots`: the README's pictures, taken from the real programs the tests run, into
# docs/screenshots/ (or DIR). Never edit them by hand: run this again.
#
#   scripts/screenshots.sh [DIR]
#
# One function per surface. A surface whose harness is not in the tree yet (GNOME Shell's
# contrib/gnome-shell/tests/real-shell.sh, Plasma's contrib/plasma/tests/widget.sh) is named and
# skipped; one whose harness fails is named, and the others are still taken. Exit 1 when any failed.
# NITNEM_BIN: the nitnem to run (default .build/debug/nitnem). PNGs are cropped to the bar or
# notification and optimised (optipng).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/docs/screenshots}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
export NITNEM_BIN=${NITNEM_BIN:-$root/.build/debug/nitnem}
failed=()

# waybar on a headless sway, a light and a dark bar: waybar-light.png, waybar-dark.png.
waybar() { "$root/scripts/real-waybar.sh" --screenshot "$dir"; }
# polybar on Xvfb with contrib/polybar.ini's module: polybar.png.
polybar() { dbus-run-session -- /usr/bin/python3 "$root/scripts/screenshots-x11.py" polybar "$dir/polybar.png"; }
# The Evening reminder in dunst on Xvfb: dunst-reminder.png.
dunst() { dbus-run-session -- /usr/bin/python3 "$root/scripts/screenshots-x11.py" dunst "$dir/dunst-reminder.png"; }
# GNOME Shell's panel and menu, when its real-shell harness is in the tree.
gnome() {
  local harness=$root/contrib/gnome-shell/tests/real-shell.sh
  [ -x "$harness" ] || { echo "screenshots: gnome: no $harness yet: skipped"; return 0; }
  # Shells 48 and 50 run in the Debian 13 and testing roots, which need the release build (the Swift runtime linked
  # in): the harness makes it unless NITNEM_BIN names one, so the debug binary is not handed on.
  env -u NITNEM_BIN "$harness" --screenshot "$dir"
}
# The Plasma widget in plasmoidviewer, its list open: Plasma 5.27 on this machine
# (plasma-5-widget.png), Plasma 6.7 in the Debian testing root (plasma-6-widget.png), each also in
# Punjabi (plasma-5-pa-widget.png, plasma-6-pa-widget.png); and its
# settings window on the Your Nitnem page after the settings test's add and move
# (plasma-5-settings.png, plasma-6-settings.png; in Punjabi plasma-6-pa-settings.png).
plasma() {
  local harness=$root/contrib/plasma/tests/widget.sh
  [ -x "$harness" ] || { echo "screenshots: plasma: no $harness yet: skipped"; return 0; }
  "$harness" --plasma 5 --screenshot "$dir" || return 1
  "$harness" --plasma 5 --settings --screenshot "$dir" || return 1
  env -u NITNEM_BIN "$harness" --plasma 6 --root testing --screenshot "$dir" || return 1
  env -u NITNEM_BIN "$harness" --plasma 6 --root testing --settings --screenshot "$dir" || return 1
  env -u NITNEM_BIN "$harness" --plasma 6 --root testing --settings --lang pa --screenshot "$dir"
}

for surface in waybar polybar dunst gnome plasma; do
  echo "screenshots: $surface"
  "$surface" || failed+=("$surface")
done
for f in "$dir"/*.png; do
  [ -e "$f" ] || continue
  command -v optipng > /dev/null && optipng -quiet -o5 -strip all "$f"
  echo "screenshots: $(basename "$f") $(identify -format '%wx%h' "$f" 2> /dev/null) $(stat -c %s "$f") bytes"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "screenshots: failed: ${failed[*]}" >&2
  exit 1
fi
