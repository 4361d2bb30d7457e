//===- WindowGeometry.h - convolution and pooling sizes in IR ---*- C++ -*-===//
//
// The sizes ConvolutionGeometry.h defines, built as index arithmetic for the
// sizes the types leave open (folded to constants for the others): pads
// that SAME derives from the input, output sizes, ceil_mode's extra pad.
// Both lowerings use them: the reference pads and convolves with them, the
// oneDNN lowering hands them to the runtime. An output size below 1 (an
// image smaller than the window) is reported at run time and becomes 0, so
// that nothing after it runs out of bounds.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_WINDOWGEOMETRY_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_WINDOWGEOMETRY_H

#include "PaddleDNN/Dialect/PDNN/IR/ConvolutionGeometry.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

namespace mlir::pdnn {

/// One spatial dimension of a window op.
struct WindowDim {
  /// The pads before and after (explicit, or SAME's, or 0).
  OpFoldResult padBefore, padAfter;
  /// The output size, checked positive (0 after a reported error).
  OpFoldResult out;
  /// Pooling with ceil_mode: the pad after the input that the last window
  /// reaches beyond padAfter (0 otherwise).
  OpFoldResult ceilExtra;
};

/// What a window op needs of one spatial dimension.
struct WindowSpec {
  PaddingAlgorithm algorithm = PaddingAlgorithm::Explicit;
  int64_t padBefore = 0, padAfter = 0, stride = 1, dilation = 1;
};

/// A convolution's dimension: out = (size + pads - (d (k - 1) + 1)) / s + 1.
/// `what` names the op and dimension in the error ("conv2d height").
WindowDim convolutionWindow(OpBuilder &b, Location loc, const WindowSpec &spec,
                            OpFoldResult size, OpFoldResult kernel,
                            StringRef what);

/// A pooling's dimension, rounding the output size up with `ceilMode`.
WindowDim poolingWindow(OpBuilder &b, Location loc, const WindowSpec &spec,
                        OpFoldResult size, OpFoldResult kernel, bool ceilMode,
                        StringRef what);

/// A transposed convolution's dimension: (size - 1) s - pads + d (k - 1) +
/// 1 + outputPadding, where outputPadding is `outputPadding`, or
/// `outputSize` minus that size when outputSize >= 0 (checked to lie in
/// [size, size + s)).
WindowDim transposedConvolutionWindow(OpBuilder &b, Location loc,
                                      const WindowSpec &spec, OpFoldResult size,
                                      OpFoldResult kernel, int64_t outputPadding,
                                      int64_t outputSize, StringRef what);

/// The per-dimension specs of a 2-D window op's attributes (verified).
SmallVector<WindowSpec, 2> windowSpecs(StringRef paddingAlgorithm,
                                       ArrayRef<int32_t> paddings,
                                       ArrayRef<int32_t> strides,
                                       ArrayRef<int32_t> dilations);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_WINDOWGEOMETRY_H
