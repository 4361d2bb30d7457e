// int8 products with packed sparse weights: --convert-pdnn-to-onednn packs
// the constant (values, offsets, bitmask, column sums, column groups) into
// a pdnnrt.sparse_matmul whose two kernels (AVX-512 VNNI and AMX) it
// declares; --pdnnrt-generate-kernels builds them (vector.expandload, then
// vpdpbusd, or tdpbusd under an explicit tile configuration; for VNNI
// chunks of more than 4 rows, vpermb of the data by the column groups and
// vpdpbusd); down to assembly they decompress with vpexpandb and multiply
// with vpdpbusd or ldtilecfg/tileloadd/tdpbusd/tilestored, whatever the
// host CPU.
// RUN: pdnn-opt %s --convert-pdnn-to-onednn | FileCheck %s
// RUN: pdnn-opt %s --convert-pdnn-to-onednn --pdnnrt-generate-kernels | FileCheck %s --check-prefix=KERNEL
// RUN: pdnn-opt %s --convert-pdnn-to-onednn --pdnnrt-generate-kernels | FileCheck %s --check-prefix=AMX-KERNEL
// RUN: pdnn-opt %s --pdnn-lower | mlir-translate --mlir-to-llvmir > %t.ll
// RUN: FileCheck %s --check-prefix=LLVMIR < %t.ll
// RUN: llc -O2 %t.ll -o - | FileCheck %s --check-prefix=ASM
// RUN: llc -O2 %t.ll -o - | FileCheck %s --check-prefix=AMX-ASM

// K = 5 and N = 3 pad to one block: one offset, 512 bitmask bytes, 64
// column sums; the 3 non-zeros in blocked order: (k, n) sits at
// (k/4)·256 + n·4 + k%4, so (0,0) = 5 at 0, (2,2) = -7 at 10, (4,1) = 3 at 260.
// Column groups: columns 0-15 have one non-zero each at most, so one group
// of 128 bytes and counts [1, 0, 0, 0]; lane c's k at byte 4 c (0, 4, 2),
// its weight at 64 + 4 c (5, 3, -7 = 0xF9).
// CHECK-LABEL: func @fc_relu_u8
// CHECK-DAG: %[[VALUES:.*]] = arith.constant dense<[5, -7, 3]> : tensor<3xsi8>
// CHECK-DAG: %[[OFFSETS:.*]] = arith.constant dense<0> : tensor<1xi64>
// CHECK-DAG: %[[MASK:.*]] = arith.constant dense<"0x010400000000000000000000000000000000000000000000000000000000000010{{0+}}"> : tensor<512xui8>
// CHECK-DAG: %[[SUMS:.*]] = arith.constant dense<[5, 3, -7{{(, 0)+}}]> : tensor<64xi32>
// CHECK-DAG: %[[GROUPS:.*]] = arith.constant dense<"0x000000000400000002{{0+}}0500000003000000F9{{0+}}"> : tensor<128xui8>
// CHECK-DAG: %[[COUNTS:.*]] = arith.constant dense<[1, 0, 0, 0]> : tensor<4xui8>
// CHECK: pdnnrt.sparse_matmul ins(%arg0, %[[VALUES]], %[[OFFSETS]], %[[MASK]], %[[SUMS]], %[[GROUPS]], %[[COUNTS]], %{{.*}}, %{{.*}} : tensor<2x5xsi8>, tensor<3xsi8>, tensor<1xi64>, tensor<512xui8>, tensor<64xi32>, tensor<128xui8>, tensor<4xui8>, tensor<3xf32>, tensor<1xf32>)
// CHECK-SAME: outs(%{{.*}} : tensor<2x3xui8>) {activation = #pdnnrt.activation<relu>, activationScale = 3.100000e+01 : f32, amxKernel = @__pdnn_sparse_matmul_amx_u8_relu, vnniKernel = @__pdnn_sparse_matmul_vnni_u8_relu}
// CHECK-NOT: pdnnrt.matmul
// CHECK: func.func private @__pdnn_sparse_matmul_vnni_u8_relu(!llvm.ptr, i64, i64) attributes {pdnnrt.activation = #pdnnrt.activation<relu>, pdnnrt.dst_type = ui8, pdnnrt.kernel = "sparse_matmul_vnni"}
// CHECK: func.func private @__pdnn_sparse_matmul_amx_u8_relu(!llvm.ptr, i64, i64) attributes {pdnnrt.activation = #pdnnrt.activation<relu>, pdnnrt.dst_type = ui8, pdnnrt.kernel = "sparse_matmul_amx"}

