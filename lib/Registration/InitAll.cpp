//===- InitAll.cpp - register PaddleDNN with an MLIR tool -----------------===//

#include "PaddleDNN/InitAll.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"
#include "PaddleDNN/Conversion/Passes.h"
#include "PaddleDNN/Pipelines/Pipelines.h"
#include "PaddleDNN/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

void mlir::pdnn::registerPDNNDialect(DialectRegistry &registry) {
  registry.insert<PDNNDialect, pdnnrt::PDNNRTDialect>();
}

void mlir::pdnn::registerAllPaddleDNNDialects(DialectRegistry &registry) {
  registerPDNNDialect(registry);
  registerAllDialects(registry);
  registerAllExtensions(registry);
}

void mlir::pdnn::registerPaddleDNNPasses() {
  registerPDNNTransformsPasses();
  registerPDNNConversionPasses();
  registerLowerPipeline();
  registerFusePipeline();
}

void mlir::pdnn::registerAllPaddleDNNPasses() {
  registerPaddleDNNPasses();
  registerAllPasses();
}
