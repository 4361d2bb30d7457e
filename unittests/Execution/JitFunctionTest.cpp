//===- JitFunctionTest.cpp - compiled pdnn functions called from C++ ------===//

#include "PaddleDNN/Execution/JitFunction.h"
#include "PaddleDNN/Execution/Npy.h"

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

  std::unique_ptr<JitFunction> compile(const std::string &backend) {
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
    HostTensor x(ElementKind::F32, {5, 2});
    for (int i = 0; i < 10; ++i)
      x.dataAs<float>()[i] = 0.1f * i - 0.4f + offset;
    HostTensor lod(ElementKind::I64, {4});
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
  auto onednn = compile("onednn");
  auto reference = compile("reference");
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
  auto function = compile("onednn");
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
  auto function = compile("onednn");
  auto [x, lod] = inputs();
  auto missing = function->call({&x});
  ASSERT_FALSE(bool(missing));
  EXPECT_EQ(llvm::toString(missing.takeError()), "@main takes 2 inputs, got 1");

  HostTensor wrongType(ElementKind::I32, {4});
  auto badType = function->call({&x, &wrongType});
  ASSERT_FALSE(bool(badType));
  EXPECT_EQ(llvm::toString(badType.takeError()),
            "input 1: @main expects tensor<?xi64>, got i32[4]");

  HostTensor wrongShape(ElementKind::F32, {5, 3});
  auto badShape = function->call({&wrongShape, &lod});
  ASSERT_FALSE(bool(badShape));
  EXPECT_EQ(llvm::toString(badShape.takeError()),
            "input 0: @main expects tensor<?x2xf32>, got f32[5x3]");
}

TEST_F(JitFunctionTest, ReportsRuntimeErrorsAndRecovers) {
  auto function = compile("onednn");
  auto [x, lod] = inputs();
  lod.dataAs<int64_t>()[3] = 7; // offsets end past the 5 rows
  auto bad = function->call({&x, &lod});
  ASSERT_FALSE(bool(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("invalid LoD"),
            std::string::npos);
  lod.dataAs<int64_t>()[3] = 5;
  EXPECT_TRUE(bool(function->call({&x, &lod}))) << "the error must not stick";
}

TEST(NpyTest, RoundTripsEveryElementKind) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("pdnn-npy", dir));
  for (ElementKind kind : {ElementKind::F32, ElementKind::BF16, ElementKind::I64,
                           ElementKind::I32, ElementKind::UI8, ElementKind::SI8}) {
    HostTensor tensor(kind, {3, 4});
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
