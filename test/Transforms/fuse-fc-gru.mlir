// --fuse-fc-gru: fc (or mul + elementwise_add) feeding gru becomes fusion_gru.
// RUN: pdnn-opt %s -split-input-file --fuse-fc-gru | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --fuse-fc-gru --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: pdnn-opt %s -split-input-file --fuse-fc-gru --remarks-filter=fuse-fc-gru \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Paddle's fc_gru_fuse_pass_tester: two branches mul(a|b, fc_w) ->
// elementwise_add(., fc_b) -> gru(., gru_w, gru_b) give two fusion_gru and no
// gru. Constant biases are added now: 2 + 1 = 3.
// CHECK-LABEL: func @paddle_tester
// CHECK-SAME: (%[[A:.*]]: tensor<?x8xf32>, %[[B:.*]]: tensor<?x8xf32>, %[[LOD:.*]]: tensor<?xi64>)
// CHECK-DAG: %[[FC_W:.*]] = arith.constant dense<5.000000e-01> : tensor<8x12xf32>
// CHECK-DAG: %[[GRU_W:.*]] = arith.constant dense<2.500000e-01> : tensor<4x12xf32>
// CHECK: %[[BIAS0:.*]] = arith.constant dense<3.000000e+00> : tensor<1x12xf32>
// CHECK: %[[H0:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = pdnn.fusion_gru X(%[[A]]) lod(%[[LOD]]) WeightX(%[[FC_W]]) WeightH(%[[GRU_W]]) Bias(%[[BIAS0]]) :
// CHECK-SAME: -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x12xf32>, tensor<?x4xf32>)
// CHECK: %[[BIAS1:.*]] = arith.constant dense<3.000000e+00> : tensor<1x12xf32>
// CHECK: %[[H1:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = pdnn.fusion_gru X(%[[B]]) lod(%[[LOD]]) WeightX(%[[FC_W]]) WeightH(%[[GRU_W]]) Bias(%[[BIAS1]]) :
// CHECK-NOT: pdnn.gru
// CHECK-NOT: pdnn.mul
// CHECK-NOT: pdnn.elementwise_add
// CHECK: return %[[H0]], %[[H1]]
// REMARK: remark: [Analysis] Counts | Category:fuse-fc-gru | fused-pairs=2, refused=0
func.func @paddle_tester(%a: tensor<?x8xf32>, %b: tensor<?x8xf32>, %lod: tensor<?xi64>)
    -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %fc_w = arith.constant dense<0.5> : tensor<8x12xf32>
  %fc_b = arith.constant dense<1.0> : tensor<12xf32>
  %gru_w = arith.constant dense<0.25> : tensor<4x12xf32>
  %gru_b = arith.constant dense<2.0> : tensor<1x12xf32>
  %fc_0_tmp0 = pdnn.mul %a, %fc_w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %fc_0_tmp1 = pdnn.elementwise_add %fc_0_tmp0, %fc_b : (tensor<?x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
  %hidden_0:4 = pdnn.gru Input(%fc_0_tmp1) lod(%lod) Weight(%gru_w) Bias(%gru_b)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>, tensor<1x12xf32>)
     -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  %fc_1_tmp0 = pdnn.mul %b, %fc_w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %fc_1_tmp1 = pdnn.elementwise_add %fc_1_tmp0, %fc_b : (tensor<?x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
  %hidden_1:4 = pdnn.gru Input(%fc_1_tmp1) lod(%lod) Weight(%gru_w) Bias(%gru_b)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>, tensor<1x12xf32>)
     -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  return %hidden_0#0, %hidden_1#0 : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// An fc op feeding gru fuses too; the attributes of the gru carry over, H0 is
