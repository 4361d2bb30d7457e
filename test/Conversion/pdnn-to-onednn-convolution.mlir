// The convolution family to pdnnrt calls: conv2d / depthwise_conv2d ->
// pdnnrt.convolution, conv2d_transpose -> pdnnrt.deconvolution, pool2d ->
// pdnnrt.pooling, batch_norm -> pdnnrt.batch_norm, the v2 interpolations ->
// pdnnrt.resampling, concat -> pdnnrt.concat. Window geometry (strides,
// dilations, pads top/bottom/left/right as index values), the fused bias,
// residual (the destination, with the sum post-op) and activation.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn --canonicalize --cse | FileCheck %s
// What the lowering leaves to the reference loops, and why (the same
// legality functions the conversion asks):
// RUN: pdnn-opt %s -split-input-file --pdnn-explain-backend -verify-diagnostics -o /dev/null

// Paddle's post-ops: leaky_relu is oneDNN's relu with alpha, relu6 its clip
// [0, threshold]; Bias is an operand; a residual is the destination itself
// (sum = true). Paddings [top, bottom, left, right] = [1, 2, 2, 1].
// CHECK-LABEL: func @conv
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x7x7xf32>, %[[W:.*]]: tensor<8x2x3x3xf32>, %[[B:.*]]: tensor<8xf32>, %[[R:.*]]: tensor<1x8x4x4xf32>)
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x8x4x4xf32>
// CHECK: %[[O0:.*]] = pdnnrt.convolution ins(%[[X]], %[[W]], %[[B]], %[[C1]], %[[C1]], %[[C1]], %[[C1]] : tensor<1x4x7x7xf32>, tensor<8x2x3x3xf32>, tensor<8xf32>, index, index, index, index) outs(%[[E]] : tensor<1x8x4x4xf32>)
// CHECK-SAME: {activation = #pdnnrt.eltwise<relu>, alpha = 1.000000e-01 : f32, beta = 0.000000e+00 : f32, channelsLast = false, dilationH = 1 : i32, dilationW = 1 : i32, groups = 2 : i32, strideH = 2 : i32, strideW = 2 : i32, sum = false} -> tensor<1x8x4x4xf32>
// CHECK: %[[O1:.*]] = pdnnrt.convolution ins(%[[X]], %[[W]], %[[C1]], %[[C2]], %[[C2]], %[[C1]] : tensor<1x4x7x7xf32>, tensor<8x2x3x3xf32>, index, index, index, index) outs(%[[R]] : tensor<1x8x4x4xf32>)
// CHECK-SAME: {activation = #pdnnrt.eltwise<clip>, alpha = 0.000000e+00 : f32, beta = 6.000000e+00 : f32, channelsLast = false, dilationH = 1 : i32, dilationW = 1 : i32, groups = 2 : i32, strideH = 2 : i32, strideW = 2 : i32, sum = true}
// CHECK-NOT: pdnn.conv2d
// CHECK: return %[[O0]], %[[O1]]
func.func @conv(%x: tensor<1x4x7x7xf32>, %w: tensor<8x2x3x3xf32>, %b: tensor<8xf32>, %r: tensor<1x8x4x4xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) {
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) Bias(%b) {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>, groups = 2 : i32, fuse_activation = "leaky_relu", fuse_alpha = 0.1 : f32}
      : (tensor<1x4x7x7xf32>, tensor<8x2x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  // expected-remark @below {{runs on oneDNN}}
  %1 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {strides = array<i32: 2, 2>, paddings = array<i32: 1, 2, 2, 1>, groups = 2 : i32, fuse_residual_connection = true, fuse_activation = "relu6", fuse_alpha = 6.0 : f32}
      : (tensor<1x4x7x7xf32>, tensor<8x2x3x3xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %0, %1 : tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>
}

// -----
// int8 (Paddle's int8 kernel, Int8Products.h): f32 weights with their
// scales (wScales), oneDNN's output scales Scale_out / (Scale_in ·
// Scale_weights[oc]) = 64 / (100 · {2, 4}), the bias quantized to s32 with
// Scale_in · Scale_weights = {200, 400} when compiling, and the residual's
// sum scale Scale_out / Scale_in_eltwise = 64 / 32 = 2.
// CHECK-LABEL: func @int8_conv
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x5x5xui8>, %[[R:.*]]: tensor<1x2x3x3xsi8>)
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{.*}}> : tensor<2x2x3x3xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[1.000000e+02, -1.000000e+02]> : tensor<2xf32>
// CHECK-DAG: %[[WS:.*]] = arith.constant dense<[2.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[OS:.*]] = arith.constant dense<[3.200000e-01, 1.600000e-01]> : tensor<2xf32>
// CHECK: pdnnrt.convolution ins(%[[X]], %[[W]], %[[B]], %[[WS]], %[[OS]], {{.*}} : tensor<1x2x5x5xui8>, tensor<2x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, index, index, index, index) outs(%[[R]] : tensor<1x2x3x3xsi8>)
// CHECK-SAME: sum = true, sumScale = 2.000000e+00 : f32} -> tensor<1x2x3x3xsi8>
func.func @int8_conv(%x: tensor<1x2x5x5xui8>, %r: tensor<1x2x3x3xsi8>) -> tensor<1x2x3x3xsi8> {
  %w = arith.constant dense<0.25> : tensor<2x2x3x3xf32>
  %b = arith.constant dense<[0.5, -0.25]> : tensor<2xf32>
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) Bias(%b) ResidualData(%r) {fuse_residual_connection = true, Scale_in = 100.0 : f32, Scale_weights = array<f32: 2.0, 4.0>, Scale_out = 64.0 : f32, Scale_in_eltwise = 32.0 : f32}
      : (tensor<1x2x5x5xui8>, tensor<2x2x3x3xf32>, tensor<2xf32>, tensor<1x2x3x3xsi8>) -> tensor<1x2x3x3xsi8>
  return %0 : tensor<1x2x3x3xsi8>
}

