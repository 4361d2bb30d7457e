//===- pdnn-run.cpp - JIT-run a pdnn module on .npy inputs ----------------===//
//
//   pdnn-run model.mlir -e main --input x.npy --input lod.npy -o out/
//            [--backend=onednn|reference] [--repeat N] [--print]
//
// Lowers the module with --pdnn-lower, JIT-compiles it, calls the entry
// function on the inputs and writes every result to <out>/result<i>.npy.
// With --calibrate=ranges.json it also records the range of every tensor
// the int8 passes could quantize and merges it into that file (created if
// absent), one run per sample: --quantize-placement reads it.
// With --repeat N it times N further calls after the first (the warm-up that
// creates oneDNN primitives) and prints the median, minimum and maximum.
// With --cases=list.txt it compiles once and makes one call per line of the
// list (that call's .npy inputs, separated by spaces, relative to the
// list's folder), writing <out>/case<k>/result<i>.npy: tests check many
// inputs of a model without compiling it many times.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Execution/Calibrate.h"
#include "PaddleDNN/Execution/JitFunction.h"
#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include "llvm/ADT/ScopeExit.h"
#include "PaddleDNN/Execution/Npy.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace mlir;
using namespace mlir::pdnn;
namespace cl = llvm::cl;

// --help lists these, not every option the linked LLVM libraries register.
static cl::OptionCategory runCategory("pdnn-run options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<module.mlir>"),
                                      cl::init("-"), cl::cat(runCategory));
static cl::opt<std::string> entry("e", cl::desc("Function to call"),
                                  cl::init("main"), cl::cat(runCategory));
static cl::list<std::string>
    inputs("input", cl::desc("An input .npy file, in argument order"),
           cl::cat(runCategory));
static cl::opt<std::string>
    casesFile("cases",
              cl::desc("One call per line of this file: its .npy inputs; "
                       "results in <o>/case<k>/"),
              cl::init(""), cl::cat(runCategory));
static cl::opt<std::string> outputDir("o", cl::desc("Folder for result<i>.npy"),
                                      cl::init(""), cl::cat(runCategory));
static cl::opt<Backend> backend("backend", cl::desc("Where the pdnn ops run"),
                                cl::init(Backend::OneDNN), backendValues(),
                                cl::cat(runCategory));
static cl::opt<unsigned>
    repeat("repeat", cl::desc("Time this many calls after a warm-up"),
           cl::init(0), cl::cat(runCategory));
static cl::opt<std::string> calibrate(
    "calibrate",
    cl::desc("Merge the ranges of the quantizable tensors seen in this run "
             "into this file (for --quantize-placement)"),
    cl::init(""), cl::cat(runCategory));
static cl::opt<bool> printResults("print", cl::desc("Print the results"),
                                  cl::init(false), cl::cat(runCategory));
static cl::opt<unsigned> optLevel("O", cl::desc("LLVM optimization level"),
                                  cl::init(3), cl::cat(runCategory));
static cl::opt<GruBatching>
    gruBatching("gru-batching",
                cl::desc("How a LoD batch reaches oneDNN's GRUs and LSTMs"),
                cl::init(GruBatching::LengthSorted), gruBatchingValues(),
                cl::cat(runCategory));
static cl::opt<ImageLayout> imageLayout(
    "image-layout",
    cl::desc("backend=onednn: the layout of images between convolution-family "
             "calls"),
    cl::init(ImageLayout::Auto), imageLayoutValues(), cl::cat(runCategory));
static cl::opt<bool> checkInputsUnchanged(
    "check-inputs-unchanged",
    cl::desc("Fail a call that writes into an input not marked "
             "bufferization.writable (copies every input per call)"),
    cl::init(false), cl::cat(runCategory));
static cl::opt<bool> exactGruActivations(
    "exact-gru-activations",
    cl::desc("Reference GRUs with oneDNN's unclamped sigmoid/tanh instead of "
             "Paddle's CPU kernels' clamped ones"),
    cl::init(false), cl::cat(runCategory));

