#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make test` fails when a local link in the docs (README.md, contrib/README.md, bench/README.md,
# docs/**/*.md) names a file that does not exist, or an #anchor that no heading of that file makes
# (GitHub's rules: lower-case, spaces to '-', punctuation other than '-' and '_' dropped, backticks
# dropped, a repeated heading gets -1, -2, …), and when README.md, the front page, passes 150 lines.
# Links in code blocks and code spans are text, not links; http(s):, mailto: and other schemes are
# not checked (no network).
set -euo pipefail
cd "$(dirname "$0")/.."

readme_max=150

# The links of a Markdown file, one "line<TAB>target" each: inline links and images `[text](target)`
# and reference definitions `[label]: target`, outside fenced code blocks and code spans.
links() {
  perl -CSD -ne '
    if (/^\s{0,3}(```|~~~)/) { $fence = !$fence; next }
    next if $fence;
    s/(`+).*?\1//g;
    while (/\]\(\s*(<[^>]*>|[^)\s]*)/g) { my $t = $1; $t =~ s/^<|>$//g; print "$.\t$t\n" }
    print "$.\t$1\n" if /^\s{0,3}\[[^\]]+\]:\s*<?([^>\s]+)/;
  ' "$1"
}

# The anchors the headings of a Markdown file make, one a line, as GitHub makes them.
anchors() {
  perl -CSD -ne '
    if (/^\s{0,3}(```|~~~)/) { $fence = !$fence; next }
    next if $fence;
    next unless /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
    my $h = $1;
    $h =~ s/!?\[([^\]]*)\]\([^)]*\)/$1/g;   # a link in a heading: its text
    $h =~ s/<[^>]+>//g;                      # inline HTML
    $h = lc $h;
    $h =~ s/[^\w\- ]//g;                     # \w is Unicode letters, marks, digits and _
    $h =~ s/ /-/g;
    my $a = $seen{$h}++ ? "$h-" . ($seen{$h} - 1) : $h;
    print "$a\n";
  ' "$1"
}

files=(README.md contrib/README.md bench/README.md)
while IFS= read -r f; do files+=("$f"); done < <(find docs -name '*.md' | LC_ALL=C sort)

checked=0 passed=0 failed=0
problem() { echo "check-docs: $*" >&2; failed=$((failed + 1)); }

for f in "${files[@]}"; do
  [ -f "$f" ] || { problem "$f: listed for checking but missing"; continue; }
  dir=$(dirname "$f")
  while IFS=$'\t' read -r line target; do
    case "$target" in
      '' | [a-zA-Z]*:*) continue ;;   # a scheme (https:, mailto:): not a local link
    esac
    checked=$((checked + 1))
    path=${target%%#*}
    anchor=
    [[ "$target" == *'#'* ]] && anchor=${target#*#}
    if [ -z "$path" ]; then
      resolved=$f
    elif [[ "$path" == /* ]]; then
      resolved=.$path
    else
      resolved=$dir/$path
    fi
    resolved=${resolved//%20/ }
    if [ ! -e "$resolved" ]; then
      problem "$f:$line: $target: no such file ($resolved)"
      continue
    fi
    if [ -n "$anchor" ]; then
      if [ -d "$resolved" ] || [[ "$resolved" != *.md ]]; then
        problem "$f:$line: $target: an anchor into $resolved, which is not a Markdown file"
        continue
      fi
      if ! anchors "$resolved" | grep -xF -- "$anchor" > /dev/null; then
        problem "$f:$line: $target: no heading in $resolved makes the anchor #$anchor"
        continue
      fi
    fi
    passed=$((passed + 1))
  done < <(links "$f")
done

lines=$(wc -l < README.md)
if [ "$lines" -gt "$readme_max" ]; then
  problem "README.md:$((readme_max + 1)): $lines lines, more than $readme_max (the manual goes in docs/guide/)"
fi

echo "check-docs: $checked links checked in ${#files[@]} files"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