// -----
// int8 conv2d_transpose: conv2d's scales without a residual. With relu,
// Scale_out leaves the output scales (1 / (100 · {2, 4})) and scales the
// activation's result (activationScale).
// CHECK-LABEL: func @int8_conv_transpose
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[1.000000e+02, -1.000000e+02]> : tensor<2xf32>
// CHECK-DAG: %[[WS:.*]] = arith.constant dense<[2.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[OS:.*]] = arith.constant dense<[5.000000e-03, 2.500000e-03]> : tensor<2xf32>
// CHECK: pdnnrt.deconvolution ins(%arg0, %{{.*}}, %[[B]], %[[WS]], %[[OS]], {{.*}} : tensor<1x2x3x3xui8>, tensor<2x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, index, index, index, index) outs(%{{.*}} : tensor<1x2x4x4xui8>)
// CHECK-SAME: activation = #pdnnrt.eltwise<relu>, activationScale = 6.400000e+01 : f32
func.func @int8_conv_transpose(%x: tensor<1x2x3x3xui8>) -> tensor<1x2x4x4xui8> {
  %w = arith.constant dense<0.25> : tensor<2x2x2x2xf32>
  %b = arith.constant dense<[0.5, -0.25]> : tensor<2xf32>
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) Bias(%b) {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>, fuse_activation = "relu", Scale_in = 100.0 : f32, Scale_weights = array<f32: 2.0, 4.0>, Scale_out = 64.0 : f32}
      : (tensor<1x2x3x3xui8>, tensor<2x2x2x2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xui8>
  return %0 : tensor<1x2x4x4xui8>
}

