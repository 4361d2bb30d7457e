// --quantize-placement=precision=bf16: bf16 quantize -> dequantize pairs on
// the data of every fc, mul, matmul_v2 (X and Y) and fusion_gru on f32 data,
// and on a product's result when only placed ops read it; no calibration.
// Then --fuse-quantized-ops makes the ops bf16 (f32 weights stay, the
// result bf16 for a bf16 quantize, f32 otherwise) and --squash-quantization
// drops the bf16 -> f32 -> bf16 pairs left between them.
// RUN: pdnn-opt %s -split-input-file --quantize-placement=precision=bf16 | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --quantize-placement=precision=bf16 --fuse-quantized-ops \
// RUN:   --squash-quantization | FileCheck %s --check-prefix=BF16
// RUN: pdnn-opt %s -split-input-file --quantize-placement=precision=bf16 --fuse-quantized-ops \
// RUN:   --remarks-filter=fuse-quantized-ops --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK
// RUN: pdnn-opt %s -split-input-file --quantize-placement=precision=bf16 \
// RUN:   --remarks-filter=quantize-placement --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLACE-REMARK
// RUN: not pdnn-opt %s --quantize-placement=precision=fp8 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// UNKNOWN: Cannot find option named 'fp8'!

// fc_0 feeds only fc_1: its result goes through bf16 and fc_0 writes bf16.
// fc_1's result is returned: fc_1 writes f32. mul's result is returned and
// read by matmul_v2: no result pair, matmul_v2 gets its own data pair.
// CHECK-LABEL: func @main
// CHECK: %[[Q0:.*]] = pdnn.quantize %arg0 {bfloat16 = true} : tensor<4x8xf32> -> tensor<4x8xbf16>
// CHECK: %[[D0:.*]] = pdnn.dequantize %[[Q0]] : tensor<4x8xbf16> -> tensor<4x8xf32>
// CHECK: %[[FC0:.*]] = pdnn.fc Input(%[[D0]])
// CHECK: %[[Q1:.*]] = pdnn.quantize %[[FC0]] {bfloat16 = true}
// CHECK: %[[D1:.*]] = pdnn.dequantize %[[Q1]]
// CHECK: %[[FC1:.*]] = pdnn.fc Input(%[[D1]])
// CHECK-NOT: pdnn.quantize %[[FC1]]
// CHECK: pdnn.quantize %arg1 {bfloat16 = true}
// CHECK: pdnn.fusion_gru
// CHECK: pdnn.quantize %arg3 {bfloat16 = true}
// CHECK: %[[MUL:.*]] = pdnn.mul
// CHECK: %[[QM:.*]] = pdnn.quantize %[[MUL]] {bfloat16 = true}
// CHECK: %[[DM:.*]] = pdnn.dequantize %[[QM]]
// CHECK: %[[QA:.*]] = pdnn.quantize %arg4 {bfloat16 = true}
// CHECK: %[[DA:.*]] = pdnn.dequantize %[[QA]]
// CHECK: pdnn.matmul_v2 %[[DM]], %[[DA]]
// CHECK: return %[[FC1]], %{{.*}}, %[[MUL]],

