// Bufferized pdnnrt ops become calls of the runtime's C entry points, each
// argument as its op's ODS declares it: a buffer is (rank, descriptor,
// element type code), a prepared handle a pointer, attributes scalars.
// RUN: pdnn-opt %s -split-input-file --convert-pdnnrt-to-calls | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --convert-pdnnrt-to-calls --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

// CHECK-DAG: llvm.func @pdnnrt_rnn_forward(i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i32, i32, f32, f32) -> i32
// CHECK-DAG: llvm.func @pdnnrt_eltwise(i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i32, f32, f32, i32) -> i32
// CHECK-LABEL: func @calls
// CHECK: %[[X:.*]] = memref.cast %arg0 : memref<4x3x3xf32> to memref<*xf32>
// CHECK: %[[XD:.*]] = builtin.unrealized_conversion_cast %[[X]] : memref<*xf32> to !llvm.struct<(i64, ptr)>
// CHECK: %[[XRANK:.*]] = llvm.extractvalue %[[XD]][0]
// CHECK: %[[XDESC:.*]] = llvm.extractvalue %[[XD]][1]
// CHECK: %[[F32:.*]] = arith.constant 1 : i32
// An absent lod: rank 0, no descriptor, type code 0.
// CHECK: %[[NO_RANK:.*]] = arith.constant 0 : i64
// CHECK: %[[NO_DESC:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[NONE:.*]] = arith.constant 0 : i32
// No handles: the GRU reorders the weights it is given.
// CHECK: memref.cast %arg5 : memref<1x1x3x5xf32> to memref<*xf32>
// No weight scales (f32 data): an absent tensor.
// CHECK: llvm.mlir.zero : !llvm.ptr
// CHECK: %[[NO_LAYER:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[NO_ITER:.*]] = llvm.mlir.zero : !llvm.ptr
// The cell (gru = 2) and the direction (right2left = 1) are i32 codes.
// CHECK: %[[GRU:.*]] = arith.constant 2 : i32
// CHECK: %[[R2L:.*]] = arith.constant 1 : i32
// The data's scale and shift, at their defaults 1 and 0.
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: llvm.call @pdnnrt_rnn_forward(%[[XRANK]], %[[XDESC]], %[[F32]], %[[NO_RANK]], %[[NO_DESC]], %[[NONE]], {{.*}}, %[[NO_LAYER]], %[[NO_ITER]], {{.*}}, %[[GRU]], %[[R2L]], %[[ONE]], %[[ZERO]])
// CHECK: %[[RELU:.*]] = arith.constant 0 : i32
// CHECK: %[[ALPHA:.*]] = arith.constant 1.000000e-01 : f32
// The last i32 is the logical channel count of a blocked image (0: plain).
// CHECK: llvm.call @pdnnrt_eltwise({{.*}}, %[[RELU]], %[[ALPHA]], %{{.*}})
// The C ABI: each tensor is (rank, descriptor pointer, element type code).
// LLVM: llvm.func @pdnnrt_eltwise(i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i32, f32, f32, i32) -> i32
// LLVM-NOT: unrealized_conversion_cast
func.func @calls(%x: memref<4x3x3xf32>, %h: memref<1x1x1x3x5xf32>, %d: memref<4x3x5xf32>,
                 %wl: memref<1x1x3x3x5xf32>, %wi: memref<1x1x5x3x5xf32>, %b: memref<1x1x3x5xf32>,
                 %hn: memref<1x1x1x3x5xf32>) {
  pdnnrt.rnn ins(%x, %h, %wl, %wi, %b : memref<4x3x3xf32>, memref<1x1x1x3x5xf32>, memref<1x1x3x3x5xf32>, memref<1x1x5x3x5xf32>, memref<1x1x3x5xf32>)
      outs(%d, %hn : memref<4x3x5xf32>, memref<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<right2left>}
  pdnnrt.eltwise ins(%d : memref<4x3x5xf32>) outs(%d : memref<4x3x5xf32>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.1 : f32, beta = 0.0 : f32}
  return
}

// -----

