//===- PDNNDialect.cpp - pdnn dialect registration ------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::pdnn;

#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.cpp.inc"

Operation *PDNNDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

/// `pdnn.feed_names` / `pdnn.fetch_names` (set by the Paddle importer): the
/// Paddle var of each argument / result of a function, in order. Lowering
/// changes the signature (memref descriptors), so only the form is checked.
static LogicalResult verifyEndpointNames(Operation *op, NamedAttribute attr) {
  if (!isa<FunctionOpInterface>(op))
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' belongs on a function";
  auto names = dyn_cast<ArrayAttr>(attr.getValue());
  if (!names || !llvm::all_of(names, [](Attribute a) { return isa<StringAttr>(a); }))
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' must be an array of strings";
  return success();
}

LogicalResult PDNNDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  if (attr.getName() == "pdnn.feed_names" || attr.getName() == "pdnn.fetch_names")
    return verifyEndpointNames(op, attr);
  if (attr.getName() != getInPlaceAttrName())
    return op->emitError() << "unknown pdnn attribute '" << attr.getName().getValue()
                           << "'";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' must be a unit attribute";
  auto inPlace = dyn_cast<InPlaceOpInterface>(op);
  if (!inPlace)
    return op->emitError() << "'" << attr.getName().getValue() << "' on '"
                           << op->getName()
                           << "', whose kernel cannot run in place";
  if (!inPlace.canRunInPlace())
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' needs the result to have the in-place "
                              "operand's type "
                           << op->getOperand(inPlace.getInPlaceOperandIndex())
                                  .getType()
                           << ", got " << op->getResult(0).getType();
  return success();
}

namespace {
/// op(tensor.cast(x)) -> op(x) where x's type is more static than the
/// cast's, as long as the op still verifies (an op whose result must have
/// its operand's type keeps the cast). Lowerings then see every static size
/// there is: the GRU frame size of weights imported through a cast, say.
struct AbsorbMoreStaticCast : public RewritePattern {
  AbsorbMoreStaticCast(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<PDNNDialect>(op->getDialect()))
      return failure();
    // Try each cast in turn, keeping those after which the op verifies;
    // then undo them and redo them through the rewriter.
    SmallVector<std::pair<OpOperand *, tensor::CastOp>> absorbed;
    for (OpOperand &operand : op->getOpOperands()) {
      auto cast = operand.get().getDefiningOp<tensor::CastOp>();
      if (!cast || !tensor::canFoldIntoConsumerOp(cast))
        continue;
      operand.set(cast.getSource());
      if (succeeded(verifyQuietly(op)))
        absorbed.push_back({&operand, cast});
      else
        operand.set(cast.getResult());
    }
    if (absorbed.empty())
      return failure();
    for (auto [operand, cast] : absorbed)
      operand->set(cast.getResult());
    rewriter.modifyOpInPlace(op, [&] {
      for (auto [operand, cast] : absorbed)
        operand->set(cast.getSource());
    });
    return success();
  }

  static LogicalResult verifyQuietly(Operation *op) {
    ScopedDiagnosticHandler quiet(op->getContext(),
                                  [](Diagnostic &) { return success(); });
    return verify(op, /*verifyRecursively=*/false);
  }
};
} // namespace

void PDNNDialect::getCanonicalizationPatterns(RewritePatternSet &results) const {
  results.add<AbsorbMoreStaticCast>(getContext());
}

void PDNNDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "PaddleDNN/Dialect/PDNN/IR/ProductOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "PaddleDNN/Dialect/PDNN/IR/RecurrentOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "PaddleDNN/Dialect/PDNN/IR/ConvolutionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "PaddleDNN/Dialect/PDNN/IR/ElementwiseOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "PaddleDNN/Dialect/PDNN/IR/ReductionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "PaddleDNN/Dialect/PDNN/IR/TensorOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "PaddleDNN/Dialect/PDNN/IR/SequenceOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "PaddleDNN/Dialect/PDNN/IR/QuantizationOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.cpp.inc"
      >();
}
