# Shared by the set-up scripts: package installation and configure/build.
# Sourced, not run.

PDNN_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Debian 12 packages PaddleDNN builds and tests with. libdnnl-dev's CMake
# config also asks for the OpenCL headers and loader; pdnn-tblgen links
# LLVM's static TableGen libraries, whose CMake config asks for zstd. The
# Paddle importer compiles framework.proto with protoc; the tests write
# Paddle models with python3-protobuf. manpages-zh is real Chinese text for
# the int8 LAC test (examples/lac/chinese_manpages.py). pdnn-ocr reads
# images with OpenCV and unclips boxes with Clipper, as PaddleOCR's C++ demo
# does. The OCR tests run the models' PyTorch oracle (python3-torch), draw
# text with python3-pil and Debian's fonts, and replay PaddleOCR's
# post-processing with python3-opencv and python3-pyclipper. The paddlednn
# Python package is built with pybind11-dev for Debian's python3 (python3-dev).
PDNN_PACKAGES=(
  cmake ninja-build g++ git pkg-config
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools
  libdnnl-dev ocl-icd-opencl-dev opencl-c-headers libzstd-dev
  libgtest-dev libbenchmark-dev
  libprotobuf-dev protobuf-compiler
  libopencv-dev libpolyclipping-dev
  python3-numpy python3-protobuf python3-torch python3-pil
  python3-opencv python3-pyclipper python3-dev pybind11-dev
  fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf
  manpages-zh
)

# Installs whichever of PDNN_PACKAGES is missing (needs root or sudo).
pdnn_install_packages() {
  local missing=()
  for pkg in "${PDNN_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "== all ${#PDNN_PACKAGES[@]} packages present"
    return 0
  fi
  echo "== installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends "${missing[@]}" ||
    { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends "${missing[@]}"; }
}

# pdnn_configure <build-dir> [extra cmake args...]: configure (once).
pdnn_configure() {
  local dir="$1"; shift
  mkdir -p "$dir"
  cmake -S "$PDNN_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >"$dir/configure.log" 2>&1 ||
    { cat "$dir/configure.log"; return 1; }
}

# pdnn_build <build-dir> [extra cmake args...]: configure and build everything.
pdnn_build() {
  pdnn_configure "$@"
  ninja -C "$1"
}
