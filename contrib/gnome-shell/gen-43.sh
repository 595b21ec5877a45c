#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the two GNOME Shell extensions that get installed from nitnem@nitnem/ (GNOME Shell 45+, ES
# modules, the one source), into the build folder: OUTDIR/nitnem@nitnem/ (45+) and
# OUTDIR/nitnem@nitnem-43/ (GNOME Shell 43/44, legacy `imports.*` modules), OUTDIR by default
# .build/contrib of this checkout. Neither is committed: `make variants`, `make install`, `make deb`
# and the tests (tests/run.sh, tests/real-shell.sh, scripts/install.sh when not handed VARIANTS)
# run this first, so what they use is always made from the source as it is. Shell 43/44 cannot load
# an ES module as an extension and Shell 45+ loads nothing else, so one of the two has to be made;
# doing it mechanically keeps them from drifting apart.
#
# - widget.js: the widgets' own logic, written once for GNOME and Plasma (contrib/shared/widget.js),
#   in each form contrib/shared/gen-widget.sh makes: as it is (an ES module) for 45+, legacy (each
#   `export function` a top-level `function`, each `export const` a `var`) for 43/44.
# - extension.js: the source's lines from `// BEGIN shared with GNOME 43/44` to
#   `// END shared with GNOME 43/44` (the indicator, and the functions that add it to the panel and
#   take it off) unchanged, between a header with the legacy imports and an extension object whose
#   enable()/disable() call those functions, with init(). The header and that object are written
#   below: they are all the 43/44 extension.js has of its own.
# - prefs.js: the same for the Preferences window (GNOME 42 on calls a legacy prefs.js's
#   fillPreferencesWindow(window) with an Adw.PreferencesWindow, libadwaita 1.2 on Debian 12): the
#   source's BEGIN to END lines (the window's pages, NitnemSettings) between the legacy imports and
#   init() and fillPreferencesWindow(), which build it as the 45+ default class does.
# - stylesheet.css: a copy.
# - metadata.json, in both: the source's, with its "shell-version" written from the one list of
#   majors, contrib/gnome-shell/shell-versions, as shell-versions.sh reads it (its one reader): the
#   45+ extension lists its majors from 45 on, the 43/44 one those up to 44. Without that file the
#   45+ one keeps the source's list and the 43/44 one lists "43".
# The 45+ extension's other files are the source's, unchanged.
#
#   contrib/gnome-shell/gen-43.sh [OUTDIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$here/nitnem@nitnem
shared=$(dirname "$here")/shared
versions=$here/shell-versions

banner() {
    echo '// SPDX-License-Identifier: GPL-3.0-or-later'
    echo "// GENERATED from contrib/gnome-shell/nitnem@nitnem/$1 by gen-43.sh: do not edit here;"
    echo '// edit that file (make variants, make install, make deb and the tests make this anew).'
}

# The lines of $1 (extension.js, prefs.js) from the BEGIN line to the END line, both included.
shared() {
    awk -v b='// BEGIN shared with GNOME 43/44' -v e='// END shared with GNOME 43/44' '
        index($0, b) == 1 { nb++; if (!ne) on = 1 }
        on { out = out $0 "\n" }
        index($0, e) == 1 { ne++; on = 0 }
        END {
            if (nb != 1 || ne != 1 || out !~ /^\/\/ BEGIN/) {
                printf "%s: wants one line starting \"%s\" and, after it, one \"%s\"\n", FILENAME, b, e > "/dev/stderr"
                exit 1
            }
            printf "%s", out
        }' "$src/$1"
}

# The last lines of both headers: the extension itself, and its widget.js (the logic Plasma loads too).
me() {
    cat <<'END_ME'
const ExtensionUtils = imports.misc.extensionUtils;

const Me = ExtensionUtils.getCurrentExtension();
const Widget = Me.imports.widget;

END_ME
}

extension() {
    banner extension.js
    cat <<'END_HEADER'
//
// nitnem for GNOME Shell 43/44: the panel indicator of ../nitnem@nitnem/ (GNOME 45+) as legacy
// modules, since Shell 43/44 cannot load ES modules. Only the imports here and the extension
// object at the end are this variant's own; the lines from BEGIN to END are those of the 45+
// extension.js.
/* exported init */
'use strict';

const {Clutter, Gio, GLib, GObject, St} = imports.gi;
const Main = imports.ui.main;
const PanelMenu = imports.ui.panelMenu;
const PopupMenu = imports.ui.popupMenu;
END_HEADER
    me
    shared extension.js
    cat <<'END_CLASS'

class Extension {
    constructor() {
        this._indicator = null;
    }

