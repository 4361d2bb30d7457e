// What the lowering needs from --inplace: an op marked pdnn.inplace passes
// its input as the oneDNN call's destination, and one-shot bufferization
// keeps it there, so the runtime sees the same buffer as src and dst.
// RUN: pdnn-opt %s --inplace | pdnn-opt --pass-pipeline="builtin.module(convert-pdnn-to-onednn,canonicalize,convert-pdnn-to-linalg,empty-tensor-to-alloc-tensor,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})" | FileCheck %s

// The chain shares fc's buffer end to end.
// CHECK-LABEL: func @chain
// CHECK: %[[BUF:.*]] = memref.alloc
// CHECK-NEXT: pdnnrt.matmul {{.*}} outs(%[[BUF]] :
// CHECK-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] :
// CHECK-NEXT: pdnnrt.softmax ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] :
// CHECK-NEXT: pdnnrt.binary ins(%[[BUF]], %arg3 : {{.*}}) outs(%[[BUF]] :
// CHECK-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] :
// CHECK-NEXT: return %[[BUF]]
func.func @chain(%a: tensor<2x8xf32>, %w: tensor<8x8xf32>, %b: tensor<8xf32>, %i: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %f = pdnn.fc Input(%a) W(%w) Bias(%b) : (tensor<2x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %g = pdnn.relu %f : tensor<2x8xf32>
  %h = pdnn.softmax %g : tensor<2x8xf32>
  %j = pdnn.elementwise_add %h, %i : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %k = pdnn.tanh %j : tensor<2x8xf32>
  return %k : tensor<2x8xf32>
}

// A value read later keeps its buffer: softmax writes elsewhere, and the
// second softmax, the last reader, writes in place.
// CHECK-LABEL: func @branched
// CHECK: %[[BUF:.*]] = memref.alloc
// CHECK-NEXT: pdnnrt.matmul {{.*}} outs(%[[BUF]] :
// CHECK-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] :
// CHECK-NEXT: %[[OTHER:.*]] = memref.alloc
// CHECK-NEXT: pdnnrt.softmax ins(%[[BUF]] : {{.*}}) outs(%[[OTHER]] :
// CHECK-NEXT: pdnnrt.eltwise ins(%[[OTHER]] : {{.*}}) outs(%[[OTHER]] :
// CHECK-NEXT: pdnnrt.softmax ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] :
func.func @branched(%a: tensor<2x8xf32>, %w: tensor<8x8xf32>, %b: tensor<8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %f = pdnn.fc Input(%a) W(%w) Bias(%b) : (tensor<2x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %g = pdnn.relu %f : tensor<2x8xf32>
  %h = pdnn.softmax %g : tensor<2x8xf32>
  %k = pdnn.tanh %h : tensor<2x8xf32>
  %z = pdnn.softmax %g : tensor<2x8xf32>
  return %k, %z : tensor<2x8xf32>, tensor<2x8xf32>
}

// Without the decision, every call gets its own destination.
// CHECK-LABEL: func @argument
// CHECK: %[[NEW:.*]] = memref.alloc
// CHECK: pdnnrt.eltwise ins(%arg0 : {{.*}}) outs(%[[NEW]] :
func.func @argument(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = pdnn.relu %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
