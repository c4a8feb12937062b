#!/usr/bin/env bash
# Checks the documentation's references (CTest docs.links):
#  - every relative Markdown link [text](path) or [text](path#anchor) in README.md,
#    docs/*.md, rtl/README.md and tb/formal/README.md names an existing file, and its
#    #anchor a heading of that file (GitHub's rule: lower case, punctuation dropped,
#    spaces to hyphens);
#  - every repository path in backquotes (`rtl/...`, `docs/...`, `tb/...`, `scripts/...`,
#    `systemc/...`, `verilator/...`, `results/...`) exists, unless it is a pattern (<, *, {)
#    or a generated output (a path .gitignore lists: results/report.md, results/*.png,
#    results/thesis/).
# Prints one line per broken reference (FILE:LINE: ...) and exits 1 if there is any.
set -euo pipefail
cd "$(dirname "$0")/.."

files=(README.md docs/*.md rtl/README.md tb/formal/README.md)
fail=0

# anchors FILE: the GitHub anchors of FILE's headings, one per line
anchors() {
  awk '/^```/ {code = !code} !code && /^#+ / {
         h = $0; sub(/^#+ +/, "", h); h = tolower(h)
         gsub(/[^a-z0-9 _-]/, "", h); gsub(/ /, "-", h); print h }' "$1"
}

for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  dir=$(dirname "$f")
  # Markdown links (outside fenced code)
  while IFS=$'\t' read -r line target; do
    case "$target" in http://*|https://*|mailto:*) continue ;; esac
    path=${target%%#*}
    anchor=
    [[ "$target" == *"#"* ]] && anchor=${target#*#}
    if [ -z "$path" ]; then
      resolved=$f
    else
      resolved=$dir/$path
    fi
    if [ ! -e "$resolved" ]; then
      echo "$f:$line: link to missing file: $target"; fail=1; continue
    fi
    if [ -n "$anchor" ] && [ -f "$resolved" ]; then
      if ! anchors "$resolved" | grep -qxF -- "$anchor"; then
        echo "$f:$line: link to missing heading: $target"; fail=1
      fi
    fi
  done < <(awk '/^```/ {code = !code; next} !code {
             s = $0
             while (match(s, /\]\([^) ]+\)/)) {
               printf "%d\t%s\n", NR, substr(s, RSTART + 2, RLENGTH - 3)
               s = substr(s, RSTART + RLENGTH)
             } }' "$f")
  # repository paths in backquotes (relative to the repository root)
  while IFS=$'\t' read -r line p; do
    case "$p" in *'<'*|*'*'*|*'{'*|*'$'*|results/runs*) continue ;; esac
    p=${p%%:*}   # path:line
    if [ ! -e "$p" ] && ! git check-ignore -q "$p" 2>/dev/null; then  # generated: .gitignore
      echo "$f:$line: missing path in backquotes: $p"; fail=1
    fi
  done < <(awk '{
             s = $0
             while (match(s, /`(rtl|docs|tb|scripts|systemc|verilator|results)\/[^` ]*`/)) {
               printf "%d\t%s\n", NR, substr(s, RSTART + 1, RLENGTH - 2)
               s = substr(s, RSTART + RLENGTH)
             } }' "$f")
done

if [ "$fail" = 0 ]; then
  echo "docs links: ${#files[@]} files, every link and path resolves"
fi
exit "$fail"
