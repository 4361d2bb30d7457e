//===- ReferenceTensor.cpp - tensor ops as tensor dialect ops -------------===//
//
// Shapes, views and data movement: reshapes are tensor reshapes (views),
// slices are extract_slice, concat is tensor.concat, transposes and
// gathers are linalg. Both backends lower these ops here.
//
//===----------------------------------------------------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/ElementwiseShapes.h"
#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"
#include "LinalgBuilders.h"
#include "QuantizationBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/ConvolutionGeometry.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>
#include <cstdlib>

using namespace mlir;
using namespace mlir::pdnn;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static Value asIndex(OpBuilder &b, Location loc, Value integer) {
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), integer);
}

/// The element count of `sizes`.
static OpFoldResult countOf(OpBuilder &b, Location loc,
                            ArrayRef<OpFoldResult> sizes) {
  OpFoldResult count = b.getIndexAttr(1);
  AffineExpr d0 = b.getAffineDimExpr(0), d1 = b.getAffineDimExpr(1);
  for (OpFoldResult size : sizes)
    count = affine::makeComposedFoldedAffineApply(b, loc, d0 * d1, {count, size});
  return count;
}

/// `x` reshaped to `sizes` when the element counts agree; otherwise the
/// mismatch is reported (`name` words it) and the result has no elements,
/// so that nothing reads past `x`.
static Value checkedReshape(OpBuilder &b, Location loc, Value x,
                            SmallVector<OpFoldResult> sizes, StringRef name) {
  OpFoldResult have = countOf(b, loc, getSizes(b, loc, x));
  OpFoldResult want = countOf(b, loc, sizes);
  std::optional<int64_t> h = getConstantIntValue(have), w = getConstantIntValue(want);
  if (h && w && *h == *w)
    return reshapeTo(b, loc, x, sizes);
  Value hv = getValueOrCreateConstantIndexOp(b, loc, have);
  Value wv = getValueOrCreateConstantIndexOp(b, loc, want);
  Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, hv, wv);
  reportUnless(b, loc, ok,
               (name + ": X has {0} elements, the target shape {1}").str(), hv, wv);
  Value zero = indexConstant(b, loc, 0);
  Value flat = sliceTo(b, loc, flatten(b, loc, x),
                       {Value(arith::SelectOp::create(b, loc, ok, hv, zero))});
  sizes[0] = Value(arith::SelectOp::create(
      b, loc, ok, getValueOrCreateConstantIndexOp(b, loc, sizes[0]), zero));
  return reshapeTo(b, loc, flat, sizes);
}

/// The integer values of a size tensor (a 1-D tensor, or a list of
/// one-element tensors), as index values.
static SmallVector<Value> sizeValues(OpBuilder &b, Location loc, ValueRange list,
                                     Value tensor) {
  SmallVector<Value> values;
  Value zero = indexConstant(b, loc, 0);
  if (!list.empty()) {
    for (Value item : list)
      values.push_back(asIndex(b, loc, tensor::ExtractOp::create(
                                           b, loc, flatten(b, loc, item), ValueRange{zero})));
    return values;
  }
  auto type = cast<RankedTensorType>(tensor.getType());
  for (int64_t i = 0, e = type.getDimSize(0); i < e; ++i)
    values.push_back(asIndex(b, loc, tensor::ExtractOp::create(
                                         b, loc, tensor, ValueRange{indexConstant(b, loc, i)})));
  return values;
}

/// `sizes` with each run-time size checked: a negative one (a -1 that was
/// not the one inferred entry, or any other negative value) is reported,
/// naming `name`, and taken as 0.
static void checkNonNegative(OpBuilder &b, Location loc, MutableArrayRef<OpFoldResult> sizes,
                             StringRef name) {
  Value zero = indexConstant(b, loc, 0);
  for (OpFoldResult &size : sizes) {
    if (std::optional<int64_t> known = getConstantIntValue(size); known && *known >= 0)
      continue;
    Value v = getValueOrCreateConstantIndexOp(b, loc, size);
    Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, v, zero);
    reportUnless(b, loc, ok, (name + ": a size of {0} in the target shape (sizes are >= {1}, "
                                     "one may be -1)").str(),
                 v, zero);
    size = Value(arith::SelectOp::create(b, loc, ok, v, zero));
  }
}

/// Replaces a reshaping op (Out, XShape) by `out`.
static void replaceReshaping(RewriterBase &rewriter, Operation *op, Value out) {
  Location loc = op->getLoc();
  replaceOpWithCasts(rewriter, op,
                     {out, emptyScratch(rewriter, loc, op->getResult(1).getType())});
}

