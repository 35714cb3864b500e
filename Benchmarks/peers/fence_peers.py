#!/usr/bin/env python3
"""Geofence peers: every (position, stop) pair whose haversine distance is at most the stop's radius.

    fence_peers.py DIR --tool exact|numpy|duckdb [--threads N]

DIR holds stops.csv (id,lat,lon,radius_m) and positions.csv (participant,t,lat,lon), as
`racekit fence-check --generate ... --save DIR` writes them. A hit is a pair with

    a = sin((lat2 - lat1) K / 2);  b = sin((lon2 - lon1) K / 2)       K = pi / 180
    h = a a + cos(lat1 K) cos(lat2 K) (b b);  d = 2 R asin(min(1, sqrt(h)))    R = 6371008.8 m

and d <= radius_m. The checksum is the sum over hits of (position row * 1000003 + stop id)
modulo 2**64, the position row counted from 0 after the header.

Tools
  exact   the reference: positions sorted by latitude in chunks of 4096, candidate stops by a
          conservative latitude-band test only, the formula over chunk x candidates in numpy; pairs
          within 1e-9 of the radius are evaluated again with Python's math (the C library's
          functions, as the Swift code uses). Writes DIR/expected.txt (hits=, checksum=).
  numpy   a grid hash join: latitude rows one cap radius high, per row a column count that
          shrinks with cos(lat), each stop registered in every cell its cap's bounding box touches;
          each position looks up its one cell; a latitude-band test, then the exact formula over
          the candidates (latitude cosines computed once per point).
  duckdb  the same grid join written in SQL, as a DuckDB user would: read_csv into tables, stop
          cells by unnest(range(...)), one hash join, the formula in SQL, hits and checksum in SQL.
          --threads N sets DuckDB's threads (tool name duckdb-Nt).

Prints one line, as `racekit fence-check --result-line` does: RESULT workload= tool= n= seconds=
build_s= query_s= load_s= throughput= hits= checksum= match= (build_s: the work that depends on the
stops only; query_s: the work proportional to the positions; throughput: positions per second of
query_s; load_s: reading the CSV files; match: against expected.txt when it exists).
"""
import argparse
import math
import os
import sys
import time

import numpy as np

R = 6371008.8
K = math.pi / 180.0
MULT = 1000003
MOD = 2**64
MARGIN = 1e-9  # relative widening of every bounding box: the boxes must never be too small


def load(folder):
    stops = np.loadtxt(os.path.join(folder, "stops.csv"), delimiter=",", skiprows=1, ndmin=2)
    positions = np.loadtxt(os.path.join(folder, "positions.csv"), delimiter=",", skiprows=1,
                           usecols=(2, 3), ndmin=2)
    return (stops[:, 0].astype(np.int64), stops[:, 1], stops[:, 2], stops[:, 3],
            positions[:, 0], positions[:, 1])


def haversine(lat1, lon1, lat2, lon2):
    a = np.sin((lat2 - lat1) * K / 2)
    b = np.sin((lon2 - lon1) * K / 2)
    h = a * a + np.cos(lat1 * K) * np.cos(lat2 * K) * (b * b)
    return 2.0 * R * np.arcsin(np.minimum(1.0, np.sqrt(h)))


def haversine_libm(lat1, lon1, lat2, lon2):
    a = math.sin((lat2 - lat1) * K / 2)
    b = math.sin((lon2 - lon1) * K / 2)
    h = a * a + math.cos(lat1 * K) * math.cos(lat2 * K) * (b * b)
    return 2.0 * R * math.asin(min(1.0, math.sqrt(h)))


