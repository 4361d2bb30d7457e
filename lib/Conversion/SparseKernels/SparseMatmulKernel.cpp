//===- SparseMatmulKernel.cpp - generated packed-sparse int8 kernels ------===//
//
// One kernel computes dst[:, nb*64 .. nb*64+64) for its N-blocks nb, a
// chunk of rows at a time, and applies a fused epilogue per 16 columns:
// sums - correction, to f32, + bias, x scale, activation (x
// activationScale), rounded and saturated into dst.
//
// The packed buffers are read through their blocks: per 64 x 64 block, 64
// vector.expandload of 64 bytes, each under 64 bits of the bitmask
// (vpexpandb). An expanded block row r is the format's own layout, k4 =
// r/4 and columns 16 (r%4) .. +16 of four k each: both vpdpbusd's operand
// (16 columns x 4 k per vector) and an AMX B tile (rows k4, 64 bytes of 16
// columns x 4 k).
//   AMX   chunks of 16 rows, sums in tiles 0-3 (16 rows x 16 columns each)
//         for the whole K; per block, the expanded rows stored into an L1
//         buffer, data in tile 4 (16 rows x 64 k), each 16-column quarter
//         of the buffer in tile 5, 4 tdpbusd. The tile configuration is
//         explicit IR: a 64-byte palette-1 record written on the stack and
//         loaded with ldtilecfg per chunk (its row counts depend on the
//         chunk), tilerelease on return.
//   VNNI  chunks of 16 rows. A chunk of at most 4 rows (inference at
//         M = 1 .. 4, bound by reading the weights) keeps its sums in
//         registers for the whole K and expands each block row straight
//         into the weight register that multiplies it: per k4 step, 4
//         weight vectors, a broadcast of 4 data bytes per row, 4 vpdpbusd
//         per row.
//         A larger chunk is bound by the multiply: dense int8 runs at one
//         vpdpbusd per cycle there (Zen 4), and a vpdpbusd on expanded
//         weights can skip only 4 k all zero in 16 columns at once, which
//         random zeros almost never are. It reads the column groups
//         instead (pdnn::packed::groupColumns): per 16 columns and block, a
//         few vectors of 4 non-zeros per column with their k; vpermb
//         gathers each row's data bytes for those k and one vpdpbusd
//         multiplies them, so each column skips its own zeros (at 0.7
//         sparsity about 7 vpdpbusd + vpermb per row where dense takes 16).
//
//===----------------------------------------------------------------------===//

#include "SparseMatmulKernel.h"

#include "PaddleDNN/Runtime/PackedSparseFormat.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {

constexpr int64_t kBlock = ::pdnn::packed::kBlock;
/// Rows of one chunk: a tile's for AMX, the column groups' for VNNI (16
/// vectors of sums, each row's data a memory operand of its vpermb).
constexpr int64_t kRowChunk = ::pdnn::packed::kGroupRowChunk;
/// Rows kept in registers: 4 rows x 4 vectors of sums, 4 weight vectors
/// and a broadcast use 21 of AVX-512's 32 registers.
constexpr int64_t kTileRows = ::pdnn::packed::kRegisterRows;
static_assert(kRowChunk == 16, "an AMX tile holds 16 rows");
/// Lanes of one vector of s32 sums.
constexpr int64_t kLanes = 16;
constexpr int64_t kLaneSets = ::pdnn::packed::kLaneSets;
static_assert(::pdnn::packed::kLaneSetColumns == kLanes);
/// vpdpbusd: s32 sums += u8 data . s8 weights, 4 products per lane.
constexpr StringLiteral kVpdpbusd = "llvm.x86.avx512.vpdpbusd.512";
/// vpermb: bytes of a 64-byte table picked by 64 indices (table, indices).
constexpr StringLiteral kVpermb = "llvm.x86.avx512.permvar.qi.512";
/// How far ahead of the group being multiplied the next are prefetched,
/// into L2: the groups stream from memory at nearly its bandwidth, which
/// the hardware prefetcher alone leaves short. On Zen 4 at 0.7 sparse,
/// M = 16: 3.0 ms without, 2.6-2.7 ms 4 KiB ahead into L1, 2.1-2.4 ms
/// 8-16 KiB ahead into L2 (docs/BENCHMARKS.md).
constexpr int64_t kGroupPrefetchBytes = 8192;

/// AMX tiles the kernel uses: sums of 16 columns each, data, weights.
constexpr int64_t kSumTiles = 4, kDataTile = 4, kWeightTile = 5;
/// Bytes of one tile row: 64 u8/s8, or 16 s32.
constexpr int64_t kTileRowBytes = 64;

