"""Writes report IN as a version 3 report would have been: lines as objects, without inlining
chains. Usage: as_version3.py IN OUT"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "lib"))
from report_lines import report_lines  # noqa: E402

doc = json.load(open(sys.argv[1]))
doc["version"] = 3
doc["lines"] = report_lines(doc)
for line in doc["lines"]:
    line.pop("inlined_at", None)
json.dump(doc, open(sys.argv[2], "w"))
