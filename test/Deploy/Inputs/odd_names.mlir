// Paddle variables whose names are not C identifiers, or are C's words.
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>, %c: tensor<2xf32>)
    -> (tensor<2xf32>, tensor<2xf32>)
    attributes {pdnn.feed_names = ["results", "int", "x*/y"],
                pdnn.fetch_names = ["results", "9lives/out.0"]} {
  %0 = pdnn.relu %a : tensor<2xf32>
  %1 = pdnn.relu %b : tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}
