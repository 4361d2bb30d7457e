// RUN: pdnn-opt %s -split-input-file -verify-diagnostics
// The #pdnn.packed tensor encoding: malformed format tags, rank, element type and nnz.

//===----------------------------------------------------------------------===//
// Format tag: outer order
//===----------------------------------------------------------------------===//

// packed format: the dimension letters are 'a' (K) and 'b' (N) only.
// expected-error @+1 {{invalid packed format "AC16a": dimension letter 'C' is not 'a' (K) or 'b' (N)}}
func.func @packed_bad_letter(%w: tensor<64x64xsi8, #pdnn.packed<"AC16a">>) {
  return
}

// -----

// packed format: a letter other than a/b is rejected in lower case too.
// expected-error @+1 {{invalid packed format "abc16a": dimension letter 'c' is not 'a' (K) or 'b' (N)}}
func.func @packed_bad_lower_letter(%w: tensor<64x64xsi8, #pdnn.packed<"abc16a">>) {
  return
}

// -----

// packed format: a dimension appears once in the outer order.
// expected-error @+1 {{invalid packed format "AA16a": dimension 'a' appears twice in the outer order}}
func.func @packed_duplicate_outer(%w: tensor<64x64xsi8, #pdnn.packed<"AA16a">>) {
  return
}

// -----

// packed format: an inner block letter written right after the outer order is read as a repeated outer letter.
// expected-error @+1 {{invalid packed format "BAb16a": dimension 'b' appears twice in the outer order}}
func.func @packed_duplicate_outer_lower(%w: tensor<64x64xsi8, #pdnn.packed<"BAb16a">>) {
  return
}

// -----

// packed format: the outer order names both dimensions.
// expected-error @+1 {{invalid packed format "A16a": the outer order must name both dimensions 'a' and 'b'}}
func.func @packed_outer_one_dim(%w: tensor<64x64xsi8, #pdnn.packed<"A16a">>) {
  return
}

// -----

// packed format: the empty tag has no outer order.
// expected-error @+1 {{invalid packed format "": the outer order must name both dimensions 'a' and 'b'}}
func.func @packed_empty(%w: tensor<64x64xsi8, #pdnn.packed<"">>) {
  return
}

// -----

// packed format: the outer order comes first.
// expected-error @+1 {{invalid packed format "16aAB": the outer order must name both dimensions 'a' and 'b'}}
func.func @packed_blocks_first(%w: tensor<64x64xsi8, #pdnn.packed<"16aAB">>) {
  return
}

// -----

//===----------------------------------------------------------------------===//
// Format tag: inner blocks
//===----------------------------------------------------------------------===//

// packed format: a block size must be positive.
// expected-error @+1 {{invalid packed format "AB0a": expected a positive block size at position 2}}
func.func @packed_zero_block(%w: tensor<64x64xsi8, #pdnn.packed<"AB0a">>) {
  return
}

// -----

// packed format: every inner block starts with its size.
// expected-error @+1 {{invalid packed format "AB16a-4b": expected a positive block size at position 5}}
func.func @packed_missing_block_size(%w: tensor<64x64xsi8, #pdnn.packed<"AB16a-4b">>) {
  return
}

// -----

// packed format: a block size that does not fit in int64 is not a positive size.
// expected-error @+1 {{invalid packed format "AB99999999999999999999a": expected a positive block size at position 2}}
func.func @packed_huge_block_size(%w: tensor<64x64xsi8, #pdnn.packed<"AB99999999999999999999a">>) {
  return
}

// -----

// packed format: a block size must be followed by its dimension.
// expected-error @+1 {{invalid packed format "AB16": expected block dimension 'a' or 'b' after 16}}
func.func @packed_trailing_size(%w: tensor<64x64xsi8, #pdnn.packed<"AB16">>) {
  return
}

// -----

// packed format: inner block dimensions are lower-case a or b.
// expected-error @+1 {{invalid packed format "BA16A": expected block dimension 'a' or 'b' after 16}}
func.func @packed_upper_inner_dim(%w: tensor<64x64xsi8, #pdnn.packed<"BA16A">>) {
  return
}

