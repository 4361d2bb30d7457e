//===- PredictorTest.cpp - the C API on libraries pdnn-compile wrote ------===//
//
// The models are compiled when the tests are built (CMakeLists.txt): a small
// one (Inputs/small.mlir: a LoD input through a fusion_gru, a static one
// through a relu), the same for CPU features no CPU of ours has all of, and
// Baidu LAC. Every failure must be a status and a message, leave the output
// slots as they were and the inputs unchanged.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/PaddleDNN.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace {

struct PredictorDeleter {
  void operator()(pdnn_predictor *p) const { pdnn_predictor_destroy(p); }
};
using PredictorPtr = std::unique_ptr<pdnn_predictor, PredictorDeleter>;

PredictorPtr load(const char *path) {
  pdnn_predictor *raw = nullptr;
  pdnn_status status = pdnn_predictor_load(path, &raw);
  EXPECT_EQ(status, PDNN_OK) << pdnn_last_error();
  return PredictorPtr(raw);
}

/// The small model's inputs: x (rows x 3) with `lod`, scale (2 x 3).
struct SmallInputs {
  std::vector<float> x, scale = {-1, 2, -3, 4, -5, 6};
  std::vector<int64_t> lod, xShape, scaleShape = {2, 3};
  std::vector<pdnn_input> inputs;

  explicit SmallInputs(std::vector<int64_t> offsets) : lod(std::move(offsets)) {
    int64_t rows = lod.back();
    for (int64_t i = 0; i < rows * 3; ++i)
      x.push_back(0.1f * static_cast<float>(i % 7) - 0.3f);
    xShape = {rows, 3};
    inputs = {{"x", PDNN_FLOAT32, 2, xShape.data(), x.data(), lod.data(),
               static_cast<int64_t>(lod.size())},
              {"scale", PDNN_FLOAT32, 2, scaleShape.data(), scale.data(), nullptr, 0}};
  }
};

/// Runs and expects `status` with a message containing `message`; on
/// failure the output slots keep their sentinel.
void expectFailure(const pdnn_predictor *predictor, const std::vector<pdnn_input> &inputs,
                   pdnn_status status, const std::string &message, int32_t numOutputs = 2) {
  pdnn_tensor *sentinel = reinterpret_cast<pdnn_tensor *>(0x1);
  std::vector<pdnn_tensor *> outputs(4, sentinel);
  EXPECT_EQ(pdnn_predictor_run(predictor, inputs.data(), static_cast<int32_t>(inputs.size()),
                               outputs.data(), numOutputs),
            status);
  EXPECT_NE(std::string(pdnn_last_error()).find(message), std::string::npos)
      << "message: " << pdnn_last_error();
  for (pdnn_tensor *slot : outputs)
    EXPECT_EQ(slot, sentinel);
}

std::vector<float> values(const pdnn_tensor *tensor) {
  const auto *data = static_cast<const float *>(pdnn_tensor_data(tensor));
  return std::vector<float>(data, data + pdnn_tensor_num_elements(tensor));
}

TEST(PredictorTest, DescribesTheModelsVariables) {
  PredictorPtr predictor = load(PDNN_TEST_SMALL_MODEL);
  ASSERT_TRUE(predictor);
  EXPECT_STREQ(pdnn_predictor_name(predictor.get()), "small");
  ASSERT_EQ(pdnn_predictor_num_inputs(predictor.get()), 2);
  ASSERT_EQ(pdnn_predictor_num_outputs(predictor.get()), 2);
  pdnn_tensor_info x, scale, h, relu;
  ASSERT_EQ(pdnn_predictor_input(predictor.get(), 0, &x), PDNN_OK);
  ASSERT_EQ(pdnn_predictor_input(predictor.get(), 1, &scale), PDNN_OK);
  ASSERT_EQ(pdnn_predictor_output(predictor.get(), 0, &h), PDNN_OK);
  ASSERT_EQ(pdnn_predictor_output(predictor.get(), 1, &relu), PDNN_OK);
  EXPECT_STREQ(x.name, "x");
  EXPECT_EQ(x.has_lod, 1);
  EXPECT_EQ(x.rank, 2);
  EXPECT_EQ(x.shape[0], -1);
  EXPECT_EQ(x.shape[1], 3);
  EXPECT_STREQ(scale.name, "scale");
  EXPECT_EQ(scale.has_lod, 0);
  EXPECT_EQ(scale.shape[0], 2);
  EXPECT_STREQ(h.name, "h");
  EXPECT_EQ(h.dtype, PDNN_FLOAT32);
  EXPECT_STREQ(relu.name, "relu");
  EXPECT_EQ(pdnn_predictor_input(predictor.get(), 2, &x), PDNN_INVALID_ARGUMENT);
  EXPECT_EQ(pdnn_predictor_output(predictor.get(), -1, &x), PDNN_INVALID_ARGUMENT);
}

