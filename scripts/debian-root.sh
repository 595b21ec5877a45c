#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Roots of newer Debians for the tests that run today's desktops for real (Debian 12, the host, has
# GNOME Shell 43 and Plasma 5.27):
#
#   13       Debian 13 (trixie): GNOME Shell 48, Plasma 6.3
#   testing  Debian testing (forky): GNOME Shell 50, Plasma 6.7, sway 1.12 + waybar 0.15, and the
#            notification servers mako 1.11, swaync 0.12, xfce4-notifyd 0.9, dunst 1.13
#   unstable Debian unstable (sid): GNOME Shell 51 alone (the real-shell test's and the package's)
#
# Built with debootstrap from the mirror the host's apt uses (read from
# /etc/apt/sources.list.d/*.sources or /etc/apt/sources.list when this runs), with the packages
# listed below, and cached outside the clone:
#
#   $NITNEM_ROOT_CACHE/<name>-<hash of the package list and this recipe>/   (default /var/cache/nitnem;
#                                                                              name debian13, testing
#                                                                              or unstable)
#
# It is built in a temporary folder beside it and renamed into place only when complete (its READY
# file then exists), so an interrupted build is never used; a second run finds it and reuses it.
# Debian testing's and unstable's Release may be past its Valid-Until on the mirror: apt in every
# root is told not to check it. Root only (debootstrap, chroot, mounts).
#
#   scripts/debian-root.sh 13|testing|unstable path       prints the root's path, building it first when needed
#   scripts/debian-root.sh 13|testing|unstable build      builds it when needed (prints nothing more)
#   scripts/debian-root.sh 13|testing|unstable run [--root] [--bin FILE | --no-bin] [--overlay] [--bind HOST:INSIDE]... -- CMD [ARG...]
#                                           runs CMD in the root as the user `tester` (uid 1000; with
#                                           --root: as root); exits with CMD's status
#   scripts/debian-root.sh 13|testing|unstable packages   prints the package list (what the hash is of)
#   scripts/debian-root.sh 13|testing|unstable gc         deletes that root's other versions in the cache (never
#                                           one with anything mounted in it)
#
# (scripts/debian13-root.sh, scripts/testing-root.sh and scripts/unstable-root.sh are the forms with the
# first argument given.)
#
# `run` gives CMD, in the root: /proc (its own), /dev and /sys (the host's), the host's /tmp at /tmp
# (so a folder made with mktemp on the host has the same path inside), the nitnem binary at
# /usr/local/bin/nitnem (--bin FILE, else $NITNEM_BIN, else the host's release build, made with
# `make release`'s flags when missing) and each --bind. It runs in its own
# mount and PID namespaces (unshare): every process CMD left behind is killed when CMD exits, and the
# mounts are undone (a trap unmounts them; the namespace ending would drop them anyway), so nothing
# stays mounted in the root. Its environment: HOME=/home/tester, USER, PATH, LANG=C.UTF-8 and
# XDG_RUNTIME_DIR=/run/user/1000 (an empty folder of this run alone, as is the home), plus each NAME=VALUE of
# $NITNEM_ROOT_ENV (space-separated); use `env NAME=VALUE CMD` for more.
#
# --overlay: CMD sees the root through an overlay whose changes go to a tmpfs of this run alone, never
# to the cached root: a package CMD installs there is gone when it exits. (A tmpfs, not a folder on
# disk: an overlay cannot write to a folder on another overlay, as / is in a container.)
# --no-bin (only with --overlay): no nitnem bound in, and the root's empty /usr/local/bin/nitnem
# (the binary's mount point) taken away in the overlay, so `nitnem` is only what CMD installs.
set -euo pipefail
# debootstrap, chroot (in /usr/sbin) also when the caller's PATH lacks the sbin folders.
export PATH=$PATH:/usr/sbin:/sbin

usage() {
  echo "usage: $0 13|testing|unstable path | build | run [--root] [--bin FILE | --no-bin] [--overlay] [--bind HOST:INSIDE]... -- CMD... | packages | gc" >&2
  exit 2
}

