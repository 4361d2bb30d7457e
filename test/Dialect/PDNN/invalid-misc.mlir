// RUN: pdnn-opt %s -split-input-file -verify-diagnostics
// Verifier rules of softmax, layer_norm, sum, scale, top_k, concat, the quantization ops and the activations' types.

//===----------------------------------------------------------------------===//
// softmax
//===----------------------------------------------------------------------===//

// softmax: X must have rank >= 1.
func.func @softmax_scalar(%x: tensor<f32>) {
  // expected-error @+1 {{X must have rank >= 1}}
  %0 = pdnn.softmax %x : tensor<f32>
  return
}

// -----

// softmax: axis must be in [-rank, rank).
func.func @softmax_axis_too_large(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{axis must be in [-3, 3) for rank 3, got 3}}
  %0 = pdnn.softmax %x {axis = 3 : i32} : tensor<2x3x4xf32>
  return
}

// -----

// softmax: a negative axis must be >= -rank.
func.func @softmax_axis_too_negative(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{axis must be in [-3, 3) for rank 3, got -4}}
  %0 = pdnn.softmax %x {axis = -4 : i32} : tensor<2x3x4xf32>
  return
}

// -----

// softmax (ODS): Out has X's type.
func.func @softmax_out_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "pdnn.softmax"(%x) : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  return
}

// -----

// softmax (ODS): X must be f32 or bf16.
func.func @softmax_f64(%x: tensor<2x3xf64>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<2x3xf64>'}}
  %0 = pdnn.softmax %x : tensor<2x3xf64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// layer_norm
//===----------------------------------------------------------------------===//

// layer_norm: begin_norm_axis must be >= 1.
func.func @layer_norm_axis_zero(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{begin_norm_axis must be in [1, rank(X) = 3), got 0}}
  %0:3 = pdnn.layer_norm X(%x) {begin_norm_axis = 0 : i32}
      : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<1xf32>, tensor<1xf32>)
  return
}

// -----

// layer_norm: begin_norm_axis must be < rank(X).
func.func @layer_norm_axis_rank(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{begin_norm_axis must be in [1, rank(X) = 3), got 3}}
  %0:3 = pdnn.layer_norm X(%x) {begin_norm_axis = 3 : i32}
      : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<24xf32>, tensor<24xf32>)
  return
}

// -----

// layer_norm: epsilon must be <= 0.001 (Paddle's attribute check).
func.func @layer_norm_epsilon_large(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{epsilon must be in [0, 0.001], got 1.000000e-02}}
  %0:3 = pdnn.layer_norm X(%x) {epsilon = 0.01 : f32}
      : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

// layer_norm: epsilon must be >= 0.
func.func @layer_norm_epsilon_negative(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{epsilon must be in [0, 0.001], got -1.000000e-05}}
  %0:3 = pdnn.layer_norm X(%x) {epsilon = -1.0e-5 : f32}
      : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

// layer_norm: Y has X's type.
func.func @layer_norm_y_type(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{Y must have X's type 'tensor<2x3x4xf32>', got 'tensor<2x3x4xbf16>'}}
  %0:3 = pdnn.layer_norm X(%x)
      : (tensor<2x3x4xf32>) -> (tensor<2x3x4xbf16>, tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

// layer_norm: Scale has prod(X[begin_norm_axis:]) elements.
func.func @layer_norm_scale_shape(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>) {
  // expected-error @+1 {{Scale must be 12, got 3x4}}
  %0:3 = pdnn.layer_norm X(%x) Scale(%s)
      : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

// layer_norm: Bias has prod(X[begin_norm_axis:]) elements.
func.func @layer_norm_bias_shape(%x: tensor<2x3x4xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{Bias must be 4, got 3}}
  %0:3 = pdnn.layer_norm X(%x) Bias(%b) {begin_norm_axis = 2 : i32}
      : (tensor<2x3x4xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<6xf32>, tensor<6xf32>)
  return
}

// -----

// layer_norm: Mean has prod(X[0:begin_norm_axis]) elements.
func.func @layer_norm_mean_shape(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{Mean must be 2, got 6}}
  %0:3 = pdnn.layer_norm X(%x)
      : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<6xf32>, tensor<2xf32>)
  return
}

// -----

// layer_norm: Variance has prod(X[0:begin_norm_axis]) elements.
func.func @layer_norm_variance_shape(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{Variance must be 6, got 2x3}}
  %0:3 = pdnn.layer_norm X(%x) {begin_norm_axis = 2 : i32}
      : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<6xf32>, tensor<2x3xf32>)
  return
}

