#!/usr/bin/env python3
"""RESULT lines (from files or standard input) as one markdown table per kind of workload.

    summarize.py FILE... | summarize.py < lines

Columns are the keys that matter for each kind (fence, gpx, tsp); any tool's lines may be mixed.
Where a tool ran one tsp setting more than once (tsp.sh's RUNS, racekit with one seed a run), a
second table gives each tool's mean gap, optimal runs and worst gap over those runs.
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


def setting(row):
    """A tsp row's instance, tool, mode and parameters without the seed: what repeated runs share."""
    params = ",".join(p for p in row.get("params", "").split(",") if not p.startswith("seed="))
    return (row.get("instance", ""), row.get("tool", ""), row.get("mode", ""), params)


def repeated_tsp_runs(rows):
    """Mean gap, optimal runs and worst gap per tsp setting that ran more than once, in first-seen order."""
    groups = {}
    for row in rows:
        if row.get("workload") != "tsp":
            continue
        try:
            gap = float(row.get("gap_pct", ""))
        except ValueError:  # no known optimum: "NA"
            continue
        groups.setdefault(setting(row), []).append(gap)
    repeated = [(key, gaps) for key, gaps in groups.items() if len(gaps) > 1]
    if not repeated:
        return
    print("\n### tsp, repeated runs\n")
    print("| instance | tool | mode | params | runs | mean gap_pct | optimal runs | worst gap_pct |")
    print("|---|---|---|---|---|---|---|---|")
    for (instance, tool, mode, params), gaps in repeated:
        mean = sum(gaps) / len(gaps)
        optimal = sum(1 for g in gaps if g == 0)
        print(f"| {instance} | {tool} | {mode} | {params} | {len(gaps)} | {mean:.4f} | {optimal} | {max(gaps):.3f} |")


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
    repeated_tsp_runs(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
