//===- ProductOps.cpp - mul, fc, matmul_v2, matmul ------------------------===//
//
// Paddle's InferShape rules for the matrix products; matmul_v2 on matrices
// canonicalizes to mul, matmul (v1) to matmul_v2.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "mlir/IR/OpImplementation.h"
#include "PaddleDNN/Runtime/PackedSparseFormat.h"
#include "ShapeChecks.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::detail;

/// Weights in `#pdnn.packed` are read by the generated sparse kernels only:
/// oneDNN's BA16a64b4a layout of s8 weights [K, N] multiplying int8 data,
/// packed when the module is compiled, so they must be a constant whose
/// non-zeros are the encoding's `nnz`, and the op's activation one the
/// kernels apply. `layoutProblem` says why the op's attributes keep the
/// weights from being a plain [K, N] operand, if they do.
static LogicalResult verifyPackedWeights(Operation *op, Value data,
                                         Value weights,
                                         StringRef layoutProblem = "") {
  auto type = cast<RankedTensorType>(weights.getType());
  auto packed = dyn_cast_or_null<PackedEncodingAttr>(type.getEncoding());
  if (!packed)
    return success();
  if (packed.getFormat() != ::pdnn::packed::kFormat)
    return op->emitOpError() << "packed weights must be in \""
                             << ::pdnn::packed::kFormat
                             << "\", the layout the sparse kernels read, got \""
                             << packed.getFormat() << "\"";
  if (!type.getElementType().isSignedInteger(8) ||
      !elementTypeOf(data).isInteger(8))
    return op->emitOpError() << "packed weights must be si8 multiplying ui8 "
                                "or si8 data, got "
                             << type.getElementType() << " weights and "
                             << elementTypeOf(data) << " data";
  if (!layoutProblem.empty())
    return op->emitOpError() << "packed weights cannot be used " << layoutProblem;
  ActivationSpec activation = fusedActivationOf(op);
  if (!sparseKernelsFuse(activation))
    return op->emitOpError()
           << "packed weights take no activation but relu, tanh or sigmoid "
              "(the generated sparse kernels'), got \""
           << fusedActivationName(activation.kind) << "\""
           << (activation.kind == FusedActivation::Relu ? " with a leaky slope"
                                                        : "");
  DenseIntElementsAttr values;
  if (!matchPattern(weights, m_Constant(&values)))
    return op->emitOpError() << "packed weights must be a constant: they are "
                                "packed when the module is compiled";
  int64_t nonZeros = llvm::count_if(values.getValues<APInt>(),
                                    [](const APInt &v) { return !v.isZero(); });
  if (!ShapedType::isDynamic(packed.getNnz()) && packed.getNnz() != nonZeros)
    return op->emitOpError() << "packed weights declare nnz = "
                             << packed.getNnz() << " but the constant has "
                             << nonZeros << " non-zeros";
  return success();
}

/// Verifies `numColDims` as a split point of a rank-`rank` tensor.
static LogicalResult verifyNumColDims(Operation *op, StringRef attrName,
                                      StringRef operandName, int64_t value,
                                      int64_t rank) {
  if (value >= 1 && value < rank)
    return success();
  return op->emitOpError() << attrName << " = " << value
                           << " must be >= 1 and less than the rank of "
                           << operandName << " (" << rank << ")";
}

LogicalResult MulOp::verify() {
  ArrayRef<int64_t> x = shapeOf(getX()), y = shapeOf(getY());
  int64_t xCols = getXNumColDims(), yCols = getYNumColDims();
  if (failed(verifyNumColDims(*this, "x_num_col_dims", "X", xCols, x.size())) ||
      failed(verifyNumColDims(*this, "y_num_col_dims", "Y", yCols, y.size())))
    return failure();
  int64_t xK = product(x.drop_front(xCols));
  int64_t yK = product(y.take_front(yCols));
  if (!dimsMatch(xK, yK))
    return emitOpError() << "X flattened at x_num_col_dims has "
                         << formatShape({xK})
                         << " columns but Y flattened at y_num_col_dims has "
                         << formatShape({yK}) << " rows";
  SmallVector<int64_t> out(x.take_front(xCols));
  llvm::append_range(out, y.drop_front(yCols));
  if (failed(expectShape(*this, getOut(), "Out", out)))
    return failure();
  if (failed(verifyScale(*this, "scale_x", getScaleX().convertToFloat())) ||
      failed(verifyScaleList(*this, "scale_y", getScaleY(),
                             product(y.drop_front(yCols)),
                             "Y's output columns")) ||
      failed(verifyScale(*this, "scale_out", getScaleOut().convertToFloat())))
    return failure();
  if (failed(verifyPackedWeights(*this, getX(), getY())))
    return failure();
  return verifyProductTypes(*this, getX(), getY(), getOut(),
                            getForceFp32Output());
}