TEST(PredictorTest, RunsAndLeavesItsInputsAlone) {
  PredictorPtr predictor = load(PDNN_TEST_SMALL_MODEL);
  ASSERT_TRUE(predictor);
  SmallInputs in({0, 2, 5});
  std::vector<float> xBefore = in.x, scaleBefore = in.scale;
  pdnn_tensor *outputs[2] = {};
  ASSERT_EQ(pdnn_predictor_run(predictor.get(), in.inputs.data(), 2, outputs, 2), PDNN_OK)
      << pdnn_last_error();
  EXPECT_EQ(in.x, xBefore);
  EXPECT_EQ(in.scale, scaleBefore);
  ASSERT_EQ(pdnn_tensor_rank(outputs[0]), 2);
  EXPECT_EQ(pdnn_tensor_shape(outputs[0])[0], 5);
  EXPECT_EQ(pdnn_tensor_shape(outputs[0])[1], 5);
  EXPECT_EQ(values(outputs[1]), (std::vector<float>{0, 2, 0, 4, 0, 6}));
  // The same inputs by position give the same bits.
  std::vector<pdnn_input> positional = in.inputs;
  for (pdnn_input &input : positional)
    input.name = nullptr;
  pdnn_tensor *again[2] = {};
  ASSERT_EQ(pdnn_predictor_run(predictor.get(), positional.data(), 2, again, 2), PDNN_OK);
  EXPECT_EQ(values(again[0]), values(outputs[0]));
  for (pdnn_tensor *t : {outputs[0], outputs[1], again[0], again[1]})
    pdnn_tensor_destroy(t);
}

