#!/usr/bin/env bash
# onnx_outputs.sh - writes ONNX Runtime's output for an input tensor, so that
# PaddleDNN's output on the same input can be compared with it.
#
#   benchmarks/ocr/onnx_outputs.sh MODEL INPUT.npy OUTPUT.npy [THREADS]
#   benchmarks/ocr/onnx_outputs.sh --all OUTDIR
#
# MODEL: an .onnx file, or a name in $PDNN_ORT_CACHE/models (cls, rec, det,
# or the file name). INPUT.npy: float32 [N,3,H,W], C order. OUTPUT.npy: the
# model's first output as float32 (cls: softmax [N,2]; rec: softmax
# [N,T,97]; det: probability map [N,1,H,W]), from the first call of one ORT
# session (CPU EP, graphOptimizationLevel 'all').
#
# --all OUTDIR writes, for each model and benchmark shape, the deterministic
# input of ort_bench.js (x.<model>.<shape>.npy) and ORT's output
# (y.<model>.<shape>.npy).
#
# Which ONNX outputs mean something against PaddleDNN's: the classifier and
# the English recognizer hold the very weights of the Paddle models in
# examples/ocr/models/ (ch_ppocr_mobile_v2.0_cls_infer,
# en_number_mobile_v2.0_rec_infer), so their outputs should agree to float
# rounding. The ONNX detector is PaddleOCR's mobile v2.0 detector: the same
# architecture as ch_PP-OCRv2_det_infer, other weights, so its output is not
# comparable with the Paddle detector's.
#
# Needs benchmarks/ocr/setup-ort.sh to have run; says so and exits 0 if not.

set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
CACHE="${PDNN_ORT_CACHE:-/work/cache/ort}"
BENCH="$HERE/ort_bench.js"

model_file() {
  case "$1" in
    cls) echo "$CACHE/models/ch_ppocr_mobile_v2.0_cls_infer.onnx" ;;
    rec) echo "$CACHE/models/en_number_mobile_v2.0_rec_infer.onnx" ;;
    det) echo "$CACHE/models/ch_ppocr_mobile_v2.0_det_infer.onnx" ;;
    *.onnx) if [ -f "$1" ]; then echo "$1"; else echo "$CACHE/models/$(basename "$1")"; fi ;;
    *) echo "$CACHE/models/$1.onnx" ;;
  esac
}

if [ ! -d "$CACHE/node_modules/onnxruntime-node" ]; then
  echo "onnx_outputs: onnxruntime-node not in $CACHE; run benchmarks/ocr/setup-ort.sh first"
  exit 0
fi

if [ "${1:-}" = "--all" ]; then
  out="${2:?usage: onnx_outputs.sh --all OUTDIR}"
  mkdir -p "$out"
  for spec in cls:1,3,48,192 cls:6,3,48,192 rec:1,3,32,320 rec:6,3,32,320 \
              det:1,3,640,640 det:1,3,960,960; do
    m="${spec%%:*}"; shape="${spec#*:}"; tag="$m.${shape//,/x}"
    f="$(model_file "$m")"
    if [ ! -f "$f" ]; then echo "onnx_outputs: $f missing, $tag skipped"; continue; fi
    node "$BENCH" --model "$f" --shape "$shape" --warmup 0 --min-runs 1 --min-seconds 0 \
      --dump-input "$out/x.$tag.npy" --output-npy "$out/y.$tag.npy" >/dev/null &&
      echo "onnx_outputs: $out/x.$tag.npy -> $out/y.$tag.npy"
  done
  exit 0
fi

if [ $# -lt 3 ]; then
  sed -n '2,12p' "$0"
  exit 2
fi
f="$(model_file "$1")"
if [ ! -f "$f" ]; then
  echo "onnx_outputs: $f missing; run benchmarks/ocr/setup-ort.sh"
  exit 0
fi
node "$BENCH" --model "$f" --input "$2" --output-npy "$3" --threads "${4:-2}" \
  --warmup 0 --min-runs 1 --min-seconds 0
