// An unknown GRU batching strategy is an error, not a silent default.
// RUN: not pdnn-opt %s --convert-pdnn-to-onednn="gru-batching=bucketed" 2>&1 | FileCheck %s
// CHECK: error: gru-batching must be padded or length-sorted, got 'bucketed'
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
