//===- LacBatches.h - LAC's feed for the C API's tests ----------*- C++ -*-===//

#ifndef PADDLEDNN_UNITTESTS_CAPI_LACBATCHES_H
#define PADDLEDNN_UNITTESTS_CAPI_LACBATCHES_H

#include "PaddleDNN/PaddleDNN.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

/// Sentences as LAC's feed: word ids and LoD offsets.
struct Batch {
  std::vector<int64_t> ids, lod = {0};
};

/// LAC's vocabulary has 8224 words.
Batch randomBatch(std::mt19937 &rng, int maxSentences, int maxLength) {
  Batch batch;
  int sentences = std::uniform_int_distribution<int>(1, maxSentences)(rng);
  for (int s = 0; s < sentences; ++s) {
    int length = std::uniform_int_distribution<int>(1, maxLength)(rng);
    for (int i = 0; i < length; ++i)
      batch.ids.push_back(std::uniform_int_distribution<int64_t>(0, 8223)(rng));
    batch.lod.push_back(static_cast<int64_t>(batch.ids.size()));
  }
  return batch;
}

/// The tags and their LoD, or an empty vector with the error in `error`.
std::vector<int64_t> tag(const pdnn_predictor *predictor, const Batch &batch,
                         std::string &error) {
  int64_t shape[2] = {static_cast<int64_t>(batch.ids.size()), 1};
  pdnn_input input = {"words",       PDNN_INT64,       2, shape, batch.ids.data(),
                      batch.lod.data(), static_cast<int64_t>(batch.lod.size())};
  pdnn_tensor *output = nullptr;
  if (pdnn_predictor_run(predictor, &input, 1, &output, 1) != PDNN_OK) {
    error = pdnn_last_error();
    return {};
  }
  const auto *tags = static_cast<const int64_t *>(pdnn_tensor_data(output));
  std::vector<int64_t> result(tags, tags + pdnn_tensor_num_elements(output));
  int64_t lodSize = 0;
  const int64_t *lod = pdnn_tensor_lod(output, &lodSize);
  result.insert(result.end(), lod, lod + lodSize);
  pdnn_tensor_destroy(output);
  return result;
}

} // namespace

#endif // PADDLEDNN_UNITTESTS_CAPI_LACBATCHES_H
