//===- pdnn-lac.cpp - segment Chinese text with Baidu LAC on PaddleDNN ----===//
//
//   pdnn-lac [--lac-dir DIR] [--backend onednn|reference] [--no-fuse]
//            [--precision f32|bf16|int8 --calibration FILE] [--tags]
//            [--batch N] [sentence ...]
//
// Segments the sentences given as arguments, else one sentence per line of
// stdin, in batches of N sentences (one LoD batch each), and prints each
// sentence's words separated by spaces (with --tags: each character's tag),
// then the time per sentence. int8 first calibrates on FILE's sentences.
//
//===----------------------------------------------------------------------===//

#include "LacSegmenter.h"

#include "PaddleDNN/Conversion/Options.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <fstream>
#include <iostream>

namespace cl = llvm::cl;

static int fail(llvm::Error error) {
  llvm::errs() << "pdnn-lac: " << llvm::toString(std::move(error)) << "\n";
  return 1;
}

static double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::opt<std::string> lacDir("lac-dir", cl::desc("LAC's model/ and conf/ (default: "
                                                   "examples/lac of the source tree)"),
                              cl::init(PDNN_LAC_DIR));
  cl::opt<std::string> backend("backend", cl::desc("onednn or reference"), cl::init("onednn"));
  cl::opt<bool> noFuse("no-fuse", cl::desc("run the imported graph without the fuse passes"));
  cl::opt<bool> noBidirectional("no-bidirectional",
                                cl::desc("fuse fc + gru but not the bidirectional pairs"));
  cl::opt<std::string> precision(
      "precision", cl::desc("f32, bf16, or int8 calibrated on --calibration"), cl::init("f32"));
  cl::opt<std::string> calibration("calibration",
                                   cl::desc("int8: a file of calibration sentences, one per line"));
  cl::opt<bool> printTags("tags", cl::desc("print each character's tag instead of the words"));
  cl::opt<bool> printIds("ids", cl::desc("print each sentence's word ids (the model's feed, as "
                                         "examples/deploy reads them) and run nothing"));
  cl::opt<unsigned> batch("batch", cl::desc("sentences per LoD batch"), cl::init(64));
  cl::list<std::string> sentences(cl::Positional, cl::desc("[sentence ...]"));
  cl::ParseCommandLineOptions(argc, argv, "Baidu LAC's word segmenter, compiled by PaddleDNN\n");

  lac::SegmenterOptions options;
  using Fusion = lac::SegmenterOptions::Fusion;
  options.fusion = noFuse ? Fusion::None
                   : noBidirectional ? Fusion::FcGru
                                     : Fusion::FcGruBidirectional;
  if (backend == "reference")
    options.backend = mlir::pdnn::Backend::Reference;
  else if (backend != "onednn") {
    llvm::errs() << "pdnn-lac: --backend must be onednn or reference\n";
    return 2;
  }
  if (precision == "int8") {
    options.precision = lac::SegmenterOptions::Precision::Int8;
    std::ifstream in(calibration);
    if (calibration.empty() || !in) {
      llvm::errs() << "pdnn-lac: --precision=int8 needs a readable --calibration file\n";
      return 2;
    }
    for (std::string line; std::getline(in, line);)
      if (!line.empty())
        options.calibration.push_back(line);
  } else if (precision == "bf16") {
    options.precision = lac::SegmenterOptions::Precision::Bf16;
  } else if (precision != "f32") {
    llvm::errs() << "pdnn-lac: --precision must be f32, bf16 or int8\n";
    return 2;
  }
  auto readInput = [&] {
    std::vector<std::string> input(sentences.begin(), sentences.end());
    if (input.empty())
      for (std::string line; std::getline(std::cin, line);)
        if (!line.empty())
          input.push_back(line);
    return input;
  };
  if (printIds) {
    auto dictionaries = lac::Dictionaries::load(lacDir + "/conf");
    if (!dictionaries)
      return fail(dictionaries.takeError());
    for (const std::string &sentence : readInput()) {
      std::vector<int64_t> ids = dictionaries->toIds(lac::splitCharacters(sentence));
      for (size_t i = 0; i < ids.size(); ++i)
        llvm::outs() << (i ? " " : "") << ids[i];
      llvm::outs() << "\n";
    }
    return 0;
  }

  auto start = std::chrono::steady_clock::now();
  auto segmenter = lac::Segmenter::create(lacDir, options);
  if (!segmenter)
    return fail(segmenter.takeError());
  double compileMs = msSince(start);

  std::vector<std::string> input = readInput();
  if (batch == 0)
    batch = 1;

  // One untimed batch first: oneDNN creates its primitives on the first
  // call, and the time per sentence should be the steady state.
  if (!input.empty()) {
    std::vector<std::string> warmUp(input.begin(),
                                    input.begin() + std::min<size_t>(input.size(), batch));
    if (auto words = (*segmenter)->segment(warmUp); !words)
      return fail(words.takeError());
  }
  double runMs = 0;
  size_t characters = 0;
  for (size_t first = 0; first < input.size(); first += batch) {
    std::vector<std::string> chunk(input.begin() + first,
                                   input.begin() + std::min(input.size(), first + batch));
    auto t0 = std::chrono::steady_clock::now();
    if (printTags) {
      auto tags = (*segmenter)->tag(chunk);
      runMs += msSince(t0);
      if (!tags)
        return fail(tags.takeError());
      for (const std::vector<llvm::StringRef> &sentence : *tags) {
        for (size_t i = 0; i < sentence.size(); ++i)
          llvm::outs() << (i ? " " : "") << sentence[i];
        llvm::outs() << "\n";
        characters += sentence.size();
      }
      continue;
    }
    auto words = (*segmenter)->segment(chunk);
    runMs += msSince(t0);
    if (!words)
      return fail(words.takeError());
    for (const std::vector<std::string> &sentence : *words) {
      for (size_t i = 0; i < sentence.size(); ++i) {
        llvm::outs() << (i ? " " : "") << sentence[i];
        characters += lac::splitCharacters(sentence[i]).size();
      }
      llvm::outs() << "\n";
    }
  }
  llvm::outs().flush();
  llvm::errs() << llvm::format(
      "pdnn-lac: %zu sentences, %zu characters; import + fuse + compile %.0f ms; run %.3f ms "
      "in all, %.3f ms per sentence (%s, %s, %s, batches of %u, after one warm-up batch)\n",
      input.size(), characters, compileMs, runMs,
      input.empty() ? 0.0 : runMs / double(input.size()),
      options.backend == mlir::pdnn::Backend::OneDNN ? "oneDNN" : "reference",
      options.fusion == Fusion::None    ? "unfused"
      : options.fusion == Fusion::FcGru ? "fc+gru fused"
                                        : "fc+gru and bidirectional fused",
      precision.c_str(), unsigned(batch));
  return 0;
}
