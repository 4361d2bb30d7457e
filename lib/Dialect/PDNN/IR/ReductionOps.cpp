//===- ReductionOps.cpp - softmax, layer_norm, top_k, reductions ----------===//
//
// Paddle's shape rules for the ops that reduce along dimensions.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "mlir/IR/OpImplementation.h"
#include "ShapeChecks.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::detail;

LogicalResult SoftmaxOp::verify() {
  int64_t rank = cast<ShapedType>(getX().getType()).getRank();
  if (rank == 0)
    return emitOpError() << "X must have rank >= 1";
  return normalizeAxis(*this, getAxis(), rank);
}

LogicalResult LayerNormOp::verify() {
  ArrayRef<int64_t> x = shapeOf(getX());
  int64_t axis = getBeginNormAxis();
  if (axis < 1 || axis >= int64_t(x.size()))
    return emitOpError() << "begin_norm_axis must be in [1, rank(X) = "
                         << x.size() << "), got " << axis;
  float epsilon = getEpsilon().convertToFloat();
  if (!(epsilon >= 0.0f && epsilon <= 0.001f))
    return emitOpError() << "epsilon must be in [0, 0.001], got " << epsilon;
  int64_t left = product(x.take_front(axis));
  int64_t right = product(x.drop_front(axis));
  if (getY().getType() != getX().getType())
    return emitOpError() << "Y must have X's type " << getX().getType()
                         << ", got " << getY().getType();
  return success(
      succeeded(expectOptionalShape(*this, getScale(), "Scale", {right})) &&
      succeeded(expectOptionalShape(*this, getBias(), "Bias", {right})) &&
      succeeded(expectShape(*this, getMean(), "Mean", {left})) &&
      succeeded(expectShape(*this, getVariance(), "Variance", {left})));
}

LogicalResult TopKOp::verify() {
  ArrayRef<int64_t> x = shapeOf(getX());
  if (x.empty())
    return emitOpError() << "X must have rank >= 1";
  if (failed(expectShape(*this, getIndices(), "Indices (Out's shape)",
                         shapeOf(getOut()))))
    return failure();
  if (elementTypeOf(getOut()) != elementTypeOf(getX()))
    return emitOpError() << "Out must have X's element type "
                         << elementTypeOf(getX()) << ", got "
                         << elementTypeOf(getOut());
  if (failed(expectOptionalShape(*this, getKTensor(), "K", {1})))
    return failure();
  int64_t k = getKTensor() ? ShapedType::kDynamic : int64_t(getK());
  if (!getKTensor() && k < 1)
    return emitOpError() << "k must be >= 1, got " << k;
  if (isKnown(k) && isKnown(x.back()) && k > x.back())
    return emitOpError() << "k = " << k << " exceeds the last dimension of X ("
                         << x.back() << ")";
  SmallVector<int64_t> out(x.drop_back());
  out.push_back(k);
  return expectShape(*this, getOut(), "Out", out);
}

//===----------------------------------------------------------------------===//
// reduce_mean, reduce_sum, arg_max
//===----------------------------------------------------------------------===//

/// The dimensions a reduction reduces, normalised and sorted; every one for
/// `reduce_all` or an empty `dim`.
template <typename ReduceOp>
static FailureOr<SmallVector<int64_t>> reducedDims(ReduceOp op) {
  int64_t rank = op.getX().getType().getRank();
  SmallVector<int64_t> dims;
  if (op.getReduceAll() || op.getDim().empty()) {
    for (int64_t d = 0; d < rank; ++d)
      dims.push_back(d);
    return dims;
  }
  for (int32_t axis : op.getDim()) {
    FailureOr<int64_t> d = normalizeAxis(op, axis, rank, "dim item");
    if (failed(d))
      return failure();
    if (llvm::is_contained(dims, *d))
      return op.emitOpError() << "dim names dimension " << *d << " twice";
    dims.push_back(*d);
  }
  llvm::sort(dims);
  return dims;
}

