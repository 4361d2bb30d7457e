// RUN: pdnn-opt %s -split-input-file -verify-diagnostics
// Verifier rules of the tensor family: concat, reshape2, squeeze2,
// unsqueeze2, flatten_contiguous_range, flatten2, transpose2, split, stack,
// pad3d, expand_v2, slice, gather, assign, shape, fill_constant and
// fill_constant_batch_size_like.

//===----------------------------------------------------------------------===//
// concat
//===----------------------------------------------------------------------===//

func.func @concat_no_input() {
  // expected-error @+1 {{needs at least one input}}
  %0 = "pdnn.concat"() : () -> tensor<2xf32>
  return
}

// -----

func.func @concat_axis(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{axis must be in [-2, 2) for rank 2, got 2}}
  %0 = pdnn.concat %a, %a {axis = 2 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @concat_element_types(%a: tensor<2xi32>, %b: tensor<2xi64>) {
  // expected-error @+1 {{inputs must share one element type, got 'i32' and 'i64'}}
  %0 = pdnn.concat %a, %b : (tensor<2xi32>, tensor<2xi64>) -> tensor<4xi32>
  return
}

// -----

func.func @concat_ranks(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{inputs must share one rank, got 2x3 and 3}}
  %0 = pdnn.concat %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @concat_other_dims(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{inputs 2x3 and 2x4 differ outside the concat axis 0}}
  %0 = pdnn.concat %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concat_out_shape(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{Out must be 2x7, got 2x8}}
  %0 = pdnn.concat %a, %b {axis = -1 : i32} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @concat_out_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{Out must have the inputs' element type 'f32'}}
  %0 = pdnn.concat %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xbf16>
  return
}

//===----------------------------------------------------------------------===//
// reshape2
//===----------------------------------------------------------------------===//

// -----

func.func @reshape2_two_inferred(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{shape may hold one -1, got -1x-1}}
  %0:2 = pdnn.reshape2 %x {shape = array<i32: -1, -1>} : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @reshape2_copy_past_rank(%x: tensor<6x4xf32>) {
  // expected-error @+1 {{shape[2] = 0 copies X's size at 2, but X 6x4 has rank 2}}
  %0:2 = pdnn.reshape2 %x {shape = array<i32: 2, 12, 0>} : tensor<6x4xf32> -> tensor<2x12x1xf32>, tensor<0x6x4xf32>
  return
}

// -----

func.func @reshape2_negative_size(%x: tensor<6x4xf32>) {
  // expected-error @+1 {{shape[0] = -2 must be positive, 0 or -1}}
  %0:2 = pdnn.reshape2 %x {shape = array<i32: -2, 12>} : tensor<6x4xf32> -> tensor<2x12xf32>, tensor<0x6x4xf32>
  return
}

// -----

func.func @reshape2_count(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{X 2x3x4 has 24 elements, the shape 5x5 25}}
  %0:2 = pdnn.reshape2 %x {shape = array<i32: 5, 5>} : tensor<2x3x4xf32> -> tensor<5x5xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @reshape2_not_divisible(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{X 2x3x4 has 24 elements, which the shape -1x5 cannot hold}}
  %0:2 = pdnn.reshape2 %x {shape = array<i32: -1, 5>} : tensor<2x3x4xf32> -> tensor<?x5xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @reshape2_no_shape(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{needs a shape: the shape attribute, Shape or ShapeTensor}}
  %0:2 = pdnn.reshape2 %x : tensor<2x3x4xf32> -> tensor<2x3x4xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @reshape2_wrong_out(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{Out must be 2x12, got 12x2}}
  %0:2 = pdnn.reshape2 %x {shape = array<i32: 0, -1>} : tensor<2x3x4xf32> -> tensor<12x2xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @reshape2_out_type(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{Out must have X's element type}}
  %0:2 = pdnn.reshape2 %x {shape = array<i32: 24>} : tensor<2x3x4xf32> -> tensor<24xi32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @reshape2_shape_tensor_item(%x: tensor<2x3x4xf32>, %a: tensor<2xi32>) {
  // expected-error @+1 {{each ShapeTensor tensor must hold one value, got 2}}
  %0:2 = pdnn.reshape2 %x ShapeTensor(%a : tensor<2xi32>) : tensor<2x3x4xf32> -> tensor<?xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @reshape2_shape_rank(%x: tensor<2x3x4xf32>, %s: tensor<1x2xi32>) {
  // expected-error @+1 {{Shape must be 1-D, got 1x2}}
  %0:2 = pdnn.reshape2 %x Shape(%s : tensor<1x2xi32>) : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @reshape2_shape_length(%x: tensor<2x3x4xf32>, %s: tensor<3xi32>) {
  // A Shape of 3 values makes Out rank 3.
  // expected-error @+1 {{Out must be ?x?x?, got ?x?}}
  %0:2 = pdnn.reshape2 %x Shape(%s : tensor<3xi32>) : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @reshape2_constant_shape(%x: tensor<2x3x4xf32>) {
  // A constant Shape is checked like the attribute.
  %s = arith.constant dense<[-1, -1]> : tensor<2xi32>
  // expected-error @+1 {{shape may hold one -1, got -1x-1}}
  %0:2 = pdnn.reshape2 %x Shape(%s : tensor<2xi32>) : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @reshape2_float_shape(%x: tensor<2x3x4xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xf32>'}}
  %0:2 = pdnn.reshape2 %x Shape(%s : tensor<2xf32>) : tensor<2x3x4xf32> -> tensor<?x?xf32>, tensor<0x2x3x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// squeeze2, unsqueeze2, flatten_contiguous_range, flatten2
//===----------------------------------------------------------------------===//

// -----

func.func @squeeze2_axis(%x: tensor<1x3xf32>) {
  // expected-error @+1 {{axes item must be in [-2, 2) for rank 2, got 2}}
  %0:2 = pdnn.squeeze2 %x {axes = array<i32: 2>} : tensor<1x3xf32> -> tensor<1x3xf32>, tensor<0x1x3xf32>
  return
}

// -----

func.func @squeeze2_keeps_other_sizes(%x: tensor<1x3xf32>) {
  // A named dimension of size 3 stays: Out is 1x3 (axis 1), not 1.
  // expected-error @+1 {{Out must be 1x3, got 1}}
  %0:2 = pdnn.squeeze2 %x {axes = array<i32: 1>} : tensor<1x3xf32> -> tensor<1xf32>, tensor<0x1x3xf32>
  return
}

// -----

func.func @squeeze2_all(%x: tensor<1x3x1xf32>) {
  // expected-error @+1 {{Out must be 3, got 3x1}}
  %0:2 = pdnn.squeeze2 %x : tensor<1x3x1xf32> -> tensor<3x1xf32>, tensor<0x1x3x1xf32>
  return
}

// -----

func.func @unsqueeze2_axis(%x: tensor<3x4xf32>) {
  // The first axis may be in [-3, 2].
  // expected-error @+1 {{axes item 3 must be in [-3, 2] for rank 2}}
  %0:2 = pdnn.unsqueeze2 %x {axes = array<i32: 3>} : tensor<3x4xf32> -> tensor<3x4x1xf32>, tensor<0x3x4xf32>
  return
}

// -----

func.func @unsqueeze2_axis_negative(%x: tensor<3x4xf32>) {
  // After the first insertion the rank is 3: [-4, 3].
  // expected-error @+1 {{axes item -5 must be in [-4, 3] for rank 3}}
  %0:2 = pdnn.unsqueeze2 %x {axes = array<i32: 0, -5>} : tensor<3x4xf32> -> tensor<1x1x3x4xf32>, tensor<0x3x4xf32>
  return
}

// -----

func.func @unsqueeze2_order(%x: tensor<2x3xf32>) {
  // [-1, 0]: [2, 3, 1], then [1, 2, 3, 1].
  // expected-error @+1 {{Out must be 1x2x3x1, got 1x1x2x3}}
  %0:2 = pdnn.unsqueeze2 %x {axes = array<i32: -1, 0>} : tensor<2x3xf32> -> tensor<1x1x2x3xf32>, tensor<0x2x3xf32>
  return
}

// -----

func.func @flatten_range_start(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{start_axis must be in [-3, 3) for rank 3, got 3}}
  %0:2 = pdnn.flatten_contiguous_range %x {start_axis = 3 : i32, stop_axis = -1 : i32} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @flatten_range_stop(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{stop_axis must be in [-3, 3) for rank 3, got -4}}
  %0:2 = pdnn.flatten_contiguous_range %x {start_axis = 0 : i32, stop_axis = -4 : i32} : tensor<2x3x4xf32> -> tensor<24xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @flatten_range_order(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{start_axis (2) must not come after stop_axis (1)}}
  %0:2 = pdnn.flatten_contiguous_range %x {start_axis = -1 : i32, stop_axis = 1 : i32} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @flatten_range_out(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{Out must be 6x4, got 2x12}}
  %0:2 = pdnn.flatten_contiguous_range %x {start_axis = 0 : i32, stop_axis = 1 : i32} : tensor<2x3x4xf32> -> tensor<2x12xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @flatten2_negative_axis(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{axis must be in [0, 3] for rank 3, got -1}}
  %0:2 = pdnn.flatten2 %x {axis = -1 : i32} : tensor<2x3x4xf32> -> tensor<6x4xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @flatten2_axis_past_rank(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{axis must be in [0, 3] for rank 3, got 4}}
  %0:2 = pdnn.flatten2 %x {axis = 4 : i32} : tensor<2x3x4xf32> -> tensor<24x1xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @flatten2_out(%x: tensor<2x3x4xf32>) {
  // flatten2 always gives a matrix.
  // expected-error @+1 {{Out must be 2x12, got 24}}
  %0:2 = pdnn.flatten2 %x : tensor<2x3x4xf32> -> tensor<24xf32>, tensor<0x2x3x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// transpose2
//===----------------------------------------------------------------------===//

// -----

func.func @transpose2_count(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{axis must list all 3 dimensions of X, got 2}}
  %0:2 = pdnn.transpose2 %x {axis = array<i32: 1, 0>} : tensor<2x3x4xf32> -> tensor<3x2x4xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @transpose2_repeated(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{axis must be a permutation of [0, 3), got [0, 1, 1]}}
  %0:2 = pdnn.transpose2 %x {axis = array<i32: 0, 1, 1>} : tensor<2x3x4xf32> -> tensor<2x3x3xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @transpose2_negative(%x: tensor<2x3x4xf32>) {
  // Paddle 2.4 rejects negative axes.
  // expected-error @+1 {{axis must be a permutation of [0, 3), got [-1, 0, 1]}}
  %0:2 = pdnn.transpose2 %x {axis = array<i32: -1, 0, 1>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @transpose2_out_of_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{axis must be a permutation of [0, 2), got [2, 0]}}
  %0:2 = pdnn.transpose2 %x {axis = array<i32: 2, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>, tensor<0x2x3xf32>
  return
}

// -----

func.func @transpose2_out(%x: tensor<2x3x4xf32>) {
  // Out[i] = X[axis[i]]: [4, 2, 3], not the inverse permutation.
  // expected-error @+1 {{Out must be 4x2x3, got 3x4x2}}
  %0:2 = pdnn.transpose2 %x {axis = array<i32: 2, 0, 1>} : tensor<2x3x4xf32> -> tensor<3x4x2xf32>, tensor<0x2x3x4xf32>
  return
}

// -----

func.func @transpose2_required_axis(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{requires attribute 'axis'}}
  %0:2 = "pdnn.transpose2"(%x) : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<0x2x3xf32>)
  return
}

//===----------------------------------------------------------------------===//
// split
//===----------------------------------------------------------------------===//

// -----

func.func @split_no_result(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{needs at least one result}}
  "pdnn.split"(%x) {num = 1 : i32, operandSegmentSizes = array<i32: 1, 0, 0>} : (tensor<4x6xf32>) -> ()
  return
}

// -----

func.func @split_axis(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{axis must be in [-2, 2) for rank 2, got 2}}
  %0:2 = pdnn.split %x {axis = 2 : i32, num = 2 : i32} : tensor<4x6xf32> -> tensor<4x3xf32>, tensor<4x3xf32>
  return
}

// -----

func.func @split_num_divides(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{num = 4 does not divide the 6 elements of dimension 1}}
  %0:4 = pdnn.split %x {axis = 1 : i32, num = 4 : i32} : tensor<4x6xf32> -> tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>
  return
}

// -----

func.func @split_num_results(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{num = 2 parts, but the op has 3 results}}
  %0:3 = pdnn.split %x {num = 2 : i32} : tensor<4x6xf32> -> tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>
  return
}

// -----

func.func @split_sections_results(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{sections lists 3 parts, but the op has 2 results}}
  %0:2 = pdnn.split %x {sections = array<i32: 1, 1, 2>} : tensor<4x6xf32> -> tensor<1x6xf32>, tensor<3x6xf32>
  return
}

// -----

func.func @split_neither_num_nor_sections(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{sections lists 0 parts, but the op has 2 results}}
  %0:2 = pdnn.split %x : tensor<4x6xf32> -> tensor<2x6xf32>, tensor<2x6xf32>
  return
}

// -----

func.func @split_two_unknown(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{sections may hold one -1}}
  %0:3 = pdnn.split %x {axis = 1 : i32, sections = array<i32: -1, 2, -1>} : tensor<4x6xf32> -> tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>
  return
}

// -----

func.func @split_negative_section(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{sections must be >= 0 (or one -1), got -2}}
  %0:2 = pdnn.split %x {sections = array<i32: 6, -2>} : tensor<4x6xf32> -> tensor<6x6xf32>, tensor<2x6xf32>
  return
}