// -----

// layer_norm (ODS): Scale must be f32 or bf16.
func.func @layer_norm_int8_scale(%x: tensor<2x3x4xf32>, %s: tensor<12xsi8>) {
  // expected-error @+1 {{operand #1 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<12xsi8>'}}
  %0:3 = pdnn.layer_norm X(%x) Scale(%s)
      : (tensor<2x3x4xf32>, tensor<12xsi8>) -> (tensor<2x3x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// sum
//===----------------------------------------------------------------------===//

// sum: needs at least one input. (SameOperandsAndResultType rejects this
// before SumOp::verify's own "needs at least one input" check can run.)
func.func @sum_no_inputs() {
  // expected-error @+1 {{expected 1 or more operands, but found 0}}
  %0 = pdnn.sum : tensor<2x3xf32>
  return
}

// -----

// sum (ODS): all inputs and Out have one type.
func.func @sum_mixed_types(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "pdnn.sum"(%a, %b) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return
}

// -----

// sum (ODS): inputs must be f32 or bf16.
func.func @sum_int8(%a: tensor<2x3xui8>) {
  // expected-error @+1 {{operand #0 must be variadic of ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<2x3xui8>'}}
  %0 = pdnn.sum %a, %a : tensor<2x3xui8>
  return
}

// -----

//===----------------------------------------------------------------------===//
// scale
//===----------------------------------------------------------------------===//

// scale: Out has X's type.
func.func @scale_out_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{Out must have X's type 'tensor<2x3xf32>', got 'tensor<2x?xf32>'}}
  %0 = pdnn.scale %x {scale = 2.0 : f32} : tensor<2x3xf32> -> tensor<2x?xf32>
  return
}

// -----

// scale: ScaleTensor has one element.
func.func @scale_scale_tensor_shape(%x: tensor<2x3xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{ScaleTensor must be 1, got 2}}
  %0 = pdnn.scale %x ScaleTensor(%s : tensor<2xf32>) : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

// scale (ODS): ScaleTensor must be f32 or bf16.
func.func @scale_scale_tensor_type(%x: tensor<2x3xf32>, %s: tensor<1xi32>) {
  // expected-error @+1 {{operand #1 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<1xi32>'}}
  %0 = pdnn.scale %x ScaleTensor(%s : tensor<1xi32>) : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

// top_k: X must have rank >= 1.
func.func @top_k_scalar(%x: tensor<f32>) {
  // expected-error @+1 {{X must have rank >= 1}}
  %0:2 = pdnn.top_k %x : (tensor<f32>) -> (tensor<1xf32>, tensor<1xi64>)
  return
}

// -----

// top_k: Out and Indices have one shape.
func.func @top_k_indices_shape(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{Indices (Out's shape) must be 2x2, got 2x3}}
  %0:2 = pdnn.top_k %x {k = 2 : i32} : (tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x3xi64>)
  return
}

// -----

// top_k: the K tensor holds one element.
func.func @top_k_k_tensor_shape(%x: tensor<2x4xf32>, %k: tensor<2xi32>) {
  // expected-error @+1 {{K must be 1, got 2}}
  %0:2 = pdnn.top_k %x K(%k) : (tensor<2x4xf32>, tensor<2xi32>) -> (tensor<2x?xf32>, tensor<2x?xi64>)
  return
}

// -----

// top_k: k must be >= 1.
func.func @top_k_k_zero(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{k must be >= 1, got 0}}
  %0:2 = pdnn.top_k %x {k = 0 : i32} : (tensor<2x4xf32>) -> (tensor<2x0xf32>, tensor<2x0xi64>)
  return
}

// -----

// top_k: k must not exceed X's last dimension.
func.func @top_k_k_too_large(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{k = 5 exceeds the last dimension of X (4)}}
  %0:2 = pdnn.top_k %x {k = 5 : i32} : (tensor<2x4xf32>) -> (tensor<2x5xf32>, tensor<2x5xi64>)
  return
}

// -----

// top_k: Out is X's shape with the last dimension replaced by k.
func.func @top_k_out_shape(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{Out must be 2x3x2, got 2x3x3}}
  %0:2 = pdnn.top_k %x {k = 2 : i32} : (tensor<2x3x4xf32>) -> (tensor<2x3x3xf32>, tensor<2x3x3xi64>)
  return
}

// -----

// top_k (ODS): Indices are i64.
func.func @top_k_indices_type(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{result #1 must be ranked tensor of 64-bit signless integer values, but got 'tensor<2x2xi32>'}}
  %0:2 = pdnn.top_k %x {k = 2 : i32} : (tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return
}

// -----

// top_k (ODS): the K tensor is a 1-D i32 tensor.
func.func @top_k_k_tensor_type(%x: tensor<2x4xf32>, %k: tensor<1xi64>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of 32-bit signless integer values, but got 'tensor<1xi64>'}}
  %0:2 = pdnn.top_k %x K(%k) : (tensor<2x4xf32>, tensor<1xi64>) -> (tensor<2x?xf32>, tensor<2x?xi64>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// concat
//===----------------------------------------------------------------------===//

// concat: needs at least one input.
func.func @concat_no_inputs() {
  // expected-error @+1 {{needs at least one input}}
  %0 = pdnn.concat : () -> tensor<2x5xf32>
  return
}

// -----

// concat: axis must be in [-rank, rank).
func.func @concat_axis(%a: tensor<2x5xf32>) {
  // expected-error @+1 {{axis must be in [-2, 2) for rank 2, got 2}}
  %0 = pdnn.concat %a, %a {axis = 2 : i32} : (tensor<2x5xf32>, tensor<2x5xf32>) -> tensor<2x10xf32>
  return
}

// -----

// concat: inputs share one element type.
func.func @concat_mixed_element_types(%a: tensor<2x5xf32>, %b: tensor<2x5xbf16>) {
  // expected-error @+1 {{inputs must share one element type, got 'f32' and 'bf16'}}
  %0 = pdnn.concat %a, %b : (tensor<2x5xf32>, tensor<2x5xbf16>) -> tensor<4x5xf32>
  return
}

// -----

// concat: inputs share one rank.
func.func @concat_mixed_ranks(%a: tensor<2x5xf32>, %b: tensor<2x5x1xf32>) {
  // expected-error @+1 {{inputs must share one rank, got 2x5 and 2x5x1}}
  %0 = pdnn.concat %a, %b : (tensor<2x5xf32>, tensor<2x5x1xf32>) -> tensor<4x5xf32>
  return
}

// -----

// concat: inputs agree on every dimension but the concat axis.
func.func @concat_off_axis_mismatch(%a: tensor<2x5xf32>, %b: tensor<3x5xf32>) {
  // expected-error @+1 {{inputs 2x5 and 3x5 differ outside the concat axis 1}}
  %0 = pdnn.concat %a, %b {axis = -1 : i32} : (tensor<2x5xf32>, tensor<3x5xf32>) -> tensor<2x10xf32>
  return
}

// -----

// concat: Out has the inputs' element type.
func.func @concat_out_element_type(%a: tensor<2x5xsi8>) {
  // expected-error @+1 {{Out must have the inputs' element type 'si8'}}
  %0 = pdnn.concat %a, %a : (tensor<2x5xsi8>, tensor<2x5xsi8>) -> tensor<4x5xui8>
  return
}

// -----

// concat: Out's concat dimension is the sum of the inputs'.
func.func @concat_out_shape(%a: tensor<2x5xf32>, %b: tensor<3x5xf32>) {
  // expected-error @+1 {{Out must be 5x5, got 4x5}}
  %0 = pdnn.concat %a, %b : (tensor<2x5xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return
}

// -----

// concat (ODS): inputs hold an element type of Paddle's tensors.
func.func @concat_f64(%a: tensor<2x5xf64>) {
  // expected-error @+1 {{operand #0 must be variadic of ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer or 1-bit signless integer or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2x5xf64>'}}
  %0 = pdnn.concat %a, %a : (tensor<2x5xf64>, tensor<2x5xf64>) -> tensor<4x5xf64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// quantize
//===----------------------------------------------------------------------===//

// quantize: Scale must be non-zero.
func.func @quantize_zero_scale(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{Scale must be finite and non-zero, got 0.000000e+00}}
  %0 = pdnn.quantize %x {Scale = 0.0 : f32} : tensor<8x4xf32> -> tensor<8x4xui8>
  return
}

// -----

// quantize: Scale must be finite.
func.func @quantize_infinite_scale(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{Scale must be finite and non-zero, got INF}}
  %0 = pdnn.quantize %x {Scale = 0x7F800000 : f32} : tensor<8x4xf32> -> tensor<8x4xui8>
  return
}

// -----

// quantize: Shift must be in [0, 255].
func.func @quantize_shift_range(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{Shift must be in [0, 255], got 2.560000e+02}}
  %0 = pdnn.quantize %x {Scale = 63.0 : f32, Shift = 256.0 : f32} : tensor<8x4xf32> -> tensor<8x4xui8>
  return
}

// -----

// quantize: Output has Input's shape.
func.func @quantize_output_shape(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{Output must be 8x4, got 4x8}}
  %0 = pdnn.quantize %x {Scale = 63.0 : f32} : tensor<8x4xf32> -> tensor<4x8xui8>
  return
}

// -----

// quantize: output_format is "NHWC" or "NCHW".
func.func @quantize_output_format(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{output_format must be "NHWC" or "NCHW", got "NC"}}
  %0 = pdnn.quantize %x {Scale = 63.0 : f32, output_format = "NC"} : tensor<8x4xf32> -> tensor<8x4xui8>
  return
}

// -----

// quantize: with bfloat16, Output is bf16.
func.func @quantize_bfloat16_output(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{Output must have element type 'bf16' (bfloat16), got 'ui8'}}
  %0 = pdnn.quantize %x {bfloat16 = true} : tensor<8x4xf32> -> tensor<8x4xui8>
  return
}

