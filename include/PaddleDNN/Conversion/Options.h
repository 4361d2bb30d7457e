//===- Options.h - the lowering's choices, as enums -------------*- C++ -*-===//
//
// Each choice is an enum with one table of names (the *Values functions):
// the pass options, --pdnn-lower's options, pdnn-run's flags and JitOptions
// all read these, so a value is spelled and checked in one place and a
// wrong one is an error that lists the accepted ones.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_CONVERSION_OPTIONS_H
#define PADDLEDNN_CONVERSION_OPTIONS_H

#include "PaddleDNN/Support/EnumOptionParser.h"

namespace mlir::pdnn {

/// Where the pdnn ops run.
enum class Backend {
  /// oneDNN runtime calls where oneDNN runs the op (BackendLegality.h),
  /// reference loops elsewhere.
  OneDNN,
  /// Reference loops only.
  Reference,
};

/// How a LoD batch reaches oneDNN's GRU.
enum class GruBatching {
  /// pdnnrt.lod_gru: length-sorted time chunks in the runtime; memory
  /// bounded by the tokens of the batch.
  LengthSorted,
  /// lod_to_padded, gru, padded_to_lod: padding to the longest sequence,
  /// explicit in IR.
  Padded,
};

/// The layout of the images that oneDNN's convolutions pass each other.
enum class ImageLayout {
  /// nChw16c where the compiling CPU has AVX-512, nChw8c elsewhere: the
  /// blocks oneDNN's f32 convolutions pick with format `any` there.
  Auto,
  /// Plain NCHW everywhere (no reorders, slow convolutions).
  Plain,
  /// Blocks of 8 channels (nChw8c, AVX2's).
  Blocked8,
  /// Blocks of 16 channels (nChw16c, AVX-512's).
  Blocked16,
};

/// The accepted spellings, for llvm::cl::opt and pass options.
llvm::cl::ValuesClass backendValues();
llvm::cl::ValuesClass gruBatchingValues();
llvm::cl::ValuesClass imageLayoutValues();

llvm::StringRef stringifyBackend(Backend backend);
llvm::StringRef stringifyGruBatching(GruBatching batching);
llvm::StringRef stringifyImageLayout(ImageLayout layout);

/// The block size `layout` means on this machine: 0 (plain), 8 or 16.
int64_t imageBlockSize(ImageLayout layout);

} // namespace mlir::pdnn

PDNN_ENUM_OPTION_PARSER(mlir::pdnn::Backend)
PDNN_ENUM_OPTION_PARSER(mlir::pdnn::GruBatching)
PDNN_ENUM_OPTION_PARSER(mlir::pdnn::ImageLayout)

#endif // PADDLEDNN_CONVERSION_OPTIONS_H
