#!/usr/bin/env bash
# Side by side in one run: `racekit optimize --tsplib` against fast_tsp and LKH (elkai) on the
# TSPLIB GEO instances kept in Tests/RouteOptimizerTests/Fixtures/tsplib, one core each; racekit
# also on each further thread count of THREADS (default "1"; e.g. THREADS="1 2": `--threads`,
# independent searches at once, the shortest wins).
#   Benchmarks/peers/tsp.sh [INSTANCE ...]     default: burma14 ulysses16 ulysses22 gr96 gr137 gr202 gr229 gr431 ali535 gr666
# Per instance: racekit and fast_tsp at --time-limit 1 (TIME_LIMIT), elkai with 10 runs (no time
# limit); gr666 also at 0.1 s; gr96 also as an open path from node 1 to 50. RUNS=N (default 1)
# repeats each timed pair N times, alternating racekit (--seed 1…N) and fast_tsp, and the summary
# adds each tool's mean gap and optimal runs.
set -euo pipefail
source "$(dirname "$0")/env.sh"
require_setup
instances=("$@"); ((${#instances[@]})) || instances=(burma14 ulysses16 ulysses22 gr96 gr137 gr202 gr229 gr431 ali535 gr666)
limit="${TIME_LIMIT:-1}"
racekit="$(racekit_binary)"
read -r -a thread_counts <<<"${THREADS:-1}"
runs="${RUNS:-1}"
out="$(mktemp)"; trap 'rm -f "$out"' EXIT
peer() { "$PY" "$PEERS_DIR/tsp_peers.py" "$@" | tee -a "$out"; }
ours() {
  for threads in "${thread_counts[@]}"; do
    "$racekit" optimize --result-line --threads "$threads" "$@" | tee -a "$out"
  done
}
# racekit then fast_tsp, RUNS times, on the same arguments (racekit's --seed is the run number).
timed_pair() {
  local file="$1"; shift
  for ((run = 1; run <= runs; run++)); do
    ours --tsplib "$file" --seed "$run" "$@"
    peer "$file" --tool fasttsp "$@"
  done
}
for name in "${instances[@]}"; do
  file="$TSPLIB_DIR/$name.tsp"
  [[ -f "$file" ]] || { echo "tsp.sh: $file is missing" >&2; exit 1; }
  timed_pair "$file" --time-limit "$limit"
  peer "$file" --tool elkai --runs 10
  if [[ "$name" == gr666 ]]; then
    timed_pair "$file" --time-limit 0.1
  fi
  if [[ "$name" == gr96 ]]; then
    timed_pair "$file" --time-limit "$limit" --open 1 50
    peer "$file" --tool elkai --runs 10 --open 1 50
  fi
done
"$PY" "$PEERS_DIR/summarize.py" "$out"