template <typename ReduceOp>
static LogicalResult inferReduce(ReduceOp op, InferredShapes &shapes) {
  FailureOr<SmallVector<int64_t>> dims = reducedDims(op);
  if (failed(dims))
    return failure();
  ArrayRef<int64_t> in = shapeOf(op.getX());
  SmallVector<int64_t> out;
  for (int64_t d = 0, e = in.size(); d < e; ++d) {
    if (!llvm::is_contained(*dims, d))
      out.push_back(in[d]);
    else if (op.getKeepDim())
      out.push_back(1);
  }
  // Paddle 2 gives a reduction to a scalar the shape [1]; Paddle 3 0-D.
  if (out.empty() && op.getOut().getType().getRank() == 1)
    out.push_back(1);
  shapes.push_back(out);
  return success();
}

template <typename ReduceOp>
static LogicalResult verifyReduce(ReduceOp op) {
  if (op.getX().getType().getRank() == 0)
    return op.emitOpError() << "X must have rank >= 1";
  for (auto [name, code] : {std::pair<StringRef, int32_t>{"in_dtype", op.getInDtype()},
                            {"out_dtype", op.getOutDtype()}})
    if (code != -1 &&
        paddleElementType(op.getContext(), code) != elementTypeOf(op.getX()))
      return op.emitOpError() << name << " " << code
                              << " must be -1 or X's element type";
  if (elementTypeOf(op.getOut()) != elementTypeOf(op.getX()))
    return op.emitOpError() << "Out must have X's element type";
  return verifyInferredShapes(op, {"Out"});
}

LogicalResult ReduceMeanOp::inferResultShapes(InferredShapes &shapes) {
  return inferReduce(*this, shapes);
}
LogicalResult ReduceMeanOp::verify() { return verifyReduce(*this); }
SmallVector<int64_t> ReduceMeanOp::getReducedDims() { return *reducedDims(*this); }

LogicalResult ReduceSumOp::inferResultShapes(InferredShapes &shapes) {
  return inferReduce(*this, shapes);
}
LogicalResult ReduceSumOp::verify() { return verifyReduce(*this); }
SmallVector<int64_t> ReduceSumOp::getReducedDims() { return *reducedDims(*this); }

LogicalResult ArgMaxOp::inferResultShapes(InferredShapes &shapes) {
  ArrayRef<int64_t> in = shapeOf(getX());
  if (in.empty())
    return emitOpError() << "X must have rank >= 1";
  if (getFlatten()) {
    // One index: Paddle 2.4 writes [1] (with or without keepdims), 2.5+ a
    // 0-D tensor, or all ones with keepdims; Out's rank says which.
    int64_t rank = getOut().getType().getRank();
    if (rank == 0)
      shapes.push_back(SmallVector<int64_t>{});
    else if (getKeepdims() && rank == int64_t(in.size()))
      shapes.push_back(SmallVector<int64_t>(in.size(), 1));
    else
      shapes.push_back(SmallVector<int64_t>{1});
    return success();
  }
  FailureOr<int64_t> axis = normalizeAxis(*this, getAxis(), in.size());
  if (failed(axis))
    return failure();
  SmallVector<int64_t> out;
  for (int64_t d = 0, e = in.size(); d < e; ++d) {
    if (d != *axis)
      out.push_back(in[d]);
    else if (getKeepdims())
      out.push_back(1);
  }
  if (out.empty() && getOut().getType().getRank() == 1)
    out.push_back(1);
  shapes.push_back(out);
  return success();
}

LogicalResult ArgMaxOp::verify() {
  // A negative dtype (older programs' default) means int64.
  int32_t dtype = getDtype() < 0 ? 3 : getDtype();
  if (dtype != 2 && dtype != 3)
    return emitOpError() << "dtype must be 2 (int32), 3 (int64) or negative (int64), got "
                         << getDtype();
  if (elementTypeOf(getOut()) != paddleElementType(getContext(), dtype))
    return emitOpError() << "Out must be " << paddleElementType(getContext(), dtype)
                         << " for dtype " << getDtype();
  return verifyInferredShapes(*this, {"Out"});
}
