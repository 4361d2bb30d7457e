//===- TensorBuilders.cpp - IR building blocks of the lowerings -----------===//

#include "TensorBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

SmallVector<OpFoldResult> pdnn::getSizes(OpBuilder &b, Location loc,
                                         Value tensor) {
  return tensor::getMixedSizes(b, loc, tensor);
}

Value pdnn::getSize(OpBuilder &b, Location loc, Value tensor, int64_t dim) {
  return getValueOrCreateConstantIndexOp(
      b, loc, tensor::getMixedSize(b, loc, tensor, dim));
}

Value pdnn::createEmpty(OpBuilder &b, Location loc,
                        ArrayRef<OpFoldResult> sizes, Type elementType) {
  return tensor::EmptyOp::create(b, loc, sizes, elementType);
}

Value pdnn::createFilled(OpBuilder &b, Location loc,
                         ArrayRef<OpFoldResult> sizes, Type elementType,
                         double value) {
  Value empty = createEmpty(b, loc, sizes, elementType);
  TypedAttr attr =
      isa<IntegerType>(elementType)
          ? TypedAttr(b.getIntegerAttr(elementType, int64_t(value)))
          : TypedAttr(b.getFloatAttr(elementType, value));
  Value scalar = arith::ConstantOp::create(b, loc, elementType, attr);
  return linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
}

Value pdnn::createConstant(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                           Type elementType, double value) {
  auto type = RankedTensorType::get(shape, elementType);
  return arith::ConstantOp::create(
      b, loc, type,
      DenseElementsAttr::get(type, b.getFloatAttr(elementType, value)));
}

Value pdnn::collapseToMatrix(OpBuilder &b, Location loc, Value tensor,
                             int64_t splitAt) {
  auto type = cast<RankedTensorType>(tensor.getType());
  int64_t rank = type.getRank();
  if (rank == 2 && splitAt == 1)
    return tensor;
  ReassociationIndices rows, cols;
  for (int64_t d = 0; d < rank; ++d)
    (d < splitAt ? rows : cols).push_back(d);
  return tensor::CollapseShapeOp::create(
      b, loc, tensor, ArrayRef<ReassociationIndices>{rows, cols});
}

Value pdnn::reshapeTo(OpBuilder &b, Location loc, Value tensor,
                      ArrayRef<OpFoldResult> sizes) {
  auto sourceType = cast<RankedTensorType>(tensor.getType());
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamicSizes;
  dispatchIndexOpFoldResults(sizes, dynamicSizes, shape);
  auto type = RankedTensorType::get(shape, sourceType.getElementType());
  if (sourceType == type)
    return tensor;
  Value flat = tensor;
  if (sourceType.getRank() == 0) {
    flat = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get({1}, sourceType.getElementType()), tensor,
        ArrayRef<ReassociationIndices>{});
  } else if (sourceType.getRank() != 1) {
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, sourceType.getRank()));
    flat = tensor::CollapseShapeOp::create(
        b, loc, tensor, ArrayRef<ReassociationIndices>{all});
  }
  // expand_shape wants a static source exactly when every target size is
  // static; the caller guarantees the element counts agree.
  int64_t count = ShapedType::getNumElements(shape);
  auto flatType = RankedTensorType::get(
      {ShapedType::isDynamic(count) || !type.hasStaticShape()
           ? ShapedType::kDynamic
           : count},
      sourceType.getElementType());
  flat = castTo(b, loc, flat, flatType);
  if (type.getRank() == 1)
    return flat;
  if (type.getRank() == 0)
    return tensor::CollapseShapeOp::create(b, loc, type, flat,
                                           ArrayRef<ReassociationIndices>{});
  if (llvm::count_if(shape, ShapedType::isDynamic) > 1) {
    // Several dynamic sizes in one group: LLVM 22's expand-strided-metadata
    // crashes on such a memref.expand_shape, and memref.reshape to a
    // dynamic shape does not lower. Gather the elements instead (a copy, in
    // this rare case only).
    SmallVector<Value> extents;
    for (OpFoldResult size : sizes)
      extents.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
    return tensor::GenerateOp::create(
        b, loc, type, dynamicSizes,
        [&](OpBuilder &nb, Location nloc, ValueRange indices) {
          Value linear = indices.front();
          for (size_t d = 1; d < indices.size(); ++d)
            linear = arith::AddIOp::create(
                nb, nloc, arith::MulIOp::create(nb, nloc, linear, extents[d]),
                indices[d]);
          tensor::YieldOp::create(
              nb, nloc, Value(tensor::ExtractOp::create(nb, nloc, flat, linear)));
        });
  }
  ReassociationIndices allOut =
      llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  return tensor::ExpandShapeOp::create(b, loc, type, flat,
                                       ArrayRef<ReassociationIndices>{allOut},
                                       sizes);
}