// -----

// quantize: shifted data is unsigned, even with is_negative_input.
func.func @quantize_shifted_output(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{Output must have element type 'ui8' (shifted data is unsigned), got 'si8'}}
  %0 = pdnn.quantize %x {Scale = 63.0 : f32, Shift = 128.0 : f32, is_negative_input = true} : tensor<8x4xf32> -> tensor<8x4xsi8>
  return
}

// -----

// quantize: unshifted negative input quantizes to si8.
func.func @quantize_negative_input_output(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{Output must have element type 'si8' (is_negative_input), got 'ui8'}}
  %0 = pdnn.quantize %x {Scale = 127.0 : f32, is_negative_input = true} : tensor<8x4xf32> -> tensor<8x4xui8>
  return
}

// -----

// quantize: unshifted non-negative input quantizes to ui8.
func.func @quantize_non_negative_output(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{Output must have element type 'ui8' (non-negative input), got 'si8'}}
  %0 = pdnn.quantize %x {Scale = 63.0 : f32} : tensor<8x4xf32> -> tensor<8x4xsi8>
  return
}

// -----

// quantize (ODS): Input must be f32 or bf16.
func.func @quantize_int8_input(%x: tensor<8x4xsi8>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float values, but got 'tensor<8x4xsi8>'}}
  %0 = pdnn.quantize %x : tensor<8x4xsi8> -> tensor<8x4xui8>
  return
}

