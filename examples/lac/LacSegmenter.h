//===- LacSegmenter.h - Baidu LAC's word segmenter on PaddleDNN -*- C++ -*-===//
//
// The whole path of a real model: LAC's Paddle files are imported
// (--import-paddle), fused (--fuse-fc-gru, --fuse-bidirectional-gru,
// --inplace), JIT-compiled, and run on a batch of sentences as one LoD
// batch. Text becomes ids exactly as LAC's Python package does (per
// character: the q2b.dic full-width to half-width map, then word.dic, the
// id of "OOV" for unknown characters), and tags become words as its seg
// mode does (a word starts at a tag ending in B or S).
//
// int8 is post-training quantization as Paddle's oneDNN int8 flow does it:
// the fused f32 model runs on calibration sentences recording its tensors'
// ranges, then --quantize-placement, --fuse-quantized-ops and
// --squash-quantization make its GRUs and products int8. bf16 is Paddle's
// bf16 placement (--quantize-placement=precision=bf16), then the same two
// passes.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXAMPLES_LAC_LACSEGMENTER_H
#define PADDLEDNN_EXAMPLES_LAC_LACSEGMENTER_H

#include "PaddleDNN/Execution/JitFunction.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace lac {

/// LAC's dictionaries (conf/).
class Dictionaries {
public:
  static llvm::Expected<Dictionaries> load(llvm::StringRef confDir);
  /// One id per character of `chars`.
  std::vector<int64_t> toIds(const std::vector<std::string> &chars) const;
  /// The tag name ("-B", ...) of a tag id, "" if unknown.
  llvm::StringRef tag(int64_t id) const;

private:
  llvm::StringMap<int64_t> wordIds;
  llvm::StringMap<std::string> q2b;
  std::vector<std::string> tags;
  int64_t oovId = 0;
};

/// The characters (UTF-8 code points) of `text`; an invalid byte is one
/// character of its own.
std::vector<std::string> splitCharacters(llvm::StringRef text);

struct SegmenterOptions {
  mlir::pdnn::Backend backend = mlir::pdnn::Backend::OneDNN;
  mlir::pdnn::GruBatching gruBatching = mlir::pdnn::GruBatching::LengthSorted;
  /// Which fuse passes run: none (the imported graph), --fuse-fc-gru, or
  /// --fuse-fc-gru then --fuse-bidirectional-gru (each followed by --inplace).
  enum class Fusion { None, FcGru, FcGruBidirectional } fusion = Fusion::FcGruBidirectional;
  /// int8 needs `calibration`; bf16 needs none. The bidirectional pairs
  /// are fused after quantization, into int8 or bf16 multi_gru.
  enum class Precision { F32, Int8, Bf16 } precision = Precision::F32;
  /// The sentences int8 calibrates on, run in LoD batches of
  /// `calibrationBatch`.
  std::vector<std::string> calibration;
  size_t calibrationBatch = 64;
};

/// Sentences as the model's feed: ids and LoD offsets, and each
/// sentence's characters.
struct LodBatch {
  std::vector<std::vector<std::string>> chars;
  std::vector<int64_t> ids, offsets;
};

class Segmenter {
public:
  /// `lacDir` holds model/ (the Paddle files) and conf/.
  static llvm::Expected<std::unique_ptr<Segmenter>> create(llvm::StringRef lacDir,
                                                           const SegmenterOptions &options);
  /// The words of each sentence, the sentences run as one LoD batch.
  llvm::Expected<std::vector<std::vector<std::string>>>
  segment(const std::vector<std::string> &sentences);
  /// The tag names ("-B", ...) of each sentence's characters, one LoD
  /// batch; they live as long as the segmenter.
  llvm::Expected<std::vector<std::vector<llvm::StringRef>>>
  tag(const std::vector<std::string> &sentences);

private:
  Segmenter(Dictionaries dictionaries) : dictionaries(std::move(dictionaries)) {}
  LodBatch batch(const std::vector<std::string> &sentences) const;
  /// Runs the model on `batch`: one tag name per character.
  llvm::Expected<std::vector<std::vector<llvm::StringRef>>> run(const LodBatch &batch);
  Dictionaries dictionaries;
  std::unique_ptr<mlir::pdnn::JitFunction> model;
};

} // namespace lac

#endif // PADDLEDNN_EXAMPLES_LAC_LACSEGMENTER_H
