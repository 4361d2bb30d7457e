// Folds that canonicalization applies to pdnn ops.
// RUN: pdnn-opt %s -canonicalize -split-input-file | FileCheck %s

// The sum of one tensor is that tensor.
// CHECK-LABEL: func @sum_of_one
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NOT: pdnn.sum
// CHECK: return %[[X]]
func.func @sum_of_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = pdnn.sum %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func @sum_of_two
// CHECK: pdnn.sum
func.func @sum_of_two(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = pdnn.sum %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// scale with scale = 1 and bias = 0 is the identity.
// CHECK-LABEL: func @identity_scale
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NOT: pdnn.scale
// CHECK: return %[[X]]
func.func @identity_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = pdnn.scale %x {scale = 1.0 : f32, bias = 0.0 : f32, bias_after_scale = false} : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func @real_scale
// CHECK: pdnn.scale %{{.*}} {bias = 1.000000e+00 : f32}
func.func @real_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = pdnn.scale %x {bias = 1.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// A ScaleTensor overrides the attribute: nothing to fold.
// CHECK-LABEL: func @scale_tensor
// CHECK: pdnn.scale %{{.*}} ScaleTensor
func.func @scale_tensor(%x: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<4xf32> {
  %0 = pdnn.scale %x ScaleTensor(%s : tensor<1xf32>) : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Pure ops whose results are unused disappear, scratch results and all.
// CHECK-LABEL: func @dead_gru
// CHECK-NOT: pdnn.fusion_gru
func.func @dead_gru(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  return
}
