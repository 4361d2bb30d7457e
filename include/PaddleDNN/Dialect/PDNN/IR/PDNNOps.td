//===- PDNNOps.td - pdnn operations ------------------------*- tablegen -*-===//
//
// One op per Paddle operator, one file per family. Operand/result names are
// Paddle's slot names, attributes are Paddle's attribute names with Paddle's
// types and defaults (int -> i32, float -> f32, bool, string, vector<int>
// -> array<i32>, vector<float> -> array<f32>). Attributes that only steer
// Paddle's kernel selection (use_mkldnn, use_cudnn, is_test on activations,
// ...) carry no semantics here and are left out; the oneDNN int8/bf16
// attributes, which do, are kept.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_PDNNOPS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_PDNNOPS_TD

include "PaddleDNN/Dialect/PDNN/IR/ProductOps.td"
include "PaddleDNN/Dialect/PDNN/IR/RecurrentOps.td"
include "PaddleDNN/Dialect/PDNN/IR/ConvolutionOps.td"
include "PaddleDNN/Dialect/PDNN/IR/ElementwiseOps.td"
include "PaddleDNN/Dialect/PDNN/IR/ReductionOps.td"
include "PaddleDNN/Dialect/PDNN/IR/TensorOps.td"
include "PaddleDNN/Dialect/PDNN/IR/SequenceOps.td"
include "PaddleDNN/Dialect/PDNN/IR/QuantizationOps.td"

#endif // PADDLEDNN_DIALECT_PDNN_IR_PDNNOPS_TD
