// matmul (v1) on 1-D operands as Paddle reads them (matmul_op.cc): a 1-D X
// is the row [1, K] before its transpose, a 1-D Y the column [K, 1]; Out
// drops M (N) only when it is 1. matmul_v2 ignores the transposes of 1-D
// operands, so the canonicalization reshapes a transposed vector into the
// matrix v1 reads first.
// RUN: pdnn-opt %s -split-input-file | FileCheck %s --check-prefix=PARSE
// RUN: pdnn-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=CANON

// PARSE-LABEL: func @row_vector_transposed
// PARSE: pdnn.matmul %arg0, %arg1 {transpose_X = true} : (tensor<4xf32>, tensor<1x5xf32>) -> tensor<4x5xf32>
// CANON-LABEL: func @row_vector_transposed
// CANON: %[[ROW:.*]], %{{.*}} = pdnn.reshape2 %arg0 {shape = array<i32: 1, 4>} : tensor<4xf32> -> tensor<1x4xf32>
// CANON: %[[P:.*]] = pdnn.matmul_v2 %[[ROW]], %arg1 {trans_x = true} : (tensor<1x4xf32>, tensor<1x5xf32>) -> tensor<4x5xf32>
// CANON: return %[[P]] : tensor<4x5xf32>
func.func @row_vector_transposed(%x: tensor<4xf32>, %y: tensor<1x5xf32>) -> tensor<4x5xf32> {
  %0 = pdnn.matmul %x, %y {transpose_X = true} : (tensor<4xf32>, tensor<1x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// PARSE-LABEL: func @column_vector_transposed
// PARSE: pdnn.matmul %arg0, %arg1 {transpose_Y = true} : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xf32>
// CANON-LABEL: func @column_vector_transposed
// CANON: %[[COL:.*]], %{{.*}} = pdnn.reshape2 %arg1 {shape = array<i32: 4, 1>} : tensor<4xf32> -> tensor<4x1xf32>
// CANON: %[[P:.*]] = pdnn.matmul_v2 %arg0, %[[COL]] {trans_y = true} : (tensor<3x1xf32>, tensor<4x1xf32>) -> tensor<3x4xf32>
// CANON: return %[[P]] : tensor<3x4xf32>
func.func @column_vector_transposed(%x: tensor<3x1xf32>, %y: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = pdnn.matmul %x, %y {transpose_Y = true} : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
