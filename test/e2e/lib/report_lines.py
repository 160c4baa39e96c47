"""A report's `lines` as one object per entry, whatever the report's version: version 7 writes
them as a table of rows that index its files and inlining chains (docs/formats/report.md)."""


def report_lines(report):
    lines = report.get("lines", [])
    if isinstance(lines, list):
        return lines
    objects = []
    for row in lines["rows"]:
        counts = dict(zip(lines["columns"][4:], row[4:11]))
        if len(row) > 11:
            counts.update(row[11])
        line = {"region": row[0], "file": lines["files"][row[1]], "line": row[2],
                "counts": counts}
        if row[3] is not None:
            line["inlined_at"] = lines["inline_chains"][row[3]]
        objects.append(line)
    return objects
