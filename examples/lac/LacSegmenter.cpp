//===- LacSegmenter.cpp - Baidu LAC's word segmenter on PaddleDNN ---------===//

#include "LacSegmenter.h"

#include "PaddleDNN/Execution/Calibrate.h"
#include "PaddleDNN/Target/Paddle/PaddleImport.h"
#include "PaddleDNN/Transforms/Calibration.h"
#include "PaddleDNN/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace lac;
using llvm::Expected;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// LAC's load_kv_dict: UTF-8 lines split on a tab; lines without exactly
/// two fields are skipped, a later key wins.
static llvm::Error forEachEntry(llvm::StringRef path,
                                llvm::function_ref<void(llvm::StringRef, llvm::StringRef)> fn) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return fail("cannot read '" + path + "': " + buffer.getError().message());
  llvm::StringRef text = (*buffer)->getBuffer();
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    text = rest;
    line.consume_back("\r");
    llvm::SmallVector<llvm::StringRef, 3> fields;
    line.split(fields, '\t');
    if (fields.size() == 2)
      fn(fields[0], fields[1]);
  }
  return llvm::Error::success();
}

Expected<Dictionaries> Dictionaries::load(llvm::StringRef confDir) {
  Dictionaries d;
  auto file = [&](const char *name) {
    llvm::SmallString<256> path(confDir);
    llvm::sys::path::append(path, name);
    return path.str().str();
  };
  llvm::Error error = forEachEntry(file("word.dic"), [&](llvm::StringRef id, llvm::StringRef word) {
    int64_t value;
    if (!id.getAsInteger(10, value))
      d.wordIds[word] = value;
  });
  if (error)
    return error;
  if (llvm::Error e = forEachEntry(file("q2b.dic"), [&](llvm::StringRef from, llvm::StringRef to) {
        d.q2b[from] = to.str();
      }))
    return e;
  if (llvm::Error e = forEachEntry(file("tag.dic"), [&](llvm::StringRef id, llvm::StringRef tag) {
        size_t index;
        if (!id.getAsInteger(10, index) && index < 1024) {
          if (d.tags.size() <= index)
            d.tags.resize(index + 1);
          d.tags[index] = tag.str();
        }
      }))
    return e;
  auto oov = d.wordIds.find("OOV");
  if (oov == d.wordIds.end())
    return fail("word.dic has no \"OOV\" entry");
  d.oovId = oov->second;
  return d;
}

std::vector<int64_t> Dictionaries::toIds(const std::vector<std::string> &chars) const {
  std::vector<int64_t> ids;
  ids.reserve(chars.size());
  for (const std::string &c : chars) {
    auto mapped = q2b.find(c);
    llvm::StringRef key = mapped == q2b.end() ? llvm::StringRef(c) : mapped->second;
    auto id = wordIds.find(key);
    ids.push_back(id == wordIds.end() ? oovId : id->second);
  }
  return ids;
}

llvm::StringRef Dictionaries::tag(int64_t id) const {
  return id >= 0 && size_t(id) < tags.size() ? llvm::StringRef(tags[id]) : "";
}

std::vector<std::string> lac::splitCharacters(llvm::StringRef text) {
  std::vector<std::string> chars;
  const char *p = text.begin();
  while (p < text.end()) {
    unsigned length = llvm::getNumBytesForUTF8(*p);
    if (length == 0 || p + length > text.end() ||
        !llvm::isLegalUTF8Sequence(reinterpret_cast<const llvm::UTF8 *>(p),
                                   reinterpret_cast<const llvm::UTF8 *>(p + length)))
      length = 1;
    chars.emplace_back(p, length);
    p += length;
  }
  return chars;
}

