// Non-recurrent ops to oneDNN calls, with Paddle's reshapes made explicit.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn | FileCheck %s

// Activations map to eltwise algorithms; scale to linear (bias folded into
// the shift when applied before scaling); a pdnn.inplace op writes into its
// input, the others into a new tensor.
// CHECK-LABEL: func @eltwise
// CHECK: %[[R:.*]] = pdnnrt.eltwise ins(%arg0 : tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.000000e+00 : f32, beta = 0.000000e+00 : f32}
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: pdnnrt.eltwise ins(%[[R]] : tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 1.000000e-01 : f32
// CHECK: {algorithm = #pdnnrt.eltwise<gelu_tanh>
// CHECK: {algorithm = #pdnnrt.eltwise<gelu_erf>
// CHECK: {algorithm = #pdnnrt.eltwise<swish>, alpha = 2.000000e+00 : f32
// CHECK: {algorithm = #pdnnrt.eltwise<logistic>
// CHECK: {algorithm = #pdnnrt.eltwise<linear>, alpha = 2.000000e+00 : f32, beta = 6.000000e+00 : f32}
// CHECK: {algorithm = #pdnnrt.eltwise<linear>, alpha = 2.000000e+00 : f32, beta = 3.000000e+00 : f32}
func.func @eltwise(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = pdnn.relu %x {pdnn.inplace} : tensor<4x8xf32>
  %1 = pdnn.leaky_relu %0 {alpha = 0.1 : f32} : tensor<4x8xf32>
  %2 = pdnn.gelu %1 {approximate = true} : tensor<4x8xf32>
  %3 = pdnn.gelu %2 : tensor<4x8xf32>
  %4 = pdnn.swish %3 {beta = 2.0 : f32} : tensor<4x8xf32>
  %5 = pdnn.sigmoid %4 : tensor<4x8xf32>
  %6 = pdnn.scale %5 {scale = 2.0 : f32, bias = 3.0 : f32, bias_after_scale = false} : tensor<4x8xf32> -> tensor<4x8xf32>
  %7 = pdnn.scale %6 {scale = 2.0 : f32, bias = 3.0 : f32} : tensor<4x8xf32> -> tensor<4x8xf32>
  return %7 : tensor<4x8xf32>
}

// -----

// Paddle's axis broadcast becomes explicit unit dimensions on src1; when X
// is the smaller operand of an add, the operands swap (oneDNN broadcasts
// src1 only).
// CHECK-LABEL: func @binary
// CHECK: %[[Y:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1, 2]] output_shape [1, 3, 1] : tensor<3xf32> into tensor<1x3x1xf32>
// CHECK: pdnnrt.binary ins(%arg0, %[[Y]] : tensor<2x3x4xf32>, tensor<1x3x1xf32>) {{.*}} {algorithm = #pdnnrt.binary<add>}
// CHECK: %[[X:.*]] = tensor.expand_shape %arg2 {{\[}}[0, 1, 2]] output_shape [1, 1, 4] : tensor<4xf32> into tensor<1x1x4xf32>
// CHECK: pdnnrt.binary ins(%arg0, %[[X]] : tensor<2x3x4xf32>, tensor<1x1x4xf32>) {{.*}} {algorithm = #pdnnrt.binary<mul>}
func.func @binary(%x: tensor<2x3x4xf32>, %y: tensor<3xf32>, %z: tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = pdnn.elementwise_add %x, %y {axis = 1 : i32} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %1 = pdnn.elementwise_mul %z, %x : (tensor<4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// -----

// int8 add and mul (Int8Elementwise.h): oneDNN's binary with source scales
// Scale_out / Scale_x and Scale_out / Scale_y (1 / Scale_y for mul) into
// Out's type; when the operands swap, each keeps its scale.
// CHECK-LABEL: func @int8_binary
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK: pdnnrt.binary ins(%arg0, %{{.*}} : tensor<2x3x4xui8>, tensor<1x3x1xsi8>) outs(%[[E]] : tensor<2x3x4xf32>) {algorithm = #pdnnrt.binary<add>, scale0 = 2.500000e-01 : f32, scale1 = 1.250000e-01 : f32}
// CHECK: %[[E8:.*]] = tensor.empty() : tensor<2x3x4xsi8>
// CHECK: pdnnrt.binary ins(%arg0, %{{.*}} : tensor<2x3x4xui8>, tensor<1x1x4xf32>) outs(%[[E8]] : tensor<2x3x4xsi8>) {algorithm = #pdnnrt.binary<mul>, scale0 = 6.250000e-02 : f32, scale1 = 2.000000e+00 : f32}
func.func @int8_binary(%x: tensor<2x3x4xui8>, %y: tensor<3xsi8>, %z: tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xsi8>) {
  %0 = pdnn.elementwise_add %x, %y {axis = 1 : i32, Scale_x = 4.0 : f32, Scale_y = 8.0 : f32} : (tensor<2x3x4xui8>, tensor<3xsi8>) -> tensor<2x3x4xf32>
  %1 = pdnn.elementwise_mul %z, %x {Scale_y = 16.0 : f32, Scale_out = 2.0 : f32} : (tensor<4xf32>, tensor<2x3x4xui8>) -> tensor<2x3x4xsi8>
  return %0, %1 : tensor<2x3x4xf32>, tensor<2x3x4xsi8>
}

// -----

// sub whose X broadcasts: oneDNN broadcasts only its second source, so it
// runs (-Y) + X, Y's scale negated (int8: -Scale_out / Scale_y). div has no
// such form: the reference runs it.
// CHECK-LABEL: func @sub_broadcasting_x
// CHECK: pdnnrt.binary ins(%arg1, %{{.*}} : tensor<2x3x4xf32>, tensor<1x3x1xf32>) outs(%{{.*}} : tensor<2x3x4xf32>) {algorithm = #pdnnrt.binary<add>, scale0 = -1.000000e+00 : f32}
// CHECK: pdnnrt.binary ins(%arg3, %{{.*}} : tensor<2x3x4xsi8>, tensor<1x3x1xui8>) outs(%{{.*}} : tensor<2x3x4xsi8>) {algorithm = #pdnnrt.binary<add>, scale0 = -1.250000e-01 : f32, scale1 = 2.500000e-01 : f32}
// CHECK: pdnn.elementwise_div
func.func @sub_broadcasting_x(%x: tensor<3xf32>, %y: tensor<2x3x4xf32>, %q: tensor<3xui8>, %r: tensor<2x3x4xsi8>) -> (tensor<2x3x4xf32>, tensor<2x3x4xsi8>, tensor<2x3x4xf32>) {
  %0 = pdnn.elementwise_sub %x, %y {axis = 1 : i32} : (tensor<3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = pdnn.elementwise_sub %q, %r {axis = 1 : i32, Scale_x = 4.0 : f32, Scale_y = 8.0 : f32} : (tensor<3xui8>, tensor<2x3x4xsi8>) -> tensor<2x3x4xsi8>
  %2 = pdnn.elementwise_div %x, %y {axis = 1 : i32} : (tensor<3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0, %1, %2 : tensor<2x3x4xf32>, tensor<2x3x4xsi8>, tensor<2x3x4xf32>
}

// -----

// Both operands broadcast: oneDNN cannot, the reference will.
// CHECK-LABEL: func @both_broadcast
// CHECK: pdnn.elementwise_add
func.func @both_broadcast(%x: tensor<3x1xf32>, %y: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %0 = pdnn.elementwise_add %x, %y : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// fc: Input flattened at in_num_col_dims, bias as [N], relu as a post-op, the
// product reshaped back to Out.
// CHECK-LABEL: func @fc
// CHECK: %[[SRC:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<2x3x16xf32> into tensor<6x16xf32>
// CHECK: %[[BIAS:.*]] = tensor.collapse_shape %arg2 {{\[}}[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
// CHECK: %[[MM:.*]] = pdnnrt.matmul ins(%[[SRC]], %arg1, %[[BIAS]] : tensor<6x16xf32>, tensor<16x8xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<6x8xf32>) {activation = #pdnnrt.eltwise<relu>}
// CHECK: tensor.expand_shape %{{.*}} output_shape [2, 3, 8] : tensor<48xf32> into tensor<2x3x8xf32>
func.func @fc(%x: tensor<2x3x16xf32>, %w: tensor<16x8xf32>, %b: tensor<1x8xf32>) -> tensor<2x3x8xf32> {
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32, activation_type = "relu"}
      : (tensor<2x3x16xf32>, tensor<16x8xf32>, tensor<1x8xf32>) -> tensor<2x3x8xf32>
  return %0 : tensor<2x3x8xf32>
}

// -----

// sum in chunks of four: six inputs are two calls.
// CHECK-LABEL: func @sum
// CHECK: %[[A:.*]] = pdnnrt.sum ins(%arg0, %arg0, %arg0, %arg0 :
// CHECK: pdnnrt.sum ins(%[[A]], %arg0, %arg0 :
func.func @sum(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = pdnn.sum %x, %x, %x, %x, %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// layer_norm over a 2-D view; absent Scale/Bias are ones/zeros.
// CHECK-LABEL: func @layer_norm
// CHECK: tensor.collapse_shape %arg0 {{\[}}[0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<12xf32>)
// CHECK: pdnnrt.layer_norm ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<2x12xf32>, tensor<12xf32>, tensor<12xf32>) outs({{.*}}) {epsilon = 9.99999974E-6 : f32}
func.func @layer_norm(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0:3 = pdnn.layer_norm X(%x) : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3x4xf32>, tensor<2xf32>, tensor<2xf32>
}
