#!/usr/bin/env python3
"""A child started with an empty environment (env -i) reports to the same default place as its
parent (env-i-child.test): the state directory under the home of the password database.

Usage: env_i_check.py PROGRAM. PROGRAM (built from endings.c under a name of its own) runs with
HOME set to that home and no XDG or ENERGY_ variable, and starts itself again under `env -i`.
Expects exactly two new reports of PROGRAM's name in <home>/.local/state/energypass, of the
parent's pid and of another, and removes them (and `last`, when it names one of them)."""
import glob
import json
import os
import pwd
import subprocess
import sys

program = sys.argv[1]
name = os.path.basename(program)
directory = os.path.join(pwd.getpwuid(os.geteuid()).pw_dir, ".local", "state", "energypass")
pattern = os.path.join(directory, glob.escape(name) + ".*.json")
for old in glob.glob(pattern):
    os.remove(old)

environment = {k: v for k, v in os.environ.items()
               if not k.startswith(("ENERGY_", "XDG_")) and k != "HOME"}
environment["HOME"] = pwd.getpwuid(os.geteuid()).pw_dir
parent = subprocess.Popen([program, "spawn-env-i", program], env=environment,
                          stderr=subprocess.PIPE)
_, stderr = parent.communicate()
reports = sorted(glob.glob(pattern))
pids = sorted(json.load(open(r))["program"]["pid"] for r in reports)
last = os.path.join(directory, "last")
if os.path.islink(last) and os.path.join(directory, os.readlink(last)) in reports:
    os.remove(last)
for report in reports:
    os.remove(report)
print("exit", parent.returncode)
print("stderr", repr(stderr.decode()))
print("reports", len(reports))
print("parent's", parent.pid in pids)
