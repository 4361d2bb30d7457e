//===- OpSignatures.cpp - the generated table of Paddle slots -------------===//

#include "OpSignatures.h"

using namespace mlir::pdnn::paddle;

namespace {
#include "PaddleDNN/Dialect/PDNN/IR/PDNNPaddleSignatures.inc"
} // namespace

const OpSignature *mlir::pdnn::paddle::findOpSignature(llvm::StringRef type) {
  for (const OpSignature &signature : kOpSignatures)
    if (type == signature.paddleType)
      return &signature;
  return nullptr;
}