LogicalResult FcOp::verify() {
  ArrayRef<int64_t> in = shapeOf(getInput());
  if (failed(expectRank(*this, getW(), "W", 2)) ||
      failed(verifyNumColDims(*this, "in_num_col_dims", "Input",
                              getInNumColDims(), in.size())))
    return failure();
  // padding_weights: W was stored (K+4) x (N+4) for cache alignment.
  int64_t pad = getPaddingWeights() ? 4 : 0;
  int64_t k = shapeOf(getW())[0], n = shapeOf(getW())[1];
  if ((isKnown(k) && k <= pad) || (isKnown(n) && n <= pad))
    return emitOpError() << "W " << formatShape(shapeOf(getW()))
                         << " must be at least " << pad + 1 << "x" << pad + 1
                         << (pad ? " with padding_weights (4 padding rows and "
                                   "columns)"
                                 : "");
  if (isKnown(k))
    k -= pad;
  if (isKnown(n))
    n -= pad;
  int64_t inK = product(in.drop_front(getInNumColDims()));
  if (!dimsMatch(inK, k))
    return emitOpError() << "Input flattened at in_num_col_dims has "
                         << formatShape({inK}) << " columns but W has "
                         << formatShape({k}) << " rows"
                         << (pad ? " (after removing padding_weights)" : "");
  if (Value bias = getBias()) {
    ArrayRef<int64_t> b = shapeOf(bias);
    bool ok = (b.size() == 1 && dimsMatch(b[0], n)) ||
              (b.size() == 2 && dimsMatch(b[0], 1) && dimsMatch(b[1], n));
    if (!ok)
      return emitOpError() << "Bias must be " << formatShape({n}) << " or "
                           << formatShape({1, n}) << ", got "
                           << formatShape(b);
    if (!elementTypeOf(bias).isF32() &&
        elementTypeOf(bias) != elementTypeOf(getInput()))
      return emitOpError() << "Bias must be f32 or the Input's type, got "
                           << elementTypeOf(bias);
  }
  SmallVector<int64_t> out(in.take_front(getInNumColDims()));
  out.push_back(n);
  if (failed(expectShape(*this, getOut(), "Out", out)))
    return failure();
  if (failed(verifyFusedActivation(*this, "activation_type",
                                   getActivationType())) ||
      failed(verifyMkldnnDataType(*this, getMkldnnDataType())) ||
      failed(verifyScale(*this, "Scale_in", getScaleIn().convertToFloat())) ||
      failed(verifyScaleList(*this, "Scale_weights", getScaleWeights(), n,
                             "W's columns")) ||
      failed(verifyScale(*this, "Scale_out", getScaleOut().convertToFloat())))
    return failure();
  if (failed(verifyPackedWeights(
          *this, getInput(), getW(),
          getPaddingWeights() ? "with padding_weights" : "")))
    return failure();
  return verifyProductTypes(*this, getInput(), getW(), getOut(),
                            getForceFp32Output());
}

/// int8: ui8/si8 X, si8 Y (oneDNN's int8 weights are signed), ui8/si8 Out
/// or f32 with force_fp32_output, and valid scales. Float: one type for X
/// and Y, and for Out unless force_fp32_output makes it f32.
static LogicalResult verifyMatmulV2Types(MatmulV2Op op) {
  Type x = elementTypeOf(op.getX()), y = elementTypeOf(op.getY()),
       out = elementTypeOf(op.getOut());
  bool forceFp32 = op.getForceFp32Output();
  if (x.isInteger(8)) {
    if (!y.isSignedInteger(8))
      return op.emitOpError() << "int8 X needs si8 Y (oneDNN's int8 "
                                 "weights are signed), got "
                              << y;
    if (failed(verifyScale(op, "Scale_x", op.getScaleX().convertToFloat())) ||
        failed(verifyScale(op, "Scale_y", op.getScaleY().convertToFloat())) ||
        failed(verifyScale(op, "Scale_out", op.getScaleOut().convertToFloat())))
      return failure();
  } else if (x != y) {
    return op.emitOpError()
           << "X and Y must have one element type, got " << x << " and " << y;
  }
  Type f32 = Float32Type::get(op.getContext());
  if (forceFp32 ? out != f32
                : out != x && !(x.isInteger(8) && out.isInteger(8)))
    return op.emitOpError() << "Out's element type must be "
                            << (forceFp32        ? "f32 (force_fp32_output)"
                                : x.isInteger(8) ? "ui8 or si8"
                                                 : "X's")
                            << ", got " << out;
  return success();
}

