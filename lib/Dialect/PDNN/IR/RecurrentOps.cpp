//===- RecurrentOps.cpp - gru, fusion_gru, multi_gru, rnn, lstm -----------===//
//
// Paddle's InferShape rules for the recurrent ops, phrased in Paddle's own
// terms: T rows of packed sequences, N sequences, M input channels and D
// hidden channels (frame_size).
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "mlir/IR/OpImplementation.h"
#include "ShapeChecks.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::detail;

/// Number of sequences N described by a level-0 LoD of N+1 offsets.
static FailureOr<int64_t> verifyLoD(Operation *op, Value lod) {
  int64_t offsets = shapeOf(lod)[0];
  if (!isKnown(offsets))
    return ShapedType::kDynamic;
  if (offsets < 1)
    return op->emitOpError()
           << "lod must hold N+1 >= 1 offsets, got an empty tensor";
  return offsets - 1;
}

static LogicalResult verifyActivations(Operation *op, StringRef activation,
                                       StringRef gateActivation) {
  if (failed(verifyGruActivation(op, "activation", activation)))
    return failure();
  return verifyGruActivation(op, "gate_activation", gateActivation);
}

/// All of `values` (skipping null optional operands) have element type `type`.
static LogicalResult expectElementType(Operation *op, ValueRange values,
                                       ArrayRef<StringRef> names, Type type,
                                       StringRef why) {
  for (auto [value, name] : llvm::zip(values, names)) {
    if (value && elementTypeOf(value) != type)
      return op->emitOpError() << name << " must have element type " << type
                               << " (" << why << "), got "
                               << elementTypeOf(value);
  }
  return success();
}

LogicalResult GruOp::verify() {
  if (failed(expectRank(*this, getInput(), "Input", 2)) ||
      failed(expectRank(*this, getWeight(), "Weight", 2)))
    return failure();
  FailureOr<int64_t> n = verifyLoD(*this, getLod());
  if (failed(n))
    return failure();
  int64_t t = shapeOf(getInput())[0];
  int64_t d = shapeOf(getWeight())[0];
  int64_t d3 = scaled(d, 3);
  if (failed(expectShape(*this, getInput(), "Input (T x 3D)", {t, d3})) ||
      failed(expectShape(*this, getWeight(), "Weight (D x 3D)", {d, d3})) ||
      failed(expectOptionalShape(*this, getH0(), "H0 (N x D)", {*n, d})) ||
      failed(expectOptionalShape(*this, getBias(), "Bias (1 x 3D)", {1, d3})) ||
      failed(expectShape(*this, getHidden(), "Hidden (T x D)", {t, d})) ||
      failed(expectShape(*this, getBatchGate(), "BatchGate (T x 3D)", {t, d3})) ||
      failed(expectShape(*this, getBatchResetHiddenPrev(),
                         "BatchResetHiddenPrev (T x D)", {t, d})) ||
      failed(expectShape(*this, getBatchHidden(), "BatchHidden (T x D)", {t, d})))
    return failure();
  Type type = elementTypeOf(getInput());
  if (failed(expectElementType(
          *this,
          {getH0(), getWeight(), getBias(), getHidden(), getBatchGate(),
           getBatchResetHiddenPrev(), getBatchHidden()},
          {"H0", "Weight", "Bias", "Hidden", "BatchGate",
           "BatchResetHiddenPrev", "BatchHidden"},
          type, "gru computes in Input's type")))
    return failure();
  return verifyActivations(*this, getActivation(), getGateActivation());
}

