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

// -----

// Newer Paddle's quantize_linear -> dequantize_linear at T = 4 on the
// input (s8 at 31.75) and after a relu (u8 at 63.75, read by two
// dequantize_linear ops); weights stored as si8 with per-channel thresholds
// fold into f32 weights (64 · 2 / 127, ...), which the int8 convolutions
// then quantize per channel; an only_observer op goes. (A pair counts as
// one lowering.)
// CHECK-LABEL: func @linear
// CHECK-NOT: _linear
// CHECK: %[[Q0:.*]] = pdnn.quantize %arg0 {Scale = 3.175000e+01 : f32, is_negative_input = true} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xsi8>
// CHECK: %[[D0:.*]] = pdnn.dequantize %[[Q0]] {Scale = 3.175000e+01 : f32}
// CHECK: %[[C0:.*]] = pdnn.conv2d Input(%[[D0]]) Filter(%[[W:[^)]*]]) :
// CHECK: %[[R:.*]] = pdnn.relu %[[C0]]
// CHECK: %[[Q1:.*]] = pdnn.quantize %[[R]] {Scale = 6.375000e+01 : f32} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xui8>
// CHECK: %[[D1:.*]] = pdnn.dequantize %[[Q1]] {Scale = 6.375000e+01 : f32}
// CHECK: pdnn.conv2d Input(%[[D1]]) Filter(%[[W]])
// CHECK: pdnn.relu %[[D1]]
// INT8-LABEL: func @linear
// INT8: pdnn.conv2d Input(%{{.*}}) Filter(%{{.*}}) {Scale_in = 3.175000e+01 : f32, Scale_weights = array<f32: 6.350000e+01, 1.270000e+02>, force_fp32_output = true} : (tensor<1x2x4x4xsi8>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
// INT8: pdnn.conv2d Input(%{{.*}}) Filter(%{{.*}}) {Scale_in = 6.375000e+01 : f32, Scale_weights = array<f32: 6.350000e+01, 1.270000e+02>, force_fp32_output = true} : (tensor<1x2x4x4xui8>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
// expected-remark @below {{kept=0, lowered=4}}
func.func @linear(%x: tensor<1x2x4x4xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) {
  %wq = arith.constant dense<[[[[127]], [[-64]]], [[[127]], [[32]]]]> : tensor<2x2x1x1xsi8>
  %ws = arith.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %t = arith.constant dense<4.0> : tensor<1xf32>
  %z = arith.constant dense<0> : tensor<1xi32>
  %q0 = pdnn.quantize_linear X(%x) Scale(%t) ZeroPoint(%z) {quant_axis = -1 : i32} : (tensor<1x2x4x4xf32>, tensor<1xf32>, tensor<1xi32>) -> tensor<1x2x4x4xf32>
  %x0 = pdnn.dequantize_linear X(%q0) Scale(%t) ZeroPoint(%z) {quant_axis = -1 : i32} : (tensor<1x2x4x4xf32>, tensor<1xf32>, tensor<1xi32>) -> tensor<1x2x4x4xf32>
  %w = pdnn.dequantize_linear X(%wq) Scale(%ws) : (tensor<2x2x1x1xsi8>, tensor<2xf32>) -> tensor<2x2x1x1xf32>
  %c0 = pdnn.conv2d Input(%x0) Filter(%w) : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %r = pdnn.relu %c0 : tensor<1x2x4x4xf32>
  %o = pdnn.quantize_linear X(%r) Scale(%t) {quant_axis = -1 : i32, only_observer = true} : (tensor<1x2x4x4xf32>, tensor<1xf32>) -> tensor<1x2x4x4xf32>
  %q1 = pdnn.quantize_linear X(%o) Scale(%t) {quant_axis = -1 : i32} : (tensor<1x2x4x4xf32>, tensor<1xf32>) -> tensor<1x2x4x4xf32>
  %x1 = pdnn.dequantize_linear X(%q1) Scale(%t) {quant_axis = -1 : i32} : (tensor<1x2x4x4xf32>, tensor<1xf32>) -> tensor<1x2x4x4xf32>
  %x2 = pdnn.dequantize_linear X(%q1) Scale(%t) {quant_axis = -1 : i32} : (tensor<1x2x4x4xf32>, tensor<1xf32>) -> tensor<1x2x4x4xf32>
  %c1 = pdnn.conv2d Input(%x1) Filter(%w) : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %r2 = pdnn.relu %x2 : tensor<1x2x4x4xf32>
  return %c1, %r2 : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>
}

// -----

