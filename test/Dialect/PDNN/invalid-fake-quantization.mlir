// What the simulated quantization ops reject, with a diagnostic.
// RUN: pdnn-opt %s -split-input-file -verify-diagnostics

func.func @training(%x: tensor<4xf32>, %s: tensor<1xf32>) {
  // expected-error @+1 {{runs in inference only (is_test): training updates the moving average}}
  %0, %1 = pdnn.fake_quantize_dequantize_moving_average_abs_max X(%x) InScale(%s) : (tensor<4xf32>, tensor<1xf32>) -> (tensor<4xf32>, tensor<1xf32>)
  return
}

// -----

func.func @two_scales(%x: tensor<4xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{InScale must hold one value, got 'tensor<2xf32>'}}
  %0, %1 = pdnn.fake_quantize_dequantize_moving_average_abs_max X(%x) InScale(%s) {is_test = true} : (tensor<4xf32>, tensor<2xf32>) -> (tensor<4xf32>, tensor<2xf32>)
  return
}

// -----

func.func @one_bit(%x: tensor<4xf32>, %s: tensor<1xf32>) {
  // expected-error @+1 {{bit_length must lie in [2, 16], got 1}}
  %0, %1 = pdnn.fake_quantize_dequantize_moving_average_abs_max X(%x) InScale(%s) {is_test = true, bit_length = 1 : i32} : (tensor<4xf32>, tensor<1xf32>) -> (tensor<4xf32>, tensor<1xf32>)
  return
}

// -----

func.func @round_type(%x: tensor<4x2xf32>) {
  // expected-error @+1 {{round_type must be 0 (to nearest even) or 1 (half away from zero), got 2}}
  %0, %1 = pdnn.fake_channel_wise_quantize_dequantize_abs_max X(%x) {round_type = 2 : i32} : (tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4xf32>)
  return
}

// -----

func.func @axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{quant_axis must be 0 or 1 and name a dimension of X, got 1 for 'tensor<4xf32>'}}
  %0, %1 = pdnn.fake_channel_wise_quantize_dequantize_abs_max X(%x) {quant_axis = 1 : i32} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @scale_count(%x: tensor<4x2xf32>) {
  // expected-error @+1 {{OutScale}}
  %0, %1 = pdnn.fake_channel_wise_quantize_dequantize_abs_max X(%x) {quant_axis = 1 : i32} : (tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4xf32>)
  return
}

// -----

func.func @linear_training(%x: tensor<4xf32>, %s: tensor<1xf32>) {
  // expected-error @+1 {{runs in inference only (is_test): training computes the scale}}
  %0 = pdnn.quantize_linear X(%x) Scale(%s) {quant_axis = -1 : i32, is_test = false} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @linear_axis(%x: tensor<4x3x2xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{quant_axis must be -1 (the whole tensor), or 0 or 1 naming a dimension of X, got 2 for 'tensor<4x3x2xf32>'}}
  %0 = pdnn.dequantize_linear X(%x) Scale(%s) {quant_axis = 2 : i32} : (tensor<4x3x2xf32>, tensor<2xf32>) -> tensor<4x3x2xf32>
  return
}

// -----

func.func @linear_channels(%x: tensor<4x3xsi8>, %s: tensor<3xf32>) {
  // expected-error @+1 {{Scale must hold 4 values, one per channel of X along quant_axis, got 'tensor<3xf32>'}}
  %0 = pdnn.dequantize_linear X(%x) Scale(%s) : (tensor<4x3xsi8>, tensor<3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @linear_open_threshold(%x: tensor<4xf32>, %s: tensor<?xf32>) {
  // expected-error @+1 {{Scale must hold 1 value (quant_axis -1), got 'tensor<?xf32>'}}
  %0 = pdnn.quantize_linear X(%x) Scale(%s) {quant_axis = -1 : i32} : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @linear_scale_rank(%x: tensor<4xf32>, %s: tensor<1x1xf32>) {
  // expected-error @+1 {{Scale must be a vector, got 'tensor<1x1xf32>'}}
  %0 = pdnn.quantize_linear X(%x) Scale(%s) {quant_axis = -1 : i32} : (tensor<4xf32>, tensor<1x1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @linear_bits(%x: tensor<4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{bit_length must lie in [2, 16], got 17}}
  %0 = pdnn.quantize_linear X(%x) Scale(%s) {bit_length = 17 : i32} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @linear_shape(%x: tensor<4xf32>, %s: tensor<1xf32>) {
  // expected-error @+1 {{Y}}
  %0 = pdnn.dequantize_linear X(%x) Scale(%s) {quant_axis = -1 : i32} : (tensor<4xf32>, tensor<1xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @linear_type(%x: tensor<4xi32>, %s: tensor<1xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or 8-bit signed integer values}}
  %0 = pdnn.dequantize_linear X(%x) Scale(%s) {quant_axis = -1 : i32} : (tensor<4xi32>, tensor<1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @frozen_training(%x: tensor<4xf32>, %s: tensor<1xf32>) {
  // expected-error @+1 {{runs in inference only (is_test): training updates the moving average}}
  %0, %1 = pdnn.fake_quantize_moving_average_abs_max X(%x) InScale(%s) : (tensor<4xf32>, tensor<1xf32>) -> (tensor<4xf32>, tensor<1xf32>)
  return
}

// -----

func.func @dequantize_range(%x: tensor<4xf32>, %s: tensor<1xf32>) {
  // expected-error @+1 {{max_range must be positive and finite, got 0}}
  %0 = pdnn.fake_dequantize_max_abs X(%x) Scale(%s) {max_range = 0.0 : f32} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @dequantize_scale(%x: tensor<4xf32>, %s: tensor<?xf32>) {
  // expected-error @+1 {{Scale must hold one value, got 'tensor<?xf32>'}}
  %0 = pdnn.fake_dequantize_max_abs X(%x) Scale(%s) {max_range = 16129.0 : f32} : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @channel_scales_count(%x: tensor<4x3xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{takes one scale (weights) or two (an op's output), got 3}}
  %0 = pdnn.fake_channel_wise_dequantize_max_abs X(%x) Scales(%s, %s, %s) : (tensor<4x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @channel_bits(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %t: tensor<1xf32>) {
  // expected-error @+1 {{quant_bits must hold a bit length per scale, got 1 for 2}}
  %0 = pdnn.fake_channel_wise_dequantize_max_abs X(%x) Scales(%s, %t) : (tensor<2x3xf32>, tensor<3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @channel_count(%x: tensor<2x3xf32>, %s: tensor<2xf32>, %t: tensor<1xf32>) {
  // expected-error @+1 {{Scales[0] must hold one value per channel of X along dimension 1, got 'tensor<2xf32>'}}
  %0 = pdnn.fake_channel_wise_dequantize_max_abs X(%x) Scales(%s, %t) {quant_bits = array<i32: 8, 8>} : (tensor<2x3xf32>, tensor<2xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @channel_dim(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %t: tensor<1xf32>) {
  // expected-error @+1 {{the channels' dimension 2 is not one of 'tensor<2x3xf32>'}}
  %0 = pdnn.fake_channel_wise_dequantize_max_abs X(%x) Scales(%s, %t) {quant_bits = array<i32: 8, 8>, x_num_col_dims = 2 : i32} : (tensor<2x3xf32>, tensor<3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @channel_second(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %t: tensor<2xf32>) {
  // expected-error @+1 {{Scales[1] must hold one value, got 'tensor<2xf32>'}}
  %0 = pdnn.fake_channel_wise_dequantize_max_abs X(%x) Scales(%s, %t) {quant_bits = array<i32: 8, 8>} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}
