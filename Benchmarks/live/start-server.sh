# Sourced by the live benchmarks: `start_server OPTIONS…` starts `racekit serve OPTIONS…` on a
# free loopback port (under the command in the array `serve_prefix`, if set: callgrind, say),
# waits for its listening line, and appends its pid to `servers`, its base URL to `bases` and
# its log to `logs`. Needs `racekit` and `work` set.
start_server() {
  local log="$work/serve-${#servers[@]}-$RANDOM.log" port=""
  ${serve_prefix[@]+"${serve_prefix[@]}"} "$racekit" serve "$@" --host 127.0.0.1 --port 0 2>"$log" &
  servers+=($!)
  # Up to two minutes: a server under callgrind takes a while to listen.
  for _ in $(seq 1 1200); do
    port="$(sed -n 's/.*port=\([0-9]*\).*/\1/p' "$log" | head -1)"
    [[ -n "$port" ]] && break
    kill -0 "${servers[-1]}" 2>/dev/null || break
    sleep 0.1
  done
  [[ -n "$port" ]] || { cat "$log" >&2; exit 1; }
  bases+=("http://127.0.0.1:$port")
  logs+=("$log")
}

# Builds Benchmarks/live/sse-probe.c into the file named (cc, or the clang of Swift's toolchain).
build_probe() {
  local compiler
  compiler="$(command -v cc || command -v clang)"
  "$compiler" -O2 -Wall -o "$1" Benchmarks/live/sse-probe.c
}

# Prints the start time of the race file named, in milliseconds since 1970: the race clock
# starts there, so the benchmarks' fixes are timed from it.
race_start_ms() {
  python3 -c 'import json, sys, datetime
t = json.load(open(sys.argv[1]))["startTime"]
print(int(datetime.datetime.fromisoformat(t.replace("Z", "+00:00")).timestamp() * 1000))' "$1"
}
