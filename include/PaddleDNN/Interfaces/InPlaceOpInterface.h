//===- InPlaceOpInterface.h - ops that may write over an input --*- C++ -*-===//

#ifndef PADDLEDNN_INTERFACES_INPLACEOPINTERFACE_H
#define PADDLEDNN_INTERFACES_INPLACEOPINTERFACE_H

#include "mlir/IR/OpDefinition.h"

#include "PaddleDNN/Interfaces/InPlaceOpInterface.h.inc"

#endif // PADDLEDNN_INTERFACES_INPLACEOPINTERFACE_H