/// Precision rules of Paddle's oneDNN recurrent kernels (fusion_gru,
/// multi_gru, fusion_lstm), keyed by X:
/// f32 throughout; bf16 data with f32 or bf16 weights; ui8 data (oneDNN RNNs
/// quantize data as u8) with f32 weights quantized by Scale_weights. Hidden
/// is f32 when force_fp32_output, otherwise X's type.
static LogicalResult verifyRecurrentPrecision(Operation *op, Value x,
                                              Value hidden, ValueRange weights,
                                              ValueRange biases, Value h0,
                                              bool forceFp32Output,
                                              StringRef mkldnnDataType) {
  Type xType = elementTypeOf(x);
  Type f32 = Float32Type::get(op->getContext());
  if (xType.isInteger(8) && !xType.isUnsignedInteger(8))
    return op->emitOpError()
           << "int8 X must be ui8: oneDNN RNNs quantize data as u8 with "
              "Scale_data and Shift_data, got "
           << xType;
  StringRef impliedDataType = xType.isF32()    ? "float32"
                              : xType.isBF16() ? "bfloat16"
                                               : "int8";
  if (mkldnnDataType != impliedDataType)
    return op->emitOpError() << "mkldnn_data_type \"" << mkldnnDataType
                             << "\" contradicts X of type " << xType
                             << ", which needs \"" << impliedDataType << "\"";
  // oneDNN keeps RNN biases in f32 whatever the data type.
  for (Value bias : biases)
    if (!elementTypeOf(bias).isF32())
      return op->emitOpError() << "Bias must be f32, got "
                               << elementTypeOf(bias);
  if (h0 && !(elementTypeOf(h0).isF32() || elementTypeOf(h0) == xType))
    return op->emitOpError() << "H0 must be f32 or X's type, got "
                             << elementTypeOf(h0);
  for (Value w : weights) {
    Type wType = elementTypeOf(w);
    bool ok = wType.isF32() || (xType.isBF16() && wType.isBF16());
    if (!ok)
      return op->emitOpError()
             << "weights must be f32" << (xType.isBF16() ? " or bf16" : "")
             << " for " << xType << " X, got " << wType;
  }
  Type expected = forceFp32Output ? f32 : xType;
  if (elementTypeOf(hidden) != expected)
    return op->emitOpError() << "Hidden must have element type " << expected
                             << (forceFp32Output ? " (force_fp32_output)"
                                                 : " (X's type)")
                             << ", got " << elementTypeOf(hidden);
  return success();
}

/// X of fusion_gru and multi_gru: T x M, or T x 1 x M as Paddle also takes.
static LogicalResult verifyPackedInput(Operation *op, Value x) {
  ArrayRef<int64_t> shape = shapeOf(x);
  if (shape.size() != 2 && shape.size() != 3)
    return op->emitOpError() << "X must be T x M or T x 1 x M, got "
                             << formatShape(shape);
  if (shape.size() == 3 && !dimsMatch(shape[1], 1))
    return op->emitOpError() << "3-D X must be T x 1 x M, got "
                             << formatShape(shape);
  return success();
}

LogicalResult FusionGruOp::verify() {
  ArrayRef<int64_t> x = shapeOf(getX());
  if (failed(verifyPackedInput(*this, getX())))
    return failure();
  if (failed(expectRank(*this, getWeightX(), "WeightX", 2)) ||
      failed(expectRank(*this, getWeightH(), "WeightH", 2)))
    return failure();
  FailureOr<int64_t> n = verifyLoD(*this, getLod());
  if (failed(n))
    return failure();
  int64_t t = x.front(), m = x.back();
  int64_t d = shapeOf(getWeightH())[0];
  int64_t d3 = scaled(d, 3);
  if (failed(expectShape(*this, getWeightX(), "WeightX (M x 3D)", {m, d3})) ||
      failed(expectShape(*this, getWeightH(), "WeightH (D x 3D)", {d, d3})) ||
      failed(expectOptionalShape(*this, getH0(), "H0 (N x D)", {*n, d})) ||
      failed(expectOptionalShape(*this, getBias(), "Bias (1 x 3D)", {1, d3})) ||
      failed(expectShape(*this, getHidden(), "Hidden (T x D)", {t, d})) ||
      failed(expectShape(*this, getReorderedH0(), "ReorderedH0 (N x D)",
                         {*n, d})) ||
      failed(expectShape(*this, getXX(), "XX (T x 3D)", {t, d3})) ||
      failed(expectShape(*this, getBatchedInput(), "BatchedInput (T x 3D)",
                         {t, d3})) ||
      failed(expectShape(*this, getBatchedOut(), "BatchedOut (T x D)", {t, d})))
    return failure();
  if (failed(verifyActivations(*this, getActivation(), getGateActivation())) ||
      failed(verifyMkldnnDataType(*this, getMkldnnDataType())))
    return failure();
  if (failed(verifyScale(*this, "Scale_data",
                         getScaleData().convertToFloat())) ||
      failed(verifyShift(*this, "Shift_data",
                         getShiftData().convertToFloat())) ||
      failed(verifyScaleList(*this, "Scale_weights", getScaleWeights(), d3,
                             "3D")))
    return failure();
  SmallVector<Value> biases;
  if (getBias())
    biases.push_back(getBias());
  return verifyRecurrentPrecision(*this, getX(), getHidden(),
                                  {getWeightX(), getWeightH()}, biases, getH0(),
                                  getForceFp32Output(), getMkldnnDataType());
}

