#!/usr/bin/env python3
"""Usage: extract_table.py DEVICE.ll OUT.json -- writes the module's __energy_gpu_table text."""
import re
import sys

ir = open(sys.argv[1]).read()
match = re.search(r'@__energy_gpu_table = .*? c"((?:[^"\\]|\\[0-9A-Fa-f]{2})*)"', ir)
if not match:
    sys.exit("extract_table.py: no __energy_gpu_table in " + sys.argv[1])
text = re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), match.group(1))
open(sys.argv[2], "w").write(text)
