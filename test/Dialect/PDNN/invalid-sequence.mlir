// RUN: pdnn-opt %s -split-input-file -verify-diagnostics
// Verifier rules of lookup_table, lookup_table_v2, crf_decoding and of scale on i64.

//===----------------------------------------------------------------------===//
// lookup_table
//===----------------------------------------------------------------------===//

// lookup_table: Ids must end in a dimension of 1.
func.func @lookup_table_ids_last_dim(%ids: tensor<5x2xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{Ids must end in a dimension of 1, got 5x2}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<5x2xi64>, tensor<10x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

// lookup_table: a 1-D Ids of more than one id does not end in 1 either.
func.func @lookup_table_ids_1d(%ids: tensor<5xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{Ids must end in a dimension of 1, got 5}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<5xi64>, tensor<10x4xf32>) -> tensor<4xf32>
  return
}

// -----

// lookup_table: scalar Ids have no last dimension.
func.func @lookup_table_ids_scalar(%ids: tensor<i64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{Ids must end in a dimension of 1, got scalar}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<i64>, tensor<10x4xf32>) -> tensor<4xf32>
  return
}

// -----

// lookup_table: Out is Ids' shape with the trailing 1 replaced by E.
func.func @lookup_table_out_width(%ids: tensor<5x1xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{Out must be 5x4, got 5x3}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<5x1xi64>, tensor<10x4xf32>) -> tensor<5x3xf32>
  return
}

// -----

// lookup_table: the trailing 1 of Ids is replaced, not kept.
func.func @lookup_table_out_rank(%ids: tensor<2x3x1xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{Out must be 2x3x4, got 2x3x1x4}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<2x3x1xi64>, tensor<10x4xf32>) -> tensor<2x3x1x4xf32>
  return
}

// -----

// lookup_table: Out's leading sizes are Ids'.
func.func @lookup_table_out_rows(%ids: tensor<2x3x1xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{Out must be 2x3x4, got 3x2x4}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<2x3x1xi64>, tensor<10x4xf32>) -> tensor<3x2x4xf32>
  return
}

// -----

// lookup_table: W is a rank-2 table.
func.func @lookup_table_w_rank1(%ids: tensor<5x1xi64>, %w: tensor<10xf32>) {
  // expected-error @+1 {{W must have rank 2, got 10}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<5x1xi64>, tensor<10xf32>) -> tensor<5x10xf32>
  return
}

// -----

// lookup_table: W is a rank-2 table.
func.func @lookup_table_w_rank3(%ids: tensor<5x1xi64>, %w: tensor<10x4x2xf32>) {
  // expected-error @+1 {{W must have rank 2, got 10x4x2}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<5x1xi64>, tensor<10x4x2xf32>) -> tensor<5x4xf32>
  return
}

// -----

