// RUN: pdnn-opt %s -split-input-file -verify-diagnostics
// Verifier rules of the matrix ops: mul, fc, matmul_v2, elementwise_add/mul.

//===----------------------------------------------------------------------===//
// mul
//===----------------------------------------------------------------------===//

// mul: x_num_col_dims must be in [1, rank(X)).
func.func @mul_x_num_col_dims_too_large(%x: tensor<2x3xf32>, %y: tensor<3x5xf32>) {
  // expected-error @+1 {{x_num_col_dims = 2 must be >= 1 and less than the rank of X (2)}}
  %0 = pdnn.mul %x, %y {x_num_col_dims = 2 : i32} : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

// mul: x_num_col_dims must be >= 1.
func.func @mul_x_num_col_dims_zero(%x: tensor<2x3xf32>, %y: tensor<3x5xf32>) {
  // expected-error @+1 {{x_num_col_dims = 0 must be >= 1 and less than the rank of X (2)}}
  %0 = pdnn.mul %x, %y {x_num_col_dims = 0 : i32} : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

// mul: y_num_col_dims must be in [1, rank(Y)).
func.func @mul_y_num_col_dims_too_large(%x: tensor<2x3xf32>, %y: tensor<3x5xf32>) {
  // expected-error @+1 {{y_num_col_dims = 2 must be >= 1 and less than the rank of Y (2)}}
  %0 = pdnn.mul %x, %y {y_num_col_dims = 2 : i32} : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

// mul: the columns of flattened X must equal the rows of flattened Y.
func.func @mul_contraction_mismatch(%x: tensor<2x3xf32>, %y: tensor<4x5xf32>) {
  // expected-error @+1 {{X flattened at x_num_col_dims has 3 columns but Y flattened at y_num_col_dims has 4 rows}}
  %0 = pdnn.mul %x, %y : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

// mul: the contraction size is the product of the flattened dimensions.
func.func @mul_flattened_contraction_mismatch(%x: tensor<2x3x4xf32>, %y: tensor<4x5xf32>) {
  // expected-error @+1 {{X flattened at x_num_col_dims has 12 columns but Y flattened at y_num_col_dims has 4 rows}}
  %0 = pdnn.mul %x, %y : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

// mul: Out must be X[0:x_num_col_dims] ++ Y[y_num_col_dims:].
func.func @mul_out_shape(%x: tensor<2x3xf32>, %y: tensor<3x5xf32>) {
  // expected-error @+1 {{Out must be 2x5, got 2x6}}
  %0 = pdnn.mul %x, %y : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x6xf32>
  return
}

// -----

// mul: float data multiplies weights of its own type or f32 only.
func.func @mul_float_data_int8_weights(%x: tensor<2x3xf32>, %y: tensor<3x5xsi8>) {
  // expected-error @+1 {{weights of type 'si8' cannot multiply 'f32' data}}
  %0 = pdnn.mul %x, %y : (tensor<2x3xf32>, tensor<3x5xsi8>) -> tensor<2x5xf32>
  return
}

// -----

// mul: f32 data does not take bf16 weights.
func.func @mul_f32_data_bf16_weights(%x: tensor<2x3xf32>, %y: tensor<3x5xbf16>) {
  // expected-error @+1 {{weights of type 'bf16' cannot multiply 'f32' data}}
  %0 = pdnn.mul %x, %y : (tensor<2x3xf32>, tensor<3x5xbf16>) -> tensor<2x5xf32>
  return
}

// -----

// mul: int8 data multiplies si8 or f32 weights only.
func.func @mul_int8_data_ui8_weights(%x: tensor<2x3xui8>, %y: tensor<3x5xui8>) {
  // expected-error @+1 {{weights of type 'ui8' cannot multiply 'ui8' data}}
  %0 = pdnn.mul %x, %y : (tensor<2x3xui8>, tensor<3x5xui8>) -> tensor<2x5xui8>
  return
}

// -----

// mul: with force_fp32_output, Out must be f32.
func.func @mul_force_fp32_output(%x: tensor<2x3xui8>, %y: tensor<3x5xsi8>) {
  // expected-error @+1 {{output element type must be f32 (force_fp32_output), got 'ui8'}}
  %0 = pdnn.mul %x, %y {force_fp32_output = true} : (tensor<2x3xui8>, tensor<3x5xsi8>) -> tensor<2x5xui8>
  return
}

// -----

// mul: without force_fp32_output, int8 data gives int8 Out.
func.func @mul_int8_out_type(%x: tensor<2x3xui8>, %y: tensor<3x5xsi8>) {
  // expected-error @+1 {{output element type must be ui8 or si8, got 'f32'}}
  %0 = pdnn.mul %x, %y : (tensor<2x3xui8>, tensor<3x5xsi8>) -> tensor<2x5xf32>
  return
}

// -----

// mul: without force_fp32_output, float data gives Out of its own type.
func.func @mul_float_out_type(%x: tensor<2x3xbf16>, %y: tensor<3x5xf32>) {
  // expected-error @+1 {{output element type must be the input's, got 'f32'}}
  %0 = pdnn.mul %x, %y : (tensor<2x3xbf16>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

// mul (ODS): X must be f32, bf16, ui8 or si8.
func.func @mul_i32_data(%x: tensor<2x3xi32>, %y: tensor<3x5xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer values, but got 'tensor<2x3xi32>'}}
  %0 = pdnn.mul %x, %y : (tensor<2x3xi32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

// mul (ODS): signless i8 is not Paddle's int8 (which is si8 or ui8).
func.func @mul_signless_i8_weights(%x: tensor<2x3xui8>, %y: tensor<3x5xi8>) {
  // expected-error @+1 {{operand #1 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer values, but got 'tensor<3x5xi8>'}}
  %0 = pdnn.mul %x, %y : (tensor<2x3xui8>, tensor<3x5xi8>) -> tensor<2x5xui8>
  return
}

// -----

// mul (ODS): X must be ranked.
func.func @mul_unranked(%x: tensor<*xf32>, %y: tensor<3x5xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer values, but got 'tensor<*xf32>'}}
  %0 = pdnn.mul %x, %y : (tensor<*xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

// mul (ODS): Paddle's int attributes are i32.
func.func @mul_i64_attribute(%x: tensor<2x3xf32>, %y: tensor<3x5xf32>) {
  // expected-error @+1 {{attribute 'x_num_col_dims' failed to satisfy constraint: 32-bit signed integer (Paddle int)}}
  %0 = pdnn.mul %x, %y {x_num_col_dims = 1 : i64} : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// fc
//===----------------------------------------------------------------------===//

// fc: W must have rank 2.
func.func @fc_w_rank(%x: tensor<2x16xf32>, %w: tensor<16x48x1xf32>) {
  // expected-error @+1 {{W must have rank 2, got 16x48x1}}
  %0 = pdnn.fc Input(%x) W(%w) : (tensor<2x16xf32>, tensor<16x48x1xf32>) -> tensor<2x48xf32>
  return
}

// -----

// fc: in_num_col_dims must be in [1, rank(Input)).
func.func @fc_in_num_col_dims(%x: tensor<2x16xf32>, %w: tensor<16x48xf32>) {
  // expected-error @+1 {{in_num_col_dims = 2 must be >= 1 and less than the rank of Input (2)}}
  %0 = pdnn.fc Input(%x) W(%w) {in_num_col_dims = 2 : i32} : (tensor<2x16xf32>, tensor<16x48xf32>) -> tensor<2x48xf32>
  return
}

// -----

// fc: the columns of flattened Input must equal W's rows.
func.func @fc_contraction_mismatch(%x: tensor<2x16xf32>, %w: tensor<17x48xf32>) {
  // expected-error @+1 {{Input flattened at in_num_col_dims has 16 columns but W has 17 rows}}
  %0 = pdnn.fc Input(%x) W(%w) : (tensor<2x16xf32>, tensor<17x48xf32>) -> tensor<2x48xf32>
  return
}

// -----

// fc: with padding_weights, W is (K+4) x (N+4) and its padding is ignored.
func.func @fc_padding_weights_mismatch(%x: tensor<2x16xf32>, %w: tensor<16x48xf32>) {
  // expected-error @+1 {{Input flattened at in_num_col_dims has 16 columns but W has 12 rows (after removing padding_weights)}}
  %0 = pdnn.fc Input(%x) W(%w) {padding_weights = true} : (tensor<2x16xf32>, tensor<16x48xf32>) -> tensor<2x44xf32>
  return
}

// -----

// fc: a 1-D Bias must have N elements.
func.func @fc_bias_1d(%x: tensor<2x16xf32>, %w: tensor<16x48xf32>, %b: tensor<47xf32>) {
  // expected-error @+1 {{Bias must be 48 or 1x48, got 47}}
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) : (tensor<2x16xf32>, tensor<16x48xf32>, tensor<47xf32>) -> tensor<2x48xf32>
  return
}

// -----

// fc: a 2-D Bias must be 1 x N.
func.func @fc_bias_2d(%x: tensor<2x16xf32>, %w: tensor<16x48xf32>, %b: tensor<2x48xf32>) {
  // expected-error @+1 {{Bias must be 48 or 1x48, got 2x48}}
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) : (tensor<2x16xf32>, tensor<16x48xf32>, tensor<2x48xf32>) -> tensor<2x48xf32>
  return
}

// -----

// fc: Bias N is W's N after removing padding_weights.
func.func @fc_bias_padded(%x: tensor<2x16xf32>, %w: tensor<20x52xf32>, %b: tensor<52xf32>) {
  // expected-error @+1 {{Bias must be 48 or 1x48, got 52}}
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) {padding_weights = true} : (tensor<2x16xf32>, tensor<20x52xf32>, tensor<52xf32>) -> tensor<2x48xf32>
  return
}

// -----

// fc: Out must be Input[0:in_num_col_dims] ++ [N].
func.func @fc_out_shape(%x: tensor<2x3x16xf32>, %w: tensor<16x48xf32>) {
  // expected-error @+1 {{Out must be 2x3x48, got 6x48}}
  %0 = pdnn.fc Input(%x) W(%w) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x48xf32>) -> tensor<6x48xf32>
  return
}

// -----

// fc: mkldnn_data_type is "float32", "bfloat16" or "int8".
func.func @fc_mkldnn_data_type(%x: tensor<2x16xf32>, %w: tensor<16x48xf32>) {
  // expected-error @+1 {{mkldnn_data_type must be one of "float32", "bfloat16", "int8", got "float16"}}
  %0 = pdnn.fc Input(%x) W(%w) {mkldnn_data_type = "float16"} : (tensor<2x16xf32>, tensor<16x48xf32>) -> tensor<2x48xf32>
  return
}

// -----

// fc: int8 Input multiplies si8 or f32 weights only.
func.func @fc_int8_input_bf16_weights(%x: tensor<2x16xsi8>, %w: tensor<16x48xbf16>) {
  // expected-error @+1 {{weights of type 'bf16' cannot multiply 'si8' data}}
  %0 = pdnn.fc Input(%x) W(%w) : (tensor<2x16xsi8>, tensor<16x48xbf16>) -> tensor<2x48xsi8>
  return
}

// -----

// fc: with force_fp32_output, Out must be f32.
func.func @fc_force_fp32_output(%x: tensor<2x16xui8>, %w: tensor<16x48xsi8>) {
  // expected-error @+1 {{output element type must be f32 (force_fp32_output), got 'si8'}}
  %0 = pdnn.fc Input(%x) W(%w) {force_fp32_output = true} : (tensor<2x16xui8>, tensor<16x48xsi8>) -> tensor<2x48xsi8>
  return
}

// -----

// fc (ODS): Bias must be f32 or bf16.
func.func @fc_int8_bias(%x: tensor<2x16xui8>, %w: tensor<16x48xsi8>, %b: tensor<48xsi8>) {
  // expected-error @+1 {{operand #2 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<48xsi8>'}}
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) : (tensor<2x16xui8>, tensor<16x48xsi8>, tensor<48xsi8>) -> tensor<2x48xui8>
  return
}

// -----

// fc (ODS): Out must be ranked.
func.func @fc_unranked_out(%x: tensor<2x16xf32>, %w: tensor<16x48xf32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer values, but got 'tensor<*xf32>'}}
  %0 = pdnn.fc Input(%x) W(%w) : (tensor<2x16xf32>, tensor<16x48xf32>) -> tensor<*xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// matmul_v2
//===----------------------------------------------------------------------===//

// matmul_v2: X and Y must have rank >= 1.
func.func @matmul_v2_scalar(%x: tensor<f32>, %y: tensor<5xf32>) {
  // expected-error @+1 {{X and Y must have rank >= 1, got scalar and 5}}
  %0 = pdnn.matmul_v2 %x, %y : (tensor<f32>, tensor<5xf32>) -> tensor<5xf32>
  return
}

// -----

// matmul_v2: float X and Y share one element type.
func.func @matmul_v2_mixed_types(%x: tensor<4x5xf32>, %y: tensor<5x6xbf16>) {
  // expected-error @+1 {{X and Y must have one element type, got 'f32' and 'bf16'}}
  %0 = pdnn.matmul_v2 %x, %y : (tensor<4x5xf32>, tensor<5x6xbf16>) -> tensor<4x6xf32>
  return
}

// -----

// matmul_v2: Out has the operands' element type without force_fp32_output.
func.func @matmul_v2_out_type(%x: tensor<4x5xbf16>, %y: tensor<5x6xbf16>) {
  // expected-error @+1 {{Out's element type must be X's, got 'f32'}}
  %0 = pdnn.matmul_v2 %x, %y : (tensor<4x5xbf16>, tensor<5x6xbf16>) -> tensor<4x6xf32>
  return
}

// -----

// matmul_v2: force_fp32_output makes Out f32.
func.func @matmul_v2_force_fp32(%x: tensor<4x5xui8>, %y: tensor<5x6xsi8>) {
  // expected-error @+1 {{Out's element type must be f32 (force_fp32_output), got 'ui8'}}
  %0 = pdnn.matmul_v2 %x, %y {force_fp32_output = true} : (tensor<4x5xui8>, tensor<5x6xsi8>) -> tensor<4x6xui8>
  return
}

// -----

// matmul_v2: int8 Out is ui8 or si8 without force_fp32_output.
func.func @matmul_v2_int8_out(%x: tensor<4x5xui8>, %y: tensor<5x6xsi8>) {
  // expected-error @+1 {{Out's element type must be ui8 or si8, got 'f32'}}
  %0 = pdnn.matmul_v2 %x, %y : (tensor<4x5xui8>, tensor<5x6xsi8>) -> tensor<4x6xf32>
  return
}

// -----

// matmul_v2: oneDNN's int8 weights are signed.
func.func @matmul_v2_unsigned_y(%x: tensor<4x5xsi8>, %y: tensor<5x6xui8>) {
  // expected-error @+1 {{int8 X needs si8 Y (oneDNN's int8 weights are signed), got 'ui8'}}
  %0 = pdnn.matmul_v2 %x, %y : (tensor<4x5xsi8>, tensor<5x6xui8>) -> tensor<4x6xsi8>
  return
}

// -----

// matmul_v2: int8 scales are finite and non-zero, like every op's.
func.func @matmul_v2_zero_scale(%x: tensor<4x5xui8>, %y: tensor<5x6xsi8>) {
  // expected-error @+1 {{Scale_y must be finite and non-zero, got 0}}
  %0 = pdnn.matmul_v2 %x, %y {Scale_y = 0.0 : f32} : (tensor<4x5xui8>, tensor<5x6xsi8>) -> tensor<4x6xsi8>
  return
}

// -----

// matmul_v2: an infinite Scale_out is refused too.
func.func @matmul_v2_infinite_scale(%x: tensor<4x5xui8>, %y: tensor<5x6xsi8>) {
  // expected-error @+1 {{Scale_out must be finite and non-zero, got INF}}
  %0 = pdnn.matmul_v2 %x, %y {Scale_out = 0x7F800000 : f32} : (tensor<4x5xui8>, tensor<5x6xsi8>) -> tensor<4x6xsi8>
  return
}

// -----

// matmul_v2: the contraction sizes of X and Y must agree.
func.func @matmul_v2_contraction(%x: tensor<4x5xf32>, %y: tensor<6x7xf32>) {
  // expected-error @+1 {{contraction sizes differ: X gives 5, Y gives 6}}
  %0 = pdnn.matmul_v2 %x, %y : (tensor<4x5xf32>, tensor<6x7xf32>) -> tensor<4x7xf32>
  return
}

// -----

// matmul_v2: trans_x / trans_y are applied before the contraction check.
func.func @matmul_v2_contraction_transposed(%x: tensor<4x5xf32>, %y: tensor<5x6xf32>) {
  // expected-error @+1 {{contraction sizes differ: X gives 5, Y gives 6}}
  %0 = pdnn.matmul_v2 %x, %y {trans_y = true} : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x5xf32>
  return
}

// -----

// matmul_v2: a 1-D Y is a column vector of X's contraction size.
func.func @matmul_v2_vector_contraction(%x: tensor<4x5xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{contraction sizes differ: X gives 5, Y gives 4}}
  %0 = pdnn.matmul_v2 %x, %y : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// matmul_v2: batch dimensions must broadcast.
func.func @matmul_v2_batch_broadcast(%x: tensor<3x4x5xf32>, %y: tensor<2x5x6xf32>) {
  // expected-error @+1 {{batch dimensions of X 3x4x5 and Y 2x5x6 do not broadcast}}
  %0 = pdnn.matmul_v2 %x, %y : (tensor<3x4x5xf32>, tensor<2x5x6xf32>) -> tensor<3x4x6xf32>
  return
}

// -----

// matmul_v2: Out is broadcast batch ++ [M, N].
func.func @matmul_v2_out_shape(%x: tensor<3x1x4x5xf32>, %y: tensor<7x5x6xf32>) {
  // expected-error @+1 {{Out must be 3x7x4x6, got 3x4x6}}
  %0 = pdnn.matmul_v2 %x, %y : (tensor<3x1x4x5xf32>, tensor<7x5x6xf32>) -> tensor<3x4x6xf32>
  return
}

// -----

// matmul_v2: the dot product of two vectors is 1-D in Paddle, not a scalar.
func.func @matmul_v2_dot_is_1d(%x: tensor<5xf32>) {
  // expected-error @+1 {{Out must be 1, got scalar}}
  %0 = pdnn.matmul_v2 %x, %x : (tensor<5xf32>, tensor<5xf32>) -> tensor<f32>
  return
}

// -----

// matmul_v2 (ODS): operands must be f32, bf16, ui8 or si8.
func.func @matmul_v2_i32(%x: tensor<4x5xi32>, %y: tensor<5x6xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer values, but got 'tensor<4x5xi32>'}}
  %0 = pdnn.matmul_v2 %x, %y : (tensor<4x5xi32>, tensor<5x6xi32>) -> tensor<4x6xi32>
  return
}