namespace {

struct ConcatToTensor : public OpRewritePattern<ConcatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConcatOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t rank = op.getType().getRank();
    int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
    // Every dimension but the axis is common: check the ones the types
    // leave open against the first input's.
    SmallVector<OpFoldResult> common = getSizes(rewriter, loc, op.getX().front());
    for (auto [index, x] : llvm::enumerate(op.getX().drop_front()))
      for (auto [d, size] : llvm::enumerate(getSizes(rewriter, loc, x)))
        if (int64_t(d) != axis)
          common[d] = guardEqual(rewriter, loc, size, common[d],
                                 ("concat: input " + Twine(index + 1) +
                                  " has size {0} in dimension " + Twine(d) +
                                  ", input 0 has {1}")
                                     .str());
    SmallVector<Value> inputs;
    for (Value x : op.getX()) {
      SmallVector<OpFoldResult> sizes(common);
      sizes[axis] = tensor::getMixedSize(rewriter, loc, x, axis);
      inputs.push_back(sliceTo(rewriter, loc, x, sizes));
    }
    Value concat = tensor::ConcatOp::create(rewriter, loc, axis, inputs);
    replaceOpWithCasts(rewriter, op, concat);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

/// Paddle's ValidateShape at run time: 0 copies X's size, one -1 is the
/// rest; the element counts are checked.
struct Reshape2ToTensor : public OpRewritePattern<Reshape2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(Reshape2Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> in = getSizes(rewriter, loc, op.getX());
    SmallVector<OpFoldResult> target;
    if (!op.getShapeTensor().empty() || op.getShapeInput()) {
      for (Value v : sizeValues(rewriter, loc, op.getShapeTensor(), op.getShapeInput()))
        target.push_back(v);
      if (target.empty() && op.getShapeInput())
        return rewriter.notifyMatchFailure(op, "Shape has a dynamic length");
    } else {
      for (int32_t s : op.getShape())
        target.push_back(rewriter.getIndexAttr(s));
    }
    // Each entry: 0 -> X's size at that position, -1 -> inferred.
    SmallVector<OpFoldResult> sizes;
    int64_t inferred = -1;
    Value zero = indexConstant(rewriter, loc, 0);
    Value minusOne = indexConstant(rewriter, loc, -1);
    for (auto [i, size] : llvm::enumerate(target)) {
      std::optional<int64_t> known = getConstantIntValue(size);
      if (known && *known == -1) {
        inferred = i;
        sizes.push_back(rewriter.getIndexAttr(1));
      } else if (known && *known == 0) {
        sizes.push_back(i < in.size() ? in[i] : rewriter.getIndexAttr(0));
      } else if (known) {
        sizes.push_back(size);
      } else {
        // A run-time size: 0 and -1 mean what they mean statically (one -1
        // at most, checked below).
        Value v = cast<Value>(size);
        Value copy = i < in.size() ? getValueOrCreateConstantIndexOp(rewriter, loc, in[i]) : zero;
        Value isZero = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, v, zero);
        sizes.push_back(Value(arith::SelectOp::create(rewriter, loc, isZero, copy, v)));
      }
    }
    auto isMinusOne = [&](OpFoldResult s) -> Value {
      if (std::optional<int64_t> k = getConstantIntValue(s))
        return arith::ConstantIntOp::create(rewriter, loc, *k == -1, 1);
      return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, cast<Value>(s), minusOne);
    };
    // Run-time -1 entries: replaced by the quotient below.
    bool dynamicMinusOne = llvm::any_of(target, [](OpFoldResult s) { return !getConstantIntValue(s); });
    if (inferred >= 0 || dynamicMinusOne) {
      Value total = getValueOrCreateConstantIndexOp(rewriter, loc, countOf(rewriter, loc, in));
      Value others = indexConstant(rewriter, loc, 1);
      SmallVector<Value> minus;
      for (auto [i, s] : llvm::enumerate(sizes)) {
        Value m = int64_t(i) == inferred ? arith::ConstantIntOp::create(rewriter, loc, 1, 1).getResult()
                                         : isMinusOne(target[i]);
        minus.push_back(m);
        Value v = getValueOrCreateConstantIndexOp(rewriter, loc, s);
        others = arith::MulIOp::create(rewriter, loc, others,
                                       arith::SelectOp::create(rewriter, loc, m,
                                                               indexConstant(rewriter, loc, 1), v));
      }
      Value safe = arith::MaxSIOp::create(rewriter, loc, others, indexConstant(rewriter, loc, 1));
      Value quotient = arith::DivSIOp::create(rewriter, loc, total, safe);
      for (auto [i, m] : llvm::enumerate(minus)) {
        if (getConstantIntValue(target[i]) && int64_t(i) != inferred)
          continue;
        sizes[i] = Value(arith::SelectOp::create(
            rewriter, loc, m, quotient, getValueOrCreateConstantIndexOp(rewriter, loc, sizes[i])));
      }
    }
    checkNonNegative(rewriter, loc, sizes, "reshape2");
    // Static result sizes the type knows stay static.
    auto outType = cast<RankedTensorType>(op.getOut().getType());
    for (auto [d, s] : llvm::enumerate(sizes))
      if (!outType.isDynamicDim(d) && !getConstantIntValue(s))
        sizes[d] = guardEqual(rewriter, loc, s, rewriter.getIndexAttr(outType.getDimSize(d)),
                              "reshape2: the shape gives size {0} where Out's type has {1}");
    replaceReshaping(rewriter, op, checkedReshape(rewriter, loc, op.getX(), sizes, "reshape2"));
    return success();
  }
};

