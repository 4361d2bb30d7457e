//===- ProductsToOneDNN.cpp - fc, mul, matmul_v2 to oneDNN matmul ---------===//
//
// Products become the pdnnrt matmul call after Paddle's operands are
// reshaped into what oneDNN's matmul takes (flatten_to_2d for fc and mul).
// int8 products (Int8Products.h) keep their int8 operands and hand their
// scales to the runtime; packed sparse weights run a generated kernel.
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "CallResults.h"
#include "RuntimeActivation.h"

#include "../Legality/OneDNNLegality.h"
#include "../SparseKernels/SparseMatmulKernel.h"
#include "../PDNNToLinalg/QuantizationBuilders.h"
#include "../Utils/ElementwiseShapes.h"
#include "../Utils/Int8Products.h"
#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"
#include "PaddleDNN/Runtime/PackedSparseFormat.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;
using pdnnrt::EltwiseAlgorithm;

namespace {

//===----------------------------------------------------------------------===//
// Matrix products: oneDNN matmul
//===----------------------------------------------------------------------===//

/// What a product computes beyond its operands: its result type and, for
/// int8 data, Paddle's scales; fc's and matmul_v2's activation.
struct ProductSpec {
  Type outType;
  std::optional<Int8Product> int8;
  ActivationSpec activation;
};

/// The sparse kernels' form of a (verified: sparseKernelsFuse) activation.
static pdnnrt::Activation sparseActivation(const ActivationSpec &spec) {
  switch (spec.kind) {
  case FusedActivation::Relu:
  case FusedActivation::LeakyRelu:
    return pdnnrt::Activation::relu;
  case FusedActivation::Tanh:
    return pdnnrt::Activation::tanh;
  case FusedActivation::Sigmoid:
    return pdnnrt::Activation::logistic;
  default:
    assert(spec.kind == FusedActivation::None &&
           "the verifier keeps other activations from packed weights");
    return pdnnrt::Activation::none;
  }
}

/// A constant [count] tensor of `values` in `elementType`.
template <typename T>
static Value constantOf(OpBuilder &b, Location loc, Type elementType,
                        ArrayRef<T> values) {
  auto type = RankedTensorType::get({int64_t(values.size())}, elementType);
  return arith::ConstantOp::create(b, loc, type,
                                   DenseElementsAttr::get(type, values));
}

/// The f32 bias of a product with `n` columns: Paddle's Bias (any shape of n
/// values, checked at run time), quantized to s32 for int8 products; zeros
/// when the op has none, so that one primitive (and one cached kernel) serves
/// every product, with or without Bias.
static Value productBias(PatternRewriter &rewriter, Location loc, Value bias,
                         OpFoldResult n, const ProductSpec &spec,
                         StringRef name) {
  if (!bias)
    return createFilled(rewriter, loc, {n}, rewriter.getF32Type(), 0.0);
  bias = flatten(rewriter, loc, bias);
  OpFoldResult count = guardEqual(
      rewriter, loc, tensor::getMixedSize(rewriter, loc, bias, 0), n,
      (name + ": Bias has {0} values for {1} columns").str());
  bias = sliceTo(rewriter, loc, bias, {count});
  return spec.int8 ? quantizeInt8Bias(rewriter, loc, bias, spec.int8->bias)
                   : bias;
}

/// The int8 product with weights in `#pdnn.packed` (a verified si8 constant
/// [K, N]): packed now, at compile time, and run by a kernel generated into
/// the module (SparseMatmulKernel.h). src [M, K] or [B, M, K] (rows of a
/// batch are rows of one matrix to a product with shared weights).
static Value buildSparseMatmul(PatternRewriter &rewriter, Location loc,
                               Value src, Value weights, Value bias,
                               const ProductSpec &spec, StringRef name) {
  auto weightsType = cast<RankedTensorType>(weights.getType());
  int64_t k = weightsType.getDimSize(0), n = weightsType.getDimSize(1);
  DenseIntElementsAttr dense;
  bool constant = matchPattern(weights, m_Constant(&dense));
  assert(constant && "the verifier requires constant packed weights");
  (void)constant;
  std::vector<int8_t> plain;
  plain.reserve(k * n);
  for (const APInt &v : dense.getValues<APInt>())
    plain.push_back(int8_t(v.getSExtValue()));
  ::pdnn::packed::PackedWeights packed = ::pdnn::packed::pack(plain.data(), k, n);
  // A tensor has at least one element: all-zero weights keep one unused.
  if (packed.values.empty())
    packed.values.push_back(0);

  SmallVector<OpFoldResult> outSizes = getSizes(rewriter, loc, src);
  int64_t rank = cast<RankedTensorType>(src.getType()).getRank();
  src = collapseToMatrix(rewriter, loc, src, rank - 1);
  SmallVector<OpFoldResult> s = getSizes(rewriter, loc, src);
  s[1] = guardEqual(
      rewriter, loc, rewriter.getIndexAttr(k), s[1],
      (name + ": the weights have {0} rows but the data has {1} columns").str());
  src = sliceTo(rewriter, loc, src, s);
  OpFoldResult columns = rewriter.getIndexAttr(n);
  bias = productBias(rewriter, loc, bias, columns, spec, name);
  MLIRContext *ctx = rewriter.getContext();
  auto si8 = IntegerType::get(ctx, 8, IntegerType::Signed);
  auto ui8 = IntegerType::get(ctx, 8, IntegerType::Unsigned);
  Value values = constantOf(rewriter, loc, si8, ArrayRef(packed.values));
  Value offsets = constantOf(rewriter, loc, rewriter.getI64Type(),
                             ArrayRef(packed.offsets));
  Value bitmask = constantOf(rewriter, loc, ui8, ArrayRef(packed.bitmask));
  Value columnSums = constantOf(rewriter, loc, rewriter.getI32Type(),
                                ArrayRef(packed.columnSums));
  Value groups = constantOf(rewriter, loc, ui8, ArrayRef(packed.groups));
  Value groupCounts =
      constantOf(rewriter, loc, ui8, ArrayRef(packed.groupCounts));
  Value dst = createEmpty(rewriter, loc, {s[0], columns}, spec.outType);
  pdnnrt::Activation activation = sparseActivation(spec.activation);
  auto module =
      rewriter.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  SparseMatmulKernels kernels =
      declareSparseMatmulKernels(rewriter, module, {spec.outType, activation});
  Value product =
      pdnnrt::SparseMatmulOp::create(
          rewriter, loc, TypeRange{dst.getType()}, src, values, offsets,
          bitmask, columnSums, groups, groupCounts, bias,
          f32VectorConstant(rewriter, loc, spec.int8->output), dst, kernels.vnni,
          kernels.amx, pdnnrt::ActivationAttr::get(ctx, activation),
          rewriter.getF32FloatAttr(spec.int8->activationScale))
          .getResult(0);
  outSizes.back() = columns;
  return rank == 2 ? product : reshapeTo(rewriter, loc, product, outSizes);
}

/// dst = act(src x weights + bias) on oneDNN: src [M, K] or [B, M, K],
/// weights [K, N] or [WB, K, N], bias of N values or null; for int8 data,
/// Paddle's int8 product (Int8Products.h): the bias quantized to s32 here,
/// f32 weights quantized by the runtime with the weight scales, the output
/// and activation scales handed to oneDNN. The sizes the types leave open
/// are checked first: K against K, the batches unless the weights' is 1 in
/// the type, the bias against N. Returns dst [M, N] or [B, M, N].
static Value buildMatmul(PatternRewriter &rewriter, Location loc, Value src,
                         Value weights, Value bias, const ProductSpec &spec,
                         StringRef name) {
  auto weightsType = cast<RankedTensorType>(weights.getType());
  if (isa_and_nonnull<PackedEncodingAttr>(weightsType.getEncoding()))
    return buildSparseMatmul(rewriter, loc, src, weights, bias, spec, name);
  SmallVector<OpFoldResult> s = getSizes(rewriter, loc, src);
  SmallVector<OpFoldResult> w = getSizes(rewriter, loc, weights);
  size_t sr = s.size(), wr = w.size();
  OpFoldResult k = guardEqual(
      rewriter, loc, w[wr - 2], s[sr - 1],
      (name + ": the weights have {0} rows but the data has {1} columns").str());
  s[sr - 1] = w[wr - 2] = k;
  if (sr == 3 && wr == 3 && weightsType.getDimSize(0) != 1) {
    OpFoldResult batch = guardEqual(
        rewriter, loc, w[0], s[0],
        (name + ": the weights have a batch of {0}, the data of {1}").str());
    s[0] = w[0] = batch;
  }
  src = sliceTo(rewriter, loc, src, s);
  weights = sliceTo(rewriter, loc, weights, w);
  OpFoldResult n = w.back();
  bias = productBias(rewriter, loc, bias, n, spec, name);
  Value wScales, outputScales;
  float activationScale = 1.0f;
  if (spec.int8) {
    if (!spec.int8->weights.empty())
      wScales = f32VectorConstant(rewriter, loc, spec.int8->weights);
    outputScales = f32VectorConstant(rewriter, loc, spec.int8->output);
    activationScale = spec.int8->activationScale;
  }
  SmallVector<OpFoldResult> dstSizes(s);
  dstSizes.back() = n;
  Value dst = createEmpty(rewriter, loc, dstSizes, spec.outType);
  RuntimeActivation act = runtimeActivation(spec.activation);
  return pdnnrt::MatmulOp::create(
             rewriter, loc, TypeRange{dst.getType()}, src, weights, bias,
             wScales, outputScales, /*weightsPrepared=*/Value(), dst,
             pdnnrt::EltwiseAlgorithmAttr::get(rewriter.getContext(),
                                               act.algorithm),
             rewriter.getF32FloatAttr(act.alpha),
             rewriter.getF32FloatAttr(act.beta),
             rewriter.getF32FloatAttr(activationScale))
      .getResult(0);
}

/// `product` reshaped to `sizes` and handed back as `result`'s type.
static Value finishProduct(OpBuilder &b, Location loc, Value product,
                           ArrayRef<OpFoldResult> sizes, Value result) {
  return castTo(b, loc, reshapeTo(b, loc, product, sizes), result.getType());
}

/// The spec of fc, mul or matmul_v2 `op`, whose result is `out`.
static ProductSpec productSpec(Operation *op, Value out) {
  return {getElementTypeOrSelf(out.getType()), int8ProductOf(op),
          fusedActivationOf(op)};
}

struct FcToMatmul : public OpRewritePattern<FcOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(FcOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t split = op.getInNumColDims();
    Value src = collapseToMatrix(rewriter, loc, op.getInput(), split);
    Value product =
        buildMatmul(rewriter, loc, src, op.getW(), op.getBias(),
                    productSpec(op, op.getOut()), "fc");
    SmallVector<OpFoldResult> sizes(
        ArrayRef(getSizes(rewriter, loc, op.getInput())).take_front(split));
    sizes.push_back(tensor::getMixedSize(rewriter, loc, product, 1));
    rewriter.replaceOp(op, finishProduct(rewriter, loc, product, sizes, op.getOut()));
    return success();
  }
};