TEST(PredictorTest, RefusesBadInputsWithAMessage) {
  PredictorPtr predictor = load(PDNN_TEST_SMALL_MODEL);
  ASSERT_TRUE(predictor);
  const pdnn_predictor *p = predictor.get();
  {
    SmallInputs in({0, 2, 5});
    in.inputs[0].dtype = PDNN_INT32;
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT,
                  "input 'x' has element type int32, expected float32");
  }
  {
    SmallInputs in({0, 2, 5});
    in.inputs[1].rank = 1;
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "input 'scale' has rank 1, expected 2");
  }
  {
    SmallInputs in({0, 2, 5});
    in.scaleShape = {3, 2};
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT,
                  "input 'scale' has size 3 in dimension 0, the model takes 2");
  }
  {
    SmallInputs in({0, 2, 5});
    in.xShape[1] = 4;
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "dimension 1, the model takes 3");
  }
  {
    SmallInputs in({0, 2, 5});
    in.xShape[0] = -5;
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "negative size");
  }
  {
    SmallInputs in({0, 3, 2, 5});
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "its LoD decreases at offset 2");
  }
  {
    SmallInputs in({0, 2, 5});
    in.lod.back() = 4;
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT,
                  "its LoD ends at 4 but the tensor has 5 rows");
  }
  {
    SmallInputs in({0, 2, 5});
    in.lod.front() = 1;
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "its LoD starts at 1, not 0");
  }
  {
    SmallInputs in({0, 2, 5});
    in.inputs[0].lod = nullptr;
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "input 'x' needs a LoD");
  }
  {
    SmallInputs in({0, 2, 5});
    in.inputs[1].lod = in.lod.data();
    in.inputs[1].lod_size = 2;
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "input 'scale' takes no LoD");
  }
  {
    SmallInputs in({0, 2, 5});
    in.inputs.pop_back();
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "input 'scale' is missing");
  }
  {
    SmallInputs in({0, 2, 5});
    in.inputs[1].name = "bias";
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "the model has no input 'bias'");
  }
  {
    SmallInputs in({0, 2, 5});
    in.inputs[1].name = "x";
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "input 'x' is given twice");
  }
  {
    SmallInputs in({0, 2, 5});
    in.inputs[1].data = nullptr;
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "input 'scale' has no data");
  }
  {
    SmallInputs in({0, 2, 5});
    in.inputs[1].data = reinterpret_cast<const char *>(in.scale.data()) + 1;
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "not aligned");
  }
  {
    SmallInputs in({0, 2, 5});
    expectFailure(p, in.inputs, PDNN_INVALID_ARGUMENT, "the model has 2 outputs; 1 output",
                  /*numOutputs=*/1);
  }
  EXPECT_EQ(pdnn_predictor_run(nullptr, nullptr, 0, nullptr, 0), PDNN_INVALID_ARGUMENT);
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string writeTemporary(const std::string &name, const std::string &bytes) {
  std::string path = testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

TEST(PredictorTest, RefusesLibrariesItCannotRun) {
  pdnn_predictor *p = nullptr;
  EXPECT_EQ(pdnn_predictor_load("/nonexistent/libmodel.so", &p), PDNN_NOT_FOUND);
  EXPECT_NE(std::string(pdnn_last_error()).find("cannot open '/nonexistent/libmodel.so'"),
            std::string::npos);
  EXPECT_EQ(p, nullptr);

  // A shared library that is not a model.
  EXPECT_EQ(pdnn_predictor_load(PDNN_TEST_RUNTIME_LIBRARY, &p), PDNN_INCOMPATIBLE);
  EXPECT_NE(std::string(pdnn_last_error()).find("is not a model compiled by pdnn-compile"),
            std::string::npos);

  // A file that is no library at all.
  std::string text = writeTemporary("pdnn-not-elf.so", "not an ELF file");
  EXPECT_EQ(pdnn_predictor_load(text.c_str(), &p), PDNN_INCOMPATIBLE);
  EXPECT_NE(std::string(pdnn_last_error()).find("cannot load"), std::string::npos);

  // Compiled for another runtime contract: the recorded version differs in
  // its last digit.
  std::string bytes = readFile(PDNN_TEST_SMALL_MODEL);
  std::string version = pdnn_runtime_version();
  size_t at = bytes.find(version);
  ASSERT_NE(at, std::string::npos);
  char &digit = bytes[at + version.size() - 1];
  digit = digit == '0' ? '1' : '0';
  std::string other = writeTemporary("pdnn-other-runtime.so", bytes);
  EXPECT_EQ(pdnn_predictor_load(other.c_str(), &p), PDNN_INCOMPATIBLE);
  EXPECT_NE(std::string(pdnn_last_error()).find("was compiled for PaddleDNN runtime"),
            std::string::npos)
      << pdnn_last_error();
  EXPECT_EQ(p, nullptr);
}

TEST(PredictorTest, RefusesCodeForCpuFeaturesThisCpuLacks) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512fp16") &&
      __builtin_cpu_supports("amx-tile"))
    GTEST_SKIP() << "this CPU has every feature the model was compiled for";
  pdnn_predictor *p = nullptr;
  EXPECT_EQ(pdnn_predictor_load(PDNN_TEST_FEATURES_MODEL, &p), PDNN_INCOMPATIBLE);
  EXPECT_NE(std::string(pdnn_last_error()).find("compiled for CPU features this CPU lacks"),
            std::string::npos)
      << pdnn_last_error();
  EXPECT_EQ(p, nullptr);
}

TEST(PredictorTest, LoadingALibraryTwiceSharesItsWeights) {
  // The process holds one copy of a library, and its weights are in its
  // globals: dropping one predictor must not release the other's.
  PredictorPtr first = load(PDNN_TEST_SMALL_MODEL);
  PredictorPtr second = load(PDNN_TEST_SMALL_MODEL);
  ASSERT_TRUE(first && second);
  first.reset();
  SmallInputs in({0, 2, 5});
  pdnn_tensor *outputs[2] = {};
  ASSERT_EQ(pdnn_predictor_run(second.get(), in.inputs.data(), 2, outputs, 2), PDNN_OK)
      << pdnn_last_error();
  pdnn_tensor_destroy(outputs[0]);
  pdnn_tensor_destroy(outputs[1]);
}

TEST(PredictorTest, ClonesShareTheModel) {
  PredictorPtr predictor = load(PDNN_TEST_SMALL_MODEL);
  ASSERT_TRUE(predictor);
  PredictorPtr clone(pdnn_predictor_clone(predictor.get()));
  predictor.reset();
  SmallInputs in({0, 1, 4});
  pdnn_tensor *outputs[2] = {};
  ASSERT_EQ(pdnn_predictor_run(clone.get(), in.inputs.data(), 2, outputs, 2), PDNN_OK)
      << pdnn_last_error();
  EXPECT_EQ(pdnn_tensor_shape(outputs[0])[0], 4);
  pdnn_tensor_destroy(outputs[0]);
  pdnn_tensor_destroy(outputs[1]);
}

} // namespace
