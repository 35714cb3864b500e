#!/usr/bin/env python3
"""GPX peer: lxml (libxml2) streaming over a GPX file, counting <trkpt> elements and summing their
lat and lon attributes, as `racekit inspect FILE --result-line` does.

    gpx_peers.py FILE.gpx [--runs 3]

Elements are matched by local name, whatever their namespace. The best of --runs is printed:
RESULT workload=gpx:NAME tool=lxml bytes= points= seconds= MB_s= sum_lat= sum_lon=
(seconds: reading and parsing the file, as for racekit).
"""
import argparse
import importlib.metadata
import os
import sys
import time

from lxml import etree


def measure(path):
    started = time.perf_counter()
    points, sum_lat, sum_lon = 0, 0.0, 0.0
    for _, element in etree.iterparse(path, events=("end",), tag="{*}trkpt", huge_tree=True):
        points += 1
        sum_lat += float(element.get("lat"))
        sum_lon += float(element.get("lon"))
        element.clear(keep_tail=False)
        while element.getprevious() is not None:
            del element.getparent()[0]
    return time.perf_counter() - started, points, sum_lat, sum_lon


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    seconds, points, sum_lat, sum_lon = min(measure(args.file) for _ in range(args.runs))
    size = os.path.getsize(args.file)
    print(f"RESULT workload=gpx:{os.path.basename(args.file)} tool=lxml bytes={size} points={points} "
          f"seconds={seconds:.3f} MB_s={size / 1e6 / seconds:.2f} throughput={points / seconds:.0f} "
          f"sum_lat={sum_lat:.6f} sum_lon={sum_lon:.6f} version=lxml={importlib.metadata.version('lxml')} status=ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
