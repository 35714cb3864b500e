#!/usr/bin/env python3
"""Independent checks of the golden expected files (run from this folder: python3 check.py).

Recomputes the numbers a reader can work out by hand from input/ (haversine with R = 6 371 008.8 m
for arrivals and fence events, Vincenty on WGS 84 for inspect's geodesic distance), parses every
JSON file, and validates the IOF XML against Tests/Fixtures/IOF/IOF.xsd with xmllint.
"""
import csv, json, math, subprocess, sys

R = 6371008.8
A, F = 6378137.0, 1 / 298.257223563
failures = []


def check(what, actual, expected, tolerance):
    if abs(actual - expected) > tolerance:
        failures.append(f"{what}: expected {expected}, file says {actual}")


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * R * math.asin(math.sqrt(h))


def vincenty(lat1, lon1, lat2, lon2):
    b = A * (1 - F)
    L = math.radians(lon2 - lon1)
    U1, U2 = math.atan((1 - F) * math.tan(math.radians(lat1))), math.atan((1 - F) * math.tan(math.radians(lat2)))
    lam = L
    for _ in range(200):
        ss = math.hypot(math.cos(U2) * math.sin(lam), math.cos(U1) * math.sin(U2) - math.sin(U1) * math.cos(U2) * math.cos(lam))
        cs = math.sin(U1) * math.sin(U2) + math.cos(U1) * math.cos(U2) * math.cos(lam)
        sig = math.atan2(ss, cs)
        sa = math.cos(U1) * math.cos(U2) * math.sin(lam) / ss
        c2a = 1 - sa * sa
        c2sm = cs - 2 * math.sin(U1) * math.sin(U2) / c2a
        C = F / 16 * c2a * (4 + F * (4 - 3 * c2a))
        previous, lam = lam, L + (1 - C) * F * sa * (sig + C * ss * (c2sm + C * cs * (-1 + 2 * c2sm * c2sm)))
        if abs(lam - previous) < 1e-13:
            break
    u2 = c2a * (A * A - b * b) / (b * b)
    AA = 1 + u2 / 16384 * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)))
    BB = u2 / 1024 * (256 + u2 * (-128 + u2 * (74 - 47 * u2)))
    ds = BB * ss * (c2sm + BB / 4 * (cs * (-1 + 2 * c2sm * c2sm) - BB / 6 * c2sm * (-3 + 4 * ss * ss) * (-3 + 4 * c2sm * c2sm)))
    return b * AA * (sig - ds)


def along(points, metric):
    return sum(metric(*points[i], *points[i + 1]) for i in range(len(points) - 1))


def north_edge_fraction(centre, radius, lat0, lat1):
    """Where a northward meridian segment lat0 → lat1 enters a circle centred on the meridian."""
    return (centre - math.degrees(radius / R) - lat0) / (lat1 - lat0)


expected = "expected/"
# simulate: arrivals at b (radius 15 m) and c, interpolated along the segments of the tracks.
ana_b = 30 + 30 * north_edge_fraction(47.371, 15, 47.3705, 47.371)
ana_c = 90 + 30 * north_edge_fraction(47.372, 15, 47.3715, 47.37205)
ben_c = 120 + 40 * north_edge_fraction(47.372, 15, 47.3715, 47.37205)
standings = {s["name"]: s for s in json.load(open(expected + "simulate.json"))["standings"]}
check("Ana finish", standings["Ana"]["finishTime"], ana_c, 0.0006)
check("Ben finish", standings["Ben"]["finishTime"], ben_c, 0.0006)
legs = list(csv.DictReader(open(expected + "simulate.csv")))
check("Ana a→b split", float(legs[0]["split_s"]), ana_b, 0.0006)
check("Ana b→c split", float(legs[1]["split_s"]), ana_c - ana_b, 0.001)
# Distance run: from where the runner was at one arrival to where they were at the next (positions
# interpolated linearly in time on the straddling steps), through the fixes in between; detour =
# run / the straight line between those two positions. Both tracks begin inside a: arrival at 0 s.
ana = [(0, 47.36995, 8.54), (30, 47.3705, 8.54), (60, 47.371, 8.54), (90, 47.3715, 8.54), (120, 47.37205, 8.54)]
ben = [(0, 47.36995, 8.54), (40, 47.3705, 8.54), (80, 47.371, 8.5415), (120, 47.3715, 8.54), (160, 47.37205, 8.54)]


