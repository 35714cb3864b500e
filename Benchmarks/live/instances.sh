#!/usr/bin/env bash
# Several live-server instances on one PostgreSQL (issue 16), beside the embedded SQLite store,
# in one run on this machine, on loopback:
#   1. ingest: `racekit stream --protocol native --speed max` of synthesized tracks, batches of
#      BATCH fixes, against one SQLite instance, one PostgreSQL instance and INSTANCES PostgreSQL
#      instances (phones spread over them with --also): fixes/s acknowledged;
#   2. fix-to-viewer latency: one fix at a time posted to the first instance, timed until the
#      standings event carrying its sequence number reaches an SSE viewer on the same instance
#      and on another one (LATENCY_SAMPLES samples, 0.4 s apart: an idle race, so the 0.25 s
#      spacing of standings events does not add to it);
#   3. PostgreSQL's own ceiling for the same rows: pgbench with a custom script inserting BATCH
#      log rows per transaction (CLIENTS clients, PGBENCH_SECONDS s), with the announcing trigger
#      and without it (what NOTIFY costs).
#   RACEKIT=.build/release/racekit  INSTANCES=3  STREAM_PARTICIPANTS=200  BATCH=50
#   LATENCY_SAMPLES=40  CLIENTS=8  PGBENCH_SECONDS=10
# Starts a PostgreSQL cluster of its own (scripts/postgres-test-cluster.sh, which installs
# Debian's postgresql as root when it is missing) and stops it at the end. Needs curl and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
racekit="${RACEKIT:-.build/release/racekit}"
instances="${INSTANCES:-3}"
stream_participants="${STREAM_PARTICIPANTS:-200}"
batch="${BATCH:-50}"
latency_samples="${LATENCY_SAMPLES:-40}"
clients="${CLIENTS:-8}"
pgbench_seconds="${PGBENCH_SECONDS:-10}"
route=Routes/zurich-old-town
[[ -x "$racekit" ]] || swift build -c release --product racekit

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

# Starts `racekit serve` with the given storage options; prints its base URL.
bases=()
start_server() {
  local log="$work/serve-${#servers[@]}-$RANDOM.log" port=""
  "$racekit" serve "$@" --host 127.0.0.1 --port 0 2>"$log" &
  servers+=($!)
  for _ in $(seq 1 300); do
    port="$(sed -n 's/.*port=\([0-9]*\).*/\1/p' "$log" | head -1)"
    [[ -n "$port" ]] && break
    sleep 0.1
  done
  [[ -n "$port" ]] || { cat "$log" >&2; exit 1; }
  bases+=("http://127.0.0.1:$port")
  logs+=("$log")
}

"$racekit" synth "$route/race.json" --participants "$stream_participants" -o "$work/tracks" --seed 1 >/dev/null 2>&1

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

# latency: one viewer per instance; fixes posted to the first; prints the probe's JSON.
latency() {
  python3 - "$latency_samples" "${bases[@]}" <<'PY'
import json, sys, threading, time, urllib.request
samples, bases = int(sys.argv[1]), sys.argv[2:]
def call(url, body=None, token=None, method=None):
    r = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(), method=method)
    if token: r.add_header("Authorization", "Bearer " + token)
    return json.load(urllib.request.urlopen(r))
race_file = open("Routes/zurich-old-town/race.json", "rb").read()
created = json.load(urllib.request.urlopen(urllib.request.Request(bases[0] + "/races", data=race_file, method="POST")))
race, token = created["raceID"], created["organiserToken"]
code = call(f"{bases[0]}/races/{race}/join-codes", {"maxUses": 1}, token, "POST")["code"]
joined = call(bases[0] + "/join", {"code": code, "name": "probe"}, None, "POST")
urllib.request.urlopen(urllib.request.Request(
    f"{bases[0]}/races/{race}/start", data=b"", method="POST", headers={"Authorization": "Bearer " + token}))
seen = [dict() for _ in bases]
def viewer(i):
    r = urllib.request.Request(f"{bases[i]}/races/{race}/events", headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(r) as stream:
        for line in stream:
            if line.startswith(b"id: "):
                seen[i].setdefault(int(line[4:]), time.monotonic())
for i in range(len(bases)):
    threading.Thread(target=viewer, args=(i,), daemon=True).start()
time.sleep(1)
start = json.load(open("Routes/zurich-old-town/race.json"))["startTime"]
import datetime
t0 = datetime.datetime.fromisoformat(start.replace("Z", "+00:00")).timestamp()
lat = [[] for _ in bases]
for n in range(samples):
    body = [{"time": t0 + 10 + n, "lat": 47.3778876, "lon": 8.5402755, "accuracy": 5}]
    sent = time.monotonic()
    answer = call(f"{bases[0]}/races/{race}/fixes", body, joined["participantToken"], "POST")
    sequence = answer["sequence"]
    deadline = sent + 5
    while time.monotonic() < deadline and not all(any(k >= sequence for k in s) for s in seen):
        time.sleep(0.0005)
    for i, s in enumerate(seen):
        arrived = min((t for k, t in s.items() if k >= sequence), default=None)
        if arrived is not None: lat[i].append((arrived - sent) * 1000)
    time.sleep(0.4)
def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")
print(json.dumps({"same": {"p50": pct(lat[0], 50), "p99": pct(lat[0], 99), "n": len(lat[0])},
                  "other": {"p50": pct(sum(lat[1:], []), 50), "p99": pct(sum(lat[1:], []), 99), "n": len(sum(lat[1:], []))}}))
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

python3 - "$instances" "$batch" "$stream_participants" "$clients" \
  "$sqlite_fixes" "$sqlite_seconds" "$pg1_fixes" "$pg1_seconds" "$pgn_fixes" "$pgn_seconds" \
  "$sqlite_latency" "$pg1_latency" "$pgn_latency" "$with_trigger" "$without_trigger" <<'PY'
import json, sys
n, batch, participants, clients = (int(x) for x in sys.argv[1:5])
sf, ss, pf, ps, nf, ns = (float(x) for x in sys.argv[5:11])
sl, pl, nl = (json.loads(x) for x in sys.argv[11:14])
wt, wo = float(sys.argv[14]), float(sys.argv[15])
print("| setup | native ingest (fixes/s) | fix → viewer, same instance p50 / p99 | fix → viewer, other instance p50 / p99 |")
print("|---|---:|---:|---:|")
def row(name, fixes, seconds, lat):
    other = f"{lat['other']['p50']:.1f} / {lat['other']['p99']:.1f} ms" if lat["other"]["n"] else "–"
    print(f"| {name} | {fixes / seconds:,.0f} | {lat['same']['p50']:.1f} / {lat['same']['p99']:.1f} ms | {other} |")
row("1 instance, SQLite", sf, ss, sl)
row("1 instance, PostgreSQL", pf, ps, pl)
row(f"{n} instances, PostgreSQL", nf, ns, nl)
print()
print(f"({participants} phones, batches of {batch}; pgbench: {clients} clients, {batch} rows per transaction)")
print()
print("| PostgreSQL alone (pgbench) | transactions/s | rows/s |")
print("|---|---:|---:|")
print(f"| INSERT of {batch} log rows, announcing trigger on | {wt:,.0f} | {wt * batch:,.0f} |")
print(f"| the same, trigger off (no NOTIFY) | {wo:,.0f} | {wo * batch:,.0f} |")
print(f"| NOTIFY's cost | {(1 - wt / wo) * 100:.0f} % of the rate |")
PY
