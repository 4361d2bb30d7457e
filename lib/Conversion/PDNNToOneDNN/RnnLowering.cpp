//===- RnnLowering.cpp - one lowering for every recurrent op --------------===//
//
// A stack of L layers × D directions becomes as few pdnnrt.rnn calls as
// oneDNN allows: oneDNN stacks layers only when each reads an input as wide
// as its hidden state, and stacks the two directions of a bidirectional RNN
// independently (Paddle's next layer reads both). So a unidirectional stack
// is one call, or two when the first layer's input is wider or narrower
// than H; a bidirectional stack is one call per layer, both directions in
// it.
//
//===----------------------------------------------------------------------===//

#include "RnnLowering.h"

#include "../Utils/TensorBuilders.h"
#include "../PDNNToLinalg/LinalgBuilders.h"
#include "../PDNNToLinalg/QuantizationBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;

int64_t mlir::pdnn::rnnStateCount(pdnnrt::RnnCell cell) {
  return cell == pdnnrt::RnnCell::lstm ? 2 : 1;
}

Value mlir::pdnn::addTensors(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (matchPattern(lhs, m_Constant()) && matchPattern(rhs, m_Constant()))
    return b.createOrFold<arith::AddFOp>(loc, lhs, rhs);
  return buildMapLike(b, loc, ValueRange{lhs, rhs}, lhs,
                      getElementTypeOrSelf(lhs.getType()),
                      [](OpBuilder &b, Location loc, ValueRange v) -> Value {
                        return arith::AddFOp::create(b, loc, v[0], v[1]);
                      });
}

/// Planes [first, first + count) of each state [X, N, H] (contiguous: the
/// runtime takes dense buffers), stacked into [S, count, N, H].
static Value sliceStates(OpBuilder &b, Location loc, ValueRange states,
                         int64_t first, int64_t count) {
  SmallVector<Value, 2> planes;
  for (Value state : states) {
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, state);
    sizes[0] = b.getIndexAttr(count);
    SmallVector<OpFoldResult> offsets(3, b.getIndexAttr(0));
    offsets[0] = b.getIndexAttr(first);
    Value plane = tensor::ExtractSliceOp::create(
        b, loc, state, offsets, sizes,
        SmallVector<OpFoldResult>(3, b.getIndexAttr(1)));
    sizes.insert(sizes.begin(), b.getIndexAttr(1));
    planes.push_back(reshapeTo(b, loc, plane, sizes));
  }
  return planes.size() == 1
             ? planes.front()
             : tensor::ConcatOp::create(b, loc, 0, planes).getResult();
}

