#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The extension in real GNOME Shells: Debian unstable's GNOME Shell 51 in the unstable root
# (scripts/unstable-root.sh), Debian testing's 50 in the testing root (scripts/testing-root.sh) and
# Debian 13's 48 in the Debian 13 root (scripts/debian13-root.sh), each built on first use and cached,
# and Debian 12's 43 on this machine. 43 and 48 run as X11 compositors on an Xvfb of their own, 50
# and 51 (which have no X11) headless on Wayland with a virtual monitor; each with
# its own system and session buses, as a user that is not root, with nitnem and the extension
# installed as `make install` does. real-shell-check.py then checks, from outside the Shell:
# GetExtensionInfo says ENABLED; the panel label and the menu's items, read through AT-SPI, are what
# `nitnem status` and `nitnem mark --list` say; a real click on the button opens the menu, and one on
# an unread bani marks it on disk; the month's journey grid in the menu, read through AT-SPI, is
# `nitnem status`'s and agrees with `nitnem journey --format json`, before and after that mark; a
# screenshot with the menu open; then a second agent's Evening reminder: its banner, its buttons once the pointer is on it, a click on its body opening the reader.
# Then real-prefs.py drives the Preferences window from the keyboard and the accessibility tree (a
# band's time typed, a refused one, a bani added and moved up; on disk and on screen), in 43 too
# (gen-43.sh's legacy prefs.js). --prefs-only: that alone. After each run, the Shell's log and its
# session's (where the Preferences window's process writes) must have no `JS ERROR` or `JS WARNING`
# from the extension's files, nor another error or warning whose stack names them (extension_js_reports).
# Root only (namespaces, mounts, chroot).
#
#   contrib/gnome-shell/tests/real-shell.sh [--screenshot DIR] [--only 43|48|50|51] [--lang en|pa] [--prefs-only]
#
# It also keeps the one list of majors honest (contrib/gnome-shell/shell-versions, which the
# metadata.json files list): every Shell below (SHELLS) must be listed there as `run`, and the
# `gnome-shell --version` of each Shell that runs must be the major SHELLS has for it (so a newer
# GNOME Shell in a Debian root fails the test until it has been run and listed; contrib/README.md says
# how). A `checked` major, or a `run` one no root has any more, fails nothing here: `make
# shell-versions` checks it against its own source.
#
# Each Shell runs twice: in English, and in Punjabi (LANG=pa_IN.UTF-8, generated), where the label
# and the menu read through AT-SPI must be `nitnem status`'s Punjabi words (--lang en or pa: that one alone).
#
# --package [--root unstable]: the Debian 13+ package instead, as `make deb DEB_GNOME_SHELL=48
# DEB_PLASMA=6` builds it, installed with `apt-get install ./nitnem_….deb` as root in that Debian root
# (default unstable: GNOME Shell 51) seen through an overlay (scripts/debian-root.sh run --overlay:
# the cached root is never changed; the overlay, a tmpfs, goes with the run), with no nitnem of the
# test's bound in; then, as its user, that GNOME Shell with the package's system-wide extension
# (/usr/share/gnome-shell/extensions/nitnem@nitnem) and /usr/bin/nitnem, nothing in the home:
# real-shell-check.py --system (enabled with version validation on, system-wide, the label is
# `nitnem status`'s) and no JS ERROR or JS WARNING from the extension in the logs.
#
# --screenshot DIR: also copies the screenshots there, gnome-<major>[-pa]-panel-menu.png and
# gnome-<major>[-pa]-prefs.png, the Preferences window on its Your Nitnem page. The nitnem
# binary: $NITNEM_BIN, else the release build (made when missing). Prints the checks, each Shell's
# summary and a closing `N passed, M failed`; exits 1 on any failure, and keeps the Shells' logs
# (its work folder is named) when there is one.
set -euo pipefail
# chroot, debootstrap (in /usr/sbin) also when the caller's PATH lacks the sbin folders.
export PATH=$PATH:/usr/sbin:/sbin
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
shots=
only=
prefs_only=
langs="en pa"
package=
package_root=unstable
usage() {
  echo "usage: $0 [--screenshot DIR] [--only 43|48|50|51] [--lang en|pa] [--prefs-only]" >&2
  echo "       $0 --package [--root 13|testing|unstable]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
    --screenshot) shots=$2; shift ;;
    --only) only=$2; shift ;;
    --prefs-only) prefs_only=--prefs-only ;;
    --lang) langs=$2; shift ;;
    --package) package=yes ;;
    --root) package_root=$2; shift ;;
    *) usage ;;
  esac
  shift
