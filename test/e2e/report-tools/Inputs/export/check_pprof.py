"""Checks `protoc --decode=perftools.profiles.Profile` text of an exported pprof profile against
the reports it came from. Usage: check_pprof.py PROFILE.txt REPORT.json...
Prints what FileCheck checks: sample types, per metric whether the values add up to the reports'
totals, each function with its file and line (and whether a region of the reports has them), the
samples' stacks root first, the processes and the comments."""
import os
import re
import sys

from report_totals import regions, totals


def parse_text_format(text):
    """protoc's text format as nested dicts of lists: `key: value` and `key { ... }`."""
    root, stack = {}, []
    node = root
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.endswith("{"):
            child = {}
            node.setdefault(line[:-1].strip(), []).append(child)
            stack.append(node)
            node = child
        elif line == "}":
            node = stack.pop()
        else:
            key, value = line.split(":", 1)
            value = value.strip()
            if value.startswith('"'):
                value = bytes(value[1:-1], "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")
            elif re.fullmatch(r"-?\d+", value):
                value = int(value)
            node.setdefault(key, []).append(value)
    return root


def one(message, key, default=0):
    return message.get(key, [default])[0]


def main():
    profile = parse_text_format(open(sys.argv[1]).read())
    report_paths = sys.argv[2:]
    strings = profile["string_table"]
    types = [(strings[one(t, "type")], strings[one(t, "unit")]) for t in profile["sample_type"]]
    print("sample types:", " ".join(f"{t}/{u}" for t, u in types))
    print("default sample type:", strings[one(profile, "default_sample_type")])

    sums = [0] * len(types)
    for sample in profile.get("sample", []):
        values = sample["value"]
        assert len(values) == len(types), sample
        for i, v in enumerate(values):
            sums[i] += v
    expected = {name: 0 for name, _ in types}
    for path in report_paths:
        for name, value in totals(path).items():
            expected[name] += value
    for (name, _), total in zip(types, sums):
        verdict = "equals" if total == expected[name] else f"!= {expected[name]}, differs from"
        print(f"{name} sum {verdict} the reports' total")

    known = {(r["demangled"], os.path.basename(r["file"]), r["line"]) for p in report_paths for r in regions(p)}
    functions = {one(f, "id"): f for f in profile["function"]}
    locations = {one(l, "id"): l for l in profile["location"]}
    for f in sorted(functions.values(), key=lambda f: strings[one(f, "name")]):
        name, file, line = strings[one(f, "name")], strings[one(f, "filename")], one(f, "start_line")
        where = "a region of the report" if (name, os.path.basename(file), line) in known else "not a region"
        print(f"function {name} {os.path.basename(file)}:{line} is {where}")
    paths = set()
    for sample in profile.get("sample", []):
        frames = []
        for location in sample["location_id"]:
            line = locations[location]["line"][0]
            assert one(line, "function_id") in functions, line
            frames.append(strings[one(functions[one(line, "function_id")], "name")])
        paths.add(";".join(reversed(frames)))
    for path in sorted(paths):
        print("path", path)

    labels = {}
    for sample in profile.get("sample", []):
        for label in sample.get("label", []):
            key = strings[one(label, "key")]
            value = strings[one(label, "str")] if "str" in label else one(label, "num")
            labels.setdefault(key, set()).add(value)
    processes = sorted(re.sub(r"pid \d+", "pid N", p) for p in labels.get("process", []))
    print("processes:", len(labels.get("process", [])), processes)
    for c in profile.get("comment", []):
        print("comment:", re.sub(r"pid \d+", "pid N", strings[c]))


main()
