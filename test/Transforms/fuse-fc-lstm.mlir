// --fuse-fc-lstm: fc (or mul + elementwise_add) feeding lstm becomes one
// fusion_lstm whose Bias is the lstm's with the fc bias added to its first 4D.
// RUN: pdnn-opt %s -split-input-file --fuse-fc-lstm | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --fuse-fc-lstm --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: pdnn-opt %s -split-input-file --fuse-fc-lstm --remarks-filter=fuse-fc-lstm \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Constant biases with peepholes: one 1 x 7D constant, the gate biases
// summed and the peephole weights (the last 3D) untouched, -0.0 included.
// CHECK-LABEL: func @fc_lstm_constant_peepholes
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[LOD:.*]]: tensor<?xi64>, %[[H0:.*]]: tensor<?x2xf32>, %[[C0:.*]]: tensor<?x2xf32>)
// CHECK-DAG: %[[W:.*]] = arith.constant dense<1.000000e+00> : tensor<3x8xf32>
// CHECK-DAG: %[[WH:.*]] = arith.constant dense<5.000000e-01> : tensor<2x8xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<{{\[\[}}1.500000e+00, 2.500000e+00, 3.500000e+00, 4.500000e+00, 5.500000e+00, 6.500000e+00, 7.500000e+00, 8.500000e+00, -0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00]]> : tensor<1x14xf32>
// CHECK-NOT: pdnn.fc
// CHECK-NOT: pdnn.concat
// CHECK: %[[H:[^,]+]], %[[C:[^,]+]], {{.*}} = pdnn.fusion_lstm X(%[[X]]) lod(%[[LOD]]) H0(%[[H0]]) C0(%[[C0]]) WeightX(%[[W]]) WeightH(%[[WH]]) Bias(%[[B]]) {is_reverse = true}
// CHECK-SAME: -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<2x2xf32>)
// CHECK-NOT: pdnn.lstm
// CHECK: return %[[H]], %[[C]]
// REMARK: Category:fuse-fc-lstm | fused-pairs=1, refused=0
func.func @fc_lstm_constant_peepholes(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %h0: tensor<?x2xf32>,
                                      %c0: tensor<?x2xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>) {
  %w = arith.constant dense<1.0> : tensor<3x8xf32>
  %fb = arith.constant dense<[0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]> : tensor<8xf32>
  %wh = arith.constant dense<0.5> : tensor<2x8xf32>
  %lb = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, -0.0, 1.0, 2.0, 3.0, 4.0, 5.0]]> : tensor<1x14xf32>
  %p = pdnn.fc Input(%x) W(%w) Bias(%fb) : (tensor<?x3xf32>, tensor<3x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %h:4 = pdnn.lstm Input(%p) lod(%lod) H0(%h0) C0(%c0) Weight(%wh) Bias(%lb) {is_reverse = true}
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  return %h#0, %h#1 : tensor<?x2xf32>, tensor<?x2xf32>
}

// -----

// Biases that are arguments: without peepholes one add; with peepholes the
// fc bias is padded to 7D with -0.0 first. Canonicalization keeps both (no
// constants to fold), and nothing else is left behind.
// CHECK-LABEL: func @fc_lstm_argument_biases
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[LOD:.*]]: tensor<?xi64>, %[[W:.*]]: tensor<3x8xf32>, %[[FB:.*]]: tensor<1x8xf32>, %[[WH:.*]]: tensor<2x8xf32>, %[[B4:.*]]: tensor<1x8xf32>, %[[B7:.*]]: tensor<1x14xf32>)
// CHECK: %[[SUM4:.*]] = pdnn.elementwise_add %[[B4]], %[[FB]]
// CHECK: pdnn.fusion_lstm X(%[[X]]) lod(%[[LOD]]) WeightX(%[[W]]) WeightH(%[[WH]]) Bias(%[[SUM4]]) {use_peepholes = false}
// CHECK: %[[PAD:.*]] = arith.constant dense<-0.000000e+00> : tensor<1x6xf32>
// CHECK: %[[ROW:.*]] = pdnn.concat %[[FB]], %[[PAD]] {axis = 1 : i32} : (tensor<1x8xf32>, tensor<1x6xf32>) -> tensor<1x14xf32>
// CHECK: %[[SUM7:.*]] = pdnn.elementwise_add %[[B7]], %[[ROW]]
// CHECK: pdnn.fusion_lstm X(%[[X]]) lod(%[[LOD]]) WeightX(%[[W]]) WeightH(%[[WH]]) Bias(%[[SUM7]])
// CHECK-NOT: pdnn.lstm
// CANON-LABEL: func @fc_lstm_argument_biases
// CANON: pdnn.elementwise_add
// CANON: pdnn.concat
// CANON: pdnn.elementwise_add
// CANON-NOT: pdnn.lstm
func.func @fc_lstm_argument_biases(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %w: tensor<3x8xf32>, %fb: tensor<1x8xf32>,
                                   %wh: tensor<2x8xf32>, %b4: tensor<1x8xf32>, %b7: tensor<1x14xf32>)
    -> (tensor<?x2xf32>, tensor<?x2xf32>) {
  %m = pdnn.mul %x, %w : (tensor<?x3xf32>, tensor<3x8xf32>) -> tensor<?x8xf32>
  %p = pdnn.elementwise_add %m, %fb : (tensor<?x8xf32>, tensor<1x8xf32>) -> tensor<?x8xf32>
  %a:4 = pdnn.lstm Input(%p) lod(%lod) Weight(%wh) Bias(%b4) {use_peepholes = false}
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  %q = pdnn.fc Input(%x) W(%w) Bias(%fb) : (tensor<?x3xf32>, tensor<3x8xf32>, tensor<1x8xf32>) -> tensor<?x8xf32>
  %b:4 = pdnn.lstm Input(%q) lod(%lod) Weight(%wh) Bias(%b7)
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  return %a#0, %b#1 : tensor<?x2xf32>, tensor<?x2xf32>
}

