#!/usr/bin/env bash
# `racekit optimize --tsplib` on TSPLIB's asymmetric (ATSP) and sequential ordering (SOP) sets kept
# in Tests/RouteOptimizerTests/Fixtures/tsplib-constrained, one core, TIME_LIMIT seconds each
# (default 1), against the lengths in each set's bestSolutions.txt (ATSP: proven optima; SOP: the
# optimum or the upper bound known in 2020). Ends with a count: within 1 %, at the length, worst gap.
#   Benchmarks/peers/constrained.sh [atsp|sop ...]      default: atsp sop
# Needs only racekit (no virtual environment).
set -euo pipefail
source "$(dirname "$0")/env.sh"
sets=("$@"); ((${#sets[@]})) || sets=(atsp sop)
limit="${TIME_LIMIT:-1}"
racekit="$(racekit_binary)"
folder="$ROOT/Tests/RouteOptimizerTests/Fixtures/tsplib-constrained"
out="$(mktemp)"; trap 'rm -f "$out"' EXIT
for set in "${sets[@]}"; do
  [[ -d "$folder/$set" ]] || { echo "constrained.sh: no set $set (atsp, sop)" >&2; exit 1; }
  for file in "$folder/$set"/*."$set"; do
    "$racekit" optimize --tsplib "$file" --time-limit "$limit" --result-line | tee -a "$out"
  done
done
python3 "$PEERS_DIR/summarize.py" "$out"
awk '{
  for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
  if (v["gap_pct"] == "NA") { unknown++; next }
  n++; if (v["gap_pct"] + 0 <= 1) within++; if (v["gap_pct"] + 0 <= 0) reached++
  if (worst == "" || v["gap_pct"] + 0 > worst + 0) { worst = v["gap_pct"]; name = v["instance"] }
} END {
  printf "\n%d instances with a known length: %d within 1 %%, %d at or below it; worst %s %% (%s); %d without a known length\n",
    n, within, reached, worst, name, unknown
}' "$out"