// lookup_table: Out has W's element type.
func.func @lookup_table_out_element(%ids: tensor<5x1xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{Out must have W's element type 'f32', got 'bf16'}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<5x1xi64>, tensor<10x4xf32>) -> tensor<5x4xbf16>
  return
}

// -----

// lookup_table: Out has W's element type (bf16 table).
func.func @lookup_table_out_element_bf16(%ids: tensor<5x1xi64>, %w: tensor<10x4xbf16>) {
  // expected-error @+1 {{Out must have W's element type 'bf16', got 'f32'}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<5x1xi64>, tensor<10x4xbf16>) -> tensor<5x4xf32>
  return
}

// -----

// lookup_table: padding_idx below -1 (the Python layer has already turned a
// user's negative index into height + p, so the attribute is never < -1).
func.func @lookup_table_padding_below(%ids: tensor<5x1xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{padding_idx must be -1 (none) or a row of W, got -2}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) {padding_idx = -2 : i64} : (tensor<5x1xi64>, tensor<10x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

// lookup_table: padding_idx must be a row of W.
func.func @lookup_table_padding_rows(%ids: tensor<5x1xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{padding_idx must be -1 (none) or a row of W in [0, 10), got 10}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) {padding_idx = 10 : i64} : (tensor<5x1xi64>, tensor<10x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

// lookup_table: padding_idx < -1 is wrong whatever the number of rows.
func.func @lookup_table_padding_below_dynamic(%ids: tensor<5x1xi64>, %w: tensor<?x4xf32>) {
  // expected-error @+1 {{padding_idx must be -1 (none) or a row of W}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) {padding_idx = -5 : i64} : (tensor<5x1xi64>, tensor<?x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

// lookup_table (ODS): Ids are i64.
func.func @lookup_table_ids_i32(%ids: tensor<5x1xi32>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 64-bit signless integer values, but got 'tensor<5x1xi32>'}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<5x1xi32>, tensor<10x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

// lookup_table (ODS): W is f32 or bf16.
func.func @lookup_table_w_i64(%ids: tensor<5x1xi64>, %w: tensor<10x4xi64>) {
  // expected-error @+1 {{operand #1 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<10x4xi64>'}}
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<5x1xi64>, tensor<10x4xi64>) -> tensor<5x4xi64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// lookup_table_v2
//===----------------------------------------------------------------------===//

// lookup_table_v2: Out is Ids' shape followed by E (a trailing 1 is kept).
func.func @lookup_table_v2_keeps_one(%ids: tensor<5x1xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{Out must be 5x1x4, got 5x4}}
  %0 = pdnn.lookup_table_v2 Ids(%ids) W(%w) : (tensor<5x1xi64>, tensor<10x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

// lookup_table_v2: Out is Ids' shape followed by E.
func.func @lookup_table_v2_out_width(%ids: tensor<2x3xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{Out must be 2x3x4, got 2x3x5}}
  %0 = pdnn.lookup_table_v2 Ids(%ids) W(%w) : (tensor<2x3xi64>, tensor<10x4xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

// lookup_table_v2: Out keeps Ids' dimensions (no flattening).
func.func @lookup_table_v2_out_flat(%ids: tensor<2x3xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{Out must be 2x3x4, got 6x4}}
  %0 = pdnn.lookup_table_v2 Ids(%ids) W(%w) : (tensor<2x3xi64>, tensor<10x4xf32>) -> tensor<6x4xf32>
  return
}

// -----

// lookup_table_v2: a known size of Out contradicts a dynamic one of Ids' only when known on both sides.
func.func @lookup_table_v2_out_width_dynamic_ids(%ids: tensor<?xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{Out must be ?x4, got ?x8}}
  %0 = pdnn.lookup_table_v2 Ids(%ids) W(%w) : (tensor<?xi64>, tensor<10x4xf32>) -> tensor<?x8xf32>
  return
}

// -----

// lookup_table_v2: W is a rank-2 table.
func.func @lookup_table_v2_w_rank(%ids: tensor<6xi64>, %w: tensor<4xf32>) {
  // expected-error @+1 {{W must have rank 2, got 4}}
  %0 = pdnn.lookup_table_v2 Ids(%ids) W(%w) : (tensor<6xi64>, tensor<4xf32>) -> tensor<6x4xf32>
  return
}

// -----

// lookup_table_v2: Out has W's element type.
func.func @lookup_table_v2_out_element(%ids: tensor<6xi64>, %w: tensor<10x4xbf16>) {
  // expected-error @+1 {{Out must have W's element type 'bf16', got 'f32'}}
  %0 = pdnn.lookup_table_v2 Ids(%ids) W(%w) : (tensor<6xi64>, tensor<10x4xbf16>) -> tensor<6x4xf32>
  return
}

// -----

// lookup_table_v2: padding_idx below -1.
func.func @lookup_table_v2_padding_below(%ids: tensor<6xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{padding_idx must be -1 (none) or a row of W, got -2}}
  %0 = pdnn.lookup_table_v2 Ids(%ids) W(%w) {padding_idx = -2 : i64} : (tensor<6xi64>, tensor<10x4xf32>) -> tensor<6x4xf32>
  return
}

// -----

// lookup_table_v2: padding_idx beyond the last row.
func.func @lookup_table_v2_padding_rows(%ids: tensor<6xi64>, %w: tensor<10x4xf32>) {
  // expected-error @+1 {{padding_idx must be -1 (none) or a row of W in [0, 10), got 11}}
  %0 = pdnn.lookup_table_v2 Ids(%ids) W(%w) {padding_idx = 11 : i64} : (tensor<6xi64>, tensor<10x4xf32>) -> tensor<6x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// crf_decoding
//===----------------------------------------------------------------------===//

// crf_decoding: Transition is [K + 2, K] (one row short).
func.func @crf_transition_rows(%e: tensor<6x3xf32>, %t: tensor<4x3xf32>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{Transition must be [tags + 2, tags] (start, end, then tag-to-tag weights), got 4x3}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<6x3xf32>, tensor<4x3xf32>, tensor<3xi64>) -> tensor<6x1xi64>
  return
}

// -----

// crf_decoding: Transition is [K + 2, K] (a square K x K table lacks start and end).
func.func @crf_transition_square(%e: tensor<?x4xf32>, %t: tensor<4x4xf32>, %lod: tensor<?xi64>) {
  // expected-error @+1 {{Transition must be [tags + 2, tags] (start, end, then tag-to-tag weights), got 4x4}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<?x4xf32>, tensor<4x4xf32>, tensor<?xi64>) -> tensor<?x1xi64>
  return
}

// -----

// crf_decoding: Transition's columns are Emission's tags.
func.func @crf_transition_cols(%e: tensor<6x3xf32>, %t: tensor<5x4xf32>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{Transition must be [tags + 2, tags] (start, end, then tag-to-tag weights), got 5x4}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<6x3xf32>, tensor<5x4xf32>, tensor<3xi64>) -> tensor<6x1xi64>
  return
}

// -----

// crf_decoding: Transition is rank 2.
func.func @crf_transition_rank(%e: tensor<6x3xf32>, %t: tensor<15xf32>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{Transition ([tags + 2, tags]: start, end, then tag-to-tag weights) must be 5x3, got 15}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<6x3xf32>, tensor<15xf32>, tensor<3xi64>) -> tensor<6x1xi64>
  return
}

// -----

// crf_decoding: Emission is T x K.
func.func @crf_emission_rank3(%e: tensor<6x3x1xf32>, %t: tensor<5x3xf32>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{Emission must have rank 2, got 6x3x1}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<6x3x1xf32>, tensor<5x3xf32>, tensor<3xi64>) -> tensor<6x1xi64>
  return
}

