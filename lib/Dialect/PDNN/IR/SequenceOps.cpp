//===- SequenceOps.cpp - embeddings and CRF decoding ----------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "mlir/IR/OpImplementation.h"
#include "ShapeChecks.h"

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::detail;

/// Shared by lookup_table (Ids end in 1, replaced by E) and lookup_table_v2
/// (E appended to Ids' shape).
static LogicalResult verifyLookup(Operation *op, Value ids, Value table,
                                  Value out, int64_t padding, bool idsEndInOne) {
  if (failed(expectRank(op, table, "W", 2)))
    return failure();
  ArrayRef<int64_t> idsShape = shapeOf(ids);
  SmallVector<int64_t> expected(idsShape);
  if (idsEndInOne) {
    if (idsShape.empty() || !dimsMatch(idsShape.back(), 1))
      return op->emitOpError() << "Ids must end in a dimension of 1, got "
                               << formatShape(idsShape);
    expected.pop_back();
  }
  expected.push_back(shapeOf(table)[1]);
  if (elementTypeOf(out) != elementTypeOf(table))
    return op->emitOpError() << "Out must have W's element type "
                             << elementTypeOf(table) << ", got "
                             << elementTypeOf(out);
  int64_t rows = shapeOf(table)[0];
  if (padding < -1)
    return op->emitOpError() << "padding_idx must be -1 (none) or a row of W, got "
                             << padding;
  if (isKnown(rows) && padding >= rows)
    return op->emitOpError() << "padding_idx must be -1 (none) or a row of W in [0, "
                             << rows << "), got " << padding;
  return expectShape(op, out, "Out", expected);
}

LogicalResult LookupTableOp::verify() {
  return verifyLookup(*this, getIds(), getW(), getOut(), getPaddingIdx(),
                      /*idsEndInOne=*/true);
}

LogicalResult LookupTableV2Op::verify() {
  return verifyLookup(*this, getIds(), getW(), getOut(), getPaddingIdx(),
                      /*idsEndInOne=*/false);
}

LogicalResult CrfDecodingOp::verify() {
  if (failed(expectRank(*this, getEmission(), "Emission", 2)))
    return failure();
  ArrayRef<int64_t> emission = shapeOf(getEmission());
  int64_t tags = emission[1];
  if (isKnown(tags) && tags < 1)
    return emitOpError() << "Emission needs at least one tag column, got "
                         << formatShape(emission);
  ArrayRef<int64_t> transition = shapeOf(getTransition());
  if (transition.size() == 2 && isKnown(transition[0]) && isKnown(transition[1]) &&
      transition[0] != transition[1] + 2)
    return emitOpError() << "Transition must be [tags + 2, tags] (start, end, then "
                            "tag-to-tag weights), got "
                         << formatShape(transition);
  int64_t transitionRows = isKnown(tags) ? tags + 2 : ShapedType::kDynamic;
  if (failed(expectShape(*this, getTransition(),
                         "Transition ([tags + 2, tags]: start, end, then "
                         "tag-to-tag weights)",
                         {transitionRows, tags})))
    return failure();
  if (failed(expectOptionalShape(*this, getLabel(), "Label", {emission[0], 1})))
    return failure();
  return expectShape(*this, getViterbiPath(), "ViterbiPath", {emission[0], 1});
}
