#!/usr/bin/env python3
"""RESULT lines (from files or standard input) as one markdown table per kind of workload.

    summarize.py FILE... | summarize.py < lines

Columns are the keys that matter for each kind (fence, gpx, tsp); any tool's lines may be mixed.
"""
import fileinput
import sys

COLUMNS = {
    "fence": ["workload", "tool", "n", "load_s", "build_s", "query_s", "wall_s", "throughput", "hits", "match"],
    "gpx": ["workload", "tool", "bytes", "points", "seconds", "MB_s", "peak_rss_mb"],
    "tsp": ["instance", "tool", "mode", "params", "seconds", "length", "optimum", "gap_pct"],
}


def parse(line):
    return dict(field.split("=", 1) for field in line.split()[1:] if "=" in field)


def main():
    rows = [parse(line) for line in fileinput.input() if line.startswith("RESULT ")]
    for kind, columns in COLUMNS.items():
        selected = [r for r in rows if r.get("workload", "").split(":")[0] == kind]
        if not selected:
            continue
        print(f"\n### {kind}\n")
        print("| " + " | ".join(columns) + " |")
        print("|" + "---|" * len(columns))
        for row in selected:
            print("| " + " | ".join(row.get(c, "") for c in columns) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