# What each root holds. Changing a list (or RECIPE, when the steps below change) makes a new root.
RECIPE=2
# Every root: a headless GNOME Shell with a settings store it reads (dconf) and the tools the tests
# drive it with (its accessibility tree, from Python); fonts (Latin, GNOME's own, Gurmukhi for the
# titles); what the nitnem binary loads at run time (dlopen).
gnome=(
  gnome-shell dconf-gsettings-backend dconf-service libglib2.0-bin gsettings-desktop-schemas
  dbus dbus-daemon at-spi2-core python3-pyatspi python3-gi gir1.2-glib-2.0 procps
  fonts-dejavu-core fonts-cantarell fonts-lohit-guru
  libsqlite3-0 libnotify4
)
# 13 and testing: also an X11 GNOME Shell's (48) tools; Plasma 6: the widget viewer, the shell's QML
# modules, the Qt 6 QML test runner.
common=(
  "${gnome[@]}" dbus-x11 xvfb xauth xdotool x11-utils
  plasma-sdk plasma-workspace qml6-module-qttest qt6-declarative-dev-tools
  qml6-module-qtquick qml6-module-qtquick-controls qml6-module-qtquick-layouts
  qml6-module-org-kde-kirigami qml6-module-org-kde-plasma-plasma5support libplasma5support-data
  qt6-qpa-plugins
)
case ${1-} in
  13) name=debian13 suite=trixie script=trixie
    packages=("${common[@]}" libplasma6) ;;
  testing) name=testing suite=forky script=/usr/share/debootstrap/scripts/sid
    packages=("${common[@]}"
      # Plasma's library: libplasma7 in forky (its libplasma6 is gone); plasmashell's own desktop
      # shell package (org.kde.plasma.desktop), so Plasma's notification server runs as users have it
      libplasma7 plasma-desktop
      # waybar on a headless sway, its picture read back; the notification servers people run under
      # it, and their clients (makoctl, swaync-client, notify-send)
      sway waybar grim mako-notifier sway-notification-center xfce4-notifyd dunst libnotify-bin
      # a sound server with a null sink the tests record (a reminder's sound heard)
      pipewire pipewire-pulse wireplumber pulseaudio-utils sox
      # locales: a generated pa_IN.UTF-8, as a user of current glibc would have it
      locales
    ) ;;
  # GNOME Shell 51 for the real-shell test and the package's (real-shell.sh --package), nothing
  # else: Wayland only (51 has no X11), so no Xvfb or xdotool.
  unstable) name=unstable suite=sid script=/usr/share/debootstrap/scripts/sid
    packages=("${gnome[@]}"
      # locales: a generated pa_IN.UTF-8, as a user of current glibc would have it
      locales
    ) ;;
  *) usage ;;
esac
shift

cache=${NITNEM_ROOT_CACHE:-/var/cache/nitnem}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")

die() {
  echo "debian-root.sh ($name): $*" >&2
  exit 2
}

key() {
  { echo "recipe $RECIPE"; printf '%s\n' "${packages[@]}" | sort; } | sha256sum | cut -c1-16
}

root_path() { echo "$cache/$name-$(key)"; }

# Anything mounted at or below $1, or an overlay with it as its lower layer (run --overlay), in any
# mount namespace on the machine (a root is never deleted while one is: `rm -rf` would go into the
# host's /dev).
mounted_below() {
  local dir=$1 f
  for f in /proc/mounts /proc/[0-9]*/mounts; do
    awk -v d="$dir" '$2 == d || index($2, d "/") == 1 || index($4, "lowerdir=" d ",") { found = 1 } END { exit !found }' "$f" 2>/dev/null &&
      return 0
  done
  return 1
}

safe_remove() {
  local dir=$1
  [ -e "$dir" ] || return 0
  if mounted_below "$dir"; then
    echo "debian-root.sh: $dir has something mounted in it; not deleting it" >&2
    return 1
  fi
  rm -rf --one-file-system "$dir"
}

# The host's Debian mirror (the first deb URI ending in /debian), never written anywhere else.
mirror() {
  local uri
  uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i ~ /\/debian\/?$/) { print $i; exit } }')
  if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
    uri=$(awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\// && $i ~ /\/debian\/?$/) { print $i; exit } }' /etc/apt/sources.list)
  fi
  [ -n "$uri" ] || die "/etc/apt/sources.list.d/*.sources, /etc/apt/sources.list: no deb URI ending in /debian"
  echo "$uri"
}

