// Models of cnn-errors.test: run-time sizes that the types leave open and
// that do not fit. Each must stop with "runtime error:" and a message that
// names the problem, on both backends, never crash or read out of bounds.
// One module per function (split-file in cnn-errors.test): pdnn-run
// compiles every function of a module.

//--- conv_small.mlir
// A 3x3 convolution (no padding) of an image that may be smaller than 3x3.
func.func @conv_small(%x: tensor<1x2x?x?xf32>) -> tensor<1x4x?x?xf32> {
  %w = arith.constant dense<0.5> : tensor<4x2x3x3xf32>
  %o = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x?x?xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x?x?xf32>
  return %o : tensor<1x4x?x?xf32>
}

//--- conv_small_fused.mlir
// The same with a fused bias and relu (the oneDNN kernel's post-ops).
func.func @conv_small_fused(%x: tensor<1x2x?x?xf32>) -> tensor<1x4x?x?xf32> {
  %w = arith.constant dense<0.5> : tensor<4x2x3x3xf32>
  %b = arith.constant dense<0.25> : tensor<4xf32>
  %o = pdnn.conv2d Input(%x) Filter(%w) Bias(%b) {strides = array<i32: 2, 2>, fuse_activation = "relu"} : (tensor<1x2x?x?xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x4x?x?xf32>
  return %o : tensor<1x4x?x?xf32>
}

//--- conv_residual.mlir
// A residual whose run-time size is not the convolution's output size.
func.func @conv_residual(%x: tensor<1x2x?x?xf32>, %r: tensor<1x4x?x?xf32>) -> tensor<1x4x?x?xf32> {
  %w = arith.constant dense<0.5> : tensor<4x2x3x3xf32>
  %o = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {paddings = array<i32: 1, 1>, fuse_residual_connection = true} : (tensor<1x2x?x?xf32>, tensor<4x2x3x3xf32>, tensor<1x4x?x?xf32>) -> tensor<1x4x?x?xf32>
  return %o : tensor<1x4x?x?xf32>
}

//--- pool_small.mlir
// Max pooling 3x3 without padding of an image that may be smaller.
func.func @pool_small(%x: tensor<1x2x?x?xf32>) -> tensor<1x2x?x?xf32> {
  %o = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 3, 3>, strides = array<i32: 1, 1>} : (tensor<1x2x?x?xf32>) -> tensor<1x2x?x?xf32>
  return %o : tensor<1x2x?x?xf32>
}

//--- reshape_list.mlir
// reshape2 to a run-time target shape (ShapeTensor list and Shape tensor).
func.func @reshape_list(%x: tensor<2x3xf32>, %a: tensor<1xi32>, %b: tensor<1xi32>) -> tensor<?x?xf32> {
  %o:2 = pdnn.reshape2 %x ShapeTensor(%a, %b : tensor<1xi32>, tensor<1xi32>) : tensor<2x3xf32> -> tensor<?x?xf32>, tensor<0x2x3xf32>
  return %o#0 : tensor<?x?xf32>
}

//--- reshape_shape.mlir
func.func @reshape_shape(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %o:2 = pdnn.reshape2 %x Shape(%s : tensor<2xi64>) : tensor<?x3xf32> -> tensor<?x?xf32>, tensor<0x?x3xf32>
  return %o#0 : tensor<?x?xf32>
}

