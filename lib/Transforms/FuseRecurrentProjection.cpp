//===- FuseRecurrentProjection.cpp - fc/mul + gru/lstm -> fusion_gru/lstm -===//
//
// Paddle's gru and lstm take their input already projected (x·W_x + b);
// fusion_gru and fusion_lstm do the projection themselves, which is what
// oneDNN's RNN primitive wants. These passes fold the projection (fc,
// mul + elementwise_add, or a bare mul) into the recurrent op. Matching and
// refusing are one template over the two cells; a cell description says
// what differs (its ops, gate count, scratch results, how the biases merge).
// Each recurrent op is looked at once, so the passes are linear in the
// program, and each refusal is reported once, as an optimization remark.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "PassCounts.h"
#include "VerifiedRewrite.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_FUSEFCGRU
#define GEN_PASS_DEF_FUSEMULGRU
#define GEN_PASS_DEF_FUSEFCLSTM
#define GEN_PASS_DEF_FUSEMULLSTM
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// Which producers of the recurrent op's Input a pass folds.
enum class Projection {
  /// fc(X, W, Bias?) or elementwise_add(mul(X, W), bias): --fuse-fc-*.
  WithFcBias,
  /// mul(X, W) alone: --fuse-mul-*.
  BareMul,
};

/// Input = X·W (+ Bias), once matched.
struct MatchedProjection {
  Value x;
  Value weight;
  Value bias; // null when the projection has none
  /// The ops computing Input, to erase after fusing, consumer first.
  SmallVector<Operation *, 2> ops;
};

/// Everything the fused op is built from, once every precondition holds.
struct FusionPlan {
  MatchedProjection proj;
  /// G·D, the projection's width. Static whenever a bias has to be built.
  int64_t width;
};

/// Why an op is left alone. Empty means "no objection".
using Refusal = std::string;

/// The names a cell's refusals speak of.
struct CellNames {
  StringRef op;     // "gru"
  StringRef fused;  // "fusion_gru"
  StringRef width;  // "3D"
};

} // namespace

static ArrayRef<int64_t> shapeOf(Value v) {
  return cast<ShapedType>(v.getType()).getShape();
}

/// X must read as T x M: rank 2, or T x 1 x M as the fused ops also take.
static bool isPackedBatch(Value x) {
  ArrayRef<int64_t> shape = shapeOf(x);
  return shape.size() == 2 || (shape.size() == 3 && shape[1] == 1);
}

/// mul(X, W) as Paddle's fuses accept it: a plain T x M times M x G·D.
static Refusal checkMul(MulOp mul, const CellNames &names) {
  if (mul.getXNumColDims() != 1 || mul.getYNumColDims() != 1)
    return "mul has x_num_col_dims = " + std::to_string(mul.getXNumColDims()) +
           " and y_num_col_dims = " + std::to_string(mul.getYNumColDims()) +
           ", " + names.fused.str() + " needs both 1";
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
static Refusal checkFc(FcOp fc, const CellNames &names) {
  if (fc.getInNumColDims() != 1 || !isPackedBatch(fc.getInput()))
    return "fc's Input is not T x M (or T x 1 x M) at in_num_col_dims = 1";
  if (fusedActivationOf(fc).kind != FusedActivation::None)
    return "fc applies activation \"" + fc.getActivationType().str() +
           "\" before the " + names.op.str();
  if (fc.getPaddingWeights())
    return "fc's W has padding_weights";
  if (fc.getUseQuantizer() || fc.getForceFp32Output() ||
      fc.getMkldnnDataType() == "int8" ||
      getElementTypeOrSelf(fc.getInput()).isInteger(8) ||
      getElementTypeOrSelf(fc.getInput()) != getElementTypeOrSelf(fc.getOut()))
    return "fc is quantized";
  return {};
}

/// A bias that adds one row to every step of a T x G·D product: [G·D]
/// aligned with the last dimension, [1, G·D], or a single value broadcast
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
                                                    const CellNames &names,
                                                    Refusal &why) {
  auto refuse = [&](Refusal reason) -> FailureOr<MatchedProjection> {
    why = std::move(reason);
    return failure();
  };
  Operation *producer = input.getDefiningOp();
  if (!input.hasOneUse())
    return refuse(names.op.str() + "'s Input has another user");

  if (kind == Projection::BareMul) {
    auto mul = dyn_cast_or_null<MulOp>(producer);
    if (!mul)
      return refuse(names.op.str() + "'s Input is not produced by mul");
    if (Refusal r = checkMul(mul, names); !r.empty())
      return refuse(r);
    return MatchedProjection{mul.getX(), mul.getY(), Value(), {mul}};
  }

  if (auto fc = dyn_cast_or_null<FcOp>(producer)) {
    if (Refusal r = checkFc(fc, names); !r.empty())
      return refuse(r);
    return MatchedProjection{fc.getInput(), fc.getW(), fc.getBias(), {fc}};
  }
  auto add = dyn_cast_or_null<ElementwiseAddOp>(producer);
  if (!add)
    return refuse(names.op.str() + "'s Input is not produced by fc or "
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
    if (Refusal r = checkMul(mul, names); !r.empty())
      return refuse(r);
    return MatchedProjection{mul.getX(), mul.getY(), bias, {add, mul}};
  }
  return refuse("elementwise_add feeding " + names.op.str() +
                " does not add a bias to a mul");
}

