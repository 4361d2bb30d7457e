// fc's and matmul_v2's fused activation on both lowerings. oneDNN: the
// pdnnrt.matmul call takes it as an eltwise algorithm with oneDNN's alpha
// and beta (RuntimeActivation.h, as the convolutions: leaky_relu is relu
// with a slope, relu6 clip to [0, threshold], gelu gelu_erf), and an int8
// product's Scale_out as activationScale, the scale of the activation's
// result. Reference: the activation in the product's epilogue
// (LinalgBuilders' fusedActivation), then Scale_out for int8.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn | FileCheck %s --check-prefix=ONEDNN
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-linalg | FileCheck %s --check-prefix=LINALG

// ONEDNN-LABEL: func @fc_leaky_relu
// ONEDNN: pdnnrt.matmul ins(%arg0, %arg1, %arg2 : tensor<6x16xf32>, tensor<16x8xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<6x8xf32>) {activation = #pdnnrt.eltwise<relu>, alpha = 1.000000e-01 : f32} -> tensor<6x8xf32>
// LINALG-LABEL: func @fc_leaky_relu
// LINALG: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// LINALG: linalg.generic {{.*}} ins(%{{.*}}, %arg2 :
// LINALG: %[[SUM:.*]] = arith.addf
// LINALG: %[[SCALED:.*]] = arith.mulf %[[SUM]], %{{.*}} : f32
// LINALG: %[[POSITIVE:.*]] = arith.cmpf ogt, %[[SUM]]
// LINALG: arith.select %[[POSITIVE]], %[[SUM]], %[[SCALED]] : f32
func.func @fc_leaky_relu(%x: tensor<6x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<6x8xf32> {
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) {activation_type = "leaky_relu", fuse_alpha = 0.1 : f32}
      : (tensor<6x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

// ONEDNN-LABEL: func @fc_relu6
// ONEDNN: pdnnrt.matmul {{.*}} {activation = #pdnnrt.eltwise<clip>, beta = 6.000000e+00 : f32}
// LINALG-LABEL: func @fc_relu6
// LINALG: arith.maximumf
// LINALG: arith.minimumf
func.func @fc_relu6(%x: tensor<6x16xf32>, %w: tensor<16x8xf32>) -> tensor<6x8xf32> {
  %0 = pdnn.fc Input(%x) W(%w) {activation_type = "relu6", fuse_alpha = 6.0 : f32}
      : (tensor<6x16xf32>, tensor<16x8xf32>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

// A batched matmul_v2 (weights broadcast as [1, K, N]) with gelu, Paddle's
// erf form.
// ONEDNN-LABEL: func @matmul_v2_gelu
// ONEDNN: pdnnrt.matmul ins(%arg0, %{{.*}}, %{{.*}} : tensor<2x6x16xf32>, tensor<1x16x8xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<2x6x8xf32>) {activation = #pdnnrt.eltwise<gelu_erf>} -> tensor<2x6x8xf32>
// LINALG-LABEL: func @matmul_v2_gelu
// LINALG: linalg.generic
// LINALG: arith.constant 0.707106769 : f32
// LINALG: math.erf
func.func @matmul_v2_gelu(%x: tensor<2x6x16xf32>, %w: tensor<16x8xf32>) -> tensor<2x6x8xf32> {
  %0 = pdnn.matmul_v2 %x, %w {fuse_activation = "gelu"} : (tensor<2x6x16xf32>, tensor<16x8xf32>) -> tensor<2x6x8xf32>
  return %0 : tensor<2x6x8xf32>
}

// -----

// hard_sigmoid is oneDNN's linear then clip in the runtime: one algorithm
// here, with slope and offset.
// ONEDNN-LABEL: func @matmul_v2_hard_sigmoid
// ONEDNN: pdnnrt.matmul {{.*}} {activation = #pdnnrt.eltwise<hardsigmoid>, alpha = 2.500000e-01 : f32, beta = 5.000000e-01 : f32}
func.func @matmul_v2_hard_sigmoid(%x: tensor<6x16xf32>, %w: tensor<16x8xf32>) -> tensor<6x8xf32> {
  %0 = pdnn.matmul_v2 %x, %w {fuse_activation = "hard_sigmoid", fuse_alpha = 0.25 : f32, fuse_beta = 0.5 : f32}
      : (tensor<6x16xf32>, tensor<16x8xf32>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

// Transposed operands are the reference's (not oneDNN's) even with an
// activation: --convert-pdnn-to-onednn leaves the op; the reference
// applies slope · x + offset clipped to [0, 1] after the sum.
// ONEDNN-LABEL: func @matmul_v2_transposed
// ONEDNN: pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "hard_sigmoid", fuse_alpha = 2.500000e-01 : f32, fuse_beta = 5.000000e-01 : f32, trans_x = true}
// LINALG-LABEL: func @matmul_v2_transposed
// LINALG: %[[SLOPED:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// LINALG: %[[LINEAR:.*]] = arith.addf %[[SLOPED]], %{{.*}} : f32
// LINALG: %[[BELOW:.*]] = arith.minimumf %[[LINEAR]], %{{.*}} : f32
// LINALG: arith.maximumf %[[BELOW]], %{{.*}} : f32
func.func @matmul_v2_transposed(%x: tensor<16x6xf32>, %w: tensor<16x8xf32>) -> tensor<6x8xf32> {
  %0 = pdnn.matmul_v2 %x, %w {trans_x = true, fuse_activation = "hard_sigmoid", fuse_alpha = 0.25 : f32, fuse_beta = 0.5 : f32}
      : (tensor<16x6xf32>, tensor<16x8xf32>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

// int8 matmul_v2 into si8 with swish: the output scale is 1 / (2 · 4),
// Scale_out 50 multiplies swish's result (activationScale), then rounding
// and saturation.
// ONEDNN-LABEL: func @matmul_v2_int8_swish
// ONEDNN: %[[OSCALES:.*]] = arith.constant dense<1.250000e-01> : tensor<1xf32>
// ONEDNN: pdnnrt.matmul ins(%arg0, %arg1, %{{.*}}, %[[OSCALES]] : tensor<6x16xui8>, tensor<16x8xsi8>, tensor<8xf32>, tensor<1xf32>) outs(%{{.*}} : tensor<6x8xsi8>) {activation = #pdnnrt.eltwise<swish>, activationScale = 5.000000e+01 : f32, alpha = 1.500000e+00 : f32,
// LINALG-LABEL: func @matmul_v2_int8_swish
// LINALG: %[[Y:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// LINALG: arith.constant 1.500000e+00 : f32
// LINALG: math.exp
// LINALG: %[[SWISH:.*]] = arith.mulf %[[Y]], %{{.*}} : f32
// LINALG: %[[OUT:.*]] = arith.constant 5.000000e+01 : f32
// LINALG: %[[SCALED:.*]] = arith.mulf %[[SWISH]], %[[OUT]] : f32
// LINALG: math.roundeven %[[SCALED]]
func.func @matmul_v2_int8_swish(%x: tensor<6x16xui8>, %w: tensor<16x8xsi8>) -> tensor<6x8xsi8> {
  %0 = pdnn.matmul_v2 %x, %w {Scale_x = 2.0 : f32, Scale_y = 4.0 : f32, Scale_out = 50.0 : f32, fuse_activation = "swish", fuse_alpha = 1.5 : f32}
      : (tensor<6x16xui8>, tensor<16x8xsi8>) -> tensor<6x8xsi8>
  return %0 : tensor<6x8xsi8>
}

// -----

// An int8 fc writing f32 (force_fp32_output): Scale_out does not apply.
// ONEDNN-LABEL: func @fc_int8_f32_out
// ONEDNN: pdnnrt.matmul {{.*}} outs(%{{.*}} : tensor<6x8xf32>) {activation = #pdnnrt.eltwise<gelu_tanh>, operandSegmentSizes
// ONEDNN-NOT: activationScale
func.func @fc_int8_f32_out(%x: tensor<6x16xsi8>, %w: tensor<16x8xsi8>) -> tensor<6x8xf32> {
  %0 = pdnn.fc Input(%x) W(%w) {activation_type = "gelu_tanh", Scale_in = 3.0 : f32, Scale_out = 7.0 : f32, force_fp32_output = true}
      : (tensor<6x16xsi8>, tensor<16x8xsi8>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}
