//===- OcrNetwork.cpp - one of the OCR pipeline's networks ----------------===//

#include "OcrNetwork.h"

#include "mlir/IR/MLIRContext.h"

#include "llvm/Support/FormatVariadic.h"

using namespace ocr;
using mlir::pdnn::HostTensor;
using mlir::pdnn::TensorSignature;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<std::unique_ptr<Network>>
Network::compile(const std::string &dir, const char *what,
                 const mlir::pdnn::PaddleModelOptions &options, bool calibrate) {
  std::unique_ptr<Network> network(new Network(what));
  auto error = [&](llvm::Error e) {
    return fail(llvm::Twine("the ") + what + ": " + llvm::toString(std::move(e)));
  };
  llvm::ArrayRef<TensorSignature> inputs, outputs;
  if (calibrate) {
    mlir::DialectRegistry registry;
    mlir::pdnn::prepareForJit(registry);
    mlir::MLIRContext context(registry);
    mlir::pdnn::PaddleModelOptions f32 = options;
    f32.precision.reset();
    auto module = mlir::pdnn::loadPaddleModel(dir, f32, context);
    if (!module)
      return error(module.takeError());
    auto function =
        mlir::pdnn::CalibratingFunction::compile(std::move(*module), "main", options.jit);
    if (!function)
      return error(function.takeError());
    network->calibrating.emplace(std::move(*function));
    inputs = network->calibrating->inputs();
    outputs = network->calibrating->outputs();
  } else {
    auto function = mlir::pdnn::compilePaddleModel(dir, options);
    if (!function)
      return error(function.takeError());
    network->function = std::move(*function);
    inputs = network->function->inputs();
    outputs = network->function->outputs();
  }
  if (inputs.size() != 1 || outputs.size() != 1)
    return fail(llvm::formatv("the {0} '{1}' must take one image and return one tensor; it "
                              "takes {2} and returns {3}",
                              what, dir, inputs.size(), outputs.size()));
  return network;
}

llvm::Expected<HostTensor> Network::run(const HostTensor &input, size_t rank) {
  auto results = calibrating ? calibrating->call({&input}, recorded) : function->call({&input});
  if (!results)
    return fail(llvm::Twine("the ") + what + ": " + llvm::toString(results.takeError()));
  HostTensor &result = results->front();
  if (result.kind() != mlir::pdnn::ElementKind::F32 || result.shape().size() != rank)
    return fail(llvm::Twine("the ") + what + " returned " + result.describe() + ", expected " +
                llvm::Twine(rank) + " f32 dimensions");
  return std::move(result);
}

const TensorSignature &Network::input() const {
  return calibrating ? calibrating->inputs().front() : function->inputs().front();
}

const TensorSignature &Network::output() const {
  return calibrating ? calibrating->outputs().front() : function->outputs().front();
}
