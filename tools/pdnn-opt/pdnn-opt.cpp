//===- pdnn-opt.cpp - PaddleDNN optimizer driver --------------------------===//
//
// The pdnn dialect and passes, with every upstream dialect and pass, behind
// MLIR's standard opt driver.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::pdnn::registerAllPaddleDNNDialects(registry);
  mlir::pdnn::registerAllPaddleDNNPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "PaddleDNN optimizer: Paddle graphs to oneDNN and loops\n",
      registry));
}