struct MulToMatmul : public OpRewritePattern<MulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MulOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t xSplit = op.getXNumColDims(), ySplit = op.getYNumColDims();
    Value src = collapseToMatrix(rewriter, loc, op.getX(), xSplit);
    Value weights = collapseToMatrix(rewriter, loc, op.getY(), ySplit);
    Value product = buildMatmul(rewriter, loc, src, weights, Value(),
                                productSpec(op, op.getOut()), "mul");
    SmallVector<OpFoldResult> sizes(
        ArrayRef(getSizes(rewriter, loc, op.getX())).take_front(xSplit));
    llvm::append_range(
        sizes, ArrayRef(getSizes(rewriter, loc, op.getY())).drop_front(ySplit));
    rewriter.replaceOp(op, finishProduct(rewriter, loc, product, sizes, op.getOut()));
    return success();
  }
};

/// matmul_v2 without transposes on matrices or 3-D batches whose weights
/// batch is equal or 1 (what oneDNN matmul broadcasts).
struct MatmulV2ToMatmul : public OpRewritePattern<MatmulV2Op> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatmulV2Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value weights = op.getY();
    // Packed weights stay a [K, N] constant: the sparse product collapses
    // the batch into rows instead.
    bool packed = isa_and_nonnull<PackedEncodingAttr>(
        op.getY().getType().getEncoding());
    if (op.getX().getType().getRank() == 3 &&
        op.getY().getType().getRank() == 2 && !packed)
      weights = alignRank(rewriter, loc, weights, 3, 1);
    Value product = buildMatmul(rewriter, loc, op.getX(), weights, Value(),
                                productSpec(op, op.getOut()), "matmul_v2");
    rewriter.replaceOp(op, castTo(rewriter, loc, product, op.getType()));
    return success();
  }
};

} // namespace

void mlir::pdnn::populateProductsToOneDNNPatterns(RewritePatternSet &patterns) {
  patterns.add<FcToMatmul, MulToMatmul, MatmulV2ToMatmul>(patterns.getContext());
}
