//===- PDNNInterfaces.cpp - pdnn op interfaces ----------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNInterfaces.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNInterfaces.cpp.inc"