// -----
// A kernel equal to its stride (no pads, one group) with under 16 output
// channels: a 1x1 convolution of KH·KW·M = 8 channels, F'[(a·KW + b)·M +
// m][c] = F[c][m][a][b] (so the bias, the weight and output scales repeat
// every M = 2 channels), then a depth to space of its result.
// CHECK-LABEL: func @strided_deconvolution_as_convolution
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{\[}}{{\[}}{{\[}}[1.000000e+00]], {{\[}}[9.000000e+00]]], {{\[}}{{\[}}[5.000000e+00]], {{\[}}[1.300000e+01]]], {{\[}}{{\[}}[2.000000e+00]], {{\[}}[1.000000e+01]]], {{\[}}{{\[}}[6.000000e+00]], {{\[}}[1.400000e+01]]], {{\[}}{{\[}}[3.000000e+00]],
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[1.000000e+02, -1.000000e+02, 1.000000e+02, -1.000000e+02, 1.000000e+02, -1.000000e+02, 1.000000e+02, -1.000000e+02]> : tensor<8xf32>
// CHECK-DAG: %[[WS:.*]] = arith.constant dense<[2.000000e+00, 4.000000e+00, 2.000000e+00, 4.000000e+00, 2.000000e+00, 4.000000e+00, 2.000000e+00, 4.000000e+00]> : tensor<8xf32>
// CHECK: %[[Y:.*]] = pdnnrt.convolution ins(%arg0, %[[W]], %[[B]], %[[WS]], %{{.*}} : tensor<1x2x3x3xui8>, tensor<8x2x1x1xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, index, index, index, index) outs(%{{.*}} : tensor<1x8x3x3xui8>)
// CHECK-SAME: activation = #pdnnrt.eltwise<relu>, activationScale = 6.400000e+01 : f32
// CHECK: %[[E:.*]] = tensor.expand_shape %[[Y]] {{\[}}[0], [1, 2, 3], [4], [5]] output_shape [1, 2, 2, 2, 3, 3]
// CHECK: %[[T:.*]] = linalg.transpose ins(%[[E]] : tensor<1x2x2x2x3x3xui8>) outs(%{{.*}} : tensor<1x2x3x2x3x2xui8>) permutation = [0, 3, 4, 1, 5, 2]
// CHECK: %[[O:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0], [1], [2, 3], [4, 5]] : tensor<1x2x3x2x3x2xui8> into tensor<1x2x6x6xui8>
// CHECK: return %[[O]]
func.func @strided_deconvolution_as_convolution(%x: tensor<1x2x3x3xui8>) -> tensor<1x2x6x6xui8> {
  %w = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]],
                             [[[9.0, 10.0], [11.0, 12.0]], [[13.0, 14.0], [15.0, 16.0]]]]> : tensor<2x2x2x2xf32>
  %b = arith.constant dense<[0.5, -0.25]> : tensor<2xf32>
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) Bias(%b) {strides = array<i32: 2, 2>, fuse_activation = "relu", Scale_in = 100.0 : f32, Scale_weights = array<f32: 2.0, 4.0>, Scale_out = 64.0 : f32}
      : (tensor<1x2x3x3xui8>, tensor<2x2x2x2xf32>, tensor<2xf32>) -> tensor<1x2x6x6xui8>
  return %0 : tensor<1x2x6x6xui8>
}

// -----
// f32 with run-time sizes: the expansion takes them from the image.
// CHECK-LABEL: func @strided_deconvolution_dynamic
// CHECK: %[[Y:.*]] = pdnnrt.convolution ins(%{{.*}} : tensor<?x4x?x?xf32>, tensor<3x4x1x1xf32>, {{.*}}) outs(%{{.*}} : tensor<?x3x?x?xf32>)
// CHECK: tensor.expand_shape %[[Y]] {{\[}}[0], [1, 2, 3], [4], [5]] output_shape [%{{.*}}, 3, 1, 1, %{{.*}}, %{{.*}}] : tensor<?x3x?x?xf32> into tensor<?x3x1x1x?x?xf32>
// CHECK: tensor.collapse_shape {{.*}} : tensor<?x1x?x3x?x1xf32> into tensor<?x1x?x?xf32>
func.func @strided_deconvolution_dynamic(%x: tensor<?x4x?x?xf32>) -> tensor<?x1x?x?xf32> {
  %w = arith.constant dense<0.5> : tensor<4x1x3x1xf32>
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) {strides = array<i32: 3, 1>}
      : (tensor<?x4x?x?xf32>, tensor<4x1x3x1xf32>) -> tensor<?x1x?x?xf32>
  return %0 : tensor<?x1x?x?xf32>
}

// -----

