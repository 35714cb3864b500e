#!/usr/bin/env bash
# The full report on a large race, on loopback: PHONES synthesized tracks (a fix a second, about
# 1 150 fixes each at 1 000) are loaded with native batches (`racekit stream --speed max`), then
# GET /races/ID/standings is asked ROUNDS times while one more phone sends a fix every 10 ms.
# Prints each request's time and size, and how many fixes were acknowledged meanwhile and the
# slowest of them: the report is derived off the race's runner, so they should stay fast.
#   RACEKIT=.build/release/racekit  PHONES=1000  ROUNDS=3
# Needs curl and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
racekit="${RACEKIT:-.build/release/racekit}"
phones="${PHONES:-1000}"
rounds="${ROUNDS:-3}"
route=Routes/zurich-old-town
[[ -x "$racekit" ]] || make -s build

work="$(mktemp -d "${TMPDIR:-/tmp}/racekit-bench-standings.XXXXXX")"
servers=() bases=() logs=()
cleanup() {
  for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }
source Benchmarks/live/start-server.sh

"$racekit" synth "$route/race.json" --participants "$phones" --sampling 1 --seed 3 -o "$work/tracks" >/dev/null 2>&1
start_server --data-dir "$work/data" --log-level notice
base="${bases[0]}"
created="$(curl -sS --fail-with-body -X POST --data-binary @"$route/race.json" "$base/races")"
race="$(json '["raceID"]' <<<"$created")"
token="$(json '["organiserToken"]' <<<"$created")"
"$racekit" stream "$base" "$race" "$work/tracks" --organiser-token "$token" --start --protocol native \
  --speed max --batch-size 500 --json >"$work/stream.json" 2>/dev/null
echo "loaded: $(json '["acknowledged"]' <"$work/stream.json") fixes of $phones phones"

python3 - "$base" "$race" "$token" "$route/race.json" "$rounds" <<'PY'
import datetime, json, sys, threading, time, urllib.request
base, race, token, race_file, rounds = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
def call(url, body=None, bearer=token):
    headers = {"Content-Type": "application/json"}
    if bearer: headers["Authorization"] = "Bearer " + bearer
    data = None if body is None else json.dumps(body).encode()
    return urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers)).read()
code = json.loads(call(f"{base}/races/{race}/join-codes", {"maxUses": 1}))["code"]
phone = json.loads(call(base + "/join", {"code": code, "name": "probe"}, bearer=None))["participantToken"]
start = json.load(open(race_file))["startTime"]
t0 = datetime.datetime.fromisoformat(start.replace("Z", "+00:00")).timestamp()
sent = 0
def fix():
    global sent
    began = time.monotonic()
    call(f"{base}/races/{race}/fixes", [{"time": t0 + 10 + sent, "lat": 47.3778876, "lon": 8.5402755, "accuracy": 5}],
         bearer=phone)
    sent += 1
    return (time.monotonic() - began) * 1000
print(f"a fix acknowledged on a quiet server: {min(fix() for _ in range(5)):.1f} ms")
for _ in range(rounds):
    fix()  # the log grew, so the report is derived again
    result = {}
    def ask():
        began = time.monotonic()
        result["size"] = len(call(f"{base}/races/{race}/standings"))
        result["ms"] = (time.monotonic() - began) * 1000
    asking = threading.Thread(target=ask)
    asking.start()
    time.sleep(0.02)
    acks = []
    while asking.is_alive():
        acks.append(fix())
        time.sleep(0.01)  # under the per-token request limit
    asking.join()
    slowest = f"{max(acks):.0f} ms" if acks else "none sent"
    print(f"GET /standings: {result['ms']:.0f} ms ({result['size']:,} bytes); "
          f"{len(acks)} fixes acknowledged meanwhile, the slowest in {slowest}")
PY