/// Why `bias` cannot be merged into a 1 x `width` row of `target` values;
/// empty if it can: a static shape holding `width` values or one value to
/// broadcast, in a type no wider than `target`.
static Refusal checkBias(Value bias, StringRef name, int64_t width,
                         Type target, const CellNames &names) {
  auto type = cast<RankedTensorType>(bias.getType());
  if (!type.hasStaticShape()) {
    std::string text;
    llvm::raw_string_ostream(text)
        << name << " has the dynamic type " << type
        << ", whose size cannot be checked against " << names.width;
    return text;
  }
  if (ShapedType::isDynamic(width))
    return (name + " must be merged into a 1 x " + names.width +
            " bias, but neither " + names.op + "'s Weight nor the " +
            "projection's W gives " + names.width + " statically")
        .str();
  int64_t size = type.getNumElements();
  if (size != width && size != 1)
    return (name + " holds " + Twine(size) + " values; the fused bias needs " +
            names.width + " = " + Twine(width) + " (or one value to broadcast)")
        .str();
  if (type.getElementTypeBitWidth() > target.getIntOrFloatBitWidth()) {
    std::string text;
    llvm::raw_string_ostream(text)
        << name << " is " << type.getElementType()
        << ", wider than the fused bias's " << target;
    return text;
  }
  return {};
}

