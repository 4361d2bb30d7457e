//===- TensorOps.cpp - shapes, views and data movement --------------------===//
//
// Paddle's shape rules for the tensor ops, and the folds that compute a
// program's shape arithmetic at compile time where sizes are static.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/ConvolutionGeometry.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "mlir/IR/OpImplementation.h"
#include "ShapeChecks.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::detail;

LogicalResult ConcatOp::verify() {
  if (getX().empty())
    return emitOpError() << "needs at least one input";
  ArrayRef<int64_t> first = shapeOf(getX().front());
  FailureOr<int64_t> axis = normalizeAxis(*this, getAxis(), first.size());
  if (failed(axis))
    return failure();
  Type elementType = elementTypeOf(getX().front());
  SmallVector<int64_t> out(first);
  out[*axis] = 0;
  for (Value input : getX()) {
    ArrayRef<int64_t> shape = shapeOf(input);
    if (elementTypeOf(input) != elementType)
      return emitOpError() << "inputs must share one element type, got "
                           << elementType << " and " << elementTypeOf(input);
    if (shape.size() != first.size())
      return emitOpError() << "inputs must share one rank, got "
                           << formatShape(first) << " and "
                           << formatShape(shape);
    for (size_t i = 0; i < shape.size(); ++i) {
      if (int64_t(i) == *axis) {
        out[i] = isKnown(out[i]) && isKnown(shape[i]) ? out[i] + shape[i]
                                                      : ShapedType::kDynamic;
      } else if (!dimsMatch(shape[i], out[i])) {
        return emitOpError() << "inputs " << formatShape(first) << " and "
                             << formatShape(shape)
                             << " differ outside the concat axis " << *axis;
      } else if (!isKnown(out[i])) {
        out[i] = shape[i];
      }
    }
  }
  if (elementTypeOf(getOut()) != elementType)
    return emitOpError() << "Out must have the inputs' element type "
                         << elementType;
  return expectShape(*this, getOut(), "Out", out);
}

/// concat(X) is X; a concat of constants is one constant, built chunk by
/// chunk: for each index of the dimensions before `axis`, every input's
/// slab in turn.
OpFoldResult ConcatOp::fold(FoldAdaptor adaptor) {
  if (getX().size() == 1 && getX().front().getType() == getType())
    return getX().front();
  auto outType = dyn_cast<RankedTensorType>(getType());
  if (!outType || !outType.hasStaticShape() ||
      outType.getNumElements() > (int64_t(1) << 20))
    return {};
  SmallVector<DenseElementsAttr> inputs;
  for (Attribute input : adaptor.getX()) {
    auto dense = dyn_cast_or_null<DenseElementsAttr>(input);
    if (!dense || dense.getElementType() != outType.getElementType())
      return {};
    inputs.push_back(dense);
  }
  int64_t rank = outType.getRank();
  int64_t axis = getAxis() < 0 ? getAxis() + rank : getAxis();
  ArrayRef<int64_t> out = outType.getShape();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= out[d];
  for (int64_t d = axis + 1; d < rank; ++d)
    inner *= out[d];
  SmallVector<SmallVector<Attribute>> values;
  for (DenseElementsAttr input : inputs)
    values.emplace_back(input.getValues<Attribute>());
  SmallVector<Attribute> result;
  result.reserve(outType.getNumElements());
  for (int64_t o = 0; o < outer; ++o)
    for (auto [input, elements] : llvm::zip(inputs, values)) {
      int64_t slab = input.getType().getDimSize(axis) * inner;
      llvm::append_range(result,
                         ArrayRef<Attribute>(elements).slice(o * slab, slab));
    }
  return DenseElementsAttr::get(outType, result);
}

//===----------------------------------------------------------------------===//
// Helpers: sizes given as tensors
//===----------------------------------------------------------------------===//

/// The integer values of a constant tensor, or nullopt.
static std::optional<SmallVector<int64_t>> constantInts(Value v) {
  DenseIntElementsAttr values;
  if (!v || !matchPattern(v, m_Constant(&values)))
    return std::nullopt;
  SmallVector<int64_t> result;
  for (const APInt &value : values.getValues<APInt>())
    result.push_back(value.getSExtValue());
  return result;
}

/// Sizes given by a list of one-element tensors (each constant, or dynamic),
/// or by one tensor (all constant, or `rank` dynamic entries when its length
/// is known); nullopt when the count itself is unknown.
static std::optional<SmallVector<int64_t>> sizesFromTensors(ValueRange list,
                                                            Value tensor) {
  SmallVector<int64_t> sizes;
  if (!list.empty()) {
    for (Value item : list) {
      std::optional<SmallVector<int64_t>> v = constantInts(item);
      sizes.push_back(v && v->size() == 1 ? (*v)[0] : ShapedType::kDynamic);
    }
    return sizes;
  }
  if (std::optional<SmallVector<int64_t>> v = constantInts(tensor))
    return *v;
  int64_t count = shapeOf(tensor).empty() ? 1 : shapeOf(tensor)[0];
  if (!isKnown(count))
    return std::nullopt;
  return SmallVector<int64_t>(count, ShapedType::kDynamic);
}

