// Folds that canonicalization applies to pdnn ops.
// RUN: pdnn-opt %s -canonicalize -split-input-file | FileCheck %s

// The sum of one tensor is that tensor.
// CHECK-LABEL: func @sum_of_one
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NOT: pdnn.sum
// CHECK: return %[[X]]
func.func @sum_of_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = pdnn.sum %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func @sum_of_two
// CHECK: pdnn.sum
func.func @sum_of_two(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = pdnn.sum %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// scale with scale = 1 and bias = 0 is the identity.
// CHECK-LABEL: func @identity_scale
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NOT: pdnn.scale
// CHECK: return %[[X]]
func.func @identity_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = pdnn.scale %x {scale = 1.0 : f32, bias = 0.0 : f32, bias_after_scale = false} : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func @real_scale
// CHECK: pdnn.scale %{{.*}} {bias = 1.000000e+00 : f32}
func.func @real_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = pdnn.scale %x {bias = 1.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// A ScaleTensor overrides the attribute: nothing to fold.
// CHECK-LABEL: func @scale_tensor
// CHECK: pdnn.scale %{{.*}} ScaleTensor
func.func @scale_tensor(%x: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<4xf32> {
  %0 = pdnn.scale %x ScaleTensor(%s : tensor<1xf32>) : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Pure ops whose results are unused disappear, scratch results and all.
// CHECK-LABEL: func @dead_gru
// CHECK-NOT: pdnn.fusion_gru
func.func @dead_gru(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  return
}

// -----

// A tensor.cast to a more dynamic type is absorbed by the pdnn op that reads
// it, so that lowerings see every static size (here the GRU frame size).
// CHECK-LABEL: func @absorb_casts
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[LOD:.*]]: tensor<?xi64>, %[[WX:.*]]: tensor<3x15xf32>, %[[WH:.*]]: tensor<5x15xf32>)
// CHECK-NOT: tensor.cast
// CHECK: pdnn.fusion_gru X(%[[X]]) lod(%[[LOD]]) WeightX(%[[WX]]) WeightH(%[[WH]]) : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
func.func @absorb_casts(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>)
    -> tensor<?x?xf32> {
  %wxd = tensor.cast %wx : tensor<3x15xf32> to tensor<?x?xf32>
  %whd = tensor.cast %wh : tensor<5x15xf32> to tensor<?x?xf32>
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wxd) WeightH(%whd)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<?x?xf32>, tensor<?x?xf32>)
     -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %0#0 : tensor<?x?xf32>
}

