//===- PackSparseWeights.cpp - sparse s8 weights get #pdnn.packed ---------===//
//
// The decision, not the packing: the weights keep their values and gain an
// encoding that the lowering honours by packing them (PackedSparseFormat.h)
// and calling a generated kernel. Below the threshold the dense int8 kernel
// moves fewer bytes per useful multiply, so the weights stay dense.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Runtime/PackedSparseFormat.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "PassCounts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_PACKSPARSEWEIGHTS
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

/// The int8 product's weights operand, or null with `why` set when the op
/// cannot take packed weights (or is no int8 product at all: `why` empty).
static OpOperand *packableWeights(Operation *op, std::string &why) {
  auto int8Data = [](Value v) { return getElementTypeOrSelf(v).isInteger(8); };
  OpOperand *weights = nullptr;
  if (auto fc = dyn_cast<FcOp>(op)) {
    if (!int8Data(fc.getInput()))
      return nullptr;
    if (fc.getPaddingWeights())
      why = "fc has padding_weights";
    weights = &fc.getWMutable();
  } else if (auto mul = dyn_cast<MulOp>(op)) {
    if (!int8Data(mul.getX()))
      return nullptr;
    if (mul.getY().getType().getRank() != 2)
      why = "Y is not a matrix";
    weights = &mul.getYMutable();
  } else if (auto matmul = dyn_cast<MatmulV2Op>(op)) {
    if (!int8Data(matmul.getX()))
      return nullptr;
    if (matmul.getTransY())
      why = "Y is transposed (trans_y)";
    else if (matmul.getY().getType().getRank() != 2)
      why = "Y is not a matrix";
    weights = &matmul.getYMutable();
  } else {
    return nullptr;
  }
  auto type = cast<RankedTensorType>(weights->get().getType());
  if (isa_and_nonnull<PackedEncodingAttr>(type.getEncoding()))
    return nullptr; // already packed
  if (why.empty() && !type.getElementType().isSignedInteger(8))
    why = "the weights are not si8 (run --quantize-constant-weights first)";
  if (why.empty() && !matchPattern(weights->get(), m_Constant()))
    why = "the weights are not a constant";
  if (ActivationSpec activation = fusedActivationOf(op);
      why.empty() && !sparseKernelsFuse(activation))
    why = ("the product fuses activation \"" +
           fusedActivationName(activation.kind) + "\"" +
           (activation.alpha != 0.0f ? " with a leaky slope" : "") +
           "; the sparse kernels apply relu (without a leaky slope), tanh "
           "and sigmoid only")
              .str();
  return why.empty() ? weights : nullptr;
}

namespace {

struct PackSparseWeightsPass
    : public mlir::pdnn::impl::PackSparseWeightsBase<PackSparseWeightsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (sparsityThreshold < 0.0 || sparsityThreshold > 1.0) {
      getOperation()->emitError()
          << "pack-sparse-weights: sparsity-threshold must be in [0, 1], got "
          << sparsityThreshold;
      return signalPassFailure();
    }
    unsigned packed = 0, dense = 0;
    auto missed = [&](Operation *op, const Twine &why) {
      ++dense;
      remark::missed(op->getLoc(), remark::RemarkOpts::name("WeightsKeptDense")
                                       .category(getArgument()))
          << remark::reason("{0}", why.str());
    };
    getOperation()->walk([&](Operation *op) {
      std::string why;
      OpOperand *weights = packableWeights(op, why);
      if (!weights) {
        if (!why.empty())
          missed(op, why);
        return;
      }
      DenseIntElementsAttr values;
      matchPattern(weights->get(), m_Constant(&values));
      int64_t total = values.getNumElements();
      int64_t nonZeros = llvm::count_if(
          values.getValues<APInt>(), [](const APInt &v) { return !v.isZero(); });
      double sparsity = total ? double(total - nonZeros) / double(total) : 0.0;
      if (sparsity < sparsityThreshold) {
        missed(op, llvm::formatv("sparsity {0:F3} is below the threshold {1:F2}",
                                 sparsity, double(sparsityThreshold)));
        return;
      }
      auto type = cast<RankedTensorType>(values.getType());
      auto encoded = RankedTensorType::get(
          type.getShape(), type.getElementType(),
          PackedEncodingAttr::get(op->getContext(), ::pdnn::packed::kFormat,
                                  nonZeros));
      OpBuilder b(op);
      Value constant = arith::ConstantOp::create(
          b, weights->get().getLoc(), encoded, values.reshape(encoded));
      Value old = weights->get();
      weights->set(constant);
      if (Operation *producer = old.getDefiningOp();
          producer && producer->use_empty())
        producer->erase();
      ++packed;
    });
    reportPassCounts(getOperation(), getArgument(),
                     {{"packed", packed}, {"dense", dense}});
  }
};

} // namespace
