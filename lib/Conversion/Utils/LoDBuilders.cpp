//===- LoDBuilders.cpp - reading and checking level-0 LoD offsets ---------===//

#include "LoDBuilders.h"

#include "RuntimeChecks.h"
#include "TensorBuilders.h"

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

Value pdnn::lodOffset(OpBuilder &b, Location loc, Value lod, Value i) {
  Value offset = tensor::ExtractOp::create(b, loc, lod, ValueRange{i});
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), offset);
}

pdnn::CheckedLoD pdnn::checkLoD(OpBuilder &b, Location loc, Value lod, Value rows) {
  // Starts as zeros: if the runtime skips the call (an earlier error is
  // pending), the batch is empty rather than sized by garbage.
  auto factsType = RankedTensorType::get({4}, b.getI64Type());
  Value init = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(factsType, b.getI64IntegerAttr(0)));
  CheckedLoD checked;
  checked.facts =
      pdnnrt::CheckLoDOp::create(b, loc, TypeRange{factsType}, lod, rows, init)
          .getResult(0);
  auto fact = [&](int64_t i) {
    Value value = tensor::ExtractOp::create(
        b, loc, checked.facts, ValueRange{indexConstant(b, loc, i)});
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), value);
  };
  checked.sequences = fact(0);
  checked.longest = fact(1);
  return checked;
}

Value pdnn::guardedInitialState(OpBuilder &b, Location loc, Value h0,
                                Value n) {
  Value rows = getSize(b, loc, h0, 0);
  Value matches =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rows, n);
  reportUnless(b, loc, matches,
               "H0 has {0} rows but the LoD holds {1} sequences", rows, n);
  return arith::SelectOp::create(b, loc, matches, n,
                                 indexConstant(b, loc, 0));
}