// What stays simulated, and why.
// CHECK-LABEL: func @linear_kept
// CHECK-COUNT-3: pdnn.quantize_linear
// expected-remark @below {{kept=5, lowered=0}}
func.func @linear_kept(%x: tensor<4x2xf32>, %t: tensor<1xf32>, %c: tensor<4xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) {
  %t4 = arith.constant dense<4.0> : tensor<1xf32>
  %t2 = arith.constant dense<2.0> : tensor<1xf32>
  // expected-remark @below {{Reason="Scale is not one positive constant threshold"}}
  %q0 = pdnn.quantize_linear X(%x) Scale(%t) {quant_axis = -1 : i32} : (tensor<4x2xf32>, tensor<1xf32>) -> tensor<4x2xf32>
  // expected-remark @below {{Reason="the quantize_linear it reads stays"}}
  %d0 = pdnn.dequantize_linear X(%q0) Scale(%t) {quant_axis = -1 : i32} : (tensor<4x2xf32>, tensor<1xf32>) -> tensor<4x2xf32>
  // expected-remark @below {{Reason="Y is read by other than dequantize_linear ops at its threshold"}}
  %q1 = pdnn.quantize_linear X(%x) Scale(%t4) {quant_axis = -1 : i32} : (tensor<4x2xf32>, tensor<1xf32>) -> tensor<4x2xf32>
  // expected-remark @below {{Reason="the quantize_linear it reads stays"}}
  %d1 = pdnn.dequantize_linear X(%q1) Scale(%t2) {quant_axis = -1 : i32} : (tensor<4x2xf32>, tensor<1xf32>) -> tensor<4x2xf32>
  // expected-remark @below {{Reason="it quantizes an activation per channel; the int8 kernels take one scale per tensor"}}
  %q2 = pdnn.quantize_linear X(%x) Scale(%c) : (tensor<4x2xf32>, tensor<4xf32>) -> tensor<4x2xf32>
  return %d0, %d1, %q2, %x : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>
}

// -----

// The frozen form: integer weights, the result dequantized after the op.
// The input gets the pair at T = 2; the convolution's weights become
// (w / 127) · Scales[0][oc] (0.5 and 2), the product's (w / 127) · 4
// (max_range 127 · 127 / 4); the dequantize ops go.
// CHECK-LABEL: func @frozen
// CHECK-NOT: fake_
// CHECK: %[[Q:.*]] = pdnn.quantize %arg0 {Scale = 6.350000e+01 : f32, is_negative_input = true}
// CHECK: %[[D:.*]] = pdnn.dequantize %[[Q]]
// CHECK: %[[WC:.*]] = arith.constant dense<{{\[\[\[\[}}5.000000e-01]], {{\[\[}}-0.251968503]]], {{\[\[\[}}5.039370e-01]], {{\[\[}}2.000000e+00]]]]> : tensor<2x2x1x1xf32>
// CHECK: %[[C:.*]] = pdnn.conv2d Input(%[[D]]) Filter(%[[WC]])
// CHECK: %[[QM:.*]] = pdnn.quantize %arg1 {Scale = 6.350000e+01 : f32, is_negative_input = true}
// CHECK: %[[DM:.*]] = pdnn.dequantize %[[QM]]
// CHECK: %[[WM:.*]] = arith.constant dense<{{\[\[}}4.000000e+00, -1.00787401, 0.000000e+00], [0.0314960629, 1.98425198, -4.000000e+00]]> : tensor<2x3xf32>
// CHECK: %[[M:.*]] = pdnn.mul %[[DM]], %[[WM]]
// CHECK: return %[[C]], %[[M]]
// INT8-LABEL: func @frozen
// INT8: pdnn.conv2d Input(%{{.*}}) Filter(%{{.*}}) {Scale_in = 6.350000e+01 : f32, Scale_weights = array<f32: 2.540000e+02, 6.350000e+01>, force_fp32_output = true} : (tensor<1x2x4x4xsi8>
// expected-remark @below {{kept=0, lowered=2}}
func.func @frozen(%x: tensor<1x2x4x4xf32>, %y: tensor<5x2xf32>) -> (tensor<1x2x4x4xf32>, tensor<5x3xf32>) {
  %t = arith.constant dense<2.0> : tensor<1xf32>
  %w = arith.constant dense<[[[[127.0]], [[-64.0]]], [[[32.0]], [[127.0]]]]> : tensor<2x2x1x1xf32>
  %ws = arith.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %q, %s = pdnn.fake_quantize_moving_average_abs_max X(%x) InScale(%t) {is_test = true} : (tensor<1x2x4x4xf32>, tensor<1xf32>) -> (tensor<1x2x4x4xf32>, tensor<1xf32>)
  %c = pdnn.conv2d Input(%q) Filter(%w) : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %dc = pdnn.fake_channel_wise_dequantize_max_abs X(%c) Scales(%ws, %s) {quant_bits = array<i32: 8, 8>} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<1xf32>) -> tensor<1x2x4x4xf32>
  %m = arith.constant dense<[[127.0, -32.0, 0.0], [1.0, 63.0, -127.0]]> : tensor<2x3xf32>
  %qm, %sm = pdnn.fake_quantize_moving_average_abs_max X(%y) InScale(%t) {is_test = true} : (tensor<5x2xf32>, tensor<1xf32>) -> (tensor<5x2xf32>, tensor<1xf32>)
  %p = pdnn.mul %qm, %m : (tensor<5x2xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  %dm = pdnn.fake_dequantize_max_abs X(%p) Scale(%t) {max_range = 4032.25 : f32} : (tensor<5x3xf32>, tensor<1xf32>) -> tensor<5x3xf32>
  return %dc, %dm : tensor<1x2x4x4xf32>, tensor<5x3xf32>
}