/// Checks that every tensor of a size list holds one element.
static LogicalResult expectScalarItems(Operation *op, ValueRange list,
                                       StringRef name) {
  for (Value item : list)
    if (!llvm::is_contained(ArrayRef<int64_t>{1}, product(shapeOf(item))) &&
        isKnown(product(shapeOf(item))))
      return op->emitOpError() << "each " << name
                               << " tensor must hold one value, got "
                               << formatShape(shapeOf(item));
  return success();
}

/// A 1-D size tensor of `count` values (dynamic count allowed).
static LogicalResult expectVector(Operation *op, Value tensor, StringRef name) {
  if (!tensor)
    return success();
  if (shapeOf(tensor).size() != 1)
    return op->emitOpError() << name << " must be 1-D, got "
                             << formatShape(shapeOf(tensor));
  return success();
}

//===----------------------------------------------------------------------===//
// reshape2
//===----------------------------------------------------------------------===//

/// Paddle's ValidateShape: 0 copies X's size at that position, one -1 is
/// whatever makes the counts agree; other sizes must be positive.
static FailureOr<SmallVector<int64_t>>
resolveReshape(Operation *op, ArrayRef<int64_t> in, ArrayRef<int64_t> target) {
  SmallVector<int64_t> out;
  int64_t inferred = -1;
  for (auto [i, size] : llvm::enumerate(target)) {
    if (size == 0) {
      if (i >= in.size())
        return op->emitOpError()
               << "shape[" << i << "] = 0 copies X's size at " << i
               << ", but X " << formatShape(in) << " has rank " << in.size();
      out.push_back(in[i]);
    } else if (size == -1) {
      if (inferred >= 0)
        return op->emitOpError() << "shape may hold one -1, got "
                                 << formatShape(target);
      inferred = i;
      out.push_back(ShapedType::kDynamic);
    } else if (isKnown(size) && size < 0) {
      return op->emitOpError() << "shape[" << i << "] = " << size
                               << " must be positive, 0 or -1";
    } else {
      out.push_back(size);
    }
  }
  int64_t inCount = product(in);
  if (inferred >= 0) {
    int64_t rest = product(ArrayRef<int64_t>(out).take_front(inferred));
    rest = isKnown(rest) ? scaled(rest, 1) : rest;
    int64_t others = 1;
    for (auto [i, size] : llvm::enumerate(out))
      if (int64_t(i) != inferred)
        others = isKnown(others) && isKnown(size) ? scaled(others, size)
                                                  : ShapedType::kDynamic;
    if (isKnown(inCount) && isKnown(others)) {
      if (others == 0 || inCount % others != 0)
        return op->emitOpError()
               << "X " << formatShape(in) << " has " << inCount
               << " elements, which the shape " << formatShape(target)
               << " cannot hold";
      out[inferred] = inCount / others;
    }
  } else {
    int64_t outCount = product(out);
    if (isKnown(inCount) && isKnown(outCount) && inCount != outCount)
      return op->emitOpError() << "X " << formatShape(in) << " has " << inCount
                               << " elements, the shape "
                               << formatShape(target) << " " << outCount;
  }
  return out;
}

LogicalResult Reshape2Op::inferResultShapes(InferredShapes &shapes) {
  if (failed(expectScalarItems(*this, getShapeTensor(), "ShapeTensor")) ||
      failed(expectVector(*this, getShapeInput(), "Shape")))
    return failure();
  SmallVector<int64_t> target;
  if (!getShapeTensor().empty() || getShapeInput()) {
    std::optional<SmallVector<int64_t>> sizes =
        sizesFromTensors(getShapeTensor(), getShapeInput());
    if (!sizes) {
      shapes.push_back(std::nullopt);
      shapes.push_back(std::nullopt);
      return success();
    }
    target = *sizes;
  } else {
    target.assign(getShapeAttr().asArrayRef().begin(),
                  getShapeAttr().asArrayRef().end());
    if (target.empty())
      return emitOpError() << "needs a shape: the shape attribute, Shape or "
                              "ShapeTensor";
  }
  FailureOr<SmallVector<int64_t>> out =
      resolveReshape(*this, shapeOf(getX()), target);
  if (failed(out))
    return failure();
  shapes.push_back(*out);
  shapes.push_back(std::nullopt);
  return success();
}

LogicalResult Reshape2Op::verify() {
  if (elementTypeOf(getOut()) != elementTypeOf(getX()))
    return emitOpError() << "Out must have X's element type";
  return verifyInferredShapes(*this, {"Out", "XShape"});
}

/// Constant shape tensors become the shape attribute, which means the same
/// (Paddle validates both alike), so that the reshape is static.
LogicalResult Reshape2Op::canonicalize(Reshape2Op op,
                                       PatternRewriter &rewriter) {
  if (op.getShapeTensor().empty() && !op.getShapeInput())
    return failure();
  std::optional<SmallVector<int64_t>> sizes =
      sizesFromTensors(op.getShapeTensor(), op.getShapeInput());
  if (!sizes || llvm::any_of(*sizes, [](int64_t s) {
        return !isKnown(s) || s < INT32_MIN || s > INT32_MAX;
      }))
    return failure();
  SmallVector<int32_t> shape(sizes->begin(), sizes->end());
  rewriter.replaceOpWithNewOp<Reshape2Op>(
      op, op->getResultTypes(), op.getX(), Value(), ValueRange(),
      rewriter.getDenseI32ArrayAttr(shape));
  return success();
}

