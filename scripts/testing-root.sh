#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian testing (forky) root: GNOME Shell 50, Plasma 6.7, sway + waybar, mako, swaync,
# xfce4-notifyd, dunst. scripts/debian-root.sh says how it is built, cached and run.
#
#   scripts/testing-root.sh path | build | run [--root] [--bin FILE] [--bind HOST:INSIDE]... -- CMD... | packages | gc
exec "$(dirname "$0")/debian-root.sh" testing "$@"
