// The interpolations' Scale tensor holds 1 or 2 values
// (Interpolate2DInferShapeCheck).
// RUN: pdnn-opt %s -split-input-file -verify-diagnostics

func.func @scale_three_values(%x: tensor<1x3x4x5xf32>, %s: tensor<3xf32>) {
  // expected-error @+1 {{Scale}}
  %0 = pdnn.bilinear_interp_v2 X(%x) Scale(%s : tensor<3xf32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  return
}

// -----

func.func @scale_matrix(%x: tensor<1x3x4x5xf32>, %s: tensor<2x2xf32>) {
  // expected-error @+1 {{Scale}}
  %0 = pdnn.nearest_interp_v2 X(%x) Scale(%s : tensor<2x2xf32>) {interp_method = "nearest"} : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  return
}

// -----

func.func @scale_ok(%x: tensor<1x3x4x5xf32>, %s1: tensor<1xf32>, %s2: tensor<2xf32>) {
  %0 = pdnn.bilinear_interp_v2 X(%x) Scale(%s1 : tensor<1xf32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  %1 = pdnn.bilinear_interp_v2 X(%x) Scale(%s2 : tensor<2xf32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  return
}
