#!/usr/bin/env python3
"""Writes the report fixtures of test/e2e/report: a good report of a 256x256 matrix multiply
(exact counts, energies from models/default.json), the same with a RAPL meter, and damaged
copies (truncated, unknown version, missing and mistyped keys, empty, not JSON). The model file
itself serves as the wrong-format fixture. Run from this directory: python3 make_fixtures.py"""
import copy
import json
import os
import shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 3, "..")
MODEL = json.load(open(os.path.join(ROOT, "models", "default.json")))
PJ = MODEL["energy_pj"]
PRECISIONS = ["half", "float", "double"]
KINDS = ["addsub", "mul", "div", "sqrt", "fma", "minmax", "other"]
WIDTHS = ["scalar", "v128", "v256", "v512"]


def counts(blocks=0, instr=0, br=0, calls=0, ld=0, st=0, detail=None, width=None):
    detail = detail or {}
    d = {p: {k: detail.get(p, {}).get(k, 0) for k in KINDS} for p in PRECISIONS}
    flops = sum(sum(v.values()) for v in d.values())
    w = {x: 0 for x in WIDTHS}
    w.update(width or {"scalar": flops})
    return {"blocks": blocks, "instructions": instr, "branches": br, "calls": calls,
            "bytes_loaded": ld, "bytes_stored": st, "flops": flops,
            "flops_by_precision": {p: sum(d[p].values()) for p in PRECISIONS},
            "flops_by_kind": {k: sum(d[p][k] for p in PRECISIONS) for k in KINDS},
            "flops_by_width": w, "flops_detail": d}


def modelled(c, self_s):
    pj = sum(c["flops_detail"][p][k] * PJ["flop"][p][k] for p in PRECISIONS for k in KINDS)
    pj += c["bytes_loaded"] * PJ["byte_loaded"] + c["bytes_stored"] * PJ["byte_stored"]
    pj += c["instructions"] * PJ["instruction"] + c["branches"] * PJ["branch"]
    return MODEL["static_power_w"] * self_s + pj * 1e-12


def regions_of_matmul(n=256):
    regions = []

    def region(name, dem, file, line, kind, parent, calls, incl, self_s, c):
        regions.append({"id": len(regions), "name": name, "demangled": dem, "file": file,
                        "line": line, "kind": kind, "parent": parent,
                        "module": "/home/user/matmul/matmul.cpp", "calls": calls,
                        "time_s": {"inclusive": incl, "self": self_s}, "counts": c,
                        "energy_j": {"modelled": modelled(c, self_s), "measured": None}})

    src = "/home/user/matmul/matmul.cpp"
    region("main", "main", src, 40, "function", None, 1, 0.1523, 0.00004,
           counts(12, 60, 3, 5, 240, 96))
    region("_Z6matmulPKdS0_Pdi", "matmul(double const*, double const*, double*, int)", src, 12,
           "function", None, 1, 0.1412, 0.0000021, counts(3, 14, 1, 0, 24, 8))
    region("_Z6matmulPKdS0_Pdi:loop@matmul.cpp:15", "matmul:loop@matmul.cpp:15", src, 15, "loop",
           1, 1, 0.1412, 0.1411,
           counts(n**3 // 4 + n * n, 9 * n**3 // 4, n**3 // 4 + n * n, 0, 2 * 8 * n**3, 8 * n * n,
                  {"double": {"fma": 2 * n**3}}, {"v256": 2 * n**3}))
    region("_Z4initPdim", "init(double*, int, unsigned long)", src, 6, "function", None, 3,
           0.0093, 0.0093,
           counts(3 * n * n + 3, 21 * n * n, 3 * n * n, 3 * n * n, 0, 24 * n * n,
                  {"double": {"mul": 3 * n * n, "addsub": 3 * n * n}}))
    region("_ZN5dense6kernelIdLi4EE8checksumERKSt6vectorIdSaIdEES6_Rb",
           "dense::kernel<double, 4>::checksum(std::vector<double, std::allocator<double> > const&, "
           "std::vector<double, std::allocator<double> > const&, bool&)",
           "/home/user/matmul/include/dense/very/deeply/nested/directory/kernel.hpp", 88,
           "function", None, 1, 0.0017, 0.0017,
           counts(n * n + 2, 5 * n * n, n * n, 0, 16 * n * n, 1,
                  {"double": {"addsub": n * n, "minmax": n * n}}))
    region("_ZL4noopv", "noop()", src, 3, "function", None, 0, 0.0, 0.0, counts())
    return regions


