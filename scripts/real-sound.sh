#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Whether a reminder's sound is heard in GNOME Shell 50 (Debian testing, headless), in the testing
# root: a system bus of its own, then as tester in a session bus PipeWire, wireplumber and
# pipewire-pulse with a null sink (the default sink) whose monitor parecord records; the Shell
# (`gnome-shell --headless --wayland --virtual-monitor 1280x800`); `nitnem reminders test` with
# config `sound = on` (GNOME lists `sound`: sent as sound-name) and with `sound = off`; each
# recording measured with `sox stat` (off first: a banner stays, and the next waits behind it, so
# each is closed before the next). For comparison, libcanberra (what the Shell plays sounds
# with) plays the same theme sound from a plain program in that session, recorded the same way.
#
#   scripts/real-sound.sh
#
# Prints each measurement and `N passed, M failed`; exits 1 on a failure. Root only.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
[ "$(id -u)" -eq 0 ] || { echo "real-sound: needs root (the testing root's script mounts and chroots)" >&2; exit 2; }
start=$SECONDS
if [ -z "${NITNEM_BIN:-}" ]; then
  export PATH=/opt/swift/usr/bin:$PATH
  read -r -a release <<< "$("$repo/scripts/release-flags.sh")"
  (cd "$repo" && swift build "${release[@]}" >&2)
  NITNEM_BIN="$(cd "$repo" && swift build "${release[@]}" --show-bin-path)/nitnem"
fi
"$repo/scripts/testing-root.sh" build
work=$(mktemp -d /tmp/nitnem-sound-XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
mkdir -p "$work/home/.config/nitnem" "$work/run"
chmod 700 "$work/run"

# As root in the root's namespaces: the system bus the Shell wants, then the session as tester.
cat > "$work/root.sh" << 'EOF'
work=$1
mount -t tmpfs tmpfs /run/systemd 2> /dev/null || { mkdir -p /run/systemd && mount -t tmpfs tmpfs /run/systemd; }
mkdir -p /run/dbus && mount -t tmpfs tmpfs /run/dbus
dbus-daemon --system --fork
chown -R 1000:1000 "$work"
exec setpriv --reuid=1000 --regid=1000 --clear-groups env -i HOME="$work/home" PATH=/usr/local/bin:/usr/bin:/bin \
  LANG=C.UTF-8 XDG_RUNTIME_DIR="$work/run" XDG_CONFIG_HOME="$work/home/.config" \
  dbus-run-session -- bash "$work/session.sh" "$work"
EOF
cat > "$work/session.sh" << 'EOF'
work=$1
cd "$work"
passed=0 failed=0
verdict() { if [ "$1" = ok ]; then passed=$((passed + 1)); echo "ok   $2"; else failed=$((failed + 1)); echo "FAIL $2"; fi; }
pipewire > pipewire.log 2>&1 &
sleep 1
wireplumber > wireplumber.log 2>&1 &
pipewire-pulse > pipewire-pulse.log 2>&1 &
for i in $(seq 1 40); do pactl info > /dev/null 2>&1 && break; sleep 0.25; done
pactl load-module module-null-sink sink_name=heard > /dev/null && pactl set-default-sink heard
echo "     $(pactl info | grep 'Server Name'); default sink $(pactl get-default-sink)"
gsettings set org.gnome.desktop.sound event-sounds true
# The Shell warns once per user that it cannot lock the screen without GDM: a banner that, with no
# one moving the pointer, never leaves, so the reminder would wait behind it in the queue (and a
# notification's sound plays when its banner shows). This says "warned".
mkdir -p home/.local/share/gnome-shell && touch home/.local/share/gnome-shell/lock-warning-shown
gnome-shell --headless --wayland --virtual-monitor 1280x800 > shell.log 2>&1 &
for i in $(seq 1 120); do
  gdbus call --session -d org.freedesktop.Notifications -o /org/freedesktop/Notifications \
    -m org.freedesktop.Notifications.GetServerInformation 2> /dev/null | grep -q gnome-shell && break
  sleep 0.5
done
echo "     $(gnome-shell --version), $(pipewire --version | grep -m1 -o 'libpipewire [0-9.]*')"
sleep 2
# The peak and RMS amplitude of what the sink played while $2… ran (recorded for 4 s).
measure() {
  local name=$1
  shift
  parecord --device=heard.monitor --file-format=wav "$name.wav" &
  local rec=$!
  sleep 1
  "$@" > "$name.out" 2>&1
  sleep 3
  kill "$rec"
  wait "$rec" 2> /dev/null
  sox "$name.wav" -n stat 2>&1 | awk '/Maximum amplitude/ { max = $3 } /RMS +amplitude/ { rms = $3 } END { print max, rms }'
}
heard() { awk -v m="$1" 'BEGIN { exit !(m > 0.01) }'; }
cat > canberra.py << 'PY'
import ctypes, time
ca = ctypes.CDLL("libcanberra.so.0")
c = ctypes.c_void_p()
ca.ca_context_create(ctypes.byref(c))
ca.ca_context_play(c, 0, b"event.id", b"message-new-instant", None)
time.sleep(2)
PY
read -r max rms <<< "$(measure canberra python3 canberra.py)"
if heard "$max"; then verdict ok "libcanberra in this session is heard: max $max, RMS $rms"
else verdict fail "libcanberra in this session is heard: max $max, RMS $rms"; fi
# Off first, then on: a banner stays until acted on, and the next waits behind it, so each test
# notification is closed (CloseNotification, the id it printed) before the next is sent.
close_shown() {
  local id
  for id in $(seq 1 20); do
    gdbus call --session -d org.freedesktop.Notifications -o /org/freedesktop/Notifications \
      -m org.freedesktop.Notifications.CloseNotification "$id" > /dev/null 2>&1
  done
  sleep 1
}
close_shown
printf 'sound = off\n' > home/.config/nitnem/config
read -r max rms <<< "$(measure off nitnem reminders test --no-wait)"
if heard "$max"; then verdict fail "sound = off: silence: max $max, RMS $rms"
else verdict ok "sound = off: silence: max $max, RMS $rms"; fi
close_shown
printf 'sound = on\n' > home/.config/nitnem/config
read -r max rms <<< "$(measure on nitnem reminders test --no-wait)"
sed 's/^/     /' on.out | head -2
if heard "$max"; then verdict ok "sound = on: the reminder is heard: max $max, RMS $rms"
else verdict fail "sound = on: the reminder is heard: max $max, RMS $rms"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
EOF
set +e
"$repo/scripts/testing-root.sh" run --root --bin "$NITNEM_BIN" -- timeout 180 bash "$work/root.sh" "$work" 2>&1 |
  grep -a -v -e '^dbus-daemon\[' -e 'X11 display' -e get_x11_output -e calendar-server -e '^$'
rc=${PIPESTATUS[0]}
set -e
echo "real-sound: exit $rc ($((SECONDS - start)) s)"
exit "$rc"