// -----

func.func @split_sections_sum(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{sections add up to 5, dimension 1 has 6}}
  %0:2 = pdnn.split %x {axis = 1 : i32, sections = array<i32: 2, 3>} : tensor<4x6xf32> -> tensor<4x2xf32>, tensor<4x3xf32>
  return
}

// -----

func.func @split_sections_exceed(%x: tensor<4x6xf32>) {
  // With a -1 the others must leave room.
  // expected-error @+1 {{sections add up to 7, dimension 1 has 6}}
  %0:3 = pdnn.split %x {axis = 1 : i32, sections = array<i32: 3, -1, 4>} : tensor<4x6xf32> -> tensor<4x3xf32>, tensor<4x1xf32>, tensor<4x4xf32>
  return
}

// -----

func.func @split_out_shape(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{Out[1] must be 4x4, got 4x3}}
  %0:2 = pdnn.split %x {axis = 1 : i32, sections = array<i32: 2, -1>} : tensor<4x6xf32> -> tensor<4x2xf32>, tensor<4x3xf32>
  return
}

// -----

func.func @split_out_type(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{every Out must have X's element type}}
  %0:2 = pdnn.split %x {num = 2 : i32} : tensor<4x6xf32> -> tensor<2x6xf32>, tensor<2x6xbf16>
  return
}

// -----

func.func @split_sections_tensor_item(%x: tensor<4x6xf32>, %s: tensor<2xi32>, %t: tensor<1xi32>) {
  // expected-error @+1 {{each SectionsTensorList tensor must hold one value, got 2}}
  %0:2 = pdnn.split %x SectionsTensorList(%s, %t : tensor<2xi32>, tensor<1xi32>) : tensor<4x6xf32> -> tensor<?x6xf32>, tensor<?x6xf32>
  return
}

// -----

func.func @split_constant_axis_tensor(%x: tensor<4x6xf32>) {
  // A constant AxisTensor is read: axis 1 splits 6 into 3 + 3.
  %a = arith.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{Out[0] must be 4x3, got 2x6}}
  %0:2 = pdnn.split %x AxisTensor(%a : tensor<1xi32>) {num = 2 : i32} : tensor<4x6xf32> -> tensor<2x6xf32>, tensor<2x6xf32>
  return
}

