//===- JitFunctionTest.cpp - compiled pdnn functions called from C++ ------===//

#include "PaddleDNN/Execution/JitFunction.h"
#include "PaddleDNN/Execution/Npy.h"
#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <cstring>
#include <thread>

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// A fusion_gru over a LoD batch with constant weights, then relu in place.
constexpr const char *kModel = R"mlir(
func.func @main(%x: tensor<?x2xf32>, %lod: tensor<?xi64>) -> tensor<?x3xf32> {
  %wx = arith.constant dense<[[0.1, -0.2, 0.3, 0.4, -0.5, 0.6, 0.7, 0.8, -0.9],
                              [0.5, 0.4, -0.3, 0.2, 0.1, -0.1, 0.2, 0.3, 0.4]]> : tensor<2x9xf32>
  %wh = arith.constant dense<0.05> : tensor<3x9xf32>
  %b = arith.constant dense<0.01> : tensor<1x9xf32>
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      : (tensor<?x2xf32>, tensor<?xi64>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<1x9xf32>)
     -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x9xf32>, tensor<?x9xf32>, tensor<?x3xf32>)
  %r = pdnn.relu %h#0 {pdnn.inplace} : tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}
)mlir";

class JitFunctionTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    registry = new DialectRegistry;
    prepareForJit(*registry);
    context = new MLIRContext(*registry);
  }

  std::unique_ptr<JitFunction> compile(Backend backend) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kModel, context);
    EXPECT_TRUE(module);
    JitOptions options;
    options.backend = backend;
    auto function = JitFunction::compile(std::move(module), "main", options);
    EXPECT_TRUE(bool(function)) << llvm::toString(function.takeError());
    return std::move(*function);
  }

  /// Three sequences of lengths 2, 0 and 3 over [5, 2] data.
  std::pair<HostTensor, HostTensor> inputs(float offset = 0.0f) {
    HostTensor x = llvm::cantFail(HostTensor::allocate(ElementKind::F32, {5, 2}));
    for (int i = 0; i < 10; ++i)
      x.dataAs<float>()[i] = 0.1f * i - 0.4f + offset;
    HostTensor lod = llvm::cantFail(HostTensor::allocate(ElementKind::I64, {4}));
    int64_t offsets[] = {0, 2, 2, 5};
    std::memcpy(lod.data(), offsets, sizeof(offsets));
    return {std::move(x), std::move(lod)};
  }

  static DialectRegistry *registry;
  static MLIRContext *context;
};

DialectRegistry *JitFunctionTest::registry = nullptr;
MLIRContext *JitFunctionTest::context = nullptr;

TEST_F(JitFunctionTest, OneDNNAndReferenceAgree) {
  auto onednn = compile(Backend::OneDNN);
  auto reference = compile(Backend::Reference);
  auto [x, lod] = inputs();
  auto a = onednn->call({&x, &lod});
  auto b = reference->call({&x, &lod});
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  ASSERT_EQ((*a)[0].shape(), (*b)[0].shape());
  for (int64_t i = 0; i < (*a)[0].numElements(); ++i)
    EXPECT_NEAR((*a)[0].dataAs<float>()[i], (*b)[0].dataAs<float>()[i], 1e-6f);
}

TEST_F(JitFunctionTest, ConcurrentCallsMatchSequentialOnes) {
  auto function = compile(Backend::OneDNN);
  constexpr int kThreads = 4;
  std::vector<std::pair<HostTensor, HostTensor>> perThread;
  std::vector<std::vector<float>> expected;
  for (int t = 0; t < kThreads; ++t) {
    perThread.push_back(inputs(0.05f * t));
    auto result = function->call({&perThread[t].first, &perThread[t].second});
    ASSERT_TRUE(bool(result));
    const float *data = (*result)[0].dataAs<float>();
    expected.emplace_back(data, data + (*result)[0].numElements());
  }
  std::vector<int> mismatches(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 50; ++round) {
        auto result = function->call({&perThread[t].first, &perThread[t].second});
        if (!result) {
          llvm::consumeError(result.takeError());
          ++mismatches[t];
          continue;
        }
        if (std::memcmp((*result)[0].data(), expected[t].data(),
                        expected[t].size() * sizeof(float)) != 0)
          ++mismatches[t];
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < kThreads; ++t)
    EXPECT_EQ(mismatches[t], 0) << "thread " << t;
}

