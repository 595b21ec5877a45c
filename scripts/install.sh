#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs a built nitnem and everything around it. Run by `make install` (and, with
# INSTALL_MODE=package, by scripts/build-deb.sh into its staging tree); `make uninstall` runs
# scripts/uninstall.sh, which removes exactly what the manifest written here lists.
#
# Settings (environment; the Makefile passes them):
#   NITNEM_BIN   the built binary (required)         PREFIX   install prefix (absolute; ~/.local)
#   DESTDIR      staging root, prepended to every path written (empty: install for real)
#   BINDIR DATADIR MANDIR UNITDIR                    default from PREFIX, as in the Makefile
#   MANPAGE      the man page source (skipped with a message when empty or missing)
#   ZSH_COMPLETIONS_DIR  default $DATADIR/zsh/site-functions (Debian's zsh reads
#                /usr/share/zsh/vendor-completions instead: the .deb puts it there)
#   GNOME_SHELL_VERSION  the Shell to install the extension for: a major version (43, 45…),
#                "none" to skip; default: `gnome-shell --version`, skipped when it is not there
#   PLASMA_VERSION  the KDE Plasma to install the widget for: 6, 5 (5.27), "none" to skip;
#                default: `plasmashell --version`, else 6
#   STRIP        the strip program (default strip); empty installs the binary with its symbols
#   VARIANTS     the folder of the generated extension and widget forms (nitnem@nitnem,
#                nitnem@nitnem-43, org.nitnem.nitnem-5) as `make variants` writes them
#                (.build/contrib); empty: made here, into a temp folder, by contrib/gnome-shell/gen-43.sh
#                and contrib/plasma/gen-5.sh
#   INSTALL_MODE install (default): writes the manifest, registers the sggs:// handler and reloads
#                the user manager when DESTDIR is empty; package: no manifest, the man page
#                gzipped, no registration (dpkg and its triggers do that)
#
# Every path is recorded without DESTDIR in $DATADIR/nitnem/install-manifest: `file <sha256>
# <path>` for each file written, `dir <path>` for each folder that did not exist before, and
# `mimeapps created|added <path>` when registering the sggs:// handler created mimeapps.list or
# added its line to the user's file. A second install keeps what the first recorded.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
say() { printf 'install: %s\n' "$*"; }
die() { printf 'install: %s\n' "$*" >&2; exit 1; }

