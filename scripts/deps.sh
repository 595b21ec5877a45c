#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian packages nitnem needs, when any is missing. Uses sudo when not root. Safe to
# run again: installs nothing when all are present.
#
#   scripts/deps.sh build        what building and running need (`make run`, `make install`)
#   scripts/deps.sh build deb    and what `make deb` needs
#   scripts/deps.sh build check  and what the fast tier's tests need (`make check`: no desktop program)
#   scripts/deps.sh              everything `make test` needs (build, deb and the test tools)
#   scripts/deps.sh shots        and what `make screenshots` needs besides them
set -euo pipefail
build=(
  pkg-config libsqlite3-dev libnotify-dev    # the sqlite3.h and libnotify headers (CSQLite, CLibnotifyHeaders)
  gettext                                    # msgfmt: po/*.po compiled at build and install (share/locale)
  python3                                    # contrib/plasma/gen-5.sh: the Plasma 5.27 widget, made at install
)
deb=(
  dpkg-dev                                   # make deb: dpkg-shlibdeps, dpkg-deb
)
test=(
  sqlite3 jq tzdata python3                  # fixture databases, JSON checks, zone data, the fault suite (faults/run)
  dbus-daemon xvfb dunst libnotify-bin       # a private session bus and a real notification server
  gjs                                        # the GNOME Shell extension's timeline logic
  python3-pip                                # Shexli's wheels, for the testing root's Python (contrib/gnome-shell/tests/shexli.sh)
  qtdeclarative5-dev-tools qml-module-qttest # the KDE Plasma widget's logic under qmltestrunner (Qt 5)
  plasma-sdk plasma-workspace                # plasmoidviewer and the executable data engine, Plasma 5.27
  qml-module-org-kde-kitemmodels             #   and its settings window (AppletConfiguration.qml imports it)
  python3-pyatspi at-spi2-core               # the widget read and driven through the accessibility tree
  polybar xdotool x11-apps fonts-dejavu-core # a real bar on Xvfb, clicked (xdotool), screens read (xwd)
  xdg-utils desktop-file-utils               # the sggs:// handler (xdg-open, xdg-mime; make install uses them when present)
  bash-completion zsh fish man-db            # the generated completions load, the man page renders clean
  lintian systemd                            # the .deb's lintian, systemd-analyze verify of the unit
  locales fontconfig fonts-lohit-guru        # LANG=pa_IN.UTF-8 (localedef), doctor's fc-list :lang=pa, a Gurmukhi font
  appstream                                  # appstreamcli validate of the AppStream metainfo
  sway waybar grim                           # waybar for real on a headless sway, its picture read back (grim)
  mako-notifier sway-notification-center    # the notification servers people run under sway (mako 1.7, swaync 0.7)
  xfce4-notifyd                              #   and Xfce's (0.7), each shown a reminder for real (scripts/real-server.sh)
  tesseract-ocr tesseract-ocr-eng            #   swaync 0.7's popup read off its picture (GTK 3 hides its body from AT-SPI)
  python3-pyatspi at-spi2-core               # waybar's text read through the accessibility tree (AT-SPI)
  gnome-shell dconf-gsettings-backend        # a real GNOME Shell 43 (contrib/gnome-shell/tests/real-shell.sh),
  dconf-service libglib2.0-bin               #   its settings (gsettings) as the Shell reads them,
  at-spi2-core python3-pyatspi               #   its panel and menu read through the accessibility tree,
  fonts-cantarell fonts-lohit-guru           #   its fonts, Gurmukhi titles included
  debootstrap                                # the Debian 13 root with Shell 48 and Plasma 6 (scripts/debian13-root.sh)
  syncthing                                  # the sync attack: two real Syncthing peers on loopback (faults/run)
)
check=(
  sqlite3 jq tzdata                          # fixture databases, JSON checks, zone data
  bash-completion zsh fish man-db            # the generated completions load, the man page renders clean
  desktop-file-utils                         # desktop-file-validate of the .desktop entries
  locales fontconfig fonts-lohit-guru        # LANG=pa_IN.UTF-8 (localedef), doctor's fc-list :lang=pa, a Gurmukhi font
)
shots=(
  imagemagick optipng                        # X11 pictures converted and cropped (convert), every PNG optimised
  fonts-noto-core                            # Gurmukhi in the pictures (polybar's ੴ, the reminder's titles)
  suckless-tools                             # dmenu: dunst's context menu, where it shows a reminder's buttons
)
[ $# -gt 0 ] || set -- build deb test
packages=()
for group in "$@"; do
  case $group in
    build) packages+=("${build[@]}") ;;
    deb) packages+=("${deb[@]}") ;;
    test) packages+=("${test[@]}") ;;
    check) packages+=("${check[@]}") ;;
    shots) packages+=("${shots[@]}") ;;
    *) echo "usage: $0 [build] [deb] [test] [check] [shots] (none: build, deb and test)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep "install ok installed" > /dev/null || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
# Another apt (unattended-upgrades in the first hour after boot, a second terminal) may hold the
# package lock: wait for it, up to DEPS_LOCK_TIMEOUT seconds (default 10 minutes), rather than fail.
timeout=${DEPS_LOCK_TIMEOUT:-600}
lock=(-o "DPkg::Lock::Timeout=$timeout")
# apt's lock is an fcntl lock (flock(1) cannot see it): asked with python3 when it is there.
if command -v python3 > /dev/null && ! $sudo python3 -c 'import fcntl
f = open("/var/lib/dpkg/lock-frontend", "a")
fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)' 2> /dev/null; then
  echo "deps: another program holds the package lock (/var/lib/dpkg/lock-frontend); waiting up to ${timeout} s for it" >&2
fi
start=$SECONDS
$sudo apt-get "${lock[@]}" update -qq
$sudo apt-get "${lock[@]}" install -y -qq --no-install-recommends "${missing[@]}"
[ $((SECONDS - start)) -lt 30 ] || echo "deps: done after $((SECONDS - start)) s" >&2