//===----------------------------------------------------------------------===//
// stack
//===----------------------------------------------------------------------===//

// -----

func.func @stack_no_input() {
  // expected-error @+1 {{needs at least one input}}
  %0 = "pdnn.stack"() : () -> tensor<0xf32>
  return
}

// -----

func.func @stack_shapes(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+1 {{inputs must share one shape, got 2x3 and 3x2}}
  %0 = pdnn.stack %a, %b : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2x3xf32>
  return
}

// -----

func.func @stack_ranks(%a: tensor<2x3xf32>, %b: tensor<6xf32>) {
  // expected-error @+1 {{inputs must share one shape, got 2x3 and 6}}
  %0 = pdnn.stack %a, %b : (tensor<2x3xf32>, tensor<6xf32>) -> tensor<2x2x3xf32>
  return
}

// -----

func.func @stack_axis(%a: tensor<2x3xf32>) {
  // axis in [-(rank + 1), rank + 1) = [-3, 3).
  // expected-error @+1 {{axis must be in [-3, 3) for rank 3, got 3}}
  %0 = pdnn.stack %a, %a {axis = 3 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2xf32>
  return
}

// -----

func.func @stack_types(%a: tensor<2xi32>, %b: tensor<2xi64>) {
  // expected-error @+1 {{inputs and Y must share one element type}}
  %0 = pdnn.stack %a, %b : (tensor<2xi32>, tensor<2xi64>) -> tensor<2x2xi32>
  return
}

// -----

func.func @stack_out(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{Y must be 2x3x3, got 3x2x3}}
  %0 = pdnn.stack %a, %a, %a {axis = 2 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<3x2x3xf32>
  return
}

//===----------------------------------------------------------------------===//
// pad3d
//===----------------------------------------------------------------------===//

// -----

func.func @pad3d_rank(%x: tensor<1x2x3x4xf32>) {
  // expected-error @+1 {{X must have rank 5 ([N, C, D, H, W]), got 1x2x3x4}}
  %0 = pdnn.pad3d %x : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32>
  return
}

// -----

func.func @pad3d_data_format(%x: tensor<1x2x3x4x5xf32>) {
  // The 2-D layouts are not pad3d's.
  // expected-error @+1 {{data_format must be "NCDHW" or "NDHWC", got "NCHW"}}
  %0 = pdnn.pad3d %x {data_format = "NCHW"} : tensor<1x2x3x4x5xf32> -> tensor<1x2x3x4x5xf32>
  return
}

// -----

func.func @pad3d_mode(%x: tensor<1x2x3x4x5xf32>) {
  // expected-error @+1 {{mode must be "constant", "reflect", "replicate" or "circular", got "edge"}}
  %0 = pdnn.pad3d %x {mode = "edge"} : tensor<1x2x3x4x5xf32> -> tensor<1x2x3x4x5xf32>
  return
}

// -----

func.func @pad3d_paddings_count(%x: tensor<1x2x3x4x5xf32>) {
  // expected-error @+1 {{paddings must have 6 values (left, right, top, bottom, front, back), got 4}}
  %0 = pdnn.pad3d %x {paddings = array<i32: 1, 1, 1, 1>} : tensor<1x2x3x4x5xf32> -> tensor<1x2x3x6x7xf32>
  return
}

// -----

func.func @pad3d_negative(%x: tensor<1x2x3x4x5xf32>) {
  // expected-error @+1 {{paddings must not be negative}}
  %0 = pdnn.pad3d %x {paddings = array<i32: -1, 0, 0, 0, 0, 0>} : tensor<1x2x3x4x5xf32> -> tensor<1x2x3x4x4xf32>
  return
}

// -----

func.func @pad3d_reflect_too_large(%x: tensor<1x2x3x4x5xf32>) {
  // H is 4: a reflect pad of 4 would repeat the edge.
  // expected-error @+1 {{reflect padding must be smaller than the dimension it pads: 0 and 4 for size 4}}
  %0 = pdnn.pad3d %x {paddings = array<i32: 0, 0, 0, 4, 0, 0>, mode = "reflect"} : tensor<1x2x3x4x5xf32> -> tensor<1x2x3x8x5xf32>
  return
}

// -----

func.func @pad3d_circular_too_large(%x: tensor<1x2x3x4x5xf32>) {
  // expected-error @+1 {{circular padding must not exceed the dimension it pads: 4 and 0 for size 3}}
  %0 = pdnn.pad3d %x {paddings = array<i32: 0, 0, 0, 0, 4, 0>, mode = "circular"} : tensor<1x2x3x4x5xf32> -> tensor<1x2x7x4x5xf32>
  return
}

// -----

func.func @pad3d_paddings_tensor(%x: tensor<1x2x3x4x5xf32>, %p: tensor<4xi32>) {
  // expected-error @+1 {{Paddings must be 6, got 4}}
  %0 = pdnn.pad3d %x Paddings(%p : tensor<4xi32>) : tensor<1x2x3x4x5xf32> -> tensor<1x2x?x?x?xf32>
  return
}

// -----

func.func @pad3d_order(%x: tensor<1x2x3x4x5xf32>) {
  // The first pair pads W (the last dimension), not D.
  // expected-error @+1 {{Out must be 1x2x3x4x7, got 1x2x5x4x5}}
  %0 = pdnn.pad3d %x {paddings = array<i32: 1, 1, 0, 0, 0, 0>} : tensor<1x2x3x4x5xf32> -> tensor<1x2x5x4x5xf32>
  return
}

// -----

func.func @pad3d_integer(%x: tensor<1x2x3x4x5xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float values, but got 'tensor<1x2x3x4x5xi32>'}}
  %0 = pdnn.pad3d %x : tensor<1x2x3x4x5xi32> -> tensor<1x2x3x4x5xi32>
  return
}

