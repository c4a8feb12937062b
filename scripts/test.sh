#!/usr/bin/env bash
# Builds everything and runs every test (unit, lint, RTL lock-step, synthesis) under CTest.
# Extra arguments go to ctest (e.g. -L lockstep, -R rp).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
cd build
ctest --output-on-failure -j "${JOBS:-$(nproc)}" "$@"
