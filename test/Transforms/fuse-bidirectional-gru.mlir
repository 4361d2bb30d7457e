// --fuse-bidirectional-gru: forward + reverse fusion_gru over one X and LoD,
// concatenated along channels, become one multi_gru.
// RUN: pdnn-opt %s -split-input-file --fuse-bidirectional-gru | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --fuse-bidirectional-gru --remarks-filter=fuse-bidirectional-gru \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pdnn-opt %s -split-input-file --fuse-fc-gru --fuse-bidirectional-gru | FileCheck %s --check-prefix=PIPELINE

// CHECK-LABEL: func @bidirectional
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[LOD:.*]]: tensor<?xi64>, %[[WXF:.*]]: tensor<3x15xf32>, %[[WHF:.*]]: tensor<5x15xf32>, %[[BF:.*]]: tensor<1x15xf32>, %[[WXR:.*]]: tensor<3x15xf32>, %[[WHR:.*]]: tensor<5x15xf32>, %[[BR:.*]]: tensor<1x15xf32>)
// CHECK: %[[H:.*]] = pdnn.multi_gru X(%[[X]]) lod(%[[LOD]]) WeightX(%[[WXF]], %[[WXR]]) WeightH(%[[WHF]], %[[WHR]]) Bias(%[[BF]], %[[BR]]) {origin_mode = true}
// CHECK-SAME: -> tensor<?x10xf32>
// CHECK-NOT: pdnn.fusion_gru
// CHECK-NOT: pdnn.concat
// CHECK: return %[[H]]
// REMARK: Category:fuse-bidirectional-gru | fused-pairs=1
func.func @bidirectional(%x: tensor<?x3xf32>, %lod: tensor<?xi64>,
                         %wx_f: tensor<3x15xf32>, %wh_f: tensor<5x15xf32>, %b_f: tensor<1x15xf32>,
                         %wx_r: tensor<3x15xf32>, %wh_r: tensor<5x15xf32>, %b_r: tensor<1x15xf32>) -> tensor<?x10xf32> {
  %f:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx_f) WeightH(%wh_f) Bias(%b_f) {origin_mode = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>, tensor<1x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %r:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx_r) WeightH(%wh_r) Bias(%b_r) {is_reverse = true, origin_mode = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>, tensor<1x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %h = pdnn.concat %f#0, %r#0 {axis = 1 : i32} : (tensor<?x5xf32>, tensor<?x5xf32>) -> tensor<?x10xf32>
  return %h : tensor<?x10xf32>
}

// -----