//===----------------------------------------------------------------------===//
// squeeze2, unsqueeze2, flatten
//===----------------------------------------------------------------------===//

LogicalResult Squeeze2Op::inferResultShapes(InferredShapes &shapes) {
  ArrayRef<int64_t> in = shapeOf(getX());
  int64_t rank = in.size();
  SmallVector<bool> squeeze(rank, false);
  if (getAxes().empty()) {
    // Every size-1 dimension; a dynamic one is kept, as Paddle's InferShape
    // keeps an unknown size.
    for (int64_t d = 0; d < rank; ++d)
      squeeze[d] = in[d] == 1;
  } else {
    for (int32_t axis : getAxes()) {
      FailureOr<int64_t> d = normalizeAxis(*this, axis, rank, "axes item");
      if (failed(d))
        return failure();
      // A named dynamic dimension is squeezed: the program says it is 1
      // (compiled code checks it).
      squeeze[*d] = in[*d] == 1 || !isKnown(in[*d]);
    }
  }
  SmallVector<int64_t> out;
  for (int64_t d = 0; d < rank; ++d)
    if (!squeeze[d])
      out.push_back(in[d]);
  shapes.push_back(out);
  shapes.push_back(std::nullopt);
  return success();
}

LogicalResult Squeeze2Op::verify() {
  return verifyInferredShapes(*this, {"Out", "XShape"});
}

LogicalResult Unsqueeze2Op::inferResultShapes(InferredShapes &shapes) {
  ArrayRef<int64_t> in = shapeOf(getX());
  ArrayRef<int32_t> axes = getAxes();
  int64_t outRank = in.size() + axes.size();
  int64_t current = in.size();
  // Paddle's GetUnsqueezeShape: 1 marks an inserted dimension, 0 a slot for
  // X's next one; each insertion shifts the marks after it.
  SmallVector<int64_t> marks(outRank + 1, 0);
  for (int32_t axis : axes) {
    int64_t at = axis < 0 ? axis + current + 1 : axis;
    if (at < 0 || at > current)
      return emitOpError() << "axes item " << axis
                           << " must be in [" << -current - 1 << ", "
                           << current << "] for rank " << current;
    for (int64_t i = current; i >= at; --i)
      if (marks[i] == 1) {
        marks[i + 1] = 1;
        marks[i] = 0;
      }
    marks[at] = 1;
    ++current;
  }
  SmallVector<int64_t> out;
  for (int64_t i = 0, next = 0; i < outRank; ++i)
    out.push_back(marks[i] == 1 ? 1 : in[next++]);
  shapes.push_back(out);
  shapes.push_back(std::nullopt);
  return success();
}

LogicalResult Unsqueeze2Op::verify() {
  return verifyInferredShapes(*this, {"Out", "XShape"});
}

LogicalResult FlattenContiguousRangeOp::inferResultShapes(InferredShapes &shapes) {
  ArrayRef<int64_t> in = shapeOf(getX());
  int64_t rank = in.size();
  if (rank == 0) {
    shapes.push_back(SmallVector<int64_t>{1});
    shapes.push_back(std::nullopt);
    return success();
  }
  FailureOr<int64_t> start = normalizeAxis(*this, getStartAxis(), rank, "start_axis");
  FailureOr<int64_t> stop = normalizeAxis(*this, getStopAxis(), rank, "stop_axis");
  if (failed(start) || failed(stop))
    return failure();
  if (*start > *stop)
    return emitOpError() << "start_axis (" << *start
                         << ") must not come after stop_axis (" << *stop << ")";
  SmallVector<int64_t> out(in.take_front(*start));
  out.push_back(product(in.slice(*start, *stop - *start + 1)));
  llvm::append_range(out, in.drop_front(*stop + 1));
  shapes.push_back(out);
  shapes.push_back(std::nullopt);
  return success();
}

LogicalResult FlattenContiguousRangeOp::verify() {
  return verifyInferredShapes(*this, {"Out", "XShape"});
}

LogicalResult Flatten2Op::inferResultShapes(InferredShapes &shapes) {
  ArrayRef<int64_t> in = shapeOf(getX());
  int64_t axis = getAxis();
  if (axis < 0 || axis > int64_t(in.size()))
    return emitOpError() << "axis must be in [0, " << in.size()
                         << "] for rank " << in.size() << ", got " << axis;
  shapes.push_back(
      SmallVector<int64_t>{product(in.take_front(axis)), product(in.drop_front(axis))});
  shapes.push_back(std::nullopt);
  return success();
}

LogicalResult Flatten2Op::verify() {
  return verifyInferredShapes(*this, {"Out", "XShape"});
}