// BF16-LABEL: func @main
// BF16: %[[X:.*]] = pdnn.quantize %arg0 {bfloat16 = true}
// BF16: %[[A:.*]] = pdnn.fc Input(%[[X]]) W(%{{.*}}) {activation_type = "relu", mkldnn_data_type = "bfloat16"} : (tensor<4x8xbf16>, tensor<8x6xf32>) -> tensor<4x6xbf16>
// BF16: %[[B:.*]] = pdnn.fc Input(%[[A]]) W(%{{.*}}) {force_fp32_output = true, mkldnn_data_type = "bfloat16"} : (tensor<4x6xbf16>, tensor<6x3xf32>) -> tensor<4x3xf32>
// BF16: pdnn.fusion_gru X(%{{.*}}) {{.*}}{force_fp32_output = true, mkldnn_data_type = "bfloat16"} : (tensor<5x3xbf16>, {{.*}}) -> (tensor<5x2xf32>,
// BF16: pdnn.mul %{{.*}}, %{{.*}} {force_fp32_output = true} : (tensor<2x6xbf16>, tensor<6x6xf32>) -> tensor<2x6xf32>
// BF16: pdnn.matmul_v2 %{{.*}}, %{{.*}} {force_fp32_output = true, trans_y = true} : (tensor<2x6xbf16>, tensor<2x6xbf16>) -> tensor<2x2xf32>
// BF16-NOT: pdnn.dequantize
// REMARK: Category:fuse-quantized-ops | fused=5, hoisted=0, refused=0
func.func @main(%x: tensor<4x8xf32>, %g: tensor<5x3xf32>, %lod: tensor<3xi64>, %m: tensor<2x6xf32>, %a: tensor<2x6xf32>)
    -> (tensor<4x3xf32>, tensor<5x2xf32>, tensor<2x6xf32>, tensor<2x2xf32>) {
  %w0 = arith.constant dense<0.5> : tensor<8x6xf32>
  %w1 = arith.constant dense<-0.25> : tensor<6x3xf32>
  %wx = arith.constant dense<0.5> : tensor<3x6xf32>
  %wh = arith.constant dense<0.25> : tensor<2x6xf32>
  %wm = arith.constant dense<1.0> : tensor<6x6xf32>
  %0 = pdnn.fc Input(%x) W(%w0) {activation_type = "relu"} : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
  %1 = pdnn.fc Input(%0) W(%w1) : (tensor<4x6xf32>, tensor<6x3xf32>) -> tensor<4x3xf32>
  %h:5 = pdnn.fusion_gru X(%g) lod(%lod) WeightX(%wx) WeightH(%wh) : (tensor<5x3xf32>, tensor<3xi64>, tensor<3x6xf32>, tensor<2x6xf32>)
      -> (tensor<5x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  %2 = pdnn.mul %m, %wm : (tensor<2x6xf32>, tensor<6x6xf32>) -> tensor<2x6xf32>
  %3 = pdnn.matmul_v2 %2, %a {trans_y = true} : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x2xf32>
  return %1, %h#0, %2, %3 : tensor<4x3xf32>, tensor<5x2xf32>, tensor<2x6xf32>, tensor<2x2xf32>
}

// -----

// An fc already on bf16 data is left as it is.
// CHECK-LABEL: func @already_bf16
// CHECK-NOT: pdnn.quantize
// CHECK: pdnn.fc Input(%arg0)
// REMARK: Category:fuse-quantized-ops | fused=0, hoisted=0, refused=0
func.func @already_bf16(%x: tensor<4x8xbf16>, %w: tensor<8x6xf32>) -> tensor<4x6xbf16> {
  %0 = pdnn.fc Input(%x) W(%w) : (tensor<4x8xbf16>, tensor<8x6xf32>) -> tensor<4x6xbf16>
  return %0 : tensor<4x6xbf16>
}

// -----

// The convolutions take bf16 data: the first writes bf16 for the second,
// whose f32 Output the function returns; the f32 filters stay (the kernels
// round them).
// CHECK-LABEL: func @convolutions
// CHECK: pdnn.quantize %arg0 {{.*}}bfloat16 = true
// CHECK: pdnn.conv2d
// CHECK: pdnn.quantize {{.*}}bfloat16 = true
// CHECK: pdnn.depthwise_conv2d
// BF16-LABEL: func @convolutions
// BF16: %[[X:.*]] = pdnn.quantize %arg0
// BF16: %[[A:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%arg1) {{.*}} -> tensor<1x2x8x8xbf16>
// BF16: %[[B:.*]] = pdnn.depthwise_conv2d Input(%[[A]]) Filter(%arg2) {{.*}}force_fp32_output = true{{.*}} -> tensor<1x2x8x8xf32>
// BF16-NOT: pdnn.dequantize
// BF16: return %[[B]]
// PLACE-REMARK: Category:quantize-placement | placed=2
// REMARK: Category:fuse-quantized-ops | fused=2, hoisted=0, refused=0
func.func @convolutions(%x: tensor<1x2x8x8xf32>, %f: tensor<2x2x3x3xf32>, %g: tensor<2x1x3x3xf32>) -> tensor<1x2x8x8xf32> {
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>} : (tensor<1x2x8x8xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x8x8xf32>
  %1 = pdnn.depthwise_conv2d Input(%0) Filter(%g) {groups = 2 : i32, paddings = array<i32: 1, 1>} : (tensor<1x2x8x8xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x8x8xf32>
  return %1 : tensor<1x2x8x8xf32>
}

// -----

// The detector's head: a convolution, then two conv2d_transpose. All three
// take bf16 data; the first two write bf16 for the next, the last writes
// the f32 map the function returns.
// CHECK-LABEL: func @transposed
// CHECK: pdnn.quantize %arg0 {{.*}}bfloat16 = true
// CHECK: pdnn.conv2d
// CHECK: pdnn.quantize {{.*}}bfloat16 = true
// CHECK: pdnn.conv2d_transpose
// CHECK: pdnn.quantize {{.*}}bfloat16 = true
// CHECK: pdnn.conv2d_transpose
// BF16-LABEL: func @transposed
// BF16: %[[X:.*]] = pdnn.quantize %arg0
// BF16: %[[A:.*]] = pdnn.conv2d Input(%[[X]]) {{.*}} -> tensor<1x4x5x5xbf16>
// BF16: %[[B:.*]] = pdnn.conv2d_transpose Input(%[[A]]) Filter(%arg2) Bias(%arg4) {{.*}} -> tensor<1x4x10x10xbf16>
// BF16: %[[C:.*]] = pdnn.conv2d_transpose Input(%[[B]]) Filter(%arg3) {{.*}}force_fp32_output = true{{.*}} -> tensor<1x1x20x20xf32>
// BF16-NOT: pdnn.dequantize
// BF16: return %[[C]]
// PLACE-REMARK: Category:quantize-placement | placed=3
// REMARK: Category:fuse-quantized-ops | fused=3, hoisted=0, refused=0
func.func @transposed(%x: tensor<1x4x5x5xf32>, %f: tensor<4x4x3x3xf32>, %t: tensor<4x4x2x2xf32>,
                      %u: tensor<4x1x2x2xf32>, %b: tensor<4xf32>) -> tensor<1x1x20x20xf32> {
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>} : (tensor<1x4x5x5xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x5x5xf32>
  %1 = pdnn.conv2d_transpose Input(%0) Filter(%t) Bias(%b) {strides = array<i32: 2, 2>, fuse_activation = "relu"} : (tensor<1x4x5x5xf32>, tensor<4x4x2x2xf32>, tensor<4xf32>) -> tensor<1x4x10x10xf32>
  %2 = pdnn.conv2d_transpose Input(%1) Filter(%u) {strides = array<i32: 2, 2>, fuse_activation = "sigmoid"} : (tensor<1x4x10x10xf32>, tensor<4x1x2x2xf32>) -> tensor<1x1x20x20xf32>
  return %2 : tensor<1x1x20x20xf32>
}

// -----

// A residual dequantized from bf16 is summed in bf16 when Output is bf16;
// with an f32 Output (returned) the residual stays f32.
// BF16-LABEL: func @residual
// BF16: %[[A:.*]] = pdnn.conv2d {{.*}} -> tensor<1x4x6x6xbf16>
// BF16: %[[R:.*]] = pdnn.dequantize %[[A]]
// BF16: pdnn.conv2d Input(%[[A]]) Filter(%arg2) ResidualData(%[[R]]) {{.*}}force_fp32_output = true{{.*}} -> tensor<1x4x6x6xf32>
// REMARK: Category:fuse-quantized-ops | fused=2, hoisted=0, refused=0
func.func @residual(%x: tensor<1x4x6x6xf32>, %f: tensor<4x4x3x3xf32>, %g: tensor<4x4x1x1xf32>) -> tensor<1x4x6x6xf32> {
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  %1 = pdnn.conv2d Input(%0) Filter(%g) ResidualData(%0) {fuse_residual_connection = true} : (tensor<1x4x6x6xf32>, tensor<4x4x1x1xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %1 : tensor<1x4x6x6xf32>
}

// -----

// The feature pyramid: a bf16 quantize of a concat moves onto its inputs
// and up through the nearest interpolation (both only move values), so the
// convolutions write bf16, the interpolation and the concat move bf16, and
// no f32 is left between the convolutions.
// BF16-LABEL: func @pyramid
// BF16: %[[A:.*]] = pdnn.conv2d {{.*}} -> tensor<1x4x4x4xbf16>
// BF16: %[[B:.*]] = pdnn.conv2d {{.*}} -> tensor<1x4x8x8xbf16>
// BF16: %[[U:.*]] = pdnn.nearest_interp_v2 X(%[[A]]) {{.*}} : tensor<1x4x4x4xbf16> -> tensor<1x4x8x8xbf16>
// BF16: %[[C:.*]] = pdnn.concat %[[U]], %[[B]] {{.*}} -> tensor<1x8x8x8xbf16>
// BF16: pdnn.conv2d Input(%[[C]]) {{.*}} -> tensor<1x2x8x8xf32>
// BF16-NOT: pdnn.dequantize
// REMARK: Category:fuse-quantized-ops | fused=3, hoisted=2, refused=0
func.func @pyramid(%x: tensor<1x4x4x4xf32>, %y: tensor<1x4x8x8xf32>, %f: tensor<4x4x1x1xf32>, %g: tensor<2x8x3x3xf32>) -> tensor<1x2x8x8xf32> {
  %0 = pdnn.conv2d Input(%x) Filter(%f) : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %1 = pdnn.conv2d Input(%y) Filter(%f) : (tensor<1x4x8x8xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x8x8xf32>
  %2 = pdnn.nearest_interp_v2 X(%0) {interp_method = "nearest", scale = array<f32: 2.0, 2.0>} : tensor<1x4x4x4xf32> -> tensor<1x4x8x8xf32>
  %3 = pdnn.concat %2, %1 {axis = 1 : i32} : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32>
  %4 = pdnn.conv2d Input(%3) Filter(%g) {paddings = array<i32: 1, 1>} : (tensor<1x8x8x8xf32>, tensor<2x8x3x3xf32>) -> tensor<1x2x8x8xf32>
  return %4 : tensor<1x2x8x8xf32>
}