class KernelBuilder {
public:
  KernelBuilder(OpBuilder &b, Location loc, const SparseKernelSpec &spec,
                SparseKernelIsa isa)
      : b(b), loc(loc), spec(spec), isa(isa), ctx(b.getContext()) {}

  void build(func::FuncOp fn);

private:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value splat(Type elementType, Attribute value, int64_t lanes) {
    auto type = VectorType::get({lanes}, elementType);
    return arith::ConstantOp::create(b, loc, type,
                                     DenseElementsAttr::get(type, value));
  }
  Value splatF32(double v) { return splat(b.getF32Type(), b.getF32FloatAttr(v), kLanes); }

  /// Slot `slot` of the argument array, as i64 or as a pointer.
  Value slot(int slot, Type type);
  Value slotIndex(int s) {
    return arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                      slot(s, b.getI64Type()));
  }
  /// A 1-D memref of `size` elements at `pointer`.
  Value memrefOver(Value pointer, Value size, Type elementType);
  /// A 1-D memref of `size` elements at the pointer in slot `s`.
  Value memrefAt(int s, Value size, Type elementType) {
    return memrefOver(slot(s, LLVM::LLVMPointerType::get(ctx)), size,
                      elementType);
  }
  /// `bytes` of 64-byte aligned stack, as a pointer.
  Value stackBytes(int64_t bytes);
  /// `base` + `offset` bytes.
  Value byteAddress(Value base, Value offset);
  Value i64Of(Value indexValue) {
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), indexValue);
  }
  Value tileNumber(int64_t t) {
    return LLVM::ConstantOp::create(b, loc, b.getI8Type(),
                                    b.getI8IntegerAttr(t));
  }
  void callIntrinsic(StringRef name, ValueRange operands) {
    LLVM::CallIntrinsicOp::create(b, loc, b.getStringAttr(name), operands,
                                  LLVM::FastmathFlagsAttr());
  }

  void expandBlock(Value block);
  /// Row `r` of the block whose mask starts at 64-bit word `maskBase`,
  /// expanded from the values at `position`; and where the next row's
  /// values start.
  std::pair<Value, Value> expandRow(Value maskBase, Value r, Value position);
  Value broadcastData(Value at);
  /// One k4 step of a register tile: per row of `sums` (4 vectors each),
  /// its 4 data bytes times the 4 weight vectors, appended to `next`.
  void multiplyStep(Value srcBase, Value k4, ArrayRef<Value> weights,
                    ValueRange sums, SmallVectorImpl<Value> &next);
  void multiplyInRegisters(Value nb, Value m0, int64_t rows);
  void multiplyColumnGroups(Value nb, Value m0, int64_t rows);
  void configureTiles(Value rows);
  void multiplyAmx(Value m0, Value kb);
  void epilogue(Value nb, Value m0, Value rows);
  Value activate(Value x);
  Value convertToDst(Value x);

  OpBuilder &b;
  Location loc;
  const SparseKernelSpec &spec;
  SparseKernelIsa isa;
  MLIRContext *ctx;
  Value args;
  // The buffers and sizes every part reads.
  Value src, values, offsets, bitmask, correction, bias, scales, dst;
  Value kBlocks, srcStride, ldDst, n, actScale, lanesIota;
  Value buffer, sums;
  // VNNI's column groups and the data blocked for them.
  Value groups, groupCounts, groupStarts, srcBlocks;
  // AMX: the same buffers as pointers, and the tile configuration.
  Value srcPointer, bufferPointer, sumsPointer, tileConfig;
};

Value KernelBuilder::slot(int s, Type type) {
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  Value address = LLVM::GEPOp::create(b, loc, ptr, b.getI64Type(), args,
                                      ArrayRef<LLVM::GEPArg>{s});
  return LLVM::LoadOp::create(b, loc, type, address);
}

Value KernelBuilder::memrefOver(Value pointer, Value size, Type elementType) {
  // The runtime hands raw pointers; a memref descriptor over each lets the
  // body use memref and vector ops (the casts fold when lowered to LLVM).
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  Type i64 = b.getI64Type();
  auto array = LLVM::LLVMArrayType::get(i64, 1);
  auto descriptor =
      LLVM::LLVMStructType::getLiteral(ctx, {ptr, ptr, i64, array, array});
  Value d = LLVM::PoisonOp::create(b, loc, descriptor);
  auto i64Constant = [&](int64_t v) {
    return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
  };
  d = LLVM::InsertValueOp::create(b, loc, d, pointer, ArrayRef<int64_t>{0});
  d = LLVM::InsertValueOp::create(b, loc, d, pointer, ArrayRef<int64_t>{1});
  d = LLVM::InsertValueOp::create(b, loc, d, i64Constant(0), ArrayRef<int64_t>{2});
  d = LLVM::InsertValueOp::create(b, loc, d, i64Of(size),
                                  ArrayRef<int64_t>{3, 0});
  d = LLVM::InsertValueOp::create(b, loc, d, i64Constant(1), ArrayRef<int64_t>{4, 0});
  auto type = MemRefType::get({ShapedType::kDynamic}, elementType);
  return UnrealizedConversionCastOp::create(b, loc, type, d).getResult(0);
}

