//===- WeightScales.h - 127 / max|w| per output channel ---------*- C++ -*-===//
//
// Shared by --compute-weight-scales and --fuse-quantized-ops: the weight
// scales that post-training quantization gives an int8 op's constant f32
// weights.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_TRANSFORMS_WEIGHTSCALES_H
#define PADDLEDNN_LIB_TRANSFORMS_WEIGHTSCALES_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::pdnn {

/// Whether `op` (fc, mul, fusion_gru, fusion_lstm, rnn, conv2d,
/// depthwise_conv2d or conv2d_transpose on int8 data) still has the default weight scales, the
/// single scale 1.
bool hasUnsetWeightScales(Operation *op);

/// The scales 127 / max|w| of each output channel of the constant f32
/// weights of fc, mul, fusion_gru, fusion_lstm, rnn or a convolution `op`
/// (the recurrent ones: each gate channel over the input and the hidden
/// weights together; a convolution: each Filter row [C / G, KH, KW]; a
/// transposed one: each output channel's column of its group's rows);
/// none when the weights are not f32 constants of static shape (dense or a
/// resource blob).
std::optional<SmallVector<float>> computeWeightScales(Operation *op);

/// Gives `op` those scales. Fails, changing nothing, when there are none.
LogicalResult assignWeightScales(Operation *op);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_TRANSFORMS_WEIGHTSCALES_H
