// --inplace="op-types=..." considers only the named ops and leaves the rest
// undecided.
// RUN: pdnn-opt %s --inplace="op-types=tanh,scale" | FileCheck %s

// CHECK-LABEL: func @only_named_types
// CHECK: pdnn.relu %{{.*}} : tensor<4x8xf32>
// CHECK-NEXT: pdnn.tanh %{{.*}} {pdnn.inplace}
// CHECK-NEXT: pdnn.scale %{{.*}} {pdnn.inplace, scale = 3.000000e+00 : f32}
// CHECK-NEXT: pdnn.softmax %{{.*}} : tensor<4x8xf32>
func.func @only_named_types(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %p = pdnn.fc Input(%x) W(%w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %a = pdnn.relu %p : tensor<4x8xf32>
  %b = pdnn.tanh %a : tensor<4x8xf32>
  %c = pdnn.scale %b {scale = 3.0 : f32} : tensor<4x8xf32> -> tensor<4x8xf32>
  %d = pdnn.softmax %c : tensor<4x8xf32>
  return %d : tensor<4x8xf32>
}
