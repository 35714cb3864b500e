#!/usr/bin/env bash
# Side by side in one run: `racekit optimize --tsplib` against the TSP peers users would pick
# (fast_tsp, LKH via elkai, optionally OR-Tools) on the TSPLIB GEO instances, one core each.
#   Benchmarks/peers/tsp.sh [INSTANCE ...]     default: burma14 ulysses16 ulysses22 gr96 gr137 gr202 gr229 gr431 ali535 gr666
# Per instance: racekit and fast_tsp at --time-limit 1 (TIME_LIMIT), elkai (runs=10: no time limit);
# gr666 also at 0.1 s; gr96 as an open path from node 1 to 50. TOOLS="fasttsp elkai ortools" adds OR-Tools.
# RACEKIT=path/to/racekit skips the build (default: `make -s build`, then .build/release/racekit).
# Needs the peer harness: bash ../shared/peers/setup.sh. Prints the RESULT lines and summarize.py's table.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
peers="${PEERS_DIR:-$root/../shared/peers}"
[[ -f "$peers/env.sh" ]] || { echo "tsp.sh: no peer harness at $peers (set PEERS_DIR)" >&2; exit 1; }
source "$peers/env.sh"
[[ -x "$PY" ]] || { echo "tsp.sh: run bash $peers/setup.sh first" >&2; exit 1; }
instances=("$@"); ((${#instances[@]})) || instances=(burma14 ulysses16 ulysses22 gr96 gr137 gr202 gr229 gr431 ali535 gr666)
limit="${TIME_LIMIT:-1}"
read -r -a tools <<<"${TOOLS:-fasttsp elkai}"
racekit="${RACEKIT:-}"
if [[ -z "$racekit" ]]; then (cd "$root" && make -s build >&2); racekit="$root/.build/release/racekit"; fi
out="$(mktemp)"; trap 'rm -f "$out"' EXIT
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1

run_peer() { "$PY" "$peers/tsp_peers.py" "$@" | grep '^RESULT' | tee -a "$out" || true; }
run_racekit() { "$racekit" optimize --result-line "$@" | tee -a "$out"; }

for name in "${instances[@]}"; do
  file="$TSPLIB_DIR/$name.tsp"
  [[ -f "$file" ]] || { echo "tsp.sh: $file is missing" >&2; exit 1; }
  run_racekit --tsplib "$file" --time-limit "$limit"
  for tool in "${tools[@]}"; do run_peer "$name" --tool "$tool" --time-limit "$limit"; done
  if [[ "$name" == gr666 ]]; then
    run_racekit --tsplib "$file" --time-limit 0.1
    run_peer "$name" --tool fasttsp --time-limit 0.1
  fi
  if [[ "$name" == gr96 ]]; then
    run_racekit --tsplib "$file" --time-limit "$limit" --open 1 50
    for tool in "${tools[@]}"; do run_peer "$name" --tool "$tool" --time-limit "$limit" --open 1 50; done
  fi
done
"$PY" "$peers/summarize.py" "$out"
