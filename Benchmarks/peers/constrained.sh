#!/usr/bin/env bash
# `racekit optimize --tsplib` on TSPLIB's asymmetric (ATSP) and sequential ordering (SOP) sets kept
# in Tests/RouteOptimizerTests/Fixtures/tsplib-constrained, TIME_LIMIT seconds each (default 1) on
# each thread count of THREADS (default "1"; e.g. THREADS="1 2": `--threads`, independent searches
# at once), against the lengths in each set's bestSolutions.txt (ATSP: proven optima; SOP: the
# optimum or the upper bound known in 2020). Ends with a count per tool: within 1 %, at the length,
# worst gap. With the peers' virtual environment (setup.sh), each ATSP is also solved by LKH (elkai,
# one run, no time limit), the peer for asymmetric tours; no packaged peer solves SOPs.
#   Benchmarks/peers/constrained.sh [atsp|sop ...]      default: atsp sop
set -euo pipefail
source "$(dirname "$0")/env.sh"
sets=("$@"); ((${#sets[@]})) || sets=(atsp sop)
limit="${TIME_LIMIT:-1}"
read -r -a thread_counts <<<"${THREADS:-1}"
racekit="$(racekit_binary)"
folder="$ROOT/Tests/RouteOptimizerTests/Fixtures/tsplib-constrained"
out="$(mktemp)"; trap 'rm -f "$out"' EXIT
for set in "${sets[@]}"; do
  [[ -d "$folder/$set" ]] || { echo "constrained.sh: no set $set (atsp, sop)" >&2; exit 1; }
  for file in "$folder/$set"/*."$set"; do
    for threads in "${thread_counts[@]}"; do
      "$racekit" optimize --tsplib "$file" --time-limit "$limit" --threads "$threads" --result-line | tee -a "$out"
    done
    if [[ "$set" == atsp && -x "$PY" ]]; then "$PY" "$PEERS_DIR/tsp_peers.py" "$file" --tool elkai --runs 1 | tee -a "$out"; fi
  done
done
python3 "$PEERS_DIR/summarize.py" "$out"
awk '/^RESULT / {
  delete v; for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
  t = v["tool"]; if (match($0, /threads=[0-9]+/)) t = t " (" substr($0, RSTART, RLENGTH) ")"
  tools[t] = 1; seconds[t] += v["seconds"]
  if (v["gap_pct"] == "NA") { unknown[t]++; next }
  n[t]++; if (v["gap_pct"] + 0 <= 1) within[t]++; if (v["gap_pct"] + 0 <= 0) reached[t]++
  if (!(t in worst) || v["gap_pct"] + 0 > worst[t] + 0) { worst[t] = v["gap_pct"]; name[t] = v["instance"] }
} END {
  for (t in tools)
    printf "\n%s: %d instances with a known length: %d within 1 %%, %d at or below it; worst %s %% (%s); %d without a known length; %.1f s in all\n",
      t, n[t], within[t] + 0, reached[t] + 0, worst[t], name[t], unknown[t] + 0, seconds[t]
}' "$out"