Value KernelBuilder::stackBytes(int64_t bytes) {
  Type i64 = b.getI64Type();
  Value count =
      LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(bytes));
  return LLVM::AllocaOp::create(b, loc, LLVM::LLVMPointerType::get(ctx),
                                b.getI8Type(), count, /*alignment=*/64);
}

Value KernelBuilder::byteAddress(Value base, Value offset) {
  return LLVM::GEPOp::create(b, loc, LLVM::LLVMPointerType::get(ctx),
                             b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{i64Of(offset)});
}

std::pair<Value, Value> KernelBuilder::expandRow(Value maskBase, Value r,
                                                 Value position) {
  // 64 bytes under bits [64 r, 64 r + 64) of the block's mask, taking the
  // next popcount(bits) values.
  auto zeros = splat(b.getI8Type(), b.getI8IntegerAttr(0), 64);
  auto maskType = VectorType::get({64}, b.getI1Type());
  Value bits = memref::LoadOp::create(b, loc, bitmask, add(maskBase, r));
  Value mask = LLVM::BitcastOp::create(b, loc, maskType, bits);
  Value row =
      vector::ExpandLoadOp::create(b, loc, cast<VectorType>(zeros.getType()),
                                   values, ValueRange{position}, mask, zeros);
  Value count = math::CtPopOp::create(b, loc, bits);
  Value next = add(position,
                   arith::IndexCastOp::create(b, loc, b.getIndexType(), count));
  return {row, next};
}

void KernelBuilder::expandBlock(Value block) {
  Value first = memref::LoadOp::create(b, loc, offsets, block);
  Value start = arith::IndexCastOp::create(b, loc, b.getIndexType(), first);
  Value maskBase = mul(block, index(kBlock));
  scf::ForOp rows = scf::ForOp::create(b, loc, index(0), index(kBlock), index(1),
                                       ValueRange{start});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(rows.getBody());
  Value r = rows.getInductionVar();
  auto [row, next] = expandRow(maskBase, r, rows.getRegionIterArg(0));
  vector::StoreOp::create(b, loc, row, buffer, ValueRange{mul(r, index(64))});
  scf::YieldOp::create(b, loc, next);
}

Value KernelBuilder::broadcastData(Value at) {
  // Four u8 of a row (k = 4 k4 .. 4 k4 + 3) in every 32-bit lane.
  auto accType = VectorType::get({kLanes}, b.getI32Type());
  Value four = vector::LoadOp::create(
      b, loc, VectorType::get({4}, b.getI8Type()), src, ValueRange{at});
  Value word = vector::BitCastOp::create(
      b, loc, VectorType::get({1}, b.getI32Type()), four);
  Value scalar = vector::ExtractOp::create(b, loc, word, ArrayRef<int64_t>{0});
  Value lanes = vector::BroadcastOp::create(b, loc, accType, scalar);
  return vector::BitCastOp::create(b, loc, VectorType::get({64}, b.getI8Type()),
                                   lanes);
}

void KernelBuilder::multiplyStep(Value srcBase, Value k4,
                                 ArrayRef<Value> weights, ValueRange sums,
                                 SmallVectorImpl<Value> &next) {
  auto dot = StringAttr::get(ctx, kVpdpbusd);
  for (int64_t r = 0, rows = sums.size() / 4; r < rows; ++r) {
    Value data = broadcastData(
        add(add(srcBase, mul(index(r), srcStride)), mul(k4, index(4))));
    for (int64_t j = 0; j < 4; ++j)
      next.push_back(LLVM::CallIntrinsicOp::create(
                         b, loc, sums[r * 4 + j].getType(), dot,
                         ValueRange{sums[r * 4 + j], data, weights[j]})
                         .getResult(0));
  }
}