def at(track, t):
    for (ta, *a), (tb, *b) in zip(track, track[1:]):
        if ta <= t <= tb:
            f = (t - ta) / (tb - ta)
            return (a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]))
    raise ValueError(t)


def span(track, t0, t1):
    points = [at(track, t0)] + [(lat, lon) for t, lat, lon in track if t0 < t < t1] + [at(track, t1)]
    return along(points, haversine), haversine(*points[0], *points[-1])


for row, track, t0, t1 in [(0, ana, 0, ana_b), (1, ana, ana_b, ana_c), (2, ben, 0, ben_c)]:
    run, direct = span(track, t0, t1)
    leg = f"{legs[row]['name']} {legs[row]['from']}→{legs[row]['to']}"
    check(f"{leg} distance run", float(legs[row]["distance_run_m"]), run, 0.006)
    check(f"{leg} detour", float(legs[row]["detour_ratio"]), run / direct, 0.0006)
    check(f"{leg} pace", float(legs[row]["pace_s_per_km"]), (t1 - t0) / (run / 1000), 0.6)
check("a→c straight", float(legs[2]["straight_m"]), haversine(47.37, 8.54, 47.372, 8.54), 0.006)
table = open(expected + "simulate.txt").read()
for name, seconds in [("Ana", ana_c), ("Ben", ben_c)]:
    clock = f"{int(round(seconds)) // 60}:{int(round(seconds)) % 60:02d}"
    if f"{name}" not in table or clock not in table:
        failures.append(f"simulate.txt: no {name} at {clock}")
# inspect: WGS 84 geodesic length of the GPX track and of the GeoJSON line.
gpx = json.load(open(expected + "inspect-gpx.json"))
check("ana.gpx distance", gpx["distanceMeters"], along([(47.36995, 8.54), (47.3705, 8.54), (47.371, 8.54), (47.3715, 8.54), (47.37205, 8.54)], vincenty), 0.001)
line = json.load(open(expected + "inspect-geojson.json"))
check("line.geojson distance", line["distanceMeters"], along([(47.37, 8.54), (47.371, 8.54), (47.372, 8.5405)], vincenty), 0.001)
# fence-events: stop 1 at 47.37 and stop 2 at 47.372 (radius 20 m), p0 moving north on 8.54.
events = [json.loads(l) for l in open(expected + "fence-events.jsonl")]
enter = 10 * (haversine(47.3695, 8.54, 47.37, 8.54) - 20) / haversine(47.3695, 8.54, 47.37, 8.54)
exit_ = 40 + 10 * (20 - haversine(47.37, 8.54, 47.37005, 8.54)) / haversine(47.37005, 8.54, 47.3705, 8.54)
segment = haversine(47.3705, 8.54, 47.373, 8.54)
cross = 50 + 50 * (haversine(47.3705, 8.54, 47.372, 8.54) - 20) / segment
for event, (kind, time) in zip(events, [("enter", enter), ("dwell", enter + 30), ("exit", exit_), ("cross", cross)]):
    if event["event"] != kind:
        failures.append(f"fence-events: {event['event']} where {kind} was expected")
    check(f"fence-events {kind} time", event["time"], time, 0.0006)
check("exit duration", events[2]["durationSeconds"], exit_ - enter, 0.001)
check("cross duration", events[3]["durationSeconds"], 50 * 40 / segment, 0.001)
csv_events = list(csv.DictReader(open(expected + "fence-events.csv")))
if [(e["event"], float(e["time"])) for e in csv_events] != [(e["event"], e["time"]) for e in events]:
    failures.append("fence-events.csv and .jsonl disagree")
# rehearse: the text and the JSON tell the same story.
rehearsal = json.load(open(expected + "rehearse.json"))
text = open(expected + "rehearse.txt").read()
for q in ["p10", "median", "p90"]:
    s = rehearsal["finishTime"][q]
    if f"{s // 60}:{s % 60:02d}" not in text:
        failures.append(f"rehearse.txt lacks the {q} of the JSON")
# Every JSON file parses (above); the GeoJSON too; the IOF XML validates against the schema.
json.load(open(expected + "simulate.geojson"))
json.load(open(expected + "rehearse.json"))
xsd = "../../../Fixtures/IOF/IOF.xsd"
if subprocess.run(["xmllint", "--noout", "--schema", xsd, expected + "simulate.iof.xml"], capture_output=True).returncode != 0:
    failures.append("simulate.iof.xml does not validate against IOF.xsd")

print("\n".join(failures) or "all checks pass")
sys.exit(1 if failures else 0)
