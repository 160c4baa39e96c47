"""Runs a command while advancing a fake RAPL counter at a constant power (the idle power).

idle_power.py COUNTER WATTS COMMAND...: adds WATTS x elapsed time to COUNTER every 5 ms,
under the same lock the measured program takes, until COMMAND ends; exits with its status.
"""
import fcntl
import subprocess
import sys
import threading
import time

counter, watts, command = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
done = threading.Event()


def advance(microjoules):
    with open(counter, "r+") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        value = int(f.read().strip())
        f.seek(0)
        f.write("%d\n" % (value + microjoules))
        f.truncate()
        f.flush()


def run():
    last = time.monotonic()
    while not done.wait(0.005):
        t = time.monotonic()
        advance(round((t - last) * watts * 1e6))
        last = t


writer = threading.Thread(target=run)
writer.start()
status = subprocess.call(command)
done.set()
writer.join()
sys.exit(status)
