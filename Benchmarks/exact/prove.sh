#!/usr/bin/env bash
# The proven optimum of TSPLIB SOP files, by exhaustive dynamic programming over the prefixes their
# precedences allow (SOPExact.swift, compiled with optimisation on first use). Progress goes to
# standard error; one line per file to standard output: FILE optimum=N prefixes=P seconds=S.
#   Benchmarks/exact/prove.sh Tests/RouteOptimizerTests/Fixtures/tsplib-constrained/sop/p43.4.sop
# Large instances take minutes and gigabytes: p43.3 has 74 million prefixes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="$here/../../.build/sop-exact"
if [[ ! -x "$binary" || "$here/SOPExact.swift" -nt "$binary" ]]; then
  mkdir -p "$(dirname "$binary")"
  swiftc -O "$here/SOPExact.swift" -o "$binary"
fi
(( $# )) || { echo "usage: $0 FILE.sop ..." >&2; exit 64; }
exec "$binary" "$@"
