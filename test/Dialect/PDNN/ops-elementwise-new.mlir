// The elementwise ops added with the CNN models round-trip through the custom
// and the generic form: elementwise_sub/div/max/min/pow with Paddle's axis
// broadcast, exp, relu6, hard_swish, hard_sigmoid, clip, dropout and cast.
// Default-valued attributes are elided, the others kept.
// RUN: pdnn-opt %s --split-input-file | pdnn-opt --split-input-file | FileCheck %s
// RUN: pdnn-opt %s --split-input-file -mlir-print-op-generic | pdnn-opt --split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @binary_same_shape(
func.func @binary_same_shape(%x: tensor<2x3x4xf32>, %y: tensor<2x3x4xf32>) {
  // CHECK: pdnn.elementwise_sub %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>{{$}}
  %0 = pdnn.elementwise_sub %x, %y : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: pdnn.elementwise_div %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>{{$}}
  %1 = pdnn.elementwise_div %x, %y : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: pdnn.elementwise_max %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>{{$}}
  %2 = pdnn.elementwise_max %x, %y : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: pdnn.elementwise_min %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>{{$}}
  %3 = pdnn.elementwise_min %x, %y : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: pdnn.elementwise_pow %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>{{$}}
  %4 = pdnn.elementwise_pow %x, %y : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // Equal ranks take axis 0 as well as -1; -1 (the default) is elided.
  // CHECK: pdnn.elementwise_sub %arg0, %arg1 {axis = 0 : i32} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>{{$}}
  %5 = pdnn.elementwise_sub %x, %y {axis = 0 : i32} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: pdnn.elementwise_div %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>{{$}}
  %6 = pdnn.elementwise_div %x, %y {axis = -1 : i32, Scale_x = 1.0 : f32, Scale_y = 1.0 : f32, Scale_out = 1.0 : f32} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// CHECK-LABEL: func @binary_axis_broadcast(
func.func @binary_axis_broadcast(%x: tensor<2x3x4x5xf32>, %y34: tensor<3x4xf32>, %y3: tensor<3xf32>, %y5: tensor<5xf32>, %y45: tensor<4x5xf32>, %y31: tensor<3x1xf32>) {
  // Y [3, 4] placed at dimensions 1 and 2 of X (Paddle's axis 1).
  // CHECK: pdnn.elementwise_sub %arg0, %arg1 {axis = 1 : i32} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>{{$}}
  %0 = pdnn.elementwise_sub %x, %y34 {axis = 1 : i32} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  // A channel vector at axis 1 (a conv bias).
  // CHECK: pdnn.elementwise_div %arg0, %arg2 {axis = 1 : i32} : (tensor<2x3x4x5xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>{{$}}
  %1 = pdnn.elementwise_div %x, %y3 {axis = 1 : i32} : (tensor<2x3x4x5xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>
  // Trailing alignment: axis -1, or the axis that names it (rank gap = 3).
  // CHECK: pdnn.elementwise_max %arg0, %arg3 : (tensor<2x3x4x5xf32>, tensor<5xf32>) -> tensor<2x3x4x5xf32>{{$}}
  %2 = pdnn.elementwise_max %x, %y5 : (tensor<2x3x4x5xf32>, tensor<5xf32>) -> tensor<2x3x4x5xf32>
  // CHECK: pdnn.elementwise_max %arg0, %arg3 {axis = 3 : i32} : (tensor<2x3x4x5xf32>, tensor<5xf32>) -> tensor<2x3x4x5xf32>{{$}}
  %3 = pdnn.elementwise_max %x, %y5 {axis = 3 : i32} : (tensor<2x3x4x5xf32>, tensor<5xf32>) -> tensor<2x3x4x5xf32>
  // Another negative axis counts back from the trailing alignment:
  // -2 = gap (2) - 2 + 1 = 1.
  // CHECK: pdnn.elementwise_min %arg0, %arg1 {axis = -2 : i32} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>{{$}}
  %4 = pdnn.elementwise_min %x, %y34 {axis = -2 : i32} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  // CHECK: pdnn.elementwise_pow %arg0, %arg4 : (tensor<2x3x4x5xf32>, tensor<4x5xf32>) -> tensor<2x3x4x5xf32>{{$}}
  %5 = pdnn.elementwise_pow %x, %y45 : (tensor<2x3x4x5xf32>, tensor<4x5xf32>) -> tensor<2x3x4x5xf32>
  // Size-1 dimensions of the aligned operand broadcast.
  // CHECK: pdnn.elementwise_sub %arg0, %arg5 {axis = 1 : i32} : (tensor<2x3x4x5xf32>, tensor<3x1xf32>) -> tensor<2x3x4x5xf32>{{$}}
  %6 = pdnn.elementwise_sub %x, %y31 {axis = 1 : i32} : (tensor<2x3x4x5xf32>, tensor<3x1xf32>) -> tensor<2x3x4x5xf32>
  // X may be the lower-rank operand: Out has Y's shape.
  // CHECK: pdnn.elementwise_div %arg3, %arg0 : (tensor<5xf32>, tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>{{$}}
  %7 = pdnn.elementwise_div %y5, %x : (tensor<5xf32>, tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>
  // CHECK: pdnn.elementwise_sub %arg2, %arg0 {axis = 1 : i32} : (tensor<3xf32>, tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>{{$}}
  %8 = pdnn.elementwise_sub %y3, %x {axis = 1 : i32} : (tensor<3xf32>, tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>
  return
}

// -----

// CHECK-LABEL: func @binary_numpy_broadcast(
func.func @binary_numpy_broadcast(%a: tensor<2x1x4xf32>, %b: tensor<1x3x1xf32>, %s: tensor<1xf32>, %x: tensor<2x3x4xf32>) {
  // Equal ranks: size-1 dimensions of either side broadcast.
  // CHECK: pdnn.elementwise_max %arg0, %arg1 : (tensor<2x1x4xf32>, tensor<1x3x1xf32>) -> tensor<2x3x4xf32>{{$}}
  %0 = pdnn.elementwise_max %a, %b : (tensor<2x1x4xf32>, tensor<1x3x1xf32>) -> tensor<2x3x4xf32>
  // A one-element Y (a scalar).
  // CHECK: pdnn.elementwise_pow %arg3, %arg2 : (tensor<2x3x4xf32>, tensor<1xf32>) -> tensor<2x3x4xf32>{{$}}
  %1 = pdnn.elementwise_pow %x, %s : (tensor<2x3x4xf32>, tensor<1xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// CHECK-LABEL: func @binary_dynamic(
func.func @binary_dynamic(%x: tensor<?x3x?xf32>, %y: tensor<?xf32>, %z: tensor<?x?x?xf32>, %c: tensor<3xf32>) {
  // An unknown size matches anything; the known one wins.
  // CHECK: pdnn.elementwise_sub %arg0, %arg1 : (tensor<?x3x?xf32>, tensor<?xf32>) -> tensor<?x3x?xf32>{{$}}
  %0 = pdnn.elementwise_sub %x, %y : (tensor<?x3x?xf32>, tensor<?xf32>) -> tensor<?x3x?xf32>
  // CHECK: pdnn.elementwise_div %arg0, %arg3 {axis = 1 : i32} : (tensor<?x3x?xf32>, tensor<3xf32>) -> tensor<?x3x?xf32>{{$}}
  %1 = pdnn.elementwise_div %x, %c {axis = 1 : i32} : (tensor<?x3x?xf32>, tensor<3xf32>) -> tensor<?x3x?xf32>
  // CHECK: pdnn.elementwise_min %arg0, %arg2 : (tensor<?x3x?xf32>, tensor<?x?x?xf32>) -> tensor<?x3x?xf32>{{$}}
  %2 = pdnn.elementwise_min %x, %z : (tensor<?x3x?xf32>, tensor<?x?x?xf32>) -> tensor<?x3x?xf32>
  // CHECK: pdnn.elementwise_max %arg2, %arg0 : (tensor<?x?x?xf32>, tensor<?x3x?xf32>) -> tensor<?x?x?xf32>{{$}}
  %3 = pdnn.elementwise_max %z, %x : (tensor<?x?x?xf32>, tensor<?x3x?xf32>) -> tensor<?x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func @binary_types(
func.func @binary_types(%i: tensor<4xi32>, %j: tensor<4xi32>, %l: tensor<2x4xi64>, %m: tensor<4xi64>, %h: tensor<4xbf16>, %u: tensor<4xui8>, %s: tensor<4xsi8>, %f: tensor<4xf32>) {
  // Integer shape arithmetic computes in its own type.
  // CHECK: pdnn.elementwise_div %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>{{$}}
  %0 = pdnn.elementwise_div %i, %j : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK: pdnn.elementwise_sub %arg2, %arg3 : (tensor<2x4xi64>, tensor<4xi64>) -> tensor<2x4xi64>{{$}}
  %1 = pdnn.elementwise_sub %l, %m : (tensor<2x4xi64>, tensor<4xi64>) -> tensor<2x4xi64>
  // CHECK: pdnn.elementwise_max %arg2, %arg3 : (tensor<2x4xi64>, tensor<4xi64>) -> tensor<2x4xi64>{{$}}
  %2 = pdnn.elementwise_max %l, %m : (tensor<2x4xi64>, tensor<4xi64>) -> tensor<2x4xi64>
  // CHECK: pdnn.elementwise_pow %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>{{$}}
  %3 = pdnn.elementwise_pow %i, %j : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK: pdnn.elementwise_min %arg4, %arg4 : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>{{$}}
  %4 = pdnn.elementwise_min %h, %h : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  // int8 data with oneDNN's scales: u8 and s8 mix, Out int8 or f32.
  // CHECK: pdnn.elementwise_sub %arg5, %arg6 {Scale_out = 5.000000e-01 : f32, Scale_x = 2.000000e+00 : f32, Scale_y = 4.000000e+00 : f32} : (tensor<4xui8>, tensor<4xsi8>) -> tensor<4xf32>{{$}}
  %5 = pdnn.elementwise_sub %u, %s {Scale_x = 2.0 : f32, Scale_y = 4.0 : f32, Scale_out = 0.5 : f32} : (tensor<4xui8>, tensor<4xsi8>) -> tensor<4xf32>
  // An f32 source takes part too (scale 1).
  // CHECK: pdnn.elementwise_mul %arg6, %arg7 : (tensor<4xsi8>, tensor<4xf32>) -> tensor<4xsi8>{{$}}
  %6 = pdnn.elementwise_mul %s, %f : (tensor<4xsi8>, tensor<4xf32>) -> tensor<4xsi8>
  return
}

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @activations(
func.func @activations(%x: tensor<2x?xf32>, %h: tensor<3xbf16>) {
  // CHECK: pdnn.exp %arg0 : tensor<2x?xf32>{{$}}
  %0 = pdnn.exp %x : tensor<2x?xf32>
  // CHECK: pdnn.exp %arg1 : tensor<3xbf16>{{$}}
  %1 = pdnn.exp %h : tensor<3xbf16>
  // relu6: threshold 6 by default.
  // CHECK: pdnn.relu6 %arg0 : tensor<2x?xf32>{{$}}
  %2 = pdnn.relu6 %x : tensor<2x?xf32>
  // CHECK: pdnn.relu6 %arg0 : tensor<2x?xf32>{{$}}
  %3 = pdnn.relu6 %x {threshold = 6.0 : f32} : tensor<2x?xf32>
  // CHECK: pdnn.relu6 %arg1 {threshold = 3.500000e+00 : f32} : tensor<3xbf16>{{$}}
  %4 = pdnn.relu6 %h {threshold = 3.5 : f32} : tensor<3xbf16>
  // hard_swish: threshold 6, scale 6, offset 3 by default.
  // CHECK: pdnn.hard_swish %arg0 : tensor<2x?xf32>{{$}}
  %5 = pdnn.hard_swish %x : tensor<2x?xf32>
  // CHECK: pdnn.hard_swish %arg0 : tensor<2x?xf32>{{$}}
  %6 = pdnn.hard_swish %x {threshold = 6.0 : f32, scale = 6.0 : f32, offset = 3.0 : f32} : tensor<2x?xf32>
  // CHECK: pdnn.hard_swish %arg0 {offset = 2.000000e+00 : f32, scale = 4.000000e+00 : f32, threshold = 5.000000e+00 : f32} : tensor<2x?xf32>{{$}}
  %7 = pdnn.hard_swish %x {threshold = 5.0 : f32, scale = 4.0 : f32, offset = 2.0 : f32} : tensor<2x?xf32>
  // hard_sigmoid: slope 0.2, offset 0.5 by default; Python's hardsigmoid
  // writes slope 1/6.
  // CHECK: pdnn.hard_sigmoid %arg0 : tensor<2x?xf32>{{$}}
  %8 = pdnn.hard_sigmoid %x : tensor<2x?xf32>
  // CHECK: pdnn.hard_sigmoid %arg0 : tensor<2x?xf32>{{$}}
  %9 = pdnn.hard_sigmoid %x {slope = 0.2 : f32, offset = 0.5 : f32} : tensor<2x?xf32>
  // CHECK: pdnn.hard_sigmoid %arg1 {offset = 2.500000e-01 : f32, slope = 0.166666672 : f32} : tensor<3xbf16>{{$}}
  %10 = pdnn.hard_sigmoid %h {slope = 0.166666672 : f32, offset = 0.25 : f32} : tensor<3xbf16>
  return
}

// -----

// CHECK-LABEL: func @clip(
func.func @clip(%x: tensor<2x3xf32>, %d: tensor<?x?xbf16>, %lo: tensor<1xf32>, %hi: tensor<1xf32>) {
  // min = max = 0 by default (a valid, if useless, clip).
  // CHECK: pdnn.clip %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>{{$}}
  %0 = pdnn.clip %x : tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK: pdnn.clip %arg0 {max = 1.000000e+00 : f32, min = -1.000000e+00 : f32} : tensor<2x3xf32> -> tensor<2x3xf32>{{$}}
  %1 = pdnn.clip %x {min = -1.0 : f32, max = 1.0 : f32} : tensor<2x3xf32> -> tensor<2x3xf32>
  // min == max is allowed.
  // CHECK: pdnn.clip %arg1 {max = 2.000000e+00 : f32, min = 2.000000e+00 : f32} : tensor<?x?xbf16> -> tensor<?x?xbf16>{{$}}
  %2 = pdnn.clip %d {min = 2.0 : f32, max = 2.0 : f32} : tensor<?x?xbf16> -> tensor<?x?xbf16>
  // One-element Min / Max tensors replace the attributes of that name (the
  // attributes are then not compared).
  // CHECK: pdnn.clip %arg0 Min(%arg2 : tensor<1xf32>) Max(%arg3 : tensor<1xf32>) : tensor<2x3xf32> -> tensor<2x3xf32>{{$}}
  %3 = pdnn.clip %x Min(%lo : tensor<1xf32>) Max(%hi : tensor<1xf32>) : tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK: pdnn.clip %arg0 Min(%arg2 : tensor<1xf32>) {max = -5.000000e+00 : f32} : tensor<2x3xf32> -> tensor<2x3xf32>{{$}}
  %4 = pdnn.clip %x Min(%lo : tensor<1xf32>) {max = -5.0 : f32} : tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK: pdnn.clip %arg0 Max(%arg3 : tensor<1xf32>) {max = -5.000000e+00 : f32, min = 5.000000e+00 : f32} : tensor<2x3xf32> -> tensor<2x3xf32>{{$}}
  %5 = pdnn.clip %x Max(%hi : tensor<1xf32>) {min = 5.0 : f32, max = -5.0 : f32} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

// CHECK-LABEL: func @dropout(
func.func @dropout(%x: tensor<?x8xf32>, %h: tensor<4xbf16>) {
  // Inference only (is_test); Mask is scratch of any type.
  // CHECK: pdnn.dropout %arg0 {is_test = true} : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xui8>){{$}}
  %0, %m0 = pdnn.dropout %x {is_test = true} : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xui8>)
  // CHECK: pdnn.dropout %arg0 {dropout_implementation = "upscale_in_train", dropout_prob = 1.000000e-01 : f32, is_test = true} : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x?xf32>){{$}}
  %1, %m1 = pdnn.dropout %x {is_test = true, dropout_prob = 0.1 : f32, dropout_implementation = "upscale_in_train"} : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x?xf32>)
  // The bounds of dropout_prob and the seeding attributes.
  // CHECK: pdnn.dropout %arg1 {dropout_prob = 0.000000e+00 : f32, fix_seed = true, is_test = true, seed = 7 : i32} : (tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xui8>){{$}}
  %2, %m2 = pdnn.dropout %h {is_test = true, dropout_prob = 0.0 : f32, fix_seed = true, seed = 7 : i32} : (tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xui8>)
  // CHECK: pdnn.dropout %arg1 {dropout_prob = 1.000000e+00 : f32, is_test = true} : (tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xui8>){{$}}
  %3, %m3 = pdnn.dropout %h {is_test = true, dropout_prob = 1.0 : f32, dropout_implementation = "downgrade_in_infer"} : (tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xui8>)
  return
}

// -----

// CHECK-LABEL: func @cast(
func.func @cast(%f: tensor<2x?xf32>, %i: tensor<3xi32>, %l: tensor<3xi64>, %b: tensor<3xi1>, %u: tensor<3xui8>, %h: tensor<3xbf16>, %s: tensor<3xsi8>) {
  // out_dtype names Out's element type; in_dtype is informative.
  // CHECK: pdnn.cast %arg0 {out_dtype = 2 : i32} : tensor<2x?xf32> -> tensor<2x?xi32>{{$}}
  %0 = pdnn.cast %f {in_dtype = 5 : i32, out_dtype = 2 : i32} : tensor<2x?xf32> -> tensor<2x?xi32>
  // CHECK: pdnn.cast %arg0 {out_dtype = 3 : i32} : tensor<2x?xf32> -> tensor<2x?xi64>{{$}}
  %1 = pdnn.cast %f {out_dtype = 3 : i32} : tensor<2x?xf32> -> tensor<2x?xi64>
  // CHECK: pdnn.cast %arg0 {out_dtype = 0 : i32} : tensor<2x?xf32> -> tensor<2x?xi1>{{$}}
  %2 = pdnn.cast %f {out_dtype = 0 : i32} : tensor<2x?xf32> -> tensor<2x?xi1>
  // CHECK: pdnn.cast %arg0 {out_dtype = 20 : i32} : tensor<2x?xf32> -> tensor<2x?xui8>{{$}}
  %3 = pdnn.cast %f {out_dtype = 20 : i32} : tensor<2x?xf32> -> tensor<2x?xui8>
  // CHECK: pdnn.cast %arg0 {out_dtype = 21 : i32} : tensor<2x?xf32> -> tensor<2x?xsi8>{{$}}
  %4 = pdnn.cast %f {out_dtype = 21 : i32} : tensor<2x?xf32> -> tensor<2x?xsi8>
  // CHECK: pdnn.cast %arg0 {out_dtype = 22 : i32} : tensor<2x?xf32> -> tensor<2x?xbf16>{{$}}
  %5 = pdnn.cast %f {out_dtype = 22 : i32} : tensor<2x?xf32> -> tensor<2x?xbf16>
  // To f32 (out_dtype 5, the default) from every other type.
  // CHECK: pdnn.cast %arg1 {in_dtype = 2 : i32} : tensor<3xi32> -> tensor<3xf32>{{$}}
  %6 = pdnn.cast %i {in_dtype = 2 : i32} : tensor<3xi32> -> tensor<3xf32>
  // CHECK: pdnn.cast %arg2 {in_dtype = 3 : i32} : tensor<3xi64> -> tensor<3xf32>{{$}}
  %7 = pdnn.cast %l {in_dtype = 3 : i32, out_dtype = 5 : i32} : tensor<3xi64> -> tensor<3xf32>
  // CHECK: pdnn.cast %arg3 {in_dtype = 0 : i32} : tensor<3xi1> -> tensor<3xf32>{{$}}
  %8 = pdnn.cast %b {in_dtype = 0 : i32} : tensor<3xi1> -> tensor<3xf32>
  // CHECK: pdnn.cast %arg4 {in_dtype = 20 : i32} : tensor<3xui8> -> tensor<3xf32>{{$}}
  %9 = pdnn.cast %u {in_dtype = 20 : i32} : tensor<3xui8> -> tensor<3xf32>
  // CHECK: pdnn.cast %arg5 {in_dtype = 22 : i32} : tensor<3xbf16> -> tensor<3xf32>{{$}}
  %10 = pdnn.cast %h {in_dtype = 22 : i32} : tensor<3xbf16> -> tensor<3xf32>
  // CHECK: pdnn.cast %arg6 {in_dtype = 21 : i32} : tensor<3xsi8> -> tensor<3xf32>{{$}}
  %11 = pdnn.cast %s {in_dtype = 21 : i32} : tensor<3xsi8> -> tensor<3xf32>
  // Between integers, and an in_dtype that disagrees with X (Paddle's
  // kernel reads X's own type).
  // CHECK: pdnn.cast %arg2 {out_dtype = 2 : i32} : tensor<3xi64> -> tensor<3xi32>{{$}}
  %12 = pdnn.cast %l {in_dtype = 5 : i32, out_dtype = 2 : i32} : tensor<3xi64> -> tensor<3xi32>
  // CHECK: pdnn.cast %arg1 {in_dtype = 2 : i32, out_dtype = 2 : i32} : tensor<3xi32> -> tensor<3xi32>{{$}}
  %13 = pdnn.cast %i {in_dtype = 2 : i32, out_dtype = 2 : i32} : tensor<3xi32> -> tensor<3xi32>
  return
}
