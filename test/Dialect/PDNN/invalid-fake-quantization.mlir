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