// forwarded (Paddle drops it) and origin_mode = true fuses (Paddle skips it).
// The fused location covers both ops.
// CHECK-LABEL: func @fc_op_with_h0_and_origin_mode
// CHECK-SAME: (%[[X:.*]]: tensor<9x8xf32>, %[[LOD:.*]]: tensor<4xi64>, %[[H0:.*]]: tensor<3x4xf32>, %[[W:.*]]: tensor<8x12xf32>, %[[FB:.*]]: tensor<1x12xf32>, %[[GW:.*]]: tensor<4x12xf32>, %[[GB:.*]]: tensor<1x12xf32>)
// CHECK: %[[BIAS:.*]] = pdnn.elementwise_add %[[GB]], %[[FB]] : (tensor<1x12xf32>, tensor<1x12xf32>) -> tensor<1x12xf32>
// CHECK: pdnn.fusion_gru X(%[[X]]) lod(%[[LOD]]) H0(%[[H0]]) WeightX(%[[W]]) WeightH(%[[GW]]) Bias(%[[BIAS]])
// CHECK-SAME: {activation = "relu", gate_activation = "identity", is_reverse = true, origin_mode = true}
// CHECK-SAME: -> (tensor<9x4xf32>, tensor<3x4xf32>, tensor<9x12xf32>, tensor<9x12xf32>, tensor<9x4xf32>)
// Weights arrive as function arguments: the bias add stays for later folding.
// CANON-LABEL: func @fc_op_with_h0_and_origin_mode
// CANON: pdnn.elementwise_add
func.func @fc_op_with_h0_and_origin_mode(%x: tensor<9x8xf32>, %lod: tensor<4xi64>, %h0: tensor<3x4xf32>,
                                         %w: tensor<8x12xf32>, %fc_b: tensor<1x12xf32>,
                                         %gru_w: tensor<4x12xf32>, %gru_b: tensor<1x12xf32>) -> tensor<9x4xf32> {
  %proj = pdnn.fc Input(%x) W(%w) Bias(%fc_b) : (tensor<9x8xf32>, tensor<8x12xf32>, tensor<1x12xf32>) -> tensor<9x12xf32>
  %h:4 = pdnn.gru Input(%proj) lod(%lod) H0(%h0) Weight(%gru_w) Bias(%gru_b)
      {activation = "relu", gate_activation = "identity", is_reverse = true, origin_mode = true}
      : (tensor<9x12xf32>, tensor<4xi64>, tensor<3x4xf32>, tensor<4x12xf32>, tensor<1x12xf32>)
     -> (tensor<9x4xf32>, tensor<9x12xf32>, tensor<9x4xf32>, tensor<9x4xf32>)
  return %h#0 : tensor<9x4xf32>
}

// -----

// A bias that only becomes constant during canonicalization: the fuse leaves
// an explicit add, and canonicalization folds it to one constant.
// CANON-LABEL: func @bias_folds_later
// CANON: %[[BIAS:.*]] = arith.constant dense<5.000000e+00> : tensor<1x12xf32>
// CANON-NOT: pdnn.elementwise_add
// CANON: pdnn.fusion_gru {{.*}} Bias(%[[BIAS]])
func.func @bias_folds_later(%x: tensor<?x8xf32>, %lod: tensor<?xi64>) -> tensor<?x4xf32> {
  %w = arith.constant dense<0.5> : tensor<8x12xf32>
  %fc_b0 = arith.constant dense<1.0> : tensor<12xf32>
  %fc_b = pdnn.scale %fc_b0 : tensor<12xf32> -> tensor<12xf32>
  %gru_w = arith.constant dense<0.25> : tensor<4x12xf32>
  %gru_b = arith.constant dense<4.0> : tensor<1x12xf32>
  %0 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %1 = pdnn.elementwise_add %0, %fc_b : (tensor<?x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
  %h:4 = pdnn.gru Input(%1) lod(%lod) Weight(%gru_w) Bias(%gru_b)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>, tensor<1x12xf32>)
     -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  return %h#0 : tensor<?x4xf32>
}

// -----

