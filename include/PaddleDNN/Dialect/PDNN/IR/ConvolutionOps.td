//===- ConvolutionOps.td - convolutions, pooling, resampling *- tablegen -*-===//
//
// The convolution family: conv2d, depthwise_conv2d, conv2d_transpose,
// batch_norm, pool2d and the v2 interpolations, on NCHW or NHWC data.
// Paddle's oneDNN kernels fuse a bias, a residual sum and an activation
// into a convolution through attributes (`Bias`, `ResidualData`,
// `fuse_activation`, `fuse_alpha`, `fuse_beta`); the ops keep them, so that
// the fuse passes can express what they did in Paddle's own terms.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_CONVOLUTIONOPS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_CONVOLUTIONOPS_TD

include "PaddleDNN/Dialect/PDNN/IR/PDNNOpBase.td"
include "PaddleDNN/Interfaces/ShapeInferenceOpInterface.td"

defvar PDNN_ShapeInference = PaddleDNN_ShapeInferenceOpInterface;

// The geometry every 2-D convolution and pooling shares.
defvar PDNN_Conv2DGeometry = (ins
    PDNN_I32s<"{1, 1}">:$strides, PDNN_I32s<"{0, 0}">:$paddings,
    PDNN_Str<"EXPLICIT">:$padding_algorithm, PDNN_I32<"1">:$groups,
    PDNN_I32s<"{1, 1}">:$dilations, PDNN_Str<"NCHW">:$data_format);


