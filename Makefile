# RaceKit — the two quick-start commands, and a few more for developers.
#   make run     the main job: simulate the sample race in Routes/ and write its report (README.md)
#   make test    the whole test suite (what .ci/run runs), with a throwaway PostgreSQL cluster on a
#                loopback port for the PostgreSQL store's cases (scripts/postgres-test-cluster.sh
#                starts it, installing Debian's postgresql if missing, and stops it even on failure)
#   make test-sqlite  the same suite without PostgreSQL (swift test --disable-xctest): the cases
#                that need it are skipped, each saying so
#   make live    the live server end to end: `racekit serve` on a temporary folder and a free loopback
#                port, the sample race created, its tracks streamed by `racekit stream`, the final
#                standings printed and checked against `racekit simulate` (scripts/live.sh)
#   make bench   the package-benchmark suite in Benchmarks/ (slow to build; not part of test)
#   make test-invariants  the optimizer's, index's and planner's tests with their invariant checks
#                compiled in (RACEKIT_INVARIANTS, ROUTE_OPTIMIZER_INVARIANTS; own build folder)
#   make fuzz    every libFuzzer target in Fuzz/ for FUZZ_SECONDS (default 60) each
#   make lint    swift format lint --strict with .swift-format (4 spaces, 120 columns) over every
#                Swift file of the package, Fuzz/, Benchmarks/ and Examples/; `make format` fixes
#                what it can in place; then every public declaration must have a /// comment
#                (scripts/undocumented-public.sh --list names those that do not)
#   make live-page  the live page in headless Chromium: a sample race streamed to a local server,
#                screenshots in out/live-page/ (scripts/live-page-check.sh; needs chromium; not in CI)
#   make schemathesis  the server fuzzed against docs/openapi.yaml (scripts/schemathesis.sh; PyPI)
#   make docs    the DocC catalogue of every library (Sources/<Module>/<Module>.docc) with the
#                swift-docc-plugin, warnings as errors (an unresolved ``Symbol`` link fails);
#                archives in .build/plugins/Swift-DocC/outputs/<Module>.doccarchive.
#                DOC_TARGETS="GeoCore Geofencing" builds only those.
SWIFT ?= swift
DOC_TARGETS ?= RaceKitCore GeoCore GeoProjection Geofencing GeoFormats RaceModel RouteOptimizer RacePlanning GameModes \
	RaceSimulation RaceLive RaceLivePostgres RaceServer RaceCommands

.PHONY: run live fence test test-sqlite test-invariants deps build bench fuzz docs lint format live-page schemathesis

SWIFT_SOURCES = Sources Tests Fuzz/Sources Benchmarks/Benchmarks Examples

deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build -c release --product racekit --static-swift-stdlib

run: build
	@mkdir -p out
	.build/release/racekit simulate Routes/zurich-old-town/race.json Routes/zurich-old-town/tracks --format html -o out/zurich-old-town.html

live: build
	RACEKIT=.build/release/racekit scripts/live.sh

fence: build
	.build/release/racekit fence-check --generate city --size medium --threads 2

test: deps
	scripts/postgres-test-cluster.sh run $(SWIFT) test --disable-xctest

test-sqlite: deps
	$(SWIFT) test --disable-xctest

test-invariants: deps
	$(SWIFT) test --disable-xctest --scratch-path .build-invariants \
		-Xswiftc -DRACEKIT_INVARIANTS -Xswiftc -DROUTE_OPTIMIZER_INVARIANTS \
		--filter 'RouteOptimizerTests|GeofencingTests|RacePlanningTests'

bench: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-directory .benchmarkBaselines benchmark

fuzz: deps
	scripts/fuzz.sh

# One plugin run for all targets: each target's symbol graph is extracted once, then one `docc convert` each.
docs: deps
	$(SWIFT) package generate-documentation --warnings-as-errors $(addprefix --target ,$(DOC_TARGETS))

lint:
	$(SWIFT) format lint --strict --configuration .swift-format --recursive $(SWIFT_SOURCES)
	@undocumented="$$(scripts/undocumented-public.sh --list)"; if [ -n "$$undocumented" ]; then \
		echo "public declarations without a /// comment:"; echo "$$undocumented"; exit 1; fi

format:
	$(SWIFT) format format --in-place --configuration .swift-format --recursive $(SWIFT_SOURCES)

live-page: deps
	scripts/live-page-check.sh

schemathesis: deps
	scripts/schemathesis.sh
