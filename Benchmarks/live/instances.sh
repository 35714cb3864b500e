#!/usr/bin/env bash
# Several live-server instances on one PostgreSQL (issue 16), beside the embedded SQLite store,
# in one run on this machine, on loopback:
#   1. ingest: `racekit stream --protocol native --speed max` of synthesized tracks, batches of
#      BATCH fixes, against one SQLite instance, one PostgreSQL instance and INSTANCES PostgreSQL
#      instances (phones spread over them with --also): fixes/s acknowledged;
#   2. fix-to-viewer latency: VIEWERS Server-Sent Events viewers spread over the instances; one
#      fix at a time posted to the first instance, timed until the standings event carrying its
#      sequence number reaches each viewer, on the same instance and on the others
#      (LATENCY_SAMPLES fixes, 0.4 s apart: the 0.25 s spacing of standings events does not add);
#   3. PostgreSQL's own ceiling for the same rows: pgbench with a custom script inserting BATCH
#      log rows per transaction (CLIENTS clients, PGBENCH_SECONDS s), with the announcing trigger
#      and without it (what NOTIFY costs).
#   RACEKIT=.build/release/racekit  INSTANCES=3  STREAM_PARTICIPANTS=200  BATCH=50
#   LATENCY_SAMPLES=40  VIEWERS=1000  CLIENTS=8  PGBENCH_SECONDS=10
#   LATENCY_PROBE=c  (the viewers: c, Benchmarks/live/sse-probe.c on one epoll loop, built with
#   cc; python, an asyncio loop in the probe script, which adds its own tens of milliseconds)
# Starts a PostgreSQL cluster of its own (scripts/postgres-test-cluster.sh, which installs
# Debian's postgresql as root when it is missing) and stops it at the end. Needs curl and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
racekit="${RACEKIT:-.build/release/racekit}"
instances="${INSTANCES:-3}"
stream_participants="${STREAM_PARTICIPANTS:-200}"
batch="${BATCH:-50}"
latency_samples="${LATENCY_SAMPLES:-40}"
viewers="${VIEWERS:-1000}"
clients="${CLIENTS:-8}"
pgbench_seconds="${PGBENCH_SECONDS:-10}"
latency_probe="${LATENCY_PROBE:-c}"
route=Routes/zurich-old-town
[[ -x "$racekit" ]] || make -s build
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"  # a thousand viewers' sockets, on both ends

work="$(mktemp -d "${TMPDIR:-/tmp}/racekit-bench-instances.XXXXXX")"
export RACEKIT_PG_STATE="$work/pg"
servers=()
stop_servers() {
  for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  servers=()
}
cleanup() {
  stop_servers
  scripts/postgres-test-cluster.sh stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }

cluster="$(scripts/postgres-test-cluster.sh start)"
pg_bin="$(cat "$RACEKIT_PG_STATE/bin")"  # psql and pgbench are there too
psql_url() { sed "s#/racekit\$#/$1#" <<<"$cluster"; }
new_database() { "$pg_bin/psql" -q "$cluster" -c "CREATE DATABASE $1" >/dev/null; psql_url "$1"; }

bases=() logs=()
source Benchmarks/live/start-server.sh

"$racekit" synth "$route/race.json" --participants "$stream_participants" -o "$work/tracks" --seed 1 >/dev/null 2>&1
probe=""
if [[ "$latency_probe" == c ]]; then
  probe="$work/sse-probe"
  build_probe "$probe"
fi

# ingest LABEL: streams the tracks to every started instance; prints "fixes seconds collisions".
ingest() {
  local created race token also=()
  created="$(curl -sS --fail-with-body -X POST --data-binary @"$route/race.json" "${bases[0]}/races")"
  race="$(json '["raceID"]' <<<"$created")"
  token="$(json '["organiserToken"]' <<<"$created")"
  for b in "${bases[@]:1}"; do also+=(--also "$b"); done
  "$racekit" stream "${bases[0]}" "$race" "$work/tracks" "${also[@]}" --organiser-token "$token" --start \
    --protocol native --speed max --batch-size "$batch" --json >"$work/stream-$1.json" 2>/dev/null
  python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(s["acknowledged"], s["seconds"])' "$work/stream-$1.json"
}