void KernelBuilder::multiplyInRegisters(Value nb, Value m0, int64_t rows) {
  // sums[r][16 j .. 16 j + 16] for the chunk's `rows` rows, in registers
  // over all blocks of the column block nb.
  Type i32 = b.getI32Type();
  SmallVector<Value> zeros(rows * 4,
                           splat(i32, b.getI32IntegerAttr(0), kLanes));
  auto blocks = scf::ForOp::create(b, loc, index(0), kBlocks, index(1), zeros);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(blocks.getBody());
    Value kb = blocks.getInductionVar();
    Value block = add(mul(nb, kBlocks), kb);
    Value start = arith::IndexCastOp::create(
        b, loc, b.getIndexType(),
        memref::LoadOp::create(b, loc, offsets, block));
    Value maskBase = mul(block, index(kBlock));
    Value srcBase = add(mul(m0, srcStride), mul(kb, index(kBlock)));
    SmallVector<Value> carried{start};
    llvm::append_range(carried, blocks.getRegionIterArgs());
    auto steps = scf::ForOp::create(b, loc, index(0), index(kBlock / 4),
                                    index(1), carried);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(steps.getBody());
      Value k4 = steps.getInductionVar();
      Value position = steps.getRegionIterArg(0);
      // Block rows 4 k4 .. 4 k4 + 3: the 4 weight vectors of this k4 step.
      SmallVector<Value> weights;
      for (int64_t j = 0; j < 4; ++j) {
        auto [row, next] =
            expandRow(maskBase, add(mul(k4, index(4)), index(j)), position);
        weights.push_back(row);
        position = next;
      }
      SmallVector<Value> next{position};
      multiplyStep(srcBase, k4, weights, steps.getRegionIterArgs().drop_front(),
                   next);
      scf::YieldOp::create(b, loc, next);
    }
    scf::YieldOp::create(b, loc, steps.getResults().drop_front());
  }
  // Where the epilogue reads them.
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t j = 0; j < 4; ++j)
      vector::StoreOp::create(b, loc, blocks.getResult(r * 4 + j), sums,
                              ValueRange{index(r * kBlock + j * kLanes)});
}

void KernelBuilder::multiplyColumnGroups(Value nb, Value m0, int64_t rows) {
  // Per 16 columns: sums[r] (16 columns of row r) in registers over all of
  // K, where each block's column groups multiply the chunk's rows.
  Type i32 = b.getI32Type();
  auto bytesType = VectorType::get({64}, b.getI8Type());
  auto accType = VectorType::get({kLanes}, i32);
  auto permute = StringAttr::get(ctx, kVpermb);
  auto dot = StringAttr::get(ctx, kVpdpbusd);
  Value chunk = arith::DivUIOp::create(b, loc, m0, index(kRowChunk));
  auto sets = scf::ForOp::create(b, loc, index(0), index(kLaneSets), index(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(sets.getBody());
  Value j = sets.getInductionVar();
  Value set = add(mul(nb, index(kLaneSets)), j);
  SmallVector<Value> carried{arith::IndexCastOp::create(
      b, loc, b.getIndexType(),
      memref::LoadOp::create(b, loc, groupStarts, set))};
  carried.append(rows, splat(i32, b.getI32IntegerAttr(0), kLanes));
  auto blocks =
      scf::ForOp::create(b, loc, index(0), kBlocks, index(1), carried);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(blocks.getBody());
    Value kb = blocks.getInductionVar();
    Value count =
        memref::LoadOp::create(b, loc, groupCounts, add(mul(set, kBlocks), kb));
    count = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), count);
    Value dataBase =
        mul(add(mul(chunk, kBlocks), kb), index(kRowChunk * kBlock));
    auto steps = scf::ForOp::create(b, loc, index(0), count, index(1),
                                    blocks.getRegionIterArgs());
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(steps.getBody());
      Value group = steps.getRegionIterArg(0);
      Value at = mul(group, index(::pdnn::packed::kGroupBytes));
      // Both cache lines of the group kGroupPrefetchBytes ahead, into L2
      // (locality 2: prefetcht1).
      for (int64_t line = 0; line < 2; ++line)
        memref::PrefetchOp::create(
            b, loc, groups,
            ValueRange{add(at, index(kGroupPrefetchBytes + 64 * line))},
            /*isWrite=*/false, /*localityHint=*/2, /*isDataCache=*/true);
      Value ks =
          vector::LoadOp::create(b, loc, bytesType, groups, ValueRange{at});
      Value weights = vector::LoadOp::create(b, loc, bytesType, groups,
                                             ValueRange{add(at, index(64))});
      SmallVector<Value> next{add(group, index(1))};
      for (int64_t r = 0; r < rows; ++r) {
        Value row = vector::LoadOp::create(
            b, loc, bytesType, srcBlocks,
            ValueRange{add(dataBase, index(r * kBlock))});
        Value data = LLVM::CallIntrinsicOp::create(b, loc, bytesType, permute,
                                                   ValueRange{row, ks})
                         .getResult(0);
        next.push_back(
            LLVM::CallIntrinsicOp::create(
                b, loc, accType, dot,
                ValueRange{steps.getRegionIterArg(1 + r), data, weights})
                .getResult(0));
      }
      scf::YieldOp::create(b, loc, next);
    }
    scf::YieldOp::create(b, loc, steps.getResults());
  }
  // Where the epilogue reads them.
  for (int64_t r = 0; r < rows; ++r)
    vector::StoreOp::create(
        b, loc, blocks.getResult(1 + r), sums,
        ValueRange{add(index(r * kBlock), mul(j, index(kLanes)))});
}