done
# The Shells this test runs: the major, and where that GNOME Shell is (host: this machine; 13, testing,
# unstable: the Debian root of scripts/debian-root.sh). contrib/gnome-shell/shell-versions lists each as `run`.
SHELLS=(43:host 48:13 50:testing 51:unstable)
if [ -n "$only" ] && ! printf '%s\n' "${SHELLS[@]}" | grep -x "$only:.*" > /dev/null; then
  echo "real-shell.sh: --only $only: not one of the Shells it runs (${SHELLS[*]%%:*})" >&2
  exit 2
fi
if [ -n "$package" ] && ! printf '%s\n' "${SHELLS[@]}" | grep -x ".*:$package_root" > /dev/null; then
  echo "real-shell.sh: --root $package_root: not a Debian root of the Shells it runs (${SHELLS[*]#*:})" >&2
  exit 2
fi
[ "$(id -u)" -eq 0 ] || { echo "real-shell.sh: needs root (namespaces, mounts, chroot)" >&2; exit 2; }
if [ -n "$shots" ]; then mkdir -p "$shots"; shots=$(cd "$shots" && pwd); fi

start=$SECONDS
bin=${NITNEM_BIN:-}
# The release build as `make release` makes it (the same flags, so neither rebuilds the other's).
[ -n "$bin" ] || bin=$("$repo/scripts/release-flags.sh" --build) ||
  { echo "real-shell.sh: the release build failed (scripts/release-flags.sh --build)" >&2; exit 1; }
work=$(mktemp -d /tmp/nitnem-real-shell.XXXXXX)
# The catalogues compiled here (the Debian 13 root has no msgfmt): install.sh takes them (LOCALE_FROM).
for po in "$repo"/po/*.po; do
  [ -f "$po" ] || continue
  lang=$(basename "$po" .po)
  mkdir -p "$work/locale/$lang/LC_MESSAGES"
  msgfmt --check -o "$work/locale/$lang/LC_MESSAGES/nitnem.mo" "$po"
done
chmod -R a+rX "$work/locale"
# The locale sources the Punjabi sessions generate pa_IN.UTF-8 from (the Debian 13 root has no
# locales package): this machine's, with the UTF-8 charmap unpacked.
[ -d /usr/share/i18n/locales ] || { echo "real-shell.sh: no /usr/share/i18n/locales (the locales package)" >&2; exit 1; }
mkdir -p "$work/i18n/charmaps"
cp -r /usr/share/i18n/locales "$work/i18n/"
gzip -dc /usr/share/i18n/charmaps/UTF-8.gz > "$work/i18n/charmaps/UTF-8"
chmod -R a+rX "$work/i18n"
# What the Shells' sessions read of the checkout (install.sh, the extension, the checks), copied where
# their unprivileged user can read it: the checkout may be in a folder only root can enter (root's
# home is 0700 on Debian, and so is a mktemp -d folder).
mkdir -p "$work/src"
tar -C "$repo" --exclude=./.build --exclude=./.git -cf - . | tar -C "$work/src" -xf -
cp "$bin" "$work/nitnem"
chmod -R a+rX "$work/src" "$work/nitnem"
chmod 755 "$work"
passed=0
failed=0

# Adds one run's `N passed, M failed` (its last line) to the totals; a run without one is a failure.
tally() {
  local name=$1 out=$2 rc=$3 last p f
  last=$(printf '%s\n' "$out" | tail -n 1)
  p=${last%% passed, *}
  f=${last#* passed, }
  f=${f% failed}
  case "$p$f" in
    '' | *[!0-9]*) echo "-- $name: ended without a summary (exit $rc)"; failed=$((failed + 1)); return ;;
  esac
  echo "-- $name: $last"
  passed=$((passed + p))
  failed=$((failed + f))
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then echo "-- $name: exit $rc with no failed check"; failed=$((failed + 1)); fi
}

# One check of this script's own (not a Shell's): counted with the Shells'.
verdict() {
  if [ "$1" = ok ]; then echo "ok   $2"; passed=$((passed + 1)); else echo "FAIL $2"; failed=$((failed + 1)); fi
}

# What `gnome-shell --version` says at a place of SHELLS: host, 13, testing or unstable.
version_at() {
  case $1 in
    host) gnome-shell --version ;;
    *) "$repo/scripts/debian-root.sh" "$1" run --bin "$bin" -- gnome-shell --version ;;
  esac
}

# Before a Shell runs: its `gnome-shell --version` is the major SHELLS has for it ($1), and that major
# is listed. (Debian testing moves on: its next GNOME Shell fails here until it has been run and listed.)
version_check() {
  local want=$1 where=$2 line m
  line=$(version_at "$where" 2>&1 | tail -n 1)
  m=$(sed -n 's/^GNOME Shell \([0-9][0-9]*\)\..*/\1/p' <<< "$line")
  if [ -z "$m" ]; then
    verdict fail "gnome-shell --version at $where: '$line'"
  elif [ "$m" != "$want" ]; then
    verdict fail "$line at $where, where this test runs GNOME Shell $want: run it (put $m:$where in SHELLS), then list it ('$m run' in contrib/gnome-shell/shell-versions; contrib/README.md, GNOME Shell)"
  else
    listed_run "$m" "$line at $where"
  fi
}