//--- slice_tensors.mlir
// slice with run-time bounds.
func.func @slice_tensors(%x: tensor<4x5xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<4x?xf32> {
  %o = pdnn.slice %x StartsTensor(%s : tensor<1xi64>) EndsTensor(%e : tensor<1xi64>) {axes = array<i32: 1>} : tensor<4x5xf32> -> tensor<4x?xf32>
  return %o : tensor<4x?xf32>
}

//--- expand_shape.mlir
// expand_v2 to a run-time shape, and of an input whose size is dynamic.
func.func @expand_shape(%x: tensor<2x1xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %o = pdnn.expand_v2 %x Shape(%s : tensor<2xi32>) : tensor<2x1xf32> -> tensor<?x?xf32>
  return %o : tensor<?x?xf32>
}

//--- expand_dynamic.mlir
func.func @expand_dynamic(%x: tensor<?x1xf32>) -> tensor<3x4xf32> {
  %o = pdnn.expand_v2 %x {shape = array<i32: 3, 4>} : tensor<?x1xf32> -> tensor<3x4xf32>
  return %o : tensor<3x4xf32>
}

//--- interp_outsize.mlir
// Interpolation to a run-time output size.
func.func @interp_outsize(%x: tensor<1x2x4x4xf32>, %s: tensor<2xi32>) -> tensor<1x2x?x?xf32> {
  %o = pdnn.nearest_interp_v2 X(%x) OutSize(%s : tensor<2xi32>) {interp_method = "nearest", align_corners = false} : tensor<1x2x4x4xf32> -> tensor<1x2x?x?xf32>
  return %o : tensor<1x2x?x?xf32>
}

//--- interp_sizetensor.mlir
func.func @interp_sizetensor(%x: tensor<1x2x4x4xf32>, %h: tensor<1xi32>, %w: tensor<1xi32>) -> tensor<1x2x?x?xf32> {
  %o = pdnn.bilinear_interp_v2 X(%x) SizeTensor(%h, %w : tensor<1xi32>, tensor<1xi32>) {interp_method = "bilinear", align_corners = false, align_mode = 0 : i32} : tensor<1x2x4x4xf32> -> tensor<1x2x?x?xf32>
  return %o : tensor<1x2x?x?xf32>
}

//--- interp_scale.mlir
func.func @interp_scale(%x: tensor<1x2x4x4xf32>, %s: tensor<1xf32>) -> tensor<1x2x?x?xf32> {
  %o = pdnn.bilinear_interp_v2 X(%x) Scale(%s : tensor<1xf32>) {interp_method = "bilinear", align_corners = false, align_mode = 0 : i32} : tensor<1x2x4x4xf32> -> tensor<1x2x?x?xf32>
  return %o : tensor<1x2x?x?xf32>
}

//--- concat_mismatch.mlir
// Operands whose dynamic sizes must agree at run time.
func.func @concat_mismatch(%a: tensor<2x?xf32>, %b: tensor<3x?xf32>) -> tensor<5x?xf32> {
  %o = pdnn.concat %a, %b {axis = 0 : i32} : (tensor<2x?xf32>, tensor<3x?xf32>) -> tensor<5x?xf32>
  return %o : tensor<5x?xf32>
}

//--- stack_mismatch.mlir
func.func @stack_mismatch(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<2x?x3xf32> {
  %o = pdnn.stack %a, %b {axis = 0 : i32} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<2x?x3xf32>
  return %o : tensor<2x?x3xf32>
}

//--- sub_broadcast.mlir
func.func @sub_broadcast(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %o = pdnn.elementwise_sub %x, %y : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %o : tensor<?x4xf32>
}

//--- pad_reflect.mlir
// pad3d reflect needs every pad smaller than the dimension it pads.
func.func @pad_reflect(%x: tensor<1x1x1x2x?xf32>) -> tensor<1x1x1x2x?xf32> {
  %o = pdnn.pad3d %x {paddings = array<i32: 3, 3, 0, 0, 0, 0>, mode = "reflect"} : tensor<1x1x1x2x?xf32> -> tensor<1x1x1x2x?xf32>
  return %o : tensor<1x1x1x2x?xf32>
}

//--- fill_shape.mlir
// fill_constant of a run-time shape.
func.func @fill_shape(%s: tensor<2xi64>) -> tensor<?x?xf32> {
  %o = pdnn.fill_constant ShapeTensor(%s : tensor<2xi64>) {dtype = 5 : i32, value = 1.0 : f32} : tensor<?x?xf32>
  return %o : tensor<?x?xf32>
}
