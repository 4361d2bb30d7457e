// quantize, dequantize and requantize to the oneDNN reorder that Paddle's
// kernels run (QuantizationReorders.h): dst = sat(rint(scale · src + shift)).
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn | FileCheck %s

// quantize: scale Scale, shift trunc(Shift) (the kernel's int32 zero point).
// CHECK-LABEL: func @quantize_shifted
// CHECK: %[[DST:.*]] = tensor.empty() : tensor<2x3xui8>
// CHECK: pdnnrt.reorder ins(%arg0 : tensor<2x3xf32>) outs(%[[DST]] : tensor<2x3xui8>) {scale = 6.300000e+01 : f32, shift = 6.400000e+01 : f32}
func.func @quantize_shifted(%x: tensor<2x3xf32>) -> tensor<2x3xui8> {
  %0 = pdnn.quantize %x {Scale = 63.0 : f32, Shift = 64.9 : f32} : tensor<2x3xf32> -> tensor<2x3xui8>
  return %0 : tensor<2x3xui8>
}

// -----

// CHECK-LABEL: func @quantize_signed
// CHECK: pdnnrt.reorder ins(%arg0 : tensor<?x8xf32>) outs(%{{.*}} : tensor<?x8xsi8>) {scale = 1.270000e+02 : f32}
func.func @quantize_signed(%x: tensor<?x8xf32>) -> tensor<?x8xsi8> {
  %0 = pdnn.quantize %x {Scale = 127.0 : f32, is_negative_input = true} : tensor<?x8xf32> -> tensor<?x8xsi8>
  return %0 : tensor<?x8xsi8>
}

// -----

// bfloat16: Scale · x rounded to bf16, no shift.
// CHECK-LABEL: func @quantize_bf16
// CHECK: pdnnrt.reorder ins(%arg0 : tensor<4xf32>) outs(%{{.*}} : tensor<4xbf16>) {scale = 5.000000e-01 : f32}
func.func @quantize_bf16(%x: tensor<4xf32>) -> tensor<4xbf16> {
  %0 = pdnn.quantize %x {Scale = 0.5 : f32, bfloat16 = true} : tensor<4xf32> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// dequantize: scale 1 / Scale (rounded from double), shift -Shift / Scale.
// CHECK-LABEL: func @dequantize_shifted
// CHECK: pdnnrt.reorder ins(%arg0 : tensor<2x3xui8>) outs(%{{.*}} : tensor<2x3xf32>) {scale = 4.000000e-01 : f32, shift = -5.120000e+01 : f32}
func.func @dequantize_shifted(%x: tensor<2x3xui8>) -> tensor<2x3xf32> {
  %0 = pdnn.dequantize %x {Scale = 2.5 : f32, Shift = 128.0 : f32} : tensor<2x3xui8> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @dequantize_bf16
// CHECK: pdnnrt.reorder ins(%arg0 : tensor<3xbf16>) outs(%{{.*}} : tensor<3xf32>)
// CHECK-NOT: scale
func.func @dequantize_bf16(%x: tensor<3xbf16>) -> tensor<3xf32> {
  %0 = pdnn.dequantize %x : tensor<3xbf16> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// requantize: scale Scale_out / Scale_in; with shifts, the u8 constant
// clip(lround(Shift_out - scale · Shift_in)) = lround(64 - 0.5 · 64) = 32.
// CHECK-LABEL: func @requantize_shifted
// CHECK: pdnnrt.reorder ins(%arg0 : tensor<5xui8>) outs(%{{.*}} : tensor<5xui8>) {scale = 5.000000e-01 : f32, shift = 3.200000e+01 : f32}
func.func @requantize_shifted(%x: tensor<5xui8>) -> tensor<5xui8> {
  %0 = pdnn.requantize %x {Scale_in = 100.0 : f32, Scale_out = 50.0 : f32, Shift_in = 64.0 : f32, Shift_out = 64.0 : f32} : tensor<5xui8> -> tensor<5xui8>
  return %0 : tensor<5xui8>
}

// -----

// A rank-0 tensor and a bf16 quantize with a shift stay on the reference.
// CHECK-LABEL: func @left_alone
// CHECK-NOT: pdnnrt.reorder
// CHECK: pdnn.quantize
// CHECK: pdnn.quantize
func.func @left_alone(%x: tensor<f32>, %y: tensor<4xf32>) -> (tensor<ui8>, tensor<4xbf16>) {
  %0 = pdnn.quantize %x {Scale = 2.0 : f32} : tensor<f32> -> tensor<ui8>
  %1 = pdnn.quantize %y {Shift = 3.0 : f32, bfloat16 = true} : tensor<4xf32> -> tensor<4xbf16>
  return %0, %1 : tensor<ui8>, tensor<4xbf16>
}
