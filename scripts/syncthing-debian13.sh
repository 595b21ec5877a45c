#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Debian 13's Syncthing (1.29), run on the host as the second version of the sync attack
# (faults/attack_sync.py): a Debian 12 machine (1.19) syncing with a Debian 13 one.
#
#   scripts/syncthing-debian13.sh        prints the path of its binary, fetching it first when missing
#
# The package is fetched with apt inside the Debian 13 root (scripts/debian13-root.sh: its apt has
# the mirror; the roots' package lists are not changed) into a folder of /tmp, and unpacked with
# `dpkg -x` into /var/cache/nitnem/syncthing-<version>/ (outside the clone: CI keeps that cache).
# The binary is a static Go program: it runs on the host as it is.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=/var/cache/nitnem
die() { echo "syncthing-debian13.sh: $*" >&2; exit 1; }

# A cached one: the newest unpacked Debian 13 package (the file `debian13` marks where it came from).
found() {
  local d best=""
  for d in "$cache"/syncthing-*/; do
    [ -f "$d/debian13" ] && [ -x "$d/usr/bin/syncthing" ] && best="$d/usr/bin/syncthing"
  done
  [ -n "$best" ] && echo "${best//\/\//\/}"
}

if bin=$(found); then
  echo "$bin"
  exit 0
fi
[ "$(id -u)" -eq 0 ] || die "fetching Debian 13's Syncthing needs root (the Debian 13 root's apt)"
mkdir -p "$cache"
# One fetch at a time: a second caller waits for the first, then finds the binary.
exec 9>"$cache/.syncthing-debian13.lock"
flock 9
if bin=$(found); then
  echo "$bin"
  exit 0
fi
tmp=$(mktemp -d /tmp/nitnem-syncthing-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
chmod 777 "$tmp"  # apt downloads as _apt
# Any executable stands for nitnem in the root (it is not run here).
"$here/debian13-root.sh" run --root --bin /bin/true -- sh -c "cd '$tmp' && apt-get -o DPkg::Lock::Timeout=900 -q download syncthing" >&2 ||
  die "apt-get download syncthing failed in the Debian 13 root"
deb=$(ls "$tmp"/syncthing_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || die "apt-get download left no syncthing_*.deb in $tmp"
version=$(dpkg-deb -f "$deb" Version)
version=${version#*:}
version=${version%%[-~+]*}
[ -n "$version" ] || die "$deb: no Version field"
dest="$cache/syncthing-$version"
rm -rf "$dest.tmp"
mkdir -p "$dest.tmp"
dpkg -x "$deb" "$dest.tmp"
[ -x "$dest.tmp/usr/bin/syncthing" ] || die "$deb: no usr/bin/syncthing in it"
"$dest.tmp/usr/bin/syncthing" --version >/dev/null || die "$dest.tmp/usr/bin/syncthing does not run on this host"
cp "$deb" "$dest.tmp/"
touch "$dest.tmp/debian13"
rm -rf "$dest"
mv "$dest.tmp" "$dest"
echo "syncthing-debian13.sh: Syncthing $version unpacked into $dest" >&2
echo "$dest/usr/bin/syncthing"
