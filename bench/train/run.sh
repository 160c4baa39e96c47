#!/usr/bin/env bash
# Times energy-train on 100,000 rows x 22 features: training alone (--folds 0) per learner,
# then the paper's whole pipeline with 5-fold cross-validation for ridge. Usage:
#   bench/train/run.sh [BUILD_DIR]        (default: build)
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/make_dataset.py" 100000 "$work/d.csv"
bin="$build/bin/energy-train"
for learner in ols ridge lasso forest boosted; do
  /usr/bin/time -f "$learner: %e s wall, %U s user, %M KiB" \
    "$bin" fit "$work/d.csv" -o "$work/$learner.json" --learner "$learner" --folds 0 >/dev/null
done
/usr/bin/time -f "ridge with 5-fold CV: %e s wall, %U s user" \
  "$bin" fit "$work/d.csv" -o "$work/cv.json" --learner ridge >/dev/null
/usr/bin/time -f "evaluate (100,000 predictions, boosted): %e s wall, %U s user" \
  "$bin" evaluate "$work/boosted.json" "$work/d.csv" >/dev/null
