//===- FuseProductActivation.cpp - --fuse-product-activation --------------===//
//
// Paddle's fc_act_mkldnn_fuse_pass and matmul_activation_mkldnn_fuse_pass:
// an activation (FusedActivation.h) whose operand is the result of an fc or
// a matmul_v2, read by nothing else, becomes that product's activation.
// Canonicalization writes every 2-D matmul_v2 without transposes as mul,
// so a mul of a matrix Y takes the activation as an fc without Bias. The
// walk, the remarks and the counts are the convolution passes' (see
// FuseConvPostOps.cpp).
//
//===----------------------------------------------------------------------===//

#include "PassCounts.h"
#include "VerifiedRewrite.h"

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Transforms/Passes.h"

#include "mlir/IR/Remarks.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_FUSEPRODUCTACTIVATION
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// One candidate: an activation of a product's result, and either the
/// activation to give the product or why not.
struct Match {
  Operation *product = nullptr;
  ActivationSpec activation;
  std::string why;
};

/// The weights a product multiplies with (fc's W, mul's and matmul_v2's Y).
static Value weightsOf(Operation *product) { return product->getOperand(1); }

/// What refuses fusing `act` into the product that computes its operand;
/// nullopt when that operand is no product's (not a candidate at all).
static std::optional<Match> match(Operation *act) {
  bool isActivation =
      isa<ReluOp, LeakyReluOp, Relu6Op, SwishOp, HardSwishOp, HardSigmoidOp,
          SigmoidOp, TanhOp, GeluOp, AbsOp, SqrtOp, ExpOp, ClipOp>(act);
  if (!isActivation)
    return std::nullopt;
  Value result = act->getOperand(0);
  Operation *product = result.getDefiningOp();
  if (!isa_and_nonnull<FcOp, MatmulV2Op, MulOp>(product))
    return std::nullopt;
  Match m;
  m.product = product;
  StringRef name = product->getName().stripDialect();
  if (!result.hasOneUse()) {
    m.why = "the " + name.str() + "'s result has other readers";
    return m;
  }
  if (ActivationSpec fused = fusedActivationOf(product);
      fused.kind != FusedActivation::None) {
    m.why = "the " + name.str() + " already fuses activation \"" +
            fusedActivationName(fused.kind).str() + "\"";
    return m;
  }
  if (auto mul = dyn_cast<MulOp>(product);
      mul && (mul.getYNumColDims() != 1 || mul.getY().getType().getRank() != 2)) {
    m.why = "mul's Y is not a matrix at y_num_col_dims = 1, as fc's W must be";
    return m;
  }
  std::optional<ActivationSpec> spec = activationOf(act);
  if (!spec) {
    m.why = unfusableActivationReason(act).str();
    return m;
  }
  auto weights = cast<RankedTensorType>(weightsOf(product).getType());
  if (isa_and_nonnull<PackedEncodingAttr>(weights.getEncoding()) &&
      !sparseKernelsFuse(*spec)) {
    m.why = "the weights are packed for the sparse kernels, which apply relu "
            "(without a leaky slope), tanh and sigmoid only";
    return m;
  }
  if (act->getResult(0).getType() != result.getType()) {
    m.why = "the activation's type differs from the " + name.str() + "'s";
    return m;
  }
  m.activation = *spec;
  return m;
}

/// fc or matmul_v2 `product` again, with `activation`, at the rewriter's
/// insertion point.
static Operation *withActivation(RewriterBase &rewriter, Operation *product,
                                 const ActivationSpec &activation) {
  MLIRContext *ctx = product->getContext();
  Builder b(ctx);
  NamedAttrList properties(
      cast<DictionaryAttr>(product->getPropertiesAsAttribute()));
  properties.set(isa<FcOp>(product) ? "activation_type" : "fuse_activation",
                 b.getStringAttr(fusedActivationName(activation.kind)));
  properties.set("fuse_alpha", b.getF32FloatAttr(activation.alpha));
  properties.set("fuse_beta", b.getF32FloatAttr(activation.beta));
  OperationState state(product->getLoc(), product->getName());
  state.addOperands(product->getOperands());
  state.addTypes(product->getResultTypes());
  state.addAttributes(llvm::to_vector(product->getDiscardableAttrs()));
  state.propertiesAttr = properties.getDictionary(ctx);
  return rewriter.create(state);
}