LogicalResult MultiGruOp::verify() {
  int64_t layers = getLayers();
  if (layers < 1)
    return emitOpError() << "layers must be >= 1, got " << layers;
  int64_t directions = 2 * layers;
  auto expectCount = [&](StringRef name, size_t count,
                         bool optional) -> LogicalResult {
    if (int64_t(count) == directions || (optional && count == 0))
      return success();
    return emitOpError() << name << " must hold 2 x layers = " << directions
                         << " tensors" << (optional ? " or none" : "")
                         << ", got " << count;
  };
  if (failed(expectCount("WeightX", getWeightX().size(), false)) ||
      failed(expectCount("WeightH", getWeightH().size(), false)) ||
      failed(expectCount("Bias", getBias().size(), true)) ||
      failed(expectCount("Scale_weights", getScaleWeights().size(), true)))
    return failure();
  if (failed(verifyPackedInput(*this, getX())) ||
      failed(verifyLoD(*this, getLod())))
    return failure();
  int64_t t = shapeOf(getX()).front();
  int64_t inputChannels = shapeOf(getX()).back();
  int64_t d = ShapedType::kDynamic;
  for (int64_t layer = 0; layer < layers; ++layer) {
    Value firstWeightH = getWeightH()[2 * layer];
    if (failed(expectRank(*this, firstWeightH, "WeightH", 2)))
      return failure();
    d = shapeOf(firstWeightH)[0];
    int64_t d3 = scaled(d, 3);
    for (int64_t dir = 0; dir < 2; ++dir) {
      int64_t i = 2 * layer + dir;
      std::string suffix = "[" + std::to_string(i) + "] (layer " +
                           std::to_string(layer) +
                           (dir ? ", reverse)" : ", forward)");
      if (failed(expectShape(*this, getWeightX()[i], "WeightX" + suffix,
                             {inputChannels, d3})) ||
          failed(expectShape(*this, getWeightH()[i], "WeightH" + suffix,
                             {d, d3})))
        return failure();
      if (!getBias().empty() &&
          failed(expectShape(*this, getBias()[i], "Bias" + suffix, {1, d3})))
        return failure();
      if (!getScaleWeights().empty() &&
          failed(expectShape(*this, getScaleWeights()[i],
                             "Scale_weights" + suffix, {d3})))
        return failure();
    }
    // The next layer reads [forward | reverse] of this one.
    inputChannels = scaled(d, 2);
  }
  if (failed(expectShape(*this, getHidden(), "Hidden (T x 2D)",
                         {t, scaled(d, 2)})))
    return failure();
  if (failed(verifyActivations(*this, getActivation(), getGateActivation())) ||
      failed(verifyMkldnnDataType(*this, getMkldnnDataType())) ||
      failed(verifyScale(*this, "Scale_data",
                         getScaleData().convertToFloat())) ||
      failed(verifyShift(*this, "Shift_data",
                         getShiftData().convertToFloat())))
    return failure();
  SmallVector<Value> weights(getWeightX());
  llvm::append_range(weights, getWeightH());
  return verifyRecurrentPrecision(*this, getX(), getHidden(), weights,
                                  getBias(), Value(), getForceFp32Output(),
                                  getMkldnnDataType());
}