: "${NITNEM_BIN:?NITNEM_BIN: the built nitnem binary}"
PREFIX=${PREFIX:-$HOME/.local}
DESTDIR=${DESTDIR:-}
BINDIR=${BINDIR:-$PREFIX/bin}
DATADIR=${DATADIR:-$PREFIX/share}
MANDIR=${MANDIR:-$DATADIR/man}
case "$PREFIX" in /usr | /usr/local) default_unitdir=$PREFIX/lib/systemd/user ;; *) default_unitdir=$DATADIR/systemd/user ;; esac
UNITDIR=${UNITDIR:-$default_unitdir}
MANPAGE=${MANPAGE:-}
ZSH_COMPLETIONS_DIR=${ZSH_COMPLETIONS_DIR:-$DATADIR/zsh/site-functions}
INSTALL_MODE=${INSTALL_MODE:-install}
for v in PREFIX BINDIR DATADIR MANDIR UNITDIR ZSH_COMPLETIONS_DIR; do
  case "${!v}" in /*) ;; *) die "$v must be an absolute path, not '${!v}'" ;; esac
  case "${!v}" in *$'\n'*) die "$v must not hold a line break" ;; esac
done
[ -x "$NITNEM_BIN" ] || die "$NITNEM_BIN: no built binary (swift build -c release --static-swift-stdlib)"
case "$INSTALL_MODE" in install | package) ;; *) die "INSTALL_MODE must be install or package" ;; esac
case "${PLASMA_VERSION:-}" in '' | none) ;; *[!0-9]*) die "PLASMA_VERSION must be 5, 6 or none, not '$PLASMA_VERSION'" ;; esac
if [ -n "$DESTDIR" ]; then mkdir -p "$DESTDIR"; DESTDIR=$(cd "$DESTDIR" && pwd); fi
binary=$BINDIR/nitnem
manifest=$DATADIR/nitnem/install-manifest

dest() { printf '%s%s' "$DESTDIR" "$1"; }
created=()   # folders this install made (final paths)
written=()   # files this install wrote (final paths)
# Makes folder $1 (a final path) and each missing parent, recording the ones it made.
folder() {
  local d=$1 missing=() i
  while [ "$d" != / ] && [ ! -d "$(dest "$d")" ]; do missing+=("$d"); d=$(dirname "$d"); done
  for ((i = ${#missing[@]} - 1; i >= 0; i--)); do
    install -d -m755 "$(dest "${missing[i]}")"
    created+=("${missing[i]}")
  done
}
# Installs file $2 with mode $1 at final path $3.
put() {
  folder "$(dirname "$3")"
  install -m"$1" "$2" "$(dest "$3")"
  written+=("$3")
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
VARIANTS=${VARIANTS:-}
# The generated form $1 (nitnem@nitnem, nitnem@nitnem-43, org.nitnem.nitnem, org.nitnem.nitnem-5), made by $2 (its script
# under contrib/) from its one source, in $variant: VARIANTS's, else made now in the temp folder.
generated() {
  if [ -n "$VARIANTS" ]; then
    variant=$VARIANTS/$1
    [ -d "$variant" ] || die "$variant is missing (make variants writes it: contrib/$2)"
  else
    variant=$tmp/variants/$1
    [ -d "$variant" ] || "$root/contrib/$2" "$tmp/variants" > "$tmp/gen.log" 2>&1 ||
      { cat "$tmp/gen.log" >&2; die "contrib/$2 failed (above)"; }
  fi
}

# The binary, stripped as Debian ships binaries (no symbol tables, no .comment/.note; Swift's
# metadata stays), unless STRIP is empty.
put 755 "$NITNEM_BIN" "$binary"
STRIP=${STRIP-strip}
if [ -n "$STRIP" ]; then
  "$STRIP" --strip-unneeded --remove-section=.comment --remove-section=.note "$(dest "$binary")" ||
    die "$STRIP failed on $(dest "$binary")"
  say "$binary (stripped: $(($(stat -c %s "$(dest "$binary")") / 1000000)) MB)"
else
  say "$binary (with symbols)"
fi

# The systemd user unit, ExecStart pointing at the installed binary (systemd quoting: % doubled,
# the path in double quotes when it holds a space).
exec_path=${binary//%/%%}
case "$exec_path" in *[\"\\]*) die "$binary: a binary path with \" or \\ cannot go in ExecStart" ;; esac
case "$exec_path" in *[[:space:]]*) exec_path="\"$exec_path\"" ;; esac
{
  echo "# The nitnem agent as a systemd user service, installed with nitnem (from contrib/nitnem.service)."
  echo "#"
  echo "#   systemctl --user enable --now nitnem.service"
  echo "#   journalctl --user -u nitnem -f"
  awk -v exec="ExecStart=$exec_path run" '
    body == 0 && /^#/ { next }   # the header of contrib/nitnem.service is for a hand install
    { body = 1 }
    /^ExecStart=/ { print exec; next }
    { print }' "$root/contrib/nitnem.service"
} > "$tmp/nitnem.service"
grep -qx "ExecStart=$exec_path run" "$tmp/nitnem.service" || die "contrib/nitnem.service has no ExecStart line"
put 644 "$tmp/nitnem.service" "$UNITDIR/nitnem.service"
say "$UNITDIR/nitnem.service"

# nitnem.desktop and its icon (scripts/install-desktop.sh registers the sggs:// handler when
# installing for real).
folder "$DATADIR/applications"
folder "$DATADIR/icons/hicolor/scalable/apps"
[ "$INSTALL_MODE" = install ] || [ -n "$DESTDIR" ] || die "INSTALL_MODE=package needs a DESTDIR"
# xdg-mime writes the sggs:// default into $XDG_CONFIG_HOME/mimeapps.list, creating the file when
# there is none: the manifest says which (`mimeapps created|added <path>`), so that uninstall takes
# out our line and, when install created the file, the file once nothing else is in it.
mimeapps=${XDG_CONFIG_HOME:-$HOME/.config}/mimeapps.list
mimeapps_record=
if [ -z "$DESTDIR" ]; then
  mimeapps_existed=no
  if [ -e "$mimeapps" ] || [ -L "$mimeapps" ]; then mimeapps_existed=yes; fi
  mimeapps_had=no
  if "$root/scripts/mimeapps.sh" has "$mimeapps"; then mimeapps_had=yes; fi
fi
DESTDIR=$DESTDIR "$root/scripts/install-desktop.sh" "$DATADIR" "$binary"
written+=("$DATADIR/applications/nitnem.desktop" "$DATADIR/icons/hicolor/scalable/apps/nitnem.svg")
if [ -z "$DESTDIR" ] && [ "$mimeapps_had" = no ] && "$root/scripts/mimeapps.sh" has "$mimeapps"; then
  if [ "$mimeapps_existed" = no ]; then mimeapps_record="mimeapps created $mimeapps"
  else mimeapps_record="mimeapps added $mimeapps"; fi
fi

# The AppStream metadata, for software centres (GNOME Software, Discover list the desktop entry by it).
put 644 "$root/contrib/org.nitnem.nitnem.metainfo.xml" "$DATADIR/metainfo/org.nitnem.nitnem.metainfo.xml"
say "$DATADIR/metainfo/org.nitnem.nitnem.metainfo.xml (AppStream)"

# The man page.
if [ -n "$MANPAGE" ] && [ -f "$MANPAGE" ]; then
  if [ "$INSTALL_MODE" = package ]; then
    gzip -9n < "$MANPAGE" > "$tmp/nitnem.1.gz"
    put 644 "$tmp/nitnem.1.gz" "$MANDIR/man1/nitnem.1.gz"
    say "$MANDIR/man1/nitnem.1.gz"
  else
    put 644 "$MANPAGE" "$MANDIR/man1/nitnem.1"
    say "$MANDIR/man1/nitnem.1 (man nitnem)"
  fi
else
  say "no man page (MANPAGE='$MANPAGE' is not a file): skipped"
fi

# Shell completions, from the installed binary's own `nitnem completions`.
completions=0
zsh_completion=
for shell in bash zsh fish; do
  case $shell in
    bash) target=$DATADIR/bash-completion/completions/nitnem ;;
    zsh) target=$ZSH_COMPLETIONS_DIR/_nitnem ;;
    fish) target=$DATADIR/fish/vendor_completions.d/nitnem.fish ;;
  esac
  if "$NITNEM_BIN" completions "$shell" > "$tmp/completion" 2> "$tmp/completion.err" && [ -s "$tmp/completion" ]; then
    put 644 "$tmp/completion" "$target"
    completions=$((completions + 1))
    [ "$shell" != zsh ] || zsh_completion=$target
  else
    say "no $shell completion ($NITNEM_BIN completions $shell: $(head -c 200 "$tmp/completion.err" | tr '\n' ' ')): skipped"
  fi
done
[ "$completions" -eq 0 ] || say "$completions shell completions (bash, zsh, fish)"

# The translations: each po/<lang>.po compiled (msgfmt --check) to
# $DATADIR/locale/<lang>/LC_MESSAGES/nitnem.mo, where the binary looks (<bin>/../share/locale).
# LOCALE_FROM=DIR takes them compiled already from DIR/<lang>/LC_MESSAGES/nitnem.mo (`make locale`
# makes such a folder), for a system without msgfmt (the test harness's Debian 13 root).
[ -n "${LOCALE_FROM:-}" ] || command -v msgfmt > /dev/null ||
  die "msgfmt not found (Debian: apt install gettext; scripts/deps.sh build)"
catalogues=()
for po in "$root"/po/*.po; do
  [ -f "$po" ] || continue
  lang=$(basename "$po" .po)
  if [ -n "${LOCALE_FROM:-}" ]; then
    mo=$LOCALE_FROM/$lang/LC_MESSAGES/nitnem.mo
    [ -f "$mo" ] || die "LOCALE_FROM=$LOCALE_FROM: no $lang/LC_MESSAGES/nitnem.mo there"
    cp "$mo" "$tmp/$lang.mo"
  else
    msgfmt --check -o "$tmp/$lang.mo" "$po" || die "$po: msgfmt --check failed"
  fi
  put 644 "$tmp/$lang.mo" "$DATADIR/locale/$lang/LC_MESSAGES/nitnem.mo"
  catalogues+=("$lang")
done
[ ${#catalogues[@]} -eq 0 ] || say "translations (${catalogues[*]}) in $DATADIR/locale/<lang>/LC_MESSAGES/nitnem.mo"

# The bar configs and the example config (what `nitnem config --init` writes), to copy from.
for f in waybar.jsonc waybar.css polybar.ini i3blocks.conf config.example; do
  put 644 "$root/contrib/$f" "$DATADIR/nitnem/$f"
done
say "bar configs and config.example in $DATADIR/nitnem/ (contrib/README.md says where each goes)"

# The GNOME Shell extension for the Shell that is installed.
shell_version=${GNOME_SHELL_VERSION:-}
if [ -z "$shell_version" ]; then
  if command -v gnome-shell > /dev/null; then
    shell_version=$(gnome-shell --version 2> /dev/null | sed -n 's/^GNOME Shell \([0-9][0-9]*\).*/\1/p')
    [ -n "$shell_version" ] || shell_version=unknown
  else
    shell_version=none
  fi
