#!/usr/bin/env bash
# Side by side in one run: racekit's streaming GPX reader against lxml (libxml2) and gpsbabel on
# the generated ~100 MB GPX file, all counting <trkpt> and summing lat and lon; racekit's peak
# memory (/usr/bin/time -v), the whole `inspect --json` process, and its GeoJSON reader on the same tracks.
#   Benchmarks/peers/gpx.sh [FILE.gpx]      default: $PEERS_HOME/data/big.gpx (made on first use)
# racekit's and lxml's seconds both include reading the file; gpsbabel is timed as a whole process.
set -euo pipefail
source "$(dirname "$0")/env.sh"
require_setup
racekit="$(racekit_binary)"
file="${1:-}"
if [[ -z "$file" ]]; then RACEKIT="$racekit" bash "$PEERS_DIR/workloads.sh"; file="$DATA/big.gpx"; fi
out="$(mktemp)"; tmp="$(mktemp -d)"; trap 'rm -f "$out"; rm -rf "$tmp"' EXIT
"$PY" "$PEERS_DIR/gpx_peers.py" "$file" --runs 3 | tee -a "$out"
if command -v gpsbabel >/dev/null; then
  /usr/bin/time -f %e -o "$tmp/babel.time" gpsbabel -t -i gpx -f "$file" -o unicsv -F "$tmp/babel.csv"
  seconds=$(cat "$tmp/babel.time"); points=$(($(wc -l < "$tmp/babel.csv") - 1)); bytes=$(stat -c %s "$file")
  echo "RESULT workload=gpx:$(basename "$file") tool=gpsbabel bytes=$bytes points=$points seconds=$seconds" \
       "MB_s=$(awk -v b="$bytes" -v s="$seconds" 'BEGIN{printf "%.2f", b / 1e6 / s}') params=timing=whole_process status=ok" | tee -a "$out"
else
  echo "gpx.sh: gpsbabel is not installed (setup.sh installs it as root); skipped" >&2
fi
# Best of three, then the peak memory of one more run.
for run in 1 2 3; do "$racekit" inspect "$file" --result-line; done \
  | awk '{for(i=1;i<=NF;i++) if ($i ~ /^seconds=/) {split($i,a,"="); if (best=="" || a[2]<best) {best=a[2]; line=$0}}} END{print line}' > "$tmp/best"
/usr/bin/time -v "$racekit" inspect "$file" --result-line > /dev/null 2> "$tmp/time"
peak_kb=$(awk -F: '/Maximum resident set size/{gsub(/ /,"",$2); print $2}' "$tmp/time")
echo "$(cat "$tmp/best") peak_rss_mb=$((peak_kb / 1024))" | tee -a "$out"
# The whole `inspect --json` as a user times it (parse, ellipsoidal lengths, report): best of three.
bytes=$(stat -c %s "$file"); best=""
for run in 1 2 3; do
  start=$EPOCHREALTIME
  "$racekit" inspect "$file" --json > /dev/null
  seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
  if [[ -z "$best" ]] || awk -v s="$seconds" -v b="$best" 'BEGIN { exit !(s < b) }'; then best=$seconds; fi
done
echo "RESULT workload=gpx:$(basename "$file") tool=racekit-inspect-json bytes=$bytes seconds=$best" \
     "MB_s=$(awk -v b="$bytes" -v s="$best" 'BEGIN{printf "%.2f", b / 1e6 / s}') params=timing=whole_process status=ok" | tee -a "$out"
# GeoJSON: the same tracks converted, then read (parse and validate, bytes in memory).
"$racekit" convert "$file" "$tmp/big.geojson" > /dev/null 2>&1
"$racekit" inspect "$tmp/big.geojson" --result-line | tee -a "$out"
"$PY" "$PEERS_DIR/summarize.py" "$out"
