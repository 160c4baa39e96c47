#!/usr/bin/env python3
"""Checks the report a set-user-ID program wrote when run by another user (secure-process.test).

Usage: secure_report_check.py PROGRAM IGNORED... The effective user's report directory
(~/.local/state/energypass of the password database's home) must hold exactly one report of
PROGRAM, PROGRAM.*.json, owned by root with mode 0600 (docs/runtime.md, Security), whose program.argv is argv[0] alone,
whose program.arguments_omitted counts the rest and whose program.ignored_settings lists exactly
IGNORED and the ENERGY_* variables this script inherited (the program inherited them too).
Prints one line per check and removes the report (and `last` when it names it); exits 1 when a
check fails."""
import glob
import json
import os
import pwd
import stat
import sys

directory = os.path.join(pwd.getpwuid(os.geteuid()).pw_dir, ".local", "state", "energypass")
ignored = sorted(set(sys.argv[2:]) | {name for name in os.environ if name.startswith("ENERGY_")})
reports = glob.glob(os.path.join(directory, glob.escape(sys.argv[1]) + ".*.json"))
if len(reports) != 1:
    print(f"expected one report of {sys.argv[1]} in {directory}, found {reports}")
    sys.exit(1)
info = os.stat(reports[0])
program = json.load(open(reports[0]))["program"]
last = os.path.join(directory, "last")
if os.path.islink(last) and os.readlink(last) == os.path.basename(reports[0]):
    os.remove(last)
os.remove(reports[0])
checks = [
    ("owner root", info.st_uid == 0),
    (f"mode {stat.S_IMODE(info.st_mode):04o}", stat.S_IMODE(info.st_mode) == 0o600),
    (f"argv {program['argv']}", len(program["argv"]) == 1),
    (f"arguments_omitted {program.get('arguments_omitted')}", program.get("arguments_omitted") == 2),
    (f"ignored_settings {program.get('ignored_settings')}", program.get("ignored_settings") == ignored),
]
for what, holds in checks:
    print(("ok " if holds else "FAILED ") + what)
sys.exit(0 if all(holds for _, holds in checks) else 1)
