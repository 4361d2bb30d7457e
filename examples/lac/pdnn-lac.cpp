//===- pdnn-lac.cpp - segment Chinese text with Baidu LAC on PaddleDNN ----===//
//
//   pdnn-lac [--lac-dir DIR] [--backend onednn|reference] [--no-fuse]
//            [--batch N] [sentence ...]
//
// Segments the sentences given as arguments, else one sentence per line of
// stdin, in batches of N sentences (one LoD batch each), and prints each
// sentence's words separated by spaces, then the time per sentence.
//
//===----------------------------------------------------------------------===//

#include "LacSegmenter.h"

#include "PaddleDNN/Conversion/Options.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <iostream>

namespace cl = llvm::cl;

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::opt<std::string> lacDir("lac-dir", cl::desc("LAC's model/ and conf/ (default: "
                                                   "examples/lac of the source tree)"),
                              cl::init(PDNN_LAC_DIR));
  cl::opt<std::string> backend("backend", cl::desc("onednn or reference"), cl::init("onednn"));
  cl::opt<bool> noFuse("no-fuse", cl::desc("run the imported graph without the fuse passes"));
  cl::opt<bool> noBidirectional("no-bidirectional",
                                cl::desc("fuse fc + gru but not the bidirectional pairs"));
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
  auto start = std::chrono::steady_clock::now();
  auto segmenter = lac::Segmenter::create(lacDir, options);
  if (!segmenter) {
    llvm::errs() << "pdnn-lac: " << llvm::toString(segmenter.takeError()) << "\n";
    return 1;
  }
  double compileMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  std::vector<std::string> input(sentences.begin(), sentences.end());
  if (input.empty())
    for (std::string line; std::getline(std::cin, line);)
      if (!line.empty())
        input.push_back(line);
  if (batch == 0)
    batch = 1;

  // One untimed batch first: oneDNN creates its primitives on the first
  // call, and the time per sentence should be the steady state.
  if (!input.empty()) {
    std::vector<std::string> warmUp(input.begin(),
                                    input.begin() + std::min<size_t>(input.size(), batch));
    if (auto words = (*segmenter)->segment(warmUp); !words) {
      llvm::errs() << "pdnn-lac: " << llvm::toString(words.takeError()) << "\n";
      return 1;
    }
  }
  double runMs = 0;
  size_t characters = 0;
  for (size_t first = 0; first < input.size(); first += batch) {
    std::vector<std::string> chunk(input.begin() + first,
                                   input.begin() + std::min(input.size(), first + batch));
    auto t0 = std::chrono::steady_clock::now();
    auto words = (*segmenter)->segment(chunk);
    runMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                 .count();
    if (!words) {
      llvm::errs() << "pdnn-lac: " << llvm::toString(words.takeError()) << "\n";
      return 1;
    }
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
      "in all, %.3f ms per sentence (%s, %s, batches of %u, after one warm-up batch)\n",
      input.size(), characters, compileMs, runMs,
      input.empty() ? 0.0 : runMs / double(input.size()),
      options.backend == mlir::pdnn::Backend::OneDNN ? "oneDNN" : "reference",
      options.fusion == Fusion::None    ? "unfused"
      : options.fusion == Fusion::FcGru ? "fc+gru fused"
                                        : "fc+gru and bidirectional fused",
      unsigned(batch));
  return 0;
}
