//===- LacSegmenter.cpp - Baidu LAC's word segmenter on PaddleDNN ---------===//

#include "LacSegmenter.h"

#include "PaddleDNN/Target/Paddle/PaddleImport.h"
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
  if (options.fusion != Fusion::None) {
    mlir::PassManager pm(&context);
    pm.addPass(mlir::pdnn::createFuseFcGru());
    if (options.fusion == Fusion::FcGruBidirectional)
      pm.addPass(mlir::pdnn::createFuseBidirectionalGru());
    pm.addPass(mlir::pdnn::createInPlace());
    if (mlir::failed(pm.run(*module)))
      return fail("the fuse passes failed:\n" + diagnostics);
  }
  mlir::pdnn::JitOptions jit;
  jit.backend = options.backend;
  jit.gruBatching = options.gruBatching;
  auto function = mlir::pdnn::JitFunction::compile(std::move(module), "main", jit);
  if (!function)
    return fail("compiling the model failed: " + llvm::toString(function.takeError()) + "\n" +
                diagnostics);
  std::unique_ptr<Segmenter> segmenter(new Segmenter(std::move(*dictionaries)));
  segmenter->model = std::move(*function);
  return segmenter;
}

Expected<std::vector<std::vector<std::string>>>
Segmenter::segment(const std::vector<std::string> &sentences) {
  std::vector<std::vector<std::string>> chars;
  std::vector<int64_t> ids, offsets{0};
  for (const std::string &sentence : sentences) {
    chars.push_back(splitCharacters(sentence));
    std::vector<int64_t> sentenceIds = dictionaries.toIds(chars.back());
    ids.insert(ids.end(), sentenceIds.begin(), sentenceIds.end());
    offsets.push_back(int64_t(ids.size()));
  }
  using mlir::pdnn::ElementKind;
  using mlir::pdnn::HostTensor;
  Expected<HostTensor> words =
      HostTensor::adopt(ElementKind::I64, {int64_t(ids.size()), 1}, ids.data(), nullptr);
  Expected<HostTensor> lod =
      HostTensor::adopt(ElementKind::I64, {int64_t(offsets.size())}, offsets.data(), nullptr);
  if (!words)
    return words.takeError();
  if (!lod)
    return lod.takeError();
  Expected<std::vector<HostTensor>> results = model->call({&*words, &*lod});
  if (!results)
    return results.takeError();
  const HostTensor &path = (*results)[0];
  if (path.numElements() != int64_t(ids.size()))
    return fail(llvm::formatv("the model returned {0} tags for {1} characters",
                              path.numElements(), ids.size()));
  const int64_t *tags = path.dataAs<int64_t>();
  std::vector<std::vector<std::string>> segmented;
  size_t row = 0;
  for (const std::vector<std::string> &sentence : chars) {
    std::vector<std::string> words;
    for (const std::string &c : sentence) {
      llvm::StringRef tag = dictionaries.tag(tags[row++]);
      if (words.empty() || tag.ends_with("B") || tag.ends_with("S"))
        words.push_back(c);
      else
        words.back() += c;
    }
    segmented.push_back(std::move(words));
  }
  return segmented;
}
