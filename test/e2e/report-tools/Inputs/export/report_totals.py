"""What an export's values must add up to, per report (docs/formats/exports.md): energy in nJ
(measured when a meter was present, else modelled), the regions' self times in ns, and the
exact totals.counts. Shared by the export checks."""
import json


def measured(report):
    used = any(s["kind"] == "energy" and s["used"] for s in report["sources"])
    return used or report["totals"]["energy_j"]["measured"] is not None


def totals(path):
    report = json.load(open(path))
    energy = report["totals"]["energy_j"]["measured" if measured(report) else "modelled"] or 0.0
    counts = report["totals"]["counts"]
    return {
        "energy": round(energy * 1e9),
        "time": round(sum(r["time_s"]["self"] for r in report["regions"]) * 1e9),
        "flops": counts["flops"],
        "bytes": counts["bytes_loaded"] + counts["bytes_stored"],
        "instructions": counts["instructions"],
    }


def regions(path):
    return json.load(open(path))["regions"]
