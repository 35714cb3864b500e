#!/usr/bin/env bash
# Ingest throughput of the SQLite and the PostgreSQL LiveStore in one run (docs/scaling.md):
# starts a throwaway PostgreSQL cluster (scripts/postgres-test-cluster.sh), runs the
# StoreIngestMeasurement suite of the debug build against both stores, prints one line per
# workload. Run it on a quiet machine; the figures are per store call, without HTTP or the engine.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests 2>&1 | grep -E 'error' && exit 1
RACEKIT_MEASURE_INGEST=1 scripts/postgres-test-cluster.sh run \
    swift test --skip-build --disable-xctest --filter StoreIngestMeasurement 2>&1 | grep -E '^ingest|✘|error'
