//===- Int8Elementwise.cpp - Paddle's int8 elementwise add, sub, mul ------===//

#include "Int8Elementwise.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;

std::optional<Int8SourceScales> pdnn::int8SourceScalesOf(Operation *op) {
  if (!llvm::any_of(op->getOperandTypes(), [](Type t) {
        return getElementTypeOrSelf(t).isInteger(8);
      }) &&
      !getElementTypeOrSelf(op->getResult(0).getType()).isInteger(8))
    return std::nullopt;
  auto scalesOf = [](auto binary, bool product) {
    // f32 divisions, as Paddle's handler computes them. Its code gives sub
    // 1 / Scale_y like mul, against its own equation: sub takes the
    // equation's Scale_out / Scale_y (docs/PaddleOpSemantics.md).
    float x = binary.getScaleX().convertToFloat();
    float y = binary.getScaleY().convertToFloat();
    float out = binary.getScaleOut().convertToFloat();
    return Int8SourceScales{out / x, (product ? 1.0f : out) / y};
  };
  return TypeSwitch<Operation *, std::optional<Int8SourceScales>>(op)
      .Case<ElementwiseAddOp, ElementwiseSubOp>(
          [&](auto binary) { return scalesOf(binary, false); })
      .Case([&](ElementwiseMulOp mul) { return scalesOf(mul, true); })
      .Default([](Operation *) { return std::nullopt; });
}
