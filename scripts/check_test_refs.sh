#!/usr/bin/env bash
# Checks that every GoogleTest name the project's text refers to exists (CTest docs.test_refs).
#
#   scripts/check_test_refs.sh [FILE...]
#   scripts/check_test_refs.sh --self-test   (CTest docs.test_refs.catches: a file with two
#       broken and four good references must give exactly the two broken ones)
#
# The tests are the TEST / TEST_F / TEST_P / TYPED_TEST definitions in tb/, systemc/ and
# verilator/ (read from the sources, so no build is needed). A reference is SUITE.NAME in
# any tracked Markdown, C++, SystemVerilog, shell, CMake or YAML file (or in the FILEs
# given) whose SUITE is one of those suites; it must name a test of that suite exactly,
# or, written `SUITE.NAME...` or `SUITE.NAME*`, be the start of one, or be `SUITE.*`.
# A `DISABLED_` prefix counts as part of the name (GoogleTest's own rule), so a document
# still naming a test as disabled after it was enabled is reported.
# Prints FILE:LINE: unknown test SUITE.NAME for each broken reference; exits 1 if any.
set -euo pipefail
cd "$(dirname "$0")/.."

tests=$(mktemp)
trap 'rm -f "$tests"' EXIT
git ls-files tb systemc verilator | grep -E '\.(cpp|h)$' |
  xargs grep -hoE '^[[:space:]]*(TYPED_)?TEST(_F|_P)?\([[:space:]]*[A-Za-z0-9_]+[[:space:]]*,[[:space:]]*[A-Za-z0-9_]+' |
  sed -E 's/.*\([[:space:]]*([A-Za-z0-9_]+)[[:space:]]*,[[:space:]]*([A-Za-z0-9_]+)/\1.\2/' |
  sort -u > "$tests"
if [ ! -s "$tests" ]; then
  echo "check_test_refs.sh: found no TEST(...) definitions under tb/, systemc/, verilator/" >&2
  exit 2
fi
suites=$(cut -d. -f1 "$tests" | sort -u | paste -sd'|')

if [ "${1:-}" = --self-test ]; then
  t=$(mktemp --suffix=.md)
  s1=$(head -1 "$tests"); s2=$(sed -n 2p "$tests")
  printf '%s\n' "exact \`$s1\`, prefix \`${s1%?}...\`, glob ${s2%?}*, suite ${s1%%.*}.*" \
    "broken \`${s1%%.*}.NoSuchTestAnywhere\`" "disabled \`${s2%%.*}.DISABLED_${s2#*.}\`" > "$t"
  out=$("$0" "$t" || true)
  rm -f "$t"
  got=$(printf '%s\n' "$out" | grep -c 'unknown test' || true)
  if [ "$got" = 2 ] && printf '%s' "$out" | grep -q NoSuchTestAnywhere &&
     printf '%s' "$out" | grep -q DISABLED_; then
    echo "check_test_refs.sh --self-test: the 2 broken references reported, the 4 good ones not"
    exit 0
  fi
  echo "check_test_refs.sh --self-test: expected the 2 broken references, got:"; echo "$out"
  exit 1
fi

if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files | grep -E '\.(md|cpp|h|sv|sh|txt|cmake|yaml|py)$')
fi

fail=0
n=0
while IFS= read -r hit; do
  # hit: FILE:LINE:SUITE.NAME (NAME possibly ending in ... or *)
  ref=${hit#*:}; ref=${ref#*:}
  where=${hit%:"$ref"}
  suite=${ref%%.*}
  name=${ref#*.}
  n=$((n + 1))
  case "$name" in
    '*') grep -q "^$suite\." "$tests" && continue ;;
    *...) grep -qF "$suite.${name%...}" "$tests" && grep -q "^$suite\.${name%...}" "$tests" && continue ;;
    *'*') grep -q "^$suite\.${name%\*}" "$tests" && continue ;;
    *) grep -qxF "$suite.$name" "$tests" && continue ;;
  esac
  echo "$where: unknown test $ref (no TEST($suite, ...) of that name in tb/, systemc/ or verilator/)"
  fail=1
done < <(grep -HnoE "\b($suites)\.[A-Za-z0-9_]+(\.\.\.|\*)?" "${files[@]}" 2>/dev/null |
         grep -vE ':[A-Za-z0-9_]+\.(h|cpp|md|sh|sv|yaml|txt|json|csv)$' || true)

[ $fail -eq 0 ] && echo "check_test_refs.sh: $n references to $(wc -l < "$tests") GoogleTest tests, all found"
exit $fail