build() {
  [ -f "$(root_path)/READY" ] && return 0
  [ "$(id -u)" -eq 0 ] || die "building the root needs root (debootstrap, chroot)"
  command -v debootstrap >/dev/null || die "debootstrap not found (scripts/deps.sh installs it)"
  mkdir -p "$cache/debs"
  # One build at a time: a second caller waits for the first, then finds the root ready.
  exec 9>"$cache/.$name.lock"
  flock 9
  [ -f "$(root_path)/READY" ] || build_locked
  exec 9>&-
}

build_locked() {
  local root tmp mirror start log
  root=$(root_path)
  # A half-built root of an earlier, interrupted run: never used, removed (when nothing is mounted).
  safe_remove "$root"
  for tmp in "$cache"/."$name"-*.tmp; do
    [ -e "$tmp" ] && safe_remove "$tmp"
  done
  tmp="$cache/.$name-$(key).tmp"
  mirror=$(mirror)
  start=$SECONDS
  echo "debian-root.sh: building $root (debootstrap $suite, then ${#packages[@]} packages; several minutes)" >&2
  log="$cache/$name-build.log"
  debootstrap --variant=minbase --cache-dir="$cache/debs" "$suite" "$tmp" "$mirror" "$script" >"$log" 2>&1 ||
    { tail -n 20 "$log" >&2; die "debootstrap failed (log: $log)"; }
  echo "deb $mirror $suite main" >"$tmp/etc/apt/sources.list"
  # The mirror's testing Release can be past its Valid-Until; the packages are still the suite's.
  echo 'Acquire::Check-Valid-Until "false";' >"$tmp/etc/apt/apt.conf.d/99nitnem-valid-until"
  # No daemons started by package scripts, and no systemd seats: the Shell then uses its dummy
  # login manager.
  printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
  chmod 755 "$tmp/usr/sbin/policy-rc.d"
  # The mounts apt needs, in a mount namespace of its own: they go with it, even if this is killed.
  unshare --mount --propagation private --fork env TMP_ROOT="$tmp" DEBS="$cache/debs" bash -c '
    set -e
    trap "umount -l \"\$TMP_ROOT/var/cache/apt/archives\" \"\$TMP_ROOT/proc\" \"\$TMP_ROOT/dev\" 2>/dev/null || true" EXIT
    mount --bind "$DEBS" "$TMP_ROOT/var/cache/apt/archives"
    mount -t proc proc "$TMP_ROOT/proc"
    mount --bind /dev "$TMP_ROOT/dev"
    chroot "$TMP_ROOT" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 \
      sh -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends \"\$@\"" sh "$@"
  ' inside "${packages[@]}" >>"$log" 2>&1 ||
    { tail -n 20 "$log" >&2; die "installing the packages failed (log: $log)"; }
  chroot "$tmp" useradd --create-home --uid 1000 --user-group --shell /bin/bash tester
  mkdir -p "$tmp/run/user" "$tmp/run/dbus"
  rm -rf "$tmp/run/systemd/seats"
  : >"$tmp/usr/local/bin/nitnem" # the mount point `run` binds the binary onto
  chmod 755 "$tmp/usr/local/bin/nitnem"
  chroot "$tmp" dpkg-query -W -f='${Package} ${Version}\n' >"$tmp/PACKAGES"
  mounted_below "$tmp" && die "$tmp: something is still mounted in it"
  echo "built in $((SECONDS - start)) s from $(key) (recipe $RECIPE)" >"$tmp/READY"
  mv "$tmp" "$root"
  echo "debian-root.sh: built $root in $((SECONDS - start)) s ($(du -sh --one-file-system "$root" | cut -f1))" >&2
}

# The nitnem binary bound into the root.
nitnem_bin() {
  local bin=${1:-${NITNEM_BIN:-}}
  # As `make release` builds it (the same flags, so neither rebuilds the other's).
  [ -n "$bin" ] || bin=$("$repo/scripts/release-flags.sh" --build)
  [ -x "$bin" ] || die "$bin: no nitnem binary there (--bin FILE or NITNEM_BIN)"
  echo "$bin"
}