// Addition commutes: a bias-first elementwise_add fuses as well. A bias-less
// gru takes the fc bias alone, reshaped to 1 x 3D (folded for a constant,
// an expand_shape otherwise).
// CHECK-LABEL: func @bias_first_and_biasless_gru
// CHECK: %[[CB:.*]] = arith.constant dense<{{\[}}[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00]]> : tensor<1x6xf32>
// CHECK: pdnn.fusion_gru X(%{{.*}}) lod(%{{.*}}) WeightX(%{{.*}}) WeightH(%{{.*}}) Bias(%[[CB]])
// CHECK: %[[EB:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [1, 6] : tensor<6xf32> into tensor<1x6xf32>
// CHECK: pdnn.fusion_gru X(%{{.*}}) lod(%{{.*}}) WeightX(%{{.*}}) WeightH(%{{.*}}) Bias(%[[EB]])
func.func @bias_first_and_biasless_gru(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %w: tensor<3x6xf32>,
                                       %gru_w: tensor<2x6xf32>, %arg_b: tensor<6xf32>)
    -> (tensor<?x2xf32>, tensor<?x2xf32>) {
  %cst_b = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<6xf32>
  %0 = pdnn.mul %x, %w : (tensor<?x3xf32>, tensor<3x6xf32>) -> tensor<?x6xf32>
  %1 = pdnn.elementwise_add %cst_b, %0 : (tensor<6xf32>, tensor<?x6xf32>) -> tensor<?x6xf32>
  %h:4 = pdnn.gru Input(%1) lod(%lod) Weight(%gru_w)
      : (tensor<?x6xf32>, tensor<?xi64>, tensor<2x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x2xf32>, tensor<?x2xf32>)
  %2 = pdnn.mul %x, %w : (tensor<?x3xf32>, tensor<3x6xf32>) -> tensor<?x6xf32>
  %3 = pdnn.elementwise_add %2, %arg_b : (tensor<?x6xf32>, tensor<6xf32>) -> tensor<?x6xf32>
  %g:4 = pdnn.gru Input(%3) lod(%lod) Weight(%gru_w)
      : (tensor<?x6xf32>, tensor<?xi64>, tensor<2x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x2xf32>, tensor<?x2xf32>)
  return %h#0, %g#0 : tensor<?x2xf32>, tensor<?x2xf32>
}

// -----

