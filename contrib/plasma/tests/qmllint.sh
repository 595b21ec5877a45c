#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Qt's own qmllint over the KDE Plasma widget's QML (the source, org.nitnem.nitnem: contents/ui/*.qml
# and contents/config/*.qml, as gen-5.sh makes the Plasma 6 widget of it: with widget.js, the logic
# the GNOME Shell extension loads too, beside them) in the Debian testing root (Qt 6.11 and Plasma 6.7 today: the newest
# qmllint, and the newest Plasma modules to check against), run by the root's script, which builds
# and caches the root. A file passes when qmllint reports nothing for it above info, every category
# at its default level. Plasma's and KDE Frameworks' modules (org.kde.plasma.*, org.kde.kirigami)
# resolve from the root's Qt QML folder, qmllint's default import path there, so a module the root
# lacks fails the [import] check rather than going unseen. The one name qmllint cannot see, i18nd,
# which Plasma puts in the settings window's QML context, is named in
# contrib/plasma/.contextProperties.ini (qmllint looks for it in each folder above the linted file:
# it is copied beside the widget here). The Plasma 5.27 variant is not linted: it is Qt 5 QML, made
# from this source by gen-5.sh; tests/run.sh and tests/widget.sh --plasma 5 run it.
#
#   contrib/plasma/tests/qmllint.sh [--root testing|SCRIPT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
plasma=$(dirname "$here")
repo=$(cd "$plasma/../.." && pwd)
root=$repo/scripts/testing-root.sh
while [ $# -gt 0 ]; do
  case $1 in
    --root)
      case ${2:?--root needs testing or a root script} in
        testing) root=$repo/scripts/testing-root.sh ;;
        *) root=$2 ;;
      esac
      shift 2 ;;
    *) echo "usage: $0 [--root testing|SCRIPT]" >&2; exit 2 ;;
  esac
done
[ -x "$root" ] || { echo "qmllint.sh: --root: $root is not a root's script (scripts/testing-root.sh)" >&2; exit 2; }
# A copy under the host's /tmp, which the root's script shows at the same path inside: the Plasma 6
# widget gen-5.sh makes there.
work=$(mktemp -d /tmp/nitnem-plasma-qmllint.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$plasma/gen-5.sh" "$work" > /dev/null
rm -rf "$work/org.nitnem.nitnem-5"
cp "$plasma/.contextProperties.ini" "$work/"
chmod -R a+rX "$work"
files=()
for f in "$plasma"/org.nitnem.nitnem/contents/ui/*.qml "$plasma"/org.nitnem.nitnem/contents/config/*.qml; do
  files+=("${f#"$plasma/org.nitnem.nitnem/"}")
done
echo "== qmllint ($(basename "$root" .sh)), org.nitnem.nitnem: ${#files[@]} files" >&2
# qmllint's exit status says little (warnings leave it 0); its JSON report (its stdout) is read instead.
# It runs no nitnem: the file the root's script binds at /usr/local/bin/nitnem is /bin/true.
status=0
"$root" run --bin /bin/true -- sh -c 'cd "$1" && shift && exec /usr/lib/qt6/bin/qmllint --json - "$@"' sh \
  "$work/org.nitnem.nitnem" "${files[@]}" > "$work/report.json" || status=$?
python3 - "$work/report.json" "$status" "${files[@]}" <<'PY'
import json, sys
path, status, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
try:
    report = {f["filename"]: f for f in json.load(open(path, encoding="utf-8"))["files"]}
except (OSError, ValueError, KeyError) as e:
    print(f"qmllint.sh: no report from qmllint (exit {status}): {e}", file=sys.stderr)
    print(f"0 passed, {len(files)} failed")
    sys.exit(1)
passed = failed = 0
for name in files:
    entry = report.get(name)
    if entry is None:
        print(f"FAIL {name}: not in qmllint's report", file=sys.stderr)
        failed += 1
        continue
    bad = 0
    for w in entry.get("warnings", []):
        kind = w.get("type", "warning")
        print(f"{name}:{w.get('line', 0)}:{w.get('column', 0)}: {kind}: {w.get('message', '')} [{w.get('id', '?')}]",
              file=sys.stderr)
        bad += kind != "info"
    if bad or not entry.get("success", False):
        print(f"FAIL {name}: {bad} above info", file=sys.stderr)
        failed += 1
    else:
        passed += 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
