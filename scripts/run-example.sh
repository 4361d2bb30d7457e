#!/usr/bin/env bash
# The main job: install what is missing, build PaddleDNN, and run it on the
# bundled example (a GRU tagger: fc -> gru -> fc -> softmax over a LoD batch).
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$PDNN_ROOT"

pdnn_install_packages
mkdir -p build
pdnn_build build

echo "== pdnn-opt --fuse-fc-gru --inplace: the example, fused and in place"
# Weights are elided in the listing; the file itself holds them.
./build/bin/pdnn-opt --fuse-fc-gru --inplace --canonicalize \
  --mlir-elide-elementsattrs-if-larger=8 examples/gru_tagger/model.mlir
