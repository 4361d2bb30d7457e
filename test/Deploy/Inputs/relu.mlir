func.func @main(%a: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = pdnn.relu %a : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
