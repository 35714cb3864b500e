# Sourced by the live benchmarks: `start_server OPTIONS…` starts `racekit serve OPTIONS…` on a
# free loopback port, waits for its listening line, and appends its pid to `servers`, its base
# URL to `bases` and its log to `logs`. Needs `racekit` and `work` set.
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

# Builds Benchmarks/live/sse-probe.c into the file named (cc, or the clang of Swift's toolchain).
build_probe() {
  local compiler
  compiler="$(command -v cc || command -v clang)"
  "$compiler" -O2 -Wall -o "$1" Benchmarks/live/sse-probe.c
}
