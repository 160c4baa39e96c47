"""Writes a copy of a machine profile whose one-thread L2 and L3 triad
bandwidths are 96.7 and 82.7 GB/s, the close pair that a real machine gave.

usage: close_ceilings.py PROFILE OUT"""
import json
import sys

profile = json.load(open(sys.argv[1]))
for bw in profile["bandwidth"]:
    if bw["threads"] == 1 and bw["level"] == "L2":
        bw["gbytes_per_s"] = 96.7
    if bw["threads"] == 1 and bw["level"] == "L3":
        bw["gbytes_per_s"] = 82.7
json.dump(profile, open(sys.argv[2], "w"), indent=1)