// -----

//===----------------------------------------------------------------------===//
// dequantize
//===----------------------------------------------------------------------===//

// dequantize: Input is ui8, si8 or bf16, never f32.
func.func @dequantize_f32_input(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{Input must be ui8, si8 or bf16, got f32}}
  %0 = pdnn.dequantize %x : tensor<8x4xf32> -> tensor<8x4xf32>
  return
}

// -----

// dequantize: Scale must be non-zero.
func.func @dequantize_zero_scale(%x: tensor<8x4xui8>) {
  // expected-error @+1 {{Scale must be finite and non-zero, got 0.000000e+00}}
  %0 = pdnn.dequantize %x {Scale = 0.0 : f32} : tensor<8x4xui8> -> tensor<8x4xf32>
  return
}

// -----

// dequantize: Shift must be in [0, 255].
func.func @dequantize_negative_shift(%x: tensor<8x4xui8>) {
  // expected-error @+1 {{Shift must be in [0, 255], got -1.000000e+00}}
  %0 = pdnn.dequantize %x {Scale = 63.0 : f32, Shift = -1.0 : f32} : tensor<8x4xui8> -> tensor<8x4xf32>
  return
}

// -----

// dequantize: Output has Input's shape.
func.func @dequantize_output_shape(%x: tensor<8x4xui8>) {
  // expected-error @+1 {{Output must be 8x4, got 8x4x1}}
  %0 = pdnn.dequantize %x {Scale = 63.0 : f32} : tensor<8x4xui8> -> tensor<8x4x1xf32>
  return
}

// -----

