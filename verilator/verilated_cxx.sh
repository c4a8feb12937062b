#!/bin/sh
# SPDX-License-Identifier: MIT
# Compiler launcher of the Verilated models (verilator/CMakeLists.txt, DCQCN_VERILATED_CXX).
# CMake runs it as
#   verilated_cxx.sh CXX [LAUNCHER...] -- <the project's compiler> <arguments>
# and it runs [LAUNCHER...] CXX <arguments>: the same compile with another compiler, through
# the project's own launcher (ccache) when there is one.
cxx=$1
shift
launcher=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  launcher="$launcher $1"
  shift
done
if [ $# -lt 2 ]; then
  echo "verilated_cxx.sh: expected 'CXX [LAUNCHER...] -- COMPILER ARGS...' (got no '--' or no compiler)" >&2
  exit 2
fi
shift 2  # "--" and the project's compiler
# shellcheck disable=SC2086  # the launcher is a list of words (no spaces in its parts)
exec $launcher "$cxx" "$@"
