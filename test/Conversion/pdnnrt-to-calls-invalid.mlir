// What --convert-pdnnrt-to-calls refuses, with a diagnostic.
// RUN: pdnn-opt %s -split-input-file --convert-pdnnrt-to-calls -verify-diagnostics

func.func @not_bufferized(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{must be bufferized before it becomes a call}}
  %0 = pdnnrt.eltwise ins(%x : tensor<4xf32>) outs(%x : tensor<4xf32>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.0 : f32, beta = 0.0 : f32} -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Only a module's constants are prepared once per module.
func.func @prepare_an_argument(%w: memref<8x2xf32>) {
  // expected-error @+1 {{prepares weights that are not a constant global: only a module's constants can be prepared once per module}}
  %h = pdnnrt.prepare_weights %w {role = #pdnnrt.weights<matmul>} : memref<8x2xf32>
  return
}

// -----

// A plan is a constant of the module too: the constructor reads it.
memref.global "private" constant @w : memref<8x2xf32> = dense<1.0>
func.func @plan_an_argument(%plan: memref<4xi64>) {
  %w = memref.get_global @w : memref<8x2xf32>
  // expected-error @+1 {{has a plan that is not a constant global}}
  %h = pdnnrt.prepare_weights %w plan(%plan : memref<4xi64>) {role = #pdnnrt.weights<matmul>} : memref<8x2xf32>
  return
}

// -----

// The element types a call takes are part of its declaration: a bf16
// buffer for an f32 entry point does not verify (it never becomes a call
// the runtime would read as f32).
func.func @bf16_for_f32(%y: memref<4xbf16>) {
  // expected-error @+1 {{operand 0 (src) must have element type f32, got 'memref<4xbf16>'}}
  pdnnrt.eltwise ins(%y : memref<4xbf16>) outs(%y : memref<4xbf16>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.0 : f32, beta = 0.0 : f32}
  return
}
