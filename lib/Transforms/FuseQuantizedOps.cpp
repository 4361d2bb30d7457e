//===- FuseQuantizedOps.cpp - dequantize -> op -> quantize into int8 ops --===//
//
// A quantized model says where int8 data is with quantize / dequantize
// pairs around f32 ops (quantization-aware training, or --quantize-placement
// after calibration). An op whose data is a dequantize of int8 can take
// that int8 data itself: its kernel then multiplies in int8 and scales once
// (Int8Products.h), instead of converting to f32 first; a convolution's
// residual sum takes int8 too. If its result is
// only quantized again, the kernel writes int8 directly; otherwise it
// writes f32 (force_fp32_output). A convolution whose result an int8
// quantize reads among others writes int8, which the others read
// dequantized, as Paddle's int8 convolutions do. Nearest interpolation
// and pooling move dequantized int8 data as it is, and a quantize of a
// concat, a nearest interpolation, a reshape or a transpose moves onto
// their data first, so that they move int8 too. elementwise_add, _sub and
// _mul take whichever of their sources is dequantized int8
// (Int8Elementwise.h's scales). bf16 pairs make bf16 ops the same way,
// without scales.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "PassCounts.h"
#include "ProductScales.h"
#include "QuantizableOps.h"
#include "VerifiedRewrite.h"
#include "WeightScales.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SetVector.h"

#include <cmath>

namespace mlir::pdnn {
#define GEN_PASS_DEF_FUSEQUANTIZEDOPS
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// What fusing one op changes: its data (and weights) operands, its scale
/// attributes, and its result's element type.
struct Fusion {
  SmallVector<std::pair<unsigned, Value>> operands;
  SmallVector<NamedAttribute> attributes;
  /// The quantize whose result the int8 op produces directly, if any.
  QuantizeOp output;
  Type resultElementType;
};

/// `v` dequantized from int8 without a shift, and its scale.
static DequantizeOp unshiftedDequantize(Value v) {
  auto dq = v.getDefiningOp<DequantizeOp>();
  if (!dq || !getElementTypeOrSelf(dq.getInput().getType()).isInteger(8) ||
      dq.getShift().convertToFloat() != 0.0f)
    return {};
  return dq;
}

/// The operand holding the residual a convolution sums (null for other
/// ops, and without fuse_residual_connection).
static OpOperand *residualOperand(Operation *op) {
  auto of = [](auto conv) -> OpOperand * {
    return conv.getResidual() ? &conv.getResidualDataMutable()[0] : nullptr;
  };
  if (auto conv = dyn_cast<Conv2DOp>(op))
    return of(conv);
  if (auto conv = dyn_cast<DepthwiseConv2DOp>(op))
    return of(conv);
  return nullptr;
}

/// `v` dequantized from bf16 as it is (scale 1): the bf16 data itself.
static DequantizeOp bf16Dequantize(Value v) {
  auto dq = v.getDefiningOp<DequantizeOp>();
  if (!dq || !getElementTypeOrSelf(dq.getInput().getType()).isBF16() ||
      dq.getScale().convertToFloat() != 1.0f)
    return {};
  return dq;
}

/// A quantize of `v` into int8 without a shift that comes before `user`
/// in its block (so `user` may read its result), if any.
static QuantizeOp int8QuantizeBefore(Value v, Operation *user) {
  for (Operation *other : v.getUsers()) {
    auto q = dyn_cast<QuantizeOp>(other);
    if (q && !q.getBfloat16() && q.getShift().convertToFloat() == 0.0f &&
        q->getBlock() == user->getBlock() && q->isBeforeInBlock(user))
      return q;
  }
  return {};
}

/// A quantize of `result` into int8 without a shift, if any.
static QuantizeOp someInt8Quantize(Value result) {
  for (Operation *user : result.getUsers())
    if (auto q = dyn_cast<QuantizeOp>(user);
        q && !q.getBfloat16() && q.getShift().convertToFloat() == 0.0f)
      return q;
  return {};
}

/// The only user of `result` when it is a quantize that `fits` (what the
/// fused kernel can do itself).
static QuantizeOp onlyQuantizeUser(Value result,
                                   function_ref<bool(QuantizeOp)> fits) {
  if (!result.hasOneUse())
    return {};
  auto q = dyn_cast<QuantizeOp>(*result.getUsers().begin());
  if (!q || !fits(q))
    return {};
  return q;
}

class Fuser {
public:
  Fuser(OpBuilder &b) : b(b) {}

