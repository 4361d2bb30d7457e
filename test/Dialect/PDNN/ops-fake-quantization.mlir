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
