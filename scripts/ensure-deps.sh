#!/usr/bin/env bash
# Makes sure the system packages RaceKit builds against are present: PROJ (libproj-dev) and
# pkg-config. Installs them with apt-get when run as root on Debian/Ubuntu; otherwise says
# exactly what to install. Quiet when everything is there.
set -euo pipefail
command -v swift >/dev/null || { echo "ensure-deps: Swift is not on PATH (https://www.swift.org/install/linux/)" >&2; exit 1; }
missing=()
command -v pkg-config >/dev/null || missing+=(pkg-config)
if ! pkg-config --exists proj 2>/dev/null || [[ ! -f "$(pkg-config --variable=includedir proj 2>/dev/null)/geodesic.h" ]]; then
  missing+=(libproj-dev)
fi
((${#missing[@]})) || exit 0
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "ensure-deps: installing ${missing[*]} with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q "${missing[@]}" >/dev/null; }
else
  echo "ensure-deps: RaceKit needs the Debian packages: ${missing[*]}" >&2
  echo "ensure-deps: install them with:  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
