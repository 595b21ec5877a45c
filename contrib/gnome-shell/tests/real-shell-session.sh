#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# One GNOME Shell run for real-shell.sh: runs as PID 1 of its own mount and PID namespaces (as root),
# either in a Debian root (scripts/debian-root.sh 13, testing or unstable run --root) or on the
# host (unshare), so the mounts below and every process started here end with it.
#
#   real-shell-session.sh --shell 48 --uid UID --repo DIR --work DIR --nitnem FILE [--lang en|pa] [--prefs-only | --deb FILE]
#
# As root: hides /run/systemd (no seats: the Shell uses its dummy login manager) and starts a system
# bus of its own (dbus-daemon --system). Then, as UID (HOME=WORK/home, the group WORK/group, the
# clock fixed with SGGS_CLOCK_NOW), in a session bus (dbus-run-session): installs nitnem and the
# extension with scripts/install.sh as `make install` does (PREFIX=~/.local, the extension for the
# Shell `gnome-shell --version` names), enables it with gsettings, begins a practice (nitnem practice),
# marks a complete and a partial
# day earlier in the month and two banis read today, writes the widget timeline, starts the Shell and runs real-shell-check.py, then real-prefs.py,
# the Preferences window (--prefs-only: that alone), and prints both summaries added up. A Shell that can be an X11 compositor
# (`gnome-shell --help` lists --x11: 43, 48) runs as one on an Xvfb of its own and is clicked with
# xdotool; one that cannot (50 and 51 have no X11) runs headless on Wayland with a virtual monitor and is
# clicked through mutter's RemoteDesktop API. The Shell's log is WORK/shell.log, the session's (its
# buses) WORK/session.log, the screenshots WORK/panel-menu.png and WORK/prefs.png. --lang pa: the session in Punjabi as
# the user guide's recipe has it, LANG=pa_IN.UTF-8, the locale generated first (localedef, as
# locale-gen does, from the locale sources real-shell.sh copies beside WORK, into a LOCPATH of WORK):
# the Shell, the extension's nitnem and the checks all run in it. --deb FILE: first, as root, the
# package installed with `apt-get install` (real-shell.sh --package runs this in a Debian root seen
# through an overlay); then nothing installed in the home: the package's /usr/bin/nitnem and
# /usr/share/gnome-shell/extensions/nitnem@nitnem, and real-shell-check.py --system alone (enabled,
# system-wide, the label).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mode=root
lang=en
prefs_only=no
deb=
while [ $# -gt 0 ]; do
  case $1 in
    --in-session) mode=session ;;
    --prefs-only) prefs_only=yes ;;
    --deb) deb=$2; shift ;;
    --shell) shell=$2; shift ;;
    --uid) uid=$2; shift ;;
    --repo) repo=$2; shift ;;
    --work) work=$2; shift ;;
    --nitnem) nitnem=$2; shift ;;
    --lang) lang=$2; shift ;;
    *) echo "real-shell-session.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
: "${shell:?--shell}" "${uid:?--uid}" "${repo:?--repo}" "${work:?--work}" "${nitnem:?--nitnem}"
. "$repo/scripts/desktop.sh"

