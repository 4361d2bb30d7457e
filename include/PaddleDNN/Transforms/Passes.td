//===- Passes.td - PaddleDNN graph passes ------------------*- tablegen -*-===//

#ifndef PADDLEDNN_TRANSFORMS_PASSES_TD
#define PADDLEDNN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def FuseFcGru : Pass<"fuse-fc-gru"> {
  let summary = "Fuse fc (or mul + elementwise_add) feeding gru into fusion_gru";
  let description = [{
    Paddle's `fc_gru_fuse_pass`, in SSA. Matches a `gru` whose Input is
    produced by `elementwise_add(mul(X, W), fc_bias)` (with
    `x_num_col_dims = y_num_col_dims = 1`) or by an `fc(X, W, Bias)` without
    activation, and replaces the pair by one `fusion_gru` with X, WeightX =
    W, WeightH = gru.Weight, Bias = gru bias + fc bias (one constant when
    both are constants, otherwise an `elementwise_add` that canonicalization
    folds), and the gru's H0, `is_reverse`, `origin_mode`, `activation` and
    `gate_activation`.

    Beyond Paddle: H0 is carried over (Paddle drops it), `origin_mode = true`
    fuses (Paddle skips it), a bias-less gru fuses, and weights may be
    function arguments rather than persistable variables.

    It refuses, leaving the IR untouched, when fusing would change the
    program: the projection or a gru scratch result has another user, shapes
    or element types disagree, the biases have different sizes, the mul
    flattens differently. Each refusal is an optimization remark in
    category `fuse-fc-gru` (`--remarks-filter=fuse-fc-gru
    --remark-format=emitRemark`).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numFused", "fused-pairs", "Number of fc/mul+gru pairs fused">,
    Statistic<"numRefused", "refused", "Number of gru ops left unfused">,
  ];
}

