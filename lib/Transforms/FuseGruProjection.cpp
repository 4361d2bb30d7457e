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
#include "VerifiedRewrite.h"

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
      fc.getMkldnnDataType() == "int8" ||
      getElementTypeOrSelf(fc.getInput()).isInteger(8) ||
      getElementTypeOrSelf(fc.getInput()) != getElementTypeOrSelf(fc.getOut()))
    return "fc is quantized";
  return {};
}

/// A bias that adds one row to every step of a T x 3D product: [3D]
/// aligned with the last dimension, [1, 3D], or a single value broadcast
/// everywhere.
static bool isRowBias(Value bias, int64_t alignedAxis) {
  ArrayRef<int64_t> shape = shapeOf(bias);
  if (llvm::all_of(shape, [](int64_t d) { return d == 1; }))
    return true;
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

/// Everything the fused op is built from, once every precondition holds.
struct FusionPlan {
  MatchedProjection proj;
  /// 3D: the projection's width. Static whenever a bias has to be built.
  int64_t d3;
};

/// Why `bias` cannot become fusion_gru's f32 1 x 3D Bias; empty if it can:
/// a static shape holding 3D values, or one value to broadcast.
static Refusal checkBias(Value bias, StringRef name, int64_t d3) {
  auto type = cast<RankedTensorType>(bias.getType());
  if (!type.hasStaticShape()) {
    std::string text;
    llvm::raw_string_ostream(text)
        << name << " has the dynamic type " << type
        << ", whose size cannot be checked against 3D";
    return text;
  }
  if (ShapedType::isDynamic(d3))
    return (name + " must be merged into a 1 x 3D bias, but neither gru's "
                   "Weight nor the projection's W gives 3D statically")
        .str();
  int64_t size = type.getNumElements();
  if (size != d3 && size != 1)
    return (name + " holds " + Twine(size) + " values; the fused bias needs " +
            "3D = " + Twine(d3) + " (or one value to broadcast)")
        .str();
  return {};
}

/// Shape, type and use checks between the matched projection and the gru;
/// on success, the plan to build from.
static FailureOr<FusionPlan> planFusion(GruOp gru, MatchedProjection proj,
                                        Refusal &why) {
  auto refuse = [&](Refusal reason) -> FailureOr<FusionPlan> {
    why = std::move(reason);
    return failure();
  };
  for (auto [result, name] :
       {std::pair(gru.getBatchGate(), "BatchGate"),
        std::pair(gru.getBatchResetHiddenPrev(), "BatchResetHiddenPrev"),
        std::pair(gru.getBatchHidden(), "BatchHidden")})
    if (!result.use_empty())
      return refuse(std::string("gru's scratch result ") + name +
                    " has users, which fusion_gru cannot feed");
  Type type = getElementTypeOrSelf(gru.getInput());
  if (getElementTypeOrSelf(proj.x) != type ||
      getElementTypeOrSelf(proj.weight) != type)
    return refuse("the projection's X and W do not share gru's element type");
  int64_t gruD3 = shapeOf(gru.getWeight())[1];
  int64_t columns = shapeOf(proj.weight)[1];
  if (!ShapedType::isDynamic(gruD3) && !ShapedType::isDynamic(columns) &&
      gruD3 != columns)
    return refuse("the projection's W has " + std::to_string(columns) +
                  " columns but gru's Weight implies 3D = " +
                  std::to_string(gruD3));
  int64_t d3 = ShapedType::isDynamic(columns) ? gruD3 : columns;
  // fusion_gru has one bias, which is f32 and 1 x 3D: build it from the
  // gru's and the projection's only when their sizes are known to fit.
  if (Value bias = gru.getBias())
    if (Refusal r = checkBias(bias, "gru's Bias", d3); !r.empty())
      return refuse(r);
  if (proj.bias)
    if (Refusal r = checkBias(proj.bias, "the projection's bias", d3);
        !r.empty())
      return refuse(r);
  return FusionPlan{std::move(proj), d3};
}

/// `bias` (checked by checkBias) as an f32 1 x 3D tensor: converted to f32,
/// reshaped, or broadcast from its one value. Built with createOrFold, so a
/// constant bias stays one constant.
static Value toFusionBias(OpBuilder &b, Location loc, Value bias, int64_t d3) {
  auto type = cast<RankedTensorType>(bias.getType());
  Type f32 = b.getF32Type();
  if (!type.getElementType().isF32()) {
    type = type.clone(f32);
    bias = b.createOrFold<arith::ExtFOp>(loc, type, bias);
  }
  auto target = RankedTensorType::get({1, d3}, f32);
  if (type == target)
    return bias;
  if (type.getNumElements() == 1 && d3 != 1) {
    SmallVector<Value> origin(type.getRank(),
                              arith::ConstantIndexOp::create(b, loc, 0));
    Value scalar = b.createOrFold<tensor::ExtractOp>(loc, bias, origin);
    return b.createOrFold<tensor::SplatOp>(loc, target, scalar);
  }
  if (type.getRank() != 1) {
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    bias = b.createOrFold<tensor::CollapseShapeOp>(
        loc, bias, ArrayRef<ReassociationIndices>{all});
  }
  return b.createOrFold<tensor::ExpandShapeOp>(
      loc, target, bias, ArrayRef<ReassociationIndices>{{0, 1}});
}

/// fusion_gru's Bias: the gru's plus the projection's, either possibly
/// absent. An add of two constants folds into one constant now; otherwise it
/// stays for canonicalization.
static Value combineBiases(OpBuilder &b, Location loc, Value gruBias,
                           Value projBias, int64_t d3) {
  Value gru = gruBias ? toFusionBias(b, loc, gruBias, d3) : Value();
  Value proj = projBias ? toFusionBias(b, loc, projBias, d3) : Value();
  if (!gru || !proj)
    return gru ? gru : proj;
  return b.createOrFold<ElementwiseAddOp>(loc, gru.getType(), gru, proj,
                                          /*axis=*/-1, APFloat(1.0f),
                                          APFloat(1.0f), APFloat(1.0f));
}

/// Builds the fusion_gru of `plan` before `gru`; returns it, or null (with
/// `why`) when what was built does not verify.
static FusionGruOp buildFusion(RewriterBase &rewriter, GruOp gru,
                               const FusionPlan &plan, Refusal &why) {
  const MatchedProjection &proj = plan.proj;
  SmallVector<Location> locs{gru.getLoc()};
  for (Operation *op : proj.ops)
    locs.push_back(op->getLoc());
  Location loc = rewriter.getFusedLoc(locs);
  rewriter.setInsertionPoint(gru);

  int64_t t = shapeOf(proj.x)[0];
  int64_t d = shapeOf(gru.getHidden())[1];
  int64_t offsets = shapeOf(gru.getLod())[0];
  int64_t n = ShapedType::isDynamic(offsets) ? offsets : offsets - 1;
  Type type = getElementTypeOrSelf(gru.getInput());
  FusionGruOp fused;
  why = buildVerified(rewriter, [&] {
    Value bias =
        combineBiases(rewriter, loc, gru.getBias(), proj.bias, plan.d3);
    fused = FusionGruOp::create(
        rewriter, loc,
        /*Hidden=*/gru.getHidden().getType(),
        /*ReorderedH0=*/RankedTensorType::get({n, d}, type),
        /*XX=*/RankedTensorType::get({t, plan.d3}, type),
        /*BatchedInput=*/RankedTensorType::get({t, plan.d3}, type),
        /*BatchedOut=*/RankedTensorType::get({t, d}, type), proj.x,
        gru.getLod(), gru.getH0(), proj.weight, gru.getWeight(), bias,
        gru.getActivation(), gru.getGateActivation(), gru.getIsReverse(),
        /*use_seq=*/true, gru.getOriginMode(),
        /*mkldnn_data_type=*/type.isBF16() ? "bfloat16" : "float32",
        /*Scale_data=*/APFloat(1.0f), /*Shift_data=*/APFloat(0.0f));
  });
  return why.empty() ? fused : FusionGruOp();
}

/// Replaces `gru` and its projection by `fused`.
static void replaceWithFusion(RewriterBase &rewriter, GruOp gru,
                              const MatchedProjection &proj,
                              FusionGruOp fused) {
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
    FailureOr<FusionPlan> plan = failure();
    if (succeeded(proj))
      plan = planFusion(gru, std::move(*proj), why);
    FusionGruOp fusion;
    if (succeeded(plan))
      fusion = buildFusion(rewriter, gru, *plan, why);
    if (!fusion) {
      ++refused;
      remark::missed(gru.getLoc(), remark::RemarkOpts::name("GruNotFused")
                                       .category(passName))
          << remark::reason("{0}", why);
      continue;
    }
    replaceWithFusion(rewriter, gru, plan->proj, fusion);
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