static cl::opt<bool> printWeightCopies(
    "print-weight-copies",
    cl::desc("Print how many copies of prepared weights in a primitive's "
             "layout were made while the module loaded and by its calls"),
    cl::init(false), cl::cat(runCategory));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "pdnn-run: error: " << message << "\n";
  return 1;
}

static int fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

/// numpy-like, with at most 8 values per row and 8 rows.
static void print(const HostTensor &tensor, llvm::raw_ostream &os) {
  os << tensor.describe() << "\n";
  llvm::ArrayRef<int64_t> shape = tensor.shape();
  int64_t cols = shape.empty() ? 1 : shape.back();
  int64_t rows = cols == 0 ? 0 : tensor.numElements() / cols;
  auto value = [&](int64_t i) -> double {
    switch (tensor.kind()) {
    case ElementKind::F32:
      return tensor.dataAs<float>()[i];
    case ElementKind::I64:
      return tensor.dataAs<int64_t>()[i];
    case ElementKind::I32:
      return tensor.dataAs<int32_t>()[i];
    case ElementKind::UI8:
      return tensor.dataAs<uint8_t>()[i];
    case ElementKind::SI8:
      return tensor.dataAs<int8_t>()[i];
    case ElementKind::BF16: {
      uint32_t bits = uint32_t(tensor.dataAs<uint16_t>()[i]) << 16;
      float f;
      std::memcpy(&f, &bits, 4);
      return f;
    }
    }
    return 0;
  };
  for (int64_t r = 0; r < std::min<int64_t>(rows, 8); ++r) {
    os << "  [";
    for (int64_t c = 0; c < std::min<int64_t>(cols, 8); ++c)
      os << (c ? " " : "") << llvm::format("%.6g", value(r * cols + c));
    os << (cols > 8 ? " ...]\n" : "]\n");
  }
  if (rows > 8)
    os << "  ... (" << rows << " rows)\n";
}

/// Writes the results to `dir` (if any) and prints them with --print.
static int writeResults(const std::vector<HostTensor> &results,
                        llvm::StringRef dir = outputDir) {
  if (!dir.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(dir))
      return fail("cannot create " + dir + ": " + ec.message());
  }
  for (auto [index, result] : llvm::enumerate(results)) {
    std::string name = "result" + std::to_string(index) + ".npy";
    if (!dir.empty()) {
      llvm::SmallString<256> path(dir);
      llvm::sys::path::append(path, name);
      if (llvm::Error error = writeNpy(path, result))
        return fail(std::move(error));
      llvm::outs() << "wrote " << path << " (" << result.describe() << ")\n";
    }
    if (printResults) {
      llvm::outs() << name << ": ";
      print(result, llvm::outs());
    }
  }
  return 0;
}

