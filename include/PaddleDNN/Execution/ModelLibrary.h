//===- ModelLibrary.h - a compiled model as an object or shared library -*- C++ -*-===//
//
// pdnn-compile's back half: the LLVM module of a compiled model
// (ModelCompiler.h) becomes an object file through LLVM's own object
// emission, then a shared library linked against the runtime library
// (libPaddleDNNRuntime.so) by the system's C compiler driver; a C header
// describes its entry point.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXECUTION_MODELLIBRARY_H
#define PADDLEDNN_EXECUTION_MODELLIBRARY_H

#include "PaddleDNN/Execution/ModelCompiler.h"
#include "PaddleDNN/Execution/ModelSignature.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir::pdnn {

struct LibraryOptions {
  CodegenOptions codegen;
  /// The model's name, the prefix of its C symbols; empty: the output's
  /// file name without "lib" and its extension.
  std::string name;
  /// Write an object file rather than a shared library.
  bool objectOnly = false;
  /// The C header's path; empty: <name>.h beside the output; "-": none.
  std::string header;
  /// The CPU and features to compile for (llc's -mcpu, -mattr); empty:
  /// this machine's.
  std::string cpu, features;
};

/// pdnn-compile: lowers `module` (pdnn on tensors; function `entry`) and
/// writes it as the library or object `output`, and its C header.
llvm::Error compileModelLibrary(ModuleOp module, llvm::StringRef entry,
                                llvm::StringRef output,
                                const LibraryOptions &options);

/// Writes `module`'s machine code for `machine` to the object file `path`.
llvm::Error emitObjectFile(llvm::Module &module, llvm::TargetMachine &machine,
                           llvm::StringRef path);

/// The runtime library this process uses (the file that holds
/// pdnnrt_abi_version), which a model library is linked against.
llvm::Expected<std::string> runtimeLibraryPath();

/// Links `object` into the shared library `output` against `runtime` (its
/// folder and $ORIGIN on the library's search path), refusing undefined
/// symbols. The compiler driver is $CC, else cc.
llvm::Error linkSharedLibrary(llvm::StringRef object, llvm::StringRef output,
                              llvm::StringRef runtime);

/// `text` as a C identifier: every other character becomes '_', and a
/// leading digit gets one in front.
std::string cIdentifier(llvm::StringRef text);

/// The C header of model `name` (a C identifier) of `signature`: its memref
/// types, results struct, `<name>_main` and an index per input and output.
void writeModelHeader(llvm::StringRef name, const ModelSignature &signature,
                      llvm::raw_ostream &os);

} // namespace mlir::pdnn

#endif // PADDLEDNN_EXECUTION_MODELLIBRARY_H
