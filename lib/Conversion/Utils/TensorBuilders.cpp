//===- TensorBuilders.cpp - IR building blocks of the lowerings -----------===//

#include "TensorBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"

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
  Value scalar = arith::ConstantOp::create(
      b, loc, elementType, b.getFloatAttr(elementType, value));
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
                      RankedTensorType type, ArrayRef<OpFoldResult> sizes) {
  if (tensor.getType() == type)
    return tensor;
  auto sourceType = cast<RankedTensorType>(tensor.getType());
  ReassociationIndices all;
  for (int64_t d = 0; d < sourceType.getRank(); ++d)
    all.push_back(d);
  Value flat = sourceType.getRank() == 1
                   ? tensor
                   : tensor::CollapseShapeOp::create(
                         b, loc, tensor, ArrayRef<ReassociationIndices>{all});
  if (type.getRank() == 1)
    return flat;
  ReassociationIndices allOut;
  for (int64_t d = 0; d < type.getRank(); ++d)
    allOut.push_back(d);
  return tensor::ExpandShapeOp::create(
      b, loc, type, flat, ArrayRef<ReassociationIndices>{allOut}, sizes);
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

Value pdnn::lodOffset(OpBuilder &b, Location loc, Value lod, Value i) {
  Value offset = tensor::ExtractOp::create(b, loc, lod, ValueRange{i});
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), offset);
}

/// The runtime's error entry point `name`, taking two i64, declared in the
/// enclosing module.
static func::FuncOp errorReporter(OpBuilder &b, Operation *anchor,
                                  StringRef name) {
  Operation *table = SymbolTable::getNearestSymbolTable(anchor);
  if (auto existing = dyn_cast_or_null<func::FuncOp>(
          SymbolTable::lookupSymbolIn(table, name)))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&table->getRegion(0).front());
  auto fn = func::FuncOp::create(
      b, table->getLoc(), name,
      b.getFunctionType({b.getI64Type(), b.getI64Type()}, {}));
  fn.setPrivate();
  return fn;
}

Value pdnn::guardedSequenceCount(OpBuilder &b, Location loc, Value lod,
                                 Value rows) {
  Value zero = indexConstant(b, loc, 0), one = indexConstant(b, loc, 1);
  Value offsets = getSize(b, loc, lod, 0);
  Value n = arith::SubIOp::create(b, loc, offsets, one);
  // Every step: lod[i] <= lod[i + 1].
  Value trueValue = arith::ConstantIntOp::create(b, loc, 1, 1);
  auto monotone = scf::ForOp::create(
      b, loc, zero, n, one, ValueRange{trueValue},
      [&](OpBuilder &nb, Location nloc, Value i, ValueRange ok) {
        Value next = arith::AddIOp::create(nb, nloc, i, one);
        Value step = arith::CmpIOp::create(
            nb, nloc, arith::CmpIPredicate::sle, lodOffset(nb, nloc, lod, i),
            lodOffset(nb, nloc, lod, next));
        scf::YieldOp::create(nb, nloc,
                             Value(arith::AndIOp::create(nb, nloc, ok[0], step)));
      });
  // The ends, read only when there is at least one offset.
  Value nonEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                         n, zero);
  auto ends = scf::IfOp::create(
      b, loc, nonEmpty,
      [&](OpBuilder &nb, Location nloc) {
        Value first = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq,
                                            lodOffset(nb, nloc, lod, zero), zero);
        Value last = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq,
                                           lodOffset(nb, nloc, lod, n), rows);
        scf::YieldOp::create(nb, nloc,
                             Value(arith::AndIOp::create(nb, nloc, first, last)));
      },
      [&](OpBuilder &nb, Location nloc) {
        scf::YieldOp::create(nb, nloc,
                             Value(arith::ConstantIntOp::create(nb, nloc, 0, 1)));
      });
  Value valid = arith::AndIOp::create(b, loc, monotone.getResult(0),
                                      ends.getResult(0));
  reportUnless(b, loc, valid, "pdnnrt_fail_invalid_lod", offsets, rows);
  return arith::SelectOp::create(b, loc, valid, n, zero);
}

void pdnn::reportUnless(OpBuilder &b, Location loc, Value condition,
                        StringRef reporter, Value first, Value second) {
  func::FuncOp fn =
      errorReporter(b, b.getInsertionBlock()->getParentOp(), reporter);
  Value invalid = arith::XOrIOp::create(
      b, loc, condition, arith::ConstantIntOp::create(b, loc, 1, 1));
  scf::IfOp::create(b, loc, invalid, [&](OpBuilder &nb, Location nloc) {
    Type i64 = nb.getI64Type();
    func::CallOp::create(nb, nloc, fn,
                         ValueRange{arith::IndexCastOp::create(nb, nloc, i64, first),
                                    arith::IndexCastOp::create(nb, nloc, i64, second)});
    scf::YieldOp::create(nb, nloc);
  });
}

Value pdnn::guardedInitialState(OpBuilder &b, Location loc, Value h0,
                                Value n) {
  Value rows = getSize(b, loc, h0, 0);
  Value matches =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rows, n);
  reportUnless(b, loc, matches, "pdnnrt_fail_initial_state", rows, n);
  return arith::SelectOp::create(b, loc, matches, n,
                                 indexConstant(b, loc, 0));
}

Value pdnn::lodMaxLength(OpBuilder &b, Location loc, Value lod, Value n) {
  Value zero = indexConstant(b, loc, 0);
  Value one = indexConstant(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, zero, n, one, ValueRange{zero},
      [&](OpBuilder &nb, Location nloc, Value i, ValueRange iterArgs) {
        Value next = arith::AddIOp::create(nb, nloc, i, one);
        Value length =
            arith::SubIOp::create(nb, nloc, lodOffset(nb, nloc, lod, next),
                                  lodOffset(nb, nloc, lod, i));
        Value longest =
            arith::MaxSIOp::create(nb, nloc, iterArgs.front(), length);
        scf::YieldOp::create(nb, nloc, longest);
      });
  return loop.getResult(0);
}

void mlir::pdnn::replaceGruOp(RewriterBase &rewriter, Operation *op,
                              Value hiddenResult, Value hidden,
                              ValueRange scratch) {
  Location loc = op->getLoc();
  for (Value v : scratch) {
    if (v.use_empty())
      continue;
    auto type = cast<RankedTensorType>(v.getType());
    SmallVector<OpFoldResult> sizes;
    for (int64_t size : type.getShape())
      sizes.push_back(
          rewriter.getIndexAttr(ShapedType::isDynamic(size) ? 0 : size));
    rewriter.replaceAllUsesWith(
        v, tensor::CastOp::create(
               rewriter, loc, type,
               createEmpty(rewriter, loc, sizes, type.getElementType())));
  }
  rewriter.replaceAllUsesWith(
      hiddenResult,
      tensor::CastOp::create(rewriter, loc, hiddenResult.getType(), hidden));
  rewriter.eraseOp(op);
}