//===----------------------------------------------------------------------===//
// expand_v2
//===----------------------------------------------------------------------===//

// -----

func.func @expand_v2_short_shape(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{shape has 1 sizes, fewer than X's rank 2}}
  %0 = pdnn.expand_v2 %x {shape = array<i32: 3>} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @expand_v2_new_dim_keep(%x: tensor<3xf32>) {
  // expected-error @+1 {{shape[0] = -1 names no dimension of X}}
  %0 = pdnn.expand_v2 %x {shape = array<i32: -1, 3>} : tensor<3xf32> -> tensor<1x3xf32>
  return
}

// -----

func.func @expand_v2_zero(%x: tensor<3xf32>) {
  // expected-error @+1 {{shape[0] = 0 must be positive or -1}}
  %0 = pdnn.expand_v2 %x {shape = array<i32: 0, 3>} : tensor<3xf32> -> tensor<0x3xf32>
  return
}

// -----

func.func @expand_v2_negative(%x: tensor<3x1xf32>) {
  // expected-error @+1 {{shape[1] = -2 must be positive or -1}}
  %0 = pdnn.expand_v2 %x {shape = array<i32: 3, -2>} : tensor<3x1xf32> -> tensor<3x1xf32>
  return
}

// -----

func.func @expand_v2_non_unit(%x: tensor<3x2xf32>) {
  // expected-error @+1 {{X's size 2 cannot expand to 4 (only size-1 dimensions expand)}}
  %0 = pdnn.expand_v2 %x {shape = array<i32: 3, 4>} : tensor<3x2xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @expand_v2_out(%x: tensor<3x1xf32>) {
  // expected-error @+1 {{Out must be 2x3x4, got 3x4}}
  %0 = pdnn.expand_v2 %x {shape = array<i32: 2, 3, 4>} : tensor<3x1xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @expand_v2_out_type(%x: tensor<3x1xi64>) {
  // expected-error @+1 {{Out must have X's element type}}
  %0 = pdnn.expand_v2 %x {shape = array<i32: 3, 4>} : tensor<3x1xi64> -> tensor<3x4xi32>
  return
}

// -----

func.func @expand_v2_shapes_tensor_item(%x: tensor<3x1xf32>, %a: tensor<2xi32>) {
  // expected-error @+1 {{each expand_shapes_tensor tensor must hold one value, got 2}}
  %0 = pdnn.expand_v2 %x expand_shapes_tensor(%a : tensor<2xi32>) : tensor<3x1xf32> -> tensor<?x?xf32>
  return
}

// -----

func.func @expand_v2_shape_rank(%x: tensor<3x1xf32>, %s: tensor<2x1xi32>) {
  // expected-error @+1 {{Shape must be 1-D, got 2x1}}
  %0 = pdnn.expand_v2 %x Shape(%s : tensor<2x1xi32>) : tensor<3x1xf32> -> tensor<?x?xf32>
  return
}

// -----

func.func @expand_v2_constant_shape(%x: tensor<3x2xf32>) {
  %s = arith.constant dense<[3, 5]> : tensor<2xi32>
  // expected-error @+1 {{X's size 2 cannot expand to 5 (only size-1 dimensions expand)}}
  %0 = pdnn.expand_v2 %x Shape(%s : tensor<2xi32>) : tensor<3x2xf32> -> tensor<3x5xf32>
  return
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

// -----

func.func @slice_required_axes(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{requires attribute 'axes'}}
  %0 = "pdnn.slice"(%x) {starts = array<i32: 0>, ends = array<i32: 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>} : (tensor<4x5xf32>) -> tensor<1x5xf32>
  return
}

// -----

func.func @slice_axis(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{axes item must be in [-2, 2) for rank 2, got 2}}
  %0 = pdnn.slice %x {axes = array<i32: 2>, starts = array<i32: 0>, ends = array<i32: 1>} : tensor<4x5xf32> -> tensor<4x5xf32>
  return
}

// -----

func.func @slice_counts(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{starts and ends must have one value per axis (2), got 2 and 1}}
  %0 = pdnn.slice %x {axes = array<i32: 0, 1>, starts = array<i32: 0, 0>, ends = array<i32: 1>} : tensor<4x5xf32> -> tensor<1x5xf32>
  return
}

// -----

func.func @slice_missing_bounds(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{starts and ends must have one value per axis (1), got 0 and 0}}
  %0 = pdnn.slice %x {axes = array<i32: 0>} : tensor<4x5xf32> -> tensor<4x5xf32>
  return
}

// -----

func.func @slice_end_before_start(%x: tensor<4x5xf32>) {
  // Paddle 2.2+ rejects [3, 1) after clamping.
  // expected-error @+1 {{the slice of dimension 1 (size 5) from 3 to 1 ends before it starts}}
  %0 = pdnn.slice %x {axes = array<i32: 1>, starts = array<i32: 3>, ends = array<i32: 1>} : tensor<4x5xf32> -> tensor<4x0xf32>
  return
}

// -----

func.func @slice_end_before_start_negative(%x: tensor<4x5xf32>) {
  // -1 is 4, -3 is 2.
  // expected-error @+1 {{the slice of dimension 1 (size 5) from -1 to -3 ends before it starts}}
  %0 = pdnn.slice %x {axes = array<i32: 1>, starts = array<i32: -1>, ends = array<i32: -3>} : tensor<4x5xf32> -> tensor<4x0xf32>
  return
}

// -----

func.func @slice_decrease_not_one(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{decrease_axis drops dimension 0, whose slice has 2 elements instead of 1}}
  %0 = pdnn.slice %x {axes = array<i32: 0>, starts = array<i32: 1>, ends = array<i32: 3>, decrease_axis = array<i32: 0>} : tensor<4x5xf32> -> tensor<5xf32>
  return
}