/// squeeze2, unsqueeze2 and the flattens: reshapes to the shape their
/// shape rule gives, with X's run-time sizes where the type is dynamic.
template <typename OpTy>
struct ReshapingToTensor : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> in = getSizes(rewriter, loc, op.getX());
    int64_t rank = in.size();
    SmallVector<OpFoldResult> out;
    StringRef name = op->getName().stripDialect();
    if constexpr (std::is_same_v<OpTy, Squeeze2Op>) {
      SmallVector<bool> drop(rank, false);
      auto type = op.getX().getType();
      if (op.getAxes().empty()) {
        for (int64_t d = 0; d < rank; ++d)
          drop[d] = type.getDimSize(d) == 1;
      } else {
        for (int32_t axis : op.getAxes()) {
          int64_t d = axis < 0 ? axis + rank : axis;
          if (type.getDimSize(d) == 1) {
            drop[d] = true;
          } else if (type.isDynamicDim(d)) {
            // Named and dynamic: the program says it is 1.
            in[d] = guardEqual(rewriter, loc, in[d], rewriter.getIndexAttr(1),
                               "squeeze2: a squeezed dimension has size {0}, not {1}");
            drop[d] = true;
          }
        }
      }
      for (int64_t d = 0; d < rank; ++d)
        if (!drop[d])
          out.push_back(in[d]);
    } else if constexpr (std::is_same_v<OpTy, Unsqueeze2Op>) {
      int64_t current = rank;
      out = in;
      for (int32_t axis : op.getAxes()) {
        int64_t at = axis < 0 ? axis + current + 1 : axis;
        out.insert(out.begin() + at, rewriter.getIndexAttr(1));
        ++current;
      }
    } else if constexpr (std::is_same_v<OpTy, FlattenContiguousRangeOp>) {
      if (rank == 0) {
        out.push_back(rewriter.getIndexAttr(1));
      } else {
        int64_t start = op.getStartAxis() < 0 ? op.getStartAxis() + rank : op.getStartAxis();
        int64_t stop = op.getStopAxis() < 0 ? op.getStopAxis() + rank : op.getStopAxis();
        out.append(in.begin(), in.begin() + start);
        out.push_back(countOf(rewriter, loc, ArrayRef(in).slice(start, stop - start + 1)));
        out.append(in.begin() + stop + 1, in.end());
      }
    } else {
      int64_t axis = op.getAxis();
      out.push_back(countOf(rewriter, loc, ArrayRef(in).take_front(axis)));
      out.push_back(countOf(rewriter, loc, ArrayRef(in).drop_front(axis)));
    }
    Value x = sliceTo(rewriter, loc, op.getX(), in);
    replaceReshaping(rewriter, op, checkedReshape(rewriter, loc, x, out, name));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

struct Transpose2ToLinalg : public OpRewritePattern<Transpose2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(Transpose2Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<int64_t> perm(op.getAxis().begin(), op.getAxis().end());
    SmallVector<OpFoldResult> in = getSizes(rewriter, loc, op.getX()), out;
    for (int64_t p : perm)
      out.push_back(in[p]);
    Value init = createEmpty(rewriter, loc, out, op.getX().getType().getElementType());
    Value result =
        linalg::TransposeOp::create(rewriter, loc, op.getX(), init, perm).getResult()[0];
    replaceReshaping(rewriter, op, result);
    return success();
  }
};

/// split's SectionsTensorList read at run time: one value may be -1 (the
/// rest of the axis); a negative size is reported and taken as 0. The sum
/// is checked against the axis by the caller.
static SmallVector<OpFoldResult> sectionsReadAtRunTime(OpBuilder &b, Location loc, SplitOp op,
                                                       OpFoldResult axisSize) {
  SmallVector<Value> sections = sizeValues(b, loc, op.getSectionsTensorList(), Value());
  Value zero = indexConstant(b, loc, 0), minusOne = indexConstant(b, loc, -1);
  Value known = zero, rests = zero;
  for (Value s : sections) {
    Value isRest = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, s, minusOne);
    known = arith::AddIOp::create(b, loc, known, arith::SelectOp::create(b, loc, isRest, zero, s));
    rests = arith::AddIOp::create(
        b, loc, rests,
        arith::SelectOp::create(b, loc, isRest, indexConstant(b, loc, 1), zero));
  }
  Value one = indexConstant(b, loc, 1);
  reportUnless(b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, rests, one),
               "split: SectionsTensorList holds {0} values of -1, at most {1} may be", rests,
               one);
  Value rest = arith::SubIOp::create(b, loc, getValueOrCreateConstantIndexOp(b, loc, axisSize),
                                     known);
  SmallVector<OpFoldResult> sizes;
  for (Value s : sections) {
    Value isRest = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, s, minusOne);
    Value size = arith::SelectOp::create(b, loc, isRest, rest, s);
    Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, size, zero);
    reportUnless(b, loc, ok, "split: a section has {0} elements, fewer than {1}", size, zero);
    sizes.push_back(Value(arith::SelectOp::create(b, loc, ok, size, zero)));
  }
  return sizes;
}