// Refusals leave the IR untouched and say why.
// CHECK-LABEL: func @refusals
// CHECK-COUNT-7: pdnn.gru
// CHECK-NOT: pdnn.fusion_gru
// REMARK: remark: [Missed] GruNotFused | Category:fuse-fc-gru | Reason="gru's Input is not produced by fc or elementwise_add(mul, bias)"
// REMARK: remark: [Missed] GruNotFused | Category:fuse-fc-gru | Reason="gru's scratch result BatchGate has users, which fusion_gru cannot feed"
// REMARK: remark: [Missed] GruNotFused | Category:fuse-fc-gru | Reason="the mul output has another user"
// REMARK: remark: [Missed] GruNotFused | Category:fuse-fc-gru | Reason="gru's Input has another user"
// REMARK: remark: [Missed] GruNotFused | Category:fuse-fc-gru | Reason="mul has x_num_col_dims = 1 and y_num_col_dims = 2, fusion_gru needs both 1"
// REMARK: remark: [Missed] GruNotFused | Category:fuse-fc-gru | Reason="the projection's W has 15 columns but gru's Weight implies 3D = 12"
// REMARK: remark: [Missed] GruNotFused | Category:fuse-fc-gru | Reason="fc applies activation "relu" before the gru"
// REMARK: remark: [Analysis] Counts | Category:fuse-fc-gru | fused-pairs=0, refused=7
func.func @refusals(%x: tensor<?x8xf32>, %lod: tensor<?xi64>, %w: tensor<8x12xf32>,
                    %w15: tensor<8x15xf32>, %w3: tensor<2x4x12xf32>, %b: tensor<12xf32>,
                    %gru_w: tensor<4x12xf32>, %gru_b: tensor<1x12xf32>)
    -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x12xf32>,
        tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  // A bare mul is --fuse-mul-gru's business.
  %m0 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %h0:4 = pdnn.gru Input(%m0) lod(%lod) Weight(%gru_w)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  // BatchGate is used: fusion_gru has nothing to give that user.
  %m1 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %a1 = pdnn.elementwise_add %m1, %b : (tensor<?x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
  %h1:4 = pdnn.gru Input(%a1) lod(%lod) Weight(%gru_w)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  // The mul output is also returned.
  %m2 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %a2 = pdnn.elementwise_add %m2, %b : (tensor<?x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
  %h2:4 = pdnn.gru Input(%a2) lod(%lod) Weight(%gru_w)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  // The fc output (mul + bias) is also returned.
  %m3 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %a3 = pdnn.elementwise_add %m3, %b : (tensor<?x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
  %h3:4 = pdnn.gru Input(%a3) lod(%lod) Weight(%gru_w)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  // y_num_col_dims = 2 flattens W differently from fusion_gru's WeightX.
  %m4 = pdnn.mul %x, %w3 {y_num_col_dims = 2 : i32} : (tensor<?x8xf32>, tensor<2x4x12xf32>) -> tensor<?x12xf32>
  %a4 = pdnn.elementwise_add %m4, %b : (tensor<?x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
  %h4:4 = pdnn.gru Input(%a4) lod(%lod) Weight(%gru_w)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  // Dynamic types hide a shape mismatch that the fuse must not bake in.
  %m6 = pdnn.mul %x, %w15 : (tensor<?x8xf32>, tensor<8x15xf32>) -> tensor<?x?xf32>
  %a6 = pdnn.elementwise_add %m6, %m6 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %m6b = pdnn.mul %x, %w15 : (tensor<?x8xf32>, tensor<8x15xf32>) -> tensor<?x?xf32>
  %a6b = pdnn.elementwise_add %m6b, %b : (tensor<?x?xf32>, tensor<12xf32>) -> tensor<?x?xf32>
  %h6:4 = pdnn.gru Input(%a6b) lod(%lod) Weight(%gru_w)
      : (tensor<?x?xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  // An fc with relu is not a plain projection.
  %f7 = pdnn.fc Input(%x) W(%w) {activation_type = "relu"} : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %h7:4 = pdnn.gru Input(%f7) lod(%lod) Weight(%gru_w)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  return %h0#0, %h1#0, %h1#1, %h2#0, %m2, %a3, %h3#0, %h4#0, %h6#0, %h7#0
      : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x12xf32>,
        tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// The bias cases the fuse must build valid IR for (the verifier runs after
// the pass): a bias-less gru with a one-value fc bias broadcasts it; with
// the gru's own bias the two are added; a dynamic-width gru Weight takes
// 3D from the projection (Paddle's reproducer); a bf16 gru's bf16 bias
// becomes the f32 bias fusion_gru requires.
// CHECK-LABEL: func @biases_made_valid
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[LOD:.*]]: tensor<?xi64>, %[[W:.*]]: tensor<8x12xf32>, %[[FB:.*]]: tensor<12xf32>, %[[GW:.*]]: tensor<?x?xf32>, %[[B1:.*]]: tensor<1xf32>, %[[GW4:.*]]: tensor<4x12xf32>, %[[GB:.*]]: tensor<1x12xf32>,
// CHECK: %[[E:.*]] = tensor.expand_shape %[[FB]] {{\[}}[0, 1]] output_shape [1, 12] : tensor<12xf32> into tensor<1x12xf32>
// CHECK: pdnn.fusion_gru X(%[[X]]) lod(%[[LOD]]) WeightX(%[[W]]) WeightH(%[[GW]]) Bias(%[[E]]) : (tensor<?x8xf32>, tensor<?xi64>, tensor<8x12xf32>, tensor<?x?xf32>, tensor<1x12xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x12xf32>, tensor<?x12xf32>, tensor<?x?xf32>)
// CHECK: %[[S:.*]] = tensor.extract %[[B1]]
// CHECK: %[[SPLAT:.*]] = tensor.splat %[[S]] : tensor<1x12xf32>
// CHECK: pdnn.fusion_gru {{.*}} Bias(%[[SPLAT]])
// CHECK: %[[S2:.*]] = tensor.extract %[[B1]]
// CHECK: %[[SPLAT2:.*]] = tensor.splat %[[S2]] : tensor<1x12xf32>
// CHECK: %[[SUM:.*]] = pdnn.elementwise_add %[[GB]], %[[SPLAT2]]
// CHECK: pdnn.fusion_gru {{.*}} Bias(%[[SUM]])
// CHECK: %[[F32:.*]] = arith.extf %{{.*}} : tensor<1x12xbf16> to tensor<1x12xf32>
// CHECK: pdnn.fusion_gru {{.*}} Bias(%[[F32]]) {mkldnn_data_type = "bfloat16"}
// CHECK-NOT: pdnn.gru
// REMARK: fused-pairs=4, refused=0
func.func @biases_made_valid(%x: tensor<?x8xf32>, %lod: tensor<?xi64>, %w: tensor<8x12xf32>, %fb: tensor<12xf32>,
                             %gw: tensor<?x?xf32>, %b1: tensor<1xf32>, %gw4: tensor<4x12xf32>, %gb: tensor<1x12xf32>,
                             %xh: tensor<?x8xbf16>, %wh: tensor<8x12xbf16>, %gwh: tensor<4x12xbf16>, %gbh: tensor<1x12xbf16>)
    -> (tensor<?x?xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xbf16>) {
  %p = pdnn.fc Input(%x) W(%w) Bias(%fb) : (tensor<?x8xf32>, tensor<8x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
  %h:4 = pdnn.gru Input(%p) lod(%lod) Weight(%gw) : (tensor<?x12xf32>, tensor<?xi64>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  %m1 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %a1 = pdnn.elementwise_add %m1, %b1 : (tensor<?x12xf32>, tensor<1xf32>) -> tensor<?x12xf32>
  %g1:4 = pdnn.gru Input(%a1) lod(%lod) Weight(%gw4) : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  %m2 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %a2 = pdnn.elementwise_add %m2, %b1 : (tensor<?x12xf32>, tensor<1xf32>) -> tensor<?x12xf32>
  %g2:4 = pdnn.gru Input(%a2) lod(%lod) Weight(%gw4) Bias(%gb) : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>, tensor<1x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  %fh = pdnn.fc Input(%xh) W(%wh) {mkldnn_data_type = "bfloat16"} : (tensor<?x8xbf16>, tensor<8x12xbf16>) -> tensor<?x12xbf16>
  %g3:4 = pdnn.gru Input(%fh) lod(%lod) Weight(%gwh) Bias(%gbh) : (tensor<?x12xbf16>, tensor<?xi64>, tensor<4x12xbf16>, tensor<1x12xbf16>) -> (tensor<?x4xbf16>, tensor<?x12xbf16>, tensor<?x4xbf16>, tensor<?x4xbf16>)
  return %h#0, %g1#0, %g2#0, %g3#0 : tensor<?x?xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xbf16>
}

// -----

// Biases whose size cannot be checked, or that do not fit 3D, are refused.
// CHECK-LABEL: func @bias_refusals
// CHECK-COUNT-3: pdnn.gru
// CHECK-NOT: pdnn.fusion_gru
// REMARK: Reason="the projection's bias has the dynamic type tensor<?xf32>, whose size cannot be checked against 3D"
// REMARK: Reason="the projection's bias holds 5 values; the fused bias needs 3D = 12 (or one value to broadcast)"
// REMARK: Reason="the projection's bias must be merged into a 1 x 3D bias, but neither gru's Weight nor the projection's W gives 3D statically"
// REMARK: fused-pairs=0, refused=3
func.func @bias_refusals(%x: tensor<?x8xf32>, %lod: tensor<?xi64>, %w: tensor<8x12xf32>, %wd: tensor<8x?xf32>,
                         %bd: tensor<?xf32>, %b5: tensor<5xf32>, %b1: tensor<1xf32>, %gw: tensor<4x12xf32>,
                         %gwd: tensor<?x?xf32>)
    -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?xf32>) {
  %m0 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %a0 = pdnn.elementwise_add %m0, %bd : (tensor<?x12xf32>, tensor<?xf32>) -> tensor<?x12xf32>
  %h0:4 = pdnn.gru Input(%a0) lod(%lod) Weight(%gw) : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  // Dynamic types let a 5-wide bias meet a 12-wide product; Paddle would
  // fail at run time, the fuse must not build an invalid bias from it.
  %m1 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x?xf32>
  %a1 = pdnn.elementwise_add %m1, %b5 : (tensor<?x?xf32>, tensor<5xf32>) -> tensor<?x?xf32>
  %h1:4 = pdnn.gru Input(%a1) lod(%lod) Weight(%gw) : (tensor<?x?xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  %m2 = pdnn.mul %x, %wd : (tensor<?x8xf32>, tensor<8x?xf32>) -> tensor<?x?xf32>
  %a2 = pdnn.elementwise_add %m2, %b1 : (tensor<?x?xf32>, tensor<1xf32>) -> tensor<?x?xf32>
  %h2:4 = pdnn.gru Input(%a2) lod(%lod) Weight(%gwd) : (tensor<?x?xf32>, tensor<?xi64>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %h0#0, %h1#0, %h2#0 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?xf32>
}