TEST_F(JitFunctionTest, RejectsWrongInputs) {
  auto function = compile(Backend::OneDNN);
  auto [x, lod] = inputs();
  auto missing = function->call({&x});
  ASSERT_FALSE(bool(missing));
  EXPECT_EQ(llvm::toString(missing.takeError()), "@main takes 2 inputs, got 1");

  HostTensor wrongType = llvm::cantFail(HostTensor::allocate(ElementKind::I32, {4}));
  auto badType = function->call({&x, &wrongType});
  ASSERT_FALSE(bool(badType));
  EXPECT_EQ(llvm::toString(badType.takeError()),
            "input 1: @main expects tensor<?xi64>, got i32[4]");

  HostTensor wrongShape = llvm::cantFail(HostTensor::allocate(ElementKind::F32, {5, 3}));
  auto badShape = function->call({&wrongShape, &lod});
  ASSERT_FALSE(bool(badShape));
  EXPECT_EQ(llvm::toString(badShape.takeError()),
            "input 0: @main expects tensor<?x2xf32>, got f32[5x3]");
}

TEST_F(JitFunctionTest, ReportsRuntimeErrorsAndRecovers) {
  auto function = compile(Backend::OneDNN);
  auto [x, lod] = inputs();
  lod.dataAs<int64_t>()[3] = 7; // offsets end past the 5 rows
  auto bad = function->call({&x, &lod});
  ASSERT_FALSE(bool(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("invalid LoD"),
            std::string::npos);
  lod.dataAs<int64_t>()[3] = 5;
  EXPECT_TRUE(bool(function->call({&x, &lod}))) << "the error must not stick";
}

TEST_F(JitFunctionTest, ModulesOwnTheirPreparedWeights) {
  // kModel's GRU has two constant weights (layer and iteration): a loaded
  // module holds a prepared handle for each, from its constructor to its
  // destructor, and never reads another module's.
  const int64_t before = pdnnrt_live_prepared_weights();
  auto [x, lod] = inputs();
  auto first = compile(Backend::OneDNN);
  auto firstResult = first->call({&x, &lod});
  ASSERT_TRUE(bool(firstResult)) << llvm::toString(firstResult.takeError());
  EXPECT_EQ(pdnnrt_live_prepared_weights(), before + 2);

  std::string otherWeights = kModel;
  otherWeights.replace(otherWeights.find("dense<0.05>"), 11, "dense<-0.3>");
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(otherWeights, context);
  ASSERT_TRUE(module);
  auto second = JitFunction::compile(std::move(module), "main", JitOptions());
  ASSERT_TRUE(bool(second)) << llvm::toString(second.takeError());
  auto expected = (*second)->call({&x, &lod});
  ASSERT_TRUE(bool(expected)) << llvm::toString(expected.takeError());
  EXPECT_EQ(pdnnrt_live_prepared_weights(), before + 4);
  size_t bytes = (*expected)[0].numElements() * sizeof(float);
  EXPECT_NE(std::memcmp((*expected)[0].data(), (*firstResult)[0].data(), bytes),
            0)
      << "different weights must give different results";

  first.reset(); // unloads the first module: its handles go
  EXPECT_EQ(pdnnrt_live_prepared_weights(), before + 2);
  auto again = (*second)->call({&x, &lod});
  ASSERT_TRUE(bool(again)) << llvm::toString(again.takeError());
  EXPECT_EQ(std::memcmp((*again)[0].data(), (*expected)[0].data(), bytes), 0);
  second->reset();
  EXPECT_EQ(pdnnrt_live_prepared_weights(), before);
}

/// Three ways results can share storage with each other or with what the
/// caller owns: the same buffer twice, an argument returned as is, a
/// constant returned twice.
constexpr const char *kSharedResults = R"mlir(
func.func @twice(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = pdnn.relu %x : tensor<4xf32>
  return %r, %r : tensor<4xf32>, tensor<4xf32>
}
func.func @argument(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}
func.func @constant(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  return %c, %c : tensor<4xf32>, tensor<4xf32>
}
)mlir";