// KERNEL-LABEL: func.func private @__pdnn_sparse_matmul_vnni_u8_relu(%arg0: !llvm.ptr, %arg1: i64, %arg2: i64)
// KERNEL-SAME: target_features = #llvm.target_features<["+avx512f", "+avx512bw", "+avx512vl", "+avx512dq", "+avx512vnni", "+avx512vbmi", "+avx512vbmi2", "+popcnt"]>
// Chunks of 1 to 4 rows: each block row expanded into a register, 4
// vpdpbusd per row.
// KERNEL: scf.index_switch
// KERNEL-NEXT: case 1 {
// KERNEL: vector.expandload %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<?xi8>, vector<64xi1>, vector<64xi8> into vector<64xi8>
// KERNEL: math.ctpop
// KERNEL-COUNT-4: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// KERNEL-NOT: vpdpbusd
// KERNEL: case 2 {
// Larger chunks: 8, 12 or 16 rows through the column groups. Per group,
// both cache lines 8 KiB ahead prefetched into L2, the k and the weights loaded,
// and per row its data permuted by the k and multiplied.
// KERNEL: default {
// KERNEL: scf.index_switch
// KERNEL-NEXT: case 2 {
// KERNEL: memref.prefetch %{{.*}}[%{{.*}}], read, locality<2>, data : memref<?xi8>
// KERNEL: memref.prefetch
// KERNEL-NEXT: %[[KS:.*]] = vector.load %[[GROUP_BUF:.*]][%{{.*}}] : memref<?xi8>, vector<64xi8>
// KERNEL: %[[W:.*]] = vector.load %[[GROUP_BUF]][%{{.*}}] : memref<?xi8>, vector<64xi8>
// KERNEL-COUNT-8: llvm.call_intrinsic "llvm.x86.avx512.permvar.qi.512"(%{{.*}}, %[[KS]]) : (vector<64xi8>, vector<64xi8>) -> vector<64xi8>
// KERNEL: case 3 {
// KERNEL-COUNT-12: llvm.call_intrinsic "llvm.x86.avx512.permvar.qi.512"
// KERNEL: default {
// KERNEL-COUNT-16: llvm.call_intrinsic "llvm.x86.avx512.permvar.qi.512"
// KERNEL: arith.maximumf
// KERNEL: math.roundeven
// KERNEL: arith.fptoui %{{.*}} : vector<16xf32> to vector<16xi8>
// KERNEL: vector.maskedstore
// KERNEL-NOT: pdnnrt.kernel

// The AMX kernel: the same decompression, then per chunk of up to 16 rows
// a palette-1 record (byte 0 = 1; 64 bytes per row at 16 + 2 t; rows at
// 48 + t: the chunk's for tiles 0-4, 16 for tile 5) loaded by ldtilecfg,
// sums zeroed in tiles 0-3; per block the data into tile 4, and for each
// quarter of the buffer (256 bytes between rows) tile 5 and a tdpbusd into
// tile j; the sums stored 256 bytes per row, the epilogue, tilerelease.
// AMX-KERNEL-LABEL: func.func private @__pdnn_sparse_matmul_amx_u8_relu(%arg0: !llvm.ptr, %arg1: i64, %arg2: i64)
// AMX-KERNEL-SAME: "+avx512vbmi2", "+popcnt", "+amx-tile", "+amx-int8"
// AMX-KERNEL: scf.for
// AMX-KERNEL: scf.for
// AMX-KERNEL: memref.store %c1_i8, %{{.*}}[%c0{{(_[0-9]+)?}}] : memref<?xi8>
// AMX-KERNEL: memref.store %c64_i8, %{{.*}}[%c16{{(_[0-9]+)?}}] : memref<?xi8>
// AMX-KERNEL: memref.store %[[ROWS:.*]], %{{.*}}[%c48] : memref<?xi8>
// AMX-KERNEL: memref.store %c16_i8{{.*}}, %{{.*}}[%c53] : memref<?xi8>
// AMX-KERNEL: llvm.call_intrinsic "llvm.x86.ldtilecfg"
// AMX-KERNEL-COUNT-4: llvm.call_intrinsic "llvm.x86.tilezero"
// AMX-KERNEL: vector.expandload
// AMX-KERNEL: llvm.call_intrinsic "llvm.x86.tileloadd64"
// AMX-KERNEL-COUNT-4: llvm.call_intrinsic "llvm.x86.tdpbusd"
// AMX-KERNEL-COUNT-4: llvm.call_intrinsic "llvm.x86.tilestored64"
// AMX-KERNEL: vector.maskedstore
// AMX-KERNEL: llvm.call_intrinsic "llvm.x86.tilerelease"
// AMX-KERNEL-NOT: vpdpbusd