fi
case "$shell_version" in
  none) extension= ; say "no gnome-shell: the GNOME Shell extension skipped" ;;
  *[!0-9]* | '') extension= ; say "cannot tell the GNOME Shell version ('$shell_version'): the extension skipped" ;;
  *)
    if [ "$shell_version" -ge 45 ]; then extension=nitnem@nitnem
    elif [ "$shell_version" -ge 43 ]; then extension=nitnem@nitnem-43
    else extension= ; say "GNOME Shell $shell_version is older than 43: the extension skipped"
    fi ;;
esac
if [ -n "$extension" ]; then
  # Both forms are generated (the 45+ one for its metadata.json's shell-version, from the one list).
  generated "$extension" gnome-shell/gen-43.sh
  src=$variant
  grep -q "\"$shell_version\"" "$src/metadata.json" ||
    say "warning: $extension/metadata.json does not list GNOME Shell $shell_version; the Shell may refuse it"
  for f in extension.js metadata.json stylesheet.css widget.js prefs.js; do
    [ -f "$src/$f" ] || die "$src/$f is missing"
    put 644 "$src/$f" "$DATADIR/gnome-shell/extensions/nitnem@nitnem/$f"
  done
  say "GNOME Shell $shell_version extension in $DATADIR/gnome-shell/extensions/nitnem@nitnem" \
    "(log out and in, then: gnome-extensions enable nitnem@nitnem)"