# Whether contrib/gnome-shell/shell-versions lists major $1 as `run` ($2: what runs it), as a verdict.
listed_run() {
  local kind
  kind=$("$repo/contrib/gnome-shell/shell-versions.sh" --with-kind | awk -v m="$1" '$1 == m { print $2 }')
  case $kind in
    run) verdict ok "$2: listed as run in contrib/gnome-shell/shell-versions" ;;
    checked) verdict fail "$2: listed as checked in contrib/gnome-shell/shell-versions; it runs here: list it as run ('$1 run')" ;;
    *) verdict fail "$2: not in contrib/gnome-shell/shell-versions: list it ('$1 run'; contrib/README.md, GNOME Shell)" ;;
  esac
}

echo "the one list (contrib/gnome-shell/shell-versions):"
for entry in "${SHELLS[@]}"; do
  listed_run "${entry%%:*}" "GNOME Shell ${entry%%:*} (run here, at ${entry#*:})"
done
for m in $("$repo/contrib/gnome-shell/shell-versions.sh" --kind run); do
  printf '%s\n' "${SHELLS[@]}" | grep -x "$m:.*" > /dev/null ||
    echo "note GNOME Shell $m is listed as run, but this test runs no $m (SHELLS): make shell-versions checks it"
done

# The extension's errors and warnings in the logs given: the Shell's `JS ERROR` and `JS WARNING` lines
# (gjs: an uncaught exception, a strict-mode warning) and its other CRITICAL and WARNING messages
# (45+: logError and console.error, an exception in a signal handler; the stack below, after
# `Stack trace:`), each when its line or the stack under it (gjs's `function@file:line:column` lines,
# and `### Promise created here: ###`) names the extension's folder (nitnem@nitnem, nitnem@nitnem-43),
# or its message is one of the extension's own (logError(e, 'nitnem: …')). Each printed as the log
# has it, after its file and line.
extension_js_reports() {
  awk '
    function flush() {
      if (block ~ /nitnem@nitnem/ || head ~ /: (JS ERROR: )?nitnem: /) printf "%s:%d: %s\n", file, at, block
      block = head = ""
    }
    FNR == 1 { flush(); file = FILENAME }
    /JS (ERROR|WARNING)/ || /-(CRITICAL|WARNING) \*\*/ { flush(); block = head = $0; at = FNR; next }
    block != "" && /^ *$/ { next }
    block != "" && (/^ *[^ ]*@[^ ]*:[0-9]+(:[0-9]+)?$/ || /^ *### .* ###$/ || /^Stack trace:$/) {
      sub(/^ */, ""); block = block "\n    " $0; next
    }
    { flush() }
    END { flush() }
  ' "$@"
}

