#!/usr/bin/env python3
"""Counts the floating-point operations that a program's own machine code executes, the way the
FP_ARITH_INST_RETIRED events of an x86 core count them, and compares them with a report.

Usage: executed_flops.py [--report REPORT] PROGRAM [ARGS...]

Runs PROGRAM under `valgrind --tool=callgrind --dump-instr=yes`, which gives how many times each
instruction executed, disassembles PROGRAM with objdump, and sums, over the instructions of
PROGRAM itself (not its shared libraries), executions x FLOPs of the instruction: 1 per lane of
an SSE/AVX add, sub, mul, div, sqrt, min, max, horizontal add/sub or addsub, 2 per lane of an
FMA; the lanes of a packed instruction are its register's width over its element's. Prints the
total and the totals by precision and by vector width. With --report, REPORT's totals (`flops`,
`flops_by_precision`, `flops_by_width`) must equal them: prints each difference and exits 1 if
any. Exits 2 on unusable input."""
import json
import os
import re
import subprocess
import sys
import tempfile

ARITHMETIC = re.compile(r"^v?(add|sub|mul|div|sqrt|min|max|hadd|hsub|addsub)(ss|sd|ps|pd)$")
FUSED = re.compile(r"^v?f(n?m(add|sub)|maddsub|msubadd)(132|213|231)?(ss|sd|ps|pd)$")
ELEMENT_BITS = {"ps": 32, "pd": 64}
PRECISION = {"ss": "float", "ps": "float", "sd": "double", "pd": "double"}


def fail(message):
    print(f"executed_flops: {message}", file=sys.stderr)
    sys.exit(2)


def register_bits(operands):
    if "%zmm" in operands:
        return 512
    if "%ymm" in operands:
        return 256
    return 128


def flops_of(mnemonic, operands):
    """(FLOPs, precision, width key) of one execution, or None for other instructions."""
    match = ARITHMETIC.match(mnemonic)
    per_lane = 1
    if not match:
        match = FUSED.match(mnemonic)
        per_lane = 2
    if not match:
        return None
    suffix = match.groups()[-1]
    if suffix in ELEMENT_BITS:
        bits = register_bits(operands)
        return per_lane * bits // ELEMENT_BITS[suffix], PRECISION[suffix], f"v{bits}"
    return per_lane, PRECISION[suffix], "scalar"


def disassemble(program):
    """Address -> (FLOPs, precision, width) of each FP arithmetic instruction of program."""
    listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", program],
                             capture_output=True, text=True)
    if listing.returncode != 0:
        fail(f"objdump cannot read {program}: {listing.stderr.strip()}")
    arithmetic = {}
    for line in listing.stdout.splitlines():
        parts = line.split("\t")
        if len(parts) < 2 or not parts[0].strip().endswith(":"):
            continue
        fields = parts[1].split(None, 1)
        if not fields:
            continue
        flops = flops_of(fields[0], fields[1] if len(fields) > 1 else "")
        if flops:
            arithmetic[int(parts[0].strip()[:-1], 16)] = flops
    return arithmetic


def executions(profile, program):
    """Address -> times executed, for the instructions of program in a callgrind profile."""
    names = {}
    counts = {}
    in_program = False
    address = 0
    skip_cost = False
    target = os.path.realpath(program)
    with open(profile) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith(("ob=", "cob=")):
                # An object's name is given once, where it first appears (either
                # kind of line), and later only its (number).
                match = re.match(r"c?ob=(?:\((\d+)\))?\s*(.*)", line)
                key, name = match.groups()
                if name:
                    names[key] = name
                if line.startswith("ob="):
                    in_program = os.path.realpath(names.get(key, name)) == target
                continue
            if line.startswith("calls="):
                skip_cost = True  # the next cost line is the call's inclusive cost
                continue
            if not line or not (line[0] in "+-*" or line.startswith("0x")):
                continue
            position, *rest = line.split()
            if position.startswith("0x"):
                address = int(position, 16)
            elif position[0] in "+-":
                address += int(position)
            if skip_cost:
                skip_cost = False
                continue
            if in_program and rest:
                counts[address] = counts.get(address, 0) + int(rest[-1])
    return counts


def measure(program, args):
    with tempfile.TemporaryDirectory() as scratch:
        profile = os.path.join(scratch, "callgrind.out")
        run = subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=yes",
                              f"--callgrind-out-file={profile}", program, *args],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            fail(f"valgrind {program} failed: {run.stderr.strip()[-400:]}")
        counted = executions(profile, program)
    totals = {"flops": 0, "flops_by_precision": {}, "flops_by_width": {}}
    for address, (flops, precision, width) in disassemble(program).items():
        n = counted.get(address, 0) * flops
        if not n:
            continue
        totals["flops"] += n
        for key, bucket in (("flops_by_precision", precision), ("flops_by_width", width)):
            totals[key][bucket] = totals[key].get(bucket, 0) + n
    return totals


def report_totals(path):
    try:
        with open(path) as f:
            counts = json.load(f)["totals"]["counts"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        fail(f"cannot read the totals of {path}: {e}")
    nonzero = lambda d: {k: v for k, v in (d or {}).items() if v}
    return {"flops": counts.get("flops", 0),
            "flops_by_precision": nonzero(counts.get("flops_by_precision")),
            "flops_by_width": nonzero(counts.get("flops_by_width"))}


def describe(totals):
    parts = [f"flops {totals['flops']}"]
    for key in ("flops_by_precision", "flops_by_width"):
        parts += [f"{bucket} {n}" for bucket, n in sorted(totals[key].items())]
    return " ".join(parts)


def main(argv):
    report = None
    if len(argv) > 2 and argv[1] == "--report":
        report, argv = argv[2], argv[2:]
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    executed = measure(argv[1], argv[2:])
    print(f"executed: {describe(executed)}")
    if report is None:
        return 0
    reported = report_totals(report)
    print(f"reported: {describe(reported)}")
    differences = [key for key in executed if executed[key] != reported[key]]
    for key in differences:
        print(f"executed_flops: {key} differs: executed {executed[key]!r}, "
              f"reported {reported[key]!r}")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