# latency: VIEWERS SSE viewers spread over the instances; fixes posted to the first one at a time;
# prints the probe's JSON (per fix and viewer: the time from sending the fix to the event).
latency() {
  python3 - "$latency_samples" "$viewers" "$probe" "${bases[@]}" <<'PY'
import asyncio, datetime, json, sys, time, urllib.parse, urllib.request
samples, viewer_count, probe, bases = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4:]
def call(url, body, token=None, raw=None):
    data = raw if raw is not None else (b"" if body is None else json.dumps(body).encode())
    r = urllib.request.Request(url, data=data, method="POST")
    if token: r.add_header("Authorization", "Bearer " + token)
    return json.load(urllib.request.urlopen(r))
race_file = open("Routes/zurich-old-town/race.json", "rb").read()
created = call(bases[0] + "/races", None, raw=race_file)
race, token = created["raceID"], created["organiserToken"]
code = call(f"{bases[0]}/races/{race}/join-codes", {"maxUses": 1}, token)["code"]
joined = call(bases[0] + "/join", {"code": code, "name": "probe"})
urllib.request.urlopen(urllib.request.Request(
    f"{bases[0]}/races/{race}/start", data=b"", method="POST", headers={"Authorization": "Bearer " + token}))
start = json.load(open("Routes/zurich-old-town/race.json"))["startTime"]
t0 = datetime.datetime.fromisoformat(start.replace("Z", "+00:00")).timestamp()
# first[v][sequence]: when viewer v first saw an event at or past that sequence.
latest = [0] * viewer_count
arrivals = [dict() for _ in range(viewer_count)]

async def viewer(v):
    url = urllib.parse.urlparse(bases[v % len(bases)])
    reader, writer = await asyncio.open_connection(url.hostname, url.port)
    writer.write((f"GET /races/{race}/events HTTP/1.1\r\nHost: {url.netloc}\r\n"
                  f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode())
    await writer.drain()
    while True:
        line = await reader.readline()
        if not line: return
        if line.startswith(b"id: "):
            k = int(line[4:])
            if k > latest[v]:
                latest[v] = k
                arrivals[v][k] = time.monotonic()

async def main():
    tasks = []
    for v in range(viewer_count):
        tasks.append(asyncio.create_task(viewer(v)))
        # One token for every viewer: paced under its rate limit (200 requests/s, 400 at once).
        if v % 100 == 99: await asyncio.sleep(0.5)
    await asyncio.sleep(2)
    connected = sum(1 for v in range(viewer_count) if latest[v] > 0)
    lat_same, lat_other = [], []
    loop = asyncio.get_running_loop()
    for n in range(samples):
        body = [{"time": t0 + 10 + n, "lat": 47.3778876, "lon": 8.5402755, "accuracy": 5}]
        sent = time.monotonic()
        answer = await loop.run_in_executor(
            None, lambda: call(f"{bases[0]}/races/{race}/fixes", body, joined["participantToken"]))
        sequence = answer["sequence"]
        deadline = sent + 5
        while time.monotonic() < deadline and min(latest) < sequence:
            await asyncio.sleep(0.0005)
        for v in range(viewer_count):
            arrived = min((t for k, t in arrivals[v].items() if k >= sequence), default=None)
            if arrived is not None:
                (lat_same if v % len(bases) == 0 else lat_other).append((arrived - sent) * 1000)
        await asyncio.sleep(0.4)
    for t in tasks: t.cancel()
    return connected, lat_same, lat_other

# The compiled probe holds the viewers instead of this process's event loop.
def main_probe():
    sys.dont_write_bytecode = True  # no __pycache__ in the repository
    sys.path.insert(0, "Benchmarks/live")
    from timed_fixes import first_arrival, timed_fixes
    connected, sent_at, seen = timed_fixes(
        probe, bases, race, token, joined["participantToken"], t0, viewer_count, samples)
    lat_same, lat_other = [], []
    for sent, sequence, _ in sent_at:
        for v in range(viewer_count):
            arrived = first_arrival(seen, v, sequence)
            if arrived is not None:
                (lat_same if v % len(bases) == 0 else lat_other).append((arrived - sent) * 1000)
    return connected, lat_same, lat_other

connected, same, other = main_probe() if probe else asyncio.run(main())
def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")
print(json.dumps({"viewers": connected,
                  "same": {"p50": pct(same, 50), "p99": pct(same, 99), "n": len(same)},
                  "other": {"p50": pct(other, 50), "p99": pct(other, 99), "n": len(other)}}))
PY
}

logs=()
start_server --data-dir "$work/sqlite"
read -r sqlite_fixes sqlite_seconds < <(ingest sqlite)
sqlite_latency="$(latency)"
stop_servers; bases=(); logs=()