// -----

// packed format: an inner block names a or b, not another dimension.
// expected-error @+1 {{invalid packed format "BA16a4c": expected block dimension 'a' or 'b' after 4}}
func.func @packed_bad_inner_dim(%w: tensor<64x64xsi8, #pdnn.packed<"BA16a4c">>) {
  return
}

// -----

// packed format: a plain (unblocked) layout is not a packed format.
// expected-error @+1 {{invalid packed format "AB": a packed format must be blocked (e.g. BA16a64b4a), got a plain layout}}
func.func @packed_plain(%w: tensor<64x64xsi8, #pdnn.packed<"AB">>) {
  return
}

// -----

//===----------------------------------------------------------------------===//
// nnz
//===----------------------------------------------------------------------===//

// packed: nnz must be non-negative.
// expected-error @+1 {{nnz must be non-negative, got -1}}
func.func @packed_negative_nnz(%w: tensor<64x64xsi8, #pdnn.packed<"Ab16a", nnz = -1>>) {
  return
}

// -----

// packed: nnz cannot exceed K x N.
// expected-error @+1 {{nnz 17 exceeds the 4x4 = 16 elements of the tensor}}
func.func @packed_nnz_too_large(%w: tensor<4x4xsi8, #pdnn.packed<"Ab4a", nnz = 17>>) {
  return
}

// -----

//===----------------------------------------------------------------------===//
// The encoded tensor
//===----------------------------------------------------------------------===//

// packed: the encoded tensor is a K x N matrix (rank 2), not rank 3.
// expected-error @+1 {{#pdnn.packed encodes K x N weights: the tensor must have rank 2, got rank 3}}
func.func @packed_rank3(%w: tensor<4x4x4xsi8, #pdnn.packed<"Ab4a">>) {
  return
}

// -----

// packed: the encoded tensor is a K x N matrix (rank 2), not rank 1.
// expected-error @+1 {{#pdnn.packed encodes K x N weights: the tensor must have rank 2, got rank 1}}
func.func @packed_rank1(%w: tensor<16xf32, #pdnn.packed<"Ab4a">>) {
  return
}

// -----

// packed: weights are si8, i8, bf16 or f32, not ui8.
// expected-error @+1 {{#pdnn.packed weights must be si8, i8, bf16 or f32, got 'ui8'}}
func.func @packed_ui8(%w: tensor<64x64xui8, #pdnn.packed<"BA16a64b4a">>) {
  return
}

// -----

// packed: weights are si8, i8, bf16 or f32, not f16.
// expected-error @+1 {{#pdnn.packed weights must be si8, i8, bf16 or f32, got 'f16'}}
func.func @packed_f16(%w: tensor<64x64xf16, #pdnn.packed<"BA16a64b4a">>) {
  return
}

// -----

// packed: the encoding is checked wherever the type appears, e.g. an op result.
func.func @packed_result(%x: tensor<64x64xf32>) {
  // expected-error @+1 {{invalid packed format "BA16c": expected block dimension 'a' or 'b' after 16}}
  %0 = pdnn.relu %x : tensor<64x64xf32, #pdnn.packed<"BA16c">>
  return
}

// -----

// oneDNN writes a blocked dimension upper-case in the outer order...
// expected-error @+1 {{invalid packed format "aB4a16b": dimension 'a' is blocked, so it is written 'A' in the outer order}}
func.func @packed_blocked_lower_case(%w: tensor<64x64xsi8, #pdnn.packed<"aB4a16b">>) {
  return
}

// -----

// ...and an unblocked one lower-case.
// expected-error @+1 {{invalid packed format "AB4a": dimension 'b' is not blocked, so it is written 'b' in the outer order}}
func.func @packed_unblocked_upper_case(%w: tensor<64x64xsi8, #pdnn.packed<"AB4a">>) {
  return
}

// -----