// dequantize (ODS): Output is f32.
func.func @dequantize_bf16_output(%x: tensor<8x4xui8>) {
  // expected-error @+1 {{result #0 must be ranked tensor of 32-bit float values, but got 'tensor<8x4xbf16>'}}
  %0 = pdnn.dequantize %x {Scale = 63.0 : f32} : tensor<8x4xui8> -> tensor<8x4xbf16>
  return
}

// -----

// dequantize (ODS): Input must be ranked (generic form: the custom form's parser already wants a ranked tensor).
func.func @dequantize_unranked_input(%x: tensor<*xui8>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer values, but got 'tensor<*xui8>'}}
  %0 = "pdnn.dequantize"(%x) : (tensor<*xui8>) -> tensor<8x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// requantize
//===----------------------------------------------------------------------===//

// requantize: Scale_in must be finite and non-zero.
func.func @requantize_nan_scale_in(%x: tensor<8x4xui8>) {
  // expected-error @+1 {{Scale_in must be finite and non-zero, got nan}}
  %0 = pdnn.requantize %x {Scale_in = 0x7FC00000 : f32} : tensor<8x4xui8> -> tensor<8x4xui8>
  return
}

// -----

// requantize: Scale_out must be finite and non-zero.
func.func @requantize_zero_scale_out(%x: tensor<8x4xui8>) {
  // expected-error @+1 {{Scale_out must be finite and non-zero, got 0.000000e+00}}
  %0 = pdnn.requantize %x {Scale_out = 0.0 : f32} : tensor<8x4xui8> -> tensor<8x4xui8>
  return
}

// -----

// requantize: Shift_in must be in [0, 255].
func.func @requantize_shift_in_range(%x: tensor<8x4xui8>) {
  // expected-error @+1 {{Shift_in must be in [0, 255], got 3.000000e+02}}
  %0 = pdnn.requantize %x {Shift_in = 300.0 : f32} : tensor<8x4xui8> -> tensor<8x4xui8>
  return
}

// -----

// requantize: Shift_out must be in [0, 255].
func.func @requantize_shift_out_range(%x: tensor<8x4xui8>) {
  // expected-error @+1 {{Shift_out must be in [0, 255], got -5.000000e-01}}
  %0 = pdnn.requantize %x {Shift_out = -0.5 : f32} : tensor<8x4xui8> -> tensor<8x4xui8>
  return
}

// -----

// requantize: a non-zero Shift_in needs ui8 Input; Paddle's default Shift_in is 1.
func.func @requantize_signed_default_shift(%x: tensor<8x4xsi8>) {
  // expected-error @+1 {{a non-zero Shift_in needs ui8 Input: signed data has no shift (Paddle defaults Shift_in to 1)}}
  %0 = pdnn.requantize %x {Scale_out = 2.0 : f32} : tensor<8x4xsi8> -> tensor<8x4xsi8>
  return
}

// -----

// requantize: shifted output is ui8.
func.func @requantize_shifted_output(%x: tensor<8x4xsi8>) {
  // expected-error @+1 {{Output must have element type 'ui8' (shifted data is unsigned), got 'si8'}}
  %0 = pdnn.requantize %x {Shift_in = 0.0 : f32, Shift_out = 128.0 : f32} : tensor<8x4xsi8> -> tensor<8x4xsi8>
  return
}

// -----

// requantize: without shifts, Output has Input's element type.
func.func @requantize_unshifted_output(%x: tensor<8x4xui8>) {
  // expected-error @+1 {{Output must have element type 'ui8' (the Input's), got 'si8'}}
  %0 = pdnn.requantize %x {Shift_in = 0.0 : f32, Shift_out = 0.0 : f32} : tensor<8x4xui8> -> tensor<8x4xsi8>
  return
}

// -----

// requantize: Output has Input's shape.
func.func @requantize_output_shape(%x: tensor<8x4xui8>) {
  // expected-error @+1 {{Output must be 8x4, got 8x5}}
  %0 = pdnn.requantize %x : tensor<8x4xui8> -> tensor<8x5xui8>
  return
}

// -----

// requantize (ODS): Input is ui8 or si8.
func.func @requantize_f32_input(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 8-bit unsigned integer or 8-bit signed integer values, but got 'tensor<8x4xf32>'}}
  %0 = pdnn.requantize %x : tensor<8x4xf32> -> tensor<8x4xui8>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Activations (ODS type constraints only; they have no custom verifier)
//===----------------------------------------------------------------------===//

