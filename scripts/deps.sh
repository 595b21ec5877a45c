#!/usr/bin/env bash
# Installs the Debian packages nitnem builds and tests with, when any is missing.
# Uses sudo when not root. Safe to run again: installs nothing when all are present.
set -euo pipefail
packages=(
  pkg-config libsqlite3-dev libnotify-dev   # build: the sqlite3.h and libnotify headers (CSQLite, CLibnotifyHeaders)
  sqlite3 jq tzdata                          # tests: fixture databases, JSON checks, zone data
  dbus-daemon xvfb dunst libnotify-bin       # tests: a private session bus and a real notification server
  gjs                                        # tests: the GNOME Shell extension's timeline logic
  polybar xdotool x11-apps fonts-dejavu-core # tests: a real bar on Xvfb, clicked (xdotool), screens read (xwd)
  xdg-utils desktop-file-utils               # tests and install: the sggs:// handler (xdg-open, xdg-mime)
  bash-completion zsh fish man-db            # tests: the generated completions load, the man page renders clean
  dpkg-dev lintian systemd                   # tests: make deb (dpkg-shlibdeps, strip), lintian, systemd-analyze verify
)
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
