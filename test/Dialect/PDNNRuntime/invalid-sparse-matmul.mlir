// RUN: pdnn-opt %s -split-input-file -verify-diagnostics
// RUN: not pdnn-opt %s -split-input-file --pdnnrt-generate-kernels 2>&1 | FileCheck %s --check-prefix=GENERATE
// pdnnrt.sparse_matmul's kernel is a function of the module with the
// kernel's signature; --pdnnrt-generate-kernels reads only declarations it
// understands.

func.func @missing_kernel(%x: tensor<2x64xui8>, %v: tensor<4xsi8>, %o: tensor<1xi64>, %m: tensor<512xui8>,
                          %s: tensor<64xi32>, %g: tensor<128xui8>, %n: tensor<4xui8>, %b: tensor<64xf32>, %c: tensor<1xf32>, %d: tensor<2x64xf32>) {
  // expected-error @+1 {{'pdnnrt.sparse_matmul' op vnniKernel 'nowhere' is not a function of this module}}
  %0 = pdnnrt.sparse_matmul ins(%x, %v, %o, %m, %s, %g, %n, %b, %c : tensor<2x64xui8>, tensor<4xsi8>, tensor<1xi64>, tensor<512xui8>, tensor<64xi32>, tensor<128xui8>, tensor<4xui8>, tensor<64xf32>, tensor<1xf32>)
      outs(%d : tensor<2x64xf32>) {amxKernel = @nowhere, vnniKernel = @nowhere} -> tensor<2x64xf32>
  return
}

// -----

// Both kernels are checked: a good VNNI kernel does not excuse the AMX one.
func.func private @k(!llvm.ptr, i64, i64)

func.func @missing_amx_kernel(%x: tensor<2x64xui8>, %v: tensor<4xsi8>, %o: tensor<1xi64>, %m: tensor<512xui8>,
                              %s: tensor<64xi32>, %g: tensor<128xui8>, %n: tensor<4xui8>, %b: tensor<64xf32>, %c: tensor<1xf32>, %d: tensor<2x64xf32>) {
  // expected-error @+1 {{'pdnnrt.sparse_matmul' op amxKernel 'nowhere' is not a function of this module}}
  %0 = pdnnrt.sparse_matmul ins(%x, %v, %o, %m, %s, %g, %n, %b, %c : tensor<2x64xui8>, tensor<4xsi8>, tensor<1xi64>, tensor<512xui8>, tensor<64xi32>, tensor<128xui8>, tensor<4xui8>, tensor<64xf32>, tensor<1xf32>)
      outs(%d : tensor<2x64xf32>) {amxKernel = @nowhere, vnniKernel = @k} -> tensor<2x64xf32>
  return
}

// -----

func.func private @wrong_signature(i64, i64)

func.func @wrong_kernel_type(%x: tensor<2x64xui8>, %v: tensor<4xsi8>, %o: tensor<1xi64>, %m: tensor<512xui8>,
                             %s: tensor<64xi32>, %g: tensor<128xui8>, %n: tensor<4xui8>, %b: tensor<64xf32>, %c: tensor<1xf32>, %d: tensor<2x64xf32>) {
  // expected-error @+1 {{'pdnnrt.sparse_matmul' op vnniKernel 'wrong_signature' must have type '(!llvm.ptr, i64, i64) -> ()', got '(i64, i64) -> ()'}}
  %0 = pdnnrt.sparse_matmul ins(%x, %v, %o, %m, %s, %g, %n, %b, %c : tensor<2x64xui8>, tensor<4xsi8>, tensor<1xi64>, tensor<512xui8>, tensor<64xi32>, tensor<128xui8>, tensor<4xui8>, tensor<64xf32>, tensor<1xf32>)
      outs(%d : tensor<2x64xf32>) {amxKernel = @wrong_signature, vnniKernel = @wrong_signature} -> tensor<2x64xf32>
  return
}

// -----

// The runtime's element types: f32 bitmask is refused like any buffer.
func.func private @k(!llvm.ptr, i64, i64)

func.func @wrong_bitmask_type(%x: tensor<2x64xui8>, %v: tensor<4xsi8>, %o: tensor<1xi64>, %m: tensor<512xf32>,
                              %s: tensor<64xi32>, %g: tensor<128xui8>, %n: tensor<4xui8>, %b: tensor<64xf32>, %c: tensor<1xf32>, %d: tensor<2x64xf32>) {
  // expected-error @+1 {{'pdnnrt.sparse_matmul' op operand 3 (bitmask) must have element type ui8, got 'tensor<512xf32>'}}
  %0 = pdnnrt.sparse_matmul ins(%x, %v, %o, %m, %s, %g, %n, %b, %c : tensor<2x64xui8>, tensor<4xsi8>, tensor<1xi64>, tensor<512xf32>, tensor<64xi32>, tensor<128xui8>, tensor<4xui8>, tensor<64xf32>, tensor<1xf32>)
      outs(%d : tensor<2x64xf32>) {amxKernel = @k, vnniKernel = @k} -> tensor<2x64xf32>
  return
}

// -----

// GENERATE: error: cannot generate kernel 'sparse_matmul_vnni': expected sparse_matmul_vnni or sparse_matmul_amx with a pdnnrt.dst_type of f32, i32, ui8 or si8 and a pdnnrt.activation
func.func private @bad_declaration(!llvm.ptr, i64, i64) attributes {pdnnrt.kernel = "sparse_matmul_vnni", pdnnrt.dst_type = bf16, pdnnrt.activation = #pdnnrt.activation<none>}

// -----

// GENERATE: error: cannot generate kernel 'sparse_matmul_sse': expected sparse_matmul_vnni or sparse_matmul_amx
func.func private @unknown_kind(!llvm.ptr, i64, i64) attributes {pdnnrt.kernel = "sparse_matmul_sse", pdnnrt.dst_type = f32, pdnnrt.activation = #pdnnrt.activation<none>}

// -----

// The column groups are bytes: k indices and s8 weights side by side.
func.func private @k(!llvm.ptr, i64, i64)

func.func @wrong_group_counts_type(%x: tensor<2x64xui8>, %v: tensor<4xsi8>, %o: tensor<1xi64>, %m: tensor<512xui8>,
                                   %s: tensor<64xi32>, %g: tensor<128xui8>, %n: tensor<4xi32>, %b: tensor<64xf32>, %c: tensor<1xf32>, %d: tensor<2x64xf32>) {
  // expected-error @+1 {{'pdnnrt.sparse_matmul' op operand 6 (groupCounts) must have element type ui8, got 'tensor<4xi32>'}}
  %0 = pdnnrt.sparse_matmul ins(%x, %v, %o, %m, %s, %g, %n, %b, %c : tensor<2x64xui8>, tensor<4xsi8>, tensor<1xi64>, tensor<512xui8>, tensor<64xi32>, tensor<128xui8>, tensor<4xi32>, tensor<64xf32>, tensor<1xf32>)
      outs(%d : tensor<2x64xf32>) {amxKernel = @k, vnniKernel = @k} -> tensor<2x64xf32>
  return
}
