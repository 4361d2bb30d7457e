// An unknown GRU batching strategy is an error, not a silent default.
// RUN: not pdnn-opt %s --convert-pdnn-to-onednn="gru-batching=bucketed" 2>&1 | FileCheck %s
// CHECK: for the --gru-batching option: 'bucketed' is not a valid value; expected one of: length-sorted, padded
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
