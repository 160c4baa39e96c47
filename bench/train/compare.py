#!/usr/bin/python3
"""energy-train against scikit-learn on the same rows, features and folds, in one run.

Usage: bench/train/compare.py [BUILD_DIR]   (default: build; Debian's python3-sklearn)

Four datasets of different shapes (bench/train/README.md): the Kepler nx12 RAPL series, and three
generated here with fixed seeds: program-level runs, a time series whose power lags its counters,
and a nonlinear synthetic function. Each is imported with energy-train, which is then run with its
defaults (`fit --learner best`: nested cross-validation chooses derived features and tree settings
inside each outer training fold). scikit-learn's six regressors are fitted on the same dataset
file, on its raw counter columns scaled to 0..1 on each training part, with the outer folds
energy-train uses (programs by sorted name, round robin; or contiguous time blocks). The table
gives each side's cross-validated MAE in watts and the best of each.
"""
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time

# One thread, as energy-train's xgboost uses: on a shared machine OpenMP's spinning threads cost
# more than they give (bench/train/README.md), and histogram boosting slowed to minutes.
os.environ["OMP_NUM_THREADS"] = "1"

import numpy as np
from sklearn.ensemble import (GradientBoostingRegressor, HistGradientBoostingRegressor,
                              RandomForestRegressor)
from sklearn.linear_model import Lasso, LinearRegression, Ridge
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import MinMaxScaler

HERE = os.path.dirname(os.path.abspath(__file__))
NX12 = os.path.join(HERE, "..", "..", "..", "shared", "data", "kepler-nx12", "rapl_counters.csv")
FOLDS = 5
RESERVED = {"program", "timestamp", "seconds", "power_w"}


def write_csv(path, header, rows):
    with open(path, "w") as f:
        f.write(",".join(header) + "\n")
        for r in rows:
            f.write(",".join(str(v) for v in r) + "\n")


def program_runs(path):
    """60 programs x 3 runs: counts scale with run time; power follows rates (IPC, misses per
    second) with a per-program offset the counters do not explain."""
    rng = random.Random(11)
    rows = []
    for p in range(60):
        ipc, miss_rate, branch_rate = rng.uniform(0.3, 2.5), rng.uniform(1e5, 5e7), rng.uniform(1e7, 5e8)
        offset = rng.gauss(0, 2)
        for _ in range(3):
            secs = rng.uniform(2, 20)
            cycles = 2.4e9 * secs * rng.uniform(0.9, 1.0)
            instructions = ipc * cycles * rng.uniform(0.97, 1.03)
            misses = miss_rate * secs * rng.uniform(0.9, 1.1)
            branches = branch_rate * secs * rng.uniform(0.95, 1.05)
            cs = rng.randint(10, 2000) * secs
            power = (55 + 12 * ipc + 25 * math.log10(miss_rate) / 7.7 + 3e-8 * branch_rate
                     + offset + rng.gauss(0, 1.5))
            rows.append(["prog%02d" % p, "%.3f" % secs, "%.3f" % power, "%.0f" % cycles,
                         "%.0f" % instructions, "%.0f" % misses, "%.0f" % branches, "%.0f" % cs])
    write_csv(path, ["program", "seconds", "power", "cycles", "instructions", "cache-misses",
                     "branches", "cs"], rows)
    return ["--target", "power", "--program", "program", "--seconds", "seconds", "--kind", "runs"]


def lagged_series(path):
    """3,000 one-second samples of a load that changes in steps; power follows the load of the
    previous two seconds (a slow regulator) and drifts with temperature."""
    rng = random.Random(12)
    rows, load, history, temperature = [], 0.5, [0.5, 0.5], 40.0
    for t in range(3000):
        if rng.random() < 0.08:
            load = rng.uniform(0.05, 1.0)
        util = min(1.0, max(0.0, load + rng.gauss(0, 0.05)))
        cycles = 2.4e9 * 8 * util
        instructions = cycles * (1.6 - 0.8 * util) * rng.uniform(0.95, 1.05)
        misses = 4e7 * util * util * rng.uniform(0.8, 1.2)
        temperature += 0.05 * (40 + 35 * util - temperature)
        power = (40 + 30 * history[-1] + 25 * history[-2] + 0.3 * (temperature - 40)
                 + rng.gauss(0, 1.0))
        history.append(util)
        rows.append([t, "%.0f" % cycles, "%.0f" % instructions, "%.0f" % misses, "%.3f" % power])
    write_csv(path, ["timestamp", "cycles", "instructions", "cache-misses", "power"], rows)
    return ["--target", "power", "--timestamp", "timestamp", "--interval", "1",
            "--program-name", "lagged", "--kind", "series"]


