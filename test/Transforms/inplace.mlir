// --inplace: each rule, positive and negative.
// RUN: pdnn-opt %s -split-input-file --inplace | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --inplace --remarks-filter=inplace --remark-format=emitRemark \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// Running it twice decides the same.
// RUN: pdnn-opt %s -split-input-file --inplace --inplace | FileCheck %s

// A chain relu -> tanh -> relu shares one buffer, and a reader of the chain's
// values that ran earlier does not stop it (Paddle would refuse: two readers).
// CHECK-LABEL: func @chain_with_earlier_reader
// CHECK: %[[P:.*]] = pdnn.fc
// CHECK-NEXT: pdnn.sigmoid %[[P]] : tensor<4x8xf32>
// CHECK-NEXT: pdnn.relu %[[P]] {pdnn.inplace}
// CHECK-NEXT: pdnn.tanh %{{.*}} {pdnn.inplace}
// CHECK-NEXT: pdnn.relu %{{.*}} {pdnn.inplace}
func.func @chain_with_earlier_reader(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %p = pdnn.fc Input(%x) W(%w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %s = pdnn.sigmoid %p : tensor<4x8xf32>
  %a = pdnn.relu %p : tensor<4x8xf32>
  %b = pdnn.tanh %a : tensor<4x8xf32>
  %c = pdnn.relu %b : tensor<4x8xf32>
  return %s, %c : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A value read after the op keeps its buffer, directly or through an alias
// made by an earlier in-place decision: %a lives in %p's buffer, so tanh may
// not overwrite %a while abs still reads it; abs itself, the last reader,
// may.
// CHECK-LABEL: func @later_reader_through_alias
// CHECK: pdnn.relu %{{.*}} {pdnn.inplace}
// CHECK-NEXT: pdnn.tanh %{{.*}} : tensor<4x8xf32>
// CHECK-NEXT: pdnn.abs %{{.*}} {pdnn.inplace}
// REMARK: Reason="the input's buffer is read later, by 'pdnn.abs'"
func.func @later_reader_through_alias(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %p = pdnn.fc Input(%x) W(%w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %a = pdnn.relu %p : tensor<4x8xf32>
  %b = pdnn.tanh %a : tensor<4x8xf32>
  %c = pdnn.abs %a : tensor<4x8xf32>
  return %b, %c : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Returning the input reads it after the op.
// CHECK-LABEL: func @input_returned
// CHECK: pdnn.relu %{{.*}} : tensor<4x8xf32>
// REMARK: Reason="the input's buffer is read later, by 'func.return'"
func.func @input_returned(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %p = pdnn.fc Input(%x) W(%w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %a = pdnn.relu %p : tensor<4x8xf32>
  return %p, %a : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Function arguments are the caller's buffers unless the function says it
// may write them (bufferization.writable, which one-shot bufferization
// honours too). Constants are never overwritten.
// CHECK-LABEL: func @arguments_and_constants
// CHECK: pdnn.relu %arg0 : tensor<4xf32>
// CHECK: pdnn.relu %arg1 {pdnn.inplace} : tensor<4xf32>
// CHECK: pdnn.relu %arg2 : tensor<4xf32>
// CHECK: pdnn.relu %{{.*}} : tensor<4xf32>
// REMARK-COUNT-3: Reason="the input's buffer is not this program's to overwrite
func.func @arguments_and_constants(%caller: tensor<4xf32>, %donated: tensor<4xf32> {bufferization.writable = true},
                                   %kept: tensor<4xf32> {bufferization.writable = false})
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = pdnn.relu %caller : tensor<4xf32>
  %1 = pdnn.relu %donated : tensor<4xf32>
  %2 = pdnn.relu %kept : tensor<4xf32>
  %cst = arith.constant dense<1.0> : tensor<4xf32>
  %3 = pdnn.relu %cst : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// elementwise_add writes into X only when Out has X's type: not when X is
// broadcast up to Out. sum writes into its first input, read by nobody
// after it.
// CHECK-LABEL: func @broadcast_and_sum
// CHECK: pdnn.elementwise_add %[[R:.*]], %{{.*}} {pdnn.inplace} : (tensor<3x4xf32>, tensor<4xf32>)
// CHECK: pdnn.elementwise_mul %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<3x4xf32>)
// CHECK: pdnn.sum %{{[0-9]+}}, %{{[0-9]+}} {pdnn.inplace} : tensor<3x4xf32>
// REMARK: Reason="the result does not have the input's type (broadcast)"
func.func @broadcast_and_sum(%x: tensor<3x4xf32>, %v: tensor<4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %r = pdnn.relu %x : tensor<3x4xf32>
  %s = pdnn.sigmoid %v : tensor<4xf32>
  %a = pdnn.elementwise_add %r, %v : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %m = pdnn.elementwise_mul %s, %a : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %t = pdnn.tanh %x : tensor<3x4xf32>
  %u = pdnn.sum %m, %t : tensor<3x4xf32>
  return %u, %a : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// An op outside pdnn may hand out a view of the buffer (here extract_slice):
// nothing after it may overwrite that buffer.
// CHECK-LABEL: func @view_escapes
// CHECK: pdnn.relu %{{.*}} : tensor<4x8xf32>
// REMARK: Reason="the input's buffer is used by an op that may alias it"
func.func @view_escapes(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<1x8xf32>) {
  %p = pdnn.fc Input(%x) W(%w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %view = tensor.extract_slice %p[0, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
  %a = pdnn.relu %p : tensor<4x8xf32>
  return %a, %view : tensor<4x8xf32>, tensor<1x8xf32>
}

// -----

// Inside a loop, a value from outside is read again by the next iteration:
// the body may not overwrite it. Values made inside the body may be.
// CHECK-LABEL: func @loop_body
// CHECK: scf.for
// CHECK: pdnn.relu %{{.*}} : tensor<4xf32>
// CHECK-NEXT: pdnn.tanh %{{.*}} {pdnn.inplace}
// REMARK: Reason="the input comes from outside this block"
func.func @loop_body(%x: tensor<4xf32>, %w: tensor<4x4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = pdnn.matmul_v2 %x, %w : (tensor<4xf32>, tensor<4x4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %p) -> tensor<4xf32> {
    %a = pdnn.relu %p : tensor<4xf32>
    %b = pdnn.tanh %a : tensor<4xf32>
    %c = pdnn.elementwise_add %acc, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %c : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A stale decision (here on an op whose input is read later) is recomputed,
// not trusted; --inplace="op-types=..." limits which ops are considered.
// CHECK-LABEL: func @stale_decision
// CHECK: pdnn.relu %{{.*}} : tensor<4x8xf32>
// CHECK-NEXT: pdnn.scale %{{.*}} {pdnn.inplace, scale = 2.000000e+00 : f32}
func.func @stale_decision(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %p = pdnn.fc Input(%x) W(%w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %a = pdnn.relu %p {pdnn.inplace} : tensor<4x8xf32>
  %b = pdnn.scale %p {scale = 2.0 : f32} : tensor<4x8xf32> -> tensor<4x8xf32>
  return %a, %b : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// protect-caller-buffers: arguments without a writable mark become
// read-only for bufferization; a caller's explicit mark is kept.
// RUN: pdnn-opt %s -split-input-file --protect-caller-buffers | FileCheck %s --check-prefix=PROTECT
// PROTECT-LABEL: func @arguments(
// PROTECT-SAME: %{{.*}}: tensor<4xf32> {bufferization.writable = false}, %{{.*}}: tensor<4xf32> {bufferization.writable = true}, %{{.*}}: index)
func.func @arguments(%a: tensor<4xf32>, %b: tensor<4xf32> {bufferization.writable = true}, %i: index) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