TEST_F(JitFunctionTest, ResultsSharingStorageAreOwnedOnce) {
  for (const char *entry : {"twice", "argument", "constant"}) {
    for (Backend backend : {Backend::OneDNN, Backend::Reference}) {
      OwningOpRef<ModuleOp> module =
          parseSourceString<ModuleOp>(kSharedResults, context);
      ASSERT_TRUE(module);
      JitOptions options;
      options.backend = backend;
      options.checkInputsUnchanged = true;
      auto function = JitFunction::compile(std::move(module), entry, options);
      ASSERT_TRUE(bool(function)) << llvm::toString(function.takeError());
      HostTensor x = llvm::cantFail(HostTensor::allocate(ElementKind::F32, {4}));
      for (int i = 0; i < 4; ++i)
        x.dataAs<float>()[i] = i % 2 ? float(i) : -float(i);
      for (int call = 0; call < 3; ++call) {
        auto results = (*function)->call({&x});
        ASSERT_TRUE(bool(results)) << llvm::toString(results.takeError());
        ASSERT_EQ(results->size(), 2u);
        // Results never alias the caller's argument, and two results that
        // are one buffer share one owner (freed once, with the last).
        for (const HostTensor &r : *results)
          EXPECT_NE(r.data(), x.data()) << entry;
        if ((*results)[0].data() == (*results)[1].data()) {
          EXPECT_EQ((*results)[0].owner(), (*results)[1].owner()) << entry;
        }
        std::vector<HostTensor> first;
        first.push_back(std::move((*results)[0]));
        results->clear(); // drops one owner; the other result still reads
        float expected = std::string(entry) == "constant" ? 2.0f : 1.0f;
        EXPECT_EQ(first[0].dataAs<float>()[1], expected) << entry << " " << stringifyBackend(backend).str();
      }
    }
  }
}

TEST(HostTensorTest, ChecksShapesBeforeAllocating) {
  auto negative = HostTensor::allocate(ElementKind::F32, {3, -1});
  ASSERT_FALSE(bool(negative));
  EXPECT_EQ(llvm::toString(negative.takeError()), "negative size -1 in shape");
  auto wraps = HostTensor::allocate(ElementKind::F32, {int64_t(1) << 62, 4});
  ASSERT_FALSE(bool(wraps));
  EXPECT_EQ(llvm::toString(wraps.takeError()),
            "the element count overflows 64 bits");
  auto bytesWrap = HostTensor::allocate(ElementKind::F32, {int64_t(1) << 62});
  ASSERT_FALSE(bool(bytesWrap));
  EXPECT_EQ(llvm::toString(bytesWrap.takeError()),
            "the byte size overflows 64 bits");
  // 2^40 f32 (4 TiB): the sizes are valid, the allocation fails cleanly.
  auto huge = HostTensor::allocate(ElementKind::F32, {int64_t(1) << 40});
  ASSERT_FALSE(bool(huge));
  EXPECT_NE(llvm::toString(huge.takeError()).find("cannot allocate"),
            std::string::npos);
  auto empty = HostTensor::allocate(ElementKind::I64, {0, 7});
  ASSERT_TRUE(bool(empty));
  EXPECT_EQ(empty->numElements(), 0);
  EXPECT_NE(empty->data(), nullptr);
}

/// A version 1.0 .npy header for `descr` and `shape` text, padded to 64.
static std::string npyHeader(llvm::StringRef descr, llvm::StringRef shape) {
  std::string dict = "{'descr': '" + descr.str() +
                     "', 'fortran_order': False, 'shape': " + shape.str() +
                     ", }";
  size_t total = 10 + dict.size() + 1;
  dict.append((64 - total % 64) % 64, ' ');
  dict.push_back('\n');
  std::string bytes = "\x93NUMPY";
  bytes += char(1);
  bytes += char(0);
  bytes += char(dict.size() & 0xff);
  bytes += char(dict.size() >> 8);
  return bytes + dict;
}