// depthwise_conv2d is a convolution with groups = C; SAME pads the extra row
// and column after ([0, 1, 0, 1] for 8 by stride 2 and a 3x3 window); VALID
// ignores paddings; NHWC says channelsLast; dilations pass through (oneDNN's
// are Paddle's minus one in the runtime, not here); a dynamic batch sizes the
// destination from the input.
// CHECK-LABEL: func @geometry
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x8x8xf32>, %[[XL:.*]]: tensor<1x8x8x3xf32>, %[[XD:.*]]: tensor<?x3x9x9xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: pdnnrt.convolution ins(%[[X]], %{{.*}}, %[[C0]], %[[C1]], %[[C0]], %[[C1]] : tensor<2x8x8x8xf32>, tensor<8x1x3x3xf32>, index, index, index, index) outs(%{{.*}} : tensor<2x8x4x4xf32>)
// CHECK-SAME: {activation = #pdnnrt.eltwise<none>, {{.*}}, channelsLast = false, dilationH = 1 : i32, dilationW = 1 : i32, groups = 8 : i32, strideH = 2 : i32, strideW = 2 : i32, sum = false}
// CHECK: pdnnrt.convolution ins(%[[XL]], %{{.*}}, %[[C0]], %[[C0]], %[[C0]], %[[C0]] : tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, index, index, index, index) outs(%{{.*}} : tensor<1x6x6x4xf32>)
// CHECK-SAME: {activation = #pdnnrt.eltwise<hardswish>, {{.*}}, channelsLast = true, {{.*}}, groups = 1 : i32, strideH = 1 : i32, strideW = 1 : i32, sum = false}
// CHECK: %[[N:.*]] = tensor.dim %[[XD]], %[[C0]] : tensor<?x3x9x9xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x4x5x5xf32>
// CHECK: pdnnrt.convolution ins(%[[XD]], {{.*}}) outs(%[[E]] : tensor<?x4x5x5xf32>)
// CHECK-SAME: {activation = #pdnnrt.eltwise<clip>, alpha = -1.000000e+00 : f32, beta = 1.000000e+00 : f32, channelsLast = false, dilationH = 2 : i32, dilationW = 2 : i32,
func.func @geometry(%x: tensor<2x8x8x8xf32>, %xl: tensor<1x8x8x3xf32>, %xd: tensor<?x3x9x9xf32>) -> (tensor<2x8x4x4xf32>, tensor<1x6x6x4xf32>, tensor<?x4x5x5xf32>) {
  %wd = arith.constant dense<1.0> : tensor<8x1x3x3xf32>
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.depthwise_conv2d Input(%x) Filter(%wd) {groups = 8 : i32, strides = array<i32: 2, 2>, padding_algorithm = "SAME"} : (tensor<2x8x8x8xf32>, tensor<8x1x3x3xf32>) -> tensor<2x8x4x4xf32>
  %wl = arith.constant dense<1.0> : tensor<4x3x3x3xf32>
  // expected-remark @below {{runs on oneDNN}}
  %1 = pdnn.conv2d Input(%xl) Filter(%wl) {data_format = "NHWC", padding_algorithm = "VALID", paddings = array<i32: 5, 5>, fuse_activation = "hard_swish"} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32>
  // expected-remark @below {{runs on oneDNN}}
  %2 = pdnn.conv2d Input(%xd) Filter(%wl) {dilations = array<i32: 2, 2>, fuse_activation = "clip", fuse_alpha = -1.0 : f32, fuse_beta = 1.0 : f32} : (tensor<?x3x9x9xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x5x5xf32>
  return %0, %1, %2 : tensor<2x8x4x4xf32>, tensor<1x6x6x4xf32>, tensor<?x4x5x5xf32>
}

// -----

// Sizes the types leave open are checked at run time (pdnnrt.fail and a
// clamped extent): the input's channels against Filter[1]·groups, the
// residual against the output.
// CHECK-LABEL: func @runtime_checks
// CHECK: pdnnrt.fail "conv2d: Input has {0} channels, Filter takes {1}"
// CHECK: pdnnrt.fail "conv2d: ResidualData has size {0} in dimension 0 where Output has {1}"
// CHECK: pdnnrt.convolution {{.*}} {{.*}}sum = true} -> tensor<?x4x7x7xf32>
func.func @runtime_checks(%x: tensor<?x?x9x9xf32>, %w: tensor<4x3x3x3xf32>, %r: tensor<?x4x7x7xf32>) -> tensor<?x4x7x7xf32> {
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<?x?x9x9xf32>, tensor<4x3x3x3xf32>, tensor<?x4x7x7xf32>) -> tensor<?x4x7x7xf32>
  return %0 : tensor<?x4x7x7xf32>
}

// -----