LogicalResult MatmulV2Op::verify() {
  ArrayRef<int64_t> x = shapeOf(getX()), y = shapeOf(getY());
  if (x.empty() || y.empty())
    return emitOpError() << "X and Y must have rank >= 1, got "
                         << formatShape(x) << " and " << formatShape(y);
  if (failed(verifyFusedActivation(*this, "fuse_activation",
                                   getFuseActivation())) ||
      failed(verifyMatmulV2Types(*this)) ||
      failed(verifyPackedWeights(
          *this, getX(), getY(),
          getTransY()        ? "transposed (trans_y)"
          : y.size() != 2 ? "as a vector or a batch of matrices"
                             : "")))
    return failure();
  // numpy.matmul: a 1-D X is a row vector, a 1-D Y a column vector; the
  // promoted dimension is dropped from Out. Transposes apply to matrices.
  bool xVector = x.size() == 1, yVector = y.size() == 1;
  int64_t m = 1, kx = x.back(), ky = y.front(), n = 1;
  if (!xVector) {
    m = x[x.size() - 2];
    kx = x.back();
    if (getTransX())
      std::swap(m, kx);
  }
  if (!yVector) {
    ky = y[y.size() - 2];
    n = y.back();
    if (getTransY())
      std::swap(ky, n);
  }
  if (!dimsMatch(kx, ky))
    return emitOpError() << "contraction sizes differ: X gives "
                         << formatShape({kx}) << ", Y gives "
                         << formatShape({ky});
  ArrayRef<int64_t> xBatch = xVector ? ArrayRef<int64_t>() : x.drop_back(2);
  ArrayRef<int64_t> yBatch = yVector ? ArrayRef<int64_t>() : y.drop_back(2);
  size_t batchRank = std::max(xBatch.size(), yBatch.size());
  SmallVector<int64_t> out;
  for (size_t i = 0; i < batchRank; ++i) {
    int64_t a = i + xBatch.size() >= batchRank ? xBatch[i + xBatch.size() - batchRank] : 1;
    int64_t b = i + yBatch.size() >= batchRank ? yBatch[i + yBatch.size() - batchRank] : 1;
    std::optional<int64_t> dim = broadcastDim(a, b);
    if (!dim)
      return emitOpError() << "batch dimensions of X " << formatShape(x)
                           << " and Y " << formatShape(y)
                           << " do not broadcast";
    out.push_back(*dim);
  }
  if (!xVector)
    out.push_back(m);
  if (!yVector)
    out.push_back(n);
  if (xVector && yVector)
    out.push_back(1); // Paddle keeps the dot product of two vectors 1-D.
  return expectShape(*this, getOut(), "Out", out);
}

LogicalResult MatmulV2Op::canonicalize(MatmulV2Op op, PatternRewriter &rewriter) {
  // mul has no activation.
  if (op.getTransX() || op.getTransY() || op.getX().getType().getRank() != 2 ||
      op.getY().getType().getRank() != 2 ||
      fusedActivationOf(op).kind != FusedActivation::None)
    return failure();
  // mul's int8 attributes mean what matmul_v2's do (one scale for Y).
  SmallVector<NamedAttribute> attrs;
  OperationName mul(MulOp::getOperationName(), op.getContext());
  if (op.getX().getType().getElementType().isInteger(8)) {
    attrs.emplace_back(MulOp::getScaleXAttrName(mul), op.getScaleXAttr());
    attrs.emplace_back(
        MulOp::getScaleYAttrName(mul),
        rewriter.getDenseF32ArrayAttr({op.getScaleY().convertToFloat()}));
    attrs.emplace_back(MulOp::getScaleOutAttrName(mul), op.getScaleOutAttr());
  }
  if (op.getForceFp32Output())
    attrs.emplace_back(MulOp::getForceFp32OutputAttrName(mul),
                       op.getForceFp32OutputAttr());
  rewriter.replaceOpWithNewOp<MulOp>(op, TypeRange{op.getType()},
                                     ValueRange{op.getX(), op.getY()}, attrs);
  return success();
}