def totals(regions):
    t = counts()
    for r in regions:
        c = r["counts"]
        for k in ["blocks", "instructions", "branches", "calls", "bytes_loaded", "bytes_stored",
                  "flops"]:
            t[k] += c[k]
        for k in ["flops_by_precision", "flops_by_kind", "flops_by_width"]:
            for x in t[k]:
                t[k][x] += c[k][x]
        for p in PRECISIONS:
            for k in KINDS:
                t["flops_detail"][p][k] += c["flops_detail"][p][k]
    measured = [r["energy_j"]["measured"] for r in regions]
    return {"counts": t, "energy_j": {
        "modelled": sum(r["energy_j"]["modelled"] for r in regions),
        "measured": None if None in measured else sum(measured)}}


def main():
    regions = regions_of_matmul()
    good = {
        "format": "energypass-report", "version": 1,
        "program": {"path": "/home/user/matmul/matmul", "argv": ["./matmul", "256"], "pid": 4242,
                    "start_time": "2026-11-30T03:00:00Z", "wall_time_s": 0.1531},
        "machine": {"hostname": "ci-runner",
                    "cpu_model": "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz",
                    "logical_cpus": 2},
        "sources": [
            {"name": "clock_monotonic", "kind": "time", "present": True, "used": True,
             "detail": "clock_gettime(CLOCK_MONOTONIC)"},
            {"name": "perf_event", "kind": "counters", "present": False, "used": False,
             "detail": "perf_event_open: hardware counters not supported on this machine"},
            {"name": "rapl", "kind": "energy", "present": False, "used": False,
             "detail": "no /sys/class/powercap/intel-rapl; energies are modelled"},
            {"name": "default-analytic-v1", "kind": "model", "present": True, "used": True,
             "detail": "share/energypass/models/default.json"}],
        "model": {"name": "default-analytic-v1", "kind": "analytic", "version": 1,
                  "path": "/opt/energypass/share/energypass/models/default.json"},
        "threads": 1, "regions": regions, "totals": totals(regions)}
    json.dump(good, open("good.json", "w"), indent=1)

    measured = copy.deepcopy(good)
    measured["sources"][2] = {"name": "rapl", "kind": "energy", "present": True, "used": True,
                              "detail": "/sys/class/powercap/intel-rapl:0/energy_uj"}
    for r in measured["regions"]:
        r["energy_j"]["measured"] = round(r["energy_j"]["modelled"] * 1.3, 9)
    measured["totals"] = totals(measured["regions"])
    json.dump(measured, open("measured.json", "w"), indent=1)

    text = json.dumps(good, indent=1)
    open("truncated.json", "w").write(text[:len(text) * 2 // 3])
    damaged = {
        "version8.json": lambda d: d.update(version=8),
        "missing-key.json": lambda d: d["regions"][2]["time_s"].pop("self"),
        "mistyped.json": lambda d: d["regions"][3].update(calls="3"),
    }
    for name, damage in damaged.items():
        doc = copy.deepcopy(good)
        damage(doc)
        json.dump(doc, open(name, "w"), indent=1)
    open("empty.json", "w").write("")
    open("not-json.json", "w").write("energy report of matmul\nregion main 1.0 J\n")
    shutil.copy(os.path.join(ROOT, "models", "default.json"), "wrong-format.json")


if __name__ == "__main__":
    main()
