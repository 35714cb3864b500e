#!/usr/bin/env bash
# Fuzzes a running `racekit serve` against docs/openapi.yaml with schemathesis (PyPI), bounded in
# time: installs schemathesis into a venv in ~/.cache/racekit-schemathesis (once), builds racekit
# (debug), starts the server on a free loopback port with a throwaway data folder, creates the
# Zürich sample race with its runners joined and started (scripts/live-race-driver.py), then runs
# schemathesis with every check, once with the organiser's token and once with a participant's,
# with the race's id as the {race} of every path. The event stream (endless while the race runs)
# is left out. The server is stopped and the data removed on exit, however the script ends.
#   scripts/schemathesis.sh [SECONDS-PER-PASS]        (default 60)
#   RACEKIT_SCHEMATHESIS_CACHE=DIR                    another cache folder
# Exit status: schemathesis's (non-zero when it found a failure); its reports go to out/schemathesis/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "schemathesis: SECONDS must be a whole number above 0, not '$seconds'" >&2; exit 64; }
cache="${RACEKIT_SCHEMATHESIS_CACHE:-$HOME/.cache/racekit-schemathesis}"
if [[ ! -x "$cache/venv/bin/schemathesis" ]]; then
  echo "schemathesis: installing schemathesis from PyPI into $cache/venv" >&2
  python3 -m venv "$cache/venv"
  "$cache/venv/bin/pip" install --quiet "schemathesis>=4,<5"
fi
cd "$root"
source scripts/local-server.sh
start_local_server
race="$(scripts/live-race-driver.py "$url" setup Routes/zurich-old-town/race.json Routes/zurich-old-town/tracks "$work/state.json")"
read -r organiser participant < <(python3 -c 'import json, sys; s = json.load(open(sys.argv[1]))
print(s["organiserToken"], s["runners"][0]["participantToken"])' "$work/state.json")
# The race's id for every {race} (else nearly every request would be a 404), and the answers the
# API gives by design (scripts/schemathesis.toml).
{ printf '[parameters]\n"path.race" = "%s"\n\n' "$race"; cat scripts/schemathesis.toml; } >"$work/schemathesis.toml"
mkdir -p out/schemathesis
status=0
for pass in organiser participant; do
  token="$organiser"; [[ $pass == participant ]] && token="$participant"
  echo "schemathesis: pass as the $pass, $seconds s" >&2
  "$cache/venv/bin/schemathesis" --config-file "$work/schemathesis.toml" run docs/openapi.yaml --url "$url" \
    --header "Authorization: Bearer $token" --checks all --exclude-path "/races/{race}/events" \
    --max-time "$seconds" --request-timeout 10 --workers 2 \
    --report junit --report-dir "out/schemathesis/$pass" || status=$?
done
exit "$status"