//===----------------------------------------------------------------------===//
// matmul (v1)
//===----------------------------------------------------------------------===//

namespace {
/// matmul (v1)'s reading of its operands (matmul_op.cc, GetMatDim): a 1-D
/// X is a row [1, K], a 1-D Y a column [K, 1], each transposed when asked;
/// the leading dimensions of each side flatten into one batch (0: none).
struct MatmulV1Shapes {
  int64_t m, kx, ky, n;
  int64_t xBatch = 0, yBatch = 0;
  SmallVector<int64_t> out;
};
} // namespace

static int64_t batchOf(ArrayRef<int64_t> shape) {
  if (shape.size() <= 2)
    return 0;
  int64_t batch = 1;
  for (int64_t d : shape.drop_back(2)) {
    if (!isKnown(d))
      return ShapedType::kDynamic;
    batch *= d;
  }
  return batch;
}

static MatmulV1Shapes matmulV1Shapes(ArrayRef<int64_t> x, ArrayRef<int64_t> y, bool transX,
                                     bool transY) {
  MatmulV1Shapes s;
  auto matrixOf = [](ArrayRef<int64_t> shape, bool transpose, bool isX) {
    int64_t rows = shape.size() == 1 ? (isX ? 1 : shape[0]) : shape[shape.size() - 2];
    int64_t cols = shape.size() == 1 ? (isX ? shape[0] : 1) : shape.back();
    return transpose ? std::pair(cols, rows) : std::pair(rows, cols);
  };
  std::tie(s.m, s.kx) = matrixOf(x, transX, true);
  std::tie(s.ky, s.n) = matrixOf(y, transY, false);
  s.xBatch = batchOf(x);
  s.yBatch = batchOf(y);
  // MatMulOp::InferShape: the batched side's dimensions with the product's
  // two, then a 1-D X drops the row of one, a 1-D Y the column of one.
  if (x.size() > 2)
    s.out.assign(x.begin(), x.end() - 2);
  else if (y.size() > 2)
    s.out.assign(y.begin(), y.end() - 2);
  s.out.push_back(s.m);
  s.out.push_back(s.n);
  if (x.size() == 1 && s.out[s.out.size() - 2] == 1)
    s.out.erase(s.out.end() - 2);
  if (y.size() == 1 && s.out.back() == 1)
    s.out.pop_back();
  if (s.out.empty())
    s.out.push_back(1);
  return s;
}

LogicalResult MatmulOp::verify() {
  if (getForceFp32Output())
    return emitOpError() << "force_fp32_output is for int8 data, which "
                            "matmul (v1) does not model; use matmul_v2";
  ArrayRef<int64_t> x = shapeOf(getX()), y = shapeOf(getY());
  if (x.empty() || y.empty())
    return emitOpError() << "X and Y must have rank >= 1";
  MatmulV1Shapes s = matmulV1Shapes(x, y, getTranspose_X(), getTranspose_Y());
  if (!dimsMatch(s.kx, s.ky))
    return emitOpError() << "X " << formatShape(x) << " and Y " << formatShape(y)
                         << " do not multiply: " << s.kx << " columns against " << s.ky
                         << " rows";
  if (s.xBatch != 0 && s.yBatch != 0 && !dimsMatch(s.xBatch, s.yBatch))
    return emitOpError() << "the batches of X " << formatShape(x) << " and Y "
                         << formatShape(y) << " differ: matmul (v1) flattens each side's "
                         << "leading dimensions into one batch, " << s.xBatch << " against "
                         << s.yBatch << " (use matmul_v2 to broadcast)";
  if (s.xBatch != 0 && s.yBatch != 0 && x.size() != y.size() &&
      (!isKnown(s.xBatch) || !isKnown(s.yBatch)))
    return emitOpError() << "the batches of X " << formatShape(x) << " and Y "
                         << formatShape(y)
                         << " have different ranks: their sizes must be static";
  return expectShape(*this, getOut(), "Out", s.out);
}

/// `x` reshaped by reshape2 to `shape` (0 copies x's size there, one -1
/// is inferred), of type `type`.
static Value reshapeTo(PatternRewriter &rewriter, Location loc, Value x, ArrayRef<int32_t> shape,
                       RankedTensorType type) {
  auto xShape = RankedTensorType::get({0}, type.getElementType());
  return Reshape2Op::create(rewriter, loc, TypeRange{type, xShape}, x, Value(), ValueRange{},
                            rewriter.getDenseI32ArrayAttr(shape))
      .getOut();
}

