// Bufferized pdnnrt ops become calls of the runtime's C entry points, with
// unranked memrefs and scalar flags; constant globals are constant weights.
// RUN: pdnn-opt %s -split-input-file --convert-pdnnrt-to-calls | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --convert-pdnnrt-to-calls --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

// CHECK-DAG: func.func private @pdnnrt_gru_forward(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, i32, i32) -> i32
// CHECK-DAG: func.func private @pdnnrt_eltwise(memref<*xf32>, memref<*xf32>, i32, f32, f32) -> i32
// CHECK-LABEL: func @calls
// CHECK: %[[WL:.*]] = memref.get_global @wl
// CHECK: %[[REVERSE:.*]] = arith.constant 1 : i32
// CHECK: %[[CONSTANT:.*]] = arith.constant 1 : i32
// CHECK: call @pdnnrt_gru_forward({{.*}}, %[[REVERSE]], %[[CONSTANT]])
// CHECK: %[[RELU:.*]] = arith.constant 0 : i32
// CHECK: %[[ALPHA:.*]] = arith.constant 1.000000e-01 : f32
// CHECK: call @pdnnrt_eltwise(%{{.*}}, %{{.*}}, %[[RELU]], %[[ALPHA]], %{{.*}})
// The C ABI: each tensor is (rank, descriptor pointer).
// LLVM: llvm.func @pdnnrt_eltwise(i64, !llvm.ptr, i64, !llvm.ptr, i32, f32, f32) -> i32
memref.global "private" constant @wl : memref<3x3x5xf32> = dense<1.0>
memref.global "private" constant @wi : memref<5x3x5xf32> = dense<1.0>
memref.global "private" constant @b : memref<3x5xf32> = dense<0.0>
func.func @calls(%x: memref<4x3x3xf32>, %h: memref<3x5xf32>, %d: memref<4x3x5xf32>) {
  %wl = memref.get_global @wl : memref<3x3x5xf32>
  %wi = memref.get_global @wi : memref<5x3x5xf32>
  %b = memref.get_global @b : memref<3x5xf32>
  pdnnrt.gru ins(%x, %h, %wl, %wi, %b : memref<4x3x3xf32>, memref<3x5xf32>, memref<3x3x5xf32>, memref<5x3x5xf32>, memref<3x5xf32>)
      outs(%d : memref<4x3x5xf32>) {reverse = true}
  pdnnrt.eltwise ins(%d : memref<4x3x5xf32>) outs(%d : memref<4x3x5xf32>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.1 : f32, beta = 0.0 : f32}
  return
}

// -----

// Weights that arrive as arguments may change between calls.
// CHECK-LABEL: func @argument_weights
// CHECK: %[[HAS_BIAS:.*]] = arith.constant 1 : i32
// CHECK: %[[RELU:.*]] = arith.constant 0 : i32
// CHECK: %[[CONSTANT:.*]] = arith.constant 0 : i32
// CHECK: call @pdnnrt_matmul(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[HAS_BIAS]], %[[RELU]], %[[CONSTANT]])
func.func @argument_weights(%x: memref<4x8xf32>, %w: memref<8x2xf32>, %b: memref<2xf32>, %d: memref<4x2xf32>) {
  pdnnrt.matmul ins(%x, %w, %b : memref<4x8xf32>, memref<8x2xf32>, memref<2xf32>) outs(%d : memref<4x2xf32>)
  return
}

// -----

// A sum of three fills the unused fourth slot with the first source.
// CHECK-LABEL: func @sum
// CHECK: %[[THREE:.*]] = arith.constant 3 : i32
// CHECK: %[[S0:.*]] = memref.cast %arg0
// CHECK: %[[S1:.*]] = memref.cast %arg1
// CHECK: %[[S2:.*]] = memref.cast %arg2
// CHECK: %[[S3:.*]] = memref.cast %arg0
// CHECK: call @pdnnrt_sum(%[[THREE]], %[[S0]], %[[S1]], %[[S2]], %[[S3]], %{{.*}})
func.func @sum(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>, %d: memref<4xf32>) {
  pdnnrt.sum ins(%a, %b, %c : memref<4xf32>, memref<4xf32>, memref<4xf32>) outs(%d : memref<4xf32>)
  return
}

// -----

// The length-sorted LoD GRU is one call with the LoD itself.
// CHECK-LABEL: func @lod_gru
// CHECK: call @pdnnrt_lod_gru_forward({{.*}}) : (memref<*xf32>, memref<*xi64>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, i32, i32) -> i32
func.func @lod_gru(%x: memref<9x3xf32>, %lod: memref<4xi64>, %h0: memref<3x5xf32>, %wl: memref<3x3x5xf32>,
                   %wi: memref<5x3x5xf32>, %b: memref<3x5xf32>, %h: memref<9x5xf32>) {
  pdnnrt.lod_gru ins(%x, %lod, %h0, %wl, %wi, %b : memref<9x3xf32>, memref<4xi64>, memref<3x5xf32>, memref<3x3x5xf32>, memref<5x3x5xf32>, memref<3x5xf32>)
      outs(%h : memref<9x5xf32>) {reverse = true}
  return
}

// -----

// A failed check passes its message as a constant i8 buffer (one global per
// distinct text) and its two sizes as i64.
// CHECK: memref.global "private" constant @[[TEXT:__pdnnrt_text_[0-9A-F]+]] : memref<11xi8> = dense<[98, 97, 100, 32, 123, 48, 125, 32, 123, 49, 125]>
// CHECK-LABEL: func @fail
// CHECK: %[[G:.*]] = memref.get_global @[[TEXT]] : memref<11xi8>
// CHECK: %[[M:.*]] = memref.cast %[[G]] : memref<11xi8> to memref<*xi8>
// CHECK: %[[A:.*]] = arith.index_cast %arg0 : index to i64
// CHECK: %[[B:.*]] = arith.index_cast %arg1 : index to i64
// CHECK: call @pdnnrt_fail(%[[M]], %[[A]], %[[B]]) : (memref<*xi8>, i64, i64) -> i32
// CHECK-NOT: memref.global
func.func @fail(%a: index, %b: index) {
  pdnnrt.fail "bad {0} {1}" (%a, %b)
  pdnnrt.fail "bad {0} {1}" (%b, %a)
  return
}