/// Consecutive extract_slices along the axis, sized by the shape rule
/// (`sections` or `num`, with one -1 for the rest); the axis and sections
/// must be constants here.
struct SplitToTensor : public OpRewritePattern<SplitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SplitOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    InferredShapes shapes;
    if (failed(cast<ShapeInferenceOpInterface>(op.getOperation()).inferResultShapes(shapes)))
      return failure();
    int64_t rank = op.getX().getType().getRank();
    int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
    if (op.getAxisTensor()) {
      DenseIntElementsAttr value;
      if (!matchPattern(op.getAxisTensor(), m_Constant(&value)))
        return rewriter.notifyMatchFailure(op, "AxisTensor is not a constant");
      axis = (*value.getValues<APInt>().begin()).getSExtValue();
      axis = axis < 0 ? axis + rank : axis;
    }
    SmallVector<OpFoldResult> in = getSizes(rewriter, loc, op.getX());
    int64_t parts = op.getOut().size();
    // Part sizes: the shape rule's where known, else the rest of the axis
    // divided equally (num) or what the known sections leave.
    SmallVector<OpFoldResult> partSizes;
    if (!op.getSectionsTensorList().empty())
      partSizes = sectionsReadAtRunTime(rewriter, loc, op, in[axis]);
    for (int64_t i = 0; i < parts && partSizes.size() < size_t(parts); ++i) {
      int64_t known = shapes[i] ? (*shapes[i])[axis] : ShapedType::kDynamic;
      if (!ShapedType::isDynamic(known)) {
        partSizes.push_back(rewriter.getIndexAttr(known));
        continue;
      }
      if (op.getNum() > 0) {
        partSizes.push_back(affine::makeComposedFoldedAffineApply(
            rewriter, loc, rewriter.getAffineDimExpr(0).floorDiv(op.getNum()), {in[axis]}));
        continue;
      }
      int64_t others = 0;
      for (auto [j, s] : llvm::enumerate(op.getSections()))
        if (int64_t(j) != i)
          others += s;
      partSizes.push_back(affine::makeComposedFoldedAffineApply(
          rewriter, loc, rewriter.getAffineDimExpr(0) - others, {in[axis]}));
    }
    // The parts must tile the axis.
    OpFoldResult total = rewriter.getIndexAttr(0);
    for (OpFoldResult s : partSizes)
      total = affine::makeComposedFoldedAffineApply(
          rewriter, loc, rewriter.getAffineDimExpr(0) + rewriter.getAffineDimExpr(1), {total, s});
    OpFoldResult checked = guardEqual(rewriter, loc, total, in[axis],
                                      "split: the parts add up to {0}, the axis has {1}");
    bool fail = !isEqualConstantIntOrValue(checked, total);
    SmallVector<Value> results;
    OpFoldResult offset = rewriter.getIndexAttr(0);
    for (int64_t i = 0; i < parts; ++i) {
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)), sizes(in),
          strides(rank, rewriter.getIndexAttr(1));
      offsets[axis] = offset;
      sizes[axis] = partSizes[i];
      if (fail)
        sizes[axis] = affine::makeComposedFoldedAffineMin(
            rewriter, loc,
            AffineMap::get(2, 0, {rewriter.getAffineDimExpr(0), rewriter.getAffineDimExpr(1)},
                           rewriter.getContext()),
            {partSizes[i], checked});
      results.push_back(tensor::ExtractSliceOp::create(rewriter, loc, op.getX(), offsets,
                                                       sizes, strides));
      offset = affine::makeComposedFoldedAffineApply(
          rewriter, loc, rewriter.getAffineDimExpr(0) + rewriter.getAffineDimExpr(1),
          {offset, partSizes[i]});
    }
    replaceOpWithCasts(rewriter, op, results);
    return success();
  }
};

/// Each input with a 1 inserted at `axis`, concatenated there.
struct StackToTensor : public OpRewritePattern<StackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StackOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t rank = cast<RankedTensorType>(op.getX().front().getType()).getRank();
    int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank + 1 : op.getAxis();
    SmallVector<Value> xs = checkSameSizes(rewriter, loc, op.getX(), "stack");
    SmallVector<Value> expanded;
    for (Value x : xs) {
      SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, x);
      sizes.insert(sizes.begin() + axis, rewriter.getIndexAttr(1));
      expanded.push_back(reshapeTo(rewriter, loc, x, sizes));
    }
    Value out = expanded.size() == 1
                    ? expanded.front()
                    : Value(tensor::ConcatOp::create(rewriter, loc, axis, expanded));
    replaceOpWithCasts(rewriter, op, out);
    return success();
  }
};

