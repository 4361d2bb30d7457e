//===- ProductOps.td - matrix products ---------------------*- tablegen -*-===//
//
// The product family: mul, fc, matmul_v2 and matmul (Paddle's matrix
// products, with their oneDNN int8 attributes).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_PRODUCTOPS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_PRODUCTOPS_TD

include "PaddleDNN/Dialect/PDNN/IR/PDNNOpBase.td"

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

def PDNN_MulOp : PDNN_Op<"mul", [Pure]> {
  let summary = "Paddle `mul`: X and Y flattened to matrices, then multiplied";
  let description = [{
    X is flattened to a matrix of `prod(X[0:x_num_col_dims])` rows, Y to one
    of `prod(Y[0:y_num_col_dims])` rows; Out has shape
    `X[0:x_num_col_dims] ++ Y[y_num_col_dims:]`. The int8 attributes
    (`scale_x`, `scale_y`, `scale_out`, `force_fp32_output`) describe
    oneDNN's quantized kernel.

    ```mlir
    %out = pdnn.mul %x, %w : (tensor<?x16xf32>, tensor<16x48xf32>) -> tensor<?x48xf32>
    ```
  }];
  let arguments = (ins PDNN_DataTensor:$X, PDNN_DataTensor:$Y,
    PDNN_I32<"1">:$x_num_col_dims, PDNN_I32<"1">:$y_num_col_dims,
    PDNN_F32<"1.0f">:$scale_x, PDNN_UnitScales:$scale_y,
    PDNN_F32<"1.0f">:$scale_out, PDNN_Bool<"false">:$force_fp32_output);
  let results = (outs PDNN_DataTensor:$Out);
  let assemblyFormat = [{
    $X `,` $Y attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_FcOp : PDNN_Op<"fc", [Pure]> {
  let summary = "Paddle `fc`: fully connected layer, Out = act(Input x W + Bias)";
  let description = [{
    Input is flattened to a matrix of `prod(Input[0:in_num_col_dims])` rows;
    W is K x N (K+4 x N+4 when `padding_weights`, the padding being ignored);
    Bias, when present, is N or 1 x N. `activation_type` is the activation
    applied to the product plus Bias, with `fuse_alpha` and `fuse_beta`, as
    Paddle's fc_act_mkldnn_fuse_pass writes them: "" (or "identity") for
    none, or one of the names of FusedActivation.h with their parameters
    as for conv2d's `fuse_activation` ("relu", "leaky_relu" (fuse_alpha),
    "relu6" (fuse_alpha: threshold), "swish" (fuse_alpha: beta),
    "hard_swish", "hard_sigmoid" (slope, offset), "sigmoid", "tanh",
    "gelu" / "gelu_erf", "gelu_tanh", "mish", "abs", "sqrt", "exp", "clip"
    (min, max)).

    int8 (Paddle's oneDNN int8 kernel): ui8 or si8 Input; W si8, or f32
    quantized per output channel with `Scale_weights` (rint(w·s)
    saturated); Bias quantized to s32 with Scale_in · Scale_weights; the
    s32 product plus that bias scaled by Scale_out / (Scale_in ·
    Scale_weights) into ui8/si8 Out, or by 1 / (Scale_in · Scale_weights)
    into f32 (`force_fp32_output`). With an activation, the scale leaves
    out Scale_out, which multiplies the activation's result instead.
    Packed sparse weights (`#pdnn.packed`) take relu, tanh and sigmoid
    only (the generated kernels' activations).
    Out has shape `Input[0:in_num_col_dims] ++ [N]`.

    ```mlir
    %out = pdnn.fc Input(%x) W(%w) Bias(%b)
        : (tensor<?x16xf32>, tensor<16x48xf32>, tensor<48xf32>) -> tensor<?x48xf32>
    ```
  }];
  let arguments = (ins PDNN_DataTensor:$Input, PDNN_DataTensor:$W,
    Optional<PDNN_FloatTensor>:$Bias,
    PDNN_I32<"1">:$in_num_col_dims, PDNN_Str<"">:$activation_type,
    PDNN_Bool<"false">:$padding_weights, PDNN_Bool<"false">:$use_quantizer,
    PDNN_Str<"float32">:$mkldnn_data_type,
    PDNN_F32<"1.0f">:$Scale_in, PDNN_UnitScales:$Scale_weights,
    PDNN_F32<"1.0f">:$Scale_out, PDNN_Bool<"false">:$force_fp32_output,
    PDNN_F32<"0.0f">:$fuse_alpha, PDNN_F32<"0.0f">:$fuse_beta);
  let results = (outs PDNN_DataTensor:$Out);
  let assemblyFormat = [{
    `Input` `(` $Input `)` `W` `(` $W `)` (`Bias` `(` $Bias^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_MatmulV2Op : PDNN_Op<"matmul_v2", [Pure]> {
  let summary = "Paddle `matmul_v2`: batched matrix product with numpy broadcasting";
  let description = [{
    Follows `numpy.matmul`: 1-D operands are promoted to matrices and the
    promoted dimension dropped from Out (two 1-D operands give a
    one-element 1-D Out, as in Paddle); leading (batch) dimensions
    broadcast. `trans_x`/`trans_y` transpose the last two dimensions first.

    `fuse_activation` (with `fuse_alpha`, `fuse_beta`) is the activation
    Paddle's matmul_activation_mkldnn_fuse_pass folds in: "" for none, or
    a name of FusedActivation.h with its parameters, as for fc.

    int8 (what Paddle's cpu_quantize_pass makes of it): ui8 or si8 X times
    si8 Y, Out = Scale_out / (Scale_x · Scale_y) · (X x Y) rounded and
    saturated into ui8 or si8, or 1 / (Scale_x · Scale_y) · (X x Y) in f32
    with `force_fp32_output`. With an activation, as for fc: Out =
    Scale_out · act((X x Y) / (Scale_x · Scale_y)), Scale_out multiplying
    the activation's result (not with `force_fp32_output`). Float operands
    share one type; Out is theirs, or f32 with `force_fp32_output`.

    Canonicalization: a product of two matrices without transposes or an
    activation is `mul` (what Paddle 3's PIR writes for a legacy `mul`),
    so that the fc and GRU fuses see one form.
  }];
  let arguments = !con(
      (ins PDNN_DataTensor:$X, PDNN_DataTensor:$Y,
           PDNN_Bool<"false">:$trans_x, PDNN_Bool<"false">:$trans_y,
           PDNN_F32<"1.0f">:$Scale_x, PDNN_F32<"1.0f">:$Scale_y,
           PDNN_F32<"1.0f">:$Scale_out, PDNN_Bool<"false">:$force_fp32_output),
      PDNN_FusedActivation);
  let results = (outs PDNN_DataTensor:$Out);
  let assemblyFormat = [{
    $X `,` $Y attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

def PDNN_MatmulOp : PDNN_Op<"matmul", [Pure]> {
  let summary = "Paddle `matmul` (v1): Out = alpha · op(X) x op(Y), batched";
  let description = [{
    op() transposes the last two dimensions when `transpose_X` /
    `transpose_Y`. 1-D operands are a row (X) or a column (Y) vector, and
    the promoted dimension is dropped from Out; leading (batch) dimensions
    broadcast as in matmul_v2. Canonicalization turns it into matmul_v2
    (followed by a scale when alpha is not 1), which every lowering and
    pass handles.
  }];
  let arguments = (ins PDNN_F32Tensor:$X, PDNN_F32Tensor:$Y,
    PDNN_Bool<"false">:$transpose_X, PDNN_Bool<"false">:$transpose_Y,
    PDNN_F32<"1.0f">:$alpha, PDNN_Bool<"false">:$force_fp32_output);
  let results = (outs PDNN_F32Tensor:$Out);
  let assemblyFormat = [{
    $X `,` $Y attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

#endif // PADDLEDNN_DIALECT_PDNN_IR_PRODUCTOPS_TD
