#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Agent benchmark (release build), each figure against a reference measured in the same run:
#   (a) wakeups of an idle agent over 60 s (target 0) vs a bar script polling `nitnem status` every second;
#   (b) latency from a progress-file rename to the new timeline on disk, p50/p99 over >= 200 changes
#       (target p99 <= 2 ms) vs a plain `mv` + `cat` of the same file;
#   (c) `simulate` of one year (target <= 30 ms) and ten years (target <= 0.3 s), installed build, of the demo
#       group with a practice started in it (1,000 days, never read), vs `jq -c .` reading and rewriting the same lines;
#   (d) the installed agent's RSS once it rests after its start vs the floor's (bench/agent/floor, a static
#       Swift program that only waits; target <= 1.5x), both read from disk as after a boot; its RSS after
#       a simulated week (target <= 8 MiB) vs `sleep`'s and the floor's, the default release build for
#       comparison; and the installed build's RSS once it
#       has shown a reminder (libnotify, GLib and GIO are loaded only then; reported, no target; needs
#       dbus-daemon, Xvfb and dunst, else NOT RUN);
#   (e) `status --format waybar` vs `cat` and `jq` reading the widget file (targets <= 3x cat, <= 0.2x jq),
#       and the floor: a static Swift program that only prints a line (bench/agent/floor);
#   (f) the size of the installed binary (stripped as make install does; target <= 24 MB) and of any .deb
#       in the tree.
# Takes about 2 minutes after the builds.
#
# Environment: BENCH_SCRATCH_PATH (swift build scratch path, default <root>/.build),
# BENCH_OUT (work folder, default <root>/bench/out/agent), BENCH_IDLE_SECONDS (default 60),
# BENCH_CHANGES (default 200), BENCH_STATIC_STDLIB (0 skips the --static-swift-stdlib build), BENCH_ONLY
# (letters of the figures to measure, e.g. ef; default all).
. "$(dirname "$0")/../lib.sh" agent
for tool in python3 jq; do
  command -v "$tool" >/dev/null || { echo "agent: $tool is needed for the reference measurements" >&2; exit 1; }
done

build_release
static=()
if [ "${BENCH_STATIC_STDLIB:-1}" != 0 ]; then
  # The installed build: make release's arguments (scripts/release-flags.sh).
  read -r -a release <<< "$("$root/scripts/release-flags.sh")"
  echo "agent: building nitnem (release, as make install builds it) in $scratch/static-stdlib" >&2
  swift build "${release[@]}" --scratch-path "$scratch/static-stdlib" --product nitnem >&2
  static=(--static-bin "$(swift build "${release[@]}" --scratch-path "$scratch/static-stdlib" --show-bin-path)/nitnem")
  echo "agent: building the floor (bench/agent/floor: a static Swift program that only prints a line, or waits)" >&2
  swift build -c release --static-swift-stdlib --package-path "$here/floor" --scratch-path "$scratch/floor" >&2
  static+=(--floor-bin "$scratch/floor/release/floor")
  # The same floor linked as the agent is (without the order file, which names the agent's symbols).
  floor_link=()
  for flag in "${release[@]}"; do
    case $flag in --symbol-ordering-file=* | --no-warn-symbol-ordering) unset 'floor_link[-1]' ;; *) floor_link+=("$flag") ;; esac
  done
  swift build "${floor_link[@]}" --package-path "$here/floor" --scratch-path "$scratch/floor-same-link" >&2
  static+=(--floor-same-link-bin "$scratch/floor-same-link/release/floor")
fi
exec python3 "$here/measure.py" --bin "$scratch/release/nitnem" "${static[@]}" --root "$root" --out "$out" \
  --idle-seconds "${BENCH_IDLE_SECONDS:-60}" --changes "${BENCH_CHANGES:-200}" --only "${BENCH_ONLY:-}"
