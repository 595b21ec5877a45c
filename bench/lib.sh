# SPDX-License-Identifier: GPL-3.0-or-later
# What every benchmark begins with, sourced as `. "$(dirname "$0")/../lib.sh" NAME` (NAME begins its
# messages): strict mode; here, the script's folder; root, the tree's; Swift on PATH; scratch, swift
# build's scratch path (BENCH_SCRATCH_PATH, default <root>/.build); out, the work folder (BENCH_OUT,
# default <root>/bench/out/NAME), created.
set -euo pipefail
name=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
scratch=${BENCH_SCRATCH_PATH:-$root/.build}
out=${BENCH_OUT:-$root/bench/out/$name}
mkdir -p "$out"

# The default release build of nitnem, at $scratch/release/nitnem.
build_release() {
  echo "$name: building nitnem (release) in $scratch" >&2
  swift build -c release --scratch-path "$scratch" --product nitnem >&2
}
