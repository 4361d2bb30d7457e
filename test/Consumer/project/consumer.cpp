// A user's own driver: parse a pdnn module, run PaddleDNN's passes in a
// pipeline it builds itself, print the result.
#include "PaddleDNN/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: pdnn-consumer <file.mlir> <pipeline>\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  mlir::pdnn::registerAllPaddleDNNDialects(registry);
  mlir::pdnn::registerAllPaddleDNNPasses();
  mlir::MLIRContext context(registry);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  if (mlir::failed(mlir::parsePassPipeline(argv[2], pm, llvm::errs())))
    return 1;
  pm.addPass(mlir::createCSEPass());
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  return 0;
}
