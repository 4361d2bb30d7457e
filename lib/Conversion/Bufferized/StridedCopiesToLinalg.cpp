//===- StridedCopiesToLinalg.cpp - strided memref.copy as loops -----------===//
//
// memref.copy lowers to the C runner's memrefCopy, a memcpy for contiguous
// buffers but an element-at-a-time index loop otherwise. Strided copies
// (a concat writing its inputs side by side) become linalg.copy instead,
// whose loops LLVM vectorizes along the contiguous last dimension.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_STRIDEDCOPIESTOLINALG
#include "PaddleDNN/Conversion/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;

namespace {

bool isContiguous(Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  return type && type.getLayout().isIdentity();
}

struct StridedCopiesToLinalgPass
    : public pdnn::impl::StridedCopiesToLinalgBase<StridedCopiesToLinalgPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> strided;
    getOperation()->walk([&](memref::CopyOp copy) {
      if (!isContiguous(copy.getSource()) || !isContiguous(copy.getTarget()))
        strided.push_back(copy);
    });
    for (memref::CopyOp copy : strided) {
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};

} // namespace
