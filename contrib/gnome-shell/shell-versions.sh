#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Reads contrib/gnome-shell/shell-versions, the one list of the GNOME Shell majors the extension is
# for, for everything that needs it: metadata.json's "shell-version" (gen-43.sh, the build),
# tests/run.sh, tests/real-shell.sh and shell-api/check.py.
#
#   shell-versions.sh [--from MAJOR] [--to MAJOR] [--kind run|checked] [--json | --with-kind]
#
# Prints the majors listed (from, to: those in that range, both included; kind: those of that kind),
# one a line; --with-kind: `<major> <kind>` lines; --json: as metadata.json's "shell-version" has
# them, on one line (["45", "46"]). Exits 2, naming the line, when the file is not of that form
# (`<major> run|checked [# note]`, majors rising) or the arguments are wrong.
set -eu
list=$(dirname "$0")/shell-versions
from=0 to=999999 kind= form=lines
while [ $# -gt 0 ]; do
    case $1 in
    --from | --to)
        case ${2-} in '' | *[!0-9]*) echo "shell-versions.sh: $1 wants a major (a number)" >&2; exit 2 ;; esac
        if [ "$1" = --from ]; then from=$2; else to=$2; fi
        shift ;;
    --kind)
        case ${2-} in run | checked) kind=$2 ;; *) echo "shell-versions.sh: --kind run or checked" >&2; exit 2 ;; esac
        shift ;;
    --json) form=json ;;
    --with-kind) form=kind ;;
    *) echo "usage: shell-versions.sh [--from MAJOR] [--to MAJOR] [--kind run|checked] [--json | --with-kind]" >&2; exit 2 ;;
    esac
    shift
done
awk -v from="$from" -v to="$to" -v kind="$kind" -v form="$form" -v file="$list" '
    { sub(/[ \t]*#.*/, "") }
    /^[ \t]*$/ { next }
    {
        if (NF != 2 || $1 !~ /^[0-9]+$/ || ($2 != "run" && $2 != "checked")) {
            printf "%s:%d: not `<major> run|checked [# note]`: %s\n", file, NR, $0 > "/dev/stderr"; bad = 1; exit 2
        }
        if (n > 0 && $1 + 0 <= last) {
            printf "%s:%d: %s after %s: the majors rise, each once\n", file, NR, $1, last > "/dev/stderr"; bad = 1; exit 2
        }
        last = $1 + 0; n++
        if ($1 + 0 < from + 0 || $1 + 0 > to + 0 || (kind != "" && $2 != kind)) next
        if (form == "lines") print $1
        else if (form == "kind") print $1, $2
        else json = json (json == "" ? "" : ", ") "\"" $1 "\""
    }
    END {
        if (bad) exit 2
        if (n == 0) { printf "%s: no majors\n", file > "/dev/stderr"; exit 2 }
        if (form == "json") print "[" json "]"
    }' "$list"
