//===- ConvolutionGeometry.h - Paddle's window arithmetic -------*- C++ -*-===//
//
// The sizes of Paddle's 2-D convolutions and poolings, from its
// UpdatePaddingAndDilation, ConvOutputSize and PoolOutputSize: one place
// that the verifiers (on static sizes) and the lowerings (which call it for
// the sizes the types know and build the same arithmetic in IR for the
// others) read.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_CONVOLUTIONGEOMETRY_H
#define PADDLEDNN_DIALECT_PDNN_IR_CONVOLUTIONGEOMETRY_H

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>

namespace mlir::pdnn {

/// How a window op pads its input: Paddle's `padding_algorithm`.
enum class PaddingAlgorithm { Explicit, Same, Valid };

/// "EXPLICIT", "SAME" or "VALID"; nullopt for anything else.
std::optional<PaddingAlgorithm> parsePaddingAlgorithm(llvm::StringRef name);

/// Paddle's 2 or 4 `paddings` as [top, bottom, left, right]: 2 values pad
/// both sides alike. nullopt for another count.
std::optional<std::array<int64_t, 4>>
expandPaddings(llvm::ArrayRef<int32_t> paddings);

/// The two pads (before, after) of one spatial dimension of `size`
/// (ShapedType::kDynamic when unknown) under `algorithm`: the explicit ones,
/// none for VALID, or SAME's, which give ceil(size / stride) outputs with
/// the odd pixel after. Dynamic when SAME meets a dynamic size.
std::array<int64_t, 2> windowPads(PaddingAlgorithm algorithm,
                                  std::array<int64_t, 2> explicitPads,
                                  int64_t size, int64_t kernel,
                                  int64_t stride);

/// A convolution's output size: (size + pads - (dilation (k - 1) + 1)) /
/// stride + 1, dynamic when an input is. May be <= 0: the caller reports it.
int64_t convOutputSize(int64_t size, int64_t kernel, int64_t dilation,
                       int64_t padBefore, int64_t padAfter, int64_t stride);

/// A transposed convolution's size before output_padding / output_size:
/// (size - 1) stride - pads + dilation (k - 1) + 1.
int64_t convTransposeOutputSize(int64_t size, int64_t kernel,
                                int64_t dilation, int64_t padBefore,
                                int64_t padAfter, int64_t stride);

/// A pooling's output size: (size + pads - k) / stride + 1, rounded up
/// with `ceilMode`.
int64_t poolOutputSize(int64_t size, int64_t kernel, int64_t padBefore,
                       int64_t padAfter, int64_t stride, bool ceilMode);

/// Whether `format` ("NCHW", "NHWC", "AnyLayout", ...) puts channels last.
/// nullopt for a format the ops do not take.
std::optional<bool> isChannelsLast(llvm::StringRef format);

} // namespace mlir::pdnn

#endif // PADDLEDNN_DIALECT_PDNN_IR_CONVOLUTIONGEOMETRY_H
