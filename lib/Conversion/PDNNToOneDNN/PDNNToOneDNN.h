//===- PDNNToOneDNN.h - pattern groups of the oneDNN lowering ---*- C++ -*-===//

#ifndef PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_PDNNTOONEDNN_H
#define PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_PDNNTOONEDNN_H

#include "PaddleDNN/Conversion/Options.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "../Utils/QuantizationReorders.h"

namespace mlir {
class RewritePatternSet;
namespace pdnn {

/// A oneDNN reorder of `src` into a new tensor of `elementType`:
/// sat(rint(scale · src + shift)) as QuantizationReorders.h says.
pdnnrt::ReorderOp buildReorder(OpBuilder &b, Location loc, Value src,
                               Type elementType, ReorderScaling scaling);

/// gru, fusion_gru, multi_gru -> pdnnrt calls with explicit data movement.
void populateGruToOneDNNPatterns(RewritePatternSet &patterns,
                                 GruBatching batching);

/// lstm, fusion_lstm -> pdnnrt.rnn calls (LoD batches as `batching` says).
void populateLstmToOneDNNPatterns(RewritePatternSet &patterns,
                                  GruBatching batching);

/// rnn (LSTM, GRU, RNN_TANH, RNN_RELU) -> pdnnrt.rnn calls.
void populateRnnToOneDNNPatterns(RewritePatternSet &patterns);

/// fc, mul, matmul_v2 -> pdnnrt.matmul (ProductsToOneDNN.cpp).
void populateProductsToOneDNNPatterns(RewritePatternSet &patterns);

/// Activations, scale, the binary ops, sum, clip, dropout -> eltwise,
/// binary and sum calls (ElementwiseToOneDNN.cpp).
void populateElementwiseToOneDNNPatterns(RewritePatternSet &patterns);

/// softmax, layer_norm -> their calls (ReductionsToOneDNN.cpp).
void populateReductionsToOneDNNPatterns(RewritePatternSet &patterns);

/// conv2d, conv2d_transpose, pool2d, batch_norm, the interpolations ->
/// convolution, deconvolution, pooling, batch_norm, resampling calls
/// (ConvolutionToOneDNN.cpp).
void populateConvolutionToOneDNNPatterns(RewritePatternSet &patterns);

/// concat -> the concat call (TensorToOneDNN.cpp).
void populateTensorToOneDNNPatterns(RewritePatternSet &patterns);

/// quantize, dequantize, requantize -> pdnnrt.reorder calls.
void populateQuantizationToOneDNNPatterns(RewritePatternSet &patterns);

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_PDNNTOONEDNN_H