//===----------------------------------------------------------------------===//
// transpose2, split, stack, pad3d, expand_v2
//===----------------------------------------------------------------------===//

LogicalResult Transpose2Op::inferResultShapes(InferredShapes &shapes) {
  ArrayRef<int64_t> in = shapeOf(getX());
  ArrayRef<int32_t> axis = getAxis();
  if (axis.size() != in.size())
    return emitOpError() << "axis must list all " << in.size()
                         << " dimensions of X, got " << axis.size();
  SmallVector<bool> seen(in.size(), false);
  SmallVector<int64_t> out;
  for (int32_t a : axis) {
    if (a < 0 || a >= int64_t(in.size()) || seen[a])
      return emitOpError() << "axis must be a permutation of [0, " << in.size()
                           << "), got [" << llvm::join(llvm::map_range(axis, [](int32_t v) { return std::to_string(v); }), ", ") << "]";
    seen[a] = true;
    out.push_back(in[a]);
  }
  shapes.push_back(out);
  shapes.push_back(std::nullopt);
  return success();
}

LogicalResult Transpose2Op::verify() {
  return verifyInferredShapes(*this, {"Out", "XShape"});
}

LogicalResult SplitOp::inferResultShapes(InferredShapes &shapes) {
  ArrayRef<int64_t> in = shapeOf(getX());
  int64_t rank = in.size();
  int64_t outputs = getOut().size();
  if (failed(expectScalarItems(*this, getSectionsTensorList(), "SectionsTensorList")))
    return failure();
  if (Value axisTensor = getAxisTensor())
    if (isKnown(product(shapeOf(axisTensor))) && product(shapeOf(axisTensor)) != 1)
      return emitOpError() << "AxisTensor must hold one value, got "
                           << formatShape(shapeOf(axisTensor));
  if (!getSectionsTensorList().empty() && int64_t(getSectionsTensorList().size()) != outputs)
    return emitOpError() << "SectionsTensorList has " << getSectionsTensorList().size()
                         << " tensors, but the op has " << outputs << " results";
  std::optional<int64_t> axis;
  if (getAxisTensor()) {
    if (std::optional<SmallVector<int64_t>> v = constantInts(getAxisTensor());
        v && v->size() == 1)
      axis = (*v)[0];
  } else {
    axis = getAxis();
  }
  if (!axis) {
    for (int64_t i = 0; i < outputs; ++i)
      shapes.push_back(std::nullopt);
    return success();
  }
  FailureOr<int64_t> dim = normalizeAxis(*this, *axis, rank);
  if (failed(dim))
    return failure();
  int64_t size = in[*dim];
  SmallVector<int64_t> parts;
  if (getNum() > 0 && getSectionsTensorList().empty()) {
    if (getNum() != outputs)
      return emitOpError() << "num = " << getNum() << " parts, but the op has "
                           << outputs << " results";
    if (isKnown(size) && size % getNum() != 0)
      return emitOpError() << "num = " << getNum() << " does not divide the "
                           << size << " elements of dimension " << *dim;
    parts.assign(outputs, isKnown(size) ? size / getNum() : ShapedType::kDynamic);
  } else {
    // The tensors, when given, replace the attribute (Paddle's Python then
    // writes it as -1s); a tensor read at run time is dynamic here.
    bool fromTensors = !getSectionsTensorList().empty();
    if (fromTensors)
      parts = *sizesFromTensors(getSectionsTensorList(), Value());
    else
      parts.assign(getSections().begin(), getSections().end());
    if (int64_t(parts.size()) != outputs)
      return emitOpError() << "sections lists " << parts.size()
                           << " parts, but the op has " << outputs << " results";
    int64_t unknown = -1, known = 0;
    bool dynamicParts = false;
    for (auto [i, p] : llvm::enumerate(parts)) {
      if (!isKnown(p)) {
        dynamicParts = true;
      } else if (p == -1) {
        if (unknown >= 0)
          return emitOpError() << "sections may hold one -1";
        unknown = i;
      } else if (p < 0) {
        return emitOpError() << "sections must be >= 0 (or one -1), got " << p;
      } else {
        known += p;
      }
    }
    if (unknown >= 0)
      parts[unknown] =
          isKnown(size) && !dynamicParts ? size - known : ShapedType::kDynamic;
    if (isKnown(size) && !dynamicParts &&
        ((unknown < 0 && known != size) || (unknown >= 0 && known >= size)))
      return emitOpError() << "sections add up to " << known << ", dimension " << *dim
                           << " has " << size
                           << (unknown >= 0 ? " (with a -1, they must leave some)" : "");
  }
  for (int64_t part : parts) {
    SmallVector<int64_t> out(in);
    out[*dim] = part;
    shapes.push_back(out);
  }
  return success();
}

LogicalResult SplitOp::verify() {
  if (getOut().empty())
    return emitOpError() << "needs at least one result";
  for (Value out : getOut())
    if (elementTypeOf(out) != elementTypeOf(getX()))
      return emitOpError() << "every Out must have X's element type";
  SmallVector<std::string> names;
  SmallVector<StringRef> refs;
  for (size_t i = 0; i < getOut().size(); ++i)
    names.push_back("Out[" + std::to_string(i) + "]");
  for (const std::string &n : names)
    refs.push_back(n);
  return verifyInferredShapes(*this, refs);
}

