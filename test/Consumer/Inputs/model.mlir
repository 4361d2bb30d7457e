func.func @model(%x: tensor<?x8xf32>, %lod: tensor<?xi64>, %w: tensor<8x12xf32>, %b: tensor<12xf32>,
                 %gru_w: tensor<4x12xf32>) -> tensor<?x4xf32> {
  %0 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x12xf32>) -> tensor<?x12xf32>
  %1 = pdnn.elementwise_add %0, %b : (tensor<?x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
  %h:4 = pdnn.gru Input(%1) lod(%lod) Weight(%gru_w)
      : (tensor<?x12xf32>, tensor<?xi64>, tensor<4x12xf32>) -> (tensor<?x4xf32>, tensor<?x12xf32>, tensor<?x4xf32>, tensor<?x4xf32>)
  %2 = pdnn.scale %h#0 {scale = 1.0 : f32} : tensor<?x4xf32> -> tensor<?x4xf32>
  %3 = pdnn.relu %2 : tensor<?x4xf32>
  return %3 : tensor<?x4xf32>
}
