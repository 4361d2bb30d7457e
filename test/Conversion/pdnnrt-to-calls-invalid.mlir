// The runtime takes f32 data: a bf16 call is a clear error, not a bad call.
// RUN: pdnn-opt %s -split-input-file --convert-pdnnrt-to-calls -verify-diagnostics

func.func @not_bufferized(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{must be bufferized before it becomes a call}}
  %0 = pdnnrt.eltwise ins(%x : tensor<4xf32>) outs(%x : tensor<4xf32>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.0 : f32, beta = 0.0 : f32} -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mixed_types(%x: memref<4xf32>, %y: memref<4xbf16>) {
  pdnnrt.eltwise ins(%x : memref<4xf32>) outs(%x : memref<4xf32>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.0 : f32, beta = 0.0 : f32}
  // expected-error @+1 {{runtime entry point 'pdnnrt_eltwise' called as}}
  pdnnrt.eltwise ins(%y : memref<4xbf16>) outs(%y : memref<4xbf16>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.0 : f32, beta = 0.0 : f32}
  return
}
