//===- PDNNOps.cpp - pdnn op definitions ----------------------------------===//
//
// The generated op classes. Verifiers, shape rules and folders live in one
// file per op family, named after its ODS file (ConvolutionOps.cpp, ...).
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::pdnn;

#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.cpp.inc"