RnnStackResult mlir::pdnn::buildRnnStack(OpBuilder &b, Location loc,
                                         const RnnCellSpec &spec, Value input,
                                         const RnnBatch &batch,
                                         ValueRange initialStates,
                                         int64_t layers,
                                         int64_t directions, bool reverse) {
  MLIRContext *ctx = b.getContext();
  Type f32 = b.getF32Type();
  // The input's precision is the states' and the output's unless the spec
  // says otherwise.
  Type data = getElementTypeOrSelf(input.getType());
  Type stateType = spec.states ? spec.states : data;
  Type outputType = spec.output ? spec.output : data;
  const RnnQuantization none;
  const RnnQuantization &q = spec.quantization ? *spec.quantization : none;
  // Per-channel weight scales come per layer, and a call takes one layer's:
  // such a stack runs a call per layer.
  const bool scalesPerLayer = q.weightScales.size() > 1;
  const int64_t scalesPerCall =
      scalesPerLayer ? int64_t(q.weightScales.size()) / layers : 1;
  auto weightScales = [&](int64_t layer) -> Value {
    if (!spec.quantization)
      return Value();
    ArrayRef<float> scales(q.weightScales);
    if (scalesPerLayer)
      scales = scales.slice(layer * scalesPerCall, scalesPerCall);
    auto type = RankedTensorType::get({int64_t(scales.size())}, f32);
    return arith::ConstantOp::create(b, loc, type,
                                     DenseElementsAttr::get(type, scales));
  };
  const int64_t S = rnnStateCount(spec.cell), H = spec.hidden,
                D = directions;
  OpFoldResult n = batch.sequences, h = b.getIndexAttr(H),
               s = b.getIndexAttr(S), d = b.getIndexAttr(D);
  auto direction = D == 2   ? pdnnrt::RnnDirection::bidirectional
                   : reverse ? pdnnrt::RnnDirection::right2left
                             : pdnnrt::RnnDirection::left2right;
  Value current = input;
  SmallVector<Value> states;
  for (int64_t first = 0; first < layers;) {
    auto inputType = cast<RankedTensorType>(current.getType());
    bool stacks = D == 1 && !scalesPerLayer &&
                  (first > 0 || inputType.getShape().back() == H);
    int64_t count = stacks ? layers - first : 1;
    // Layers feed each other in the data's type; the spec's output type is
    // the last layer's.
    Type callOutputType = first + count == layers ? outputType : data;
    PackedRnnWeights w = spec.pack(b, loc, first, count);
    OpFoldResult c = b.getIndexAttr(count);
    SmallVector<OpFoldResult> stateSizes{s, c, d, n, h};
    // Zero states, quantized like the data when it is u8 (u8 zero bytes
    // would mean -shift / scale).
    Value srcStates =
        !initialStates.empty()
            ? reshapeTo(
                  b, loc,
                  sliceStates(b, loc, initialStates, first * D, count * D),
                  stateSizes)
            : quantizeFromF32(b, loc,
                              createFilled(b, loc, stateSizes, f32, 0.0),
                              stateType, q.scale, q.shift);
    SmallVector<OpFoldResult> dstSizes =
        tensor::getMixedSizes(b, loc, current);
    dstSizes.back() = b.getIndexAttr(D * H);
    Value dstInit = createEmpty(b, loc, dstSizes, callOutputType);
    Value statesInit = createEmpty(b, loc, stateSizes, stateType);
    auto call = pdnnrt::RnnOp::create(
        b, loc, TypeRange{dstInit.getType(), statesInit.getType()}, current,
        batch.lod, batch.lodFacts, batch.lengths, srcStates, w.layer, w.iter,
        w.peephole, w.bias, weightScales(first), /*wLayerPrepared=*/Value(),
        /*wIterPrepared=*/Value(), dstInit, statesInit,
        pdnnrt::RnnCellAttr::get(ctx, spec.cell),
        pdnnrt::RnnDirectionAttr::get(ctx, direction),
        // Only int8 data has a scale and shift to state.
        spec.quantization ? b.getF32FloatAttr(q.scale) : FloatAttr(),
        spec.quantization ? b.getF32FloatAttr(q.shift) : FloatAttr());
    current = call.getResult(0);
    states.push_back(reshapeTo(b, loc, call.getResult(1),
                               {s, b.getIndexAttr(count * D), n, h}));
    first += count;
  }
  Value allStates = states.size() == 1
                        ? states.front()
                        : tensor::ConcatOp::create(b, loc, 1, states).getResult();
  return {current, allStates};
}

Value mlir::pdnn::buildLoDRnn(OpBuilder &b, Location loc,
                              const RnnCellSpec &spec, Value x, Value lod,
                              Value lodFacts, Value sequences, Value longest,
                              ValueRange initialStates, bool reverse,
                              bool padded) {
  if (!padded)
    return buildRnnStack(b, loc, spec, x, {lod, lodFacts, Value(), sequences},
                         initialStates, /*layers=*/1, /*directions=*/1, reverse)
        .output;
  Type f32 = b.getF32Type();
  OpFoldResult channels = tensor::getMixedSize(b, loc, x, 1);
  Value paddedInit = createEmpty(b, loc, {longest, sequences, channels}, f32);
  Value paddedX =
      pdnnrt::LoDToPaddedOp::create(b, loc, TypeRange{paddedInit.getType()}, x,
                                    lod, lodFacts, paddedInit,
                                    /*right_aligned=*/reverse)
          .getResult(0);
  Value dst = buildRnnStack(b, loc, spec, paddedX,
                            {Value(), Value(), Value(), sequences},
                            initialStates, /*layers=*/1, /*directions=*/1,
                            reverse)
                  .output;
  Value rowsInit = createEmpty(
      b, loc,
      {tensor::getMixedSize(b, loc, x, 0), b.getIndexAttr(spec.hidden)}, f32);
  return pdnnrt::PaddedToLoDOp::create(b, loc, TypeRange{rowsInit.getType()},
                                       dst, lod, lodFacts, rowsInit,
                                       /*right_aligned=*/reverse)
      .getResult(0);
}
