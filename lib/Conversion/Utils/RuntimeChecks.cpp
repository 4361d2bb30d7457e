//===- RuntimeChecks.cpp - checks of sizes the types leave open -----------===//

#include "RuntimeChecks.h"

#include "TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

void pdnn::reportUnless(OpBuilder &b, Location loc, Value condition,
                        StringRef message, Value first, Value second) {
  Value invalid = arith::XOrIOp::create(
      b, loc, condition, arith::ConstantIntOp::create(b, loc, 1, 1));
  scf::IfOp::create(b, loc, invalid, [&](OpBuilder &nb, Location nloc) {
    pdnnrt::FailOp::create(nb, nloc, message, first, second);
    scf::YieldOp::create(nb, nloc);
  });
}

OpFoldResult pdnn::guardEqual(OpBuilder &b, Location loc, OpFoldResult actual,
                              OpFoldResult expected, StringRef message) {
  std::optional<int64_t> a = getConstantIntValue(actual);
  std::optional<int64_t> e = getConstantIntValue(expected);
  if (a && e)
    return *a == *e ? actual : OpFoldResult(b.getIndexAttr(0));
  Value av = getValueOrCreateConstantIndexOp(b, loc, actual);
  Value ev = getValueOrCreateConstantIndexOp(b, loc, expected);
  Value same = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, av, ev);
  reportUnless(b, loc, same, message, av, ev);
  return Value(arith::SelectOp::create(b, loc, same, av,
                                       indexConstant(b, loc, 0)));
}

Value pdnn::sliceTo(OpBuilder &b, Location loc, Value tensor,
                    ArrayRef<OpFoldResult> sizes) {
  auto type = cast<RankedTensorType>(tensor.getType());
  // A size that is the tensor's own (static, or a tensor.dim of it) keeps
  // that dimension whole.
  bool same = llvm::all_of(llvm::enumerate(sizes), [&](auto entry) {
    auto [d, size] = entry;
    if (std::optional<int64_t> known = getConstantIntValue(size))
      return !type.isDynamicDim(d) && type.getDimSize(d) == *known;
    Value value = cast<Value>(size);
    auto dim = value.getDefiningOp<tensor::DimOp>();
    std::optional<int64_t> index = dim ? dim.getConstantIndex() : std::nullopt;
    return dim && dim.getSource() == tensor && index && *index == int64_t(d);
  });
  if (same)
    return tensor;
  SmallVector<OpFoldResult> zeros(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(type.getRank(), b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, tensor, zeros, sizes, ones);
}

SmallVector<Value> pdnn::checkSameSizes(OpBuilder &b, Location loc,
                                        ValueRange values, StringRef name) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, values.front());
  for (auto [index, value] : llvm::enumerate(values.drop_front()))
    for (auto [d, size] :
         llvm::enumerate(tensor::getMixedSizes(b, loc, value)))
      sizes[d] = guardEqual(b, loc, size, sizes[d],
                            (name + ": operand " + Twine(index + 1) +
                             " has size {0} in dimension " + Twine(d) +
                             ", operand 0 has {1}")
                                .str());
  SmallVector<Value> checked;
  for (Value value : values)
    checked.push_back(sliceTo(b, loc, value, sizes));
  return checked;
}

Value pdnn::refineShape(OpBuilder &b, Location loc, Value tensor,
                        ArrayRef<int64_t> shape, StringRef name) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<int64_t> refined(type.getShape());
  Value ok;
  for (auto [d, known] : llvm::enumerate(shape)) {
    if (!type.isDynamicDim(d) || ShapedType::isDynamic(known))
      continue;
    refined[d] = known;
    Value size = getSize(b, loc, tensor, d);
    Value expected = indexConstant(b, loc, known);
    Value same =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, expected);
    reportUnless(b, loc, same,
                 (name + " has size {0} in dimension " + Twine(d) +
                  " at run time, where the shapes require {1}")
                     .str(),
                 size, expected);
    ok = ok ? Value(arith::AndIOp::create(b, loc, ok, same)) : same;
  }
  if (!ok)
    return tensor;
  // A wrong tensor is replaced by zeros of the required shape: nothing
  // after the check reads past its end.
  auto refinedType = type.clone(refined);
  auto choice = scf::IfOp::create(
      b, loc, ok,
      [&](OpBuilder &nb, Location nloc) {
        scf::YieldOp::create(
            nb, nloc, Value(tensor::CastOp::create(nb, nloc, refinedType, tensor)));
      },
      [&](OpBuilder &nb, Location nloc) {
        SmallVector<OpFoldResult> sizes;
        for (int64_t d = 0; d < refinedType.getRank(); ++d)
          sizes.push_back(refinedType.isDynamicDim(d)
                              ? tensor::getMixedSize(nb, nloc, tensor, d)
                              : OpFoldResult(nb.getIndexAttr(refined[d])));
        scf::YieldOp::create(
            nb, nloc,
            createFilled(nb, nloc, sizes, type.getElementType(), 0.0));
      });
  return choice.getResult(0);
}

