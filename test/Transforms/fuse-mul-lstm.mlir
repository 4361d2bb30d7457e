// --fuse-mul-lstm: a bias-less mul feeding lstm becomes fusion_lstm; the
// Bias is the lstm's own, passed through untouched.
// RUN: pdnn-opt %s -split-input-file --fuse-mul-lstm | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --fuse-mul-lstm --remarks-filter=fuse-mul-lstm \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK-LABEL: func @mul_lstm
// CHECK-SAME: (%[[X:.*]]: tensor<?x1x6xf32>, %[[LOD:.*]]: tensor<?xi64>, %[[H0:.*]]: tensor<?x3xf32>, %[[C0:.*]]: tensor<?x3xf32>, %[[W:.*]]: tensor<6x12xf32>, %[[WH:.*]]: tensor<3x12xf32>, %[[B:.*]]: tensor<1x21xf32>)
// CHECK-NOT: pdnn.mul
// CHECK: %[[H:[^,]+]], %[[C:[^,]+]], {{.*}} = pdnn.fusion_lstm X(%[[X]]) lod(%[[LOD]]) H0(%[[H0]]) C0(%[[C0]]) WeightX(%[[W]]) WeightH(%[[WH]]) Bias(%[[B]]) {candidate_activation = "relu", cell_activation = "identity", gate_activation = "tanh", is_reverse = true}
// CHECK-NOT: pdnn.lstm
// CHECK: return %[[C]], %[[H]]
// REMARK: Category:fuse-mul-lstm | fused-pairs=1, refused=0
func.func @mul_lstm(%x: tensor<?x1x6xf32>, %lod: tensor<?xi64>, %h0: tensor<?x3xf32>, %c0: tensor<?x3xf32>,
                    %w: tensor<6x12xf32>, %wh: tensor<3x12xf32>, %b: tensor<1x21xf32>)
    -> (tensor<?x3xf32>, tensor<?x3xf32>) {
  // X is T x 1 x M, which fusion_lstm takes as is.
  %0 = pdnn.mul %x, %w : (tensor<?x1x6xf32>, tensor<6x12xf32>) -> tensor<?x12xf32>
  %h:4 = pdnn.lstm Input(%0) lod(%lod) H0(%h0) C0(%c0) Weight(%wh) Bias(%b)
      {is_reverse = true, gate_activation = "tanh", cell_activation = "identity", candidate_activation = "relu"}
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<3x12xf32>, tensor<1x21xf32>)
     -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x12xf32>, tensor<?x3xf32>)
  return %h#1, %h#0 : tensor<?x3xf32>, tensor<?x3xf32>
}

// -----

// mul + elementwise_add is --fuse-fc-lstm's pattern, not this one's; a
// quantized mul is not a float projection; the lstm's dynamic Bias is fine
// here, since nothing is added to it.
// CHECK-LABEL: func @not_a_bare_mul
// CHECK: pdnn.lstm
// CHECK: pdnn.lstm
// CHECK: pdnn.fusion_lstm {{.*}} Bias(%{{.*}}) : (tensor<?x8xf32>, tensor<?xi64>, tensor<8x12xf32>, tensor<3x12xf32>, tensor<?x?xf32>)
// REMARK: Reason="lstm's Input is not produced by mul"
// REMARK: Reason="mul is quantized"
// REMARK: fused-pairs=1, refused=2
func.func @not_a_bare_mul(%x: tensor<?x8xf32>, %q: tensor<?x8xui8>, %lod: tensor<?xi64>, %w: tensor<8x12xf32>,
                          %wq: tensor<8x12xsi8>, %b: tensor<12xf32>, %wh: tensor<3x12xf32>, %lb: tensor<?x?xf32>)
    -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>) {
  %0 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %1 = pdnn.elementwise_add %0, %b : (tensor<?x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
  %h:4 = pdnn.lstm Input(%1) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<3x12xf32>, tensor<?x?xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x12xf32>, tensor<?x3xf32>)
  %2 = pdnn.mul %q, %wq {force_fp32_output = true} : (tensor<?x8xui8>, tensor<8x12xsi8>) -> tensor<?x12xf32>
  %g:4 = pdnn.lstm Input(%2) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<3x12xf32>, tensor<?x?xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x12xf32>, tensor<?x3xf32>)
  %3 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %f:4 = pdnn.lstm Input(%3) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<3x12xf32>, tensor<?x?xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x12xf32>, tensor<?x3xf32>)
  return %h#0, %g#0, %f#0 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>
}
