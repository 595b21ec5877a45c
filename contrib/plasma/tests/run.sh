#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The KDE Plasma widget's logic tests: gen-5.sh first (it makes the Plasma 6 and 5.27 widgets from
# the source into the build folder, .build/contrib/org.nitnem.nitnem and org.nitnem.nitnem-5, each with
# widget.js, the logic the GNOME Shell extension loads too), page_names.py (the settings pages' names
# are nitnem's), then tst_logic.qml and tst_settings.qml (the settings pages' pure half, in widget.js,
# against what the built nitnem prints) under qmltestrunner against each variant's logic.js and
# widget.js — Qt 5 on this machine (Debian 12) for both, and with each --root Qt 6's qmltestrunner
# in that root too, run by the root's script, which builds and caches the root: 13 or auto,
# scripts/debian13-root.sh (Debian 13, Qt 6.8); testing, scripts/testing-root.sh (Debian testing);
# or the path of such a script.
#
#   contrib/plasma/tests/run.sh [--root auto|13|testing|SCRIPT]...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
plasma=$(dirname "$here")
repo=$(cd "$plasma/../.." && pwd)
roots=()
while [ $# -gt 0 ]; do
  case $1 in
    --root)
      case ${2:?--root needs auto, 13, testing or a root script} in
        auto | 13) roots+=("$repo/scripts/debian13-root.sh") ;;
        testing) roots+=("$repo/scripts/testing-root.sh") ;;
        *) roots+=("$2") ;;
      esac
      shift 2 ;;
    *) echo "usage: $0 [--root auto|13|testing|SCRIPT]..." >&2; exit 2 ;;
  esac
done
for root in "${roots[@]}"; do
  [ -x "$root" ] || { echo "run.sh: --root: $root is not a root's script (scripts/debian13-root.sh, scripts/testing-root.sh)" >&2; exit 2; }
done
"$plasma/gen-5.sh" "$repo/.build/contrib" >&2
# Each variant's folder, both just made.
declare -A variant_dir=([org.nitnem.nitnem]=$repo/.build/contrib/org.nitnem.nitnem
  [org.nitnem.nitnem-5]=$repo/.build/contrib/org.nitnem.nitnem-5)
work=$(mktemp -d /tmp/nitnem-plasma-qml.XXXXXX)
trap 'rm -rf "$work"' EXIT
# The goldens as JS strings (JSON.stringify of each file's text, without its final newline).
python3 - "$repo/fixtures/golden" > "$work/fixtures.js" <<'PY'
import json, sys
g = sys.argv[1]
def text(name):
    return open(f"{g}/{name}", encoding="utf-8").read().rstrip("\n")
print("// SPDX-License-Identifier: GPL-3.0-or-later\n.pragma library")
for var, name in [("statusMorning", "status/demo-morning.json"), ("polybarMorning", "status/demo-morning.polybar"),
                  ("statusEvening", "status/demo-evening.json"), ("enEvening", "display/en-evening.status.json"),
                  ("paEvening", "display/pa-evening.status.json"),
                  ("paGurmukhiMorning", "display/pa-gurmukhi-morning.status.json"),
                  ("resumeListen", "display/en-resume-listen.status.json"),
                  ("emptyEvening", "display/en-empty-evening.status.json")]:
    print(f"var {var} = {json.dumps(text(name), ensure_ascii=False)};")
PY
# What the built nitnem ($NITNEM_BIN, else .build/debug/nitnem) prints for the settings pages, in a
# temp home: config --format json (one key set in the file), sets --format json, sets available --format json,
# practice --format json (none, then one begun).
nitnem=${NITNEM_BIN:-$repo/.build/debug/nitnem}
[ -x "$nitnem" ] || { echo "run.sh: $nitnem is not built (swift build first, or NITNEM_BIN)" >&2; exit 1; }
mkdir -p "$work/home/config/nitnem"
printf 'reminder.evening = 18:30\n' > "$work/home/config/nitnem/config"
settings_env=(env HOME="$work/home" XDG_CONFIG_HOME="$work/home/config" XDG_STATE_HOME="$work/home/state"
  SGGS_APP_GROUP="$work/home/group" TZ=UTC SGGS_CLOCK_NOW=2026-12-02T10:00:00Z LANG=C.UTF-8)
python3 - "$work" "${settings_env[@]}" "$nitnem" >> "$work/fixtures.js" <<'PY'
import json, subprocess, sys
work, cmd = sys.argv[1], sys.argv[2:]
for var, args in [("configJson", ["config", "--format", "json"]), ("setsJson", ["sets", "--format", "json"]),
                  ("availableJson", ["sets", "available", "--format", "json"])]:
    out = subprocess.run(cmd + args, check=True, capture_output=True, text=True).stdout.rstrip("\n")
    print(f"var {var} = {json.dumps(out, ensure_ascii=False)};")
# practice --format json with no practice, then with one of 21 days begun today.
for var, args in [("practiceNoneJson", []), ("practiceJson", ["start", "sukhmani", "--days", "21"])]:
    if args:
        subprocess.run(cmd + ["practice"] + args, check=True, capture_output=True)
    out = subprocess.run(cmd + ["practice", "--format", "json"], check=True, capture_output=True,
                         text=True).stdout.rstrip("\n")
    print(f"var {var} = {json.dumps(out, ensure_ascii=False)};")
PY
failed=0
# The settings pages' names (config.qml's i18nd) are msgids of po/nitnem.pot and nitnem's English words.pages.
echo "== page names (config.qml, po/nitnem.pot, nitnem config --format json)" >&2
python3 "$here/page_names.py" "$plasma/org.nitnem.nitnem/contents/config/config.qml" "$repo/po/nitnem.pot" -- \
  "${settings_env[@]}" "$nitnem" || failed=1
for variant in org.nitnem.nitnem org.nitnem.nitnem-5; do
  mkdir -p "$work/$variant"
  cp "$here/tst_logic.qml" "$here/tst_settings.qml" "$work/fixtures.js" "${variant_dir[$variant]}/contents/ui/logic.js" \
    "${variant_dir[$variant]}/contents/ui/widget.js" "$work/$variant/"
done
# qmltestrunner wants a display platform; the offscreen one needs none.
export QT_QPA_PLATFORM=offscreen
for variant in org.nitnem.nitnem org.nitnem.nitnem-5; do
  echo "== Qt 5 (host), $variant" >&2
  /usr/lib/qt5/bin/qmltestrunner -input "$work/$variant/tst_logic.qml" || failed=1
  /usr/lib/qt5/bin/qmltestrunner -input "$work/$variant/tst_settings.qml" || failed=1
done
chmod -R a+rX "$work"
# qmltestrunner runs no nitnem: the file the root's script binds at /usr/local/bin/nitnem is /bin/true
# (without --bin the script would check the release build at every run, about 4 s each).
for root in "${roots[@]}"; do
  for variant in org.nitnem.nitnem org.nitnem.nitnem-5; do
    echo "== Qt 6 ($(basename "$root" .sh)), $variant" >&2
    for t in tst_logic tst_settings; do
      "$root" run --bin /bin/true -- env QT_QPA_PLATFORM=offscreen /usr/lib/qt6/bin/qmltestrunner -input "$work/$variant/$t.qml" || failed=1
    done
  done
done
exit $failed