  /// fc, mul, matmul_v2: int8 data, s8 or scaled f32 weights, and Out
  /// quantized by the product's output scale or f32.
  FailureOr<Fusion> product(Operation *op, std::string &why) {
    bool isMatmul = isa<MatmulV2Op>(op);
    DequantizeOp data = unshiftedDequantize(op->getOperand(0));
    if (!data) {
      why = "the data is not dequantized from int8 without a shift";
      return failure();
    }
    ProductScaleNames names = *productScaleNames(op);
    Fusion f;
    f.operands.push_back({0, data.getInput()});
    f.attributes.push_back(b.getNamedAttr(names.in, data.getScaleAttr()));

    Value weights = op->getOperand(1);
    if (DequantizeOp w = unshiftedDequantize(weights);
        w && getElementTypeOrSelf(w.getInput().getType()).isSignedInteger(8)) {
      f.operands.push_back({1, w.getInput()});
      if (isMatmul)
        f.attributes.push_back(b.getNamedAttr(names.weights, w.getScaleAttr()));
      else
        f.attributes.push_back(b.getNamedAttr(
            names.weights,
            b.getDenseF32ArrayAttr({w.getScale().convertToFloat()})));
    } else if (isMatmul) {
      why = "Y is not dequantized from s8; matmul_v2's int8 kernel takes s8 Y";
      return failure();
    } else if (!addWeightScales(f, op, names.weights)) {
      why = "the weights are neither f32 constants (to compute their "
            "scales) nor dequantized from s8, and have no Scale_weights";
      return failure();
    }
    if (auto fc = dyn_cast<FcOp>(op)) {
      if (fc.getPaddingWeights()) {
        why = "W is stored with padding_weights";
        return failure();
      }
      f.attributes.push_back(
          b.getNamedAttr("mkldnn_data_type", b.getStringAttr("int8")));
    }
    // A product's output scale quantizes without a shift.
    QuantizeOp q = onlyQuantizeUser(op->getResult(0), [](QuantizeOp q) {
      return !q.getBfloat16() && q.getShift().convertToFloat() == 0.0f;
    });
    if (q)
      f.attributes.push_back(b.getNamedAttr(names.out, q.getScaleAttr()));
    setOutput(f, q);
    return f;
  }

