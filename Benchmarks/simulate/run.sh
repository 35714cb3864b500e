#!/usr/bin/env bash
# `racekit simulate` on a large field: wall time and peak memory per output format (issue 17's
# memory target: 1 000 participants × about 3 600 fixes under 100 MB).
#   1. `racekit synth` writes PARTICIPANTS tracks of the Zürich sample race, a fix every
#      SAMPLING seconds (0.25 s gives about 3 300 fixes per participant);
#   2. `racekit simulate` runs on them once per format; /usr/bin/time -v gives the peak.
# The table, JSON, CSV and IOF reports keep no fixes (each track is replayed and analysed as it
# is read); the HTML and GeoJSON maps draw every track, so they hold the fixes.
#   RACEKIT=.build/release/racekit  PARTICIPANTS=1000  SAMPLING=0.25  FORMATS="table json csv iof html"
# Needs /usr/bin/time (Debian: apt-get install time; installed when run as root).
set -euo pipefail
cd "$(dirname "$0")/../.."
racekit="${RACEKIT:-.build/release/racekit}"
participants="${PARTICIPANTS:-1000}"
sampling="${SAMPLING:-0.25}"
formats="${FORMATS:-table json csv iof html}"
race=Routes/zurich-old-town/race.json

if [[ ! -x /usr/bin/time ]]; then
  if [[ "$(id -u)" == 0 ]]; then apt-get install -y time >/dev/null; else
    echo "bench-simulate: /usr/bin/time is missing: sudo apt-get install time" >&2; exit 1; fi
fi
[[ -x "$racekit" ]] || make -s build

work="$(mktemp -d "${TMPDIR:-/tmp}/racekit-bench-simulate.XXXXXX")"
trap 'rm -rf "$work"' EXIT INT TERM

"$racekit" synth "$race" --participants "$participants" --sampling "$sampling" -o "$work/tracks" > /dev/null 2>&1
fixes=$(cat "$work"/tracks/*.gpx | grep -c '<trkpt')
megabytes=$(du -sm "$work/tracks" | cut -f1)
echo "field: $participants participants, $fixes fixes, $megabytes MB of GPX"
printf '%-8s %10s %14s\n' format "wall (s)" "peak (MB)"
for format in $formats; do
  /usr/bin/time -v "$racekit" simulate "$race" "$work/tracks" --format "$format" -o "$work/out.$format" \
    > /dev/null 2> "$work/time"
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/{n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$work/time")
  peak=$(awk -F: '/Maximum resident set size/{gsub(/ /,"",$2); printf "%.0f", $2/1024}' "$work/time")
  printf '%-8s %10s %14s\n' "$format" "$wall" "$peak"
done