db1="$(new_database bench_one)"
start_server --database "$db1"
read -r pg1_fixes pg1_seconds < <(ingest pg1)
pg1_latency="$(latency)"
stop_servers; bases=(); logs=()

dbn="$(new_database bench_many)"
for _ in $(seq 1 "$instances"); do start_server --database "$dbn"; done
read -r pgn_fixes pgn_seconds < <(ingest pgn)
pgn_latency="$(latency)"
stop_servers; bases=(); logs=()

# pgbench: BATCH log rows per transaction into a race of their own per client, as the server's appends.
dbb="$(new_database bench_pgbench)"
"$racekit" serve --database "$dbb" --host 127.0.0.1 --port 0 2>"$work/migrate.log" &
pid=$!
for _ in $(seq 1 300); do grep -q "listening" "$work/migrate.log" && break; sleep 0.1; done
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
"$pg_bin/psql" -q "$dbb" -c "INSERT INTO races (id, race_file, created_at) SELECT 'b' || g, '{}', 0 FROM generate_series(1, $clients) g" >/dev/null
python3 - "$batch" >"$work/insert.sql" <<'PY'
import sys
batch = int(sys.argv[1])
rows = ",\n".join(f"('b' || :client_id + 1, :seq0 + {k}, 0, 'fix', 'p', :seq0 + {k}, 47.37, 8.54, 5)" for k in range(batch))
print(f"\\set seq0 random(1, 1000000000000)\nINSERT INTO log_entries (race_id, seq, recorded_at, kind, participant, time, latitude, longitude, accuracy) VALUES\n{rows};")
PY
pgbench_rate() { "$pg_bin/pgbench" -n -f "$work/insert.sql" -c "$clients" -j 2 -T "$pgbench_seconds" "$dbb" 2>/dev/null | sed -n 's/^tps = \([0-9.]*\).*/\1/p'; }
with_trigger="$(pgbench_rate)"
"$pg_bin/psql" -q "$dbb" -c "ALTER TABLE log_entries DISABLE TRIGGER log_entries_announce" >/dev/null
without_trigger="$(pgbench_rate)"

python3 - "$instances" "$batch" "$stream_participants" "$clients" "$latency_probe" \
  "$sqlite_fixes" "$sqlite_seconds" "$pg1_fixes" "$pg1_seconds" "$pgn_fixes" "$pgn_seconds" \
  "$sqlite_latency" "$pg1_latency" "$pgn_latency" "$with_trigger" "$without_trigger" <<'PY'
import json, sys
n, batch, participants, clients = (int(x) for x in sys.argv[1:5])
probe = sys.argv[5]
sf, ss, pf, ps, nf, ns = (float(x) for x in sys.argv[6:12])
sl, pl, nl = (json.loads(x) for x in sys.argv[12:15])
wt, wo = float(sys.argv[15]), float(sys.argv[16])
print("| setup | native ingest (fixes/s) | SSE viewers | fix → viewer, same instance p50 / p99 | fix → viewer, other instances p50 / p99 |")
print("|---|---:|---:|---:|---:|")
def row(name, fixes, seconds, lat):
    other = f"{lat['other']['p50']:.1f} / {lat['other']['p99']:.1f} ms ({lat['other']['n']:,})" if lat["other"]["n"] else "–"
    print(f"| {name} | {fixes / seconds:,.0f} | {lat['viewers']} | {lat['same']['p50']:.1f} / {lat['same']['p99']:.1f} ms ({lat['same']['n']:,}) | {other} |")
row("1 instance, SQLite", sf, ss, sl)
row("1 instance, PostgreSQL", pf, ps, pl)
row(f"{n} instances, PostgreSQL", nf, ns, nl)
print()
print(f"({participants} phones, batches of {batch}; latency: events seen by the viewers in brackets, probe {probe}; pgbench: {clients} clients, {batch} rows per transaction)")
print()
print("| PostgreSQL alone (pgbench) | transactions/s | rows/s |")
print("|---|---:|---:|")
print(f"| INSERT of {batch} log rows, announcing trigger on | {wt:,.0f} | {wt * batch:,.0f} |")
print(f"| the same, trigger off (no NOTIFY) | {wo:,.0f} | {wo * batch:,.0f} |")
print(f"| NOTIFY's cost | {(1 - wt / wo) * 100:.0f} % of the rate |")
PY
