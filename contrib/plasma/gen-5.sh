#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the Plasma 5.27 widget (org.nitnem.nitnem-5) from the Plasma 6 one (org.nitnem.nitnem), so
# the two never drift: logic.js is copied unchanged; in main.qml a line ending in `// plasma5: TEXT`
# becomes TEXT (kept at its indentation), the header's first paragraph says where it comes from,
# every other line is copied; metadata.json gets the keys
# Plasma 5 reads (X-Plasma-API, X-Plasma-MainScript, KPlugin.ServiceTypes) in place of Plasma 6's.
#
#   contrib/plasma/gen-5.sh           write the Plasma 5.27 variant
#   contrib/plasma/gen-5.sh --check   exit 1, naming the files, when it is not what this would write
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
check=no
case ${1:-} in
  --check) check=yes ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 - "$here/org.nitnem.nitnem" "$out" <<'PY'
import json, os, re, sys
src, out = sys.argv[1], sys.argv[2]
os.makedirs(out + "/contents/ui")
marker = re.compile(r"^(\s*)(.*?)\s*// plasma5: (.*)$")
lines = []
for n, line in enumerate(open(src + "/contents/ui/main.qml", encoding="utf-8").read().split("\n"), 1):
    m = marker.match(line)
    lines.append(m.group(1) + m.group(3) if m else line)
# The header's first paragraph (after the SPDX line, up to the first empty `//` line) says where
# the file comes from.
end = lines.index("//")
lines[1:end] = [
    "// The nitnem widget for KDE Plasma 5.27, made by contrib/plasma/gen-5.sh from the Plasma 6 one",
    "// (../../../org.nitnem.nitnem): do not edit it, edit that one and run gen-5.sh.",
]
qml = "\n".join(lines)
open(out + "/contents/ui/main.qml", "w", encoding="utf-8").write(qml)
with open(src + "/contents/ui/logic.js", "rb") as f, open(out + "/contents/ui/logic.js", "wb") as g:
    g.write(f.read())
meta = json.load(open(src + "/metadata.json", encoding="utf-8"))
meta.pop("X-Plasma-API-Minimum-Version", None)
meta["KPlugin"]["ServiceTypes"] = ["Plasma/Applet"]
meta["X-Plasma-API"] = "declarativeappletscript"
meta["X-Plasma-MainScript"] = "ui/main.qml"
open(out + "/metadata.json", "w", encoding="utf-8").write(json.dumps(meta, indent=4, sort_keys=True, ensure_ascii=False) + "\n")
PY
dest="$here/org.nitnem.nitnem-5"
if [ "$check" = yes ]; then
  if ! diff -r "$out" "$dest" > /dev/null 2>&1; then
    echo "gen-5.sh: $dest is not what gen-5.sh makes from org.nitnem.nitnem; run contrib/plasma/gen-5.sh:" >&2
    diff -r "$dest" "$out" >&2 || true
    exit 1
  fi
  exit 0
fi
rm -rf "$dest"
cp -r "$out" "$dest"
