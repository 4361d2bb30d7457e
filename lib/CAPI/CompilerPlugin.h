//===- CompilerPlugin.h - what libPaddleDNN asks of the compiler -*- C++ -*-===//
//
// libPaddleDNN.so runs compiled models and needs no MLIR; compiling a model
// in-process needs all of it. So the compiler is a separate library,
// libPaddleDNNCompiler.so, which libPaddleDNN.so opens on first use and
// calls through these three C functions only.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CAPI_COMPILERPLUGIN_H
#define PADDLEDNN_LIB_CAPI_COMPILERPLUGIN_H

#include "PaddleDNN/PaddleDNN.h"
#include "PaddleDNN/Runtime/CompiledModel.h"

#include <stddef.h>

#define PDNN_COMPILER_LIBRARY "libPaddleDNNCompiler.so"

extern "C" {
/// Compiles the Paddle model at `modelPath` in memory, its weights
/// prepared. On success *model is its descriptor, valid until
/// pdnn_plugin_release(*handle). Returns a pdnn_status; the message goes
/// to `error`.
typedef int (*pdnn_plugin_jit_fn)(const char *modelPath,
                                  const pdnn_compile_options *options,
                                  const pdnn_compiled_model **model,
                                  void **handle, char *error, size_t errorSize);
typedef void (*pdnn_plugin_release_fn)(void *handle);
/// Compiles the model into the shared library `output` (and its header).
typedef int (*pdnn_plugin_compile_fn)(const char *modelPath,
                                      const pdnn_compile_options *options,
                                      const char *output, char *error,
                                      size_t errorSize);
}

#endif // PADDLEDNN_LIB_CAPI_COMPILERPLUGIN_H
