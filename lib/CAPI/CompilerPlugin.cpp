//===- CompilerPlugin.cpp - libPaddleDNNCompiler.so: compiling for the C API ===//
//
// The functions libPaddleDNN.so opens this library for (CompilerPlugin.h):
// the JIT (a JitFunction kept alive behind an opaque handle) and
// pdnn-compile's library output, on the options of PaddleDNN.h.
//
//===----------------------------------------------------------------------===//

#include "CompilerPlugin.h"

#include "PaddleDNN/Execution/JitFunction.h"
#include "PaddleDNN/Execution/ModelLibrary.h"
#include "PaddleDNN/Execution/PaddleModel.h"

#include "mlir/IR/MLIRContext.h"

#include <cstdio>

using namespace mlir;
using namespace mlir::pdnn;

namespace {
PaddleModelOptions modelOptions(const pdnn_compile_options &options) {
  PaddleModelOptions result;
  result.fuse = options.fuse != 0;
  result.params = options.params_file ? options.params_file : "";
  if (options.precision == PDNN_PRECISION_BFLOAT16)
    result.precision = PlacementPrecision::Bf16;
  else if (options.precision == PDNN_PRECISION_INT8)
    result.precision = PlacementPrecision::Int8;
  result.ranges = options.ranges_file ? options.ranges_file : "";
  result.jit.backend = options.reference_backend ? Backend::Reference : Backend::OneDNN;
  result.jit.optLevel = static_cast<unsigned>(std::clamp(options.opt_level, 0, 3));
  return result;
}

int report(llvm::Error error, pdnn_status status, char *buffer, size_t size) {
  std::snprintf(buffer, size, "%s", llvm::toString(std::move(error)).c_str());
  return status;
}

int checkOptions(const pdnn_compile_options &options, char *error, size_t size) {
  if (options.precision < PDNN_PRECISION_FLOAT32 || options.precision > PDNN_PRECISION_INT8) {
    std::snprintf(error, size, "unknown precision %d", options.precision);
    return PDNN_INVALID_ARGUMENT;
  }
  return PDNN_OK;
}
} // namespace

extern "C" {

__attribute__((visibility("default"))) int
pdnn_plugin_jit(const char *modelPath, const pdnn_compile_options *options,
                const pdnn_compiled_model **model, void **handle, char *error,
                size_t errorSize) {
  if (int status = checkOptions(*options, error, errorSize))
    return status;
  auto function = compilePaddleModel(modelPath, modelOptions(*options));
  if (!function)
    return report(function.takeError(), PDNN_COMPILE_ERROR, error, errorSize);
  *model = &(*function)->descriptor();
  *handle = function->release();
  return PDNN_OK;
}

__attribute__((visibility("default"))) void pdnn_plugin_release(void *handle) {
  delete static_cast<JitFunction *>(handle);
}

__attribute__((visibility("default"))) int
pdnn_plugin_compile(const char *modelPath, const pdnn_compile_options *options,
                    const char *output, char *error, size_t errorSize) {
  if (int status = checkOptions(*options, error, errorSize))
    return status;
  PaddleModelOptions paddle = modelOptions(*options);
  DialectRegistry registry;
  prepareForJit(registry);
  MLIRContext context(registry);
  auto module = loadModel(modelPath, paddle, context);
  if (!module)
    return report(module.takeError(), PDNN_COMPILE_ERROR, error, errorSize);
  LibraryOptions library;
  library.codegen = paddle.jit;
  if (llvm::Error failure = compileModelLibrary(**module, "main", output, library))
    return report(std::move(failure), PDNN_COMPILE_ERROR, error, errorSize);
  return PDNN_OK;
}

} // extern "C"