// conv2d_transpose: output channels Filter[1]·groups = 6, pads [1, 1, 0, 0],
// bias and activation (sigmoid is oneDNN's logistic), NHWC. output_padding
// stays for the reference loops.
// CHECK-LABEL: func @transpose
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x3x3xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>, %[[B:.*]]: tensor<6xf32>, %[[XL:.*]]: tensor<1x3x3x4xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D0:.*]] = pdnnrt.deconvolution ins(%[[X]], %[[W]], %[[B]], %[[C1]], %[[C1]], %[[C0]], %[[C0]] : tensor<1x4x3x3xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>, index, index, index, index) outs(%{{.*}} : tensor<1x6x5x7xf32>)
// CHECK-SAME: {activation = #pdnnrt.eltwise<logistic>, alpha = 0.000000e+00 : f32, beta = 0.000000e+00 : f32, channelsLast = false, dilationH = 1 : i32, dilationW = 1 : i32, groups = 2 : i32, strideH = 2 : i32, strideW = 2 : i32}
// CHECK: %[[D1:.*]] = pdnn.conv2d_transpose Input(%[[X]]) Filter(%[[W]]) {groups = 2 : i32, output_padding = array<i32: 1, 1>, strides = array<i32: 2, 2>}
// CHECK: %[[D2:.*]] = pdnnrt.deconvolution ins(%[[XL]], %[[W]], %[[C0]], %[[C0]], %[[C0]], %[[C0]] : {{.*}}) outs(%{{.*}} : tensor<1x7x7x6xf32>)
// CHECK-SAME: {activation = #pdnnrt.eltwise<gelu_tanh>, {{.*}}, channelsLast = true,
// CHECK: return %[[D0]], %[[D1]], %[[D2]]
func.func @transpose(%x: tensor<1x4x3x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<6xf32>, %xl: tensor<1x3x3x4xf32>) -> (tensor<1x6x5x7xf32>, tensor<1x6x8x8xf32>, tensor<1x7x7x6xf32>) {
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) Bias(%b) {groups = 2 : i32, strides = array<i32: 2, 2>, paddings = array<i32: 1, 0>, fuse_activation = "sigmoid"} : (tensor<1x4x3x3xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<1x6x5x7xf32>
  // expected-remark @below {{runs on the reference loops: output_padding or output_size: oneDNN's deconvolution sizes its output from the padding alone}}
  %1 = pdnn.conv2d_transpose Input(%x) Filter(%w) {groups = 2 : i32, strides = array<i32: 2, 2>, output_padding = array<i32: 1, 1>} : (tensor<1x4x3x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x8x8xf32>
  // expected-remark @below {{runs on oneDNN}}
  %2 = pdnn.conv2d_transpose Input(%xl) Filter(%w) {groups = 2 : i32, strides = array<i32: 2, 2>, data_format = "NHWC", fuse_activation = "gelu_tanh"} : (tensor<1x3x3x4xf32>, tensor<4x3x3x3xf32>) -> tensor<1x7x7x6xf32>
  return %0, %1, %2 : tensor<1x6x5x7xf32>, tensor<1x6x8x8xf32>, tensor<1x7x7x6xf32>
}

// -----

// pool2d: operands kernel H, W, stride H, W, pads top, bottom, left, right.
// Max; exclusive average (Paddle's default); non-exclusive with symmetric
// pads (oneDNN's include-padding divisor is Paddle's then); global pooling
// (the whole 7x7 image); adaptive 2x2 of a 6x6 NHWC image (3x3 windows).
// ceil_mode and a non-exclusive average padded more after than before stay.
// CHECK-LABEL: func @pool
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK: %[[P0:.*]] = pdnnrt.pooling ins(%arg0, %[[C3]], %[[C3]], %[[C2]], %[[C2]], %[[C1]], %[[C1]], %[[C1]], %[[C1]] : {{.*}}) outs(%{{.*}} : tensor<1x8x4x4xf32>) {algorithm = #pdnnrt.pooling<max>, channelsLast = false}
// CHECK: %[[P1:.*]] = pdnnrt.pooling ins(%arg0, %[[C3]], %[[C3]], %[[C2]], %[[C2]], %[[C0]], %[[C0]], %[[C0]], %[[C0]] : {{.*}}) outs(%{{.*}} : tensor<1x8x3x3xf32>) {algorithm = #pdnnrt.pooling<avg_exclude_padding>, channelsLast = false}
// CHECK: %[[P2:.*]] = pdnnrt.pooling ins(%arg0, %[[C3]], %[[C3]], %[[C2]], %[[C2]], %[[C1]], %[[C1]], %[[C1]], %[[C1]] : {{.*}}) outs(%{{.*}} : tensor<1x8x4x4xf32>) {algorithm = #pdnnrt.pooling<avg_include_padding>, channelsLast = false}
// CHECK: %[[P3:.*]] = pdnnrt.pooling ins(%arg0, %[[C7]], %[[C7]], %[[C7]], %[[C7]], %[[C0]], %[[C0]], %[[C0]], %[[C0]] : {{.*}}) outs(%{{.*}} : tensor<1x8x1x1xf32>) {algorithm = #pdnnrt.pooling<avg_exclude_padding>, channelsLast = false}
// CHECK: %[[P4:.*]] = pdnnrt.pooling ins(%arg1, %[[C3]], %[[C3]], %[[C3]], %[[C3]], %[[C0]], %[[C0]], %[[C0]], %[[C0]] : {{.*}}) outs(%{{.*}} : tensor<1x2x2x8xf32>) {algorithm = #pdnnrt.pooling<avg_exclude_padding>, channelsLast = true}
// CHECK: %[[P5:.*]] = pdnn.pool2d %arg0 {ceil_mode = true
// CHECK: %[[P6:.*]] = pdnn.pool2d %arg0 {exclusive = false
// CHECK: return %[[P0]], %[[P1]], %[[P2]], %[[P3]], %[[P4]], %[[P5]], %[[P6]]
func.func @pool(%x: tensor<1x8x7x7xf32>, %xl: tensor<1x6x6x8xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x3x3xf32>, tensor<1x8x4x4xf32>, tensor<1x8x1x1xf32>, tensor<1x2x2x8xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) {
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 3, 3>, strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (tensor<1x8x7x7xf32>) -> tensor<1x8x4x4xf32>
  // expected-remark @below {{runs on oneDNN}}
  %1 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 3, 3>, strides = array<i32: 2, 2>} : (tensor<1x8x7x7xf32>) -> tensor<1x8x3x3xf32>
  // expected-remark @below {{runs on oneDNN}}
  %2 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 3, 3>, strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>, exclusive = false} : (tensor<1x8x7x7xf32>) -> tensor<1x8x4x4xf32>
  // expected-remark @below {{runs on oneDNN}}
  %3 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 1, 1>, global_pooling = true} : (tensor<1x8x7x7xf32>) -> tensor<1x8x1x1xf32>
  // expected-remark @below {{runs on oneDNN}}
  %4 = pdnn.pool2d %xl {pooling_type = "avg", ksize = array<i32: 2, 2>, adaptive = true, data_format = "NHWC"} : (tensor<1x6x6x8xf32>) -> tensor<1x2x2x8xf32>
  // expected-remark @below {{runs on the reference loops: ceil_mode: Paddle's last windows may be empty or reach past the padding, which oneDNN's pooling does not reproduce}}
  %5 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>, ceil_mode = true} : (tensor<1x8x7x7xf32>) -> tensor<1x8x4x4xf32>
  // expected-remark @below {{runs on the reference loops: a non-exclusive average with more padding after than before: Paddle's divisor leaves out the extra, oneDNN's counts it}}
  %6 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 3, 3>, strides = array<i32: 2, 2>, paddings = array<i32: 0, 2, 0, 2>, exclusive = false} : (tensor<1x8x7x7xf32>) -> tensor<1x8x4x4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<1x8x4x4xf32>, tensor<1x8x3x3xf32>, tensor<1x8x4x4xf32>, tensor<1x8x1x1xf32>, tensor<1x2x2x8xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>
}