  /// conv2d, depthwise_conv2d, conv2d_transpose: int8 data, an s8 or
  /// scaled f32 Filter, a residual dequantized from int8 (its scale is
  /// Scale_in_eltwise), and Output quantized by the output scale, or f32
  /// without a residual (Paddle's kernel sums into the residual's int8
  /// buffer only).
  template <typename ConvOp>
  FailureOr<Fusion> convolution(ConvOp conv, std::string &why) {
    DequantizeOp data = unshiftedDequantize(conv.getInput());
    if (!data) {
      why = "the data is not dequantized from int8 without a shift";
      return failure();
    }
    Fusion f;
    f.operands.push_back({0, data.getInput()});
    f.attributes.push_back(b.getNamedAttr("Scale_in", data.getScaleAttr()));
    if (DequantizeOp w = unshiftedDequantize(conv.getFilter());
        w && getElementTypeOrSelf(w.getInput().getType()).isSignedInteger(8)) {
      f.operands.push_back({1, w.getInput()});
      f.attributes.push_back(b.getNamedAttr(
          "Scale_weights",
          b.getDenseF32ArrayAttr({w.getScale().convertToFloat()})));
    } else if (!addWeightScales(f, conv, "Scale_weights")) {
      why = "the Filter is neither an f32 constant (to compute its scales) "
            "nor dequantized from s8, and has no Scale_weights";
      return failure();
    }
    // Output is int8 at the scale of an int8 quantize among its readers;
    // the others read it dequantized, as cpu_quantize_pass dequantizes a
    // quantized conv's Output for its f32 readers.
    QuantizeOp q = someInt8Quantize(conv.getOutput());
    if (OpOperand *residualData = residualOperand(conv)) {
      Value residual = residualData->get();
      // The residual as int8: dequantized from it, or quantized (for
      // another op) before this one, as Paddle quantizes a residual at the
      // scale its tensor has.
      Value residualInt8;
      FloatAttr residualScale;
      if (DequantizeOp r = unshiftedDequantize(residual)) {
        residualInt8 = r.getInput();
        residualScale = r.getScaleAttr();
      } else if (QuantizeOp rq = int8QuantizeBefore(residual, conv)) {
        residualInt8 = rq.getResult();
        residualScale = rq.getScaleAttr();
      } else {
        why = "ResidualData is neither dequantized from int8 without a "
              "shift nor quantized so before the convolution";
        return failure();
      }
      // Paddle's kernel sums only into int8.
      if (!q) {
        why = "the residual sum needs an int8 Output, and no int8 quantize "
              "reads Output";
        return failure();
      }
      Type residualType = getElementTypeOrSelf(residualInt8.getType());
      if (residualType != getElementTypeOrSelf(q.getType())) {
        llvm::raw_string_ostream os(why);
        os << "ResidualData is " << residualType << " and Output would be "
           << getElementTypeOrSelf(q.getType())
           << ": the kernel sums into the residual's buffer";
        return failure();
      }
      f.operands.push_back({residualData->getOperandNumber(), residualInt8});
      f.attributes.push_back(b.getNamedAttr("Scale_in_eltwise", residualScale));
    }
    if (q)
      f.attributes.push_back(b.getNamedAttr("Scale_out", q.getScaleAttr()));
    setOutput(f, q);
    return f;
  }

  /// elementwise_add, _sub, _mul: each of X and Y dequantized from int8
  /// (at its scale) or f32 (scale 1), at least one int8; Out quantized by
  /// Scale_out when only an int8 quantize reads it, else f32 (Scale_out 1).
  /// Paddle quantizes both sources; oneDNN's binary also takes f32 ones, so
  /// that int8 data meeting f32 weights (a squeeze-excitation's) need not
  /// be dequantized first.
  FailureOr<Fusion> elementwise(Operation *op, std::string &why) {
    Fusion f;
    bool anyInt8 = false;
    const char *scaleNames[] = {"Scale_x", "Scale_y"};
    for (unsigned index : {0u, 1u}) {
      StringRef scaleName = scaleNames[index];
      FloatAttr scale = b.getF32FloatAttr(1.0f);
      if (DequantizeOp dq = unshiftedDequantize(op->getOperand(index))) {
        f.operands.push_back({index, dq.getInput()});
        scale = dq.getScaleAttr();
        anyInt8 = true;
      }
      f.attributes.push_back(b.getNamedAttr(scaleName, scale));
    }
    if (!anyInt8) {
      why = "neither X nor Y is dequantized from int8 without a shift";
      return failure();
    }
    QuantizeOp q = onlyQuantizeUser(op->getResult(0), [](QuantizeOp q) {
      return !q.getBfloat16() && q.getShift().convertToFloat() == 0.0f;
    });
    f.attributes.push_back(b.getNamedAttr(
        "Scale_out", q ? q.getScaleAttr() : b.getF32FloatAttr(1.0f)));
    f.output = q;
    f.resultElementType = q ? getElementTypeOrSelf(q.getType()) : Type(b.getF32Type());
    return f;
  }

