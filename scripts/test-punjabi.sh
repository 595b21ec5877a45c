#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Punjabi recipe of docs/guide/languages.md, run as a user runs it (part of `make test`): nitnem installed as
# `make install` lays it out (<prefix>/bin/nitnem, po/pa.po compiled by msgfmt into
# <prefix>/share/locale/pa/LC_MESSAGES/nitnem.mo), the locales pa_IN.UTF-8 and en_US.UTF-8 generated
# by localedef as locale-gen does, and then:
#
#   LANG=pa_IN.UTF-8 nitnem status          must print fixtures/golden/language/pa-status.text
#   LANGUAGE=pa LANG=en_US.UTF-8 nitnem journey --month 2026-11
#                                           must print fixtures/golden/language/pa-journey.text
#   LANGUAGE=pa LANG=C.UTF-8 nitnem status  must print English where glibc is 2.39 or later (its
#                                           gettext ignores LANGUAGE under C.<encoding>), Punjabi before
#
# The demo group at 2026-11-29 13:00 Asia/Kolkata, as the goldens were recorded.
#
#   scripts/test-punjabi.sh [--root 13|testing|SCRIPT]
#
# Without --root on this machine, in a mount namespace of its own; with --root in a root, through its
# script (13: scripts/debian13-root.sh, Debian 13; testing: scripts/testing-root.sh, Debian testing;
# or the path of such a script), nitnem run as the root's user tester. The generated locales go to a
# folder of the work directory mounted over /usr/lib/locale (with a copy of what was there), so
# neither this machine nor the cached root changes. A root without the locales package (the
# Debian 13 one) is given this machine's locale sources (I18NPATH, the UTF-8 charmap). NITNEM_BIN: the
# nitnem to install (default: .build/debug/nitnem here, the release build in a root, made with
# `make release`'s flags when missing). Root only (mounts). Exit 1 when a check fails.
set -euo pipefail
PATH=$PATH:/usr/sbin:/sbin
repo=$(cd "$(dirname "$0")/.." && pwd)
distro=
usage() { echo "usage: $0 [--root 13|testing|SCRIPT]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --root) [ -n "${2:-}" ] || usage
      case $2 in 13 | auto) distro=$repo/scripts/debian13-root.sh ;; testing) distro=$repo/scripts/testing-root.sh ;; *) distro=$2 ;; esac
      [ -x "$distro" ] || { echo "test-punjabi: --root: $distro is not a root's script" >&2; exit 2; }
      shift 2 ;;
    *) usage ;;
  esac
done
[ "$(id -u)" -eq 0 ] || { echo "test-punjabi: needs root (it mounts the generated locales over /usr/lib/locale)" >&2; exit 2; }
command -v msgfmt > /dev/null || { echo "test-punjabi: msgfmt not found (gettext; scripts/deps.sh installs it)" >&2; exit 1; }
start=$SECONDS

if [ -n "$distro" ]; then
  where="$(basename "$distro" .sh)"
  [ -n "${NITNEM_BIN:-}" ] || NITNEM_BIN=$("$repo/scripts/release-flags.sh" --build)
  bin=$NITNEM_BIN
  system=$("$distro" path)
else
  where="this machine"
  bin=${NITNEM_BIN:-$repo/.build/debug/nitnem}
  system=""
fi
[ -x "$bin" ] || { echo "test-punjabi: $bin: no nitnem binary" >&2; exit 1; }

