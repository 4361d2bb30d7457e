//===- SquashQuantization.cpp - fewer conversions between int8 ops --------===//
//
// Once ops take int8 (or bf16) data, what is left between them is
// conversions that undo each other, repeat each other or could be done by
// the op itself: a dequantize followed by a quantize is one requantize (or
// nothing; always nothing between unscaled bf16), quantizes of one tensor
// with one scale are one (the two directions of a GRU layer then read the
// same data, and can become one multi_gru), and a product that writes
// int8 only to have it requantized or dequantized can write that result
// directly with another output scale, and a product reading a requantize
// can read the data before it at its own scale.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "PassCounts.h"
#include "ProductScales.h"
#include "VerifiedRewrite.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

namespace mlir::pdnn {
#define GEN_PASS_DEF_SQUASHQUANTIZATION
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

static bool isInt8(Value v) {
  return getElementTypeOrSelf(v.getType()).isInteger(8);
}

/// The output scale attribute of an int8 fc, mul or matmul_v2 that writes
/// int8, or "" for any other op.
static StringRef int8OutputScaleName(Operation *op) {
  std::optional<ProductScaleNames> names = productScaleNames(op);
  if (!names || !isInt8(op->getOperand(0)) || !isInt8(op->getResult(0)))
    return "";
  return names->out;
}

static float scaleAttr(Operation *op, StringRef name) {
  return cast<FloatAttr>(op->getAttr(name)).getValueAsDouble();
}

namespace {

struct SquashQuantizationPass
    : public pdnn::impl::SquashQuantizationBase<SquashQuantizationPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    unsigned squashed = 0;
    // One squash per walk: a squash erases ops the walk has yet to visit.
    auto squashAll = [&](function_ref<bool(Operation *)> squash) {
      while (getOperation()
                 ->walk([&](Operation *op) {
                   return squash(op) ? WalkResult::interrupt()
                                     : WalkResult::advance();
                 })
                 .wasInterrupted())
        ++squashed;
    };
    // Pairs first: a product whose dequantized result is quantized again
    // (at a concat's common scale, say) then writes that int8 result at the
    // new scale, as Paddle's requantize squash does, instead of writing f32
    // for a quantize to read.
    squashAll([&](Operation *op) {
      auto q = dyn_cast<QuantizeOp>(op);
      return q && (squashDequantizeQuantize(rewriter, q) ||
                   squashRepeatedQuantize(rewriter, q));
    });
    squashAll([&](Operation *op) {
      return isa<RequantizeOp, DequantizeOp>(op) &&
             squashIntoProduct(rewriter, op);
    });
    // What no product absorbed (a pooling's result requantized for the
    // convolution after it): its one reader takes the data at its own scale.
    squashAll([&](Operation *op) {
      auto r = dyn_cast<RequantizeOp>(op);
      return r && squashIntoReaders(rewriter, r);
    });
    reportPassCounts(getOperation(), getArgument(), {{"squashed", squashed}});
    numSquashed += squashed;
  }

  /// dequantize -> quantize: the int8 or bf16 data itself, or one
  /// requantize.
  bool squashDequantizeQuantize(IRRewriter &rewriter, QuantizeOp q) {
    auto dq = q.getInput().getDefiningOp<DequantizeOp>();
    if (!dq)
      return false;
    // bf16 -> f32 -> bf16 is exact when neither side scales.
    if (q.getBfloat16()) {
      if (q.getType() != dq.getInput().getType() ||
          q.getScale().convertToFloat() != 1.0f ||
          dq.getScale().convertToFloat() != 1.0f)
        return false;
      rewriter.replaceOp(q, dq.getInput());
      eraseIfDead(rewriter, dq);
      return true;
    }
    if (!isInt8(dq.getInput()))
      return false;
    Attribute noConstant;
    if (OpFoldResult folded = q.fold(QuantizeOp::FoldAdaptor(noConstant, q))) {
      rewriter.replaceOp(q, cast<Value>(folded));
      eraseIfDead(rewriter, dq);
      return true;
    }
    rewriter.setInsertionPoint(q);
    RequantizeOp requantize;
    std::string why = buildVerified(rewriter, [&] {
      requantize = RequantizeOp::create(
          rewriter, q.getLoc(), q.getType(), dq.getInput(), dq.getScaleAttr(),
          q.getScaleAttr(), dq.getShiftAttr(),
          rewriter.getF32FloatAttr(std::trunc(q.getShift().convertToFloat())));
    });
    if (!why.empty())
      return false; // another type than requantize can make: keep the pair
    rewriter.replaceOp(q, requantize.getResult());
    eraseIfDead(rewriter, dq);
    return true;
  }