// -----

// crf_decoding: Emission is T x K.
func.func @crf_emission_rank1(%e: tensor<6xf32>, %t: tensor<5x3xf32>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{Emission must have rank 2, got 6}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<6xf32>, tensor<5x3xf32>, tensor<3xi64>) -> tensor<6x1xi64>
  return
}

// -----

// crf_decoding: at least one tag.
func.func @crf_emission_no_tags(%e: tensor<6x0xf32>, %t: tensor<2x0xf32>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{Emission needs at least one tag column, got 6x0}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<6x0xf32>, tensor<2x0xf32>, tensor<3xi64>) -> tensor<6x1xi64>
  return
}

// -----

// crf_decoding: Label is T x 1 (rows).
func.func @crf_label_rows(%e: tensor<6x3xf32>, %t: tensor<5x3xf32>, %l: tensor<5x1xi64>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{Label must be 6x1, got 5x1}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) Label(%l) lod(%lod) : (tensor<6x3xf32>, tensor<5x3xf32>, tensor<5x1xi64>, tensor<3xi64>) -> tensor<6x1xi64>
  return
}

// -----

// crf_decoding: Label is T x 1 (rank).
func.func @crf_label_rank(%e: tensor<?x3xf32>, %t: tensor<5x3xf32>, %l: tensor<?xi64>, %lod: tensor<?xi64>) {
  // expected-error @+1 {{Label must be ?x1, got ?}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) Label(%l) lod(%lod) : (tensor<?x3xf32>, tensor<5x3xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x1xi64>
  return
}

// -----

// crf_decoding: Label is T x 1 (columns).
func.func @crf_label_cols(%e: tensor<6x3xf32>, %t: tensor<5x3xf32>, %l: tensor<6x3xi64>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{Label must be 6x1, got 6x3}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) Label(%l) lod(%lod) : (tensor<6x3xf32>, tensor<5x3xf32>, tensor<6x3xi64>, tensor<3xi64>) -> tensor<6x1xi64>
  return
}

// -----

