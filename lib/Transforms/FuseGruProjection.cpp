//===- FuseGruProjection.cpp - fc/mul + gru -> fusion_gru -----------------===//
//
// Paddle's gru takes its input already projected (x·W_x + b); fusion_gru does
// the projection itself, which is what oneDNN's GRU primitive wants. These
// passes fold the projection (fc, mul + elementwise_add, or a bare mul) into
// the gru. Each gru is looked at once, so the passes are linear in the
// program, and each refusal is reported once, as an optimization remark.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "PassCounts.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_FUSEFCGRU
#define GEN_PASS_DEF_FUSEMULGRU
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// Which producers of gru.Input a pass folds.
enum class Projection {
  /// fc(X, W, Bias?) or elementwise_add(mul(X, W), bias): --fuse-fc-gru.
  WithFcBias,
  /// mul(X, W) alone: --fuse-mul-gru.
  BareMul,
};

/// gru.Input = X·W (+ Bias), once matched.
struct MatchedProjection {
  Value x;
  Value weight;
  Value bias; // null when the projection has none
  /// The ops computing gru.Input, to erase after fusing, consumer first.
  SmallVector<Operation *, 2> ops;
};

/// Why a gru is left alone. Empty means "no objection".
using Refusal = std::string;

} // namespace

static ArrayRef<int64_t> shapeOf(Value v) {
  return cast<ShapedType>(v.getType()).getShape();
}

/// X must read as T x M: rank 2, or T x 1 x M as fusion_gru also takes.
static bool isPackedBatch(Value x) {
  ArrayRef<int64_t> shape = shapeOf(x);
  return shape.size() == 2 || (shape.size() == 3 && shape[1] == 1);
}

/// mul(X, W) as Paddle's fuse accepts it: a plain f32/bf16 T x M times M x 3D.
static Refusal checkMul(MulOp mul) {
  if (mul.getXNumColDims() != 1 || mul.getYNumColDims() != 1)
    return "mul has x_num_col_dims = " + std::to_string(mul.getXNumColDims()) +
           " and y_num_col_dims = " + std::to_string(mul.getYNumColDims()) +
           ", fusion_gru needs both 1";
  if (!isPackedBatch(mul.getX()))
    return "mul's X is not T x M (or T x 1 x M)";
  if (shapeOf(mul.getY()).size() != 2)
    return "mul's Y is not a matrix";
  if (mul.getForceFp32Output() ||
      getElementTypeOrSelf(mul.getX()) != getElementTypeOrSelf(mul.getOut()))
    return "mul is quantized";
  return {};
}

/// fc(X, W, Bias) that computes exactly X·W + Bias on T x M data.
static Refusal checkFc(FcOp fc) {
  if (fc.getInNumColDims() != 1 || !isPackedBatch(fc.getInput()))
    return "fc's Input is not T x M (or T x 1 x M) at in_num_col_dims = 1";
  if (!fc.getActivationType().empty())
    return "fc applies activation \"" + fc.getActivationType().str() +
           "\" before the gru";
  if (fc.getPaddingWeights())
    return "fc's W has padding_weights";
  if (fc.getUseQuantizer() || fc.getForceFp32Output() ||
      fc.getMkldnnDataType() != "float32" ||
      getElementTypeOrSelf(fc.getInput()) != getElementTypeOrSelf(fc.getOut()))
    return "fc is quantized";
  return {};
}

/// A bias that adds one row to every step of a T x 3D product: [3D]
/// aligned with the last dimension, or [1, 3D].
static bool isRowBias(Value bias, int64_t alignedAxis) {
  ArrayRef<int64_t> shape = shapeOf(bias);
  return (shape.size() == 1 && alignedAxis == 1) ||
         (shape.size() == 2 && shape[0] == 1);
}