// -----

// Adaptive pooling into windows that may not divide the image stays; an
// adaptive 1x1 output of an image whose size is known only at run time is
// one window of the whole image.
// CHECK-LABEL: func @adaptive
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[P0:.*]] = pdnn.pool2d %arg0
// CHECK: %[[H:.*]] = tensor.dim %arg1, %{{.*}} : tensor<1x8x?x?xf32>
// CHECK: %[[W:.*]] = tensor.dim %arg1, %{{.*}} : tensor<1x8x?x?xf32>
// CHECK: %[[P1:.*]] = pdnnrt.pooling ins(%arg1, %[[H]], %[[W]], %[[H]], %[[W]], %[[C0]], %[[C0]], %[[C0]], %[[C0]] : {{.*}}) outs(%{{.*}} : tensor<1x8x1x1xf32>) {algorithm = #pdnnrt.pooling<avg_exclude_padding>, channelsLast = false}
// CHECK: return %[[P0]], %[[P1]]
func.func @adaptive(%x: tensor<1x8x?x?xf32>, %xd: tensor<1x8x?x?xf32>) -> (tensor<1x8x2x2xf32>, tensor<1x8x1x1xf32>) {
  // expected-remark @below {{runs on the reference loops: adaptive pooling into 2x2 windows of an image they may not divide (oneDNN's windows are all alike)}}
  %0 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 2, 2>, adaptive = true} : (tensor<1x8x?x?xf32>) -> tensor<1x8x2x2xf32>
  // expected-remark @below {{runs on oneDNN}}
  %1 = pdnn.pool2d %xd {pooling_type = "avg", ksize = array<i32: 1, 1>, adaptive = true} : (tensor<1x8x?x?xf32>) -> tensor<1x8x1x1xf32>
  return %0, %1 : tensor<1x8x2x2xf32>, tensor<1x8x1x1xf32>
}

// -----

