// arg_max forms Paddle programs hold: a negative dtype (older OpMakers'
// default) is int64; with `flatten` Out is Paddle 2.4's [1] (with or without
// keepdims), 2.5's 0-D tensor, or all ones with keepdims.
// RUN: pdnn-opt %s -split-input-file | FileCheck %s

// CHECK-LABEL: func @negative_dtype
// CHECK: pdnn.arg_max %arg0 {dtype = -1 : i32} : tensor<2x3xf32> -> tensor<2xi64>
func.func @negative_dtype(%x: tensor<2x3xf32>) -> tensor<2xi64> {
  %0 = pdnn.arg_max %x {dtype = -1 : i32} : tensor<2x3xf32> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// CHECK-LABEL: func @flatten_0d
// CHECK: pdnn.arg_max %arg0 {flatten = true} : tensor<2x3x4xf32> -> tensor<i64>
func.func @flatten_0d(%x: tensor<2x3x4xf32>) -> tensor<i64> {
  %0 = pdnn.arg_max %x {flatten = true} : tensor<2x3x4xf32> -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// CHECK-LABEL: func @flatten_keepdims_paddle24
// CHECK: pdnn.arg_max %arg0 {flatten = true, keepdims = true} : tensor<2x3x4xf32> -> tensor<1xi64>
func.func @flatten_keepdims_paddle24(%x: tensor<2x3x4xf32>) -> tensor<1xi64> {
  %0 = pdnn.arg_max %x {flatten = true, keepdims = true} : tensor<2x3x4xf32> -> tensor<1xi64>
  return %0 : tensor<1xi64>
}
