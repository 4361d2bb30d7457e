// The reference lowering: Paddle's formulas as loops and linalg, no oneDNN.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-linalg -verify-diagnostics | FileCheck %s

// A GRU runs sequence by sequence (lod[i] .. lod[i+1]) and row by row, with
// Paddle's clamped sigmoid (input in [-40, 13]) and tanh (-2x at most 40).
// CHECK-LABEL: func @fusion_gru
// CHECK-NOT: pdnnrt
// CHECK: linalg.generic
// CHECK: scf.for %[[SEQ:.*]] = %{{.*}} to %{{.*}}
// CHECK:   tensor.extract %arg1[%[[SEQ]]]
// CHECK:   scf.for
// CHECK-DAG: arith.constant -4.000000e+01 : f32
// CHECK-DAG: arith.constant 1.300000e+01 : f32
// CHECK-DAG: arith.constant 4.000000e+01 : f32
// CHECK:     tensor.insert_slice
func.func @fusion_gru(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %wx: tensor<3x6xf32>, %wh: tensor<2x6xf32>) -> tensor<?x2xf32> {
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {is_reverse = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x6xf32>, tensor<2x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  return %h#0 : tensor<?x2xf32>
}

// -----

// Quantization: scale, shift, round half to even, saturate to [0, 255].
// CHECK-LABEL: func @quantize
// CHECK: linalg.generic
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: math.roundeven
// CHECK-DAG: arith.constant 2.550000e+02 : f32
// CHECK: arith.fptoui
func.func @quantize(%x: tensor<4xf32>) -> tensor<4xui8> {
  %0 = pdnn.quantize %x {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// The reference GRU needs a static frame size; the pass says so.
func.func @dynamic_frame(%in: tensor<?x?xf32>, %lod: tensor<?xi64>, %w: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'pdnn.gru' op has no lowering for this configuration}}
  %h:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<?x?xf32>, tensor<?xi64>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %h#0 : tensor<?x?xf32>
}
