//===- QuantizationOps.td - int8 and bf16 conversions ------*- tablegen -*-===//
//
// quantize, dequantize, requantize: oneDNN's int8/bf16 data conversions.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_QUANTIZATIONOPS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_QUANTIZATIONOPS_TD

include "PaddleDNN/Dialect/PDNN/IR/PDNNOpBase.td"
include "PaddleDNN/Interfaces/ShapeInferenceOpInterface.td"

// Paddle's simulated-quantization ops: a program holding one is
// quantization-aware (it brings its own scales), and they are what
// --lower-fake-quantization consumes.
def PDNN_SimulatesQuantization : NativeOpTrait<"SimulatesQuantization"> {
  let cppNamespace = "::mlir::pdnn";
}

//===----------------------------------------------------------------------===//
// Quantization
//===----------------------------------------------------------------------===//

def PDNN_QuantizeOp : PDNN_Op<"quantize", [Pure]> {
  let summary = "Paddle `quantize`: f32 to u8/s8 (or bf16) with a scale and shift";
  let description = [{
    Output = saturate(round(Scale · Input + trunc(Shift))), in f32 as
    Paddle's kernel computes it (a oneDNN reorder whose zero point is the
    Shift cast to int32). Output is si8 when `is_negative_input` and no
    shift, ui8 otherwise; with `bfloat16` it is Scale · Input rounded to
    bf16.

    Folds: quantize(dequantize(q)) with the same Scale and an integral Shift
    into the same int8 type is q, bit for bit (the round trip errs by far
    less than half a step for any scale between 1e-30 and 1e30 in
    magnitude, the range the fold accepts).
  }];
  let arguments = (ins RankedTensorOf<[F32]>:$Input, PDNN_F32<"1.0f">:$Scale,
    PDNN_F32<"0.0f">:$Shift, PDNN_Bool<"false">:$is_negative_input,
    PDNN_Str<"NHWC">:$output_format, PDNN_Bool<"false">:$bfloat16);
  let results = (outs PDNN_DataTensor:$Output);
  let assemblyFormat = "$Input attr-dict `:` type($Input) `->` type($Output)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def PDNN_DequantizeOp : PDNN_Op<"dequantize", [Pure]> {
  let summary = "Paddle `dequantize`: u8/s8 (or bf16) to f32";
  let description = [{
    Output = Input · (1 / Scale) - Shift / Scale, in f32 as Paddle's kernel
    computes it (a oneDNN reorder with output scale 1 / Scale, and the shift
    added by a sum post-op); bf16 input is widened exactly first.
  }];
  let arguments = (ins PDNN_DataTensor:$Input, PDNN_F32<"1.0f">:$Scale,
    PDNN_F32<"0.0f">:$Shift);
  let results = (outs RankedTensorOf<[F32]>:$Output);
  let assemblyFormat = "$Input attr-dict `:` type($Input) `->` type($Output)";
  let hasVerifier = 1;
}

