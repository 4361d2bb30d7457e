//===- ElementwiseOps.td - elementwise ops and activations -*- tablegen -*-===//
//
// The elementwise family: binary ops with Paddle's axis broadcast, and
// the activations.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_ELEMENTWISEOPS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_ELEMENTWISEOPS_TD

include "PaddleDNN/Dialect/PDNN/IR/PDNNOpBase.td"

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

class PDNN_ElementwiseBinaryOp<string mnemonic, string what>
    : PDNN_Op<mnemonic, [Pure, PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `" # mnemonic # "`: Out = " # what # " with Paddle broadcasting";
  let description = [{
    Y broadcasts against X the way Paddle does: the lower-rank operand's
    dimensions are aligned with the other's starting at `axis` (`-1` aligns
    the trailing dimensions, as numpy does; other negative values count
    from there); aligned sizes must be equal or 1. Out may take X's buffer
    (oneDNN binary with dst == src0) when no broadcast changes X's shape
    and Out has X's type. Integer operands (the shape arithmetic of Paddle
    programs) compute in their own i32/i64 type; integer division
    truncates, as in C.

    int8 (elementwise_add, _sub, _mul; Paddle's oneDNN int8 kernel): when X,
    Y or Out is ui8/si8, each of them is ui8, si8 or f32, and the positive
    scales say what they stand for (X / Scale_x; Scale_out 1 makes an f32
    Out the plain result). Element by element, in f32:
      a = X · (Scale_out / Scale_x)
      b = Y · (Scale_out / Scale_y)      add, sub
      b = Y · (1 / Scale_y)              mul
      Out = a op b, rounded to nearest even and saturated into ui8/si8.
    Float data ignores the scales, as Paddle's float kernels do.
  }];
  let arguments = (ins PDNN_NumericTensor:$X, PDNN_NumericTensor:$Y,
    PDNN_I32<"-1">:$axis, PDNN_F32<"1.0f">:$Scale_x,
    PDNN_F32<"1.0f">:$Scale_y, PDNN_F32<"1.0f">:$Scale_out);
  let results = (outs PDNN_NumericTensor:$Out);
  let assemblyFormat = [{
    $X `,` $Y attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  // Constant operands fold: the fused GRU bias (gru bias + fc bias) becomes
  // one constant at compile time. An `axis` that names the trailing
  // alignment folds to -1, so that legacy (axis = 1) and PIR (no axis)
  // programs read the same.
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// Where the lower-rank operand's dimensions start among the other's,
    /// by Paddle's `axis` rule.
    int64_t getAlignedAxis();
  }];
}

def PDNN_ElementwiseAddOp : PDNN_ElementwiseBinaryOp<"elementwise_add", "X + Y">;
def PDNN_ElementwiseSubOp : PDNN_ElementwiseBinaryOp<"elementwise_sub", "X - Y">;
def PDNN_ElementwiseMulOp : PDNN_ElementwiseBinaryOp<"elementwise_mul", "X · Y">;
def PDNN_ElementwiseDivOp : PDNN_ElementwiseBinaryOp<"elementwise_div", "X / Y">;
def PDNN_ElementwiseMaxOp : PDNN_ElementwiseBinaryOp<"elementwise_max", "max(X, Y)">;
def PDNN_ElementwiseMinOp : PDNN_ElementwiseBinaryOp<"elementwise_min", "min(X, Y)">;
def PDNN_ElementwisePowOp : PDNN_ElementwiseBinaryOp<"elementwise_pow", "X ^ Y">;

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

