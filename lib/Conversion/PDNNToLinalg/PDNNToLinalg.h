//===- PDNNToLinalg.h - pattern groups of the reference lowering -*- C++ -*-===//

#ifndef PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_PDNNTOLINALG_H
#define PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_PDNNTOLINALG_H

namespace mlir {
class RewritePatternSet;
namespace pdnn {

/// gru, fusion_gru, multi_gru as loops over each sequence's rows; with
/// `exactActivations`, sigmoid and tanh without Paddle's clamping.
void populateGruToLoopsPatterns(RewritePatternSet &patterns,
                                bool exactActivations);
/// rnn (LSTM, GRU, RNN_RELU, RNN_TANH) as loops over time steps.
void populateRnnToLoopsPatterns(RewritePatternSet &patterns);

/// lstm, fusion_lstm as loops (Paddle's clamped activations unless
/// `exactActivations`).
void populateLstmToLoopsPatterns(RewritePatternSet &patterns,
                                 bool exactActivations);
/// mul, fc, matmul_v2 (ReferenceProducts.cpp).
void populateProductsToLinalgPatterns(RewritePatternSet &patterns);
/// The binary ops, activations, scale, sum, clip, dropout, cast
/// (ReferenceElementwise.cpp).
void populateElementwiseToLinalgPatterns(RewritePatternSet &patterns);
/// softmax, layer_norm, top_k, reduce_mean/sum, arg_max
/// (ReferenceReductions.cpp).
void populateReductionsToLinalgPatterns(RewritePatternSet &patterns);
/// Reshapes, slices, concat, split, stack, pads, gathers, shapes and
/// constants (ReferenceTensor.cpp); both backends lower them here.
void populateTensorToLinalgPatterns(RewritePatternSet &patterns);
/// conv2d, depthwise_conv2d, conv2d_transpose, batch_norm, pool2d, the
/// interpolations (ReferenceConvolution.cpp).
void populateConvolutionToLinalgPatterns(RewritePatternSet &patterns);
/// lookup_table, lookup_table_v2, crf_decoding.
void populateSequenceToLoopsPatterns(RewritePatternSet &patterns);
/// quantize, dequantize, requantize.
void populateQuantizationToLinalgPatterns(RewritePatternSet &patterns);

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_PDNNTOLINALG_H
