//===- FuseConvPostOps.cpp - --fuse-conv-bias/-residual/-activation -------===//
//
// What Paddle's oneDNN convolution applies after the product, in its order
// (bias, residual sum, activation), taken into the convolution from the op
// that follows it: each pass looks at the ops that could follow a
// convolution, matches the one thing it fuses, and rebuilds the convolution
// with it (ConvolutionFusion.h). The three share the walk, the refusal
// remarks and the counts; they differ in what they match.
//
//===----------------------------------------------------------------------===//

#include "ConvolutionFusion.h"
#include "PassCounts.h"
#include "VerifiedRewrite.h"

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Support/ConstantElements.h"
#include "PaddleDNN/Transforms/Passes.h"

#include "mlir/IR/Remarks.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_FUSECONVBIAS
#define GEN_PASS_DEF_FUSECONVRESIDUAL
#define GEN_PASS_DEF_FUSECONVACTIVATION
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// One fuse: for a candidate op that follows a convolution, either the
/// change to make to the convolution (and the op's result it replaces), or
/// why not. `found` is false for ops the pass does not look at at all.
struct Match {
  bool found = false;
  std::string why;
  Convolution conv;
  ConvolutionChange change;
  Value replaced;
};

/// The convolution that produces `value` alone for `user`, or why not.
static Match convolutionFeeding(Value value, Operation *user) {
  Match m;
  m.found = true;
  Operation *producer = value.getDefiningOp();
  std::optional<Convolution> conv =
      producer ? Convolution::of(producer) : std::nullopt;
  if (!conv) {
    m.found = false;
    return m;
  }
  m.conv = *conv;
  m.why = conv->whyClosed();
  if (m.why.empty() && !conv->onlyFeeds(user))
    m.why = "the convolution's result has other readers";
  return m;
}

//===----------------------------------------------------------------------===//
// What each pass matches
//===----------------------------------------------------------------------===//

/// elementwise_add(conv, b), b a constant per-channel vector.
static Match matchBias(Operation *op) {
  auto add = dyn_cast<ElementwiseAddOp>(op);
  if (!add)
    return {};
  // A sum with a tensor is a residual (--fuse-conv-residual's).
  DenseElementsAttr added = constantElementsOf(add.getY());
  if (!added || !added.getElementType().isF32())
    return {};
  Match m = convolutionFeeding(add.getX(), add);
  if (!m.found || !m.why.empty())
    return m;
  const Convolution &conv = m.conv;
  if (!conv.activation.empty()) {
    m.why = "the convolution fuses an activation, which comes after the bias";
    return m;
  }
  if (add.getType() != conv.output.getType()) {
    m.why = "the sum's type differs from the convolution's";
    return m;
  }
  ArrayRef<int64_t> shape = added.getType().getShape();
  int64_t rank = add.getType().getRank();
  int64_t channel = conv.channelsLast ? rank - 1 : 1;
  int64_t start = add.getAlignedAxis();
  for (int64_t d = 0, e = shape.size(); d < e; ++d)
    if (shape[d] != 1 && start + d != channel) {
      m.why = "the added constant varies along a dimension other than the channels";
      return m;
    }
  ArrayRef<int64_t> f = cast<RankedTensorType>(conv.filter.getType()).getShape();
  int64_t channels = conv.transposed ? f[1] * conv.groups : f[0];
  SmallVector<float> values(added.getValues<float>().begin(), added.getValues<float>().end());
  if (values.size() == 1)
    values.assign(channels, values.front());
  if (int64_t(values.size()) != channels) {
    m.why = "the added constant has " + std::to_string(values.size()) +
            " values for " + std::to_string(channels) + " channels";
    return m;
  }
  if (conv.bias) {
    DenseElementsAttr old = constantElementsOf(conv.bias);
    if (!old || !old.getElementType().isF32() || old.getNumElements() != channels) {
      m.why = "the convolution's Bias is not a constant of one value per channel";
      return m;
    }
    for (auto [i, v] : llvm::enumerate(old.getValues<float>()))
      values[i] += v;
  }
  OpBuilder b(op);
  auto type = RankedTensorType::get({channels}, b.getF32Type());
  m.change.bias = Value(f32Constant(b, op->getLoc(), type, values, "fused_bias"));
  m.change.resultType = add.getType();
  m.replaced = add.getOut();
  return m;
}

