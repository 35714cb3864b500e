#!/usr/bin/env bash
# Installs what the peer scripts need (idempotent): gpsbabel and GNU time from Debian (as root;
# otherwise says what to install) and a virtual environment in $PEERS_HOME/.venv with requirements.txt's pins.
#   bash Benchmarks/peers/setup.sh
set -euo pipefail
source "$(dirname "$0")/env.sh"
missing=()
command -v gpsbabel >/dev/null || missing+=(gpsbabel)
[[ -x /usr/bin/time ]] || missing+=(time)
if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q "${missing[@]}" >/dev/null; }
  else
    echo "setup: the peer scripts also need: sudo apt-get install -y ${missing[*]}" >&2
  fi
fi
mkdir -p "$DATA"
[[ -x "$PY" ]] || python3 -m venv "$VENV"
"$PY" -m pip install -q -r "$PEERS_DIR/requirements.txt"
echo "setup: ok ($("$PY" --version); $(grep -v '^#' "$PEERS_DIR/requirements.txt" | tr '\n' ' '))"