  /// fusion_gru, fusion_lstm, rnn (LSTM): u8 data quantized with Scale_data
  /// and Shift_data; Hidden (Out) is u8 with the same quantization (oneDNN's
  /// int8 RNNs) or f32.
  FailureOr<Fusion> recurrent(Operation *op, std::string &why) {
    auto data = op->getOperand(0).getDefiningOp<DequantizeOp>();
    if (!data ||
        !getElementTypeOrSelf(data.getInput().getType()).isUnsignedInteger(8)) {
      why = "X is not dequantized from ui8 (oneDNN's RNNs take u8 data)";
      return failure();
    }
    SmallVector<Value, 2> initialStates;
    if (auto gru = dyn_cast<FusionGruOp>(op))
      initialStates.push_back(gru.getH0());
    else if (auto lstm = dyn_cast<FusionLstmOp>(op))
      initialStates.push_back(lstm.getH0());
    else
      llvm::append_range(initialStates, cast<RnnOp>(op).getPreState());
    for (Value state : initialStates)
      if (state && getElementTypeOrSelf(state.getType()).isBF16()) {
        why = isa<RnnOp>(op) ? "PreState is bf16" : "H0 is bf16";
        return failure();
      }
    if (std::string noKernel = whyNoInt8Kernel(op); !noKernel.empty()) {
      why = noKernel;
      return failure();
    }
    Fusion f;
    if (!addWeightScales(f, op, "Scale_weights")) {
      why = "the weights are not f32 constants (to compute their scales) "
            "and have no Scale_weights";
      return failure();
    }
    f.operands.push_back({0, data.getInput()});
    float scale = data.getScale().convertToFloat();
    float shift = data.getShift().convertToFloat();
    f.attributes.push_back(b.getNamedAttr("Scale_data", data.getScaleAttr()));
    f.attributes.push_back(b.getNamedAttr("Shift_data", data.getShiftAttr()));
    // Paddle's rnn has no mkldnn_data_type: its Input's type says it all.
    if (!isa<RnnOp>(op))
      f.attributes.push_back(
          b.getNamedAttr("mkldnn_data_type", b.getStringAttr("int8")));
    // oneDNN's int8 RNNs write u8 with the data's own quantization.
    QuantizeOp q = onlyQuantizeUser(op->getResult(0), [&](QuantizeOp q) {
      return q.getScale().convertToFloat() == scale &&
             std::trunc(q.getShift().convertToFloat()) == shift &&
             getElementTypeOrSelf(q.getType()).isUnsignedInteger(8);
    });
    setOutput(f, q);
    return f;
  }

  /// fc, mul, matmul_v2, the convolutions (conv2d_transpose too),
  /// fusion_gru, fusion_lstm, rnn on bf16 data: the data, and a product's
  /// weights dequantized from bf16, go as they are (f32 weights stay: the
  /// kernel rounds them); the result is
  /// bf16 when only a bf16 quantize reads it. A convolution sums its
  /// residual into Output's buffer: a bf16 Output needs a residual
  /// dequantized from bf16, an f32 one an f32 residual.
  FailureOr<Fusion> bf16(Operation *op, std::string &why) {
    Fusion f;
    f.operands.push_back({0, bf16Dequantize(op->getOperand(0)).getInput()});
    bool isRecurrent = isQuantizableRecurrent(op);
    if (!isRecurrent) {
      if (DequantizeOp w = bf16Dequantize(op->getOperand(1)))
        f.operands.push_back({1, w.getInput()});
      else if (isa<MatmulV2Op>(op)) {
        why = "Y is not dequantized from bf16; matmul_v2 multiplies X and Y "
              "of one type";
        return failure();
      }
    }
    if (isa<FusionGruOp, FusionLstmOp, FcOp>(op))
      f.attributes.push_back(
          b.getNamedAttr("mkldnn_data_type", b.getStringAttr("bfloat16")));
    QuantizeOp out = onlyQuantizeUser(op->getResult(0), [](QuantizeOp q) {
      return q.getBfloat16() && q.getScale().convertToFloat() == 1.0f;
    });
    if (OpOperand *residual = residualOperand(op)) {
      DequantizeOp rounded = bf16Dequantize(residual->get());
      if (out && rounded)
        f.operands.push_back({residual->getOperandNumber(), rounded.getInput()});
      else
        out = nullptr;
    }
    setOutput(f, out);
    return f;
  }

private:
  /// Unless `op` has weight scales, gives `f` those of its constant
  /// weights as attribute `name`; false when they cannot be computed.
  bool addWeightScales(Fusion &f, Operation *op, StringRef name) {
    if (!hasUnsetWeightScales(op))
      return true;
    std::optional<SmallVector<float>> scales = computeWeightScales(op);
    if (!scales)
      return false;
    f.attributes.push_back(
        b.getNamedAttr(name, b.getDenseF32ArrayAttr(*scales)));
    return true;
  }

