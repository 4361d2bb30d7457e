//===- Calibrate.cpp - run a module and record its tensors' ranges --------===//

#include "PaddleDNN/Execution/Calibrate.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;

llvm::Expected<CalibratingFunction>
CalibratingFunction::compile(OwningOpRef<ModuleOp> module, StringRef entry,
                             const JitOptions &options) {
  auto func = module->lookupSymbol<func::FuncOp>(entry);
  if (!func || func.isExternal())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no function '" + entry + "' to calibrate");
  CalibratingFunction calibrating;
  calibrating.ownResults = func.getNumResults();
  calibrating.keys = exposeQuantizableTensors(func);
  auto function = JitFunction::compile(std::move(module), entry, options);
  if (!function)
    return function.takeError();
  calibrating.function = std::move(*function);
  return calibrating;
}

llvm::Expected<std::vector<HostTensor>>
CalibratingFunction::call(llvm::ArrayRef<const HostTensor *> args,
                          CalibrationRanges &ranges) {
  auto results = function->call(args);
  if (!results)
    return results.takeError();
  for (size_t i = 0; i < keys.size(); ++i) {
    const HostTensor &tensor = (*results)[ownResults + i];
    TensorRange seen;
    const float *data = tensor.dataAs<float>();
    for (int64_t j = 0; j < tensor.numElements(); ++j) {
      if (std::isnan(data[j]))
        continue;
      double v = data[j];
      seen.min = seen.samples ? std::min(seen.min, v) : v;
      seen.max = seen.samples ? std::max(seen.max, v) : v;
      seen.samples = 1;
    }
    ranges[keys[i]].merge(seen);
  }
  results->erase(results->begin() + ownResults, results->end());
  return results;
}