class PDNN_ActivationOp<string mnemonic, string formula, dag attrs = (ins)>
    : PDNN_Op<mnemonic, [Pure, SameOperandsAndResultType,
                         PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `" # mnemonic # "`: Out = " # formula;
  let description = [{
    Elementwise; Out has X's type and may take X's buffer (oneDNN eltwise
    supports dst == src).
  }];
  let arguments = !con((ins PDNN_FloatTensor:$X), attrs);
  let results = (outs PDNN_FloatTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` type($X)";
}

def PDNN_ReluOp : PDNN_ActivationOp<"relu", "max(X, 0)">;
def PDNN_TanhOp : PDNN_ActivationOp<"tanh", "tanh(X)">;
def PDNN_SigmoidOp : PDNN_ActivationOp<"sigmoid", "1 / (1 + exp(-X))">;
def PDNN_AbsOp : PDNN_ActivationOp<"abs", "|X|">;
def PDNN_SqrtOp : PDNN_ActivationOp<"sqrt", "sqrt(X)">;
def PDNN_GeluOp : PDNN_ActivationOp<"gelu",
    "0.5 X (1 + erf(X / sqrt(2))), or its tanh form when `approximate`",
    (ins PDNN_Bool<"false">:$approximate)>;
def PDNN_LeakyReluOp : PDNN_ActivationOp<"leaky_relu",
    "X if X >= 0 else alpha X", (ins PDNN_F32<"0.02f">:$alpha)>;
def PDNN_SwishOp : PDNN_ActivationOp<"swish", "X · sigmoid(beta X)",
    (ins PDNN_F32<"1.0f">:$beta)>;
def PDNN_ExpOp : PDNN_ActivationOp<"exp", "e^X">;
def PDNN_Relu6Op : PDNN_ActivationOp<"relu6", "min(max(X, 0), threshold)",
    (ins PDNN_F32<"6.0f">:$threshold)>;
def PDNN_HardSwishOp : PDNN_ActivationOp<"hard_swish",
    "X · min(max(X + offset, 0), threshold) / scale",
    (ins PDNN_F32<"6.0f">:$threshold, PDNN_F32<"6.0f">:$scale,
         PDNN_F32<"3.0f">:$offset)>;
def PDNN_HardSigmoidOp : PDNN_ActivationOp<"hard_sigmoid",
    "max(0, min(1, slope X + offset))",
    (ins PDNN_F32<"0.2f">:$slope, PDNN_F32<"0.5f">:$offset)>;

def PDNN_ClipOp : PDNN_Op<"clip", [Pure, AttrSizedOperandSegments,
                                    PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `clip`: Out = min(max(X, min), max)";
  let description = [{
    A one-element `Min` or `Max` tensor, when given, replaces the attribute
    of that name. Paddle requires min <= max; Out has X's type and may take
    X's buffer.
  }];
  let arguments = (ins PDNN_FloatTensor:$X, Optional<PDNN_F32Tensor>:$MinTensor,
    Optional<PDNN_F32Tensor>:$MaxTensor, PDNN_F32<"0.0f">:$min,
    PDNN_F32<"0.0f">:$max);
  let results = (outs PDNN_FloatTensor:$Out);
  let assemblyFormat = [{
    $X (`Min` `(` $MinTensor^ `:` type($MinTensor) `)`)?
    (`Max` `(` $MaxTensor^ `:` type($MaxTensor) `)`)?
    attr-dict `:` type($X) `->` type($Out)
  }];
  let hasVerifier = 1;
  // getMin() and getMax() are the attributes' accessors.
  list<string> paddleSlots = ["MinTensor=Min", "MaxTensor=Max"];
}

def PDNN_DropoutOp : PDNN_Op<"dropout", [Pure, PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `dropout` in inference: X, or X · (1 - dropout_prob)";
  let description = [{
    Inference only (`is_test`): "downgrade_in_infer" (Paddle's default)
    scales by 1 - dropout_prob, "upscale_in_train" passes X through (the
    training kernel scaled the kept values up instead). Mask is scratch of
    the training kernel. Out may take X's buffer.
  }];
  let arguments = (ins PDNN_FloatTensor:$X, PDNN_F32<"0.5f">:$dropout_prob,
    PDNN_Bool<"false">:$is_test,
    PDNN_Str<"downgrade_in_infer">:$dropout_implementation,
    PDNN_Bool<"false">:$fix_seed, PDNN_I32<"0">:$seed);
  let results = (outs PDNN_FloatTensor:$Out, AnyRankedTensor:$Mask);
  list<string> scratchResults = ["Mask"];
  let assemblyFormat = "$X attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  // X itself or a scale, so that fuse patterns see through it.
  let hasCanonicalizeMethod = 1;
}

def PDNN_CastOp : PDNN_Op<"cast", [Pure, SameOperandsAndResultShape]> {
  let summary = "Paddle `cast`: X converted to `out_dtype`";
  let description = [{
    `out_dtype` is a framework.proto VarType code (0 bool, 2 int32, 3
    int64, 5 float32, 20 uint8, 21 int8, 22 bfloat16) and names Out's
    element type; `in_dtype` is informative (Paddle's kernel reads X's
    actual type). Floats become integers by truncation
    toward zero, as C++'s static_cast does; anything becomes bool as
    `!= 0`; bool becomes 0 or 1.
  }];
  let arguments = (ins PDNN_AnyDataTensor:$X, PDNN_I32<"5">:$in_dtype,
    PDNN_I32<"5">:$out_dtype);
  let results = (outs PDNN_DTypedTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` type($X) `->` type($Out)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Sums and affine maps
//===----------------------------------------------------------------------===//

def PDNN_SumOp : PDNN_Op<"sum", [Pure, SameOperandsAndResultType,
                                  PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `sum`: elementwise sum of all inputs";
  let description = [{
    All inputs and Out have one type. In-place capable: Out may take the
    first input's buffer (oneDNN's sum writes over its first source).
  }];
  let arguments = (ins Variadic<PDNN_FloatTensor>:$X);
  let results = (outs PDNN_FloatTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` type($Out)";
  let hasFolder = 1;
}

def PDNN_ScaledTensor : RankedTensorOf<[F32, BF16, I64]>;

def PDNN_ScaleOp : PDNN_Op<"scale", [Pure,
    PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `scale`: Out = scale·X + bias (or scale·(X + bias))";
  let description = [{
    With `bias_after_scale` (default) Out = scale·X + bias, otherwise
    Out = scale·(X + bias). A one-element `ScaleTensor`, when given,
    replaces the `scale` attribute. Out may take X's buffer. On i64 (Paddle's
    `save_inference_model` appends `scale` 1.0 to every fetch, including
    crf_decoding's int64 path) scale and bias are truncated to integers
    first, as Paddle's kernel casts them to the element type.
  }];
  let arguments = (ins PDNN_ScaledTensor:$X, Optional<PDNN_FloatTensor>:$ScaleTensor,
    PDNN_F32<"1.0f">:$scale, PDNN_F32<"0.0f">:$bias,
    PDNN_Bool<"true">:$bias_after_scale);
  let results = (outs PDNN_ScaledTensor:$Out);
  let assemblyFormat = [{
    $X (`ScaleTensor` `(` $ScaleTensor^ `:` type($ScaleTensor) `)`)?
    attr-dict `:` type($X) `->` type($Out)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // PADDLEDNN_DIALECT_PDNN_IR_ELEMENTWISEOPS_TD
