func.func @main(%a: tensor<2xf64>) -> tensor<2xf64> {
  return %a : tensor<2xf64>
}
