#!/usr/bin/env bash
# Installs the Debian packages nitnem needs, when any is missing. Uses sudo when not root. Safe to
# run again: installs nothing when all are present.
#
#   scripts/deps.sh build        what building and running need (`make run`, `make install`)
#   scripts/deps.sh build deb    and what `make deb` needs
#   scripts/deps.sh              everything `make test` needs (build, deb and the test tools)
set -euo pipefail
build=(
  pkg-config libsqlite3-dev libnotify-dev    # the sqlite3.h and libnotify headers (CSQLite, CLibnotifyHeaders)
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
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
