//===- QuantizePlacement.cpp - quantize / dequantize from calibration -----===//
//
// The middle step of post-training quantization (Calibration.h): each
// quantizable tensor whose range calibration recorded gets a quantize ->
// dequantize pair at the scale that maps its largest magnitude to the top
// of its int8 type, the graph a quantization-aware model would have.
// --fuse-quantized-ops and --squash-quantization then make the ops int8;
// on its own the pair simulates int8 rounding in f32. bf16 placement needs
// no ranges: bf16 keeps f32's exponent, so one rounding fits every tensor.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Transforms/Calibration.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "PassCounts.h"
#include "QuantizableOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_QUANTIZEPLACEMENT
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// How a tensor is quantized: Paddle's scales for its range, or bf16.
struct Quantization {
  float scale = 1.0f;
  float shift = 0.0f;
  bool isSigned = false;
  bool bf16 = false;
};

/// What a placed tensor is to the op that reads it.
enum class Role {
  /// A product's data (or result): u8 when never seen negative.
  ProductData,
  /// fusion_gru's and fusion_lstm's data: oneDNN's RNNs take u8 only.
  RnnData,
  /// matmul_v2's Y: oneDNN's int8 matmul takes s8 weights.
  SignedOperand,
};

/// Products: u8 at 255 / max for data that calibration never saw negative,
/// s8 at 127 / max otherwise (always for matmul_v2's Y). A recurrent op's data:
/// u8 at 127 / max|x| shifted by 128.
Quantization quantizationFor(const TensorRange &range, Role role) {
  double maxAbs = range.maxAbs();
  Quantization q;
  if (role == Role::RnnData) {
    q.scale = maxAbs > 0 ? float(127.0 / maxAbs) : 1.0f;
    q.shift = 128.0f;
    return q;
  }
  q.isSigned = role == Role::SignedOperand || range.min < 0;
  q.scale = maxAbs > 0 ? float((q.isSigned ? 127.0 : 255.0) / maxAbs) : 1.0f;
  return q;
}