  void setOutput(Fusion &f, QuantizeOp q) {
    f.output = q;
    f.resultElementType =
        q ? getElementTypeOrSelf(q.getType()) : Type(b.getF32Type());
    f.attributes.push_back(
        b.getNamedAttr("force_fp32_output", b.getBoolAttr(!q)));
  }

  OpBuilder &b;
};

struct FuseQuantizedOpsPass
    : public pdnn::impl::FuseQuantizedOpsBase<FuseQuantizedOpsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    unsigned hoisted = hoistQuantizes(rewriter);
    // The movers (nearest interpolation, pooling) and the ops whose data is
    // dequantized, or comes from a mover, which may leave it dequantized.
    auto isMover = [](Operation *op) {
      return isa_and_nonnull<NearestInterpV2Op, Pool2DOp>(op);
    };
    auto dataOperands = [](Operation *op) {
      return op->getOperands().take_front(isInt8Elementwise(op) ? 2 : 1);
    };
    // Dequantized data `op` may take: an elementwise op takes int8 without
    // a shift only (bf16 and shifted data are not its to take, and would
    // count as refusals); the others say why not themselves.
    auto isDequantizedForIt = [](Operation *op, Value data) {
      if (isInt8Elementwise(op))
        return bool(unshiftedDequantize(data));
      return bool(data.getDefiningOp<DequantizeOp>());
    };
    SmallVector<Operation *> candidates;
    getOperation()->walk([&](Operation *op) {
      if (isMover(op)) {
        candidates.push_back(op);
        return;
      }
      if (!isQuantizable(op) && !isInt8Elementwise(op))
        return;
      // An elementwise op computes in f32 when all its data is f32; one
      // that is int8 already keeps its scales.
      auto isF32 = [](Value v) { return getElementTypeOrSelf(v.getType()).isF32(); };
      if (isInt8Elementwise(op) &&
          !(llvm::all_of(op->getOperands(), isF32) && isF32(op->getResult(0))))
        return;
      if (llvm::any_of(dataOperands(op), [&](Value data) {
            return getElementTypeOrSelf(data.getType()).isF32() &&
                   (isDequantizedForIt(op, data) || isMover(data.getDefiningOp()));
          }))
        candidates.push_back(op);
    });
    unsigned fused = 0, refused = 0;
    for (Operation *op : candidates) {
      // In program order: a mover's input may have become int8 (and
      // dequantized) just before, and so its output for the ops after it.
      if (isMover(op)) {
        fused += succeeded(moveInt8Through(rewriter, op));
        continue;
      }
      if (llvm::none_of(dataOperands(op), [&](Value data) {
            return isDequantizedForIt(op, data);
          }))
        continue; // a mover left it f32
      std::string why;
      if (succeeded(fuse(rewriter, op, why))) {
        ++fused;
        continue;
      }
      ++refused;
      remark::missed(
          op->getLoc(),
          remark::RemarkOpts::name("NotQuantized").category(getArgument()))
          << remark::reason("{0}", why);
    }
    reportPassCounts(getOperation(), getArgument(),
                     {{"fused", fused}, {"refused", refused}, {"hoisted", hoisted}});
    numFused += fused;
    numRefused += refused;
  }

  /// The data operands of an op that only moves values (so that quantizing
  /// its result equals quantizing its data): every input of a concat, X of
  /// a nearest interpolation, of a reshape or of a transpose. Empty for any
  /// other op.
  static SmallVector<unsigned> movedDataOperands(Operation *op) {
    if (isa<ConcatOp>(op))
      return llvm::to_vector(llvm::seq<unsigned>(0, op->getNumOperands()));
    if (auto nearest = dyn_cast<NearestInterpV2Op>(op);
        nearest && nearest.getInterpMethod() == "nearest")
      return {0};
    if (isReshapeOrTranspose(op))
      return {0};
    return {};
  }

  /// An int8 or bf16 quantize that alone reads a concat, a nearest
  /// interpolation, a reshape or a transpose moves onto their data:
  /// quantizing is elementwise and they only move values, so this is
  /// exact. They then move int8 (bf16),
  /// and the convolutions that made their data write int8 at the quantize's
  /// scale (bf16), as cpu_quantize_pass quantizes a concat's inputs at its
  /// output's scale. Returns how many quantizes moved (repeatedly: up a
  /// chain of movers).
  unsigned hoistQuantizes(IRRewriter &rewriter) {
    SmallVector<QuantizeOp> worklist;
    getOperation()->walk([&](QuantizeOp q) { worklist.push_back(q); });
    unsigned hoisted = 0;
    while (!worklist.empty()) {
      QuantizeOp q = worklist.pop_back_val();
      Operation *mover = q.getInput().getDefiningOp();
      if (q.getShift().convertToFloat() != 0.0f || !mover ||
          !q.getInput().hasOneUse())
        continue;
      SmallVector<unsigned> data = movedDataOperands(mover);
      if (data.empty())
        continue;
      SmallVector<QuantizeOp> moved;
      Operation *int8Mover = nullptr;
      rewriter.setInsertionPoint(mover);
      if (!buildVerified(rewriter, [&] {
            moved.clear();
            for (unsigned index : data) {
              auto quantize = cast<QuantizeOp>(rewriter.clone(*q));
              Value input = mover->getOperand(index);
              quantize->setOperand(0, input);
              quantize.getOutput().setType(cast<RankedTensorType>(input.getType())
                                               .clone(getElementTypeOrSelf(q.getType())));
              moved.push_back(quantize);
            }
            int8Mover = rewriter.clone(*mover);
            for (auto [index, quantize] : llvm::zip(data, moved))
              int8Mover->setOperand(index, quantize.getOutput());
            int8Mover->getResult(0).setType(q.getType());
          }).empty())
        continue;
      // A reshape's other result (XShape) stays what it was.
      rewriter.replaceOp(q, int8Mover->getResult(0));
      rewriter.replaceOp(mover, int8Mover->getResults());
      worklist.append(moved.begin(), moved.end());
      ++hoisted;
    }
    return hoisted;
  }

  /// nearest_interp_v2 or pool2d of int8 data dequantized: the op takes
  /// the int8 data itself and the dequantize follows it, as Paddle's int8
  /// flow propagates a scale through nearest_interp_v2 and pool2d (their
  /// Out keeps X's scale). Exact for nearest and max pooling, which copy
  /// values; an average is rounded to X's grid, as Paddle's int8 pooling
  /// rounds it. An int8 convolution after it can then read it as its data
  /// or its int8 residual. A pooling moves int8 only when its data's other
  /// readers take int8 too (see below).
  LogicalResult moveInt8Through(IRRewriter &rewriter, Operation *op) {
    auto nearest = dyn_cast<NearestInterpV2Op>(op);
    if (nearest && nearest.getInterpMethod() != "nearest")
      return failure();
    DequantizeOp data = unshiftedDequantize(op->getOperand(0));
    if (!data)
      return failure();
    // A pooling that shares its dequantized data with readers that stay f32
    // stays f32 too: taking int8 would leave them a dequantize of the whole
    // map, for a pooling no faster in int8. Readers that take int8
    // themselves (a squeeze-excitation's elementwise_mul) do not count.
    auto takesInt8 = [&](Operation *user) {
      return user == op || isInt8Elementwise(user) ||
             isQuantizableConvolution(user) ||
             isa<NearestInterpV2Op, Pool2DOp>(user);
    };
    if (isa<Pool2DOp>(op) && !llvm::all_of(data->getUsers(), takesInt8)) {
      remark::missed(op->getLoc(),
                     remark::RemarkOpts::name("NotQuantized").category(getArgument()))
          << remark::reason("its int8 data has other readers that stay f32");
      return failure();
    }
    rewriter.setInsertionPoint(op);
    Operation *moved = nullptr;
    if (!buildVerified(rewriter, [&] {
          moved = rewriter.clone(*op);
          moved->setOperand(0, data.getInput());
          moved->getResult(0).setType(
              cast<RankedTensorType>(op->getResult(0).getType())
                  .clone(getElementTypeOrSelf(data.getInput().getType())));
        }).empty())
      return failure();
    rewriter.setInsertionPointAfter(moved);
    rewriter.replaceOp(op, DequantizeOp::create(rewriter, op->getLoc(),
                                                op->getResult(0).getType(),
                                                moved->getResult(0), data.getScaleAttr(),
                                                data.getShiftAttr()));
    if (data->use_empty())
      rewriter.eraseOp(data);
    return success();
  }

  LogicalResult fuse(IRRewriter &rewriter, Operation *op, std::string &why) {
    rewriter.setInsertionPoint(op);
    Fuser fuser(rewriter);
    FailureOr<Fusion> fusion =
        isInt8Elementwise(op)             ? fuser.elementwise(op, why)
        : bf16Dequantize(op->getOperand(0)) ? fuser.bf16(op, why)
        : isQuantizableRecurrent(op)      ? fuser.recurrent(op, why)
        : isa<Conv2DOp>(op) ? fuser.convolution(cast<Conv2DOp>(op), why)
        : isa<DepthwiseConv2DOp>(op)
            ? fuser.convolution(cast<DepthwiseConv2DOp>(op), why)
        : isa<Conv2DTransposeOp>(op)
            ? fuser.convolution(cast<Conv2DTransposeOp>(op), why)
            : fuser.product(op, why);
    if (failed(fusion))
      return failure();
    Operation *fusedOp = nullptr;
    why = buildVerified(rewriter, [&] {
      fusedOp = rewriter.clone(*op);
      for (auto [index, value] : fusion->operands)
        fusedOp->setOperand(index, value);
      for (NamedAttribute attr : fusion->attributes)
        fusedOp->setAttr(attr.getName(), attr.getValue());
      Value result = fusedOp->getResult(0);
      result.setType(cast<RankedTensorType>(result.getType())
                         .clone(fusion->resultElementType));
    });
    if (!why.empty())
      return failure();
    // Once each: x * x reads one dequantize twice.
    llvm::SetVector<Operation *> inputs;
    for (auto [index, value] : fusion->operands)
      if (Operation *input = op->getOperand(index).getDefiningOp())
        inputs.insert(input);
    // The quantize (if any) takes the int8 result; other readers of the
    // first result (a residual convolution's) read it dequantized; the
    // other results (Cell, the scratch results) keep their types.
    SmallVector<Value> replacements(fusedOp->getResults());
    if (QuantizeOp q = fusion->output) {
      FloatAttr scale = q.getScaleAttr();
      rewriter.replaceOp(q, fusedOp->getResult(0));
      if (!op->getResult(0).use_empty()) {
        rewriter.setInsertionPointAfter(fusedOp);
        replacements.front() = DequantizeOp::create(
            rewriter, op->getLoc(), op->getResult(0).getType(), fusedOp->getResult(0),
            scale, rewriter.getF32FloatAttr(0.0f));
      }
    }
    rewriter.replaceOp(op, replacements);
    // The dequantizes that only this op read.
    for (Operation *input : inputs)
      if (input->use_empty())
        rewriter.eraseOp(input);
    return success();
  }
};

} // namespace
