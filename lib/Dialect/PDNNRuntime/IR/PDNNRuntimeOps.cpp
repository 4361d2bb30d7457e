//===- PDNNRuntimeOps.cpp - pdnnrt dialect and ops ------------------------===//

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"
#include "PaddleDNN/Support/ConstantElements.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pdnnrt;
using mlir::pdnn::denseElementsOf;

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

//===----------------------------------------------------------------------===//
// prepare_weights
//===----------------------------------------------------------------------===//

LogicalResult PrepareWeightsOp::verify() { return verifyRuntimeCall(*this); }

//===----------------------------------------------------------------------===//
// sparse_matmul
//===----------------------------------------------------------------------===//

LogicalResult
SparseMatmulOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto verifyKernel = [&](StringRef role,
                          FlatSymbolRefAttr name) -> LogicalResult {
    auto kernel =
        symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(*this, name);
    if (!kernel)
      return emitOpError() << role << " '" << name.getValue()
                           << "' is not a function of this module";
    // Checked without building the type: the module may not have loaded the
    // LLVM dialect.
    auto type = dyn_cast<FunctionType>(kernel.getFunctionType());
    auto isI64 = [](Type t) { return t.isSignlessInteger(64); };
    bool matches = type && type.getNumInputs() == 3 &&
                   type.getNumResults() == 0 &&
                   isa<LLVM::LLVMPointerType>(type.getInput(0)) &&
                   isI64(type.getInput(1)) && isI64(type.getInput(2));
    if (!matches)
      return emitOpError() << role << " '" << name.getValue()
                           << "' must have type '(!llvm.ptr, i64, i64) -> ()', "
                              "got "
                           << kernel.getFunctionType();
    return success();
  };
  return success(succeeded(verifyKernel("vnniKernel", getVnniKernelAttr())) &&
                 succeeded(verifyKernel("amxKernel", getAmxKernelAttr())));
}

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

//===----------------------------------------------------------------------===//
// pack_gates
//===----------------------------------------------------------------------===//

namespace {
/// A pack_gates source read as [R, G, H] (R = 1 for a bias).
struct GateSource {
  int64_t rows, gates, hidden;
  bool bias;
};
} // namespace

/// How `op` reads its sources, or failure with a diagnostic.
static FailureOr<GateSource> gateSourceOf(PackGatesOp op) {
  auto type = cast<RankedTensorType>(op.getSources().front().getType());
  auto result = op.getResult().getType();
  ArrayRef<int64_t> shape = type.getShape();
  GateSource source{1, 0, result.getShape().back(), type.getRank() == 1};
  if (ShapedType::isDynamic(source.hidden) || source.hidden <= 0)
    return op.emitOpError() << "needs a static hidden size, got " << result;
  auto split = [&](int64_t gatesTimesHidden) -> LogicalResult {
    if (ShapedType::isDynamic(gatesTimesHidden) ||
        gatesTimesHidden % source.hidden != 0)
      return op.emitOpError() << "sources of " << type
                              << " do not hold whole gates of "
                              << source.hidden;
    source.gates = gatesTimesHidden / source.hidden;
    return success();
  };
  switch (type.getRank()) {
  case 1:
    if (failed(split(shape[0])))
      return failure();
    break;
  case 2:
    source.rows = shape[op.getTranspose() ? 1 : 0];
    if (failed(split(shape[op.getTranspose() ? 0 : 1])))
      return failure();
    break;
  case 3:
    if (op.getTranspose())
      return op.emitOpError() << "transposes 2-D sources only";
    source.rows = shape[0];
    source.gates = shape[1];
    if (shape[2] != source.hidden)
      return op.emitOpError() << "sources of " << type << " have hidden size "
                              << shape[2] << ", the result " << source.hidden;
    break;
  default:
    return op.emitOpError() << "takes [G·H], [R, G·H] or [R, G, H] sources, got "
                            << type;
  }
  return source;
}

LogicalResult PackGatesOp::verify() {
  if (getSources().empty())
    return emitOpError() << "needs at least one source";
  Type first = getSources().front().getType();
  for (Value source : getSources())
    if (source.getType() != first)
      return emitOpError() << "takes sources of one type, got " << first
                           << " and " << source.getType();
  FailureOr<GateSource> source = gateSourceOf(*this);
  if (failed(source))
    return failure();
  int64_t directions = getDirections();
  int64_t count = getSources().size();
  if (directions < 1 || directions > 2 || count % directions != 0)
    return emitOpError() << "packs whole layers of 1 or 2 directions, got "
                         << count << " sources for " << directions;
  for (int64_t gate : getGates())
    if (gate < -1 || gate >= source->gates)
      return emitOpError() << "selects gate " << gate << " of "
                           << source->gates;
  SmallVector<int64_t> expected{count / directions, directions};
  if (!source->bias)
    expected.push_back(source->rows);
  expected.append({static_cast<int64_t>(getGates().size()), source->hidden});
  auto result = getResult().getType();
  if (result.getShape() != ArrayRef(expected) ||
      result.getElementType() != getElementTypeOrSelf(first))
    return emitOpError() << "packs " << count << " sources of " << first
                         << " into " << RankedTensorType::get(expected, getElementTypeOrSelf(first))
                         << ", not " << result;
  return success();
}

OpFoldResult PackGatesOp::fold(FoldAdaptor adaptor) {
  FailureOr<GateSource> source = gateSourceOf(*this);
  if (failed(source) || ShapedType::isDynamic(source->rows))
    return {};
  SmallVector<DenseFPElementsAttr> values;
  for (Attribute attr : adaptor.getSources()) {
    auto dense = dyn_cast_or_null<DenseFPElementsAttr>(denseElementsOf(attr));
    if (!dense)
      return {};
    values.push_back(dense);
  }
  const int64_t rows = source->rows, hidden = source->hidden,
                gates = source->gates;
  const bool transpose = getTranspose();
  auto elementType = cast<FloatType>(getType().getElementType());
  APFloat zero = APFloat::getZero(elementType.getFloatSemantics());
  SmallVector<APFloat> packed;
  packed.reserve(getType().getNumElements());
  for (DenseFPElementsAttr dense : values) {
    SmallVector<APFloat> flat(dense.getValues<APFloat>());
    // Element (r, gate, h) of the source in its row-major memory order.
    auto at = [&](int64_t r, int64_t gate, int64_t h) -> const APFloat & {
      int64_t column = gate * hidden + h;
      return flat[transpose ? column * rows + r : r * gates * hidden + column];
    };
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t gate : getGates())
        for (int64_t h = 0; h < hidden; ++h)
          packed.push_back(gate < 0 ? zero : at(r, gate, h));
  }
  return DenseElementsAttr::get(getType(), packed);
}