/// rnn's precisions: Paddle's f32 throughout; bf16 and ui8 (LSTM) Input as
/// oneDNN's bf16 and int8 RNNs take them (see the op's description).
static LogicalResult verifyRnnPrecision(RnnOp op, StringRef mode) {
  Type type = elementTypeOf(op.getInput());
  SmallVector<Value> states(op.getPreState());
  llvm::append_range(states, op.getState());
  if (type.isF32()) {
    SmallVector<Value> computed(states);
    llvm::append_range(computed, op.getWeightList());
    computed.push_back(op.getOut());
    for (Value v : computed)
      if (!elementTypeOf(v).isF32())
        return op.emitOpError()
               << "PreState, WeightList, Out and State must be "
                  "f32 for f32 Input, got "
               << elementTypeOf(v);
    return success();
  }
  if (type.isInteger(8) && !type.isUnsignedInteger(8))
    return op.emitOpError() << "int8 Input must be ui8: oneDNN RNNs quantize "
                               "data as u8 with Scale_data and Shift_data, got "
                            << type;
  bool int8 = type.isUnsignedInteger(8);
  if (int8 && mode != "LSTM")
    return op.emitOpError()
           << "ui8 Input needs mode \"LSTM\": oneDNN has no "
              "int8 "
           << (mode == "GRU" ? "linear-before-reset GRU" : "simple RNN")
           << ", got mode \"" << mode << "\"";
  // oneDNN rounds f32 weights to bf16 itself and keeps biases in f32; an
  // int8 LSTM quantizes f32 weights with Scale_weights.
  auto lowOr32 = [&](Value v) {
    return elementTypeOf(v).isF32() || (!int8 && elementTypeOf(v).isBF16());
  };
  StringRef allowed = int8 ? "f32" : "f32 or bf16";
  for (Value w : op.getWeightList())
    if (!lowOr32(w))
      return op.emitOpError()
             << "WeightList entries must be " << allowed << " for " << type
             << " Input, got " << elementTypeOf(w);
  for (Value s : states)
    if (!lowOr32(s))
      return op.emitOpError()
             << "PreState and State must be " << allowed << " for " << type
             << " Input, got " << elementTypeOf(s);
  Type out = op.getForceFp32Output() ? Float32Type::get(op.getContext()) : type;
  if (elementTypeOf(op.getOut()) != out)
    return op.emitOpError() << "Out must have element type " << out
                            << (op.getForceFp32Output() ? " (force_fp32_output)"
                                                        : " (Input's type)")
                            << ", got " << elementTypeOf(op.getOut());
  return success();
}

LogicalResult RnnOp::verify() {
  StringRef mode = getMode();
  int64_t gates = llvm::StringSwitch<int64_t>(mode)
                      .Case("LSTM", 4)
                      .Case("GRU", 3)
                      .Cases({"RNN_RELU", "RNN_TANH"}, 1)
                      .Default(0);
  if (!gates)
    return emitOpError() << "mode must be one of \"LSTM\", \"GRU\", "
                            "\"RNN_RELU\", \"RNN_TANH\", got \""
                         << mode << "\"";
  int64_t layers = getNumLayers(), hidden = getHiddenSize(),
          inputSize = getInputSize();
  if (layers < 1 || hidden < 1 || inputSize < 1)
    return emitOpError() << "num_layers, hidden_size and input_size must be "
                            ">= 1, got "
                         << layers << ", " << hidden << ", " << inputSize;
  float dropout = getDropoutProb().convertToFloat();
  if (!(dropout >= 0.0f && dropout <= 1.0f))
    return emitOpError() << "dropout_prob must be in [0, 1], got " << dropout;
  if (failed(expectRank(*this, getInput(), "Input (T x N x input_size)", 3)))
    return failure();
  int64_t t = shapeOf(getInput())[0], n = shapeOf(getInput())[1];
  if (failed(expectShape(*this, getInput(), "Input (T x N x input_size)",
                         {t, n, inputSize})))
    return failure();

  int64_t directions = getIsBidirec() ? 2 : 1;
  size_t states = mode == "LSTM" ? 2 : 1;
  // PreState is optional (zeros); State is always computed.
  if (!getPreState().empty() && getPreState().size() != states)
    return emitOpError() << "PreState must hold " << states << " tensor"
                         << (states == 2 ? "s [init_h, init_c]" : " [init_h]")
                         << " for mode " << mode << ", or none, got "
                         << getPreState().size();
  for (Value state : getPreState())
    if (failed(expectShape(*this, state,
                           "PreState (num_layers·D x N x hidden_size)",
                           {layers * directions, n, hidden})))
      return failure();
  if (getState().size() != states)
    return emitOpError() << "State must hold " << states << " tensor"
                         << (states == 2 ? "s" : "") << ", got "
                         << getState().size();
  for (Value state : getState())
    if (failed(expectShape(*this, state,
                           "State (num_layers·D x N x hidden_size)",
                           {layers * directions, n, hidden})))
      return failure();
  for (auto [pre, post] : llvm::zip(getPreState(), getState()))
    if (pre.getType() != post.getType())
      return emitOpError() << "State types must match PreState types, got "
                           << post.getType() << " for " << pre.getType();

  // WeightList: every weight (layer-major, then direction; w_ih, w_hh), then
  // every bias in the same order (b_ih, b_hh).
  int64_t cells = layers * directions;
  if (int64_t(getWeightList().size()) != 4 * cells)
    return emitOpError() << "WeightList must hold 4 x num_layers x D = "
                         << 4 * cells << " tensors, got "
                         << getWeightList().size();
  for (int64_t cell = 0; cell < cells; ++cell) {
    int64_t layer = cell / directions;
    int64_t in = layer == 0 ? inputSize : directions * hidden;
    std::string where = " of layer " + std::to_string(layer) + " direction " +
                        std::to_string(cell % directions);
    ValueRange list = getWeightList();
    if (failed(expectShape(*this, list[2 * cell], "w_ih" + where,
                           {gates * hidden, in})) ||
        failed(expectShape(*this, list[2 * cell + 1], "w_hh" + where,
                           {gates * hidden, hidden})) ||
        failed(expectShape(*this, list[2 * cells + 2 * cell], "b_ih" + where,
                           {gates * hidden})) ||
        failed(expectShape(*this, list[2 * cells + 2 * cell + 1],
                           "b_hh" + where, {gates * hidden})))
      return failure();
  }
  if (failed(expectOptionalShape(*this, getSequenceLength(),
                                 "SequenceLength (N)", {n})))
    return failure();
  if (failed(expectShape(*this, getOut(), "Out (T x N x D·hidden_size)",
                         {t, n, directions * hidden})) ||
      failed(
          verifyScale(*this, "Scale_data", getScaleData().convertToFloat())) ||
      failed(
          verifyShift(*this, "Shift_data", getShiftData().convertToFloat())) ||
      failed(verifyScaleList(*this, "Scale_weights", getScaleWeights(),
                             cells * gates * hidden,
                             "num_layers·D·G·hidden_size")))
    return failure();
  return verifyRnnPrecision(*this, mode);
}

