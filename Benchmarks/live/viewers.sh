#!/usr/bin/env bash
# Issue 15's viewer scenario on one instance (embedded SQLite), on loopback: PHONES phones send a
# fix a second (`racekit stream --protocol osmand --speed 1` of synthesized tracks) while VIEWERS
# Server-Sent Events viewers watch the same race (Benchmarks/live/sse-probe.c, one epoll loop);
# after WARMUP seconds, SAMPLES fixes of one more participant, 0.4 s apart, are each timed from
# sending to the first leaderboard event at or past its sequence number reaching each viewer:
# read by the probe, and received by the kernel on the viewer's socket (the probe shares the
# two cores with the server and the phones, and its own waits for the CPU show in the first).
# Prints the latencies (and, apart, the time to the fix's acknowledgement), the size of the
# whole report (which events no longer carry), the server's and the machine's CPU during the
# timed fixes (a busy VM, or one the host steals from, shows in the tail first), the server's
# resident memory, and its memory per open event stream (VIEWERS streams held open on the
# started race before the phones join, against the server without them).
#   RACEKIT=.build/release/racekit  PHONES=1000  VIEWERS=1000  SAMPLES=20  WARMUP=20
#   EVENT_SPACING=seconds (racekit serve --event-spacing; its default otherwise)
#   SPREAD=1 (racekit stream --spread: phones up to 1 s out of step, as real phones are;
#   0 sends all 1 000 fixes of a second at once, the worst case)
#   PER_FIX=1 (a line per timed fix: its acknowledgement, first, median and last viewer, to
#   tell a slow moment on the way in from a slow fan-out)
# Needs curl, python3 and a C compiler (cc, or the clang of Swift's toolchain).
set -euo pipefail
cd "$(dirname "$0")/../.."
racekit="${RACEKIT:-.build/release/racekit}"
phones="${PHONES:-1000}"
viewers="${VIEWERS:-1000}"
samples="${SAMPLES:-20}"
warmup="${WARMUP:-20}"
spread="${SPREAD:-1}"
route=Routes/zurich-old-town
[[ -x "$racekit" ]] || make -s build
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

work="$(mktemp -d "${TMPDIR:-/tmp}/racekit-bench-viewers.XXXXXX")"
servers=() bases=() logs=() streamer=""
cleanup() {
  for pid in $streamer "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in $streamer "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }
source Benchmarks/live/start-server.sh

build_probe "$work/sse-probe"
"$racekit" synth "$route/race.json" --participants "$phones" -o "$work/tracks" --seed 1 >/dev/null 2>&1
start_server --data-dir "$work/data" --log-level notice ${EVENT_SPACING:+--event-spacing "$EVENT_SPACING"}
base="${bases[0]}" server="${servers[0]}"
created="$(curl -sS --fail-with-body -X POST --data-binary @"$route/race.json" "$base/races")"
race="$(json '["raceID"]' <<<"$created")"
token="$(json '["organiserToken"]' <<<"$created")"

# Started, so that each stream has its first event (the start) to show it is open.
curl -sS --fail-with-body -X POST -H "Authorization: Bearer $token" "$base/races/$race/start" >/dev/null
rss_alone="$(rss_kib "$server")"
mkfifo "$work/held.in" "$work/held.out"
"$work/sse-probe" 127.0.0.1 "${base##*:}" "/races/$race/events" "$token" "$viewers" \
  <"$work/held.in" >"$work/held.out" &
held_pid=$!
exec {held_in}>"$work/held.in" {held_out}<"$work/held.out"
read -r _ held <&"$held_out"
rss_held="$(rss_kib "$server")"
exec {held_in}>&-
cat <&"$held_out" >/dev/null
exec {held_out}<&-
wait "$held_pid" || true
((held > 0)) || { echo "bench-viewers: no event stream opened" >&2; exit 1; }

"$racekit" stream "$base" "$race" "$work/tracks" --organiser-token "$token" --start --protocol osmand \
  --speed 1 --spread "$spread" >/dev/null 2>"$work/stream.log" &
streamer=$!
sleep "$warmup"

