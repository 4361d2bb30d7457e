#!/usr/bin/env bash
# The main job: install what is missing, build PaddleDNN, compile the bundled
# example (a GRU tagger: fc -> gru -> fc -> softmax over a LoD batch, weights
# as constants) with --fuse-fc-gru --inplace, run it with pdnn-run, and print
# the result and its time.
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$PDNN_ROOT"

pdnn_install_packages
mkdir -p build
pdnn_build build

example=examples/gru_tagger
out=build/examples/gru_tagger
mkdir -p "$out"

echo "== pdnn-opt --fuse-fc-gru --inplace $example/model.mlir (weights elided)"
./build/bin/pdnn-opt --fuse-fc-gru --inplace "$example/model.mlir" -o "$out/model.opt.mlir"
./build/bin/pdnn-opt --mlir-elide-elementsattrs-if-larger=8 "$out/model.opt.mlir"

echo "== pdnn-run: JIT-compile (oneDNN path), run on a batch of 5 sentences, time 200 calls"
./build/bin/pdnn-run "$out/model.opt.mlir" -e gru_tagger \
  --input "$example/inputs/words.npy" --input "$example/inputs/lod.npy" \
  -o "$out/result" --print --repeat 200
