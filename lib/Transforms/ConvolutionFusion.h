//===- ConvolutionFusion.h - what the conv fuse passes share ----*- C++ -*-===//
//
// The convolution fuse passes (FuseConvBatchNorm.cpp, FuseConvPostOps.cpp)
// rewrite conv2d, depthwise_conv2d and conv2d_transpose alike: they read a
// convolution's Filter, Bias, residual and fused activation, and build the
// same op again with some of them changed. This is that view of the three
// ops, and the walk that reports every refusal as a remark.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_TRANSFORMS_CONVOLUTIONFUSION_H
#define PADDLEDNN_LIB_TRANSFORMS_CONVOLUTIONFUSION_H

#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::pdnn {

/// Operation `op` as a convolution, when it is one.
struct Convolution {
  Operation *op = nullptr;
  Value input, filter, bias, residual, output;
  StringRef activation;
  float alpha = 0.0f, beta = 0.0f;
  /// conv2d_transpose: Filter is [C, M / groups, KH, KW].
  bool transposed = false;
  bool channelsLast = false;
  int64_t groups = 1;

  static std::optional<Convolution> of(Operation *op);
  /// Why no post-op may be fused into this convolution, or "": an int8
  /// convolution's scales were chosen for the ops it has (Paddle fuses
  /// before it quantizes).
  std::string whyClosed() const;
  /// Whether the convolution's result feeds `user` and nothing else.
  bool onlyFeeds(Operation *user) const;
};

/// What a fuse changes in a convolution; unset fields keep theirs.
struct ConvolutionChange {
  std::optional<Value> filter, bias, residual;
  std::optional<std::string> activation;
  std::optional<float> alpha, beta;
  /// The new op's result type (the fused op's, whose value it replaces).
  Type resultType;
};

/// Builds `conv` again with `change` applied, at the rewriter's insertion
/// point. The caller verifies it (buildVerified).
Operation *rebuildConvolution(RewriterBase &rewriter, const Convolution &conv,
                              const ConvolutionChange &change);

/// A constant f32 tensor of `type` holding `values`: a resource blob, as the
/// importer stores weights, beyond 1024 elements (`name` names the blob).
Value f32Constant(OpBuilder &b, Location loc, RankedTensorType type,
                  ArrayRef<float> values, StringRef name);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_TRANSFORMS_CONVOLUTIONFUSION_H