/// mul(X, Y) of a matrix Y as fc(X, Y) without Bias, with `activation`:
/// the same flattening (in_num_col_dims = x_num_col_dims) and int8 scales.
static Operation *fcOfMul(RewriterBase &rewriter, MulOp mul,
                          const ActivationSpec &activation) {
  Builder b(mul.getContext());
  OperationName fc(FcOp::getOperationName(), mul.getContext());
  Type data = getElementTypeOrSelf(mul.getX().getType());
  SmallVector<NamedAttribute> attrs{
      b.getNamedAttr(FcOp::getInNumColDimsAttrName(fc),
                     mul.getXNumColDimsAttr()),
      b.getNamedAttr(FcOp::getActivationTypeAttrName(fc),
                     b.getStringAttr(fusedActivationName(activation.kind))),
      b.getNamedAttr(FcOp::getFuseAlphaAttrName(fc),
                     b.getF32FloatAttr(activation.alpha)),
      b.getNamedAttr(FcOp::getFuseBetaAttrName(fc),
                     b.getF32FloatAttr(activation.beta)),
      b.getNamedAttr(FcOp::getScaleInAttrName(fc), mul.getScaleXAttr()),
      b.getNamedAttr(FcOp::getScaleWeightsAttrName(fc), mul.getScaleYAttr()),
      b.getNamedAttr(FcOp::getScaleOutAttrName(fc), mul.getScaleOutAttr()),
      b.getNamedAttr(FcOp::getForceFp32OutputAttrName(fc),
                     mul.getForceFp32OutputAttr())};
  // What --fuse-quantized-ops writes on an fc of int8 or bf16 data.
  if (data.isInteger(8) || data.isBF16())
    attrs.push_back(b.getNamedAttr(
        FcOp::getMkldnnDataTypeAttrName(fc),
        b.getStringAttr(data.isBF16() ? "bfloat16" : "int8")));
  auto created = FcOp::create(rewriter, mul.getLoc(), TypeRange{mul.getType()},
                              ValueRange{mul.getX(), mul.getY()}, attrs);
  created->setDiscardableAttrs(mul->getDiscardableAttrDictionary());
  return created;
}

struct FuseProductActivationPass
    : public pdnn::impl::FuseProductActivationBase<FuseProductActivationPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    SmallVector<Operation *> candidates;
    root->walk([&](Operation *op) {
      if (isa<PDNNDialect>(op->getDialect()))
        candidates.push_back(op);
    });
    IRRewriter rewriter(root->getContext());
    unsigned fused = 0, refused = 0;
    for (Operation *act : candidates) {
      std::optional<Match> m = match(act);
      if (!m)
        continue;
      Operation *rebuilt = nullptr;
      if (m->why.empty()) {
        rewriter.setInsertionPoint(act);
        m->why = buildVerified(rewriter, [&] {
          if (auto mul = dyn_cast<MulOp>(m->product))
            rebuilt = fcOfMul(rewriter, mul, m->activation);
          else
            rebuilt = withActivation(rewriter, m->product, m->activation);
        });
      }
      if (!rebuilt || !m->why.empty()) {
        ++refused;
        remark::missed(act->getLoc(),
                       remark::RemarkOpts::name("ActivationNotFused")
                           .category(getArgument()))
            << remark::reason("{0}", m->why);
        continue;
      }
      rewriter.replaceAllUsesWith(act->getResult(0), rebuilt->getResult(0));
      rewriter.eraseOp(act);
      rewriter.eraseOp(m->product);
      ++fused;
    }
    reportPassCounts(root, getArgument(),
                     {{"fused", fused}, {"refused", refused}});
    numFused += fused;
    numRefused += refused;
  }
};

} // namespace