# The machine's share during the timed fixes: a busy or stolen-from VM shows in the tail first.
read -r _ user nice system idle iowait irq softirq steal _ </proc/stat
machine_before=("$((user + nice + system + irq + softirq))" "$((idle + iowait))" "$steal")
server_before="$(awk '{print $14 + $15}' "/proc/$server/stat")"
python3 - "$base" "$race" "$token" "$work/sse-probe" "$viewers" "$samples" "$route/race.json" <<'PY'
import datetime, json, os, sys, urllib.request
sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, "Benchmarks/live")
from timed_fixes import call, first_arrival, timed_fixes
base, race, token, probe, race_file = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[7]
viewers, samples = int(sys.argv[5]), int(sys.argv[6])
code = call(f"{base}/races/{race}/join-codes", {"maxUses": 1}, token)["code"]
joined = call(base + "/join", {"code": code, "name": "probe"})
start = json.load(open(race_file))["startTime"]
t0 = datetime.datetime.fromisoformat(start.replace("Z", "+00:00")).timestamp()
connected, sent_at, seen = timed_fixes(probe, [base], race, token, joined["participantToken"], t0, viewers, samples)
latencies, received, missed, firsts, spreads = [], [], 0, [], []
acks = sorted((acked - sent) * 1000 for sent, _, acked in sent_at)
for sent, sequence, acked in sent_at:
    arrivals = []
    for v in range(viewers):
        arrived = first_arrival(seen, v, sequence)
        if arrived is None: missed += 1
        else: arrivals.append(arrived)
    latencies += [(arrived - sent) * 1000 for arrived in arrivals]
    for v in range(viewers):
        got = first_arrival(seen.received, v, sequence)
        if got is not None: received.append((got - sent) * 1000)
    if arrivals:
        if os.environ.get("PER_FIX") == "1":
            ordered = sorted(arrivals)
            print(f"fix {sequence}: acknowledged {(acked - sent) * 1000:.1f} ms; viewers first "
                  f"{(ordered[0] - sent) * 1000:.1f}, median {(ordered[len(ordered) // 2] - sent) * 1000:.1f}, "
                  f"last {(ordered[-1] - sent) * 1000:.1f} ms")
        firsts.append((min(arrivals) - sent) * 1000)
        spreads.append((max(arrivals) - min(arrivals)) * 1000)
firsts.sort(); spreads.sort()
latencies.sort(); received.sort()
def pct(p, values=latencies):
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")
request = urllib.request.Request(f"{base}/races/{race}/standings", headers={"Authorization": "Bearer " + token})
size = len(urllib.request.urlopen(request).read())
print(f"viewers connected: {connected}; events timed: {len(latencies)}, never seen: {missed}")
print(f"fix -> acknowledged: p50 {acks[len(acks) // 2]:.1f} ms, max {acks[-1]:.1f} ms")
print(f"fix -> viewer: p50 {pct(50):.1f} ms, p99 {pct(99):.1f} ms, max {latencies[-1] if latencies else float('nan'):.1f} ms")
print(f"fix -> viewer's socket (kernel receive time): p50 {pct(50, received):.1f} ms, p99 {pct(99, received):.1f} ms, "
      f"max {received[-1] if received else float('nan'):.1f} ms")
if spreads:
    print(f"fix -> first viewer: p50 {firsts[len(firsts) // 2]:.1f} ms; first -> last viewer: p50 {spreads[len(spreads) // 2]:.1f} ms, max {spreads[-1]:.1f} ms")
print(f"the whole report (GET /races/ID/standings): {size:,} bytes")
PY
read -r _ user nice system idle iowait irq softirq steal _ </proc/stat
server_after="$(awk '{print $14 + $15}' "/proc/$server/stat")"
busy=$((user + nice + system + irq + softirq - machine_before[0]))
waiting=$((idle + iowait - machine_before[1])) stolen=$((steal - machine_before[2]))
total=$((busy + waiting + stolen)) cores="$(nproc)"
((total > 0)) || total=1
echo "during the timed fixes: server $(((server_after - server_before) * 100 * cores / total)) % of one core;" \
  "the machine's $cores cores $((busy * 100 / total)) % busy, $((stolen * 100 / total)) % stolen by the host"
echo "server resident memory: $(rss_kib "$server") KiB"
echo "memory per open event stream: $(((rss_held - rss_alone) / held)) KiB" \
  "($held streams on the started race: $rss_alone -> $rss_held KiB resident)"
echo "phones: $(tail -c 300 "$work/stream.log" | tr '\r' '\n' | grep acknowledged | tail -1)"
