#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The sggs:// default that `xdg-mime default nitnem.desktop x-scheme-handler/sggs` writes into a
# mimeapps.list (`x-scheme-handler/sggs=nitnem.desktop` in its [Default Applications] group), for
# scripts/install.sh and scripts/uninstall.sh:
#
#   scripts/mimeapps.sh has FILE              exit 0 when FILE has that line, 1 when not
#   scripts/mimeapps.sh remove FILE created|added
#
# `remove` takes out that line and nothing else (another program's default for sggs:// stays).
# With `created` (make install made FILE), FILE itself goes when nothing but blank lines and the
# [Default Applications] header is left in it. It says what it did in one line, or nothing.
set -euo pipefail
line=x-scheme-handler/sggs=nitnem.desktop
# Reads FILE as xdg-mime does (a group starts at a line beginning with "["). `ours` is our line.
read_groups='index($0, "[") == 1 { group = index($0, "[Default Applications]") == 1 }
  { ours = group && ($0 == line || $0 == line ";") }'
case "${1:-} $#" in
  "has 2")
    [ -f "$2" ] && awk -v line="$line" "$read_groups"' ours { found = 1 } END { exit !found }' "$2" ;;
  "remove 3")
    file=$2 how=$3
    [ -f "$file" ] || exit 0
    target=$(readlink -f "$file")   # a symlinked mimeapps.list (dotfiles) is edited where it points
    rest=$(mktemp "$(dirname "$target")/.mimeapps.list.XXXXXX")
    trap 'rm -f "$rest"' EXIT
    awk -v line="$line" "$read_groups"' !ours { print }' "$target" > "$rest"
    if cmp -s "$rest" "$target"; then exit 0; fi
    if [ "$how" = created ] && ! grep -qv -e '^[[:space:]]*$' -e '^\[Default Applications\][[:space:]]*$' "$rest"; then
      rm -f "$file"
      echo "removed $file (make install created it for the sggs:// default; nothing else was in it)"
    else
      chmod --reference="$target" "$rest"
      mv -f "$rest" "$target"
      echo "removed the sggs:// default ($line) from $file"
    fi ;;
  *) echo "usage: $0 has FILE | remove FILE created|added" >&2; exit 2 ;;
esac