/// elementwise_add(conv, r) or (r, conv), r of the same shape.
static Match matchResidual(Operation *op) {
  auto add = dyn_cast<ElementwiseAddOp>(op);
  if (!add)
    return {};
  // Either side may be the convolution; the first side that fuses wins,
  // and a refusal is reported only when neither does.
  Match refusal;
  for (unsigned side : {0u, 1u}) {
    Value convResult = add->getOperand(side), other = add->getOperand(1 - side);
    Match m = convolutionFeeding(convResult, add);
    if (!m.found)
      continue;
    if (!m.why.empty()) {
      if (!refusal.found)
        refusal = m;
      continue;
    }
    const Convolution &conv = m.conv;
    // A constant is a bias: --fuse-conv-bias's.
    if (constantElementsOf(other)) {
      m.found = false;
      return m;
    }
    if (conv.transposed)
      m.why = "conv2d_transpose has no residual input";
    else if (conv.residual)
      m.why = "the convolution already adds a residual";
    else if (!conv.activation.empty())
      m.why = "the convolution fuses an activation, which comes after the "
              "residual";
    else if (other.getType() != add.getType() || convResult.getType() != add.getType())
      m.why = "the sum broadcasts (or its types differ): a residual has the "
              "output's shape";
    if (!m.why.empty()) {
      // The other side may still be a convolution that takes it.
      if (!refusal.found)
        refusal = m;
      continue;
    }
    m.change.residual = other;
    m.change.resultType = add.getType();
    m.replaced = add.getOut();
    return m;
  }
  return refusal;
}

/// An activation (FusedActivation.h) of a convolution's result.
static Match matchActivation(Operation *op) {
  bool isActivation =
      isa<ReluOp, LeakyReluOp, Relu6Op, SwishOp, HardSwishOp, HardSigmoidOp,
          SigmoidOp, TanhOp, GeluOp, AbsOp, SqrtOp, ExpOp, ClipOp>(op);
  if (!isActivation)
    return {};
  Match m = convolutionFeeding(op->getOperand(0), op);
  if (!m.found || !m.why.empty())
    return m;
  if (!m.conv.activation.empty()) {
    m.why = "the convolution already fuses activation \"" +
            m.conv.activation.str() + "\"";
    return m;
  }
  std::optional<ActivationSpec> spec = activationOf(op);
  if (!spec) {
    m.why = unfusableActivationReason(op).str();
    return m;
  }
  if (op->getResult(0).getType() != m.conv.output.getType()) {
    m.why = "the activation's type differs from the convolution's";
    return m;
  }
  m.change.activation = fusedActivationName(spec->kind).str();
  m.change.alpha = spec->alpha;
  m.change.beta = spec->beta;
  m.change.resultType = op->getResult(0).getType();
  m.replaced = op->getResult(0);
  return m;
}

/// Runs `match` over every op under `root` and applies what it finds.
static std::pair<unsigned, unsigned> fuseAll(Operation *root, StringRef passName,
                                             StringRef missed,
                                             function_ref<Match(Operation *)> match) {
  SmallVector<Operation *> candidates;
  root->walk([&](Operation *op) {
    if (isa<PDNNDialect>(op->getDialect()))
      candidates.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  unsigned fused = 0, refused = 0;
  for (Operation *op : candidates) {
    Match m = match(op);
    if (!m.found)
      continue;
    Operation *rebuilt = nullptr;
    if (m.why.empty()) {
      rewriter.setInsertionPoint(op);
      m.why = buildVerified(rewriter, [&] {
        rebuilt = rebuildConvolution(rewriter, m.conv, m.change);
      });
    }
    if (!rebuilt || !m.why.empty()) {
      // A constant the match built for the change goes with it.
      if (m.change.bias && *m.change.bias && m.change.bias->use_empty())
        rewriter.eraseOp(m.change.bias->getDefiningOp());
      ++refused;
      remark::missed(op->getLoc(), remark::RemarkOpts::name(missed).category(passName))
          << remark::reason("{0}", m.why);
      continue;
    }
    Value oldBias = m.conv.bias;
    rewriter.replaceAllUsesWith(m.replaced, rebuilt->getResult(0));
    rewriter.eraseOp(op);
    rewriter.eraseOp(m.conv.op);
    if (m.change.bias && oldBias)
      if (Operation *def = oldBias.getDefiningOp(); def && def->use_empty())
        rewriter.eraseOp(def);
    ++fused;
  }
  reportPassCounts(root, passName, {{"fused", fused}, {"refused", refused}});
  return {fused, refused};
}

struct FuseConvBiasPass : public pdnn::impl::FuseConvBiasBase<FuseConvBiasPass> {
  void runOnOperation() override {
    auto [fused, refused] =
        fuseAll(getOperation(), getArgument(), "BiasNotFused", matchBias);
    numFused += fused;
    numRefused += refused;
  }
};

struct FuseConvResidualPass
    : public pdnn::impl::FuseConvResidualBase<FuseConvResidualPass> {
  void runOnOperation() override {
    auto [fused, refused] = fuseAll(getOperation(), getArgument(),
                                    "ResidualNotFused", matchResidual);
    numFused += fused;
    numRefused += refused;
  }
};

struct FuseConvActivationPass
    : public pdnn::impl::FuseConvActivationBase<FuseConvActivationPass> {
  void runOnOperation() override {
    auto [fused, refused] = fuseAll(getOperation(), getArgument(),
                                    "ActivationNotFused", matchActivation);
    numFused += fused;
    numRefused += refused;
  }
};

} // namespace
