# Sourced by the live benchmarks: `start_server OPTIONS…` starts `racekit serve OPTIONS…` on a
# free loopback port (under the command in the array `serve_prefix`, if set: callgrind, say),
# waits for its listening line (`listening_port`), and appends its pid to `servers`, its base
# URL to `bases` and its log to `logs`. Needs `racekit` and `work` set.
start_server() {
  local log="$work/serve-${#servers[@]}-$RANDOM.log" port
  ${serve_prefix[@]+"${serve_prefix[@]}"} "$racekit" serve "$@" --host 127.0.0.1 --port 0 2>"$log" &
  servers+=($!)
  # Up to two minutes: a server under callgrind takes a while to listen.
  port="$(listening_port "${servers[-1]}" "$log" 1200)"
  bases+=("http://127.0.0.1:$port")
  logs+=("$log")
}

# `listening_port PID LOG [TRIES]` prints the port the server PID names in its log LOG
# (`port=N`) once it listens, looking every 0.1 s up to TRIES times (300); when the server
# dies or never says, prints the log on standard error and fails.
listening_port() {
  local port="" try
  for ((try = 0; try < ${3:-300}; try++)); do
    port="$(sed -n 's/.*port=\([0-9]*\).*/\1/p' "$2" | head -1)"
    [[ -n "$port" ]] && { echo "$port"; return 0; }
    kill -0 "$1" 2>/dev/null || break
    sleep 0.1
  done
  cat "$2" >&2
  return 1
}

# `rss_kib PID`: the process's resident memory in KiB.
rss_kib() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$1/status"; }

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