// -----

// An fc without bias, and a one-value bias broadcast to 4D (bias first in
// the add): both fuse; the broadcast constant is summed in.
// CHECK-LABEL: func @fc_lstm_no_bias_and_broadcast
// CHECK-COUNT-2: pdnn.fusion_lstm
// CHECK-NOT: pdnn.lstm
// CANON-LABEL: func @fc_lstm_no_bias_and_broadcast
// CANON-DAG: arith.constant dense<{{\[\[}}2.000000e+00, 2.000000e+00, 2.000000e+00, 2.000000e+00, 2.000000e+00, 2.000000e+00, 2.000000e+00, 2.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00]]> : tensor<1x14xf32>
// REMARK: Category:fuse-fc-lstm | fused-pairs=2, refused=0
func.func @fc_lstm_no_bias_and_broadcast(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %w: tensor<3x8xf32>,
                                         %wh: tensor<2x8xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>) {
  %lb = arith.constant dense<1.0> : tensor<1x14xf32>
  %one = arith.constant dense<1.0> : tensor<1xf32>
  %p = pdnn.fc Input(%x) W(%w) : (tensor<?x3xf32>, tensor<3x8xf32>) -> tensor<?x8xf32>
  %a:4 = pdnn.lstm Input(%p) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  %m = pdnn.mul %x, %w : (tensor<?x3xf32>, tensor<3x8xf32>) -> tensor<?x8xf32>
  %q = pdnn.elementwise_add %one, %m : (tensor<1xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %b:4 = pdnn.lstm Input(%q) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  return %a#0, %b#0 : tensor<?x2xf32>, tensor<?x2xf32>
}

// -----

// Refusals, each reported once, the IR untouched.
// CHECK-LABEL: func @refusals
// CHECK-COUNT-9: pdnn.lstm
// CHECK-NOT: pdnn.fusion_lstm
// REMARK: remark: [Missed] LstmNotFused | Category:fuse-fc-lstm | Reason="lstm's Input is not produced by fc or elementwise_add(mul, bias)"
// REMARK: remark: [Missed] LstmNotFused | Category:fuse-fc-lstm | Reason="lstm's scratch result BatchCellPreAct has users, which fusion_lstm cannot feed"
// REMARK: remark: [Missed] LstmNotFused | Category:fuse-fc-lstm | Reason="lstm's Input has another user"
// REMARK: remark: [Missed] LstmNotFused | Category:fuse-fc-lstm | Reason="fc applies activation "relu" before the lstm"
// REMARK: remark: [Missed] LstmNotFused | Category:fuse-fc-lstm | Reason="lstm's Bias has the dynamic type tensor<?x?xf32>, so the projection's bias cannot be added to its first 4D"
// REMARK: remark: [Missed] LstmNotFused | Category:fuse-fc-lstm | Reason="the projection's bias holds 6 values; the fused bias needs 4D = 8 (or one value to broadcast)"
// REMARK: remark: [Missed] LstmNotFused | Category:fuse-fc-lstm | Reason="mul has x_num_col_dims = 1 and y_num_col_dims = 2, fusion_lstm needs both 1"
// REMARK: remark: [Missed] LstmNotFused | Category:fuse-fc-lstm | Reason="the projection's W has 12 columns but lstm's Weight implies 4D = 8"
// REMARK: remark: [Missed] LstmNotFused | Category:fuse-fc-lstm | Reason="the projection's W has 10 columns, not 4D for 4 gates"
// REMARK: remark: [Analysis] Counts | Category:fuse-fc-lstm | fused-pairs=0, refused=9
func.func @refusals(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %w: tensor<3x8xf32>, %fb: tensor<8xf32>,
                    %fb3: tensor<1x6xf32>, %wh: tensor<2x8xf32>, %lb: tensor<1x14xf32>, %lbd: tensor<?x?xf32>,
                    %w3: tensor<3x1x8xf32>, %in: tensor<?x8xf32>, %wd: tensor<3x?xf32>, %w12: tensor<3x12xf32>,
                    %w10: tensor<3x10xf32>, %whd: tensor<?x?xf32>)
    -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>,
        tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x?xf32>) {
  // Input is an argument.
  %a:4 = pdnn.lstm Input(%in) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  // A scratch result is read.
  %p1 = pdnn.fc Input(%x) W(%w) Bias(%fb) : (tensor<?x3xf32>, tensor<3x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %b:4 = pdnn.lstm Input(%p1) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  // The projection is read elsewhere too.
  %p2 = pdnn.fc Input(%x) W(%w) Bias(%fb) : (tensor<?x3xf32>, tensor<3x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %c:4 = pdnn.lstm Input(%p2) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  // fc with an activation.
  %p3 = pdnn.fc Input(%x) W(%w) Bias(%fb) {activation_type = "relu"}
      : (tensor<?x3xf32>, tensor<3x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %d:4 = pdnn.lstm Input(%p3) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  // The lstm's Bias is dynamic: where the gate biases end is not known.
  %p4 = pdnn.fc Input(%x) W(%w) Bias(%fb) : (tensor<?x3xf32>, tensor<3x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %e:4 = pdnn.lstm Input(%p4) lod(%lod) Weight(%wh) Bias(%lbd)
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<?x?xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  // A bias row that is not 4D wide, which only dynamic shapes let through
  // the verifiers.
  %m5 = pdnn.mul %x, %wd : (tensor<?x3xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
  %p5 = pdnn.elementwise_add %m5, %fb3 : (tensor<?x?xf32>, tensor<1x6xf32>) -> tensor<?x?xf32>
  %f:4 = pdnn.lstm Input(%p5) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x?xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  // A mul that flattens W differently.
  %m6 = pdnn.mul %x, %w3 {y_num_col_dims = 2 : i32} : (tensor<?x3xf32>, tensor<3x1x8xf32>) -> tensor<?x8xf32>
  %p6 = pdnn.elementwise_add %m6, %fb : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %g:4 = pdnn.lstm Input(%p6) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  // W has 12 columns where the lstm's Weight says 4D = 8.
  %m7 = pdnn.fc Input(%x) W(%w12) : (tensor<?x3xf32>, tensor<3x12xf32>) -> tensor<?x?xf32>
  %h:4 = pdnn.lstm Input(%m7) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x?xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  // W has 10 columns, which 4 gates cannot share.
  %m8 = pdnn.fc Input(%x) W(%w10) : (tensor<?x3xf32>, tensor<3x10xf32>) -> tensor<?x?xf32>
  %i:4 = pdnn.lstm Input(%m8) lod(%lod) Weight(%whd) Bias(%lbd)
      : (tensor<?x?xf32>, tensor<?xi64>, tensor<?x?xf32>, tensor<?x?xf32>)
     -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %a#0, %b#3, %c#0, %d#0, %p2, %e#0, %f#0, %g#0, %b#0, %h#0, %i#0
      : tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>,
        tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x?xf32>
}

// -----

// A bf16 lstm: fusion_lstm keeps Bias in f32 (Paddle's bf16 kernel), so the
// lstm's bf16 Bias is widened, exactly, and an fc bias in f32 or bf16 adds
// to it.
// CHECK-LABEL: func @bf16
// CHECK-NOT: pdnn.lstm
// CHECK: %[[WIDE:.*]] = arith.extf %{{.*}} : tensor<1x14xbf16> to tensor<1x14xf32>
// CHECK: pdnn.fusion_lstm X(%{{.*}}) {{.*}} Bias(%{{.*}}) {mkldnn_data_type = "bfloat16"}
// CHECK-SAME: tensor<1x14xf32>
// CHECK: pdnn.fusion_lstm
// CHECK-NOT: pdnn.lstm
// REMARK: fused-pairs=2
func.func @bf16(%x: tensor<?x3xbf16>, %lod: tensor<?xi64>, %w: tensor<3x8xbf16>, %fb: tensor<8xf32>,
                %fbh: tensor<8xbf16>, %wh: tensor<2x8xbf16>, %lb: tensor<1x14xbf16>)
    -> (tensor<?x2xbf16>, tensor<?x2xbf16>) {
  %p = pdnn.fc Input(%x) W(%w) Bias(%fb) : (tensor<?x3xbf16>, tensor<3x8xbf16>, tensor<8xf32>) -> tensor<?x8xbf16>
  %a:4 = pdnn.lstm Input(%p) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x8xbf16>, tensor<?xi64>, tensor<2x8xbf16>, tensor<1x14xbf16>)
     -> (tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<?x8xbf16>, tensor<?x2xbf16>)
  %m2 = pdnn.mul %x, %w : (tensor<?x3xbf16>, tensor<3x8xbf16>) -> tensor<?x8xbf16>
  %q = pdnn.elementwise_add %m2, %fbh : (tensor<?x8xbf16>, tensor<8xbf16>) -> tensor<?x8xbf16>
  %b:4 = pdnn.lstm Input(%q) lod(%lod) Weight(%wh) Bias(%lb)
      : (tensor<?x8xbf16>, tensor<?xi64>, tensor<2x8xbf16>, tensor<1x14xbf16>)
     -> (tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<?x8xbf16>, tensor<?x2xbf16>)
  return %a#0, %b#0 : tensor<?x2xbf16>, tensor<?x2xbf16>
}