void KernelBuilder::configureTiles(Value rows) {
  // Palette 1's 64-byte record: byte 0 the palette, bytes 16 + 2 t the
  // bytes per row of tile t (u16), byte 48 + t its rows; unused tiles 0.
  Type i8 = b.getI8Type();
  Value zeros = splat(i8, b.getI8IntegerAttr(0), 64);
  auto record = memrefOver(tileConfig, index(64), i8);
  vector::StoreOp::create(b, loc, zeros, record, ValueRange{index(0)});
  auto storeByte = [&](int64_t at, Value v) {
    memref::StoreOp::create(b, loc, v, record, ValueRange{index(at)});
  };
  auto byte = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, i8, b.getI8IntegerAttr(v));
  };
  storeByte(0, byte(1));
  Value chunkRows = arith::IndexCastOp::create(b, loc, i8, rows);
  for (int64_t t = 0; t <= kWeightTile; ++t) {
    storeByte(16 + 2 * t, byte(kTileRowBytes));
    // The sums and the data have a row per data row; the weights 16 k4.
    storeByte(48 + t, t == kWeightTile ? byte(kBlock / 4) : chunkRows);
  }
  callIntrinsic("llvm.x86.ldtilecfg", {tileConfig});
}

void KernelBuilder::multiplyAmx(Value m0, Value kb) {
  // Data tile: the chunk's rows, k = 64 kb .. 64 kb + 63.
  Value stride = i64Of(srcStride);
  Value data =
      byteAddress(srcPointer, add(mul(m0, srcStride), mul(kb, index(kBlock))));
  callIntrinsic("llvm.x86.tileloadd64", {tileNumber(kDataTile), data, stride});
  // Weight tile j: columns 16 j .. 16 j + 15, rows k4 256 bytes apart.
  Value weightStride = i64Of(index(4 * kTileRowBytes));
  for (int64_t j = 0; j < kSumTiles; ++j) {
    Value quarter = byteAddress(bufferPointer, index(j * kTileRowBytes));
    callIntrinsic("llvm.x86.tileloadd64",
                  {tileNumber(kWeightTile), quarter, weightStride});
    callIntrinsic("llvm.x86.tdpbusd", {tileNumber(j), tileNumber(kDataTile),
                                       tileNumber(kWeightTile)});
  }
}

Value KernelBuilder::activate(Value x) {
  switch (spec.activation) {
  case pdnnrt::Activation::none:
    return x;
  case pdnnrt::Activation::relu:
    x = arith::MaximumFOp::create(b, loc, x, splatF32(0.0));
    break;
  case pdnnrt::Activation::tanh:
    x = math::TanhOp::create(b, loc, x);
    break;
  case pdnnrt::Activation::logistic: {
    Value one = splatF32(1.0);
    Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
    x = arith::DivFOp::create(b, loc, one, arith::AddFOp::create(b, loc, one, e));
    break;
  }
  }
  Value scale = vector::BroadcastOp::create(
      b, loc, VectorType::get({kLanes}, b.getF32Type()), actScale);
  return arith::MulFOp::create(b, loc, x, scale);
}

Value KernelBuilder::convertToDst(Value x) {
  Type type = spec.dstType;
  if (type.isF32())
    return x;
  // Round to nearest even, saturate, convert: what oneDNN and the reference
  // lowering do.
  bool isUnsigned = type.isUnsignedInteger(8);
  bool isI32 = type.isInteger(32);
  double low = isI32 ? -2147483648.0 : isUnsigned ? 0.0 : -128.0;
  // The largest f32 below 2^31: 2^31 itself does not convert.
  double high = isI32 ? 2147483520.0 : isUnsigned ? 255.0 : 127.0;
  Value rounded = math::RoundEvenOp::create(b, loc, x);
  Value clamped = arith::MinimumFOp::create(
      b, loc, arith::MaximumFOp::create(b, loc, rounded, splatF32(low)),
      splatF32(high));
  auto intType = VectorType::get({kLanes}, isI32 ? b.getI32Type() : b.getI8Type());
  if (isUnsigned)
    return arith::FPToUIOp::create(b, loc, intType, clamped);
  return arith::FPToSIOp::create(b, loc, intType, clamped);
}