work=$(mktemp -d /tmp/nitnem-punjabi.XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
mkdir -p "$work/prefix/bin" "$work/prefix/share/locale/pa/LC_MESSAGES" "$work/home" "$work/locale"
cp "$bin" "$work/prefix/bin/nitnem"
msgfmt --check -o "$work/prefix/share/locale/pa/LC_MESSAGES/nitnem.mo" "$repo/po/pa.po"
cp -r "$repo/fixtures/groups/demo" "$work/group"
# What the system's /usr/lib/locale holds (C.utf8), then the generated locales beside it.
cp -a "$system/usr/lib/locale/." "$work/locale/"
localedef_env=()
charmap=UTF-8
if [ ! -d "$system/usr/share/i18n/locales" ]; then
  [ -d /usr/share/i18n/locales ] || { echo "test-punjabi: no locale sources here either (the locales package)" >&2; exit 1; }
  mkdir -p "$work/i18n/charmaps"
  cp -r /usr/share/i18n/locales "$work/i18n/"
  gzip -dc /usr/share/i18n/charmaps/UTF-8.gz > "$work/i18n/charmaps/UTF-8"
  localedef_env=("I18NPATH=$work/i18n")
  charmap=$work/i18n/charmaps/UTF-8
fi
chmod -R a+rX "$work"
chown -R 1000:1000 "$work/home" "$work/group"

# as_root CMD…: CMD with the work folder's locales over /usr/lib/locale, as root; as_user: as the
# user (tester in a root; root on this machine, whose session this is).
if [ -n "$distro" ]; then
  as_root() { "$distro" run --root --bin "$bin" --bind "$work/locale:/usr/lib/locale" -- "$@"; }
  as_user() { "$distro" run --bin "$bin" --bind "$work/locale:/usr/lib/locale" -- "$@"; }
else
  as_root() { unshare --mount --propagation private -- sh -c 'mount --bind "$0" /usr/lib/locale && exec "$@"' "$work/locale" "$@"; }
  as_user() { as_root "$@"; }
fi

# As locale-gen makes them (its localedef line: -c, into the locale archive).
for locale in pa_IN en_US; do
  as_root env "${localedef_env[@]}" localedef -i "$locale" -c -f "$charmap" "$locale.UTF-8" ||
    { echo "test-punjabi: localedef $locale.UTF-8 failed ($where)" >&2; exit 1; }
done
glibc=$(as_user getconf GNU_LIBC_VERSION)
echo "test-punjabi ($where): $glibc; locales: $(as_user locale -a | tr '\n' ' ')"

failures=0
# run NAME=VALUE… -- ARG…: nitnem ARG… --group <group> in the recipe's environment and NAME=VALUE.
run() {
  local vars=()
  while [ "$1" != -- ]; do vars+=("$1"); shift; done
  shift
  as_user env -i PATH=/usr/bin:/bin HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" \
    XDG_STATE_HOME="$work/home/.local/state" TZ=Asia/Kolkata SGGS_CLOCK_NOW=2026-11-29T13:00 "${vars[@]}" \
    "$work/prefix/bin/nitnem" "$@" --group "$work/group"
}
# check WHAT GOLDEN OUTPUT: OUTPUT is the golden file's text.
check() {
  if [ "$3" = "$(cat "$repo/fixtures/golden/language/$2")" ]; then
    echo "ok   $1: $(head -n 1 <<< "$3")"
  else
    echo "FAIL $1 does not print fixtures/golden/language/$2; it printed:"
    sed 's/^/       /' <<< "$3"
    failures=$((failures + 1))
  fi
}
check "LANG=pa_IN.UTF-8 nitnem status" pa-status.text "$(run LANG=pa_IN.UTF-8 -- status)"
check "LANGUAGE=pa LANG=en_US.UTF-8 nitnem journey --month 2026-11" pa-journey.text \
  "$(run LANGUAGE=pa LANG=en_US.UTF-8 -- journey --month 2026-11)"
# C.UTF-8: glibc 2.39 made its gettext treat C.<encoding> as C (LANGUAGE ignored, no catalogue opened).
c_utf8=$(run LANGUAGE=pa LANG=C.UTF-8 -- status)
minor=$(sed -n 's/^glibc 2\.\([0-9]*\).*/\1/p' <<< "$glibc")
if [ "${minor:-0}" -ge 39 ]; then expect=English; else expect=Punjabi; fi
if [ "$c_utf8" = "$(cat "$repo/fixtures/golden/language/pa-status.text")" ]; then got=Punjabi; else got=English; fi
if [ "$got" = "$expect" ]; then
  echo "ok   LANGUAGE=pa LANG=C.UTF-8 nitnem status is $got with $glibc: $(head -n 1 <<< "$c_utf8")"
else
  echo "FAIL LANGUAGE=pa LANG=C.UTF-8 nitnem status is $got with $glibc (docs/guide/languages.md says $expect): $(head -n 1 <<< "$c_utf8")"
  failures=$((failures + 1))
fi
echo "test-punjabi ($where): $failures failed ($((SECONDS - start)) s)"
[ "$failures" -eq 0 ]