def filter_pairs(pos, stop, plat, plon, slat, slon, srad, pcos=None, scos=None):
    """The pairs (position, stop index) within the radius; borderline ones decided with libm.
    With `pcos` and `scos` (the cosines of the latitudes, computed once per point), candidates
    outside a stop's latitude band are dropped before the formula."""
    if pcos is not None:
        near_band = np.abs(plat[pos] - slat[stop]) <= angular_degrees(srad[stop])
        pos, stop = pos[near_band], stop[near_band]
        a = np.sin((slat[stop] - plat[pos]) * K / 2)
        b = np.sin((slon[stop] - plon[pos]) * K / 2)
        h = a * a + pcos[pos] * scos[stop] * (b * b)
        d = 2.0 * R * np.arcsin(np.minimum(1.0, np.sqrt(h)))
    else:
        d = haversine(plat[pos], plon[pos], slat[stop], slon[stop])
    r = srad[stop]
    inside = d <= r
    near = np.nonzero(np.abs(d - r) <= r * 1e-9)[0]
    for k in near:
        p, s = int(pos[k]), int(stop[k])
        inside[k] = haversine_libm(plat[p], plon[p], slat[s], slon[s]) <= srad[s]
    return pos[inside], stop[inside]


def totals(pos, stop, ids):
    keys = pos.astype(np.uint64) * np.uint64(MULT) + ids[stop].astype(np.uint64)
    return int(len(keys)), int(keys.sum(dtype=np.uint64)) % MOD  # uint64 sums wrap modulo 2**64


def angular_degrees(radius):
    return radius / R / K * (1 + MARGIN) + 1e-12


def tool_exact(ids, slat, slon, srad, plat, plon):
    started = time.perf_counter()
    band = angular_degrees(srad)
    lo, hi = slat - band, slat + band
    build_s = time.perf_counter() - started
    order = np.argsort(plat, kind="stable")
    found_pos, found_stop = [], []
    for start in range(0, len(order), 4096):
        chunk = order[start:start + 4096]
        clat = plat[chunk]
        candidates = np.nonzero((hi >= clat.min()) & (lo <= clat.max()))[0]
        if len(candidates) == 0:
            continue
        pos = np.repeat(chunk, len(candidates))
        stop = np.tile(candidates, len(chunk))
        p, s = filter_pairs(pos, stop, plat, plon, slat, slon, srad)
        found_pos.append(p)
        found_stop.append(s)
    pos = np.concatenate(found_pos) if found_pos else np.zeros(0, np.int64)
    stop = np.concatenate(found_stop) if found_stop else np.zeros(0, np.int64)
    return totals(pos, stop, ids), build_s


class Grid:
    """Latitude rows of `height` degrees (the largest cap's angular radius, so a cap touches
    at most three rows); row r has columns of at least `height` degrees of longitude times
    cos(the row's poleward latitude), so cells are never narrower than tall."""

    def __init__(self, max_radius):
        self.height = max(angular_degrees(max_radius), 5e-4)
        self.rows = int(math.ceil(180.0 / self.height))
        edges = np.arange(self.rows + 1) * self.height - 90.0
        poleward = np.minimum(np.maximum(np.abs(edges[:-1]), np.abs(np.minimum(edges[1:], 90.0))), 90.0)
        self.columns = np.maximum(1, np.floor(360.0 * np.cos(poleward * K) / self.height)).astype(np.int64)
        self.first = np.concatenate(([0], np.cumsum(self.columns)[:-1]))  # cell number of each row's column 0

    def row(self, lat):
        return np.clip(np.floor((lat + 90.0) / self.height).astype(np.int64), 0, self.rows - 1)

    def cells_of_positions(self, lat, lon):
        row = self.row(lat)
        columns = self.columns[row]
        column = np.minimum(np.floor((lon + 180.0) / 360.0 * columns).astype(np.int64), columns - 1)
        return self.first[row] + column

    def cells_of_stops(self, slat, slon, srad):
        """(cell, stop index) for every cell a stop's cap bounding box touches."""
        band = angular_degrees(srad)
        cells, stops = [], []
        for s in range(len(slat)):
            lat, lon, d = slat[s], slon[s], band[s]
            if lat + d >= 90.0 or lat - d <= -90.0:
                half = 180.0
            else:
                ratio = math.sin(d * K) / math.cos(lat * K)
                half = 180.0 if ratio >= 1 else math.asin(ratio) / K * (1 + MARGIN) + 1e-12
            for row in range(int(self.row(np.array([lat - d]))[0]), int(self.row(np.array([lat + d]))[0]) + 1):
                n = int(self.columns[row])
                c0 = math.floor((lon - half + 180.0) / 360.0 * n)
                c1 = math.floor((lon + half + 180.0) / 360.0 * n)
                columns = range(n) if half >= 180.0 or c1 - c0 + 1 >= n else [c % n for c in range(c0, c1 + 1)]
                for c in columns:
                    cells.append(int(self.first[row]) + c)
                    stops.append(s)
        return np.array(cells, dtype=np.int64), np.array(stops, dtype=np.int64)


