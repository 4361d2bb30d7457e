// --pdnn-strided-copies-to-linalg: a copy into or out of a strided buffer
// (a concat's half) becomes linalg.copy, which lowers to loops over its
// strides; a copy between contiguous buffers stays a memref.copy (memcpy).
// RUN: pdnn-opt %s --pdnn-strided-copies-to-linalg | FileCheck %s

// CHECK-LABEL: func @concat_halves
// CHECK: linalg.copy ins(%arg0 : memref<?x96xf32>) outs(%{{.*}} : memref<?x96xf32, strided<[192, 1]>>)
// CHECK: linalg.copy ins(%arg1 : memref<?x96xf32>) outs(%{{.*}} : memref<?x96xf32, strided<[192, 1], offset: 96>>)
// CHECK-NOT: memref.copy
func.func @concat_halves(%a: memref<?x96xf32>, %b: memref<?x96xf32>, %out: memref<?x192xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?x96xf32>
  %left = memref.subview %out[0, 0] [%n, 96] [1, 1] : memref<?x192xf32> to memref<?x96xf32, strided<[192, 1]>>
  %right = memref.subview %out[0, 96] [%n, 96] [1, 1] : memref<?x192xf32> to memref<?x96xf32, strided<[192, 1], offset: 96>>
  memref.copy %a, %left : memref<?x96xf32> to memref<?x96xf32, strided<[192, 1]>>
  memref.copy %b, %right : memref<?x96xf32> to memref<?x96xf32, strided<[192, 1], offset: 96>>
  return
}

// CHECK-LABEL: func @contiguous
// CHECK: memref.copy %arg0, %arg1 : memref<?x4xi64> to memref<?x4xi64>
// CHECK-NOT: linalg.copy
func.func @contiguous(%a: memref<?x4xi64>, %b: memref<?x4xi64>) {
  memref.copy %a, %b : memref<?x4xi64> to memref<?x4xi64>
  return
}
