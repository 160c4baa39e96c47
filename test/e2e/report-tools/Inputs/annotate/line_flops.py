"""Prints `BASENAME:LINE flops=F` for each line of annotate's json, in order."""
import json
import os
import sys

for entry in json.load(open(sys.argv[1]))["lines"]:
    print(f"{os.path.basename(entry['file'])}:{entry['line']} flops={entry['counts']['flops']} "
          f"energy={'null' if entry['energy_j'] is None else 'set'}")
