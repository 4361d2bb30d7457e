//===- lac_tags_direct.cpp - LAC from C++ through its generated header ----===//
//
//   pdnn-compile examples/lac/model -o liblac.so       # writes lac.h too
//   c++ -I. lac_tags_direct.cpp liblac.so -lPaddleDNNRuntime -o lac_tags
//   lac_tags conf/tag.dic < ids.txt
//
// No C API in between: the program calls the library's own entry points
// (lac_initialize, lac_main, lac_finalize) with memref descriptors, as the
// header pdnn-compile wrote declares them. Input as lac_tags.c's.
//
//===----------------------------------------------------------------------===//

#include "lac.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " TAG_DIC < ids.txt\n";
    return 2;
  }
  std::map<int64_t, std::string> tags;
  std::ifstream dic(argv[1]);
  for (std::string line; std::getline(dic, line);) {
    std::istringstream fields(line);
    int64_t id;
    std::string name;
    if (fields >> id >> name)
      tags[id] = name;
  }
  std::vector<int64_t> ids, lod = {0};
  for (std::string line; std::getline(std::cin, line);) {
    std::istringstream words(line);
    size_t before = ids.size();
    for (int64_t id; words >> id;)
      ids.push_back(id);
    if (ids.size() > before)
      lod.push_back(static_cast<int64_t>(ids.size()));
  }

  lac_initialize();
  lac_memref2 words = {ids.data(), ids.data(), 0, {static_cast<int64_t>(ids.size()), 1}, {1, 1}};
  lac_memref1 words_lod = {lod.data(), lod.data(), 0, {static_cast<int64_t>(lod.size())}, {1}};
  lac_results results;
  lac_main(&results, &words, &words_lod);
  if (const char *error = pdnnrt_last_error()) {
    std::cerr << "lac_tags_direct: " << error << "\n";
    return 1;
  }
  const auto &out = results.save_infer_model_scale_0;
  const auto &outLod = results.save_infer_model_scale_0_lod;
  const auto *tagIds = static_cast<const int64_t *>(out.aligned) + out.offset;
  const auto *offsets = static_cast<const int64_t *>(outLod.aligned) + outLod.offset;
  for (int64_t s = 0; s + 1 < outLod.sizes[0]; ++s) {
    for (int64_t i = offsets[s]; i < offsets[s + 1]; ++i)
      std::cout << (i > offsets[s] ? " " : "") << tags[tagIds[i]];
    std::cout << "\n";
  }
  // The results' buffers are the caller's, once each, unless one is an
  // input's or a constant's.
  auto release = [&](void *buffer) {
    if (buffer != words.allocated && buffer != words_lod.allocated &&
        buffer != reinterpret_cast<void *>(0xdeadbeef))
      pdnnrt_buffer_free(buffer);
  };
  release(out.allocated);
  if (outLod.allocated != out.allocated)
    release(outLod.allocated);
  lac_finalize();
  return 0;
}
