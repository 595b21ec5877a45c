#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make test` fails when a source file (Swift, C, JavaScript, QML, CSS, shell, Python, the bar configs,
# the Makefile, the CI and fault runners) lacks the licence line `SPDX-License-Identifier:
# GPL-3.0-or-later` in its first three lines. Fixtures and generated goldens are data, not source.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=0
while IFS= read -r f; do
  [ -f "$f" ] || continue
  if ! head -3 "$f" | grep 'SPDX-License-Identifier: GPL-3.0-or-later' > /dev/null; then
    echo "check-spdx: $f: no 'SPDX-License-Identifier: GPL-3.0-or-later' in its first lines" >&2
    missing=$((missing + 1))
  fi
done < <({ git ls-files; git ls-files --others --exclude-standard; } | grep -vE '^(fixtures|man)/' |
  grep -E '\.(swift|c|h|js|qml|css|sh|py|ini|conf)$|(^|/)Makefile$|^\.ci/run$|^faults/run$')
[ "$missing" -eq 0 ] || exit 1
echo "check-spdx: every source file names its licence (GPL-3.0-or-later)"
