//===- QuantizationOps.td - int8 and bf16 conversions ------*- tablegen -*-===//
//
// quantize, dequantize, requantize: oneDNN's int8/bf16 data conversions.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_QUANTIZATIONOPS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_QUANTIZATIONOPS_TD

include "PaddleDNN/Dialect/PDNN/IR/PDNNOpBase.td"

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

#endif // PADDLEDNN_DIALECT_PDNN_IR_QUANTIZATIONOPS_TD
