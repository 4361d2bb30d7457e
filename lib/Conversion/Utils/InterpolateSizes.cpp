//===- InterpolateSizes.cpp - the sizes and ratios of interpolations ------===//

#include "InterpolateSizes.h"

#include "RuntimeChecks.h"
#include "TensorBuilders.h"
#include "../PDNNToLinalg/LinalgBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;
/// Interpolate2DCPUFwd's decisions, for either op.
template <typename InterpOp>
static std::array<InterpSize, 2> sizesOf(OpBuilder &b, Location loc, InterpOp op,
                                         ArrayRef<Value> in) {
  Type f32 = b.getF32Type();
  auto intAt = [&](Value tensor, int64_t i) -> Value {
    Value v = tensor::ExtractOp::create(b, loc, tensor,
                                        ValueRange{indexConstant(b, loc, i)});
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  };
  std::array<InterpSize, 2> sizes;
  for (int d = 0; d < 2; ++d)
    sizes[d] = {indexConstant(b, loc, d ? op.getOutW() : op.getOutH()),
                f32Const(b, loc, -1.0)};
  if (!op.getSizeTensor().empty()) {
    for (int d = 0; d < 2; ++d)
      sizes[d].out = intAt(flatten(b, loc, op.getSizeTensor()[d]), 0);
    return sizes;
  }
  if (Value scale = op.getScaleTensor()) {
    scale = flatten(b, loc, scale);
    Value count = getSize(b, loc, scale, 0);
    Value two = indexConstant(b, loc, 2);
    Value pair = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, count, two);
    for (int d = 0; d < 2; ++d) {
      Value at = d ? Value(arith::SelectOp::create(b, loc, pair, indexConstant(b, loc, 1),
                                                   indexConstant(b, loc, 0)))
                   : indexConstant(b, loc, 0);
      sizes[d].scale = tensor::ExtractOp::create(b, loc, scale, ValueRange{at});
    }
  } else if (op.getScale().size() == 2) {
    for (int d = 0; d < 2; ++d)
      sizes[d].scale = f32Const(b, loc, op.getScale()[d]);
  }
  if (op.getScaleTensor() || op.getScale().size() == 2) {
    for (int d = 0; d < 2; ++d) {
      // int(in · scale), the product in f32.
      Value inF = arith::SIToFPOp::create(
          b, loc, f32, arith::IndexCastOp::create(b, loc, b.getI64Type(), in[d]));
      Value product = arith::MulFOp::create(b, loc, inF, sizes[d].scale);
      Value scaled = arith::IndexCastOp::create(
          b, loc, b.getIndexType(),
          arith::FPToSIOp::create(b, loc, b.getI64Type(), product));
      Value positive = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                             sizes[d].scale, f32Const(b, loc, 0.0));
      reportUnless(b, loc, positive,
                   "interpolate: the scale of dimension {0} (0: height, 1: width) is not "
                   "greater than {1}",
                   indexConstant(b, loc, d), indexConstant(b, loc, 0));
      sizes[d].out = arith::SelectOp::create(b, loc, positive, scaled, sizes[d].out);
    }
  }
  if (Value outSize = op.getOutSize()) {
    outSize = flatten(b, loc, outSize);
    for (int d = 0; d < 2; ++d)
      sizes[d].out = intAt(outSize, d);
  }
  return sizes;
}

/// Paddle's f32 ratio of one dimension (0 for an output of 1).
Value pdnn::interpolateRatio(OpBuilder &b, Location loc, Value in, Value out,
                             Value scale, bool alignCorners) {
  Type f32 = b.getF32Type();
  auto toF32 = [&](Value index) -> Value {
    return arith::SIToFPOp::create(
        b, loc, f32, arith::IndexCastOp::create(b, loc, b.getI64Type(), index));
  };
  Value one = indexConstant(b, loc, 1);
  Value ratio;
  if (alignCorners) {
    ratio = arith::DivFOp::create(b, loc, toF32(arith::SubIOp::create(b, loc, in, one)),
                                  toF32(arith::SubIOp::create(b, loc, out, one)));
  } else {
    // 1 / scale (in double, then f32) when a scale is in effect.
    Type f64 = b.getF64Type();
    Value inverse = arith::TruncFOp::create(
        b, loc, f32,
        arith::DivFOp::create(b, loc, floatConstant(b, loc, f64, 1.0),
                              arith::ExtFOp::create(b, loc, f64, scale)));
    Value hasScale = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, scale,
                                           f32Const(b, loc, 0.0));
    ratio = arith::SelectOp::create(b, loc, hasScale, inverse,
                                    arith::DivFOp::create(b, loc, toF32(in), toF32(out)));
  }
  Value many = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, out, one);
  return arith::SelectOp::create(b, loc, many, ratio, f32Const(b, loc, 0.0));
}


std::array<InterpSize, 2> mlir::pdnn::interpolateSizes(OpBuilder &b, Location loc,
                                                       Operation *op,
                                                       ArrayRef<Value> in) {
  return llvm::TypeSwitch<Operation *, std::array<InterpSize, 2>>(op)
      .Case<NearestInterpV2Op, BilinearInterpV2Op>(
          [&](auto interp) { return sizesOf(b, loc, interp, in); });
}
