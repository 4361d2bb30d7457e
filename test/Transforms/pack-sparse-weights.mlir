// --pack-sparse-weights: constant si8 weights of int8 fc, mul and matmul_v2
// with enough zeros gain #pdnn.packed (values unchanged, nnz counted); the
// others stay dense with a remark saying why.
// RUN: pdnn-opt %s -split-input-file --pack-sparse-weights=sparsity-threshold=0.5 | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --pack-sparse-weights=sparsity-threshold=0.5 \
// RUN:   --remarks-filter=pack-sparse-weights --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK
// The default threshold, 0.5, is where packed beat dense int8 in
// docs/BENCHMARKS.md: 0.5 packs, 0.25 does not.
// RUN: pdnn-opt %s -split-input-file --pack-sparse-weights --remarks-filter=pack-sparse-weights \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: dense=0, packed=1
// DEFAULT: dense=0, packed=2
// DEFAULT: Reason="sparsity 0.250 is below the threshold 0.50"
// RUN: not pdnn-opt %s --pack-sparse-weights=sparsity-threshold=1.5 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD-THRESHOLD
// BAD-THRESHOLD: sparsity-threshold must be in [0, 1], got 1.5

// 6 of 8 zeros (0.75): packed, the values kept.
// CHECK-LABEL: func @fc_packed
// CHECK: %[[W:.*]] = arith.constant dense<{{\[\[}}0, 3], [0, 0], [0, 0], [-2, 0]]> : tensor<4x2xsi8, #pdnn.packed<"BA16a64b4a", nnz = 2>>
// CHECK: pdnn.fc Input(%arg0) W(%[[W]])
// CHECK-SAME: tensor<4x2xsi8, #pdnn.packed<"BA16a64b4a", nnz = 2>>
// REMARK: Category:pack-sparse-weights | dense=0, packed=1
func.func @fc_packed(%x: tensor<3x4xui8>) -> tensor<3x2xf32> {
  %w = arith.constant dense<[[0, 3], [0, 0], [0, 0], [-2, 0]]> : tensor<4x2xsi8>
  %0 = pdnn.fc Input(%x) W(%w) {force_fp32_output = true}
      : (tensor<3x4xui8>, tensor<4x2xsi8>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// mul and matmul_v2 too; exactly at the threshold (0.5) packs.
// CHECK-LABEL: func @mul_and_matmul
// CHECK: pdnn.mul
// CHECK-SAME: tensor<2x2xsi8, #pdnn.packed<"BA16a64b4a", nnz = 2>>
// CHECK: pdnn.matmul_v2
// CHECK-SAME: tensor<2x2xsi8, #pdnn.packed<"BA16a64b4a", nnz = 1>>
// REMARK: Category:pack-sparse-weights | dense=0, packed=2
func.func @mul_and_matmul(%x: tensor<3x2xsi8>) -> (tensor<3x2xui8>, tensor<3x2xsi8>) {
  %w = arith.constant dense<[[1, 0], [0, 1]]> : tensor<2x2xsi8>
  %v = arith.constant dense<[[0, 0], [0, 7]]> : tensor<2x2xsi8>
  %0 = pdnn.mul %x, %w : (tensor<3x2xsi8>, tensor<2x2xsi8>) -> tensor<3x2xui8>
  %1 = pdnn.matmul_v2 %x, %v : (tensor<3x2xsi8>, tensor<2x2xsi8>) -> tensor<3x2xsi8>
  return %0, %1 : tensor<3x2xui8>, tensor<3x2xsi8>
}

// -----

// Left dense: below the threshold, not a constant, f32 weights, trans_y,
// padding_weights; f32 products are no candidates at all.
// CHECK-LABEL: func @refused
// CHECK-NOT: #pdnn.packed
// REMARK: remark: [Missed] WeightsKeptDense | Category:pack-sparse-weights | Reason="sparsity 0.250 is below the threshold 0.50"
// REMARK: remark: [Missed] WeightsKeptDense | Category:pack-sparse-weights | Reason="the weights are not a constant"
// REMARK: remark: [Missed] WeightsKeptDense | Category:pack-sparse-weights | Reason="the weights are not si8 (run --quantize-constant-weights first)"
// REMARK: remark: [Missed] WeightsKeptDense | Category:pack-sparse-weights | Reason="Y is transposed (trans_y)"
// REMARK: remark: [Missed] WeightsKeptDense | Category:pack-sparse-weights | Reason="fc has padding_weights"
// REMARK: Category:pack-sparse-weights | dense=5, packed=0
func.func @refused(%x: tensor<3x2xui8>, %arg: tensor<2x2xsi8>, %f: tensor<3x2xf32>)
    -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %dense = arith.constant dense<[[1, 0], [2, 3]]> : tensor<2x2xsi8>
  %zeros = arith.constant dense<0> : tensor<2x2xsi8>
  %f32w = arith.constant dense<0.0> : tensor<2x2xf32>
  %padded = arith.constant dense<0> : tensor<6x6xsi8>
  %0 = pdnn.fc Input(%x) W(%dense) {force_fp32_output = true} : (tensor<3x2xui8>, tensor<2x2xsi8>) -> tensor<3x2xf32>
  %1 = pdnn.fc Input(%x) W(%arg) {force_fp32_output = true} : (tensor<3x2xui8>, tensor<2x2xsi8>) -> tensor<3x2xf32>
  %2 = pdnn.fc Input(%x) W(%f32w) {force_fp32_output = true} : (tensor<3x2xui8>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %3 = pdnn.matmul_v2 %x, %zeros {trans_y = true, force_fp32_output = true} : (tensor<3x2xui8>, tensor<2x2xsi8>) -> tensor<3x2xf32>
  %4 = pdnn.fc Input(%x) W(%padded) {padding_weights = true, force_fp32_output = true} : (tensor<3x2xui8>, tensor<6x6xsi8>) -> tensor<3x2xf32>
  %5 = pdnn.fc Input(%f) W(%f32w) : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}

// -----

// The generated sparse kernels apply relu, tanh and sigmoid: products that
// fuse one of them pack, the others stay dense.
// CHECK-LABEL: func @activations
// CHECK: pdnn.fc Input(%arg0) W(%{{.*}}) {activation_type = "tanh", force_fp32_output = true} : (tensor<3x4xui8>, tensor<4x2xsi8, #pdnn.packed<"BA16a64b4a", nnz = 2>>) -> tensor<3x2xf32>
// CHECK: pdnn.fc Input(%arg0) W(%{{.*}}) {activation_type = "gelu", force_fp32_output = true} : (tensor<3x4xui8>, tensor<4x2xsi8>) -> tensor<3x2xf32>
// CHECK: pdnn.matmul_v2 %arg0, %{{.*}} {force_fp32_output = true, fuse_activation = "relu", fuse_alpha = 1.000000e-01 : f32} : (tensor<3x4xui8>, tensor<4x2xsi8>) -> tensor<3x2xf32>
// REMARK: Reason="the product fuses activation "gelu_erf"; the sparse kernels apply relu (without a leaky slope), tanh and sigmoid only"
// REMARK: Reason="the product fuses activation "relu" with a leaky slope; the sparse kernels apply relu (without a leaky slope), tanh and sigmoid only"
// REMARK: Category:pack-sparse-weights | dense=2, packed=1
func.func @activations(%x: tensor<3x4xui8>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %w = arith.constant dense<[[0, 3], [0, 0], [0, 0], [-2, 0]]> : tensor<4x2xsi8>
  %0 = pdnn.fc Input(%x) W(%w) {activation_type = "tanh", force_fp32_output = true}
      : (tensor<3x4xui8>, tensor<4x2xsi8>) -> tensor<3x2xf32>
  %1 = pdnn.fc Input(%x) W(%w) {activation_type = "gelu", force_fp32_output = true}
      : (tensor<3x4xui8>, tensor<4x2xsi8>) -> tensor<3x2xf32>
  %2 = pdnn.matmul_v2 %x, %w {fuse_activation = "relu", fuse_alpha = 0.1 : f32, force_fp32_output = true}
      : (tensor<3x4xui8>, tensor<4x2xsi8>) -> tensor<3x2xf32>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}
