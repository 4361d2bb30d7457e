// Models of cnn-errors-negative-sizes.test: run-time target sizes below -1
// (Paddle accepts only -1, "infer this size", among negative values) must
// stop with "runtime error:" on both backends.

// reshape2 whose ShapeTensor holds negative sizes whose product is X's
// element count ([-3, -2] for 6 elements), read by a reduction.
func.func @reshape_sum(%x: tensor<2x3xf32>, %a: tensor<1xi32>, %b: tensor<1xi32>) -> tensor<1xf32> {
  %o:2 = pdnn.reshape2 %x ShapeTensor(%a, %b : tensor<1xi32>, tensor<1xi32>) : tensor<2x3xf32> -> tensor<?x?xf32>, tensor<0x2x3xf32>
  %r = pdnn.reduce_sum %o#0 {reduce_all = true} : tensor<?x?xf32> -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// The same, returned.
func.func @reshape(%x: tensor<2x3xf32>, %a: tensor<1xi32>, %b: tensor<1xi32>) -> tensor<?x?xf32> {
  %o:2 = pdnn.reshape2 %x ShapeTensor(%a, %b : tensor<1xi32>, tensor<1xi32>) : tensor<2x3xf32> -> tensor<?x?xf32>, tensor<0x2x3xf32>
  return %o#0 : tensor<?x?xf32>
}

// expand_v2 to a Shape holding -2.
func.func @expand_relu(%x: tensor<2x1xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %o = pdnn.expand_v2 %x Shape(%s : tensor<2xi32>) : tensor<2x1xf32> -> tensor<?x?xf32>
  %r = pdnn.relu %o : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
