//===- PDNNRuntimeOps.cpp - pdnnrt dialect and ops ------------------------===//

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pdnnrt;

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeDialect.cpp.inc"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeAttrs.cpp.inc"

void PDNNRTDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeAttrs.cpp.inc"
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
// Shared by the destination-passing ops
//===----------------------------------------------------------------------===//

/// Operand counts, and the tensor/memref form: all operands of one kind; on
/// tensors one result per destination, of the destination's type; on memrefs
/// no result.
static LogicalResult verifyCallForm(Operation *op, ValueRange inputs,
                                    ValueRange outputs, int numInputs,
                                    int numOutputs) {
  if (numInputs >= 0 && int(inputs.size()) != numInputs)
    return op->emitOpError() << "expects " << numInputs << " inputs, got "
                             << inputs.size();
  if (int(outputs.size()) != numOutputs)
    return op->emitOpError() << "expects " << numOutputs
                             << " destinations, got " << outputs.size();
  bool onTensors = isa<RankedTensorType>(outputs.front().getType());
  for (Value v : llvm::concat<const Value>(inputs, outputs))
    if (isa<RankedTensorType>(v.getType()) != onTensors)
      return op->emitOpError()
             << "operands must be all tensors or all memrefs";
  if (!onTensors && op->getNumResults() != 0)
    return op->emitOpError() << "on memrefs has no results";
  if (onTensors &&
      (op->getNumResults() != outputs.size() ||
       !llvm::equal(op->getResultTypes(), outputs.getTypes())))
    return op->emitOpError()
           << "on tensors returns one result per destination, of its type";
  return success();
}

/// Ranks of the operands, in order (-1: any rank).
static LogicalResult verifyRanks(Operation *op, ArrayRef<int64_t> ranks) {
  for (auto [index, pair] : llvm::enumerate(llvm::zip(op->getOperands(), ranks))) {
    auto [operand, rank] = pair;
    auto type = cast<ShapedType>(operand.getType());
    if (rank >= 0 && type.getRank() != rank)
      return op->emitOpError() << "operand " << index << " must have rank "
                               << rank << ", got " << type;
  }
  return success();
}

/// On memrefs: reads the inputs and writes the destinations. On tensors
/// the op is pure.
static void getCallEffects(
    DestinationStyleOpInterface op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<MemRefType>(operand.get().getType()))
      continue;
    if (op.isDpsInit(&operand))
      effects.emplace_back(MemoryEffects::Write::get(), &operand,
                           SideEffects::DefaultResource::get());
    else
      effects.emplace_back(MemoryEffects::Read::get(), &operand,
                           SideEffects::DefaultResource::get());
  }
}

#define PDNNRT_DEFINE_CALL_OP(Op, ...)                                         \
  LogicalResult Op::verify() {                                                 \
    if (failed(verifyCallForm(*this, getInputs(), getOutputs(), kNumInputs,    \
                              kNumOutputs)))                                   \
      return failure();                                                        \
    return verifyRanks(*this, {__VA_ARGS__});                                  \
  }                                                                            \
  void Op::getEffects(                                                         \
      SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>      \
          &effects) {                                                          \
    getCallEffects(*this, effects);                 \
  }

PDNNRT_DEFINE_CALL_OP(GruOp, 3, 2, 3, 3, 2, 3)
PDNNRT_DEFINE_CALL_OP(LoDGruOp, 2, 1, 2, 3, 3, 2, 2)
PDNNRT_DEFINE_CALL_OP(LoDToPaddedOp, 2, 1, 3)
PDNNRT_DEFINE_CALL_OP(PaddedToLoDOp, 3, 1, 2)
PDNNRT_DEFINE_CALL_OP(MatmulOp, -1, -1, 1, -1)
PDNNRT_DEFINE_CALL_OP(EltwiseOp, -1, -1)
PDNNRT_DEFINE_CALL_OP(BinaryOp, -1, -1, -1)
PDNNRT_DEFINE_CALL_OP(SoftmaxOp, -1, -1)
PDNNRT_DEFINE_CALL_OP(LayerNormOp, 2, 1, 1, 2, 1, 1)

LogicalResult SumOp::verify() {
  if (getInputs().empty() || getInputs().size() > 4)
    return emitOpError() << "sums 1 to 4 tensors, got " << getInputs().size();
  return verifyCallForm(*this, getInputs(), getOutputs(), -1, kNumOutputs);
}

void SumOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getCallEffects(*this, effects);
}

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
  auto weights = dyn_cast_or_null<DenseElementsAttr>(adaptor.getWeightH());
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
  auto values = dyn_cast_or_null<DenseFPElementsAttr>(adaptor.getInput());
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