LogicalResult StackOp::inferResultShapes(InferredShapes &shapes) {
  if (getX().empty())
    return emitOpError() << "needs at least one input";
  SmallVector<int64_t> common(shapeOf(getX().front()));
  for (Value x : getX()) {
    ArrayRef<int64_t> s = shapeOf(x);
    if (s.size() != common.size())
      return emitOpError() << "inputs must share one shape, got "
                           << formatShape(common) << " and " << formatShape(s);
    for (size_t d = 0; d < s.size(); ++d) {
      if (!dimsMatch(s[d], common[d]))
        return emitOpError() << "inputs must share one shape, got "
                             << formatShape(common) << " and " << formatShape(s);
      if (!isKnown(common[d]))
        common[d] = s[d];
    }
  }
  FailureOr<int64_t> axis =
      normalizeAxis(*this, getAxis(), int64_t(common.size()) + 1);
  if (failed(axis))
    return failure();
  common.insert(common.begin() + *axis, int64_t(getX().size()));
  shapes.push_back(common);
  return success();
}

LogicalResult StackOp::verify() {
  for (Value x : getX())
    if (elementTypeOf(x) != elementTypeOf(getY()))
      return emitOpError() << "inputs and Y must share one element type";
  return verifyInferredShapes(*this, {"Y"});
}

LogicalResult Pad3DOp::inferResultShapes(InferredShapes &shapes) {
  ArrayRef<int64_t> in = shapeOf(getX());
  if (in.size() != 5)
    return emitOpError() << "X must have rank 5 ([N, C, D, H, W]), got "
                         << formatShape(in);
  std::optional<bool> last = isChannelsLast(getDataFormat());
  if (!last || (getDataFormat() != "NCDHW" && getDataFormat() != "NDHWC"))
    return emitOpError() << "data_format must be \"NCDHW\" or \"NDHWC\", got \""
                         << getDataFormat() << "\"";
  StringRef mode = getMode();
  if (mode != "constant" && mode != "reflect" && mode != "replicate" &&
      mode != "circular")
    return emitOpError() << "mode must be \"constant\", \"reflect\", "
                            "\"replicate\" or \"circular\", got \""
                         << mode << "\"";
  SmallVector<int64_t> out(in);
  // Spatial dimensions W, H, D in the order of the paddings' pairs.
  int64_t spatial[3] = {*last ? 3 : 4, *last ? 2 : 3, *last ? 1 : 2};
  if (getPaddingsTensor()) {
    if (failed(expectShape(*this, getPaddingsTensor(), "Paddings", {6})))
      return failure();
    for (int64_t d : spatial)
      out[d] = ShapedType::kDynamic;
    shapes.push_back(out);
    return success();
  }
  ArrayRef<int32_t> pads = getPaddings();
  if (pads.size() != 6)
    return emitOpError() << "paddings must have 6 values (left, right, top, "
                            "bottom, front, back), got "
                         << pads.size();
  for (int i = 0; i < 3; ++i) {
    int64_t before = pads[2 * i], after = pads[2 * i + 1], size = in[spatial[i]];
    if (before < 0 || after < 0)
      return emitOpError() << "paddings must not be negative";
    if (mode == "reflect" && isKnown(size) && (before >= size || after >= size))
      return emitOpError() << "reflect padding must be smaller than the "
                              "dimension it pads: "
                           << before << " and " << after << " for size " << size;
    if (mode == "circular" && isKnown(size) && (before > size || after > size))
      return emitOpError() << "circular padding must not exceed the dimension "
                              "it pads: "
                           << before << " and " << after << " for size " << size;
    out[spatial[i]] = isKnown(size) ? size + before + after : size;
  }
  shapes.push_back(out);
  return success();
}

LogicalResult Pad3DOp::verify() { return verifyInferredShapes(*this, {"Out"}); }

LogicalResult ExpandV2Op::inferResultShapes(InferredShapes &shapes) {
  if (failed(expectScalarItems(*this, getExpandShapesTensor(), "expand_shapes_tensor")) ||
      failed(expectVector(*this, getShapeInput(), "Shape")))
    return failure();
  SmallVector<int64_t> target;
  if (!getExpandShapesTensor().empty() || getShapeInput()) {
    std::optional<SmallVector<int64_t>> sizes =
        sizesFromTensors(getExpandShapesTensor(), getShapeInput());
    if (!sizes) {
      shapes.push_back(std::nullopt);
      return success();
    }
    target = *sizes;
  } else {
    target.assign(getShapeAttr().asArrayRef().begin(), getShapeAttr().asArrayRef().end());
  }
  ArrayRef<int64_t> in = shapeOf(getX());
  if (target.size() < in.size())
    return emitOpError() << "shape has " << target.size()
                         << " sizes, fewer than X's rank " << in.size();
  int64_t gap = target.size() - in.size();
  SmallVector<int64_t> out;
  for (auto [i, size] : llvm::enumerate(target)) {
    int64_t from = int64_t(i) >= gap ? in[i - gap] : 1;
    if (size == -1) {
      if (int64_t(i) < gap)
        return emitOpError() << "shape[" << i
                             << "] = -1 names no dimension of X";
      out.push_back(from);
    } else if (!isKnown(size)) {
      out.push_back(ShapedType::kDynamic);
    } else if (size <= 0) {
      return emitOpError() << "shape[" << i << "] = " << size
                           << " must be positive or -1";
    } else {
      if (isKnown(from) && from != 1 && from != size)
        return emitOpError() << "X's size " << from << " cannot expand to "
                             << size << " (only size-1 dimensions expand)";
      out.push_back(size);
    }
  }
  shapes.push_back(out);
  return success();
}