// -----

// A frozen quantize lowers with all its readers or stays, simulated:
// weights that are not int8 values, a dequantize at another threshold, a
// quantize read directly by its dequantize.
// CHECK-LABEL: func @frozen_kept
// CHECK-COUNT-3: pdnn.fake_quantize_moving_average_abs_max
// expected-remark @below {{kept=6, lowered=0}}
func.func @frozen_kept(%x: tensor<5x2xf32>) -> (tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x2xf32>) {
  %t = arith.constant dense<2.0> : tensor<1xf32>
  %t3 = arith.constant dense<3.0> : tensor<1xf32>
  %m = arith.constant dense<[[127.0, -32.5, 0.0], [1.0, 63.0, -127.0]]> : tensor<2x3xf32>
  %n = arith.constant dense<[[127.0, -32.0, 0.0], [1.0, 63.0, -127.0]]> : tensor<2x3xf32>
  // expected-remark @below {{Reason="'pdnn.mul' reading Out has weights other than constant integers in [-127, 127]"}}
  %q0, %s0 = pdnn.fake_quantize_moving_average_abs_max X(%x) InScale(%t) {is_test = true} : (tensor<5x2xf32>, tensor<1xf32>) -> (tensor<5x2xf32>, tensor<1xf32>)
  %p0 = pdnn.mul %q0, %m : (tensor<5x2xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  // expected-remark @below {{Reason="it dequantizes no op whose input quantization was lowered (a frozen program's int8 op reads a fake_quantize_moving_average_abs_max result)"}}
  %d0 = pdnn.fake_dequantize_max_abs X(%p0) Scale(%s0) {max_range = 4032.25 : f32} : (tensor<5x3xf32>, tensor<1xf32>) -> tensor<5x3xf32>
  // expected-remark @below {{Reason="the dequantize op after 'pdnn.mul' does not scale by T and a positive max_range"}}
  %q1, %s1 = pdnn.fake_quantize_moving_average_abs_max X(%x) InScale(%t) {is_test = true} : (tensor<5x2xf32>, tensor<1xf32>) -> (tensor<5x2xf32>, tensor<1xf32>)
  %p1 = pdnn.mul %q1, %n : (tensor<5x2xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  // expected-remark @below {{Reason="it dequantizes no op whose input quantization was lowered (a frozen program's int8 op reads a fake_quantize_moving_average_abs_max result)"}}
  %d1 = pdnn.fake_dequantize_max_abs X(%p1) Scale(%t3) {max_range = 4032.25 : f32} : (tensor<5x3xf32>, tensor<1xf32>) -> tensor<5x3xf32>
  // expected-remark @below {{Reason="Out is read by other than a convolution's or product's input"}}
  %q2, %s2 = pdnn.fake_quantize_moving_average_abs_max X(%x) InScale(%t) {is_test = true} : (tensor<5x2xf32>, tensor<1xf32>) -> (tensor<5x2xf32>, tensor<1xf32>)
  // expected-remark @below {{Reason="it dequantizes no op whose input quantization was lowered (a frozen program's int8 op reads a fake_quantize_moving_average_abs_max result)"}}
  %d2 = pdnn.fake_dequantize_max_abs X(%q2) Scale(%t) {max_range = 127.0 : f32} : (tensor<5x2xf32>, tensor<1xf32>) -> tensor<5x2xf32>
  return %d0, %d1, %d2 : tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x2xf32>
}
