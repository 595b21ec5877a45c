#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs nitnem.desktop (the sggs:// handler) and its icon, and makes nitnem the default handler
# of x-scheme-handler/sggs, so `xdg-open sggs://bani/jaap` (and a reminder's "Read now") runs
# `nitnem open`. Run by `make install`; the end-to-end tests run it into a temporary data folder.
#
#   scripts/install-desktop.sh DATADIR BINARY
#
# DATADIR: where applications/ and icons/ go (`$(PREFIX)/share`: ~/.local/share by default).
# BINARY:  the installed nitnem, written into Exec= (xdg-open runs the Exec of the entry).
# xdg-mime writes the default to $XDG_CONFIG_HOME/mimeapps.list (~/.config).
# DESTDIR (environment): a staging root the files go under (DATADIR and BINARY stay the final
# paths); then nothing is registered or cached: not this user's desktop, and a package's
# triggers do it where it is installed.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 DATADIR BINARY" >&2; exit 2; }
datadir=$1
binary=$2
destdir=${DESTDIR:-}
root=$(cd "$(dirname "$0")/.." && pwd)
case "$binary" in
  /*) ;;
  *) echo "install-desktop: BINARY must be an absolute path, not '$binary'" >&2; exit 2 ;;
esac
# The desktop entry spec quotes an Exec argument holding a space or a reserved character.
exec_path=$binary
case "$binary" in
  *[[:space:]\"\'\\\`\$]*)
    exec_path="\"$(printf '%s' "$binary" | sed -e 's/[\\"`$]/\\\\&/g')\"" ;;
esac
case "$datadir" in
  /*) ;;
  *) [ -z "$destdir" ] || { echo "install-desktop: DATADIR must be absolute with DESTDIR, not '$datadir'" >&2; exit 2; } ;;
esac
applications="$destdir$datadir/applications"
icons="$destdir$datadir/icons/hicolor"
install -d -m755 "$applications" "$icons/scalable/apps"
tmp=$(mktemp --suffix=.desktop "$applications/.nitnem-XXXXXX")
trap 'rm -f "$tmp"' EXIT
awk -v exec="Exec=$exec_path open %u" '/^Exec=/ { print exec; next } { print }' \
  "$root/contrib/nitnem.desktop" > "$tmp"
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$tmp"; fi
chmod 644 "$tmp"
mv -f "$tmp" "$applications/nitnem.desktop"
trap - EXIT
install -m644 "$root/contrib/icons/nitnem.svg" "$icons/scalable/apps/nitnem.svg"
if [ -n "$destdir" ]; then
  echo "installed $applications/nitnem.desktop (staged in $destdir: not registered as the sggs:// handler)"
  exit 0
fi
if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$applications"; fi
if command -v gtk-update-icon-cache >/dev/null && [ -f "$icons/index.theme" ]; then
  gtk-update-icon-cache -q -t "$icons" || true
fi
if command -v xdg-mime >/dev/null; then
  xdg-mime default nitnem.desktop x-scheme-handler/sggs
  echo "installed $applications/nitnem.desktop; sggs:// links open with nitnem open"
else
  echo "installed $applications/nitnem.desktop; xdg-mime not found (xdg-utils): register it with" \
    "'xdg-mime default nitnem.desktop x-scheme-handler/sggs'" >&2
fi
