//===- ElementwiseShapes.cpp - Paddle's elementwise broadcast on types ----===//

#include "ElementwiseShapes.h"

#include "RuntimeChecks.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;

ElementwiseShapes ElementwiseShapes::of(Operation *op) {
  ElementwiseShapes shapes;
  int64_t axis =
      TypeSwitch<Operation *, int64_t>(op)
          .Case<ElementwiseAddOp, ElementwiseSubOp, ElementwiseMulOp,
                ElementwiseDivOp, ElementwiseMaxOp, ElementwiseMinOp,
                ElementwisePowOp>([](auto ew) { return ew.getAlignedAxis(); });
  shapes.type[0] = cast<RankedTensorType>(op->getOperand(0).getType());
  shapes.type[1] = cast<RankedTensorType>(op->getOperand(1).getType());
  shapes.rank = cast<RankedTensorType>(op->getResult(0).getType()).getRank();
  for (unsigned i : {0u, 1u})
    shapes.start[i] = shapes.type[i].getRank() == shapes.rank ? 0 : axis;
  return shapes;
}

bool ElementwiseShapes::broadcastsDim(unsigned i, int64_t dim) const {
  if (type[i].getDimSize(dim) != 1)
    return false;
  unsigned other = 1 - i;
  int64_t otherDim = start[i] + dim - start[other];
  if (otherDim < 0 || otherDim >= type[other].getRank())
    return false;
  return type[other].getDimSize(otherDim) != 1;
}

bool ElementwiseShapes::broadcasts(unsigned i) const {
  if (type[i].getRank() != rank)
    return true;
  for (int64_t d = 0; d < rank; ++d)
    if (broadcastsDim(i, d))
      return true;
  return false;
}

AffineMap ElementwiseShapes::readMap(MLIRContext *context, unsigned i) const {
  SmallVector<AffineExpr> exprs;
  for (int64_t d = 0; d < type[i].getRank(); ++d)
    exprs.push_back(broadcastsDim(i, d)
                        ? getAffineConstantExpr(0, context)
                        : getAffineDimExpr(start[i] + d, context));
  return AffineMap::get(rank, 0, exprs, context);
}

ElementwiseShapes::Checked ElementwiseShapes::check(OpBuilder &b, Location loc,
                                                    Value x, Value y,
                                                    StringRef name) const {
  Checked checked{{x, y}, {}};
  SmallVector<OpFoldResult> sizes[2] = {tensor::getMixedSizes(b, loc, x),
                                        tensor::getMixedSizes(b, loc, y)};
  bool sliced[2] = {false, false};
  for (int64_t o = 0; o < rank; ++o) {
    // The operands' dimensions at Out's dimension o that do not broadcast.
    SmallVector<std::pair<unsigned, int64_t>, 2> sources;
    for (unsigned i : {0u, 1u}) {
      int64_t d = o - start[i];
      if (d >= 0 && d < type[i].getRank() && !broadcastsDim(i, d))
        sources.push_back({i, d});
    }
    if (sources.empty()) {
      checked.sizes.push_back(b.getIndexAttr(1));
      continue;
    }
    auto [first, firstDim] = sources.front();
    OpFoldResult size = sizes[first][firstDim];
    if (sources.size() == 2) {
      auto [second, secondDim] = sources.back();
      size = guardEqual(b, loc, sizes[second][secondDim], size,
                        (name + ": Y has size {0} where X has {1} (dimension " +
                         Twine(o) + " of Out; a size only broadcasts when it "
                         "is 1 in the type)")
                            .str());
      for (auto [i, d] : sources) {
        sliced[i] |= sizes[i][d] != size;
        sizes[i][d] = size;
      }
    }
    checked.sizes.push_back(size);
  }
  for (unsigned i : {0u, 1u})
    if (sliced[i])
      checked.operands[i] = sliceTo(b, loc, checked.operands[i], sizes[i]);
  return checked;
}