  /// A later quantize of q's input with q's attributes and type: q's
  /// result serves its users too.
  bool squashRepeatedQuantize(IRRewriter &rewriter, QuantizeOp q) {
    for (Operation *user : q.getInput().getUsers()) {
      auto repeat = dyn_cast<QuantizeOp>(user);
      if (!repeat || repeat == q || repeat->getBlock() != q->getBlock() ||
          !q->isBeforeInBlock(repeat) || repeat.getType() != q.getType() ||
          repeat->getAttrDictionary() != q->getAttrDictionary())
        continue;
      rewriter.replaceOp(repeat, q.getResult());
      return true;
    }
    return false;
  }

  /// product -> requantize / dequantize: the product writes that result.
  bool squashIntoProduct(IRRewriter &rewriter, Operation *op) {
    Value input = op->getOperand(0);
    Operation *product = input.getDefiningOp();
    StringRef scaleOut = int8OutputScaleName(product);
    if (scaleOut.empty() || !input.hasOneUse())
      return false;
    float productScale = scaleAttr(product, scaleOut);
    Type newType;
    SmallVector<NamedAttribute> attrs;
    if (auto r = dyn_cast<RequantizeOp>(op)) {
      if (r.getShiftIn().convertToFloat() != 0.0f ||
          r.getShiftOut().convertToFloat() != 0.0f ||
          r.getScaleIn().convertToFloat() != productScale)
        return false;
      newType = r.getType();
      attrs.push_back(rewriter.getNamedAttr(scaleOut, r.getScaleOutAttr()));
    } else {
      auto d = cast<DequantizeOp>(op);
      if (d.getShift().convertToFloat() != 0.0f ||
          d.getScale().convertToFloat() != productScale)
        return false;
      newType = d.getType();
      attrs.push_back(rewriter.getNamedAttr("force_fp32_output",
                                            rewriter.getBoolAttr(true)));
    }
    rewriter.setInsertionPoint(product);
    Operation *squashed = nullptr;
    std::string why = buildVerified(rewriter, [&] {
      squashed = rewriter.clone(*product);
      for (NamedAttribute attr : attrs)
        squashed->setAttr(attr.getName(), attr.getValue());
      squashed->getResult(0).setType(newType);
    });
    if (!why.empty())
      return false;
    rewriter.replaceOp(op, squashed->getResults());
    rewriter.eraseOp(product);
    return true;
  }

  /// requantize -> its one reader, an int8 product or convolution taking
  /// it as its data at the requantize's Scale_out: the reader takes the
  /// requantize's input at its Scale_in instead, one rounding fewer
  /// (Paddle's RequantOpSquash, after its OpRequantSquash as here). Same
  /// type, no shifts.
  bool squashIntoReaders(IRRewriter &rewriter, RequantizeOp r) {
    if (r.getShiftIn().convertToFloat() != 0.0f ||
        r.getShiftOut().convertToFloat() != 0.0f ||
        r.getInput().getType() != r.getType() || !r->hasOneUse())
      return false;
    OpOperand &use = *r->getUses().begin();
    Operation *reader = use.getOwner();
    std::optional<ProductScaleNames> names = productScaleNames(reader);
    if (!names || use.getOperandNumber() != 0)
      return false;
    auto scaleIn = dyn_cast_or_null<FloatAttr>(reader->getAttr(names->in));
    if (!scaleIn || scaleIn.getValueAsDouble() != r.getScaleOut().convertToFloat())
      return false;
    rewriter.setInsertionPoint(reader);
    Operation *squashed = nullptr;
    std::string why = buildVerified(rewriter, [&] {
      squashed = rewriter.clone(*reader);
      squashed->setOperand(0, r.getInput());
      squashed->setAttr(names->in, r.getScaleInAttr());
    });
    if (!why.empty())
      return false;
    rewriter.replaceOp(reader, squashed->getResults());
    rewriter.eraseOp(r);
    return true;
  }

  static void eraseIfDead(IRRewriter &rewriter, Operation *op) {
    if (op->use_empty())
      rewriter.eraseOp(op);
  }
};

} // namespace
