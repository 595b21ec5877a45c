#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Export benchmark: `nitnem snapshot export` (release build) on a generated large registry
# (600 banis, ~560,000 bani_lines) against the sqlite3 CLI running the same queries with -json.
# Prints both times and their ratio in one run. Aim: nitnem / sqlite3 <= 1.5.
#
# Environment: BENCH_SCRATCH_PATH (swift build scratch path, default <root>/.build),
# BENCH_OUT (work folder, default <root>/bench/out/export), BENCH_RUNS (default 15).
. "$(dirname "$0")/../lib.sh" export
runs=${BENCH_RUNS:-15}
mkdir -p "$out/group"

build_release
bin="$scratch/release/nitnem"

db="$out/large.sqlite"
if [ ! -s "$db" ] || [ "$here/generate.sql" -nt "$db" ] || [ "$root/fixtures/corpus/schema.sql" -nt "$db" ]; then
  echo "export: generating $db" >&2
  rm -f "$db"
  cat "$root/fixtures/corpus/schema.sql" "$here/generate.sql" | sqlite3 -bail "$db"
fi
banis=$(sqlite3 "$db" 'SELECT count(*) FROM banis')
lines=$(sqlite3 "$db" 'SELECT count(*) FROM bani_lines')
echo "export: $db: $banis banis, $lines bani_lines, $(stat -c %s "$db") bytes"

# The exporter's own queries, the aggregate taken from its source so the two cannot drift.
aggregate=$(sed -n '/static let aggregateSQL = """/,/^ *"""/p' "$root/Sources/SnapshotExport/SnapshotExporter.swift" | sed '1d;$d')
[ -n "$aggregate" ] || { echo "export: cannot find aggregateSQL in SnapshotExporter.swift" >&2; exit 1; }
queries="SELECT name FROM sqlite_master WHERE type = 'table';
$aggregate;
SELECT count(*) FROM bani_lines;
SELECT value FROM meta WHERE key = 'extra_text_reviewed';
SELECT set_name, position, bani_key FROM bani_sets ORDER BY set_name, position;"
# The exporter sets this page cache size; the CLI gets the same, and is also timed without it.
pragma="PRAGMA cache_size = -65536;"
printf '%s\n%s\n' "$pragma" "$queries" > "$out/queries.sql"
printf '%s\n' "$queries" > "$out/queries-default-cache.sql"

export_cmd="$bin snapshot export --db $db --group $out/group"
$export_cmd >/dev/null  # fails loudly here rather than inside the timing

if command -v hyperfine >/dev/null; then
  hyperfine -N --warmup 2 --runs "$runs" --output null --export-json "$out/hyperfine.json" \
    --command-name "nitnem snapshot export" "$export_cmd" \
    --command-name "sqlite3 -json (same queries)" "sqlite3 -json $db '.read $out/queries.sql'" \
    --command-name "sqlite3 -json (default cache)" "sqlite3 -json $db '.read $out/queries-default-cache.sql'" >&2
  read -r t_export t_cli t_cli_default < <(jq -r '[.results[].mean] | @tsv' "$out/hyperfine.json")
else
  # No hyperfine: the mean of a plain loop.
  mean() {
    local start end
    start=$(date +%s%N)
    for _ in $(seq "$runs"); do "$@" >/dev/null 2>&1; done
    end=$(date +%s%N)
    echo "scale=6; ($end - $start) / $runs / 1000000000" | bc
  }
  # shellcheck disable=SC2086
  t_export=$(mean $export_cmd)
  t_cli=$(mean sqlite3 -json "$db" ".read $out/queries.sql")
  t_cli_default=$(mean sqlite3 -json "$db" ".read $out/queries-default-cache.sql")
fi
awk -v e="$t_export" -v c="$t_cli" -v d="$t_cli_default" 'BEGIN {
  printf "export: nitnem snapshot export          %8.1f ms\n", e * 1000
  printf "export: sqlite3 -json, same queries     %8.1f ms\n", c * 1000
  printf "export: sqlite3 -json, default cache    %8.1f ms\n", d * 1000
  printf "export: ratio nitnem / sqlite3 = %.2fx (aim <= 1.5x); vs default-cache sqlite3 = %.2fx\n", e / c, e / d
}'
