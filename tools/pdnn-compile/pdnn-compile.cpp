//===- pdnn-compile.cpp - a model compiled ahead of time into a library ---===//
//
//   pdnn-compile MODEL [--params FILE] -o libNAME.so   (and NAME.h beside it)
//   pdnn-compile MODEL -c -o NAME.o
//
// MODEL is a Paddle model (a folder or its program file; imported, then
// Paddle's oneDNN graph passes) or a pdnn module (.mlir, compiled as is).
// The library holds the model's code and its weights, prepared when it is
// loaded; it needs libPaddleDNNRuntime.so and oneDNN only. Load it with the
// C API (PaddleDNN/PaddleDNN.h) or call <NAME>_main from the header. It
// runs the code the JIT would run for the same options (ModelCompiler.h).
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Execution/JitFunction.h"
#include "PaddleDNN/Execution/ModelLibrary.h"
#include "PaddleDNN/Execution/PaddleModel.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

using namespace mlir;
using namespace mlir::pdnn;
namespace cl = llvm::cl;

static cl::OptionCategory category("pdnn-compile options");

static cl::opt<std::string> modelPath(cl::Positional, cl::Required,
                                      cl::desc("<Paddle model folder or program | module.mlir>"),
                                      cl::cat(category));
static cl::opt<std::string> params("params",
                                   cl::desc("Paddle parameters (a combined file or a folder)"),
                                   cl::init(""), cl::cat(category));
static cl::opt<std::string> output("o", cl::desc("The library (libNAME.so) or, with -c, object"),
                                   cl::Required, cl::cat(category));
static cl::opt<bool> objectOnly("c", cl::desc("Write an object file, not a shared library"),
                                cl::init(false), cl::cat(category));
static cl::opt<std::string> header("header",
                                   cl::desc("Where to write the C header (default: NAME.h "
                                            "beside the output; '-' for none)"),
                                   cl::init(""), cl::cat(category));
static cl::opt<std::string> modelName("name",
                                      cl::desc("The model's name, a prefix of its C symbols "
                                               "(default: from the output's file name)"),
                                      cl::init(""), cl::cat(category));
static cl::opt<std::string> entry("e", cl::desc("A .mlir module's function to compile"),
                                  cl::init("main"), cl::cat(category));
static cl::opt<bool> noFuse("no-fuse",
                            cl::desc("Paddle models: skip Paddle's oneDNN graph passes"),
                            cl::init(false), cl::cat(category));
static cl::opt<std::string> precision(
    "precision", cl::desc("Paddle models: f32 (default), bf16, or int8 at the scales "
                   "of --ranges (without: a quantization-aware-trained "
                   "program's own)"),
    cl::init("f32"), cl::cat(category));
static cl::opt<std::string> ranges("ranges",
                                   cl::desc("int8: the calibration file (pdnn-run --calibrate)"),
                                   cl::init(""), cl::cat(category));
static cl::opt<Backend> backend("backend", cl::desc("Where the pdnn ops run"),
                                cl::init(Backend::OneDNN), backendValues(), cl::cat(category));
static cl::opt<unsigned> optLevel("O", cl::desc("LLVM optimization level"), cl::init(3),
                                  cl::cat(category));
static cl::opt<GruBatching> gruBatching("gru-batching",
                                        cl::desc("How a LoD batch reaches oneDNN's GRUs and LSTMs"),
                                        cl::init(GruBatching::LengthSorted), gruBatchingValues(),
                                        cl::cat(category));
static cl::opt<ImageLayout> imageLayout(
    "image-layout", cl::desc("backend=onednn: the layout of images between convolution calls"),
    cl::init(ImageLayout::Auto), imageLayoutValues(), cl::cat(category));
static cl::opt<bool> exactGruActivations(
    "exact-gru-activations",
    cl::desc("Reference GRUs with oneDNN's unclamped sigmoid/tanh"), cl::init(false),
    cl::cat(category));
static cl::opt<std::string> cpu("mcpu",
                                cl::desc("The CPU to generate code for (default: this one)"),
                                cl::init(""), cl::cat(category));
static cl::opt<std::string> features("mattr",
                                     cl::desc("CPU features to add or remove (+avx512f,-fma)"),
                                     cl::init(""), cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "pdnn-compile: error: " << message << "\n";
  return 1;
}

static llvm::Expected<OwningOpRef<ModuleOp>> load(MLIRContext &context) {
  PaddleModelOptions options;
  options.fuse = !noFuse;
  options.params = params;
  auto placement = parsePlacementPrecision(precision, precision.ArgStr);
  if (!placement)
    return placement.takeError();
  options.precision = *placement;
  options.ranges = ranges;
  return loadModel(modelPath, options, context);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "PaddleDNN ahead-of-time compiler\n");

  DialectRegistry registry;
  prepareForJit(registry);
  MLIRContext context(registry);
  auto module = load(context);
  if (!module)
    return fail(llvm::toString(module.takeError()));

  LibraryOptions options;
  options.codegen.backend = backend;
  options.codegen.optLevel = optLevel;
  options.codegen.gruBatching = gruBatching;
  options.codegen.imageLayout = imageLayout;
  options.codegen.exactGruActivations = exactGruActivations;
  options.name = modelName;
  options.objectOnly = objectOnly;
  options.header = header;
  options.cpu = cpu;
  options.features = features;
  if (llvm::Error error = compileModelLibrary(**module, entry, output, options))
    return fail(llvm::toString(std::move(error)));
  return 0;
}