// batch_norm: Mean, Variance, Scale, Bias in that order, epsilon, relu
// (fuse_with_relu), channelsLast; rank 2 stays. Interpolations: nearest by an
// integral scale, bilinear (align_mode 0) to an integral multiple; align
// corners stays. concat along the channels of images.
// CHECK-LABEL: func @norm_interp_concat
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x4x4xf32>, %[[XL:.*]]: tensor<1x4x4x8xf32>, %[[V:.*]]: tensor<2x8xf32>, %[[C:.*]]: tensor<8xf32>, %[[S:.*]]: tensor<8xf32>)
// CHECK: %[[N0:.*]] = pdnnrt.batch_norm ins(%[[X]], %[[C]], %[[S]], %[[S]], %[[C]] : {{.*}}) outs(%{{.*}} : tensor<1x8x4x4xf32>) {channelsLast = false, epsilon = 1.000000e-03 : f32, relu = true}
// CHECK: %[[N1:.*]] = pdnnrt.batch_norm ins(%[[XL]], {{.*}}) outs(%{{.*}} : tensor<1x4x4x8xf32>) {channelsLast = true, epsilon = 9.99999974E-6 : f32, relu = false}
// CHECK: %[[N2:[^,]*]], %{{.*}} = pdnn.batch_norm X(%[[V]])
// CHECK: %[[I0:.*]] = pdnnrt.resampling ins(%[[X]] : tensor<1x8x4x4xf32>) outs(%{{.*}} : tensor<1x8x8x8xf32>) {algorithm = #pdnnrt.resampling<nearest>, channelsLast = false}
// CHECK: %[[I1:.*]] = pdnnrt.resampling ins(%[[X]] : tensor<1x8x4x4xf32>) outs(%{{.*}} : tensor<1x8x12x8xf32>) {algorithm = #pdnnrt.resampling<linear>, channelsLast = false}
// CHECK: %[[I2:.*]] = pdnn.bilinear_interp_v2 X(%[[X]])
// CHECK: %[[K:.*]] = pdnnrt.concat ins(%[[X]], %[[X]] : tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) outs(%{{.*}} : tensor<1x16x4x4xf32>) {axis = 1 : i32}
// CHECK: return %[[N0]], %[[N1]], %[[N2]], %[[I0]], %[[I1]], %[[I2]], %[[K]]
func.func @norm_interp_concat(%x: tensor<1x8x4x4xf32>, %xl: tensor<1x4x4x8xf32>, %v: tensor<2x8xf32>, %c: tensor<8xf32>, %s: tensor<8xf32>)
    -> (tensor<1x8x4x4xf32>, tensor<1x4x4x8xf32>, tensor<2x8xf32>, tensor<1x8x8x8xf32>, tensor<1x8x12x8xf32>, tensor<1x8x8x8xf32>, tensor<1x16x4x4xf32>) {
  // expected-remark @below {{runs on oneDNN}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%s) Bias(%c) Mean(%c) Variance(%s) {is_test = true, epsilon = 1.0e-3 : f32, fuse_with_relu = true}
      : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  // expected-remark @below {{runs on oneDNN}}
  %1:5 = pdnn.batch_norm X(%xl) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true, data_layout = "NHWC"}
      : (tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  // expected-remark @below {{runs on the reference loops: X has rank 2; the runtime's batch_norm takes images (rank 4)}}
  %2:5 = pdnn.batch_norm X(%v) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true}
      : (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  // expected-remark @below {{runs on oneDNN}}
  %3 = pdnn.nearest_interp_v2 X(%x) {scale = array<f32: 2.0, 2.0>, interp_method = "nearest", align_corners = false} : tensor<1x8x4x4xf32> -> tensor<1x8x8x8xf32>
  // expected-remark @below {{runs on oneDNN}}
  %4 = pdnn.bilinear_interp_v2 X(%x) {out_h = 12 : i32, out_w = 8 : i32, align_corners = false, align_mode = 0 : i32} : tensor<1x8x4x4xf32> -> tensor<1x8x12x8xf32>
  // expected-remark @below {{runs on the reference loops: align_corners: oneDNN's resampling has no corner-aligned coordinates}}
  %5 = pdnn.bilinear_interp_v2 X(%x) {out_h = 8 : i32, out_w = 8 : i32} : tensor<1x8x4x4xf32> -> tensor<1x8x8x8xf32>
  // expected-remark @below {{runs on oneDNN}}
  %6 = pdnn.concat %x, %x {axis = 1 : i32} : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32>
  return %0#0, %1#0, %2#0, %3, %4, %5, %6 : tensor<1x8x4x4xf32>, tensor<1x4x4x8xf32>, tensor<2x8xf32>, tensor<1x8x8x8xf32>, tensor<1x8x12x8xf32>, tensor<1x8x8x8xf32>, tensor<1x16x4x4xf32>
}