// crf_decoding (ODS): Label is i64.
func.func @crf_label_type(%e: tensor<6x3xf32>, %t: tensor<5x3xf32>, %l: tensor<6x1xf32>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{operand #2 must be ranked tensor of 64-bit signless integer values, but got 'tensor<6x1xf32>'}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) Label(%l) lod(%lod) : (tensor<6x3xf32>, tensor<5x3xf32>, tensor<6x1xf32>, tensor<3xi64>) -> tensor<6x1xi64>
  return
}

// -----

// crf_decoding: ViterbiPath is T x 1 (rows).
func.func @crf_path_rows(%e: tensor<6x3xf32>, %t: tensor<5x3xf32>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{ViterbiPath must be 6x1, got 7x1}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<6x3xf32>, tensor<5x3xf32>, tensor<3xi64>) -> tensor<7x1xi64>
  return
}

// -----

// crf_decoding: ViterbiPath is T x 1 (not T x K).
func.func @crf_path_cols(%e: tensor<6x3xf32>, %t: tensor<5x3xf32>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{ViterbiPath must be 6x1, got 6x3}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<6x3xf32>, tensor<5x3xf32>, tensor<3xi64>) -> tensor<6x3xi64>
  return
}

// -----

// crf_decoding: ViterbiPath is T x 1 (rank), also with Label.
func.func @crf_path_rank(%e: tensor<?x3xf32>, %t: tensor<5x3xf32>, %l: tensor<?x1xi64>, %lod: tensor<?xi64>) {
  // expected-error @+1 {{ViterbiPath must be ?x1, got ?}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) Label(%l) lod(%lod) : (tensor<?x3xf32>, tensor<5x3xf32>, tensor<?x1xi64>, tensor<?xi64>) -> tensor<?xi64>
  return
}

// -----

// crf_decoding (ODS): ViterbiPath is i64 (Paddle's VarDesc says float, the kernel writes int64).
func.func @crf_path_type(%e: tensor<6x3xf32>, %t: tensor<5x3xf32>, %lod: tensor<3xi64>) {
  // expected-error @+1 {{result #0 must be ranked tensor of 64-bit signless integer values, but got 'tensor<6x1xf32>'}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<6x3xf32>, tensor<5x3xf32>, tensor<3xi64>) -> tensor<6x1xf32>
  return
}

// -----

// crf_decoding (ODS): the LoD is a 1-D i64 tensor.
func.func @crf_lod_rank(%e: tensor<6x3xf32>, %t: tensor<5x3xf32>, %lod: tensor<3x1xi64>) {
  // expected-error @+1 {{operand #2 must be 1D tensor of 64-bit signless integer values, but got 'tensor<3x1xi64>'}}
  %0 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<6x3xf32>, tensor<5x3xf32>, tensor<3x1xi64>) -> tensor<6x1xi64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// scale on i64
//===----------------------------------------------------------------------===//

// scale: Out has X's type, also for i64.
func.func @scale_i64_to_f32(%x: tensor<2x3xi64>) {
  // expected-error @+1 {{Out must have X's type 'tensor<2x3xi64>', got 'tensor<2x3xf32>'}}
  %0 = pdnn.scale %x {scale = 2.0 : f32} : tensor<2x3xi64> -> tensor<2x3xf32>
  return
}

// -----

// scale: Out has X's type (f32 in, i64 out).
func.func @scale_f32_to_i64(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{Out must have X's type 'tensor<2x3xf32>', got 'tensor<2x3xi64>'}}
  %0 = pdnn.scale %x : tensor<2x3xf32> -> tensor<2x3xi64>
  return
}

// -----

// scale: Out has X's type (i64 shape).
func.func @scale_i64_shape(%x: tensor<?x1xi64>) {
  // expected-error @+1 {{Out must have X's type 'tensor<?x1xi64>', got 'tensor<4x1xi64>'}}
  %0 = pdnn.scale %x : tensor<?x1xi64> -> tensor<4x1xi64>
  return
}

// -----

// scale (ODS): i32 is not one of scale's element types.
func.func @scale_i32(%x: tensor<2x3xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type or 64-bit signless integer values, but got 'tensor<2x3xi32>'}}
  %0 = pdnn.scale %x : tensor<2x3xi32> -> tensor<2x3xi32>
  return
}
