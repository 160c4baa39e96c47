#!/usr/bin/env bash
# Puts the runtime's settings table (runtime/support/include/support/Settings.inc, as
# energy-settings-doc renders it) between the markers of docs/runtime.md.
#   scripts/update-settings-doc.sh [--check] [TOOL [DOC]]
# TOOL defaults to build/bin/energy-settings-doc (or $ENERGY_BUILD_DIR's), DOC to docs/runtime.md.
# --check changes nothing: it prints the difference and fails when the document is not the table
# (the settings-doc test runs it so).
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
if [[ ${1-} == --check ]]; then
  check=true
  shift
fi
tool=${1:-${ENERGY_BUILD_DIR:-build}/bin/energy-settings-doc}
doc=${2:-docs/runtime.md}
begin='<!-- settings table: begin; scripts/update-settings-doc.sh writes it from Settings.inc -->'
end='<!-- settings table: end -->'
for marker in "$begin" "$end"; do
  if [[ $(grep -cxF -- "$marker" "$doc") != 1 ]]; then
    echo "update-settings-doc.sh: $doc needs the line '$marker' once" >&2
    exit 2
  fi
done
table=$(mktemp)
updated=$(mktemp)
trap 'rm -f "$table" "$updated"' EXIT
"$tool" >"$table"
awk -v begin="$begin" -v end="$end" -v table="$table" '
  $0 == end { inside = 0 }
  !inside { print }
  $0 == begin { while ((getline line < table) > 0) print line; inside = 1 }
' "$doc" >"$updated"
if $check; then
  if ! diff -u "$doc" "$updated"; then
    echo "update-settings-doc.sh: $doc's settings table is not Settings.inc's;" \
         "run scripts/update-settings-doc.sh" >&2
    exit 1
  fi
else
  cat "$updated" >"$doc"
fi
