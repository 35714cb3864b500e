#!/usr/bin/env bash
# Makes sure the system packages RaceKit builds and tests against are present: PROJ (libproj-dev)
# and pkg-config to build, and xmllint (libxml2-utils) for the tests that validate the IOF XML that
# RaceKit writes against the IOF schema. Installs them with apt-get when run as root on
# Debian/Ubuntu; otherwise says exactly what to install (a missing xmllint only warns: those tests
# skip without it). Quiet when everything is there.
set -euo pipefail
command -v swift >/dev/null || { echo "ensure-deps: Swift is not on PATH (https://www.swift.org/install/linux/)" >&2; exit 1; }
missing=()
command -v pkg-config >/dev/null || missing+=(pkg-config)
if ! pkg-config --exists proj 2>/dev/null || [[ ! -f "$(pkg-config --variable=includedir proj 2>/dev/null)/geodesic.h" ]]; then
  missing+=(libproj-dev)
fi
test_missing=()
command -v xmllint >/dev/null || test_missing+=(libxml2-utils)
all=("${missing[@]}" "${test_missing[@]}")
((${#all[@]})) || exit 0
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "ensure-deps: installing ${all[*]} with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q "${all[@]}" >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q "${all[@]}" >/dev/null; }
elif ((${#missing[@]})); then
  echo "ensure-deps: RaceKit needs the Debian packages: ${all[*]}" >&2
  echo "ensure-deps: install them with:  sudo apt-get install -y ${all[*]}" >&2
  exit 1
else
  echo "ensure-deps: xmllint is missing, so the IOF XML schema tests will be skipped" >&2
  echo "ensure-deps: install it with:  sudo apt-get install -y ${test_missing[*]}" >&2
fi
