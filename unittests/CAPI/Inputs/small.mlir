// The C API tests' small model: a LoD input ("x", with "x@lod") through a
// fusion_gru, and a static input ("scale") through a relu.
func.func @main(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %scale: tensor<2x3xf32>)
    -> (tensor<?x5xf32>, tensor<2x3xf32>)
    attributes {pdnn.feed_names = ["x", "x@lod", "scale"], pdnn.fetch_names = ["h", "relu"]} {
  %wx = arith.constant dense<0.25> : tensor<3x15xf32>
  %wh = arith.constant dense<-0.125> : tensor<5x15xf32>
  %b = arith.constant dense<0.5> : tensor<1x15xf32>
  %f:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>, tensor<1x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  %r = pdnn.relu %scale : tensor<2x3xf32>
  return %f#0, %r : tensor<?x5xf32>, tensor<2x3xf32>
}