// relu: X must be f32 or bf16, not int8.
func.func @relu_int8(%x: tensor<4x8xui8>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<4x8xui8>'}}
  %0 = pdnn.relu %x : tensor<4x8xui8>
  return
}

// -----

// tanh (ODS): X must be ranked (generic form, as above).
func.func @tanh_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<*xf32>'}}
  %0 = "pdnn.tanh"(%x) : (tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

// sigmoid: X must be f32 or bf16, not f16.
func.func @sigmoid_f16(%x: tensor<4x8xf16>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<4x8xf16>'}}
  %0 = pdnn.sigmoid %x : tensor<4x8xf16>
  return
}

// -----

// abs: X must be a tensor.
func.func @abs_vector(%x: vector<4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'vector<4xf32>'}}
  %0 = "pdnn.abs"(%x) : (vector<4xf32>) -> vector<4xf32>
  return
}

// -----

// sqrt: X must be f32 or bf16, not f64.
func.func @sqrt_f64(%x: tensor<4xf64>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<4xf64>'}}
  %0 = pdnn.sqrt %x : tensor<4xf64>
  return
}

// -----

// gelu: Out has X's type.
func.func @gelu_out_type(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "pdnn.gelu"(%x) : (tensor<4x8xf32>) -> tensor<4x8xbf16>
  return
}

// -----

// gelu (ODS): approximate is a bool.
func.func @gelu_approximate_type(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{attribute 'approximate' failed to satisfy constraint: bool attribute}}
  %0 = pdnn.gelu %x {approximate = 1 : i32} : tensor<4x8xf32>
  return
}

// -----

// leaky_relu: Out has X's shape too.
func.func @leaky_relu_out_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "pdnn.leaky_relu"(%x) : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return
}

// -----

// leaky_relu (ODS): alpha is an f32 attribute.
func.func @leaky_relu_alpha_type(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{attribute 'alpha' failed to satisfy constraint: 32-bit float attribute}}
  %0 = pdnn.leaky_relu %x {alpha = 0.1 : f64} : tensor<4x8xf32>
  return
}

// -----

// swish: X must be f32 or bf16, not si8.
func.func @swish_int8(%x: tensor<4x8xsi8>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<4x8xsi8>'}}
  %0 = pdnn.swish %x : tensor<4x8xsi8>
  return
}

// -----

// top_k: Out holds values of X.
func.func @top_k_out_type(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{Out must have X's element type 'f32', got 'bf16'}}
  %0:2 = pdnn.top_k %x {k = 2 : i32} : (tensor<2x4xf32>) -> (tensor<2x2xbf16>, tensor<2x2xi64>)
  return
}

// -----

// dequantize: signed data has no shift.
func.func @dequantize_signed_shift(%x: tensor<8x4xsi8>) {
  // expected-error @+1 {{a non-zero Shift needs ui8 Input: signed data has no shift}}
  %0 = pdnn.dequantize %x {Shift = 64.0 : f32} : tensor<8x4xsi8> -> tensor<8x4xf32>
  return
}

// -----

// pdnn.inplace only goes on ops whose kernel can run in place.
func.func @inplace_on_mul(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{'pdnn.inplace' on 'pdnn.mul', whose kernel cannot run in place}}
  %0 = pdnn.mul %x, %x {pdnn.inplace} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

// pdnn.inplace: the result must fit the operand's buffer exactly.
func.func @inplace_broadcast(%x: tensor<4xf32>, %y: tensor<3x4xf32>) {
  // expected-error @+1 {{'pdnn.inplace' needs the result to have the in-place operand's type 'tensor<4xf32>', got 'tensor<3x4xf32>'}}
  %0 = pdnn.elementwise_add %x, %y {pdnn.inplace} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

// pdnn.inplace is a unit attribute.
func.func @inplace_not_unit(%x: tensor<4xf32>) {
  // expected-error @+1 {{'pdnn.inplace' must be a unit attribute}}
  %0 = pdnn.relu %x {pdnn.inplace = 1 : i32} : tensor<4xf32>
  return
}

// -----

// Unknown pdnn.* attributes are rejected rather than ignored.
func.func @unknown_pdnn_attribute(%x: tensor<4xf32>) {
  // expected-error @+1 {{unknown pdnn attribute 'pdnn.in_place'}}
  %0 = pdnn.relu %x {pdnn.in_place} : tensor<4xf32>
  return
}
