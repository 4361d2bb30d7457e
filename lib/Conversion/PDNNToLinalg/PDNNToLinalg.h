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
/// mul, fc, matmul_v2, elementwise, activations, softmax, layer_norm, sum,
/// scale, concat, top_k.
void populateLayersToLinalgPatterns(RewritePatternSet &patterns);
/// lookup_table, lookup_table_v2, crf_decoding.
void populateSequenceToLoopsPatterns(RewritePatternSet &patterns);
/// quantize, dequantize, requantize.
void populateQuantizationToLinalgPatterns(RewritePatternSet &patterns);

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_PDNNTOLINALG_H