void KernelBuilder::epilogue(Value nb, Value m0, Value rows) {
  auto accType = VectorType::get({kLanes}, b.getI32Type());
  auto f32Type = VectorType::get({kLanes}, b.getF32Type());
  scf::ForOp loop = scf::ForOp::create(b, loc, index(0), rows, index(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value r = loop.getInductionVar();
  Value dstRow = mul(add(m0, r), ldDst);
  for (int64_t j = 0; j < 4; ++j) {
    Value column = add(mul(nb, index(kBlock)), index(j * kLanes));
    Value sum = vector::LoadOp::create(
        b, loc, accType, sums,
        ValueRange{add(mul(r, index(kBlock)), index(j * kLanes))});
    sum = arith::SubIOp::create(
        b, loc, sum,
        vector::LoadOp::create(b, loc, accType, correction, ValueRange{column}));
    // Int8Products.h: f32(acc) + bias, then the output scale.
    Value y = arith::SIToFPOp::create(b, loc, f32Type, sum);
    y = arith::AddFOp::create(
        b, loc, y, vector::LoadOp::create(b, loc, f32Type, bias, ValueRange{column}));
    y = arith::MulFOp::create(
        b, loc, y, vector::LoadOp::create(b, loc, f32Type, scales, ValueRange{column}));
    Value out = convertToDst(activate(y));
    // The last block of a width that is not a multiple of 64 is partial.
    Value valid = arith::SubIOp::create(b, loc, n, column);
    // lane < valid, spelled out: vector.create_mask has no direct lowering
    // to LLVM in --convert-to-llvm.
    auto laneType = VectorType::get({kLanes}, b.getI32Type());
    Value validLanes = vector::BroadcastOp::create(
        b, loc, laneType,
        arith::IndexCastOp::create(b, loc, b.getI32Type(), valid));
    Value mask = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                       lanesIota, validLanes);
    vector::MaskedStoreOp::create(b, loc, dst, ValueRange{add(dstRow, column)},
                                  mask, out);
  }
}

void KernelBuilder::build(func::FuncOp fn) {
  Block *entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  args = entry->getArgument(0);
  Type i8 = b.getI8Type(), i32 = b.getI32Type(), i64 = b.getI64Type(),
       f32 = b.getF32Type();
  Value m = slotIndex(PDNNRT_SPARSE_M);
  kBlocks = slotIndex(PDNNRT_SPARSE_K_BLOCKS);
  Value nBlocks = slotIndex(PDNNRT_SPARSE_N_BLOCKS);
  ldDst = slotIndex(PDNNRT_SPARSE_LD_DST);
  n = slotIndex(PDNNRT_SPARSE_N);
  srcStride = mul(kBlocks, index(kBlock));
  Value blocks = mul(kBlocks, nBlocks);
  Value padded = mul(nBlocks, index(kBlock));
  src = memrefAt(PDNNRT_SPARSE_SRC, mul(m, srcStride), i8);
  values = memrefAt(PDNNRT_SPARSE_VALUES, slotIndex(PDNNRT_SPARSE_NNZ), i8);
  offsets = memrefAt(PDNNRT_SPARSE_OFFSETS, blocks, i64);
  bitmask = memrefAt(PDNNRT_SPARSE_BITMASK,
                     mul(blocks, index(::pdnn::packed::kBlockMaskBytes / 8)), i64);
  correction = memrefAt(PDNNRT_SPARSE_CORRECTION, padded, i32);
  bias = memrefAt(PDNNRT_SPARSE_BIAS, padded, f32);
  scales = memrefAt(PDNNRT_SPARSE_SCALES, padded, f32);
  Type dstElement = spec.dstType.isInteger(8) ? Type(i8) : spec.dstType;
  dst = memrefAt(PDNNRT_SPARSE_DST, mul(m, ldDst), dstElement);
  Value bits = arith::TruncIOp::create(b, loc, i32, slot(PDNNRT_SPARSE_ACT_SCALE, i64));
  actScale = arith::BitcastOp::create(b, loc, f32, bits);

  {
    auto laneType = VectorType::get({kLanes}, i32);
    SmallVector<int32_t> iota(kLanes);
    for (int64_t i = 0; i < kLanes; ++i)
      iota[i] = int32_t(i);
    lanesIota = arith::ConstantOp::create(
        b, loc, laneType, DenseElementsAttr::get(laneType, ArrayRef(iota)));
  }
  bool amx = isa == SparseKernelIsa::Amx;
  sumsPointer = stackBytes(kRowChunk * kBlock * 4);
  sums = memrefOver(sumsPointer, index(kRowChunk * kBlock), i32);
  if (amx) {
    bufferPointer = stackBytes(::pdnn::packed::kBlockElements);
    buffer =
        memrefOver(bufferPointer, index(::pdnn::packed::kBlockElements), i8);
    srcPointer = slot(PDNNRT_SPARSE_SRC, LLVM::LLVMPointerType::get(ctx));
    tileConfig = stackBytes(64);
  } else {
    Value sets = mul(nBlocks, index(kLaneSets));
    Value chunks = arith::CeilDivUIOp::create(b, loc, m, index(kRowChunk));
    groupCounts = memrefAt(PDNNRT_SPARSE_GROUP_COUNTS, mul(sets, kBlocks), i8);
    groupStarts = memrefAt(PDNNRT_SPARSE_GROUP_STARTS, sets, i64);
    groups = memrefAt(PDNNRT_SPARSE_GROUPS,
                      slotIndex(PDNNRT_SPARSE_GROUP_BYTES), i8);
    srcBlocks = memrefAt(PDNNRT_SPARSE_SRC_BLOCKS,
                         mul(chunks, mul(srcStride, index(kRowChunk))), i8);
  }

  Value nbBegin = arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                             entry->getArgument(1));
  Value nbEnd = arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                           entry->getArgument(2));
  auto nbLoop = scf::ForOp::create(b, loc, nbBegin, nbEnd, index(1));
  b.setInsertionPointToStart(nbLoop.getBody());
  Value nb = nbLoop.getInductionVar();
  auto chunkLoop = scf::ForOp::create(b, loc, index(0), m, index(kRowChunk));
  b.setInsertionPointToStart(chunkLoop.getBody());
  Value m0 = chunkLoop.getInductionVar();
  Value rows = arith::MinSIOp::create(b, loc, index(kRowChunk),
                                      arith::SubIOp::create(b, loc, m, m0));
  // One body per row count the sums' registers are generated for.
  auto switchOn = [&](Value selector, ArrayRef<int64_t> cases,
                      function_ref<void(int64_t)> body,
                      function_ref<void()> otherwise) {
    auto byRows = scf::IndexSwitchOp::create(b, loc, TypeRange{}, selector,
                                             cases, cases.size());
    OpBuilder::InsertionGuard guard(b);
    for (auto [c, region] : llvm::zip(cases, byRows.getCaseRegions())) {
      b.setInsertionPointToStart(&region.emplaceBlock());
      body(c);
      scf::YieldOp::create(b, loc);
    }
    b.setInsertionPointToStart(&byRows.getDefaultRegion().emplaceBlock());
    otherwise();
    scf::YieldOp::create(b, loc);
  };
  if (amx) {
    configureTiles(rows);
    for (int64_t j = 0; j < kSumTiles; ++j)
      callIntrinsic("llvm.x86.tilezero", {tileNumber(j)});
    auto kbLoop = scf::ForOp::create(b, loc, index(0), kBlocks, index(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kbLoop.getBody());
    Value kb = kbLoop.getInductionVar();
    expandBlock(add(mul(nb, kBlocks), kb));
    multiplyAmx(m0, kb);
  } else {
    // 1 .. 4 rows in registers; more through the column groups, for 8, 12
    // or 16 rows (the blocked data's rows past the chunk are zeros).
    SmallVector<int64_t> fewRows;
    for (int64_t r = 1; r <= kTileRows; ++r)
      fewRows.push_back(r);
    auto throughGroups = [&](int64_t r) { multiplyColumnGroups(nb, m0, r); };
    switchOn(
        rows, fewRows, [&](int64_t r) { multiplyInRegisters(nb, m0, r); },
        [&] {
          Value quarters = arith::CeilDivUIOp::create(b, loc, rows, index(4));
          switchOn(
              quarters, {2, 3}, [&](int64_t q) { throughGroups(4 * q); },
              [&] { throughGroups(kRowChunk); });
        });
  }
  if (amx) {
    // Sums row r at sums[r * 64 ..]: tile j's rows hold columns 16 j ...
    Value rowBytes = i64Of(index(kBlock * 4));
    for (int64_t j = 0; j < kSumTiles; ++j)
      callIntrinsic("llvm.x86.tilestored64",
                    {tileNumber(j),
                     byteAddress(sumsPointer, index(j * kTileRowBytes)),
                     rowBytes});
  }
  epilogue(nb, m0, rows);
  b.setInsertionPointToEnd(entry);
  // Tile state is large (8 KiB) and saved on every context switch until
  // released.
  if (amx)
    callIntrinsic("llvm.x86.tilerelease", {});
  func::ReturnOp::create(b, loc);
}

