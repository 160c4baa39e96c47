#!/usr/bin/env bash
# Checks that the project's C and C++ sources satisfy .clang-format (LLVM's style, 100 columns),
# or with --fix reformats them. Test inputs and examples are left as written: tests check line
# numbers in them. Needs clang-format-19 (scripts/install-deps.sh). Usage: scripts/check-format.sh [--fix]
set -euo pipefail
cd "$(dirname "$0")/.."
format=${CLANG_FORMAT:-clang-format-19}
command -v "$format" >/dev/null ||
  { echo "check-format.sh: $format not found; run scripts/install-deps.sh" >&2; exit 2; }
mapfile -t sources < <(git ls-files -- pass runtime driver cuda models support test/unit |
  grep -E '\.(c|cpp|h|cu|cuh)$' | grep -Ev '/(Inputs|fixtures)/')
if [[ ${1:-} == --fix ]]; then
  "$format" -i "${sources[@]}"
  exit 0
fi
"$format" --dry-run --Werror "${sources[@]}"
echo "check-format.sh: ${#sources[@]} sources follow .clang-format"
