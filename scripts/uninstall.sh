#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Removes what `make install` put, as listed in its manifest ($DATADIR/nitnem/install-manifest),
# and nothing else: each file still as it was installed (a file changed since is kept, and named),
# then each folder the install made once it is empty (a folder with other files stays), and the
# sggs:// default it added to mimeapps.list (scripts/mimeapps.sh). With no manifest, nothing is
# installed: it says so and exits 0. Run by `make uninstall` with the same PREFIX / DATADIR /
# DESTDIR as `make install`.
set -euo pipefail
say() { printf 'uninstall: %s\n' "$*"; }
PREFIX=${PREFIX:-$HOME/.local}
DESTDIR=${DESTDIR:-}
DATADIR=${DATADIR:-$PREFIX/share}
manifest=$DATADIR/nitnem/install-manifest
dest() { printf '%s%s' "$DESTDIR" "$1"; }
if [ ! -f "$(dest "$manifest")" ]; then
  say "nothing to remove: no $(dest "$manifest"), so nothing is installed with this PREFIX/DATADIR/DESTDIR"
  exit 0
fi
list=$(mktemp)
trap 'rm -f "$list"' EXIT
cp "$(dest "$manifest")" "$list"

# A running or enabled agent would run a deleted binary and leave a dangling enable link.
if [ -z "$DESTDIR" ] && systemctl --user show-environment > /dev/null 2>&1 &&
  grep -q "^file [0-9a-f]* .*/nitnem\.service\$" "$list"; then
  if systemctl --user is-enabled --quiet nitnem.service 2> /dev/null ||
    systemctl --user is-active --quiet nitnem.service 2> /dev/null; then
    say "systemctl --user disable --now nitnem.service"
    systemctl --user disable --now nitnem.service || true
  fi
fi

removed=0 kept=0
while read -r kind sum path; do
  [ "$kind" = file ] || continue
  target=$(dest "$path")
  if [ ! -e "$target" ] && [ ! -L "$target" ]; then continue; fi
  if [ -f "$target" ] && [ ! -L "$target" ] && [ "$(sha256sum < "$target" | cut -d' ' -f1)" = "$sum" ]; then
    rm -f "$target"
    removed=$((removed + 1))
  else
    say "kept $target: changed since it was installed"
    kept=$((kept + 1))
  fi
done < "$list"
rm -f "$(dest "$manifest")"

# The sggs:// default install added to mimeapps.list (only without DESTDIR): our line, and the file
# when install created it and nothing else is in it.
mimeapps=$(grep -m1 '^mimeapps ' "$list" || true)
if [ -z "$DESTDIR" ] && [ -n "$mimeapps" ]; then
  read -r _ how path <<< "$mimeapps"
  done_what=$("$(dirname "$0")/mimeapps.sh" remove "$path" "$how") || done_what="kept $path: could not edit it"
  [ -z "$done_what" ] || say "$done_what"
fi

# Caches the desktop tools wrote beside the entry are refreshed, or removed with the last entry.
applications=$(dest "$DATADIR/applications")
if [ -z "$DESTDIR" ] && [ -d "$applications" ]; then
  if compgen -G "$applications/*.desktop" > /dev/null; then
    if command -v update-desktop-database > /dev/null; then update-desktop-database -q "$applications" || true; fi
  elif grep -qx "dir $DATADIR/applications" "$list"; then
    rm -f "$applications/mimeinfo.cache"
  fi
fi

# Folders the install made, deepest first, each only once it is empty.
grep '^dir ' "$list" | cut -c5- | sort -r | while IFS= read -r path; do
  target=$(dest "$path")
  [ -d "$target" ] || continue
  rmdir "$target" 2> /dev/null || say "kept $target: it holds other files"
done
say "removed $removed files$([ "$kept" -eq 0 ] || echo ", kept $kept")"
if [ -z "$DESTDIR" ] && systemctl --user show-environment > /dev/null 2>&1; then systemctl --user daemon-reload || true; fi
