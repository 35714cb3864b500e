#!/usr/bin/env bash
# Side by side in one run: `racekit fence-check` (1 and 2 threads) against the fastest peer users
# would pick (numpy grid hash join) and h3, on the peers' own fence sets and files.
#   Benchmarks/peers/fence.sh [SET ...]        default: small-city small-global medium-city
# Needs the peer harness: bash ../shared/peers/setup.sh; run_all.sh --only fence makes the sets.
# Prints the RESULT lines and the peers' summary table (summarize.py).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
peers="${PEERS_DIR:-$root/../shared/peers}"
[[ -f "$peers/env.sh" ]] || { echo "fence.sh: no peer harness at $peers (set PEERS_DIR)" >&2; exit 1; }
source "$peers/env.sh"
[[ -x "$PY" ]] || { echo "fence.sh: run bash $peers/setup.sh first" >&2; exit 1; }
sets=("$@"); ((${#sets[@]})) || sets=(small-city small-global medium-city)
(cd "$root" && make -s build >&2)
out="$(mktemp)"; trap 'rm -f "$out"' EXIT
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
for set in "${sets[@]}"; do
  dir="$DATA/fence-$set"
  [[ -s "$dir/positions.csv" ]] || { echo "fence.sh: $dir is missing: bash $peers/run_all.sh --only fence" >&2; exit 1; }
  for tool in numpy h3; do "$PY" "$peers/fence_peers.py" "$dir" --tool "$tool" | grep '^RESULT' | tee -a "$out"; done
  for threads in 1 2; do
    line=$("$root/.build/release/racekit" fence-check --stops "$dir/stops.csv" --positions "$dir/positions.csv" \
      --threads "$threads" --result-line)
    # The reference checksum decides `match`, as for the peers.
    expected=$(grep '^checksum=' "$dir/expected.txt" | cut -d= -f2)
    got=$(grep -o 'checksum=[0-9]*' <<<"$line" | cut -d= -f2)
    match=no; [[ "$got" == "$expected" ]] && match=yes
    echo "${line/tool=swift-racekit/tool=swift-racekit-t$threads} match=$match" | tee -a "$out"
  done
done
"$PY" "$peers/summarize.py" "$out"
