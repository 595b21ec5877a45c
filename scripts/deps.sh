#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian packages nitnem needs, when any is missing. Uses sudo when not root. Safe to
# run again: installs nothing when all are present.
#
#   scripts/deps.sh build        what building and running need (`make run`, `make install`)
#   scripts/deps.sh build deb    and what `make deb` needs
#   scripts/deps.sh              everything `make test` needs (build, deb and the test tools)
set -euo pipefail
build=(
  pkg-config libsqlite3-dev libnotify-dev    # the sqlite3.h and libnotify headers (CSQLite, CLibnotifyHeaders)
  gettext                                    # msgfmt: po/*.po compiled at build and install (share/locale)
)
deb=(
  dpkg-dev                                   # make deb: dpkg-shlibdeps, dpkg-deb
)
test=(
  sqlite3 jq tzdata python3                  # fixture databases, JSON checks, zone data, the fault suite (faults/run)
  dbus-daemon xvfb dunst libnotify-bin       # a private session bus and a real notification server
  gjs                                        # the GNOME Shell extension's timeline logic
  polybar xdotool x11-apps fonts-dejavu-core # a real bar on Xvfb, clicked (xdotool), screens read (xwd)
  xdg-utils desktop-file-utils               # the sggs:// handler (xdg-open, xdg-mime; make install uses them when present)
  bash-completion zsh fish man-db            # the generated completions load, the man page renders clean
  lintian systemd                            # the .deb's lintian, systemd-analyze verify of the unit
  locales fontconfig fonts-lohit-guru        # LANG=pa_IN.UTF-8 (localedef), doctor's fc-list :lang=pa, a Gurmukhi font
)
[ $# -gt 0 ] || set -- build deb test
packages=()
for group in "$@"; do
  case $group in
    build) packages+=("${build[@]}") ;;
    deb) packages+=("${deb[@]}") ;;
    test) packages+=("${test[@]}") ;;
    *) echo "usage: $0 [build] [deb] [test] (none: all)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
# Another apt (unattended-upgrades in the first hour after boot, a second terminal) may hold the
# package lock: wait for it, up to DEPS_LOCK_TIMEOUT seconds (default 10 minutes), rather than fail.
timeout=${DEPS_LOCK_TIMEOUT:-600}
lock=(-o "DPkg::Lock::Timeout=$timeout")
# apt's lock is an fcntl lock (flock(1) cannot see it): asked with python3 when it is there.
if command -v python3 > /dev/null && ! $sudo python3 -c 'import fcntl
f = open("/var/lib/dpkg/lock-frontend", "a")
fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)' 2> /dev/null; then
  echo "deps: another program holds the package lock (/var/lib/dpkg/lock-frontend); waiting up to ${timeout} s for it" >&2
fi
start=$SECONDS
$sudo apt-get "${lock[@]}" update -qq
$sudo apt-get "${lock[@]}" install -y -qq --no-install-recommends "${missing[@]}"
[ $((SECONDS - start)) -lt 30 ] || echo "deps: done after $((SECONDS - start)) s" >&2
