"""Prints a report's modules one per line: source, object, build id length, unloaded."""
import json
import sys

report = json.load(open(sys.argv[1]))
for module in report["modules"]:
    print(module["source"], module.get("object", "-"), len(module.get("build_id", "")),
          "unloaded" if module["unloaded"] else "loaded")