// Packed product weights are packed when the module is compiled: a constant.
func.func @packed_weights_argument(%x: tensor<2x64xui8>, %w: tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a">>) {
  // expected-error @+1 {{'pdnn.fc' op packed weights must be a constant: they are packed when the module is compiled}}
  %0 = pdnn.fc Input(%x) W(%w) {force_fp32_output = true} : (tensor<2x64xui8>, tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a">>) -> tensor<2x64xf32>
  return
}

// -----

// The kernels read oneDNN's BA16a64b4a only.
func.func @packed_weights_other_layout(%x: tensor<2x64xui8>) {
  %w = arith.constant dense<0> : tensor<64x64xsi8, #pdnn.packed<"BA4a4b">>
  // expected-error @+1 {{'pdnn.fc' op packed weights must be in "BA16a64b4a", the layout the sparse kernels read, got "BA4a4b"}}
  %0 = pdnn.fc Input(%x) W(%w) {force_fp32_output = true} : (tensor<2x64xui8>, tensor<64x64xsi8, #pdnn.packed<"BA4a4b">>) -> tensor<2x64xf32>
  return
}

// -----

// Packed weights multiply int8 data.
func.func @packed_weights_f32_data(%x: tensor<2x64xf32>) {
  %w = arith.constant dense<0.0> : tensor<64x64xf32, #pdnn.packed<"BA16a64b4a">>
  // expected-error @+1 {{'pdnn.fc' op packed weights must be si8 multiplying ui8 or si8 data, got 'f32' weights and 'f32' data}}
  %0 = pdnn.fc Input(%x) W(%w) : (tensor<2x64xf32>, tensor<64x64xf32, #pdnn.packed<"BA16a64b4a">>) -> tensor<2x64xf32>
  return
}

// -----

// nnz, when given, is the constant's count of non-zeros.
func.func @packed_weights_wrong_nnz(%x: tensor<2x2xsi8>) {
  %w = arith.constant dense<[[1, 0], [0, 2]]> : tensor<2x2xsi8, #pdnn.packed<"BA16a64b4a", nnz = 3>>
  // expected-error @+1 {{'pdnn.mul' op packed weights declare nnz = 3 but the constant has 2 non-zeros}}
  %0 = pdnn.mul %x, %w : (tensor<2x2xsi8>, tensor<2x2xsi8, #pdnn.packed<"BA16a64b4a", nnz = 3>>) -> tensor<2x2xsi8>
  return
}

// -----

// A transposed Y is not [K, N].
func.func @packed_weights_trans_y(%x: tensor<2x2xui8>) {
  %w = arith.constant dense<0> : tensor<2x2xsi8, #pdnn.packed<"BA16a64b4a">>
  // expected-error @+1 {{'pdnn.matmul_v2' op packed weights cannot be used transposed (trans_y)}}
  %0 = pdnn.matmul_v2 %x, %w {trans_y = true} : (tensor<2x2xui8>, tensor<2x2xsi8, #pdnn.packed<"BA16a64b4a">>) -> tensor<2x2xui8>
  return
}

// -----

// padding_weights stores W (K+4) x (N+4): not the packed [K, N].
func.func @packed_weights_padding(%x: tensor<2x2xui8>) {
  %w = arith.constant dense<0> : tensor<6x6xsi8, #pdnn.packed<"BA16a64b4a">>
  // expected-error @+1 {{'pdnn.fc' op packed weights cannot be used with padding_weights}}
  %0 = pdnn.fc Input(%x) W(%w) {padding_weights = true, force_fp32_output = true} : (tensor<2x2xui8>, tensor<6x6xsi8, #pdnn.packed<"BA16a64b4a">>) -> tensor<2x2xf32>
  return
}

// -----

// The encoding is of K x N weights: rank 2.
// expected-error @+1 {{#pdnn.packed encodes K x N weights: the tensor must have rank 2, got rank 3}}
func.func @packed_weights_rank3(%w: tensor<2x64x64xsi8, #pdnn.packed<"BA16a64b4a">>) {
  return
}
