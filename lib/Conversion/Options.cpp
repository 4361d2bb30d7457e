//===- Options.cpp - the lowering's choices, spelled once ------------------===//

#include "PaddleDNN/Conversion/Options.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

#include <utility>

using namespace mlir::pdnn;
namespace cl = llvm::cl;

namespace {
// constexpr: tools build their llvm::cl options from these tables during
// static initialization, before any dynamic initializer of this file runs.
constexpr cl::OptionEnumValue backends[] = {
    {"onednn", int(Backend::OneDNN),
     "oneDNN runtime calls where oneDNN runs the op, reference loops "
     "elsewhere"},
    {"reference", int(Backend::Reference), "reference loops only"},
};

constexpr cl::OptionEnumValue gruBatchings[] = {
    {"length-sorted", int(GruBatching::LengthSorted),
     "length-sorted time chunks in the runtime; memory bounded by the "
     "tokens"},
    {"padded", int(GruBatching::Padded),
     "padded to the longest sequence, explicit in IR; N x longest memory"},
};

constexpr cl::OptionEnumValue imageLayouts[] = {
    {"auto", int(ImageLayout::Auto),
     "nChw16c with AVX-512, nChw8c elsewhere (what oneDNN picks)"},
    {"plain", int(ImageLayout::Plain), "NCHW everywhere"},
    {"nChw8c", int(ImageLayout::Blocked8), "blocks of 8 channels"},
    {"nChw16c", int(ImageLayout::Blocked16), "blocks of 16 channels"},
};

template <size_t N, size_t... I>
cl::ValuesClass valuesOf(const cl::OptionEnumValue (&table)[N],
                         std::index_sequence<I...>) {
  return cl::ValuesClass({table[I]...});
}

template <size_t N>
cl::ValuesClass valuesOf(const cl::OptionEnumValue (&table)[N]) {
  return valuesOf(table, std::make_index_sequence<N>());
}

template <size_t N>
llvm::StringRef nameOf(const cl::OptionEnumValue (&table)[N], int value) {
  for (const cl::OptionEnumValue &entry : table)
    if (entry.Value == value)
      return entry.Name;
  return "";
}
} // namespace

cl::ValuesClass mlir::pdnn::backendValues() { return valuesOf(backends); }
cl::ValuesClass mlir::pdnn::gruBatchingValues() {
  return valuesOf(gruBatchings);
}

cl::ValuesClass mlir::pdnn::imageLayoutValues() {
  return valuesOf(imageLayouts);
}

llvm::StringRef mlir::pdnn::stringifyImageLayout(ImageLayout layout) {
  return nameOf(imageLayouts, int(layout));
}

int64_t mlir::pdnn::imageBlockSize(ImageLayout layout) {
  switch (layout) {
  case ImageLayout::Plain:
    return 0;
  case ImageLayout::Blocked8:
    return 8;
  case ImageLayout::Blocked16:
    return 16;
  case ImageLayout::Auto:
    break;
  }
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return features.lookup("avx512f") ? 16 : 8;
}

llvm::StringRef mlir::pdnn::stringifyBackend(Backend backend) {
  return nameOf(backends, int(backend));
}
llvm::StringRef mlir::pdnn::stringifyGruBatching(GruBatching batching) {
  return nameOf(gruBatchings, int(batching));
}
