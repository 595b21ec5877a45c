# SPDX-License-Identifier: GPL-3.0-or-later
# What the shell scripts that run a real desktop share (sourced, not run: real-waybar.sh,
# real-server.sh, real-sound.sh, contrib/plasma/tests/widget.sh, contrib/gnome-shell/tests/
# real-shell-session.sh); their Python side shares scripts/harness.py. A script run inside a Debian
# root sources the copy its caller put beside it (real-sound.sh) or the copied checkout's.
#
#   need_tools NAME TOOL...   each TOOL on PATH, and /usr/bin/python3 (Debian's, the one
#                             python3-pyatspi is for) importing pyatspi; else NAME: … and exit 1
#   test_user NAME            as root: the user nitnem-test (NITNEM_TEST_USER), made when missing,
#                             printed; NAME: … and exit 1 when it cannot be made
#   root_script NAME ARG      --root ARG's script (testing: scripts/testing-root.sh, else ARG),
#                             printed; NAME: … and exit 2 when it is not one
#   system_bus                as root in a root's mount namespace: a system bus of its own, and
#                             /run/systemd hidden (no seats: the Shell takes its dummy login manager)
#   start_xvfb DIR SCREEN [OPTION…]
#                             Xvfb on a display it picks itself (-displayfd), its output in
#                             DIR/xvfb.log: sets xvfb (its pid) and display (its number; empty when
#                             it printed none in 10 s)
#   no_bus_chatter [PATTERN…] stdin without the session bus's lines about the services it starts
#                             (nor lines matching PATTERN)

need_tools() {
  local name=$1 tool
  shift
  for tool in "$@" /usr/bin/python3; do
    command -v "$tool" > /dev/null || { echo "$name: $tool not found (scripts/deps.sh installs it)" >&2; exit 1; }
  done
  /usr/bin/python3 -c 'import pyatspi' 2> /dev/null ||
    { echo "$name: /usr/bin/python3 (Debian's) cannot import pyatspi (python3-pyatspi; scripts/deps.sh installs it)" >&2; exit 1; }
}

test_user() {
  local user=${NITNEM_TEST_USER:-nitnem-test}
  if ! id -u "$user" > /dev/null 2>&1; then
    # (Another test may be making the same user at this moment: then it exists afterwards.)
    PATH=$PATH:/usr/sbin:/sbin useradd --create-home --shell /bin/sh "$user" 2> /dev/null || id -u "$user" > /dev/null ||
      { echo "$1: cannot create the user $user (useradd)" >&2; exit 1; }
  fi
  echo "$user"
}

root_script() {
  local script=$2
  [ "$script" != testing ] || script=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/testing-root.sh
  [ -x "$script" ] || { echo "$1: --root: $script is not a root's script (scripts/testing-root.sh)" >&2; exit 2; }
  echo "$script"
}

system_bus() {
  mount -t tmpfs tmpfs /run/systemd 2> /dev/null || { mkdir -p /run/systemd && mount -t tmpfs tmpfs /run/systemd; }
  mkdir -p /run/dbus
  mount -t tmpfs tmpfs /run/dbus
  dbus-daemon --system --fork
}

start_xvfb() {
  local dir=$1 screen=$2
  shift 2
  : > "$dir/display"
  Xvfb -displayfd 3 -screen 0 "$screen" -nolisten tcp "$@" 3> "$dir/display" > "$dir/xvfb.log" 2>&1 &
  xvfb=$!
  for _ in $(seq 200); do [ -s "$dir/display" ] && break; sleep 0.05; done
  display=$(head -n 1 "$dir/display")
}

no_bus_chatter() {
  local more=() pattern
  for pattern in "$@"; do more+=(-e "$pattern"); done
  grep -v -e '^dbus-daemon\[.*ctivat' "${more[@]}"
}
