#!/usr/bin/env bash
# The live server's instructions per stored fix, counted by callgrind: unlike time on a shared
# machine, the count does not move with the neighbours' load, so one run compares two builds.
#   1. strips a copy of racekit (valgrind 3.19 cannot read Swift's DWARF 5 debug information);
#   2. native batches: for SMALL and then LARGE participants, starts `racekit serve` under
#      callgrind, creates the sample race, streams that many synthesized tracks as native batches
#      of 500, stops it; (instructions LARGE − SMALL) / (fixes LARGE − SMALL) is what one more fix
#      costs, the server's start-up and the race's creation cancelled out;
#   3. OsmAnd single-fix requests and GET /health (the HTTP stack's floor): one server under
#      callgrind, DEVICES joined; its counters are zeroed before and dumped after each of two wrk
#      runs of REQUEST_SECONDS (OsmAnd, then /health), divided by the fixes the log took and the
#      requests wrk counted.
#   RACEKIT=.build/release/racekit  SMALL=10  LARGE=30  DEVICES=50  REQUEST_SECONDS=15
# Needs valgrind and wrk (Debian: apt-get install valgrind wrk; installed when run as root),
# curl and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
racekit="${RACEKIT:-.build/release/racekit}"
small="${SMALL:-10}"
large="${LARGE:-30}"
devices="${DEVICES:-50}"
request_seconds="${REQUEST_SECONDS:-15}"
route=Routes/zurich-old-town

for tool in valgrind wrk; do
  command -v "$tool" >/dev/null && continue
  if [[ "$(id -u)" == 0 ]]; then apt-get install -y "$tool" >/dev/null; else
    echo "bench-instructions: $tool is missing: sudo apt-get install $tool" >&2; exit 1; fi
done
[[ -x "$racekit" ]] || make -s build

work="$(mktemp -d "${TMPDIR:-/tmp}/racekit-bench-instructions.XXXXXX")"
servers=() bases=() logs=()
cleanup() {
  for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
strip --strip-debug -o "$work/racekit" "$racekit"
racekit="$work/racekit"
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }
source Benchmarks/live/start-server.sh

# Starts `racekit serve` under callgrind, its profile in $1 and its data in $2; sets server and base.
start_profiled_server() {
  serve_prefix=(valgrind --tool=callgrind --callgrind-out-file="$1")
  start_server --data-dir "$2" --log-level notice
  server="${servers[-1]}" base="${bases[-1]}"
}

# Stops the server and waits for callgrind to write its profile.
stop_server() {
  kill -TERM "$server"
  wait "$server" || true
}

# Prints "instructions fixes" of one server run streaming $1 participants' tracks.
count() {
  local tracks="$work/tracks-$1" out="$work/callgrind-$1.out" created
  "$racekit" synth "$route/race.json" --participants "$1" -o "$tracks" --seed 1 >/dev/null 2>&1
  start_profiled_server "$out" "$work/data-$1"
  created="$(curl -sS --fail-with-body -X POST --data-binary @"$route/race.json" "$base/races")"
  "$racekit" stream "$base" "$(json '["raceID"]' <<<"$created")" "$tracks" \
    --organiser-token "$(json '["organiserToken"]' <<<"$created")" --start --protocol native --speed max \
    --batch-size 500 --json >"$work/stream-$1.json" 2>/dev/null
  stop_server
  echo "$(sed -n 's/^totals: //p' "$out") $(json '["acknowledged"]' <"$work/stream-$1.json")"
}

# Prints "osmand-instructions fixes health-instructions requests": one server, counters zeroed
# before and dumped after each wrk run.
count_requests() {
  local out="$work/callgrind-requests.out" created race token code
  start_profiled_server "$out" "$work/data-requests"
  created="$(curl -sS --fail-with-body -X POST --data-binary @"$route/race.json" "$base/races")"
  race="$(json '["raceID"]' <<<"$created")"
  token="$(json '["organiserToken"]' <<<"$created")"
  code="$(curl -sS --fail-with-body -X POST -H "Authorization: Bearer $token" \
    --data "{\"maxUses\": $devices}" "$base/races/$race/join-codes" | json '["code"]')"
  for i in $(seq 1 "$devices"); do
    curl -sS --fail-with-body -X POST --data "{\"code\": \"$code\", \"name\": \"runner $i\"}" "$base/join" |
      json '["deviceKey"]'
  done >"$work/devices.txt"
  curl -sS --fail-with-body -X POST -H "Authorization: Bearer $token" "$base/races/$race/start" >/dev/null
  sequence() { curl -sS -H "Authorization: Bearer $token" "$base/races/$race" | json '["sequence"]'; }
  local before after start_ms
  before="$(sequence)"
  start_ms="$(race_start_ms "$route/race.json")"
  callgrind_control --zero "$server" >/dev/null 2>&1
  DEVICES="$work/devices.txt" START_MS="$start_ms" THREADS=1 wrk -t1 -c16 -d"${request_seconds}s" --timeout 10s \
    -s Benchmarks/live/osmand.lua "$base" >"$work/osmand.txt"
  sleep 1  # requests wrk left in flight
  callgrind_control --dump=osmand "$server" >/dev/null 2>&1
  after="$(sequence)"
  callgrind_control --zero "$server" >/dev/null 2>&1
  wrk -t1 -c16 -d"${request_seconds}s" --timeout 10s "$base/health" >"$work/health.txt"
  sleep 1
  callgrind_control --dump=health "$server" >/dev/null 2>&1
  stop_server
  grep -q "Non-2xx" "$work/osmand.txt" "$work/health.txt" && { cat "$work/osmand.txt" "$work/health.txt" >&2; exit 1; }
  echo "$(sed -n 's/^summary: //p' "$out.1") $((after - before))" \
    "$(sed -n 's/^summary: //p' "$out.2") $(sed -n 's/^ *\([0-9]*\) requests in .*/\1/p' "$work/health.txt")"
}

read -r small_instructions small_fixes < <(count "$small")
read -r large_instructions large_fixes < <(count "$large")
read -r osmand_instructions osmand_fixes health_instructions health_requests < <(count_requests)
python3 - "$small" "$small_instructions" "$small_fixes" "$large" "$large_instructions" "$large_fixes" \
  "$osmand_instructions" "$osmand_fixes" "$health_instructions" "$health_requests" <<'PY'
import sys
small, si, sf, large, li, lf, oi, of, hi, hr = (int(x) for x in sys.argv[1:])
print("| run | fixes or requests | server instructions | per fix or request |")
print("|---|---:|---:|---:|")
print(f"| native batches, {small} participants | {sf:,} | {si:,} | |")
print(f"| native batches, {large} participants | {lf:,} | {li:,} | |")
print(f"| native batches: one more fix | | | {(li - si) / (lf - sf):,.0f} |")
print(f"| OsmAnd single-fix requests (fixes stored) | {of:,} | {oi:,} | {oi / of:,.0f} |")
print(f"| GET /health | {hr:,} | {hi:,} | {hi / hr:,.0f} |")
print(f"| OsmAnd / health | | | {(oi / of) / (hi / hr):.2f} |")
PY
