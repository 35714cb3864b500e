#!/usr/bin/env bash
# The live server's throughput on this machine (issue 15's speed targets), on loopback:
#   1. OsmAnd single-fix requests (wrk, OsmAnd GET /osmand over PARTICIPANTS device keys):
#      requests/s, latency p50/p99, and the fixes the log holds afterwards;
#   2. the same wrk settings against GET /health, which does nothing: the HTTP stack's ceiling
#      (Hummingbird and RaceKit's middleware) on this machine in the same run; and against the
#      same route of a bare Hummingbird server (Benchmarks/Benchmarks/HelloServer, built here
#      on first use), Hummingbird's own ceiling;
#   3. native batches: `racekit stream --protocol native --speed max` of synthesized tracks
#      (`racekit synth`), fixes/s stored and acknowledged;
#   4. the server's resident memory: empty, after the joins, after the load.
# Fix-to-viewer latency with 1 000 SSE viewers, and several instances: Benchmarks/live/instances.sh.
#   RACEKIT=.build/release/racekit  PARTICIPANTS=500  DURATION=10s  CONNECTIONS=64  THREADS=2
#   STREAM_PARTICIPANTS=200  (tracks for the native batch run)
#   SERVE_OPTIONS=""  (more `racekit serve` options, e.g. "--log-level notice": no line per request)
# Needs wrk (Debian: apt-get install wrk; installed when run as root), curl and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
racekit="${RACEKIT:-.build/release/racekit}"
participants="${PARTICIPANTS:-500}"
duration="${DURATION:-10s}"
connections="${CONNECTIONS:-64}"
threads="${THREADS:-2}"
stream_participants="${STREAM_PARTICIPANTS:-200}"
route=Routes/zurich-old-town

if ! command -v wrk >/dev/null; then
  if [[ "$(id -u)" == 0 ]]; then apt-get install -y wrk >/dev/null; else
    echo "bench-live: wrk is missing: sudo apt-get install wrk" >&2; exit 1; fi
fi
[[ -x "$racekit" ]] || make -s build
hello=Benchmarks/.build/release/hello-server
if [[ ! -x "$hello" || Benchmarks/Benchmarks/HelloServer/HelloServer.swift -nt "$hello" ]]; then
  echo "bench-live: building the bare Hummingbird server (a few minutes the first time)" >&2
  swift build -c release --package-path Benchmarks --product hello-server --static-swift-stdlib >&2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/racekit-bench-live.XXXXXX")"
