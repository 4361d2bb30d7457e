// RUN: pdnn-opt %s -split-input-file -verify-diagnostics
// Verifier rules of reduce_mean, reduce_sum and arg_max.

//===----------------------------------------------------------------------===//
// reduce_mean, reduce_sum
//===----------------------------------------------------------------------===//

func.func @reduce_mean_scalar(%x: tensor<f32>) {
  // expected-error @+1 {{X must have rank >= 1}}
  %0 = pdnn.reduce_mean %x : tensor<f32> -> tensor<f32>
  return
}

// -----

func.func @reduce_mean_dim_too_large(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{dim item must be in [-3, 3) for rank 3, got 3}}
  %0 = pdnn.reduce_mean %x {dim = array<i32: 3>} : tensor<2x3x4xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @reduce_sum_dim_too_negative(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{dim item must be in [-3, 3) for rank 3, got -4}}
  %0 = pdnn.reduce_sum %x {dim = array<i32: 0, -4>} : tensor<2x3x4xf32> -> tensor<3xf32>
  return
}

// -----

func.func @reduce_sum_dim_twice(%x: tensor<2x3x4xf32>) {
  // -2 and 1 are the same dimension.
  // expected-error @+1 {{dim names dimension 1 twice}}
  %0 = pdnn.reduce_sum %x {dim = array<i32: 1, -2>} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @reduce_mean_keep_dim(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{Out must be 2x1x4, got 2x4}}
  %0 = pdnn.reduce_mean %x {dim = array<i32: 1>, keep_dim = true} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @reduce_mean_default_dim(%x: tensor<2x3x4xf32>) {
  // dim defaults to [0], not to the last dimension.
  // expected-error @+1 {{Out must be 3x4, got 2x3}}
  %0 = pdnn.reduce_mean %x : tensor<2x3x4xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @reduce_sum_reduce_all(%x: tensor<2x3x4xf32>) {
  // reduce_all ignores dim. (A full reduction is [1] or 0-D; for another
  // rank the message names the 0-D form.)
  // expected-error @+1 {{Out must be scalar, got 2x4}}
  %0 = pdnn.reduce_sum %x {dim = array<i32: 1>, reduce_all = true} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @reduce_sum_scalar_result(%x: tensor<2x3xf32>) {
  // Only a full reduction may be 0-D.
  // expected-error @+1 {{Out must be 3, got scalar}}
  %0 = pdnn.reduce_sum %x : tensor<2x3xf32> -> tensor<f32>
  return
}

// -----

func.func @reduce_mean_in_dtype(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{in_dtype 3 must be -1 or X's element type}}
  %0 = pdnn.reduce_mean %x {in_dtype = 3 : i32} : tensor<2x3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @reduce_sum_out_dtype(%x: tensor<2x3xf32>) {
  // Paddle's reduce_sum may change the type (out_dtype); pdnn models only X's.
  // expected-error @+1 {{out_dtype 22 must be -1 or X's element type}}
  %0 = pdnn.reduce_sum %x {out_dtype = 22 : i32} : tensor<2x3xf32> -> tensor<3xbf16>
  return
}

// -----

func.func @reduce_sum_out_element_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{Out must have X's element type}}
  %0 = pdnn.reduce_sum %x : tensor<2x3xf32> -> tensor<3xbf16>
  return
}

// -----

func.func @reduce_sum_integer(%x: tensor<2x3xi64>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<2x3xi64>'}}
  %0 = pdnn.reduce_sum %x : tensor<2x3xi64> -> tensor<3xi64>
  return
}

//===----------------------------------------------------------------------===//
// arg_max
//===----------------------------------------------------------------------===//

// -----

func.func @arg_max_scalar(%x: tensor<f32>) {
  // expected-error @+1 {{X must have rank >= 1}}
  %0 = pdnn.arg_max %x : tensor<f32> -> tensor<1xi64>
  return
}

// -----

func.func @arg_max_dtype(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{dtype must be 2 (int32), 3 (int64) or negative (int64), got 5}}
  %0 = pdnn.arg_max %x {dtype = 5 : i32} : tensor<2x3xf32> -> tensor<2xi64>
  return
}

// -----

func.func @arg_max_out_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{Out must be 'i32' for dtype 2}}
  %0 = pdnn.arg_max %x {dtype = 2 : i32} : tensor<2x3xf32> -> tensor<2xi64>
  return
}

// -----

func.func @arg_max_default_dtype(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{Out must be 'i64' for dtype 3}}
  %0 = pdnn.arg_max %x : tensor<2x3xf32> -> tensor<2xi32>
  return
}

// -----

func.func @arg_max_float_out(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xf32>'}}
  %0 = pdnn.arg_max %x : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @arg_max_axis(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{axis must be in [-2, 2) for rank 2, got 2}}
  %0 = pdnn.arg_max %x {axis = 2 : i64} : tensor<2x3xf32> -> tensor<2xi64>
  return
}

// -----

func.func @arg_max_negative_axis(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{axis must be in [-2, 2) for rank 2, got -3}}
  %0 = pdnn.arg_max %x {axis = -3 : i64} : tensor<2x3xf32> -> tensor<3xi64>
  return
}

// -----

func.func @arg_max_shape(%x: tensor<2x3x4xf32>) {
  // The default axis is the last one.
  // expected-error @+1 {{Out must be 2x3, got 3x4}}
  %0 = pdnn.arg_max %x : tensor<2x3x4xf32> -> tensor<3x4xi64>
  return
}

// -----

func.func @arg_max_keepdims(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{Out must be 2x1x4, got 2x4}}
  %0 = pdnn.arg_max %x {axis = 1 : i64, keepdims = true} : tensor<2x3x4xf32> -> tensor<2x4xi64>
  return
}

// -----

func.func @arg_max_flatten(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{, got 2x3}}
  %0 = pdnn.arg_max %x {flatten = true} : tensor<2x3x4xf32> -> tensor<2x3xi64>
  return
}

// -----

func.func @arg_max_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = pdnn.arg_max %x : tensor<4xi1> -> tensor<1xi64>
  return
}