struct QuantizePlacementPass
    : public pdnn::impl::QuantizePlacementBase<QuantizePlacementPass> {
  using Base::Base;
  QuantizePlacementPass(CalibrationRanges given) : given(std::move(given)) {}

  void runOnOperation() override {
    if (precision == PlacementPrecision::Bf16)
      return placeBf16();
    llvm::Expected<CalibrationRanges> loaded =
        given ? llvm::Expected<CalibrationRanges>(*given)
              : readCalibration(ranges);
    if (!loaded) {
      getOperation()->emitError()
          << "--quantize-placement: " << llvm::toString(loaded.takeError());
      return signalPassFailure();
    }
    unsigned placed = 0, skipped = 0;
    getOperation()->walk([&](func::FuncOp func) {
      // Keys and ranges first: placing changes the values.
      llvm::DenseMap<Value, TensorRange> rangeOf;
      for (const QuantizableTensor &t : quantizableTensors(func))
        if (auto it = loaded->find(t.key); it != loaded->end())
          rangeOf[t.value] = it->second;
      SmallVector<Operation *> ops;
      func.walk([&](Operation *op) {
        if (isQuantizable(op) &&
            getElementTypeOrSelf(op->getOperand(0).getType()).isF32())
          ops.push_back(op);
      });
      // The results this pass rounded: already int8-ready data for the
      // next op (of the same quantization unless it is a GRU's).
      llvm::DenseMap<Value, Value> roundedFrom;
      // `v` as calibrated: the f32 value before this pass rounded it.
      auto unrounded = [&](Value v) {
        Value original = roundedFrom.lookup(v);
        return original ? original : v;
      };
      for (Operation *op : ops) {
        bool isRecurrent = isQuantizableRecurrent(op);
        bool isMatmul = isa<MatmulV2Op>(op);
        // Rounding its data would only lose precision: the op stays f32.
        if (std::string why = whyNoInt8Kernel(op); !why.empty()) {
          ++skipped;
          remark::missed(
              op->getLoc(),
              remark::RemarkOpts::name("NotPlaced").category(getArgument()))
              << remark::reason("{0}", why);
          continue;
        }
        Value data = op->getOperand(0);
        auto range = rangeOf.find(unrounded(data));
        // matmul_v2 multiplies two activations: Y needs its range too.
        auto yRange = isMatmul ? rangeOf.find(unrounded(op->getOperand(1)))
                               : rangeOf.end();
        if (range == rangeOf.end() || (isMatmul && yRange == rangeOf.end())) {
          ++skipped;
          remark::missed(
              op->getLoc(),
              remark::RemarkOpts::name("NotPlaced").category(getArgument()))
              << remark::reason("calibration has no range for its {0}",
                                range == rangeOf.end() ? "data" : "Y");
          continue;
        }
        OpBuilder b(op);
        if (!roundedFrom.count(data) || isRecurrent)
          op->setOperand(
              0, roundTrip(b, op->getLoc(), unrounded(data),
                           quantizationFor(range->second,
                                           isRecurrent ? Role::RnnData
                                                       : Role::ProductData)));
        // Y is s8 even when it was rounded as u8 for another op.
        if (isMatmul)
          op->setOperand(
              1,
              roundTrip(b, op->getLoc(), unrounded(op->getOperand(1)),
                        quantizationFor(yRange->second, Role::SignedOperand)));
        ++placed;
        // A product's result goes through int8 too, so that the next int8
        // op can take it; a recurrent op writes f32 (its u8 output would
        // have its data's scale, not its own).
        Value result = op->getResult(0);
        auto out = rangeOf.find(result);
        if (isRecurrent || out == rangeOf.end() || result.use_empty())
          continue;
        b.setInsertionPointAfter(op);
        DequantizeOp rounded =
            roundTrip(b, op->getLoc(), result,
                      quantizationFor(out->second, Role::ProductData));
        result.replaceAllUsesExcept(rounded.getResult(),
                                    rounded.getInput().getDefiningOp());
        roundedFrom[rounded.getResult()] = result;
      }
    });
    reportPassCounts(getOperation(), getArgument(),
                     {{"placed", placed}, {"skipped", skipped}});
    numPlaced += placed;
  }

  /// Every fc, mul, matmul_v2, conv2d, depthwise_conv2d, conv2d_transpose,
  /// fusion_gru, fusion_lstm and rnn on f32 data takes bf16 data
  /// (matmul_v2 both operands); a product's result goes through bf16 when
  /// only placed ops read it, so that it writes bf16 for them.
  void placeBf16() {
    Quantization bf16;
    bf16.bf16 = true;
    unsigned placed = 0;
    getOperation()->walk([&](func::FuncOp func) {
      SmallVector<Operation *> ops;
      func.walk([&](Operation *op) {
        if (!isQuantizable(op) ||
            !getElementTypeOrSelf(op->getOperand(0).getType()).isF32())
          return;
        ops.push_back(op);
      });
      llvm::SmallPtrSet<Operation *, 16> isPlaced(ops.begin(), ops.end());
      // The round trips this pass made: data already in bf16.
      llvm::SmallPtrSet<Operation *, 16> roundTrips;
      for (Operation *op : ops) {
        OpBuilder b(op);
        unsigned dataOperands = isa<MatmulV2Op>(op) ? 2 : 1;
        for (unsigned i = 0; i < dataOperands; ++i) {
          Value data = op->getOperand(i);
          if (Operation *def = data.getDefiningOp();
              def && roundTrips.count(def))
            continue;
          op->setOperand(i, roundTrip(b, op->getLoc(), data, bf16));
        }
        ++placed;
        Value result = op->getResult(0);
        if (isQuantizableRecurrent(op) || result.use_empty() ||
            !llvm::all_of(result.getUsers(), [&](Operation *user) {
              return isPlaced.count(user);
            }))
          continue;
        b.setInsertionPointAfter(op);
        DequantizeOp rounded = roundTrip(b, op->getLoc(), result, bf16);
        result.replaceAllUsesExcept(rounded.getResult(),
                                    rounded.getInput().getDefiningOp());
        roundTrips.insert(rounded);
      }
    });
    reportPassCounts(getOperation(), getArgument(), {{"placed", placed}});
    numPlaced += placed;
  }

  /// Ranges a program calibrated in memory; the `ranges` file otherwise.
  std::optional<CalibrationRanges> given;

  /// dequantize(quantize(value)) at `q`.
  static DequantizeOp roundTrip(OpBuilder &b, Location loc, Value value,
                                const Quantization &q) {
    auto type = cast<RankedTensorType>(value.getType());
    Type quantizedType =
        q.bf16 ? Type(b.getBF16Type())
               : IntegerType::get(b.getContext(), 8,
                                  q.isSigned ? IntegerType::Signed
                                             : IntegerType::Unsigned);
    auto quantized = QuantizeOp::create(
        b, loc, type.clone(quantizedType), value, b.getF32FloatAttr(q.scale),
        b.getF32FloatAttr(q.shift), b.getBoolAttr(q.isSigned),
        b.getStringAttr("NHWC"), b.getBoolAttr(q.bf16));
    return DequantizeOp::create(b, loc, type, quantized,
                                b.getF32FloatAttr(q.scale),
                                b.getF32FloatAttr(q.shift));
  }
};

} // namespace

std::unique_ptr<Pass>
mlir::pdnn::createQuantizePlacement(CalibrationRanges ranges) {
  return std::make_unique<QuantizePlacementPass>(std::move(ranges));
}
