#!/usr/bin/env bash
# The main job: install what is missing, build PaddleDNN, then
#  - segment Chinese text with Baidu LAC's trained segmenter (examples/lac):
#    its Paddle 1.6 files are imported (pdnn-translate --import-paddle),
#    fused (--fuse-fc-gru --fuse-bidirectional-gru --inplace), compiled and
#    run on the oneDNN path, on the bundled sentences, then on any text given
#    on stdin (one sentence per line), printing the words and the time per
#    sentence;
#  - read the text of a receipt with PaddleOCR's detector, direction
#    classifier and English recogniser (examples/ocr, pdnn-ocr), printing
#    each line's box, direction and text and the time per stage.
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$PDNN_ROOT"

pdnn_install_packages
# Only the tools this job runs (and what they need); the test command
# (scripts/test-all.sh) builds everything.
tools=(pdnn-translate pdnn-opt pdnn-lac pdnn-ocr)
echo "== building ${tools[*]} (not the tests, benchmarks, fuzzers or libraries they do not need)"
pdnn_configure build
ninja -C build "${tools[@]}"

lac=examples/lac
echo "== pdnn-translate --import-paddle $lac/model/__model__ | pdnn-opt --fuse-fc-gru --fuse-bidirectional-gru --inplace"
./build/bin/pdnn-translate --import-paddle "$lac/model/__model__" |
  ./build/bin/pdnn-opt --fuse-fc-gru --fuse-bidirectional-gru --inplace \
    --mlir-elide-elementsattrs-if-larger=8 --mlir-elide-resource-strings-if-larger=8 |
  grep -E 'func.func|pdnn\.' | sed -E 's/ : \(.*//' | cut -c1-110

echo "== pdnn-lac: the bundled sentences ($lac/sentences.txt), one LoD batch"
./build/bin/pdnn-lac --lac-dir "$lac" < "$lac/sentences.txt"

ocr=examples/ocr
echo "== pdnn-ocr: PaddleOCR's detector, classifier and recogniser on $ocr/images/receipt.jpg"
./build/bin/pdnn-ocr "$ocr/images/receipt.jpg" --draw build/receipt.boxes.png --repeat 5
echo "(the boxes drawn: build/receipt.boxes.png)"

if [ -p /dev/stdin ] || [ -f /dev/stdin ]; then
  echo "== pdnn-lac: text from stdin"
  ./build/bin/pdnn-lac --lac-dir "$lac"
fi