fi

# The KDE Plasma widget for the Plasma that is installed (6, or the 5.27 variant); 6 when none is.
plasma_version=${PLASMA_VERSION:-}
if [ -z "$plasma_version" ]; then
  plasma_version=6
  if command -v plasmashell > /dev/null; then
    # plasmashell wants a display even for --version: the offscreen platform needs none. It may
    # still crash where there is no session (Plasma 6 in a bare root does): KDE_DEBUG=1 keeps its
    # crash handler (drkonqi, which would wait for a user forever) away, and 10 s is the most we wait.
    found=$(KDE_DEBUG=1 QT_QPA_PLATFORM=offscreen timeout 10 plasmashell --version 2> /dev/null < /dev/null |
      sed -n 's/^plasmashell \([0-9][0-9]*\).*/\1/p') || found=
    plasma_version=${found:-6}
  fi
fi
plasmoid=
case "$plasma_version" in
  none) say "PLASMA_VERSION=none: the KDE Plasma widget skipped" ;;
  5) generated org.nitnem.nitnem-5 plasma/gen-5.sh; plasmoid=$variant ;;
  *[!0-9]* | '') say "cannot tell the KDE Plasma version ('$plasma_version'): the widget skipped" ;;
  *)
    if [ "$plasma_version" -ge 6 ]; then generated org.nitnem.nitnem plasma/gen-5.sh; plasmoid=$variant
    else say "KDE Plasma $plasma_version is older than 5: the widget skipped"
    fi ;;
esac
if [ -n "$plasmoid" ]; then
  for f in metadata.json contents/ui/main.qml contents/ui/logic.js contents/ui/widget.js \
    contents/ui/NitnemSettings.qml contents/ui/configReminders.qml contents/ui/configReading.qml \
    contents/ui/configSets.qml contents/config/config.qml; do
    put 644 "$plasmoid/$f" "$DATADIR/plasma/plasmoids/org.nitnem.nitnem/$f"
  done
  say "KDE Plasma $plasma_version widget in $DATADIR/plasma/plasmoids/org.nitnem.nitnem" \
    "(Add Widgets…, then Nitnem)"
fi

if [ "$INSTALL_MODE" = package ]; then exit 0; fi

