//===- PrepareWeightsPass.cpp - --pdnnrt-prepare-weights ------------------===//
//
// Finishes the weights of the runtime calls, whatever lowering made them:
// weight transforms of constants fold, those of weights that arrive at run
// time become tensor ops, and each call argument declared
// PDNNRT_PreparedFor<weights> gets a pdnnrt.prepare_weights handle when its
// weights are a constant. Which operands those are is read from the op's
// RuntimeArgument table, so a new call op with weights needs nothing here.
//
//===----------------------------------------------------------------------===//

#include "PrepareWeights.h"

#include "PaddleDNN/Conversion/Passes.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/FoldUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_PDNNRTPREPAREWEIGHTS
#include "PaddleDNN/Conversion/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnnrt;
using Kind = RuntimeArgument::Kind;

/// `op` with `handle` as its operand argument `preparedIndex` (an absent
/// optional operand): the same op, operands and attributes, one more
/// operand in that segment.
static Operation *withHandle(RewriterBase &rewriter, Operation *op,
                             unsigned preparedIndex, Value handle) {
  auto sizesAttr = cast<DenseI32ArrayAttr>(
      *op->getInherentAttr("operandSegmentSizes"));
  SmallVector<int32_t> sizes(sizesAttr.asArrayRef());
  unsigned position = 0;
  for (unsigned i = 0; i < preparedIndex; ++i)
    position += sizes[i];
  sizes[preparedIndex] = 1;
  SmallVector<Value> operands(op->getOperands());
  operands.insert(operands.begin() + position, handle);

  OperationState state(op->getLoc(), op->getName());
  state.addOperands(operands);
  state.addTypes(op->getResultTypes());
  state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
  NamedAttrList properties(
      cast<DictionaryAttr>(op->getPropertiesAsAttribute()));
  properties.set("operandSegmentSizes", rewriter.getDenseI32ArrayAttr(sizes));
  state.propertiesAttr = properties.getDictionary(op->getContext());
  rewriter.setInsertionPoint(op);
  Operation *replacement = rewriter.create(state);
  rewriter.replaceOp(op, replacement->getResults());
  return replacement;
}

/// Gives `op` a prepared handle for each of its constant weights.
static void prepareConstantWeights(RewriterBase &rewriter, Operation *op) {
  ArrayRef<RuntimeArgument> arguments =
      cast<RuntimeCallOpInterface>(op).getRuntimeArguments();
  for (const RuntimeArgument &arg : arguments) {
    if (arg.kind != Kind::Prepared || StringRef(arg.preparedFor).empty())
      continue;
    // Ops with a handle operand declare AttrSizedOperandSegments (it is
    // optional, beside the other optional or variadic operands).
    auto sizes = cast<DenseI32ArrayAttr>(
                     *op->getInherentAttr("operandSegmentSizes"))
                     .asArrayRef();
    if (sizes[arg.odsIndex] != 0)
      continue; // already has a handle
    const RuntimeArgument *weightsArg =
        llvm::find_if(arguments, [&](const RuntimeArgument &other) {
          return StringRef(other.name) == arg.preparedFor;
        });
    unsigned weightsPosition = 0;
    for (int i = 0; i < weightsArg->odsIndex; ++i)
      weightsPosition += sizes[i];
    Value weights = op->getOperand(weightsPosition);
    if (!matchPattern(weights, m_Constant()))
      continue; // may change between calls: the call reorders it
    std::optional<WeightsRole> role = symbolizeWeightsRole(arg.role);
    rewriter.setInsertionPoint(op);
    pdnn::WeightsPlan plan = pdnn::planWeightsOf(op, rewriter);
    Value planValue;
    if (!plan.values.empty())
      planValue = arith::ConstantOp::create(
          rewriter, op->getLoc(),
          DenseElementsAttr::get(
              RankedTensorType::get(
                  {static_cast<int64_t>(plan.values.size())},
                  rewriter.getI64Type()),
              llvm::ArrayRef<int64_t>(plan.values)));
    Value handle = PrepareWeightsOp::create(
        rewriter, op->getLoc(), weights, planValue, plan.scales,
        WeightsRoleAttr::get(rewriter.getContext(), *role));
    op = withHandle(rewriter, op, arg.odsIndex, handle);
  }
}

namespace {
struct PrepareWeightsPass
    : public pdnn::impl::PDNNRTPrepareWeightsBase<PrepareWeightsPass> {
  void runOnOperation() override {
    // Fold the weight transforms in program order, so that a transform of
    // a folded transform folds too; decompose the others, and touch
    // nothing else.
    SmallVector<Operation *> transforms;
    getOperation()->walk([&](Operation *op) {
      if (isa<ReorderGruWeightHOp, PackGatesOp, FlipUpdateGateOp>(op))
        transforms.push_back(op);
    });
    OperationFolder folder(&getContext());
    llvm::erase_if(transforms, [&](Operation *op) {
      return succeeded(folder.tryToFold(op));
    });
    RewritePatternSet patterns(&getContext());
    pdnn::populateWeightTransformDecompositionPatterns(patterns);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    if (failed(applyOpPatternsGreedily(transforms, std::move(patterns),
                                       config)))
      return signalPassFailure();

    SmallVector<Operation *> calls;
    getOperation()->walk([&](RuntimeCallOpInterface op) {
      if (op->getNumResults() != 0 || op->getNumOperands() != 0)
        calls.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : calls)
      if (op->getInherentAttr("operandSegmentSizes"))
        prepareConstantWeights(rewriter, op);
  }
};
} // namespace
