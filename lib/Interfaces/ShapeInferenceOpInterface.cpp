//===- ShapeInferenceOpInterface.cpp - Paddle's shape rules ---------------===//

#include "PaddleDNN/Interfaces/ShapeInferenceOpInterface.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::pdnn;

#include "PaddleDNN/Interfaces/ShapeInferenceOpInterface.cpp.inc"

static std::string formatShape(ArrayRef<int64_t> dims) {
  if (dims.empty())
    return "scalar";
  std::string text;
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (i)
      text += "x";
    text += ShapedType::isDynamic(d) ? "?" : std::to_string(d);
  }
  return text;
}

LogicalResult
mlir::pdnn::verifyInferredShapes(ShapeInferenceOpInterface op,
                                 ArrayRef<StringRef> resultNames) {
  InferredShapes shapes;
  if (failed(op.inferResultShapes(shapes)))
    return failure();
  Operation *operation = op.getOperation();
  for (auto [index, inferred] : llvm::enumerate(shapes)) {
    if (!inferred || index >= operation->getNumResults())
      continue;
    auto type = dyn_cast<RankedTensorType>(operation->getResult(index).getType());
    if (!type)
      continue;
    ArrayRef<int64_t> declared = type.getShape();
    bool compatible = declared.size() == inferred->size();
    for (size_t d = 0; compatible && d < declared.size(); ++d)
      compatible = ShapedType::isDynamic(declared[d]) ||
                   ShapedType::isDynamic((*inferred)[d]) ||
                   declared[d] == (*inferred)[d];
    if (!compatible)
      return op->emitOpError()
             << (index < resultNames.size() ? resultNames[index].str()
                                            : "result " + std::to_string(index))
             << " must be " << formatShape(*inferred) << ", got "
             << formatShape(declared);
  }
  return success();
}
