#!/usr/bin/env bash
# Side by side in one run: `racekit fence-check` (1 and 2 threads) against the peers a user would
# pick for this job: a numpy grid hash join and DuckDB's SQL grid join (1 and 2 threads), on the
# same generated files, each checked against the exact reference's hits and checksum. RaceKit runs
# as a user runs it (reading and querying at once) and with --phases (`-phases` in the tool name:
# the load and the query timed apart). Its lines also give wall_s, the whole process; the peers'
# load_s + build_s + query_s leave out their interpreter's start-up.
#   Benchmarks/peers/fence.sh [SET ...]        default: small-city small-global medium-city
# Needs: bash Benchmarks/peers/setup.sh; the sets are made on first use (workloads.sh).
set -euo pipefail
source "$(dirname "$0")/env.sh"
require_setup
sets=("$@"); ((${#sets[@]})) || sets=(small-city small-global medium-city)
racekit="$(racekit_binary)"
RACEKIT="$racekit" bash "$PEERS_DIR/workloads.sh"
out="$(mktemp)"; trap 'rm -f "$out"' EXIT
for set in "${sets[@]}"; do
  dir="$DATA/fence-$set"
  [[ -s "$dir/expected.txt" ]] || { echo "fence.sh: no set $dir (sets: small-city small-global medium-city medium-urban)" >&2; exit 1; }
  "$PY" "$PEERS_DIR/fence_peers.py" "$dir" --tool numpy | tee -a "$out"
  for threads in 1 2; do "$PY" "$PEERS_DIR/fence_peers.py" "$dir" --tool duckdb --threads "$threads" | tee -a "$out"; done
  expected=$(sed -n 's/^checksum=//p' "$dir/expected.txt")
  # One untimed run first: the first run after a build was slower in every line than the next.
  "$racekit" fence-check --stops "$dir/stops.csv" --positions "$dir/positions.csv" --threads 2 --result-line >/dev/null
  for threads in 1 2; do
    # The default reads and queries the positions together (query_s includes the reading); with
    # --phases it reads them all first, so load_s and query_s (and the throughput) are apart.
    for mode in "" --phases; do
      # The whole process as a user times it (start-up, load, index, query, exit): wall_s.
      start=$EPOCHREALTIME
      line=$("$racekit" fence-check --stops "$dir/stops.csv" --positions "$dir/positions.csv" --threads "$threads" $mode --result-line)
      wall=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
      got=$(grep -o 'checksum=[0-9]*' <<<"$line" | cut -d= -f2)
      match=no; [[ "$got" == "$expected" ]] && match=yes
      echo "${line/tool=swift-racekit/tool=swift-racekit-t$threads${mode:+-phases}} wall_s=$wall match=$match" | tee -a "$out"
    done
  done
done
"$PY" "$PEERS_DIR/summarize.py" "$out"