if [ "$mode" = root ]; then
  # Only in new PID and mount namespaces, whose PID 1 is this script or debian13-root.sh's bash: the
  # mounts below must never reach the host.
  [ "$(cat /proc/1/comm)" = bash ] ||
    { echo "real-shell-session.sh: run me in new PID and mount namespaces (real-shell.sh does)" >&2; exit 2; }
  if [ -n "$deb" ]; then
    # As root, as a user installs it: what it depends on is in the root already (no download).
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$deb" > "$work/apt.log" 2>&1 ||
      { tail -n 20 "$work/apt.log"; echo "FAIL apt-get install ./$(basename "$deb") as root (above)"; echo "0 passed, 1 failed"; exit 1; }
  fi
  system_bus
  mkdir -p "$work/home" "$work/runtime" "$work/group"
  chmod 700 "$work/runtime"
  locale=(LANG=C.UTF-8)
  if [ "$lang" = pa ]; then
    i18n=$(dirname "$work")/i18n
    mkdir -p "$work/locpath"
    I18NPATH=$i18n localedef -i pa_IN -c -f "$i18n/charmaps/UTF-8" "$work/locpath/pa_IN.UTF-8" > "$work/localedef.log" 2>&1 || true
    [ -f "$work/locpath/pa_IN.UTF-8/LC_CTYPE" ] ||
      { echo "FAIL localedef pa_IN.UTF-8 (from $i18n): $(tail -n 1 "$work/localedef.log")"; echo "0 passed, 1 failed"; exit 1; }
    locale=(LANG=pa_IN.UTF-8 LOCPATH="$work/locpath")
  fi
  chown -R "$uid:$uid" "$work"
  # A fixed clock: now, to the second, so the timeline the Shell reads and `nitnem status` agree.
  # The zone: the Etc/GMT one whose local time is nearest 13:00, in the middle of the Morning band
  # (09:00–17:00), so no band starts while the test runs (the Shell picks the timeline's entry by
  # the real time) and every run shows the same band.
  utc=$(date -u +%H:%M)
  off=$(((13 * 60 - 10#${utc%:*} * 60 - 10#${utc#*:} + 30 + 24 * 60) / 60 % 24))
  [ "$off" -le 14 ] || off=$((off - 24))
  if [ "$off" -gt 0 ]; then zone=Etc/GMT-$off; elif [ "$off" -lt 0 ]; then zone=Etc/GMT+$((-off)); else zone=Etc/GMT; fi
  now=$(TZ=$zone date +%Y-%m-%dT%H:%M:%S%:z)
  exec setpriv --reuid="$uid" --regid="$uid" --clear-groups \
    env -i HOME="$work/home" USER=tester LOGNAME=tester PATH="$work/home/.local/bin:/usr/local/bin:/usr/bin:/bin" \
    "${locale[@]}" TZ="$zone" XDG_RUNTIME_DIR="$work/runtime" SGGS_APP_GROUP="$work/group" \
    SGGS_CLOCK_NOW="$now" \
    dbus-run-session -- bash "$0" --in-session --shell "$shell" --uid "$uid" --repo "$repo" --work "$work" \
    --nitnem "$nitnem" --lang "$lang" $([ "$prefs_only" = no ] || echo --prefs-only) \
    $([ -z "$deb" ] || echo --deb "$deb") 2>> "$work/session.log"
fi

# In the session: install, enable, start, check.
cd "$work"
p=0 f=0
if [ -n "$deb" ]; then
  status=$(dpkg-query -W -f='${Status} ${Version}' nitnem 2>&1) || true
  case $status in
    'install ok installed '*) echo "ok   apt-get install ./$(basename "$deb") as root: nitnem ${status##* } installed"; p=1 ;;
    *) echo "FAIL apt-get install ./$(basename "$deb") as root: dpkg-query says '$status'"; f=1 ;;
  esac
else
  NITNEM_BIN=$nitnem PREFIX=$HOME/.local STRIP= MANPAGE= LOCALE_FROM=$(dirname "$work")/locale \
    bash "$repo/scripts/install.sh" > install.log 2>&1 ||
    { cat install.log; echo "FAIL scripts/install.sh (above)"; echo "0 passed, 1 failed"; exit 1; }
  grep 'GNOME Shell' install.log | sed 's/^/     /'
fi
gsettings set org.gnome.shell enabled-extensions "['nitnem@nitnem']"
gsettings set org.gnome.shell disable-user-extensions false
gsettings set org.gnome.shell welcome-dialog-last-shown-version '999'
gsettings set org.gnome.desktop.interface toolkit-accessibility true
# The Shell warns once per user that it cannot lock the screen without GDM; this says "warned".
mkdir -p "$HOME/.local/share/gnome-shell"
touch "$HOME/.local/share/gnome-shell/lock-warning-shown"
# Earlier this month, a complete day (yesterday: every daily bani) and a partial one (the day before:
# two), so the journey's grid has each kind of day and a streak of 1 (none before the 3rd of a month).
dom=$(date +%-d)
ids() { nitnem mark --list --day "$1" --format json | python3 -c 'import json, sys; print(" ".join(b["id"] for b in json.load(sys.stdin)["banis"]))'; }
if [ "$dom" -ge 2 ]; then read -r -a all <<< "$(ids -1)"; nitnem mark --day -1 "${all[@]}" > /dev/null; fi
if [ "$dom" -ge 3 ]; then read -r -a all <<< "$(ids -2)"; nitnem mark --day -2 "${all[@]:0:2}" > /dev/null; fi
# Two banis read already, so the menu has both kinds of item (✓ and ○).
nitnem mark --next > /dev/null
nitnem mark --next > /dev/null
# A practice of Japji Sahib begun two days ago (read on the days seeded above), so the menu shows its line.
nitnem practice start japji --from -2 > /dev/null
nitnem timeline --write > /dev/null

screen=1280x800
if gnome-shell --help 2>&1 | grep -e '--x11' > /dev/null; then
  start_xvfb "$work" "${screen}x24"
  export DISPLAY=:$display
  gnome-shell --x11 --replace > shell.log 2>&1 &
  input=x11
else
  echo "     no --x11 in gnome-shell --help: headless Wayland, a $screen virtual monitor"
  gnome-shell --headless --wayland --virtual-monitor "$screen" > shell.log 2>&1 &
  input=remote-desktop
fi
# The panel's checks, then the Preferences window's (43/44 too: gen-43.sh's legacy prefs.js),
# real-prefs.py; the last line adds both summaries up for real-shell.sh. --prefs-only: the window's alone.
summary() { tail -n 1 "$1" | sed -n 's/^\(real-prefs: \)\{0,1\}\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\2 \3/p'; }
rc=0
if [ "$prefs_only" = no ]; then
  python3 "$here/real-shell-check.py" --shell "$shell" --input "$input" --screen "$screen" --lang "$lang" \
    --screenshot "$work/panel-menu.png" $([ -z "$deb" ] || echo --system) | tee "$work/check.out" || rc=1
  read -r cp cf <<< "$(summary "$work/check.out")" || true
  [ -n "${cp:-}" ] || { echo "FAIL real-shell-check.py ended without a summary"; cp=0 cf=1; }
  p=$((p + cp)) f=$((f + cf))
fi
if [ -z "$deb" ]; then
  python3 "$here/real-prefs.py" --input "$input" --screen "$screen" --screenshot "$work/prefs.png" | tee "$work/prefs.out" || rc=1
  read -r pp pf <<< "$(summary "$work/prefs.out")" || true
  [ -n "${pp:-}" ] || { echo "FAIL real-prefs.py ended without a summary"; pp=0 pf=1; }
  p=$((p + pp)) f=$((f + pf))
fi
echo "$p passed, $f failed"
exit "$rc"