run() {
  local as_root=0 bin="" no_bin=0 overlay=0 binds=() root
  local form="run [--root] [--bin FILE | --no-bin] [--overlay] [--bind HOST:INSIDE]... -- CMD..."
  while [ $# -gt 0 ]; do
    case $1 in
      --root) as_root=1 ;;
      --bin) bin=$2; shift ;;
      --no-bin) no_bin=1 ;;
      --overlay) overlay=1 ;;
      --bind) binds+=("$2"); shift ;;
      --) shift; break ;;
      *) die "run: unknown option $1 ($form)" ;;
    esac
    shift
  done
  [ $# -gt 0 ] || die "run: no command ($form)"
  [ "$no_bin" = 0 ] || [ "$overlay" = 1 ] || die "run: --no-bin needs --overlay ($form)"
  [ "$no_bin" = 0 ] || [ -z "$bin" ] || die "run: --bin and --no-bin ($form)"
  build
  root=$(root_path)
  if [ "$no_bin" = 1 ]; then bin=; else bin=$(nitnem_bin "$bin"); fi
  # In new mount and PID namespaces: the mounts are this namespace's alone, and when `inside`
  # (PID 1 there) exits, every process it left is killed.
  exec unshare --mount --propagation private --pid --fork --kill-child \
    env ROOT="$root" BIN="$bin" OVERLAY="$overlay" AS_ROOT="$as_root" BINDS="${binds[*]}" EXTRA_ENV="${NITNEM_ROOT_ENV:-}" \
    bash -c "$inside" inside "$@"
}

# Runs as PID 1 of the new namespaces: mounts, runs the command, unmounts.
inside='
set -u
mounts=()
overlay_dir=
cleanup() {
  local i
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[i]}" 2>/dev/null; done
  [ -z "$overlay_dir" ] || rmdir "$overlay_dir" 2>/dev/null
}
trap cleanup EXIT
trap "exit 130" INT TERM
m() { mount "$@" && mounts+=("${@: -1}"); }
if [ "$OVERLAY" = 1 ]; then
  # The root as the overlay'"'"'s lower layer, left as it is; every change goes to a tmpfs mounted on an
  # empty folder of this run (seen in this mount namespace alone; the folder is removed at the end).
  overlay_dir=$(mktemp -d /tmp/nitnem-root-overlay.XXXXXX) && m -t tmpfs tmpfs "$overlay_dir" &&
    mkdir "$overlay_dir/upper" "$overlay_dir/work" "$overlay_dir/merged" &&
    m -t overlay overlay -o "lowerdir=$ROOT,upperdir=$overlay_dir/upper,workdir=$overlay_dir/work" "$overlay_dir/merged" ||
    { echo "debian-root.sh: cannot mount an overlay of $ROOT" >&2; exit 2; }
  ROOT=$overlay_dir/merged
  [ -n "$BIN" ] || rm -f "$ROOT/usr/local/bin/nitnem"
fi
m -t proc proc "$ROOT/proc"
m --rbind /dev "$ROOT/dev"
m --rbind /sys "$ROOT/sys"
m --bind /tmp "$ROOT/tmp"
[ -z "$BIN" ] || m --bind "$BIN" "$ROOT/usr/local/bin/nitnem"
for b in $BINDS; do
  mkdir -p "$ROOT${b#*:}"
  m --bind "${b%%:*}" "$ROOT${b#*:}"
done
# The user'"'"'s runtime folder and home: empty folders of this run alone (a tmpfs in this mount namespace),
# so two runs in one root at once never share or delete each other'"'"'s sockets and files.
mkdir -p "$ROOT/run/user/1000" "$ROOT/home/tester"
m -t tmpfs -o mode=700,uid=1000,gid=1000 tmpfs "$ROOT/run/user/1000"
m -t tmpfs -o mode=700,uid=1000,gid=1000 tmpfs "$ROOT/home/tester"
envs=(PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin LANG=C.UTF-8 XDG_RUNTIME_DIR=/run/user/1000 $EXTRA_ENV)
if [ "$AS_ROOT" = 1 ]; then
  chroot "$ROOT" env -i HOME=/root USER=root LOGNAME=root "${envs[@]}" "$@"
else
  chroot "$ROOT" setpriv --reuid=1000 --regid=1000 --init-groups \
    env -i HOME=/home/tester USER=tester LOGNAME=tester "${envs[@]}" "$@"
fi
'

gc() {
  local keep d
  keep=$(root_path)
  for d in "$cache"/"$name"-*/; do
    d=${d%/}
    [ "$d" = "$keep" ] || { safe_remove "$d" && echo "removed $d"; }
  done
}

case ${1-} in
  path) build; root_path ;;
  build) build ;;
  run) shift; run "$@" ;;
  packages) printf '%s\n' "${packages[@]}" ;;
  gc) gc ;;
  *) usage ;;
esac
