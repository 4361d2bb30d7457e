// A pdnn.inplace marker is a request that bufferization proves again: after
// --inplace, --canonicalize folds the identity scale away and leaves the
// relu's marker on an op whose input is now the caller's argument. The
// lowering (protect-caller-buffers, then one-shot bufferization) copies
// instead of writing into the argument; an argument marked
// bufferization.writable = true is the caller's gift and is written in place.
// RUN: pdnn-opt %s -split-input-file --inplace --canonicalize | FileCheck %s --check-prefix=MARKED
// RUN: pdnn-opt %s -split-input-file --inplace --canonicalize | pdnn-opt -split-input-file --pdnn-lower -mlir-print-ir-before=convert-pdnnrt-to-calls -o /dev/null 2>&1 | FileCheck %s

// MARKED-LABEL: func @stale
// MARKED: pdnn.relu %arg0 {pdnn.inplace}
// CHECK-LABEL: func @stale
// CHECK-SAME: (%[[ARG:.*]]: memref<4xf32>)
// CHECK: %[[NEW:.*]] = memref.alloc
// CHECK: pdnnrt.eltwise ins(%[[ARG]] : memref<4xf32>) outs(%[[NEW]] : memref<4xf32>)
// CHECK: return %[[NEW]]
func.func @stale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = pdnn.scale %x {scale = 1.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  %r = pdnn.relu %s : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// MARKED-LABEL: func @writable
// CHECK-LABEL: func @writable
// CHECK-SAME: (%[[ARG:.*]]: memref<4xf32>)
// CHECK-NEXT: pdnnrt.eltwise ins(%[[ARG]] : memref<4xf32>) outs(%[[ARG]] : memref<4xf32>)
func.func @writable(%x: tensor<4xf32> {bufferization.writable = true}) -> tensor<4xf32> {
  %r = pdnn.relu %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