/// --cases: one call per line of the list.
static int runCases(JitFunction &function) {
  auto list = llvm::MemoryBuffer::getFile(casesFile, /*IsText=*/true);
  if (!list)
    return fail("cannot read " + casesFile + ": " + list.getError().message());
  llvm::StringRef base = llvm::sys::path::parent_path(casesFile);
  llvm::SmallVector<llvm::StringRef> lines;
  (*list)->getBuffer().split(lines, '\n', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  unsigned index = 0;
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef> paths;
    line.trim().split(paths, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    if (paths.empty())
      continue;
    std::vector<HostTensor> args;
    for (llvm::StringRef path : paths) {
      llvm::SmallString<256> full;
      if (llvm::sys::path::is_relative(path))
        full = base;
      llvm::sys::path::append(full, path);
      auto tensor = readNpy(full);
      if (!tensor)
        return fail("case " + llvm::Twine(index) + ": " +
                    llvm::toString(tensor.takeError()));
      args.push_back(std::move(*tensor));
    }
    std::vector<const HostTensor *> pointers;
    for (const HostTensor &arg : args)
      pointers.push_back(&arg);
    auto results = function.call(pointers);
    if (!results)
      return fail("case " + llvm::Twine(index) + ": " +
                  llvm::toString(results.takeError()));
    llvm::SmallString<256> dir(outputDir);
    llvm::sys::path::append(dir, "case" + llvm::Twine(index));
    if (int status = writeResults(*results, dir))
      return status;
    ++index;
  }
  return 0;
}

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(runCategory);
  cl::ParseCommandLineOptions(argc, argv, "PaddleDNN JIT runner\n");
  DialectRegistry registry;
  prepareForJit(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(inputFile, sourceMgr, &context);
  if (!module)
    return fail("cannot parse " + inputFile);

  if (!casesFile.empty() &&
      (!inputs.empty() || repeat > 0 || !calibrate.empty() || outputDir.empty()))
    return fail("--cases takes -o and no --input, --repeat or --calibrate");

  std::vector<HostTensor> args;
  for (const std::string &path : inputs) {
    auto tensor = readNpy(path);
    if (!tensor)
      return fail(tensor.takeError());
    args.push_back(std::move(*tensor));
  }
  std::vector<const HostTensor *> argPointers;
  for (const HostTensor &arg : args)
    argPointers.push_back(&arg);

  JitOptions options;
  options.backend = backend;
  options.optLevel = optLevel;
  options.exactGruActivations = exactGruActivations;
  options.gruBatching = gruBatching;
  options.imageLayout = imageLayout;
  options.checkInputsUnchanged = checkInputsUnchanged;
  if (!calibrate.empty()) {
    if (repeat > 0)
      return fail("--calibrate runs once; it does not take --repeat");
    CalibrationRanges ranges;
    if (llvm::sys::fs::exists(calibrate)) {
      auto previous = readCalibration(calibrate);
      if (!previous)
        return fail(previous.takeError());
      ranges = std::move(*previous);
    }
    auto function =
        CalibratingFunction::compile(std::move(module), entry, options);
    if (!function)
      return fail(function.takeError());
    auto results = function->call(argPointers, ranges);
    if (!results)
      return fail(results.takeError());
    if (llvm::Error error = writeCalibration(calibrate, ranges))
      return fail(std::move(error));
    llvm::outs() << "calibrated " << ranges.size() << " tensors into "
                 << calibrate << "\n";
    return writeResults(*results);
  }

  auto function = JitFunction::compile(std::move(module), entry, options);
  if (!function)
    return fail(function.takeError());
  // Whatever the run's outcome, the copies it made.
  llvm::scope_exit reportCopies([] {
    if (!printWeightCopies)
      return;
    int64_t atLoad = 0, onCall = 0;
    pdnnrt_prepared_weights_copies(&atLoad, &onCall);
    llvm::errs() << "weight copies: " << atLoad << " at load, " << onCall
                 << " on calls\n";
  });
  if (!casesFile.empty())
    return runCases(**function);

  auto results = (*function)->call(argPointers);
  if (!results)
    return fail(results.takeError());

  if (repeat > 0) {
    std::vector<double> ms;
    for (unsigned i = 0; i < repeat; ++i) {
      auto start = std::chrono::steady_clock::now();
      auto timed = (*function)->call(argPointers);
      auto stop = std::chrono::steady_clock::now();
      if (!timed)
        return fail(timed.takeError());
      ms.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
    }
    std::sort(ms.begin(), ms.end());
    double median = ms.size() % 2 ? ms[ms.size() / 2]
                                  : (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2;
    llvm::outs() << llvm::format(
        "time per call (%u calls after warm-up, backend %s): median %.4f ms, "
        "min %.4f ms, max %.4f ms\n",
        unsigned(repeat), stringifyBackend(backend).str().c_str(), median, ms.front(), ms.back());
  }

  return writeResults(*results);
}