def FuseMulGru : Pass<"fuse-mul-gru"> {
  let summary = "Fuse a bias-less mul feeding gru into fusion_gru";
  let description = [{
    Paddle's `mul_gru_fuse_pass`: like `--fuse-fc-gru` for `gru(mul(X, W))`
    without an fc bias; the fused Bias is the gru's own. Same extensions and
    refusals; remarks in category `fuse-mul-gru`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numFused", "fused-pairs", "Number of mul+gru pairs fused">,
    Statistic<"numRefused", "refused", "Number of gru ops left unfused">,
  ];
}

def FuseFcLstm : Pass<"fuse-fc-lstm"> {
  let summary = "Fuse fc (or mul + elementwise_add) feeding lstm into fusion_lstm";
  let description = [{
    Paddle's `fc_lstm_fuse_pass`, in SSA, with the matching and refusals of
    `--fuse-fc-gru`. `lstm(fc(X, W, b))` becomes one `fusion_lstm` with X,
    WeightX = W, WeightH = lstm.Weight, and the lstm's H0, C0,
    `use_peepholes`, `is_reverse` and activations. The fc bias (4D values,
    or one to broadcast) is added to the first 4D of the lstm's Bias, the
    gate biases; with peepholes the last 3D (W_ic, W_fc, W_oc) are kept as
    they are. Both biases constant gives one constant; otherwise the sum is
    an `elementwise_add` (of the fc bias padded by a `concat` with -0.0 when
    there are peepholes).

    Beyond Paddle: H0 and C0 are carried over (Paddle's pass drops them)
    and weights may be function arguments.

    It refuses, leaving the IR untouched, when the projection or an lstm
    scratch result (BatchGate, BatchCellPreAct) has another user, shapes or
    element types disagree, the fc bias is wider than the lstm's or its
    size is not 4D, or the lstm's Bias is dynamic while an fc bias must be
    added to it. Remarks in category `fuse-fc-lstm`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numFused", "fused-pairs", "Number of fc/mul+lstm pairs fused">,
    Statistic<"numRefused", "refused", "Number of lstm ops left unfused">,
  ];
}

def FuseMulLstm : Pass<"fuse-mul-lstm"> {
  let summary = "Fuse a bias-less mul feeding lstm into fusion_lstm";
  let description = [{
    Paddle's `mul_lstm_fuse_pass`: like `--fuse-fc-lstm` for
    `lstm(mul(X, W))`; the fused Bias is the lstm's own. Same extensions
    and refusals; remarks in category `fuse-mul-lstm`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numFused", "fused-pairs", "Number of mul+lstm pairs fused">,
    Statistic<"numRefused", "refused", "Number of lstm ops left unfused">,
  ];
}

def FuseBidirectionalGru : Pass<"fuse-bidirectional-gru"> {
  let summary = "Fuse a forward and a reverse fusion_gru whose outputs are concatenated into multi_gru";
  let description = [{
    Two `fusion_gru` over the same X and LoD, one forward and one with
    `is_reverse`, whose Hidden results feed `concat([forward, reverse],
    axis = channels)`, become one `multi_gru` with `layers = 1` (Paddle's
    `multi_gru_fuse_pass`). `multi_gru` carries the LoD, so each direction
    runs over each sequence's own rows and sequences of unequal length stay
    exact (the limitation of Paddle's oneDNN bidirectional GRU).

    Refuses (remarks in category `fuse-bidirectional-gru`) when the two
    differ in activations, origin_mode or precision attributes, either has
    H0 (multi_gru has no H0), a Hidden or scratch result has another user,
    or the concat order is [reverse, forward]. A bias missing on one side
    becomes zeros.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numFused", "fused-pairs", "Number of fusion_gru pairs fused">,
  ];
}

def ComputeWeightScales : Pass<"compute-weight-scales"> {
  let summary = "Give int8 fc, mul, fusion_gru, fusion_lstm, rnn and the convolutions the weight scales of their constant f32 weights, 127 / max|w| per output channel";
  let description = [{
    Post-training quantization, as Paddle's oneDNN int8 flow computes it:
    each output channel of an int8 op's constant f32 weights gets the scale
    `127 / max|w|` over that channel, so that its largest weight maps to
    127 and none saturates. fc: W's columns; mul: Y's columns after
    `y_num_col_dims`; fusion_gru: each of the 3D gate columns over
    WeightX's column and WeightH's matching block together (Paddle's
    [W_u | W_r] then W_c layout), since oneDNN quantizes both with one
    scale; fusion_lstm: each of the 4D gate columns over WeightX's and
    WeightH's column; rnn: each (layer, direction)'s gate rows over w_ih's
    row and w_hh's; conv2d and depthwise_conv2d: each Filter row [C / G,
    KH, KW]; conv2d_transpose: output channel g · M/G + m over column m of
    its group's Filter rows (an si8 Filter keeps its own scales). A channel
    of zeros gets scale 1 (any scale keeps it zero).

    Only ops whose scales are unset (the single default 1) change, unless
    `overwrite`. Left alone, with a remark in category
    `compute-weight-scales`: an int8 op whose weights are not a constant.
    Followed by --quantize-constant-weights, fc and mul weights are then
    stored as s8.
  }];
  let options = [
    Option<"overwrite", "overwrite", "bool", /*default=*/"false",
           "Recompute scales that are already set">,
  ];
  let statistics = [
    Statistic<"numScaled", "scaled", "Number of ops given weight scales">,
  ];
}

def QuantizeConstantWeights : Pass<"quantize-constant-weights"> {
  let summary = "Store the f32 constant weights of int8 fc and mul as s8, quantized as the int8 kernel would";
  let description = [{
    An `fc` or `mul` on int8 data with constant f32 weights computes with
    those weights quantized by its weight scales (`Scale_weights`,
    `scale_y`: one, or one per output channel): `rint(w·s)` saturated to
    [-128, 127], which Paddle's oneDNN kernel does when it reorders them.
    This pass does that rounding once, at compile time, and makes the
    weights an s8 constant with the same scales: the program computes the
    same numbers bit for bit, and the weights take a quarter of the memory
    and need no reorder when the program starts.

    Left alone, with a remark in category `quantize-constant-weights`: an
    int8 op whose weights are not a constant, and an `fc` with
    `padding_weights`. Ops on f32/bf16 data and weights already in s8 are
    not candidates.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numQuantized", "quantized", "Number of weight constants quantized">,
    Statistic<"numRefused", "refused", "Number of int8 ops whose weights stay f32">,
  ];
}

def PackSparseWeights : Pass<"pack-sparse-weights"> {
  let summary = "Mark sparse s8 constant weights of int8 fc, mul and matmul_v2 for oneDNN's packed encoding";
  let description = [{
    Weights that are mostly zeros cost memory bandwidth for nothing: oneDNN's
    packed encoding (`#pdnn.packed<"BA16a64b4a">`) stores only the non-zeros
    and a bit per element, which the generated decompress-and-multiply
    kernels read (docs/Lowering.md). This pass gives that encoding to the
    constant si8 weights [K, N] of an int8 `fc`, `mul` or `matmul_v2` whose
    fraction of zeros reaches `sparsity-threshold`; the values themselves
    are unchanged, and the lowering packs them when it compiles. Run it
    after --quantize-constant-weights to include f32 weights of int8 ops.

    Left dense, with a remark in category `pack-sparse-weights`: weights
    below the threshold (dense int8 is faster there), not constant, f32,
    transposed (`trans_y`), batched, or with `padding_weights`, and
    products fusing an activation the sparse kernels do not apply (they
    apply relu, tanh and sigmoid).
  }];
  let options = [
    // 0.5: where the packed kernel overtakes dense oneDNN int8 on
    // memory-bound products (docs/BENCHMARKS.md).
    Option<"sparsityThreshold", "sparsity-threshold", "double", "0.5",
           "The least fraction of zero weights that is packed">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def QuantizePlacement : Pass<"quantize-placement", "::mlir::ModuleOp"> {
  let summary = "Place quantize / dequantize pairs: int8 at the scales a calibration file gives, or bf16";
  let description = [{
    Post-training quantization (PaddleDNN/Transforms/Calibration.h): for
    each fc, mul, matmul_v2, fusion_gru, fusion_lstm and rnn on f32 data whose data range the
    calibration file (`pdnn-run --calibrate`) holds, the data goes through
    quantize -> dequantize at Paddle's scale for that range: u8 at 255 / max
    for data never seen negative, s8 at 127 / max otherwise; matmul_v2's Y
    (it needs a range too) s8 at 127 / max|y|, as oneDNN's int8 matmul
    takes s8 weights; the recurrent ops' data u8 at 127 / max|x| with
    shift 128 (not an LSTM with peepholes, nor an rnn other than LSTM:
    oneDNN has no int8 kernel for them, so they stay f32 with a remark). A product's result goes through
    int8 too when its range is known, so that the next int8 op takes it.
    Then --fuse-quantized-ops --squash-quantization make the ops int8.

    `precision=bf16` places bf16 instead, as Paddle's bf16 placement does,
    and needs no calibration: the data of each fc, mul, matmul_v2 (X and Y),
    fusion_gru, fusion_lstm and rnn on f32 data goes through a bf16 quantize -> dequantize
    pair, and a product's result too when every user of it is placed (so
    that it writes bf16 for them; otherwise it will write f32). The same two
    passes then make the ops bf16.

    An unreadable or malformed file is an error; an op whose data has no
    range is left alone with a `NotPlaced` remark in category
    `quantize-placement`.
  }];
  let options = [
    Option<"ranges", "ranges", "std::string", /*default=*/"\"\"",
           "The calibration file (pdnn-run --calibrate); int8 only">,
    Option<"precision", "precision", "::mlir::pdnn::PlacementPrecision",
           /*default=*/"::mlir::pdnn::PlacementPrecision::Int8",
           "What the placed data becomes",
           [{::llvm::cl::values(
             clEnumValN(::mlir::pdnn::PlacementPrecision::Int8, "int8",
                        "int8 at the calibrated scales (needs ranges)"),
             clEnumValN(::mlir::pdnn::PlacementPrecision::Bf16, "bf16",
                        "bf16, no calibration"))}]>,
  ];
  let statistics = [
    Statistic<"numPlaced", "placed", "Number of ops whose data is now quantized">,
  ];
}

def LowerFakeQuantization : Pass<"lower-fake-quantization"> {
  let summary = "Turn a quantization-aware-trained program's simulated quantization into quantize / dequantize";
  let description = [{
    What Paddle's quant2_int8_mkldnn_pass and quant_dequant_mkldnn_pass
    make of a quantization-aware-trained program, before its int8 kernels
    run:

    - `fake_quantize_dequantize_moving_average_abs_max` of an activation,
      with its threshold T (InScale, a constant), becomes
      `dequantize(quantize(X))` at Paddle's scale (1 / T) · 127 into s8, or
      (1 / T) · 255 into u8 when X cannot be negative (the result of a relu
      or relu6, fused or not, through pooling, reshapes, transposes and
      nearest interpolation, as Paddle's scale propagation marks it);
    - `fake_channel_wise_quantize_dequantize_abs_max` of weights goes: the
      int8 kernels quantize the weights themselves, per output channel at
      127 / max|w| of the weights as they are after the convolution fuses
      (Paddle recomputes them after conv + batch_norm);
    - newer Paddle's `quantize_linear` of an activation (one threshold,
      quant_axis -1) read only by `dequantize_linear` ops at the same
      threshold becomes the same pair; `dequantize_linear` (and
      `quantize_linear`) of stored weights, f32 or si8 constants, fold to
      the f32 weights they stand for, whose per-channel scales the int8
      kernels then compute; `only_observer` ops go;
    - the frozen form (QuantizationFreezePass): `fake_quantize_moving_average_abs_max`
      of an activation at T, read only by convolutions and products whose
      weights are stored as integers in [-127, 127] and whose results
      `fake_channel_wise_dequantize_max_abs` (Scales: the weights'
      thresholds and T) or `fake_dequantize_max_abs` (max_range =
      127 · 127 / the weights' threshold) scales back, becomes the same pair
      at T; each op's weights become (w / 127) · threshold, as
      quant2_int8_mkldnn_pass dequantizes them, and the dequantize ops go.

    --fuse-quantized-ops and --squash-quantization then make the ops int8.
    Left alone, with a remark in category `lower-fake-quantization`: a
    bit_length other than 8, a threshold that is not a positive constant,
    an OutScale that something reads, an activation quantized per channel,
    a quantize_linear read by other ops, and a frozen quantize whose readers
    do not all match the form above (they run simulated).
  }];
  let dependentDialects = ["arith::ArithDialect"];
  let statistics = [
    Statistic<"numLowered", "lowered", "Fake quantization ops lowered">,
    Statistic<"numKept", "kept", "Fake quantization ops left alone">,
  ];
}

def FuseQuantizedOps : Pass<"fuse-quantized-ops"> {
  let summary = "Turn dequantize -> fc/mul/matmul_v2/convolutions/elementwise add, sub, mul/fusion_gru/fusion_lstm/rnn -> quantize into the int8 or bf16 op";
  let description = [{
    An op whose data is `dequantize` of int8 takes the int8 data itself,
    with the dequantize's scale as its input scale (`Scale_in`, `scale_x`,
    `Scale_x`; fusion_gru, fusion_lstm, rnn: `Scale_data` and `Shift_data`
    of u8 data). Its
    weights: f32 weights keep their weight scales, or get 127 / max|w| per
    output channel when unset and constant (as --compute-weight-scales);
    weights dequantized from s8 become s8 with that scale (matmul_v2's Y must
    be). Its result: when its only user is a quantize the kernel can do
    (int8, no shift; for the recurrent ops the data's own Scale and Shift), the op
    writes that int8 result with the quantize's scale as its output scale,
    and the quantize goes; otherwise it writes f32 (`force_fp32_output`).
    The products then compute Paddle's int8 kernels (Int8Products.h):
    scale_src · scale_wei(oc) / scale_dst applied to the s32 accumulator.
    A convolution's residual dequantized from Output's int8 type becomes
    int8 ResidualData with its scale as `Scale_in_eltwise` (Paddle's kernel
    sums only into int8). A convolution whose Output an int8 quantize reads
    among other readers writes int8 at that quantize's scale, and the
    others read a dequantize of it (cpu_quantize_pass's dequantized Output).
    `nearest_interp_v2` (nearest) of a dequantize of int8 moves the int8
    data and the dequantize follows it: nearest copies values, so this is
    exact, and a convolution after it can read it as its int8 residual.
    `pool2d` does the same when its data's other readers take int8 too (Out
    keeps X's scale; an average is rounded to X's grid, as Paddle's int8
    pooling does), so that the convolution after it reads int8.
    elementwise_add, _sub and _mul that compute in f32 take each source
    dequantized from int8 with its scale (`Scale_x`, `Scale_y`; an f32
    source has scale 1), and write int8 at the scale of a lone int8
    quantize user (`Scale_out`), f32 otherwise (Int8Elementwise.h). A
    quantize that alone reads a concat, a nearest interpolation, a reshape
    or a transpose first moves onto their data.

    bf16 (`--quantize-placement=precision=bf16`): an op whose data is a
    `dequantize` of bf16 without a scale takes the bf16 data, and weights
    dequantized from bf16 too (f32 weights stay: the bf16 kernels round
    them; matmul_v2's Y must be bf16); it writes bf16 when its only user is
    a bf16 `quantize` without a scale, f32 otherwise.

    Left alone, with a remark in category `fuse-quantized-ops` that says
    why: shifted data for a product, s8 data for the recurrent ops, an int8
    LSTM with peepholes, an int8 rnn other than LSTM, bf16 initial states
    for int8, non-constant weights without
    scales, a matmul_v2 whose Y is not dequantized s8 (bf16 for bf16), an fc
    with padding_weights, a pooling whose int8 data has readers that stay
    f32, or a rewrite that would not verify.
  }];
  let statistics = [
    Statistic<"numFused", "fused", "Number of ops that now take int8 or bf16 data">,
    Statistic<"numRefused", "refused", "Number of ops on dequantized data left in f32">,
  ];
}

def SquashQuantization : Pass<"squash-quantization"> {
  let summary = "Squash quantize / dequantize / requantize chains";
  let description = [{
    Paddle's cpu_quantize_squash_pass, for what --fuse-quantized-ops and
    quantize placement leave between int8 ops:
    - `dequantize -> quantize` back into the same type with the same Scale
      and an integral Shift is the int8 data itself; with another Scale or
      Shift it is one `requantize` (Scale_in, Shift_in from the dequantize;
      Scale_out, Shift_out from the quantize) when the types allow it (same
      type unshifted, u8 shifted).
    - An int8 fc/mul/matmul_v2, conv2d or depthwise_conv2d whose only user
      is a `requantize` from its own Scale_out (no shifts) writes at the
      requantize's Scale_out itself.
    - One whose only user is a `dequantize` with its Scale_out (no shift)
      writes f32 itself (force_fp32_output). The pairs above are squashed
      first, so that a dequantize quantized again becomes the op's own
      int8 output at the new scale rather than an f32 output to quantize.
    - A requantize (no shifts, same type) whose one reader is such an op
      taking it as its data at the requantize's Scale_out: the reader
      takes the requantize's input at its Scale_in.
    - `dequantize -> quantize` of bf16 without scales is the bf16 data
      itself (bf16 -> f32 -> bf16 is exact).
    - Quantizes of one value with the same attributes and type are one, so
      that the ops they feed read one tensor (the two directions of a GRU
      layer can then become one multi_gru).
    Each int8 squash replaces two roundings by one, so results may differ from the
    chain's by one quantization step; that is Paddle's squash too.
  }];
  let statistics = [
    Statistic<"numSquashed", "squashed", "Number of conversions removed">,
  ];
}

def ExplainQuantization : Pass<"pdnn-explain-quantization"> {
  let summary = "Say which ops run f32 between int8 ops, and why";
  let description = [{
    After --fuse-quantized-ops and --squash-quantization: an op runs f32
    between int8 ops when f32 data that int8 produced (a dequantize of
    int8, or an int8 op's f32 result) reaches it and its result reaches a
    quantize into int8. Each such op gets a remark with the reason: it has
    no int8 kernel, or it has one but its data has no int8 scale (nothing
    quantizes it, as in a quantization-aware program that marks only the
    convolutions' inputs). So does an op whose f32 result a quantize takes
    straight back into int8 (a round trip with no op between). Each
    function gets a remark with the counts, or "int8 end to end". Changes
    nothing.
  }];
}

def InPlace : Pass<"inplace"> {
  let summary = "Let ops write their result into an input's buffer where that is safe (oneDNN in-place)";
  let description = [{
    The oneDNN in-place pass, in SSA form. An op implementing
    `InPlaceOpInterface` (activations, `softmax`, `elementwise_add`,
    `elementwise_mul`, `scale`; not `sum`) gets the unit attribute
    `pdnn.inplace` when its result can take its in-place operand's buffer
    without changing any value the program reads:

    - the result has exactly the operand's type (no broadcast);
    - the operand's buffer is fresh: produced by a pdnn op, or a function
      argument marked `bufferization.writable = true` (never a constant,
      a view, or an unmarked argument, which belongs to the caller);
    - no other reader of that buffer runs later: every other use of the
      operand, and of every value already sharing its buffer through an
      earlier in-place decision, precedes the op in its block.

    A use by any op outside the pdnn dialect (other than `func.return`)
    may create an alias the pass cannot see, so such a buffer is never
    overwritten after it. Earlier decisions are recomputed, not trusted.

    This is exactly as safe as Paddle's rules and allows more: an input
    whose other readers all run earlier may be overwritten, and chains
    (relu -> tanh -> relu) share one buffer. The lowering turns a marked op
    into oneDNN in-place execution (the same memory as src and dst).
  }];
  let options = [
    ListOption<"opTypes", "op-types", "std::string",
               "Consider only these op names (e.g. softmax,relu); default: "
               "every in-place-capable op">,
  ];
  let statistics = [
    Statistic<"numInPlace", "inplace-ops", "Number of ops set to run in place">,
  ];
}

//===----------------------------------------------------------------------===//
// Convolutions: Paddle's oneDNN CNN fuse passes
//===----------------------------------------------------------------------===//

def FuseConvBatchNorm : Pass<"fuse-conv-bn"> {
  let summary = "Fold batch_norm into the constant Filter and Bias of the convolution it follows";
  let description = [{
    Paddle's `conv_bn_fuse_pass`, `conv_eltwiseadd_bn_fuse_pass` and
    `conv_transpose_bn_fuse_pass`, at compile time. A `batch_norm` (in
    inference) whose X is the result of a `conv2d`, `depthwise_conv2d` or
    `conv2d_transpose` (optionally followed by an `elementwise_add` of a
    constant per-channel bias) becomes part of that convolution: with
    alpha = Scale / sqrt(Variance + epsilon) per output channel,
    Filter' = Filter · alpha and Bias' = (Bias - Mean) · alpha + bn.Bias,
    computed in f32 as Paddle does, written as new constants. A
    `fuse_with_relu` batch_norm leaves relu as the convolution's fused
    activation.

    It refuses, with a remark in category `fuse-conv-bn`, when the fold
    would change the program: the convolution's result (or the bias sum) has
    another reader, its Filter or the statistics are not constants, the
    convolution already fuses an activation or a residual (which come
    before the normalisation), or the layouts differ.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numFused", "folded", "Number of batch_norms folded">,
    Statistic<"numRefused", "refused", "Number of batch_norms left alone">,
  ];
}

def FuseConvBias : Pass<"fuse-conv-bias"> {
  let summary = "Fold an elementwise_add of a constant per-channel vector into the convolution's Bias";
  let description = [{
    Paddle's `conv_bias_mkldnn_fuse_pass` and
    `conv_transpose_bias_mkldnn_fuse_pass`: `elementwise_add(conv, b)` with
    b a constant of one value per output channel aligned with the channel
    dimension (a [M] vector at axis 1 of NCHW, or [1, M, 1, 1]) becomes the
    convolution's Bias (added to a Bias it has). Refusals, with their
    reason, are remarks in category `fuse-conv-bias`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numFused", "fused", "Number of biases fused">,
    Statistic<"numRefused", "refused", "Number of candidates left alone">,
  ];
}

def FuseConvResidual : Pass<"fuse-conv-residual"> {
  let summary = "Fuse elementwise_add(conv, x) into the convolution as its ResidualData (oneDNN's sum post-op)";
  let description = [{
    Paddle's `conv_elementwise_add_mkldnn_fuse_pass`: an `elementwise_add`
    of a `conv2d`'s result and another tensor of the same shape (either
    side) becomes the convolution's `ResidualData` with
    `fuse_residual_connection`, which oneDNN adds as a sum post-op into the
    destination, before the fused activation. Refused (with a remark in
    category `fuse-conv-residual`) when the convolution already has a
    residual or an activation, its result has another reader, or the
    shapes may differ.
  }];
  let statistics = [
    Statistic<"numFused", "fused", "Number of residual additions fused">,
    Statistic<"numRefused", "refused", "Number of candidates left alone">,
  ];
}

def FuseConvActivation : Pass<"fuse-conv-activation"> {
  let summary = "Fuse the activation that follows a convolution into it (fuse_activation)";
  let description = [{
    Paddle's `conv_activation_mkldnn_fuse_pass` (and its transpose
    variant): relu, leaky_relu, relu6, swish, hard_swish, hard_sigmoid,
    sigmoid, tanh, gelu, abs, sqrt, exp and clip applied to a
    convolution's result become its `fuse_activation` with `fuse_alpha` and
    `fuse_beta` (FusedActivation.h), after its bias and residual. Refused,
    with a remark in category `fuse-conv-activation`, when the convolution
    already fuses one, its result has another reader, or the activation has
    parameters oneDNN cannot take (hard_swish other than Paddle's defaults,
    clip with tensor bounds).
  }];
  let statistics = [
    Statistic<"numFused", "fused", "Number of activations fused">,
    Statistic<"numRefused", "refused", "Number of activations left alone">,
  ];
}

//===----------------------------------------------------------------------===//
// Products: Paddle's oneDNN fc and matmul activation fuse passes
//===----------------------------------------------------------------------===//

def FuseProductActivation : Pass<"fuse-product-activation"> {
  let summary = "Fuse the activation that follows fc or matmul_v2 into it (activation_type, fuse_activation)";
  let description = [{
    Paddle's `fc_act_mkldnn_fuse_pass` and
    `matmul_activation_mkldnn_fuse_pass`: relu, leaky_relu, relu6, swish,
    hard_swish, hard_sigmoid, sigmoid, tanh, gelu, abs, sqrt, exp and clip
    applied to the result of an `fc` become its `activation_type`, of a
    `matmul_v2` its `fuse_activation`, each with `fuse_alpha` and
    `fuse_beta` (FusedActivation.h, the parameters as Paddle's passes copy
    them: leaky_relu's alpha, relu6's threshold, swish's beta; hard_sigmoid's
    slope and offset, clip's min and max), applied after fc's Bias.

    A `mul` of a matrix Y (`y_num_col_dims` = 1) fuses too, becoming an fc
    without Bias with mul's flattening and int8 scales: canonicalization
    writes every 2-D matmul_v2 without transposes as `mul`, which Paddle's
    matmul pass would have fused. (Paddle's `mul` has no activation.)

    int8 products (int8 data; their result is f32, since the activations
    take float data) keep Paddle's int8 rule: the activation applies to the
    scaled product, before Scale_out, which then does not apply
    (`force_fp32_output`).

    Refused, with a remark in category `fuse-product-activation`, when the
    product already fuses an activation, its result has another reader,
    the activation has parameters oneDNN cannot take (hard_swish other
    than Paddle's defaults, clip with tensor bounds), the product's weights
    are packed for the sparse kernels and the activation is not one they
    apply (relu, tanh, sigmoid), or the types differ.
  }];
  let statistics = [
    Statistic<"numFused", "fused", "Number of activations fused">,
    Statistic<"numRefused", "refused", "Number of activations left alone">,
  ];
}

def ProtectCallerBuffers : Pass<"protect-caller-buffers", "::mlir::ModuleOp"> {
  let summary = "Mark function arguments read-only for bufferization unless they are marked writable";
  let description = [{
    One-shot bufferization treats a function argument as writable unless
    told otherwise, so a destination that names an argument (a stale
    `pdnn.inplace`, say, after a fold replaced the op's input by the
    argument) would write into the caller's buffer. This pass sets
    `bufferization.writable = false` on every argument that does not carry
    the attribute; bufferization then copies wherever a write would reach
    an argument, and `pdnn.inplace` stays a request that bufferization
    grants only where it is safe. An argument marked
    `bufferization.writable = true` keeps its mark: the caller gave it to
    be overwritten. `--pdnn-lower` runs this first.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

#endif // PADDLEDNN_TRANSFORMS_PASSES_TD
