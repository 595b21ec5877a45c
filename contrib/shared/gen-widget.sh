#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Prints contrib/shared/widget.js (an ES module: the widgets' own logic, written once) in the form a
# widget loads, for gen-43.sh and gen-5.sh to write into the build folder (never committed):
#
#   esm     GNOME Shell 45+: the source as it is.
#   legacy  GNOME Shell 43/44 (`Me.imports.widget`): each top-level `export function NAME` made
#           `function NAME`, each `export const NAME` made `var NAME` (a legacy module exports its
#           top-level functions and vars), and, after the opening comment, a `/* exported … */`
#           comment naming them and 'use strict'.
#   qml     KDE Plasma 6 and 5.27 (`import "widget.js" as Widget`): the same names made the same way,
#           and `.pragma library` after the opening comment (one instance shared by every QML file).
#
# Any other `export` (a class, a list, a default) or an `import` in the source is an error: the
# legacy and QML forms have no equivalent. A generated form opens with the SPDX line and one saying
# where it comes from.
#
#   contrib/shared/gen-widget.sh esm|legacy|qml
set -eu
src=$(cd "$(dirname "$0")" && pwd)/widget.js
case ${1-} in
esm | legacy | qml) form=$1 ;;
*) echo "usage: gen-widget.sh esm|legacy|qml" >&2; exit 2 ;;
esac
[ $# -eq 1 ] || { echo "usage: gen-widget.sh esm|legacy|qml" >&2; exit 2; }
if [ "$form" = esm ]; then
    cat "$src"
    exit 0
fi
echo '// SPDX-License-Identifier: GPL-3.0-or-later'
echo "// GENERATED from contrib/shared/widget.js by contrib/shared/gen-widget.sh ($form): do not edit here;"
echo '// edit that file (make variants, make install, make deb and the tests make this anew).'
awk -v file="$src" -v form="$form" '
    function bad(what) {
        printf "%s:%d: %s (gen-widget.sh makes top-level `export function NAME` and `export const NAME` %s; nothing else)\n", file, NR, what, form > "/dev/stderr"
        failed = 1
    }
    NR == 1 { next } # the SPDX line: the banner has its own
    !body && /^\/\// { head = head $0 "\n"; next }
    !body { body = 1 }
    /^export function [A-Za-z_$][A-Za-z0-9_$]*[ (]/ {
        name = $3; sub(/\(.*/, "", name); names[++n] = name; sub(/^export /, ""); out = out $0 "\n"; next
    }
    /^export const [A-Za-z_$][A-Za-z0-9_$]* = / {
        names[++n] = $3; sub(/^export const /, "var "); out = out $0 "\n"; next
    }
    /^[ \t]*export[ \t{*]/ || /^export$/ { bad("an export of another form: " $0) }
    /^[ \t]*import[ \t{*(]/ { bad("an import: " $0) }
    { out = out $0 "\n" }
    END {
        if (failed) exit 1
        if (n == 0) { printf "%s: no `export function` or `export const`\n", file > "/dev/stderr"; exit 1 }
        printf "%s", head
        if (form == "qml") {
            print ".pragma library"
        } else {
            line = "/* exported"
            for (i = 1; i <= n; i++) {
                word = " " names[i] (i < n ? "," : " */")
                if (length(line word) > 100) { print line; line = "  " }
                line = line word
            }
            print line
            print "'"'"'use strict'"'"';"
        }
        printf "%s", out
    }' "$src"