//===----------------------------------------------------------------------===//
// lstm, fusion_lstm
//===----------------------------------------------------------------------===//

namespace {
/// What lstm and fusion_lstm share, in Paddle's terms.
struct LstmShapes {
  Value weightH, bias, h0, c0, hidden, cell;
  bool usePeepholes;
  StringRef gateActivation, cellActivation, candidateActivation;
};
} // namespace

/// WeightH is D x 4D, Bias 1 x 4D or 1 x 7D with peepholes, H0 and C0
/// (N x D) come together, Hidden and Cell are T x D; every value has the
/// element type `type` unless it is null (the caller checks precisions).
/// Returns D.
static FailureOr<int64_t> verifyLstm(Operation *op, const LstmShapes &s,
                                     int64_t t, int64_t n, Type type) {
  if (failed(expectRank(op, s.weightH, "WeightH", 2)))
    return failure();
  int64_t d = shapeOf(s.weightH)[0], d4 = scaled(d, 4);
  if (bool(s.h0) != bool(s.c0))
    return op->emitOpError() << "H0 and C0 must be given together (Paddle "
                                "starts from zeros only when both are absent)";
  StringRef biasName =
      s.usePeepholes ? "Bias (1 x 7D: b_c, b_i, b_f, b_o, W_ic, W_fc, W_oc)"
                     : "Bias (1 x 4D: b_c, b_i, b_f, b_o)";
  if (failed(expectShape(op, s.weightH, "WeightH (D x 4D)", {d, d4})) ||
      failed(expectShape(op, s.bias, biasName,
                         {1, scaled(d, s.usePeepholes ? 7 : 4)})) ||
      failed(expectOptionalShape(op, s.h0, "H0 (N x D)", {n, d})) ||
      failed(expectOptionalShape(op, s.c0, "C0 (N x D)", {n, d})) ||
      failed(expectShape(op, s.hidden, "Hidden (T x D)", {t, d})) ||
      failed(expectShape(op, s.cell, "Cell (T x D)", {t, d})))
    return failure();
  if (failed(verifyGruActivation(op, "gate_activation", s.gateActivation)) ||
      failed(verifyGruActivation(op, "cell_activation", s.cellActivation)) ||
      failed(verifyGruActivation(op, "candidate_activation",
                                 s.candidateActivation)))
    return failure();
  if (type && failed(expectElementType(
                  op, {s.weightH, s.bias, s.h0, s.c0, s.hidden, s.cell},
                  {"Weight", "Bias", "H0", "C0", "Hidden", "Cell"}, type,
                  "the LSTM computes in its input's type")))
    return failure();
  return d;
}

