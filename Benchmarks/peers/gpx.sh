#!/usr/bin/env bash
# Side by side in one run: racekit's streaming GPX reader against lxml (fastest Python peer) and
# gpsbabel on the peers' big GPX file (~100 MB of track points with time and elevation), all
# counting <trkpt> and summing lat/lon as ../shared/peers/README.md ("GPX") defines; plus
# racekit's peak memory (/usr/bin/time -v) and its GeoJSON reader on the same tracks.
#   Benchmarks/peers/gpx.sh [FILE.gpx]      default: $PEERS_HOME/data/big-quirks.gpx
# Needs the peer harness (bash ../shared/peers/setup.sh) and the big file
# ($PY ../shared/peers/make_big_gpx.py). Prints the RESULT lines and summarize.py's table.
# racekit's seconds include reading the file (streamed in 256 KiB chunks); lxml's exclude it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
peers="${PEERS_DIR:-$root/../shared/peers}"
[[ -f "$peers/env.sh" ]] || { echo "gpx.sh: no peer harness at $peers (set PEERS_DIR)" >&2; exit 1; }
source "$peers/env.sh"
[[ -x "$PY" ]] || { echo "gpx.sh: run bash $peers/setup.sh first" >&2; exit 1; }
file="${1:-$PEERS_HOME/data/big-quirks.gpx}"
[[ -s "$file" ]] || { echo "gpx.sh: $file is missing: $PY $peers/make_big_gpx.py" >&2; exit 1; }
# RACEKIT=path/to/racekit uses that build instead of `make build`'s.
if [[ -z "${RACEKIT:-}" ]]; then (cd "$root" && make -s build >&2); fi
racekit="${RACEKIT:-$root/.build/release/racekit}"
out="$(mktemp)"; tmp="$(mktemp -d)"; trap 'rm -f "$out"; rm -rf "$tmp"' EXIT
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
"$PY" "$peers/gpx_peers.py" "$file" --tool lxml | grep '^RESULT' | tee -a "$out"
bash "$peers/gpx_gpsbabel.sh" "$file" --repeat 1 | grep '^RESULT' | tee -a "$out"
# Best of three (the peers' scripts also report their best or single run).
for run in 1 2 3; do "$racekit" inspect "$file" --result-line; done \
  | awk '{for(i=1;i<=NF;i++) if ($i ~ /^seconds=/) {split($i,a,"="); if (best=="" || a[2]<best) {best=a[2]; line=$0}}} END{print line}' > "$tmp/best"
# Peak memory of one more streaming run.
/usr/bin/time -v "$racekit" inspect "$file" --result-line > /dev/null 2> "$tmp/time"
peak_kb=$(awk -F: '/Maximum resident set size/{gsub(/ /,"",$2); print $2}' "$tmp/time")
echo "$(cat "$tmp/best") peak_rss_mb=$((peak_kb / 1024))" | tee -a "$out"
# GeoJSON: the same tracks converted, then read (parse + validate, bytes in memory).
"$racekit" convert "$file" "$tmp/big.geojson" > /dev/null 2>&1
"$racekit" inspect "$tmp/big.geojson" --result-line | tee -a "$out"
"$PY" "$peers/summarize.py" "$out"