/// `bias` (checked by checkBias) as a 1 x `width` tensor of `element`:
/// extended, reshaped, or broadcast from its one value. Built with
/// createOrFold, so a constant bias stays one constant.
static Value toBiasRow(OpBuilder &b, Location loc, Value bias, int64_t width,
                       Type element) {
  auto type = cast<RankedTensorType>(bias.getType());
  if (type.getElementType() != element) {
    type = type.clone(element);
    bias = b.createOrFold<arith::ExtFOp>(loc, type, bias);
  }
  auto target = RankedTensorType::get({1, width}, element);
  if (type == target)
    return bias;
  if (type.getNumElements() == 1 && width != 1) {
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

/// lhs + rhs of one type; two constants fold into one constant now,
/// otherwise the add stays for canonicalization.
static Value addBiases(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return b.createOrFold<ElementwiseAddOp>(loc, lhs.getType(), lhs, rhs,
                                          /*axis=*/-1, APFloat(1.0f),
                                          APFloat(1.0f), APFloat(1.0f));
}

/// The fused op's location: the recurrent op's and its projection's.
static Location fusedLoc(RewriterBase &rewriter, Operation *op,
                         const MatchedProjection &proj) {
  SmallVector<Location> locs{op->getLoc()};
  for (Operation *p : proj.ops)
    locs.push_back(p->getLoc());
  return rewriter.getFusedLoc(locs);
}

/// The number of sequences `lod` (N+1 offsets) describes.
static int64_t sequencesOf(Value lod) {
  int64_t offsets = shapeOf(lod)[0];
  return ShapedType::isDynamic(offsets) ? offsets : offsets - 1;
}

namespace {

/// gru -> fusion_gru. fusion_gru has one f32 1 x 3D Bias: the gru's plus
/// the projection's.
struct GruCell {
  using Unfused = GruOp;
  using Fused = FusionGruOp;
  static constexpr int64_t gates = 3;
  static constexpr StringLiteral missed = "GruNotFused";
  static CellNames names() { return {"gru", "fusion_gru", "3D"}; }

  static SmallVector<std::pair<Value, StringRef>, 3> scratch(GruOp gru) {
    return {{gru.getBatchGate(), "BatchGate"},
            {gru.getBatchResetHiddenPrev(), "BatchResetHiddenPrev"},
            {gru.getBatchHidden(), "BatchHidden"}};
  }

  static Refusal checkBiases(GruOp gru, Value projBias, int64_t width) {
    Type f32 = Float32Type::get(gru.getContext());
    if (Value bias = gru.getBias())
      if (Refusal r = checkBias(bias, "gru's Bias", width, f32, names());
          !r.empty())
        return r;
    if (projBias)
      return checkBias(projBias, "the projection's bias", width, f32, names());
    return {};
  }

  static Fused build(OpBuilder &b, Location loc, GruOp gru,
                     const FusionPlan &plan) {
    const MatchedProjection &proj = plan.proj;
    Type f32 = b.getF32Type();
    Value gruBias = gru.getBias()
                        ? toBiasRow(b, loc, gru.getBias(), plan.width, f32)
                        : Value();
    Value projBias = proj.bias ? toBiasRow(b, loc, proj.bias, plan.width, f32)
                               : Value();
    Value bias = gruBias && projBias ? addBiases(b, loc, gruBias, projBias)
                                     : (gruBias ? gruBias : projBias);
    int64_t t = shapeOf(proj.x)[0];
    int64_t d = shapeOf(gru.getHidden())[1];
    int64_t n = sequencesOf(gru.getLod());
    Type type = getElementTypeOrSelf(gru.getInput());
    return FusionGruOp::create(
        b, loc,
        /*Hidden=*/gru.getHidden().getType(),
        /*ReorderedH0=*/RankedTensorType::get({n, d}, type),
        /*XX=*/RankedTensorType::get({t, plan.width}, type),
        /*BatchedInput=*/RankedTensorType::get({t, plan.width}, type),
        /*BatchedOut=*/RankedTensorType::get({t, d}, type), proj.x,
        gru.getLod(), gru.getH0(), proj.weight, gru.getWeight(), bias,
        gru.getActivation(), gru.getGateActivation(), gru.getIsReverse(),
        /*use_seq=*/true, gru.getOriginMode(),
        /*mkldnn_data_type=*/type.isBF16() ? "bfloat16" : "float32",
        /*Scale_data=*/APFloat(1.0f), /*Shift_data=*/APFloat(0.0f));
  }

  static void replaceResults(RewriterBase &rewriter, GruOp gru, Fused fused) {
    rewriter.replaceAllUsesWith(gru.getHidden(), fused.getHidden());
  }
};

/// lstm -> fusion_lstm. The lstm's Bias (1 x 4D, or 1 x 7D with the
/// peephole weights after the gate biases) absorbs the projection's 4D.
/// fusion_lstm keeps Bias and C0 in f32 whatever X is (Paddle's bf16 and
/// int8 kernels), so a bf16 lstm's are widened, exactly.
struct LstmCell {
  using Unfused = LstmOp;
  using Fused = FusionLstmOp;
  static constexpr int64_t gates = 4;
  static constexpr StringLiteral missed = "LstmNotFused";
  static CellNames names() { return {"lstm", "fusion_lstm", "4D"}; }

  static SmallVector<std::pair<Value, StringRef>, 2> scratch(LstmOp lstm) {
    return {{lstm.getBatchGate(), "BatchGate"},
            {lstm.getBatchCellPreAct(), "BatchCellPreAct"}};
  }

  static Refusal checkBiases(LstmOp lstm, Value projBias, int64_t width) {
    if (!projBias)
      return {}; // the lstm's Bias passes through as it is
    auto lstmBias = cast<RankedTensorType>(lstm.getBias().getType());
    if (!lstmBias.hasStaticShape()) {
      std::string text;
      llvm::raw_string_ostream(text)
          << "lstm's Bias has the dynamic type " << lstmBias
          << ", so the projection's bias cannot be added to its first 4D";
      return text;
    }
    return checkBias(projBias, "the projection's bias", width,
                     Float32Type::get(lstm.getContext()), names());
  }

  /// `value` in f32: widened exactly when it is narrower.
  static Value widened(OpBuilder &b, Location loc, Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getElementType().isF32())
      return value;
    return b.createOrFold<arith::ExtFOp>(loc, type.clone(b.getF32Type()),
                                         value);
  }

  static Fused build(OpBuilder &b, Location loc, LstmOp lstm,
                     const FusionPlan &plan) {
    const MatchedProjection &proj = plan.proj;
    Value bias = widened(b, loc, lstm.getBias());
    Value c0 = lstm.getC0() ? widened(b, loc, lstm.getC0()) : Value();
    if (proj.bias) {
      auto biasType = cast<RankedTensorType>(bias.getType());
      Type element = biasType.getElementType();
      Value row = toBiasRow(b, loc, proj.bias, plan.width, element);
      if (biasType.getDimSize(1) != plan.width) {
        // The peephole weights after the gate biases get nothing added:
        // -0.0 is the one addend that leaves every float (-0.0 too) as it is.
        auto padType = RankedTensorType::get(
            {1, biasType.getDimSize(1) - plan.width}, element);
        auto floatType = cast<FloatType>(element);
        Value pad = arith::ConstantOp::create(
            b, loc,
            DenseElementsAttr::get(
                padType, APFloat::getZero(floatType.getFloatSemantics(),
                                          /*Negative=*/true)));
        row = b.createOrFold<ConcatOp>(loc, biasType, ValueRange{row, pad},
                                       /*axis=*/1);
      }
      bias = addBiases(b, loc, bias, row);
    }
    int64_t t = shapeOf(proj.x)[0];
    int64_t d = shapeOf(lstm.getHidden())[1];
    int64_t n = sequencesOf(lstm.getLod());
    Type type = getElementTypeOrSelf(lstm.getInput());
    auto rows = [&](int64_t count, int64_t width) {
      return RankedTensorType::get({count, width}, type);
    };
    return FusionLstmOp::create(
        b, loc, lstm.getHidden().getType(), lstm.getCell().getType(),
        /*XX=*/rows(t, plan.width), /*BatchedInput=*/rows(t, plan.width),
        /*BatchedHidden=*/rows(t, d), /*BatchedCell=*/rows(t, d),
        /*ReorderedH0=*/rows(n, d), /*ReorderedC0=*/rows(n, d),
        /*CheckedCell=*/rows(2, d), proj.x, lstm.getLod(), lstm.getH0(), c0,
        proj.weight, lstm.getWeight(), bias, lstm.getUsePeepholes(),
        lstm.getIsReverse(), /*use_seq=*/true, lstm.getGateActivation(),
        lstm.getCellActivation(), lstm.getCandidateActivation(),
        /*mkldnn_data_type=*/type.isBF16() ? "bfloat16" : "float32",
        /*Scale_data=*/APFloat(1.0f), /*Shift_data=*/APFloat(0.0f));
  }

  static void replaceResults(RewriterBase &rewriter, LstmOp lstm,
                             Fused fused) {
    rewriter.replaceAllUsesWith(lstm.getHidden(), fused.getHidden());
    rewriter.replaceAllUsesWith(lstm.getCell(), fused.getCell());
  }
};

} // namespace

/// Shape, type and use checks between the matched projection and `op`; on
/// success, the plan to build from.
template <typename Cell>
static FailureOr<FusionPlan> planFusion(typename Cell::Unfused op,
                                        MatchedProjection proj, Refusal &why) {
  CellNames names = Cell::names();
  auto refuse = [&](Refusal reason) -> FailureOr<FusionPlan> {
    why = std::move(reason);
    return failure();
  };
  for (auto [result, name] : Cell::scratch(op))
    if (!result.use_empty())
      return refuse((names.op + "'s scratch result " + name +
                     " has users, which " + names.fused + " cannot feed")
                        .str());
  Type type = getElementTypeOrSelf(op.getInput());
  if (getElementTypeOrSelf(proj.x) != type ||
      getElementTypeOrSelf(proj.weight) != type)
    return refuse("the projection's X and W do not share " + names.op.str() +
                  "'s element type");
  int64_t opWidth = shapeOf(op.getWeight())[1];
  int64_t columns = shapeOf(proj.weight)[1];
  if (!ShapedType::isDynamic(opWidth) && !ShapedType::isDynamic(columns) &&
      opWidth != columns)
    return refuse("the projection's W has " + std::to_string(columns) +
                  " columns but " + names.op.str() + "'s Weight implies " +
                  names.width.str() + " = " + std::to_string(opWidth));
  int64_t width = ShapedType::isDynamic(columns) ? opWidth : columns;
  if (!ShapedType::isDynamic(width) && width % Cell::gates != 0)
    return refuse("the projection's W has " + std::to_string(width) +
                  " columns, not " + names.width.str() + " for " +
                  std::to_string(Cell::gates) + " gates");
  if (Refusal r = Cell::checkBiases(op, proj.bias, width); !r.empty())
    return refuse(r);
  return FusionPlan{std::move(proj), width};
}

/// Builds the fused op of `plan` before `op`; returns it, or null (with
/// `why`) when what was built does not verify.
template <typename Cell>
static typename Cell::Fused buildFusion(RewriterBase &rewriter,
                                        typename Cell::Unfused op,
                                        const FusionPlan &plan, Refusal &why) {
  Location loc = fusedLoc(rewriter, op, plan.proj);
  rewriter.setInsertionPoint(op);
  typename Cell::Fused fused;
  why = buildVerified(rewriter,
                      [&] { fused = Cell::build(rewriter, loc, op, plan); });
  return why.empty() ? fused : typename Cell::Fused();
}

/// Replaces `op` and its projection by `fused`, and drops constant biases
/// that were folded into the fused op's.
template <typename Cell>
static void replaceWithFusion(RewriterBase &rewriter, typename Cell::Unfused op,
                              const MatchedProjection &proj,
                              typename Cell::Fused fused) {
  Value oldBiases[] = {op.getBias(), proj.bias};
  Cell::replaceResults(rewriter, op, fused);
  rewriter.eraseOp(op);
  for (Operation *p : proj.ops)
    rewriter.eraseOp(p);
  for (Value old : oldBiases)
    if (auto constant = old ? old.getDefiningOp<arith::ConstantOp>() : nullptr)
      if (constant->use_empty())
        rewriter.eraseOp(constant);
}

/// Runs `kind` over every op of `Cell` under `root`; returns (fused,
/// refused).
template <typename Cell>
static std::pair<unsigned, unsigned> fuseAll(Operation *root, Projection kind,
                                             StringRef passName) {
  using Unfused = typename Cell::Unfused;
  SmallVector<Unfused> ops;
  root->walk([&](Unfused op) { ops.push_back(op); });
  IRRewriter rewriter(root->getContext());
  unsigned fused = 0, refused = 0;
  for (Unfused op : ops) {
    Refusal why;
    FailureOr<MatchedProjection> proj =
        matchProjection(op.getInput(), kind, Cell::names(), why);
    FailureOr<FusionPlan> plan = failure();
    if (succeeded(proj))
      plan = planFusion<Cell>(op, std::move(*proj), why);
    typename Cell::Fused fusion;
    if (succeeded(plan))
      fusion = buildFusion<Cell>(rewriter, op, *plan, why);
    if (!fusion) {
      ++refused;
      remark::missed(op.getLoc(), remark::RemarkOpts::name(Cell::missed)
                                      .category(passName))
          << remark::reason("{0}", why);
      continue;
    }
    replaceWithFusion<Cell>(rewriter, op, plan->proj, fusion);
    ++fused;
  }
  reportPassCounts(root, passName,
                   {{"fused-pairs", fused}, {"refused", refused}});
  return {fused, refused};
}

namespace {

/// One pass class per (cell, projection) pair, as Passes.td declares them.
template <typename Cell, Projection kind, typename Base>
struct FuseProjectionPass : public Base {
  void runOnOperation() override {
    auto [fused, refused] =
        fuseAll<Cell>(this->getOperation(), kind, this->getArgument());
    this->numFused += fused;
    this->numRefused += refused;
  }
};

struct FuseFcGruPass
    : FuseProjectionPass<GruCell, Projection::WithFcBias,
                         pdnn::impl::FuseFcGruBase<FuseFcGruPass>> {};
struct FuseMulGruPass
    : FuseProjectionPass<GruCell, Projection::BareMul,
                         pdnn::impl::FuseMulGruBase<FuseMulGruPass>> {};
struct FuseFcLstmPass
    : FuseProjectionPass<LstmCell, Projection::WithFcBias,
                         pdnn::impl::FuseFcLstmBase<FuseFcLstmPass>> {};
struct FuseMulLstmPass
    : FuseProjectionPass<LstmCell, Projection::BareMul,
                         pdnn::impl::FuseMulLstmBase<FuseMulLstmPass>> {};

} // namespace
