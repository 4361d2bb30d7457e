//===- PaddleImport.h - Paddle inference models to a pdnn module -*- C++ -*-===//
//
// Reads a Paddle inference model and builds one function of pdnn ops:
// its arguments are the feed vars (a LoD var becomes its data and its
// offsets), its results the fetch vars, its persistable vars constants
// (dense resource blobs). Three program formats are read:
//
//   - a legacy ProgramDesc (`__model__`, `*.pdmodel`), binary protobuf;
//   - protobuf's JSON mapping of a ProgramDesc (readable test inputs);
//   - Paddle 3's PIR program (`*.json` whose `base_code.magic` is "pir").
//
// Parameters come from one file per persistable var in a folder, or from
// one combined file (`*.pdiparams`, `params`, `__params__`). Every size a
// file claims is checked against the file before anything is allocated.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_TARGET_PADDLE_PADDLEIMPORT_H
#define PADDLEDNN_TARGET_PADDLE_PADDLEIMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir::pdnn {

struct PaddleImportOptions {
  /// A combined parameters file or a folder of per-var files. Empty: next
  /// to the program (`<stem>.pdiparams`, `params`, `__params__`, else the
  /// program's folder).
  std::string params;
  /// The name of the function.
  std::string function = "main";
  /// Vars to return instead of the program's fetch list (e.g. an
  /// intermediate result, to compare it); empty: the fetch list.
  std::vector<std::string> fetches;
};

/// Imports the program held by the main buffer of `sourceMgr` (its
/// identifier is the program's path, which locates the parameters).
/// Diagnostics go to the context's handler; null on failure.
OwningOpRef<ModuleOp> importPaddleModel(llvm::SourceMgr &sourceMgr,
                                        MLIRContext *context,
                                        const PaddleImportOptions &options);

/// Imports a program and its combined parameters held in memory (`name`
/// names them in diagnostics).
OwningOpRef<ModuleOp> importPaddleModel(llvm::StringRef program,
                                        llvm::StringRef combinedParams,
                                        llvm::StringRef name, MLIRContext *context,
                                        const PaddleImportOptions &options);

/// Registers `--import-paddle` (with `--paddle-params`, `--paddle-function`,
/// `--paddle-fetch`)
/// as an MLIR translation.
void registerPaddleImportTranslation();

} // namespace mlir::pdnn

#endif // PADDLEDNN_TARGET_PADDLE_PADDLEIMPORT_H
