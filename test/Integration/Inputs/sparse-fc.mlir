// A packed sparse fc small enough to check by hand: Out = X x W exactly
// (scales 1, no bias). W's non-zeros: (0,0) = 5, (2,2) = -7, (4,1) = 3.
func.func @main(%x: tensor<2x5xui8>) -> tensor<2x3xf32> {
  %w = arith.constant dense<[[5, 0, 0], [0, 0, 0], [0, 0, -7], [0, 0, 0], [0, 3, 0]]> : tensor<5x3xsi8, #pdnn.packed<"BA16a64b4a", nnz = 3>>
  %0 = pdnn.fc Input(%x) W(%w) {Scale_in = 1.0 : f32, force_fp32_output = true}
      : (tensor<2x5xui8>, tensor<5x3xsi8, #pdnn.packed<"BA16a64b4a", nnz = 3>>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
