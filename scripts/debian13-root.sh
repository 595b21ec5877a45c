#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian 13 (trixie) root: GNOME Shell 48, Plasma 6.3. scripts/debian-root.sh says how it is
# built, cached and run.
#
#   scripts/debian13-root.sh path | build | run [--root] [--bin FILE] [--bind HOST:INSIDE]... -- CMD... | packages | gc
exec "$(dirname "$0")/debian-root.sh" 13 "$@"
