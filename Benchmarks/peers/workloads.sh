#!/usr/bin/env bash
# Makes the peer workloads that are missing under $PEERS_HOME/data (deterministic: seeded):
#   fence-small-city, fence-small-global, fence-medium-city,   racekit fence-check --generate ... --save,
#   fence-medium-urban                                        then fence_peers.py --tool exact writes expected.txt
#   big.gpx                                                   gpx_workload.py (~100 MB)
#   bash Benchmarks/peers/workloads.sh
set -euo pipefail
source "$(dirname "$0")/env.sh"
require_setup
racekit="$(racekit_binary)"
for set in small-city small-global medium-city medium-urban; do
  dir="$DATA/fence-$set"
  [[ -s "$dir/expected.txt" ]] && continue
  size="${set%%-*}"; layout="${set#*-}"
  echo "workloads: $dir" >&2
  "$racekit" fence-check --generate "$layout" --size "$size" --seed 1 --save "$dir" > /dev/null
  "$PY" "$PEERS_DIR/fence_peers.py" "$dir" --tool exact > /dev/null
done
if [[ ! -s "$DATA/big.gpx" ]]; then
  "$PY" "$PEERS_DIR/gpx_workload.py" "$DATA/big.gpx" --megabytes 100 --seed 1
fi
echo "workloads: ok ($DATA)" >&2
