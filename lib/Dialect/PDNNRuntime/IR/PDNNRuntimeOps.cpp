//===- PDNNRuntimeOps.cpp - pdnnrt dialect and ops ------------------------===//

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include "mlir/IR/DialectResourceBlobManager.h"

using namespace mlir;
using namespace mlir::pdnnrt;

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeDialect.cpp.inc"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeTypes.cpp.inc"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeInterfaces.cpp.inc"

void PDNNRTDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeTypes.cpp.inc"
      >();
}

Operation *PDNNRTDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeOps.cpp.inc"

//===----------------------------------------------------------------------===//
// prepare_weights
//===----------------------------------------------------------------------===//

LogicalResult PrepareWeightsOp::verify() { return verifyRuntimeCall(*this); }

//===----------------------------------------------------------------------===//
// sum
//===----------------------------------------------------------------------===//

// oneDNN's sum writes in place over its first source, and sources commute:
// the destination may be any of them (the runtime swaps it first).
bool SumOp::isInPlaceOperand(unsigned index) {
  return index < getSrc().size();
}

//===----------------------------------------------------------------------===//
// The runtime contract, generated from the ODS (pdnn-tblgen)
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeCallBuilders.cpp.inc"

//===----------------------------------------------------------------------===//
// reorder_gru_weight_h
//===----------------------------------------------------------------------===//

LogicalResult ReorderGruWeightHOp::verify() {
  ArrayRef<int64_t> in = getWeightH().getType().getShape();
  ArrayRef<int64_t> out = getResult().getType().getShape();
  if (in.size() != 2 || out.size() != 3 || ShapedType::isDynamic(in[0]) ||
      in[1] != 3 * in[0] || out[0] != in[0] || out[1] != 3 || out[2] != in[0])
    return emitOpError() << "maps a static D x 3D WeightH to D x 3 x D, got "
                         << getWeightH().getType() << " -> "
                         << getResult().getType();
  if (getWeightH().getType().getElementType() !=
      getResult().getType().getElementType())
    return emitOpError() << "keeps the element type";
  return success();
}

/// The elements of a constant operand, also when they are a resource blob
/// (how the Paddle importer stores weights): weight transforms fold either
/// way, so imported models prepare their weights at compile time too.
static DenseElementsAttr denseElementsOf(Attribute value) {
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(value))
    return dense;
  auto resource = dyn_cast_or_null<DenseResourceElementsAttr>(value);
  if (!resource)
    return {};
  auto type = cast<RankedTensorType>(resource.getType());
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob || type.getElementType().isInteger(1))
    return {};
  ArrayRef<char> data = blob->getData();
  bool detectedSplat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, data, detectedSplat))
    return {};
  return DenseElementsAttr::getFromRawBuffer(type, data);
}

OpFoldResult ReorderGruWeightHOp::fold(FoldAdaptor adaptor) {
  DenseElementsAttr weights = denseElementsOf(adaptor.getWeightH());
  if (!weights)
    return {};
  int64_t d = getWeightH().getType().getDimSize(0);
  if (weights.isSplat())
    return weights.resizeSplat(getResult().getType());
  // The flat buffer, in memory order, regardless of the declared shape.
  SmallVector<Attribute> flat(weights.getValues<Attribute>());
  SmallVector<Attribute> reordered;
  reordered.reserve(flat.size());
  for (int64_t i = 0; i < d; ++i)
    for (int64_t g = 0; g < 3; ++g)
      for (int64_t j = 0; j < d; ++j)
        reordered.push_back(g < 2 ? flat[i * 2 * d + g * d + j]
                                  : flat[2 * d * d + i * d + j]);
  return DenseElementsAttr::get(getResult().getType(), reordered);
}

//===----------------------------------------------------------------------===//
// flip_update_gate
//===----------------------------------------------------------------------===//

LogicalResult FlipUpdateGateOp::verify() {
  ArrayRef<int64_t> shape = getInput().getType().getShape();
  if (shape.size() < 2 || shape[shape.size() - 2] != 3)
    return emitOpError() << "expects gates in the second-to-last dimension "
                            "([..., 3, D]), got "
                         << getInput().getType();
  return success();
}

OpFoldResult FlipUpdateGateOp::fold(FoldAdaptor adaptor) {
  auto values = dyn_cast_or_null<DenseFPElementsAttr>(denseElementsOf(adaptor.getInput()));
  if (!values || !getType().hasStaticShape())
    return {};
  int64_t d = getType().getShape().back();
  SmallVector<APFloat> flipped(values.getValues<APFloat>());
  // Row-major [..., 3, D]: element k is in gate (k / D) % 3.
  for (int64_t k = 0, e = flipped.size(); k < e; ++k)
    if ((k / d) % 3 == 0)
      flipped[k].changeSign();
  return DenseElementsAttr::get(getType(), flipped);
}
