#!/usr/bin/env bash
# Configures and builds everything into build/ (Release, Ninja, 2 jobs by default).
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}
# The generated register headers must exist before CMake verilates the RTL; they are
# committed, and regenerated here only if the generator is already built.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$JOBS"
