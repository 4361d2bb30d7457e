//===- SparseAmxKernelTest.cpp - the AMX sparse kernel, tiles emulated ----===//
//
// The generated AMX kernel runs only where the CPU has AMX-INT8; on other
// machines lit reports sparse-products-amx.test unsupported. Here the same
// kernel is compiled with each tile intrinsic call redirected to the
// software AMX of AmxEmulator.cpp (written from the SDM, not from the
// generator), so that its tile configuration, strides, tile numbers and B
// layout run everywhere the kernels' AVX-512 (vpexpandb) runs. It is called
// through the runtime's pdnnrt_sparse_matmul, as compiled models call it,
// and compared with an integer product of the unpacked weights and with
// the VNNI kernel.
//
//===----------------------------------------------------------------------===//

#include "AmxEmulator.h"
#include "TestUtil.h"

#include "PaddleDNN/Execution/JitFunction.h"
#include "PaddleDNN/Pipelines/Pipelines.h"
#include "PaddleDNN/Runtime/PackedSparseFormat.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>

using namespace mlir;
using namespace ::pdnnrt::test;
namespace amx = ::pdnn::test::amx;
namespace packed = ::pdnn::packed;

namespace {

/// Kernels for the destinations and activations the tests use, as
/// --convert-pdnn-to-onednn declares them.
constexpr const char *kKernels = R"mlir(
func.func private @vnni_f32_none(!llvm.ptr, i64, i64) attributes {pdnnrt.kernel = "sparse_matmul_vnni", pdnnrt.dst_type = f32, pdnnrt.activation = #pdnnrt.activation<none>}
func.func private @amx_f32_none(!llvm.ptr, i64, i64) attributes {pdnnrt.kernel = "sparse_matmul_amx", pdnnrt.dst_type = f32, pdnnrt.activation = #pdnnrt.activation<none>}
func.func private @vnni_f32_relu(!llvm.ptr, i64, i64) attributes {pdnnrt.kernel = "sparse_matmul_vnni", pdnnrt.dst_type = f32, pdnnrt.activation = #pdnnrt.activation<relu>}
func.func private @amx_f32_relu(!llvm.ptr, i64, i64) attributes {pdnnrt.kernel = "sparse_matmul_amx", pdnnrt.dst_type = f32, pdnnrt.activation = #pdnnrt.activation<relu>}
func.func private @vnni_si8_relu(!llvm.ptr, i64, i64) attributes {pdnnrt.kernel = "sparse_matmul_vnni", pdnnrt.dst_type = si8, pdnnrt.activation = #pdnnrt.activation<relu>}
func.func private @amx_si8_relu(!llvm.ptr, i64, i64) attributes {pdnnrt.kernel = "sparse_matmul_amx", pdnnrt.dst_type = si8, pdnnrt.activation = #pdnnrt.activation<relu>}
func.func private @vnni_ui8_none(!llvm.ptr, i64, i64) attributes {pdnnrt.kernel = "sparse_matmul_vnni", pdnnrt.dst_type = ui8, pdnnrt.activation = #pdnnrt.activation<none>}
func.func private @amx_ui8_none(!llvm.ptr, i64, i64) attributes {pdnnrt.kernel = "sparse_matmul_amx", pdnnrt.dst_type = ui8, pdnnrt.activation = #pdnnrt.activation<none>}
)mlir";

/// Replaces every call of an AMX intrinsic by a call of its emulation, and
/// drops the AMX target features: no tile instruction is left to emit.
/// Returns how many calls were replaced.
int redirectToEmulator(ModuleOp module) {
  llvm::StringMap<const amx::EmulatedIntrinsic *> byIntrinsic;
  for (const amx::EmulatedIntrinsic &e : amx::emulatedIntrinsics())
    byIntrinsic[e.intrinsic] = &e;
  MLIRContext *ctx = module.getContext();
  OpBuilder b(ctx);
  int replaced = 0;
  module.walk([&](LLVM::CallIntrinsicOp call) {
    auto it = byIntrinsic.find(call.getIntrin());
    if (it == byIntrinsic.end())
      return;
    StringRef name = it->second->function;
    auto callee = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
    if (!callee) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToEnd(module.getBody());
      auto type = LLVM::LLVMFunctionType::get(
          LLVM::LLVMVoidType::get(ctx),
          llvm::to_vector(call.getArgs().getTypes()));
      callee = LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
    }
    b.setInsertionPoint(call);
    LLVM::CallOp::create(b, call.getLoc(), callee, call.getArgs());
    call.erase();
    ++replaced;
  });
  module.walk([&](LLVM::LLVMFuncOp fn) {
    auto features = fn.getTargetFeaturesAttr();
    if (!features)
      return;
    SmallVector<StringAttr> kept;
    for (StringAttr f : features.getFeatures())
      if (!f.getValue().starts_with("+amx"))
        kept.push_back(f);
    fn.setTargetFeaturesAttr(LLVM::TargetFeaturesAttr::get(ctx, kept));
  });
  return replaced;
}

/// Counts the calls of x86 intrinsics whose name has `part`.
int intrinsicCalls(ModuleOp module, StringRef part) {
  int count = 0;
  module.walk([&](LLVM::CallIntrinsicOp call) {
    count += call.getIntrin().contains(part);
  });
  return count;
}

bool cpuRunsKernels() {
  return __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vnni") &&
         __builtin_cpu_supports("avx512vbmi") &&
         __builtin_cpu_supports("avx512vbmi2");
}

enum class Dst { F32, SI8, UI8 };

/// The runtime prepares a VNNI kernel's arguments (its source blocks) only
/// when it runs VNNI: a test that puts the VNNI kernel in both slots says
/// so on a CPU with AMX, where the runtime would run the AMX slot's way.
struct VnniArguments {
  explicit VnniArguments(bool vnni) : set(vnni) {
    if (set)
      setenv("PDNNRT_SPARSE_ISA", "vnni", 1);
  }
  ~VnniArguments() {
    if (set)
      unsetenv("PDNNRT_SPARSE_ISA");
  }
  VnniArguments(const VnniArguments &) = delete;
  VnniArguments &operator=(const VnniArguments &) = delete;
  bool set;
};

struct ProductCase {
  int64_t m, k, n;
  double sparsity;
  bool signedData = false;
  Dst dst = Dst::F32;
  int32_t activation = PDNNRT_ACTIVATION_NONE;
  /// Per-column scales, a bias and, with an activation, an activation
  /// scale; otherwise 1, 0, 1:
  /// the f32 result is the integer product itself.
  bool epilogue = false;
};

std::string describe(const ProductCase &c) {
  std::ostringstream os;
  os << c.m << "x" << c.k << ":" << c.k << "x" << c.n << " sparsity "
     << c.sparsity << (c.signedData ? " s8" : " u8") << " data, dst "
     << (c.dst == Dst::F32   ? "f32"
         : c.dst == Dst::SI8 ? "s8"
                             : "u8")
     << (c.activation == PDNNRT_ACTIVATION_RELU ? " relu" : "")
     << (c.epilogue ? " scaled" : "");
  return os.str();
}

class SparseAmxKernelTest : public RuntimeTest {
protected:
  static void SetUpTestSuite() {
    if (!cpuRunsKernels())
      return;
    registry = new DialectRegistry;
    ::mlir::pdnn::prepareForJit(*registry);
    context = new MLIRContext(*registry);
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kKernels, context);
    ASSERT_TRUE(module);
    // --pdnn-lower generates the declared kernels, as it does in a model.
    PassManager lower(context);
    ::mlir::pdnn::buildLowerPipeline(lower, {});
    ASSERT_TRUE(succeeded(lower.run(*module)));
    // Defined now: callable from outside the module.
    for (auto fn : module->getOps<LLVM::LLVMFuncOp>())
      SymbolTable::setSymbolVisibility(fn, SymbolTable::Visibility::Public);

    ASSERT_EQ(intrinsicCalls(*module, "tdpbusd"), 4 * 4);
    // Per VNNI kernel, a vpermb per row of the 8-, 12- and 16-row bodies.
    ASSERT_EQ(intrinsicCalls(*module, "permvar.qi.512"), 4 * (8 + 12 + 16));
    redirectedCalls = redirectToEmulator(*module);
    ASSERT_EQ(intrinsicCalls(*module, "llvm.x86.t"), 0);
    ASSERT_EQ(intrinsicCalls(*module, "llvm.x86.ldtilecfg"), 0);

    ExecutionEngineOptions options;
    auto transformer = makeOptimizingTransformer(3, 0, nullptr);
    options.transformer = transformer;
    auto created = ExecutionEngine::create(*module, options);
    ASSERT_TRUE(bool(created)) << llvm::toString(created.takeError());
    engine = created->release();
    engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
      llvm::orc::SymbolMap symbols;
      for (const amx::EmulatedIntrinsic &e : amx::emulatedIntrinsics())
        symbols[interner(e.function)] = {
            llvm::orc::ExecutorAddr::fromPtr(e.address),
            llvm::JITSymbolFlags::Exported};
      return symbols;
    });
    engine->initialize();
  }

  static void TearDownTestSuite() {
    delete engine;
    delete context;
    delete registry;
  }

  void SetUp() override {
    RuntimeTest::SetUp();
    if (!cpuRunsKernels())
      GTEST_SKIP() << "the sparse kernels need AVX-512 VNNI, VBMI and VBMI2";
    ASSERT_NE(engine, nullptr);
    amx::takeFaults();
  }

  static void *kernel(const std::string &name) {
    auto address = engine->lookup(name);
    EXPECT_TRUE(bool(address)) << llvm::toString(address.takeError());
    return address ? *address : nullptr;
  }

  void check(const ProductCase &c, unsigned seed);

  static DialectRegistry *registry;
  static MLIRContext *context;
  static ExecutionEngine *engine;
  static int redirectedCalls;
};

DialectRegistry *SparseAmxKernelTest::registry = nullptr;
MLIRContext *SparseAmxKernelTest::context = nullptr;
ExecutionEngine *SparseAmxKernelTest::engine = nullptr;
int SparseAmxKernelTest::redirectedCalls = 0;

/// The product as Paddle's int8 fc defines it: integer sums, then f32
/// activationScale * activation(scale * (sum + bias)), rounded to nearest
/// even and saturated into an int8 destination.
std::vector<float> reference(const ProductCase &c,
                             const std::vector<int32_t> &x,
                             const std::vector<int8_t> &w,
                             const std::vector<float> &bias,
                             const std::vector<float> &scales, float actScale) {
  std::vector<float> out(c.m * c.n);
  for (int64_t r = 0; r < c.m; ++r)
    for (int64_t col = 0; col < c.n; ++col) {
      int64_t sum = 0;
      for (int64_t i = 0; i < c.k; ++i)
        sum += int64_t(x[r * c.k + i]) * w[i * c.n + col];
      float v = (float(sum) + bias[col]) * scales[col];
      if (c.activation == PDNNRT_ACTIVATION_RELU)
        v = std::max(v, 0.0f);
      v *= actScale;
      if (c.dst != Dst::F32) {
        float low = c.dst == Dst::UI8 ? 0.0f : -128.0f;
        float high = c.dst == Dst::UI8 ? 255.0f : 127.0f;
        v = std::min(std::max(std::nearbyint(v), low), high);
      }
      out[r * c.n + col] = v;
    }
  return out;
}

void SparseAmxKernelTest::check(const ProductCase &c, unsigned seed) {
  SCOPED_TRACE(describe(c));
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int> weight(-128, 126);
  std::vector<int8_t> w(c.k * c.n);
  for (int8_t &v : w) {
    int drawn = weight(random);
    v = unit(random) < c.sparsity ? 0 : int8_t(drawn >= 0 ? drawn + 1 : drawn);
  }
  packed::PackedWeights p = packed::pack(w.data(), c.k, c.n);
  if (p.values.empty()) // all zeros: one unused value, as the pass keeps
    p.values.push_back(0);

  std::vector<int32_t> x(c.m * c.k);
  std::uniform_int_distribution<int> data(c.signedData ? -128 : 0,
                                          c.signedData ? 127 : 255);
  for (int32_t &v : x)
    v = data(random);
  std::vector<uint8_t> u8(x.begin(), x.end());
  std::vector<int8_t> s8(x.begin(), x.end());

  std::vector<float> bias(c.n, 0.0f), scales(c.n, 1.0f);
  float actScale = 1.0f;
  if (c.epilogue) {
    std::uniform_real_distribution<float> scale(1e-5f, 2e-3f);
    for (int64_t i = 0; i < c.n; ++i) {
      bias[i] = float(int(unit(random) * 20001) - 10000);
      scales[i] = scale(random);
    }
    // Only an activation takes a scale (the runtime refuses one without).
    if (c.activation != PDNNRT_ACTIVATION_NONE)
      actScale = 1.5f;
  }

  const char *dstName = c.dst == Dst::F32   ? "f32"
                        : c.dst == Dst::SI8 ? "si8"
                                            : "ui8";
  std::string suffix =
      std::string(dstName) + "_" +
      (c.activation == PDNNRT_ACTIVATION_RELU ? "relu" : "none");
  void *amxKernel = kernel("amx_" + suffix),
       *vnniKernel = kernel("vnni_" + suffix);
  ASSERT_TRUE(amxKernel && vnniKernel);

  // One call per kernel, the same one in both slots: the runtime picks
  // the slot by CPU, and the emulated kernel runs on any.
  auto run = [&](void *kernelAddress) {
    VnniArguments forced(kernelAddress == vnniKernel);
    std::vector<float> f32(c.m * c.n, -7.0f);
    std::vector<int8_t> si8(c.m * c.n, -7);
    std::vector<uint8_t> ui8(c.m * c.n, 7);
    MemRef src = c.signedData ? MemRef(s8, {c.m, c.k}) : MemRef(u8, {c.m, c.k});
    MemRef values(p.values, {int64_t(p.values.size())}),
        offsets(p.offsets, {int64_t(p.offsets.size())}),
        bitmask(p.bitmask, {int64_t(p.bitmask.size())}),
        sums(p.columnSums, {int64_t(p.columnSums.size())}),
        groups(p.groups, {int64_t(p.groups.size())}),
        groupCounts(p.groupCounts, {int64_t(p.groupCounts.size())}),
        biasRef(bias, {c.n}), scalesRef(scales, {c.n});
    MemRef dst = c.dst == Dst::F32   ? MemRef(f32, {c.m, c.n})
                 : c.dst == Dst::SI8 ? MemRef(si8, {c.m, c.n})
                                     : MemRef(ui8, {c.m, c.n});
    EXPECT_RT_OK(pdnnrt_sparse_matmul(
        ARG(src), ARG(values), ARG(offsets), ARG(bitmask), ARG(sums),
        ARG(groups), ARG(groupCounts), ARG(biasRef), ARG(scalesRef), ARG(dst),
        kernelAddress, kernelAddress, c.activation, actScale));
    std::vector<float> out(c.m * c.n);
    for (int64_t i = 0; i < c.m * c.n; ++i)
      out[i] = c.dst == Dst::F32 ? f32[i] : c.dst == Dst::SI8 ? si8[i] : ui8[i];
    return out;
  };
  std::vector<float> fromAmx = run(amxKernel);
  std::vector<std::string> faults = amx::takeFaults();
  EXPECT_TRUE(faults.empty())
      << faults.size()
      << " faults, the first: " << (faults.empty() ? "" : faults.front());
  std::vector<float> fromVnni = run(vnniKernel);
  std::vector<float> expected = reference(c, x, w, bias, scales, actScale);
  int64_t mismatches = 0;
  for (int64_t i = 0; i < c.m * c.n; ++i)
    if (fromAmx[i] != expected[i] && mismatches++ < 3)
      ADD_FAILURE() << "AMX [" << i / c.n << ", " << i % c.n
                    << "] = " << fromAmx[i] << ", expected " << expected[i];
  EXPECT_EQ(mismatches, 0);
  EXPECT_EQ(fromAmx, fromVnni) << "the AMX and VNNI kernels disagree";
}

TEST_F(SparseAmxKernelTest, EveryTileIntrinsicIsEmulated) {
  // Per kernel: ldtilecfg, 4 tilezero, 5 tileloadd, 4 tdpbusd, 4
  // tilestored, tilerelease; four AMX kernels.
  EXPECT_EQ(redirectedCalls, 4 * (1 + 4 + 5 + 4 + 4 + 1));
}

// oneDNN's sparse test shapes, at the sparsities the issue names: exact
// integer sums in f32.
TEST_F(SparseAmxKernelTest, OneDnnShapesAndSparsities) {
  const int64_t shapes[][3] = {{1, 64, 128},   {2, 64, 128},   {2, 128, 128},
                               {2, 300, 128},  {2, 300, 129},  {256, 256, 256},
                               {2, 1024, 128}, {2, 1030, 128}, {2, 1030, 200}};
  unsigned seed = 1;
  for (auto &s : shapes)
    for (double sparsity : {0.0, 0.5, 0.9, 0.99, 1.0})
      check({s[0], s[1], s[2], sparsity}, seed++);
}

// The AMX kernel works on chunks of 16 rows: a partial chunk configures
// tiles with fewer rows. The VNNI kernel's chunks are 64 rows, and one of
// at most 4 rows (M = 1 .. 4, and 65 .. 68) keeps its sums in registers.
TEST_F(SparseAmxKernelTest, RowChunks) {
  unsigned seed = 100;
  // Chunks of 16 rows: 1-4 in registers, 5-8, 9-12 and 13-16 through the
  // column groups.
  for (int64_t m : {1,  2,  3,  4,  5,  8,  9,  12, 13, 15, 16,
                    17, 27, 31, 32, 33, 48, 65, 68, 69, 70})
    check({m, 300, 129, 0.5, /*signedData=*/m % 2 == 1}, seed++);
}

TEST_F(SparseAmxKernelTest, SignedDataIsShifted) {
  check({5, 1030, 200, 0.9, true}, 200);
  check({40, 64, 64, 0.0, true}, 201);
}

TEST_F(SparseAmxKernelTest, FusedEpilogues) {
  unsigned seed = 300;
  for (bool signedData : {false, true}) {
    check({37, 1030, 200, 0.7, signedData, Dst::SI8, PDNNRT_ACTIVATION_RELU,
           true},
          seed++);
    check(
        {19, 300, 129, 0.5, signedData, Dst::UI8, PDNNRT_ACTIVATION_NONE, true},
        seed++);
    check(
        {23, 256, 70, 0.9, signedData, Dst::F32, PDNNRT_ACTIVATION_RELU, true},
        seed++);
    // Sums kept in registers.
    check(
        {4, 1030, 200, 0.7, signedData, Dst::SI8, PDNNRT_ACTIVATION_RELU, true},
        seed++);
    check(
        {3, 300, 129, 0.9, signedData, Dst::F32, PDNNRT_ACTIVATION_RELU, true},
        seed++);
  }
}

// A scale without an activation would be dropped: refused, as the dense
// product refuses it.
TEST_F(SparseAmxKernelTest, ActivationScaleNeedsAnActivation) {
  std::vector<int8_t> w(64 * 64, 1);
  packed::PackedWeights p = packed::pack(w.data(), 64, 64);
  std::vector<uint8_t> x(64, 1);
  std::vector<float> bias(64, 0.0f), scale(1, 1.0f), out(64);
  MemRef src(x, {1, 64}), values(p.values, {int64_t(p.values.size())}),
      offsets(p.offsets, {1}), bitmask(p.bitmask, {512}),
      sums(p.columnSums, {64}), groups(p.groups, {int64_t(p.groups.size())}),
      groupCounts(p.groupCounts, {4}), biasRef(bias, {64}),
      scaleRef(scale, {1}), dst(out, {1, 64});
  void *k = kernel("amx_f32_none");
  auto call = [&](int32_t activation, float activationScale) {
    pdnnrt_clear_error();
    return pdnnrt_sparse_matmul(ARG(src), ARG(values), ARG(offsets),
                                ARG(bitmask), ARG(sums), ARG(groups),
                                ARG(groupCounts), ARG(biasRef), ARG(scaleRef),
                                ARG(dst), k, k, activation, activationScale);
  };
  EXPECT_RT_OK(call(PDNNRT_ACTIVATION_NONE, 1.0f));
  EXPECT_EQ(out[5], 64.0f);
  EXPECT_EQ(call(PDNNRT_ACTIVATION_NONE, 2.0f), 1);
  EXPECT_STREQ(lastError(),
               "pdnnrt_sparse_matmul: activationScale must be finite, and 1 "
               "without an activation; got 2");
  EXPECT_EQ(call(7, 1.0f), 1);
  EXPECT_STREQ(lastError(), "pdnnrt_sparse_matmul: activation 7 is not one of "
                            "PDNNRT_ACTIVATION_*");
}

// Column groups the counts do not fit are refused before a kernel reads
// them, for batches that read them (more than 4 rows), whatever the kernel.
TEST_F(SparseAmxKernelTest, ColumnGroupsAreChecked) {
  std::vector<int8_t> w(64 * 64, 1);
  packed::PackedWeights p = packed::pack(w.data(), 64, 64);
  ASSERT_EQ(p.groupCounts, std::vector<uint8_t>(4, 16));
  ASSERT_EQ(p.groups.size(), size_t(4 * 16 * packed::kGroupBytes));
  std::vector<uint8_t> x(5 * 64, 1);
  std::vector<float> bias(64, 0.0f), scale(1, 1.0f), out(5 * 64);
  MemRef values(p.values, {int64_t(p.values.size())}), offsets(p.offsets, {1}),
      bitmask(p.bitmask, {512}), sums(p.columnSums, {64}), biasRef(bias, {64}),
      scaleRef(scale, {1});
  auto call = [&](int64_t rows, std::vector<uint8_t> &groups,
                  std::vector<uint8_t> &counts, const char *kernelName) {
    pdnnrt_clear_error();
    MemRef src(x, {rows, 64}), dst(out, {rows, 64}),
        groupsRef(groups, {int64_t(groups.size())}),
        countsRef(counts, {int64_t(counts.size())});
    void *k = kernel(kernelName);
    VnniArguments forced(std::strncmp(kernelName, "vnni", 4) == 0);
    return pdnnrt_sparse_matmul(ARG(src), ARG(values), ARG(offsets),
                                ARG(bitmask), ARG(sums), ARG(groupsRef),
                                ARG(countsRef), ARG(biasRef), ARG(scaleRef),
                                ARG(dst), k, k, PDNNRT_ACTIVATION_NONE, 1.0f);
  };
  for (const char *kernelName : {"vnni_f32_none", "amx_f32_none"}) {
    SCOPED_TRACE(kernelName);
    EXPECT_RT_OK(call(5, p.groups, p.groupCounts, kernelName));
    EXPECT_EQ(out[4 * 64 + 7], 64.0f);

    std::vector<uint8_t> tooMany = p.groupCounts;
    tooMany[2] = 17;
    EXPECT_EQ(call(5, p.groups, tooMany, kernelName), 1);
    EXPECT_STREQ(lastError(), "pdnnrt_sparse_matmul: groupCounts[2] = 17: a "
                              "64-row block has at most 16 groups");

    std::vector<uint8_t> short_(p.groups.begin(), p.groups.end() - 1);
    EXPECT_EQ(call(5, short_, p.groupCounts, kernelName), 1);
    EXPECT_STREQ(lastError(),
                 "pdnnrt_sparse_matmul: groupCounts add up to 64 groups of "
                 "128 bytes, but groups holds 8191 bytes");
    // Up to 4 rows the packed buffers alone are read.
    EXPECT_RT_OK(call(4, short_, p.groupCounts, kernelName));

    std::vector<uint8_t> fewer(3, 16);
    EXPECT_EQ(call(4, p.groups, fewer, kernelName), 1);
    EXPECT_NE(std::strstr(lastError(), "groupCounts"), nullptr) << lastError();
  }
}

} // namespace