LogicalResult ExpandV2Op::verify() {
  if (elementTypeOf(getOut()) != elementTypeOf(getX()))
    return emitOpError() << "Out must have X's element type";
  return verifyInferredShapes(*this, {"Out"});
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

/// Paddle's clamping of a slice bound into [0, size].
static int64_t clampBound(int64_t bound, int64_t size) {
  if (bound < 0)
    bound += size;
  return std::clamp<int64_t>(bound, 0, size);
}

/// The starts or ends of a slice: the list, the tensor or the attribute.
static std::optional<SmallVector<int64_t>>
sliceBounds(ValueRange list, Value tensor, ArrayRef<int32_t> attr) {
  if (!list.empty() || tensor)
    return sizesFromTensors(list, tensor);
  return SmallVector<int64_t>(attr.begin(), attr.end());
}

LogicalResult SliceOp::inferResultShapes(InferredShapes &shapes) {
  ArrayRef<int64_t> in = shapeOf(getInput());
  int64_t rank = in.size();
  ArrayRef<int32_t> axes = getAxes();
  SmallVector<int64_t> dims;
  for (int32_t axis : axes) {
    FailureOr<int64_t> d = normalizeAxis(*this, axis, rank, "axes item");
    if (failed(d))
      return failure();
    dims.push_back(*d);
  }
  std::optional<SmallVector<int64_t>> starts =
      sliceBounds(getStartsTensorList(), getStartsTensor(), getStarts());
  std::optional<SmallVector<int64_t>> ends =
      sliceBounds(getEndsTensorList(), getEndsTensor(), getEnds());
  if ((starts && starts->size() != axes.size()) ||
      (ends && ends->size() != axes.size()))
    return emitOpError() << "starts and ends must have one value per axis ("
                         << axes.size() << "), got "
                         << (starts ? int64_t(starts->size()) : -1) << " and "
                         << (ends ? int64_t(ends->size()) : -1);
  SmallVector<int64_t> out(in);
  for (auto [i, d] : llvm::enumerate(dims)) {
    int64_t size = in[d];
    int64_t start = starts ? (*starts)[i] : ShapedType::kDynamic;
    int64_t end = ends ? (*ends)[i] : ShapedType::kDynamic;
    if (!isKnown(size) || !isKnown(start) || !isKnown(end)) {
      out[d] = ShapedType::kDynamic;
      continue;
    }
    int64_t from = clampBound(start, size), to = clampBound(end, size);
    // Paddle 2.2+ rejects a range that ends before it starts.
    if (to < from)
      return emitOpError() << "the slice of dimension " << d << " (size "
                           << size << ") from " << start << " to " << end
                           << " ends before it starts";
    out[d] = to - from;
  }
  SmallVector<int64_t> decreased;
  SmallVector<bool> drop(rank, false);
  for (int32_t axis : getDecreaseAxis()) {
    FailureOr<int64_t> d = normalizeAxis(*this, axis, rank, "decrease_axis item");
    if (failed(d))
      return failure();
    if (isKnown(out[*d]) && out[*d] != 1)
      return emitOpError() << "decrease_axis drops dimension " << *d
                           << ", whose slice has " << out[*d]
                           << " elements instead of 1";
    drop[*d] = true;
  }
  for (int64_t d = 0; d < rank; ++d)
    if (!drop[d])
      decreased.push_back(out[d]);
  // Paddle 2 keeps a fully decreased slice as [1]; Paddle 3 makes it 0-D.
  if (decreased.empty() && getOut().getType().getRank() == 1)
    decreased.push_back(1);
  shapes.push_back(decreased);
  return success();
}

LogicalResult SliceOp::verify() {
  if (elementTypeOf(getOut()) != elementTypeOf(getInput()))
    return emitOpError() << "Out must have Input's element type";
  if (failed(expectVector(*this, getStartsTensor(), "StartsTensor")) ||
      failed(expectVector(*this, getEndsTensor(), "EndsTensor")) ||
      failed(expectScalarItems(*this, getStartsTensorList(), "StartsTensorList")) ||
      failed(expectScalarItems(*this, getEndsTensorList(), "EndsTensorList")))
    return failure();
  return verifyInferredShapes(*this, {"Out"});
}

/// Constant bound tensors become the attributes they replace.
LogicalResult SliceOp::canonicalize(SliceOp op, PatternRewriter &rewriter) {
  bool tensors = op.getStartsTensor() || op.getEndsTensor() ||
                 !op.getStartsTensorList().empty() ||
                 !op.getEndsTensorList().empty();
  if (!tensors)
    return failure();
  std::optional<SmallVector<int64_t>> starts =
      sliceBounds(op.getStartsTensorList(), op.getStartsTensor(), op.getStarts());
  std::optional<SmallVector<int64_t>> ends =
      sliceBounds(op.getEndsTensorList(), op.getEndsTensor(), op.getEnds());
  auto fits = [](const std::optional<SmallVector<int64_t>> &v) {
    return v && llvm::all_of(*v, [](int64_t x) {
             return isKnown(x) && x >= INT32_MIN && x <= INT32_MAX;
           });
  };
  if (!fits(starts) || !fits(ends))
    return failure();
  auto attr = [&](ArrayRef<int64_t> v) {
    return rewriter.getDenseI32ArrayAttr(SmallVector<int32_t>(v.begin(), v.end()));
  };
  rewriter.replaceOpWithNewOp<SliceOp>(
      op, op.getType(), op.getInput(), Value(), Value(), ValueRange(),
      ValueRange(), op.getAxesAttr(), attr(*starts), attr(*ends),
      op.getInferFlagsAttr(), op.getDecreaseAxisAttr());
  return success();
}

/// A slice of a small constant (a shape) is a constant.
OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  auto input = dyn_cast_or_null<DenseElementsAttr>(adaptor.getInput());
  auto outType = getType();
  if (!input || !outType.hasStaticShape() || input.getNumElements() > 4096 ||
      getStartsTensor() || getEndsTensor() || !getStartsTensorList().empty() ||
      !getEndsTensorList().empty())
    return {};
  ArrayRef<int64_t> in = input.getType().getShape();
  SmallVector<int64_t> lo(in.size(), 0), hi(in);
  for (auto [axis, start, end] : llvm::zip(getAxes(), getStarts(), getEnds())) {
    int64_t d = axis < 0 ? axis + in.size() : axis;
    lo[d] = clampBound(start, in[d]);
    hi[d] = std::max(lo[d], clampBound(end, in[d]));
  }
  SmallVector<Attribute> values(input.getValues<Attribute>());
  SmallVector<Attribute> result;
  SmallVector<int64_t> index(lo);
  int64_t count = 1;
  for (size_t d = 0; d < in.size(); ++d)
    count *= hi[d] - lo[d];
  if (count != outType.getNumElements())
    return {};
  for (int64_t i = 0; i < count; ++i) {
    int64_t linear = 0;
    for (size_t d = 0; d < in.size(); ++d)
      linear = linear * in[d] + index[d];
    result.push_back(values[linear]);
    for (int64_t d = int64_t(in.size()) - 1; d >= 0; --d) {
      if (++index[d] < hi[d])
        break;
      index[d] = lo[d];
    }
  }
  return DenseElementsAttr::get(outType, result);
}

