//===- FuseGruProjection.cpp - fc/mul + gru -> fusion_gru -----------------===//
//
// Paddle's gru takes its input already projected (x·W_x + b); fusion_gru does
// the projection itself, which is what oneDNN's GRU primitive wants. This
// folds the projection (fc, or mul + elementwise_add, or a bare mul) into the
// gru. Each gru is looked at once, so the passes are linear in the program.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"

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

/// The projection feeding a gru, once matched: Input = X·W (+ Bias).
struct MatchedProjection {
  Value x;
  Value weight;
  Value bias; // null when the projection has none
  /// The ops to erase after fusing, consumer first.
  SmallVector<Operation *, 2> ops;
};

/// Why a gru was left alone; empty while fusion is still possible.
using Refusal = std::string;

static bool isFloatTensorOf(Value v, Type elementType) {
  return cast<ShapedType>(v.getType()).getElementType() == elementType;
}

/// X must read as T x M: rank 2, or T x 1 x M as fusion_gru also takes.
static bool isPackedBatch(Value x) {
  ArrayRef<int64_t> shape = cast<ShapedType>(x.getType()).getShape();
  return shape.size() == 2 || (shape.size() == 3 && shape[1] == 1);
}

/// A bias that adds the same 3D-vector to every row of a T x 3D tensor:
/// [3D] or [1, 3D], aligned with the last dimension.
static bool isRowBias(Value bias, int64_t alignedAt, int64_t outRank) {
  ArrayRef<int64_t> shape = cast<ShapedType>(bias.getType()).getShape();
  bool rowShaped = shape.size() == 1 || (shape.size() == 2 && shape[0] == 1);
  return rowShaped && alignedAt + int64_t(shape.size()) == outRank;
}

/// mul(X, W) as Paddle's fuse accepts it.
static Refusal checkMul(MulOp mul) {
  if (mul.getXNumColDims() != 1 || mul.getYNumColDims() != 1)
    return "mul has x_num_col_dims = " + std::to_string(mul.getXNumColDims()) +
           " and y_num_col_dims = " + std::to_string(mul.getYNumColDims()) +
           "; fusion_gru needs both 1";
  if (!isPackedBatch(mul.getX()))
    return "mul's X is not T x M (or T x 1 x M)";
  if (cast<ShapedType>(mul.getY().getType()).getRank() != 2)
    return "mul's weight is not a matrix";
  if (mul.getForceFp32Output() || !isFloatTensorOf(mul.getX(), getElementTypeOrSelf(mul.getOut())))
    return "mul is quantized";
  return {};
}

/// Matches the producer of `input` for `kind`; on refusal returns the reason.
static FailureOr<MatchedProjection> matchProjection(Value input,
                                                    Projection kind,
                                                    Refusal &why) {
  Operation *producer = input.getDefiningOp();
  auto refuse = [&](Refusal reason) -> FailureOr<MatchedProjection> {
    why = std::move(reason);
    return failure();
  };
  if (!producer)
    return refuse("gru's Input is not produced by an op");
  if (!input.hasOneUse())
    return refuse("the projection feeding gru has another user");

  if (kind == Projection::BareMul) {
    auto mul = dyn_cast<MulOp>(producer);
    if (!mul)
      return refuse("gru's Input is not produced by mul");
    if (Refusal r = checkMul(mul); !r.empty())
      return refuse(r);
    return MatchedProjection{mul.getX(), mul.getY(), Value(), {mul}};
  }

  if (auto fc = dyn_cast<FcOp>(producer)) {
    if (fc.getInNumColDims() != 1 || !isPackedBatch(fc.getInput()))
      return refuse("fc's Input is not flattened to T x M at in_num_col_dims = 1");
    if (!fc.getActivationType().empty())
      return refuse("fc applies activation \"" + fc.getActivationType().str() +
                    "\" before the gru");
    if (fc.getPaddingWeights())
      return refuse("fc has padding_weights");
    if (fc.getUseQuantizer() || fc.getForceFp32Output() ||
        fc.getMkldnnDataType() != "float32" ||
        !isFloatTensorOf(fc.getInput(), getElementTypeOrSelf(fc.getOut())))
      return refuse("fc is quantized");
    return MatchedProjection{fc.getInput(), fc.getW(), fc.getBias(), {fc}};
  }

  auto add = dyn_cast<ElementwiseAddOp>(producer);
  if (!add)
    return refuse("gru's Input is not produced by fc or elementwise_add(mul, bias)");
  // Either operand may be the mul; the other is the bias.
  for (auto [product, bias] :
       {std::pair(add.getX(), add.getY()), std::pair(add.getY(), add.getX())}) {
    auto mul = product.getDefiningOp<MulOp>();
    if (!mul)
      continue;
    if (product.getType() != add.getType())
      return refuse("elementwise_add broadcasts the mul output");
    if (!product.hasOneUse())
      return refuse("the mul output has another user");
    int64_t outRank = add.getType().getRank();
    int64_t biasRank = cast<ShapedType>(bias.getType()).getRank();
    std::optional<int64_t> alignedAt =
        product == add.getX()
            ? std::optional<int64_t>(outRank + add.getAxis() + 1 - biasRank)
            : std::optional<int64_t>(0);
    if (add.getAxis() >= 0 && product == add.getX())
      alignedAt = add.getAxis();
    if (!isRowBias(bias, *alignedAt, outRank))
      return refuse("the fc bias is not one row added to every step");
    if (Refusal r = checkMul(mul); !r.empty())
      return refuse(r);
    return MatchedProjection{mul.getX(), mul.getY(), bias, {add, mul}};
  }
  return refuse("elementwise_add feeding gru does not add a bias to a mul");
}

/// The 1 x 3D bias of the fused op: gru's bias plus the projection's.
/// Constants are added now; otherwise the add is explicit IR for
/// canonicalization to fold once the operands are known.
static Value combineBiases(RewriterBase &rewriter, Location loc, Value gruBias,
                           Value fcBias, RankedTensorType biasType) {
  if (!fcBias)
    return gruBias;
  if (!gruBias) {
    if (fcBias.getType() == biasType)
      return fcBias;
    DenseElementsAttr constant;
    if (matchPattern(fcBias, m_Constant(&constant)))
      return arith::ConstantOp::create(rewriter, loc, biasType,
                                       constant.reshape(biasType));
    return tensor::ExpandShapeOp::create(rewriter, loc, biasType, fcBias,
                                         ArrayRef<ReassociationIndices>{{0, 1}});
  }
  Value sum = ElementwiseAddOp::create(rewriter, loc, biasType, gruBias, fcBias,
                                       /*axis=*/-1, APFloat(1.0f),
                                       APFloat(1.0f), APFloat(1.0f));
  if (OpFoldResult folded = cast<ElementwiseAddOp>(sum.getDefiningOp()).fold(
          ElementwiseAddOp::FoldAdaptor(
              {getConstantAttr(gruBias), getConstantAttr(fcBias)},
              cast<ElementwiseAddOp>(sum.getDefiningOp())));
      auto attr = dyn_cast_or_null<Attribute>(folded)) {
    rewriter.eraseOp(sum.getDefiningOp());
    return arith::ConstantOp::create(rewriter, loc, biasType,
                                     cast<TypedAttr>(attr));
  }
  return sum;
}
