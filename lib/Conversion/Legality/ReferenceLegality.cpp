//===- ReferenceLegality.cpp - which pdnn ops the reference loops run -----===//

#include "PaddleDNN/Conversion/BackendLegality.h"

#include "../Utils/GruOperands.h"
#include "../Utils/LstmOperands.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;

std::string mlir::pdnn::whyNotOnReference(Operation *op) {
  if (isa<GruOp, FusionGruOp>(op) && !gruFrameSize(op))
    return "the frame size D is dynamic in every operand and result; give "
           "WeightH a static type";
  if (isa<LstmOp, FusionLstmOp>(op) && !lstmFrameSize(op))
    return "the frame size D is dynamic in every operand and result; give "
           "WeightH a static type";
  if (auto multi = dyn_cast<MultiGruOp>(op)) {
    for (int64_t layer = 0; layer < multi.getLayers(); ++layer)
      if (!gruFrameSize(op, layer))
        return "the frame size D of layer " + std::to_string(layer) +
               " is dynamic in every operand and result; give its WeightH "
               "a static type";
    if (getElementTypeOrSelf(multi.getX().getType()).isUnsignedInteger(8))
      for (int64_t i = 0, e = multi.getScaleWeights().size(); i < e; ++i)
        if (!multiGruWeightScales(op, i))
          return "Scale_weights[" + std::to_string(i) +
                 "] is not a constant; the int8 GRU quantizes its weights "
                 "with it once";
  }
  return {};
}