/// The feed tensors of `batch`, borrowing its vectors.
static Expected<std::pair<mlir::pdnn::HostTensor, mlir::pdnn::HostTensor>>
feedOf(const LodBatch &batch) {
  using mlir::pdnn::ElementKind;
  using mlir::pdnn::HostTensor;
  // The model only reads its feed; adopt() wants a mutable pointer.
  auto *ids = const_cast<int64_t *>(batch.ids.data());
  auto *offsets = const_cast<int64_t *>(batch.offsets.data());
  Expected<HostTensor> words =
      HostTensor::adopt(ElementKind::I64, {int64_t(batch.ids.size()), 1}, ids, nullptr);
  if (!words)
    return words.takeError();
  Expected<HostTensor> lod =
      HostTensor::adopt(ElementKind::I64, {int64_t(batch.offsets.size())}, offsets, nullptr);
  if (!lod)
    return lod.takeError();
  return std::make_pair(std::move(*words), std::move(*lod));
}

/// Runs the fused f32 `module` on `sentences` and returns the ranges of its
/// quantizable tensors.
static Expected<mlir::pdnn::CalibrationRanges>
calibrate(mlir::ModuleOp module, const SegmenterOptions &options, const mlir::pdnn::JitOptions &jit,
          llvm::function_ref<LodBatch(const std::vector<std::string> &)> toBatch) {
  if (options.calibration.empty())
    return fail("int8 needs calibration sentences");
  auto calibrating = mlir::pdnn::CalibratingFunction::compile(
      mlir::OwningOpRef<mlir::ModuleOp>(module.clone()), "main", jit);
  if (!calibrating)
    return calibrating.takeError();
  mlir::pdnn::CalibrationRanges ranges;
  size_t step = std::max<size_t>(options.calibrationBatch, 1);
  const std::vector<std::string> &sentences = options.calibration;
  for (size_t first = 0; first < sentences.size(); first += step) {
    LodBatch batch = toBatch(std::vector<std::string>(
        sentences.begin() + first, sentences.begin() + std::min(sentences.size(), first + step)));
    auto feed = feedOf(batch);
    if (!feed)
      return feed.takeError();
    if (auto results = calibrating->call({&feed->first, &feed->second}, ranges); !results)
      return results.takeError();
  }
  return ranges;
}

Expected<std::unique_ptr<Segmenter>> Segmenter::create(llvm::StringRef lacDir,
                                                       const SegmenterOptions &options) {
  llvm::SmallString<256> confDir(lacDir), programPath(lacDir);
  llvm::sys::path::append(confDir, "conf");
  llvm::sys::path::append(programPath, "model", "__model__");
  Expected<Dictionaries> dictionaries = Dictionaries::load(confDir);
  if (!dictionaries)
    return dictionaries.takeError();

  mlir::DialectRegistry registry;
  mlir::pdnn::prepareForJit(registry);
  mlir::MLIRContext context(registry);
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler collect(&context, [&](mlir::Diagnostic &diag) {
    if (diag.getSeverity() == mlir::DiagnosticSeverity::Error)
      diagnostics += diag.str() + "\n";
    return mlir::success();
  });
  auto program = llvm::MemoryBuffer::getFile(programPath, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
  if (!program)
    return fail("cannot read '" + programPath + "': " + program.getError().message());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*program), llvm::SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::pdnn::importPaddleModel(sourceMgr, &context, {});
  if (!module)
    return fail("importing " + programPath + " failed:\n" + diagnostics);
  using Fusion = SegmenterOptions::Fusion;
  using Precision = SegmenterOptions::Precision;
  mlir::pdnn::JitOptions jit;
  jit.backend = options.backend;
  jit.gruBatching = options.gruBatching;
  std::unique_ptr<Segmenter> segmenter(new Segmenter(std::move(*dictionaries)));
  auto runPasses = [&](llvm::function_ref<void(mlir::PassManager &)> add) -> llvm::Error {
    mlir::PassManager pm(&context);
    add(pm);
    if (mlir::failed(pm.run(*module)))
      return fail("the passes failed:\n" + diagnostics);
    return llvm::Error::success();
  };
  if (options.fusion != Fusion::None)
    if (llvm::Error e =
            runPasses([](mlir::PassManager &pm) { pm.addPass(mlir::pdnn::createFuseFcGru()); }))
      return e;
  if (options.precision != Precision::F32) {
    std::unique_ptr<mlir::Pass> placement;
    if (options.precision == Precision::Int8) {
      auto ranges = calibrate(*module, options, jit, [&](const std::vector<std::string> &s) {
        return segmenter->batch(s);
      });
      if (!ranges)
        return ranges.takeError();
      placement = mlir::pdnn::createQuantizePlacement(std::move(*ranges));
    } else {
      mlir::pdnn::QuantizePlacementOptions bf16;
      bf16.precision = mlir::pdnn::PlacementPrecision::Bf16;
      placement = mlir::pdnn::createQuantizePlacement(bf16);
    }
    if (llvm::Error e = runPasses([&](mlir::PassManager &pm) {
          pm.addPass(std::move(placement));
          pm.addPass(mlir::pdnn::createFuseQuantizedOps());
          pm.addPass(mlir::pdnn::createSquashQuantization());
        }))
      return e;
  }
  if (llvm::Error e = runPasses([&](mlir::PassManager &pm) {
        if (options.fusion == Fusion::FcGruBidirectional)
          pm.addPass(mlir::pdnn::createFuseBidirectionalGru());
        if (options.fusion != Fusion::None)
          pm.addPass(mlir::pdnn::createInPlace());
      }))
    return e;
  auto function = mlir::pdnn::JitFunction::compile(std::move(module), "main", jit);
  if (!function)
    return fail("compiling the model failed: " + llvm::toString(function.takeError()) + "\n" +
                diagnostics);
  segmenter->model = std::move(*function);
  return segmenter;
}

