//===- GenerateKernelsPass.cpp - --pdnnrt-generate-kernels ----------------===//

#include "SparseMatmulKernel.h"

#include "PaddleDNN/Conversion/Passes.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_PDNNRTGENERATEKERNELS
#include "PaddleDNN/Conversion/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;

namespace {
struct GenerateKernelsPass
    : public mlir::pdnn::impl::PDNNRTGenerateKernelsBase<GenerateKernelsPass> {
  void runOnOperation() override {
    if (failed(pdnn::generateSparseKernels(getOperation())))
      signalPassFailure();
  }
};
} // namespace