def PDNN_RequantizeOp : PDNN_Op<"requantize", [Pure]> {
  let summary = "Paddle `requantize`: change the scale and shift of int8 data";
  let description = [{
    With s = Scale_out / Scale_in, as Paddle's oneDNN kernel computes it:
    Output = saturate(round(Input · s) + z), where the output zero point
    z = clip_to_u8(round(Shift_out - s · Shift_in)) when either shift is
    non-zero and 0 otherwise. Paddle defaults both shifts to 1.0 (so a
    requantize that sets no shift is unsigned); a non-zero shift needs ui8
    data. A requantize that keeps its type, scale and shift folds away (s = 1
    and z = 0: every value maps to itself).
  }];
  let arguments = (ins PDNN_QuantizedTensor:$Input, PDNN_F32<"1.0f">:$Scale_in,
    PDNN_F32<"1.0f">:$Scale_out, PDNN_F32<"1.0f">:$Shift_in,
    PDNN_F32<"1.0f">:$Shift_out);
  let results = (outs PDNN_QuantizedTensor:$Output);
  let assemblyFormat = "$Input attr-dict `:` type($Input) `->` type($Output)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Simulated quantization (quantization-aware-trained programs)
//===----------------------------------------------------------------------===//

// How Paddle's fake quantization ops round (b = 2^(bit_length - 1) - 1;
// 1/s is 1/(s + 1e-6) for s <= 1e-30): `round_type` 1, what programs from
// before the attribute mean, is b · (1/s) · clip(x, -s, s) rounded half
// away from zero; 0 is b · (1/s) · x rounded to nearest even and clamped to
// [-b - 1, b]. The result is dequantized as q · s / b.
defvar PDNN_FakeQuantRounding = (ins PDNN_I32<"8">:$bit_length,
                                     PDNN_I32<"1">:$round_type);

def PDNN_FakeQuantizeDequantizeMovingAverageAbsMaxOp
    : PDNN_Op<"fake_quantize_dequantize_moving_average_abs_max",
              [Pure, PDNN_SimulatesQuantization, AttrSizedOperandSegments,
               DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle's simulated quantization of an activation by its trained abs-max";
  let description = [{
    What PaddleSlim's quantization-aware training puts before each quantized
    op's activation input: Out = X quantized and dequantized with
    s = InScale[0], the moving average of the activation's abs-max that
    training kept (see PDNN_FakeQuantRounding). Inference only (`is_test`):
    training also updates InAccum and InState, which inference ignores.
    OutScale is InScale; it is how Paddle's int8 passes find s.
  }];
  let arguments = !con(
      (ins PDNN_F32Tensor:$X, PDNN_F32Tensor:$InScale,
           Optional<PDNN_F32Tensor>:$InAccum, Optional<PDNN_F32Tensor>:$InState,
           PDNN_F32<"0.9f">:$moving_rate, PDNN_Bool<"false">:$is_test),
      PDNN_FakeQuantRounding);
  let results = (outs PDNN_F32Tensor:$Out, PDNN_F32Tensor:$OutScale);
  let assemblyFormat = [{
    `X` `(` $X `)` `InScale` `(` $InScale `)`
    (`InAccum` `(` $InAccum^ `)`)? (`InState` `(` $InState^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_FakeChannelWiseQuantizeDequantizeAbsMaxOp
    : PDNN_Op<"fake_channel_wise_quantize_dequantize_abs_max",
              [Pure, PDNN_SimulatesQuantization,
               DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle's simulated quantization of weights, one abs-max per channel";
  let description = [{
    What quantization-aware training puts on each quantized op's weights:
    channel c along `quant_axis` (0: a convolution's output channels; 1:
    conv2d_transpose's, or a product's columns) is quantized and dequantized
    with its own s_c = max |X_c| (see PDNN_FakeQuantRounding), computed from
    X whatever `is_test` says. OutScale [X.shape[quant_axis]] holds the s_c.
    On constant weights it folds.
  }];
  let arguments = !con((ins PDNN_F32Tensor:$X, PDNN_I32<"0">:$quant_axis),
                       PDNN_FakeQuantRounding);
  let results = (outs PDNN_F32Tensor:$Out, PDNN_F32Tensor:$OutScale);
  let assemblyFormat = [{
    `X` `(` $X `)` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

// The frozen form of older quantization-aware-trained programs
// (QuantizationFreezePass): activations quantized to integer values in f32,
// the quantized op run on those and on integer-valued weights, its output
// dequantized.

def PDNN_FakeQuantizeMovingAverageAbsMaxOp
    : PDNN_Op<"fake_quantize_moving_average_abs_max",
              [Pure, PDNN_SimulatesQuantization, AttrSizedOperandSegments,
               DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle's quantization of an activation to integer values by its trained abs-max";
  let description = [{
    Out = X quantized with s = InScale[0] (see PDNN_FakeQuantRounding),
    integer values kept in f32: the first half of
    fake_quantize_dequantize_moving_average_abs_max, whose dequantization a
    fake_dequantize_max_abs or fake_channel_wise_dequantize_max_abs after
    the quantized op does. Inference only (`is_test`); OutScale is InScale.
  }];
  let arguments = !con(
      (ins PDNN_F32Tensor:$X, PDNN_F32Tensor:$InScale,
           Optional<PDNN_F32Tensor>:$InAccum, Optional<PDNN_F32Tensor>:$InState,
           PDNN_F32<"0.9f">:$moving_rate, PDNN_Bool<"false">:$is_test),
      PDNN_FakeQuantRounding);
  let results = (outs PDNN_F32Tensor:$Out, PDNN_F32Tensor:$OutScale);
  let assemblyFormat = [{
    `X` `(` $X `)` `InScale` `(` $InScale `)`
    (`InAccum` `(` $InAccum^ `)`)? (`InState` `(` $InState^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_FakeDequantizeMaxAbsOp
    : PDNN_Op<"fake_dequantize_max_abs",
              [Pure, PDNN_SimulatesQuantization,
               DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle's dequantization by one scale and a range";
  let description = [{
    Out = X · Scale[0] / max_range, in f32 and in that order. After a
    quantized op whose input and weights were integer values, max_range is
    (2^(a-1) - 1)(2^(w-1) - 1) / max|W| (127 · 127 / max|W| for 8 bits) and
    Scale the input's threshold.
  }];
  let arguments = (ins PDNN_F32Tensor:$X, PDNN_F32Tensor:$Scale, F32Attr:$max_range);
  let results = (outs PDNN_F32Tensor:$Out);
  let assemblyFormat = [{
    `X` `(` $X `)` `Scale` `(` $Scale `)` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_FakeChannelWiseDequantizeMaxAbsOp
    : PDNN_Op<"fake_channel_wise_dequantize_max_abs",
              [Pure, PDNN_SimulatesQuantization,
               DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle's dequantization by per-channel scales";
  let description = [{
    With b_i = 2^(quant_bits[i] - 1) - 1, in f32 and in this order:
    one scale (weights before the op): Out = X · Scales[0][c] / b_0, c along
    quant_axis (0 or 1); two (an op's output): Out = X · Scales[0][c] ·
    Scales[1][0] / (b_0 · b_1), c along dimension x_num_col_dims (1: NCHW's
    channels, a product's columns).
  }];
  let arguments = (ins PDNN_F32Tensor:$X, Variadic<PDNN_F32Tensor>:$Scales,
                       PDNN_I32s<"{8}">:$quant_bits, PDNN_I32<"0">:$quant_axis,
                       PDNN_I32<"1">:$x_num_col_dims);
  let results = (outs PDNN_F32Tensor:$Out);
  let assemblyFormat = [{
    `X` `(` $X `)` `Scales` `(` $Scales `)` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// quantize_linear / dequantize_linear (Paddle 2.3+, PaddleSlim's ONNX-style
// export): the same rounding, round_type defaulting to 0; quant_axis -1 is
// one threshold for the tensor, 0 or 1 one per channel along that axis.
// ZeroPoint is read by no Paddle kernel (the quantization is symmetric).
defvar PDNN_LinearQuantization = (ins
    PDNN_F32Tensor:$Scale,
    Optional<RankedTensorOf<[F32, SI8, I32, I64]>>:$ZeroPoint,
    PDNN_I32<"0">:$quant_axis, PDNN_I32<"8">:$bit_length,
    PDNN_I32<"0">:$round_type, PDNN_Bool<"true">:$is_test,
    PDNN_Bool<"false">:$only_observer);

def PDNN_QuantizeLinearOp
    : PDNN_Op<"quantize_linear",
              [Pure, PDNN_SimulatesQuantization,
               DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle's simulated quantization to integers (quantize_linear)";
  let description = [{
    Y = X quantized with the abs-max thresholds in Scale (see
    PDNN_FakeQuantRounding and PDNN_LinearQuantization): integer values,
    kept in f32, which a dequantize_linear with the same Scale turns back.
    With `only_observer` (a program that only watched its ranges) Y = X.
    Inference only (`is_test`).
  }];
  let arguments = !con((ins PDNN_F32Tensor:$X), PDNN_LinearQuantization);
  let results = (outs PDNN_F32Tensor:$Y);
  let assemblyFormat = [{
    `X` `(` $X `)` `Scale` `(` $Scale `)` (`ZeroPoint` `(` $ZeroPoint^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def PDNN_DequantizeLinearOp
    : PDNN_Op<"dequantize_linear",
              [Pure, PDNN_SimulatesQuantization,
               DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle's simulated dequantization (dequantize_linear)";
  let description = [{
    Y = X · s / b in f32, in that order, with b = 2^(bit_length - 1) - 1 and
    s Scale's one value (quant_axis -1) or X's channel's (0 or 1). X is a
    quantize_linear result or weights stored quantized (integer values,
    f32 or si8). With `only_observer` Y = X. On constant X and Scale
    (weights) it folds.
  }];
  let arguments = !con((ins RankedTensorOf<[F32, SI8]>:$X), PDNN_LinearQuantization);
  let results = (outs PDNN_F32Tensor:$Y);
  let assemblyFormat = [{
    `X` `(` $X `)` `Scale` `(` $Scale `)` (`ZeroPoint` `(` $ZeroPoint^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // PADDLEDNN_DIALECT_PDNN_IR_QUANTIZATIONOPS_TD
