// matmul (v1) flattens each operand's leading dimensions into one batch
// (CreateMatrixDescriptor): the batch sizes must be equal (or one side has
// none), whatever their shapes; Out takes X's leading dimensions when X has a
// batch. The canonicalization gives Y X's batch dimensions for matmul_v2.
// RUN: pdnn-opt %s -split-input-file | FileCheck %s
// RUN: pdnn-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func @x_batch_2x3_y_batch_6
// CHECK: pdnn.matmul %arg0, %arg1 : (tensor<2x3x4x5xf32>, tensor<6x5x2xf32>) -> tensor<2x3x4x2xf32>
// CANON-LABEL: func @x_batch_2x3_y_batch_6
// CANON: return %{{.*}} : tensor<2x3x4x2xf32>
func.func @x_batch_2x3_y_batch_6(%x: tensor<2x3x4x5xf32>, %y: tensor<6x5x2xf32>) -> tensor<2x3x4x2xf32> {
  %0 = pdnn.matmul %x, %y : (tensor<2x3x4x5xf32>, tensor<6x5x2xf32>) -> tensor<2x3x4x2xf32>
  return %0 : tensor<2x3x4x2xf32>
}

// -----

// X has the batch: Out takes X's leading dimensions.
// CHECK-LABEL: func @x_batch_6_y_batch_2x3
// CHECK: pdnn.matmul %arg0, %arg1 : (tensor<6x4x5xf32>, tensor<2x3x5x2xf32>) -> tensor<6x4x2xf32>
// CANON-LABEL: func @x_batch_6_y_batch_2x3
// CANON: return %{{.*}} : tensor<6x4x2xf32>
func.func @x_batch_6_y_batch_2x3(%x: tensor<6x4x5xf32>, %y: tensor<2x3x5x2xf32>) -> tensor<6x4x2xf32> {
  %0 = pdnn.matmul %x, %y : (tensor<6x4x5xf32>, tensor<2x3x5x2xf32>) -> tensor<6x4x2xf32>
  return %0 : tensor<6x4x2xf32>
}
