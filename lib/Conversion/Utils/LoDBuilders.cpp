//===- LoDBuilders.cpp - reading and checking level-0 LoD offsets ---------===//

#include "LoDBuilders.h"

#include "RuntimeChecks.h"
#include "TensorBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

Value pdnn::lodOffset(OpBuilder &b, Location loc, Value lod, Value i) {
  Value offset = tensor::ExtractOp::create(b, loc, lod, ValueRange{i});
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), offset);
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
  reportUnless(b, loc, valid,
               "invalid LoD: its {0} offsets must start at 0, never decrease "
               "and end at the {1} rows of the data",
               offsets, rows);
  return arith::SelectOp::create(b, loc, valid, n, zero);
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

