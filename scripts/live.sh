#!/usr/bin/env bash
# make live: the live server end to end on this machine. Starts `racekit serve` on a temporary
# data folder and a free loopback port, creates the sample race, streams its tracks with
# `racekit stream` as fast as the server answers (native batches), ends the race, prints the
# final standings, and checks that they are the offline replay's: `racekit simulate` on the same
# race and tracks with the same game inputs (none: the stream sends fixes only). The server is
# stopped however the script ends (trap).
#   RACEKIT=path/to/racekit (default .build/release/racekit)  ROUTE=Routes/<sample> (default zurich-old-town)
set -euo pipefail
cd "$(dirname "$0")/.."
racekit="${RACEKIT:-.build/release/racekit}"
route="${ROUTE:-Routes/zurich-old-town}"
work="$(mktemp -d "${TMPDIR:-/tmp}/racekit-live.XXXXXX")"
server=""
cleanup() {
  if [[ -n "$server" ]] && kill -0 "$server" 2>/dev/null; then
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }

"$racekit" serve --data-dir "$work/data" --host 127.0.0.1 --port 0 2>"$work/serve.log" &
server=$!
port=""
for _ in $(seq 1 300); do
  port="$(sed -n 's/.*racekit serve listening.* port=\([0-9]*\).*/\1/p; s/.*port=\([0-9]*\).*racekit serve listening.*/\1/p' "$work/serve.log" | head -1)"
  [[ -n "$port" ]] && break
  kill -0 "$server" 2>/dev/null || { cat "$work/serve.log" >&2; echo "live: racekit serve did not start" >&2; exit 1; }
  sleep 0.1
done
[[ -n "$port" ]] || { echo "live: racekit serve logged no port" >&2; exit 1; }
base="http://127.0.0.1:$port"
echo "live: racekit serve on $base (data in $work/data)" >&2

created="$(curl -sS --fail-with-body -X POST --data-binary @"$route/race.json" "$base/races")"
race="$(json '["raceID"]' <<<"$created")"
token="$(json '["organiserToken"]' <<<"$created")"
echo "live: race $race created from $route/race.json" >&2

"$racekit" stream "$base" "$race" "$route/tracks" --organiser-token "$token" --start \
  --protocol native --speed max --json >"$work/stream.json"
python3 - "$work/stream.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
print(f"live: streamed {s['fixes']} fixes of {s['participants']} participants in {s['seconds']:.2f} s: "
      f"{s['acknowledged']} acknowledged, {s['refused']} refused, {s['retried']} retried", file=sys.stderr)
sys.exit(0 if s["acknowledged"] == s["fixes"] and s["failed"] == 0 else 1)
PY

curl -sS --fail-with-body -X POST -H "Authorization: Bearer $token" "$base/races/$race/end" >/dev/null
curl -sS --fail-with-body -H "Authorization: Bearer $token" "$base/races/$race/standings" >"$work/standings.json"

# The offline replays: the same fixes with the same game inputs (none), which the live report
# must equal whole; and `make run`'s (simulate's seeded answer model), whose course standings,
# visits and legs it must equal; only the game's verdict differs (no answers were streamed).
: >"$work/no-responses.jsonl"
"$racekit" simulate "$route/race.json" "$route/tracks" --responses "$work/no-responses.jsonl" --format json \
  >"$work/offline.json"
"$racekit" simulate "$route/race.json" "$route/tracks" --format json >"$work/make-run.json"

python3 - "$work/standings.json" "$work/offline.json" "$work/make-run.json" <<'PY'
import json, sys
live = json.load(open(sys.argv[1]))["report"]
offline = json.load(open(sys.argv[2]))
make_run = json.load(open(sys.argv[3]))
def clock(seconds):
    s = int(round(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
print(f"{live['race']}: final standings on the live server")
print(f"{'#':>2}  {'name':<10}{'status':<14}{'time':>8}  stops")
for row in live["standings"]:
    rank = row.get("rank") or "-"
    time = clock(row["runningTime"]) if row.get("runningTime") is not None else "-"
    print(f"{rank:>2}  {row['name']:<10}{row['status']:<14}{time:>8}  {row['stopsReached']}/{row['stopsOnCourse']}")
failed = False
for key in sorted(set(live) | set(offline)):
    if live.get(key) != offline.get(key):
        print(f"live: the live report differs from racekit simulate's (same inputs) in \"{key}\"", file=sys.stderr)
        failed = True
for key in sorted((set(live) | set(make_run)) - {"game"}):
    if live.get(key) != make_run.get(key):
        print(f"live: the live report differs from make run's in \"{key}\"", file=sys.stderr)
        failed = True
if failed:
    sys.exit(1)
print("live: the final report equals racekit simulate's on the same tracks and inputs; the standings, visits "
      "and legs equal make run's (its game verdict plays simulate's seeded answers, which were not streamed)",
      file=sys.stderr)
PY