StringRef typeName(Type type) {
  if (type.isF32())
    return "f32";
  if (type.isUnsignedInteger(8))
    return "u8";
  if (type.isSignedInteger(8) || type.isSignlessInteger(8))
    return "s8";
  return "s32";
}

} // namespace

/// The attributes of a kernel declaration.
constexpr StringLiteral kKernelAttr = "pdnnrt.kernel";
constexpr StringLiteral kDstTypeAttr = "pdnnrt.dst_type";
constexpr StringLiteral kActivationAttr = "pdnnrt.activation";
constexpr StringLiteral kSparseVnni = "sparse_matmul_vnni";
constexpr StringLiteral kSparseAmx = "sparse_matmul_amx";

static FlatSymbolRefAttr declareKernel(OpBuilder &b, ModuleOp module,
                                       const SparseKernelSpec &spec,
                                       StringRef kind) {
  std::string name = ("__pdnn_" + kind + "_" + typeName(spec.dstType) + "_" +
                      pdnnrt::stringifyActivation(spec.activation))
                         .str();
  MLIRContext *ctx = b.getContext();
  if (!module.lookupSymbol<func::FuncOp>(name)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(module.getBody());
    Type i64 = b.getI64Type();
    auto fn = func::FuncOp::create(
        b, module.getLoc(), name,
        b.getFunctionType({LLVM::LLVMPointerType::get(ctx), i64, i64}, {}));
    fn.setPrivate();
    fn->setAttr(kKernelAttr, b.getStringAttr(kind));
    fn->setAttr(kDstTypeAttr, TypeAttr::get(spec.dstType));
    fn->setAttr(kActivationAttr,
                pdnnrt::ActivationAttr::get(ctx, spec.activation));
  }
  return FlatSymbolRefAttr::get(ctx, name);
}

