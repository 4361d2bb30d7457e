// split's tensor operands and sections as Paddle checks them: AxisTensor
// holds one value, SectionsTensorList one tensor per result (replacing the
// attribute, which Paddle's Python then fills with -1s), and the known
// sections leave something for a -1.
// RUN: pdnn-opt %s -split-input-file -verify-diagnostics

func.func @axis_tensor_empty(%x: tensor<4x6xf32>) {
  %a = arith.constant dense<> : tensor<0xi32>
  // expected-error @+1 {{AxisTensor}}
  %0:2 = pdnn.split %x AxisTensor(%a : tensor<0xi32>) {num = 2 : i32} : tensor<4x6xf32> -> tensor<?x?xf32>, tensor<?x?xf32>
  return
}

// -----

func.func @axis_tensor_two_values(%x: tensor<4x6xf32>, %a: tensor<2xi32>) {
  // expected-error @+1 {{AxisTensor}}
  %0:2 = pdnn.split %x AxisTensor(%a : tensor<2xi32>) {num = 2 : i32} : tensor<4x6xf32> -> tensor<?x?xf32>, tensor<?x?xf32>
  return
}

// -----

func.func @sections_list_count(%x: tensor<4x6xf32>, %s: tensor<1xi32>) {
  // Three sections, two results.
  // expected-error @+1 {{SectionsTensorList}}
  %0:2 = pdnn.split %x SectionsTensorList(%s, %s, %s : tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) {axis = 1 : i32} : tensor<4x6xf32> -> tensor<4x?xf32>, tensor<4x?xf32>
  return
}

// -----

func.func @sections_list_sum(%x: tensor<4x6xf32>) {
  %a = arith.constant dense<2> : tensor<1xi32>
  // 2 + 2 != 6.
  // expected-error @+1 {{add up to 4}}
  %0:2 = pdnn.split %x SectionsTensorList(%a, %a : tensor<1xi32>, tensor<1xi32>) {axis = 1 : i32} : tensor<4x6xf32> -> tensor<4x2xf32>, tensor<4x2xf32>
  return
}

// -----

func.func @unknown_section_empty(%x: tensor<4x6xf32>) {
  // The known sections take all 4 rows: Paddle rejects the -1.
  // expected-error @+1 {{sections}}
  %0:2 = pdnn.split %x {sections = array<i32: 4, -1>} : tensor<4x6xf32> -> tensor<4x6xf32>, tensor<0x6xf32>
  return
}