TEST(NpyTest, HostileHeadersAreCheckedAgainstTheFile) {
  std::string data(24, '\0');
  auto expectError = [](llvm::StringRef bytes, llvm::StringRef text) {
    auto tensor = parseNpy(bytes, "x.npy");
    ASSERT_FALSE(bool(tensor)) << text.str();
    std::string message = llvm::toString(tensor.takeError());
    EXPECT_NE(message.find(text), std::string::npos) << message;
  };
  // 2^40 elements claimed by a file of 24 data bytes: refused before any
  // allocation.
  expectError(npyHeader("<f4", "(1099511627776,)") + data,
              "holds 24 data bytes, f32[1099511627776] needs 4398046511104");
  // An element count that wraps 2^64 does not pass as a small size.
  expectError(npyHeader("<f4", "(4611686018427387904, 4)") + data,
              "invalid shape: the element count overflows 64 bits");
  expectError(npyHeader("<f4", "(4611686018427387904,)") + data,
              "invalid shape: the byte size overflows 64 bits");
  expectError(npyHeader("<f4", "(-6,)") + data, "malformed shape entry '-6'");
  expectError(npyHeader("<f4", "(99999999999999999999,)") + data,
              "malformed shape entry");
  expectError(npyHeader("<f4", "(2, 3)") + data.substr(0, 20),
              "holds 20 data bytes, f32[2x3] needs 24");
  expectError(npyHeader("<f8", "(3,)") + data, "unsupported dtype '<f8'");
  // Header length past the end of the file.
  std::string truncated = npyHeader("<f4", "(6,)");
  expectError(truncated.substr(0, 30), "truncated header");
  // A valid file still reads.
  auto good = parseNpy(npyHeader("<f4", "(2, 3)") + data, "good.npy");
  ASSERT_TRUE(bool(good)) << llvm::toString(good.takeError());
  EXPECT_EQ(good->numElements(), 6);
}

TEST(NpyTest, RoundTripsEveryElementKind) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("pdnn-npy", dir));
  for (ElementKind kind : {ElementKind::F32, ElementKind::BF16, ElementKind::I64,
                           ElementKind::I32, ElementKind::UI8, ElementKind::SI8}) {
    HostTensor tensor = llvm::cantFail(HostTensor::allocate(kind, {3, 4}));
    auto *bytes = static_cast<unsigned char *>(tensor.data());
    for (size_t i = 0; i < tensor.sizeInBytes(); ++i)
      bytes[i] = static_cast<unsigned char>(i * 7 + 1);
    llvm::SmallString<128> path(dir);
    llvm::sys::path::append(path, std::string(kindName(kind)) + ".npy");
    ASSERT_FALSE(bool(writeNpy(path, tensor)));
    auto back = readNpy(path);
    ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
    EXPECT_EQ(back->kind(), kind);
    EXPECT_EQ(back->shape(), tensor.shape());
    EXPECT_EQ(std::memcmp(back->data(), tensor.data(), tensor.sizeInBytes()), 0);
  }
  llvm::sys::fs::remove_directories(dir);
}

TEST(NpyTest, RejectsWhatItCannotRead) {
  llvm::SmallString<128> path;
  int fd;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("pdnn-bad", "npy", fd, path));
  ::close(fd);
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(path, ec);
    out << "not numpy";
  }
  auto bad = readNpy(path);
  ASSERT_FALSE(bool(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("not a .npy file"), std::string::npos);
  auto missing = readNpy("/nonexistent/file.npy");
  ASSERT_FALSE(bool(missing));
  EXPECT_NE(llvm::toString(missing.takeError()).find("cannot read"), std::string::npos);
  llvm::sys::fs::remove(path);
}

} // namespace
