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
