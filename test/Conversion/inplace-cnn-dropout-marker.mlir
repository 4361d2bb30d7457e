// A marked inference dropout keeps its in-place decision through
// --pdnn-lower's first canonicalize: the pdnn.scale that replaces it (the
// same operand and type) carries pdnn.inplace, so with blocked images the
// chain still shares one buffer.
// RUN: pdnn-opt %s --inplace | pdnn-opt --pdnn-lower="image-layout=nChw8c" \
// RUN:   -mlir-print-ir-before=convert-pdnnrt-to-calls -o /dev/null 2>&1 | FileCheck %s
// RUN: pdnn-opt %s --inplace --canonicalize | FileCheck %s --check-prefix=CANON

// CANON-LABEL: func @dropout_between_blocked_calls
// CANON: pdnn.scale %{{.*}} {pdnn.inplace, scale = 7.500000e-01 : f32}
// CANON-NEXT: pdnn.hard_swish %{{.*}} {pdnn.inplace}

// CHECK-LABEL: func @dropout_between_blocked_calls
// CHECK: %[[X:.*]] = memref.alloc() {{.*}} : memref<1x1x4x4x8xf32>
// CHECK-NEXT: pdnnrt.relayout ins(%arg0 : {{.*}}) outs(%[[X]] :
// CHECK-NEXT: %[[BUF:.*]] = memref.alloc() {{.*}} : memref<1x1x4x4x8xf32>
// CHECK-NOT: memref.alloc() {{.*}} : memref<1x1x4x4x8xf32>
// CHECK: pdnnrt.convolution ins(%[[X]], {{.*}}) outs(%[[BUF]] :
// CHECK-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}linear
// CHECK-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}hardswish
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc() {{.*}} : memref<1x8x4x4xf32>
// CHECK-NEXT: pdnnrt.relayout ins(%[[BUF]] : {{.*}}) outs(%[[OUT]] :
func.func @dropout_between_blocked_calls(%x: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %w = arith.constant dense<0.125> : tensor<8x8x1x1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x4x4xf32>
  %d:2 = pdnn.dropout %c {is_test = true, dropout_prob = 0.25 : f32} : (tensor<1x8x4x4xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x4x4xui8>)
  %e = pdnn.hard_swish %d#0 : tensor<1x8x4x4xf32>
  return %e : tensor<1x8x4x4xf32>
}
