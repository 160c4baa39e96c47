"""Prints each region of a diff's json but the program total: `NAME STATUS`, and for a renamed
one `NAME renamed from PREVIOUS`; names without their argument lists. Usage: statuses.py DIFF"""
import json
import re
import sys


def short(name):
    return re.sub(r"\(.*?\)", "", name)


for region in json.load(open(sys.argv[1]))["regions"]:
    if region["kind"] not in ("function", "loop", "user"):
        continue
    name = short(region["name"])
    if region["status"] == "renamed":
        print(f"{name} renamed from {short(region['previous_name'])}")
    else:
        print(f"{name} {region['status']}")