//===----------------------------------------------------------------------===//
// gather, assign
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::inferResultShapes(InferredShapes &shapes) {
  ArrayRef<int64_t> x = shapeOf(getX()), index = shapeOf(getIndex());
  if (x.empty())
    return emitOpError() << "X must have rank >= 1";
  if (!(index.size() == 1 || (index.size() == 2 && dimsMatch(index[1], 1))))
    return emitOpError() << "Index must be 1-D or [K, 1], got "
                         << formatShape(index);
  FailureOr<int64_t> axis = normalizeAxis(*this, getAxis(), x.size());
  if (failed(axis))
    return failure();
  SmallVector<int64_t> out(x);
  out[*axis] = index[0];
  shapes.push_back(out);
  return success();
}

LogicalResult GatherOp::verify() {
  if (elementTypeOf(getOut()) != elementTypeOf(getX()))
    return emitOpError() << "Out must have X's element type";
  return verifyInferredShapes(*this, {"Out"});
}

OpFoldResult AssignOp::fold(FoldAdaptor) { return getX(); }

//===----------------------------------------------------------------------===//
// shape, fill_constant, fill_constant_batch_size_like
//===----------------------------------------------------------------------===//

LogicalResult ShapeOp::inferResultShapes(InferredShapes &shapes) {
  shapes.push_back(SmallVector<int64_t>{getInput().getType().getRank()});
  return success();
}

LogicalResult ShapeOp::verify() { return verifyInferredShapes(*this, {"Out"}); }

OpFoldResult ShapeOp::fold(FoldAdaptor) {
  auto type = getInput().getType();
  if (!type.hasStaticShape() || !getType().hasStaticShape())
    return {};
  SmallVector<int32_t> sizes;
  for (int64_t d : type.getShape()) {
    if (d > INT32_MAX)
      return {};
    sizes.push_back(int32_t(d));
  }
  return DenseElementsAttr::get(getType(), ArrayRef<int32_t>(sizes));
}

