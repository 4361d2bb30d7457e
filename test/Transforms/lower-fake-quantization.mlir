// --lower-fake-quantization: a quantization-aware-trained program's fake
// ops become what Paddle's oneDNN flow runs. An activation's becomes
// quantize -> dequantize at (1 / T) · 127 into s8, or (1 / T) · 255 into u8
// after a relu or relu6 (fused or not, through pooling and reshapes); a
// weights' op goes (the int8 kernels quantize the weights themselves).
// Then --fuse-quantized-ops makes the convolutions int8.
// RUN: pdnn-opt %s -split-input-file --lower-fake-quantization | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --lower-fake-quantization --fuse-quantized-ops \
// RUN:   --squash-quantization | FileCheck %s --check-prefix=INT8
// RUN: pdnn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(lower-fake-quantization))' \
// RUN:   --remarks-filter=lower-fake-quantization --remark-format=emitRemark -o /dev/null -verify-diagnostics

// The input (T = 2: s8 at 63.5), its weights, a relu (u8 at 255 / 4 after
// max pooling), the second convolution's weights.
// CHECK-LABEL: func @conv_relu_pool_conv
// CHECK-NOT: fake_
// CHECK: %[[Q0:.*]] = pdnn.quantize %arg0 {Scale = 6.350000e+01 : f32, is_negative_input = true} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xsi8>
// CHECK: %[[D0:.*]] = pdnn.dequantize %[[Q0]] {Scale = 6.350000e+01 : f32}
// CHECK: %[[C0:.*]] = pdnn.conv2d Input(%[[D0]]) Filter(%[[W:[^)]*]]) :
// CHECK: %[[R:.*]] = pdnn.relu %[[C0]]
// CHECK: %[[P:.*]] = pdnn.pool2d %[[R]]
// CHECK: %[[Q1:.*]] = pdnn.quantize %[[P]] {Scale = 6.375000e+01 : f32} : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xui8>
// CHECK: %[[D1:.*]] = pdnn.dequantize %[[Q1]] {Scale = 6.375000e+01 : f32}
// CHECK: pdnn.conv2d Input(%[[D1]]) Filter(%[[W]])
// INT8-LABEL: func @conv_relu_pool_conv
// INT8: pdnn.quantize %arg0 {{.*}} -> tensor<1x2x4x4xsi8>
// INT8: %[[C0:.*]] = pdnn.conv2d Input(%{{.*}}) Filter(%{{.*}}) {Scale_in = 6.350000e+01 : f32, Scale_weights = array<f32: 1.270000e+02, 6.350000e+01>, force_fp32_output = true} : (tensor<1x2x4x4xsi8>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
// INT8: pdnn.conv2d Input(%{{.*}}) Filter(%{{.*}}) {Scale_in = 6.375000e+01 : f32, Scale_weights = array<f32: 1.270000e+02, 6.350000e+01>, force_fp32_output = true} : (tensor<1x2x2x2xui8>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
// expected-remark @below {{kept=0, lowered=4}}
func.func @conv_relu_pool_conv(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<[[[[1.0]], [[-0.5]]], [[[2.0]], [[0.25]]]]> : tensor<2x2x1x1xf32>
  %t0 = arith.constant dense<2.0> : tensor<1xf32>
  %t1 = arith.constant dense<4.0> : tensor<1xf32>
  %x0, %s0 = pdnn.fake_quantize_dequantize_moving_average_abs_max X(%x) InScale(%t0) {is_test = true} : (tensor<1x2x4x4xf32>, tensor<1xf32>) -> (tensor<1x2x4x4xf32>, tensor<1xf32>)
  %w0, %ws0 = pdnn.fake_channel_wise_quantize_dequantize_abs_max X(%w) : (tensor<2x2x1x1xf32>) -> (tensor<2x2x1x1xf32>, tensor<2xf32>)
  %c0 = pdnn.conv2d Input(%x0) Filter(%w0) : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %r = pdnn.relu %c0 : tensor<1x2x4x4xf32>
  %p = pdnn.pool2d %r {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %x1, %s1 = pdnn.fake_quantize_dequantize_moving_average_abs_max X(%p) InScale(%t1) {is_test = true} : (tensor<1x2x2x2xf32>, tensor<1xf32>) -> (tensor<1x2x2x2xf32>, tensor<1xf32>)
  %w1, %ws1 = pdnn.fake_channel_wise_quantize_dequantize_abs_max X(%w) : (tensor<2x2x1x1xf32>) -> (tensor<2x2x1x1xf32>, tensor<2xf32>)
  %c1 = pdnn.conv2d Input(%x1) Filter(%w1) : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  return %c1 : tensor<1x2x2x2xf32>
}

// -----

// What stays simulated, and why.
// CHECK-LABEL: func @kept
// CHECK-COUNT-3: pdnn.fake_quantize_dequantize_moving_average_abs_max
// expected-remark @below {{kept=4, lowered=0}}
func.func @kept(%x: tensor<4xf32>, %t: tensor<1xf32>, %w: tensor<2x3xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1xf32>, tensor<2x3xf32>) {
  %zero = arith.constant dense<0.0> : tensor<1xf32>
  // expected-remark @below {{Reason="InScale is not one positive constant threshold"}}
  %a, %sa = pdnn.fake_quantize_dequantize_moving_average_abs_max X(%x) InScale(%t) {is_test = true} : (tensor<4xf32>, tensor<1xf32>) -> (tensor<4xf32>, tensor<1xf32>)
  // expected-remark @below {{Reason="InScale is not one positive constant threshold"}}
  %b, %sb = pdnn.fake_quantize_dequantize_moving_average_abs_max X(%x) InScale(%zero) {is_test = true} : (tensor<4xf32>, tensor<1xf32>) -> (tensor<4xf32>, tensor<1xf32>)
  // expected-remark @below {{Reason="OutScale is read"}}
  %c, %sc = pdnn.fake_quantize_dequantize_moving_average_abs_max X(%x) InScale(%t) {is_test = true} : (tensor<4xf32>, tensor<1xf32>) -> (tensor<4xf32>, tensor<1xf32>)
  // expected-remark @below {{Reason="bit_length is 4; the int8 kernels quantize weights to 8 bits"}}
  %d, %sd = pdnn.fake_channel_wise_quantize_dequantize_abs_max X(%w) {bit_length = 4 : i32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
  return %a, %b, %c, %sc, %d : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1xf32>, tensor<2x3xf32>
}
