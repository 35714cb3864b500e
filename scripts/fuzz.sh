#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (address sanitizer on) and runs each for FUZZ_SECONDS.
#   scripts/fuzz.sh                 every target, FUZZ_SECONDS (default 60) each
#   scripts/fuzz.sh gpx race        some targets (names below)
#   FUZZ_SECONDS=3600 scripts/fuzz.sh matrix
#   FUZZ_TIMEOUT=60 ...             seconds one input may take before it counts as a hang
#                                   (default 10; raise it on a busy machine, where a starved
#                                   process would report false hangs)
# Each target keeps its corpus in Fuzz/.corpus/NAME (seeded anew from Routes/, the tests'
# fixtures and Fuzz/Seeds/ on every run). A crash, leak, timeout or out-of-memory leaves the
# input in Fuzz/findings/NAME/ and makes the script exit 1; turn it into a regression test.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${FUZZ_SECONDS:-60}"
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz: FUZZ_SECONDS must be a whole number of seconds, not '$seconds'" >&2; exit 64; }
timeout="${FUZZ_TIMEOUT:-10}"
[[ "$timeout" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: FUZZ_TIMEOUT must be a whole number of seconds above 0, not '$timeout'" >&2; exit 64; }

# name -> executable target, dictionary, seed globs (relative to the repository root)
declare -A target=(
  [gpx]=FuzzGPX [geojson]=FuzzGeoJSON [json]=FuzzJSON [race]=FuzzRaceFile [stops]=FuzzStopsCSV
  [positions]=FuzzPositionsCSV [tsplib]=FuzzTSPLIB [matrix]=FuzzMatrix [responses]=FuzzResponses
)
declare -A dictionary=(
  [gpx]=xml [geojson]=json [json]=json [race]=json [stops]=csv [positions]=csv [tsplib]=tsplib
  [matrix]=csv [responses]=json
)
declare -A seeds=(
  [gpx]="Tests/GeoFormatsTests/Fixtures/gpx-quirks/*.gpx"
  [geojson]="Fuzz/Seeds/geojson/*"
  [json]="Fuzz/Seeds/json/* Fuzz/Seeds/geojson/* Routes/*/race.json"
  [race]="Routes/*/race.json"
  [stops]="Routes/*/stops.csv"
  [positions]="Fuzz/Seeds/positions/*"
  [tsplib]="Tests/RouteOptimizerTests/Fixtures/*.tsp Tests/RouteOptimizerTests/Fixtures/tsplib/burma14.tsp Tests/RouteOptimizerTests/Fixtures/tsplib/ulysses16.tsp Tests/RouteOptimizerTests/Fixtures/tsplib-constrained/atsp/br17.atsp Tests/RouteOptimizerTests/Fixtures/tsplib-constrained/sop/ESC*.sop"
  [matrix]="Fuzz/Seeds/matrix/*"
  [responses]="Fuzz/Seeds/responses/*"
)
order=(gpx geojson json race stops positions tsplib matrix responses)

names=("$@"); ((${#names[@]})) || names=("${order[@]}")
for name in "${names[@]}"; do
  [[ -n "${target[$name]:-}" ]] || { echo "fuzz: unknown target '$name' (targets: ${order[*]})" >&2; exit 64; }
done

"$root/scripts/ensure-deps.sh"
echo "fuzz: building the targets with -sanitize=fuzzer,address" >&2
build=(swift build --package-path "$root/Fuzz" --scratch-path "$root/Fuzz/.build" -c debug
       -Xswiftc -sanitize=fuzzer,address
       -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
"${build[@]}" >&2
bin="$("${build[@]}" --show-bin-path)"

failed=()
for name in "${names[@]}"; do
  corpus="$root/Fuzz/.corpus/$name"; findings="$root/Fuzz/findings/$name"
  mkdir -p "$corpus" "$findings"
  # shellcheck disable=SC2086  # the seed globs are meant to expand
  for seed in $(cd "$root" && ls -d ${seeds[$name]} 2>/dev/null); do cp "$root/$seed" "$corpus/seed-${seed//\//_}"; done
  echo "fuzz: $name for ${seconds} s" >&2
  if ! "$bin/${target[$name]}" "$corpus" -dict="$root/Fuzz/Dictionaries/${dictionary[$name]}.dict" \
       -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -malloc_limit_mb=2048 -max_len=65536 \
       -artifact_prefix="$findings/" -print_final_stats=1 > "$root/Fuzz/.corpus/$name.log" 2>&1; then
    failed+=("$name")
    tail -40 "$root/Fuzz/.corpus/$name.log" >&2
  fi
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$root/Fuzz/.corpus/$name.log" \
    | sed "s/^/fuzz: $name /" >&2 || true
  rmdir "$findings" 2>/dev/null || true
done
if ((${#failed[@]})); then
  echo "fuzz: findings in ${failed[*]} (inputs in Fuzz/findings/)" >&2
  exit 1
fi
echo "fuzz: ${#names[@]} target(s), ${seconds} s each, no findings" >&2
