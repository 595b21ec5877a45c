#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes packaging/nitnem.order, the order in which the release link places the binary's sections
# (scripts/release-flags.sh): the sections the agent touches from its start until it rests first, in the
# order it first touches them, then what a simulated week adds, then what showing a reminder adds
# (when dbus-daemon, Xvfb and dunst are installed). Each run goes under `valgrind --tool=lackey`, which
# reports every address the program reads, writes or runs; bench/agent/order.py maps them to the
# linker's map. Run it after changing what the agent runs at start (new code lands after the ordered
# part, and bench/agent shows its RSS grow). Needs valgrind; takes about 10 minutes.
#
# Environment: BENCH_SCRATCH_PATH (swift build scratch path, default <root>/.build), BENCH_OUT (work
# folder, default <root>/bench/out/order).
. "$(dirname "$0")/../lib.sh" order
command -v valgrind > /dev/null || { echo "order: valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
read -r -a flags <<< "$("$root/scripts/release-flags.sh")"
echo "order: building nitnem (release, with a linker map) in $scratch" >&2
swift build "${flags[@]}" --scratch-path "$scratch" --product nitnem -Xlinker "-Map=$out/nitnem.map" -Xlinker --no-demangle >&2
bin=$(swift build "${flags[@]}" --scratch-path "$scratch" --show-bin-path)/nitnem
# valgrind cannot read this toolchain's DWARF 5: a copy without debug information (symbols kept).
strip --strip-debug -o "$out/nitnem" "$bin"
python3 "$here/order.py" --bin "$out/nitnem" --map "$out/nitnem.map" --root "$root" --out "$out" \
  --write "$root/packaging/nitnem.order"
# The next release build links again with the new order (the file is not an input SwiftPM knows).
rm -f "$bin"
