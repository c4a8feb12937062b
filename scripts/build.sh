#!/usr/bin/env bash
# Configures and builds into build/ (Release, Ninja, 2 jobs by default): everything, or only
# the given CMake targets (scripts/run.sh builds dcqcn-sim, scripts/demo.sh the benches it
# runs and dcqcn-sim: a full build is about 15 minutes on 2 cores).
#   scripts/build.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}
# The generated register headers must exist before CMake verilates the RTL; they are
# committed, and regenerated here only if the generator is already built.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
if (($#)); then
  cmake --build build -j "$JOBS" --target "$@"
else
  cmake --build build -j "$JOBS"
fi