// -----

func.func @slice_decrease_unsliced(%x: tensor<4x5xf32>) {
  // A dimension not sliced keeps its size (5).
  // expected-error @+1 {{decrease_axis drops dimension 1, whose slice has 5 elements instead of 1}}
  %0 = pdnn.slice %x {axes = array<i32: 0>, starts = array<i32: 1>, ends = array<i32: 2>, decrease_axis = array<i32: 1>} : tensor<4x5xf32> -> tensor<1xf32>
  return
}

// -----

func.func @slice_decrease_axis_range(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{decrease_axis item must be in [-2, 2) for rank 2, got 5}}
  %0 = pdnn.slice %x {axes = array<i32: 0>, starts = array<i32: 1>, ends = array<i32: 2>, decrease_axis = array<i32: 5>} : tensor<4x5xf32> -> tensor<5xf32>
  return
}

// -----

func.func @slice_out(%x: tensor<4x5xf32>) {
  // Bounds past the end clamp: [2, 1000) of 5 is 3.
  // expected-error @+1 {{Out must be 4x3, got 4x998}}
  %0 = pdnn.slice %x {axes = array<i32: 1>, starts = array<i32: 2>, ends = array<i32: 1000>} : tensor<4x5xf32> -> tensor<4x998xf32>
  return
}

