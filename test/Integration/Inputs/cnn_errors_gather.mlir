// Model of cnn-errors-gather.test: gather indices outside [0, X[axis]) must
// stop with "runtime error:" on both backends, never read out of bounds.
// (Its own module: pdnn-run lowers every function of a module.)

// gather with run-time indices.
func.func @gather_rows(%x: tensor<5x3xf32>, %i: tensor<?xi64>) -> tensor<?x3xf32> {
  %o = pdnn.gather %x, %i : (tensor<5x3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
  return %o : tensor<?x3xf32>
}
