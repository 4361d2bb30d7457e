//===- pdnn-translate.cpp - models in other formats to pdnn ---------------===//
//
// MLIR's translation driver with PaddleDNN's translations registered:
//   pdnn-translate --import-paddle model/__model__ [--paddle-params=DIR|FILE]
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Target/Paddle/PaddleImport.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::pdnn::registerPaddleImportTranslation();
  return mlir::failed(mlir::mlirTranslateMain(argc, argv, "PaddleDNN translation tool"));
}
