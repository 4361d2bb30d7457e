// fill_constant folds only values its integer dtype holds: outside the
// range the conversion is undefined (in Paddle's C++ too), so the op stays
// and runs.
// RUN: pdnn-opt %s -canonicalize | FileCheck %s

// CHECK-LABEL: func @out_of_range
// CHECK-DAG: pdnn.fill_constant {dtype = 2 : i32, shape = array<i64: 2>, value = 1.000000e+10 : f32} : tensor<2xi32>
// CHECK-DAG: pdnn.fill_constant {dtype = 20 : i32, shape = array<i64: 2>, value = 3.000000e+02 : f32} : tensor<2xui8>
// CHECK-DAG: pdnn.fill_constant {dtype = 3 : i32, shape = array<i64: 2>, str_value = "1e30"} : tensor<2xi64>
// CHECK-DAG: pdnn.fill_constant {dtype = 20 : i32, shape = array<i64: 2>, value = -1.000000e+00 : f32} : tensor<2xui8>
// CHECK-DAG: arith.constant dense<-7> : tensor<2xi32>
// CHECK-DAG: arith.constant dense<255> : tensor<2xui8>
func.func @out_of_range() -> (tensor<2xi32>, tensor<2xui8>, tensor<2xi64>, tensor<2xui8>, tensor<2xi32>, tensor<2xui8>) {
  %0 = pdnn.fill_constant {dtype = 2 : i32, shape = array<i64: 2>, value = 1.0e10 : f32} : tensor<2xi32>
  %1 = pdnn.fill_constant {dtype = 20 : i32, shape = array<i64: 2>, value = 300.0 : f32} : tensor<2xui8>
  %2 = pdnn.fill_constant {dtype = 3 : i32, shape = array<i64: 2>, str_value = "1e30"} : tensor<2xi64>
  %3 = pdnn.fill_constant {dtype = 20 : i32, shape = array<i64: 2>, value = -1.0 : f32} : tensor<2xui8>
  // In range: folded.
  %4 = pdnn.fill_constant {dtype = 2 : i32, shape = array<i64: 2>, value = -7.9 : f32} : tensor<2xi32>
  %5 = pdnn.fill_constant {dtype = 20 : i32, shape = array<i64: 2>, value = 255.0 : f32} : tensor<2xui8>
  return %0, %1, %2, %3, %4, %5 : tensor<2xi32>, tensor<2xui8>, tensor<2xi64>, tensor<2xui8>, tensor<2xi32>, tensor<2xui8>
}
