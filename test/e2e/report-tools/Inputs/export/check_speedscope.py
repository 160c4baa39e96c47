"""Checks an exported speedscope file against speedscope's file format
(speedscope-file-format-spec.ts: required fields and their types, frame indices in range) and
against the reports it came from: per report an energy, a time and a FLOPs profile whose weights
add up to the report's totals. Usage: check_speedscope.py FILE.json REPORT.json..."""
import json
import re
import sys

from report_totals import totals

UNITS = {"none", "nanoseconds", "microseconds", "milliseconds", "seconds", "bytes"}


def check_profile(profile, frame_count):
    for key, kind in [("type", str), ("name", str), ("unit", str), ("startValue", (int, float)),
                      ("endValue", (int, float)), ("samples", list), ("weights", list)]:
        assert isinstance(profile.get(key), kind), f"profile {profile.get('name')}: {key}"
    assert profile["type"] == "sampled", profile["type"]
    assert profile["unit"] in UNITS, profile["unit"]
    assert profile["endValue"] >= profile["startValue"]
    assert len(profile["samples"]) == len(profile["weights"])
    for stack in profile["samples"]:
        assert stack and all(isinstance(i, int) and 0 <= i < frame_count for i in stack), stack
    assert all(isinstance(w, int) and w > 0 for w in profile["weights"])


def main():
    doc = json.load(open(sys.argv[1]))
    assert doc["$schema"] == "https://www.speedscope.app/file-format-schema.json"
    frames = doc["shared"]["frames"]
    assert all(isinstance(f["name"], str) for f in frames)
    assert all(isinstance(f.get("line", 0), int) and isinstance(f.get("file", ""), str) for f in frames)
    assert 0 <= doc.get("activeProfileIndex", 0) < len(doc["profiles"])
    print("exporter:", doc["exporter"])
    for profile in doc["profiles"]:
        check_profile(profile, len(frames))
    print("structure valid,", len(doc["profiles"]), "profiles")
    metrics = ["energy", "time", "flops"]
    for index, path in enumerate(sys.argv[2:]):
        expected = totals(path)
        for metric, profile in zip(metrics, doc["profiles"][3 * index:3 * index + 3]):
            name = re.sub(r"pid \d+", "pid N", profile["name"])
            verdict = "equal" if sum(profile["weights"]) == profile["endValue"] == expected[metric] else \
                f"differ ({sum(profile['weights'])}, {profile['endValue']}, {expected[metric]})"
            print(f"{name} [{profile['unit']}]: weights and endValue {verdict} the report's {metric}")
    print("frames:", " | ".join(sorted({f["name"] for f in frames})))


main()
