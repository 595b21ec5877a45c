#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# After a message of Sources/Scheduler/Wording/Message.swift changed: writes po/nitnem.pot from the table
# (the CatalogueTests test that fails when it is stale, with NITNEM_RECORD_POT=1), merges it into
# each po/<lang>.po (msgmerge: a new message is untranslated, a changed one fuzzy until a
# translator looks at it) and checks each with msgfmt --check --statistics.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
swift build --build-tests
NITNEM_RECORD_POT=1 swift test --skip-build --filter 'CatalogueTests/potIsCurrent' > /dev/null
for po in po/*.po; do
  msgmerge --quiet -o "$po.new" "$po" po/nitnem.pot && mv "$po.new" "$po"
  printf '%s: ' "$po"
  msgfmt --check --statistics -o /dev/null "$po"
done