// One direction without bias gets zeros, since multi_gru takes a bias for
// both directions or for neither; int8 weight scales become tensors.
// CHECK-LABEL: func @one_bias_and_int8_scales
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<1x6xf32>
// CHECK-DAG: %[[SF:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf32>
// CHECK-DAG: %[[SR:.*]] = arith.constant dense<1.270000e+02> : tensor<6xf32>
// CHECK: pdnn.multi_gru X(%{{.*}}) lod(%{{.*}}) WeightX(%{{.*}}, %{{.*}}) WeightH(%{{.*}}, %{{.*}}) Bias(%[[ZERO]], %{{.*}}) Scale_weights(%[[SF]], %[[SR]])
// CHECK-SAME: {Scale_data = 6.300000e+01 : f32, Shift_data = 6.400000e+01 : f32, force_fp32_output = true, mkldnn_data_type = "int8"}
func.func @one_bias_and_int8_scales(%x: tensor<?x3xui8>, %lod: tensor<?xi64>, %wx: tensor<3x6xf32>, %wh: tensor<2x6xf32>,
                                    %b: tensor<1x6xf32>) -> tensor<?x4xf32> {
  %f:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      {mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32, force_fp32_output = true,
       Scale_weights = array<f32: 1.0, 2.0, 3.0, 4.0, 5.0, 6.0>}
      : (tensor<?x3xui8>, tensor<?xi64>, tensor<3x6xf32>, tensor<2x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  %r:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      {is_reverse = true, mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32,
       force_fp32_output = true, Scale_weights = array<f32: 127.0>}
      : (tensor<?x3xui8>, tensor<?xi64>, tensor<3x6xf32>, tensor<2x6xf32>, tensor<1x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  %h = pdnn.concat %f#0, %r#0 {axis = -1 : i32} : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x4xf32>
  return %h : tensor<?x4xf32>
}

// -----

// Refusals, each with its reason.
// CHECK-LABEL: func @refusals
// CHECK-COUNT-12: pdnn.fusion_gru
// CHECK-NOT: pdnn.multi_gru
// REMARK: Reason="the concat puts the reverse direction first; multi_gru produces [forward, reverse]"
// REMARK: Reason="a direction has H0, which multi_gru cannot take"
// REMARK: Reason="the two directions use different activations"
// REMARK: Reason="the two directions differ in origin_mode"
// REMARK: Reason="the concat is not along channels"
// REMARK: Reason="a direction's Hidden has users besides the concat"
// REMARK: fused-pairs=0
func.func @refusals(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %h0: tensor<?x5xf32>,
                    %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>)
    -> (tensor<?x10xf32>, tensor<?x10xf32>, tensor<?x10xf32>, tensor<?x10xf32>, tensor<?x5xf32>, tensor<?x10xf32>, tensor<?x5xf32>) {
  %f0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %r0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {is_reverse = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %c0 = pdnn.concat %r0#0, %f0#0 {axis = 1 : i32} : (tensor<?x5xf32>, tensor<?x5xf32>) -> tensor<?x10xf32>

  %f1:5 = pdnn.fusion_gru X(%x) lod(%lod) H0(%h0) WeightX(%wx) WeightH(%wh)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<?x5xf32>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %r1:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {is_reverse = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %c1 = pdnn.concat %f1#0, %r1#0 {axis = 1 : i32} : (tensor<?x5xf32>, tensor<?x5xf32>) -> tensor<?x10xf32>

  %f2:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {activation = "relu"}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %r2:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {is_reverse = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %c2 = pdnn.concat %f2#0, %r2#0 {axis = 1 : i32} : (tensor<?x5xf32>, tensor<?x5xf32>) -> tensor<?x10xf32>

  %f3:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %r3:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {is_reverse = true, origin_mode = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %c3 = pdnn.concat %f3#0, %r3#0 {axis = 1 : i32} : (tensor<?x5xf32>, tensor<?x5xf32>) -> tensor<?x10xf32>

  %f4:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %r4:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {is_reverse = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %c4 = pdnn.concat %f4#0, %r4#0 {axis = 0 : i32} : (tensor<?x5xf32>, tensor<?x5xf32>) -> tensor<?x5xf32>

  %f5:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %r5:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {is_reverse = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %c5 = pdnn.concat %f5#0, %r5#0 {axis = 1 : i32} : (tensor<?x5xf32>, tensor<?x5xf32>) -> tensor<?x10xf32>
  return %c0, %c1, %c2, %c3, %c4, %c5, %f5#0
      : tensor<?x10xf32>, tensor<?x10xf32>, tensor<?x10xf32>, tensor<?x10xf32>, tensor<?x5xf32>, tensor<?x10xf32>, tensor<?x5xf32>
}

// -----

// From Paddle's unfused form: fc + gru twice, then the pair.
// PIPELINE-LABEL: func @from_fc_and_gru
// PIPELINE: pdnn.multi_gru X(%{{.*}}) lod(%{{.*}}) WeightX(%{{.*}}, %{{.*}}) WeightH(%{{.*}}, %{{.*}}) Bias(%{{.*}}, %{{.*}})
// PIPELINE-NOT: pdnn.gru
// PIPELINE-NOT: pdnn.fusion_gru
func.func @from_fc_and_gru(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %w: tensor<3x6xf32>, %b: tensor<6xf32>,
                           %gru_w: tensor<2x6xf32>, %gru_b: tensor<1x6xf32>) -> tensor<?x4xf32> {
  %p0 = pdnn.fc Input(%x) W(%w) Bias(%b) : (tensor<?x3xf32>, tensor<3x6xf32>, tensor<6xf32>) -> tensor<?x6xf32>
  %f:4 = pdnn.gru Input(%p0) lod(%lod) Weight(%gru_w) Bias(%gru_b)
      : (tensor<?x6xf32>, tensor<?xi64>, tensor<2x6xf32>, tensor<1x6xf32>) -> (tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x2xf32>, tensor<?x2xf32>)
  %p1 = pdnn.fc Input(%x) W(%w) Bias(%b) : (tensor<?x3xf32>, tensor<3x6xf32>, tensor<6xf32>) -> tensor<?x6xf32>
  %r:4 = pdnn.gru Input(%p1) lod(%lod) Weight(%gru_w) Bias(%gru_b) {is_reverse = true}
      : (tensor<?x6xf32>, tensor<?xi64>, tensor<2x6xf32>, tensor<1x6xf32>) -> (tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x2xf32>, tensor<?x2xf32>)
  %h = pdnn.concat %f#0, %r#0 {axis = 1 : i32} : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x4xf32>
  return %h : tensor<?x4xf32>
}

// -----

// Directions that multi_gru cannot run as one layer are refused instead of
// becoming an op that does not verify: different frame sizes, and a bias
// to make up for one direction when 3D is dynamic on both sides.
// CHECK-LABEL: func @shapes_refused
// PIPELINE-LABEL: func @shapes_refused
// CHECK-COUNT-4: pdnn.fusion_gru
// CHECK-NOT: pdnn.multi_gru
// REMARK: Reason="the two directions have different frame sizes"
// REMARK: Reason="a bias or weight scales must be built for one direction, but WeightH's 3D is dynamic"
// REMARK: fused-pairs=0
func.func @shapes_refused(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %wx4: tensor<3x12xf32>, %wh4: tensor<4x12xf32>,
                          %wx5: tensor<3x15xf32>, %wh5: tensor<5x15xf32>, %wxd: tensor<3x?xf32>,
                          %whd: tensor<?x?xf32>, %b: tensor<1x?xf32>)
    -> (tensor<?x9xf32>, tensor<?x?xf32>) {
  %f:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx4) WeightH(%wh4)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x12xf32>, tensor<4x12xf32>)
     -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x12xf32>, tensor<?x4xf32>)
  %r:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx5) WeightH(%wh5) {is_reverse = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %c = pdnn.concat %f#0, %r#0 {axis = 1 : i32} : (tensor<?x4xf32>, tensor<?x5xf32>) -> tensor<?x9xf32>
  %f2:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wxd) WeightH(%whd) Bias(%b)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x?xf32>, tensor<?x?xf32>, tensor<1x?xf32>)
     -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  %r2:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wxd) WeightH(%whd) {is_reverse = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x?xf32>, tensor<?x?xf32>)
     -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  %c2 = pdnn.concat %f2#0, %r2#0 {axis = 1 : i32} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %c, %c2 : tensor<?x9xf32>, tensor<?x?xf32>
}
