// --fuse-mul-gru: a bias-less mul feeding gru becomes fusion_gru; the bias is
// the gru's own.
// RUN: pdnn-opt %s -split-input-file --fuse-mul-gru | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --fuse-mul-gru --remarks-filter=fuse-mul-gru \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK-LABEL: func @mul_gru
// CHECK-SAME: (%[[X:.*]]: tensor<?x1x8xf32>, %[[LOD:.*]]: tensor<?xi64>, %[[H0:.*]]: tensor<?x4xf32>, %[[W:.*]]: tensor<8x12xf32>, %[[GW:.*]]: tensor<4x12xf32>, %[[GB:.*]]: tensor<1x12xf32>)
// CHECK-NOT: pdnn.mul
// CHECK: %[[H:[^,]+]], {{.*}} = pdnn.fusion_gru X(%[[X]]) lod(%[[LOD]]) H0(%[[H0]]) WeightX(%[[W]]) WeightH(%[[GW]]) Bias(%[[GB]]) {origin_mode = true}
// CHECK-SAME: (tensor<?x1x8xf32>, tensor<?xi64>, tensor<?x4xf32>, tensor<8x12xf32>, tensor<4x12xf32>, tensor<1x12xf32>)
// CHECK-NOT: pdnn.gru
// CHECK: return %[[H]]
// REMARK: Category:fuse-mul-gru | fused-pairs=1, refused=0
func.func @mul_gru(%x: tensor<?x1x8xf32>, %lod: tensor<?xi64>, %h0: tensor<?x4xf32>, %w: tensor<8x12xf32>,
                   %gru_w: tensor<4x12xf32>, %gru_b: tensor<1x12xf32>) -> tensor<?x4xf32> {
  // X is T x 1 x M, which fusion_gru takes as is.
  %0 = pdnn.mul %x, %w : (tensor<?x1x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %h:4 = pdnn.gru Input(%0) lod(%lod) H0(%h0) Weight(%gru_w) Bias(%gru_b) {origin_mode = true}
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<?x4xf32>, tensor<4x12xf32>, tensor<1x12xf32>)
     -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  return %h#0 : tensor<?x4xf32>
}

// -----

// mul + elementwise_add is --fuse-fc-gru's pattern, not this one's; a
// quantized mul is not a float projection.
// CHECK-LABEL: func @not_a_bare_mul
// CHECK-COUNT-2: pdnn.gru
// REMARK: Reason="gru's Input is not produced by mul"
// REMARK: Reason="mul is quantized"
// REMARK: fused-pairs=0, refused=2
func.func @not_a_bare_mul(%x: tensor<?x8xf32>, %q: tensor<?x8xui8>, %lod: tensor<?xi64>, %w: tensor<8x12xf32>,
                          %wq: tensor<8x12xsi8>, %b: tensor<12xf32>, %gru_w: tensor<4x12xf32>)
    -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %0 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %1 = pdnn.elementwise_add %0, %b : (tensor<?x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
  %h:4 = pdnn.gru Input(%1) lod(%lod) Weight(%gru_w)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  %2 = pdnn.mul %q, %wq {force_fp32_output = true} : (tensor<?x8xui8>, tensor<8x12xsi8>) -> tensor<?x12xf32>
  %g:4 = pdnn.gru Input(%2) lod(%lod) Weight(%gru_w)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  return %h#0, %g#0 : tensor<?x4xf32>, tensor<?x4xf32>
}