// Constant weights are prepared once per loaded module: the module's
// constructor prepares each (global, role) once and stores the handle in a
// private global, its destructor releases it, and calls load the handle.
// CHECK-LABEL: func @prepared
// CHECK: llvm.mlir.addressof @__pdnnrt_prepared : !llvm.ptr
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.mlir.addressof @__pdnnrt_prepared_0 : !llvm.ptr
// CHECK: llvm.mlir.addressof @__pdnnrt_prepared : !llvm.ptr
// CHECK-NOT: pdnnrt.prepare_weights
// CHECK-COUNT-2: llvm.call @pdnnrt_matmul
// CHECK: llvm.call @pdnnrt_rnn_forward
// CHECK: llvm.mlir.global internal @__pdnnrt_prepared() {{.*}} : !llvm.ptr
// CHECK-NEXT: llvm.mlir.zero
// CHECK: llvm.mlir.global internal @__pdnnrt_prepared_0() {{.*}} : !llvm.ptr
// CHECK: llvm.func internal @__pdnnrt_prepare_weights()
// CHECK: memref.get_global @w : memref<8x2xf32>
// CHECK: %[[ROLE:.*]] = arith.constant 3 : i32
// CHECK: %[[OUT:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
// CHECK: llvm.call @pdnnrt_prepare_weights(%{{.*}}, %{{.*}}, %{{.*}}, %[[ROLE]], %[[OUT]])
// CHECK: %[[NEW:.*]] = llvm.load %[[OUT]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.store %{{.*}}, %{{.*}} : !llvm.ptr, !llvm.ptr
// CHECK: memref.get_global @wl : memref<1x1x3x3x5xf32>
// CHECK: arith.constant 1 : i32
// CHECK: llvm.call @pdnnrt_prepare_weights
// CHECK: llvm.func internal @__pdnnrt_release_weights()
// CHECK-COUNT-2: llvm.call @pdnnrt_release_weights
// CHECK: llvm.mlir.global_ctors ctors = [@__pdnnrt_prepare_weights], priorities = [0 : i32], data = [#llvm.zero]
// CHECK: llvm.mlir.global_dtors dtors = [@__pdnnrt_release_weights], priorities = [0 : i32], data = [#llvm.zero]
// After the LLVM lowering the handle a call takes is the loaded pointer.
// LLVM-LABEL: llvm.func @prepared
// LLVM: %[[A:.*]] = llvm.mlir.addressof @__pdnnrt_prepared : !llvm.ptr
// LLVM: %[[H:.*]] = llvm.load %[[A]] : !llvm.ptr -> !llvm.ptr
// LLVM: llvm.call @pdnnrt_matmul({{.*}}, %[[H]], {{.*}})
// LLVM: llvm.mlir.global_ctors
// LLVM-NOT: pdnnrt.
memref.global "private" constant @w : memref<8x2xf32> = dense<1.0>
memref.global "private" constant @wl : memref<1x1x3x3x5xf32> = dense<1.0>
func.func @prepared(%x: memref<4x8xf32>, %d: memref<4x2xf32>, %e: memref<4x2xf32>,
                    %s: memref<4x3x3xf32>, %h: memref<1x1x1x3x5xf32>, %wi: memref<1x1x5x3x5xf32>, %b: memref<1x1x3x5xf32>,
                    %o: memref<4x3x5xf32>, %hn: memref<1x1x1x3x5xf32>) {
  %w = memref.get_global @w : memref<8x2xf32>
  %h1 = pdnnrt.prepare_weights %w {role = #pdnnrt.weights<matmul>} : memref<8x2xf32>
  %wl = memref.get_global @wl : memref<1x1x3x3x5xf32>
  %h2 = pdnnrt.prepare_weights %wl {role = #pdnnrt.weights<rnn_layer>} : memref<1x1x3x3x5xf32>
  // The same weights and role again: the same handle.
  %h3 = pdnnrt.prepare_weights %w {role = #pdnnrt.weights<matmul>} : memref<8x2xf32>
  pdnnrt.matmul ins(%x, %w, %h1 : memref<4x8xf32>, memref<8x2xf32>, !pdnnrt.prepared) outs(%d : memref<4x2xf32>)
  pdnnrt.matmul ins(%x, %w, %h3 : memref<4x8xf32>, memref<8x2xf32>, !pdnnrt.prepared) outs(%e : memref<4x2xf32>)
  pdnnrt.rnn ins(%s, %h, %wl, %wi, %b, %h2 : memref<4x3x3xf32>, memref<1x1x1x3x5xf32>, memref<1x1x3x3x5xf32>, memref<1x1x5x3x5xf32>, memref<1x1x3x5xf32>, !pdnnrt.prepared)
      outs(%o, %hn : memref<4x3x5xf32>, memref<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>}
  return
}

// -----

// A sum of three: the count, then four slots, the last absent (code 0).
// CHECK-LABEL: func @sum
// CHECK: %[[THREE:.*]] = arith.constant 3 : i32
// CHECK: %[[ZERO_RANK:.*]] = arith.constant 0 : i64
// CHECK: %[[NO_DESC:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[NONE:.*]] = arith.constant 0 : i32
// CHECK: llvm.call @pdnnrt_sum(%[[THREE]], {{.*}}, %[[ZERO_RANK]], %[[NO_DESC]], %[[NONE]], {{.*}}) : (i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32, i64, !llvm.ptr, i32) -> i32
func.func @sum(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>, %d: memref<4xf32>) {
  pdnnrt.sum ins(%a, %b, %c : memref<4xf32>, memref<4xf32>, memref<4xf32>) outs(%d : memref<4xf32>)
  return
}

// -----

// The LoD is checked once; the RNN gets the LoD with its facts, and the LoD
// goes as i64 (code 3).
// CHECK-LABEL: func @lod_gru
// CHECK: llvm.call @pdnnrt_check_lod
// CHECK: %[[LOD:.*]] = memref.cast %arg1 : memref<4xi64> to memref<*xi64>
// CHECK: arith.constant 3 : i32
// CHECK: %[[FACTS:.*]] = memref.cast %arg7 : memref<4xi64> to memref<*xi64>
// CHECK: llvm.call @pdnnrt_rnn_forward
func.func @lod_gru(%x: memref<9x3xf32>, %lod: memref<4xi64>, %h0: memref<1x1x1x3x5xf32>, %wl: memref<1x1x3x3x5xf32>,
                   %wi: memref<1x1x5x3x5xf32>, %b: memref<1x1x3x5xf32>, %h: memref<9x5xf32>, %facts: memref<4xi64>,
                   %hn: memref<1x1x1x3x5xf32>) {
  %rows = arith.constant 9 : index
  pdnnrt.check_lod ins(%lod, %rows : memref<4xi64>, index) outs(%facts : memref<4xi64>)
  pdnnrt.rnn ins(%x, %lod, %facts, %h0, %wl, %wi, %b : memref<9x3xf32>, memref<4xi64>, memref<4xi64>, memref<1x1x1x3x5xf32>, memref<1x1x3x3x5xf32>, memref<1x1x5x3x5xf32>, memref<1x1x3x5xf32>)
      outs(%h, %hn : memref<9x5xf32>, memref<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<right2left>}
  return
}

// -----

// A failed check passes its message as a constant i8 buffer (one global per
// distinct text, code 5) and its two sizes as i64.
// CHECK: memref.global "private" constant @[[TEXT:__pdnnrt_text_[0-9A-F]+]] : memref<11xi8> = dense<[98, 97, 100, 32, 123, 48, 125, 32, 123, 49, 125]>
// CHECK-LABEL: func @fail
// CHECK: %[[G:.*]] = memref.get_global @[[TEXT]] : memref<11xi8>
// CHECK: %[[M:.*]] = memref.cast %[[G]] : memref<11xi8> to memref<*xi8>
// CHECK: %[[I8:.*]] = arith.constant 5 : i32
// CHECK: %[[A:.*]] = arith.index_cast %arg0 : index to i64
// CHECK: %[[B:.*]] = arith.index_cast %arg1 : index to i64
// CHECK: llvm.call @pdnnrt_fail(%{{.*}}, %{{.*}}, %[[I8]], %[[A]], %[[B]]) : (i64, !llvm.ptr, i32, i64, i64) -> i32
// CHECK-NOT: memref.global
func.func @fail(%a: index, %b: index) {
  pdnnrt.fail "bad {0} {1}" (%a, %b)
  pdnnrt.fail "bad {0} {1}" (%b, %a)
  return
}