def tool_numpy(ids, slat, slon, srad, plat, plon):
    started = time.perf_counter()
    grid = Grid(srad.max())
    cells, stops = grid.cells_of_stops(slat, slon, srad)
    order = np.argsort(cells, kind="stable")
    cells, stops = cells[order], stops[order]
    build_s = time.perf_counter() - started
    position_cells = grid.cells_of_positions(plat, plon)
    begin = np.searchsorted(cells, position_cells, side="left")
    end = np.searchsorted(cells, position_cells, side="right")
    counts = end - begin
    pos = np.repeat(np.arange(len(plat)), counts)
    offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    stop = stops[np.repeat(begin, counts) + offsets]
    p, s = filter_pairs(pos, stop, plat, plon, slat, slon, srad, np.cos(plat * K), np.cos(slat * K))
    return totals(p, s, ids), build_s


def tool_duckdb(folder, threads):
    import duckdb
    con = duckdb.connect()
    con.execute(f"SET threads = {threads}")
    started = time.perf_counter()
    con.execute(f"CREATE TABLE stops AS SELECT * FROM read_csv('{folder}/stops.csv', header = true, "
                "columns = {'id': 'BIGINT', 'lat': 'DOUBLE', 'lon': 'DOUBLE', 'radius_m': 'DOUBLE'})")
    # rowid is the file's row: a table made from read_csv keeps the file's order (DuckDB's
    # preserve_insertion_order), so no window function is needed to number the positions.
    con.execute(f"CREATE TABLE positions AS SELECT lat, lon FROM read_csv("
                f"'{folder}/positions.csv', header = true, columns = "
                "{'participant': 'VARCHAR', 't': 'DOUBLE', 'lat': 'DOUBLE', 'lon': 'DOUBLE'})")
    load = time.perf_counter() - started
    grid = Grid(con.execute("SELECT max(radius_m) FROM stops").fetchone()[0])
    height = repr(grid.height) + "::DOUBLE"  # a bare 0.0027 would be a DECIMAL in SQL
    started = time.perf_counter()
    # A cell is row * 2^22 + column; a row's column count shrinks with the cosine of its
    # poleward latitude, as in Grid (the expression is written once and used for stops and positions).
    def columns(row):
        return (f"greatest(1, floor(360.0 * cos(least(90.0, greatest(abs({row} * {height} - 90.0), "
                f"abs(least(({row} + 1) * {height} - 90.0, 90.0)))) * {K!r}::DOUBLE) / {height}))::BIGINT")

    def row_of(lat):
        return f"least(greatest(floor(({lat} + 90.0) / {height}), 0), {grid.rows - 1})::BIGINT"

    margin = repr(1 + MARGIN)
    con.execute(f"""CREATE TABLE stop_cells AS
        WITH b AS (SELECT id, lat, lon, radius_m, radius_m / {R!r}::DOUBLE / {K!r}::DOUBLE * {margin} + 1e-12 AS d FROM stops),
        h AS (SELECT *, CASE WHEN lat + d >= 90.0 OR lat - d <= -90.0 THEN 180.0
                             WHEN sin(d * {K!r}::DOUBLE) / cos(lat * {K!r}::DOUBLE) >= 1 THEN 180.0
                             ELSE asin(sin(d * {K!r}::DOUBLE) / cos(lat * {K!r}::DOUBLE)) / {K!r}::DOUBLE * {margin} + 1e-12 END AS half,
                        {row_of("lat - d")} AS r0, {row_of("lat + d")} AS r1 FROM b),
        r AS (SELECT h.*, u.row, {columns("u.row")} AS n FROM h, LATERAL unnest(range(h.r0, h.r1 + 1)) u(row)),
        c AS (SELECT *, floor((lon - half + 180.0) / 360.0 * n)::BIGINT AS c0,
                        floor((lon + half + 180.0) / 360.0 * n)::BIGINT AS c1 FROM r)
        SELECT row * 4194304 + ((cc % n) + n) % n AS cell, id, lat, lon, radius_m, d, cos(lat * {K!r}::DOUBLE) AS cphi
        FROM c, LATERAL unnest(CASE WHEN half >= 180.0 OR c1 - c0 + 1 >= n THEN range(0, n) ELSE range(c0, c1 + 1) END) u(cc)""")
    build_s = time.perf_counter() - started
    hits, checksum = con.execute(f"""
        WITH p AS (SELECT rowid AS pid, lat, lon, {row_of("lat")} AS row FROM positions),
        pn AS (SELECT *, {columns("row")} AS n FROM p),
        q AS (SELECT pid, lat, lon, cos(lat * {K!r}::DOUBLE) AS cphi,
                     row * 4194304 + least(floor((lon + 180.0) / 360.0 * n), n - 1)::BIGINT AS cell FROM pn)
        SELECT count(*), coalesce(sum(q.pid * {MULT} + s.id) % {MOD}::HUGEINT, 0)
        FROM q JOIN stop_cells s ON q.cell = s.cell
        WHERE abs(q.lat - s.lat) <= s.d
          AND {2 * R!r}::DOUBLE * asin(least(1.0, sqrt(
              sin((s.lat - q.lat) * {K!r}::DOUBLE / 2) ^ 2
            + q.cphi * s.cphi * sin((s.lon - q.lon) * {K!r}::DOUBLE / 2) ^ 2))) <= s.radius_m""").fetchone()
    seconds = time.perf_counter() - started
    n = con.execute("SELECT count(*) FROM positions").fetchone()[0]
    return load, build_s, seconds, n, int(hits), int(checksum), f"duckdb-{threads}t", f"duckdb={duckdb.__version__}"


