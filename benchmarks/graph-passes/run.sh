#!/usr/bin/env bash
# Times --fuse-fc-gru and --inplace on generated modules of growing size
# (median of 5 runs of pdnn-opt's own --mlir-timing), to show linear scaling.
# Usage: benchmarks/graph-passes/run.sh [build-dir]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
opt="${1:-$here/../../build}/bin/pdnn-opt"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

printf '| ops | parse (s) | --fuse-fc-gru (s) | --inplace (s) |\n|---:|---:|---:|---:|\n'
for ops in 25000 50000 100000 200000; do
  /usr/bin/python3 "$here/generate_large_module.py" --ops "$ops" > "$tmp/m.mlir"
  for run in 1 2 3 4 5; do
    "$opt" "$tmp/m.mlir" --fuse-fc-gru --inplace --mlir-timing -o /dev/null 2>&1 |
      awk '/Parser$/ {p=$1} /FuseFcGru$/ {f=$1} /InPlace$/ {i=$1} END {print p, f, i}'
  done > "$tmp/times"
  printf '| %d | %s | %s | %s |\n' "$ops" \
    "$(cut -d' ' -f1 "$tmp/times" | median)" \
    "$(cut -d' ' -f2 "$tmp/times" | median)" \
    "$(cut -d' ' -f3 "$tmp/times" | median)"
done