// -----

func.func @slice_out_type(%x: tensor<4x5xi64>) {
  // expected-error @+1 {{Out must have Input's element type}}
  %0 = pdnn.slice %x {axes = array<i32: 0>, starts = array<i32: 0>, ends = array<i32: 1>} : tensor<4x5xi64> -> tensor<1x5xi32>
  return
}

// -----

func.func @slice_starts_tensor_rank(%x: tensor<4x5xf32>, %s: tensor<1x1xi32>) {
  // expected-error @+1 {{StartsTensor must be 1-D, got 1x1}}
  %0 = pdnn.slice %x StartsTensor(%s : tensor<1x1xi32>) {axes = array<i32: 0>, ends = array<i32: 1>} : tensor<4x5xf32> -> tensor<?x5xf32>
  return
}

// -----

func.func @slice_ends_tensor_list_item(%x: tensor<4x5xf32>, %e: tensor<2xi32>) {
  // expected-error @+1 {{each EndsTensorList tensor must hold one value, got 2}}
  %0 = pdnn.slice %x EndsTensorList(%e : tensor<2xi32>) {axes = array<i32: 0>, starts = array<i32: 0>} : tensor<4x5xf32> -> tensor<?x5xf32>
  return
}

// -----

func.func @slice_tensor_count(%x: tensor<4x5xf32>, %s: tensor<2xi32>) {
  // A StartsTensor of 2 values for 1 axis.
  // expected-error @+1 {{starts and ends must have one value per axis (1), got 2 and 1}}
  %0 = pdnn.slice %x StartsTensor(%s : tensor<2xi32>) {axes = array<i32: 0>, ends = array<i32: 1>} : tensor<4x5xf32> -> tensor<?x5xf32>
  return
}