/// pad3d: constant mode is tensor.pad; reflect, replicate and circular read
/// each output element from its mirrored, clamped or wrapped source.
struct Pad3DToLinalg : public OpRewritePattern<Pad3DOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(Pad3DOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getX();
    bool last = op.getDataFormat() == "NDHWC";
    // Spatial dimensions in the order of the paddings' pairs: W, H, D.
    int64_t spatial[3] = {last ? 3 : 4, last ? 2 : 3, last ? 1 : 2};
    SmallVector<Value> pads;
    if (Value tensor = op.getPaddingsTensor()) {
      pads = sizeValues(rewriter, loc, ValueRange(), tensor);
    } else {
      for (int32_t p : op.getPaddings())
        pads.push_back(indexConstant(rewriter, loc, p));
    }
    SmallVector<OpFoldResult> in = getSizes(rewriter, loc, x);
    SmallVector<OpFoldResult> low(5, rewriter.getIndexAttr(0)), high(5, rewriter.getIndexAttr(0));
    Value zero = indexConstant(rewriter, loc, 0);
    StringRef mode = op.getMode();
    for (int i = 0; i < 3; ++i) {
      Value before = pads[2 * i], after = pads[2 * i + 1];
      Value size = getValueOrCreateConstantIndexOp(rewriter, loc, in[spatial[i]]);
      // Paddings are non-negative; reflect needs each < size, circular
      // each <= size: otherwise reported, and padded by 0 instead.
      Value ok = arith::AndIOp::create(
          rewriter, loc,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, before, zero),
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, after, zero));
      if (mode == "reflect" || mode == "circular") {
        auto bound = mode == "reflect" ? arith::CmpIPredicate::slt : arith::CmpIPredicate::sle;
        ok = arith::AndIOp::create(
            rewriter, loc, ok,
            arith::AndIOp::create(rewriter, loc,
                                  arith::CmpIOp::create(rewriter, loc, bound, before, size),
                                  arith::CmpIOp::create(rewriter, loc, bound, after, size)));
      }
      if (mode == "replicate" || mode == "reflect") {
        // An empty dimension has no edge to repeat.
        ok = arith::AndIOp::create(
            rewriter, loc, ok,
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sgt, size, zero));
      }
      if (!matchPattern(ok, m_One()))
        reportUnless(rewriter, loc, ok,
                     "pad3d: paddings {0} and {1} do not fit " + mode.str() +
                         " padding of this input",
                     before, after);
      low[spatial[i]] = Value(arith::SelectOp::create(rewriter, loc, ok, before, zero));
      high[spatial[i]] = Value(arith::SelectOp::create(rewriter, loc, ok, after, zero));
    }
    Type element = op.getX().getType().getElementType();
    if (mode == "constant") {
      Value value = floatConstant(rewriter, loc, element, op.getValue().convertToFloat());
      Value padded = tensor::PadOp::create(rewriter, loc, Type(), x, low, high, value);
      replaceOpWithCasts(rewriter, op, padded);
      return success();
    }
    SmallVector<OpFoldResult> out(in);
    for (int i = 0; i < 3; ++i)
      out[spatial[i]] = affine::makeComposedFoldedAffineApply(
          rewriter, loc,
          rewriter.getAffineDimExpr(0) + rewriter.getAffineDimExpr(1) + rewriter.getAffineDimExpr(2),
          {in[spatial[i]], low[spatial[i]], high[spatial[i]]});
    Value init = createEmpty(rewriter, loc, out, element);
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{init.getType()}, ValueRange{}, ValueRange{init},
            ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(5)},
            SmallVector<utils::IteratorType>(5, utils::IteratorType::parallel),
            [&](OpBuilder &b, Location l, ValueRange) {
              SmallVector<Value> index;
              for (int64_t d = 0; d < 5; ++d)
                index.push_back(linalg::IndexOp::create(b, l, d));
              for (int i = 0; i < 3; ++i) {
                int64_t d = spatial[i];
                Value size = getValueOrCreateConstantIndexOp(b, l, in[d]);
                Value p = getValueOrCreateConstantIndexOp(b, l, low[d]);
                Value j = arith::SubIOp::create(b, l, index[d], p); // may be < 0 or >= size
                Value one = indexConstant(b, l, 1);
                Value lastIndex = arith::SubIOp::create(b, l, size, one);
                Value src;
                if (mode == "replicate") {
                  src = arith::MinSIOp::create(b, l, arith::MaxSIOp::create(b, l, j, zero), lastIndex);
                } else if (mode == "reflect") {
                  // -j before the start, 2 (size - 1) - j after the end.
                  Value neg = arith::SubIOp::create(b, l, zero, j);
                  Value mirrored = arith::SubIOp::create(
                      b, l, arith::MulIOp::create(b, l, lastIndex, indexConstant(b, l, 2)), j);
                  Value below = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, j, zero);
                  Value above = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, j, lastIndex);
                  src = arith::SelectOp::create(b, l, below, neg,
                                                arith::SelectOp::create(b, l, above, mirrored, j));
                  src = arith::MinSIOp::create(b, l, arith::MaxSIOp::create(b, l, src, zero), lastIndex);
                } else {
                  // circular: ((j mod size) + size) mod size
                  Value safe = arith::MaxSIOp::create(b, l, size, one);
                  src = arith::RemSIOp::create(
                      b, l, arith::AddIOp::create(b, l, arith::RemSIOp::create(b, l, j, safe), safe), safe);
                }
                index[d] = src;
              }
              Value v = tensor::ExtractOp::create(b, l, x, index);
              linalg::YieldOp::create(b, l, v);
            })
            .getResult(0);
    replaceOpWithCasts(rewriter, op, result);
    return success();
  }
};