LodBatch Segmenter::batch(const std::vector<std::string> &sentences) const {
  LodBatch batch;
  batch.offsets.push_back(0);
  for (const std::string &sentence : sentences) {
    batch.chars.push_back(splitCharacters(sentence));
    std::vector<int64_t> sentenceIds = dictionaries.toIds(batch.chars.back());
    batch.ids.insert(batch.ids.end(), sentenceIds.begin(), sentenceIds.end());
    batch.offsets.push_back(int64_t(batch.ids.size()));
  }
  return batch;
}

Expected<std::vector<std::vector<llvm::StringRef>>> Segmenter::run(const LodBatch &batch) {
  auto feed = feedOf(batch);
  if (!feed)
    return feed.takeError();
  Expected<std::vector<mlir::pdnn::HostTensor>> results =
      model->call({&feed->first, &feed->second});
  if (!results)
    return results.takeError();
  const mlir::pdnn::HostTensor &path = (*results)[0];
  if (path.numElements() != int64_t(batch.ids.size()))
    return fail(llvm::formatv("the model returned {0} tags for {1} characters", path.numElements(),
                              batch.ids.size()));
  const int64_t *tags = path.dataAs<int64_t>();
  std::vector<std::vector<llvm::StringRef>> named;
  size_t row = 0;
  for (const std::vector<std::string> &sentence : batch.chars) {
    named.emplace_back();
    for (size_t i = 0; i < sentence.size(); ++i)
      named.back().push_back(dictionaries.tag(tags[row++]));
  }
  return named;
}

Expected<std::vector<std::vector<llvm::StringRef>>>
Segmenter::tag(const std::vector<std::string> &sentences) {
  return run(batch(sentences));
}

Expected<std::vector<std::vector<std::string>>>
Segmenter::segment(const std::vector<std::string> &sentences) {
  LodBatch batch = this->batch(sentences);
  auto tags = run(batch);
  if (!tags)
    return tags.takeError();
  std::vector<std::vector<std::string>> segmented;
  for (size_t s = 0; s < batch.chars.size(); ++s) {
    std::vector<std::string> words;
    for (size_t i = 0; i < batch.chars[s].size(); ++i) {
      llvm::StringRef tag = (*tags)[s][i];
      if (words.empty() || tag.ends_with("B") || tag.ends_with("S"))
        words.push_back(batch.chars[s][i]);
      else
        words.back() += batch.chars[s][i];
    }
    segmented.push_back(std::move(words));
  }
  return segmented;
}
