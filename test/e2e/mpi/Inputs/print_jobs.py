#!/usr/bin/env python3
"""Prints the file name pattern and the `job` of every report in DIR, for FileCheck.

Usage: print_jobs.py DIR"""
import json
import os
import re
import sys

for name in sorted(f for f in os.listdir(sys.argv[1]) if f.endswith(".json")):
    job = json.load(open(os.path.join(sys.argv[1], name))).get("job")
    stem = re.sub(r"\.\d{8}T\d{6}Z\.\d+\.json$", "", name)
    print(f"{stem}: {json.dumps(job, sort_keys=True)}")