def expected(folder):
    try:
        with open(os.path.join(folder, "expected.txt")) as f:
            values = dict(line.strip().split("=", 1) for line in f if "=" in line)
        return int(values["hits"]), int(values["checksum"])
    except (OSError, KeyError, ValueError):
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder")
    parser.add_argument("--tool", choices=["exact", "numpy", "duckdb"], required=True)
    parser.add_argument("--threads", type=int, default=1, help="DuckDB's threads (duckdb only)")
    args = parser.parse_args()
    folder = os.path.abspath(args.folder)
    workload = os.path.basename(folder.rstrip("/"))
    if args.tool == "duckdb":
        load_s, build_s, seconds, n, hits, checksum, tool, version = tool_duckdb(folder, args.threads)
    else:
        started = time.perf_counter()
        ids, slat, slon, srad, plat, plon = load(folder)
        load_s = time.perf_counter() - started
        n = len(plat)
        started = time.perf_counter()
        (hits, checksum), build_s = (tool_exact if args.tool == "exact" else tool_numpy)(ids, slat, slon, srad, plat, plon)
        seconds = time.perf_counter() - started
        tool, version = args.tool, f"numpy={np.__version__}"
        if args.tool == "exact":
            with open(os.path.join(folder, "expected.txt"), "w") as f:
                f.write(f"hits={hits}\nchecksum={checksum}\n")
    reference = expected(folder)
    match = "n/a" if reference is None else ("yes" if reference == (hits, checksum) else "no")
    query_s = seconds - build_s
    print(f"RESULT workload=fence:{workload} tool={tool} n={n} seconds={seconds:.3f} build_s={build_s:.3f} "
          f"query_s={query_s:.3f} load_s={load_s:.3f} throughput={n / query_s:.0f} hits={hits} checksum={checksum} "
          f"match={match} version={version}")
    return 0 if match != "no" else 1


if __name__ == "__main__":
    sys.exit(main())
