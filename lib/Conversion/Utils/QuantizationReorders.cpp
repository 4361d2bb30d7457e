//===- QuantizationReorders.cpp - Paddle's quantize kernels as reorders ---===//

#include "QuantizationReorders.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;

ReorderScaling mlir::pdnn::dequantizeScaling(float scale, float shift) {
  // dequantize_mkldnn_op: output scales {1. / Scale} and, with a shift, a
  // sum post-op over dst filled with -Shift / Scale.
  return ReorderScaling{static_cast<float>(1.0 / double(scale)),
                        shift == 0.0f ? 0.0f : -shift / scale};
}

std::optional<ReorderScaling> mlir::pdnn::reorderScalingOf(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<ReorderScaling>>(op)
      .Case([](QuantizeOp q) {
        // quantize_mkldnn_op: output scales {Scale}, destination zero point
        // static_cast<int32_t>(Shift).
        return ReorderScaling{q.getScale().convertToFloat(),
                              std::trunc(q.getShift().convertToFloat())};
      })
      .Case([](DequantizeOp d) {
        return dequantizeScaling(d.getScale().convertToFloat(),
                                 d.getShift().convertToFloat());
      })
      .Case([](RequantizeOp r) {
        // requantize_mkldnn_op: output scales {Scale_out / Scale_in} and,
        // with a shift, a sum post-op over dst filled with the u8 constant.
        float scale =
            r.getScaleOut().convertToFloat() / r.getScaleIn().convertToFloat();
        float shiftIn = r.getShiftIn().convertToFloat();
        float shiftOut = r.getShiftOut().convertToFloat();
        float shift = 0.0f;
        if (shiftIn != 0.0f || shiftOut != 0.0f)
          shift = static_cast<float>(
              std::clamp(std::lround(shiftOut - scale * shiftIn), 0L, 255L));
        return ReorderScaling{scale, shift};
      })
      .Default([](Operation *) { return std::nullopt; });
}
