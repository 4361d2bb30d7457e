// Malformed input gets a located diagnostic and a failing exit code, never a
// crash.
// RUN: not pdnn-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: malformed.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: {{.*}}expected 'lod'
func.func @missing_lod(%x: tensor<?x3xf32>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  %0:5 = pdnn.fusion_gru X(%x) WeightX(%wx) WeightH(%wh)
      : (tensor<?x3xf32>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  return
}

// -----

// CHECK: malformed.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: custom op 'pdnn.no_such_op' is unknown
func.func @unknown_op(%x: tensor<4xf32>) {
  %0 = pdnn.no_such_op %x : tensor<4xf32>
  return
}

// -----

// CHECK: malformed.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: {{.*}}number of operands and types do not match
func.func @wrong_type_count(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  %0 = pdnn.elementwise_add %x, %y : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// CHECK: malformed.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: 'pdnn.gru' op activation must be one of
func.func @unknown_activation(%in: tensor<?x15xf32>, %lod: tensor<?xi64>, %w: tensor<5x15xf32>) {
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w) {activation = "softplus"}
      : (tensor<?x15xf32>, tensor<?xi64>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x5xf32>, tensor<?x5xf32>)
  return
}

// -----

// CHECK: malformed.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: expected '>'
func.func @bad_encoding(%w: tensor<4x4xsi8, #pdnn.packed<"BA4a4b" nnz = 3>>) {
  return
}

// -----

// CHECK: malformed.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: expected non-function type
func.func @truncated(%x: tensor<4xf32>) {
  %0 = pdnn.relu %x :
