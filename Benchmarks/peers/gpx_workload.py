#!/usr/bin/env python3
"""Writes a large GPX 1.1 file of seeded random-walk tracks, shaped like a sports watch's export:
every track point with elevation and time, every fifth with a Garmin heart-rate extension.

    gpx_workload.py OUT.gpx [--megabytes 100] [--seed 1]

Same seed and size, same bytes (Python's own random module, seeded; no numpy).
"""
import argparse
import random
import sys
from datetime import datetime, timedelta, timezone

HEADER = ('<?xml version="1.0" encoding="UTF-8"?>\n'
          '<gpx version="1.1" creator="racekit peers gpx_workload.py" xmlns="http://www.topografix.com/GPX/1/1" '
          'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" '
          'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
          'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output")
    parser.add_argument("--megabytes", type=float, default=100.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    random_numbers = random.Random(args.seed)
    target = int(args.megabytes * 1e6)
    start = datetime(2024, 5, 1, 8, 0, 0, tzinfo=timezone.utc)
    written, track = 0, 0
    with open(args.output, "w", encoding="utf-8", newline="\n") as out:
        out.write(HEADER)
        written += len(HEADER)
        while written < target:
            track += 1
            lat = random_numbers.uniform(-60.0, 70.0)
            lon = random_numbers.uniform(-180.0, 180.0)
            ele = random_numbers.uniform(0.0, 2500.0)
            time = start + timedelta(hours=track)
            lines = [f"  <trk>\n    <name>Run {track}</name>\n    <type>running</type>\n    <trkseg>\n"]
            for k in range(random_numbers.randint(2000, 6000)):
                lat = max(-89.9, min(89.9, lat + random_numbers.gauss(0.0, 0.00003)))
                lon = (lon + random_numbers.gauss(0.0, 0.00004) + 180.0) % 360.0 - 180.0
                ele += random_numbers.gauss(0.0, 0.4)
                time += timedelta(seconds=1)
                point = (f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}">\n        <ele>{ele:.1f}</ele>\n'
                         f'        <time>{time.strftime("%Y-%m-%dT%H:%M:%SZ")}</time>\n')
                if k % 5 == 0:
                    point += ("        <extensions>\n          <gpxtpx:TrackPointExtension>\n"
                              f"            <gpxtpx:hr>{random_numbers.randint(90, 185)}</gpxtpx:hr>\n"
                              "          </gpxtpx:TrackPointExtension>\n        </extensions>\n")
                lines.append(point + "      </trkpt>\n")
            lines.append("    </trkseg>\n  </trk>\n")
            chunk = "".join(lines)
            out.write(chunk)
            written += len(chunk)
        out.write("</gpx>\n")
    print(f"gpx_workload: {args.output}: {track} tracks, {written / 1e6:.1f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