// An op whose result must have its operand's type keeps the cast.
// CHECK-LABEL: func @keep_cast
// CHECK: %[[C:.*]] = tensor.cast
// CHECK: pdnn.relu %[[C]] : tensor<?xf32>
func.func @keep_cast(%x: tensor<4xf32>) -> tensor<?xf32> {
  %c = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  %0 = pdnn.relu %c : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A concat of one input is that input.
// CHECK-LABEL: func @concat_of_one
// CHECK-NOT: pdnn.concat
// CHECK: return %arg0
func.func @concat_of_one(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = pdnn.concat %x {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Constants concatenate into one constant, along an inner axis (rows
// interleave), along the outer axis, and with a splat and -0.0 kept exact.
// CHECK-LABEL: func @concat_constants
// CHECK-NOT: pdnn.concat
// CHECK-DAG: arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 5.000000e+00], [3.000000e+00, 4.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK-DAG: arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [-0.000000e+00, -0.000000e+00]]> : tensor<3x2xf32>
// CHECK-DAG: arith.constant dense<[1, 2, 7, 7, 7]> : tensor<5xsi8>
func.func @concat_constants() -> (tensor<2x3xf32>, tensor<3x2xf32>, tensor<5xsi8>) {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = arith.constant dense<[[5.0], [6.0]]> : tensor<2x1xf32>
  %z = arith.constant dense<-0.0> : tensor<1x2xf32>
  %i = arith.constant dense<[1, 2]> : tensor<2xsi8>
  %s = arith.constant dense<7> : tensor<3xsi8>
  %0 = pdnn.concat %a, %b {axis = -1 : i32} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %1 = pdnn.concat %a, %z : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  %2 = pdnn.concat %i, %s : (tensor<2xsi8>, tensor<3xsi8>) -> tensor<5xsi8>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<3x2xf32>, tensor<5xsi8>
}

// -----

// One input that is not constant keeps the concat.
// CHECK-LABEL: func @concat_not_constant
// CHECK: pdnn.concat
func.func @concat_not_constant(%x: tensor<2x2xf32>) -> tensor<4x2xf32> {
  %a = arith.constant dense<1.0> : tensor<2x2xf32>
  %0 = pdnn.concat %a, %x : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// quantize(dequantize(q)) with one Scale and Shift, back into q's type, is q.
// CHECK-LABEL: func @quantize_of_dequantize
// CHECK-NOT: pdnn.quantize
// CHECK-NOT: pdnn.dequantize
// CHECK: return %arg0, %arg1
func.func @quantize_of_dequantize(%u: tensor<4xui8>, %s: tensor<4xsi8>) -> (tensor<4xui8>, tensor<4xsi8>) {
  %0 = pdnn.dequantize %u {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<4xui8> -> tensor<4xf32>
  %1 = pdnn.quantize %0 {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  %2 = pdnn.dequantize %s {Scale = 127.0 : f32} : tensor<4xsi8> -> tensor<4xf32>
  %3 = pdnn.quantize %2 {Scale = 127.0 : f32, is_negative_input = true} : tensor<4xf32> -> tensor<4xsi8>
  return %1, %3 : tensor<4xui8>, tensor<4xsi8>
}

// -----

// Another scale or shift, another type (s8 to u8 saturates the negatives),
// a scale so small that -Shift / Scale overflows or so large that 1 / Scale
// loses precision, or a fractional Shift (quantize truncates it, dequantize
// does not): not q.
// CHECK-LABEL: func @quantize_of_dequantize_kept
// CHECK-COUNT-6: pdnn.quantize
func.func @quantize_of_dequantize_kept(%u: tensor<4xui8>, %s: tensor<4xsi8>)
    -> (tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>) {
  %0 = pdnn.dequantize %u {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<4xui8> -> tensor<4xf32>
  %1 = pdnn.quantize %0 {Scale = 31.0 : f32, Shift = 64.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  %2 = pdnn.quantize %0 {Scale = 63.0 : f32, Shift = 128.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  %3 = pdnn.dequantize %s {Scale = 127.0 : f32} : tensor<4xsi8> -> tensor<4xf32>
  %4 = pdnn.quantize %3 {Scale = 127.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  %5 = pdnn.dequantize %u {Scale = 1.0e-37 : f32, Shift = 64.0 : f32} : tensor<4xui8> -> tensor<4xf32>
  %6 = pdnn.quantize %5 {Scale = 1.0e-37 : f32, Shift = 64.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  %7 = pdnn.dequantize %u {Scale = 1.0e31 : f32, Shift = 64.0 : f32} : tensor<4xui8> -> tensor<4xf32>
  %8 = pdnn.quantize %7 {Scale = 1.0e31 : f32, Shift = 64.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  %9 = pdnn.dequantize %u {Scale = 63.0 : f32, Shift = 64.5 : f32} : tensor<4xui8> -> tensor<4xf32>
  %10 = pdnn.quantize %9 {Scale = 63.0 : f32, Shift = 64.5 : f32} : tensor<4xf32> -> tensor<4xui8>
  return %1, %2, %4, %6, %8, %10 : tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>
}

// -----

// requantize that keeps its type, scale and shift is its input; any change
// keeps it.
// CHECK-LABEL: func @requantize_identity
// CHECK-COUNT-2: pdnn.requantize
// CHECK-NOT: pdnn.requantize
// CHECK: return %arg0,
func.func @requantize_identity(%u: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>, tensor<4xui8>) {
  %0 = pdnn.requantize %u {Scale_in = 63.0 : f32, Scale_out = 63.0 : f32, Shift_in = 64.0 : f32, Shift_out = 64.0 : f32}
      : tensor<4xui8> -> tensor<4xui8>
  %1 = pdnn.requantize %u {Scale_in = 63.0 : f32, Scale_out = 31.0 : f32, Shift_in = 64.0 : f32, Shift_out = 64.0 : f32}
      : tensor<4xui8> -> tensor<4xui8>
  %2 = pdnn.requantize %u {Scale_in = 63.0 : f32, Scale_out = 63.0 : f32, Shift_in = 64.0 : f32, Shift_out = 128.0 : f32}
      : tensor<4xui8> -> tensor<4xui8>
  return %0, %1, %2 : tensor<4xui8>, tensor<4xui8>, tensor<4xui8>
}

// -----

// matmul_v2 of two matrices without transposes is mul; an int8 one keeps
// its scales (mul's scale_y holds matmul_v2's one Scale_y).
// CHECK-LABEL: func @matmul_v2_to_mul
// CHECK: pdnn.mul %arg0, %arg1 : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
// CHECK: pdnn.mul %arg2, %arg3 {scale_out = 1.600000e+01 : f32, scale_x = 6.300000e+01 : f32, scale_y = array<f32: 3.200000e+01>} : (tensor<4x5xui8>, tensor<5x6xsi8>) -> tensor<4x6xsi8>
// CHECK: pdnn.mul %arg2, %arg3 {force_fp32_output = true, scale_x = 6.300000e+01 : f32, scale_y = array<f32: 3.200000e+01>} : (tensor<4x5xui8>, tensor<5x6xsi8>) -> tensor<4x6xf32>
// CHECK: pdnn.matmul_v2 %arg0, %arg4 {trans_x = true}
func.func @matmul_v2_to_mul(%x: tensor<4x5xf32>, %y: tensor<5x6xf32>, %qx: tensor<4x5xui8>, %qy: tensor<5x6xsi8>, %z: tensor<4x6xf32>)
    -> (tensor<4x6xf32>, tensor<4x6xsi8>, tensor<4x6xf32>, tensor<5x6xf32>) {
  %0 = pdnn.matmul_v2 %x, %y : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
  %1 = pdnn.matmul_v2 %qx, %qy {Scale_x = 63.0 : f32, Scale_y = 32.0 : f32, Scale_out = 16.0 : f32} : (tensor<4x5xui8>, tensor<5x6xsi8>) -> tensor<4x6xsi8>
  %2 = pdnn.matmul_v2 %qx, %qy {Scale_x = 63.0 : f32, Scale_y = 32.0 : f32, force_fp32_output = true} : (tensor<4x5xui8>, tensor<5x6xsi8>) -> tensor<4x6xf32>
  %3 = pdnn.matmul_v2 %x, %z {trans_x = true} : (tensor<4x5xf32>, tensor<4x6xf32>) -> tensor<5x6xf32>
  return %0, %1, %2, %3 : tensor<4x6xf32>, tensor<4x6xsi8>, tensor<4x6xf32>, tensor<5x6xf32>
}
