# Sourced by the peer scripts: where things are. Override any of these in the environment.
#   PEERS_HOME  writable state: .venv/ and data/ (default: ~/.cache/racekit-peers)
#   RACEKIT     the racekit binary to measure (default: `make -s build`, then .build/release/racekit)
PEERS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$PEERS_DIR/../.." && pwd)"
PEERS_HOME="${PEERS_HOME:-$HOME/.cache/racekit-peers}"
VENV="$PEERS_HOME/.venv"
PY="$VENV/bin/python"
DATA="$PEERS_HOME/data"
TSPLIB_DIR="$ROOT/Tests/RouteOptimizerTests/Fixtures/tsplib"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1

# The racekit binary, built in release mode unless RACEKIT names one.
racekit_binary() {
  if [[ -z "${RACEKIT:-}" ]]; then
    (cd "$ROOT" && make -s build >&2)
    RACEKIT="$ROOT/.build/release/racekit"
  fi
  echo "$RACEKIT"
}

# Stops with a message unless setup.sh has made the virtual environment.
require_setup() {
  [[ -x "$PY" ]] || { echo "$(basename "$0"): run bash $PEERS_DIR/setup.sh first" >&2; exit 1; }
}