Value pdnn::flatten(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (type.getRank() == 1)
    return tensor;
  if (type.getRank() == 0)
    return tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get({1}, type.getElementType()), tensor,
        ArrayRef<ReassociationIndices>{});
  ReassociationIndices all = llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  return tensor::CollapseShapeOp::create(b, loc, tensor,
                                         ArrayRef<ReassociationIndices>{all});
}

Value pdnn::alignRank(OpBuilder &b, Location loc, Value tensor, int64_t rank,
                      int64_t start) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (type.getRank() == rank)
    return tensor;
  SmallVector<int64_t> shape(rank, 1);
  SmallVector<OpFoldResult> sizes(rank, b.getIndexAttr(1));
  SmallVector<OpFoldResult> sourceSizes = getSizes(b, loc, tensor);
  for (int64_t d = 0; d < type.getRank(); ++d) {
    shape[start + d] = type.getDimSize(d);
    sizes[start + d] = sourceSizes[d];
  }
  // Group each source dimension with the unit dimensions around it.
  SmallVector<ReassociationIndices> groups(type.getRank());
  for (int64_t d = 0; d < rank; ++d)
    groups[std::clamp<int64_t>(d - start, 0, type.getRank() - 1)].push_back(d);
  if (type.getRank() == 0)
    return tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get(shape, type.getElementType()), tensor,
        ArrayRef<ReassociationIndices>{}, sizes);
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), tensor,
      groups, sizes);
}

Value pdnn::castTo(OpBuilder &b, Location loc, Value tensor, Type type) {
  if (tensor.getType() == type)
    return tensor;
  return tensor::CastOp::create(b, loc, type, tensor);
}

void mlir::pdnn::replaceOpWithCasts(RewriterBase &rewriter, Operation *op,
                                    ValueRange values) {
  SmallVector<Value> results;
  for (auto [result, value] : llvm::zip_equal(op->getResults(), values))
    results.push_back(castTo(rewriter, op->getLoc(), value, result.getType()));
  rewriter.replaceOp(op, results);
}

Value mlir::pdnn::emptyScratch(OpBuilder &b, Location loc, Type type) {
  auto tensorType = cast<RankedTensorType>(type);
  SmallVector<OpFoldResult> sizes;
  for (int64_t size : tensorType.getShape())
    sizes.push_back(b.getIndexAttr(ShapedType::isDynamic(size) ? 0 : size));
  return createEmpty(b, loc, sizes, tensorType.getElementType());
}

void mlir::pdnn::replaceRecurrentOp(RewriterBase &rewriter, Operation *op,
                                    Value hiddenResult, Value hidden,
                                    ValueRange scratch) {
  Location loc = op->getLoc();
  for (Value v : scratch)
    if (!v.use_empty())
      rewriter.replaceAllUsesWith(
          v, castTo(rewriter, loc, emptyScratch(rewriter, loc, v.getType()),
                    v.getType()));
  rewriter.replaceAllUsesWith(
      hiddenResult, castTo(rewriter, loc, hidden, hiddenResult.getType()));
  rewriter.eraseOp(op);
}

Value pdnn::f32VectorConstant(OpBuilder &b, Location loc,
                              ArrayRef<float> values) {
  auto type = RankedTensorType::get({int64_t(values.size())}, b.getF32Type());
  return arith::ConstantOp::create(b, loc, type,
                                   DenseElementsAttr::get(type, values));
}
