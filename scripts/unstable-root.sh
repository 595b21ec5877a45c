#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian unstable (sid) root: GNOME Shell 51 alone, for the real-shell test and the package's
# test in a root. scripts/debian-root.sh says how it is built, cached and run.
#
#   scripts/unstable-root.sh path | build | run [--root] [--bin FILE] [--bind HOST:INSIDE]... -- CMD... | packages | gc
exec "$(dirname "$0")/debian-root.sh" unstable "$@"