// -----

func.func @slice_constant_bounds(%x: tensor<4x5xf32>) {
  %s = arith.constant dense<3> : tensor<1xi32>
  %e = arith.constant dense<1> : tensor<1xi64>
  // expected-error @+1 {{the slice of dimension 0 (size 4) from 3 to 1 ends before it starts}}
  %0 = pdnn.slice %x StartsTensorList(%s : tensor<1xi32>) EndsTensorList(%e : tensor<1xi64>) {axes = array<i32: 0>} : tensor<4x5xf32> -> tensor<?x5xf32>
  return
}

//===----------------------------------------------------------------------===//
// gather, assign
//===----------------------------------------------------------------------===//

// -----

func.func @gather_scalar_x(%x: tensor<f32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{X must have rank >= 1}}
  %0 = pdnn.gather %x, %i : (tensor<f32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_index_rank(%x: tensor<5x3xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{Index must be 1-D or [K, 1], got 2x2}}
  %0 = pdnn.gather %x, %i : (tensor<5x3xf32>, tensor<2x2xi64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_index_scalar(%x: tensor<5x3xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{Index must be 1-D or [K, 1], got scalar}}
  %0 = pdnn.gather %x, %i : (tensor<5x3xf32>, tensor<i64>) -> tensor<3xf32>
  return
}

// -----

func.func @gather_index_float(%x: tensor<5x3xf32>, %i: tensor<2xf32>) {
  // expected-error @+1 {{operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xf32>'}}
  %0 = pdnn.gather %x, %i : (tensor<5x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_axis(%x: tensor<5x3xf32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{axis must be in [-2, 2) for rank 2, got 2}}
  %0 = pdnn.gather %x, %i {axis = 2 : i32} : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @gather_out(%x: tensor<5x3xf32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{Out must be 5x2, got 2x3}}
  %0 = pdnn.gather %x, %i {axis = 1 : i32} : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_out_type(%x: tensor<5x3xf32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{Out must have X's element type}}
  %0 = pdnn.gather %x, %i : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xi32>
  return
}

// -----

func.func @assign_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "pdnn.assign"(%x) : (tensor<2x3xf32>) -> tensor<6xf32>
  return
}

//===----------------------------------------------------------------------===//
// shape, fill_constant, fill_constant_batch_size_like
//===----------------------------------------------------------------------===//

// -----

func.func @shape_length(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{Out must be 3, got 2}}
  %0 = pdnn.shape %x : tensor<2x3x4xf32> -> tensor<2xi32>
  return
}

// -----

func.func @shape_i64(%x: tensor<2x3x4xf32>) {
  // Paddle's shape op gives int32.
  // expected-error @+1 {{result #0 must be 1D tensor of 32-bit signless integer values, but got 'tensor<3xi64>'}}
  %0 = pdnn.shape %x : tensor<2x3x4xf32> -> tensor<3xi64>
  return
}

// -----

func.func @fill_constant_dtype(%s: tensor<2xi32>) {
  // expected-error @+1 {{dtype 6 is not a data type pdnn tensors hold}}
  %0 = pdnn.fill_constant {dtype = 6 : i32, shape = array<i64: 2>} : tensor<2xf32>
  return
}

// -----

func.func @fill_constant_dtype_mismatch() {
  // expected-error @+1 {{dtype 3 means 'i64', but Out holds 'i32'}}
  %0 = pdnn.fill_constant {dtype = 3 : i32, shape = array<i64: 2>} : tensor<2xi32>
  return
}

// -----

func.func @fill_constant_default_dtype() {
  // dtype defaults to 5 (float32).
  // expected-error @+1 {{dtype 5 means 'f32', but Out holds 'i64'}}
  %0 = pdnn.fill_constant {shape = array<i64: 2>} : tensor<2xi64>
  return
}

// -----

func.func @fill_constant_str_value() {
  // expected-error @+1 {{str_value "1.5x" is not a number}}
  %0 = pdnn.fill_constant {shape = array<i64: 2>, str_value = "1.5x"} : tensor<2xf32>
  return
}

// -----

func.func @fill_constant_str_value_range() {
  // expected-error @+1 {{str_value "1e400" is not a number}}
  %0 = pdnn.fill_constant {shape = array<i64: 2>, str_value = "1e400"} : tensor<2xf32>
  return
}

// -----

func.func @fill_constant_negative_shape() {
  // expected-error @+1 {{shape sizes must not be negative, got 2x-1}}
  %0 = pdnn.fill_constant {shape = array<i64: 2, -1>} : tensor<2x?xf32>
  return
}

// -----

func.func @fill_constant_out(%s: tensor<2xi32>) {
  // expected-error @+1 {{Out must be 2x3, got 3x2}}
  %0 = pdnn.fill_constant {shape = array<i64: 2, 3>} : tensor<3x2xf32>
  return
}

// -----

func.func @fill_constant_shape_tensor_rank(%s: tensor<2xi32>) {
  // A ShapeTensor of 2 values gives rank 2.
  // expected-error @+1 {{Out must be ?x?, got ?}}
  %0 = pdnn.fill_constant ShapeTensor(%s : tensor<2xi32>) : tensor<?xf32>
  return
}

// -----

func.func @fill_constant_shape_tensor_2d(%s: tensor<1x2xi32>) {
  // expected-error @+1 {{ShapeTensor must be 1-D, got 1x2}}
  %0 = pdnn.fill_constant ShapeTensor(%s : tensor<1x2xi32>) : tensor<?x?xf32>
  return
}

// -----

func.func @fill_constant_shape_list_item(%a: tensor<3xi32>) {
  // expected-error @+1 {{each ShapeTensorList tensor must hold one value, got 3}}
  %0 = pdnn.fill_constant ShapeTensorList(%a : tensor<3xi32>) : tensor<?xf32>
  return
}

// -----

func.func @fill_constant_constant_shape_negative() {
  %s = arith.constant dense<[3, -4]> : tensor<2xi32>
  // expected-error @+1 {{shape sizes must not be negative, got 3x-4}}
  %0 = pdnn.fill_constant ShapeTensor(%s : tensor<2xi32>) : tensor<3x?xf32>
  return
}

// -----

func.func @fill_constant_value_tensor(%v: tensor<2xf32>) {
  // expected-error @+1 {{ValueTensor must hold one value}}
  %0 = pdnn.fill_constant ValueTensor(%v : tensor<2xf32>) {shape = array<i64: 2>} : tensor<2xf32>
  return
}

// -----

func.func @fill_constant_batch_size_like_input_dim(%x: tensor<?x8xf32>) {
  // expected-error @+1 {{input_dim_idx 2 is not a dimension of Input ?x8}}
  %0 = pdnn.fill_constant_batch_size_like %x {shape = array<i32: -1, 16>, input_dim_idx = 2 : i32} : tensor<?x8xf32> -> tensor<?x16xf32>
  return
}

// -----

func.func @fill_constant_batch_size_like_negative_input_dim(%x: tensor<?x8xf32>) {
  // expected-error @+1 {{input_dim_idx -1 is not a dimension of Input ?x8}}
  %0 = pdnn.fill_constant_batch_size_like %x {shape = array<i32: -1, 16>, input_dim_idx = -1 : i32} : tensor<?x8xf32> -> tensor<?x16xf32>
  return
}

// -----

func.func @fill_constant_batch_size_like_output_dim(%x: tensor<?x8xf32>) {
  // expected-error @+1 {{output_dim_idx 2 is not a dimension of shape -1x16}}
  %0 = pdnn.fill_constant_batch_size_like %x {shape = array<i32: -1, 16>, output_dim_idx = 2 : i32} : tensor<?x8xf32> -> tensor<?x16xf32>
  return
}

// -----

func.func @fill_constant_batch_size_like_empty_shape(%x: tensor<?x8xf32>) {
  // expected-error @+1 {{output_dim_idx 0 is not a dimension of shape scalar}}
  %0 = pdnn.fill_constant_batch_size_like %x {shape = array<i32>} : tensor<?x8xf32> -> tensor<?xf32>
  return
}

// -----

func.func @fill_constant_batch_size_like_negative_size(%x: tensor<?x8xf32>) {
  // expected-error @+1 {{shape sizes other than output_dim_idx must not be negative, got ?x-3}}
  %0 = pdnn.fill_constant_batch_size_like %x {shape = array<i32: -1, -3>} : tensor<?x8xf32> -> tensor<?x?xf32>
  return
}

// -----

func.func @fill_constant_batch_size_like_dtype(%x: tensor<?x8xf32>) {
  // expected-error @+1 {{dtype 2 means 'i32', but Out holds 'f32'}}
  %0 = pdnn.fill_constant_batch_size_like %x {shape = array<i32: -1, 16>, dtype = 2 : i32} : tensor<?x8xf32> -> tensor<?x16xf32>
  return
}

// -----

func.func @fill_constant_batch_size_like_str_value(%x: tensor<?x8xf32>) {
  // expected-error @+1 {{str_value "one" is not a number}}
  %0 = pdnn.fill_constant_batch_size_like %x {shape = array<i32: -1, 16>, str_value = "one"} : tensor<?x8xf32> -> tensor<?x16xf32>
  return
}

// -----

func.func @fill_constant_batch_size_like_out(%x: tensor<3x8xf32>) {
  // Dimension 0 takes Input's 3, whatever shape says there.
  // expected-error @+1 {{Out must be 3x16, got 1x16}}
  %0 = pdnn.fill_constant_batch_size_like %x {shape = array<i32: 1, 16>} : tensor<3x8xf32> -> tensor<1x16xf32>
  return
}

// -----

func.func @fill_constant_batch_size_like_required_shape(%x: tensor<3x8xf32>) {
  // expected-error @+1 {{requires attribute 'shape'}}
  %0 = "pdnn.fill_constant_batch_size_like"(%x) : (tensor<3x8xf32>) -> tensor<3xf32>
  return
}