def nonlinear(path):
    """Friedman's first function on five counters (and five that do not matter) in watts, 400
    programs of one run each."""
    rng = random.Random(13)
    names = ["cycles", "instructions", "cache-misses", "branches", "branch-misses", "cs",
             "migrations", "page-faults", "LLC-loads", "dTLB-loads"]
    rows = []
    for p in range(400):
        x = [rng.random() for _ in names]
        power = (40 + 10 * math.sin(math.pi * x[0] * x[1]) + 20 * (x[2] - 0.5) ** 2 + 10 * x[3]
                 + 5 * x[4] + rng.gauss(0, 1.0))
        rows.append(["run%03d" % p, "1", "%.3f" % power] + ["%.0f" % (v * 1e9) for v in x])
    write_csv(path, ["program", "seconds", "power"] + names, rows)
    return ["--target", "power", "--program", "program", "--seconds", "seconds", "--kind", "runs"]


def read_dataset(path):
    with open(path) as f:
        header = f.readline().strip().split(",")
        rows = [line.strip().split(",") for line in f if line.strip()]
    col = {h: i for i, h in enumerate(header)}
    features = [h for h in header if h not in RESERVED]
    x = np.array([[float(r[col[h]]) for h in features] for r in rows])
    y = np.array([float(r[col["power_w"]]) for r in rows])
    programs = [r[col["program"]] for r in rows]
    stamps = [float(r[col["timestamp"]]) for r in rows] if "timestamp" in col else None
    return x, y, programs, stamps


def energy_train_folds(programs, stamps, series):
    """The outer folds of energy-train (models/train/src/folds.cpp)."""
    n = len(programs)
    fold = [0] * n
    if series:
        order = sorted(range(n), key=lambda i: stamps[i])  # Python's sort is stable
        for rank, i in enumerate(order):
            fold[i] = rank * FOLDS // n
        return fold, FOLDS
    names = sorted(set(programs))
    k = min(max(FOLDS, 2), len(names))
    of = {name: i % k for i, name in enumerate(names)}
    return [of[p] for p in programs], k


def sklearn_models():
    scaled = lambda m: make_pipeline(MinMaxScaler(), m)
    return [("linear", scaled(LinearRegression())), ("ridge", scaled(Ridge())),
            ("lasso", scaled(Lasso(max_iter=100000))),
            ("RF", scaled(RandomForestRegressor(random_state=0))),
            ("GBR", scaled(GradientBoostingRegressor(random_state=0))),
            ("HistGBR", scaled(HistGradientBoostingRegressor(random_state=0)))]


def sklearn_cv(x, y, fold, k):
    out = {}
    for name, model in sklearn_models():
        pred = np.zeros_like(y)
        for f in range(k):
            test = np.array([i == f for i in fold])
            model.fit(x[~test], y[~test])
            pred[test] = model.predict(x[test])
        out[name] = float(np.mean(np.abs(pred - y)))
    return out


def energy_train_cv(binary, dataset, model):
    text = subprocess.run([binary, "fit", dataset, "-o", model, "--learner", "best"],
                          check=True, capture_output=True, text=True).stdout
    out = {}
    for line in text.splitlines():
        m = re.match(r"(ols|ridge|lasso|forest|boosted)\s+\d+\s+([0-9.]+)W", line)
        if m:
            out[m.group(1)] = float(m.group(2))
    return out


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    binary = os.path.join(build, "bin", "energy-train")
    work = tempfile.mkdtemp(prefix="bench-train-")
    sources = [("nx12 (RAPL series, 2,202 x 3)", None),
               ("program runs (60 x 3 runs, 5 counters)", program_runs),
               ("lagged series (3,000 x 3)", lagged_series),
               ("nonlinear (Friedman #1, 400 x 10)", nonlinear)]
    print("| dataset | energy-train: ols / ridge / lasso / forest / boosted | best | "
          "scikit-learn: linear / ridge / lasso / RF / GBR / HistGBR | best | met? | "
          "energy-train time |")
    print("|---|---|---:|---|---:|:-:|---:|")
    for label, make in sources:
        raw, data = os.path.join(work, "raw.csv"), os.path.join(work, "data.csv")
        if make is None:
            mapping = ["--preset", "kepler-nx12"]
            raw = NX12
        else:
            mapping = make(raw)
        subprocess.run([binary, "import", raw, "-o", data] + mapping, check=True,
                       capture_output=True)
        x, y, programs, stamps = read_dataset(data)
        series = make in (None, lagged_series)
        fold, k = energy_train_folds(programs, stamps, series)
        start = time.monotonic()
        ours = energy_train_cv(binary, data, os.path.join(work, "model.json"))
        seconds = time.monotonic() - start
        theirs = sklearn_cv(x, y, fold, k)
        best_ours, best_theirs = min(ours.values()), min(theirs.values())
        print("| %s | %s | %.3f | %s | %.3f | %s | %.0f s |" % (
            label, " / ".join("%.3f" % v for v in ours.values()), best_ours,
            " / ".join("%.3f" % v for v in theirs.values()), best_theirs,
            "yes" if best_ours <= best_theirs else "no", seconds), flush=True)


main()