class PDNN_Conv2DBase<string mnemonic, string what>
    : PDNN_Op<mnemonic, [Pure, AttrSizedOperandSegments,
                         DeclareOpInterfaceMethods<PDNN_ShapeInference>]> {
  let summary = "Paddle `" # mnemonic # "`: " # what;
  let description = [{
    Input is [N, C, H, W] (`data_format` "NCHW", or "AnyLayout", which
    Paddle reads as NCHW) or [N, H, W, C] ("NHWC"); Filter is
    [M, C / groups, KH, KW]; Output is [N, M, OH, OW] (or NHWC) with
    OH = (H + pad_top + pad_bottom - (dilation_h (KH - 1) + 1)) / stride_h + 1
    and likewise OW.

    `paddings` holds 2 values [pad_h, pad_w] (both sides alike) or 4
    [top, bottom, left, right]. `padding_algorithm` "SAME" ignores them and
    the dilations: it pads so that OH = ceil(H / stride_h), the extra row
    going to the bottom; "VALID" pads nothing. `groups` divides C and M.

    What Paddle's oneDNN kernel fuses: `Bias` [M] is added, then
    `ResidualData` (Output's shape, with `fuse_residual_connection`), then
    `fuse_activation` is applied with its parameters: "relu" (fuse_alpha is
    a leaky slope), "leaky_relu" (fuse_alpha), "relu6" (fuse_alpha is the
    threshold), "swish" (fuse_alpha is beta), "hard_swish" (Paddle's
    defaults), "hard_sigmoid" (fuse_alpha slope, fuse_beta offset),
    "sigmoid", "tanh", "gelu" (erf) / "gelu_erf", "gelu_tanh", "mish", "abs",
    "sqrt", "exp", "clip" (fuse_alpha min, fuse_beta max). Without
    `fuse_residual_connection` a given `ResidualData` is ignored, as
    Paddle's kernels ignore it.

    int8 (Paddle's oneDNN int8 kernel, conv_mkldnn_op's scales): ui8 or si8
    Input; Filter si8, or f32 quantized per output channel with
    `Scale_weights` (rint(w·s) saturated); Bias quantized to s32 with
    Scale_in · Scale_weights[m]. With s = 1 when an activation is fused or
    `force_fp32_output` (f32 Output), Scale_out otherwise, each output
    channel m computes
    `act(s / (Scale_in · Scale_weights[m]) · (acc + bias) + s / Scale_in_eltwise · residual)`,
    multiplied by Scale_out after a fused activation (unless f32), then
    rounded to nearest even and saturated into the ui8/si8 Output. The
    residual is ResidualData's integers, of Output's type.
  }];
  let arguments = !con(
      (ins PDNN_DataTensor:$Input, PDNN_DataTensor:$Filter,
           Optional<PDNN_F32Tensor>:$Bias,
           Optional<PDNN_DataTensor>:$ResidualData),
      PDNN_Conv2DGeometry, PDNN_FusedActivation,
      (ins PDNN_Bool<"false">:$fuse_residual_connection,
           PDNN_F32<"1.0f">:$Scale_in, PDNN_UnitScales:$Scale_weights,
           PDNN_F32<"1.0f">:$Scale_out, PDNN_F32<"1.0f">:$Scale_in_eltwise,
           PDNN_Bool<"false">:$force_fp32_output));
  let results = (outs PDNN_DataTensor:$Output);
  let assemblyFormat = [{
    `Input` `(` $Input `)` `Filter` `(` $Filter `)` (`Bias` `(` $Bias^ `)`)?
    (`ResidualData` `(` $ResidualData^ `)`)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The residual the convolution adds: ResidualData when
    /// fuse_residual_connection is set, else none.
    ::mlir::Value getResidual() {
      return getFuseResidualConnection() ? getResidualData() : ::mlir::Value();
    }
  }];
}

def PDNN_Conv2DOp : PDNN_Conv2DBase<"conv2d", "2-D convolution, grouped and dilated">;

def PDNN_DepthwiseConv2DOp : PDNN_Conv2DBase<"depthwise_conv2d",
    "2-D convolution with one group per input channel"> {
  let hasCanonicalizeMethod = 1;
}

def PDNN_Conv2DTransposeOp : PDNN_Op<"conv2d_transpose",
    [Pure, DeclareOpInterfaceMethods<PDNN_ShapeInference>]> {
  let summary = "Paddle `conv2d_transpose`: the transpose (gradient) of a 2-D convolution";
  let description = [{
    Input is [N, C, H, W] (or NHWC), Filter [C, M / groups, KH, KW] and
    Output [N, M, OH, OW] with
    OH = (H - 1) stride_h - pad_top - pad_bottom + dilation_h (KH - 1) + 1
    + output_padding_h. A non-empty `output_size` [OH, OW] asks for a size in
    [that, that + stride_h) instead: the difference is the output padding.
    Every input pixel scatters Filter, scaled by its value, into Output at
    stride spacing, then the padding is cropped from the borders.
    `paddings`, `padding_algorithm` ("SAME": the padding that makes
    OH = H · stride_h), `dilations`, `groups`, `Bias` [M] and
    `fuse_activation` as for conv2d.

    bf16 (Paddle's oneDNN kernel with mkldnn_data_type "bfloat16"): bf16
    Input, f32 or bf16 Filter (rounded to bf16), f32 Bias; the sums are
    f32, and Output is rounded to bf16 once, after the bias and the
    activation, or stays f32 with `force_fp32_output`.

    int8 (Paddle's oneDNN kernel has none; this is conv2d's scale model,
    so that an int8 feature pyramid need not return to f32 for its
    upsampling): ui8 or si8 Input; Filter si8, or f32 quantized per output
    channel m (Filter[1] within each group) with `Scale_weights`; Bias
    quantized to s32 with Scale_in · Scale_weights[m]; Output
    `act(s / (Scale_in · Scale_weights[m]) · (acc + bias))`, with
    s = Scale_out, or 1 when an activation is fused (Scale_out then
    multiplies its result) or Output is f32 (`force_fp32_output`), rounded
    to nearest even and saturated into the ui8/si8 Output.
  }];
  let arguments = !con(
      (ins PDNN_DataTensor:$Input, PDNN_DataTensor:$Filter,
           Optional<PDNN_F32Tensor>:$Bias),
      PDNN_Conv2DGeometry, PDNN_FusedActivation,
      (ins PDNN_I32s<"{}">:$output_padding, PDNN_I32s<"{}">:$output_size,
           PDNN_F32<"1.0f">:$Scale_in, PDNN_UnitScales:$Scale_weights,
           PDNN_F32<"1.0f">:$Scale_out,
           PDNN_Bool<"false">:$force_fp32_output));
  let results = (outs PDNN_DataTensor:$Output);
  let assemblyFormat = [{
    `Input` `(` $Input `)` `Filter` `(` $Filter `)` (`Bias` `(` $Bias^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_BatchNormOp : PDNN_Op<"batch_norm",
    [Pure, DeclareOpInterfaceMethods<PDNN_ShapeInference>,
     PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `batch_norm` in inference: a per-channel affine map from running statistics";
  let description = [{
    Y = (X - Mean) / sqrt(Variance + epsilon) · Scale + Bias per channel C
    (dimension 1 for `data_layout` "NCHW", the last for "NHWC"; X has rank 2
    to 5), then relu when `fuse_with_relu`. Only inference is modelled:
    `is_test` or `use_global_stats` must be set (training normalises by the
    batch's own statistics and updates the running ones). MeanOut and
    VarianceOut are the running statistics, unchanged (Paddle writes them
    over Mean and Variance); SavedMean and SavedVariance are scratch of the
    training kernel. Y may take X's buffer.
  }];
  let arguments = (ins PDNN_F32Tensor:$X, PDNN_F32Tensor:$Scale,
    PDNN_F32Tensor:$Bias, PDNN_F32Tensor:$Mean, PDNN_F32Tensor:$Variance,
    PDNN_F32<"1.0e-5f">:$epsilon, PDNN_F32<"0.9f">:$momentum,
    PDNN_Str<"NCHW">:$data_layout, PDNN_Bool<"false">:$is_test,
    PDNN_Bool<"false">:$use_global_stats,
    PDNN_Bool<"false">:$trainable_statistics,
    PDNN_Bool<"false">:$fuse_with_relu);
  let results = (outs PDNN_F32Tensor:$Y, PDNN_F32Tensor:$MeanOut,
    PDNN_F32Tensor:$VarianceOut, PDNN_F32Tensor:$SavedMean,
    PDNN_F32Tensor:$SavedVariance);
  list<string> scratchResults = ["SavedMean", "SavedVariance"];
  let assemblyFormat = [{
    `X` `(` $X `)` `Scale` `(` $Scale `)` `Bias` `(` $Bias `)` `Mean` `(`
    $Mean `)` `Variance` `(` $Variance `)` attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_Pool2DOp : PDNN_Op<"pool2d",
    [Pure, DeclareOpInterfaceMethods<PDNN_ShapeInference>]> {
  let summary = "Paddle `pool2d`: max or average pooling over 2-D windows";
  let description = [{
    X is [N, C, H, W] (or NHWC). Each output pixel is the max or average of
    a `ksize` window at `strides` spacing over X padded by `paddings` (2 or
    4 values, or `padding_algorithm` "SAME" / "VALID" as for conv2d):
    OH = (H + pad_top + pad_bottom - KH) / stride_h + 1, rounded up instead
    with `ceil_mode`. An average divides by the number of window elements
    inside X (`exclusive`, the default) or by KH · KW.
    `global_pooling` is one window over all of H × W. `adaptive` makes
    `ksize` the output size [OH, OW] and window i span
    [floor(i H / OH), ceil((i + 1) H / OH)) (average pooling only: Paddle's
    CPU kernel ignores `adaptive` for max pooling, which is therefore
    rejected). As Paddle's kernel, only the top and left pads place the
    windows: window i covers [i · stride - pad_top, that + KH) clipped to
    [0, H) (its non-exclusive divisor counts the part inside
    [-pad_top, H + pad_top)); the bottom and right pads only size the
    output. A window that ceil_mode leaves empty gives -FLT_MAX (max) or
    0/0 (exclusive average).

    int8 (Paddle's oneDNN int8 pooling, between int8 convolutions): ui8 or
    si8 X, and Out of X's type and quantization. Max is exact; an average
    sums in s32 and multiplies by the f32 reciprocal of its divisor, as
    oneDNN's int8 kernel does, then rounds to nearest even.
  }];
  let arguments = (ins PDNN_DataTensor:$X,
    PDNN_RequiredStr:$pooling_type, PDNN_RequiredI32s:$ksize,
    PDNN_Bool<"false">:$global_pooling, PDNN_I32s<"{1, 1}">:$strides,
    PDNN_I32s<"{0, 0}">:$paddings, PDNN_Bool<"true">:$exclusive,
    PDNN_Bool<"false">:$adaptive, PDNN_Bool<"false">:$ceil_mode,
    PDNN_Str<"NCHW">:$data_format, PDNN_Str<"EXPLICIT">:$padding_algorithm);
  let results = (outs PDNN_DataTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

class PDNN_Interpolate2DBase<string mnemonic, string method>
    : PDNN_Op<mnemonic, [Pure, AttrSizedOperandSegments,
                         DeclareOpInterfaceMethods<PDNN_ShapeInference>]> {
  let summary = "Paddle `" # mnemonic # "`: " # method # " resizing of [N, C, H, W] images";
  let description = [{
    As Paddle's kernel, the method is `interp_method` ("nearest" or
    "bilinear", Paddle's default for every v2 interpolation), not the op's
    name. The output size [OH, OW] is, by precedence: the `SizeTensor` list
    (two one-element int32 tensors), the `OutSize` tensor [2], the `Scale`
    tensor, the `scale` attribute ([scale_h, scale_w]; OH = int(H ·
    scale_h)), and last `out_h` / `out_w`. Output pixel k reads source
    coordinate k · ratio, where ratio is (H - 1) / (OH - 1) with
    `align_corners` (Paddle's default), otherwise 1 / scale_h whenever a
    scale is given (even when OutSize overrides the size it gave) and
    H / OH when not, all in f32; an output of size 1 reads row 0. Nearest
    rounds the coordinate with `align_corners` and truncates it otherwise.
    Bilinear with `align_mode` 0 and no `align_corners` reads the
    half-pixel coordinate (k + 0.5) · ratio - 0.5 (clamped at 0), otherwise
    k · ratio, and interpolates between the two neighbours, clamped to the
    image. `data_layout` "NHWC" takes [N, H, W, C].

    Nearest also moves int8 data (ui8 or si8: Out has X's type and
    quantization), as Paddle's int8 flow runs it between int8
    convolutions, and bf16 data; bilinear interpolates f32.
  }];
  let arguments = (ins PDNN_DataTensor:$X, Optional<PDNN_SizeTensor>:$OutSize,
    Variadic<PDNN_SizeTensor>:$SizeTensor, Optional<PDNN_F32Tensor>:$ScaleTensor,
    PDNN_Str<"NCHW">:$data_layout, PDNN_I32<"0">:$out_d,
    PDNN_I32<"0">:$out_h, PDNN_I32<"0">:$out_w, PDNN_F32s<"{}">:$scale,
    PDNN_Str<"bilinear">:$interp_method, PDNN_Bool<"true">:$align_corners,
    PDNN_I32<"1">:$align_mode);
  let results = (outs PDNN_DataTensor:$Out);
  let assemblyFormat = [{
    `X` `(` $X `)` (`OutSize` `(` $OutSize^ `:` type($OutSize) `)`)?
    (`SizeTensor` `(` $SizeTensor^ `:` type($SizeTensor) `)`)?
    (`Scale` `(` $ScaleTensor^ `:` type($ScaleTensor) `)`)?
    attr-dict `:` type($X) `->` type($Out)
  }];
  let hasVerifier = 1;
  // getScale() is the attribute's accessor.
  list<string> paddleSlots = ["ScaleTensor=Scale"];
}

def PDNN_NearestInterpV2Op : PDNN_Interpolate2DBase<"nearest_interp_v2", "nearest">;
def PDNN_BilinearInterpV2Op : PDNN_Interpolate2DBase<"bilinear_interp_v2", "bilinear">;

#endif // PADDLEDNN_DIALECT_PDNN_IR_CONVOLUTIONOPS_TD
