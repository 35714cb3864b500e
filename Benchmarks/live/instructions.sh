#!/usr/bin/env bash
# The live server's instructions per stored fix of native batches, counted by callgrind: unlike
# time on a shared machine, the count does not move with the neighbours' load, so one run
# compares two builds.
#   1. strips a copy of racekit (valgrind 3.19 cannot read Swift's DWARF 5 debug information);
#   2. for SMALL and then LARGE participants: starts `racekit serve` under callgrind, creates the
#      sample race, streams that many synthesized tracks as native batches of 500, stops it;
#   3. prints (instructions LARGE − SMALL) / (fixes LARGE − SMALL): what one more fix costs, the
#      server's start-up and the race's creation cancelled out.
#   RACEKIT=.build/release/racekit  SMALL=10  LARGE=30
# Needs valgrind (Debian: apt-get install valgrind; installed when run as root), curl and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
racekit="${RACEKIT:-.build/release/racekit}"
small="${SMALL:-10}"
large="${LARGE:-30}"
route=Routes/zurich-old-town

if ! command -v valgrind >/dev/null; then
  if [[ "$(id -u)" == 0 ]]; then apt-get install -y valgrind >/dev/null; else
    echo "bench-instructions: valgrind is missing: sudo apt-get install valgrind" >&2; exit 1; fi
fi
[[ -x "$racekit" ]] || swift build -c release --product racekit

work="$(mktemp -d "${TMPDIR:-/tmp}/racekit-bench-instructions.XXXXXX")"
server=""
cleanup() {
  if [[ -n "$server" ]] && kill -0 "$server" 2>/dev/null; then kill -TERM "$server"; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
strip --strip-debug -o "$work/racekit" "$racekit"
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }

# Prints "instructions fixes" of one server run streaming $1 participants' tracks.
count() {
  local tracks="$work/tracks-$1" log="$work/serve-$1.log" out="$work/callgrind-$1.out" port=""
  "$racekit" synth "$route/race.json" --participants "$1" -o "$tracks" --seed 1 >/dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file="$out" "$work/racekit" serve --data-dir "$work/data-$1" \
    --host 127.0.0.1 --port 0 --log-level notice 2>"$log" &
  server=$!
  for _ in $(seq 1 600); do
    port="$(sed -n 's/.*port=\([0-9]*\).*/\1/p' "$log" | head -1)"
    [[ -n "$port" ]] && break
    kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.2
  done
  [[ -n "$port" ]] || { cat "$log" >&2; exit 1; }
  local base="http://127.0.0.1:$port" created
  created="$(curl -sS --fail-with-body -X POST --data-binary @"$route/race.json" "$base/races")"
  "$racekit" stream "$base" "$(json '["raceID"]' <<<"$created")" "$tracks" \
    --organiser-token "$(json '["organiserToken"]' <<<"$created")" --start --protocol native --speed max \
    --batch-size 500 --json >"$work/stream-$1.json" 2>/dev/null
  kill -TERM "$server"
  wait "$server" || true
  server=""
  echo "$(sed -n 's/^totals: //p' "$out") $(json '["acknowledged"]' <"$work/stream-$1.json")"
}

read -r small_instructions small_fixes < <(count "$small")
read -r large_instructions large_fixes < <(count "$large")
python3 - "$small" "$small_instructions" "$small_fixes" "$large" "$large_instructions" "$large_fixes" <<'PY'
import sys
small, si, sf, large, li, lf = (int(x) for x in sys.argv[1:])
print("| run | fixes | server instructions |")
print("|---|---:|---:|")
print(f"| {small} participants | {sf:,} | {si:,} |")
print(f"| {large} participants | {lf:,} | {li:,} |")
print(f"| one more fix | | {(li - si) / (lf - sf):,.0f} |")
PY
