#!/usr/bin/env python3
"""Stop-order peers on TSPLIB GEO instances: fast_tsp and LKH (elkai).

    tsp_peers.py INSTANCE.tsp --tool fasttsp|elkai [--time-limit S] [--runs R] [--open START END]
    tsp_peers.py INSTANCE.atsp --tool elkai [--runs R]        (TSPLIB ATSP, EXPLICIT FULL_MATRIX)

The distance is TSPLIB95's GEO distance, as `racekit optimize --tsplib` computes it:

    rad(x) = PI (deg + 5 min / 3) / 180, PI = 3.141592, deg = int(x), min = x - deg
    q1 = cos(lon_i - lon_j); q2 = cos(lat_i - lat_j); q3 = cos(lat_i + lat_j)
    d = int(6378.388 acos(0.5 ((1 + q1) q2 - (1 - q1) q3)) + 1)

Each tool's tour is measured again with that distance, so every tool is judged by the same ruler.

  fasttsp  fast_tsp.find_tour(matrix, duration_seconds=S) (one thread)
  elkai    LKH via elkai.DistanceMatrix(matrix).solve_tsp(runs=R) (no time limit)

--open START END (1-based TSPLIB node numbers): a path from START to END through every node,
by the usual reduction (every distance + M, except START-END = 0; the START-END edge is cut from
the tour). The gap is against bestSolutions.txt beside the instance (closed tours only).

Prints one line: RESULT workload=tsp instance= n= tool= mode= seconds= length= optimum= gap_pct=
"""
import argparse
import importlib.metadata
import math
import os
import sys
import time

import numpy as np


def read_geo_instance(path):
    coordinates, in_section, dimension, weight_type = [], False, None, None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line == "EOF":
                continue
            if in_section:
                parts = line.split()
                coordinates.append((float(parts[1]), float(parts[2])))
                continue
            if line.startswith("NODE_COORD_SECTION"):
                in_section = True
                continue
            key, _, value = line.partition(":")
            key, value = key.strip(), value.strip()
            if key == "DIMENSION":
                dimension = int(value)
            elif key == "EDGE_WEIGHT_TYPE":
                weight_type = value
    if weight_type != "GEO":
        sys.exit(f"{path}: EDGE_WEIGHT_TYPE {weight_type}: only GEO instances are measured here")
    if dimension != len(coordinates):
        sys.exit(f"{path}: DIMENSION {dimension} but {len(coordinates)} coordinates")
    return coordinates


def geo_radians(x):
    degrees = int(x)
    return 3.141592 * (degrees + 5.0 * (x - degrees) / 3.0) / 180.0


def geo_matrix(coordinates):
    lat = [geo_radians(x) for x, _ in coordinates]
    lon = [geo_radians(y) for _, y in coordinates]
    n = len(coordinates)
    matrix = np.zeros((n, n), dtype=np.int64)
    for i in range(n):
        for j in range(i + 1, n):
            q1 = math.cos(lon[i] - lon[j])
            q2 = math.cos(lat[i] - lat[j])
            q3 = math.cos(lat[i] + lat[j])
            d = int(6378.388 * math.acos(0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)) + 1.0)
            matrix[i, j] = matrix[j, i] = d
    return matrix


def read_atsp_instance(path):
    """An ATSP file's FULL_MATRIX as an n x n int64 array, its diagonal set to 0."""
    numbers, n, in_section = [], None, False
    with open(path) as f:
        for line in f:
            text = line.strip()
            if not text or text == "EOF":
                continue
            if in_section:
                numbers.extend(int(t) for t in text.split())
            elif text.upper().startswith("DIMENSION"):
                n = int(text.split(":")[1])
            elif text.upper() == "EDGE_WEIGHT_SECTION":
                in_section = True
    matrix = np.array(numbers[: n * n], dtype=np.int64).reshape(n, n)
    np.fill_diagonal(matrix, 0)
    return matrix


def best_known(instance_path, name):
    try:
        with open(os.path.join(os.path.dirname(instance_path), "bestSolutions.txt")) as f:
            for line in f:
                key, _, value = line.partition(":")
                # TSPLIB's ATSP list names kro124p as kro124.
                if key.strip() in (name, name[:-1]):
                    return int(value.split()[0])
    except OSError:
        pass
    return None


def solve(tool, matrix, time_limit, runs):
    """The tool's closed tour (each node once) and the tool's name=version."""
    if tool == "fasttsp":
        import fast_tsp
        tour = fast_tsp.find_tour(matrix.tolist(), duration_seconds=time_limit)
        package = "fast-tsp"
    else:
        import elkai
        tour = elkai.DistanceMatrix(matrix.tolist()).solve_tsp(runs=runs)
        package = "elkai"
    tour = list(tour)
    if len(tour) > 1 and tour[0] == tour[-1]:
        tour.pop()
    return tour, f"{package}={importlib.metadata.version(package)}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("instance")
    parser.add_argument("--tool", choices=["fasttsp", "elkai"], required=True)
    parser.add_argument("--time-limit", type=float, default=1.0, help="seconds (fasttsp)")
    parser.add_argument("--runs", type=int, default=10, help="LKH runs (elkai)")
    parser.add_argument("--open", nargs=2, type=int, metavar=("START", "END"))
    args = parser.parse_args()
    asymmetric = args.instance.endswith(".atsp")
    name = os.path.basename(args.instance).removesuffix(".atsp" if asymmetric else ".tsp")
    if asymmetric and (args.open or args.tool != "elkai"):
        parser.error("an .atsp file is solved as a closed tour by elkai only")
    base = read_atsp_instance(args.instance) if asymmetric else geo_matrix(read_geo_instance(args.instance))
    n = len(base)
    matrix = base
    if args.open:
        start, end = args.open[0] - 1, args.open[1] - 1
        big = int(base.max()) + 1
        matrix = base + big
        np.fill_diagonal(matrix, 0)
        matrix[start, end] = matrix[end, start] = 0
    started = time.perf_counter()
    tour, version = solve(args.tool, matrix, args.time_limit, args.runs)
    seconds = time.perf_counter() - started
    if sorted(tour) != list(range(n)):
        print(f"RESULT workload=tsp instance={name} n={n} tool={args.tool} status=fail error=not_a_tour")
        return 1
    if args.open:
        k = next(i for i in range(n) if {tour[i], tour[(i + 1) % n]} == {start, end})
        path = tour[k + 1:] + tour[:k + 1]
        if path[0] != start:
            path.reverse()
        length = sum(int(base[a, b]) for a, b in zip(path, path[1:]))
        mode, optimum, gap = "open", None, None
    else:
        length = sum(int(base[tour[i], tour[(i + 1) % n]]) for i in range(n))
        mode, optimum = "closed", best_known(args.instance, name)
        gap = None if optimum is None else 100.0 * (length - optimum) / optimum
    params = f"time_limit_s={args.time_limit}" if args.tool == "fasttsp" else f"runs={args.runs}"
    print(f"RESULT workload=tsp instance={name} n={n} tool={args.tool} mode={mode} seconds={seconds:.3f} "
          f"length={length} optimum={optimum if optimum is not None else 'NA'} "
          f"gap_pct={'NA' if gap is None else f'{gap:.3f}'} params={params} version={version} status=ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
