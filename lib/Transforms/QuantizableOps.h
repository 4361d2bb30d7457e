//===- QuantizableOps.h - what quantization covers --------------*- C++ -*-===//
//
// Calibration, --quantize-placement and --fuse-quantized-ops agree on which
// ops take int8 or bf16 data: the products (fc, mul, matmul_v2) and the
// convolutions (conv2d, depthwise_conv2d, conv2d_transpose), whose data is
// operand 0 and result 0 their output, and the recurrent ops (fusion_gru,
// fusion_lstm, rnn), which take oneDNN's u8 RNN data and have no weights
// operand to round.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_TRANSFORMS_QUANTIZABLEOPS_H
#define PADDLEDNN_LIB_TRANSFORMS_QUANTIZABLEOPS_H

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include <string>

namespace mlir::pdnn {

inline bool isQuantizableRecurrent(Operation *op) {
  return isa<FusionGruOp, FusionLstmOp, RnnOp>(op);
}

inline bool isQuantizableConvolution(Operation *op) {
  return isa<Conv2DOp, DepthwiseConv2DOp, Conv2DTransposeOp>(op);
}

inline bool isQuantizable(Operation *op) {
  return isa<FcOp, MulOp, MatmulV2Op>(op) || isQuantizableConvolution(op) ||
         isQuantizableRecurrent(op);
}

/// The elementwise ops with an int8 kernel (Paddle's, on oneDNN's binary):
/// their data are X and Y, both optional int8.
inline bool isInt8Elementwise(Operation *op) {
  return isa<ElementwiseAddOp, ElementwiseSubOp, ElementwiseMulOp>(op);
}

/// Ops that only rearrange their data's values (operand 0): int8 data
/// moves through them as it is.
inline bool isReshapeOrTranspose(Operation *op) {
  return isa<Reshape2Op, Squeeze2Op, Unsqueeze2Op, FlattenContiguousRangeOp,
             Flatten2Op, Transpose2Op>(op);
}

/// Ops that --fuse-quantized-ops lets carry int8 data unchanged: pooling,
/// nearest interpolation, concat, reshapes and transposes.
inline bool movesInt8(Operation *op) {
  return isa<Pool2DOp, NearestInterpV2Op, ConcatOp>(op) || isReshapeOrTranspose(op);
}

/// Why `op` has no int8 kernel although it is quantizable, or "" if it has
/// one: oneDNN has no int8 LSTM with peepholes, and among rnn's cells
/// quantizes only the LSTM.
inline std::string whyNoInt8Kernel(Operation *op) {
  if (auto lstm = dyn_cast<FusionLstmOp>(op); lstm && lstm.getUsePeepholes())
    return "oneDNN has no int8 LSTM with peepholes";
  if (auto rnn = dyn_cast<RnnOp>(op); rnn && rnn.getMode() != "LSTM")
    return std::string("oneDNN has no int8 ") +
           (rnn.getMode() == "GRU" ? "linear-before-reset GRU" : "simple RNN") +
           " (rnn mode " + rnn.getMode().str() + ")";
  return "";
}

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_TRANSFORMS_QUANTIZABLEOPS_H
