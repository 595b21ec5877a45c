#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Prints the `swift build` arguments of the release build (`make release`, `make install`, `make deb`,
# bench/agent): the Swift runtime linked in, so the binary runs without a toolchain, and laid out for a
# small resident agent (bench/README.md, "Agent RSS"):
#   - lld, with relative relocations packed (DT_RELR: 5 KiB instead of 640 KiB the loader reads at
#     each start);
#   - every function in its own section (-function-sections), placed at link time in the order of
#     packaging/nitnem.order: what the agent touches from its start to rest comes first, together,
#     so the pages it maps are few (bench/agent/order.sh writes that file);
#   - no symbol exported from the executable (--no-export-dynamic: nothing loads against it; its
#     4,000 exports were a table the loader searched for every libstdc++ relocation);
#   - reference counts changed without atomic instructions in our own code (-assume-single-threaded):
#     nitnem runs on one thread (a poll loop; GLib's calls back on it), and scripts/check-pure.sh fails
#     when product code starts a thread. A simulated year took 9.2 ms with atomic counts, 8.7 without;
#     the Swift runtime linked in keeps its atomic ones;
#   - libstdc++ linked in when its static archive is installed (libstdc++-NN-dev, which the Swift
#     toolchain needs): only the parts the Swift runtime uses, and no 4,300 symbol relocations at
#     each start. Without the archive the binary links libstdc++.so.6 as before.
# The static archive is found through a folder holding only a link to it (.build/static-libstdc++),
# ahead of the folder that holds libstdc++.so.
#
#   scripts/release-flags.sh [--build]
#
# --build: builds it with those arguments (swift's lines on stderr) and prints the binary's path
# instead, for the tests that run the release build (real-waybar.sh, real-server.sh, real-shell.sh…).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
swift_bin=${SWIFT_BIN:-/opt/swift/usr/bin}
flags=(-c release --static-swift-stdlib --disable-local-rpath
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -Xfrontend -Xswiftc -assume-single-threaded
  -Xswiftc -use-ld=lld
  -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
  -Xlinker "--symbol-ordering-file=$root/packaging/nitnem.order" -Xlinker --no-warn-symbol-ordering)
clang=$swift_bin/clang
command -v "$clang" > /dev/null || clang=clang
archive=$("$clang" -print-file-name=libstdc++.a 2> /dev/null || true)
if [ "$archive" != libstdc++.a ] && [ -f "$archive" ]; then
  folder=$root/.build/static-libstdc++
  mkdir -p "$folder"
  ln -sfn "$archive" "$folder/libstdc++.a"
  flags+=(-Xswiftc -L -Xswiftc "$folder")
fi
if [ "${1-}" = --build ]; then
  cd "$root"
  export PATH=$swift_bin:$PATH
  swift build "${flags[@]}" >&2
  echo "$(swift build "${flags[@]}" --show-bin-path)/nitnem"
else
  echo "${flags[*]}"
fi
