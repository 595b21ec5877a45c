#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The nitnem KDE Plasma widget for real: plasmoidviewer (plasma-sdk) on a private Xvfb with
# QT_QUICK_BACKEND=software and QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1, inside a private session bus,
# the widget installed as `make install` puts it (XDG_DATA_HOME/plasma/plasmoids/org.nitnem.nitnem)
# on a bare test panel (tests/panel-5, panel-6), the demo group at 2026-11-29 17:00 Asia/Kolkata.
# probe.py reads and drives it through the accessibility tree (what it checks: see probe.py); this
# script also takes the screenshot it asks for (xwd, made a PNG by xwd2png.py). With --settings,
# settings.py drives the widget's settings pages instead (what it checks: see settings.py), in
# English or, with --lang pa, in Punjabi.
#
#   contrib/plasma/tests/widget.sh [--plasma 5|6] [--root auto|13|testing|SCRIPT] [--settings [--lang en|pa]] [--screenshot DIR]
#
# --plasma 5 (the default) runs this machine's Plasma 5.27 (Debian 12) and the org.nitnem.nitnem-5
# variant (made first by contrib/plasma/gen-5.sh into .build/contrib) with nitnem from $NITNEM_BIN,
# else .build/debug/nitnem. --plasma 6 runs the Plasma 6 one
# in a root, through its script, which builds and caches the root: 13 or auto (the default),
# scripts/debian13-root.sh (Debian 13, Plasma 6.3); testing, scripts/testing-root.sh (Debian
# testing, Plasma 6.7); or the path of such a script. The nitnem it binds there is $NITNEM_BIN (a
# release build with the Swift runtime linked in), else the one the script makes. The screenshot
# is DIR/plasma-5-widget.png or plasma-6-widget.png (and the Punjabi run's plasma-5-pa-widget.png or
# plasma-6-pa-widget.png), with --settings plasma-5-settings.png or
# plasma-6-settings.png (--lang pa: plasma-6-pa-settings.png; default DIR: the work folder, named
# at the end).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
plasma_dir=$(dirname "$here")
repo=$(cd "$plasma_dir/../.." && pwd)
. "$repo/scripts/desktop.sh"
plasma=5
root=""
shots=""
drive=widget
lang=()
while [ $# -gt 0 ]; do
  case $1 in
    --plasma) plasma=${2:?}; shift 2 ;;
    --root) root=${2:?}; shift 2 ;;
    --screenshot) shots=${2:?}; shift 2 ;;
    --settings) drive=settings; shift ;;
    --lang) lang=(--lang "${2:?}"); shift 2 ;;
    *) echo "usage: $0 [--plasma 5|6] [--root auto|13|testing|SCRIPT] [--settings [--lang en|pa]] [--screenshot DIR]" >&2; exit 2 ;;
  esac
done
case $plasma in
  5) variant=$repo/.build/contrib/org.nitnem.nitnem-5 ;;
  6) variant=$repo/.build/contrib/org.nitnem.nitnem; [ -n "$root" ] || root=auto ;;
  *) echo "widget.sh: --plasma: expected 5 or 6, got $plasma" >&2; exit 2 ;;
esac
case $root in
  auto | 13) root=$repo/scripts/debian13-root.sh ;;
  testing) root=$repo/scripts/testing-root.sh ;;
esac
if [ -n "$root" ] && [ ! -x "$root" ]; then
  echo "widget.sh: --root: $root is not a root's script (scripts/debian13-root.sh, scripts/testing-root.sh)" >&2
  exit 2
fi