// LLVM IR: tile numbers are immediates; tdpbusd accumulates tile j from
// the data (4) and the weights (5).
// LLVMIR-LABEL: define {{.*}}@__pdnn_sparse_matmul_amx_u8_relu(
// LLVMIR: call void @llvm.x86.ldtilecfg(ptr
// LLVMIR: call void @llvm.x86.tilezero(i8 0)
// LLVMIR: call void @llvm.x86.tileloadd64(i8 4, ptr %{{.*}}, i64 %{{.*}})
// LLVMIR: call void @llvm.x86.tileloadd64(i8 5, ptr %{{.*}}, i64 256)
// LLVMIR: call void @llvm.x86.tdpbusd(i8 0, i8 4, i8 5)
// LLVMIR: call void @llvm.x86.tdpbusd(i8 3, i8 4, i8 5)
// LLVMIR: call void @llvm.x86.tilestored64(i8 0, ptr %{{.*}}, i64 256)
// LLVMIR: call void @llvm.x86.tilerelease()

// The caller hands the kernel's address to the runtime; the kernel expands
// a 64-byte row under a mask register and multiplies it in registers;
// through the column groups, a vpermb with the data row in memory feeds
// each vpdpbusd; u8 stored under the column mask.
// ASM: call{{.*}}pdnnrt_sparse_matmul
// ASM-LABEL: __pdnn_sparse_matmul_vnni_u8_relu:
// ASM: vpexpandb ({{.*}}), %zmm{{[0-9]+}} {%k{{[0-7]}}} {z}
// ASM: vpdpbusd %zmm
// ASM: prefetcht1 8192(
// ASM: prefetcht1 8256(
// ASM: vpermb {{-?[0-9]*}}(%{{.*}}), %zmm[[KS:[0-9]+]], %zmm[[PICKED:[0-9]+]]
// ASM-NEXT: vpdpbusd %zmm{{[0-9]+}}, %zmm[[PICKED]], %zmm{{[0-9]+}}
// ASM: vpmovdb %zmm{{[0-9]+}}, ({{.*}}) {%k{{[0-7]}}}

// AMX-ASM-LABEL: __pdnn_sparse_matmul_amx_u8_relu:
// AMX-ASM: ldtilecfg
// AMX-ASM: tilezero %tmm0
// AMX-ASM: tileloadd ({{.*}}), %tmm4
// AMX-ASM: tileloadd ({{.*}}), %tmm5
// AMX-ASM-NEXT: tdpbusd %tmm5, %tmm4, %tmm0
// AMX-ASM: tdpbusd %tmm5, %tmm4, %tmm3
// AMX-ASM: vpexpandb ({{.*}}), %zmm{{[0-9]+}} {%k{{[0-7]}}} {z}
// AMX-ASM: tilestored %tmm0, ({{.*}})
// AMX-ASM: tilerelease
func.func @fc_relu_u8(%x: tensor<2x5xsi8>) -> tensor<2x3xui8> {
  %w = arith.constant dense<[[5, 0, 0], [0, 0, 0], [0, 0, -7], [0, 0, 0], [0, 3, 0]]> : tensor<5x3xsi8, #pdnn.packed<"BA16a64b4a", nnz = 3>>
  %b = arith.constant dense<0.5> : tensor<3xf32>
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) {activation_type = "relu", Scale_in = 2.0 : f32, Scale_out = 31.0 : f32}
      : (tensor<2x5xsi8>, tensor<5x3xsi8, #pdnn.packed<"BA16a64b4a", nnz = 3>>, tensor<3xf32>) -> tensor<2x3xui8>
  return %0 : tensor<2x3xui8>
}