/// A reshape2 attribute for `to`: 0 where `to` keeps `from`'s size at the
/// same position, the static size, or -1 for the (one) other dynamic size.
static std::optional<SmallVector<int32_t>> reshapeAttr(ArrayRef<int64_t> from,
                                                       ArrayRef<int64_t> to) {
  SmallVector<int32_t> attr;
  bool inferred = false;
  for (auto [i, d] : llvm::enumerate(to)) {
    if (isKnown(d)) {
      attr.push_back(int32_t(d));
    } else if (i < from.size() && from[i] == d) {
      attr.push_back(0);
    } else if (!inferred) {
      attr.push_back(-1);
      inferred = true;
    } else {
      return std::nullopt;
    }
  }
  return attr;
}

/// matmul(X, Y) = matmul_v2(X, Y) scaled by alpha: one product for the
/// lowerings and the fuse passes. A transposed 1-D operand becomes the
/// matrix v1 reads it as, a batch flattened differently from the other
/// side's takes its dimensions, and the product drops what v1 drops.
LogicalResult MatmulOp::canonicalize(MatmulOp op, PatternRewriter &rewriter) {
  Location loc = op.getLoc();
  Value x = op.getX(), y = op.getY();
  ArrayRef<int64_t> xs = shapeOf(x), ys = shapeOf(y);
  Type element = cast<ShapedType>(x.getType()).getElementType();
  auto reshaped = [&](Value v, ArrayRef<int64_t> from,
                      ArrayRef<int64_t> to) -> std::optional<Value> {
    std::optional<SmallVector<int32_t>> attr = reshapeAttr(from, to);
    if (!attr)
      return std::nullopt;
    return reshapeTo(rewriter, loc, v, *attr, RankedTensorType::get(to, element));
  };
  // matmul_v2 ignores the transposes of a 1-D operand, v1 does not: such
  // an operand becomes the matrix v1 reads it as.
  SmallVector<int64_t> x2(xs), y2(ys);
  if (xs.size() == 1 && op.getTranspose_X())
    x2 = {1, xs[0]};
  if (ys.size() == 1 && op.getTranspose_Y())
    y2 = {ys[0], 1};
  // Equal batches flattened from different dimensions: Y takes X's.
  if (xs.size() > 2 && ys.size() > 2 && xs.drop_back(2) != ys.drop_back(2)) {
    y2.assign(xs.begin(), xs.end() - 2);
    y2.append(ys.end() - 2, ys.end());
  }
  if (ArrayRef<int64_t>(x2) != xs) {
    std::optional<Value> v = reshaped(x, xs, x2);
    if (!v)
      return rewriter.notifyMatchFailure(op, "X's reshape has two dynamic sizes");
    x = *v;
  }
  if (ArrayRef<int64_t>(y2) != ys) {
    std::optional<Value> v = reshaped(y, ys, y2);
    if (!v)
      return rewriter.notifyMatchFailure(op, "Y's reshape has two dynamic sizes");
    y = *v;
  }
  MatmulV1Shapes s = matmulV1Shapes(x2, y2, op.getTranspose_X(), op.getTranspose_Y());
  auto productType = RankedTensorType::get(s.out, element);
  Value product = MatmulV2Op::create(
      rewriter, loc, productType, x, y, rewriter.getBoolAttr(op.getTranspose_X()),
      rewriter.getBoolAttr(op.getTranspose_Y()), rewriter.getF32FloatAttr(1.0f),
      rewriter.getF32FloatAttr(1.0f), rewriter.getF32FloatAttr(1.0f),
      rewriter.getBoolAttr(false), rewriter.getStringAttr(""),
      rewriter.getF32FloatAttr(0.0f), rewriter.getF32FloatAttr(0.0f));
  auto outType = cast<RankedTensorType>(op.getType());
  if (productType.getShape() != outType.getShape()) {
    std::optional<Value> v = reshaped(product, productType.getShape(), outType.getShape());
    if (!v)
      return rewriter.notifyMatchFailure(op, "Out's reshape has two dynamic sizes");
    product = *v;
  }
  float alpha = op.getAlpha().convertToFloat();
  if (alpha != 1.0f)
    product = ScaleOp::create(rewriter, loc, outType, product, Value(),
                              rewriter.getF32FloatAttr(alpha), rewriter.getF32FloatAttr(0.0f),
                              rewriter.getBoolAttr(true));
  rewriter.replaceOp(op, product);
  return success();
}
