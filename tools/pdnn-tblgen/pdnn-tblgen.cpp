//===- pdnn-tblgen.cpp - PaddleDNN's TableGen backends --------------------===//
//
// mlir-tblgen's driver with our backends registered (RuntimeABIGen.cpp):
// the runtime contract generated from the pdnnrt ODS.
//
//===----------------------------------------------------------------------===//

#include "mlir/Tools/mlir-tblgen/MlirTblgenMain.h"

int main(int argc, char **argv) { return mlir::MlirTblgenMain(argc, argv); }
