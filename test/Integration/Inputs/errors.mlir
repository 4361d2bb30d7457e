// Models of errors.test: pdnn-run's checks of its inputs and of the LoD.
// Weights are constants: the entry points take only data.

// A fusion_gru on the oneDNN path (sigmoid/tanh, f32).
func.func @gru(%x: tensor<?x3xf32>, %lod: tensor<?xi64>) -> tensor<?x5xf32> {
  %wx = arith.constant dense<0.25> : tensor<3x15xf32>
  %wh = arith.constant dense<-0.125> : tensor<5x15xf32>
  %b = arith.constant dense<0.5> : tensor<1x15xf32>
  %f:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>, tensor<1x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  return %f#0 : tensor<?x5xf32>
}

// The same with H0 (one row per sequence) and the reverse direction.
func.func @gru_h0(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %h0: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %wx = arith.constant dense<0.25> : tensor<3x15xf32>
  %wh = arith.constant dense<-0.125> : tensor<5x15xf32>
  %f:5 = pdnn.fusion_gru X(%x) lod(%lod) H0(%h0) WeightX(%wx) WeightH(%wh) {is_reverse = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<?x5xf32>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x15xf32>, tensor<?x5xf32>)
  return %f#0 : tensor<?x5xf32>
}

// multi_gru on the oneDNN path.
func.func @multi(%x: tensor<?x3xf32>, %lod: tensor<?xi64>) -> tensor<?x10xf32> {
  %wx = arith.constant dense<0.25> : tensor<3x15xf32>
  %wh = arith.constant dense<-0.125> : tensor<5x15xf32>
  %h = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<3x15xf32>, tensor<5x15xf32>, tensor<5x15xf32>)
     -> tensor<?x10xf32>
  return %h : tensor<?x10xf32>
}

// A static signature.
func.func @static(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = pdnn.relu %a : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