server=""
hello_server=""
cleanup() {
  if [[ -n "$server" ]] && kill -0 "$server" 2>/dev/null; then kill -TERM "$server"; wait "$server" 2>/dev/null || true; fi
  if [[ -n "$hello_server" ]] && kill -0 "$hello_server" 2>/dev/null; then kill -TERM "$hello_server"; wait "$hello_server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }
source Benchmarks/live/start-server.sh  # listening_port, rss_kib, race_start_ms

# shellcheck disable=SC2086  # SERVE_OPTIONS is a list of options
"$racekit" serve --data-dir "$work/data" --port 0 ${SERVE_OPTIONS:-} 2>"$work/serve.log" &
server=$!
base="http://127.0.0.1:$(listening_port "$server" "$work/serve.log")"
rss_empty="$(rss_kib "$server")"

created="$(curl -sS --fail-with-body -X POST --data-binary @"$route/race.json" "$base/races")"
race="$(json '["raceID"]' <<<"$created")"
token="$(json '["organiserToken"]' <<<"$created")"
code="$(curl -sS --fail-with-body -X POST -H "Authorization: Bearer $token" \
  --data "{\"maxUses\": $participants}" "$base/races/$race/join-codes" | json '["code"]')"
python3 - "$base" "$code" "$participants" "$work/devices.txt" <<'PY'
import json, sys, urllib.request
base, code, count, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
with open(out, "w") as f:
    for i in range(count):
        body = json.dumps({"code": code, "name": f"runner {i:05d}"}).encode()
        request = urllib.request.Request(base + "/join", data=body, method="POST")
        f.write(json.load(urllib.request.urlopen(request))["deviceKey"] + "\n")
PY
curl -sS --fail-with-body -X POST -H "Authorization: Bearer $token" "$base/races/$race/start" >/dev/null
rss_joined="$(rss_kib "$server")"
sequence() { curl -sS -H "Authorization: Bearer $token" "$base/races/$race" | json '["sequence"]'; }
before="$(sequence)"

# The race clock starts at the file's startTime: fixes from there on, one millisecond apart.
start_ms="$(race_start_ms "$route/race.json")"
DEVICES="$work/devices.txt" START_MS="$start_ms" THREADS="$threads" \
  wrk -t"$threads" -c"$connections" -d"$duration" --latency -s Benchmarks/live/osmand.lua "$base" >"$work/osmand.txt"
after="$(sequence)"
rss_loaded="$(rss_kib "$server")"
wrk -t"$threads" -c"$connections" -d"$duration" --latency "$base/health" >"$work/health.txt"

"$hello" 0 2>"$work/hello.log" &
hello_server=$!
hello_port="$(listening_port "$hello_server" "$work/hello.log")"
wrk -t"$threads" -c"$connections" -d"$duration" --latency "http://127.0.0.1:$hello_port/health" >"$work/hello.txt"
kill -TERM "$hello_server"; wait "$hello_server" 2>/dev/null || true
hello_server=""

"$racekit" synth "$route/race.json" --participants "$stream_participants" -o "$work/tracks" --seed 1 >/dev/null 2>&1
created2="$(curl -sS --fail-with-body -X POST --data-binary @"$route/race.json" "$base/races")"
"$racekit" stream "$base" "$(json '["raceID"]' <<<"$created2")" "$work/tracks" \
  --organiser-token "$(json '["organiserToken"]' <<<"$created2")" --start --protocol native --speed max \
  --batch-size 500 --json >"$work/stream.json" 2>/dev/null

python3 - "$work" "$before" "$after" "$participants" "$rss_empty" "$rss_joined" "$rss_loaded" <<'PY'
import json, re, sys
work, before, after, participants = sys.argv[1], int(float(sys.argv[2])), int(float(sys.argv[3])), int(sys.argv[4])
rss_empty, rss_joined, rss_loaded = (int(x) for x in sys.argv[5:8])
def wrk(name):
    text = open(f"{work}/{name}.txt").read()
    rate = float(re.search(r"Requests/sec:\s*([\d.]+)", text).group(1))
    seconds = float(re.search(r"requests in ([\d.]+)(m?s)", text).group(1)) * (1 if "requests in" in text and re.search(r"requests in [\d.]+s", text) else 0.001)
    def pct(p):
        m = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)", text)
        value, unit = float(m.group(1)), m.group(2)
        return value * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return rate, pct(50), pct(99), int(errors.group(1)) if errors else 0, seconds
o_rate, o_p50, o_p99, o_err, o_seconds = wrk("osmand")
h_rate, h_p50, h_p99, h_err, _ = wrk("health")
b_rate, b_p50, b_p99, b_err, _ = wrk("hello")
stream = json.load(open(f"{work}/stream.json"))
stored = after - before
print("| measure | value |")
print("|---|---:|")
print(f"| OsmAnd single-fix requests/s ({participants} devices) | {o_rate:,.0f} (p50 {o_p50:.2f} ms, p99 {o_p99:.2f} ms, non-2xx {o_err}) |")
print(f"| fixes stored by those requests (log sequence {before} → {after}) | {stored:,} = {stored / o_seconds:,.0f}/s |")
print(f"| GET /health requests/s, same settings (the HTTP ceiling) | {h_rate:,.0f} (p50 {h_p50:.2f} ms, p99 {h_p99:.2f} ms) |")
print(f"| GET /health of a bare Hummingbird server, same settings | {b_rate:,.0f} (p50 {b_p50:.2f} ms, p99 {b_p99:.2f} ms) |")
print(f"| OsmAnd / health | {o_rate / h_rate:.2f} |")
print(f"| OsmAnd / bare Hummingbird; health / bare Hummingbird | {o_rate / b_rate:.2f}; {h_rate / b_rate:.2f} |")
print(f"| native batches of 500 (racekit stream, {stream['participants']} participants) | {stream['acknowledged']:,} fixes in {stream['seconds']:.2f} s = {stream['acknowledged'] / stream['seconds']:,.0f} fixes/s |")
print(f"| server memory: empty / after {participants} joins / after the load | {rss_empty / 1024:.1f} / {rss_joined / 1024:.1f} / {rss_loaded / 1024:.1f} MiB |")
print(f"| memory per joined participant | {(rss_joined - rss_empty) / participants:.1f} KiB |")
PY