/// X broadcast to the target: each output element reads X at its own
/// index, or at 0 where X's size is 1; X's sizes are checked against the
/// target (equal or 1).
struct ExpandV2ToLinalg : public OpRewritePattern<ExpandV2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ExpandV2Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> target;
    if (!op.getExpandShapesTensor().empty() || op.getShapeInput()) {
      target = sizeValues(rewriter, loc, op.getExpandShapesTensor(), op.getShapeInput());
      if (target.empty())
        return rewriter.notifyMatchFailure(op, "Shape has a dynamic length");
    } else {
      for (int32_t s : op.getShape())
        target.push_back(indexConstant(rewriter, loc, s));
    }
    SmallVector<OpFoldResult> in = getSizes(rewriter, loc, op.getX());
    int64_t rank = target.size(), gap = rank - in.size();
    SmallVector<OpFoldResult> out;
    Value one = indexConstant(rewriter, loc, 1), minusOne = indexConstant(rewriter, loc, -1);
    SmallVector<Value> broadcast; // per X dimension: reads index 0
    for (int64_t d = 0; d < rank; ++d) {
      if (d < gap) {
        out.push_back(target[d]);
        continue;
      }
      Value have = getValueOrCreateConstantIndexOp(rewriter, loc, in[d - gap]);
      Value want = target[d];
      Value keep = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, want, minusOne);
      Value size = arith::SelectOp::create(rewriter, loc, keep, have, want);
      Value isOne = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, have, one);
      Value same = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, have, size);
      Value ok = arith::OrIOp::create(rewriter, loc, isOne, same);
      if (!matchPattern(ok, m_One()))
        reportUnless(rewriter, loc, ok,
                     "expand_v2: X's size {0} cannot expand to {1}", have, size);
      out.push_back(Value(arith::SelectOp::create(rewriter, loc, ok, size, indexConstant(rewriter, loc, 0))));
      broadcast.push_back(arith::AndIOp::create(
          rewriter, loc, isOne,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, size, one)));
    }
    checkNonNegative(rewriter, loc, out, "expand_v2");
    for (OpFoldResult &s : out)
      if (auto v = dyn_cast<Value>(s))
        s = getAsOpFoldResult(v);
    Type element = op.getX().getType().getElementType();
    Value init = createEmpty(rewriter, loc, out, element);
    Value x = op.getX();
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{init.getType()}, ValueRange{}, ValueRange{init},
            ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(rank)},
            SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
            [&](OpBuilder &b, Location l, ValueRange) {
              SmallVector<Value> index;
              Value zero = indexConstant(b, l, 0);
              for (int64_t d = gap; d < rank; ++d) {
                Value i = linalg::IndexOp::create(b, l, d);
                index.push_back(arith::SelectOp::create(b, l, broadcast[d - gap], zero, i));
              }
              Value v = tensor::ExtractOp::create(b, l, x, index);
              linalg::YieldOp::create(b, l, v);
            })
            .getResult(0);
    replaceOpWithCasts(rewriter, op, result);
    return success();
  }
};