# After a run ($1 its name): none of those in its Shell's log and its session's (where the
# Preferences window's process writes).
js_check() {
  local v=$1 logs=() f found
  for f in "$work/$v/shell.log" "$work/$v/session.log"; do [ -f "$f" ] && logs+=("$f"); done
  if [ ${#logs[@]} -eq 0 ]; then
    verdict fail "GNOME Shell $v: no shell.log or session.log to read for JS errors"
    return
  fi
  found=$(extension_js_reports "${logs[@]}")
  if [ -z "$found" ]; then
    verdict ok "GNOME Shell $v: no JS ERROR, JS WARNING or other error from nitnem@nitnem in ${logs[*]##*/}"
  else
    verdict fail "GNOME Shell $v: $(grep -c '^[^ ]' <<< "$found") JS ERROR, JS WARNING or other errors from nitnem@nitnem:"
    printf '%s\n' "$found" | head -n 40 | sed 's/^/     /'
    [ "$(wc -l <<< "$found")" -le 40 ] || echo "     (… the rest: ${logs[*]})"
  fi
}

# One Shell: $1 the run's name (the major, and -pa for the Punjabi session), then the command that runs
# real-shell-session.sh in new namespaces.
shell() {
  local v=$1 out rc t=$SECONDS
  shift
  mkdir -p "$work/$v"
  echo "GNOME Shell $v:"
  # At most 5 minutes (a Shell that hangs fails the test; every process of the run goes with it).
  # Each line is shown as it comes, on the stderr this script was given (not a reopened
  # /dev/stderr, which would truncate a log file that stderr is redirected to).
  out=$(timeout --kill-after=10 300 "$@" 2>&1 | while IFS= read -r line; do
    printf '%s\n' "$line" >&2
    printf '%s\n' "$line"
  done) && rc=0 || rc=$?
  tally "GNOME Shell $v ($((SECONDS - t)) s)" "$out" "$rc"
  js_check "$v"
  if [ -n "$shots" ] && [ -f "$work/$v/panel-menu.png" ]; then
    cp "$work/$v/panel-menu.png" "$shots/gnome-$v-panel-menu.png"
    echo "-- screenshot: $shots/gnome-$v-panel-menu.png"
  fi
  if [ -n "$shots" ] && [ -f "$work/$v/prefs.png" ]; then
    cp "$work/$v/prefs.png" "$shots/gnome-$v-prefs.png"
    echo "-- screenshot: $shots/gnome-$v-prefs.png"
  fi
}

# --package: the Debian 13+ package installed in the Debian root $package_root (an overlay of it), and
# that root's GNOME Shell run with it.
package_test() {
  local where=$package_root m deb v
  m=$(printf '%s\n' "${SHELLS[@]}" | sed -n "s/^\([0-9]*\):$where\$/\1/p")
  "$repo/scripts/debian-root.sh" "$where" build
  version_check "$m" "$where"
  echo "make deb DEB_GNOME_SHELL=48 DEB_PLASMA=6:"
  if ! make -C "$repo" -s deb DEBDIR="$work/deb" DEB_GNOME_SHELL=48 DEB_PLASMA=6 > "$work/deb.log" 2>&1; then
    sed 's/^/     /' "$work/deb.log"
    verdict fail "make deb DEB_GNOME_SHELL=48 DEB_PLASMA=6 (above)"
    return
  fi
  deb=$(ls "$work"/deb/nitnem_*.deb)
  chmod 644 "$deb" # apt reads it as its _apt user
  if dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/share/gnome-shell/extensions/nitnem@nitnem/metadata.json |
    python3 -c 'import json, sys; sys.exit(sys.argv[1] not in json.load(sys.stdin)["shell-version"])' "$m"; then
    verdict ok "$(basename "$deb"): its nitnem@nitnem/metadata.json lists $m"
  else
    verdict fail "$(basename "$deb"): its nitnem@nitnem/metadata.json does not list $m"
  fi
  # In one run, in an overlay of the root: the package installed by apt as root, then the Shell as
  # the root's user.
  v=$m-deb
  shell "$v" "$repo/scripts/debian-root.sh" "$where" run --root --no-bin --overlay --bind "$work/src:/src" -- \
    bash /src/contrib/gnome-shell/tests/real-shell-session.sh --shell "$m" --uid 1000 --repo /src \
    --work "$work/$v" --nitnem /usr/bin/nitnem --lang en --deb "$deb"
}
[ -z "$package" ] || package_test

# Each Shell twice: in English (C.UTF-8), then in Punjabi (LANG=pa_IN.UTF-8). (Not with --package.)
for entry in "${SHELLS[@]}"; do
  [ -z "$package" ] || break
  m=${entry%%:*} where=${entry#*:}
  [ -z "$only" ] || [ "$only" = "$m" ] || continue
  case $where in
    host) command -v gnome-shell > /dev/null || { echo "real-shell.sh: no gnome-shell here (scripts/deps.sh installs it)" >&2; exit 1; } ;;
    *) "$repo/scripts/debian-root.sh" "$where" build ;;
  esac
  version_check "$m" "$where"
  for lang in $langs; do
    v=$m
    [ "$lang" = en ] || v=$m-$lang
    case $where in
      host)
        shell "$v" unshare --mount --propagation private --pid --fork --kill-child --mount-proc \
          bash "$work/src/contrib/gnome-shell/tests/real-shell-session.sh" --shell "$m" --uid 65534 \
          --repo "$work/src" --work "$work/$v" --nitnem "$work/nitnem" --lang "$lang" $prefs_only ;;
      *)
        shell "$v" "$repo/scripts/debian-root.sh" "$where" run --root --bin "$bin" --bind "$work/src:/src" -- \
          bash /src/contrib/gnome-shell/tests/real-shell-session.sh --shell "$m" --uid 1000 --repo /src \
          --work "$work/$v" --nitnem /usr/local/bin/nitnem --lang "$lang" $prefs_only ;;
    esac
  done
done

echo "real GNOME Shells: $passed passed, $failed failed ($((SECONDS - start)) s)"
if [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]; then
  rm -rf "$work"
else
  echo "logs: $work/*/shell.log, session.log, install.log" >&2
  exit 1
fi