# The manifest: what the previous install recorded and this one wrote, each once.
folder "$DATADIR/nitnem"
old=$(dest "$manifest")
was_written() {
  local f
  for f in "${written[@]}"; do [ "$f" = "$1" ] && return 0; done
  return 1
}
{
  echo "# nitnem install manifest: what \`make install\` wrote (paths without DESTDIR). \`make uninstall\`"
  echo "# removes each file still as it was installed, then each folder listed once it is empty."
  if [ -f "$old" ]; then grep '^dir ' "$old" || true; fi
  for d in "${created[@]}"; do echo "dir $d"; done
  if [ -f "$old" ]; then
    # A file an earlier install wrote and this one did not (the other GNOME variant): still listed.
    while read -r kind sum path; do
      [ "$kind" = file ] || continue
      was_written "$path" || { [ -e "$(dest "$path")" ] && echo "file $sum $path"; } || true
    done < "$old"
  fi
  for f in "${written[@]}"; do echo "file $(sha256sum < "$(dest "$f")" | cut -d' ' -f1) $f"; done
  # What this install did to mimeapps.list, else what an earlier one did (still ours to take out).
  if [ -n "$mimeapps_record" ]; then echo "$mimeapps_record"
  elif [ -f "$old" ]; then grep -m1 '^mimeapps ' "$old" || true; fi
} | awk '!seen[$0]++' > "$tmp/manifest"
install -m644 "$tmp/manifest" "$old"
say "manifest $manifest ($(grep -c '^file ' "$tmp/manifest") files; make uninstall removes them)"

if [ -n "$DESTDIR" ]; then
  say "staged in $DESTDIR: no sggs:// registration, no systemctl"
  exit 0
fi
# What the shells need to find what was installed (the user manager's message stays the last line).
# A folder as a shell profile writes it: double-quoted, "$HOME/…" when under the home folder.
profile_path() {
  local p=$1 home=
  case "$p" in "$HOME"/*) p=${p#"$HOME"/}; home='$HOME/' ;; esac
  printf '"%s%s"' "$home" "$(printf '%s' "$p" | sed 's/[\\"`$]/\\&/g')"
}
case ":$PATH:" in
  *":$BINDIR:"* | *":$BINDIR/:"*) ;;
  *) bin_path=$(profile_path "$BINDIR")
    say "warning: $BINDIR is not on PATH; add this line to your shell profile (~/.profile, ~/.zprofile):" \
      "export PATH=${bin_path%\"}:\$PATH\"" ;;
esac
# zsh reads completions only from the folders in its fpath (FPATH from the environment, else the
# folders it was built with; Debian's: /usr/local/share/zsh/site-functions, /usr/share/zsh/vendor-completions…).
if [ -n "$zsh_completion" ] && command -v zsh > /dev/null &&
  ! zsh -fc 'print -rl -- $fpath' 2> /dev/null | grep -xF "$(dirname "$zsh_completion")" > /dev/null; then
  say "zsh does not look in $(dirname "$zsh_completion"); add this line to ~/.zshrc, before compinit:" \
    "fpath=($(profile_path "$(dirname "$zsh_completion")") \$fpath)"
fi

# The user manager.
if [ -d "$HOME/.config/systemd/user" ] && [ -f "$HOME/.config/systemd/user/nitnem.service" ] &&
  [ "$UNITDIR" != "$HOME/.config/systemd/user" ]; then
  say "warning: $HOME/.config/systemd/user/nitnem.service (an older install) overrides $UNITDIR/nitnem.service;" \
    "remove it: rm ~/.config/systemd/user/nitnem.service"
fi
if command -v systemd-analyze > /dev/null &&
  ! systemd-analyze --user unit-paths 2> /dev/null | grep -x "$UNITDIR" > /dev/null; then
  say "warning: the user manager does not look in $UNITDIR; link the unit: systemctl --user link $UNITDIR/nitnem.service"
fi
if systemctl --user show-environment > /dev/null 2>&1; then
  systemctl --user daemon-reload
  if systemctl --user is-active --quiet nitnem.service; then
    if systemctl --user is-enabled --quiet nitnem.service 2> /dev/null; then
      say "the agent is running: systemctl --user restart nitnem.service starts the new build"
    else
      say "the agent is running: systemctl --user restart nitnem.service starts the new build;" \
        "systemctl --user enable nitnem.service starts it at each login"
    fi
  else
    say "start the agent: systemctl --user enable --now nitnem.service"
  fi
else
  say "no user manager reachable (systemctl --user); in your session run:" \
    "systemctl --user daemon-reload && systemctl --user enable --now nitnem.service"
fi