work=$(mktemp -d /tmp/nitnem-plasma-widget.XXXXXX)
xvfb=""
watcher=""
cleanup() {
  [ -z "$watcher" ] || kill "$watcher" 2> /dev/null || true
  [ -z "$xvfb" ] || kill "$xvfb" 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
chmod 755 "$work"
plasmoids=$work/home/.local/share/plasma/plasmoids
mkdir -p "$plasmoids" "$work/home/.config" "$work/bin" "$work/run"
# Breeze Light as the colour scheme, as a new Plasma session has (kde-style-breeze ships it).
if [ -f /usr/share/color-schemes/BreezeLight.colors ]; then cp /usr/share/color-schemes/BreezeLight.colors "$work/home/.config/kdeglobals"; fi
"$plasma_dir/gen-5.sh" "$repo/.build/contrib" > /dev/null
cp -r "$variant" "$plasmoids/org.nitnem.nitnem"
cp -r "$here/panel-$plasma" "$plasmoids/org.nitnem.testpanel"
cp -r "$repo/fixtures/groups/demo" "$work/group"
cp "$here/probe.py" "$here/settings.py" "$here/viewer.py" "$repo/scripts/harness.py" "$work/"
# nitnem's catalogue compiled here (the Debian 13 root has no msgfmt) into XDG_DATA_HOME/locale, where
# `make install PREFIX=~/.local` puts it beside the widget: nitnem reads it there (NITNEM_LOCALEDIR,
# viewer.punjabi) and so does KI18n for the settings pages' names (config.qml's i18nd). For the
# Punjabi runs, the locale sources pa_IN.UTF-8 is generated from (that root has no locales package either).
mkdir -p "$work/home/.local/share/locale/pa/LC_MESSAGES" "$work/i18n/charmaps"
msgfmt --check -o "$work/home/.local/share/locale/pa/LC_MESSAGES/nitnem.mo" "$repo/po/pa.po"
cp -r /usr/share/i18n/locales "$work/i18n/"
gzip -dc /usr/share/i18n/charmaps/UTF-8.gz > "$work/i18n/charmaps/UTF-8"
if [ -z "$shots" ]; then shots=$work/shots; fi
mkdir -p "$shots"
shot=$(cd "$shots" && pwd)/plasma-$plasma${lang[1]:+-${lang[1]}}-$drive.png

# A private display, its socket in /tmp (the root sees the host's /tmp): Xvfb picks a free number
# itself and writes it when it is ready (-displayfd); choosing one here raced other tests' servers.
# -noreset: no reset when the last client leaves, which dropped the accessibility bus's address from
# the root window and refused a plasmoidviewer connecting meanwhile (viewer.start_on_bus).
start_xvfb "$work" 1024x768x24 -noreset -ac
[ -n "$display" ] || { echo "widget.sh: Xvfb did not start:" >&2; cat "$work/xvfb.log" >&2; exit 1; }

# The screenshots probe.py asks for, once the list shows its mark, and again in Punjabi (settings.py:
# of the box its request names, the settings window). A request's first line is the box to cut (empty:
# the lit part of the screen), its second the language the picture is named for (empty: $shot's).
pa_shot=$(dirname "$shot")/plasma-$plasma-pa-$drive.png
(
  while :; do
    while [ ! -e "$work/shot.request" ]; do sleep 0.1; done
    xwd -root -silent -display ":$display" > "$work/shot.xwd"
    box=$(sed -n 1p "$work/shot.request")
    out=$shot
    [ "$(sed -n 2p "$work/shot.request")" != pa ] || out=$pa_shot
    rm -f "$work/shot.request"
    if [ -n "$box" ]; then cut=(--box "$box"); else cut=(--crop); fi
    python3 "$here/xwd2png.py" "${cut[@]}" "$work/shot.xwd" "$out"
    touch "$work/shot.done"
  done
) &
watcher=$!

session_env=(
  DISPLAY=":$display" HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config"
  SGGS_APP_GROUP="$work/group" SGGS_CLOCK_NOW=2026-11-29T17:00 TZ=Asia/Kolkata LANG=C.UTF-8
  QT_QUICK_BACKEND=software QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_ACCESSIBILITY=1
)
# Debian's python3, the one python3-pyatspi is for (not another on PATH).
script=(probe.py)
[ "$drive" = widget ] || script=(settings.py "${lang[@]}")
probe=(dbus-run-session -- /usr/bin/python3 "$work/${script[0]}" "${script[@]:1}" --work "$work" --group "$work/group" --plasma "$plasma")
if [ -z "$root" ]; then
  ln -s "$(cd "$(dirname "${NITNEM_BIN:-$repo/.build/debug/nitnem}")" && pwd)/nitnem" "$work/bin/nitnem"
  chmod 700 "$work/run"
  runner=(env XDG_RUNTIME_DIR="$work/run" PATH="$work/bin:$PATH")
else
  # In the root the session is the user tester (uid 1000): the work folder is theirs.
  chown -R 1000:1000 "$work"
  chmod 777 "$shots" 2> /dev/null || true
  bin=()
  [ -z "${NITNEM_BIN:-}" ] || bin=(--bin "$NITNEM_BIN")
  runner=("$root" run "${bin[@]}" -- env)
fi
status=0
"${runner[@]}" "${session_env[@]}" "${probe[@]}" || status=$?
if [ "$status" -ne 0 ] && [ -f "$work/plasmoidviewer.log" ]; then
  echo "widget.sh: failed; plasmoidviewer's last lines:" >&2
  grep -v 'Binding loop' "$work/plasmoidviewer.log" | tail -n 25 >&2
  # 75 (viewer.py's NOT_ON_BUS): plasmoidviewer never appeared on the accessibility bus; Qt's AT-SPI
  # lines (viewer.start turns them on) say how far it got.
  [ "$status" -ne 75 ] || { echo "widget.sh: its AT-SPI lines:" >&2; grep 'qt.accessibility.atspi' "$work/plasmoidviewer.log" | grep -v ' cache' | tail -n 10 >&2 || true; }
fi
for taken in "$shot" "$pa_shot"; do
  [ "$taken" != "$pa_shot" ] || [ "$pa_shot" != "$shot" ] || continue
  [ -e "$taken" ] || continue
  if [ "$shots" != "$work/shots" ]; then
    echo "screenshot: $taken" >&2
  elif [ "$status" -ne 0 ]; then
    # A failed run's picture outlives the work folder, to be looked at; a run that passed leaves none.
    keep=$(mktemp -d /tmp/nitnem-plasma-shot.XXXXXX)
    mv "$taken" "$keep/"
    echo "screenshot kept as $keep/$(basename "$taken")" >&2
  fi
done
exit $status
