func.func @model(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = pdnn.scale %x {scale = 1.0 : f32} : tensor<4x8xf32> -> tensor<4x8xf32>
  %1 = pdnn.relu %0 : tensor<4x8xf32>
  %2 = pdnn.relu %0 : tensor<4x8xf32>
  %3 = pdnn.sum %1, %2 : tensor<4x8xf32>
  return %3 : tensor<4x8xf32>
}
