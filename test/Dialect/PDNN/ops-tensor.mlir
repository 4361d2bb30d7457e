// The tensor family round-trips through the custom and the generic form:
// reshape2, squeeze2, unsqueeze2, flatten_contiguous_range, flatten2,
// transpose2, split, stack, pad3d, expand_v2, slice, gather, assign, shape,
// fill_constant, fill_constant_batch_size_like and concat, with static and
// dynamic sizes, sizes given as tensors, and Paddle's clamping and
// broadcasting rules (the result types are Paddle's, worked out in the
// comments). XShape, Paddle's scratch output, may have any type.
// RUN: pdnn-opt %s --split-input-file | pdnn-opt --split-input-file | FileCheck %s
// RUN: pdnn-opt %s --split-input-file -mlir-print-op-generic | pdnn-opt --split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// reshape2
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @reshape2_attribute(
func.func @reshape2_attribute(%x: tensor<2x3x4xf32>, %d: tensor<?x3x4xf32>, %l: tensor<6xi64>, %b: tensor<2x2xi1>) {
  // CHECK: pdnn.reshape2 %arg0 {shape = array<i32: 6, 4>} : tensor<2x3x4xf32> -> tensor<6x4xf32>, tensor<0x2x3x4xf32>{{$}}
  %0:2 = pdnn.reshape2 %x {shape = array<i32: 6, 4>} : tensor<2x3x4xf32> -> tensor<6x4xf32>, tensor<0x2x3x4xf32>
  // 0 copies X's size at that position, one -1 takes the rest.
  // CHECK: pdnn.reshape2 %arg0 {shape = array<i32: 0, -1>} : tensor<2x3x4xf32> -> tensor<2x12xf32>, tensor<0x2x3x4xf32>{{$}}
  %1:2 = pdnn.reshape2 %x {shape = array<i32: 0, -1>} : tensor<2x3x4xf32> -> tensor<2x12xf32>, tensor<0x2x3x4xf32>
  // CHECK: pdnn.reshape2 %arg0 {shape = array<i32: -1, 0, 2, 2>} : tensor<2x3x4xf32> -> tensor<2x3x2x2xf32>, tensor<0x2x3x4xf32>{{$}}
  %2:2 = pdnn.reshape2 %x {shape = array<i32: -1, 0, 2, 2>} : tensor<2x3x4xf32> -> tensor<2x3x2x2xf32>, tensor<0x2x3x4xf32>
  // CHECK: pdnn.reshape2 %arg0 {shape = array<i32: 24>} : tensor<2x3x4xf32> -> tensor<24xf32>, tensor<?x?x?x?xf32>{{$}}
  %3:2 = pdnn.reshape2 %x {shape = array<i32: 24>} : tensor<2x3x4xf32> -> tensor<24xf32>, tensor<?x?x?x?xf32>
  // Unknown sizes: 0 copies them, and -1 cannot be resolved.
  // CHECK: pdnn.reshape2 %arg1 {shape = array<i32: 0, 12>} : tensor<?x3x4xf32> -> tensor<?x12xf32>, tensor<0x?x3x4xf32>{{$}}
  %4:2 = pdnn.reshape2 %d {shape = array<i32: 0, 12>} : tensor<?x3x4xf32> -> tensor<?x12xf32>, tensor<0x?x3x4xf32>
  // CHECK: pdnn.reshape2 %arg1 {shape = array<i32: -1, 4>} : tensor<?x3x4xf32> -> tensor<?x4xf32>, tensor<0x?x3x4xf32>{{$}}
  %5:2 = pdnn.reshape2 %d {shape = array<i32: -1, 4>} : tensor<?x3x4xf32> -> tensor<?x4xf32>, tensor<0x?x3x4xf32>
  // CHECK: pdnn.reshape2 %arg1 {shape = array<i32: 0, 0, 2, 2>} : tensor<?x3x4xf32> -> tensor<?x3x2x2xf32>, tensor<0x?x3x4xf32>{{$}}
  %6:2 = pdnn.reshape2 %d {shape = array<i32: 0, 0, 2, 2>} : tensor<?x3x4xf32> -> tensor<?x3x2x2xf32>, tensor<0x?x3x4xf32>
  // Integer and bool data.
  // CHECK: pdnn.reshape2 %arg2 {shape = array<i32: 2, 3>} : tensor<6xi64> -> tensor<2x3xi64>, tensor<0x6xi64>{{$}}
  %7:2 = pdnn.reshape2 %l {shape = array<i32: 2, 3>} : tensor<6xi64> -> tensor<2x3xi64>, tensor<0x6xi64>
  // CHECK: pdnn.reshape2 %arg3 {shape = array<i32: -1>} : tensor<2x2xi1> -> tensor<4xi1>, tensor<0x2x2xi1>{{$}}
  %8:2 = pdnn.reshape2 %b {shape = array<i32: -1>} : tensor<2x2xi1> -> tensor<4xi1>, tensor<0x2x2xi1>
  return
}

// -----

// CHECK-LABEL: func @reshape2_tensors(
func.func @reshape2_tensors(%x: tensor<2x3x4xf32>, %s: tensor<3xi32>, %sd: tensor<?xi64>, %a: tensor<1xi32>, %b: tensor<1xi64>) {
  // Shape: its length is the rank; its values are known at run time.
  // CHECK: pdnn.reshape2 %arg0 Shape(%arg1 : tensor<3xi32>) : tensor<2x3x4xf32> -> tensor<?x?x?xf32>, tensor<0x2x3x4xf32>{{$}}
  %0:2 = pdnn.reshape2 %x Shape(%s : tensor<3xi32>) : tensor<2x3x4xf32> -> tensor<?x?x?xf32>, tensor<0x2x3x4xf32>
  // A Shape of unknown length says nothing about Out.
  // CHECK: pdnn.reshape2 %arg0 Shape(%arg2 : tensor<?xi64>) : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>{{$}}
  %1:2 = pdnn.reshape2 %x Shape(%sd : tensor<?xi64>) : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>
  // ShapeTensor: one one-element tensor per dimension.
  // CHECK: pdnn.reshape2 %arg0 ShapeTensor(%arg3, %arg4 : tensor<1xi32>, tensor<1xi64>) : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>{{$}}
  %2:2 = pdnn.reshape2 %x ShapeTensor(%a, %b : tensor<1xi32>, tensor<1xi64>) : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>
  // Both, and the attribute, which they override.
  // CHECK: pdnn.reshape2 %arg0 Shape(%arg1 : tensor<3xi32>) ShapeTensor(%arg3, %arg4 : tensor<1xi32>, tensor<1xi64>) {shape = array<i32: 24>} : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>{{$}}
  %3:2 = pdnn.reshape2 %x Shape(%s : tensor<3xi32>) ShapeTensor(%a, %b : tensor<1xi32>, tensor<1xi64>) {shape = array<i32: 24>} : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>
  // Constant tensors are read like the attribute.
  %c = arith.constant dense<[4, -1, 3]> : tensor<3xi32>
  // CHECK: pdnn.reshape2 %arg0 Shape(%{{cst(_[0-9]+)?}} : tensor<3xi32>) : tensor<2x3x4xf32> -> tensor<4x2x3xf32>, tensor<0x2x3x4xf32>{{$}}
  %4:2 = pdnn.reshape2 %x Shape(%c : tensor<3xi32>) : tensor<2x3x4xf32> -> tensor<4x2x3xf32>, tensor<0x2x3x4xf32>
  %c6 = arith.constant dense<6> : tensor<1xi32>
  // CHECK: pdnn.reshape2 %arg0 ShapeTensor(%{{cst(_[0-9]+)?}}, %arg3 : tensor<1xi32>, tensor<1xi32>) : tensor<2x3x4xf32> -> tensor<6x?xf32>, tensor<0x2x3x4xf32>{{$}}
  %5:2 = pdnn.reshape2 %x ShapeTensor(%c6, %a : tensor<1xi32>, tensor<1xi32>) : tensor<2x3x4xf32> -> tensor<6x?xf32>, tensor<0x2x3x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// squeeze2, unsqueeze2, flatten_contiguous_range, flatten2
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @squeeze2(
func.func @squeeze2(%x: tensor<1x3x1x4xf32>, %d: tensor<?x1x5xf32>, %i: tensor<1xi64>) {
  // The named size-1 dimensions go, negative axes count from the end.
  // CHECK: pdnn.squeeze2 %arg0 {axes = array<i32: 0>} : tensor<1x3x1x4xf32> -> tensor<3x1x4xf32>, tensor<0x1x3x1x4xf32>{{$}}
  %0:2 = pdnn.squeeze2 %x {axes = array<i32: 0>} : tensor<1x3x1x4xf32> -> tensor<3x1x4xf32>, tensor<0x1x3x1x4xf32>
  // CHECK: pdnn.squeeze2 %arg0 {axes = array<i32: 0, -2>} : tensor<1x3x1x4xf32> -> tensor<3x4xf32>, tensor<0x1x3x1x4xf32>{{$}}
  %1:2 = pdnn.squeeze2 %x {axes = array<i32: 0, -2>} : tensor<1x3x1x4xf32> -> tensor<3x4xf32>, tensor<0x1x3x1x4xf32>
  // No axes: every size-1 dimension.
  // CHECK: pdnn.squeeze2 %arg0 : tensor<1x3x1x4xf32> -> tensor<3x4xf32>, tensor<0x1x3x1x4xf32>{{$}}
  %2:2 = pdnn.squeeze2 %x : tensor<1x3x1x4xf32> -> tensor<3x4xf32>, tensor<0x1x3x1x4xf32>
  // CHECK: pdnn.squeeze2 %arg0 : tensor<1x3x1x4xf32> -> tensor<3x4xf32>, tensor<0x1x3x1x4xf32>{{$}}
  %3:2 = pdnn.squeeze2 %x {axes = array<i32>} : tensor<1x3x1x4xf32> -> tensor<3x4xf32>, tensor<0x1x3x1x4xf32>
  // A named dimension of another size stays (Paddle ignores it).
  // CHECK: pdnn.squeeze2 %arg0 {axes = array<i32: 1, 2>} : tensor<1x3x1x4xf32> -> tensor<1x3x4xf32>, tensor<0x1x3x1x4xf32>{{$}}
  %4:2 = pdnn.squeeze2 %x {axes = array<i32: 1, 2>} : tensor<1x3x1x4xf32> -> tensor<1x3x4xf32>, tensor<0x1x3x1x4xf32>
  // A named unknown dimension goes (the program says it is 1); without axes
  // an unknown one stays.
  // CHECK: pdnn.squeeze2 %arg1 {axes = array<i32: 0>} : tensor<?x1x5xf32> -> tensor<1x5xf32>, tensor<0x?x1x5xf32>{{$}}
  %5:2 = pdnn.squeeze2 %d {axes = array<i32: 0>} : tensor<?x1x5xf32> -> tensor<1x5xf32>, tensor<0x?x1x5xf32>
  // CHECK: pdnn.squeeze2 %arg1 : tensor<?x1x5xf32> -> tensor<?x5xf32>, tensor<0x?x1x5xf32>{{$}}
  %6:2 = pdnn.squeeze2 %d : tensor<?x1x5xf32> -> tensor<?x5xf32>, tensor<0x?x1x5xf32>
  // To 0-D.
  // CHECK: pdnn.squeeze2 %arg2 : tensor<1xi64> -> tensor<i64>, tensor<0x1xi64>{{$}}
  %7:2 = pdnn.squeeze2 %i : tensor<1xi64> -> tensor<i64>, tensor<0x1xi64>
  return
}

// -----

// CHECK-LABEL: func @unsqueeze2(
func.func @unsqueeze2(%x: tensor<3x4xf32>, %d: tensor<?x4xi32>, %s: tensor<f32>) {
  // CHECK: pdnn.unsqueeze2 %arg0 {axes = array<i32: 0>} : tensor<3x4xf32> -> tensor<1x3x4xf32>, tensor<0x3x4xf32>{{$}}
  %0:2 = pdnn.unsqueeze2 %x {axes = array<i32: 0>} : tensor<3x4xf32> -> tensor<1x3x4xf32>, tensor<0x3x4xf32>
  // CHECK: pdnn.unsqueeze2 %arg0 {axes = array<i32: 2>} : tensor<3x4xf32> -> tensor<3x4x1xf32>, tensor<0x3x4xf32>{{$}}
  %1:2 = pdnn.unsqueeze2 %x {axes = array<i32: 2>} : tensor<3x4xf32> -> tensor<3x4x1xf32>, tensor<0x3x4xf32>
  // Each axis applies to the shape the previous ones made; a negative one
  // counts from the end of that shape plus one.
  // CHECK: pdnn.unsqueeze2 %arg0 {axes = array<i32: -1, 0>} : tensor<3x4xf32> -> tensor<1x3x4x1xf32>, tensor<0x3x4xf32>{{$}}
  %2:2 = pdnn.unsqueeze2 %x {axes = array<i32: -1, 0>} : tensor<3x4xf32> -> tensor<1x3x4x1xf32>, tensor<0x3x4xf32>
  // CHECK: pdnn.unsqueeze2 %arg0 {axes = array<i32: 1, 1>} : tensor<3x4xf32> -> tensor<3x1x1x4xf32>, tensor<0x3x4xf32>{{$}}
  %3:2 = pdnn.unsqueeze2 %x {axes = array<i32: 1, 1>} : tensor<3x4xf32> -> tensor<3x1x1x4xf32>, tensor<0x3x4xf32>
  // CHECK: pdnn.unsqueeze2 %arg0 {axes = array<i32: 0, 3>} : tensor<3x4xf32> -> tensor<1x3x4x1xf32>, tensor<0x3x4xf32>{{$}}
  %4:2 = pdnn.unsqueeze2 %x {axes = array<i32: 0, 3>} : tensor<3x4xf32> -> tensor<1x3x4x1xf32>, tensor<0x3x4xf32>
  // CHECK: pdnn.unsqueeze2 %arg1 {axes = array<i32: 1>} : tensor<?x4xi32> -> tensor<?x1x4xi32>, tensor<0x?x4xi32>{{$}}
  %5:2 = pdnn.unsqueeze2 %d {axes = array<i32: 1>} : tensor<?x4xi32> -> tensor<?x1x4xi32>, tensor<0x?x4xi32>
  // No axes: the same shape; a 0-D tensor becomes [1].
  // CHECK: pdnn.unsqueeze2 %arg0 : tensor<3x4xf32> -> tensor<3x4xf32>, tensor<0x3x4xf32>{{$}}
  %6:2 = pdnn.unsqueeze2 %x : tensor<3x4xf32> -> tensor<3x4xf32>, tensor<0x3x4xf32>
  // CHECK: pdnn.unsqueeze2 %arg2 {axes = array<i32: 0>} : tensor<f32> -> tensor<1xf32>, tensor<0xf32>{{$}}
  %7:2 = pdnn.unsqueeze2 %s {axes = array<i32: 0>} : tensor<f32> -> tensor<1xf32>, tensor<0xf32>
  return
}

// -----

// CHECK-LABEL: func @flatten(
func.func @flatten(%x: tensor<2x3x4x5xf32>, %d: tensor<?x3x4xf32>, %s: tensor<f32>, %l: tensor<2x?xi64>) {
  // flatten_contiguous_range: start_axis = stop_axis = 1 by default.
  // CHECK: pdnn.flatten_contiguous_range %arg0 : tensor<2x3x4x5xf32> -> tensor<2x3x4x5xf32>, tensor<0x2x3x4x5xf32>{{$}}
  %0:2 = pdnn.flatten_contiguous_range %x : tensor<2x3x4x5xf32> -> tensor<2x3x4x5xf32>, tensor<0x2x3x4x5xf32>
  // CHECK: pdnn.flatten_contiguous_range %arg0 {stop_axis = -1 : i32} : tensor<2x3x4x5xf32> -> tensor<2x60xf32>, tensor<0x2x3x4x5xf32>{{$}}
  %1:2 = pdnn.flatten_contiguous_range %x {start_axis = 1 : i32, stop_axis = -1 : i32} : tensor<2x3x4x5xf32> -> tensor<2x60xf32>, tensor<0x2x3x4x5xf32>
  // CHECK: pdnn.flatten_contiguous_range %arg0 {start_axis = 0 : i32, stop_axis = 2 : i32} : tensor<2x3x4x5xf32> -> tensor<24x5xf32>, tensor<0x2x3x4x5xf32>{{$}}
  %2:2 = pdnn.flatten_contiguous_range %x {start_axis = 0 : i32, stop_axis = 2 : i32} : tensor<2x3x4x5xf32> -> tensor<24x5xf32>, tensor<0x2x3x4x5xf32>
  // CHECK: pdnn.flatten_contiguous_range %arg0 {start_axis = -2 : i32, stop_axis = 3 : i32} : tensor<2x3x4x5xf32> -> tensor<2x3x20xf32>, tensor<0x2x3x4x5xf32>{{$}}
  %3:2 = pdnn.flatten_contiguous_range %x {start_axis = -2 : i32, stop_axis = 3 : i32} : tensor<2x3x4x5xf32> -> tensor<2x3x20xf32>, tensor<0x2x3x4x5xf32>
  // CHECK: pdnn.flatten_contiguous_range %arg1 {stop_axis = 2 : i32} : tensor<?x3x4xf32> -> tensor<?x12xf32>, tensor<0x?x3x4xf32>{{$}}
  %4:2 = pdnn.flatten_contiguous_range %d {start_axis = 1 : i32, stop_axis = 2 : i32} : tensor<?x3x4xf32> -> tensor<?x12xf32>, tensor<0x?x3x4xf32>
  // CHECK: pdnn.flatten_contiguous_range %arg1 {start_axis = 0 : i32} : tensor<?x3x4xf32> -> tensor<?x4xf32>, tensor<0x?x3x4xf32>{{$}}
  %5:2 = pdnn.flatten_contiguous_range %d {start_axis = 0 : i32, stop_axis = 1 : i32} : tensor<?x3x4xf32> -> tensor<?x4xf32>, tensor<0x?x3x4xf32>
  // A 0-D tensor flattens to [1].
  // CHECK: pdnn.flatten_contiguous_range %arg2 : tensor<f32> -> tensor<1xf32>, tensor<0xf32>{{$}}
  %6:2 = pdnn.flatten_contiguous_range %s : tensor<f32> -> tensor<1xf32>, tensor<0xf32>
  // flatten2: [prod(X[:axis]), prod(X[axis:])], axis 1 by default.
  // CHECK: pdnn.flatten2 %arg0 : tensor<2x3x4x5xf32> -> tensor<2x60xf32>, tensor<0x2x3x4x5xf32>{{$}}
  %7:2 = pdnn.flatten2 %x : tensor<2x3x4x5xf32> -> tensor<2x60xf32>, tensor<0x2x3x4x5xf32>
  // CHECK: pdnn.flatten2 %arg0 {axis = 0 : i32} : tensor<2x3x4x5xf32> -> tensor<1x120xf32>, tensor<0x2x3x4x5xf32>{{$}}
  %8:2 = pdnn.flatten2 %x {axis = 0 : i32} : tensor<2x3x4x5xf32> -> tensor<1x120xf32>, tensor<0x2x3x4x5xf32>
  // CHECK: pdnn.flatten2 %arg0 {axis = 4 : i32} : tensor<2x3x4x5xf32> -> tensor<120x1xf32>, tensor<0x2x3x4x5xf32>{{$}}
  %9:2 = pdnn.flatten2 %x {axis = 4 : i32} : tensor<2x3x4x5xf32> -> tensor<120x1xf32>, tensor<0x2x3x4x5xf32>
  // CHECK: pdnn.flatten2 %arg1 : tensor<?x3x4xf32> -> tensor<?x12xf32>, tensor<0x?x3x4xf32>{{$}}
  %10:2 = pdnn.flatten2 %d {axis = 1 : i32} : tensor<?x3x4xf32> -> tensor<?x12xf32>, tensor<0x?x3x4xf32>
  // CHECK: pdnn.flatten2 %arg3 : tensor<2x?xi64> -> tensor<2x?xi64>, tensor<0x2x?xi64>{{$}}
  %11:2 = pdnn.flatten2 %l {axis = 1 : i32} : tensor<2x?xi64> -> tensor<2x?xi64>, tensor<0x2x?xi64>
  return
}

//===----------------------------------------------------------------------===//
// transpose2, split, stack
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @transpose2(
func.func @transpose2(%x: tensor<1x3x8x6xf32>, %d: tensor<?x?x5xi64>, %v: tensor<7xf32>) {
  // NCHW to NHWC and back.
  // CHECK: pdnn.transpose2 %arg0 {axis = array<i32: 0, 2, 3, 1>} : tensor<1x3x8x6xf32> -> tensor<1x8x6x3xf32>, tensor<0x1x3x8x6xf32>{{$}}
  %0:2 = pdnn.transpose2 %x {axis = array<i32: 0, 2, 3, 1>} : tensor<1x3x8x6xf32> -> tensor<1x8x6x3xf32>, tensor<0x1x3x8x6xf32>
  // CHECK: pdnn.transpose2 %Out {axis = array<i32: 0, 3, 1, 2>} : tensor<1x8x6x3xf32> -> tensor<1x3x8x6xf32>, tensor<0x1x8x6x3xf32>{{$}}
  %1:2 = pdnn.transpose2 %0#0 {axis = array<i32: 0, 3, 1, 2>} : tensor<1x8x6x3xf32> -> tensor<1x3x8x6xf32>, tensor<0x1x8x6x3xf32>
  // CHECK: pdnn.transpose2 %arg1 {axis = array<i32: 2, 0, 1>} : tensor<?x?x5xi64> -> tensor<5x?x?xi64>, tensor<0x?x?x5xi64>{{$}}
  %2:2 = pdnn.transpose2 %d {axis = array<i32: 2, 0, 1>} : tensor<?x?x5xi64> -> tensor<5x?x?xi64>, tensor<0x?x?x5xi64>
  // The identity permutation.
  // CHECK: pdnn.transpose2 %arg2 {axis = array<i32: 0>} : tensor<7xf32> -> tensor<7xf32>, tensor<0x7xf32>{{$}}
  %3:2 = pdnn.transpose2 %v {axis = array<i32: 0>} : tensor<7xf32> -> tensor<7xf32>, tensor<0x7xf32>
  return
}

// -----

// CHECK-LABEL: func @split(
func.func @split(%x: tensor<4x6xf32>, %d: tensor<?x6xi64>, %a: tensor<1xi32>, %s1: tensor<1xi32>, %s2: tensor<1xi64>) {
  // num equal parts along axis (0 by default).
  // CHECK: pdnn.split %arg0 {num = 2 : i32} : tensor<4x6xf32> -> tensor<2x6xf32>, tensor<2x6xf32>{{$}}
  %0:2 = pdnn.split %x {num = 2 : i32} : tensor<4x6xf32> -> tensor<2x6xf32>, tensor<2x6xf32>
  // CHECK: pdnn.split %arg0 {axis = 1 : i32, num = 3 : i32} : tensor<4x6xf32> -> tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>{{$}}
  %1:3 = pdnn.split %x {axis = 1 : i32, num = 3 : i32} : tensor<4x6xf32> -> tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>
  // CHECK: pdnn.split %arg0 {axis = -1 : i32, num = 3 : i32} : tensor<4x6xf32> -> tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>{{$}}
  %2:3 = pdnn.split %x {axis = -1 : i32, num = 3 : i32} : tensor<4x6xf32> -> tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>
  // sections, one of which may be -1 (the rest), or 0.
  // CHECK: pdnn.split %arg0 {axis = 1 : i32, sections = array<i32: 1, 2, 3>} : tensor<4x6xf32> -> tensor<4x1xf32>, tensor<4x2xf32>, tensor<4x3xf32>{{$}}
  %3:3 = pdnn.split %x {axis = 1 : i32, sections = array<i32: 1, 2, 3>} : tensor<4x6xf32> -> tensor<4x1xf32>, tensor<4x2xf32>, tensor<4x3xf32>
  // CHECK: pdnn.split %arg0 {axis = 1 : i32, sections = array<i32: 1, -1, 2>} : tensor<4x6xf32> -> tensor<4x1xf32>, tensor<4x3xf32>, tensor<4x2xf32>{{$}}
  %4:3 = pdnn.split %x {axis = 1 : i32, sections = array<i32: 1, -1, 2>} : tensor<4x6xf32> -> tensor<4x1xf32>, tensor<4x3xf32>, tensor<4x2xf32>
  // CHECK: pdnn.split %arg0 {sections = array<i32: 0, 4>} : tensor<4x6xf32> -> tensor<0x6xf32>, tensor<4x6xf32>{{$}}
  %5:2 = pdnn.split %x {sections = array<i32: 0, 4>} : tensor<4x6xf32> -> tensor<0x6xf32>, tensor<4x6xf32>
  // One part.
  // CHECK: pdnn.split %arg0 {num = 1 : i32} : tensor<4x6xf32> -> tensor<4x6xf32>{{$}}
  %6 = pdnn.split %x {num = 1 : i32} : tensor<4x6xf32> -> tensor<4x6xf32>
  // Unknown sizes: num parts of unknown size; -1 unknown too.
  // CHECK: pdnn.split %arg1 {num = 2 : i32} : tensor<?x6xi64> -> tensor<?x6xi64>, tensor<?x6xi64>{{$}}
  %7:2 = pdnn.split %d {num = 2 : i32} : tensor<?x6xi64> -> tensor<?x6xi64>, tensor<?x6xi64>
  // CHECK: pdnn.split %arg1 {sections = array<i32: 1, -1>} : tensor<?x6xi64> -> tensor<1x6xi64>, tensor<?x6xi64>{{$}}
  %8:2 = pdnn.split %d {sections = array<i32: 1, -1>} : tensor<?x6xi64> -> tensor<1x6xi64>, tensor<?x6xi64>
  // AxisTensor (known at run time only) and SectionsTensorList.
  // CHECK: pdnn.split %arg0 AxisTensor(%arg2 : tensor<1xi32>) {num = 2 : i32} : tensor<4x6xf32> -> tensor<?x?xf32>, tensor<?x?xf32>{{$}}
  %9:2 = pdnn.split %x AxisTensor(%a : tensor<1xi32>) {num = 2 : i32} : tensor<4x6xf32> -> tensor<?x?xf32>, tensor<?x?xf32>
  // CHECK: pdnn.split %arg0 SectionsTensorList(%arg3, %arg4 : tensor<1xi32>, tensor<1xi64>) {axis = 1 : i32} : tensor<4x6xf32> -> tensor<4x?xf32>, tensor<4x?xf32>{{$}}
  %10:2 = pdnn.split %x SectionsTensorList(%s1, %s2 : tensor<1xi32>, tensor<1xi64>) {axis = 1 : i32} : tensor<4x6xf32> -> tensor<4x?xf32>, tensor<4x?xf32>
  %c = arith.constant dense<1> : tensor<1xi32>
  // CHECK: pdnn.split %arg0 AxisTensor(%{{cst(_[0-9]+)?}} : tensor<1xi32>) {num = 2 : i32} : tensor<4x6xf32> -> tensor<4x3xf32>, tensor<4x3xf32>{{$}}
  %11:2 = pdnn.split %x AxisTensor(%c : tensor<1xi32>) {num = 2 : i32} : tensor<4x6xf32> -> tensor<4x3xf32>, tensor<4x3xf32>
  return
}

// -----

// CHECK-LABEL: func @stack(
func.func @stack(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %d: tensor<?x3xf32>, %i: tensor<4xi32>) {
  // CHECK: pdnn.stack %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2x3xf32>{{$}}
  %0 = pdnn.stack %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2x3xf32>
  // CHECK: pdnn.stack %arg0, %arg1, %arg0 {axis = 1 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x3xf32>{{$}}
  %1 = pdnn.stack %a, %b, %a {axis = 1 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x3xf32>
  // axis in [-(rank + 1), rank + 1): -1 is the new last dimension.
  // CHECK: pdnn.stack %arg0, %arg1 {axis = -1 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2xf32>{{$}}
  %2 = pdnn.stack %a, %b {axis = -1 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2xf32>
  // CHECK: pdnn.stack %arg0, %arg1 {axis = -3 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2x3xf32>{{$}}
  %3 = pdnn.stack %a, %b {axis = -3 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2x3xf32>
  // Unknown sizes take the known ones of the other inputs.
  // CHECK: pdnn.stack %arg2, %arg0 {axis = 2 : i32} : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2xf32>{{$}}
  %4 = pdnn.stack %d, %a {axis = 2 : i32} : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2xf32>
  // CHECK: pdnn.stack %arg2, %arg2 : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<2x?x3xf32>{{$}}
  %5 = pdnn.stack %d, %d : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<2x?x3xf32>
  // One input; integers.
  // CHECK: pdnn.stack %arg3 : (tensor<4xi32>) -> tensor<1x4xi32>{{$}}
  %6 = pdnn.stack %i : (tensor<4xi32>) -> tensor<1x4xi32>
  return
}

//===----------------------------------------------------------------------===//
// pad3d, expand_v2
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @pad3d(
func.func @pad3d(%x: tensor<1x2x3x4x5xf32>, %n: tensor<1x3x4x5x2xf32>, %p: tensor<6xi32>, %d: tensor<?x2x?x4x5xf32>) {
  // paddings [left, right, top, bottom, front, back]: W 5 + 1 + 2 = 8,
  // H 4 + 0 + 0, D 3 + 3 + 4 = 10.
  // CHECK: pdnn.pad3d %arg0 {paddings = array<i32: 1, 2, 0, 0, 3, 4>} : tensor<1x2x3x4x5xf32> -> tensor<1x2x10x4x8xf32>{{$}}
  %0 = pdnn.pad3d %x {paddings = array<i32: 1, 2, 0, 0, 3, 4>} : tensor<1x2x3x4x5xf32> -> tensor<1x2x10x4x8xf32>
  // CHECK: pdnn.pad3d %arg0 {paddings = array<i32: 1, 1, 1, 1, 1, 1>, value = -1.500000e+00 : f32} : tensor<1x2x3x4x5xf32> -> tensor<1x2x5x6x7xf32>{{$}}
  %1 = pdnn.pad3d %x {paddings = array<i32: 1, 1, 1, 1, 1, 1>, mode = "constant", value = -1.5 : f32} : tensor<1x2x3x4x5xf32> -> tensor<1x2x5x6x7xf32>
  // The defaults: nothing padded.
  // CHECK: pdnn.pad3d %arg0 : tensor<1x2x3x4x5xf32> -> tensor<1x2x3x4x5xf32>{{$}}
  %2 = pdnn.pad3d %x {paddings = array<i32: 0, 0, 0, 0, 0, 0>, mode = "constant", value = 0.0 : f32, data_format = "NCDHW"} : tensor<1x2x3x4x5xf32> -> tensor<1x2x3x4x5xf32>
  // reflect: each pad smaller than its dimension (W 5, H 4, D 3).
  // CHECK: pdnn.pad3d %arg0 {mode = "reflect", paddings = array<i32: 4, 4, 3, 3, 2, 2>} : tensor<1x2x3x4x5xf32> -> tensor<1x2x7x10x13xf32>{{$}}
  %3 = pdnn.pad3d %x {paddings = array<i32: 4, 4, 3, 3, 2, 2>, mode = "reflect"} : tensor<1x2x3x4x5xf32> -> tensor<1x2x7x10x13xf32>
  // replicate: any size; circular: up to the dimension.
  // CHECK: pdnn.pad3d %arg0 {mode = "replicate", paddings = array<i32: 9, 0, 0, 9, 0, 0>} : tensor<1x2x3x4x5xf32> -> tensor<1x2x3x13x14xf32>{{$}}
  %4 = pdnn.pad3d %x {paddings = array<i32: 9, 0, 0, 9, 0, 0>, mode = "replicate"} : tensor<1x2x3x4x5xf32> -> tensor<1x2x3x13x14xf32>
  // CHECK: pdnn.pad3d %arg0 {mode = "circular", paddings = array<i32: 5, 5, 4, 4, 3, 3>} : tensor<1x2x3x4x5xf32> -> tensor<1x2x9x12x15xf32>{{$}}
  %5 = pdnn.pad3d %x {paddings = array<i32: 5, 5, 4, 4, 3, 3>, mode = "circular"} : tensor<1x2x3x4x5xf32> -> tensor<1x2x9x12x15xf32>
  // NDHWC: [N, D, H, W, C].
  // CHECK: pdnn.pad3d %arg1 {data_format = "NDHWC", paddings = array<i32: 1, 0, 0, 2, 0, 0>} : tensor<1x3x4x5x2xf32> -> tensor<1x3x6x6x2xf32>{{$}}
  %6 = pdnn.pad3d %n {paddings = array<i32: 1, 0, 0, 2, 0, 0>, data_format = "NDHWC"} : tensor<1x3x4x5x2xf32> -> tensor<1x3x6x6x2xf32>
  // The Paddings tensor: the spatial sizes are known at run time.
  // CHECK: pdnn.pad3d %arg0 Paddings(%arg2 : tensor<6xi32>) {mode = "reflect"} : tensor<1x2x3x4x5xf32> -> tensor<1x2x?x?x?xf32>{{$}}
  %7 = pdnn.pad3d %x Paddings(%p : tensor<6xi32>) {mode = "reflect"} : tensor<1x2x3x4x5xf32> -> tensor<1x2x?x?x?xf32>
  // Unknown sizes stay unknown.
  // CHECK: pdnn.pad3d %arg3 {mode = "reflect", paddings = array<i32: 1, 1, 1, 1, 1, 1>} : tensor<?x2x?x4x5xf32> -> tensor<?x2x?x6x7xf32>{{$}}
  %8 = pdnn.pad3d %d {paddings = array<i32: 1, 1, 1, 1, 1, 1>, mode = "reflect"} : tensor<?x2x?x4x5xf32> -> tensor<?x2x?x6x7xf32>
  return
}

// -----

// CHECK-LABEL: func @expand_v2(
func.func @expand_v2(%x: tensor<3x1xf32>, %d: tensor<?x1xi64>, %s: tensor<3xi32>, %a: tensor<1xi32>, %b: tensor<1xi64>) {
  // X aligns with the trailing dimensions; size-1 dimensions repeat, new
  // leading dimensions are added.
  // CHECK: pdnn.expand_v2 %arg0 {shape = array<i32: 2, 3, 4>} : tensor<3x1xf32> -> tensor<2x3x4xf32>{{$}}
  %0 = pdnn.expand_v2 %x {shape = array<i32: 2, 3, 4>} : tensor<3x1xf32> -> tensor<2x3x4xf32>
  // -1 keeps X's size.
  // CHECK: pdnn.expand_v2 %arg0 {shape = array<i32: 2, -1, 4>} : tensor<3x1xf32> -> tensor<2x3x4xf32>{{$}}
  %1 = pdnn.expand_v2 %x {shape = array<i32: 2, -1, 4>} : tensor<3x1xf32> -> tensor<2x3x4xf32>
  // CHECK: pdnn.expand_v2 %arg0 {shape = array<i32: 3, 1>} : tensor<3x1xf32> -> tensor<3x1xf32>{{$}}
  %2 = pdnn.expand_v2 %x {shape = array<i32: 3, 1>} : tensor<3x1xf32> -> tensor<3x1xf32>
  // CHECK: pdnn.expand_v2 %arg1 {shape = array<i32: -1, 5>} : tensor<?x1xi64> -> tensor<?x5xi64>{{$}}
  %3 = pdnn.expand_v2 %d {shape = array<i32: -1, 5>} : tensor<?x1xi64> -> tensor<?x5xi64>
  // CHECK: pdnn.expand_v2 %arg1 {shape = array<i32: 7, 5>} : tensor<?x1xi64> -> tensor<7x5xi64>{{$}}
  %4 = pdnn.expand_v2 %d {shape = array<i32: 7, 5>} : tensor<?x1xi64> -> tensor<7x5xi64>
  // The Shape tensor or the expand_shapes_tensor list replace shape.
  // CHECK: pdnn.expand_v2 %arg0 Shape(%arg2 : tensor<3xi32>) : tensor<3x1xf32> -> tensor<?x?x?xf32>{{$}}
  %5 = pdnn.expand_v2 %x Shape(%s : tensor<3xi32>) : tensor<3x1xf32> -> tensor<?x?x?xf32>
  // CHECK: pdnn.expand_v2 %arg0 expand_shapes_tensor(%arg3, %arg4 : tensor<1xi32>, tensor<1xi64>) : tensor<3x1xf32> -> tensor<?x?xf32>{{$}}
  %6 = pdnn.expand_v2 %x expand_shapes_tensor(%a, %b : tensor<1xi32>, tensor<1xi64>) : tensor<3x1xf32> -> tensor<?x?xf32>
  %c = arith.constant dense<[2, -1, 6]> : tensor<3xi32>
  // CHECK: pdnn.expand_v2 %arg0 Shape(%{{cst(_[0-9]+)?}} : tensor<3xi32>) : tensor<3x1xf32> -> tensor<2x3x6xf32>{{$}}
  %7 = pdnn.expand_v2 %x Shape(%c : tensor<3xi32>) : tensor<3x1xf32> -> tensor<2x3x6xf32>
  return
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @slice_bounds(
func.func @slice_bounds(%x: tensor<4x5x6xf32>) {
  // CHECK: pdnn.slice %arg0 {axes = array<i32: 1>, ends = array<i32: 3>, starts = array<i32: 1>} : tensor<4x5x6xf32> -> tensor<4x2x6xf32>{{$}}
  %0 = pdnn.slice %x {axes = array<i32: 1>, starts = array<i32: 1>, ends = array<i32: 3>} : tensor<4x5x6xf32> -> tensor<4x2x6xf32>
  // Several axes, a negative axis.
  // CHECK: pdnn.slice %arg0 {axes = array<i32: 0, -1>, ends = array<i32: 3, 6>, starts = array<i32: 1, 2>} : tensor<4x5x6xf32> -> tensor<2x5x4xf32>{{$}}
  %1 = pdnn.slice %x {axes = array<i32: 0, -1>, starts = array<i32: 1, 2>, ends = array<i32: 3, 6>} : tensor<4x5x6xf32> -> tensor<2x5x4xf32>
  // Negative bounds count from the end: [-3, -1) of 5 is [2, 4).
  // CHECK: pdnn.slice %arg0 {axes = array<i32: 1>, ends = array<i32: -1>, starts = array<i32: -3>} : tensor<4x5x6xf32> -> tensor<4x2x6xf32>{{$}}
  %2 = pdnn.slice %x {axes = array<i32: 1>, starts = array<i32: -3>, ends = array<i32: -1>} : tensor<4x5x6xf32> -> tensor<4x2x6xf32>
  // Overflowing bounds clamp into [0, size]: [-100, 1000) is everything.
  // CHECK: pdnn.slice %arg0 {axes = array<i32: 2>, ends = array<i32: 1000>, starts = array<i32: -100>} : tensor<4x5x6xf32> -> tensor<4x5x6xf32>{{$}}
  %3 = pdnn.slice %x {axes = array<i32: 2>, starts = array<i32: -100>, ends = array<i32: 1000>} : tensor<4x5x6xf32> -> tensor<4x5x6xf32>
  // CHECK: pdnn.slice %arg0 {axes = array<i32: 2>, ends = array<i32: 2147483647>, starts = array<i32: 3>} : tensor<4x5x6xf32> -> tensor<4x5x3xf32>{{$}}
  %4 = pdnn.slice %x {axes = array<i32: 2>, starts = array<i32: 3>, ends = array<i32: 2147483647>} : tensor<4x5x6xf32> -> tensor<4x5x3xf32>
  // An empty range: start = end, or both past the end.
  // CHECK: pdnn.slice %arg0 {axes = array<i32: 0>, ends = array<i32: 2>, starts = array<i32: 2>} : tensor<4x5x6xf32> -> tensor<0x5x6xf32>{{$}}
  %5 = pdnn.slice %x {axes = array<i32: 0>, starts = array<i32: 2>, ends = array<i32: 2>} : tensor<4x5x6xf32> -> tensor<0x5x6xf32>
  // CHECK: pdnn.slice %arg0 {axes = array<i32: 0>, ends = array<i32: 20>, starts = array<i32: 10>} : tensor<4x5x6xf32> -> tensor<0x5x6xf32>{{$}}
  %6 = pdnn.slice %x {axes = array<i32: 0>, starts = array<i32: 10>, ends = array<i32: 20>} : tensor<4x5x6xf32> -> tensor<0x5x6xf32>
  // infer_flags are informative.
  // CHECK: pdnn.slice %arg0 {axes = array<i32: 1>, ends = array<i32: 1>, infer_flags = array<i32: 1>, starts = array<i32: 0>} : tensor<4x5x6xf32> -> tensor<4x1x6xf32>{{$}}
  %7 = pdnn.slice %x {axes = array<i32: 1>, starts = array<i32: 0>, ends = array<i32: 1>, infer_flags = array<i32: 1>} : tensor<4x5x6xf32> -> tensor<4x1x6xf32>
  return
}

// -----

// CHECK-LABEL: func @slice_decrease(
func.func @slice_decrease(%x: tensor<4x5x6xf32>, %v: tensor<3xi64>) {
  // decrease_axis drops sliced dimensions of size 1.
  // CHECK: pdnn.slice %arg0 {axes = array<i32: 0>, decrease_axis = array<i32: 0>, ends = array<i32: 3>, starts = array<i32: 2>} : tensor<4x5x6xf32> -> tensor<5x6xf32>{{$}}
  %0 = pdnn.slice %x {axes = array<i32: 0>, starts = array<i32: 2>, ends = array<i32: 3>, decrease_axis = array<i32: 0>} : tensor<4x5x6xf32> -> tensor<5x6xf32>
  // CHECK: pdnn.slice %arg0 {axes = array<i32: 0, 2>, decrease_axis = array<i32: 0, 2>, ends = array<i32: 4, 1>, starts = array<i32: -1, 0>} : tensor<4x5x6xf32> -> tensor<5xf32>{{$}}
  %1 = pdnn.slice %x {axes = array<i32: 0, 2>, starts = array<i32: -1, 0>, ends = array<i32: 4, 1>, decrease_axis = array<i32: 0, 2>} : tensor<4x5x6xf32> -> tensor<5xf32>
  // Dropping every dimension gives [1] (Paddle 2) or 0-D (Paddle 3).
  // CHECK: pdnn.slice %arg1 {axes = array<i32: 0>, decrease_axis = array<i32: 0>, ends = array<i32: 2>, starts = array<i32: 1>} : tensor<3xi64> -> tensor<1xi64>{{$}}
  %2 = pdnn.slice %v {axes = array<i32: 0>, starts = array<i32: 1>, ends = array<i32: 2>, decrease_axis = array<i32: 0>} : tensor<3xi64> -> tensor<1xi64>
  // CHECK: pdnn.slice %arg1 {axes = array<i32: 0>, decrease_axis = array<i32: 0>, ends = array<i32: 3>, starts = array<i32: -1>} : tensor<3xi64> -> tensor<i64>{{$}}
  %3 = pdnn.slice %v {axes = array<i32: 0>, starts = array<i32: -1>, ends = array<i32: 3>, decrease_axis = array<i32: 0>} : tensor<3xi64> -> tensor<i64>
  return
}

// -----

// CHECK-LABEL: func @slice_tensors(
func.func @slice_tensors(%x: tensor<4x5x6xf32>, %d: tensor<?x5xf32>, %st: tensor<1xi32>, %en: tensor<1xi64>, %a: tensor<1xi32>, %b: tensor<1xi32>) {
  // Bounds given as tensors are known at run time only.
  // CHECK: pdnn.slice %arg0 StartsTensor(%arg2 : tensor<1xi32>) EndsTensor(%arg3 : tensor<1xi64>) {axes = array<i32: 1>, infer_flags = array<i32: -1>} : tensor<4x5x6xf32> -> tensor<4x?x6xf32>{{$}}
  %0 = pdnn.slice %x StartsTensor(%st : tensor<1xi32>) EndsTensor(%en : tensor<1xi64>) {axes = array<i32: 1>, infer_flags = array<i32: -1>} : tensor<4x5x6xf32> -> tensor<4x?x6xf32>
  // CHECK: pdnn.slice %arg0 StartsTensorList(%arg4 : tensor<1xi32>) EndsTensorList(%arg5 : tensor<1xi32>) {axes = array<i32: 2>} : tensor<4x5x6xf32> -> tensor<4x5x?xf32>{{$}}
  %1 = pdnn.slice %x StartsTensorList(%a : tensor<1xi32>) EndsTensorList(%b : tensor<1xi32>) {axes = array<i32: 2>} : tensor<4x5x6xf32> -> tensor<4x5x?xf32>
  // One bound a tensor, the other the attribute.
  // CHECK: pdnn.slice %arg0 EndsTensor(%arg3 : tensor<1xi64>) {axes = array<i32: 0>, starts = array<i32: 1>} : tensor<4x5x6xf32> -> tensor<?x5x6xf32>{{$}}
  %2 = pdnn.slice %x EndsTensor(%en : tensor<1xi64>) {axes = array<i32: 0>, starts = array<i32: 1>} : tensor<4x5x6xf32> -> tensor<?x5x6xf32>
  // Constant bound tensors are read.
  %c1 = arith.constant dense<1> : tensor<1xi32>
  %c3 = arith.constant dense<3> : tensor<1xi32>
  // CHECK: pdnn.slice %arg0 StartsTensorList(%{{cst(_[0-9]+)?}} : tensor<1xi32>) EndsTensorList(%{{cst(_[0-9]+)?}} : tensor<1xi32>) {axes = array<i32: 1>} : tensor<4x5x6xf32> -> tensor<4x2x6xf32>{{$}}
  %3 = pdnn.slice %x StartsTensorList(%c1 : tensor<1xi32>) EndsTensorList(%c3 : tensor<1xi32>) {axes = array<i32: 1>} : tensor<4x5x6xf32> -> tensor<4x2x6xf32>
  // An unknown dimension gives an unknown slice.
  // CHECK: pdnn.slice %arg1 {axes = array<i32: 0, 1>, ends = array<i32: 3, 3>, starts = array<i32: 1, 1>} : tensor<?x5xf32> -> tensor<?x2xf32>{{$}}
  %4 = pdnn.slice %d {axes = array<i32: 0, 1>, starts = array<i32: 1, 1>, ends = array<i32: 3, 3>} : tensor<?x5xf32> -> tensor<?x2xf32>
  return
}

//===----------------------------------------------------------------------===//
// gather, assign
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @gather(
func.func @gather(%x: tensor<5x3xf32>, %i: tensor<2xi32>, %l: tensor<4x1xi64>, %d: tensor<?xi64>, %xi: tensor<?x3x2xi64>) {
  // CHECK: pdnn.gather %arg0, %arg1 : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>{{$}}
  %0 = pdnn.gather %x, %i : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  // CHECK: pdnn.gather %arg0, %arg1 {axis = 1 : i32} : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<5x2xf32>{{$}}
  %1 = pdnn.gather %x, %i {axis = 1 : i32} : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<5x2xf32>
  // CHECK: pdnn.gather %arg0, %arg1 {axis = -1 : i32} : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<5x2xf32>{{$}}
  %2 = pdnn.gather %x, %i {axis = -1 : i32} : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<5x2xf32>
  // Index [K, 1].
  // CHECK: pdnn.gather %arg0, %arg2 : (tensor<5x3xf32>, tensor<4x1xi64>) -> tensor<4x3xf32>{{$}}
  %3 = pdnn.gather %x, %l : (tensor<5x3xf32>, tensor<4x1xi64>) -> tensor<4x3xf32>
  // CHECK: pdnn.gather %arg4, %arg3 {axis = 2 : i32} : (tensor<?x3x2xi64>, tensor<?xi64>) -> tensor<?x3x?xi64>{{$}}
  %4 = pdnn.gather %xi, %d {axis = 2 : i32} : (tensor<?x3x2xi64>, tensor<?xi64>) -> tensor<?x3x?xi64>
  return
}

// -----

// CHECK-LABEL: func @assign(
func.func @assign(%x: tensor<2x?xf32>, %l: tensor<3xi64>, %b: tensor<i1>) {
  // CHECK: pdnn.assign %arg0 : tensor<2x?xf32>{{$}}
  %0 = pdnn.assign %x : tensor<2x?xf32>
  // CHECK: pdnn.assign %arg1 : tensor<3xi64>{{$}}
  %1 = pdnn.assign %l : tensor<3xi64>
  // CHECK: pdnn.assign %arg2 : tensor<i1>{{$}}
  %2 = pdnn.assign %b : tensor<i1>
  return
}

//===----------------------------------------------------------------------===//
// shape, fill_constant, fill_constant_batch_size_like, concat
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @shape(
func.func @shape(%x: tensor<2x3x4xf32>, %d: tensor<?x?xi64>, %s: tensor<f32>) {
  // CHECK: pdnn.shape %arg0 : tensor<2x3x4xf32> -> tensor<3xi32>{{$}}
  %0 = pdnn.shape %x : tensor<2x3x4xf32> -> tensor<3xi32>
  // CHECK: pdnn.shape %arg1 : tensor<?x?xi64> -> tensor<2xi32>{{$}}
  %1 = pdnn.shape %d : tensor<?x?xi64> -> tensor<2xi32>
  // CHECK: pdnn.shape %arg2 : tensor<f32> -> tensor<0xi32>{{$}}
  %2 = pdnn.shape %s : tensor<f32> -> tensor<0xi32>
  // CHECK: pdnn.shape %arg1 : tensor<?x?xi64> -> tensor<?xi32>{{$}}
  %3 = pdnn.shape %d : tensor<?x?xi64> -> tensor<?xi32>
  return
}

// -----

// CHECK-LABEL: func @fill_constant(
func.func @fill_constant(%s: tensor<2xi32>, %a: tensor<1xi32>, %b: tensor<1xi64>, %v: tensor<1xf32>, %vi: tensor<1xi64>) {
  // dtype 5 (float32) and value 0 by default.
  // CHECK: pdnn.fill_constant : tensor<f32>{{$}}
  %0 = pdnn.fill_constant : tensor<f32>
  // CHECK: pdnn.fill_constant {shape = array<i64: 2, 3>, value = 1.500000e+00 : f32} : tensor<2x3xf32>{{$}}
  %1 = pdnn.fill_constant {shape = array<i64: 2, 3>, value = 1.5 : f32} : tensor<2x3xf32>
  // CHECK: pdnn.fill_constant {shape = array<i64: 2>} : tensor<2xf32>{{$}}
  %2 = pdnn.fill_constant {dtype = 5 : i32, shape = array<i64: 2>, value = 0.0 : f32, str_value = "", force_cpu = false} : tensor<2xf32>
  // Every dtype pdnn tensors hold.
  // CHECK: pdnn.fill_constant {dtype = 3 : i32, force_cpu = true, shape = array<i64: 1>, value = 7.000000e+00 : f32} : tensor<1xi64>{{$}}
  %3 = pdnn.fill_constant {dtype = 3 : i32, shape = array<i64: 1>, value = 7.0 : f32, force_cpu = true} : tensor<1xi64>
  // CHECK: pdnn.fill_constant {dtype = 2 : i32, shape = array<i64: 4>, str_value = "-3"} : tensor<4xi32>{{$}}
  %4 = pdnn.fill_constant {dtype = 2 : i32, shape = array<i64: 4>, str_value = "-3"} : tensor<4xi32>
  // CHECK: pdnn.fill_constant {dtype = 0 : i32, shape = array<i64: 2>, value = 1.000000e+00 : f32} : tensor<2xi1>{{$}}
  %5 = pdnn.fill_constant {dtype = 0 : i32, shape = array<i64: 2>, value = 1.0 : f32} : tensor<2xi1>
  // CHECK: pdnn.fill_constant {dtype = 22 : i32, shape = array<i64: 2>, value = 5.000000e-01 : f32} : tensor<2xbf16>{{$}}
  %6 = pdnn.fill_constant {dtype = 22 : i32, shape = array<i64: 2>, value = 0.5 : f32} : tensor<2xbf16>
  // CHECK: pdnn.fill_constant {dtype = 20 : i32, shape = array<i64: 2>, value = 2.550000e+02 : f32} : tensor<2xui8>{{$}}
  %7 = pdnn.fill_constant {dtype = 20 : i32, shape = array<i64: 2>, value = 255.0 : f32} : tensor<2xui8>
  // CHECK: pdnn.fill_constant {dtype = 21 : i32, shape = array<i64: 2>, value = -1.280000e+02 : f32} : tensor<2xsi8>{{$}}
  %8 = pdnn.fill_constant {dtype = 21 : i32, shape = array<i64: 2>, value = -128.0 : f32} : tensor<2xsi8>
  // str_value keeps values exact, including inf, -inf and nan.
  // CHECK: pdnn.fill_constant {shape = array<i64: 1>, str_value = "inf"} : tensor<1xf32>{{$}}
  %9 = pdnn.fill_constant {shape = array<i64: 1>, str_value = "inf"} : tensor<1xf32>
  // CHECK: pdnn.fill_constant {shape = array<i64: 1>, str_value = "-inf"} : tensor<1xf32>{{$}}
  %10 = pdnn.fill_constant {shape = array<i64: 1>, str_value = "-inf"} : tensor<1xf32>
  // CHECK: pdnn.fill_constant {shape = array<i64: 1>, str_value = "nan"} : tensor<1xf32>{{$}}
  %11 = pdnn.fill_constant {shape = array<i64: 1>, str_value = "nan"} : tensor<1xf32>
  // CHECK: pdnn.fill_constant {shape = array<i64: 1>, str_value = "1e-3"} : tensor<1xf32>{{$}}
  %12 = pdnn.fill_constant {shape = array<i64: 1>, str_value = "1e-3"} : tensor<1xf32>
  // A zero-size shape.
  // CHECK: pdnn.fill_constant {shape = array<i64: 0, 3>} : tensor<0x3xf32>{{$}}
  %13 = pdnn.fill_constant {shape = array<i64: 0, 3>} : tensor<0x3xf32>
  // ShapeTensor and ShapeTensorList give sizes known at run time.
  // CHECK: pdnn.fill_constant ShapeTensor(%arg0 : tensor<2xi32>) {value = 1.000000e+00 : f32} : tensor<?x?xf32>{{$}}
  %14 = pdnn.fill_constant ShapeTensor(%s : tensor<2xi32>) {value = 1.0 : f32} : tensor<?x?xf32>
  // CHECK: pdnn.fill_constant ShapeTensorList(%arg1, %arg2 : tensor<1xi32>, tensor<1xi64>) {dtype = 3 : i32} : tensor<?x?xi64>{{$}}
  %15 = pdnn.fill_constant ShapeTensorList(%a, %b : tensor<1xi32>, tensor<1xi64>) {dtype = 3 : i32} : tensor<?x?xi64>
  // ValueTensor replaces value and str_value.
  // CHECK: pdnn.fill_constant ValueTensor(%arg3 : tensor<1xf32>) {shape = array<i64: 2, 2>} : tensor<2x2xf32>{{$}}
  %16 = pdnn.fill_constant ValueTensor(%v : tensor<1xf32>) {shape = array<i64: 2, 2>} : tensor<2x2xf32>
  // CHECK: pdnn.fill_constant ValueTensor(%arg4 : tensor<1xi64>) ShapeTensor(%arg0 : tensor<2xi32>) ShapeTensorList(%arg1, %arg2 : tensor<1xi32>, tensor<1xi64>) {dtype = 3 : i32} : tensor<?x?xi64>{{$}}
  %17 = pdnn.fill_constant ValueTensor(%vi : tensor<1xi64>) ShapeTensor(%s : tensor<2xi32>) ShapeTensorList(%a, %b : tensor<1xi32>, tensor<1xi64>) {dtype = 3 : i32} : tensor<?x?xi64>
  // A constant ShapeTensor is read.
  %c = arith.constant dense<[3, 1]> : tensor<2xi32>
  // CHECK: pdnn.fill_constant ShapeTensor(%{{cst(_[0-9]+)?}} : tensor<2xi32>) : tensor<3x1xf32>{{$}}
  %18 = pdnn.fill_constant ShapeTensor(%c : tensor<2xi32>) : tensor<3x1xf32>
  return
}

// -----

// CHECK-LABEL: func @fill_constant_batch_size_like(
func.func @fill_constant_batch_size_like(%x: tensor<?x8xf32>, %y: tensor<3x7xi64>) {
  // shape[output_dim_idx] = Input's size at input_dim_idx (both 0 by default).
  // CHECK: pdnn.fill_constant_batch_size_like %arg0 {shape = array<i32: -1, 16>} : tensor<?x8xf32> -> tensor<?x16xf32>{{$}}
  %0 = pdnn.fill_constant_batch_size_like %x {shape = array<i32: -1, 16>} : tensor<?x8xf32> -> tensor<?x16xf32>
  // CHECK: pdnn.fill_constant_batch_size_like %arg0 {shape = array<i32: 1, 16>} : tensor<?x8xf32> -> tensor<?x16xf32>{{$}}
  %1 = pdnn.fill_constant_batch_size_like %x {shape = array<i32: 1, 16>, input_dim_idx = 0 : i32, output_dim_idx = 0 : i32, value = 0.0 : f32, str_value = "", dtype = 5 : i32, force_cpu = false} : tensor<?x8xf32> -> tensor<?x16xf32>
  // CHECK: pdnn.fill_constant_batch_size_like %arg1 {dtype = 3 : i32, input_dim_idx = 1 : i32, output_dim_idx = 1 : i32, shape = array<i32: 2, -1, 4>, value = 3.000000e+00 : f32} : tensor<3x7xi64> -> tensor<2x7x4xi64>{{$}}
  %2 = pdnn.fill_constant_batch_size_like %y {shape = array<i32: 2, -1, 4>, input_dim_idx = 1 : i32, output_dim_idx = 1 : i32, value = 3.0 : f32, dtype = 3 : i32} : tensor<3x7xi64> -> tensor<2x7x4xi64>
  // CHECK: pdnn.fill_constant_batch_size_like %arg0 {input_dim_idx = 1 : i32, output_dim_idx = 1 : i32, shape = array<i32: 5, 1>, str_value = "-inf"} : tensor<?x8xf32> -> tensor<5x8xf32>{{$}}
  %3 = pdnn.fill_constant_batch_size_like %x {shape = array<i32: 5, 1>, input_dim_idx = 1 : i32, output_dim_idx = 1 : i32, str_value = "-inf"} : tensor<?x8xf32> -> tensor<5x8xf32>
  // CHECK: pdnn.fill_constant_batch_size_like %arg1 {dtype = 0 : i32, force_cpu = true, shape = array<i32: 0>} : tensor<3x7xi64> -> tensor<3xi1>{{$}}
  %4 = pdnn.fill_constant_batch_size_like %y {shape = array<i32: 0>, dtype = 0 : i32, force_cpu = true} : tensor<3x7xi64> -> tensor<3xi1>
  return
}

// -----

// CHECK-LABEL: func @concat(
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<2x5xf32>, %d: tensor<?x3xf32>, %l: tensor<1xi64>, %m: tensor<2xi64>) {
  // axis 0 by default; negative axes count from the end.
  // CHECK: pdnn.concat %arg0, %arg1 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>{{$}}
  %0 = pdnn.concat %a, %b : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  // CHECK: pdnn.concat %arg0, %arg2 {axis = 1 : i32} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>{{$}}
  %1 = pdnn.concat %a, %c {axis = 1 : i32} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  // CHECK: pdnn.concat %arg0, %arg2, %arg0 {axis = -1 : i32} : (tensor<2x3xf32>, tensor<2x5xf32>, tensor<2x3xf32>) -> tensor<2x11xf32>{{$}}
  %2 = pdnn.concat %a, %c, %a {axis = -1 : i32} : (tensor<2x3xf32>, tensor<2x5xf32>, tensor<2x3xf32>) -> tensor<2x11xf32>
  // Unknown sizes: an unknown part along axis makes the sum unknown.
  // CHECK: pdnn.concat %arg0, %arg3 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>{{$}}
  %3 = pdnn.concat %a, %d : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK: pdnn.concat %arg3, %arg3 {axis = 1 : i32} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x6xf32>{{$}}
  %4 = pdnn.concat %d, %d {axis = 1 : i32} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x6xf32>
  // Integers (shape arithmetic), one input.
  // CHECK: pdnn.concat %arg4, %arg5, %arg4 : (tensor<1xi64>, tensor<2xi64>, tensor<1xi64>) -> tensor<4xi64>{{$}}
  %5 = pdnn.concat %l, %m, %l : (tensor<1xi64>, tensor<2xi64>, tensor<1xi64>) -> tensor<4xi64>
  // CHECK: pdnn.concat %arg5 : (tensor<2xi64>) -> tensor<2xi64>{{$}}
  %6 = pdnn.concat %m : (tensor<2xi64>) -> tensor<2xi64>
  return
}