/// Paddle's slice: bounds counted from the end when negative, clamped into
/// [0, size]; a range that ends before it starts is an error.
struct SliceToTensor : public OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SliceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = op.getInput();
    int64_t rank = op.getInput().getType().getRank();
    SmallVector<OpFoldResult> in = getSizes(rewriter, loc, input);
    auto bounds = [&](ValueRange list, Value tensor, ArrayRef<int32_t> attr) {
      SmallVector<Value> values;
      if (!list.empty() || tensor)
        values = sizeValues(rewriter, loc, list, tensor);
      else
        for (int32_t v : attr)
          values.push_back(indexConstant(rewriter, loc, v));
      return values;
    };
    SmallVector<Value> starts = bounds(op.getStartsTensorList(), op.getStartsTensor(), op.getStarts());
    SmallVector<Value> ends = bounds(op.getEndsTensorList(), op.getEndsTensor(), op.getEnds());
    if (starts.size() != op.getAxes().size() || ends.size() != op.getAxes().size())
      return rewriter.notifyMatchFailure(op, "bound tensors of a dynamic length");
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)), sizes(in),
        strides(rank, rewriter.getIndexAttr(1));
    Value zero = indexConstant(rewriter, loc, 0);
    auto clamp = [&](Value bound, Value size) -> Value {
      Value neg = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, bound, zero);
      Value shifted = arith::SelectOp::create(rewriter, loc, neg,
                                              arith::AddIOp::create(rewriter, loc, bound, size), bound);
      return arith::MinSIOp::create(rewriter, loc, arith::MaxSIOp::create(rewriter, loc, shifted, zero),
                                    size);
    };
    for (auto [i, axis] : llvm::enumerate(op.getAxes())) {
      int64_t d = axis < 0 ? axis + rank : axis;
      Value size = getValueOrCreateConstantIndexOp(rewriter, loc, in[d]);
      Value from = clamp(starts[i], size), to = clamp(ends[i], size);
      Value ordered = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle, from, to);
      if (!matchPattern(ordered, m_One()))
        reportUnless(rewriter, loc, ordered,
                     "slice: the range [{0}, {1}) ends before it starts", from, to);
      Value extent = arith::SelectOp::create(rewriter, loc, ordered,
                                             arith::SubIOp::create(rewriter, loc, to, from), zero);
      offsets[d] = getAsOpFoldResult(from);
      sizes[d] = getAsOpFoldResult(extent);
    }
    Value sliced = tensor::ExtractSliceOp::create(rewriter, loc, input, offsets, sizes, strides);
    // decrease_axis drops dimensions of size 1 (checked).
    SmallVector<OpFoldResult> kept;
    SmallVector<bool> drop(rank, false);
    for (int32_t axis : op.getDecreaseAxis())
      drop[axis < 0 ? axis + rank : axis] = true;
    for (int64_t d = 0; d < rank; ++d) {
      if (!drop[d]) {
        kept.push_back(sizes[d]);
        continue;
      }
      sizes[d] = guardEqual(rewriter, loc, sizes[d], rewriter.getIndexAttr(1),
                            "slice: decrease_axis drops a dimension of size {0}, not {1}");
    }
    if (kept.empty() && op.getType().getRank() == 1)
      kept.push_back(rewriter.getIndexAttr(1));
    sliced = sliceTo(rewriter, loc, sliced, sizes);
    replaceOpWithCasts(rewriter, op, reshapeTo(rewriter, loc, sliced, kept));
    return success();
  }
};

/// Out[..., k, ...] = X[..., Index[k], ...]; an index outside [0, size) is
/// reported and reads row 0.
struct GatherToLinalg : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getX();
    int64_t rank = op.getX().getType().getRank();
    int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
    Value index = flatten(rewriter, loc, op.getIndex());
    SmallVector<OpFoldResult> out = getSizes(rewriter, loc, x);
    Value size = getValueOrCreateConstantIndexOp(rewriter, loc, out[axis]);
    out[axis] = tensor::getMixedSize(rewriter, loc, index, 0);
    // Count the indices outside [0, size) and report them once.
    Value bad = buildReduction(
        rewriter, loc,
        buildMapLike(rewriter, loc, index, index, rewriter.getF32Type(),
                     [&](OpBuilder &b, Location l, ValueRange v) -> Value {
                       Value i = asIndex(b, l, v[0]);
                       Value outside = arith::OrIOp::create(
                           b, l,
                           arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, i,
                                                 indexConstant(b, l, 0)),
                           arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, i, size));
                       return arith::UIToFPOp::create(b, l, b.getF32Type(), outside);
                     }),
        0, 0.0, [](OpBuilder &b, Location l, ValueRange v) -> Value {
          return arith::AddFOp::create(b, l, v[0], v[1]);
        });
    Value count = tensor::ExtractOp::create(rewriter, loc, bad, ValueRange{});
    Value none = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OEQ, count,
                                       f32Const(rewriter, loc, 0.0));
    reportUnless(rewriter, loc, none,
                 "gather: {0} indices are outside [0, {1})",
                 arith::IndexCastOp::create(
                     rewriter, loc, rewriter.getIndexType(),
                     arith::FPToSIOp::create(rewriter, loc, rewriter.getI64Type(), count)),
                 size);
    Type element = op.getX().getType().getElementType();
    Value init = createEmpty(rewriter, loc, out, element);
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{init.getType()}, ValueRange{}, ValueRange{init},
            ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(rank)},
            SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
            [&](OpBuilder &b, Location l, ValueRange) {
              SmallVector<Value> at;
              for (int64_t d = 0; d < rank; ++d)
                at.push_back(linalg::IndexOp::create(b, l, d));
              Value i = asIndex(b, l, tensor::ExtractOp::create(b, l, index, ValueRange{at[axis]}));
              Value zero = indexConstant(b, l, 0);
              Value inside = arith::AndIOp::create(
                  b, l, arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, i, zero),
                  arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, i, size));
              at[axis] = arith::SelectOp::create(b, l, inside, i, zero);
              Value v = tensor::ExtractOp::create(b, l, x, at);
              linalg::YieldOp::create(b, l, v);
            })
            .getResult(0);
    replaceOpWithCasts(rewriter, op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Shapes and constants
//===----------------------------------------------------------------------===//

struct ShapeToTensor : public OpRewritePattern<ShapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ShapeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> sizes;
    for (int64_t d = 0, e = op.getInput().getType().getRank(); d < e; ++d)
      sizes.push_back(arith::IndexCastOp::create(rewriter, loc, rewriter.getI32Type(),
                                                 getSize(rewriter, loc, op.getInput(), d)));
    auto type = RankedTensorType::get({int64_t(sizes.size())}, rewriter.getI32Type());
    replaceOpWithCasts(rewriter, op,
                       Value(tensor::FromElementsOp::create(rewriter, loc, type, sizes)));
    return success();
  }
};