// -----

// matmul_v2 (ODS): operands must be ranked.
func.func @matmul_v2_unranked(%x: tensor<4x5xf32>, %y: tensor<*xf32>) {
  // expected-error @+1 {{operand #1 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer values, but got 'tensor<*xf32>'}}
  %0 = pdnn.matmul_v2 %x, %y : (tensor<4x5xf32>, tensor<*xf32>) -> tensor<4x6xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// elementwise_add / elementwise_mul
//===----------------------------------------------------------------------===//

// elementwise_add: axis must select a start in [0, rank gap].
func.func @elementwise_add_axis_too_large(%x: tensor<2x3x4xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{axis 3 cannot align 3 with 2x3x4: it must select a start in [0, 2]}}
  %0 = pdnn.elementwise_add %x, %y {axis = 3 : i32} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// elementwise_add: a negative axis counts back from the trailing alignment.
func.func @elementwise_add_axis_too_negative(%x: tensor<2x3x4xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{axis -4 cannot align 3 with 2x3x4: it must select a start in [0, 2]}}
  %0 = pdnn.elementwise_add %x, %y {axis = -4 : i32} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// elementwise_add: aligned sizes must be equal or 1 (default axis: trailing).
func.func @elementwise_add_no_broadcast(%x: tensor<2x3x4xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{X 2x3x4 and Y 3 do not broadcast at axis 2: dimension 2 of X is 4 but Y gives 3}}
  %0 = pdnn.elementwise_add %x, %y : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// elementwise_mul: aligned sizes must be equal or 1 (explicit axis).
func.func @elementwise_mul_no_broadcast(%x: tensor<2x3x4xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{X 2x3x4 and Y 4 do not broadcast at axis 1: dimension 1 of X is 3 but Y gives 4}}
  %0 = pdnn.elementwise_mul %x, %y {axis = 1 : i32} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// elementwise_mul: a negative axis other than -1 shifts the alignment left.
func.func @elementwise_mul_negative_axis(%x: tensor<2x3x4xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{X 2x3x4 and Y 4 do not broadcast at axis 1: dimension 1 of X is 3 but Y gives 4}}
  %0 = pdnn.elementwise_mul %x, %y {axis = -2 : i32} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// elementwise_mul: when Y is the longer operand, X is aligned against it.
func.func @elementwise_mul_y_longer(%x: tensor<5xf32>, %y: tensor<2x3x4xf32>) {
  // expected-error @+1 {{X 5 and Y 2x3x4 do not broadcast at axis 2: dimension 2 of Y is 4 but X gives 5}}
  %0 = pdnn.elementwise_mul %x, %y : (tensor<5xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// elementwise_add: float Out must have X's element type.
func.func @elementwise_add_out_type(%x: tensor<2x3xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{X, Y and Out must share X's element type 'f32', got 'f32' and 'bf16'}}
  %0 = pdnn.elementwise_add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xbf16>
  return
}

// -----

// elementwise_add: Out has the broadcast shape.
func.func @elementwise_add_out_shape(%x: tensor<2x3x4xf32>, %y: tensor<3x1xf32>) {
  // expected-error @+1 {{Out must be 2x3x4, got 2x3x1}}
  %0 = pdnn.elementwise_add %x, %y : (tensor<2x3x4xf32>, tensor<3x1xf32>) -> tensor<2x3x1xf32>
  return
}

// -----

// elementwise_mul: Out has the broadcast shape, also when X has size-1 dims.
func.func @elementwise_mul_out_shape(%x: tensor<2x1xf32>, %y: tensor<2x5xf32>) {
  // expected-error @+1 {{Out must be 2x5, got 2x1}}
  %0 = pdnn.elementwise_mul %x, %y : (tensor<2x1xf32>, tensor<2x5xf32>) -> tensor<2x1xf32>
  return
}

// -----

// elementwise_mul (ODS): operands are f32, bf16, ui8, si8, i32 or i64.
func.func @elementwise_mul_i16(%x: tensor<2x3xi16>, %y: tensor<3xi16>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2x3xi16>'}}
  %0 = pdnn.elementwise_mul %x, %y : (tensor<2x3xi16>, tensor<3xi16>) -> tensor<2x3xi16>
  return
}

// -----

// elementwise_add (ODS): operands must be ranked.
func.func @elementwise_add_unranked(%x: tensor<2x3xf32>, %y: tensor<*xf32>) {
  // expected-error @+1 {{operand #1 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<*xf32>'}}
  %0 = pdnn.elementwise_add %x, %y : (tensor<2x3xf32>, tensor<*xf32>) -> tensor<2x3xf32>
  return
}

// -----

// fc: padding_weights needs at least one real row and column besides the 4
// padding ones.
func.func @fc_padding_weights_too_small(%x: tensor<?x?xf32>, %w: tensor<4x4xf32>) {
  // expected-error @+1 {{W 4x4 must be at least 5x5 with padding_weights}}
  %0 = pdnn.fc Input(%x) W(%w) {padding_weights = true} : (tensor<?x?xf32>, tensor<4x4xf32>) -> tensor<?x?xf32>
  return
}

// -----

// fc: Bias is f32 or the Input's type.
func.func @fc_bias_type(%x: tensor<?x16xf32>, %w: tensor<16x4xf32>, %b: tensor<4xbf16>) {
  // expected-error @+1 {{Bias must be f32 or the Input's type, got 'bf16'}}
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) : (tensor<?x16xf32>, tensor<16x4xf32>, tensor<4xbf16>) -> tensor<?x4xf32>
  return
}

// -----

// elementwise: float data computes in X's type, Y included.
func.func @elementwise_float_y_type(%x: tensor<2x3xf32>, %y: tensor<3xi32>) {
  // expected-error @+1 {{X, Y and Out must share X's element type 'f32', got 'i32' and 'f32'}}
  %0 = pdnn.elementwise_add %x, %y : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  return
}

// -----

// elementwise: int8 data gives int8 or f32, nothing else.
func.func @elementwise_int8_to_bf16(%x: tensor<2x3xui8>, %y: tensor<2x3xsi8>) {
  // expected-error @+1 {{with int8 data, X, Y and Out must each be ui8, si8 or f32, got 'ui8', 'si8' and 'bf16'}}
  %0 = pdnn.elementwise_mul %x, %y : (tensor<2x3xui8>, tensor<2x3xsi8>) -> tensor<2x3xbf16>
  return
}

// -----

// fc: Scale_weights is one common scale or one per output channel (W's
// columns), not a prefix of them.
func.func @fc_scale_weights_count(%x: tensor<2x16xui8>, %w: tensor<16x5xsi8>) {
  // expected-error @+1 {{Scale_weights must hold 1 or W's columns = 5 scales, got 3}}
  %0 = pdnn.fc Input(%x) W(%w) {Scale_weights = array<f32: 1.0, 2.0, 3.0>, force_fp32_output = true}
      : (tensor<2x16xui8>, tensor<16x5xsi8>) -> tensor<2x5xf32>
  return
}

// -----

// fc: the input scale divides.
func.func @fc_scale_in_zero(%x: tensor<2x16xui8>, %w: tensor<16x5xsi8>) {
  // expected-error @+1 {{Scale_in must be finite and non-zero, got 0}}
  %0 = pdnn.fc Input(%x) W(%w) {Scale_in = 0.0 : f32, force_fp32_output = true}
      : (tensor<2x16xui8>, tensor<16x5xsi8>) -> tensor<2x5xf32>
  return
}

// -----

// mul: scale_y is one scale or one per column of Y's flattened output.
func.func @mul_scale_y_count(%x: tensor<2x3xui8>, %y: tensor<3x5xsi8>) {
  // expected-error @+1 {{scale_y must hold 1 or Y's output columns = 5 scales, got 2}}
  %0 = pdnn.mul %x, %y {scale_y = array<f32: 1.0, 2.0>, force_fp32_output = true}
      : (tensor<2x3xui8>, tensor<3x5xsi8>) -> tensor<2x5xf32>
  return
}

// -----

// mul: an infinite output scale.
func.func @mul_scale_out_inf(%x: tensor<2x3xui8>, %y: tensor<3x5xsi8>) {
  // expected-error @+1 {{scale_out must be finite and non-zero, got INF}}
  %0 = pdnn.mul %x, %y {scale_out = 0x7F800000 : f32, force_fp32_output = true}
      : (tensor<2x3xui8>, tensor<3x5xsi8>) -> tensor<2x5xf32>
  return
}