/// Matches what computes `input` for `kind`, or says why not.
static FailureOr<MatchedProjection> matchProjection(Value input,
                                                    Projection kind,
                                                    Refusal &why) {
  auto refuse = [&](Refusal reason) -> FailureOr<MatchedProjection> {
    why = std::move(reason);
    return failure();
  };
  Operation *producer = input.getDefiningOp();
  if (!input.hasOneUse())
    return refuse("gru's Input has another user");

  if (kind == Projection::BareMul) {
    auto mul = dyn_cast_or_null<MulOp>(producer);
    if (!mul)
      return refuse("gru's Input is not produced by mul");
    if (Refusal r = checkMul(mul); !r.empty())
      return refuse(r);
    return MatchedProjection{mul.getX(), mul.getY(), Value(), {mul}};
  }

  if (auto fc = dyn_cast_or_null<FcOp>(producer)) {
    if (Refusal r = checkFc(fc); !r.empty())
      return refuse(r);
    return MatchedProjection{fc.getInput(), fc.getW(), fc.getBias(), {fc}};
  }
  auto add = dyn_cast_or_null<ElementwiseAddOp>(producer);
  if (!add)
    return refuse("gru's Input is not produced by fc or "
                  "elementwise_add(mul, bias)");
  // Paddle puts the mul first; addition commutes, so either order is fine.
  for (auto [product, bias] : {std::pair(add.getX(), add.getY()),
                               std::pair(add.getY(), add.getX())}) {
    auto mul = product.getDefiningOp<MulOp>();
    if (!mul)
      continue;
    if (product.getType() != add.getType())
      return refuse("elementwise_add broadcasts the mul output");
    if (!product.hasOneUse())
      return refuse("the mul output has another user");
    if (!isRowBias(bias, add.getAlignedAxis()))
      return refuse("elementwise_add does not add one bias row to every step");
    if (Refusal r = checkMul(mul); !r.empty())
      return refuse(r);
    return MatchedProjection{mul.getX(), mul.getY(), bias, {add, mul}};
  }
  return refuse("elementwise_add feeding gru does not add a bias to a mul");
}

/// Shape, type and use checks between the matched projection and the gru.
static Refusal checkCompatible(GruOp gru, const MatchedProjection &proj) {
  for (auto [result, name] :
       {std::pair(gru.getBatchGate(), "BatchGate"),
        std::pair(gru.getBatchResetHiddenPrev(), "BatchResetHiddenPrev"),
        std::pair(gru.getBatchHidden(), "BatchHidden")})
    if (!result.use_empty())
      return std::string("gru's scratch result ") + name +
             " has users, which fusion_gru cannot feed";
  Type type = getElementTypeOrSelf(gru.getInput());
  if (getElementTypeOrSelf(proj.x) != type ||
      getElementTypeOrSelf(proj.weight) != type)
    return "the projection's X and W do not share gru's element type";
  int64_t d3 = shapeOf(gru.getWeight())[1];
  int64_t columns = shapeOf(proj.weight)[1];
  if (!ShapedType::isDynamic(d3) && !ShapedType::isDynamic(columns) &&
      d3 != columns)
    return "the projection's W has " + std::to_string(columns) +
           " columns but gru's Weight implies 3D = " + std::to_string(d3);
  if (proj.bias && gru.getBias()) {
    int64_t fcSize = ShapedType::getNumElements(shapeOf(proj.bias));
    int64_t gruSize = ShapedType::getNumElements(shapeOf(gru.getBias()));
    bool known = !ShapedType::isDynamic(fcSize) && !ShapedType::isDynamic(gruSize);
    if (!known || fcSize != gruSize)
      return "the fc bias and the gru bias have different sizes";
  }
  if (proj.bias && !getElementTypeOrSelf(proj.bias).isF32())
    return "the fc bias is not f32, as fusion_gru's Bias must be";
  return {};
}

/// fusion_gru's 1 x 3D Bias: gru's bias plus the projection's. Built with
/// createOrFold, so constant biases become one constant now; otherwise the
/// add stays in the IR for canonicalization to fold later.
static Value combineBiases(OpBuilder &builder, Location loc, Value gruBias,
                           Value fcBias, RankedTensorType biasType) {
  if (!fcBias)
    return gruBias;
  if (!gruBias) {
    if (fcBias.getType() == biasType)
      return fcBias;
    return builder.createOrFold<tensor::ExpandShapeOp>(
        loc, biasType, fcBias, ArrayRef<ReassociationIndices>{{0, 1}});
  }
  return builder.createOrFold<ElementwiseAddOp>(
      loc, biasType, gruBias, fcBias, /*axis=*/-1, APFloat(1.0f),
      APFloat(1.0f), APFloat(1.0f));
}