/// A tensor of `sizes` filled with `value` (f64) converted as Paddle's
/// kernels convert the attribute to the element type.
static Value filledWith(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
                        Type element, Value valueF64) {
  Value scalar;
  if (isa<FloatType>(element))
    scalar = arith::TruncFOp::create(b, loc, element, valueF64);
  else if (element.isInteger(1))
    scalar = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, valueF64,
                                   floatConstant(b, loc, b.getF64Type(), 0.0));
  else {
    Type signless = b.getIntegerType(element.getIntOrFloatBitWidth());
    scalar = element.isUnsignedInteger()
                 ? Value(arith::FPToUIOp::create(b, loc, signless, valueF64))
                 : Value(arith::FPToSIOp::create(b, loc, signless, valueF64));
    scalar = reinterpretInteger(b, loc, scalar, element);
  }
  Value init = createEmpty(b, loc, sizes, element);
  return linalg::FillOp::create(b, loc, scalar, init).getResult(0);
}

/// The f64 value of a fill: `str_value` or `value`, or ValueTensor's.
static FailureOr<Value> fillValueOf(OpBuilder &b, Location loc, StringRef strValue,
                                    float value, Value tensor) {
  Type f64 = b.getF64Type();
  if (tensor) {
    Value v = tensor::ExtractOp::create(b, loc, flatten(b, loc, tensor),
                                        ValueRange{indexConstant(b, loc, 0)});
    Type t = v.getType();
    if (isa<FloatType>(t))
      return t.isF64() ? v : Value(arith::ExtFOp::create(b, loc, f64, v));
    return Value(arith::SIToFPOp::create(b, loc, f64, v));
  }
  // The verifier has checked that str_value is a number.
  double parsed = strValue.empty() ? double(value)
                                   : std::strtod(strValue.str().c_str(), nullptr);
  return Value(floatConstant(b, loc, f64, parsed));
}

struct FillConstantToLinalg : public OpRewritePattern<FillConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FillConstantOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes;
    if (!op.getShapeTensorList().empty() || op.getShapeTensor()) {
      Value zero = indexConstant(rewriter, loc, 0);
      for (Value v : sizeValues(rewriter, loc, op.getShapeTensorList(), op.getShapeTensor())) {
        Value ok = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, v, zero);
        reportUnless(rewriter, loc, ok, "fill_constant: size {0} is negative ({1})", v, zero);
        sizes.push_back(Value(arith::SelectOp::create(rewriter, loc, ok, v, zero)));
      }
      if (sizes.empty() && op.getShapeTensor())
        return rewriter.notifyMatchFailure(op, "ShapeTensor has a dynamic length");
    } else {
      for (int64_t s : op.getShape())
        sizes.push_back(rewriter.getIndexAttr(s));
    }
    FailureOr<Value> value = fillValueOf(rewriter, loc, op.getStrValue(),
                                         op.getValue().convertToFloat(), op.getValueTensor());
    replaceOpWithCasts(rewriter, op,
                       filledWith(rewriter, loc, sizes, op.getType().getElementType(), *value));
    return success();
  }
};

struct FillConstantBatchSizeLikeToLinalg
    : public OpRewritePattern<FillConstantBatchSizeLikeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FillConstantBatchSizeLikeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes;
    for (int32_t s : op.getShape())
      sizes.push_back(rewriter.getIndexAttr(s));
    sizes[op.getOutputDimIdx()] =
        tensor::getMixedSize(rewriter, loc, op.getInput(), op.getInputDimIdx());
    FailureOr<Value> value = fillValueOf(rewriter, loc, op.getStrValue(),
                                         op.getValue().convertToFloat(), Value());
    replaceOpWithCasts(rewriter, op,
                       filledWith(rewriter, loc, sizes, op.getType().getElementType(), *value));
    return success();
  }
};

struct AssignToTensor : public OpRewritePattern<AssignOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AssignOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, op.getX());
    return success();
  }
};

} // namespace

void mlir::pdnn::populateTensorToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ConcatToTensor, Reshape2ToTensor, ReshapingToTensor<Squeeze2Op>,
               ReshapingToTensor<Unsqueeze2Op>,
               ReshapingToTensor<FlattenContiguousRangeOp>,
               ReshapingToTensor<Flatten2Op>, Transpose2ToLinalg, SplitToTensor,
               StackToTensor, Pad3DToLinalg, ExpandV2ToLinalg, SliceToTensor,
               GatherToLinalg, ShapeToTensor, FillConstantToLinalg,
               FillConstantBatchSizeLikeToLinalg, AssignToTensor>(patterns.getContext());
}
