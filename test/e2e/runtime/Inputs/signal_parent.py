#!/usr/bin/env python3
"""Runs a program as its parent and says how it ended, as a shell or scheduler would see it.

Usage: signal_parent.py [--ignore SIG] [--cpu-seconds N] SIGNALS COMMAND...
  SIGNALS: comma-separated names (TERM,INT) sent one after the other, 0.2 s apart, the first
  0.2 s after the program printed its first line ("ready"); "-" sends none. --ignore SIG starts the program
  with SIG ignored, as `nohup` or `trap '' SIG` would; --cpu-seconds N with a soft CPU-time limit
  of N seconds (the kernel sends SIGXCPU when it is reached). The program starts with INT, TERM, HUP
  and XCPU at their default action otherwise, and without core dumps (none is left behind).
Prints the program's output, then "signalled SIGNAME" (WIFSIGNALED, WTERMSIG) or "exited N"."""
import os
import resource
import signal
import subprocess
import sys
import time

args = sys.argv[1:]
ignored = []
cpu_seconds = None
while args and args[0] in ("--ignore", "--cpu-seconds"):
    if args[0] == "--ignore":
        ignored.append(getattr(signal, "SIG" + args[1]))
    else:
        cpu_seconds = int(args[1])
    args = args[2:]
to_send = [] if args[0] == "-" else [getattr(signal, "SIG" + name) for name in args[0].split(",")]
command = args[1:]


def prepare():
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGXCPU):
        signal.signal(sig, signal.SIG_DFL)
    for sig in ignored:
        signal.signal(sig, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if cpu_seconds:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 10))


child = subprocess.Popen(command, stdout=subprocess.PIPE, preexec_fn=prepare)
if to_send:
    sys.stdout.write(child.stdout.readline().decode())
    for sig in to_send:
        time.sleep(0.2)
        os.kill(child.pid, sig)
sys.stdout.write(child.stdout.read().decode())
_, status = os.waitpid(child.pid, 0)
if os.WIFSIGNALED(status):
    print("signalled", signal.Signals(os.WTERMSIG(status)).name)
else:
    print("exited", os.WEXITSTATUS(status))