LogicalResult LstmOp::verify() {
  if (failed(expectRank(*this, getInput(), "Input", 2)))
    return failure();
  FailureOr<int64_t> n = verifyLoD(*this, getLod());
  if (failed(n))
    return failure();
  int64_t t = shapeOf(getInput())[0];
  FailureOr<int64_t> d = verifyLstm(
      *this,
      {getWeight(), getBias(), getH0(), getC0(), getHidden(), getCell(),
       getUsePeepholes(), getGateActivation(), getCellActivation(),
       getCandidateActivation()},
      t, *n, elementTypeOf(getInput()));
  if (failed(d))
    return failure();
  int64_t d4 = scaled(*d, 4);
  if (failed(expectShape(*this, getInput(), "Input (T x 4D)", {t, d4})) ||
      failed(expectShape(*this, getBatchGate(), "BatchGate (T x 4D)", {t, d4})) ||
      failed(expectShape(*this, getBatchCellPreAct(),
                         "BatchCellPreAct (T x D)", {t, *d})))
    return failure();
  return success();
}

LogicalResult FusionLstmOp::verify() {
  if (failed(verifyPackedInput(*this, getX())) ||
      failed(expectRank(*this, getWeightX(), "WeightX", 2)))
    return failure();
  FailureOr<int64_t> n = verifyLoD(*this, getLod());
  if (failed(n))
    return failure();
  ArrayRef<int64_t> x = shapeOf(getX());
  int64_t t = x.front(), m = x.back();
  Type type = elementTypeOf(getX());
  // f32 X: everything f32. bf16 and ui8 X: oneDNN's precision rules below.
  bool lowPrecision = !type.isF32();
  FailureOr<int64_t> d =
      verifyLstm(*this,
                 {getWeightH(), getBias(), getH0(), getC0(), getHidden(),
                  getCell(), getUsePeepholes(), getGateActivation(),
                  getCellActivation(), getCandidateActivation()},
                 t, *n, lowPrecision ? Type() : type);
  if (failed(d))
    return failure();
  int64_t d4 = scaled(*d, 4);
  if (failed(expectShape(*this, getWeightX(), "WeightX (M x 4D)", {m, d4})) ||
      failed(verifyMkldnnDataType(*this, getMkldnnDataType())) ||
      failed(
          verifyScale(*this, "Scale_data", getScaleData().convertToFloat())) ||
      failed(
          verifyShift(*this, "Shift_data", getShiftData().convertToFloat())) ||
      failed(
          verifyScaleList(*this, "Scale_weights", getScaleWeights(), d4, "4D")))
    return failure();
  if (!lowPrecision) {
    if (failed(expectElementType(*this, {getWeightX()}, {"WeightX"}, type,
                                 "the LSTM computes in X's type")))
      return failure();
    return verifyRecurrentPrecision(*this, getX(), getHidden(), {}, {}, Value(),
                                    getForceFp32Output(), getMkldnnDataType());
  }
  if (type.isUnsignedInteger(8) && getUsePeepholes())
    return emitOpError() << "int8 fusion_lstm cannot use peepholes: oneDNN "
                            "has no int8 LSTM with them";
  if (getC0() && !elementTypeOf(getC0()).isF32())
    return emitOpError() << "C0 must be f32 (oneDNN keeps the cell state in "
                            "f32), got "
                         << elementTypeOf(getC0());
  Type cell = elementTypeOf(getCell());
  if (!(cell.isF32() || (type.isBF16() && cell.isBF16())))
    return emitOpError() << "Cell must be f32"
                         << (type.isBF16() ? " or bf16" : "") << " for " << type
                         << " X, got " << cell;
  return verifyRecurrentPrecision(
      *this, getX(), getHidden(), {getWeightX(), getWeightH()}, {getBias()},
      getH0(), getForceFp32Output(), getMkldnnDataType());
}