/// Replaces `gru` and its projection by one fusion_gru.
static FusionGruOp fuse(RewriterBase &rewriter, GruOp gru,
                        MatchedProjection &proj) {
  SmallVector<Location> locs{gru.getLoc()};
  for (Operation *op : proj.ops)
    locs.push_back(op->getLoc());
  Location loc = rewriter.getFusedLoc(locs);
  rewriter.setInsertionPoint(gru);

  int64_t t = shapeOf(proj.x)[0];
  int64_t d = shapeOf(gru.getWeight())[0];
  int64_t d3 = shapeOf(gru.getWeight())[1];
  int64_t offsets = shapeOf(gru.getLod())[0];
  int64_t n = ShapedType::isDynamic(offsets) ? offsets : offsets - 1;
  Type f32 = rewriter.getF32Type();
  Type type = getElementTypeOrSelf(gru.getInput());
  auto biasType = RankedTensorType::get({1, d3}, f32);
  Value bias = combineBiases(rewriter, loc, gru.getBias(), proj.bias, biasType);

  auto fused = FusionGruOp::create(
      rewriter, loc,
      /*Hidden=*/gru.getHidden().getType(),
      /*ReorderedH0=*/RankedTensorType::get({n, d}, type),
      /*XX=*/RankedTensorType::get({t, d3}, type),
      /*BatchedInput=*/RankedTensorType::get({t, d3}, type),
      /*BatchedOut=*/RankedTensorType::get({t, d}, type), proj.x,
      gru.getLod(), gru.getH0(), proj.weight, gru.getWeight(), bias,
      gru.getActivation(), gru.getGateActivation(), gru.getIsReverse(),
      /*use_seq=*/true, gru.getOriginMode(),
      /*mkldnn_data_type=*/type.isBF16() ? "bfloat16" : "float32",
      /*Scale_data=*/APFloat(1.0f), /*Shift_data=*/APFloat(0.0f));

  Value oldBiases[] = {gru.getBias(), proj.bias};
  rewriter.replaceAllUsesWith(gru.getHidden(), fused.getHidden());
  rewriter.eraseOp(gru);
  for (Operation *op : proj.ops)
    rewriter.eraseOp(op);
  // Constant biases folded into the new one leave no stale copy behind.
  for (Value old : oldBiases)
    if (auto constant = old ? old.getDefiningOp<arith::ConstantOp>() : nullptr)
      if (constant->use_empty())
        rewriter.eraseOp(constant);
  return fused;
}

/// Runs `kind` over every gru under `root`; returns (fused, refused).
static std::pair<unsigned, unsigned> fuseAll(Operation *root, Projection kind,
                                             StringRef passName) {
  SmallVector<GruOp> grus;
  root->walk([&](GruOp gru) { grus.push_back(gru); });
  IRRewriter rewriter(root->getContext());
  unsigned fused = 0, refused = 0;
  for (GruOp gru : grus) {
    Refusal why;
    FailureOr<MatchedProjection> proj =
        matchProjection(gru.getInput(), kind, why);
    if (succeeded(proj))
      why = checkCompatible(gru, *proj);
    if (!why.empty()) {
      ++refused;
      remark::missed(gru.getLoc(), remark::RemarkOpts::name("GruNotFused")
                                       .category(passName))
          << remark::reason("{0}", why);
      continue;
    }
    fuse(rewriter, gru, *proj);
    ++fused;
  }
  reportPassCounts(root, passName,
                   {{"fused-pairs", fused}, {"refused", refused}});
  return {fused, refused};
}

namespace {

struct FuseFcGruPass : public pdnn::impl::FuseFcGruBase<FuseFcGruPass> {
  void runOnOperation() override {
    auto [fused, refused] =
        fuseAll(getOperation(), Projection::WithFcBias, getArgument());
    numFused += fused;
    numRefused += refused;
  }
};

struct FuseMulGruPass : public pdnn::impl::FuseMulGruBase<FuseMulGruPass> {
  void runOnOperation() override {
    auto [fused, refused] =
        fuseAll(getOperation(), Projection::BareMul, getArgument());
    numFused += fused;
    numRefused += refused;
  }
};

} // namespace
