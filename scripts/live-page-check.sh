#!/usr/bin/env bash
# The live page in a real browser: builds racekit (debug), starts `racekit serve` on a free
# loopback port with a throwaway data folder, creates a sample race (Routes/zurich-old-town by
# default) with every track's runner joined, feeds 40 % of each track and takes headless
# Chromium screenshots of /races/{id}/live (a phone, 390×844, and a desktop, 1280×800), then
# the rest of the tracks, ends the race and takes them again. Then look at the pictures.
#   scripts/live-page-check.sh [ROUTE-DIR] [OUT-DIR]      (default out/live-page)
# Needs Debian's `chromium` and python3. Takes about 30 s after the build. (--timeout, not
# --virtual-time-budget: the page's event stream never finishes loading, so a virtual-time
# budget would wait forever.)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
route="${1:-$root/Routes/zurich-old-town}"
out="${2:-$root/out/live-page}"
command -v chromium >/dev/null || { echo "live-page-check: needs Debian's chromium (apt-get install chromium)" >&2; exit 1; }
mkdir -p "$out"
cd "$root"
source scripts/local-server.sh
start_local_server
driver="$root/scripts/live-race-driver.py"
race="$("$driver" "$url" setup "$route/race.json" "$route/tracks" "$work/state.json")"
token="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["organiserToken"])' "$work/state.json")"

warm() {  # the first derivation after a large feed takes seconds in a debug build: not the page's to wait for
  curl -fs -o /dev/null -H "Authorization: Bearer $token" "$url/races/$race/standings"
  # The page's event stream starts with the leaderboard its runner builds, apart from the report
  # above: read one event of it too, so that a picture does not catch the page still connecting.
  # (curl ends on a broken pipe once grep has its line: its status does not count.)
  { curl -fsN --max-time 60 -H "Authorization: Bearer $token" "$url/races/$race/events" || true; } | grep -m1 -q '^data:' ||
    { echo "live-page-check: the race's event stream sent no event within 60 s" >&2; exit 1; }
}
shoot() {  # name width height
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/chromium" \
    --window-size="$2,$3" --timeout=6000 --screenshot="$out/$1.png" \
    "$url/races/$race/live?token=$token" 2>>"$work/chromium.log" >&2
  echo "live-page-check: $out/$1.png" >&2
}
"$driver" "$url" feed "$work/state.json" 0.4
warm
shoot phone-midway 390 844
shoot desktop-midway 1280 800
"$driver" "$url" feed "$work/state.json" 1
"$driver" "$url" end "$work/state.json"
warm
shoot phone-ended 390 844
shoot desktop-ended 1280 800