    enable() {
        this._indicator = addIndicator(Me.metadata.uuid);
    }

    disable() {
        this._indicator = removeIndicator(this._indicator);
    }
}

function init() {
    return new Extension();
}
END_CLASS
}

prefs() {
    banner prefs.js
    cat <<'END_HEADER'
//
// nitnem's Preferences window for GNOME Shell 43/44: that of ../nitnem@nitnem/ (GNOME 45+) as a
// legacy module. Only the imports here and init() and fillPreferencesWindow() at the end are this
// variant's own; the lines from BEGIN to END are those of the 45+ prefs.js.
/* exported init, fillPreferencesWindow */
'use strict';

const {Adw, Gio, GLib, Gtk} = imports.gi;
END_HEADER
    me
    shared prefs.js
    cat <<'END_FUNCTIONS'

function init() {
}

function fillPreferencesWindow(window) {
    window._nitnem = new NitnemSettings(window);
}
END_FUNCTIONS
}

# The majors of the shell-versions file at or above $1 and at or below $2, as a JSON list's inside
# ("45", "46"), or nothing when none is. A line that is not `<major> run|checked [# note]`, or a
# major listed twice, is an error naming the file and the line.
majors() {
    list=$("$here/shell-versions.sh" --from "$1" --to "$2" --json) || exit 1
    list=${list#\[}
    echo "${list%\]}"
}

# The source's metadata.json with "shell-version": [$1].
metadata() {
    n=$(grep -c '^  "shell-version": \[.*\],$' "$src/metadata.json" || true)
    if [ "$n" -ne 1 ]; then
        echo "$src/metadata.json: wants one line '  \"shell-version\": [...],'" >&2
        exit 1
    fi
    sed "s/^  \"shell-version\": \[.*\],\$/  \"shell-version\": [$1],/" "$src/metadata.json"
}

case ${1-} in
-*) echo "usage: gen-43.sh [OUTDIR] (default: .build/contrib of the checkout)" >&2; exit 2 ;;
esac
[ $# -le 1 ] || { echo "usage: gen-43.sh [OUTDIR] (default: .build/contrib of the checkout)" >&2; exit 2; }
out=${1:-$(dirname "$(dirname "$here")")/.build/contrib}
if [ -f "$versions" ]; then
    legacy_list=$(majors 0 44)
    esm_list=$(majors 45 999999)
    [ -n "$legacy_list" ] || { echo "$versions lists no major up to 44: the 43/44 extension would load in none" >&2; exit 1; }
    [ -n "$esm_list" ] || { echo "$versions lists no major from 45 on: the 45+ extension would load in none" >&2; exit 1; }
else
    legacy_list='"43"'
    esm_list=$(sed -n 's/^  "shell-version": \[\(.*\)\],$/\1/p' "$src/metadata.json")
fi

# Each variant is made beside its final place, then put there whole (a reader never sees half of one).
mkdir -p "$out"
tmp=$(mktemp -d "$out/.gen-43.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/nitnem@nitnem-43" "$tmp/nitnem@nitnem"
legacy43=$tmp/nitnem@nitnem-43
"$shared/gen-widget.sh" legacy >"$legacy43/widget.js"
extension >"$legacy43/extension.js"
prefs >"$legacy43/prefs.js"
cp "$src/stylesheet.css" "$legacy43/stylesheet.css"
metadata "$legacy_list" >"$legacy43/metadata.json"
for f in "$src"/*; do
    [ -f "$f" ] && cp "$f" "$tmp/nitnem@nitnem/"
done
"$shared/gen-widget.sh" esm >"$tmp/nitnem@nitnem/widget.js"
metadata "$esm_list" >"$tmp/nitnem@nitnem/metadata.json"
chmod -R a+rX "$tmp"
for variant in nitnem@nitnem-43 nitnem@nitnem; do
    rm -rf "${out:?}/$variant"
    mv "$tmp/$variant" "$out/$variant"
done
echo "wrote $out/nitnem@nitnem-43/ (shell-version $legacy_list) and $out/nitnem@nitnem/ ($esm_list)"
