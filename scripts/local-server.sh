# Sourced by the scripts that drive a debug `racekit serve` (live-page-check.sh, schemathesis.sh):
# start_local_server builds racekit (debug), starts it on a free loopback port with a throwaway
# data folder, waits until /health answers, and sets `work` (the folder), `url` and `server` (its
# pid). The server is stopped and the folder removed when the script exits, however it ends.
start_local_server() {
  swift build --product racekit >&2
  work="$(mktemp -d)"
  local port
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  url="http://127.0.0.1:$port"
  .build/debug/racekit serve --data-dir "$work/data" --host 127.0.0.1 --port "$port" 2>"$work/server.log" &
  server=$!
  trap stop_local_server EXIT
  for _ in $(seq 100); do
    curl -fs "$url/health" >/dev/null 2>&1 && return 0
    kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "racekit serve did not answer on $url (log: $work/server.log)" >&2
  exit 1
}

stop_local_server() {
  kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
