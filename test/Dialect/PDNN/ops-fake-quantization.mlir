// The simulated quantization ops of quantization-aware-trained programs
// round-trip, and channel-wise weights that are constants fold: each
// channel's abs-max, then every value quantized and dequantized with it.
// RUN: pdnn-opt %s -split-input-file | pdnn-opt -split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: pdnn-opt %s -split-input-file --canonicalize | FileCheck %s

// ROUND-LABEL: func @activation
// ROUND: pdnn.fake_quantize_dequantize_moving_average_abs_max X(%{{.*}}) InScale(%{{.*}}) InAccum(%{{.*}}) InState(%{{.*}}) {is_test = true, round_type = 0 : i32}
func.func @activation(%x: tensor<?x8xf32>, %s: tensor<1xf32>, %a: tensor<1xf32>, %t: tensor<1xf32>) -> tensor<?x8xf32> {
  %0, %1 = pdnn.fake_quantize_dequantize_moving_average_abs_max X(%x) InScale(%s) InAccum(%a) InState(%t) {is_test = true, round_type = 0 : i32}
      : (tensor<?x8xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<?x8xf32>, tensor<1xf32>)
  return %0 : tensor<?x8xf32>
}

// -----

// Channel 0: s = 2, 1.0 -> round(127 · 0.5 · 1.0) = 64 -> 64 · 2 / 127;
// channel 1: all zeros (s = 0: 1/(0 + 1e-6), every value 0).
// CHECK-LABEL: func @constant_weights
// CHECK-NOT: fake_channel_wise
// CHECK: arith.constant dense<{{\[}}[2.000000e+00, 1.00787401, -2.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<2x3xf32>
// CHECK: arith.constant dense<[2.000000e+00, 0.000000e+00]> : tensor<2xf32>
// ROUND-LABEL: func @constant_weights
// ROUND: pdnn.fake_channel_wise_quantize_dequantize_abs_max X(%{{.*}}) : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
func.func @constant_weights() -> (tensor<2x3xf32>, tensor<2xf32>) {
  %w = arith.constant dense<[[2.0, 1.0, -2.0], [0.0, 0.0, 0.0]]> : tensor<2x3xf32>
  %0, %1 = pdnn.fake_channel_wise_quantize_dequantize_abs_max X(%w) : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
  return %0, %1 : tensor<2x3xf32>, tensor<2xf32>
}

// -----

// quantize_linear / dequantize_linear (newer Paddle): an activation's
// per-tensor pair round-trips; constant weights fold. Weights stored as
// si8 q with per-channel s: q · s / 127 (64 · 1.27 / 127 = 0.64).
// ROUND-LABEL: func @linear_activation
// ROUND: pdnn.quantize_linear X(%{{.*}}) Scale(%{{.*}}) ZeroPoint(%{{.*}}) {quant_axis = -1 : i32} : (tensor<?x8xf32>, tensor<1xf32>, tensor<1xi32>) -> tensor<?x8xf32>
// ROUND: pdnn.dequantize_linear X(%{{.*}}) Scale(%{{.*}}) {quant_axis = -1 : i32} : (tensor<?x8xf32>, tensor<1xf32>) -> tensor<?x8xf32>
func.func @linear_activation(%x: tensor<?x8xf32>, %s: tensor<1xf32>, %z: tensor<1xi32>) -> tensor<?x8xf32> {
  %q = pdnn.quantize_linear X(%x) Scale(%s) ZeroPoint(%z) {quant_axis = -1 : i32} : (tensor<?x8xf32>, tensor<1xf32>, tensor<1xi32>) -> tensor<?x8xf32>
  %d = pdnn.dequantize_linear X(%q) Scale(%s) {quant_axis = -1 : i32} : (tensor<?x8xf32>, tensor<1xf32>) -> tensor<?x8xf32>
  return %d : tensor<?x8xf32>
}

// -----

// CHECK-LABEL: func @linear_weights
// CHECK-NOT: dequantize_linear
// CHECK: arith.constant dense<{{\[}}[6.400000e-01, -1.270000e+00], [0.000000e+00, 5.000000e-01]]> : tensor<2x2xf32>
func.func @linear_weights() -> tensor<2x2xf32> {
  %w = arith.constant dense<[[64, -127], [0, 127]]> : tensor<2x2xsi8>
  %s = arith.constant dense<[1.27, 0.5]> : tensor<2xf32>
  %0 = pdnn.dequantize_linear X(%w) Scale(%s) : (tensor<2x2xsi8>, tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// f32 weights quantized then dequantized at their thresholds fold through
// both ops: 127 · (1 / 0.6) · 0.3 rounds to 64 in f32, · 0.6 / 127.
// CHECK-LABEL: func @linear_weight_pair
// CHECK-NOT: quantize_linear
// CHECK: arith.constant dense<[0.302362204, -6.000000e-01]> : tensor<2xf32>
func.func @linear_weight_pair() -> tensor<2xf32> {
  %w = arith.constant dense<[0.3, -0.6]> : tensor<2xf32>
  %s = arith.constant dense<[0.6]> : tensor<1xf32>
  %q = pdnn.quantize_linear X(%w) Scale(%s) {quant_axis = -1 : i32} : (tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>
  %d = pdnn.dequantize_linear X(%q) Scale(%s) {quant_axis = -1 : i32} : (tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>
  return %d : tensor<2xf32>
}

// -----

// only_observer: Y is X.
// CHECK-LABEL: func @observer
// CHECK-NEXT: return %arg0
func.func @observer(%x: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<4xf32> {
  %q = pdnn.quantize_linear X(%x) Scale(%s) {quant_axis = -1 : i32, only_observer = true} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %q : tensor<4xf32>
}

// -----

// The frozen form round-trips.
// ROUND-LABEL: func @frozen
// ROUND: pdnn.fake_quantize_moving_average_abs_max X(%{{.*}}) InScale(%{{.*}}) {is_test = true}
// ROUND: pdnn.fake_dequantize_max_abs X(%{{.*}}) Scale(%{{.*}}) {max_range = 1.612900e+04 : f32}
// ROUND: pdnn.fake_channel_wise_dequantize_max_abs X(%{{.*}}) Scales(%{{.*}}, %{{.*}}) {quant_bits = array<i32: 8, 8>}
func.func @frozen(%x: tensor<2x3xf32>, %s: tensor<1xf32>, %c: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %q, %qs = pdnn.fake_quantize_moving_average_abs_max X(%x) InScale(%s) {is_test = true} : (tensor<2x3xf32>, tensor<1xf32>) -> (tensor<2x3xf32>, tensor<1xf32>)
  %d = pdnn.fake_dequantize_max_abs X(%q) Scale(%s) {max_range = 16129.0 : f32} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  %e = pdnn.fake_channel_wise_dequantize_max_abs X(%q) Scales(%c, %s) {quant_bits = array<i32: 8, 8>} : (tensor<2x3xf32>, tensor<3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  return %q, %d, %e : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
