// RUN: pdnn-opt %s -split-input-file -verify-diagnostics
// Verifier rules of elementwise_sub/div/max/min/pow (Paddle's axis
// broadcast), exp, relu6, hard_swish, hard_sigmoid, clip, dropout and cast.

//===----------------------------------------------------------------------===//
// Binary ops: axis and broadcast
//===----------------------------------------------------------------------===//

func.func @sub_axis_too_large(%x: tensor<2x3x4xf32>, %y: tensor<3x4xf32>) {
  // Y [3, 4] can start at dimension 0 or 1 of X only.
  // expected-error @+1 {{axis 2 cannot align 3x4 with 2x3x4: it must select a start in [0, 1] (-1 aligns the trailing dimensions)}}
  %0 = pdnn.elementwise_sub %x, %y {axis = 2 : i32} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @div_axis_too_negative(%x: tensor<2x3x4xf32>, %y: tensor<4xf32>) {
  // -4 counts back to 2 - 4 + 1 = -1: before the first dimension.
  // expected-error @+1 {{axis -4 cannot align 4 with 2x3x4: it must select a start in [0, 2]}}
  %0 = pdnn.elementwise_div %x, %y {axis = -4 : i32} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @max_equal_ranks_axis(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) {
  // Equal ranks take axis -1 or 0 only.
  // expected-error @+1 {{axis 1 cannot align 2x3 with 2x3: it must select a start in [0, 0]}}
  %0 = pdnn.elementwise_max %x, %y {axis = 1 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @min_trailing_mismatch(%x: tensor<2x3x4xf32>, %y: tensor<3xf32>) {
  // -1 aligns Y with the last dimension (4), not the channels.
  // expected-error @+1 {{X 2x3x4 and Y 3 do not broadcast at axis 2: dimension 2 of X is 4 but Y gives 3}}
  %0 = pdnn.elementwise_min %x, %y : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @pow_axis_mismatch(%x: tensor<2x3x4xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{X 2x3x4 and Y 4 do not broadcast at axis 1: dimension 1 of X is 3 but Y gives 4}}
  %0 = pdnn.elementwise_pow %x, %y {axis = 1 : i32} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @sub_y_longer_mismatch(%x: tensor<5xf32>, %y: tensor<2x3x4xf32>) {
  // The lower-rank operand may be X; the message names the longer one.
  // expected-error @+1 {{X 5 and Y 2x3x4 do not broadcast at axis 2: dimension 2 of Y is 4 but X gives 5}}
  %0 = pdnn.elementwise_sub %x, %y : (tensor<5xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @div_equal_rank_mismatch(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) {
  // expected-error @+1 {{X 2x3 and Y 2x4 do not broadcast at axis 0: dimension 1 of X is 3 but Y gives 4}}
  %0 = pdnn.elementwise_div %x, %y : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @max_wrong_out(%x: tensor<2x1x4xf32>, %y: tensor<1x3x1xf32>) {
  // Both sides broadcast: Out is 2x3x4.
  // expected-error @+1 {{Out must be 2x3x4, got 2x1x4}}
  %0 = pdnn.elementwise_max %x, %y : (tensor<2x1x4xf32>, tensor<1x3x1xf32>) -> tensor<2x1x4xf32>
  return
}

// -----

func.func @min_wrong_out_rank(%x: tensor<2x3xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{Out must be 2x3, got 3}}
  %0 = pdnn.elementwise_min %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

//===----------------------------------------------------------------------===//
// Binary ops: element types
//===----------------------------------------------------------------------===//

// -----

func.func @sub_mixed_types(%x: tensor<4xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{X, Y and Out must share X's element type 'f32', got 'i32' and 'f32'}}
  %0 = pdnn.elementwise_sub %x, %y : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @div_int_to_float(%x: tensor<4xi64>, %y: tensor<4xi64>) {
  // Integer division stays integer.
  // expected-error @+1 {{X, Y and Out must share X's element type 'i64', got 'i64' and 'f32'}}
  %0 = pdnn.elementwise_div %x, %y : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xf32>
  return
}

// -----

func.func @pow_int8_float_y(%x: tensor<4xui8>, %y: tensor<4xf32>) {
  // expected-error @+1 {{has no int8 kernel: only elementwise_add, elementwise_sub and elementwise_mul take ui8/si8 data}}
  %0 = pdnn.elementwise_pow %x, %y : (tensor<4xui8>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @max_int8_i32_out(%x: tensor<4xsi8>, %y: tensor<4xsi8>) {
  // expected-error @+1 {{has no int8 kernel: only elementwise_add, elementwise_sub and elementwise_mul take ui8/si8 data}}
  %0 = pdnn.elementwise_max %x, %y : (tensor<4xsi8>, tensor<4xsi8>) -> tensor<4xi32>
  return
}

// -----

func.func @add_int8_i32_out(%x: tensor<4xsi8>, %y: tensor<4xsi8>) {
  // expected-error @+1 {{with int8 data, X, Y and Out must each be ui8, si8 or f32, got 'si8', 'si8' and 'i32'}}
  %0 = pdnn.elementwise_add %x, %y : (tensor<4xsi8>, tensor<4xsi8>) -> tensor<4xi32>
  return
}

// -----

func.func @div_int8(%x: tensor<4xui8>, %y: tensor<4xui8>) {
  // Paddle's int8 kernel adds, subtracts and multiplies only.
  // expected-error @+1 {{has no int8 kernel}}
  %0 = pdnn.elementwise_div %x, %y : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return
}

// -----

func.func @add_int8_zero_scale(%x: tensor<4xui8>, %y: tensor<4xf32>) {
  // The scales divide: Scale_out / Scale_x.
  // expected-error @+1 {{Scale_x must be finite and positive on int8 data, got 0}}
  %0 = pdnn.elementwise_add %x, %y {Scale_x = 0.0 : f32} : (tensor<4xui8>, tensor<4xf32>) -> tensor<4xui8>
  return
}

// -----

func.func @mul_int8_negative_out_scale(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  // An int8 Out makes the op int8, with its scales.
  // expected-error @+1 {{Scale_out must be finite and positive on int8 data, got -2}}
  %0 = pdnn.elementwise_mul %x, %y {Scale_out = -2.0 : f32} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xsi8>
  return
}

// -----

func.func @min_i1(%x: tensor<4xi1>, %y: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<4xi1>'}}
  %0 = pdnn.elementwise_min %x, %y : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return
}

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

// -----

func.func @exp_result_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "pdnn.exp"(%x) : (tensor<4xf32>) -> tensor<4xbf16>
  return
}

// -----

func.func @exp_integer(%x: tensor<4xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<4xi32>'}}
  %0 = pdnn.exp %x : tensor<4xi32>
  return
}

// -----

func.func @relu6_result_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "pdnn.relu6"(%x) {threshold = 6.0 : f32} : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @relu6_threshold_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{attribute 'threshold' failed to satisfy constraint: 32-bit float attribute}}
  %0 = pdnn.relu6 %x {threshold = 6 : i32} : tensor<4xf32>
  return
}

// -----

func.func @hard_swish_integer(%x: tensor<4xsi8>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<4xsi8>'}}
  %0 = pdnn.hard_swish %x : tensor<4xsi8>
  return
}

// -----

func.func @hard_swish_scale_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{attribute 'scale' failed to satisfy constraint: 32-bit float attribute}}
  %0 = pdnn.hard_swish %x {scale = 6.0 : f64} : tensor<4xf32>
  return
}

// -----

func.func @hard_sigmoid_result_type(%x: tensor<4xbf16>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "pdnn.hard_sigmoid"(%x) : (tensor<4xbf16>) -> tensor<4xf32>
  return
}

// -----

func.func @hard_sigmoid_slope_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{attribute 'slope' failed to satisfy constraint: 32-bit float attribute}}
  %0 = pdnn.hard_sigmoid %x {slope = "0.2"} : tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// clip
//===----------------------------------------------------------------------===//

// -----

func.func @clip_min_above_max(%x: tensor<4xf32>) {
  // expected-error @+1 {{min must not exceed max, got min = 1.000000e+00 and max = -1.000000e+00}}
  %0 = pdnn.clip %x {min = 1.0 : f32, max = -1.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @clip_nan_bound(%x: tensor<4xf32>) {
  // A NaN bound compares false with anything.
  // expected-error @+1 {{min must not exceed max, got min = nan and max = 1.000000e+00}}
  %0 = pdnn.clip %x {min = 0x7FC00000 : f32, max = 1.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @clip_min_tensor_shape(%x: tensor<4xf32>, %lo: tensor<2xf32>) {
  // expected-error @+1 {{Min must be 1, got 2}}
  %0 = pdnn.clip %x Min(%lo : tensor<2xf32>) : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @clip_max_tensor_shape(%x: tensor<4xf32>, %hi: tensor<f32>) {
  // expected-error @+1 {{Max must be 1, got scalar}}
  %0 = pdnn.clip %x Max(%hi : tensor<f32>) : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @clip_min_tensor_type(%x: tensor<4xf32>, %lo: tensor<1xi32>) {
  // expected-error @+1 {{must be ranked tensor of 32-bit float values, but got 'tensor<1xi32>'}}
  %0 = pdnn.clip %x Min(%lo : tensor<1xi32>) : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @clip_out_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{Out must have X's type 'tensor<4xf32>', got 'tensor<2x2xf32>'}}
  %0 = pdnn.clip %x {min = -1.0 : f32, max = 1.0 : f32} : tensor<4xf32> -> tensor<2x2xf32>
  return
}

//===----------------------------------------------------------------------===//
// dropout
//===----------------------------------------------------------------------===//

// -----

func.func @dropout_training(%x: tensor<4xf32>) {
  // expected-error @+1 {{only inference is modelled: set is_test (training dropout draws random masks)}}
  %0, %m = pdnn.dropout %x : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xui8>)
  return
}

// -----

func.func @dropout_implementation(%x: tensor<4xf32>) {
  // expected-error @+1 {{dropout_implementation must be "downgrade_in_infer" or "upscale_in_train", got "upscale_in_infer"}}
  %0, %m = pdnn.dropout %x {is_test = true, dropout_implementation = "upscale_in_infer"} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xui8>)
  return
}

// -----

func.func @dropout_prob_above_one(%x: tensor<4xf32>) {
  // expected-error @+1 {{dropout_prob must be in [0, 1], got 1.500000e+00}}
  %0, %m = pdnn.dropout %x {is_test = true, dropout_prob = 1.5 : f32} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xui8>)
  return
}

// -----

func.func @dropout_prob_negative(%x: tensor<4xf32>) {
  // expected-error @+1 {{dropout_prob must be in [0, 1], got -2.500000e-01}}
  %0, %m = pdnn.dropout %x {is_test = true, dropout_prob = -0.25 : f32} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xui8>)
  return
}

// -----

func.func @dropout_out_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{Out must have X's type 'tensor<4xf32>', got 'tensor<4xbf16>'}}
  %0, %m = pdnn.dropout %x {is_test = true} : (tensor<4xf32>) -> (tensor<4xbf16>, tensor<4xui8>)
  return
}

//===----------------------------------------------------------------------===//
// cast
//===----------------------------------------------------------------------===//

// -----

func.func @cast_fp64(%x: tensor<4xf32>) {
  // FP64 (6) is not a type pdnn tensors hold.
  // expected-error @+1 {{out_dtype 6 is not a data type pdnn tensors hold}}
  %0 = pdnn.cast %x {out_dtype = 6 : i32} : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @cast_unknown_code(%x: tensor<4xf32>) {
  // expected-error @+1 {{out_dtype 99 is not a data type pdnn tensors hold}}
  %0 = pdnn.cast %x {out_dtype = 99 : i32} : tensor<4xf32> -> tensor<4xi32>
  return
}

// -----

func.func @cast_out_dtype_mismatch(%x: tensor<4xf32>) {
  // expected-error @+1 {{out_dtype 3 means 'i64', but Out holds 'i32'}}
  %0 = pdnn.cast %x {out_dtype = 3 : i32} : tensor<4xf32> -> tensor<4xi32>
  return
}

// -----

func.func @cast_default_out_dtype(%x: tensor<4xi64>) {
  // out_dtype defaults to 5 (float32).
  // expected-error @+1 {{out_dtype 5 means 'f32', but Out holds 'i32'}}
  %0 = pdnn.cast %x : tensor<4xi64> -> tensor<4xi32>
  return
}

// -----

func.func @cast_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %0 = pdnn.cast %x {out_dtype = 2 : i32} : tensor<4xf32> -> tensor<2x2xi32>
  return
}

// -----

func.func @cast_f16(%x: tensor<4xf16>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = pdnn.cast %x : tensor<4xf16> -> tensor<4xf32>
  return
}