SparseMatmulKernels
mlir::pdnn::declareSparseMatmulKernels(OpBuilder &b, ModuleOp module,
                                       const SparseKernelSpec &spec) {
  return {declareKernel(b, module, spec, kSparseVnni),
          declareKernel(b, module, spec, kSparseAmx)};
}

LogicalResult mlir::pdnn::generateSparseKernels(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  for (auto fn : module.getOps<func::FuncOp>()) {
    auto kind = fn->getAttrOfType<StringAttr>(kKernelAttr);
    if (!kind || !fn.isDeclaration())
      continue;
    auto dstType = fn->getAttrOfType<TypeAttr>(kDstTypeAttr);
    auto activation = fn->getAttrOfType<pdnnrt::ActivationAttr>(kActivationAttr);
    Type dst = dstType ? dstType.getValue() : Type();
    bool dstOk = dst && (dst.isF32() || dst.isInteger(32) || dst.isInteger(8));
    bool kindOk =
        kind.getValue() == kSparseVnni || kind.getValue() == kSparseAmx;
    if (!kindOk || !dstOk || !activation)
      return fn.emitError()
             << "cannot generate kernel '" << kind.getValue() << "': expected "
             << kSparseVnni << " or " << kSparseAmx << " with a "
             << kDstTypeAttr << " of f32, i32, ui8 or si8 and a "
             << kActivationAttr;
    auto isa = kind.getValue() == kSparseAmx ? SparseKernelIsa::Amx
                                             : SparseKernelIsa::Vnni;
    // Compiled for its instructions whatever the host: the runtime calls a
    // kernel only where the CPU has them (AMX machines have VBMI and VBMI2
    // too, which vpermb and vpexpandb need).
    SmallVector<StringRef> wanted = {
        "+avx512f",    "+avx512bw",   "+avx512vl",    "+avx512dq",
        "+avx512vnni", "+avx512vbmi", "+avx512vbmi2", "+popcnt"};
    if (isa == SparseKernelIsa::Amx)
      wanted.append({"+amx-tile", "+amx-int8"});
    SmallVector<StringAttr> features;
    for (StringRef f : wanted)
      features.push_back(StringAttr::get(ctx, f));
    fn->setAttr(LLVM::TargetFeaturesAttr::getAttributeName(),
                LLVM::TargetFeaturesAttr::get(ctx, features));
    OpBuilder b(ctx);
    SparseKernelSpec spec{dst, activation.getValue()};
    KernelBuilder(b, fn.getLoc(), spec, isa).build(fn);
    fn->removeAttr(kKernelAttr);
    fn->removeAttr(kDstTypeAttr);
    fn->removeAttr(kActivationAttr);
  }
  return success();
}