/// The fill value: `str_value` when set (parsed as Paddle does, with
/// "inf", "-inf" and "nan"), otherwise `value`.
static FailureOr<double> fillValue(Operation *op, StringRef strValue,
                                   float value) {
  if (strValue.empty())
    return double(value);
  std::string text = strValue.str();
  errno = 0;
  char *end = nullptr;
  double parsed = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || errno == ERANGE)
    return op->emitOpError() << "str_value \"" << strValue
                             << "\" is not a number";
  return parsed;
}

/// Checks `dtype` against the result's element type.
static LogicalResult expectDtype(Operation *op, int32_t dtype, Value out) {
  Type expected = paddleElementType(op->getContext(), dtype);
  if (!expected)
    return op->emitOpError() << "dtype " << dtype
                             << " is not a data type pdnn tensors hold";
  if (elementTypeOf(out) != expected)
    return op->emitOpError() << "dtype " << dtype << " means " << expected
                             << ", but Out holds " << elementTypeOf(out);
  return success();
}

LogicalResult FillConstantOp::inferResultShapes(InferredShapes &shapes) {
  if (failed(expectScalarItems(*this, getShapeTensorList(), "ShapeTensorList")) ||
      failed(expectVector(*this, getShapeTensor(), "ShapeTensor")))
    return failure();
  SmallVector<int64_t> shape;
  if (!getShapeTensorList().empty() || getShapeTensor()) {
    std::optional<SmallVector<int64_t>> sizes =
        sizesFromTensors(getShapeTensorList(), getShapeTensor());
    if (!sizes) {
      shapes.push_back(std::nullopt);
      return success();
    }
    shape = *sizes;
  } else {
    shape.assign(getShape().begin(), getShape().end());
  }
  for (int64_t s : shape)
    if (isKnown(s) && s < 0)
      return emitOpError() << "shape sizes must not be negative, got "
                           << formatShape(shape);
  shapes.push_back(shape);
  return success();
}

LogicalResult FillConstantOp::verify() {
  if (failed(expectDtype(*this, getDtype(), getOut())) ||
      failed(fillValue(*this, getStrValue(), getValue().convertToFloat())))
    return failure();
  if (getValueTensor() && product(shapeOf(getValueTensor())) != 1 &&
      isKnown(product(shapeOf(getValueTensor()))))
    return emitOpError() << "ValueTensor must hold one value";
  return verifyInferredShapes(*this, {"Out"});
}

/// The attribute `value` filled into `type` (static), converted as Paddle
/// converts the float it holds to the element type.
static Attribute splatOf(RankedTensorType type, double value) {
  Type element = type.getElementType();
  if (auto floatType = dyn_cast<FloatType>(element)) {
    APFloat v(value);
    bool lost;
    v.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    return DenseElementsAttr::get(type, v);
  }
  if (element.isInteger(1))
    return DenseElementsAttr::get(type, value != 0.0);
  auto intType = cast<IntegerType>(element);
  // Out of the type's range the conversion is undefined (in Paddle's C++
  // too): no fold.
  unsigned width = intType.getWidth();
  double low = intType.isUnsigned() ? 0.0 : -std::ldexp(1.0, width - 1);
  double high = std::ldexp(1.0, intType.isUnsigned() ? width : width - 1);
  if (!std::isfinite(value) || std::trunc(value) < low || std::trunc(value) >= high)
    return {};
  APInt v = intType.isUnsigned()
                ? APInt(width, uint64_t(std::trunc(value)))
                : APInt(width, uint64_t(int64_t(std::trunc(value))), /*isSigned=*/true);
  return DenseElementsAttr::get(type, v);
}

OpFoldResult FillConstantOp::fold(FoldAdaptor) {
  auto type = getType();
  if (getValueTensor() || !type.hasStaticShape() ||
      type.getNumElements() > (int64_t(1) << 20))
    return {};
  FailureOr<double> value = fillValue(*this, getStrValue(), getValue().convertToFloat());
  if (failed(value))
    return {};
  return splatOf(type, *value);
}

LogicalResult FillConstantBatchSizeLikeOp::inferResultShapes(InferredShapes &shapes) {
  SmallVector<int64_t> shape(getShape().begin(), getShape().end());
  ArrayRef<int64_t> input = shapeOf(getInput());
  int64_t in = getInputDimIdx(), out = getOutputDimIdx();
  if (in < 0 || in >= int64_t(input.size()))
    return emitOpError() << "input_dim_idx " << in << " is not a dimension of Input "
                         << formatShape(input);
  if (out < 0 || out >= int64_t(shape.size()))
    return emitOpError() << "output_dim_idx " << out
                         << " is not a dimension of shape " << formatShape(shape);
  shape[out] = input[in];
  for (auto [i, s] : llvm::enumerate(shape))
    if (int64_t(i) != out && (s < 0 && isKnown(s)))
      return emitOpError() << "shape sizes other than output_dim_idx must not be negative, got "
                           << formatShape(shape);
  shapes.push_back(shape);
  return success();
}

LogicalResult FillConstantBatchSizeLikeOp::verify() {
  if (failed(expectDtype(*this, getDtype(), getOut())) ||
      failed(fillValue(*this, getStrValue(), getValue().convertToFloat())))
    return failure();
  return verifyInferredShapes(*this, {"Out"});
}
