// Folds and canonicalizations of the CNN, elementwise and tensor ops:
// depthwise_conv2d is a grouped conv2d; matmul (v1) is matmul_v2 (then mul,
// or followed by a scale for alpha); the shape arithmetic of Paddle programs
// (shape, slice, concat, fill_constant, elementwise ops on constants) folds
// where sizes are static, and constant size tensors become attributes.
// RUN: pdnn-opt %s -canonicalize -split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// depthwise_conv2d -> conv2d
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @depthwise_is_grouped_conv
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x8x8xf32>, %[[F:.*]]: tensor<8x1x3x3xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK-NOT: pdnn.depthwise_conv2d
// CHECK: %[[C:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%[[F]]) Bias(%[[B]]) {fuse_activation = "relu6", fuse_alpha = 6.000000e+00 : f32, groups = 4 : i32, padding_algorithm = "SAME", strides = array<i32: 2, 2>} : (tensor<1x4x8x8xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>{{$}}
// CHECK: return %[[C]]
func.func @depthwise_is_grouped_conv(%x: tensor<1x4x8x8xf32>, %f: tensor<8x1x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = pdnn.depthwise_conv2d Input(%x) Filter(%f) Bias(%b) {groups = 4 : i32, padding_algorithm = "SAME", strides = array<i32: 2, 2>, fuse_activation = "relu6", fuse_alpha = 6.0 : f32} : (tensor<1x4x8x8xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// CHECK-LABEL: func @depthwise_nhwc_residual
// CHECK: pdnn.conv2d Input(%{{.*}}) Filter(%{{.*}}) ResidualData(%{{.*}}) {data_format = "NHWC", dilations = array<i32: 2, 2>, fuse_residual_connection = true, groups = 4 : i32, paddings = array<i32: 2, 2>} : (tensor<?x8x8x4xf32>, tensor<4x1x3x3xf32>, tensor<?x8x8x4xf32>) -> tensor<?x8x8x4xf32>{{$}}
// CHECK-NOT: depthwise
func.func @depthwise_nhwc_residual(%x: tensor<?x8x8x4xf32>, %f: tensor<4x1x3x3xf32>) -> tensor<?x8x8x4xf32> {
  %0 = pdnn.depthwise_conv2d Input(%x) Filter(%f) ResidualData(%x) {groups = 4 : i32, data_format = "NHWC", dilations = array<i32: 2, 2>, paddings = array<i32: 2, 2>, fuse_residual_connection = true} : (tensor<?x8x8x4xf32>, tensor<4x1x3x3xf32>, tensor<?x8x8x4xf32>) -> tensor<?x8x8x4xf32>
  return %0 : tensor<?x8x8x4xf32>
}

// A conv2d stays a conv2d.
// CHECK-LABEL: func @conv2d_stays
// CHECK: pdnn.conv2d Input
func.func @conv2d_stays(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %0 = pdnn.conv2d Input(%x) Filter(%f) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

//===----------------------------------------------------------------------===//
// matmul (v1) -> matmul_v2 (+ scale)
//===----------------------------------------------------------------------===//

// Two matrices without transposes go on to mul (matmul_v2's own rule).
// CHECK-LABEL: func @matmul_of_matrices
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[Y:.*]]: tensor<4x5xf32>)
// CHECK-NOT: pdnn.matmul
// CHECK: %[[M:.*]] = pdnn.mul %[[X]], %[[Y]] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>{{$}}
// CHECK-NOT: pdnn.scale
// CHECK: return %[[M]]
func.func @matmul_of_matrices(%x: tensor<3x4xf32>, %y: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %0 = pdnn.matmul %x, %y : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// The transposes carry over; alpha becomes a scale (bias 0, after scale).
// CHECK-LABEL: func @matmul_alpha_transpose
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>, %[[Y:.*]]: tensor<5x4xf32>)
// CHECK: %[[P:.*]] = pdnn.matmul_v2 %[[X]], %[[Y]] {trans_x = true, trans_y = true} : (tensor<4x3xf32>, tensor<5x4xf32>) -> tensor<3x5xf32>{{$}}
// CHECK: %[[S:.*]] = pdnn.scale %[[P]] {scale = 1.250000e-01 : f32} : tensor<3x5xf32> -> tensor<3x5xf32>{{$}}
// CHECK: return %[[S]]
func.func @matmul_alpha_transpose(%x: tensor<4x3xf32>, %y: tensor<5x4xf32>) -> tensor<3x5xf32> {
  %0 = pdnn.matmul %x, %y {transpose_X = true, transpose_Y = true, alpha = 0.125 : f32} : (tensor<4x3xf32>, tensor<5x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// Batches and vectors: matmul_v2 computes what v1 does for them.
// CHECK-LABEL: func @matmul_batched
// CHECK: pdnn.matmul_v2 %{{.*}}, %{{.*}} {trans_y = true} : (tensor<2x6x3x4xf32>, tensor<2x6x5x4xf32>) -> tensor<2x6x3x5xf32>{{$}}
// CHECK: pdnn.scale %{{.*}} {scale = 5.000000e-01 : f32}
// CHECK: pdnn.matmul_v2 %{{.*}}, %{{.*}} : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>{{$}}
// CHECK: pdnn.matmul_v2 %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>{{$}}
// CHECK: pdnn.matmul_v2 %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<1xf32>{{$}}
// CHECK-NOT: pdnn.matmul {{.*}}
func.func @matmul_batched(%q: tensor<2x6x3x4xf32>, %k: tensor<2x6x5x4xf32>, %a: tensor<2x3x4xf32>, %w: tensor<4x5xf32>, %v: tensor<4xf32>)
    -> (tensor<2x6x3x5xf32>, tensor<2x3x5xf32>, tensor<5xf32>, tensor<1xf32>) {
  %0 = pdnn.matmul %q, %k {transpose_Y = true, alpha = 0.5 : f32} : (tensor<2x6x3x4xf32>, tensor<2x6x5x4xf32>) -> tensor<2x6x3x5xf32>
  %1 = pdnn.matmul %a, %w : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  %2 = pdnn.matmul %v, %w : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  %3 = pdnn.matmul %v, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<1xf32>
  return %0, %1, %2, %3 : tensor<2x6x3x5xf32>, tensor<2x3x5xf32>, tensor<5xf32>, tensor<1xf32>
}

// -----

//===----------------------------------------------------------------------===//
// shape, slice, concat: the shape arithmetic of Paddle programs
//===----------------------------------------------------------------------===//

// The shape of a static tensor is a constant.
// CHECK-LABEL: func @shape_of_static
// CHECK-NOT: pdnn.shape
// CHECK: %[[C:.*]] = arith.constant dense<[2, 3, 4]> : tensor<3xi32>
// CHECK: return %[[C]]
func.func @shape_of_static(%x: tensor<2x3x4xf32>) -> tensor<3xi32> {
  %0 = pdnn.shape %x : tensor<2x3x4xf32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// A dynamic size keeps the op.
// CHECK-LABEL: func @shape_of_dynamic
// CHECK: pdnn.shape %{{.*}} : tensor<?x3xf32> -> tensor<2xi32>
func.func @shape_of_dynamic(%x: tensor<?x3xf32>) -> tensor<2xi32> {
  %0 = pdnn.shape %x : tensor<?x3xf32> -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// A 0-D tensor has an empty shape.
// CHECK-LABEL: func @shape_of_scalar
// CHECK: arith.constant dense<> : tensor<0xi32>
// CHECK-NOT: pdnn.shape
func.func @shape_of_scalar(%x: tensor<f32>) -> tensor<0xi32> {
  %0 = pdnn.shape %x : tensor<f32> -> tensor<0xi32>
  return %0 : tensor<0xi32>
}

// shape -> slice (with decrease_axis) -> the batch size, a constant.
// CHECK-LABEL: func @slice_of_shape
// CHECK-NOT: pdnn.
// CHECK-DAG: arith.constant dense<2> : tensor<1xi32>
// CHECK-DAG: arith.constant dense<[3, 4]> : tensor<2xi32>
// CHECK-DAG: arith.constant dense<4> : tensor<i32>
func.func @slice_of_shape(%x: tensor<2x3x4xf32>) -> (tensor<1xi32>, tensor<2xi32>, tensor<i32>) {
  %s = pdnn.shape %x : tensor<2x3x4xf32> -> tensor<3xi32>
  %0 = pdnn.slice %s {axes = array<i32: 0>, starts = array<i32: 0>, ends = array<i32: 1>, decrease_axis = array<i32: 0>} : tensor<3xi32> -> tensor<1xi32>
  %1 = pdnn.slice %s {axes = array<i32: 0>, starts = array<i32: -2>, ends = array<i32: 2147483647>} : tensor<3xi32> -> tensor<2xi32>
  %2 = pdnn.slice %s {axes = array<i32: 0>, starts = array<i32: 2>, ends = array<i32: 3>, decrease_axis = array<i32: 0>} : tensor<3xi32> -> tensor<i32>
  return %0, %1, %2 : tensor<1xi32>, tensor<2xi32>, tensor<i32>
}

// A slice of a 2-D constant.
// CHECK-LABEL: func @slice_of_constant
// CHECK: %[[C:.*]] = arith.constant dense<{{\[\[}}5, 6], [8, 9]]> : tensor<2x2xi64>
// CHECK: return %[[C]]
func.func @slice_of_constant() -> tensor<2x2xi64> {
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi64>
  %0 = pdnn.slice %c {axes = array<i32: 0, 1>, starts = array<i32: 1, -2>, ends = array<i32: 100, 3>} : tensor<3x3xi64> -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// Constant bound tensors become the attributes; the slice of a non-constant
// stays a slice.
// CHECK-LABEL: func @slice_constant_bounds
// CHECK: pdnn.slice %{{.*}} {axes = array<i32: 1>, ends = array<i32: 3>, starts = array<i32: 1>} : tensor<4x?x6xf32> -> tensor<4x?x6xf32>{{$}}
// CHECK: pdnn.slice %{{.*}} {axes = array<i32: 0, 2>, ends = array<i32: -1, 6>, infer_flags = array<i32: -1, -1>, starts = array<i32: 0, 2>} : tensor<4x?x6xf32> -> tensor<3x?x4xf32>{{$}}
func.func @slice_constant_bounds(%x: tensor<4x?x6xf32>) -> (tensor<4x?x6xf32>, tensor<3x?x4xf32>) {
  %c1 = arith.constant dense<1> : tensor<1xi32>
  %c3 = arith.constant dense<3> : tensor<1xi64>
  %0 = pdnn.slice %x StartsTensorList(%c1 : tensor<1xi32>) EndsTensorList(%c3 : tensor<1xi64>) {axes = array<i32: 1>} : tensor<4x?x6xf32> -> tensor<4x?x6xf32>
  %s = arith.constant dense<[0, 2]> : tensor<2xi32>
  %e = arith.constant dense<[-1, 6]> : tensor<2xi64>
  %1 = pdnn.slice %x StartsTensor(%s : tensor<2xi32>) EndsTensor(%e : tensor<2xi64>) {axes = array<i32: 0, 2>, infer_flags = array<i32: -1, -1>} : tensor<4x?x6xf32> -> tensor<3x?x4xf32>
  return %0, %1 : tensor<4x?x6xf32>, tensor<3x?x4xf32>
}

// A bound that is not a constant keeps the tensors.
// CHECK-LABEL: func @slice_dynamic_bounds
// CHECK: pdnn.slice %{{.*}} StartsTensorList(%{{.*}} : tensor<1xi32>) EndsTensorList(%{{.*}} : tensor<1xi32>)
func.func @slice_dynamic_bounds(%x: tensor<4x5xf32>, %s: tensor<1xi32>) -> tensor<4x?xf32> {
  %c3 = arith.constant dense<3> : tensor<1xi32>
  %0 = pdnn.slice %x StartsTensorList(%s : tensor<1xi32>) EndsTensorList(%c3 : tensor<1xi32>) {axes = array<i32: 1>} : tensor<4x5xf32> -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// concat of one input is that input; of constants, a constant.
// CHECK-LABEL: func @concat_folds
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-DAG: %[[C:.*]] = arith.constant dense<{{\[\[}}1, 2, 7], [3, 4, 8]]> : tensor<2x3xi64>
// CHECK-NOT: pdnn.concat
// CHECK: return %[[X]], %[[C]]
func.func @concat_folds(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>) {
  %0 = pdnn.concat %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %a = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %b = arith.constant dense<[[7], [8]]> : tensor<2x1xi64>
  %1 = pdnn.concat %a, %b {axis = -1 : i32} : (tensor<2x2xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xi64>
}

// -----

//===----------------------------------------------------------------------===//
// reshape2: constant shape tensors become the attribute
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @reshape2_constant_shape
// CHECK: pdnn.reshape2 %{{.*}} {shape = array<i32: 4, -1, 3>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>, tensor<0x2x3x4xf32>{{$}}
// CHECK: pdnn.reshape2 %{{.*}} {shape = array<i32: 0, 12>} : tensor<?x3x4xf32> -> tensor<?x12xf32>, tensor<0x?x3x4xf32>{{$}}
// CHECK-NOT: Shape
func.func @reshape2_constant_shape(%x: tensor<2x3x4xf32>, %d: tensor<?x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<?x12xf32>) {
  %c = arith.constant dense<[4, -1, 3]> : tensor<3xi32>
  %0:2 = pdnn.reshape2 %x Shape(%c : tensor<3xi32>) : tensor<2x3x4xf32> -> tensor<4x2x3xf32>, tensor<0x2x3x4xf32>
  %a = arith.constant dense<0> : tensor<1xi32>
  %b = arith.constant dense<12> : tensor<1xi64>
  %1:2 = pdnn.reshape2 %d ShapeTensor(%a, %b : tensor<1xi32>, tensor<1xi64>) : tensor<?x3x4xf32> -> tensor<?x12xf32>, tensor<0x?x3x4xf32>
  return %0#0, %1#0 : tensor<4x2x3xf32>, tensor<?x12xf32>
}

// A Shape computed from a static shape folds all the way: shape, slice,
// concat with a constant, reshape2.
// CHECK-LABEL: func @reshape2_computed_shape
// CHECK-NOT: pdnn.shape
// CHECK-NOT: pdnn.slice
// CHECK-NOT: pdnn.concat
// CHECK: pdnn.reshape2 %{{.*}} {shape = array<i32: 2, -1>} : tensor<2x3x4xf32> -> tensor<2x12xf32>, tensor<0x2x3x4xf32>{{$}}
func.func @reshape2_computed_shape(%x: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %s = pdnn.shape %x : tensor<2x3x4xf32> -> tensor<3xi32>
  %n = pdnn.slice %s {axes = array<i32: 0>, starts = array<i32: 0>, ends = array<i32: 1>} : tensor<3xi32> -> tensor<1xi32>
  %m = arith.constant dense<-1> : tensor<1xi32>
  %t = pdnn.concat %n, %m : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %0:2 = pdnn.reshape2 %x Shape(%t : tensor<2xi32>) : tensor<2x3x4xf32> -> tensor<2x12xf32>, tensor<0x2x3x4xf32>
  return %0#0 : tensor<2x12xf32>
}

// A Shape known at run time only stays.
// CHECK-LABEL: func @reshape2_dynamic_shape
// CHECK: pdnn.reshape2 %{{.*}} Shape(%{{.*}} : tensor<2xi32>)
func.func @reshape2_dynamic_shape(%x: tensor<2x3x4xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %0:2 = pdnn.reshape2 %x Shape(%s : tensor<2xi32>) : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>
  return %0#0 : tensor<?x?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// fill_constant
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @fill_constant_folds
// CHECK-NOT: pdnn.fill_constant
// CHECK-DAG: arith.constant dense<1.500000e+00> : tensor<2x3xf32>
// CHECK-DAG: arith.constant dense<7> : tensor<4xi64>
// CHECK-DAG: arith.constant dense<-3> : tensor<2xi32>
// CHECK-DAG: arith.constant dense<true> : tensor<2xi1>
// CHECK-DAG: arith.constant dense<0x7F800000> : tensor<1xf32>
// CHECK-DAG: arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK-DAG: arith.constant dense<2.500000e+00> : tensor<3x1xf32>
func.func @fill_constant_folds() -> (tensor<2x3xf32>, tensor<4xi64>, tensor<2xi32>, tensor<2xi1>, tensor<1xf32>, tensor<f32>, tensor<3x1xf32>) {
  %0 = pdnn.fill_constant {shape = array<i64: 2, 3>, value = 1.5 : f32} : tensor<2x3xf32>
  %1 = pdnn.fill_constant {dtype = 3 : i32, shape = array<i64: 4>, value = 7.0 : f32} : tensor<4xi64>
  // str_value wins over value; a float converts to an integer by truncation.
  %2 = pdnn.fill_constant {dtype = 2 : i32, shape = array<i64: 2>, value = 9.0 : f32, str_value = "-3.7"} : tensor<2xi32>
  %3 = pdnn.fill_constant {dtype = 0 : i32, shape = array<i64: 2>, value = 0.5 : f32} : tensor<2xi1>
  %4 = pdnn.fill_constant {shape = array<i64: 1>, str_value = "inf"} : tensor<1xf32>
  %5 = pdnn.fill_constant : tensor<f32>
  // A constant ShapeTensor makes the type static: the fill folds.
  %c = arith.constant dense<[3, 1]> : tensor<2xi32>
  %6 = pdnn.fill_constant ShapeTensor(%c : tensor<2xi32>) {value = 2.5 : f32} : tensor<3x1xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x3xf32>, tensor<4xi64>, tensor<2xi32>, tensor<2xi1>, tensor<1xf32>, tensor<f32>, tensor<3x1xf32>
}

// A ValueTensor or a size known at run time keeps the op.
// CHECK-LABEL: func @fill_constant_stays
// CHECK: pdnn.fill_constant ValueTensor
// CHECK: pdnn.fill_constant ShapeTensor
func.func @fill_constant_stays(%v: tensor<1xf32>, %s: tensor<2xi32>) -> (tensor<2xf32>, tensor<?x?xf32>) {
  %0 = pdnn.fill_constant ValueTensor(%v : tensor<1xf32>) {shape = array<i64: 2>} : tensor<2xf32>
  %1 = pdnn.fill_constant ShapeTensor(%s : tensor<2xi32>) {value = 1.0 : f32} : tensor<?x?xf32>
  return %0, %1 : tensor<2xf32>, tensor<?x?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// assign, cast
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @assign_is_identity
// CHECK-SAME: (%[[X:.*]]: tensor<2x?xf32>)
// CHECK-NOT: pdnn.assign
// CHECK: return %[[X]]
func.func @assign_is_identity(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = pdnn.assign %x : tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// A cast to X's own type is X; another type stays a cast.
// CHECK-LABEL: func @cast_same_type
// CHECK-SAME: (%[[X:.*]]: tensor<3xi32>)
// CHECK: %[[C:.*]] = pdnn.cast %[[X]] {in_dtype = 2 : i32} : tensor<3xi32> -> tensor<3xf32>
// CHECK: return %[[X]], %[[C]]
func.func @cast_same_type(%x: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xf32>) {
  %0 = pdnn.cast %x {in_dtype = 2 : i32, out_dtype = 2 : i32} : tensor<3xi32> -> tensor<3xi32>
  %1 = pdnn.cast %x {in_dtype = 2 : i32} : tensor<3xi32> -> tensor<3xf32>
  return %0, %1 : tensor<3xi32>, tensor<3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Elementwise ops on constants, and the trailing axis
//===----------------------------------------------------------------------===//

// sub, div (3 / 0 is IEEE's inf), max and min, elementwise.
// CHECK-LABEL: func @binary_constants
// CHECK-NOT: pdnn.elementwise
// CHECK-DAG: arith.constant dense<[5.000000e-01, -6.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK-DAG: arith.constant dense<[2.000000e+00, -2.000000e+00, 0x7F800000]> : tensor<3xf32>
// CHECK-DAG: arith.constant dense<[4.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK-DAG: arith.constant dense<[1.000000e+00, -4.000000e+00, 2.000000e+00]> : tensor<3xf32>
func.func @binary_constants() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %a = arith.constant dense<[1.0, -4.0, 3.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.5, 2.0, 0.0]> : tensor<3xf32>
  %c = arith.constant dense<[4.0, 2.0, 2.0]> : tensor<3xf32>
  %0 = pdnn.elementwise_sub %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = pdnn.elementwise_div %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2 = pdnn.elementwise_max %a, %c : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %3 = pdnn.elementwise_min %a, %c : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0, %1, %2, %3 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// A one-element division by zero.
// CHECK-LABEL: func @binary_float_div_zero
// CHECK: arith.constant dense<0x7F800000> : tensor<1xf32>
// CHECK-NOT: pdnn.elementwise_div
func.func @binary_float_div_zero() -> tensor<1xf32> {
  %a = arith.constant dense<1.0> : tensor<1xf32>
  %b = arith.constant dense<0.0> : tensor<1xf32>
  %0 = pdnn.elementwise_div %a, %b : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// Integer shape arithmetic with Paddle's axis broadcast; integer division
// truncates toward zero.
// CHECK-LABEL: func @binary_integers
// CHECK-DAG: arith.constant dense<{{\[\[}}0, 1, 2], [2, 3, 4]]> : tensor<2x3xi64>
// CHECK-DAG: arith.constant dense<[-3, 3, 0]> : tensor<3xi32>
// CHECK-DAG: arith.constant dense<[7, -2, 5]> : tensor<3xi32>
// CHECK-NOT: pdnn.elementwise
func.func @binary_integers() -> (tensor<2x3xi64>, tensor<3xi32>, tensor<3xi32>) {
  %x = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %y = arith.constant dense<[1, 2]> : tensor<2xi64>
  // Y [2] at axis 0: row i minus y[i].
  %0 = pdnn.elementwise_sub %x, %y {axis = 0 : i32} : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<2x3xi64>
  %a = arith.constant dense<[-7, 7, 1]> : tensor<3xi32>
  %b = arith.constant dense<[2, 2, 5]> : tensor<3xi32>
  %1 = pdnn.elementwise_div %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %c = arith.constant dense<[7, -9, 5]> : tensor<3xi32>
  %d = arith.constant dense<-2> : tensor<1xi32>
  %2 = pdnn.elementwise_max %c, %d : (tensor<3xi32>, tensor<1xi32>) -> tensor<3xi32>
  return %0, %1, %2 : tensor<2x3xi64>, tensor<3xi32>, tensor<3xi32>
}

// An integer division by zero is left to run time; so is pow.
// CHECK-LABEL: func @binary_not_folded
// CHECK: pdnn.elementwise_div
// CHECK: pdnn.elementwise_pow
func.func @binary_not_folded() -> (tensor<2xi32>, tensor<2xf32>) {
  %a = arith.constant dense<[4, 6]> : tensor<2xi32>
  %z = arith.constant dense<[2, 0]> : tensor<2xi32>
  %0 = pdnn.elementwise_div %a, %z : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %f = arith.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %1 = pdnn.elementwise_pow %f, %f : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %1 : tensor<2xi32>, tensor<2xf32>
}

// An axis that names the trailing alignment becomes -1 (elided); another
// stays.
// CHECK-LABEL: func @binary_trailing_axis
// CHECK: pdnn.elementwise_sub %{{.*}}, %{{.*}} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>{{$}}
// CHECK: pdnn.elementwise_min %{{.*}}, %{{.*}} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>{{$}}
// CHECK: pdnn.elementwise_div %{{.*}}, %{{.*}} {axis = 1 : i32} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>{{$}}
func.func @binary_trailing_axis(%x: tensor<2x3x4xf32>, %y: tensor<4xf32>, %z: tensor<3x4xf32>, %c: tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = pdnn.elementwise_sub %x, %y {axis = 2 : i32} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %1 = pdnn.elementwise_min %x, %z {axis = 1 : i32} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %2 = pdnn.elementwise_div %x, %c {axis = 1 : i32} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %0, %1, %2 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// A more static tensor.cast source is absorbed
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @absorb_cast_into_conv
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[F:.*]]: tensor<4x3x3x3xf32>)
// CHECK-NOT: tensor.cast
// CHECK: pdnn.conv2d Input(%[[X]]) Filter(%[[F]]) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x?xf32>
func.func @absorb_cast_into_conv(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) -> tensor<?x4x?x?xf32> {
  %c = tensor.cast %x : tensor<1x3x8x8xf32> to tensor<?x3x?x?xf32>
  %0 = pdnn.conv2d Input(%c) Filter(%f) : (tensor<?x3x?x?xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x?xf32>
  return %0 : tensor<?x4x?x?xf32>
}
