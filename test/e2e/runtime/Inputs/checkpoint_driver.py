#!/usr/bin/env python3
"""Runs a program until a checkpoint of it is written after it said it was ready, then ends it.

Usage: checkpoint_driver.py REPORT (--kill | --go FILE | --none SECONDS) [--show TOOL]
                            [--beside OTHER] [--keep-as PATH] -- COMMAND...
  The program prints "ready PID" once its counted work is done (PID: the process to watch, a fork
  child's own). REPORT is where that process's report goes, "%p" standing for PID (a glob). A checkpoint
  cloned before "ready" may still land after it, so the driver removes REPORT, waits until a
  checkpoint appears there, removes it again and waits for the next: checkpoints are written one
  at a time, so that one was taken after "ready". Then --kill sends PID SIGKILL; --go FILE creates
  FILE, and the program goes on to end by itself. --none SECONDS instead waits that long and says
  whether any report appeared, then kills PID. --show TOOL runs `TOOL show REPORT` while PID still
  runs and prints its first line (the command runs without core dumps); with --beside OTHER, then `TOOL show REPORT OTHER` (the two read
  as one) too, and prints what it said on stderr and its first line. --keep-as PATH renames REPORT to PATH once the command ended
  (a fork child's, beside its parent's). Prints "checkpoint written" (or "no checkpoint after N s"), then
  how the command ended: "signalled SIGNAME" or "exited N"."""
import glob
import os
import resource
import signal
import subprocess
import sys
import time

WAIT_SECONDS = 30

args = sys.argv[1:]
report_pattern = args.pop(0)
ending = args.pop(0)
ending_arg = None if ending == "--kill" else args.pop(0)
options = {}
while args[0] in ("--show", "--beside", "--keep-as"):
    option = args.pop(0)
    options[option] = args.pop(0)
show_tool = options.get("--show")
assert args.pop(0) == "--"

def no_core():
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


child = subprocess.Popen(args, stdout=subprocess.PIPE, preexec_fn=no_core)
ready = child.stdout.readline().decode().split()
if len(ready) != 2 or ready[0] != "ready":
    sys.exit(f"checkpoint_driver: expected 'ready PID', got {ready!r}")
pid = int(ready[1])
report = report_pattern.replace("%p", str(pid))


def written():
    return glob.glob(report)


def remove_report():
    for path in written():
        os.unlink(path)


def appears(seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if written():
            return True
        time.sleep(0.02)
    return False


if ending == "--none":
    remove_report()
    time.sleep(float(ending_arg))
    print("checkpoint written" if written() else f"no checkpoint after {ending_arg} s")
    os.kill(pid, signal.SIGKILL)
else:
    seen = True
    for _ in range(2):
        remove_report()
        seen = seen and appears(WAIT_SECONDS)
    print("checkpoint written" if seen else f"no checkpoint after {WAIT_SECONDS} s")
    if show_tool and seen:
        shown = subprocess.run([show_tool, "show"] + written(), capture_output=True, text=True)
        print(shown.stdout.splitlines()[0] if shown.stdout else shown.stderr.strip())
        if "--beside" in options:
            both = subprocess.run([show_tool, "show"] + written() + [options["--beside"]],
                                  capture_output=True, text=True)
            print(both.stderr.strip())
            print(both.stdout.splitlines()[0] if both.stdout else "")
    if ending == "--kill" or not seen:
        os.kill(pid, signal.SIGKILL)
    else:
        open(ending_arg, "w").close()
sys.stdout.write(child.stdout.read().decode())
_, status = os.waitpid(child.pid, 0)
if "--keep-as" in options:
    os.rename(written()[0], options["--keep-as"])
if os.WIFSIGNALED(status):
    print("signalled", signal.Signals(os.WTERMSIG(status)).name)
else:
    print("exited", os.WEXITSTATUS(status))