// -----

// More refusals of the legality check: interpolation sizes read at run time
// or not integral multiples, align_mode 1, concat of more than 8 inputs.
// CHECK-LABEL: func @more_refusals
// CHECK-COUNT-3: pdnn.bilinear_interp_v2
// CHECK: pdnn.nearest_interp_v2
// CHECK: pdnn.concat
// CHECK-NOT: pdnnrt.
// CHECK: return
func.func @more_refusals(%x: tensor<1x8x4x4xf32>, %size: tensor<2xi32>) -> (tensor<1x8x?x?xf32>, tensor<1x8x6x6xf32>, tensor<1x8x8x8xf32>, tensor<1x8x6x6xf32>, tensor<1x72x4x4xf32>) {
  // expected-remark @below {{runs on the reference loops: the output size is a tensor read at run time}}
  %0 = pdnn.bilinear_interp_v2 X(%x) OutSize(%size : tensor<2xi32>) {align_corners = false, align_mode = 0 : i32} : tensor<1x8x4x4xf32> -> tensor<1x8x?x?xf32>
  // expected-remark @below {{runs on the reference loops: out_h and out_w are not known integer multiples of the input's size}}
  %1 = pdnn.bilinear_interp_v2 X(%x) {out_h = 6 : i32, out_w = 6 : i32, align_corners = false, align_mode = 0 : i32} : tensor<1x8x4x4xf32> -> tensor<1x8x6x6xf32>
  // expected-remark @below {{runs on the reference loops: align_mode 1 reads source k·ratio}}
  %2 = pdnn.bilinear_interp_v2 X(%x) {out_h = 8 : i32, out_w = 8 : i32, align_corners = false} : tensor<1x8x4x4xf32> -> tensor<1x8x8x8xf32>
  // expected-remark @below {{runs on the reference loops: scale 1.500000 is not an integer}}
  %3 = pdnn.nearest_interp_v2 X(%x) {scale = array<f32: 1.5, 1.5>, interp_method = "nearest", align_corners = false} : tensor<1x8x4x4xf32> -> tensor<1x8x6x6xf32>
  // expected-remark @below {{runs on the reference loops: concat of 9 inputs: the runtime's concat takes 1 to 8}}
  %4 = pdnn.concat %x, %x, %x, %x, %x, %x, %x, %x, %x {axis = 1 : i32}
      : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x72x4x4xf32>
  return %0, %1, %2, %3, %4 : tensor<1x8x?x?xf32>, tensor<1x8x6x6xf32>, tensor<1x8x8x8xf32>, tensor<1x8x6x6xf32>, tensor<1x72x4x4xf32>
}

// -----

// The runtime's concat copies f32, int8 and bf16 images (a low-precision
// graph's); int64 data stays on the reference loops.
// CHECK-LABEL: func @concat_types
// CHECK: pdnnrt.concat ins(%arg0, %arg0 : tensor<1x8x4x4xui8>, tensor<1x8x4x4xui8>) outs(%{{.*}} : tensor<1x16x4x4xui8>)
// CHECK: pdnnrt.concat ins(%arg1, %arg1 : tensor<2x3xbf16>, tensor<2x3xbf16>) outs(%{{.*}} : tensor<4x3xbf16>)
// CHECK: pdnn.concat %arg2, %arg2
func.func @concat_types(%a: tensor<1x8x4x4xui8>, %b: tensor<2x3xbf16>, %c: tensor<2x3xi64>)
    -> (tensor<1x16x4x4xui8>, tensor<4x3xbf16>, tensor<4x3xi64>) {
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.concat %a, %a {axis = 1 : i32} : (tensor<1x8x4x4xui8>, tensor<1x8x4x4xui8>) -> tensor<1x16x4x4xui8>
  // expected-remark @below {{runs on oneDNN}}
  %1 = pdnn.concat %b, %b {axis = 0 : i32} : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<4x3xbf16>
  // expected-remark @below {{runs on the reference loops: Out is i64; the oneDNN backend concatenates f32, int8 and bf16}}
  %2 = pdnn.concat %c, %c {axis = 0 : i32} : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
  return %0, %1, %2 : tensor<1x16x4x4xui8>, tensor<4x3xbf16>, tensor<4x3xi64>
}
